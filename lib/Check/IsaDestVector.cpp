//===- IsaDestVector.cpp - constants among a destination vector's elements -===//
//
// An instruction's first operand written as a vector in braces is always a
// destination (stores, reductions and copies begin with an address): each
// element receives a value, so a constant there is an error. ptxas 13.0:
// "Result register required for instruction 'mov'" for `mov.b32 {%h1, 5}, %r1`,
// `mov.b64 {%r1, 7}, %rd1`, "... 'ld'" for `ld.global.v2.u32 {%r1, 3}, [%rd1]`
// (found by sample J's seed-51 sweep, session 12; test/isa-operands/dest-vector-constant.test).
// The sink `_` is no constant.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"

namespace ptxlint {
namespace check {
namespace isaop {

void checkDestinationVector(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.empty() || I.Operands[0].Kind != OperandKind::Vector)
    return;
  for (const Operand &E : I.Operands[0].Elements)
    if (E.isImmediate()) {
      Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), E.Range,
                       "the destination vector of '" + spelledOp(I) +
                           "' takes registers (or _), not the constant " + std::string(E.Text));
      return;
    }
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
