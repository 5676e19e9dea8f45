//===- CheckStmatrix.cpp - checks for the stmatrix instruction family -----------===//
//
// Placeholder so the library links; the checks arrive with the spec tables.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/Rules.h"

namespace ptxlint {

llvm::ArrayRef<RuleInfo> stmatrixRules() { return {}; }

namespace check {

void checkStmatrix(const Instruction &I, CheckContext &Ctx) {}

} // namespace check
} // namespace ptxlint
