// Inline matrix asm written the ways CUTLASS, llama.cpp and FlashAttention
// write it. Every statement assembles: nvcc -arch=sm_90a -cubin clean.cu.
#include <cstdint>

#define DEVICE __device__ __forceinline__
#define CP_ASYNC_COMMIT() asm volatile("cp.async.commit_group;\n" ::)

DEVICE void mma_f16_f32(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2],
                        const float (&c)[4]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,  %1,  %2,  %3},"
               "{%4,  %5,  %6,  %7},"
               "{%8,  %9},"
               "{%10, %11, %12, %13};\n"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                 "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
}

DEVICE void mma_f16_acc(uint32_t (&d)[2], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  // In-place accumulator: "+r" is an output that is also read.
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, "
               "{%6, %7}, {%0, %1};"
               : "+r"(d[0]), "+r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

DEVICE void mma_tf32(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, "
               "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

DEVICE void ldsm_x4(uint32_t (&r)[4], uint32_t smem) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem));
}

DEVICE void ldsm_x2_trans(uint32_t (&r)[2], const void *smem) {
  // A 64-bit generic address ("l") works as well as a 32-bit shared one.
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(r[0]), "=r"(r[1])
               : "l"(smem));
}

DEVICE uint32_t movm(uint32_t s) {
  uint32_t d;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(s));
#else
  d = s;
#endif
  return d;
}

DEVICE void stsm_x4(uint32_t smem, const uint32_t (&r)[4]) {
#if __CUDA_ARCH__ >= 900
  asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(smem),
               "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
#endif
}

DEVICE void raw_block(uint32_t (&r)[2], uint32_t smem, int pred) {
  // A raw string with a block of its own declarations and a %= label.
  asm volatile(R"(
    {
      .reg .pred p;
      setp.ne.b32 p, %3, 0;
      @!p bra SKIP_%=;
      ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];
    SKIP_%=:
    }
)"
               : "=r"(r[0]), "=r"(r[1])
               : "r"(smem), "r"(pred));
}

DEVICE void wmma_load(uint32_t (&a)[8], const void *p, int ld) {
  asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
               "{%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
               : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]),
                 "=r"(a[6]), "=r"(a[7])
               : "l"(p), "r"(ld));
}

DEVICE void cp_async(uint32_t smem, const void *g) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], %2;\n" ::"r"(smem), "l"(g), "n"(16));
  CP_ASYNC_COMMIT();
}

DEVICE uint32_t lane_id() {
  uint32_t l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l)); // %% is a literal %
  return l;
}

DEVICE void fence() { asm volatile("membar.gl;"); } // basic asm: no placeholders

DEVICE uint16_t half_neg(uint16_t h) {
  uint16_t r;
  asm("{neg.f16 %0, %1;}\n" : "=h"(r) : "h"(h));
  return r;
}

DEVICE double twice(double x) {
  double r;
  asm("add.f64 %0, %1, %1;" : "=d"(r) : "d"(x));
  return r;
}

#ifndef __CUDA_ARCH__
// Host code: x86 assembly is not PTX and is not checked.
inline unsigned long long cycles() {
  unsigned lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}
#endif

__global__ void kernel(float *out, const uint32_t *in, int n) {
  __shared__ alignas(128) uint32_t smem[1024];
  uint32_t s = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  uint32_t a[4] = {in[0], in[1], in[2], in[3]}, b[2] = {in[4], in[5]}, h[2] = {in[6], in[7]};
  float c[4] = {0, 0, 0, 0}, d[4];
  mma_f16_f32(d, a, b, c);
  mma_f16_acc(h, a, b);
  mma_tf32(d, a, b);
  uint32_t r[4], r2[2];
  ldsm_x4(r, s);
  ldsm_x2_trans(r2, smem);
  raw_block(r2, s, n);
  stsm_x4(s, r);
  uint32_t w[8];
  wmma_load(w, in, 16);
  cp_async(s, in);
  r[0] += movm(r[1]) + lane_id() + half_neg(r[2]) + w[3];
  fence();
  out[threadIdx.x] = d[0] + d[1] + d[2] + d[3] + r[0] + r2[0] + h[0] + twice(n);
}
