//===- CheckMmaSp.cpp - checks of mma.sp (9.7.14.6.3) -----------*- C++ -*-===//
//
// mma.sp and mma.sp::ordered_metadata: the generic form matcher checks the
// qualifiers, fragments (A is half the dense size; metadata e; selector f
// with its per-shape range), register types and gates against
// lib/Spec/MmaSpTables.cpp, and reports ptxas's advisory for plain `.sp`.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"

#include <mutex>
#include <vector>

namespace ptxlint {

namespace check {

void checkMmaSp(const Instruction &I, CheckContext &Ctx) {
  MatchResult M = checkAgainstForms(I, spec::Family::MmaSp, Ctx);
  if (M.F)
    checkFp8SinkDest(I, *M.F, Ctx);
}

} // namespace check
} // namespace ptxlint
