#include <cuda.h>
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cuda_fp8.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2,1,1) cluster(int *p) {
  cg::cluster_group c = cg::this_cluster();
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  c.sync();
  int *r = c.map_shared_rank(s, (c.block_rank() + 1) % 2);
  p[threadIdx.x] = r[threadIdx.x] + c.block_rank() + c.num_blocks();
}
__global__ void tma(const __grid_constant__ CUtensorMap map, float *o) {
  __shared__ alignas(128) float s[64*64];
  __shared__ alignas(8) unsigned long long bar;
  unsigned sa = (unsigned)__cvta_generic_to_shared(s), ba = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(ba));
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 16384;" :: "r"(ba));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(sa), "l"(&map), "r"(0), "r"(0), "r"(ba) : "memory");
  }
  asm volatile("{\n.reg .pred P1;\nLAB_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n@P1 bra DONE;\nbra LAB_WAIT;\nDONE:\n}" :: "r"(ba), "r"(0));
  asm volatile("wgmma.fence.sync.aligned;");
  asm volatile("wgmma.commit_group.sync.aligned;");
  asm volatile("wgmma.wait_group.sync.aligned 0;");
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;");
  asm volatile("griddepcontrol.wait;"); asm volatile("griddepcontrol.launch_dependents;");
  unsigned e; asm volatile("{ .reg .pred p; elect.sync %0|p, 0xffffffff; }" : "=r"(e));
  asm volatile("cp.async.bulk.commit_group;"); asm volatile("cp.async.bulk.wait_group.read 0;");
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(sa), "r"(e));
  o[threadIdx.x] = s[threadIdx.x] + e;
}
