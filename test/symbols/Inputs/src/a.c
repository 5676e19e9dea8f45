typedef int (*fn_t)(int);
int g_val = 3;
int g_arr[8] = {1, 2, 3};
int *g_ptr = &g_val;
int *g_ptrs[2] = {&g_arr[0], &g_arr[4]};
__attribute__((address_space(3))) int s_buf[64];
__attribute__((address_space(4))) int c_tab[4] = {5, 6, 7, 8};
__attribute__((noinline)) int sq(int x) { return x * x; }
__attribute__((noinline)) int cube(int x) { return x * x * x; }
fn_t g_fns[2] = {sq, cube};
__attribute__((noinline)) int rec(int n) { return n <= 1 ? 1 : n * rec(n - 1); }
struct S { int a[6]; double d; };
__attribute__((noinline)) struct S mk(int x, double y) { struct S s; for (int i = 0; i < 6; ++i) s.a[i] = x + i; s.d = y; return s; }
extern int ext_fn(int);
int tid(void) { int t, l; long long c; __asm__ volatile("mov.u32 %0, %%tid.x;" : "=r"(t)); __asm__ volatile("mov.u32 %0, %%laneid;" : "=r"(l)); __asm__ volatile("mov.u64 %0, %%clock64;" : "=l"(c)); return t + l + (int)c; }
int use(int sel, int *out) {
  int local[16];
  for (int i = 0; i < 16; ++i) local[i] = i * sel;
  s_buf[sel & 63] = local[sel & 15];
  struct S s = mk(sel, 1.5);
  int r = g_fns[sel & 1](sel) + rec(sel) + s.a[sel % 6] + c_tab[sel & 3] + *g_ptr + *g_ptrs[sel & 1] + tid();
  switch (sel) { case 0: r += 3; break; case 1: r *= 7; break; case 2: r -= 11; break; case 3: r ^= 5; break; case 4: r |= 9; break; case 5: r += ext_fn(r); break; }
  __atomic_fetch_add(out, r, __ATOMIC_SEQ_CST);
  return r + (int)s.d;
}
void __attribute__((annotate("kernel"))) kern(int *out, int sel) { out[0] = use(sel, out); }
