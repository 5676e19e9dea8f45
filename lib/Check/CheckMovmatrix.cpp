//===- CheckMovmatrix.cpp - checks for the movmatrix instruction family -----------===//
//
// Placeholder so the library links; the checks arrive with the spec tables.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/Rules.h"

namespace ptxlint {

llvm::ArrayRef<RuleInfo> movmatrixRules() { return {}; }

namespace check {

void checkMovmatrix(const Instruction &I, CheckContext &Ctx) {}

} // namespace check
} // namespace ptxlint
