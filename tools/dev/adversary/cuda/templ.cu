// Sample D material (session 9): templates instantiating many device functions,
// __grid_constant__ parameters, managed and __constant__ arrays with initializers.
#include <cstdio>
struct Params { float scale; int n; float w[6]; };
__constant__ float cweights[8] = {0.5f, 1.f, 1.5f, 2.f, 2.5f, 3.f, 3.5f, 4.f};
__constant__ short cshort[3] = {-1, 2, -3};
__device__ __managed__ int mcounter = 11;
__device__ __managed__ float mbuf[4] = {1.f, 2.f};
__device__ unsigned long long gwide[2] = {0xffffffffffULL, 7};

template <typename T, int N> __device__ __noinline__ T poly(T x) {
  T r = T(0);
  for (int i = 0; i < N; ++i) r = r * x + T(cweights[i]);
  return r;
}
template <typename T> __device__ __noinline__ T clampv(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }
template <typename T> __device__ __noinline__ void store2(T *p, T a, T b) { p[0] = a; p[1] = b; }

__global__ void k_grid_const(const __grid_constant__ Params p, float *o) {
  int t = threadIdx.x;
  float v = poly<float, 4>(p.w[t % 6] * p.scale) + poly<float, 7>(float(t));
  o[t] = clampv<float>(v, -1.f, float(p.n));
  atomicAdd(&mcounter, 1);
}
__global__ void k_templ(double *d, int *i, short s) {
  int t = threadIdx.x;
  double x = poly<double, 5>(d[t]);
  store2<double>(d + 2 * t, x, clampv<double>(x, 0.0, 1.0));
  store2<int>(i + 2 * t, clampv<int>(t, 2, 9), int(cshort[t % 3]) + s + int(mbuf[t & 3]));
  i[64 + t] = int(gwide[t & 1]);
}
__global__ void k_print(const __grid_constant__ Params p) {
  if (threadIdx.x == 0) printf("%f %d %llu\n", p.scale, p.n, gwide[0]);
}
