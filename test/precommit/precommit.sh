#!/usr/bin/env bash
# Drives a pre-commit hook that runs the ptx-lint on PATH (language: system)
# with the real pre-commit in a throwaway repository; see precommit.test and
# test/cuda/precommit-cuda.test.
# Usage: precommit.sh SUITE INPUTS_DIR SOURCE_ROOT WORK_DIR   (ptx-lint on PATH)
#   SUITE ptx:  hook ptx-lint-system on .ptx files (INPUTS_DIR: test/cli/Inputs)
#   SUITE cuda: hook ptx-lint-cuda on CUDA sources (INPUTS_DIR: test/cuda/Inputs)
set -euo pipefail
suite=$1 inputs=$2 src=$3 work=$4
case $suite in
  ptx) hook=ptx-lint-system ;;
  cuda) hook=ptx-lint-cuda ;;
  *) echo "unknown suite '$suite' (ptx or cuda)"; exit 2 ;;
esac

export HOME=$work/home PRE_COMMIT_HOME=$work/cache GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
mkdir -p "$HOME"
command -v ptx-lint > /dev/null || { echo "ptx-lint is not on PATH"; exit 1; }

# The hook repository: this checkout's .pre-commit-hooks.yaml, committed.
mkdir "$work/hooks"
cp "$src/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" init -q
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" commit -q -m hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

# The user's repository.
repo=$work/repo
mkdir "$repo" && cd "$repo"
git init -q
cat > .pre-commit-config.yaml << CFG
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: $hook
CFG
git add .pre-commit-config.yaml
git commit -q -m config --no-verify
pre-commit install > /dev/null

# commit NAME SRC DEST EXPECT: adds SRC as DEST and commits; EXPECT ok or
# blocked (a blocked commit is taken back out of the index).
commit() {
  local name=$1 from=$2 to=$3 expect=$4
  cp "$from" "$to"
  git add "$to"
  if git commit -m "$name" 2>&1; then
    echo "$name commit: ok"
    [[ $expect == ok ]] || { echo "$name commit: NOT blocked"; exit 1; }
  else
    echo "$name commit: blocked"
    [[ $expect == blocked ]] || exit 1
    git rm -q --cached "$to"
    rm "$to"
  fi
}

if [[ $suite == cuda ]]; then
  echo "== clean source"
  commit clean "$inputs/clean.cu" clean.cu ok
  echo "== bad header"
  commit bad "$inputs/bad.cu" bad.cuh blocked
  exit 0
fi

echo "== clean commit"
commit clean "$inputs/clean.ptx" clean.ptx ok
echo "== bad commit"
commit bad "$inputs/target-version.ptx" bad.ptx blocked
echo "== warnings only"
commit warning "$inputs/renamed.ptx" warn.ptx ok
echo "== many files"
for i in $(seq -w 1 60); do cp "$inputs/clean.ptx" "f$i.ptx"; done
git add f*.ptx
# --verbose shows the hook's output (the summary) although it passed.
pre-commit run ptx-lint-system --verbose --files f*.ptx 2>&1
git commit -q -m many
echo "many files: ok"
