#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/atomic>
__device__ int gi; __device__ unsigned gu; __device__ unsigned long long gull; __device__ float gf; __device__ double gd;
__global__ void atomics(int *pi, unsigned *pu, unsigned long long *pl, float *pf, double *pd, __half2 *ph, __nv_bfloat162 *pb, __half *h1, long long *ps, int v) {
  __shared__ int si[32]; __shared__ float sf[32];
  int t = threadIdx.x;
  atomicAdd(pi, v); atomicSub(pi + 1, v); atomicExch(pi + 2, v); atomicMin(pi + 3, v); atomicMax(pi + 4, v);
  atomicInc(pu, 17u); atomicDec(pu + 1, 17u); atomicCAS(pi + 5, v, t); atomicAnd(pi + 6, v); atomicOr(pi + 7, v); atomicXor(pi + 8, v);
  atomicAdd(pl, 3ull); atomicExch(pl + 1, 4ull); atomicMin(pl + 2, (unsigned long long)v); atomicMax(pl + 3, 9ull); atomicCAS(pl + 4, 1ull, 2ull);
  atomicAnd(pl + 5, 7ull); atomicOr(pl + 6, 7ull); atomicXor(pl + 7, 7ull);
  atomicMin(ps, (long long)v); atomicMax(ps + 1, (long long)v);
  atomicAdd(pf, 1.5f); atomicExch(pf + 1, 2.5f); atomicAdd(pd, 2.0); 
  atomicAdd(ph, __floats2half2_rn(1.f, 2.f)); atomicAdd(h1, __float2half(1.f));
  atomicAdd(pb, __floats2bfloat162_rn(1.f, 2.f));
  atomicAdd_block(pi + 9, v); atomicAdd_system(pi + 10, v); atomicCAS_block(pi + 11, 1, 2); atomicExch_system(pu + 2, 5u);
  si[t & 31] = 0; sf[t & 31] = 0; __syncthreads();
  atomicAdd(&si[t & 31], 1); atomicMax(&si[(t + 1) & 31], v); atomicAdd(&sf[t & 31], 1.f); atomicCAS(&si[3], 0, t);
  __syncthreads();
  pi[t] = si[t & 31] + (int)sf[t & 31];
  int old = atomicAdd(&gi, 1); pu[t] = old;
  atomicAdd(&gf, 1.f); atomicAdd(&gd, 1.0); atomicAdd(&gull, 1ull); atomicInc(&gu, 3u);
  cuda::atomic_ref<int, cuda::thread_scope_device> r(pi[20]);
  r.fetch_add(1, cuda::memory_order_relaxed); r.store(3, cuda::memory_order_release); pi[21] = r.load(cuda::memory_order_acquire);
  int e = 1; r.compare_exchange_strong(e, 5, cuda::memory_order_acq_rel);
  cuda::atomic_ref<float, cuda::thread_scope_system> rf(pf[5]); rf.fetch_add(1.f, cuda::memory_order_seq_cst);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> rb(pl[9]); rb.fetch_or(4ull); rb.fetch_min(2ull);
}
