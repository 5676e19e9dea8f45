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

/// Reports a version (IsTarget false) or target gate diagnostic at R, or,
/// when the same Message was reported before in the file, adds R to it as a
/// note: one diagnostic per cause (CheckContext::Gates). The fix raises
/// .version to FixVersion or .target to FixTarget.
void reportGate(CheckContext &Ctx, Rule Id, llvm::StringRef Spec, SourceRange R,
                const std::string &Message, bool IsTarget, PtxVersion FixVersion, Target FixTarget);

/// Calls of reportGate so far on this thread: a caller tells by it whether
/// a check said anything through the gates (held back until the end of the
/// file, so not in the DiagnosticEngine's count yet).
unsigned gateReportCount();

/// Version and target gates of directive Name (".maxntid") written at R.
void checkDirectiveGates(llvm::StringRef Name, SourceRange R, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKISA_H
