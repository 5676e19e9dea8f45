extern __device__ int ext_fn(int, float);
extern __device__ int ext_var[];
__device__ __noinline__ int helper(int x) { return x * 3 + ext_var[x]; }
__global__ void k_ext(int *o, float f) { o[threadIdx.x] = ext_fn(helper(threadIdx.x), f); }
