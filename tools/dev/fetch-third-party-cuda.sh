#!/bin/sh
# Fetches the third-party CUDA sources that test/cuda/third-party*.test lint
# (test/cuda/Inputs/third_party/README.md lists them with their licences)
# at the commits recorded there, with each project's licence file, and
# checks them against SHA256SUMS. Needs git and network access.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
dest="$root/test/cuda/Inputs/third_party"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fetch REPO COMMIT PATH DEST [LICENSE-PATH]
fetch() {
  repo=$1 commit=$2 path=$3 out=$4 lic=${5:-}
  dir="$work/$(echo "$repo" | tr / _)-$commit"
  if [ ! -d "$dir" ]; then
    git init -q "$dir"
    git -C "$dir" fetch -q --depth 1 "https://github.com/$repo.git" "$commit"
  fi
  mkdir -p "$(dirname "$dest/$out")"
  git -C "$dir" show "$commit:$path" > "$dest/$out"
  if [ -n "$lic" ]; then
    git -C "$dir" show "$commit:$lic" > "$(dirname "$dest/$out")/$(basename "$lic")"
  fi
}

fetch NVIDIA/cutlass 53310888ac62c281bb3fa12fadad7c01180d77ec include/cute/arch/mma_sm75.hpp cutlass/mma_sm75.hpp LICENSE.txt
fetch NVIDIA/cutlass 179dffbee3989b614a0d45fa1f8976586167feee include/cute/arch/copy_sm75.hpp cutlass/copy_sm75.hpp
fetch ggml-org/llama.cpp 032f69d46583da942e41ac6780d31211c3f2c0eb ggml/src/ggml-cuda/mma.cuh llama.cpp/mma.cuh LICENSE
fetch IST-DASLab/marlin 0f102e119bddf2f03cff9f944d065b04952028fa marlin/marlin_cuda_kernel.cu marlin/marlin_cuda_kernel.cu LICENSE

cd "$dest" && sha256sum -c SHA256SUMS
