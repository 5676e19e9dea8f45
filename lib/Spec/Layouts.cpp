//===- Layouts.cpp - fragment layout tables and formulas -----------------===//
//
// One row per (kind, shape, type family, matrix) of the spec's fragment
// sections, naming the formula pattern and the section it is taken from.
// The formulas themselves are in FragmentLayout::coord, each written as the
// spec writes it (groupID = %laneid >> 2, threadID_in_group = %laneid % 4).
//
// Spec slips handled here (see docs/exec.md):
//  - 9.7.14.5.13 writes "col = (threadID_in_group * 32) + i for ai where
//    i < 64" for m16n8k256 A; with i up to 63 that leaves the 32-column
//    group, so it is read as (i & 0x1F), like m16n8k128 and the figure.
//  - 9.7.14.5.8 writes "(i * 2) - 2 + (threadID_in_group" (unbalanced) for
//    m16n8k16 .f64 A odd elements; read as t + 4*(i/2), which is what the
//    even/odd formulas give together and what m16n8k8 .f64 uses.
//  - 9.7.14.6.2.3 says each of B's four .tf32 registers holds "four .tf32
//    elements"; a 32-bit register holds one.
//
//===----------------------------------------------------------------------===//
#include "Spec/Layouts.h"

#include "llvm/ADT/StringSwitch.h"

