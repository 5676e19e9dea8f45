//===- IsaOperandsRegCount.cpp - setmaxnreg's register count --------------===//
//
// setmaxnreg.{inc,dec}'s imm-reg-count (PTX ISA 9.0, 9.7.19.6): "must be in the
// range 24 to 256 (both inclusive)" and "a multiple of 8". ptxas 13.0 checks
// both on the constant, and refuses a register:
//   "Argument 1 of instruction 'setmaxnreg.inc': value '16' out of range,
//    expected to be in range [24..256]",
//   "... unexpected value '236', expected to be multiple of 8",
//   "Arguments mismatch for instruction 'setmaxnreg.inc'" (a register).
// Routed by the `operands regcount` line of spec/isa/corrections.txt
// (test/isa-operands/setmaxnreg-cvt-x4.test).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"

namespace ptxlint {
namespace check {
namespace isaop {

namespace {
constexpr int64_t MinRegCount = 24;
constexpr int64_t MaxRegCount = 256;
constexpr int64_t RegCountGranule = 8;
} // namespace

void checkRegCount(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() != 1)
    return; // the operand count check speaks for it
  const Operand &N = I.Operands[0];
  std::string What = "the register count of '" + spelledOp(I) + "'";
  if (N.Kind == OperandKind::Name) {
    Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), N.Range,
                     What + " is an integer constant, a multiple of 8 from 24 to 256, not " +
                         std::string(N.Text));
    return;
  }
  int64_t V = 0;
  if (N.Kind == OperandKind::IntImm)
    V = N.IntValue;
  else if (N.Kind != OperandKind::Expr || !evalConstantExpr(N.Text, V))
    return;
  if (V >= MinRegCount && V <= MaxRegCount && V % RegCountGranule == 0)
    return;
  int64_t Near = V < MinRegCount   ? MinRegCount
                 : V > MaxRegCount ? MaxRegCount
                                   : (V + RegCountGranule / 2) / RegCountGranule * RegCountGranule;
  Diagnostic &D =
      Ctx.Diags.report(Rule::IsaOperandImmediate, isaSectionOf(I.Opcode), N.Range,
                       What + " is a multiple of 8 from 24 to 256, found " + std::string(N.Text));
  D.Fixes.push_back({N.Range, std::to_string(Near)});
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
