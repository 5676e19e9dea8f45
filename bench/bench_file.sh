#!/usr/bin/env bash
# File throughput and peak memory of `ptx-lint` against `ptxas -arch compute_NN`
# (ptxas's parse-only mode: it parses and checks PTX, and generates no code),
# measured in the same run, on large real PTX. Numbers go to docs/performance.md.
#
# With BASELINE_BUILD, that build's ptx-lint is measured on the same files in
# the same run (interleaved), for before/after comparisons.
#
# usage: bench/bench_file.sh [BUILD_DIR] [RUNS] [BASELINE_BUILD]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
runs=${2:-5}
base=${3:-}
lint=$build/bin/ptx-lint
corpus=${PTXLINT_CORPUS_DIR:-$here/../../shared/corpus}
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Large files made of real compiler output (make-large-ptx.py repeats the
# functions): LLVM's NVPTX back end, nvcc -lineinfo, nvcc -G (DWARF sections).
python3 "$here/make-large-ptx.py" "$corpus/llc19/wmma_ptx78_sm90.ptx" 7 "$work/large_sm90.ptx"
python3 "$here/make-large-ptx.py" "$corpus/nvcc/gemm_mma_pipeline__sm_80__lineinfo.ptx" 40 \
  "$work/large_nvcc_lineinfo_sm80.ptx"
python3 "$here/make-large-ptx.py" "$corpus/nvcc/gemm_mma_pipeline__sm_90a__G.ptx" 40 \
  "$work/large_nvcc_G_sm90a.ptx"
files=("$work/large_sm90.ptx" "$work/large_nvcc_lineinfo_sm80.ptx" "$work/large_nvcc_G_sm90a.ptx"
       "$corpus/llc19/wmma_ptx71_sm80.ptx" "$corpus/llc19/wmma_ptx63_sm75.ptx"
       "$corpus/nvcc/gemm_mma_pipeline__sm_90a__G.ptx"
       "$corpus/nvcc/gemm_mma_pipeline__sm_80__lineinfo.ptx")

# best-of-N wall time (seconds, timed around the child by Python's
# perf_counter: /usr/bin/time rounds to 10 ms) and the peak RSS (KiB, from
# /usr/bin/time -f %M) of the last run
measure() {
  local best=999999 peak=0 t
  for _ in $(seq "$runs"); do
    t=$(python3 -c '
import subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(time.perf_counter() - t)' "$@")
    best=$(python3 -c "print(min($best, $t))")
  done
  /usr/bin/time -f "%M" -o "$work/time" "$@" > /dev/null 2>&1 || true
  read -r peak < "$work/time"
  echo "$best $peak"
}

printf "%-40s %9s %10s %10s %7s %10s %10s %8s" file MB "ptxas s" "lint s" ratio "ptxas MiB" "lint MiB" "lint/in"
[ -n "$base" ] && printf " %10s %10s" "base s" "base MiB"
echo
for f in "${files[@]}"; do
  target=$(sed -n 's/^[[:space:]]*\.target[[:space:]]*sm_\([0-9]*[af]\{0,1\}\).*/\1/p' "$f" | head -n1)
  arch=${target%[af]}
  [ "$arch" -lt 75 ] && target=75
  bytes=$(stat -c %s "$f")
  read -r pt pm < <(measure "$ptxas" -arch "compute_$target" "$f" -o "$work/out")
  read -r lt lm < <(measure "$lint" --quiet "$f")
  bt=0 bm=0
  if [ -n "$base" ]; then read -r bt bm < <(measure "$base/bin/ptx-lint" --quiet "$f"); fi
  python3 - "$f" "$bytes" "$pt" "$pm" "$lt" "$lm" "$bt" "$bm" <<'PY'
import os, sys
f, b, pt, pm, lt, lm, bt, bm = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
row = "%-40s %9.2f %10.3f %10.3f %6.2fx %10.1f %10.1f %7.2fx" % (
    os.path.basename(f)[:40], b / 1e6, pt, lt, pt / lt if lt else 0, pm / 1024, lm / 1024,
    lm * 1024 / b)
if bm:
    row += " %10.3f %10.1f" % (bt, bm / 1024)
print(row)
PY
done
echo "ratio = ptxas time / ptx-lint time (above 1: ptx-lint is faster); lint/in = peak RSS / input size"
