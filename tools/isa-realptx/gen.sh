#!/bin/sh
# Real PTX of every instruction class for the mutant sweep (issue 14):
# nvcc 13.0 output of the CUDA sources here across targets, and LLVM's NVPTX
# back end (clang-14 -> llc) on llvm.cu for older targets and llc-14 on llvm-ir.ll.
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
# Session 7: more targets, -G, -lineinfo/-O3, -use_fast_math, -rdc (dynamic
# parallelism: judge with ptxas -c), the cuda::ptx wrappers of sm_90/sm_100.
for s in atomics warp math async tex mma; do gen $s.cu sm_86 sm_89 sm_120a; done
gen runtime.cu sm_75 sm_80 sm_86 sm_89 sm_90a sm_100a sm_120a
gen ptx100.cu sm_90a sm_100a
for s in warp atomics async; do
  "$nvcc" -ptx -std=c++17 -arch=sm_90a -G -o "$out/${s}_G_sm_90a.ptx" "$here/$s.cu"
  "$nvcc" -ptx -std=c++17 -arch=sm_100a -lineinfo -O3 -o "$out/${s}_li_sm_100a.ptx" "$here/$s.cu"
done
"$nvcc" -ptx -std=c++17 -arch=sm_80 -G -o "$out/runtime_G_sm_80.ptx" "$here/runtime.cu"
"$nvcc" -ptx -std=c++17 -arch=sm_90a -lineinfo -use_fast_math -o "$out/runtime_fast_sm_90a.ptx" "$here/runtime.cu"
for a in sm_75 sm_90a sm_120a; do
  "$nvcc" -ptx -rdc=true -std=c++17 -arch=$a -o "$out/dynpar_$a.ptx" "$here/dynpar.cu"
done
"$nvcc" -ptx -rdc=true -G -std=c++17 -arch=sm_80 -o "$out/dynpar_G_sm_80.ptx" "$here/dynpar.cu"
# Session 8: application kernels (apps.cu: cuda::pipeline, grid sync, fp8/fp6/fp4,
# bf16x2 math, printf, alloca, recursion, function pointers, struct parameters,
# layered/cubemap textures and surfaces, clusters) and a warp-specialised TMA
# pipeline through cuda::ptx (wstma.cu).
gen apps.cu sm_80 sm_90a sm_100a sm_120a
"$nvcc" -ptx -std=c++17 -arch=sm_90a -G -o "$out/apps_G_sm_90a.ptx" "$here/apps.cu"
"$nvcc" -ptx -std=c++17 -arch=sm_100a -use_fast_math -lineinfo -o "$out/apps_fast_sm_100a.ptx" "$here/apps.cu"
"$nvcc" -ptx -rdc=true -std=c++17 -arch=sm_89 -o "$out/apps_rdc_sm_89.ptx" "$here/apps.cu"
gen wstma.cu sm_90a sm_100a
# Session 9: atomic_ref scopes, match/reduce, nanosleep, cuda::barrier with a bulk copy,
# cluster DSMEM, programmatic dependent launch, elect.sync, setmaxnreg, stmatrix (sync9.cu).
gen sync9.cu sm_75 sm_80 sm_90a sm_100a sm_120a
"$nvcc" -ptx -std=c++17 -arch=sm_90a -G -o "$out/sync9_G_sm_90a.ptx" "$here/sync9.cu"
# Session 10: cuda::ptx wrappers not covered above (multimem, red.async, tensormap.replace
# and cp_fenceproxy, tcgen05 alloc/ld/cp/shift/commit, st.bulk, bmsk/prmt/bfind, mbarrier
# test_wait, cp.async.mbarrier.arrive, fence.proxy.alias), cg::reduce, atomic_ref min/max
# and float adds, fp8/fp6/fp4 conversions (s10.cu).
gen s10.cu sm_75 sm_80 sm_90a sm_100a sm_120a
"$nvcc" -ptx -std=c++17 -arch=sm_90a -G -o "$out/s10_G_sm_90a.ptx" "$here/s10.cu"
llc=${LLC:-llc-14}
for c in sm_70:+ptx64 sm_72:+ptx65 sm_75:+ptx70 sm_80:+ptx71 sm_86:+ptx75; do
  "$llc" -O2 -march=nvptx64 -mcpu=${c%%:*} -mattr=${c#*:} -o "$out/llvmir_${c%%:*}.ptx" "$here/llvm-ir.ll"
done
"$llc" -O0 -march=nvptx64 -mcpu=sm_80 -mattr=+ptx72 -o "$out/llvmir_O0_sm_80.ptx" "$here/llvm-ir.ll"
# Session 8: llvm-old.ll (address spaces, vector loads, atomics, f16, ldg, byval,
# an indirect call, a switch) for sm_35..sm_80 and -O0.
for c in sm_35:+ptx43 sm_50:+ptx50 sm_60:+ptx60 sm_61:+ptx61 sm_70:+ptx63 sm_80:+ptx71; do
  "$llc" -O2 -march=nvptx64 -mcpu=${c%%:*} -mattr=${c#*:} -o "$out/llold_${c%%:*}.ptx" "$here/llvm-old.ll"
done
"$llc" -O0 -march=nvptx64 -mcpu=sm_52 -mattr=+ptx50 -o "$out/llold_O0_sm_52.ptx" "$here/llvm-old.ll"
for a in 35 52 60 70 75 80 86; do
  "$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_$a -nocudainc -nocudalib -O2 -S \
    -Xclang -target-feature -Xclang +ptx75 -o "$out/llvm_sm_$a.ptx" "$here/llvm.cu"
done
