//===- MoveHarness.cpp - harnesses for ldmatrix, stmatrix, movmatrix -------===//
//
// ldmatrix: the matrices are copied from the input buffer to shared memory
// (rows of 16 bytes, matrix m row r at (8m + r) * 16), each lane gives the
// address of row (lane % (8 * num)) as the table of 9.7.14.5.15 assigns
// them, and the loaded registers are stored per lane; the check maps every
// register element back to its (matrix, row, column) by the layout of
// lib/Spec/Layouts.cpp. stmatrix is the inverse (the stored shared memory is
// copied out); movmatrix transposes one register per lane (9.7.14.5.17).
//
//===----------------------------------------------------------------------===//
#include "Exec/Harness.h"
#include "Exec/PtxBuilder.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

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

std::string hex(uint64_t V, unsigned Digits) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format_hex(V, Digits + 2);
  return OS.str();
}

void prologue(PtxBuilder &B) {
  B.reg(".b32", "%hl");
  B.regs(".b64", "%hp", 8);
  B.inst("mov.u32", {B.r("%hl"), B.r("%laneid")});
  B.inst("ld.param.u64", {B.r("%hp0"), B.addr("ptxlint_in")});
  B.inst("ld.param.u64", {B.r("%hp1"), B.addr("ptxlint_out")});
  B.inst("cvta.to.global.u64", {B.r("%hp0"), B.r("%hp0")});
  B.inst("cvta.to.global.u64", {B.r("%hp1"), B.r("%hp1")});
}

/// Geometry of one ldmatrix/stmatrix matrix.
struct MoveShape {
  unsigned Rows, RowBytes, RegsPerMatrix, ElemBytes;
};

MoveShape shapeOf(const ExecForm &F) {
  if (F.LdShape == ".m16n16")
    return {16, 16, 2, 1};
  if (F.LdShape == ".m8n16")
    return {8, 16, 1, 1};
  if (F.LdShape == ".m16n8")
    return {16, 8, 1, 1};
  return {8, 16, 1, F.A == ElemKind::B8 ? 1u : 2u};
}

/// The memory (matrix, row, byte column) of register Reg, element E of Lane.
ElemCoord moveCoord(const ExecForm &F, unsigned Lane, unsigned Reg, unsigned E) {
  if (F.LdShape == ".m16n16")
    return ldmatrixM16N16Coord(Lane, Reg, E);
  if (F.LdShape == ".m8n16")
    return ldmatrixM8N16Coord(Lane, Reg, E);
  if (F.LdShape == ".m16n8")
    return stmatrixM16N8Coord(Lane, Reg, E);
  return ldmatrixM8N8Coord(Lane, Reg, E, F.Trans);
}

} // namespace

