__device__ float helper(float x);
__device__ __noinline__ float helper(float x) { return x * 2.f; }
extern __device__ float ext_fn(float);
__global__ void k3(float *o, int n) {
  float acc = 0;
  for (int i = 0; i < n; ++i) acc += helper(o[i]);
  o[threadIdx.x] = acc;
  atomicMax((int*)o, n);
  __nanosleep(100);
  o[1] = __ballot_sync(0xffffffff, acc > 0) + __popc(n);
}
