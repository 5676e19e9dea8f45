//===- IsaOperandsNegation.cpp - '!' on an operand of any instruction -----===//
//
// `!` negates a predicate operand (setp's c, selp's c, and/or/xor/not/mov
// .pred, vote's a): PTX ISA 9.0, 9.3 and the syntax of those instructions.
// ptxas 13.0 refuses it on anything else, whatever the instruction:
//   setp.gt.u32 %p1, !%r1, 2;     "Illegal argument to predicate negation"
//   mov.b32 %f1, !%r2;            (the same, then "Arguments mismatch")
//   mov.u64 %rd1, !p0;            (a parameter: the same)
//   setp.gt.u32 !%p1, %r1, 2;     "Result register required for instruction 'setp'"
// A constant (`!1`) is a constant expression and is accepted. Found by the
// session-13 per-class mutants (negate operator; test/isa-operands/negation.test).
// Reads the declaration's type and state space only (RegisterInfo fields the
// instruction memo keys on).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"

namespace ptxlint {
namespace check {
namespace isaop {

bool negatableSource(const Instruction &I, const Operand &O, const CheckContext &Ctx) {
  if (O.Kind != OperandKind::Expr || !llvm::StringRef(Ctx.File.slice(O.Range)).startswith("-"))
    return false;
  const Shape *S = shapeOf(I, Ctx);
  return S && S->NegatableSources;
}

void checkNegatedOperands(const Instruction &I, CheckContext &Ctx) {
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &O = I.Operands[K];
    if (O.Kind == OperandKind::Address && O.Elements.size() <= 1) {
      // `[!%rd1]`: ptxas's grammar has no '!' in an address ("Parsing error near '%rd1'")
      llvm::StringRef S = llvm::StringRef(Ctx.File.slice(O.Range)).drop_front().ltrim();
      if (S.startswith("!"))
        Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(S.take_front(1)),
                         "an address cannot be negated: '!' applies to a predicate operand, "
                         "and an address is [name], [name+offset] or [constant]");
      continue;
    }
    if (!O.Negated || O.Kind != OperandKind::Name)
      continue;
    if (K == 0) {
      const Shape *S = shapeOf(I, Ctx);
      if (S && !S->NoDest) {
        Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), O.Range,
                         "the destination of '" + spelledOp(I) +
                             "' is a register and cannot be negated ('!' negates a source "
                             "predicate)");
        continue;
      }
    }
    const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
    if (!Info)
      Info = scalarRegister(Ctx, O.Text);
    if (!Info || (Info->StateSpace == ".reg" && Info->Type == ".pred" && Info->VectorWidth == 1))
      continue; // an undeclared name is the symbol checks'
    std::string Decl = Info->StateSpace == ".reg" ? "a " + Info->Type.str() + " register"
                                                  : "a " + Info->StateSpace.str() + " variable";
    Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), O.Range,
                     "'!' negates only a .pred register, but " + std::string(O.Text) + " is " +
                         Decl + " (operand " + std::to_string(K + 1) + " of '" + spelledOp(I) +
                         "'; use not for a bitwise complement)");
  }
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
