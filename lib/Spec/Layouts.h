//===- Layouts.h - fragment layouts of the warp-level matrix ops -*- C++ -*-===//
//
// Where every fragment element lives: for each mma / mma.sp shape and type
// family and each of A, B, C/D, the (instance, row, column) of element i held
// by lane l, as the spec's formulas in 9.7.14.5.1-13 and 9.7.14.6.2.x give
// them; the sparse metadata layouts (9.7.14.6.1, 9.7.14.6.2.x); and the
// thread-to-element maps of ldmatrix / stmatrix / movmatrix
// (9.7.14.5.15-17).
//
// The layouts are data: one table row per (instruction kind, shape, type
// family, matrix), naming a formula pattern, its parameters and the section
// it comes from (Layouts.cpp). Register counts and element types are
// derivable from a layout (NumRegs, ElemsPerReg) and are asserted against
// the form tables of Spec.h in the unit tests, never copied into them.
//
// wmma fragments are unspecified by the spec (9.7.14.4.1): wmma has no
// layout here; its execution harness moves whole matrices through memory.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_LAYOUTS_H
#define PTXLINT_LIB_SPEC_LAYOUTS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ptxlint {
namespace spec {

/// Element types of the matrix instructions (9.7.14.2), plus the bit types
/// of ldmatrix/stmatrix/movmatrix.
enum class ElemKind : uint8_t {
  F16,
  BF16,
  TF32,
  F32,
  F64,
  S8,
  U8,
  S4,
  U4,
  B1,
  S32,
  E4M3,
  E5M2,
  E3M2,
  E2M3,
  E2M1,
  UE8M0,
  UE4M3,
  B16,
  B8,
  Invalid,
};

/// ".f16" -> F16; Invalid when unknown.
ElemKind parseElemKind(llvm::StringRef Qualifier);
/// "f16" (no dot).
const char *elemKindName(ElemKind T);
/// Bits one element occupies in the encoding (tf32: 32, e2m1: 4, b1: 1).
unsigned elemBits(ElemKind T);
bool isFloatType(ElemKind T);

/// The matrix an operand holds.
enum class Matrix : uint8_t { A, B, C }; // C also describes D

/// How the 4-bit and 6-bit types are packed (9.7.14.5.14): in an 8-bit
/// container with .kind::f8f6f4 / .kind::mxf8f6f4, densely with
/// .kind::mxf4 / .kind::mxf4nvf4 (and for .s4/.u4).
enum class Packing : uint8_t { Dense, Container8 };

/// The formula families the spec's row/column equations fall into.
enum class LayoutPattern : uint8_t {
  /// A, P elements per 32-bit register: row = g + 8*(r%2) (m16 only),
  /// col = t*P + i%P + (r/2)*4P. (9.7.14.5.3-5, 7-13: .f16/.bf16/8-bit/4-bit/.b1)
  APacked,
  /// B, P elements per register: row = t*P + i%P + r*4P, col = g.
  BPacked,
  /// A, one element per register (.tf32/.f64): row = g + 8*(i%2) (m16
  /// only), col = t + 4*(i/2).  (9.7.14.5.2, 6, 7, 8)
  AStrided,
  /// B, one element per register: row = t + 4*i, col = g.
  BStrided,
  /// C/D: row = g + 8*(i/2), col = 2t + i%2.
  Accum,
  /// m8n8k4 .f16 (9.7.14.5.1): four MMA computations per warp.
  A884Row,
  A884Col,
  B884Row,
  B884Col,
  C884F16,
  C884F32,
};

/// Where one fragment element lives.
struct ElemCoord {
  unsigned Instance = 0; ///< which of the warp's MMA computations (m8n8k4 .f16: 0-3)
  unsigned Row = 0;
  unsigned Col = 0;
};

/// The fragment layout of one operand of one mma / mma.sp form.
struct FragmentLayout {
  const char *Section = ""; ///< e.g. "9.7.14.5.7"
  LayoutPattern Pattern = LayoutPattern::APacked;
  Matrix Mat = Matrix::A;
  unsigned Rows = 0, Cols = 0; ///< the matrix (per instance; sparse A: K/2 packed columns)
  unsigned Instances = 1;
  unsigned NumRegs = 0;     ///< registers in the vector operand
  unsigned RegBits = 32;    ///< 32, or 64 for .f64
  unsigned ElemsPerReg = 1; ///< elements per register
  unsigned ElemBits = 32;   ///< bits one element takes in the register

