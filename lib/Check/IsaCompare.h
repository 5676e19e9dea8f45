//===- IsaCompare.h - set and setp: comparisons and their types -*- C++ -*-===//
//
// The comparison of set/setp against the compared type, and set's type
// pairs, .ftz and operand count, as ptxas 13.0 judges them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISACOMPARE_H
#define PTXLINT_LIB_CHECK_ISACOMPARE_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"

namespace ptxlint {
namespace check {

/// Checks set and setp, the instructions whose row Op has Compares (any
/// other: nothing); set's own qualifier, type pair and count checks run where
/// the row has OwnCount.
void checkCompare(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISACOMPARE_H
