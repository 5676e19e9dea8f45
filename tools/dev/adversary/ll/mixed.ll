; Sample D material (session 9): hand-written LLVM IR for llc-14 -march=nvptx64 with several
; -mcpu/-mattr: globals with initializers in several address spaces, byval structs, vectors,
; an indirect call, a varargs-free recursive function, and a kernel with maxntid metadata.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, float, [3 x double] }

@gtab = addrspace(1) global [6 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6], align 16
@cvals = addrspace(4) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4
@sh = internal addrspace(3) global [128 x double] undef, align 8
@gptr = addrspace(1) global i32 addrspace(1)* getelementptr ([6 x i32], [6 x i32] addrspace(1)* @gtab, i64 0, i64 2), align 8
@fp = addrspace(1) global i32 (i32)* @inc, align 8

define internal i32 @inc(i32 %x) noinline {
  %r = add i32 %x, 1
  ret i32 %r
}

define i32 @rec(i32 %n) noinline {
entry:
  %c = icmp sle i32 %n, 1
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %v = call i32 @rec(i32 %m)
  %p = mul i32 %v, %n
  ret i32 %p
done:
  ret i32 1
}

define %struct.S @mks(i32 %a, float %b) noinline {
  %s0 = insertvalue %struct.S undef, i32 %a, 0
  %s1 = insertvalue %struct.S %s0, float %b, 1
  ret %struct.S %s1
}

define float @sumv(<4 x float> %v, %struct.S* byval(%struct.S) align 8 %s) noinline {
  %a = extractelement <4 x float> %v, i32 0
  %b = extractelement <4 x float> %v, i32 3
  %fp = getelementptr %struct.S, %struct.S* %s, i32 0, i32 1
  %f = load float, float* %fp
  %t = fadd float %a, %b
  %r = fadd float %t, %f
  ret float %r
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @kern(float addrspace(1)* %o, i32 %n, <4 x float> %v) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call %struct.S @mks(i32 %tid, float 2.0)
  %tmp = alloca %struct.S, align 8
  store %struct.S %s, %struct.S* %tmp
  %f = call float @sumv(<4 x float> %v, %struct.S* byval(%struct.S) align 8 %tmp)
  %fpv = load i32 (i32)*, i32 (i32)* addrspace(1)* @fp
  %ic = call i32 %fpv(i32 %n)
  %rc = call i32 @rec(i32 %ic)
  %gi = getelementptr [6 x i32], [6 x i32] addrspace(1)* @gtab, i32 0, i32 %tid
  %g = load i32, i32 addrspace(1)* %gi
  %ci = getelementptr [4 x float], [4 x float] addrspace(4)* @cvals, i32 0, i32 %tid
  %cv = load float, float addrspace(4)* %ci
  %shp = getelementptr [128 x double], [128 x double] addrspace(3)* @sh, i32 0, i32 %tid
  %d = sitofp i32 %rc to double
  store double %d, double addrspace(3)* %shp
  %sum = add i32 %g, %rc
  %sf = sitofp i32 %sum to float
  %t1 = fadd float %f, %sf
  %t2 = fadd float %t1, %cv
  %op = getelementptr float, float addrspace(1)* %o, i32 %tid
  store float %t2, float addrspace(1)* %op
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{void (float addrspace(1)*, i32, <4 x float>)* @kern, !"kernel", i32 1}
!1 = !{void (float addrspace(1)*, i32, <4 x float>)* @kern, !"maxntidx", i32 256}
