// Planted mistakes, one per statement. ptxas (CUDA 13.0) rejects each of
// the PTX ones: nvcc -arch=sm_90a -cubin bad.cu; the FRONTEND_ERRORS ones
// nvcc itself rejects: nvcc -DFRONTEND_ERRORS -arch=sm_90a -cubin bad.cu.
#include <cstdint>

#define DEVICE __device__ __forceinline__
#define OP "mma.sync.aligned.m16n8k16.row.col"

DEVICE void register_count(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2}, "
               "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

DEVICE void shape(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, "
               "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

DEVICE void f16_accumulator_as_float(float (&d)[2], const uint32_t (&a)[4],
                                     const uint32_t (&b)[2]) {
  // .f16 accumulators are packed f16x2 in .b32 registers: "=f" gives .f32 ones.
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1},\n\t"
               "{%2, %3, %4, %5},\n\t{%6, %7},\n\t{%0, %1};\n"
               : "+f"(d[0]), "+f"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

DEVICE void ldmatrix_h(uint16_t (&r)[4], uint32_t smem) {
  // "h" is a 16-bit register; ldmatrix writes .b32 ones.
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=h"(r[0]), "=h"(r[1]), "=h"(r[2]), "=h"(r[3])
               : "r"(smem));
}

DEVICE void ldmatrix_x3(uint32_t (&r)[3], uint32_t smem) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%0, %1, %2}, [%3];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2])
               : "r"(smem));
}

DEVICE uint32_t movm_guard(uint32_t s) {
  uint32_t d = s;
#if __CUDA_ARCH__ >= 700
  asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(s));
#endif
  return d;
}

DEVICE uint32_t movm_version_guard(uint32_t s) {
  uint32_t d = s;
#if __CUDA_ARCH__ >= 11800
  asm("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(s));
#endif
  return d;
}

DEVICE void macro_template(uint32_t (&d)[2], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile(OP ".f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};"
               : "+r"(d[0]), "+r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

#ifdef FRONTEND_ERRORS
DEVICE void operand_index(uint32_t &d, uint32_t s) {
  asm("mov.b32 %0, %2;" : "=r"(d) : "r"(s));
}

DEVICE void named(uint32_t &d, uint32_t s) {
  asm("mov.b32 %[out], %[in];" : [out] "=r"(d) : [in] "r"(s));
}

DEVICE void matching(uint32_t &d) {
  asm("add.u32 %0, %1, 1;" : "=r"(d) : "0"(d));
}
#endif

__global__ void kernel(float *out, const uint32_t *in) {
  uint32_t a[4] = {in[0], in[1], in[2], in[3]}, b[2] = {in[4], in[5]}, h2[2] = {in[6], in[7]};
  uint16_t h[4];
  float d[4] = {0, 0, 0, 0};
  register_count(d, a, b);
  shape(d, a, b);
  float f2[2] = {d[0], d[1]};
  f16_accumulator_as_float(f2, a, b);
  ldmatrix_h(h, in[8]);
  uint32_t r3[3];
  ldmatrix_x3(r3, in[9]);
  macro_template(h2, a, b);
  out[0] = d[0] + f2[0] + h[0] + r3[0] + movm_guard(in[10]) + movm_version_guard(in[11]) + h2[0];
}
