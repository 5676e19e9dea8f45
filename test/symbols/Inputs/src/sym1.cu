#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int g_counter;
__device__ int g_arr[16] = {1,2,3};
__device__ int *g_ptr = &g_counter;
__device__ int *g_ptrs[2] = {&g_arr[0], &g_arr[4]};
__constant__ float c_coef[8];

typedef int (*binop)(int, int);
__device__ __noinline__ int add_fn(int a, int b) { return a + b; }
__device__ __noinline__ int mul_fn(int a, int b) { return a * b; }
__device__ binop g_ops[2] = {add_fn, mul_fn};
__device__ __noinline__ int recurse(int n) { return n <= 1 ? 1 : n * recurse(n - 1); }
struct Big { int v[9]; };
__device__ __noinline__ Big make_big(int x) { Big b; for (int i = 0; i < 9; ++i) b.v[i] = x + i; return b; }
extern __shared__ float dyn_smem[];
__global__ void kern(float *out, const float *in, int n, cudaTextureObject_t tobj, cudaSurfaceObject_t sobj, int sel) {
  __shared__ float tile[256];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned lane; asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  unsigned long long clk = clock64();
  unsigned long long gt; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt));
  unsigned smid; asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  unsigned lm; asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(lm));
  unsigned env; asm volatile("mov.u32 %0, %%envreg3;" : "=r"(env));
  unsigned dsz; asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsz));
  tile[threadIdx.x % 256] = in[tid % n];
  dyn_smem[threadIdx.x] = tile[(threadIdx.x + 1) % 256];
  __syncthreads();
  float v = tex1Dfetch<float>(tobj, tid);
  float s; surf2Dread(&s, sobj, 4 * (tid % 8), tid / 8);
  surf2Dwrite(v + s, sobj, 4 * (tid % 8), tid / 8);
  v += __shfl_down_sync(0xffffffff, v, 1);
  int r = g_ops[sel & 1](tid, sel) + recurse(sel & 7);
  Big b = make_big(r);
  atomicAdd(&g_counter, b.v[sel % 9]);
  atomicCAS(g_ptr, 0, 1);
  if (tid == 0) printf("tid %d v %f clk %llu %u %u %u %u %u %llu\n", tid, v, clk, lane, smid, lm, env, dsz, gt);
  int local[32]; for (int i = 0; i < 32; ++i) local[i] = i * sel; 
  out[tid] = v * c_coef[tid & 7] + dyn_smem[threadIdx.x] + local[sel & 31] + *g_ptrs[sel & 1];
  switch (sel) { case 0: out[0] = 1; break; case 1: out[1] = 2; break; case 2: out[2] = 3; break; case 3: out[3]=4; break; case 4: out[4]=5; break; default: break; }
  cg::grid_group grid = cg::this_grid();
  (void)grid;
}
