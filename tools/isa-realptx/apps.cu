// Session 8: what application kernels use that the other sources do not:
// cuda::pipeline, grid sync, fp8/fp6/fp4 conversions of every kind,
// __nv_bfloat162 math, sincos/erf/lgamma/pow, printf of many types, alloca,
// recursion, function pointers, __noinline__ functions with struct
// parameters, layered and cubemap textures and surfaces, clusters (mapa,
// barrier.cluster through cooperative groups).
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#if __has_include(<cuda_fp6.h>)
#include <cuda_fp6.h>
#endif
#if __has_include(<cuda_fp4.h>)
#include <cuda_fp4.h>
#endif
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct Big { double a; float b[5]; int c; short d; char e; long long f; };
struct Vec4 { float x, y, z, w; };

__device__ __noinline__ Big combine(Big p, Vec4 v, int k) {
  p.a += v.x * k; p.b[k & 3] += v.y; p.c ^= k; p.d += (short)v.z; p.e ^= 3; p.f *= k;
  return p;
}
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int addf(int a, int b) { return a + b; }
__device__ int mulf(int a, int b) { return a * b; }
typedef int (*binop)(int, int);
__device__ binop ops[2] = {addf, mulf};

__device__ float mathy(float x, double y) {
  float s, c; sincosf(x, &s, &c);
  double sd, cd; sincos(y, &sd, &cd);
  float sp, cp; sincospif(x, &sp, &cp);
  return s + c + sp + cp + (float)(sd * cd) + erff(x) + erfcf(x) + lgammaf(x) + powf(x, c) +
         (float)(erf(y) + lgamma(y) + pow(y, sd) + erfcinv(y * 0.1 + 0.5) + cyl_bessel_i0(y)) +
         __sinf(x) + __expf(x) + __powf(x, 2.f) + __logf(x + 2.f) + exp10f(x) + rsqrtf(x + 1.f);
}

__global__ void apps(float *f, double *d, int *i, Big *bg, Vec4 *v, __nv_bfloat162 *b2,
                     __half2 *h2, unsigned char *q8, unsigned short *q16, unsigned *q32, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 0)
    printf("%d %u %ld %lu %lld %llu %hd %hhu %f %e %g %a %c %s %p %x %o %5.2f %-8d\n", n,
           (unsigned)n, (long)n, (unsigned long)n, (long long)n, (unsigned long long)n,
           (short)n, (unsigned char)n, f[0], d[0], (double)f[1], d[1], 'c', "str", f, n, n,
           f[2], n);
  int m = i[t] & 15;
  int *a = (int *)alloca(m * sizeof(int) + 4);
  for (int k = 0; k < m; ++k) a[k] = k * t;
  i[t] = a[m / 2] + fact(m) + ops[t & 1](t, m);
  bg[t] = combine(bg[t], v[t], t);
  f[t] = mathy(f[t], d[t]);
  // bf16x2 and half2 math
  __nv_bfloat162 x = b2[t], y = b2[t + 1];
  x = __hfma2(x, y, __hmul2(x, x));
  x = __hmax2(__habs2(x), h2sqrt(y));
  x = __hadd2_sat(x, __hneg2(y));
  x = h2exp(x) + h2log(y) + h2sin(x) + h2rcp(y);
  b2[t] = __floats2bfloat162_rn(__low2float(x) + __bfloat162float(__hmin(x.x, y.y)), __high2float(x));
  __half2 hx = h2[t];
  hx = __hfma2_relu(hx, h2[t + 1], hx);
  h2[t] = __hcmadd(hx, hx, hx);
  // fp8 / fp6 / fp4 conversions
  float2 ff = make_float2(f[t], f[t + 1]);
  __nv_fp8x2_e4m3 e4(ff);
  __nv_fp8x2_e5m2 e5(ff);
  __nv_fp8_e4m3 s4(f[t]);
  q16[t] = (unsigned short)e4.__x ^ e5.__x;
  q8[t] = s4.__x;
  __half2 back = (__half2)e4;
  f[t] += __low2float(back) + float(__nv_fp8_e5m2(d[t]));
  q16[t] ^= __nv_cvt_bfloat16raw2_to_fp8x2(*(__nv_bfloat162_raw *)&b2[t], __NV_SATFINITE, __NV_E4M3);
