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

/// Pointer Ptr = Base + (the lane part of an affine index) * element size.
void emitLanePtr(PtxBuilder &B, const char *Ptr, const char *Base, const Affine &A, unsigned Bits) {
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
}

int64_t byteOff(int64_t Index, unsigned Bits) { return Index * Bits / 8; }

/// Loads every register of a fragment from its matrix (at %hp2) and packs it.
void emitLoadFragment(PtxBuilder &B, const char *Prefix, const char *Ty, const FragmentLayout &L,
                      const Affine &A, size_t Off) {
  for (unsigned R = 0; R < L.NumRegs; ++R) {
    std::string Reg = B.name(Prefix, R);
    auto At = [&](unsigned E) {
      return B.addr("%hp2", int64_t(Off) + byteOff(A.Const[R * L.ElemsPerReg + E], L.ElemBits));
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
}

/// Stores D's registers (at %hp4) by D's layout, into selector Sel's region.
void emitStoreD(PtxBuilder &B, const char *TD, const FragmentLayout &LD, const Affine &AD,
                size_t Region) {
  for (unsigned R = 0; R < LD.NumRegs; ++R) {
    auto At = [&](unsigned E) {
      return B.addr("%hp4",
                    int64_t(Region) + byteOff(AD.Const[R * LD.ElemsPerReg + E], LD.ElemBits));
    };
    if (LD.ElemBits == 16) {
      B.inst("mov.b32", {B.vec({B.r("%hs0"), B.r("%hs1")}), B.r(B.name("%d", R))});
      B.inst("st.global.b16", {At(0), B.r("%hs0")});
      B.inst("st.global.b16", {At(1), B.r("%hs1")});
    } else {
      B.inst(std::string("st.global.") + ldType(TD), {At(0), B.r(B.name("%d", R))});
    }
  }
}

/// The D check: decodes every D element through D's layout (row-major D,
/// one region per sparsity selector) and compares it with the reference.
struct DCheck {
  std::vector<MatmulProblem> Probs;
  FragmentLayout LD;
  ElemKind DT;
  unsigned NSel, M, N, Inst;
  size_t DRegion;
  bool Sparse;

  uint64_t bitsAt(const std::vector<uint8_t> &Out, size_t At) const {
    const unsigned Bytes = LD.ElemBits / 8;
    if (Bytes == 8)
      return getDWord(Out, At);
    if (Bytes == 4)
      return getWord(Out, At);
    return (getWord(Out, At & ~size_t(3)) >> (8 * (At & 3))) & 0xFFFF;
  }

  /// Which lane, register and element holds each D element (for reports).
  std::vector<std::array<unsigned, 3>> holders() const {
    std::vector<std::array<unsigned, 3>> Holder(static_cast<size_t>(Inst * M) * N);
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      for (unsigned I = 0; I < LD.numElems(); ++I) {
        ElemCoord Co = LD.coord(Lane, I);
        Holder[(Co.Instance * M + Co.Row) * N + Co.Col] = {Lane, I / LD.ElemsPerReg,
                                                           I % LD.ElemsPerReg};
      }
    return Holder;
  }

  void recordFirst(CheckResult &Res, unsigned Sel, unsigned In, unsigned Rw, unsigned Cl,
                   const std::array<unsigned, 3> &H, const RefValue &Ref, double Got,
                   int64_t IGot) const {
    Res.First.Matrix = Sparse ? "D (sparsity selector " + std::to_string(Sel) + ")" : "D";
    Res.First.Instance = In;
    Res.First.Row = Rw;
    Res.First.Col = Cl;
    Res.First.Lane = H[0];
    Res.First.Reg = H[1];
    Res.First.Elem = H[2];
    Res.First.Expected = formatExpected(DT, Ref);
    Res.First.Got = formatValue(DT, Got, IGot, Ref.IsInt);
  }

  CheckResult operator()(const std::vector<uint8_t> &Out) const {
    CheckResult Res;
    const std::vector<std::array<unsigned, 3>> Holder = holders();
    const unsigned Bytes = LD.ElemBits / 8;
    for (unsigned Sel = 0; Sel < NSel; ++Sel)
      for (unsigned In = 0; In < Inst; ++In)
        for (unsigned Rw = 0; Rw < M; ++Rw)
          for (unsigned Cl = 0; Cl < N; ++Cl) {
            size_t Idx = (In * M + Rw) * N + Cl;
            uint64_t Bits = bitsAt(Out, Sel * DRegion + Idx * Bytes);
            double Got = decodeElem(DT, Bits);
            int64_t IGot = DT == ElemKind::S32 ? int64_t(int32_t(uint32_t(Bits))) : 0;
            RefValue Ref = referenceElem(Probs[In], Rw, Cl);
            ++Res.Compared;
            if (acceptable(Ref, Got, IGot))
              continue;
            if (Res.Pass)
              recordFirst(Res, Sel, In, Rw, Cl, Holder[Idx], Ref, Got, IGot);
            Res.Pass = false;
            ++Res.Failed;
          }
    return Res;
  }
};

/// One mma or mma.sp harness while it is built: the fragment layouts, the
/// random matrices, their memory image and per-lane records, the kernel and
/// the CPU reference. The random stream is drawn in a fixed order (A, B, C,
/// metadata, scale data, then the per-lane records), so a seed names one
/// harness.
class MmaHarnessBuilder {
public:
  MmaHarnessBuilder(const ExecForm &F, uint64_t Seed)
      : F(F), Sparse(F.Kind == ExecKind::MmaSp), Rng(Seed) {}

  HarnessPlan build(Target T, PtxVersion V);

private:
  const ExecForm &F;
  const bool Sparse;
  uint64_t Rng;
  HarnessPlan P;
  std::optional<FragmentLayout> LA, LB, LC, LD;
  std::optional<SparseLayout> SL;
  unsigned Inst = 0, M = 0, N = 0, K = 0, KP = 0;
  std::vector<uint64_t> ABits, BBits, CBits, SABits, SBBits;
  std::vector<unsigned> Meta;
  unsigned Chunks = 0, NSel = 1, SV = 0;
  size_t OffA = 0, OffB = 0, OffC = 0, OffRec = 0, RecWords = 0, RecBytes = 0, DRegion = 0;
  std::optional<Affine> AA, AB, AC, AD;

  int64_t idxA(ElemCoord C) const { return (int64_t(C.Instance) * M + C.Row) * KP + C.Col; }
  int64_t idxB(ElemCoord C) const { return (int64_t(C.Instance) * N + C.Col) * K + C.Row; }
  int64_t idxC(ElemCoord C) const { return (int64_t(C.Instance) * M + C.Row) * N + C.Col; }
  static size_t bytesOf(size_t Elems, unsigned Bits) { return (Elems * Bits + 7) / 8; }
  static size_t align(size_t X) { return (X + 255) / 256 * 256; }

  bool findLayouts();
  void randomize();
  void layOutMemory();
  void store(size_t Base, int64_t Index, unsigned Bits, uint64_t V);
  void packMatrices();
  void packRecord(unsigned Lane);
  bool findAffines();
  std::string kernel(Target T, PtxVersion V) const;
  std::vector<MatmulProblem> reference() const;
};

bool MmaHarnessBuilder::findLayouts() {
  MmaLayoutKey Key;
  Key.M = F.M, Key.N = F.N, Key.K = F.K;
  Key.AType = F.A, Key.CType = F.C, Key.Sparse = Sparse, Key.Pack = F.Pack;
  Key.ARowMajor = F.ARow, Key.BRowMajor = F.BRow;
  MmaLayoutKey KeyD = Key;
  KeyD.CType = F.D;
  LA = mmaLayout(Key, Matrix::A), LB = mmaLayout(Key, Matrix::B), LC = mmaLayout(Key, Matrix::C),
  LD = mmaLayout(KeyD, Matrix::C);
  if (!LA || !LB || !LC || !LD) {
    P.Error = "no fragment layout for this shape and type";
    return false;
  }
  if (Sparse) {
    SL = sparseLayout(Key);
    if (!SL) {
      P.Error = "no sparse metadata layout for this shape and type";
      return false;
    }
  }
  Inst = LA->Instances;
  M = F.M, N = F.N, K = F.K, KP = Sparse ? K / 2 : K;
  return true;
}

/// Matrices as raw encodings: A (packed columns for sparse), B, C; the
/// sparse metadata, one nibble per (instance, row, chunk); the block-scale
/// data (9.7.14.3, selectors all zero).
void MmaHarnessBuilder::randomize() {
  ABits.resize(static_cast<size_t>(Inst * M) * KP);
  BBits.resize(static_cast<size_t>(Inst * K) * N);
  CBits.resize(static_cast<size_t>(Inst * M) * N);
  for (auto &X : ABits)
    X = randomElem(F.A, splitmix(Rng));
  for (auto &X : BBits)
    X = randomElem(F.B, splitmix(Rng));
  for (auto &X : CBits) {
    uint64_t R = splitmix(Rng);
    if (F.C == ElemKind::S32 && R % 8 == 0) {
      // Near the int32 limits, so that .satfinite and wrapping are seen.
      int64_t Near = (R & 0x100) ? INT32_MAX - int64_t((R >> 12) % 4096)
                                 : INT32_MIN + int64_t((R >> 12) % 4096);
      X = uint32_t(int32_t(Near));
    } else {
      X = randomElem(F.C, R);
    }
  }
  Chunks = Sparse ? K / SL->ChunkWidth : 0;
  Meta.resize(static_cast<size_t>(Inst * M) * Chunks);
  for (auto &X : Meta)
    X = SL && SL->ChunkWidth == 2 ? MetaTf32[splitmix(Rng) % 2] : Meta24[splitmix(Rng) % 6];
  // Every valid sparsity selector is exercised: the instruction runs once
  // per selector, each with the metadata placed in the lanes that selector
  // names (9.7.14.6.1), and each D is checked.
  NSel = SL ? SL->MaxSelector + 1 : 1;
  SV = F.BlockScale ? F.ScaleVec : 0;
  SABits.resize(static_cast<size_t>(M) * SV);
  SBBits.resize(static_cast<size_t>(SV) * N);
  for (auto &X : SABits)
    X = randomElem(F.S, splitmix(Rng));
  for (auto &X : SBBits)
    X = randomElem(F.S, splitmix(Rng));
}

/// Memory images. A is stored row-major (its packed K/2 columns for
/// mma.sp), B column-major, C and D row-major, each element at its natural
/// width (fp6/fp4 in their 8-bit containers under .kind::f8f6f4; 4-bit and
/// 1-bit elements packed low bits first). With these layouts the elements
/// of one sub-byte register are contiguous, so the kernel loads them as one
/// word; wider elements are loaded one by one and packed. Per-lane records
/// follow: the sparse metadata (one word per selector) and the block-scale
/// data, whose "layout" is which lane holds what.
void MmaHarnessBuilder::layOutMemory() {
  OffA = 0;
  OffB = OffA + align(bytesOf(ABits.size(), LA->ElemBits));
  OffC = OffB + align(bytesOf(BBits.size(), LB->ElemBits));
  OffRec = OffC + align(bytesOf(CBits.size(), LC->ElemBits));
  RecWords = (Sparse ? NSel : 0) + (SV ? 2 : 0);
  RecBytes = std::max<size_t>(4, RecWords * 4);
  P.Input.assign(OffRec + 32 * RecBytes, 0);
  DRegion = align(bytesOf(CBits.size(), LD->ElemBits));
  P.OutputBytes = NSel * DRegion;
}

void MmaHarnessBuilder::store(size_t Base, int64_t Index, unsigned Bits, uint64_t V) {
  size_t Bit = size_t(Index) * Bits;
  for (unsigned I = 0; I < Bits; ++I, ++Bit)
    if ((V >> I) & 1)
      P.Input[Base + Bit / 8] |= uint8_t(1u << (Bit % 8));
}

void MmaHarnessBuilder::packMatrices() {
  const unsigned ShiftA = containerShift(F.A, F.Pack), ShiftB = containerShift(F.B, F.Pack);
  for (unsigned I = 0; I < Inst; ++I) {
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cl = 0; Cl < KP; ++Cl)
        store(OffA, idxA({I, Rw, Cl}), LA->ElemBits, ABits[(I * M + Rw) * KP + Cl] << ShiftA);
    for (unsigned Rw = 0; Rw < K; ++Rw)
      for (unsigned Cl = 0; Cl < N; ++Cl)
        store(OffB, idxB({I, Rw, Cl}), LB->ElemBits, BBits[(I * K + Rw) * N + Cl] << ShiftB);
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cl = 0; Cl < N; ++Cl)
        store(OffC, idxC({I, Rw, Cl}), LC->ElemBits, CBits[(I * M + Rw) * N + Cl]);
  }
}

