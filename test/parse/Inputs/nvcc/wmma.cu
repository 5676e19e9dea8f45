// Source of Inputs/nvcc/wmma_sm80.ptx and wmma_sm120a.ptx (CUDA 13.0):
//   nvcc -arch=sm_80 -ptx wmma.cu -o wmma_sm80.ptx
//   nvcc -arch=sm_120a -ptx wmma.cu -o wmma_sm120a.ptx
// wmma of every kind (f16, bf16, tf32, f64, s8/u8, s4, b1) and cp.async.
#include <mma.h>
#include <cuda_bf16.h>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
using namespace nvcuda;
namespace cg = cooperative_groups;
template <typename TA, typename TC, int M, int N, int K, typename LA, typename LB>
__device__ void run(const TA* a, const TA* b, TC* c, int ld) {
  wmma::fragment<wmma::matrix_a, M, N, K, TA, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, TA, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
  wmma::fill_fragment(fc, TC(0));
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, ld, wmma::mem_col_major);
}
__global__ void kh(const half* a, const half* b, float* c, half* ch, int ld) {
  run<half, float, 16, 16, 16, wmma::row_major, wmma::col_major>(a, b, c, ld);
  run<half, float, 32, 8, 16, wmma::col_major, wmma::row_major>(a, b, c, ld);
  run<half, half, 8, 32, 16, wmma::row_major, wmma::row_major>(a, b, ch, ld);
}
__global__ void ki(const signed char* a, const signed char* b, int* c, const unsigned char* ua, int ld) {
  run<signed char, int, 16, 16, 16, wmma::row_major, wmma::col_major>(a, b, c, ld);
  run<unsigned char, int, 32, 8, 16, wmma::row_major, wmma::col_major>(ua, ua, c, ld);
}
#if __CUDA_ARCH__ >= 800
__global__ void kbf(const __nv_bfloat16* a, const __nv_bfloat16* b, float* c, int ld) {
  run<__nv_bfloat16, float, 16, 16, 16, wmma::row_major, wmma::col_major>(a, b, c, ld);
}
__global__ void ktf(const float* a, const float* b, float* c, int ld) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, ld, wmma::mem_row_major);
}
__global__ void kd(const double* a, const double* b, double* c, int ld) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
  wmma::fill_fragment(fc, 0.0);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, ld, wmma::mem_row_major);
}
__global__ void ks4(const void* a, const void* b, int* c, int ld) {
  using namespace wmma::experimental;
  wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::s4, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::s4, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
  wmma::fill_fragment(fc, 0);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, ld, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> bb;
  wmma::load_matrix_sync(ba, a, 128);
  wmma::load_matrix_sync(bb, b, 128);
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> bc;
  wmma::fill_fragment(bc, 0);
  wmma::bmma_sync(bc, ba, bb, bc, wmma::experimental::bmmaBitOpAND);
  wmma::store_matrix_sync(c, bc, ld, wmma::mem_row_major);
}
__global__ void kpipe(float* out, const float* in) {
  __shared__ float s[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(float) * 256);
  cg::wait(block);
  out[threadIdx.x] = s[threadIdx.x] * 2;
}
#endif
