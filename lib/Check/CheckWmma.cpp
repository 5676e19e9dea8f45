//===- CheckWmma.cpp - checks for the wmma instruction family -----------===//
//
// Placeholder so the library links; the checks arrive with the spec tables.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/Rules.h"

namespace ptxlint {

llvm::ArrayRef<RuleInfo> wmmaRules() { return {}; }

namespace check {

void checkWmma(const Instruction &I, CheckContext &Ctx) {}

} // namespace check
} // namespace ptxlint
