//===- CheckIsa.h - table-driven checks of every instruction ----*- C++ -*-===//
//
// The checks every instruction gets from the whole-ISA tables
// (Spec/IsaTables.h): opcode, qualifiers, operand count, version and target
// gates. Directives get their version and target gates.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKISA_H
#define PTXLINT_LIB_CHECK_CHECKISA_H

#include "Check/CheckContext.h"
#include "ptxlint/Rules.h"

namespace ptxlint {
namespace check {

/// Checks I against the tables (for instructions no family check owns).
void checkIsa(const Instruction &I, CheckContext &Ctx);

/// Version and target gates of directive Name (".maxntid") written at R.
void checkDirectiveGates(llvm::StringRef Name, SourceRange R, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKISA_H
