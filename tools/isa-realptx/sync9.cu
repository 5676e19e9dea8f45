// Session 9 real-PTX material (issue 14): synchronization and cluster
// features real kernels use: cuda::barrier with transaction counts,
// cuda::atomic_ref at every scope, warp match/reduce, __nanosleep, cluster
// DSMEM through cooperative groups, programmatic dependent launch, and, on
// sm_90+, elect.sync, setmaxnreg and stmatrix through cuda::ptx / inline asm.
#include <cooperative_groups.h>
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/ptx>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void atomics_scopes(int *p, unsigned long long *q, float *f) {
  cuda::atomic_ref<int, cuda::thread_scope_thread> t(p[0]);
  cuda::atomic_ref<int, cuda::thread_scope_block> b(p[1]);
  cuda::atomic_ref<int, cuda::thread_scope_device> d(p[2]);
  cuda::atomic_ref<int, cuda::thread_scope_system> s(p[3]);
  t.fetch_add(1, cuda::memory_order_relaxed);
  b.fetch_max(threadIdx.x, cuda::memory_order_acq_rel);
  d.fetch_or(2, cuda::memory_order_release);
  int e = 5;
  s.compare_exchange_strong(e, 7, cuda::memory_order_seq_cst);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> u(q[0]);
  u.fetch_xor(0xffull, cuda::memory_order_acquire);
  cuda::atomic_ref<float, cuda::thread_scope_block> fl(f[0]);
  fl.fetch_add(1.5f);
  p[4] = d.load(cuda::memory_order_acquire);
  s.store(3, cuda::memory_order_release);
}

__global__ void warp_ops(const unsigned *in, unsigned *out) {
  unsigned v = in[threadIdx.x];
  unsigned m = __match_any_sync(0xffffffffu, v);
  int pred;
  unsigned a = __match_all_sync(0xffffffffu, v, &pred);
#if __CUDA_ARCH__ >= 800
  unsigned r = __reduce_add_sync(0xffffffffu, v) + __reduce_max_sync(m, v) +
               __reduce_and_sync(0xffffffffu, v);
#else
  unsigned r = 0;
#endif
  __nanosleep(100 + (v & 7));
  out[threadIdx.x] = m + a + r + pred;
}

__global__ void barrier_tx(const int4 *src, int4 *dst) {
  __shared__ alignas(16) int4 buf[64];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
#if __CUDA_ARCH__ >= 900
  cuda::barrier<cuda::thread_scope_block>::arrival_token tok;
  if (threadIdx.x == 0) {
    cuda::memcpy_async(buf, src, cuda::aligned_size_t<16>(sizeof(buf)), bar);
    tok = bar.arrive();
  } else {
    tok = bar.arrive();
  }
  bar.wait(std::move(tok));
#else
  cuda::memcpy_async(cg::this_thread_block(), buf, src, sizeof(buf), bar);
  bar.arrive_and_wait();
#endif
  dst[threadIdx.x % 64] = buf[(threadIdx.x + 1) % 64];
}

#if __CUDA_ARCH__ >= 900 || !defined(__CUDA_ARCH__)
__global__ void __cluster_dims__(2, 1, 1) cluster_dsmem(int *out) {
  __shared__ int smem[32];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  smem[threadIdx.x % 32] = rank * 100 + threadIdx.x;
  cluster.sync();
  int *peer = cluster.map_shared_rank(smem, (rank + 1) % 2);
  out[blockIdx.x * blockDim.x + threadIdx.x] = peer[threadIdx.x % 32];
  cluster.sync();
}

__global__ void pdl_elect(int *out) {
  cudaGridDependencySynchronize();
#if __CUDA_ARCH__ >= 900
  unsigned lane;
  asm volatile("{\n\t.reg .pred P;\n\telect.sync %0|P, 0xffffffff;\n\t}" : "=r"(lane));
  out[threadIdx.x] = lane;
#endif
  cudaTriggerProgrammaticLaunchCompletion();
}
#endif

#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
__global__ void regs_stmatrix(unsigned *out) {
  __shared__ alignas(16) unsigned short tile[8 * 8 * 4];
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  unsigned r0 = threadIdx.x, r1 = threadIdx.x * 2;
  unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&tile[(threadIdx.x % 8) * 8]));
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(addr), "r"(r0),
               "r"(r1));
  __syncwarp();
  out[threadIdx.x] = tile[threadIdx.x % 256];
  asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
}
#endif
