//===- IsaCompare.h - set and setp: comparisons and their types -*- C++ -*-===//
//
// The comparison of set/setp against the compared type, and set's type
// pairs, .ftz and operand count, as ptxas 13.0 judges them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISACOMPARE_H
#define PTXLINT_LIB_CHECK_ISACOMPARE_H

#include "Check/CheckContext.h"

namespace ptxlint {
namespace check {

/// Checks set and setp (any other instruction: nothing).
void checkCompare(const Instruction &I, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISACOMPARE_H
