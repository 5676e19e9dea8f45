//===- CheckWgmma.cpp - register counts of wgmma.mma_async (9.7.15.5) -----===//
//
// wgmma is checked against the whole-ISA tables (qualifiers, operand
// kinds) like any instruction; what those tables cannot say is how many
// registers the fragments hold, which depends on the shape and the
// accumulator type (9.7.15.5.1.1): per thread of the warpgroup, D of
// m64nNkK holds N/4 registers for .f16 accumulators (two .f16 in each) and
// N/2 for .f32 and .s32; A from registers holds 4 (dense). ptxas: "Argument
// vector size mismatch for instruction 'wgmma.mma_async with floating point
// types'". Hopper kernels write wgmma as inline asm with up to 128
// accumulator operands (CUTLASS's SM90_64xNx16_*, FlashAttention 3), where a
// register dropped from the list is easy to miss.
//
// The operands the tables cannot type (checkOperands, rule wgmma-operand;
// ptxas 13.0 -arch sm_90a, test/isa/wgmma-operands.test): imm-scale-a/b are
// 1 or -1 ("Argument 4 of instruction 'wgmma.mma_async with floating point
// types': unexpected value '0', expected to be -1 or 1"), imm-trans-a/b 0 or
// 1, a float constant or a register there is "Arguments mismatch"; scale-d is
// a predicate or a constant, not a .b32 register; a-desc a 64-bit register;
// d holds no predicate ("Vector with elements of different types"); a in
// braces goes with the 7-operand form of .f16/.bf16 (no imm-trans-a), a
// descriptor with the 8-operand one.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckIsa.h"
#include "Check/CheckUtil.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

