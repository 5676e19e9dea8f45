#include <cstdio>
struct Pair { int a; float b; double c; };
struct Big { float v[9]; char tag; };
__device__ int gcount = 3;
__device__ float gtable[5] = {1.f, 2.f, 3.f};
__device__ __align__(16) unsigned char gbytes[33];
__constant__ int ctab[4] = {7, 8, 9, 10};
__constant__ double cd[2] = {1.5, -2.25};
__device__ int *gptr = &gcount;

__device__ __noinline__ Pair mkpair(int x, float y) { Pair p; p.a = x; p.b = y; p.c = x * 2.0; return p; }
__device__ __noinline__ float sumbig(Big b) { float s = 0; for (int i = 0; i < 9; ++i) s += b.v[i]; return s + b.tag; }
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ __noinline__ int add1(int x) { return x + 1; }
__device__ __noinline__ int mul2(int x) { return x * 2; }
typedef int (*fn_t)(int);
__device__ fn_t fns[2] = {add1, mul2};

__global__ void __launch_bounds__(128, 2) k_struct(Pair *out, Big b, int n) {
  __shared__ float sh[64];
  int t = threadIdx.x;
  sh[t % 64] = gtable[t % 5] + ctab[t & 3];
  __syncthreads();
  Pair p = mkpair(t + n, sh[(t + 1) % 64]);
  p.c += sumbig(b) + cd[t & 1];
  out[t] = p;
  if (t == 0) printf("n=%d c=%f s=%s\n", n, p.c, "x");
}
__global__ void k_indirect(int *o, int sel, int n) {
  int v = threadIdx.x;
#pragma unroll 1
  for (int i = 0; i < n; ++i) v = fns[(sel + i) & 1](v);
  o[threadIdx.x] = v + fact(sel) + *gptr;
}
__global__ void k_switch(int *o, int s) {
  int r;
  switch (s) { case 0: r = 10; break; case 1: r = o[1] * 3; break; case 2: r = o[2] ^ 5; break;
    case 3: r = o[3] + 7; break; case 4: r = o[4] - 9; break; case 5: r = o[5] << 2; break;
    case 6: r = o[6] | 1; break; default: r = -1; }
  o[0] = r;
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = r; __syncthreads(); o[threadIdx.x + 8] = dyn[(threadIdx.x + 1) % blockDim.x];
}
__global__ void __launch_bounds__(256) k_local(float *o, int i) {
  float loc[17];
  for (int j = 0; j < 17; ++j) loc[j] = o[j] * j;
  o[threadIdx.x] = loc[i % 17] + gbytes[i & 31];
}
