// Dynamic parallelism (compiled with -rdc=true), device-side cudaMalloc,
// cooperative grid sync, texture objects of every shape (tld4, lod, grad, layered).
#include <cooperative_groups.h>
__device__ inline float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
namespace cg = cooperative_groups;
__global__ void child(int *p, int n) { if (threadIdx.x < n) p[threadIdx.x] += 1; }
__global__ void parent(int *p, int n) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(p, n);
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    child<<<2, 64, 0, s>>>(p + 64, n);
    cudaStreamDestroy(s);
    void *q = nullptr; cudaMalloc(&q, 64); cudaFree(q);
    int dev; cudaGetDevice(&dev); p[1] = dev;
  }
}
__global__ void coop(int *p) {
  cg::grid_group g = cg::this_grid(); p[g.thread_rank()] = 1; g.sync();
  cg::thread_block b = cg::this_thread_block(); b.sync(); p[0] += b.size();
}
__global__ void tex4(cudaTextureObject_t t, cudaSurfaceObject_t s, float4 *o, int *oi) {
  int i = threadIdx.x; float x = i * 0.25f;
  float4 a = tex2Dgather<float4>(t, x, x, 0) + tex2Dgather<float4>(t, x, x, 3);
  float4 b = tex1DLayered<float4>(t, x, 1) + tex3DLod<float4>(t, x, x, x, 0.5f) + tex3DGrad<float4>(t, x, x, x, make_float4(1, 0, 0, 0), make_float4(0, 1, 0, 0));
  float4 c = texCubemapLayered<float4>(t, x, x, x, 2) + tex2DLayeredLod<float4>(t, x, x, 1, 0.f) + tex1DGrad<float4>(t, x, 0.f, 1.f);
  int4 d = tex2D<int4>(t, x, x); uint2 e = tex1Dfetch<uint2>(t, i); short2 h = tex1D<short2>(t, x); unsigned char uc = tex2D<unsigned char>(t, x, x);
  o[i] = make_float4(a.x + b.y + c.z, (float)d.w, (float)e.x + h.y + uc, 0.f);
  int2 w; surf2Dread(&w, s, i * 8, 0, cudaBoundaryModeZero); surf2Dwrite(make_int2(w.y, w.x), s, i * 8, 1, cudaBoundaryModeTrap);
  uchar4 z; surf3Dread(&z, s, i * 4, 0, 1); surf1DLayeredwrite(z, s, i * 4, 2); short sh; surfCubemapread(&sh, s, i * 2, 0, 3); surf2DLayeredwrite(sh, s, i * 2, 0, 1);
  oi[i] = w.x + z.x + sh;
}
