// cuda::ptx wrappers (CCCL) of sm_90/sm_100 instructions: tcgen05, multimem,
// st.async, cp.reduce.async.bulk, clusterlaunchcontrol, tensormap.replace,
// st.bulk, ld/st with cache hints.
#include <cuda/ptx>
#include <cstdint>
namespace ptx = cuda::ptx;
__global__ void ptx100(uint32_t *g, uint64_t *g64, float *gf, void *tm, int n) {
  __shared__ alignas(128) uint32_t s[1024];
  __shared__ alignas(16) uint64_t bar;
  __shared__ alignas(16) uint32_t tmem_addr;
  __shared__ alignas(128) char tmap[128];
  __shared__ alignas(16) char resp[16];
  int t = threadIdx.x;
  s[t] = g[t];
  if (t == 0) ptx::mbarrier_init(&bar, 1);
  __syncthreads();
#if __CUDA_ARCH__ >= 900
  ptx::st_async(&s[t + 1], s[t], &bar);
  uint64_t pair[2] = {g64[0], g64[1]};
  ptx::st_async((uint64_t *)&s[8], pair, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_and_op, &s[64], &s[0], 64u, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf, (float *)&s[0], 64u);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, g, &s[0], 64u);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_gpu, g + 4, (uint32_t)t);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_sys, ptx::op_add, g + 8, (uint32_t)t);
  uint32_t mr = ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_cluster, ptx::op_min, g + 12);
  g[t + 16] = mr + ptx::ld(ptx::space_global, g + 20);
  ptx::st(ptx::space_global, g + 24, (uint32_t)t);
  uint32_t pr = ptx::prmt(s[t], s[t + 1], 0x3210u);
  g[t + 32] = pr + ptx::shl(s[t], 3u) + (uint32_t)ptx::shr((int32_t)s[t], 2u) + ptx::bmsk_clamp(3u, 5u) + ptx::bfind(s[t]);
#endif
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  ptx::tensormap_replace_global_address(ptx::space_shared, tmap, (uint64_t)g64);
  ptx::tensormap_replace_rank(ptx::space_global, tm, 2u);
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu, tm, tmap, ptx::n32_t<128>{});
  ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &s[128], g, 256u, &bar, (uint16_t)3);
#endif
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  if (t < 32) {
    ptx::tcgen05_alloc(ptx::cta_group_1, &tmem_addr, 32u);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  }
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t ta = tmem_addr;
  uint32_t o1[1], o4[4];
  ptx::tcgen05_ld_16x64b(o1, ta);
  ptx::tcgen05_ld_32x32b(o4, ta);
  ptx::tcgen05_wait_ld();
  ptx::tcgen05_st_16x64b(ta, o1);
  ptx::tcgen05_st_32x32b_unpack_16b(ta, o4);
  ptx::tcgen05_wait_st();
  uint64_t da = g64[2], db = g64[3];
  ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, ta, da, db, (uint32_t)n, true);
  ptx::tcgen05_mma(ptx::kind_tf32, ptx::cta_group_1, ta, da, db, (uint32_t)n, false);
  ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  ptx::tcgen05_cp_128x256b(ptx::cta_group_1, ta, da);
  ptx::tcgen05_shift_down(ptx::cta_group_1, ta);
  ptx::tcgen05_fence_before_thread_sync();
  if (t < 32) ptx::tcgen05_dealloc(ptx::cta_group_1, ta, 32u);
  g[t + 40] = o1[0] + o4[3];
  ptx::clusterlaunchcontrol_try_cancel(resp, &bar);
  ptx::st_bulk(g64 + 64, 128, ptx::n32_t<0>{});
#endif
#if __CUDA_ARCH__ >= 1000
  ptx::clusterlaunchcontrol_try_cancel(resp, &bar);
#endif
  g[t + 48] = s[t + 2];
}