void MmaHarnessBuilder::packRecord(unsigned Lane) {
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
  if (!SV)
    return;
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

/// The layouts as the kernel evaluates them: element i of a lane is at
/// index sum_k C[k]*bit_k(%laneid) + Const[i] of its matrix. The
/// decomposition is computed from the layout and verified on all lanes.
bool MmaHarnessBuilder::findAffines() {
  AA = affineOf(*LA, [this](ElemCoord C) { return idxA(C); });
  AB = affineOf(*LB, [this](ElemCoord C) { return idxB(C); });
  AC = affineOf(*LC, [this](ElemCoord C) { return idxC(C); });
  AD = affineOf(*LD, [this](ElemCoord C) { return idxC(C); });
  if (!AA || !AB || !AC || !AD) {
    P.Error = "a fragment layout is not affine in the lane id";
    return false;
  }
  for (const auto &[L, A] :
       {std::pair<const FragmentLayout *, Affine *>{&*LA, &*AA}, {&*LB, &*AB}}) {
    if (L->ElemBits >= 8)
      continue;
    for (unsigned I = 0; I < L->numElems(); ++I)
      if (A->Const[I] != A->Const[I - I % L->ElemsPerReg] + I % L->ElemsPerReg) {
        P.Error = "sub-byte register elements are not contiguous in memory";
        return false;
      }
  }
  return true;
}

/// The kernel: each lane loads its fragments through the affine layouts,
/// executes the form once per sparsity selector and stores each D.
std::string MmaHarnessBuilder::kernel(Target T, PtxVersion V) const {
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
  for (unsigned Bit = 0; Bit < 5; ++Bit) // %hl1..%hl5: bit Bit of %laneid
    B.inst("bfe.u32", {B.r(B.name("%hl", Bit + 1)), B.r("%hl0"), B.imm(Bit), B.imm(1)});
  emitLanePtr(B, "%hp2", "%hp0", *AA, LA->ElemBits);
  emitLoadFragment(B, "%a", TA, *LA, *AA, OffA);
  emitLanePtr(B, "%hp2", "%hp0", *AB, LB->ElemBits);
  emitLoadFragment(B, "%b", TB, *LB, *AB, OffB);
  emitLanePtr(B, "%hp2", "%hp0", *AC, LC->ElemBits);
  emitLoadFragment(B, "%c", TC, *LC, *AC, OffC);
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
  emitLanePtr(B, "%hp4", "%hp1", *AD, LD->ElemBits);
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
    emitStoreD(B, TD, *LD, *AD, Sel * DRegion); // row-major D, by D's layout
  }
  B.inst("ret", {});
  return B.print();
}

