// Session 8: a warp-specialised TMA pipeline through cuda::ptx (sm_90a,
// sm_100a): a producer warp loads tiles of 1 to 5 dimensions (multicast
// across a cluster of 2, .cta_group on sm_100a), consumers wait on mbarrier
// parities, a store goes back through the bulk group; mapa and
// barrier.cluster through cuda::ptx.
#include <cuda/ptx>
#include <cuda/barrier>
#include <cstdint>
namespace ptx = cuda::ptx;

__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256)
    wstma(const void *tmap, float *out, int k) {
  __shared__ alignas(128) float tile[2][1024];
  __shared__ uint64_t full[2], empty[2];
  int warp = threadIdx.x / 32;
  uint32_t rank = ptx::get_sreg_cluster_ctarank();
  if (threadIdx.x == 0) {
    for (int s = 0; s < 2; ++s) {
      ptx::mbarrier_init(&full[s], 1);
      ptx::mbarrier_init(&empty[s], 224);
    }
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  if (warp == 0) {
    unsigned leader;
    asm volatile("{\n .reg .pred p;\n elect.sync _|p, 0xffffffff;\n selp.u32 %0, 1, 0, p;\n}" : "=r"(leader));
    if (leader) {
      for (int it = 0; it < k; ++it) {
        int s = it & 1;
        if (it >= 2)
          while (!ptx::mbarrier_try_wait_parity(&empty[s], ((it / 2) - 1) & 1)) {
          }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared,
                                       &full[s], 4096);
        int32_t c1[1] = {it}, c2[2] = {it, 0}, c3[3] = {it, 0, 1}, c4[4] = {it, 0, 1, 2},
                c5[5] = {it, 0, 1, 2, 3};
        switch (it % 6) {
        case 0: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c1, &full[s]); break;
        case 1: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c2, &full[s]); break;
        case 2: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c3, &full[s]); break;
        case 3: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c4, &full[s]); break;
        case 4: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c5, &full[s], (uint16_t)3); break;
        default: ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], tmap, c2, &full[s], (uint16_t)1); break;
        }
#if __CUDA_ARCH__ >= 1000 && defined(__CUDA_ARCH_FEAT_SM100_ALL)
        ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, ptx::cta_group_2, tile[s], tmap, c3, &full[s]);
        ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ptx::cta_group_1, tile[s], tmap, c5, &full[s], (uint16_t)3);
#endif
      }
    }
  } else {
    float acc = 0;
    for (int it = 0; it < k; ++it) {
      int s = it & 1;
      while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &full[s], (it / 2) & 1)) {
      }
      acc += tile[s][threadIdx.x];
      ptx::mbarrier_arrive(&empty[s]);
    }
    tile[0][threadIdx.x] = acc;
    ptx::fence_proxy_async(ptx::space_shared);
    __syncwarp();
    if (threadIdx.x == 32) {
      int32_t c2[2] = {(int)rank, 0};
      ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, tmap, c2, tile[0]);
      ptx::cp_async_bulk_commit_group();
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
    }
    uint32_t peer;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(peer) : "r"((uint32_t)__cvta_generic_to_shared(&tile[1][0])), "r"(rank ^ 1));
    out[threadIdx.x] = acc + (float)(uintptr_t)peer;
  }
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait();
}
