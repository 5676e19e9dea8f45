// Sample D material (session 9): dynamic parallelism, weak and extern symbols across -rdc.
extern __device__ int shared_total;
extern __device__ int remote_step(int);
__device__ __attribute__((weak)) int weak_bias(int x) { return x + 3; }
__device__ int shared_total = 0;
__global__ void child(int *o, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) o[t] = remote_step(o[t]) + weak_bias(t);
  atomicAdd(&shared_total, 1);
}
__global__ void parent(int *o, int n, int depth) {
  if (threadIdx.x == 0) {
    child<<<(n + 63) / 64, 64>>>(o, n);
    if (depth > 0) parent<<<1, 32>>>(o + n, n / 2, depth - 1);
  }
}
__global__ void spawn_stream(int *o, int n) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  child<<<1, 32, 128, s>>>(o, n);
  cudaStreamDestroy(s);
}
