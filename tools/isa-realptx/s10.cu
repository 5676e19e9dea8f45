// Session 10: cuda::ptx wrappers and CUDA features the other sources leave out
// (multimem on sm_90, red.async, tensormap.replace/cp_fenceproxy, tcgen05
// alloc/ld/cp/shift/commit on sm_100a, st.bulk, bmsk/prmt/bfind, mbarrier
// test_wait, cp.async.mbarrier.arrive, fence.proxy.alias, fp8/fp6/fp4 and
// atomic_ref min/max on floats), for the mutant sweep (issue 14).
#include <cuda/ptx>
#include <cuda/atomic>
#include <cuda_fp8.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#if __CUDACC_VER_MAJOR__ >= 12
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#endif
namespace ptx = cuda::ptx;
namespace cg = cooperative_groups;

__global__ void bits(unsigned *out, unsigned a, unsigned b) {
#if __CUDA_ARCH__ >= 700
  out[0] = ptx::bmsk_clamp(a, b);
  out[1] = ptx::bmsk_wrap(a, b);
#endif
  out[2] = ptx::prmt(a, b, 0x3210u);
  out[3] = ptx::prmt_f4e(a, b, a);
  out[4] = ptx::bfind(a);
  out[5] = ptx::shl(a, b);
  out[6] = ptx::shr(a, b);
}

__global__ void barriers(uint64_t *bar_g, int *flag) {
  __shared__ uint64_t bar;
  __shared__ int data[64];
#if __CUDA_ARCH__ >= 800
  if (threadIdx.x == 0)
    ptx::mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  ptx::cp_async_mbarrier_arrive(&bar);
  uint64_t st = ptx::mbarrier_arrive(&bar);
  while (!ptx::mbarrier_test_wait(&bar, st)) {
  }
  ptx::fence_proxy_alias();
#endif
  data[threadIdx.x % 64] = threadIdx.x;
  cg::thread_block tb = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(tb);
  int v = cg::reduce(warp, data[threadIdx.x % 64], cg::plus<int>());
  int m = cg::reduce(warp, v, cg::greater<int>());
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*flag);
  r.fetch_max(m, cuda::memory_order_relaxed);
  r.fetch_min(v, cuda::memory_order_acq_rel);
}

__global__ void floats(float *f, double *d, __nv_fp8_e4m3 *p8, unsigned short *p6) {
  cuda::atomic_ref<float, cuda::thread_scope_device> rf(f[0]);
  rf.fetch_add(1.0f);
  cuda::atomic_ref<double, cuda::thread_scope_system> rd(d[0]);
  rd.fetch_add(2.0);
  __nv_fp8_e4m3 x(f[threadIdx.x]);
  __nv_fp8_e5m2 y(d[threadIdx.x]);
  p8[threadIdx.x] = x;
  f[threadIdx.x + 1] = float(y) + float(x);
  __nv_fp8x2_e4m3 pair(make_float2(f[2], f[3]));
  p8[64] = __nv_fp8_e4m3(float2(pair).x);
#if __CUDACC_VER_MAJOR__ >= 12 && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
  __nv_fp6x2_e2m3 s6(make_float2(f[4], f[5]));
  __nv_fp4x2_e2m1 s4(make_float2(f[6], f[7]));
  p6[0] = *reinterpret_cast<unsigned char *>(&s6);
  p6[1] = *reinterpret_cast<unsigned char *>(&s4);
#endif
}

__global__ void hopper(unsigned *mc, unsigned *sm_remote, void *tmap, uint64_t *gbar) {
#if __CUDA_ARCH__ >= 900
  __shared__ alignas(128) char tm_smem[128];
  __shared__ uint64_t bar;
  __shared__ unsigned cnt;
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_gpu, ptx::op_add, mc, 1u);
  unsigned s = ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_gpu, ptx::op_min, mc + 1);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_gpu, mc + 2, s);
  ptx::red_async(ptx::op_add, &cnt, 1u, &bar);
  ptx::red_async(ptx::op_inc, &cnt, 3u, &bar);
  ptx::st_async(&cnt, s, &bar);
  ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_gpu);
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_SPECIFIC__) || defined(__CUDA_ARCH_FAMILY_SPECIFIC__)
  ptx::tensormap_replace_global_address(ptx::space_shared, tm_smem, (unsigned long long)mc);
  ptx::tensormap_replace_rank(ptx::space_shared, tm_smem, 2);
  ptx::tensormap_replace_box_dim(ptx::space_shared, tm_smem, ptx::n32_t<0>(), 64);
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu, tmap, tm_smem, ptx::n32_t<128>());
#endif
#endif
}

#if defined(__CUDA_ARCH_SPECIFIC__) && __CUDA_ARCH_SPECIFIC__ >= 1000
__global__ void blackwell(unsigned *out, unsigned long long desc) {
  __shared__ unsigned taddr_s;
  __shared__ uint64_t bar;
  ptx::tcgen05_alloc(ptx::cta_group_1, &taddr_s, 32);
  ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  unsigned taddr = taddr_s;
  unsigned r[4];
  ptx::tcgen05_ld_32x32b(reinterpret_cast<unsigned(&)[4]>(r), taddr);
  ptx::tcgen05_wait_ld();
  ptx::tcgen05_cp_128x256b(ptx::cta_group_1, taddr, desc);
  ptx::tcgen05_shift_down(ptx::cta_group_1, taddr);
  ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  ptx::tcgen05_fence_before_thread_sync();
  ptx::tcgen05_dealloc(ptx::cta_group_1, taddr, 32);
  ptx::st_bulk(out, 128ull, ptx::n32_t<0>());
  out[threadIdx.x] = r[0] + r[3];
}
#endif
