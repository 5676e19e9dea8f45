#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) k_cluster(int *o) {
  __shared__ int s[32];
  cg::cluster_group c = cg::this_cluster();
  s[threadIdx.x % 32] = threadIdx.x;
  c.sync();
  int *r = c.map_shared_rank(s, (c.block_rank() + 1) % 2);
  o[threadIdx.x] = r[threadIdx.x % 32];
}
__global__ void __launch_bounds__(128, 1, 4) k_lb3(float *o) { o[threadIdx.x] *= 2.f; }
__global__ void __maxnreg__(40) k_maxreg(float *o) { o[threadIdx.x] = sinf(o[threadIdx.x]); }
__device__ __noinline__ void dumpf(const char *s, int v) { printf("%s %d\n", s, v); }
__global__ void k_print(int v) { dumpf("val", v); }
