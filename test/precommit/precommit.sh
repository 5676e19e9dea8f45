#!/usr/bin/env bash
# Drives pre-commit in a throwaway repository; see precommit.test.
# Usage: precommit.sh INPUTS_DIR SOURCE_ROOT WORK_DIR   (ptx-lint on PATH)
set -euo pipefail
inputs=$1 src=$2 work=$3

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
cat > .pre-commit-config.yaml <<CFG
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: ptx-lint-system
CFG
git add .pre-commit-config.yaml
git commit -q -m config --no-verify
pre-commit install > /dev/null

echo "== clean commit"
cp "$inputs/clean.ptx" clean.ptx
git add clean.ptx
git commit -m clean 2>&1
echo "clean commit: ok"

echo "== bad commit"
cp "$inputs/target-version.ptx" bad.ptx
git add bad.ptx
if git commit -m bad 2>&1; then
  echo "bad commit: NOT blocked"
  exit 1
fi
echo "bad commit: blocked"
git rm -q --cached bad.ptx
rm bad.ptx

echo "== warnings only"
cp "$inputs/renamed.ptx" warn.ptx
git add warn.ptx
git commit -m warn 2>&1
echo "warning commit: ok"

echo "== many files"
for i in $(seq -w 1 60); do cp "$inputs/clean.ptx" "f$i.ptx"; done
git add f*.ptx
# --verbose shows the hook's output (the summary) although it passed.
pre-commit run ptx-lint-system --verbose --files f*.ptx 2>&1
git commit -q -m many
echo "many files: ok"