namespace ptxlint {
namespace check {

namespace {

void checkVectorSize(const Operand &O, unsigned Want, const std::string &What, CheckContext &Ctx) {
  if (O.Kind != OperandKind::Vector || O.Elements.size() == Want)
    return;
  Ctx.Diags.report(Rule::WgmmaFragmentSize, O.Range,
                   What + " holds " + std::to_string(Want) + " register" + (Want == 1 ? "" : "s") +
                       ", found " + std::to_string(O.Elements.size()));
}

const char *const OperandNames[] = {"d",           "a",           "b-desc",      "scale-d",
                                    "imm-scale-a", "imm-scale-b", "imm-trans-a", "imm-trans-b"};

/// The declared register O names, or null.
const RegisterInfo *registerOf(const Operand &O, const CheckContext &Ctx) {
  if (O.Kind != OperandKind::Name)
    return nullptr;
  const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
  return Info && Info->StateSpace == ".reg" ? Info : nullptr;
}

/// An immediate operand that must be one of two values (imm-scale: 1 or -1,
/// imm-trans: 0 or 1).
void checkImm(const Operand &O, const char *Name, int64_t A, int64_t B, CheckContext &Ctx) {
  int64_t V = 0;
  bool Known = O.Kind == OperandKind::IntImm
                   ? (V = O.IntValue, true)
                   : O.Kind == OperandKind::Expr && evalConstantExpr(O.Text, V);
  if (Known ? (V == A || V == B) : O.Kind != OperandKind::FloatImm && O.Kind != OperandKind::Name)
    return;
  Ctx.Diags.report(Rule::WgmmaOperand, O.Range,
                   std::string(Name) + " of wgmma.mma_async is the constant " + std::to_string(A) +
                       " or " + std::to_string(B) + ", not " + std::string(O.Text));
}

/// The dense floating-point wgmma.mma_async's operands (sparse and integer
/// forms are the tables' only). Trans: the A and B type is .f16 or .bf16,
/// whose forms have imm-trans operands.
void checkOperands(const Instruction &I, bool Trans, CheckContext &Ctx) {
  llvm::ArrayRef<Operand> Ops = I.Operands;
  bool RegA = Ops.size() > 1 && Ops[1].Kind == OperandKind::Vector;
  if (Trans && Ops.size() == (RegA ? 8u : 7u)) {
    Ctx.Diags.report(
        Rule::WgmmaOperand, Ops[1].Range,
        RegA ? std::string("with a in registers, wgmma.mma_async takes 7 operands (d, a, "
                           "b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b), "
                           "found 8")
             : std::string("with a descriptor a-desc, wgmma.mma_async takes 8 operands "
                           "(d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, "
                           "imm-trans-a, imm-trans-b), found 7"));
    return;
  }
  if (Ops[0].Kind == OperandKind::Vector)
    for (const Operand &E : Ops[0].Elements)
      if (const RegisterInfo *Info = registerOf(E, Ctx); Info && Info->Type == ".pred") {
        Ctx.Diags.report(Rule::WgmmaOperand, E.Range,
                         "d of wgmma.mma_async holds the accumulator registers; " +
                             std::string(E.Text) + " is a .pred register");
        break;
      }
  if (!RegA && Ops.size() > 1) {
    const RegisterInfo *Info = registerOf(Ops[1], Ctx);
    llvm::StringRef T = Info ? Info->Type : "";
    if ((Info && (T.size() < 3 || T.drop_front(2) != "64" || T == ".f64")) ||
        (Ops[1].Kind == OperandKind::Expr && !Ops[1].Text.empty() &&
         !llvm::isDigit(Ops[1].Text[0]) && Ops[1].Text[0] != '-' && Ops[1].Text[0] != '('))
      Ctx.Diags.report(
          Rule::WgmmaOperand, Ops[1].Range,
          "a-desc of wgmma.mma_async is a 64-bit register (a matrix descriptor), not " +
              std::string(Ops[1].Text));
  }
  if (Ops.size() > 3)
    if (const RegisterInfo *Info = registerOf(Ops[3], Ctx); Info && Info->Type != ".pred")
      Ctx.Diags.report(Rule::WgmmaOperand, Ops[3].Range,
                       "scale-d of wgmma.mma_async is a predicate or a constant, not the " +
                           Info->Type.str() + " register " + std::string(Ops[3].Text));
  for (size_t K = 4; K < Ops.size() && K < 6; ++K)
    checkImm(Ops[K], OperandNames[K], 1, -1, Ctx);
  for (size_t K = 6; Trans && K < Ops.size(); ++K)
    checkImm(Ops[K], OperandNames[RegA ? K + 1 : K], 0, 1, Ctx);
}

} // namespace

void checkWgmma(const Instruction &I, CheckContext &Ctx) {
  size_t Before = Ctx.Diags.diagnostics().size();
  checkIsa(I, Ctx);
  // An instruction the tables reject (unknown qualifier, operand count) has
  // its cause reported already.
  for (size_t K = Before; K < Ctx.Diags.diagnostics().size(); ++K)
    if (Ctx.Diags.diagnostics()[K].Sev == Severity::Error)
      return;
  bool MmaAsync = false, Sparse = false, Trans = false;
  llvm::StringRef Shape, DType;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (Q == ".mma_async")
      MmaAsync = true;
    else if (Q == ".sp")
      Sparse = true;
    else if (Q.startswith(".m64n"))
      Shape = Q;
    else if (!Shape.empty() && DType.empty() && (Q == ".f16" || Q == ".f32" || Q == ".s32"))
      DType = Q;
    else if (!DType.empty() && (Q == ".f16" || Q == ".bf16"))
      Trans = true; // the A and B type
  }
  if (!MmaAsync || Shape.empty() || DType.empty() || I.Operands.empty())
    return;
  llvm::StringRef NK = Shape.drop_front(5); // "8k16" of ".m64n8k16"
  size_t KPos = NK.find('k');
  unsigned N = 0;
  if (KPos == llvm::StringRef::npos || NK.take_front(KPos).getAsInteger(10, N) || N == 0)
    return;
  std::string Form = "wgmma" + Shape.str() + " with " + DType.str() + " accumulators";
  checkVectorSize(I.Operands[0], DType == ".f16" ? N / 4 : N / 2, "d of " + Form, Ctx);
  if (!Sparse && I.Operands.size() > 1)
    checkVectorSize(I.Operands[1], 4, "a of " + Form + " (from registers)", Ctx);
  if (!Sparse && DType != ".s32")
    checkOperands(I, Trans, Ctx);
}

} // namespace check
} // namespace ptxlint
