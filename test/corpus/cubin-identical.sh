#!/usr/bin/env bash
# usage: cubin-identical.sh PTXAS EMITTED_DIR FILE...
# Assembles each original FILE and EMITTED_DIR/<basename> for the file's own
# .target (sm_70/sm_72 as sm_75: CUDA 13's ptxas no longer targets them) and
# compares the cubins byte for byte.
set -u
ptxas=$1; emitted=$2; shift 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for f in "$@"; do
  b=$(basename "$f")
  arch=$(sed -n 's/^[[:space:]]*\.target[[:space:]]*\([a-z0-9_]*\).*/\1/p' "$f" | head -n1)
  case "$arch" in sm_70|sm_72) arch=sm_75 ;; esac
  if ! "$ptxas" -arch "$arch" --suppress-debug-info "$f" -o "$tmp/a.cubin" 2> "$tmp/err"; then
    echo "SKIP $b: ptxas rejects the original: $(head -n1 "$tmp/err")"; continue
  fi
  if ! "$ptxas" -arch "$arch" --suppress-debug-info "$emitted/$b" -o "$tmp/b.cubin" 2> "$tmp/err"; then
    echo "DIFF $b: ptxas rejects the emitted text: $(head -n1 "$tmp/err")"; fail=$((fail+1)); continue
  fi
  if cmp -s "$tmp/a.cubin" "$tmp/b.cubin"; then
    pass=$((pass+1))
  else
    echo "DIFF $b: cubins differ ($arch)"; fail=$((fail+1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
