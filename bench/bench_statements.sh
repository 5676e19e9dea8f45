#!/usr/bin/env bash
# Peak memory and time of `ptx-lint` on files whose one statement is large
# (bench/make-statement.py: a .pragma, a call operand list, a vector operand
# list, a .section data line, an initializer), against the statement's size.
# With BASELINE_BUILD, the same files are measured with that build too, in
# the same run. Numbers go to docs/performance.md.
#
# usage: bench/bench_statements.sh [BUILD_DIR] [BASELINE_BUILD]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
base=${2:-}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
shapes=("pragma 65536" "call 131072" "vector 131072" "section 5000000" "init 131072")
printf "%-8s %8s %9s %9s %8s %9s %9s %8s\n" shape "stmt MB" "lint s" "lint MiB" "x stmt" \
  "base s" "base MiB" "x stmt"
measure() { # prints "seconds peak_KiB"
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
  tail -n1 "$work/time"
}
for s in "${shapes[@]}"; do
  set -- $s
  python3 "$here/make-statement.py" "$1" "$2" "$work/$1.ptx"
  bytes=$(stat -c %s "$work/$1.ptx")
  read -r lt lm < <(measure "$build/bin/ptx-lint" --quiet "$work/$1.ptx")
  bt=- bm=0
  if [ -n "$base" ]; then read -r bt bm < <(measure "$base/bin/ptx-lint" --quiet "$work/$1.ptx"); fi
  python3 - "$1" "$bytes" "$lt" "$lm" "$bt" "$bm" <<'PY'
import sys
s, b, lt, lm, bt, bm = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), sys.argv[5], float(sys.argv[6])
row = "%-8s %8.2f %9s %9.1f %7.1fx" % (s, b / 1e6, lt, lm / 1024, lm * 1024 / b)
if bm:
    row += " %9s %9.1f %7.1fx" % (bt, bm / 1024, bm * 1024 / b)
print(row)
PY
done
echo "x stmt = peak RSS / file size (the file is the one statement plus a few lines)"
