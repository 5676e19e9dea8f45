#!/usr/bin/env bash
# Drives the ptx-lint-cuda pre-commit hook in a throwaway repository; see
# precommit-cuda.test. Usage: precommit-cuda.sh INPUTS_DIR SOURCE_ROOT WORK_DIR
set -euo pipefail
inputs=$1 src=$2 work=$3

export HOME=$work/home PRE_COMMIT_HOME=$work/cache GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
mkdir -p "$HOME"
command -v ptx-lint > /dev/null || { echo "ptx-lint is not on PATH"; exit 1; }

mkdir "$work/hooks"
cp "$src/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" init -q
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" commit -q -m hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

repo=$work/repo
mkdir "$repo" && cd "$repo"
git init -q
cat > .pre-commit-config.yaml <<CFG
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: ptx-lint-cuda
CFG
git add .pre-commit-config.yaml
git commit -q -m config --no-verify
pre-commit install > /dev/null

echo "== clean source"
cp "$inputs/clean.cu" clean.cu
git add clean.cu
git commit -m clean 2>&1
echo "clean commit: ok"

echo "== bad header"
cp "$inputs/bad.cu" bad.cuh
git add bad.cuh
if git commit -m bad 2>&1; then
  echo "bad commit: NOT blocked"
  exit 1
fi
echo "bad commit: blocked"
