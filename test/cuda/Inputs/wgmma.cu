// wgmma written the way CUTLASS SM90 and FlashAttention 3 write it: a { }
// block with its own predicate, "n" immediates from template parameters
// (unknown values here), descriptors in "l" operands. test/cuda/wgmma.test.
#include <cstdint>
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && defined(__CUDA_ARCH_FEAT_SM90_ALL))
#  define SM90A_ENABLED
#endif
__device__ void fence(uint32_t& reg) {
#if defined(__CUDA_ARCH__)
  asm volatile("" : "+r"(reg) :: "memory");
#endif
}
template <int N> __device__ void waitg() {
#if defined(SM90A_ENABLED)
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
#endif
}
enum class ScaleIn { Neg = -1, One = 1 };
template <ScaleIn scaleA, ScaleIn scaleB, int tnspA, int tnspB>
__device__ void g(uint64_t const& desc_a, uint64_t const& desc_b, uint32_t& d0, uint32_t& d1, int scale_D) {
#if defined(SM90A_ENABLED)
    asm volatile(
    "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %4, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 "
      "{%0, %1},"
      " %2,"
      " %3,"
      " p,  %5, %6, %7, %8;\n"
    "}\n"
      : "+r"(d0), "+r"(d1)
      :  "l"(desc_a),
         "l"(desc_b),
         "r"(int32_t(scale_D)), "n"(int32_t(scaleA)), "n"(int32_t(scaleB)), "n"(int32_t(tnspA)), "n"(int32_t(tnspB)));
#endif
}
__global__ void k(uint64_t* d, uint32_t* u) { g<ScaleIn::One, ScaleIn::Neg, 0, 1>(d[0], d[1], u[0], u[1], 1); waitg<0>(); fence(u[2]); }
