// What ordinary application kernels use across targets sm_50..sm_120a: printf,
// assert, malloc/free, f64 and f32 math library calls, fp8/fp4/bf16
// conversions, half2 math, integer and SIMD intrinsics, 16-bit atomicCAS,
// float2/float4 atomics, cache-hinted loads and access policies.
#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#if __has_include(<cuda_fp4.h>)
#include <cuda_fp4.h>
#endif
#include <cuda/annotated_ptr>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ double dlib(double x) {
  return sin(x) + cos(x) + tan(x) + exp(x) + expm1(x) + log(x) + log1p(x) + log10(x) + pow(x, 1.5) + erf(x) + erfc(x) + lgamma(x) + tgamma(x) + atan2(x, 2.0) + asin(x) + acosh(x + 2.0) + cbrt(x) + hypot(x, 3.0) + fmod(x, 1.7) + remainder(x, 1.3) + j0(x) + y1(x) + sinpi(x) + normcdfinv(x * 0.1 + 0.5) + rcbrt(x);
}
__device__ float flib(float x) {
  return sinf(x) + cosf(x) + expf(x) + logf(x) + powf(x, 2.5f) + erff(x) + tanhf(x) + atanf(x) + sqrtf(x) + lgammaf(x) + fdividef(x, 3.f) + normf(2, &x) + scalbnf(x, 3) + ldexpf(x, 2);
}
__global__ void runtime(double *d, float *f, int *i, unsigned short *us, unsigned *u, __half2 *h2, __nv_bfloat162 *b2, float2 *f2, float4 *f4, unsigned char *fp8, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 0) printf("n=%d d=%f s=%s\n", n, d[0], "x");
  assert(n > 0);
  int *m = (int *)malloc(16 * sizeof(int));
  if (m) { m[0] = t; i[t] = m[0]; free(m); }
  d[t] = dlib(d[t]);
  f[t] = flib(f[t]);
  unsigned a = u[t], b = u[t + 1];
  u[t] = __funnelshift_r(a, b, 7) + __funnelshift_lc(a, b, b) + __byte_perm(a, b, 0x7531) + __brev(a) + __clz((int)a) + __popc(a) + __sad((int)a, (int)b, 2) + __mulhi((int)a, (int)b) + __hadd((int)a, (int)b) + __vadd4(a, b) + __vsub2(a, b) + __vabsdiffs4(a, b) + __vcmpeq2(a, b) + __vmins4(a, b) + __vsetgeu4(a, b) + __vneg2(a) + __vabs4(a) + __vsadu2(a, b);
#if __CUDA_ARCH__ >= 610
  i[t + 1] = __dp4a((int)a, (int)b, i[t]) + __dp2a_hi((int)a, (int)b, 7);
#endif
#if __CUDA_ARCH__ >= 700
  atomicCAS(us + t, (unsigned short)1, (unsigned short)2);
  atomicAdd(&h2[0], h2[t]);
#endif
#if __CUDA_ARCH__ >= 800
  atomicAdd(&b2[0], b2[t]);
  __half2 hx = h2[t];
  hx = __hfma2(hx, hx, __hmul2_rn(hx, hx)); hx = h2log(hx) + h2cos(hx) + h2rcp(hx) + __hmax2_nan(hx, hx); h2[t + 1] = hx;
  __nv_bfloat162 bx = b2[t]; bx = __hfma2_relu(bx, bx, bx); bx = h2exp(bx) + __hmin2(bx, bx); b2[t + 1] = bx;
  unsigned ca = atomicCAS_system(u + 3, 1u, 2u); u[t + 2] += ca + atomicAdd_system(u + 4, 1u);
  float ff = atomicExch_block(f + 1, 2.f) + atomicAdd_system(f + 2, 3.f); f[t + 3] = ff;
  u[t + 3] = __reduce_add_sync(0xffffffff, a) + __vimax3_s32((int)a, (int)b, 3) + __viaddmax_s32((int)a, (int)b, 7);
#endif
#if __CUDA_ARCH__ >= 890
  __nv_fp8_e4m3 e4(f[t]); __nv_fp8_e5m2 e5(f[t + 1]); __nv_fp8x2_e4m3 e42(make_float2(f[t], f[t + 1]));
  fp8[t] = e4.__x; fp8[t + 1] = e5.__x; fp8[t + 2] = e42.__x & 0xff;
  f[t + 4] = (float)e4 + (float)e5 + float2(e42).y;
  __nv_fp8x4_e5m2 e54(make_float4(f[t], f[t + 1], f[t + 2], f[t + 3])); u[t + 4] = e54.__x;
#endif
#if __CUDA_ARCH__ >= 900
  atomicAdd(&f2[0], f2[t]); atomicAdd(&f4[0], f4[t]);
#endif
#if defined(__CUDA_FP4_TYPES_EXIST__) && (defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM120_ALL))
  __nv_fp4_e2m1 q4(f[t]); __nv_fp4x2_e2m1 q42(make_float2(f[t], f[t + 1])); f[t + 5] = (float)q4 + float2(q42).x;
  __nv_fp8_e8m0 e8(f[t]); f[t + 6] = (float)e8;
#endif
  i[t + 2] = __ldg(i + t + 3) + __ldcg(i + t + 4) + __ldcs(i + t + 5) + __ldlu(i + t + 6);
  cuda::annotated_ptr<int, cuda::access_property::streaming> sp(i + 64);
  cuda::annotated_ptr<int, cuda::access_property::persisting> pp(i + 128);
  sp[t] = pp[t] + 1;
  cuda::access_property ap(i, 1024, 1024, cuda::access_property::persisting{});
  cuda::annotated_ptr<int, cuda::access_property> dp(i + 256, ap);
  dp[t] += 2;
  cuda::discard_memory(i + 512, 64);
  cuda::apply_access_property(i + 768, 128, cuda::access_property::persisting{});
  cg::grid_group gg = cg::this_grid(); i[t + 3] = gg.thread_rank();
  cg::coalesced_group cgp = cg::coalesced_threads(); i[t + 4] = cgp.shfl(t, 0) + cgp.thread_rank() + cgp.ballot(t & 1);
#if __CUDA_ARCH__ >= 700
  __nanosleep(200);
#endif
}
