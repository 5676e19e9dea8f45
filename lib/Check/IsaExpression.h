//===- IsaExpression.h - the shape of operand expressions -------*- C++ -*-===//
//
// ptxas's grammar of an operand that names a symbol or register: the name
// first, then at most '+' and a constant expression (6.4.1). Checked on
// every instruction, before the family and table checks.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISAEXPRESSION_H
#define PTXLINT_LIB_CHECK_ISAEXPRESSION_H

#include "Check/CheckContext.h"

namespace ptxlint {
namespace check {

/// Reports the operands of I whose expression ptxas cannot parse:
/// a parenthesized name (`(tab)`, `[(%rd1)]`), a name after a constant or
/// operator (`4+tab`, `[%rd1+%r2]`, `-tab`), an operator other than '+'
/// after the name (`tab-4`, `[%rd1*4]`), a call-like name (`generic(tab)`).
void checkOperandExpressions(const Instruction &I, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAEXPRESSION_H
