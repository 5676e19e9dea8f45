//===- IsaVideoSelectors.cpp - byte and half-word selectors of video ops --===//
//
// A scalar register's video selector (`%r2.b0`, `%r2.h10`, `%r2.b3210`,
// PTX ISA 9.0, 9.7.18) is read by the video instructions only, and each kind
// takes its own: the opcode row's IsaVideoSel (the `videosel` lines of
// spec/isa/corrections.txt, with ptxas 13.0's answers) says which. The
// symbol checks have accepted the selector's shape (spec::isVideoSelectorShape).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaOperandsImpl.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"

#include "llvm/ADT/STLExtras.h"

namespace ptxlint {
namespace check {
namespace isaop {

namespace {

using spec::IsaVideoSel;

bool isOneOf(llvm::StringRef S, llvm::ArrayRef<const char *> List) {
  return llvm::any_of(List, [S](const char *L) { return S == L; });
}

/// Operand K's selector is wrong: why, and what it takes (empty: fine).
std::string judge(const Instruction &I, IsaVideoSel Kind, size_t K, llvm::StringRef Sel) {
  const std::string Op = spelledOp(I);
  size_t N = I.Operands.size();
  if (Kind == IsaVideoSel::None)
    return "'" + Op +
           "' takes no video selector: byte and half-word selectors are read by the video "
           "instructions only (vadd ... vset, vmad, vadd2 ... vset2, vadd4 ... vset4); use the "
           "whole register, or extract the part with bfe or prmt first";
  if (K >= 3)
    return "operand c of '" + Op + "' takes no video selector";
  bool Scalar = Kind == IsaVideoSel::Scalar || Kind == IsaVideoSel::Mad;
  if (K == 0) {
    if (Kind == IsaVideoSel::Simd2)
      return isOneOf(Sel, spec::Simd2DestMasks)
                 ? ""
                 : "the destination mask of '" + Op + "' is .h0, .h1 or .h10";
    if (Kind == IsaVideoSel::Simd4)
      return isOneOf(Sel, spec::Simd4DestMasks)
                 ? ""
                 : "the destination mask of '" + Op +
                       "' is .b0, .b1, .b10, .b2, .b20, .b21, .b210, .b3, .b30, .b31, .b310, "
                       ".b32, .b320, .b321 or .b3210";
    if (Kind == IsaVideoSel::Mad)
      return "'" + Op + "' takes no destination selector";
    bool Secondary = llvm::any_of(
        I.Qualifiers, [](llvm::StringRef Q) { return isOneOf(Q, spec::VideoSecondaryOps); });
    if (N != 4 || Secondary)
      return "'" + Op +
             "' takes a destination selector only in its merge form, d.dsel, a, b, c, without a "
             "secondary operation (.add, .min, .max)";
  }
  if (Scalar)
    return isOneOf(Sel, spec::VideoSelectors)
               ? ""
               : "a source of '" + Op + "' takes the selector .b0, .b1, .b2, .b3, .h0 or .h1";
  if (Kind == IsaVideoSel::Simd2)
    return Sel.size() == 3 && Sel[0] == 'h'
               ? ""
               : "a source of '" + Op +
                     "' takes a half-word pair selector .hxy, x and y from 0 to 3 (.h10, .h32)";
  return Sel.size() == 5 && Sel[0] == 'b'
             ? ""
             : "a source of '" + Op +
                   "' takes a byte selector .bxyzw, x, y, z and w from 0 to 7 (.b3210, .b7654)";
}

} // namespace

void checkVideoSelectors(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op) {
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &O = I.Operands[K];
    if (O.Kind != OperandKind::Name)
      continue;
    llvm::StringRef Text = O.Text;
    size_t Dot = Text.find('.');
    if (Dot == llvm::StringRef::npos)
      continue;
    llvm::StringRef Sel = Text.substr(Dot + 1);
    if (!spec::isVideoSelectorShape(Sel))
      continue; // %tid.x, %v.x, or the symbol checks' unknown selector
    const RegisterInfo *R = Ctx.Syms.lookup(Text.take_front(Dot));
    if (!R || R->VectorWidth > 1)
      continue;
    std::string Why = judge(I, Op.VideoSel, K, Sel);
    if (!Why.empty())
      Ctx.Diags.report(Rule::IsaVideoSelector, Ctx.rangeOf(Text.substr(Dot)), Why);
  }
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
