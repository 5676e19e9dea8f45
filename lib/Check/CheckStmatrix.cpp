//===- CheckStmatrix.cpp - checks for stmatrix (9.7.14.5.16) --------------===//
//
// stmatrix is checked exactly like ldmatrix (same qualifier structure, same
// ptxas behaviour for `.x8`, repeated `.sync`, state spaces and row
// alignment), so it shares checkMatrixLoadStore() in CheckLdmatrix.cpp; the
// forms are in lib/Spec/LdStMatrixTables.cpp. Only the rule registry rows
// differ.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/FormMatcher.h"
#include "Spec/Spec.h"

#include <vector>

namespace ptxlint {

namespace check {

// CheckLdmatrix.cpp.
void checkMatrixLoadStore(const Instruction &I, CheckContext &Ctx, spec::Family Fam);

void checkStmatrix(const Instruction &I, CheckContext &Ctx) {
  checkMatrixLoadStore(I, Ctx, spec::Family::Stmatrix);
}

} // namespace check
} // namespace ptxlint