HarnessPlan buildMoveHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed) {
  HarnessPlan P;
  uint64_t Rng = Seed;
  PtxBuilder B(T, V, HarnessEntry, {"ptxlint_in", "ptxlint_out"});

  if (F.Kind == ExecKind::Movmatrix) {
    // One .b32 per lane in, one out.
    P.Input.resize(128);
    for (unsigned L = 0; L < 32; ++L)
      putWord(P.Input, static_cast<size_t>(L) * 4, uint32_t(mix(Rng)));
    P.OutputBytes = 128;
    prologue(B);
    B.reg(".b32", "%a");
    B.reg(".b32", "%d");
    B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(4)});
    B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp2")});
    B.inst("add.s64", {B.r("%hp4"), B.r("%hp1"), B.r("%hp2")});
    B.inst("ld.global.b32", {B.r("%a"), B.addr("%hp3")});
    B.inst(F.text(), {B.r("%d"), B.r("%a")});
    B.inst("st.global.b32", {B.addr("%hp4"), B.r("%d")});
    B.inst("ret", {});
    P.Ptx = B.print();
    std::vector<uint8_t> In = P.Input;
    P.Check = [In](const std::vector<uint8_t> &Out) {
      CheckResult R;
      // Source element (row r, column c) is element c%2 of lane 4r + c/2
      // (Figure 109); d holds the transpose (Figure 110).
      auto Src = [&](unsigned Row, unsigned Col) {
        return (getWord(In, (static_cast<size_t>(4 * Row + Col / 2)) * 4) >> (16 * (Col % 2))) &
               0xFFFF;
      };
      for (unsigned L = 0; L < 32; ++L)
        for (unsigned E = 0; E < 2; ++E) {
          ElemCoord C = ldmatrixM8N8Coord(L, 0, E, /*Trans=*/true);
          uint32_t Exp = Src(C.Row, C.Col);
          uint32_t Got = (getWord(Out, static_cast<size_t>(L) * 4) >> (16 * E)) & 0xFFFF;
          ++R.Compared;
          if (Exp == Got)
            continue;
          if (R.Pass) {
            R.First = {"moved", 0, C.Col, C.Row, L, 0, E, hex(Exp, 4), hex(Got, 4)};
          }
          R.Pass = false;
          ++R.Failed;
        }
      return R;
    };
    return P;
  }

  const MoveShape S = shapeOf(F);
  const unsigned Num = F.Num;
  const unsigned MatBytes = S.Rows * S.RowBytes;
  const unsigned Bytes = Num * MatBytes;
  const unsigned Regs = Num * S.RegsPerMatrix;
  const unsigned Words = Bytes / 4;
  const unsigned ElemsPerReg = 4 / S.ElemBytes;
  const unsigned RowsTotal = Num * S.Rows;
  B.sharedArray("ptxlint_smem", Bytes);
  prologue(B);
  B.regs(".b32", "%t", 1);
  B.regs(".b32", "%d", Regs);
  const bool Generic = F.StateSpace.empty();
  // %hp2 = lane * 4; %hp3 = in + lane*4; %hp4 = out + lane*4;
  // %hp5 = shared base (shared window); %hp6 = %hp5 + lane*4;
  // %hp7 = this lane's row address.
  B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(4)});
  B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp2")});
  B.inst("add.s64", {B.r("%hp4"), B.r("%hp1"), B.r("%hp2")});
  B.inst("mov.u64", {B.r("%hp5"), B.r("ptxlint_smem")});
  B.inst("add.s64", {B.r("%hp6"), B.r("%hp5"), B.r("%hp2")});
  B.inst("rem.u32", {B.r("%t0"), B.r("%hl"), B.imm(RowsTotal)});
  B.inst("mul.wide.u32", {B.r("%hp7"), B.r("%t0"), B.imm(S.RowBytes)});
  B.inst("add.s64", {B.r("%hp7"), B.r("%hp7"), B.r("%hp5")});
  if (Generic)
    B.inst("cvta.shared.u64", {B.r("%hp7"), B.r("%hp7")});

  if (F.Kind == ExecKind::Ldmatrix) {
    P.Input.resize(Bytes);
    for (unsigned W = 0; W < Words; ++W)
      putWord(P.Input, static_cast<size_t>(W) * 4, uint32_t(mix(Rng)));
    P.OutputBytes = static_cast<size_t>(32 * Regs) * 4;
    for (unsigned J = 0; J * 32 < Words; ++J) {
      B.inst("ld.global.b32", {B.r("%t0"), B.addr("%hp3", static_cast<int64_t>(J) * 128)});
      B.inst("st.shared.b32", {B.addr("%hp6", static_cast<int64_t>(J) * 128), B.r("%t0")});
    }
    B.inst("bar.warp.sync", {B.imm(-1)});
    B.inst(F.text(), {B.vecOf("%d", Regs), B.addr("%hp7")});
    B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(static_cast<int64_t>(Regs) * 4)});
    B.inst("add.s64", {B.r("%hp4"), B.r("%hp1"), B.r("%hp2")});
    for (unsigned R = 0; R < Regs; ++R)
      B.inst("st.global.b32", {B.addr("%hp4", static_cast<int64_t>(R) * 4), B.r(B.name("%d", R))});
  } else {
    P.Input.resize(static_cast<size_t>(32 * Regs) * 4);
    for (unsigned W = 0; W < 32 * Regs; ++W)
      putWord(P.Input, static_cast<size_t>(W) * 4, uint32_t(mix(Rng)));
    P.OutputBytes = Bytes;
    B.inst("mul.wide.u32", {B.r("%hp2"), B.r("%hl"), B.imm(static_cast<int64_t>(Regs) * 4)});
    B.inst("add.s64", {B.r("%hp3"), B.r("%hp0"), B.r("%hp2")});
    for (unsigned R = 0; R < Regs; ++R)
      B.inst("ld.global.b32", {B.r(B.name("%d", R)), B.addr("%hp3", static_cast<int64_t>(R) * 4)});
    B.inst(F.text(), {B.addr("%hp7"), B.vecOf("%d", Regs)});
    B.inst("bar.warp.sync", {B.imm(-1)});
    for (unsigned J = 0; J * 32 < Words; ++J) {
      B.inst("ld.shared.b32", {B.r("%t0"), B.addr("%hp6", static_cast<int64_t>(J) * 128)});
      B.inst("st.global.b32", {B.addr("%hp4", static_cast<int64_t>(J) * 128), B.r("%t0")});
    }
  }
  B.inst("ret", {});
  P.Ptx = B.print();

  const bool IsLoad = F.Kind == ExecKind::Ldmatrix;
  const std::vector<uint8_t> In = P.Input;
  const ExecForm FC = F;
  P.Check = [=](const std::vector<uint8_t> &Out) {
    CheckResult R;
    const unsigned ElemBits = 8 * S.ElemBytes;
    const uint32_t Mask = (1u << ElemBits) - 1;
    for (unsigned L = 0; L < 32; ++L)
      for (unsigned Rg = 0; Rg < Regs; ++Rg)
        for (unsigned E = 0; E < ElemsPerReg; ++E) {
          ElemCoord C = moveCoord(FC, L, Rg, E);
          size_t MemOff = C.Instance * MatBytes + C.Row * S.RowBytes + C.Col * S.ElemBytes;
          uint32_t Mem =
              S.ElemBytes == 2
                  ? (getWord(IsLoad ? In : Out, MemOff & ~3u) >> (8 * (MemOff & 3))) & 0xFFFF
                  : (getWord(IsLoad ? In : Out, MemOff & ~3u) >> (8 * (MemOff & 3))) & 0xFF;
          size_t RegOff = (static_cast<size_t>(L * Regs + Rg)) * 4;
          uint32_t RegE = (getWord(IsLoad ? Out : In, RegOff) >> (ElemBits * E)) & Mask;
          uint32_t Exp = IsLoad ? Mem : RegE, Got = IsLoad ? RegE : Mem;
          ++R.Compared;
          if (Exp == Got)
            continue;
          if (R.Pass)
            R.First = {IsLoad ? "loaded" : "stored",
                       C.Instance,
                       C.Row,
                       C.Col,
                       L,
                       Rg,
                       E,
                       hex(Exp, S.ElemBytes * 2),
                       hex(Got, S.ElemBytes * 2)};
          R.Pass = false;
          ++R.Failed;
        }
    return R;
  };
  return P;
}

} // namespace exec
} // namespace ptxlint
