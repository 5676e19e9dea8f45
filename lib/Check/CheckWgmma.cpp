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
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckIsa.h"

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

} // namespace

void checkWgmma(const Instruction &I, CheckContext &Ctx) {
  size_t Before = Ctx.Diags.diagnostics().size();
  checkIsa(I, Ctx);
  // An instruction the tables reject (unknown qualifier, operand count) has
  // its cause reported already.
  for (size_t K = Before; K < Ctx.Diags.diagnostics().size(); ++K)
    if (Ctx.Diags.diagnostics()[K].Sev == Severity::Error)
      return;
  bool MmaAsync = false, Sparse = false;
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
}

} // namespace check
} // namespace ptxlint
