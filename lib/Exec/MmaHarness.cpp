//===- MmaHarness.cpp - execution harness for mma and mma.sp ---------------===//
//
// Each lane reads its own record from the input buffer: the A, B and C
// fragment registers (and the sparse metadata, the block-scale data), packed
// on the host element by element at the positions the fragment layouts of
// lib/Spec/Layouts.cpp give (9.7.14.5.1-13, 9.7.14.6.2.x); the kernel loads
// them into registers of the fragment's types, executes the instruction and
// stores D's registers to its output record. The check decodes every D
// element through the same layout and compares it with the CPU reference.
//
//===----------------------------------------------------------------------===//
#include "Exec/Harness.h"
#include "Exec/PtxBuilder.h"

#include <array>
#include <cmath>
#include <map>
#include <optional>

namespace ptxlint {
namespace exec {

using namespace spec;

namespace {

uint64_t splitmix(uint64_t &S) {
  uint64_t Z = (S += 0x9E3779B97F4A7C15ull);
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

/// Where an element's bits go inside its slot of a register.
unsigned containerShift(ElemKind T, Packing P) {
  if (P == Packing::Container8 && T == ElemKind::E2M1)
    return 2; // "resides in central 4 bits of the 8-bit container"
  return 0;
}

const char *regType(const FragmentLayout &L, ElemKind T) {
  if (L.RegBits == 64)
    return ".f64";
  if (T == ElemKind::F32)
    return ".f32";
  return ".b32";
}

const char *ldType(const char *RegTy) {
  return std::string(RegTy) == ".f64" ? "f64" : std::string(RegTy) == ".f32" ? "f32" : "b32";
}

/// The meaningful metadata nibbles (9.7.14.6.1): two indices, low first.
const unsigned Meta24[] = {0x4, 0x8, 0x9, 0xC, 0xD, 0xE};
const unsigned MetaTf32[] = {0x4, 0xE};

/// index(lane, i) = sum over the five bits b_k of %laneid of C[k]*b_k,
/// plus Const[i]. (groupID and threadID_in_group are sums of lane bits, and
/// the m8n8k4 .f16 layouts use single bits: every layout of the spec is
/// affine in the bits.)
struct Affine {
  int64_t C[5] = {0, 0, 0, 0, 0};
  std::vector<int64_t> Const;
};

template <typename IndexFn> std::optional<Affine> affineOf(const FragmentLayout &L, IndexFn Index) {
  Affine A;
  const unsigned NE = L.numElems();
  for (unsigned I = 0; I < NE; ++I)
    A.Const.push_back(Index(L.coord(0, I)));
  for (unsigned K = 0; K < 5; ++K) {
    A.C[K] = Index(L.coord(1u << K, 0)) - A.Const[0];
    if (A.C[K] < 0)
      return std::nullopt;
  }
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    int64_t Part = 0;
    for (unsigned K = 0; K < 5; ++K)
      Part += A.C[K] * ((Lane >> K) & 1);
    for (unsigned I = 0; I < NE; ++I)
      if (Index(L.coord(Lane, I)) != Part + A.Const[I])
        return std::nullopt;
  }
  return A;
}

} // namespace

HarnessPlan buildMmaHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed) {
  HarnessPlan P;
  const bool Sparse = F.Kind == ExecKind::MmaSp;
  MmaLayoutKey Key;
  Key.M = F.M, Key.N = F.N, Key.K = F.K;
  Key.AType = F.A, Key.CType = F.C, Key.Sparse = Sparse, Key.Pack = F.Pack;
  Key.ARowMajor = F.ARow, Key.BRowMajor = F.BRow;
  MmaLayoutKey KeyD = Key;
  KeyD.CType = F.D;
  auto LA = mmaLayout(Key, Matrix::A), LB = mmaLayout(Key, Matrix::B),
       LC = mmaLayout(Key, Matrix::C), LD = mmaLayout(KeyD, Matrix::C);
  if (!LA || !LB || !LC || !LD) {
    P.Error = "no fragment layout for this shape and type";
    return P;
  }
  std::optional<SparseLayout> SL;
  if (Sparse) {
    SL = sparseLayout(Key);
    if (!SL) {
      P.Error = "no sparse metadata layout for this shape and type";
      return P;
    }
  }
  uint64_t Rng = Seed;
  const unsigned Inst = LA->Instances;
  const unsigned M = F.M, N = F.N, K = F.K, KP = Sparse ? K / 2 : K;

  // Matrices as raw encodings: A (packed columns for sparse), B, C.
  std::vector<uint64_t> ABits(static_cast<size_t>(Inst * M) * KP),
      BBits(static_cast<size_t>(Inst * K) * N), CBits(static_cast<size_t>(Inst * M) * N);
  for (auto &X : ABits)
    X = randomElem(F.A, splitmix(Rng));
  for (auto &X : BBits)
    X = randomElem(F.B, splitmix(Rng));
  for (size_t I = 0; I < CBits.size(); ++I) {
    uint64_t R = splitmix(Rng);
    if (F.C == ElemKind::S32 && R % 8 == 0) {
      // Near the int32 limits, so that .satfinite and wrapping are seen.
      int64_t Near = (R & 0x100) ? INT32_MAX - int64_t((R >> 12) % 4096)
                                 : INT32_MIN + int64_t((R >> 12) % 4096);
      CBits[I] = uint32_t(int32_t(Near));
    } else {
      CBits[I] = randomElem(F.C, R);
    }
  }
  // Sparse metadata: one nibble per (instance, row, chunk).
  unsigned Chunks = Sparse ? K / SL->ChunkWidth : 0;
  std::vector<unsigned> Meta(static_cast<size_t>(Inst * M) * Chunks);
  for (auto &X : Meta)
    X = SL && SL->ChunkWidth == 2 ? MetaTf32[splitmix(Rng) % 2] : Meta24[splitmix(Rng) % 6];
  // Every valid sparsity selector is exercised: the instruction runs once
  // per selector, each with the metadata placed in the lanes that selector
  // names (9.7.14.6.1), and each D is checked.
  const unsigned NSel = SL ? SL->MaxSelector + 1 : 1;
  // Block scaling (9.7.14.3), selectors all zero.
  unsigned SV = F.BlockScale ? F.ScaleVec : 0;
  std::vector<uint64_t> SABits(static_cast<size_t>(M) * SV), SBBits(static_cast<size_t>(SV) * N);
  for (auto &X : SABits)
    X = randomElem(F.S, splitmix(Rng));
  for (auto &X : SBBits)
    X = randomElem(F.S, splitmix(Rng));

  // Memory images. A is stored row-major (its packed K/2 columns for
  // mma.sp), B column-major, C and D row-major, each element at its natural
  // width (fp6/fp4 in their 8-bit containers under .kind::f8f6f4; 4-bit and
  // 1-bit elements packed low bits first). With these layouts the elements
  // of one sub-byte register are contiguous, so the kernel loads them as one
  // word; wider elements are loaded one by one and packed.
  const ElemKind AT = F.A, BT = F.B;
  auto IdxA = [&](ElemCoord C) { return (int64_t(C.Instance) * M + C.Row) * KP + C.Col; };
  auto IdxB = [&](ElemCoord C) { return (int64_t(C.Instance) * N + C.Col) * K + C.Row; };
  auto IdxC = [&](ElemCoord C) { return (int64_t(C.Instance) * M + C.Row) * N + C.Col; };
  auto BytesOf = [](size_t Elems, unsigned Bits) { return (Elems * Bits + 7) / 8; };
  auto Align = [](size_t X) { return (X + 255) / 256 * 256; };
  const size_t OffA = 0, OffB = OffA + Align(BytesOf(ABits.size(), LA->ElemBits)),
               OffC = OffB + Align(BytesOf(BBits.size(), LB->ElemBits)),
               OffRec = OffC + Align(BytesOf(CBits.size(), LC->ElemBits));
  // Per-lane records: the sparse metadata (one word per selector) and the
  // block-scale data, whose "layout" is which lane holds what.
  const size_t RecWords = (Sparse ? NSel : 0) + (SV ? 2 : 0);
  const size_t RecBytes = std::max<size_t>(4, RecWords * 4);
  P.Input.assign(OffRec + 32 * RecBytes, 0);
  const size_t DRegion = Align(BytesOf(CBits.size(), LD->ElemBits));
  P.OutputBytes = NSel * DRegion;
  const unsigned ShiftA = containerShift(AT, F.Pack), ShiftB = containerShift(BT, F.Pack);
  auto Store = [&](size_t Base, int64_t Index, unsigned Bits, uint64_t V) {
    size_t Bit = size_t(Index) * Bits;
    for (unsigned I = 0; I < Bits; ++I, ++Bit)
      if ((V >> I) & 1)
        P.Input[Base + Bit / 8] |= uint8_t(1u << (Bit % 8));
  };
  for (unsigned I = 0; I < Inst; ++I) {
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cl = 0; Cl < KP; ++Cl)
        Store(OffA, IdxA({I, Rw, Cl}), LA->ElemBits, ABits[(I * M + Rw) * KP + Cl] << ShiftA);
    for (unsigned Rw = 0; Rw < K; ++Rw)
      for (unsigned Cl = 0; Cl < N; ++Cl)
        Store(OffB, IdxB({I, Rw, Cl}), LB->ElemBits, BBits[(I * K + Rw) * N + Cl] << ShiftB);
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cl = 0; Cl < N; ++Cl)
        Store(OffC, IdxC({I, Rw, Cl}), LC->ElemBits, CBits[(I * M + Rw) * N + Cl]);
  }
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    const size_t Rec = OffRec + Lane * RecBytes;
    for (unsigned Sel = 0; Sparse && Sel < NSel; ++Sel) {
      uint32_t E = 0;
      for (unsigned Nib = 0; Nib < 8; ++Nib) {
        unsigned Row, Chunk;
        unsigned V;
        if (metadataChunk(*SL, Lane, Sel, Nib, Row, Chunk))
          V = Meta[Row * Chunks + Chunk];
        else // a lane the selector does not name: any valid value
          V = Meta24[splitmix(Rng) % 6];
        E |= V << (4 * Nib);
      }
      putWord(P.Input, Rec + static_cast<size_t>(4) * Sel, E);
    }
    if (SV) {
      unsigned G = Lane >> 2, Tq = Lane % 4;
      uint32_t SA = uint32_t(splitmix(Rng)), SB = uint32_t(splitmix(Rng));
      if (Tq < 2) { // thread-id-a = 0: the lower thread pair, rows g and g+8
        SA = 0;
        for (unsigned C = 0; C < SV; ++C)
          SA |= uint32_t(SABits[(G + 8 * Tq) * SV + C]) << (8 * C);
      }
      if (Tq == 0) { // thread-id-b = 0
        SB = 0;
        for (unsigned C = 0; C < SV; ++C)
          SB |= uint32_t(SBBits[C * N + G]) << (8 * C);
      }
      putWord(P.Input, Rec + static_cast<size_t>(4) * (Sparse ? NSel : 0), SA);
      putWord(P.Input, Rec + static_cast<size_t>(4) * (Sparse ? NSel : 0) + 4, SB);
    }
  }

  // The layouts as the kernel evaluates them: element i of a lane is at
  // index sum_k C[k]*bit_k(%laneid) + Const[i] of its matrix. The
  // decomposition is computed from the layout and verified on all lanes.
  std::optional<Affine> AA = affineOf(*LA, IdxA), AB = affineOf(*LB, IdxB),
                        AC = affineOf(*LC, IdxC), AD = affineOf(*LD, IdxC);
  if (!AA || !AB || !AC || !AD) {
    P.Error = "a fragment layout is not affine in the lane id";
    return P;
  }
  for (const auto &[L, A] :
       {std::pair<const FragmentLayout *, Affine *>{&*LA, &*AA}, {&*LB, &*AB}}) {
    if (L->ElemBits >= 8)
      continue;
    for (unsigned I = 0; I < L->numElems(); ++I)
      if (A->Const[I] != A->Const[I - I % L->ElemsPerReg] + I % L->ElemsPerReg) {
        P.Error = "sub-byte register elements are not contiguous in memory";
        return P;
      }
  }

  // The kernel.
  PtxBuilder B(T, V, HarnessEntry, {"ptxlint_in", "ptxlint_out"});
  const char *TA = regType(*LA, F.A), *TB = regType(*LB, F.B), *TC = regType(*LC, F.C),
             *TD = regType(*LD, F.D);
  B.regs(".b32", "%hl", 7); // lane, its five bits, scratch index
  B.regs(".b64", "%hp", 8);
  B.regs(".b16", "%hs", 2);
  B.reg(".b32", "%hb");
  B.regs(TA, "%a", LA->NumRegs);
  B.regs(TB, "%b", LB->NumRegs);
  B.regs(TC, "%c", LC->NumRegs);
  B.regs(TD, "%d", LD->NumRegs);
  if (Sparse)
    B.regs(".b32", "%e", NSel);
  if (SV) {
    B.reg(".b32", "%sa");
    B.reg(".b32", "%sb");
  }
  B.inst("mov.u32", {B.r("%hl0"), B.r("%laneid")});
  B.inst("ld.param.u64", {B.r("%hp0"), B.addr("ptxlint_in")});
  B.inst("ld.param.u64", {B.r("%hp1"), B.addr("ptxlint_out")});
  B.inst("cvta.to.global.u64", {B.r("%hp0"), B.r("%hp0")});
  B.inst("cvta.to.global.u64", {B.r("%hp1"), B.r("%hp1")});
  for (unsigned K = 0; K < 5; ++K) // %hl1..%hl5: bit K of %laneid
    B.inst("bfe.u32", {B.r(B.name("%hl", K + 1)), B.r("%hl0"), B.imm(K), B.imm(1)});
  // Pointer Ptr = Base + (lane part of the index) * element size.
  auto LanePtr = [&](const char *Ptr, const char *Base, const Affine &A, unsigned Bits) {
    B.inst("mul.lo.u32", {B.r("%hl6"), B.r("%hl1"), B.imm(A.C[0])});
    for (unsigned K = 1; K < 5; ++K)
      B.inst("mad.lo.u32", {B.r("%hl6"), B.r(B.name("%hl", K + 1)), B.imm(A.C[K]), B.r("%hl6")});
    if (Bits >= 8) {
      B.inst("mul.wide.u32", {B.r("%hp7"), B.r("%hl6"), B.imm(Bits / 8)});
    } else {
      B.inst("shr.u32", {B.r("%hl6"), B.r("%hl6"), B.imm(Bits == 4 ? 1 : 3)});
      B.inst("cvt.u64.u32", {B.r("%hp7"), B.r("%hl6")});
    }
    B.inst("add.s64", {B.r(Ptr), B.r(Base), B.r("%hp7")});
  };
  auto ByteOff = [](int64_t Index, unsigned Bits) { return Index * Bits / 8; };
  // Loads every register of a fragment from its matrix and packs it.
  auto LoadFrag = [&](const char *Prefix, const char *Ty, const FragmentLayout &L, const Affine &A,
                      size_t Off) {
    for (unsigned R = 0; R < L.NumRegs; ++R) {
      std::string Reg = B.name(Prefix, R);
      auto At = [&](unsigned E) {
        return B.addr("%hp2", int64_t(Off) + ByteOff(A.Const[R * L.ElemsPerReg + E], L.ElemBits));
      };
      if (L.ElemBits >= 32) {
        B.inst(std::string("ld.global.") + ldType(Ty), {B.r(Reg), At(0)});
      } else if (L.ElemBits == 16) {
        B.inst("ld.global.b16", {B.r("%hs0"), At(0)});
        B.inst("ld.global.b16", {B.r("%hs1"), At(1)});
        B.inst("mov.b32", {B.r(Reg), B.vec({B.r("%hs0"), B.r("%hs1")})});
      } else if (L.ElemBits == 8) {
        B.inst("ld.global.u8", {B.r(Reg), At(0)});
        for (unsigned E = 1; E < 4; ++E) {
          B.inst("ld.global.u8", {B.r("%hb"), At(E)});
          B.inst("bfi.b32",
                 {B.r(Reg), B.r("%hb"), B.r(Reg), B.imm(static_cast<int64_t>(8) * E), B.imm(8)});
        }
      } else { // 4-bit and 1-bit: the register's elements are one word
        B.inst("ld.global.b32", {B.r(Reg), At(0)});
      }
    }
  };
  LanePtr("%hp2", "%hp0", *AA, LA->ElemBits);
  LoadFrag("%a", TA, *LA, *AA, OffA);
  LanePtr("%hp2", "%hp0", *AB, LB->ElemBits);
  LoadFrag("%b", TB, *LB, *AB, OffB);
  LanePtr("%hp2", "%hp0", *AC, LC->ElemBits);
  LoadFrag("%c", TC, *LC, *AC, OffC);
  if (RecWords) {
    B.inst("mul.wide.u32", {B.r("%hp7"), B.r("%hl0"), B.imm(int64_t(RecBytes))});
    B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp7")});
  }
  for (unsigned Sel = 0; Sparse && Sel < NSel; ++Sel)
    B.inst("ld.global.b32", {B.r(B.name("%e", Sel)),
                             B.addr("%hp3", int64_t(OffRec + static_cast<size_t>(4) * Sel))});
  if (SV) {
    size_t O = OffRec + static_cast<size_t>(4) * (Sparse ? NSel : 0);
    B.inst("ld.global.b32", {B.r("%sa"), B.addr("%hp3", int64_t(O))});
    B.inst("ld.global.b32", {B.r("%sb"), B.addr("%hp3", int64_t(O + 4))});
  }
  LanePtr("%hp4", "%hp1", *AD, LD->ElemBits);
  for (unsigned Sel = 0; Sel < NSel; ++Sel) {
    std::vector<Operand> Ops = {B.vecOf("%d", LD->NumRegs), B.vecOf("%a", LA->NumRegs),
                                B.vecOf("%b", LB->NumRegs), B.vecOf("%c", LC->NumRegs)};
    if (Sparse) {
      Ops.push_back(B.r(B.name("%e", Sel)));
      Ops.push_back(B.imm(Sel));
    }
    if (SV) {
      Ops.push_back(B.r("%sa"));
      Ops.push_back(B.vec({B.imm(0), B.imm(0)}));
      Ops.push_back(B.r("%sb"));
      Ops.push_back(B.vec({B.imm(0), B.imm(0)}));
    }
    B.inst(F.text(), Ops);
    // D goes back to memory by the same layout (row-major D).
    for (unsigned R = 0; R < LD->NumRegs; ++R) {
      auto At = [&](unsigned E) {
        return B.addr("%hp4", int64_t(Sel * DRegion) +
                                  ByteOff(AD->Const[R * LD->ElemsPerReg + E], LD->ElemBits));
      };
      if (LD->ElemBits == 16) {
        B.inst("mov.b32", {B.vec({B.r("%hs0"), B.r("%hs1")}), B.r(B.name("%d", R))});
        B.inst("st.global.b16", {At(0), B.r("%hs0")});
        B.inst("st.global.b16", {At(1), B.r("%hs1")});
      } else {
        B.inst(std::string("st.global.") + ldType(TD), {At(0), B.r(B.name("%d", R))});
      }
    }
  }
  B.inst("ret", {});
  P.Ptx = B.print();

  // The reference, one problem per MMA computation.
  std::vector<MatmulProblem> Probs(Inst);
  auto DecodeBits = [&](ElemKind Ty, uint64_t Bits) { return decodeElem(Ty, Bits); };
  for (unsigned I = 0; I < Inst; ++I) {
    MatmulProblem &Pr = Probs[I];
    Pr.M = M, Pr.N = N, Pr.K = K;
    Pr.AType = F.A, Pr.CType = F.C, Pr.DType = F.D;
    Pr.Satfinite = F.Satfinite;
    Pr.Op = F.Op;
    Pr.Rnd = F.Rnd;
    std::vector<double> Ad(static_cast<size_t>(M) * K, 0.0);
    std::vector<int64_t> Ai(static_cast<size_t>(M) * K, 0);
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cp = 0; Cp < KP; ++Cp) {
        uint64_t Bits = ABits[(I * M + Rw) * KP + Cp];
        unsigned Col = Cp;
        if (Sparse) {
          unsigned Chunk = SL->ChunkWidth == 2 ? Cp : SL->ChunkWidth == 8 ? Cp / 4 : Cp / 2;
          Col = sparseDenseCol(*SL, Cp, Meta[(I * M + Rw) * Chunks + Chunk]);
        }
        Ad[Rw * K + Col] = DecodeBits(F.A, Bits);
        Ai[Rw * K + Col] = int64_t(DecodeBits(F.A, Bits));
      }
    Pr.A = Ad;
    Pr.IA = Ai;
    Pr.B.resize(static_cast<size_t>(K) * N);
    Pr.IB.resize(static_cast<size_t>(K) * N);
    for (unsigned X = 0; X < K * N; ++X) {
      Pr.B[X] = DecodeBits(F.B, BBits[I * K * N + X]);
      Pr.IB[X] = int64_t(Pr.B[X]);
    }
    Pr.C.resize(static_cast<size_t>(M) * N);
    Pr.IC.resize(static_cast<size_t>(M) * N);
    for (unsigned X = 0; X < M * N; ++X) {
      Pr.C[X] = DecodeBits(F.C, CBits[I * M * N + X]);
      Pr.IC[X] = int64_t(Pr.C[X]);
    }
    if (SV) {
      std::vector<double> SA(static_cast<size_t>(M) * SV), SB(static_cast<size_t>(SV) * N);
      for (unsigned X = 0; X < SA.size(); ++X)
        SA[X] = decodeElem(F.S, SABits[X]);
      for (unsigned X = 0; X < SB.size(); ++X)
        SB[X] = decodeElem(F.S, SBBits[X]);
      applyBlockScale(Pr, SA, SV, SB, SV);
    }
  }
  const FragmentLayout LDc = *LD;
  const ElemKind DT = F.D;
  P.Check = [Probs, LDc, DT, NSel, DRegion, Sparse, M, N, Inst](const std::vector<uint8_t> &Out) {
    CheckResult Res;
    // Which lane, register and element holds each D element (for reports).
    std::vector<std::array<unsigned, 3>> Holder(static_cast<size_t>(Inst * M) * N);
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      for (unsigned I = 0; I < LDc.numElems(); ++I) {
        ElemCoord Co = LDc.coord(Lane, I);
        Holder[(Co.Instance * M + Co.Row) * N + Co.Col] = {Lane, I / LDc.ElemsPerReg,
                                                           I % LDc.ElemsPerReg};
      }
    const unsigned Bytes = LDc.ElemBits / 8;
    for (unsigned Sel = 0; Sel < NSel; ++Sel)
      for (unsigned In = 0; In < Inst; ++In)
        for (unsigned Rw = 0; Rw < M; ++Rw)
          for (unsigned Cl = 0; Cl < N; ++Cl) {
            size_t Idx = (In * M + Rw) * N + Cl;
            size_t At = Sel * DRegion + Idx * Bytes;
            uint64_t Bits = Bytes == 8 ? getDWord(Out, At)
                            : Bytes == 4
                                ? getWord(Out, At)
                                : (getWord(Out, At & ~size_t(3)) >> (8 * (At & 3))) & 0xFFFF;
            double Got = decodeElem(DT, Bits);
            int64_t IGot = DT == ElemKind::S32 ? int64_t(int32_t(uint32_t(Bits))) : 0;
            RefValue Ref = referenceElem(Probs[In], Rw, Cl);
            ++Res.Compared;
            if (acceptable(Ref, Got, IGot))
              continue;
            if (Res.Pass) {
              Res.First.Matrix = Sparse ? "D (sparsity selector " + std::to_string(Sel) + ")" : "D";
              Res.First.Instance = In;
              Res.First.Row = Rw;
              Res.First.Col = Cl;
              Res.First.Lane = Holder[Idx][0];
              Res.First.Reg = Holder[Idx][1];
              Res.First.Elem = Holder[Idx][2];
              Res.First.Expected = formatValue(DT, Ref.Value + Ref.Lo, Ref.IValue, Ref.IsInt);
              if (!Ref.IsInt) {
                char Buf[64];
                snprintf(Buf, sizeof Buf, " (tolerance %.3g)", Ref.Tolerance);
                Res.First.Expected += Buf;
              }
              Res.First.Got = formatValue(DT, Got, IGot, Ref.IsInt);
            }
            Res.Pass = false;
            ++Res.Failed;
          }
    return Res;
  };
  return P;
}

} // namespace exec
} // namespace ptxlint
