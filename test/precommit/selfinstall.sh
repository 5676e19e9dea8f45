#!/usr/bin/env bash
# Drives the self-installing hooks (ptx-lint, ptx-lint-generated) with the
# real pre-commit in throwaway repositories; see selfinstall.test.
# Usage: selfinstall.sh INPUTS_DIR SOURCE_ROOT WORK_DIR MODE [PREBUILT_PTXLINT]
#   MODE prebuilt: the hook's build directory already holds PREBUILT_PTXLINT
#                  (what a first run leaves there); the hook must run it
#   MODE build:    nothing built: the first commit builds ptx-lint (minutes)
#   MODE nocmake:  cmake is not on PATH: the hook says what to install
# ptx-lint is never on PATH.
set -euo pipefail
inputs=$1 src=$2 work=$3 mode=$4 prebuilt=${5:-}

# The hook build shares the compiler cache of the user running the tests.
export CCACHE_DIR=${CCACHE_DIR:-$(ccache -k cache_dir 2> /dev/null || echo "$HOME/.cache/ccache")}
export HOME=$work/home PRE_COMMIT_HOME=$work/cache GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
mkdir -p "$HOME"

# PATH: the system's, without any ptx-lint (and, for nocmake, without cmake).
shadow=$work/bin
mkdir -p "$shadow"
for d in /usr/local/bin /usr/bin /bin; do
  for f in "$d"/*; do
    name=${f##*/}
    [[ $name == ptx-lint || -e $shadow/$name ]] && continue
    [[ $mode == nocmake && $name == cmake ]] && continue
    ln -s "$f" "$shadow/$name"
  done
done
export PATH=$shadow
if command -v ptx-lint > /dev/null; then echo "ptx-lint is on PATH"; exit 1; fi

# The hook repository: this checkout's files (tracked and untracked, not
# ignored: no build directory), committed.
hooks=$work/hooks
mkdir "$hooks"
(cd "$src" && git ls-files -co --exclude-standard -z) |
  (cd "$src" && xargs -0 cp --parents -t "$hooks" 2> /dev/null || true)
git -C "$hooks" init -q
git -C "$hooks" add -A
git -C "$hooks" commit -q -m hooks
rev=$(git -C "$hooks" rev-parse HEAD)

export PTXLINT_HOOK_BUILD_DIR=$work/hook-build
if [[ $mode == prebuilt ]]; then
  mkdir -p "$PTXLINT_HOOK_BUILD_DIR/bin"
  cp "$prebuilt" "$PTXLINT_HOOK_BUILD_DIR/bin/ptx-lint"
  touch "$PTXLINT_HOOK_BUILD_DIR/.ptx-lint-hook-built"
fi

repo=$work/repo
mkdir "$repo" && cd "$repo"
git init -q
cat > .pre-commit-config.yaml << CFG
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: ptx-lint
        exclude: ^generated/
      - id: ptx-lint-generated
        files: ^generated/.*\.ptx$
CFG
git add .pre-commit-config.yaml
git commit -q -m config --no-verify
pre-commit install > /dev/null

# Offline: any attempt to reach the network fails (pre-commit clones the
# local hook repository; the hook builds from that clone).
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9
export HTTP_PROXY=$http_proxy HTTPS_PROXY=$https_proxy GIT_ALLOW_PROTOCOL=file

echo "== run --all-files"
cp "$inputs/clean.ptx" first.ptx
git add first.ptx
if pre-commit run --all-files --verbose 2>&1; then
  echo "all files: ok"
else
  echo "all files: failed"
fi

echo "== clean commit"
cp "$inputs/clean.ptx" clean.ptx
git add clean.ptx
if ! git commit -m clean 2>&1; then
  echo "clean commit: blocked"
  exit 0
fi
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

echo "== generated"
mkdir generated
cp "$inputs/clean.ptx" generated/k.ptx
git add generated/k.ptx
pre-commit run ptx-lint-generated --verbose --files generated/k.ptx 2>&1
git commit -q -m generated
echo "generated commit: ok"
