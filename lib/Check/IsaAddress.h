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
#include "Spec/Addressing.h"

namespace ptxlint {
namespace check {

/// Checks the addresses, literals and vector operands of I.
/// The literals, address bases, state spaces, vectors and cvt rounding of I;
/// Row is its opcode's addressing row (spec::addressingOf, null for none).
void checkIsaAddresses(const Instruction &I, CheckContext &Ctx, const spec::AddressingRow *Row,
                       const spec::IsaOpcode &Op);

/// Where I takes the sink `_` (IsaSink.cpp): as its destination only where
/// Op's `sink` row allows it, never as another operand.
void checkSinkOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAADDRESS_H
