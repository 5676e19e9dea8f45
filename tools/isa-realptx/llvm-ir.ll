; LLVM IR (typed pointers, LLVM 14) for llc's NVPTX back end: NVVM intrinsics
; for atomics with scopes, ldg/ldu, shuffles, votes, match, textures and
; surfaces through handles, f16/f16x2 arithmetic, min/max, fma, bit ops,
; i128, vector loads and stores, select, switch, and address spaces.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@gsh = internal addrspace(3) global [64 x float] undef, align 4
@gc = internal addrspace(4) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@gg = addrspace(1) global i64 0, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p1i32(i32 addrspace(1)*, i32)
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p1v4f32(<4 x float> addrspace(1)*, i32)
declare i64 @llvm.nvvm.ldu.global.i.i64.p1i64(i64 addrspace(1)*, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)
declare {i32, i1} @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare {i32, i1} @llvm.nvvm.match.all.sync.i32p(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32*, i32)
declare i64 @llvm.nvvm.atomic.add.gen.i.sys.i64.p0i64(i64*, i64)
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0f32(float*, float)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0i32(i32*, i32, i32)
declare i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)*, i32)
declare i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0i32(i32*, i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0i32(i32*, i32)
declare double @llvm.nvvm.fma.rn.d(double, double, double)
declare float @llvm.nvvm.fma.rz.ftz.f(float, float, float)
declare float @llvm.nvvm.fmin.ftz.f(float, float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.rcp.rn.f(float)
declare double @llvm.nvvm.rcp.approx.ftz.d(double)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare float @llvm.nvvm.lg2.approx.f(float)
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.saturate.f(float)
declare i32 @llvm.nvvm.mulhi.i(i32, i32)
declare i64 @llvm.nvvm.mulhi.ull(i64, i64)
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32)
declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare i32 @llvm.nvvm.f2i.rm(float)
declare i64 @llvm.nvvm.d2ll.rp(double)
declare float @llvm.nvvm.ui2f.rz(i32)
declare i16 @llvm.nvvm.f2h.rn(float)
declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i64 @llvm.fshr.i64(i64, i64, i64)
declare i32 @llvm.bswap.i32(i32)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.minnum.f32(float, float)
declare double @llvm.maxnum.f64(double, double)
declare float @llvm.trunc.f32(float)
declare double @llvm.nearbyint.f64(double)
declare i32 @llvm.smax.i32(i32, i32)
declare i16 @llvm.umin.i16(i16, i16)
declare i32 @llvm.abs.i32(i32, i1)
declare {float, float, float, float} @llvm.nvvm.tex.unified.2d.v4f32.f32(i64, float, float)
declare {i32, i32, i32, i32} @llvm.nvvm.tex.unified.1d.v4s32.s32(i64, i32)
declare {float, float, float, float} @llvm.nvvm.tld4.unified.r.2d.v4f32.f32(i64, float, float)
declare i32 @llvm.nvvm.suld.2d.i32.clamp(i64, i32, i32)
declare void @llvm.nvvm.sust.b.1d.i32.trap(i64, i32, i32)
declare i32 @llvm.nvvm.txq.width(i64)
declare i1 @llvm.nvvm.isspacep.shared(i8*)
declare i32 @vprintf(i8*, i8*)

define void @kern(float addrspace(1)* %f, i32 addrspace(1)* %i, i64 addrspace(1)* %l, <4 x float> addrspace(1)* %v, half addrspace(1)* %h, <2 x half> addrspace(1)* %h2, i128 addrspace(1)* %q, i64 %tex, i64 %surf, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %clk = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %fp = getelementptr float, float addrspace(1)* %f, i32 %tid
  %ip = getelementptr i32, i32 addrspace(1)* %i, i32 %tid
  %x = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* %fp, i32 4)
  %xi = call i32 @llvm.nvvm.ldg.global.i.i32.p1i32(i32 addrspace(1)* %ip, i32 4)
  %xv = call <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p1v4f32(<4 x float> addrspace(1)* %v, i32 16)
  %xl = call i64 @llvm.nvvm.ldu.global.i.i64.p1i64(i64 addrspace(1)* %l, i32 8)
  %sp = getelementptr [64 x float], [64 x float] addrspace(3)* @gsh, i32 0, i32 %lane
  store float %x, float addrspace(3)* %sp, align 4
  call void @llvm.nvvm.barrier0()
  %cnt = call i32 @llvm.nvvm.barrier0.popc(i32 %xi)
  %all = call i32 @llvm.nvvm.barrier0.and(i32 %cnt)
  %sx = load float, float addrspace(3)* %sp, align 4
  %cp = getelementptr [4 x i32], [4 x i32] addrspace(4)* @gc, i32 0, i32 %all
  %cv = load i32, i32 addrspace(4)* %cp, align 4
  %s1 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %xi, i32 1, i32 31)
  %s2 = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %sx, i32 3, i32 31)
  %s3p = call {i32, i1} @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %s3 = extractvalue {i32, i1} %s3p, 0
  %s3b = extractvalue {i32, i1} %s3p, 1
  %c0 = icmp sgt i32 %s3, %n
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %c0)
  %an = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %s3b)
  %un = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %an)
  %m1 = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %s3)
  %m2p = call {i32, i1} @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %m1)
  %m2 = extractvalue {i32, i1} %m2p, 0
  %am = or i32 %m2, 1
  call void @llvm.nvvm.bar.warp.sync(i32 %am)
  call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)
  %gp = addrspacecast i32 addrspace(1)* %ip to i32*
  %a1 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* %gp, i32 %b)
  %lp = addrspacecast i64 addrspace(1)* %l to i64*
  %a2 = call i64 @llvm.nvvm.atomic.add.gen.i.sys.i64.p0i64(i64* %lp, i64 %clk)
  %fgp = addrspacecast float addrspace(1)* %fp to float*
  %a3 = call float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0f32(float* %fgp, float %s2)
  %a4 = call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0i32(i32* %gp, i32 %a1, i32 %m2)
  %a5 = call i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)* %ip, i32 17)
  %a6 = call i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0i32(i32* %gp, i32 %a5)
  %a7 = call i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0i32(i32* %gp, i32 %a6)
  %rmw = atomicrmw umin i32 addrspace(1)* %ip, i32 %a7 seq_cst
  %rmw2 = atomicrmw xchg i64 addrspace(1)* @gg, i64 %a2 monotonic
  %cx = cmpxchg i64 addrspace(1)* @gg, i64 %rmw2, i64 %xl acq_rel monotonic
  %cx0 = extractvalue {i64, i1} %cx, 0
  %rf = atomicrmw fadd float addrspace(1)* %fp, float %a3 monotonic
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  %fd = fpext float %rf to double
  %d1 = call double @llvm.nvvm.fma.rn.d(double %fd, double %fd, double 1.5)
  %f1 = call float @llvm.nvvm.fma.rz.ftz.f(float %x, float %sx, float %s2)
  %f2 = call float @llvm.nvvm.fmin.ftz.f(float %f1, float 2.0)
  %f3 = call float @llvm.nvvm.sqrt.approx.f(float %f2)
  %f4 = call float @llvm.nvvm.rcp.rn.f(float %f3)
  %d2 = call double @llvm.nvvm.rcp.approx.ftz.d(double %d1)
  %f5 = call float @llvm.nvvm.ex2.approx.ftz.f(float %f4)
  %f6 = call float @llvm.nvvm.lg2.approx.f(float %f5)
  %f7 = call float @llvm.nvvm.sin.approx.f(float %f6)
  %f8 = call float @llvm.nvvm.saturate.f(float %f7)
  %f9 = call float @llvm.fma.f32(float %f8, float %f8, float 1.0)
  %f10 = call float @llvm.minnum.f32(float %f9, float %sx)
  %f11 = call float @llvm.trunc.f32(float %f10)
  %d3 = call double @llvm.maxnum.f64(double %d2, double %fd)
  %d4 = call double @llvm.nearbyint.f64(double %d3)
  %fdiv = fdiv float %f11, %x
  %frem = frem float %fdiv, 3.0
  %i1 = call i32 @llvm.nvvm.mulhi.i(i32 %xi, i32 %cv)
  %l1 = call i64 @llvm.nvvm.mulhi.ull(i64 %xl, i64 %cx0)
  %i2 = call i32 @llvm.nvvm.sad.ui(i32 %i1, i32 %a4, i32 %n)
  %i3 = call i32 @llvm.nvvm.prmt(i32 %i2, i32 %i1, i32 13330)
  %i4 = call i32 @llvm.nvvm.f2i.rm(float %frem)
  %l2 = call i64 @llvm.nvvm.d2ll.rp(double %d4)
  %f12 = call float @llvm.nvvm.ui2f.rz(i32 %i4)
  %hb = call i16 @llvm.nvvm.f2h.rn(float %f12)
  %i5 = call i32 @llvm.ctpop.i32(i32 %i3)
  %l3 = call i64 @llvm.ctlz.i64(i64 %l2, i1 false)
  %i6 = call i32 @llvm.bitreverse.i32(i32 %i5)
  %i7 = call i32 @llvm.fshl.i32(i32 %i6, i32 %i3, i32 %n)
  %l4 = call i64 @llvm.fshr.i64(i64 %l3, i64 %l1, i64 13)
  %i8 = call i32 @llvm.bswap.i32(i32 %i7)
  %i9 = call i32 @llvm.smax.i32(i32 %i8, i32 %rmw)
  %i10 = call i32 @llvm.abs.i32(i32 %i9, i1 false)
  %t16 = trunc i32 %i10 to i16
  %u16 = call i16 @llvm.umin.i16(i16 %t16, i16 %hb)
  %hp = getelementptr half, half addrspace(1)* %h, i32 %tid
  %hv = load half, half addrspace(1)* %hp, align 2
  %hc = bitcast i16 %u16 to half
  %hs = fadd half %hv, %hc
  %hm = fmul half %hs, %hv
  %hcmp = fcmp olt half %hm, %hs
  store half %hm, half addrspace(1)* %hp, align 2
  %h2v = load <2 x half>, <2 x half> addrspace(1)* %h2, align 4
  %h2s = fmul <2 x half> %h2v, %h2v
  %h2f = fsub <2 x half> %h2s, %h2v
  store <2 x half> %h2f, <2 x half> addrspace(1)* %h2, align 4
  %txs = call {float, float, float, float} @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %tex, float %x, float %sx)
  %tx1s = call {i32, i32, i32, i32} @llvm.nvvm.tex.unified.1d.v4s32.s32(i64 %tex, i32 %tid)
  %tgs = call {float, float, float, float} @llvm.nvvm.tld4.unified.r.2d.v4f32.f32(i64 %tex, float %x, float %f1)
  %su = call i32 @llvm.nvvm.suld.2d.i32.clamp(i64 %surf, i32 %tid, i32 %n)
  call void @llvm.nvvm.sust.b.1d.i32.trap(i64 %surf, i32 %tid, i32 %su)
  %tw = call i32 @llvm.nvvm.txq.width(i64 %tex)
  %txe = extractvalue {float, float, float, float} %txs, 1
  %tge = extractvalue {float, float, float, float} %tgs, 2
  %tx1e = extractvalue {i32, i32, i32, i32} %tx1s, 3
  %tx = insertelement <4 x float> %xv, float %txe, i32 0
  %tg = insertelement <4 x float> %xv, float %tge, i32 3
  %gen = addrspacecast float addrspace(3)* %sp to float*
  %gen8 = bitcast float* %gen to i8*
  %iss = call i1 @llvm.nvvm.isspacep.shared(i8* %gen8)
  %qp = getelementptr i128, i128 addrspace(1)* %q, i32 %tid
  %qv = load i128, i128 addrspace(1)* %qp, align 16
  %qx = zext i64 %l4 to i128
  %qm = mul i128 %qv, %qx
  %qd = lshr i128 %qm, 7
  store i128 %qd, i128 addrspace(1)* %qp, align 16
  %vs = fadd <4 x float> %xv, %tx
  %vsel = select i1 %hcmp, <4 x float> %vs, <4 x float> %tg
  store <4 x float> %vsel, <4 x float> addrspace(1)* %v, align 16
  %sum0 = fadd float %txe, %tge
  %sum1 = select i1 %iss, float %sum0, float %fdiv
  %ci = sitofp i32 %tx1e to float
  %sum2 = fadd float %sum1, %ci
  store float %sum2, float addrspace(1)* %fp, align 4
  %r0 = add i32 %i10, %tw
  %r1 = select i1 %un, i32 %r0, i32 %ws
  switch i32 %r1, label %done [ i32 0, label %c0l
                                i32 5, label %c5l
                                i32 9, label %c9l ]
c0l:
  store i32 %ntid, i32 addrspace(1)* %ip, align 4
  br label %done
c5l:
  %lo = alloca [8 x i32], align 4
  %lp2 = getelementptr [8 x i32], [8 x i32]* %lo, i32 0, i32 %n
  store volatile i32 %r1, i32* %lp2, align 4
  %lv = load volatile i32, i32* %lp2, align 4
  store i32 %lv, i32 addrspace(1)* %ip, align 4
  br label %done
c9l:
  %fmt = getelementptr [4 x i32], [4 x i32] addrspace(4)* @gc, i32 0, i32 0
  %fmtg = addrspacecast i32 addrspace(4)* %fmt to i32*
  %fmt8 = bitcast i32* %fmtg to i8*
  %pr = call i32 @vprintf(i8* %fmt8, i8* null)
  br label %done
done:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{void (float addrspace(1)*, i32 addrspace(1)*, i64 addrspace(1)*, <4 x float> addrspace(1)*, half addrspace(1)*, <2 x half> addrspace(1)*, i128 addrspace(1)*, i64, i64, i32)* @kern, !"kernel", i32 1}
