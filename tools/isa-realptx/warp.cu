#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void warp(int *p, float *f, double *d, unsigned long long *q, int n) {
  int t = threadIdx.x; int x = p[t]; float y = f[t]; double z = d[t];
  x += __shfl_sync(0xffffffff, x, 3); x += __shfl_up_sync(0xffffffff, x, 1); x += __shfl_down_sync(0xffffffff, x, 2, 16); x += __shfl_xor_sync(0xffffffff, x, 4);
  y += __shfl_sync(0xffffffff, y, 5); z += __shfl_xor_sync(0xffffffff, z, 1); q[t] += __shfl_down_sync(0xffffffff, q[t], 1);
  unsigned b = __ballot_sync(0xffffffff, x > 0); int a = __all_sync(0xffffffff, x > 1); int an = __any_sync(0xffffffff, x > 2);
  unsigned u = __uni_sync(0xffffffff, x > 3); unsigned am = __activemask();
  __syncwarp(); __syncwarp(am);
  int c = __syncthreads_count(x > 0); int ca = __syncthreads_and(x > 1); int co = __syncthreads_or(x > 2);
#if __CUDA_ARCH__ >= 700
  unsigned m = __match_any_sync(0xffffffff, x); int pred; unsigned m2 = __match_all_sync(0xffffffff, (long long)x, &pred);
  __nanosleep(100); x += m + m2 + pred;
#endif
#if __CUDA_ARCH__ >= 800
  x += __reduce_add_sync(0xffffffff, x) + __reduce_min_sync(0xffffffff, x) + __reduce_max_sync(0xffffffff, (unsigned)x) + __reduce_and_sync(0xffffffff, (unsigned)x) + __reduce_or_sync(0xffffffff, (unsigned)x) + __reduce_xor_sync(0xffffffff, (unsigned)x);
#endif
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  x += cg::reduce(tile, x, cg::plus<int>());
  cg::this_grid();
  x += __popc(b) + a + an + u + c + ca + co + __clzll(q[0]) + __popcll(q[1]) + __ffsll(q[2]) + __brevll(q[3]);
  unsigned lane; asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane)); unsigned lt; asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  unsigned sm; asm("mov.u32 %0, %%smid;" : "=r"(sm)); unsigned long long gt; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt));
  p[t] = x + lane + lt + sm + (int)gt + clock();
  f[t] = y; d[t] = z;
  __threadfence_block(); __threadfence(); __threadfence_system();
}
