#include <cuda_pipeline.h>
#include <cuda/barrier>
#include <cuda/ptx>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_awbarrier_primitives.h>
namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;
__global__ void asyncs(const float4 *g, float *out, const int *gi, int n) {
  __shared__ alignas(128) float4 s[256];
  __shared__ alignas(16) int si[64];
  __shared__ uint64_t bar;
  int t = threadIdx.x;
  __pipeline_memcpy_async(&s[t], &g[t], sizeof(float4));
  __pipeline_memcpy_async(&si[t & 63], &gi[t], sizeof(int), 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, si, gi, sizeof(int) * 64);
  cg::wait(block);
  __shared__ cuda::barrier<cuda::thread_scope_block> b2;
  if (t == 0) init(&b2, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&s[t + 64], &g[t + 64], sizeof(float4), b2);
  b2.arrive_and_wait();
  if (t == 0) __mbarrier_init(&bar, 32);
  __syncthreads();
  __mbarrier_token_t tok = __mbarrier_arrive(&bar);
  while (!__mbarrier_test_wait(&bar, tok)) {}
  out[t] = s[t].x + s[t + 64].y + si[t & 63];
#if __CUDA_ARCH__ >= 900
  __shared__ uint64_t mb;
  if (t == 0) { ptx::mbarrier_init(&mb, 1); ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster); }
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, &s[0], g, 1024, &mb);
    uint64_t st = ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &mb, 1024);
    while (!ptx::mbarrier_try_wait(&mb, st)) {}
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, (void*)out, &s[0], 1024);
    ptx::cp_async_bulk_commit_group(); ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
    int32_t c2[2] = {t, 0};
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, &s[0], (const void*)gi, c2, &mb);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, (void*)gi, c2, &s[0]);
    while (!ptx::mbarrier_try_wait_parity(&mb, 0u)) {}
  }
  ptx::fence(ptx::sem_acq_rel, ptx::scope_gpu); ptx::fence_proxy_async(); ptx::fence_proxy_async(ptx::space_shared);
  ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_gpu, gi, ptx::n32_t<128>{});
  uint32_t r = ptx::getctarank(ptx::space_cluster, &s[0]);
  ptx::barrier_cluster_arrive(); ptx::barrier_cluster_wait();
  ptx::red_async(ptx::op_add, &si[1], (uint32_t)t, &mb);
  auto cl = cg::this_cluster(); cl.sync(); unsigned rk = cl.block_rank();
  float *rem = cl.map_shared_rank((float*)s, (rk + 1) % cl.num_blocks());
  out[t + 1] = *rem + r + ptx::get_sreg_clusterid_x() + ptx::get_sreg_cluster_ctarank();
  cudaGridDependencySynchronize(); cudaTriggerProgrammaticLaunchCompletion();
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  unsigned el; asm volatile("{.reg .pred p; elect.sync %0|p, 0xffffffff;}" : "=r"(el)); out[t+2] = el;
#endif
}
