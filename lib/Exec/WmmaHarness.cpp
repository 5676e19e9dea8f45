//===- WmmaHarness.cpp - harness for wmma.load / wmma.mma / wmma.store -----===//
//
// wmma fragments are unspecified (9.7.14.4.1), so a wmma harness moves whole
// matrices: A, B and C are written to memory in the layout the loads name
// (9.7.14.4.2: row- or column-major, leading dimension = the default
// stride, passed explicitly), loaded with wmma.load, multiplied with
// wmma.mma, and D is stored with wmma.store and compared element by element
// with the reference. A wmma.load or wmma.store form is executed inside the
// matching wmma.mma; a .shared form gets its matrix staged through shared
// memory.
//
// Sub-byte elements are packed little-endian: element x of a matrix of b-bit
// elements is at bit x*b of the buffer (PTX's packing of .s4/.u4/.b1 into
// .b32 words, low element first).
//
//===----------------------------------------------------------------------===//
#include "Exec/Harness.h"

#include "Exec/PtxBuilder.h"

#include "Spec/Spec.h"

#include <array>
#include <cstdio>

namespace ptxlint {
namespace exec {

using namespace spec;

namespace {

uint64_t mix(uint64_t &S) {
  uint64_t Z = (S += 0x9E3779B97F4A7C15ull);
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

std::string sh(unsigned M, unsigned N, unsigned K) {
  return ".m" + std::to_string(M) + "n" + std::to_string(N) + "k" + std::to_string(K);
}
std::string ty(ElemKind T) { return std::string(".") + elemKindName(T); }

/// Registers in a wmma fragment (9.7.14.4.1): the spec tables' operand count
/// when the form is there, else elements / (32 lanes * elements per
/// register), except .f16 A/B (eight .f16x2 registers in every shape).
unsigned fragRegs(const std::string &Mnemonic, char Mat, unsigned Rows, unsigned Cols, ElemKind T) {
  Family Fam = Mat == 'd' ? Family::WmmaStore : Family::WmmaLoad;
  for (const Form &F : enumerateForms(Fam))
    if (F.mnemonic() == Mnemonic || F.fullMnemonic() == Mnemonic)
      for (const OperandSpec &O : F.Operands)
        if (O.Shape == OperandShape::Vector && O.Count)
          return O.Count;
  if (T == ElemKind::F16 && (Mat == 'a' || Mat == 'b'))
    return 8;
  unsigned Bits = elemBits(T) == 64 ? 64 : 32;
  unsigned PerReg = Bits / std::max(1u, elemBits(T) == 64 ? 64u : elemBits(T));
  return Rows * Cols / 32 / PerReg;
}

const char *regTy(ElemKind T) {
  return T == ElemKind::F64 ? ".f64" : T == ElemKind::F32 ? ".f32" : ".b32";
}

void putBits(std::vector<uint8_t> &Buf, size_t Base, size_t Index, unsigned Bits, uint64_t V) {
  size_t Bit = Index * Bits;
  for (unsigned I = 0; I < Bits; ++I, ++Bit)
    if ((V >> I) & 1)
      Buf[Base + Bit / 8] |= uint8_t(1u << (Bit % 8));
}
uint64_t getBits(const std::vector<uint8_t> &Buf, size_t Base, size_t Index, unsigned Bits) {
  uint64_t V = 0;
  size_t Bit = Index * Bits;
  for (unsigned I = 0; I < Bits; ++I, ++Bit)
    if (Base + Bit / 8 < Buf.size() && (Buf[Base + Bit / 8] >> (Bit % 8)) & 1)
      V |= 1ull << I;
  return V;
}

/// The four matrices' types and layouts, completed around the form, and
/// the mma's extra qualifiers (.satfinite, rounding).
struct WmmaSetup {
  ElemKind A, Bt, C, D;
  bool ARow, BRow, CRow = true, DRow = true;
  std::string Extra;
};

WmmaSetup completeForm(const ExecForm &F) {
  WmmaSetup W;
  ElemKind &A = W.A, &Bt = W.Bt, &C = W.C, &D = W.D;
  bool &ARow = W.ARow, &BRow = W.BRow, &CRow = W.CRow, &DRow = W.DRow;
  std::string &Extra = W.Extra;
  A = F.A, Bt = F.B, C = F.C, D = F.D;
  ARow = F.ARow, BRow = F.BRow;
  const unsigned K = F.K;
  auto FromMul = [&](ElemKind X) {
    A = Bt = X;
    switch (X) {
    case ElemKind::F16:
    case ElemKind::BF16:
    case ElemKind::TF32:
      C = D = ElemKind::F32;
      break;
    case ElemKind::F64:
      C = D = ElemKind::F64;
      break;
    default:
      C = D = ElemKind::S32;
      break;
    }
  };
  auto FromAcc = [&](ElemKind X) {
    C = D = X;
    if (X == ElemKind::F16)
      A = Bt = ElemKind::F16;
    else if (X == ElemKind::F64)
      A = Bt = ElemKind::F64;
    else if (X == ElemKind::F32)
      A = Bt = (K == 8 ? ElemKind::TF32 : ElemKind::F16);
    else
      A = Bt = (K == 32 ? ElemKind::S4 : K == 128 ? ElemKind::B1 : ElemKind::S8);
  };
  if (F.Kind == ExecKind::WmmaLoad) {
    if (F.WmmaMatrix == 'a') {
      FromMul(F.A);
      ARow = F.WmmaRow;
      BRow = false;
    } else if (F.WmmaMatrix == 'b') {
      FromMul(F.B);
      ARow = true;
      BRow = F.WmmaRow;
    } else {
      FromAcc(F.C);
      ARow = true;
      BRow = false;
      CRow = F.WmmaRow;
    }
  } else if (F.Kind == ExecKind::WmmaStore) {
    FromAcc(F.D);
    ARow = true;
    BRow = false;
    DRow = F.WmmaRow;
  } else {
    CRow = true;
    DRow = ARow; // vary the store layout with the form
    if (F.Satfinite)
      Extra = ".satfinite";
    if (F.HasRnd)
      Extra = F.Rnd == Rounding::RN   ? ".rn"
              : F.Rnd == Rounding::RZ ? ".rz"
              : F.Rnd == Rounding::RM ? ".rm"
                                      : ".rp";
  }
  const bool SubByte = A == ElemKind::S4 || A == ElemKind::U4 || A == ElemKind::B1;
  if (SubByte) {
    ARow = true;
    BRow = false;
  }
  return W;
}

/// Random A, B and C in the input image (at Off, leading dimensions Ld) and
/// in the reference problem Pr.
void fillInputs(MatmulProblem &Pr, std::vector<uint8_t> &In, const WmmaSetup &W,
                const std::array<size_t, 3> &Off, const std::array<unsigned, 3> &Ld,
                uint64_t Seed) {
  const ElemKind A = W.A, Bt = W.Bt, C = W.C;
  const bool ARow = W.ARow, BRow = W.BRow, CRow = W.CRow;
  const unsigned M = Pr.M, N = Pr.N, K = Pr.K;
  const size_t OffA = Off[0], OffB = Off[1], OffC = Off[2];
  const unsigned LdAv = Ld[0], LdBv = Ld[1], LdCv = Ld[2];
  uint64_t Rng = Seed;
  for (unsigned I = 0; I < M; ++I)
    for (unsigned Kk = 0; Kk < K; ++Kk) {
      uint64_t Bits = randomElem(A, mix(Rng));
      putBits(In, OffA, ARow ? I * LdAv + Kk : Kk * LdAv + I, elemBits(A), Bits);
      Pr.A[I * K + Kk] = decodeElem(A, Bits);
      Pr.IA[I * K + Kk] = int64_t(Pr.A[I * K + Kk]);
    }
  for (unsigned Kk = 0; Kk < K; ++Kk)
    for (unsigned J = 0; J < N; ++J) {
      uint64_t Bits = randomElem(Bt, mix(Rng));
      putBits(In, OffB, BRow ? Kk * LdBv + J : J * LdBv + Kk, elemBits(Bt), Bits);
      Pr.B[Kk * N + J] = decodeElem(Bt, Bits);
      Pr.IB[Kk * N + J] = int64_t(Pr.B[Kk * N + J]);
    }
  for (unsigned I = 0; I < M; ++I)
    for (unsigned J = 0; J < N; ++J) {
      uint64_t R = mix(Rng);
      uint64_t Bits = randomElem(C, R);
      if (C == ElemKind::S32 && R % 8 == 0)
        Bits = uint32_t(int32_t((R & 0x100) ? INT32_MAX - int64_t((R >> 12) % 4096)
                                            : INT32_MIN + int64_t((R >> 12) % 4096)));
      putBits(In, OffC, CRow ? I * LdCv + J : J * LdCv + I, elemBits(C), Bits);
      Pr.C[I * N + J] = decodeElem(C, Bits);
      Pr.IC[I * N + J] = int64_t(Pr.C[I * N + J]);
    }
}

/// Compares the stored D (DRow, leading dimension LdDv) with the reference.
std::function<CheckResult(const std::vector<uint8_t> &)>
wmmaCheck(const MatmulProblem &Pr, ElemKind D, bool DRow, unsigned LdDv) {
  return [Pr, D, DRow, LdDv](const std::vector<uint8_t> &Out) {
    CheckResult R;
    for (unsigned I = 0; I < Pr.M; ++I)
      for (unsigned J = 0; J < Pr.N; ++J) {
        uint64_t Bits = getBits(Out, 0, DRow ? I * LdDv + J : J * LdDv + I, elemBits(D));
        double Got = decodeElem(D, Bits);
        int64_t IGot = D == ElemKind::S32 ? int64_t(int32_t(uint32_t(Bits))) : 0;
        RefValue Ref = referenceElem(Pr, I, J);
        ++R.Compared;
        if (acceptable(Ref, Got, IGot))
          continue;
        if (R.Pass) {
          R.First.Matrix = "D (memory; wmma fragments are unspecified)";
          R.First.Row = I;
          R.First.Col = J;
          R.First.Expected = formatExpected(D, Ref);
          R.First.Got = formatValue(D, Got, IGot, Ref.IsInt);
        }
        R.Pass = false;
        ++R.Failed;
      }
    return R;
  };
}

} // namespace

HarnessPlan buildWmmaHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed) {
  HarnessPlan P;
  // Complete the four matrices' types and layouts around the form.
  const WmmaSetup W = completeForm(F);
  const ElemKind A = W.A, Bt = W.Bt, C = W.C, D = W.D;
  const bool ARow = W.ARow, BRow = W.BRow, CRow = W.CRow, DRow = W.DRow;
  const std::string &Extra = W.Extra;
  const unsigned M = F.M, N = F.N, K = F.K;

  auto Lay = [](bool R) { return R ? std::string(".row") : std::string(".col"); };
  auto Space = [&](char Mat) {
    if ((F.Kind == ExecKind::WmmaLoad && F.WmmaMatrix == Mat) ||
        (F.Kind == ExecKind::WmmaStore && Mat == 'd'))
      return F.StateSpace;
    return std::string(".global");
  };
  auto LdText = [&](char Mat, bool Row, ElemKind X) {
    if (F.Kind == ExecKind::WmmaLoad && F.WmmaMatrix == Mat)
      return F.text();
    return "wmma.load." + std::string(1, Mat) + ".sync.aligned" + Lay(Row) + sh(M, N, K) +
           Space(Mat) + ty(X);
  };
  std::string LdA = LdText('a', ARow, A), LdB = LdText('b', BRow, Bt), LdC = LdText('c', CRow, C);
  std::string StD = F.Kind == ExecKind::WmmaStore
                        ? F.text()
                        : "wmma.store.d.sync.aligned" + Lay(DRow) + sh(M, N, K) + ".global" + ty(D);
  std::string Mma;
  if (F.Kind == ExecKind::WmmaMma)
    Mma = F.text();
  else if (A == ElemKind::B1)
    Mma = "wmma.mma.xor.popc.sync.aligned.row.col" + sh(M, N, K) + ".s32.b1.b1.s32";
  else if (A == ElemKind::F16)
    Mma = "wmma.mma.sync.aligned" + Lay(ARow) + Lay(BRow) + sh(M, N, K) + ty(D) + ty(C);
  else
    Mma = "wmma.mma.sync.aligned" + Lay(ARow) + Lay(BRow) + sh(M, N, K) + ty(D) + ty(A) + ty(Bt) +
          ty(C) + Extra;
  MatmulProblem::BitOp Op = F.Op;
  if (A == ElemKind::B1 && Op == MatmulProblem::BitOp::None)
    Op = MatmulProblem::BitOp::Xor;

  // Memory images. Leading dimensions are the default strides (9.7.14.4.2).
  const unsigned LdAv = ARow ? K : M, LdBv = BRow ? N : K, LdCv = CRow ? N : M, LdDv = DRow ? N : M;
  auto Bytes = [](unsigned Elems, ElemKind X) { return (Elems * elemBits(X) + 7) / 8; };
  auto Align = [](size_t X) { return (X + 255) / 256 * 256; };
  const size_t OffA = 0, OffB = Align(Bytes(M * K, A)), OffC = OffB + Align(Bytes(K * N, Bt)),
               InBytes = OffC + Align(Bytes(M * N, C));
  P.Input.assign(InBytes, 0);
  P.OutputBytes = Align(Bytes(M * N, D));
  MatmulProblem Pr;
  Pr.M = M, Pr.N = N, Pr.K = K;
  Pr.AType = A, Pr.CType = C, Pr.DType = D;
  Pr.Satfinite = F.Satfinite;
  Pr.Op = Op;
  Pr.Rnd = F.Rnd;
  Pr.A.resize(static_cast<size_t>(M) * K), Pr.IA.resize(static_cast<size_t>(M) * K),
      Pr.B.resize(static_cast<size_t>(K) * N), Pr.IB.resize(static_cast<size_t>(K) * N);
  Pr.C.resize(static_cast<size_t>(M) * N), Pr.IC.resize(static_cast<size_t>(M) * N);
  fillInputs(Pr, P.Input, W, {OffA, OffB, OffC}, {LdAv, LdBv, LdCv}, Seed);

  // The kernel.
  PtxBuilder B(T, V, HarnessEntry, {"ptxlint_in", "ptxlint_out"});
  const unsigned RA = fragRegs(LdA, 'a', M, K, A), RB = fragRegs(LdB, 'b', K, N, Bt),
                 RC = fragRegs(LdC, 'c', M, N, C), RD = fragRegs(StD, 'd', M, N, D);
  const bool SharedIn = F.Kind == ExecKind::WmmaLoad && F.StateSpace.rfind(".shared", 0) == 0;
  const bool SharedOut = F.Kind == ExecKind::WmmaStore && F.StateSpace.rfind(".shared", 0) == 0;
  size_t SharedBytes = 0, SharedSrc = 0;
  if (SharedIn) {
    SharedSrc = F.WmmaMatrix == 'a' ? OffA : F.WmmaMatrix == 'b' ? OffB : OffC;
    size_t End = F.WmmaMatrix == 'a' ? OffB : F.WmmaMatrix == 'b' ? OffC : InBytes;
    SharedBytes = End - SharedSrc;
  } else if (SharedOut) {
    SharedBytes = P.OutputBytes;
  }
  if (SharedBytes)
    B.sharedArray("ptxlint_smem", unsigned(SharedBytes));
  B.reg(".b32", "%hl");
  B.regs(".b64", "%hp", 10);
  B.regs(".b32", "%hs", 5);
  B.regs(regTy(A), "%a", RA);
  B.regs(regTy(Bt), "%b", RB);
  B.regs(regTy(C), "%c", RC);
  B.regs(regTy(D), "%d", RD);
  B.inst("mov.u32", {B.r("%hl"), B.r("%laneid")});
  B.inst("ld.param.u64", {B.r("%hp0"), B.addr("ptxlint_in")});
  B.inst("ld.param.u64", {B.r("%hp1"), B.addr("ptxlint_out")});
  B.inst("cvta.to.global.u64", {B.r("%hp0"), B.r("%hp0")});
  B.inst("cvta.to.global.u64", {B.r("%hp1"), B.r("%hp1")});
  B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(4)});
  if (SharedBytes) {
    // %hp6: this lane's word in shared memory (shared window); %hp7: the
    // array's start, as the form addresses it.
    B.inst("mov.u64", {B.r("%hp7"), B.r("ptxlint_smem")});
    B.inst("add.s64", {B.r("%hp6"), B.r("%hp7"), B.r("%hp2")});
    if (F.StateSpace.empty())
      B.inst("cvta.shared.u64", {B.r("%hp7"), B.r("%hp7")});
  }
  if (SharedIn) {
    B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp2")});
    for (size_t W = 0; W * 128 < SharedBytes; ++W) {
      B.inst("ld.global.b32", {B.r("%hs4"), B.addr("%hp3", int64_t(SharedSrc + W * 128))});
      B.inst("st.shared.b32", {B.addr("%hp6", int64_t(W * 128)), B.r("%hs4")});
    }
    B.inst("bar.warp.sync", {B.imm(-1)});
  }
  auto Base = [&](char Mat, size_t Off, const char *Reg) {
    bool Sh = (SharedIn && F.WmmaMatrix == Mat);
    if (Sh)
      return std::string("%hp7");
    B.inst("add.s64", {B.r(Reg), B.r("%hp0"), B.imm(int64_t(Off))});
    return std::string(Reg);
  };
  std::string PA = Base('a', OffA, "%hp3"), PB = Base('b', OffB, "%hp4"),
              PC = Base('c', OffC, "%hp5");
  B.inst("mov.u32", {B.r("%hs0"), B.imm(LdAv)});
  B.inst("mov.u32", {B.r("%hs1"), B.imm(LdBv)});
  B.inst("mov.u32", {B.r("%hs2"), B.imm(LdCv)});
  B.inst("mov.u32", {B.r("%hs3"), B.imm(LdDv)});
  B.inst(LdA, {B.vecOf("%a", RA), B.addr(PA), B.r("%hs0")});
  B.inst(LdB, {B.vecOf("%b", RB), B.addr(PB), B.r("%hs1")});
  B.inst(LdC, {B.vecOf("%c", RC), B.addr(PC), B.r("%hs2")});
  B.inst(Mma, {B.vecOf("%d", RD), B.vecOf("%a", RA), B.vecOf("%b", RB), B.vecOf("%c", RC)});
  B.inst(StD, {B.addr(SharedOut ? "%hp7" : "%hp1"), B.vecOf("%d", RD), B.r("%hs3")});
  if (SharedOut) {
    B.inst("bar.warp.sync", {B.imm(-1)});
    B.inst("add.s64", {B.r("%hp8"), B.r("%hp1"), B.r("%hp2")});
    for (size_t W = 0; W * 128 < SharedBytes; ++W) {
      B.inst("ld.shared.b32", {B.r("%hs4"), B.addr("%hp6", int64_t(W * 128))});
      B.inst("st.global.b32", {B.addr("%hp8", int64_t(W * 128)), B.r("%hs4")});
    }
  }
  B.inst("ret", {});
  P.Ptx = B.print();

  P.Check = wmmaCheck(Pr, D, DRow, LdDv);
  return P;
}

} // namespace exec
} // namespace ptxlint
