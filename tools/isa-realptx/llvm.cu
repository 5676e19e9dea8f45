#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
typedef unsigned long long u64; typedef unsigned u32;
__device__ int gcount; __constant__ float ctab[8]; __device__ int garr[4] = {1, 2, 3, 4};
extern "C" __device__ int vprintf(const char *, void *);
__device__ __attribute__((noinline)) float helper(float x, int k) { return x * ctab[k & 7] + (float)garr[k & 3]; }
__device__ __attribute__((noinline)) void bigret(int *p, int n) { for (int i = 0; i < n; ++i) p[i] = i * i; }
struct S { int a; float b; double c; char d[3]; };
__device__ __attribute__((noinline)) S mk(S s, int k) { s.a += k; s.c *= 2; return s; }
__global__ void k1(int *p, u32 *u, u64 *q, float *f, double *d, short *s, signed char *c, __int128 *w, int n) {
  int t = __nvvm_read_ptx_sreg_tid_x() + __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ctaid_x();
  __shared__ int sh[64]; __shared__ double shd[8];
  sh[t & 63] = p[t]; shd[t & 7] = d[t];
  __syncthreads();
  int x = sh[(t + 1) & 63];
  x += __nvvm_atom_add_gen_i(&p[1], 1) + __nvvm_atom_xchg_gen_i(&p[2], x) + __nvvm_atom_max_gen_i(&p[3], x) + __nvvm_atom_min_gen_ui(&u[1], 3u);
  x += __nvvm_atom_inc_gen_ui(&u[2], 9u) + __nvvm_atom_dec_gen_ui(&u[3], 9u) + __nvvm_atom_cas_gen_i(&p[4], 1, 2) + __nvvm_atom_and_gen_i(&p[5], 3) + __nvvm_atom_or_gen_i(&p[6], 3) + __nvvm_atom_xor_gen_i(&p[7], 3);
  x += (int)__nvvm_atom_add_gen_ll((long long *)&q[1], 5) + (int)__nvvm_atom_cas_gen_ll((long long *)&q[2], 1, 2) + (int)__nvvm_atom_add_gen_f(&f[1], 1.f);
  x += __nvvm_atom_add_gen_i(&sh[3], 2) + __atomic_fetch_add(&gcount, 1, __ATOMIC_SEQ_CST) + __atomic_fetch_sub(&p[8], 1, __ATOMIC_RELAXED);
#if __CUDA_ARCH__ >= 600
  x += (int)__nvvm_atom_add_gen_d(&d[1], 1.0) + __nvvm_atom_cta_add_gen_i(&p[9], 1) + __nvvm_atom_sys_add_gen_i(&p[10], 1);
#endif
#if __CUDA_ARCH__ >= 700
  x += __nvvm_shfl_sync_idx_i32(0xffffffff, x, 3, 31) + __nvvm_shfl_sync_bfly_i32(0xffffffff, x, 1, 31) + __nvvm_shfl_sync_up_i32(0xffffffff, x, 1, 0) + __nvvm_shfl_sync_down_i32(0xffffffff, x, 2, 31);
  x += __nvvm_vote_all_sync(0xffffffff, x > 0) + __nvvm_vote_any_sync(0xffffffff, x > 1) + __nvvm_vote_ballot_sync(0xffffffff, x > 2) + __nvvm_vote_uni_sync(0xffffffff, x);
  x += __nvvm_match_any_sync_i32(0xffffffff, x); __nvvm_bar_warp_sync(0xffffffff);
#else
  x += __nvvm_shfl_idx_i32(x, 3, 31) + __nvvm_shfl_bfly_i32(x, 1, 31) + (int)__nvvm_shfl_down_f32((float)x, 1, 31);
#endif
  x += __nvvm_bar0_popc(x > 0) + __nvvm_bar0_and(x > 1) + __nvvm_bar0_or(x > 2);
  __nvvm_membar_cta(); __nvvm_membar_gl(); __nvvm_membar_sys();
  float y = f[t]; double z = d[t];
  y = helper(y, x) + __nvvm_fma_rn_f(y, y, y) + __nvvm_sqrt_rn_f(y) + __nvvm_rcp_rn_f(y) + __nvvm_div_rn_f(y, 3.f) + __nvvm_ex2_approx_f(y) + __nvvm_lg2_approx_f(y) + __nvvm_sin_approx_f(y) + __nvvm_fmax_f(y, 1.f) + __nvvm_saturate_f(y) + __nvvm_floor_f(y) + __nvvm_fabs_f(y) + __nvvm_rsqrt_approx_f(y);
  z = __nvvm_fma_rz_d(z, z, z) + __nvvm_sqrt_rn_d(z) + __nvvm_rcp_rm_d(z) + __nvvm_div_rp_d(z, 3.0) + __nvvm_fmin_d(z, 2.0) + __nvvm_rsqrt_approx_d(z) + __builtin_floor(z) + __builtin_trunc(z);
  x += __nvvm_f2i_rn(y) + __nvvm_f2i_rz(y) + (int)__nvvm_f2ui_rm(y) + __nvvm_d2i_rp(z) + (int)__nvvm_d2ll_rn(z) + (int)__nvvm_f2ull_rz(y);
  y += __nvvm_i2f_rn(x) + __nvvm_ui2f_rz(x) + __nvvm_ll2f_rm(q[0]) + __nvvm_d2f_rn(z) + __nvvm_d2f_rz_ftz(z) + __nvvm_f2h_rn(y);
  z += __nvvm_i2d_rn(x) + __nvvm_ull2d_rz(q[0]) + __nvvm_lohi_i2d(x, x + 1) + (double)__nvvm_d2i_lo(z);
  x += __builtin_popcount(x) + __builtin_clz(x) + __builtin_bitreverse32(x) + (int)__builtin_bitreverse64(q[0]) + __nvvm_mulhi_i(x, 7) + __nvvm_mul24_i(x, 3) + __nvvm_sad_i(x, 3, 1) + __nvvm_prmt(x, 5, 0x3210) + __nvvm_bitcast_f2i(y);
  x += (int)(q[0] >> (x & 63)) + (int)(q[1] << 3) + (x >> 2) + ((u32)x >> 5) + x / 7 + x % 9 + (int)(q[2] / 11) + (int)(w[0] * w[1] >> 64);
  s[t] = (short)y; c[t] = (signed char)z; x += s[t + 1] + c[t + 2] + (unsigned char)c[3] + (unsigned short)s[4];
  switch (x & 7) { case 0: x += 3; break; case 1: x *= 5; break; case 2: x -= 7; break; case 3: x ^= 11; break; case 4: x |= 13; break; default: x = ~x; }
  int loc[16]; bigret(loc, x & 15); x += loc[t & 15];
  S st = {x, y, z, {1, 2, 3}}; st = mk(st, x); x += st.a + st.d[1];
  if (x == 12345) { struct { int a; double b; } args = {x, z}; vprintf("v %d %f\n", &args); }
  if (x == 999) __builtin_trap();
  p[t] = x + __nvvm_read_ptx_sreg_laneid() + __nvvm_read_ptx_sreg_warpid() + __nvvm_read_ptx_sreg_nctaid_y() + (int)__nvvm_read_ptx_sreg_clock64() + __nvvm_read_ptx_sreg_lanemask_lt();
  f[t] = y; d[t] = z + shd[(t + 3) & 7]; q[t] = __nvvm_ldg_ll((const long long *)&q[t + 1]) + (u64)__nvvm_ldg_i(&p[t + 2]) + (u64)__nvvm_ldg_f(&f[t + 3]);
  w[t] = w[t + 1] * (__int128)x + (w[t + 2] >> 3);
}
