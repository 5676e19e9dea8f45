#!/usr/bin/env python3
"""Writes a CUDA file whose nvcc PTX looks like NVIDIA-library PTX (cuSPARSELt):
36 instantiations of a templated sparse GEMM kernel (long unrolled straight-line
bodies, many registers and labels) and a 20,000-entry __device__ table (a big
.global initializer). docs/performance.md measures its PTX:

  python3 bench/make-sparse-gemm-cu.py /tmp/sp.cu
  nvcc -ptx -lineinfo -O3 -arch=sm_80 /tmp/sp.cu -o /tmp/sp.ptx     # 1.6 MB
  python3 bench/make-large-ptx.py /tmp/sp.ptx 7 /tmp/sp7.ptx        # 9.6 MB
"""
import sys

KERNEL = r'''
#include <cuda_fp16.h>
__device__ int lut[20000] = {%s};
template <int TM, int TN, int TK, typename T>
__global__ void spgemm(const T* __restrict__ a, const T* __restrict__ b, float* __restrict__ c,
                       const int* __restrict__ meta, int m, int n, int k) {
  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
  int row = blockIdx.y * TM, col = blockIdx.x * TN + threadIdx.x;
  for (int kk = 0; kk < k; kk += TK) {
#pragma unroll
    for (int t = 0; t < TK; ++t) {
      int sel = meta[(kk + t) %% 97] ^ lut[(kk + t + threadIdx.x) %% 20000];
#pragma unroll
      for (int i = 0; i < TM; ++i) {
        float av = (float)a[(row + i) * k + kk + t];
        if (sel & (1 << (i & 7))) av = -av;
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += av * (float)b[(kk + t) * n + col + j];
      }
    }
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      if (row + i < m && col + j < n) c[(row + i) * n + col + j] = acc[i][j];
}
'''


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-sparse-gemm-cu.py OUT.cu")
    table = ','.join(str((i * 2654435761) % 1000003) for i in range(20000))
    lines = [KERNEL % table]
    for tm in (2, 4, 8):
        for tn in (2, 4, 8):
            for tk in (4, 8):
                for t in ('float', '__half'):
                    lines.append('template __global__ void spgemm<%d, %d, %d, %s>(const %s*, const %s*, '
                                 'float*, const int*, int, int, int);' % (tm, tn, tk, t, t, t))
    with open(sys.argv[1], 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
