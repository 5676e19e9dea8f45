#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
__global__ void mmak(const half *a, const half *b, float *c, unsigned *u) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.f); wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc); wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
#if __CUDA_ARCH__ >= 900 && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  float d[8] = {0}; unsigned long long da = u[0], db = u[1];
  asm volatile("wgmma.fence.sync.aligned;");
  asm volatile("wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, 1, 1, 1, 0, 0;"
    : "+f"(d[0]),"+f"(d[1]),"+f"(d[2]),"+f"(d[3]),"+f"(d[4]),"+f"(d[5]),"+f"(d[6]),"+f"(d[7]) : "l"(da), "l"(db));
  asm volatile("wgmma.commit_group.sync.aligned;"); asm volatile("wgmma.wait_group.sync.aligned 0;");
  for (int i = 0; i < 8; ++i) c[threadIdx.x * 8 + i] += d[i];
#endif
#if __CUDA_ARCH__ >= 1000 && defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ unsigned taddr;
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;" :: "r"((unsigned)__cvta_generic_to_shared(&taddr)));
  asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
  unsigned ta = taddr; unsigned r0, r1;
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(ta));
  asm volatile("tcgen05.wait::ld.sync.aligned;");
  asm volatile("tcgen05.st.sync.aligned.32x32b.x2.b32 [%0], {%1, %2};" :: "r"(ta), "r"(r0), "r"(r1));
  asm volatile("tcgen05.wait::st.sync.aligned;");
  asm volatile("tcgen05.fence::before_thread_sync;"); asm volatile("tcgen05.fence::after_thread_sync;");
  asm volatile("{.reg .pred p; setp.ne.u32 p, %4, 0; tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;}" :: "r"(ta), "l"((unsigned long long)u[2]), "l"((unsigned long long)u[3]), "r"(u[4]), "r"(u[5]));
  asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];" :: "r"((unsigned)__cvta_generic_to_shared(&taddr)));
  asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" :: "r"(ta));
  u[threadIdx.x] = r0 + r1;
#endif
}
