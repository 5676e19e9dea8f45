#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cuda.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2,1,1) cluster_kern(float *out, const __grid_constant__ CUtensorMap tmap) {
  __shared__ alignas(128) float smem[64];
  __shared__ unsigned long long bar;
  cg::cluster_group cl = cg::this_cluster();
  unsigned rank = cl.block_rank();
  float *remote = cl.map_shared_rank(smem, rank ^ 1);
  unsigned cid; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(cid));
  unsigned nc; asm volatile("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(nc));
  unsigned expl; asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(expl));
  unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(a));
    asm volatile("fence.proxy.async.shared::cta;");
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(s), "l"(&tmap), "r"(0), "r"(0), "r"(a) : "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 256;" :: "r"(a));
  }
  asm volatile("{ .reg .pred P1; LAB_WAIT: mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], 0; @P1 bra DONE; bra LAB_WAIT; DONE: }" :: "r"(a));
  cl.sync();
  out[blockIdx.x * 64 + threadIdx.x] = remote[threadIdx.x % 64] + rank + cid + nc + expl;
  cl.sync();
}
