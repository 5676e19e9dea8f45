//===- WmmaLowering.h - constants ptxas refuses in wmma.mma fragments -*- C++ -*-===//
//
// Immediates among the registers of a wmma.mma fragment that ptxas 13.0
// refuses in its lowering (a later phase: "Arguments mismatch for instruction
// '_mma'" or "'mov'", reported only when the rest of the file is clean)
// although the vector is well typed. Probed for every wmma.mma form, operand,
// element position and literal kind (docs/differences/wmma-ldst.md,
// test/check/wmma-lowered-immediates.ptx). Read by lib/Check/CheckWmma.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_WMMALOWERING_H
#define PTXLINT_LIB_SPEC_WMMALOWERING_H

namespace ptxlint {
namespace spec {

/// Kinds of constant, as a mask: an integer, a 0f (32-bit) or a 0d/decimal
/// (64-bit) floating-point one.
enum WmmaLitKind : unsigned { WmmaIntLit = 1, WmmaF32Lit = 2, WmmaF64Lit = 4, WmmaAnyLit = 7 };

/// One refused case; an empty field matches anything.
struct WmmaRefusedImmediate {
  const char *Shape, *AType, *DType, *CType;
  const char *Operand; ///< the fragment ("b", "c")
  unsigned Lits;       ///< the constants refused (WmmaLitKind mask)
  const char *Ptxas;   ///< the instruction ptxas names
  unsigned FromSm;     ///< from this target on (below it the typed-fragment checks speak)
};

inline constexpr WmmaRefusedImmediate WmmaRefusedImmediates[] = {
    // Shape        AType    DType   CType   Operand Lits                      Ptxas   FromSm
    {".m16n16k16", ".s8", "", "", "b", WmmaIntLit | WmmaF64Lit, "_mma", 80},
    {".m16n16k16", ".u8", "", "", "b", WmmaIntLit | WmmaF64Lit, "_mma", 80},
    {".m16n16k8", ".tf32", "", "", "b", WmmaAnyLit, "_mma", 0},
    {"", "", ".f32", ".f16", "c", WmmaF64Lit, "mov", 0},
};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_WMMALOWERING_H