  unsigned numElems() const { return NumRegs * ElemsPerReg; }
  /// The element I (0-based, low to high as the spec numbers a0, a1, ...)
  /// held by Lane.
  ElemCoord coord(unsigned Lane, unsigned I) const;
};

/// What identifies an mma layout: shape, A/B type and C type, sparsity.
struct MmaLayoutKey {
  unsigned M = 0, N = 0, K = 0;
  ElemKind AType = ElemKind::Invalid; ///< A and B have the same width in every form
  ElemKind CType = ElemKind::Invalid;
  bool Sparse = false;
  Packing Pack = Packing::Dense;
  bool ARowMajor = true, BRowMajor = false; ///< only m8n8k4 .f16 has a choice
};

/// The layout of matrix Mat for Key; nullopt when no table row matches (the
/// form does not exist or is not described by a formula in the spec).
std::optional<FragmentLayout> mmaLayout(const MmaLayoutKey &Key, Matrix Mat);

//===----------------------------------------------------------------------===//
// Sparse metadata (9.7.14.6.1, 9.7.14.6.2.x)
//===----------------------------------------------------------------------===//

/// The sparsity pattern of A for one mma.sp form.
struct SparseLayout {
  const char *Section = "";
  /// Dense columns one metadata nibble covers: 4 (2:4), 2 (.tf32 1:2), 8
  /// (4-bit types, pair-wise 4:8).
  unsigned ChunkWidth = 4;
  /// Non-zero elements kept per chunk (2; .tf32: 1; 4-bit: 4 as 2 pairs).
  unsigned KeptPerChunk = 2;
  /// Threads of each group of four that contribute metadata: 1, 2 or 4.
  unsigned MetaThreads = 1;
  /// Valid sparsity selector values: 0..MaxSelector.
  unsigned MaxSelector = 0;
  /// How a contributing thread's eight nibbles are spread: false (16- and
  /// 32-bit types): nibbles 0-3 cover four chunks of row groupID and 4-7 the
  /// same chunks of row groupID+8, the k-th thread of the quad the k-th run
  /// of four chunks; true (8- and 4-bit types): the eight nibbles cover
  /// eight consecutive chunks of one row, the k-th thread row groupID +
  /// 8*(k%2), chunks 8*(k/2)...
  bool OneRowPerThread = false;
  unsigned K = 0;
};

std::optional<SparseLayout> sparseLayout(const MmaLayoutKey &Key);

/// Which chunk nibble Nibble (0-7) of lane Lane's metadata register
/// describes, for sparsity selector Sel: row and chunk index of A. Returns
/// false when that lane does not contribute metadata under Sel.
bool metadataChunk(const SparseLayout &L, unsigned Lane, unsigned Sel, unsigned Nibble,
                   unsigned &Row, unsigned &Chunk);

/// The dense column of packed column PackedCol of a row whose chunk holds
/// metadata nibble Nib (two 2-bit indices, low bits first).
unsigned sparseDenseCol(const SparseLayout &L, unsigned PackedCol, unsigned Nib);

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix / movmatrix (9.7.14.5.15-17)
//===----------------------------------------------------------------------===//

/// The element (matrix, row, column) of register Reg, element E (16-bit
/// elements: E in 0..1; 8-bit: 0..3) held by Lane, for an 8x8 .b16 matrix
/// (ldmatrix/stmatrix .m8n8, movmatrix source): row = lane/4, col =
/// 2*(lane%4) + E; matrix = Reg. With Trans the coordinates are of the
/// transposed matrix, i.e. (row, col) swapped.
ElemCoord ldmatrixM8N8Coord(unsigned Lane, unsigned Reg, unsigned E, bool Trans);
/// .m16n16 .b8 (ldmatrix, 9.7.14.5.15 Figure 105): a thread holds 4
/// consecutive columns across 2 rows (register r0: row lane/4, r1: row
/// lane/4+8); two registers per 16x16 matrix. Always .trans.
ElemCoord ldmatrixM16N16Coord(unsigned Lane, unsigned Reg, unsigned E);
/// .m8n16 (ldmatrix, Figure 106): one register, 4 consecutive columns.
ElemCoord ldmatrixM8N16Coord(unsigned Lane, unsigned Reg, unsigned E);
/// stmatrix .m16n8 .b8 (9.7.14.5.16): each thread provides four 8-bit
/// elements per 16x8 matrix (row lane/2, columns 4*(lane%2)..+3).
ElemCoord stmatrixM16N8Coord(unsigned Lane, unsigned Reg, unsigned E);

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_LAYOUTS_H
