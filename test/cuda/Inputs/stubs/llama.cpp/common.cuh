// Stand-in for ggml-cuda/common.cuh: the macros and helpers mma.cuh uses,
// defined as ggml defines them for NVIDIA GPUs.
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstring>
#include <type_traits>

#define WARP_SIZE 32
#define GGML_CUDA_CC_VOLTA 700
#define GGML_CUDA_CC_TURING 750
#define GGML_CUDA_CC_AMPERE 800
#define GGML_UNUSED(x) (void)(x)
#define GGML_UNUSED_VARS(...) \
  do {                        \
  } while (0)
#define NO_DEVICE_CODE

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= GGML_CUDA_CC_TURING
#define TURING_MMA_AVAILABLE
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= GGML_CUDA_CC_AMPERE
#define AMPERE_MMA_AVAILABLE
#endif

template <int nbytes>
static __device__ __forceinline__ void ggml_cuda_memcpy_1(void *dst, const void *src) {
  memcpy(dst, src, nbytes);
}
