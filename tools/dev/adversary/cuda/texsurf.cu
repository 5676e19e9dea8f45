// Sample D material (session 9): texture and surface objects, inlined helpers (compile with -G too).
__device__ __forceinline__ float lerp1(float a, float b, float t) { return a + t * (b - a); }
__device__ __forceinline__ int wrap(int x, int n) { return ((x % n) + n) % n; }
__global__ void k_tex(cudaTextureObject_t tex, cudaTextureObject_t tex2, float *o, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float a = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  float4 b = tex1Dfetch<float4>(tex2, wrap(x - 1, w));
  o[y * w + x] = lerp1(a, b.x + b.w, 0.25f);
}
__global__ void k_surf(cudaSurfaceObject_t s, cudaSurfaceObject_t s3, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float v; surf2Dread(&v, s, wrap(x + 1, w) * 4, y);
  surf2Dwrite(lerp1(v, 1.f, 0.5f), s, x * 4, y);
  uchar4 c = make_uchar4(x, y, 0, 255);
  surf3Dwrite(c, s3, x * 4, y, 1);
}
__global__ void k_tex3(cudaTextureObject_t t3, int *o) {
  int4 q = tex3D<int4>(t3, threadIdx.x, 1.f, 2.f);
  o[threadIdx.x] = q.x + q.y + wrap(q.z, 7);
}
