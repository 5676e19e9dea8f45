// Sample D material (session 9): large static shared and constant data, local arrays, long long math.
__constant__ int big_const[4096] = {1, 2, 3, 4, 5};
__global__ void k_shared(float *o, int n) {
  __shared__ float tile[96][97];
  __shared__ int hist[512];
  int t = threadIdx.x;
  hist[t & 511] = 0;
  tile[t % 96][t % 97] = o[t] * big_const[t & 4095];
  __syncthreads();
  atomicAdd(&hist[n & 511], 1);
  o[t] = tile[(t + 1) % 96][t % 97] + hist[t & 511];
}
__global__ void k_ll(long long *a, unsigned long long m) {
  long long loc[9];
  for (int i = 0; i < 9; ++i) loc[i] = a[i] * (long long)m;
  a[threadIdx.x] = loc[threadIdx.x % 9] / (m | 1) + __mul64hi(m, m);
}
