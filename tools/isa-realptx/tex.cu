__global__ void texk(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaSurfaceObject_t s2, cudaSurfaceObject_t s1, float *o, int n) {
  int i = threadIdx.x; float x = i * 0.5f;
  float4 a = tex1Dfetch<float4>(t1, i); float b = tex2D<float>(t2, x, x); float c = tex2DLod<float>(t2, x, x, 1.f);
  float4 g = tex2Dgather<float4>(t2, x, x, 1); float d = tex1D<float>(t1, x); float e = tex3D<float>(t1, x, x, x);
  float f = tex2DLayered<float>(t2, x, x, 2); int ii = tex1Dfetch<int>(t1, i); float cm = texCubemap<float>(t1, x, x, x);
  float gr = tex2DGrad<float>(t2, x, x, make_float2(1.f, 0.f), make_float2(0.f, 1.f));
  float v; surf2Dread(&v, s2, i * 4, 0); surf2Dwrite(v + 1.f, s2, i * 4, 1); int w; surf1Dread(&w, s1, i * 4, cudaBoundaryModeClamp); surf1Dwrite(w, s1, i * 4);
  float4 q; surf2DLayeredread(&q, s2, i * 16, 0, 1); surf3Dwrite(q, s1, i * 16, 0, 0);
  o[i] = a.x + b + c + g.y + d + e + f + ii + cm + gr + v + w + q.z;
}
