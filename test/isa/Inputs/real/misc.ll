target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.fma.rn.f(float, float, float)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare float @llvm.sqrt.f32(float)
declare double @llvm.fma.f64(double, double, double)
declare i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)*, i32)
define void @k(i32 addrspace(1)* %p, float addrspace(1)* %f, double addrspace(1)* %d, i64 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = getelementptr i32, i32 addrspace(1)* %p, i32 %t
  %v = load i32, i32 addrspace(1)* %g
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %c = call i32 @llvm.ctpop.i32(i32 %s)
  %z = call i32 @llvm.ctlz.i32(i32 %c, i1 false)
  %a = atomicrmw add i32 addrspace(1)* %g, i32 %z seq_cst
  %m = atomicrmw max i32 addrspace(1)* %g, i32 %a monotonic
  %x = cmpxchg i32 addrspace(1)* %g, i32 %m, i32 3 acq_rel monotonic
  %i = call i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)* %g, i32 5)
  call void @llvm.nvvm.barrier0()
  %ff = load float, float addrspace(1)* %f
  %fm = call float @llvm.nvvm.fma.rn.f(float %ff, float %ff, float 1.0)
  %sq = call float @llvm.sqrt.f32(float %fm)
  %dv = fdiv float %sq, 3.0
  %fi = fptosi float %dv to i32
  %ex = sext i32 %fi to i64
  %mu = mul i64 %ex, %n
  %sh = lshr i64 %mu, 3
  %sel = icmp sgt i64 %sh, 10
  %r = select i1 %sel, float %dv, float %ff
  store float %r, float addrspace(1)* %f
  %dd = load double, double addrspace(1)* %d
  %df = call double @llvm.fma.f64(double %dd, double %dd, double 2.0)
  %dr = fdiv double %df, %dd
  store double %dr, double addrspace(1)* %d
  %sum = add i32 %i, %s
  store i32 %sum, i32 addrspace(1)* %g
  br i1 %sel, label %loop, label %out
loop:
  %k = phi i64 [0, %entry], [%k1, %loop]
  %k1 = add i64 %k, 1
  %e = icmp ult i64 %k1, %n
  br i1 %e, label %loop, label %out
out:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{void (i32 addrspace(1)*, float addrspace(1)*, double addrspace(1)*, i64)* @k, !"kernel", i32 1}
