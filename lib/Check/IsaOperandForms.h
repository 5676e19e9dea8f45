//===- IsaOperandForms.h - operand counts and kinds of the syntax lines -*- C++ -*-===//
//
// The operand count of the matching syntax lines (conditional operands
// counted by their qualifiers) and the kind of each operand: an address or
// not, a predicate output only where a line has one.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISAOPERANDFORMS_H
#define PTXLINT_LIB_CHECK_ISAOPERANDFORMS_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/ArrayRef.h"

namespace ptxlint {
namespace check {

/// Forms are the forms matching I's spelling (CheckIsa.cpp's table facts):
/// where Ctx.Spelling is set, what they say is kept per spelling.

/// isa-operand-count over the matching forms; false where it reported.
bool checkOperandCount(const Instruction &I, CheckContext &Ctx,
                       llvm::ArrayRef<const spec::IsaForm *> Forms);

/// isa-operand-kind for addresses and predicate outputs, where every form
/// that fits the operand count agrees (run after the count is known good).
void checkOperandForms(const Instruction &I, CheckContext &Ctx,
                       llvm::ArrayRef<const spec::IsaForm *> Forms);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAOPERANDFORMS_H