/// The reference, one problem per MMA computation.
std::vector<MatmulProblem> MmaHarnessBuilder::reference() const {
  std::vector<MatmulProblem> Probs(Inst);
  for (unsigned I = 0; I < Inst; ++I) {
    MatmulProblem &Pr = Probs[I];
    Pr.M = M, Pr.N = N, Pr.K = K;
    Pr.AType = F.A, Pr.CType = F.C, Pr.DType = F.D;
    Pr.Satfinite = F.Satfinite;
    Pr.Op = F.Op;
    Pr.Rnd = F.Rnd;
    Pr.A.assign(static_cast<size_t>(M) * K, 0.0);
    Pr.IA.assign(static_cast<size_t>(M) * K, 0);
    for (unsigned Rw = 0; Rw < M; ++Rw)
      for (unsigned Cp = 0; Cp < KP; ++Cp) {
        uint64_t Bits = ABits[(I * M + Rw) * KP + Cp];
        unsigned Col = Cp;
        if (Sparse) {
          unsigned Chunk = SL->ChunkWidth == 2 ? Cp : SL->ChunkWidth == 8 ? Cp / 4 : Cp / 2;
          Col = sparseDenseCol(*SL, Cp, Meta[(I * M + Rw) * Chunks + Chunk]);
        }
        Pr.A[Rw * K + Col] = decodeElem(F.A, Bits);
        Pr.IA[Rw * K + Col] = int64_t(decodeElem(F.A, Bits));
      }
    Pr.B.resize(static_cast<size_t>(K) * N);
    Pr.IB.resize(static_cast<size_t>(K) * N);
    for (unsigned X = 0; X < K * N; ++X) {
      Pr.B[X] = decodeElem(F.B, BBits[I * K * N + X]);
      Pr.IB[X] = int64_t(Pr.B[X]);
    }
    Pr.C.resize(static_cast<size_t>(M) * N);
    Pr.IC.resize(static_cast<size_t>(M) * N);
    for (unsigned X = 0; X < M * N; ++X) {
      Pr.C[X] = decodeElem(F.C, CBits[I * M * N + X]);
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
  return Probs;
}

HarnessPlan MmaHarnessBuilder::build(Target T, PtxVersion V) {
  if (!findLayouts())
    return std::move(P);
  randomize();
  layOutMemory();
  packMatrices();
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    packRecord(Lane);
  if (!findAffines())
    return std::move(P);
  P.Ptx = kernel(T, V);
  P.Check = DCheck{reference(), *LD, F.D, NSel, M, N, Inst, DRegion, Sparse};
  return std::move(P);
}

} // namespace

HarnessPlan buildMmaHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed) {
  return MmaHarnessBuilder(F, Seed).build(T, V);
}

} // namespace exec
} // namespace ptxlint
