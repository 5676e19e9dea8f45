//===- IsaSpecial.h - special-register operands and barrier constants -*- C++ -*-===//
//
// Operand checks of IsaOperands.cpp that look at values rather than
// declarations: which instructions read special registers and at which
// types, and the constant barrier numbers and thread counts of bar/barrier.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISASPECIAL_H
#define PTXLINT_LIB_CHECK_ISASPECIAL_H

#include "Check/CheckContext.h"

namespace ptxlint {
namespace check {

/// Special registers are read-only, read only by mov and by cvt between
/// integer types, and at a type of their size.
void checkSpecialOperands(const Instruction &I, CheckContext &Ctx);

/// bar/barrier: a constant barrier number is 0..15, a constant thread count
/// a multiple of the warp size.
void checkBarrierConstants(const Instruction &I, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISASPECIAL_H
