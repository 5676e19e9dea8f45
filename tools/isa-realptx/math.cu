#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void mathk(float *f, double *d, int *i, unsigned *u, long long *l, unsigned long long *ul, __half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, short *s, signed char *sc, unsigned char *uc, float4 *f4) {
  int t = threadIdx.x; float x = f[t]; double y = d[t];
  i[t] = __float2int_rn(x) + __float2int_rz(x) + __float2int_ru(x) + __float2int_rd(x) + (int)__float2uint_rn(x) + __double2int_rz(y) + (int)__double2uint_ru(y);
  l[t] = __float2ll_rn(x) + __double2ll_rd(y) + (long long)__float2ull_rz(x) + (long long)__double2ull_rn(y);
  f[t] = __int2float_rn(i[t]) + __uint2float_rz(u[t]) + __ll2float_rd(l[t]) + __ull2float_ru(ul[t]) + __double2float_rn(y) + __double2float_rz(y) + __saturatef(x) + __fadd_rz(x, 1.f) + __fmul_ru(x, 2.f) + __fmaf_rd(x, x, x) + __frcp_rn(x) + __fsqrt_rd(x) + __fdiv_ru(x, 3.f);
  d[t] = __int2double_rn(i[t]) + __ll2double_rz(l[t]) + __ull2double_rd(ul[t]) + (double)x + __dadd_rn(y, 1.0) + __fma_rz(y, y, y) + __drcp_rn(y) + __dsqrt_ru(y) + sqrt(y) + rsqrt(y) + __dmul_ru(y, 3.0);
  s[t] = (short)x; sc[t] = (signed char)y; uc[t] = (unsigned char)x; i[t+1] = (int)s[t+1] + sc[t+1] + uc[t+1];
  __half hx = h[t]; __half2 hx2 = h2[t]; __nv_bfloat16 bx = b[t]; __nv_bfloat162 bx2 = b2[t];
  hx = __hadd(hx, __hmul(hx, hx)); hx = __hfma(hx, hx, hx); hx = __hmax(hx, __hmin(hx, __float2half_rz(x))); hx = hsqrt(hx) + hexp(hx) + hsin(hx) + hrcp(hx) + __habs(hx) + __hneg(hx);
  hx2 = __hadd2(hx2, __hmul2(hx2, hx2)); hx2 = __hfma2_relu(hx2, hx2, hx2); hx2 = __hmax2(hx2, __hmin2_nan(hx2, hx2)); hx2 = h2sqrt(hx2) + h2exp(hx2) + __habs2(hx2) + __hsub2_sat(hx2, hx2);
  bool cmp = __hgt(hx, hx) || __hbeq2(hx2, hx2) || __hisnan(hx);
  bx = __hadd(bx, __hmul(bx, bx)); bx = __hfma(bx, bx, bx); bx = __hmax(bx, __float2bfloat16_rz(x)); bx2 = __hfma2(bx2, bx2, bx2); bx2 = __hmax2(bx2, bx2); bx2 = __habs2(bx2) + __hneg2(bx2) + h2sqrt(bx2);
  h[t] = hx + __float2half(__bfloat162float(bx)) + __double2half(y) + __int2half_rn(i[t]) + __ushort2half_rd(u[t]) + __ll2half_rz(l[t]); h2[t] = hx2 + __floats2half2_rn(x, (float)cmp) + __float22half2_rn(make_float2(x, x));
  b[t] = bx + __float2bfloat16(x) + __double2bfloat16(y) + __int2bfloat16_rn(i[t]); b2[t] = bx2 + __floats2bfloat162_rn(x, 1.f);
  f[t+1] = __half2float(hx) + __low2float(hx2) + __bfloat162float(bx) + __high2float(bx2) + (float)__half2int_rz(hx) + (float)__bfloat162int_rn(bx);
  unsigned a = u[t], c = u[t+1];
  u[t] = __byte_perm(a, c, 0x5410) + __funnelshift_l(a, c, 5) + __funnelshift_rc(a, c, a) + __brev(a) + __clz(a) + __popc(c) + __ffs(a) + __umulhi(a, c) + __usad(a, c, 1) + __uhadd(a, c) + __urhadd(a, c) + __mul24(a, c);
  unsigned vv; asm("vadd.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(vv) : "r"(a), "r"(c), "r"(a)); asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(vv) : "r"(vv), "r"(c), "r"(a)); asm("vmad.u32.u32.u32 %0, %1, %2, %3;" : "=r"(vv) : "r"(vv), "r"(c), "r"(a)); u[t+10]=vv;
  unsigned bf; asm("bfe.u32 %0, %1, 4, 8;" : "=r"(bf) : "r"(a)); unsigned bi; asm("bfi.b32 %0, %1, %2, 4, 8;" : "=r"(bi) : "r"(a), "r"(c));
  int sb; asm("bfe.s32 %0, %1, %2, %3;" : "=r"(sb) : "r"((int)a), "r"(c), "r"(a));
  i[t+2] = __dp4a((int)a, (int)c, 3) + (int)__dp4a(a, c, 3u) + __dp2a_lo((int)a, (int)c, 1) + (int)__dp2a_hi(a, c, 1u) + sb;
  u[t+2] = __vabsdiffu4(a, c) + __vadd2(a, c) + __vsub4(a, c) + __vmaxs2(a, c) + __vcmpgtu4(a, c) + __vavgu2(a, c) + __vsads4(a, c) + __vhaddu2(a, c) + bf + bi;
  ul[t] = __umul64hi(ul[t], ul[t+1]) + __brevll(ul[t]) + (unsigned long long)__mul64hi(l[t], l[t+1]);
  f[t+2] = __expf(x) + __logf(x) + __sinf(x) + __cosf(x) + __powf(x, 2.f) + __tanf(x) + exp2f(x) + log2f(x) + rsqrtf(x) + copysignf(x, 2.f) + fmaxf(x, 1.f) + truncf(x) + floorf(x) + ceilf(x) + rintf(x) + roundf(x) + fmodf(x, 3.f);
  d[t+1] = exp(y) + log(y) + sin(y) + floor(y) + ceil(y) + trunc(y) + rint(y) + fmin(y, 2.0) + fabs(y) + __hiloint2double(i[t], i[t+1]) + __longlong_as_double(l[t]) + (double)__double2hiint(y);
  float4 v = f4[t]; v.x += __ldg(&f[t+3]); v.y += __ldcs(&f[t+4]); v.z += __ldlu(&f[t+5]); v.w += __ldcv(&f[t+6]); 
  __stwb(&f4[t+1], v); __stcg(&f[t+7], v.x); __stcs(&f[t+8], v.y); __stwt(&f[t+9], v.z); float4 w = __ldca(&f4[t+2]); f4[t] = w;
  i[t+3] = __ldg(&i[t+4]) + __ldcg(&i[t+5]) + (int)__ldg(&ul[t+1]);
}
