#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda_pipeline.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__device__ float gf; __device__ double gd; __device__ unsigned long long gu;

__global__ void atomics(int *p, float *f, double *d, unsigned *u, __half2 *h, __nv_bfloat16 *b) {
  atomicAdd(p, 1); atomicSub(p, 2); atomicExch(p, 3); atomicMin(p, 4); atomicMax(p, 5);
  atomicInc(u, 6); atomicDec(u, 7); atomicCAS(p, 1, 2); atomicAnd(p, 1); atomicOr(p, 2); atomicXor(p, 3);
  atomicAdd(f, 1.0f); atomicAdd(d, 2.0); atomicAdd(h, __float2half2_rn(1.0f)); atomicAdd(b, __float2bfloat16(1.0f));
  atomicAdd_block(p, 1); atomicAdd_system(p, 1); atomicCAS((unsigned long long*)d, 1ull, 2ull);
}
__global__ void shuffles(int *p, float *f) {
  int v = p[threadIdx.x];
  v += __shfl_sync(0xffffffff, v, 3); v += __shfl_up_sync(0xffffffff, v, 1);
  v += __shfl_down_sync(0xffffffff, v, 2); v += __shfl_xor_sync(0xffffffff, v, 4);
  v += __ballot_sync(0xffffffff, v > 0); v += __any_sync(0xffffffff, v); v += __all_sync(0xffffffff, v);
  v += __popc(v) + __clz(v) + __ffs(v) + __brev(v) + __byte_perm(v, 1, 2) + __funnelshift_l(v, 1, 3);
#if __CUDA_ARCH__ >= 800
  v += __reduce_add_sync(0xffffffff, v);
#endif
  v += __match_any_sync(0xffffffff, v) + __activemask();
  unsigned long long t = clock64(); v += (int)t + __mul24(v, 3) + __umulhi(v, 5) + __sad(v, 2, 3);
  f[threadIdx.x] = __fdividef(f[0], 3.f) + __sinf(f[1]) + __expf(f[2]) + sqrtf(f[3]) + rsqrtf(f[4]) + __frcp_rn(f[5]) + fmaf(f[1], f[2], f[3]);
  f[1] = (float)__double2int_rn(gd) + __int_as_float(v) + __saturatef(f[6]);
  p[threadIdx.x] = v + __vadd4(v, 1) + __vsub2(v, 3) + __dp4a(v, v, 1);
  printf("v=%d %f\n", v, f[0]);
}
__global__ void barriers(int *p) {
  __shared__ int s[256];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads(); __syncwarp(); __threadfence(); __threadfence_block(); __threadfence_system();
  int c = __syncthreads_count(s[0]) + __syncthreads_and(s[1]) + __syncthreads_or(s[2]);
  cg::thread_block tb = cg::this_thread_block(); tb.sync();
  auto w = cg::tiled_partition<32>(tb); c += cg::reduce(w, c, cg::plus<int>());
  p[threadIdx.x] = s[255 - threadIdx.x] + c + __ldg(p + 1) + __ldcs(p + 2) + __ldcg(p+3);
  __stcs(p + 4, c); __nanosleep(100);
}
__global__ void asynccopy(float *g) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit(); __pipeline_wait_prior(0);
  g[threadIdx.x] = s[threadIdx.x] * 2;
}
__global__ void surf(cudaSurfaceObject_t so, cudaTextureObject_t to, float *o) {
  float v; surf2Dread(&v, so, 4, 1); surf2Dwrite(v + 1, so, 0, 0);
  o[0] = tex2D<float>(to, 0.5f, 0.5f) + tex1Dfetch<float>(to, 3) + tex2DLod<float>(to, 1, 1, 0);
}