#if defined(__CUDA_FP6_TYPES_EXIST__)
  __nv_fp6x2_e2m3 p6(ff);
  __nv_fp6x2_e3m2 p6b(ff);
  q16[t] ^= p6.__x ^ p6b.__x;
  f[t] += float(__nv_fp6_e2m3(f[t]));
#endif
#if defined(__CUDA_FP4_TYPES_EXIST__)
  __nv_fp4x2_e2m1 p4(ff);
  q8[t] ^= p4.__x;
  f[t] += float(__nv_fp4_e2m1(f[t]));
  __nv_fp4x4_e2m1 p44(make_float4(f[t], f[t], f[t], f[t]));
  q16[t] ^= p44.__x;
#endif
  q32[t] = __nv_cvt_float_to_e8m0(f[t], __NV_SATFINITE, cudaRoundPosInf);
}

__global__ void gridsync(int *p, int n) {
  cg::grid_group g = cg::this_grid();
  p[g.thread_rank()] = n;
  g.sync();
  p[g.thread_rank()] += p[(g.thread_rank() + 1) % g.size()];
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(b);
  p[g.thread_rank()] += cg::reduce(tile, p[g.thread_rank()], cg::plus<int>());
  g.sync();
}

__global__ void pipe(const float *in, float *out, int n) {
  __shared__ float buf[2][256];
  auto block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_thread> pl = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pl.producer_acquire();
    cuda::memcpy_async(&buf[s][threadIdx.x], &in[s * 256 + threadIdx.x], sizeof(float), pl);
    pl.producer_commit();
  }
  pl.consumer_wait();
  out[threadIdx.x] = buf[0][threadIdx.x] + buf[1][threadIdx.x];
  pl.consumer_release();
  cg::memcpy_async(block, buf[0], in + 512, sizeof(float) * 256);
  cg::wait(block);
  out[threadIdx.x] += buf[0][threadIdx.x];
}

__global__ void texsurf(cudaTextureObject_t cube, cudaTextureObject_t layered,
                        cudaTextureObject_t cubelayered, cudaSurfaceObject_t surf,
                        cudaSurfaceObject_t surfcube, float4 *out, float x, float y, float z) {
  float4 a = texCubemap<float4>(cube, x, y, z);
  float4 b = tex2DLayered<float4>(layered, x, y, 2);
  float4 c = texCubemapLayered<float4>(cubelayered, x, y, z, 1);
  float4 dd = texCubemapLod<float4>(cube, x, y, z, 0.5f);
  float4 e = tex2DLayeredLod<float4>(layered, x, y, 1, 1.f);
  float4 g = tex2DLayeredGrad<float4>(layered, x, y, 1, make_float2(1, 0), make_float2(0, 1));
  float4 h = tex1DLayered<float4>(layered, x, 3);
  float4 r = surf2DLayeredread<float4>(surf, 16, 2, 1);
  surf2DLayeredwrite(a, surf, 16, 2, 1);
  surf1DLayeredwrite(b.x, surf, 4, 1);
  float4 s = surfCubemapread<float4>(surfcube, 16, 2, 3);
  surfCubemapwrite(c, surfcube, 16, 2, 3);
  surfCubemapLayeredwrite(dd, surfcube, 16, 2, 7);
  out[threadIdx.x] = make_float4(a.x + b.y + c.z + dd.w, e.x + g.y, h.z + r.w, s.x);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cluster(int *out) {
  __shared__ int sm[64];
  cg::cluster_group c = cg::this_cluster();
  sm[threadIdx.x] = threadIdx.x * c.block_rank();
  c.sync();
  int *peer = c.map_shared_rank(sm, (c.block_rank() + 1) % c.num_blocks());
  out[threadIdx.x] = peer[threadIdx.x] + c.dim_blocks().x + c.block_index().x;
  c.barrier_arrive();
  c.barrier_wait();
}
#endif
