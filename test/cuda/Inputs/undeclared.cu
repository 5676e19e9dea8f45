// Names an inline asm template uses without declaring them (issue 12).
// Each BAD_n statement is one error of ptxas ("Unknown symbol"); the rest
// is taken by nvcc and ptxas as it stands (test/cuda/undeclared.test).
__device__ int g;

__global__ void k(int x, int *o) {
  int y = 0;
  // Declared in the file, outside the template: taken.
  asm volatile("ld.global.b32 %0, [g];" : "=r"(y));
  asm volatile(".reg .b32 t<2>;");
  asm volatile("mov.b32 t1, %0;" ::"r"(x));
  asm volatile("{ .reg .pred %%p; setp.eq.u32 %%p, %1, 0; @%%p bra.uni DONE;\n"
               "  mov.b32 %0, 1;\nDONE: }"
               : "=r"(y)
               : "r"(x));
  // The compiler's own registers: declared by nvcc, how many is unknown.
  asm volatile("mov.b32 %0, %%r1;" : "=r"(y));
#ifdef BAD
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t@q mov.b32 %0, 1;\n}"
               : "=r"(y)
               : "r"(x));
  asm volatile("bra.uni LBL_NOPE;");
  asm volatile("mov.b32 %0, %%tmp;" : "=r"(y));
  asm volatile("{ .reg .b32 a, b; mov.b32 a, b; mov.b32 c, a; }");
  asm volatile("ld.shared.b32 %0, [nosuchsym];" : "=r"(y));
#endif
  *o = y;
}
