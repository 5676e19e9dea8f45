; Session 8: LLVM 14 NVPTX output for older targets (sm_35..sm_61, +ptx43..+ptx61):
; address spaces, vector loads, atomics, f16, fma/min/max, ldg, byval structs,
; a call through a pointer, a switch.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, float, double, [3 x i16] }
@gtab = internal addrspace(1) global [16 x i32] zeroinitializer, align 4
@shbuf = internal addrspace(3) global [64 x float] undef, align 4
@ctab = internal addrspace(4) global [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.minnum.f32(float, float)
declare double @llvm.sqrt.f64(double)
declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.ctlz.i64(i64, i1)

define internal i32 @twice(i32 %x) noinline {
  %r = shl i32 %x, 1
  ret i32 %r
}

define internal float @byval_use(%struct.S* byval(%struct.S) align 8 %s) noinline {
  %p = getelementptr %struct.S, %struct.S* %s, i32 0, i32 1
  %f = load float, float* %p
  %q = getelementptr %struct.S, %struct.S* %s, i32 0, i32 2
  %d = load double, double* %q
  %t = fptrunc double %d to float
  %r = fadd float %f, %t
  ret float %r
}

define void @oldk(float addrspace(1)* %out, <4 x float> addrspace(1)* %vin, i32 addrspace(1)* %cnt, half addrspace(1)* %h, i32 %n, i32 (i32)* %fp) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i = add i32 %tid, %cta
  %vp = getelementptr <4 x float>, <4 x float> addrspace(1)* %vin, i32 %i
  %v = load <4 x float>, <4 x float> addrspace(1)* %vp, align 16
  %a = extractelement <4 x float> %v, i32 0
  %b = extractelement <4 x float> %v, i32 3
  %f = call float @llvm.fma.f32(float %a, float %b, float 1.0)
  %m = call float @llvm.minnum.f32(float %f, float %a)
  %sp = getelementptr [64 x float], [64 x float] addrspace(3)* @shbuf, i32 0, i32 %tid
  store float %m, float addrspace(3)* %sp
  call void @llvm.nvvm.barrier0()
  %x = load float, float addrspace(3)* %sp
  %cp = getelementptr [4 x float], [4 x float] addrspace(4)* @ctab, i32 0, i32 %tid
  %c = load float, float addrspace(4)* %cp
  %g = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* %out, i32 4)
  %old = atomicrmw add i32 addrspace(1)* %cnt, i32 1 seq_cst
  %mx = atomicrmw max i32 addrspace(1)* %cnt, i32 %n monotonic
  %pc = call i32 @llvm.ctpop.i32(i32 %old)
  %gp = getelementptr [16 x i32], [16 x i32] addrspace(1)* @gtab, i32 0, i32 %pc
  %gv = load i32, i32 addrspace(1)* %gp
  %call = call i32 %fp(i32 %gv)
  %tw = call i32 @twice(i32 %call)
  %hv = load half, half addrspace(1)* %h
  %hf = fpext half %hv to float
  %s = alloca %struct.S, align 8
  %s1 = getelementptr %struct.S, %struct.S* %s, i32 0, i32 1
  store float %hf, float* %s1
  %s2 = getelementptr %struct.S, %struct.S* %s, i32 0, i32 2
  %dd = fpext float %c to double
  %sq = call double @llvm.sqrt.f64(double %dd)
  store double %sq, double* %s2
  %bu = call float @byval_use(%struct.S* byval(%struct.S) align 8 %s)
  switch i32 %tw, label %def [ i32 0, label %c0
                               i32 7, label %c7
                               i32 9, label %c9 ]
c0:
  br label %done
c7:
  br label %done
c9:
  br label %done
def:
  br label %done
done:
  %sel = phi float [ 1.0, %c0 ], [ 2.0, %c7 ], [ 3.0, %c9 ], [ %g, %def ]
  %z64 = zext i32 %mx to i64
  %lz = call i64 @llvm.ctlz.i64(i64 %z64, i1 false)
  %lzf = uitofp i64 %lz to float
  %r1 = fadd float %x, %sel
  %r2 = fadd float %r1, %bu
  %r3 = fadd float %r2, %lzf
  %op = getelementptr float, float addrspace(1)* %out, i32 %i
  store float %r3, float addrspace(1)* %op
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (float addrspace(1)*, <4 x float> addrspace(1)*, i32 addrspace(1)*, half addrspace(1)*, i32, i32 (i32)*)* @oldk, !"kernel", i32 1}
