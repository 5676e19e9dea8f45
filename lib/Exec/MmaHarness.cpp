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

#include <cmath>
#include <map>

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
  const bool IsInt = !isFloatType(F.A);

  // Matrices as raw encodings: A (packed columns for sparse), B, C.
  std::vector<uint64_t> ABits(Inst * M * KP), BBits(Inst * K * N), CBits(Inst * M * N);
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
  std::vector<unsigned> Meta(Inst * M * Chunks);
  for (auto &X : Meta)
    X = SL && SL->ChunkWidth == 2 ? MetaTf32[splitmix(Rng) % 2] : Meta24[splitmix(Rng) % 6];
  // Every valid sparsity selector is exercised: the instruction runs once
  // per selector, each with the metadata placed in the lanes that selector
  // names (9.7.14.6.1), and each D is checked.
  const unsigned NSel = SL ? SL->MaxSelector + 1 : 1;
  // Block scaling (9.7.14.3), selectors all zero.
  unsigned SV = F.BlockScale ? F.ScaleVec : 0;
  std::vector<uint64_t> SABits(M * SV), SBBits(SV * N);
  for (auto &X : SABits)
    X = randomElem(F.S, splitmix(Rng));
  for (auto &X : SBBits)
    X = randomElem(F.S, splitmix(Rng));

  // Per-lane input record.
  auto words = [](const FragmentLayout &L) { return L.NumRegs * L.RegBits / 32; };
  const size_t OffA = 0, OffB = OffA + 4 * words(*LA), OffC = OffB + 4 * words(*LB),
               OffE = OffC + 4 * words(*LC), OffSA = OffE + (Sparse ? 4 * NSel : 0),
               OffSB = OffSA + (SV ? 4 : 0), InEnd = OffSB + (SV ? 4 : 0);
  const size_t InRec = (InEnd + 7) / 8 * 8;
  const size_t DBytes = 4 * words(*LD);
  const size_t OutRec = (NSel * DBytes + 7) / 8 * 8;
  P.Input.assign(32 * InRec, 0);
  P.OutputBytes = 32 * OutRec;

  auto pack = [&](const FragmentLayout &L, ElemKind Ty, const std::vector<uint64_t> &Bits,
                  unsigned Cols, size_t Off, unsigned Lane) {
    const unsigned Shift = containerShift(Ty, F.Pack);
    const uint64_t Mask = L.ElemBits == 64 ? ~0ull : ((1ull << L.ElemBits) - 1);
    for (unsigned R = 0; R < L.NumRegs; ++R) {
      uint64_t Reg = 0;
      for (unsigned E = 0; E < L.ElemsPerReg; ++E) {
        ElemCoord Co = L.coord(Lane, R * L.ElemsPerReg + E);
        uint64_t B = Bits[(Co.Instance * L.Rows + Co.Row) * Cols + Co.Col];
        Reg |= ((B << Shift) & Mask) << (E * L.ElemBits);
      }
      size_t At = Off + size_t(R) * (L.RegBits / 8);
      if (L.RegBits == 64)
        putDWord(P.Input, Lane * InRec + At, Reg);
      else
        putWord(P.Input, Lane * InRec + At, uint32_t(Reg));
    }
  };
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    pack(*LA, F.A, ABits, KP, OffA, Lane);
    pack(*LB, F.B, BBits, N, OffB, Lane);
    pack(*LC, F.C, CBits, N, OffC, Lane);
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
      putWord(P.Input, Lane * InRec + OffE + 4 * Sel, E);
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
      putWord(P.Input, Lane * InRec + OffSA, SA);
      putWord(P.Input, Lane * InRec + OffSB, SB);
    }
  }

  // The kernel.
  PtxBuilder B(T, V, HarnessEntry, {"ptxlint_in", "ptxlint_out"});
  const char *TA = regType(*LA, F.A), *TB = regType(*LB, F.B), *TC = regType(*LC, F.C),
             *TD = regType(*LD, F.D);
  B.reg(".b32", "%hl");
  B.regs(".b64", "%hp", 6);
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
  B.inst("mov.u32", {B.r("%hl"), B.r("%laneid")});
  B.inst("ld.param.u64", {B.r("%hp0"), B.addr("ptxlint_in")});
  B.inst("ld.param.u64", {B.r("%hp1"), B.addr("ptxlint_out")});
  B.inst("cvta.to.global.u64", {B.r("%hp0"), B.r("%hp0")});
  B.inst("cvta.to.global.u64", {B.r("%hp1"), B.r("%hp1")});
  B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(int64_t(InRec))});
  B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp2")});
  B.inst("mul.wide.u32", {B.r("%hp4"), B.r("%hl"), B.imm(int64_t(OutRec))});
  B.inst("add.s64", {B.r("%hp5"), B.r("%hp1"), B.r("%hp4")});
  auto loads = [&](const char *Prefix, const char *Ty, const FragmentLayout &L, size_t Off) {
    for (unsigned R = 0; R < L.NumRegs; ++R)
      B.inst(std::string("ld.global.") + ldType(Ty),
             {B.r(B.name(Prefix, R)), B.addr("%hp3", int64_t(Off + R * (L.RegBits / 8)))});
  };
  loads("%a", TA, *LA, OffA);
  loads("%b", TB, *LB, OffB);
  loads("%c", TC, *LC, OffC);
  for (unsigned Sel = 0; Sparse && Sel < NSel; ++Sel)
    B.inst("ld.global.b32", {B.r(B.name("%e", Sel)), B.addr("%hp3", int64_t(OffE + 4 * Sel))});
  if (SV) {
    B.inst("ld.global.b32", {B.r("%sa"), B.addr("%hp3", int64_t(OffSA))});
    B.inst("ld.global.b32", {B.r("%sb"), B.addr("%hp3", int64_t(OffSB))});
  }
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
    for (unsigned R = 0; R < LD->NumRegs; ++R)
      B.inst(std::string("st.global.") + ldType(TD),
             {B.addr("%hp5", int64_t(Sel * DBytes + R * (LD->RegBits / 8))), B.r(B.name("%d", R))});
  }
  B.inst("ret", {});
  P.Ptx = B.print();

  // The reference, one problem per MMA computation.
  std::vector<MatmulProblem> Probs(Inst);
  auto decodeBits = [&](ElemKind Ty, uint64_t Bits) { return decodeElem(Ty, Bits); };
  for (unsigned I = 0; I < Inst; ++I) {
    MatmulProblem &Pr = Probs[I];
    Pr.M = M, Pr.N = N, Pr.K = K;
    Pr.AType = F.A, Pr.CType = F.C, Pr.DType = F.D;
    Pr.Satfinite = F.Satfinite;
    Pr.Op = F.Op;
    Pr.Rnd = F.Rnd;
    std::vector<double> Ad(M * K, 0.0);
    std::vector<int64_t> Ai(M * K, 0);
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cp = 0; Cp < KP; ++Cp) {
        uint64_t Bits = ABits[(I * M + Rw) * KP + Cp];
        unsigned Col = Cp;
        if (Sparse) {
          unsigned Chunk = SL->ChunkWidth == 2 ? Cp : SL->ChunkWidth == 8 ? Cp / 4 : Cp / 2;
          Col = sparseDenseCol(*SL, Cp, Meta[(I * M + Rw) * Chunks + Chunk]);
        }
        Ad[Rw * K + Col] = decodeBits(F.A, Bits);
        Ai[Rw * K + Col] = int64_t(decodeBits(F.A, Bits));
      }
    Pr.A = Ad;
    Pr.IA = Ai;
    Pr.B.resize(K * N);
    Pr.IB.resize(K * N);
    for (unsigned X = 0; X < K * N; ++X) {
      Pr.B[X] = decodeBits(F.B, BBits[I * K * N + X]);
      Pr.IB[X] = int64_t(Pr.B[X]);
    }
    Pr.C.resize(M * N);
    Pr.IC.resize(M * N);
    for (unsigned X = 0; X < M * N; ++X) {
      Pr.C[X] = decodeBits(F.C, CBits[I * M * N + X]);
      Pr.IC[X] = int64_t(Pr.C[X]);
    }
    if (SV) {
      std::vector<double> SA(M * SV), SB(SV * N);
      for (unsigned X = 0; X < SA.size(); ++X)
        SA[X] = decodeElem(F.S, SABits[X]);
      for (unsigned X = 0; X < SB.size(); ++X)
        SB[X] = decodeElem(F.S, SBBits[X]);
      applyBlockScale(Pr, SA, SV, SB, SV);
    }
  }
  const FragmentLayout LDc = *LD;
  const ElemKind DT = F.D;
  P.Check = [Probs, LDc, DT, OutRec, NSel, DBytes, Sparse](const std::vector<uint8_t> &Out) {
    CheckResult Res;
    for (unsigned Sel = 0; Sel < NSel; ++Sel)
      for (unsigned Lane = 0; Lane < 32; ++Lane)
        for (unsigned R = 0; R < LDc.NumRegs; ++R) {
          size_t At = Lane * OutRec + Sel * DBytes;
          uint64_t Reg = LDc.RegBits == 64 ? getDWord(Out, At + R * 8) : getWord(Out, At + R * 4);
          for (unsigned E = 0; E < LDc.ElemsPerReg; ++E) {
            ElemCoord Co = LDc.coord(Lane, R * LDc.ElemsPerReg + E);
            uint64_t Bits = LDc.ElemBits == 64
                                ? Reg
                                : (Reg >> (E * LDc.ElemBits)) & ((1ull << LDc.ElemBits) - 1);
            double Got = decodeElem(DT, Bits);
            int64_t IGot = DT == ElemKind::S32 ? int64_t(int32_t(uint32_t(Bits))) : 0;
            RefValue Ref = referenceElem(Probs[Co.Instance], Co.Row, Co.Col);
            ++Res.Compared;
            if (acceptable(Ref, Got, IGot))
              continue;
            if (Res.Pass) {
              Res.First.Matrix = Sparse ? "D (sparsity selector " + std::to_string(Sel) + ")" : "D";
              Res.First.Instance = Co.Instance;
              Res.First.Row = Co.Row;
              Res.First.Col = Co.Col;
              Res.First.Lane = Lane;
              Res.First.Reg = R;
              Res.First.Elem = E;
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
        }
    return Res;
  };
  return P;
}

} // namespace exec
} // namespace ptxlint
