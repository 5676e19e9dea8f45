//===- IsaOperands.cpp - operand kinds and types of every instruction ----===//
//
// After CheckIsa.cpp has matched an instruction's form, each operand is
// checked against the type the instruction's type qualifier gives it. The
// compatibility rules are those ptxas 13.0 applies, measured position by
// position with tools/isa-operands/probe.py (every declared register type
// and immediate kind at every operand of each instruction below); the ISA's
// own statement (9.4, "Type Information for Instructions and Operands") is
// looser than ptxas in places, and ptxas is the oracle:
//
//  - strict (arithmetic, logic, mov, setp, selp, shifts): an instruction
//    type .uN/.sN takes .bN/.uN/.sN registers (and .f16x2 when N is 32);
//    .fN takes .bN/.fN; .bN any register of N bits; .pred takes .pred (and,
//    a ptxas quirk, .f16x2).
//  - relaxed (ld, st and cvt operands): the register may be wider than the
//    type: .bN takes any register of at least N bits, .uN/.sN any
//    integer register of at least N bits (or .f16x2 up to 32), .fN a .bM
//    register with M >= N or exactly .fN.
//  - immediates: integer instruction types take integer constants only;
//    .f32/.f64 take floating-point constants only (1 is rejected, 1.0 is
//    not); .b32 takes integers and 0f constants, .b64 integers, decimal
//    floats and 0d constants; .b16 and .pred integers only.
//
// Instructions, types and operand shapes not listed here are left alone:
// where the rules were not measured the check is silent.
//
// The code is split by topic: IsaOperandsTypes.cpp (the type rules),
// IsaOperandsShapes.cpp (the roles of each instruction's operands),
// IsaOperandsAtomMov.cpp (atom/red, mov vectors, cache policies,
// tensormap.replace); IsaOperandsImpl.h declares what they share.
//
//===----------------------------------------------------------------------===//

#include "Check/IsaOperands.h"
#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Check/IsaSpecial.h"

namespace ptxlint {
namespace check {

using namespace isaop;

namespace {
/// An operand of a registers-only row (Shape::RegistersOnly) that is a
/// constant or a constant expression: reported, true.
bool checkRegisterOnly(const Operand &O, CheckContext &Ctx, WhatFn What) {
  if (O.Kind != OperandKind::IntImm && O.Kind != OperandKind::FloatImm &&
      O.Kind != OperandKind::Expr)
    return false;
  Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                   What() + " is a register, not " + std::string(O.Text) +
                       " (ptxas reads a constant here as a video selector): mov it into a "
                       ".b32 register first");
  return true;
}

} // namespace

void checkIsaOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op) {
  checkSpecialOperands(I, Ctx);
  checkDestinationVector(I, Ctx);
  checkVideoSelectors(I, Ctx, Op);
  checkNegatedOperands(I, Ctx);
  // The instruction's own checks, as the `operands` lines of
  // spec/isa/corrections.txt route them.
  uint16_t Own = Op.OperandChecks;
  if (Own & spec::opcheck::Barrier)
    checkBarrierConstants(I, Ctx);
  if (Own & spec::opcheck::Tensormap) {
    checkTensormapReplace(I, Ctx);
    checkTensormapFenceproxy(I, Ctx);
  }
  if (Own & spec::opcheck::MovVector)
    checkMovVector(I, Ctx);
  if (Own & spec::opcheck::TensorCoordinates)
    checkTensorCoordinates(I, Ctx);
  if (Own & spec::opcheck::CpAsyncSize)
    checkCpAsyncSize(I, Ctx);
  checkTcgen05MmaAddresses(I, Ctx);
  checkTcgen05Columns(I, Ctx);
  if (Own & spec::opcheck::WaitGroup)
    checkWaitGroup(I, Ctx);
  if ((Own & spec::opcheck::BuiltinCall) &&
      (Op.BuiltinCallWith.empty() || I.hasQualifier(Op.BuiltinCallWith)))
    checkBuiltinCallAlign(I, Ctx);
  if (Own & spec::opcheck::RegCount)
    checkRegCount(I, Ctx);
  if (Own & spec::opcheck::Atom) {
    checkAtom(I, Ctx, Own & spec::opcheck::Reduction);
    return;
  }
  const Shape *Found = shapeOf(I, Ctx);
  if (!Found)
    return;
  const Shape &S = *Found;
  size_t N = I.Operands.size();
  if (N < S.MinOps || N > S.Roles.size() + (S.CachePolicy ? 1 : 0))
    return; // the operand count check speaks for it
  // st, bar/barrier (but bar.red), nanosleep have no destination: operands a, b, ...
  bool IsStore = S.NoDest;
  for (size_t K = 0; K < N && K < S.Roles.size(); ++K) {
    Role Rl = S.Roles[K];
    Ty T = Rl == Role::Source ? S.Src : S.T;
    bool IsDest = K == 0 && !IsStore;
    auto What = [&] {
      return std::string("operand ") + (IsStore ? OperandNames[K + 1] : OperandNames[K]) + " of '" +
             spelledOp(I) + "'";
    };
    if (S.RegistersOnly && checkRegisterOnly(I.Operands[K], Ctx, What))
      continue;
    if (I.Operands[K].Kind == OperandKind::Sink)
      continue; // where '_' may stand is IsaSink.cpp's (the `sink` lines)
    checkOperand(I, Ctx, I.Operands[K], Rl, T, IsDest, What);
  }
  if (S.CachePolicy)
    checkCachePolicy(I, Ctx);
}

} // namespace check

} // namespace ptxlint