namespace ptxlint {
namespace spec {

ElemKind parseElemKind(llvm::StringRef Q) {
  return llvm::StringSwitch<ElemKind>(Q)
      .Case(".f16", ElemKind::F16)
      .Case(".bf16", ElemKind::BF16)
      .Case(".tf32", ElemKind::TF32)
      .Case(".f32", ElemKind::F32)
      .Case(".f64", ElemKind::F64)
      .Case(".s8", ElemKind::S8)
      .Case(".u8", ElemKind::U8)
      .Case(".s4", ElemKind::S4)
      .Case(".u4", ElemKind::U4)
      .Case(".b1", ElemKind::B1)
      .Case(".s32", ElemKind::S32)
      .Case(".e4m3", ElemKind::E4M3)
      .Case(".e5m2", ElemKind::E5M2)
      .Case(".e3m2", ElemKind::E3M2)
      .Case(".e2m3", ElemKind::E2M3)
      .Case(".e2m1", ElemKind::E2M1)
      .Case(".ue8m0", ElemKind::UE8M0)
      .Case(".ue4m3", ElemKind::UE4M3)
      .Case(".b16", ElemKind::B16)
      .Case(".b8", ElemKind::B8)
      .Default(ElemKind::Invalid);
}

const char *elemKindName(ElemKind T) {
  switch (T) {
  case ElemKind::F16:
    return "f16";
  case ElemKind::BF16:
    return "bf16";
  case ElemKind::TF32:
    return "tf32";
  case ElemKind::F32:
    return "f32";
  case ElemKind::F64:
    return "f64";
  case ElemKind::S8:
    return "s8";
  case ElemKind::U8:
    return "u8";
  case ElemKind::S4:
    return "s4";
  case ElemKind::U4:
    return "u4";
  case ElemKind::B1:
    return "b1";
  case ElemKind::S32:
    return "s32";
  case ElemKind::E4M3:
    return "e4m3";
  case ElemKind::E5M2:
    return "e5m2";
  case ElemKind::E3M2:
    return "e3m2";
  case ElemKind::E2M3:
    return "e2m3";
  case ElemKind::E2M1:
    return "e2m1";
  case ElemKind::UE8M0:
    return "ue8m0";
  case ElemKind::UE4M3:
    return "ue4m3";
  case ElemKind::B16:
    return "b16";
  case ElemKind::B8:
    return "b8";
  case ElemKind::Invalid:
    break;
  }
  return "invalid";
}

unsigned elemBits(ElemKind T) {
  switch (T) {
  case ElemKind::F16:
  case ElemKind::BF16:
  case ElemKind::B16:
    return 16;
  case ElemKind::TF32:
  case ElemKind::F32:
  case ElemKind::S32:
    return 32;
  case ElemKind::F64:
    return 64;
  case ElemKind::S8:
  case ElemKind::U8:
  case ElemKind::E4M3:
  case ElemKind::E5M2:
  case ElemKind::UE8M0:
  case ElemKind::UE4M3:
  case ElemKind::B8:
    return 8;
  case ElemKind::E3M2:
  case ElemKind::E2M3:
    return 6;
  case ElemKind::S4:
  case ElemKind::U4:
  case ElemKind::E2M1:
    return 4;
  case ElemKind::B1:
    return 1;
  case ElemKind::Invalid:
    break;
  }
  return 0;
}

bool isFloatType(ElemKind T) {
  switch (T) {
  case ElemKind::F16:
  case ElemKind::BF16:
  case ElemKind::TF32:
  case ElemKind::F32:
  case ElemKind::F64:
  case ElemKind::E4M3:
  case ElemKind::E5M2:
  case ElemKind::E3M2:
  case ElemKind::E2M3:
  case ElemKind::E2M1:
  case ElemKind::UE8M0:
  case ElemKind::UE4M3:
    return true;
  default:
    return false;
  }
}

namespace {

/// Multiplicand families that share one layout in the spec's sections.
enum class TypeFamily : uint8_t { F16, TF32, F64, Bits8, Bits4, Bits1, None };

TypeFamily familyOf(ElemKind T, Packing P) {
  switch (T) {
  case ElemKind::F16:
  case ElemKind::BF16:
    return TypeFamily::F16;
  case ElemKind::TF32:
    return TypeFamily::TF32;
  case ElemKind::F64:
    return TypeFamily::F64;
  case ElemKind::S8:
  case ElemKind::U8:
  case ElemKind::E4M3:
  case ElemKind::E5M2:
  case ElemKind::E3M2: // fp6: always in an 8-bit container (9.7.14.5.14)
  case ElemKind::E2M3:
    return TypeFamily::Bits8;
  case ElemKind::E2M1:
    return P == Packing::Container8 ? TypeFamily::Bits8 : TypeFamily::Bits4;
  case ElemKind::S4:
  case ElemKind::U4:
    return TypeFamily::Bits4;
  case ElemKind::B1:
    return TypeFamily::Bits1;
  default:
    return TypeFamily::None;
  }
}

/// Elements per 32-bit register for packed families.
unsigned perReg(TypeFamily F) {
  switch (F) {
  case TypeFamily::F16:
    return 2;
  case TypeFamily::Bits8:
    return 4;
  case TypeFamily::Bits4:
    return 8;
  case TypeFamily::Bits1:
    return 32;
  default:
    return 1;
  }
}

/// One row of the layout table: a shape and family, dense or sparse, and
/// the section whose formulas give its A/B/C layouts.
struct LayoutRow {
  unsigned M, N, K;
  TypeFamily Fam;
  bool Sparse;
  const char *Section;
};

// The table (9.7.14.5.1-13 dense, 9.7.14.6.2.1-8 sparse). The pattern of
// each matrix follows from the family: .tf32/.f64 A/B are "strided" (one
// element per register, a0/a1 alternate rows), every other family is
// "packed"; C/D are "Accum" everywhere except m8n8k4 .f16.
const LayoutRow Rows[] = {
    {8, 8, 4, TypeFamily::F16, false, "9.7.14.5.1"},
    {8, 8, 4, TypeFamily::F64, false, "9.7.14.5.2"},
    {8, 8, 16, TypeFamily::Bits8, false, "9.7.14.5.3"},
    {8, 8, 32, TypeFamily::Bits4, false, "9.7.14.5.4"},
    {8, 8, 128, TypeFamily::Bits1, false, "9.7.14.5.5"},
    {16, 8, 4, TypeFamily::TF32, false, "9.7.14.5.6"},
    {16, 8, 4, TypeFamily::F64, false, "9.7.14.5.6"},
    {16, 8, 8, TypeFamily::F16, false, "9.7.14.5.7"},
    {16, 8, 8, TypeFamily::TF32, false, "9.7.14.5.7"},
    {16, 8, 8, TypeFamily::F64, false, "9.7.14.5.7"},
    {16, 8, 16, TypeFamily::F16, false, "9.7.14.5.8"},
    {16, 8, 16, TypeFamily::F64, false, "9.7.14.5.8"},
    {16, 8, 16, TypeFamily::Bits8, false, "9.7.14.5.9"},
    {16, 8, 32, TypeFamily::Bits8, false, "9.7.14.5.10"},
    {16, 8, 32, TypeFamily::Bits4, false, "9.7.14.5.10"},
    {16, 8, 64, TypeFamily::Bits4, false, "9.7.14.5.11"},
    {16, 8, 128, TypeFamily::Bits1, false, "9.7.14.5.12"},
    {16, 8, 256, TypeFamily::Bits1, false, "9.7.14.5.13"},
    {16, 8, 16, TypeFamily::F16, true, "9.7.14.6.2.1"},
    {16, 8, 32, TypeFamily::F16, true, "9.7.14.6.2.2"},
    {16, 8, 16, TypeFamily::TF32, true, "9.7.14.6.2.3"},
    {16, 8, 8, TypeFamily::TF32, true, "9.7.14.6.2.4"},
    {16, 8, 32, TypeFamily::Bits8, true, "9.7.14.6.2.5"},
    {16, 8, 64, TypeFamily::Bits8, true, "9.7.14.6.2.6"},
    {16, 8, 64, TypeFamily::Bits4, true, "9.7.14.6.2.7"},
    {16, 8, 128, TypeFamily::Bits4, true, "9.7.14.6.2.8"},
};

/// Sparse metadata rows (9.7.14.6.1): chunk width, kept elements, the
/// threads of a quad that contribute metadata, and how a thread's nibbles
/// are spread over rows (the metadata figures 119-147; the text gives them
/// only as pictures, so the spreading was read from the figures and
/// confirmed on an H100, docs/exec-results.md).
struct SparseRow {
  unsigned K;
  TypeFamily Fam;
  unsigned ChunkWidth, Kept, MetaThreads;
  bool OneRowPerThread;
  const char *Section;
};
const SparseRow SparseRows[] = {
    {16, TypeFamily::F16, 4, 2, 1, false, "9.7.14.6.2.1"},
    {32, TypeFamily::F16, 4, 2, 2, false, "9.7.14.6.2.2"},
    {16, TypeFamily::TF32, 2, 1, 2, false, "9.7.14.6.2.3"},
    {8, TypeFamily::TF32, 2, 1, 1, false, "9.7.14.6.2.4"},
    {32, TypeFamily::Bits8, 4, 2, 2, true, "9.7.14.6.2.5"},
    {64, TypeFamily::Bits8, 4, 2, 4, true, "9.7.14.6.2.6"},
    {64, TypeFamily::Bits4, 8, 4, 2, true, "9.7.14.6.2.7"},
    {128, TypeFamily::Bits4, 8, 4, 4, true, "9.7.14.6.2.8"},
};

const LayoutRow *findRow(const MmaLayoutKey &Key) {
  TypeFamily F = familyOf(Key.AType, Key.Pack);
  for (const LayoutRow &R : Rows)
    if (R.M == Key.M && R.N == Key.N && R.K == Key.K && R.Fam == F && R.Sparse == Key.Sparse)
      return &R;
  return nullptr;
}

} // namespace

ElemCoord FragmentLayout::coord(unsigned Lane, unsigned I) const {
  const unsigned G = Lane >> 2; // groupID
  const unsigned T = Lane % 4;  // threadID_in_group
  const bool Hi = Lane >= 16;   // m8n8k4 .f16: high group
  ElemCoord C;
  const unsigned P = ElemsPerReg;
  const unsigned R = I / P, E = I % P;
  const bool M16 = (Mat == Matrix::A || Mat == Matrix::C) ? Rows == 16 : false;
  switch (Pattern) {
  case LayoutPattern::APacked:
    C.Row = G + (M16 ? 8 * (R % 2) : 0);
    C.Col = T * P + E + (M16 ? (R / 2) : R) * 4 * P;
    break;
  case LayoutPattern::BPacked:
    C.Row = T * P + E + R * 4 * P;
    C.Col = G;
    break;
  case LayoutPattern::AStrided:
    C.Row = G + (M16 ? 8 * (I % 2) : 0);
    C.Col = T + 4 * (M16 ? I / 2 : I);
    break;
  case LayoutPattern::BStrided:
    C.Row = T + 4 * I;
    C.Col = G;
    break;
  case LayoutPattern::Accum:
    C.Row = G + 8 * (I / 2);
    C.Col = 2 * T + I % 2;
    break;
  case LayoutPattern::A884Row: // row = %laneid % 4 (+4 for lanes >= 16), col = i
    C.Instance = (Lane % 16) / 4;
    C.Row = Lane % 4 + (Hi ? 4 : 0);
    C.Col = I;
    break;
  case LayoutPattern::A884Col: // row = i % 4 (+4), col = %laneid % 4
    C.Instance = (Lane % 16) / 4;
    C.Row = I % 4 + (Hi ? 4 : 0);
    C.Col = Lane % 4;
    break;
  case LayoutPattern::B884Row: // row = %laneid % 4, col = i (+4)
    C.Instance = (Lane % 16) / 4;
    C.Row = Lane % 4;
    C.Col = I + (Hi ? 4 : 0);
    break;
  case LayoutPattern::B884Col: // row = i, col = %laneid % 4 (+4)
    C.Instance = (Lane % 16) / 4;
    C.Row = I;
    C.Col = Lane % 4 + (Hi ? 4 : 0);
    break;
  case LayoutPattern::C884F16: // row = %laneid % 4 (+4), col = i
    C.Instance = (Lane % 16) / 4;
    C.Row = Lane % 4 + (Hi ? 4 : 0);
    C.Col = I;
    break;
  case LayoutPattern::C884F32: { // X = (%laneid & 1) + (i & 2); row = X (+4)
    C.Instance = (Lane % 16) / 4;
    unsigned X = (Lane & 1) + (I & 2);
    C.Row = X + (Hi ? 4 : 0);
    C.Col = (I & 4) + (Lane & 2) + (I & 1);
    break;
  }
  }
  return C;
}

std::optional<FragmentLayout> mmaLayout(const MmaLayoutKey &Key, Matrix Mat) {
  const LayoutRow *Row = findRow(Key);
  if (!Row)
    return std::nullopt;
  FragmentLayout L;
  L.Section = Row->Section;
  L.Mat = Mat;
  const unsigned Lanes = 32;
  if (Mat == Matrix::C) {
    L.Rows = Key.M;
    L.Cols = Key.N;
    if (Key.CType == ElemKind::F16) {
      L.ElemsPerReg = 2;
      L.ElemBits = 16;
    } else if (Key.CType == ElemKind::F64) {
      L.RegBits = 64;
      L.ElemBits = 64;
    } else if (Key.CType == ElemKind::F32 || Key.CType == ElemKind::S32) {
      L.ElemBits = 32;
    } else {
      return std::nullopt;
    }
    if (Row->Fam == TypeFamily::F16 && Key.M == 8 && Key.K == 4) {
      L.Instances = 4;
      L.Pattern = Key.CType == ElemKind::F16 ? LayoutPattern::C884F16 : LayoutPattern::C884F32;
      L.NumRegs = 8 / L.ElemsPerReg;
      return L;
    }
    L.Pattern = LayoutPattern::Accum;
    L.NumRegs = Key.M * Key.N / Lanes / L.ElemsPerReg;
    return L;
  }

  // Multiplicands.
  TypeFamily F = Row->Fam;
  L.ElemBits = F == TypeFamily::F64 ? 64 : F == TypeFamily::TF32 ? 32 : 32 / perReg(F);
  L.RegBits = F == TypeFamily::F64 ? 64 : 32;
  L.ElemsPerReg = perReg(F);
  if (Mat == Matrix::A) {
    L.Rows = Key.M;
    L.Cols = Key.Sparse ? Key.K / 2 : Key.K;
  } else {
    L.Rows = Key.K;
    L.Cols = Key.N;
  }
  if (F == TypeFamily::F16 && Key.M == 8 && Key.K == 4) {
    L.Instances = 4;
    L.NumRegs = 2;
    if (Mat == Matrix::A)
      L.Pattern = Key.ARowMajor ? LayoutPattern::A884Row : LayoutPattern::A884Col;
    else
      L.Pattern = Key.BRowMajor ? LayoutPattern::B884Row : LayoutPattern::B884Col;
    return L;
  }
  bool Strided = F == TypeFamily::TF32 || F == TypeFamily::F64;
  if (Mat == Matrix::A)
    L.Pattern = Strided ? LayoutPattern::AStrided : LayoutPattern::APacked;
  else
    L.Pattern = Strided ? LayoutPattern::BStrided : LayoutPattern::BPacked;
  L.NumRegs = L.Rows * L.Cols / Lanes / L.ElemsPerReg;
  return L;
}

std::optional<SparseLayout> sparseLayout(const MmaLayoutKey &Key) {
  if (!Key.Sparse || Key.M != 16 || Key.N != 8)
    return std::nullopt;
  TypeFamily F = familyOf(Key.AType, Key.Pack);
  for (const SparseRow &R : SparseRows) {
    if (R.K != Key.K || R.Fam != F)
      continue;
    SparseLayout L;
    L.Section = R.Section;
    L.ChunkWidth = R.ChunkWidth;
    L.KeptPerChunk = R.Kept;
    L.MetaThreads = R.MetaThreads;
    L.MaxSelector = R.MetaThreads == 1 ? 3 : R.MetaThreads == 2 ? 1 : 0;
    L.OneRowPerThread = R.OneRowPerThread;
    L.K = R.K;
    return L;
  }
  return std::nullopt;
}

bool metadataChunk(const SparseLayout &L, unsigned Lane, unsigned Sel, unsigned Nibble,
                   unsigned &Row, unsigned &Chunk) {
  const unsigned G = Lane >> 2, T = Lane % 4;
  unsigned Pos;
  if (L.MetaThreads == 1) {
    if (T != Sel)
      return false;
    Pos = 0;
  } else if (L.MetaThreads == 2) {
    if (T / 2 != Sel)
      return false;
    Pos = T % 2;
  } else {
    Pos = T;
  }
  if (L.OneRowPerThread) {
    // 8- and 4-bit types: one row per thread, eight consecutive chunks.
    Row = G + 8 * (Pos % 2);
    Chunk = 8 * (Pos / 2) + Nibble;
  } else {
    // 16- and 32-bit types: bits [4n+3..4n] cover rows groupID (nibbles
    // 0-3) and groupID + 8 (nibbles 4-7), four consecutive chunks each; the
    // k-th contributing thread of the quad covers the k-th run of four.
    Row = G + 8 * (Nibble / 4);
    Chunk = Pos * 4 + Nibble % 4;
  }
  return Chunk * L.ChunkWidth < L.K;
}

unsigned sparseDenseCol(const SparseLayout &L, unsigned PackedCol, unsigned Nib) {
  if (L.ChunkWidth == 2) {
    // .tf32 (1:2): 0b0100 keeps element 0, 0b1110 element 1 (the 4-bit
    // index names the two 16-bit halves of the kept 32-bit element).
    return PackedCol * 2 + ((Nib & 3) >> 1);
  }
  if (L.ChunkWidth == 8) {
    // 4-bit types: two 2-bit indices name the kept two-wide sub-chunks.
    unsigned Chunk = PackedCol / 4, J = (PackedCol % 4) / 2;
    unsigned Idx = (Nib >> (2 * J)) & 3;
    return Chunk * 8 + Idx * 2 + PackedCol % 2;
  }
  unsigned Chunk = PackedCol / 2, J = PackedCol % 2;
  unsigned Idx = (Nib >> (2 * J)) & 3;
  return Chunk * 4 + Idx;
}

ElemCoord ldmatrixM8N8Coord(unsigned Lane, unsigned Reg, unsigned E, bool Trans) {
  // 9.7.14.5.15 Figure 104: a group of four threads holds a row; thread 0
  // the first fragment (two 16-bit elements, low half first).
  ElemCoord C;
  C.Instance = Reg;
  C.Row = Lane / 4;
  C.Col = 2 * (Lane % 4) + E;
  if (Trans)
    std::swap(C.Row, C.Col);
  return C;
}

ElemCoord ldmatrixM16N16Coord(unsigned Lane, unsigned Reg, unsigned E) {
  ElemCoord C;
  C.Instance = Reg / 2;
  C.Row = Lane / 4 + 8 * (Reg % 2);
  C.Col = 4 * (Lane % 4) + E;
  std::swap(C.Row, C.Col); // .trans is mandatory for .m16n16
  return C;
}

ElemCoord ldmatrixM8N16Coord(unsigned Lane, unsigned Reg, unsigned E) {
  ElemCoord C;
  C.Instance = Reg;
  C.Row = Lane / 4;
  C.Col = 4 * (Lane % 4) + E;
  return C;
}

ElemCoord stmatrixM16N8Coord(unsigned Lane, unsigned Reg, unsigned E) {
  ElemCoord C;
  C.Instance = Reg;
  C.Row = Lane / 2;
  C.Col = 4 * (Lane % 2) + E;
  std::swap(C.Row, C.Col); // .trans is mandatory for .m16n8
  return C;
}

} // namespace spec
} // namespace ptxlint
