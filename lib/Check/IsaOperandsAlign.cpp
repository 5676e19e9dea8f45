//===- IsaOperandsAlign.cpp - register alignment of built-in calls --------===//
//
// Below sm_90, ptxas 13.0 compiles shfl.sync, vote.sync, match.sync,
// redux.sync, bar.warp.sync and barrier without .aligned as calls of built-in functions
// (the `operands builtincall` line of spec/isa/corrections.txt routes them
// here). Their parameters are naturally aligned, so a register operand
// declared with another `.align` is refused, as a call argument is: "Alignment
// of argument does not match formal parameter 'dst'" ('arg0', 'arg1', 'mask',
// 'cnt'), for -arch sm_75 .. sm_89 and compute_80 alike. sm_90 and later
// accept it (test/isa-operands/builtin-align.test).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckDecls.h"
#include "Check/IsaOperandsImpl.h"

namespace ptxlint {
namespace check {
namespace isaop {

namespace {

/// The first sm_ target whose ptxas compiles these instructions natively.
constexpr unsigned NativeFrom = 90;

/// The target ptxas compiles for: --arch when given, else the module's .target.
Target compiledFor(const CheckContext &Ctx) { return Ctx.Arch.isValid() ? Ctx.Arch : Ctx.Tgt; }

void checkRegister(const Operand &Op, CheckContext &Ctx, const Instruction &I) {
  if (Op.Kind == OperandKind::PredPair || Op.Kind == OperandKind::Vector) {
    for (const Operand &E : Op.Elements)
      checkRegister(E, Ctx, I);
    return;
  }
  if (Op.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Ctx.Syms.lookup(Op.Text);
  if (!R || !R->Align || R->StateSpace != ".reg")
    return;
  unsigned Natural = fundamentalBits(R->Type) / 8 * R->VectorWidth;
  if (!Natural || R->Align == Natural)
    return;
  Target T = compiledFor(Ctx);
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandAlign, Op.Range,
      "'" + std::string(Op.Text) + "' is declared .align " + std::to_string(R->Align) + " (its " +
          std::string(R->Type) + " size is " + std::to_string(Natural) + "): below sm_" +
          std::to_string(NativeFrom) + " ptxas compiles '" + std::string(I.Opcode) +
          "' as a built-in call whose parameters are naturally aligned, so its register "
          "operands must be declared without .align or with .align " +
          std::to_string(Natural) + " (target " + T.str() + ")");
  if (R->DeclRange.isValid())
    D.Notes.push_back({R->DeclRange, "'" + std::string(Op.Text) + "' is declared here"});
}

} // namespace

void checkBuiltinCallAlign(const Instruction &I, CheckContext &Ctx) {
  Target T = compiledFor(Ctx);
  if (!T.isValid() || T.Sm >= NativeFrom || I.hasQualifier(".aligned"))
    return;
  for (const Operand &Op : I.Operands)
    checkRegister(Op, Ctx, I);
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
