#!/bin/sh
# Real PTX of every instruction class for the mutant sweep (issue 14):
# nvcc 13.0 output of the CUDA sources here across targets, and LLVM's NVPTX
# back end (clang-14 -> llc) on llvm.cu for older targets.
#   tools/isa-realptx/gen.sh OUTDIR
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: gen.sh OUTDIR}
mkdir -p "$out"
nvcc=${NVCC:-nvcc}
clang=${CLANG:-clang-14}
gen() { # SOURCE TARGET...
  src=$1; shift
  for a in "$@"; do
    "$nvcc" -ptx -std=c++17 -arch="$a" -o "$out/${src%.cu}_$a.ptx" "$here/$src"
  done
}
gen atomics.cu sm_75 sm_80 sm_90a sm_100a
gen warp.cu sm_75 sm_80 sm_90a sm_100a
gen math.cu sm_80 sm_90a sm_100a
gen async.cu sm_80 sm_90a sm_100a
gen tex.cu sm_75 sm_90a
gen mma.cu sm_75 sm_90a sm_100a
for a in 35 52 60 70 75 80 86; do
  "$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_$a -nocudainc -nocudalib -O2 -S \
    -Xclang -target-feature -Xclang +ptx75 -o "$out/llvm_sm_$a.ptx" "$here/llvm.cu"
done
