//===- MmaCommon.h - shared builders of the mma/mma.sp tables ---*- C++ -*-===//
//
// mma (9.7.14.5.14) and mma.sp (9.7.14.6.3) share their qualifier grammar,
// register types and gates; only the fragment sizes and the extra operands
// differ. These helpers build one Form from a flat description.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_MMACOMMON_H
#define PTXLINT_LIB_SPEC_MMACOMMON_H

#include "Spec/Spec.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace spec {
namespace mma {

/// A flat description of one mma / mma.sp form.
struct MmaDesc {
  std::string SpVariant; ///< "" (dense), ".sp" or ".sp::ordered_metadata"
  std::string Shape;     ///< ".m16n8k16"
  std::string ALayout = ".row", BLayout = ".col";
  std::string Kind; ///< ".kind::f8f6f4" or ""
  bool BlockScale = false;
  std::string ScaleVec; ///< ".scale_vec::2X" or ""
  bool ScaleVecRequired = false;
  std::string SType; ///< ".ue8m0" or ""
  std::string DType, AType, BType, CType;
  bool Satfinite = false; ///< optional .satfinite slot
  std::string BitOp;      ///< ".xor"/".and" (then .popc) or ""
  bool Rounding = false;  ///< optional .rn/.rz/.rm/.rp (f64)
  unsigned NA = 0, NB = 0, NC = 0, ND = 0;
  std::string FragSpec;
};

/// Sets D's fragment sizes (NA, NB, NC, ND: registers per thread) from its
/// shape mMnNkK, types and kind (9.7.14.5.1-13, 9.7.14.6.2): a matrix of R x C
/// elements of W bits spreads over the warp's 32 threads in 32-bit registers
/// (64-bit for .f64), R * C * W / (32 * 32); sparse a is half of K; m8n8k4
/// with .f16/.bf16 inputs is computed by quad pairs (eight threads), four
/// times that.
void deriveFragmentCounts(MmaDesc &D);

/// Builds the form (qualifiers in canonical order, operands d a b c, then
/// e f for mma.sp, then the block-scale operands).
Form makeMmaForm(Family Fam, const MmaDesc &D);

/// Declared register types ptxas accepts for a fragment register holding
/// ElemType (probed with ptxas 13.0, see docs/differences/mma.md).
std::vector<std::string> fragmentRegTypes(const std::string &ElemType);
/// Elements of ElemType packed in one 32-bit (or 64-bit for f64) register.
unsigned elemsPerReg(const std::string &ElemType, const std::string &Kind);

/// Shorthand for gates.
Gate gate(std::string Feature, PtxVersion V, unsigned MinSm,
          std::vector<SpecificTarget> Specific = {}, std::string Spec = "9.7.14.5.14");
/// Targets of the sm_120 family (sm_120a, sm_120f, sm_121a, sm_121f).
std::vector<SpecificTarget> sm120Family();
/// Targets carrying .kind::f8f6f4 with 8-bit types: the sm_100, sm_110 and
/// sm_120 families (a and f targets).
std::vector<SpecificTarget> sm100to120Families();

/// The Table 37 selector ranges for one .scale_vec size (9.7.14.3).
std::vector<ImmRange> selectorRangesA(const std::string &ScaleVec);
std::vector<ImmRange> selectorRangesB(const std::string &ScaleVec);

} // namespace mma

/// The targets on which ptxas 13.0 lowers a matrix multiply (mma.sp variant
/// Variant or "", multiplicand type AType, bit operation BitOp of .b1, shape
/// Shape) to a built-in call: see Form::BuiltinOn and BuiltinLoweringTable in
/// MmaCommon.cpp. DestVectorCrash, when given, is set for the forms whose
/// lowering crashes on a whole vector register as d; Args to the names of
/// the operands passed to the built-in ("a b c").
TargetGate builtinLowering(llvm::StringRef Variant, llvm::StringRef AType, llvm::StringRef BitOp,
                           llvm::StringRef Shape, bool *DestVectorCrash = nullptr,
                           std::string *Args = nullptr);

/// True when ptxas 13.0 takes a vector of .pred registers only as fragment
/// Operand ("a", "b", "c", "d", "r") of F on a target that does not lower F
/// to a built-in call (PredVectorTable in MmaCommon.cpp; probed form by form).
/// Always true for ldmatrix, stmatrix and movmatrix, never for wmma.
bool takesPredicateVector(const Form &F, llvm::StringRef Operand);

/// A type qualifier ptxas 13.0 takes and ignores after the types of some
/// forms ("stray type"): `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16.b1`
/// assembles like the form without `.b1`. ptxas still applies the type's own
/// feature gates ("Feature '.bf16' requires .target sm_80 or higher").
struct StrayType {
  const char *Type;
  unsigned MinSm;
  PtxVersion MinPtx;
};

/// The stray type named T, or null (only .b1, .s4, .u4, .bf16, .tf32 are
/// ever ignored; any other extra type is "Unexpected instruction types").
const StrayType *strayType(llvm::StringRef T);

/// True when ptxas ignores a stray type written as the last type qualifier
/// of form F (probed on every form of every family, docs/differences/mma.md
/// and docs/differences/wmma-ldst.md).
bool ignoresStrayType(const Form &F);
} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_MMACOMMON_H
