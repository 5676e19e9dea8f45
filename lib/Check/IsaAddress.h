//===- IsaAddress.h - addresses, state spaces, vectors, literals -*- C++ -*-===//
//
// Operand checks every instruction gets once the tables matched its form:
// integer literals that need more than 64 bits, address offsets and
// registers, the state space of an addressed symbol, ld/st vector widths.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISAADDRESS_H
#define PTXLINT_LIB_CHECK_ISAADDRESS_H

#include "Check/CheckContext.h"

namespace ptxlint {
namespace check {

/// Checks the addresses, literals and vector operands of I.
void checkIsaAddresses(const Instruction &I, CheckContext &Ctx);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAADDRESS_H
