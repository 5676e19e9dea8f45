//===- IsaOperands.h - operand kinds and types of every instruction -*- C++ -*-===//
//
// The operand checks that follow the table checks of CheckIsa.cpp: each
// operand's kind (register, immediate, address) and, for registers, whether
// its declared type fits the type the instruction's qualifiers give it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISAOPERANDS_H
#define PTXLINT_LIB_CHECK_ISAOPERANDS_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"
#include "ptxlint/Rules.h"

namespace ptxlint {
namespace check {

/// Checks the operands of I (an instruction whose form the tables matched);
/// Op is its row, whose OperandChecks route I to the instruction's own checks.
void checkIsaOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op);

} // namespace check

} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAOPERANDS_H
