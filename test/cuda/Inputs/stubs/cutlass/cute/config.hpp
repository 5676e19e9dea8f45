// Stand-in for CUTLASS's cute/config.hpp: what cute/arch/*_sm75.hpp use.
#pragma once
#include <cstdint>
#define CUTE_HOST_DEVICE __forceinline__ __host__ __device__
#define CUTE_INVALID_CONTROL_PATH(x) \
  do {                               \
  } while (0)
#define CUTE_RUNTIME_ASSERT(x) \
  do {                         \
  } while (0)
namespace cute {
struct alignas(16) uint128_t {
  uint64_t lo, hi;
};
CUTE_HOST_DEVICE uint32_t cast_smem_ptr_to_uint(void const *p) {
#if defined(__CUDA_ARCH__)
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
#else
  return 0;
#endif
}
} // namespace cute
