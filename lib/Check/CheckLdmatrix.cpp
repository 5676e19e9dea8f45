//===- CheckLdmatrix.cpp - checks for the ldmatrix instruction family -----------===//
//
// Placeholder so the library links; the checks arrive with the spec tables.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/Rules.h"

namespace ptxlint {

llvm::ArrayRef<RuleInfo> ldmatrixRules() { return {}; }

namespace check {

void checkLdmatrix(const Instruction &I, CheckContext &Ctx) {}

} // namespace check
} // namespace ptxlint
