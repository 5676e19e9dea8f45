// Source of Inputs/nvcc/misc_sm80_lineinfo.ptx (CUDA 13.0):
//   nvcc -arch=sm_80 -lineinfo -ptx misc.cu -o misc_sm80_lineinfo.ptx
// wmma, inline-asm mma and ldmatrix, printf, atomics, shuffles, textures,
// surfaces, a __constant__ table.
#include <cstdio>
#include <mma.h>
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;
namespace cg = cooperative_groups;
__constant__ float lut[256] = {1.0f, 2.0f, 3.0f};
__device__ int counter;
__device__ __noinline__ float helper(float x, int k) { return x * lut[k & 255] + __expf(x); }

__global__ void k_wmma(const half* a, const half* b, float* c, int n) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  for (int k = 0; k < n; k += 16) {
    wmma::load_matrix_sync(fa, a + k, n);
    wmma::load_matrix_sync(fb, b + k, n);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(c, fc, n, wmma::mem_row_major);
}
__global__ void k_misc(float* out, const float* in, int n, cudaTextureObject_t tx, cudaSurfaceObject_t sf) {
  float tv = tex1Dfetch<float>(tx, threadIdx.x); surf2Dwrite(tv, sf, threadIdx.x * 4, blockIdx.x);
  auto g = cg::this_thread_block();
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  s[threadIdx.x] = v;
  g.sync();
  if (threadIdx.x == 0) { atomicAdd(&counter, 1); printf("block %d sum %f\n", blockIdx.x, s[0]); }
  out[i] = helper(v, i) + (float)__ldg(in + i);
  __nv_bfloat16 h = __float2bfloat16(v);
  out[i] += __bfloat162float(h) + __half2float(__float2half(v));
  unsigned long long t = clock64();
  if (t == 42) asm volatile("trap;");
}
#if __CUDA_ARCH__ >= 800
__global__ void k_mma(float* d, const unsigned* a, const unsigned* b) {
  float c0=0,c1=0,c2=0,c3=0;
  unsigned a0=a[0],a1=a[1],a2=a[2],a3=a[3],b0=b[0],b1=b[1];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
    : "+f"(c0),"+f"(c1),"+f"(c2),"+f"(c3) : "r"(a0),"r"(a1),"r"(a2),"r"(a3),"r"(b0),"r"(b1));
  unsigned r0,r1,r2,r3; unsigned addr = (unsigned)__cvta_generic_to_shared(d);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n" : "=r"(r0),"=r"(r1),"=r"(r2),"=r"(r3) : "r"(addr));
  d[threadIdx.x] = c0+c1+c2+c3 + r0+r1+r2+r3;
}
#endif
