//===- IsaCvtX4.cpp - the registers of cvt's four-element packed forms ----===//
//
// cvt.rs{.relu}.satfinite.{e2m1x4,e2m3x4,e3m2x4,e4m3x4,e5m2x4}.f32 d, {a, b, e, f}, rbits
// (PTX ISA 9.0, 9.7.9.21): d holds four packed values, 16 bits of .e2m1x4 and 32 of the
// 8-bit kinds, and rbits is the random bits for the stochastic rounding. ptxas 13.0
// (-arch sm_100a, PTX ISA 8.8) takes d only as a .b16 (.e2m1x4) or .b32 register and rbits
// only as a .b32 register: a .u16, .f16, .u32, .s32, .f32 or .b64 d, and a .u32, .s32,
// .f32, .b64 register or a constant rbits, are "Arguments mismatch for instruction
// 'cvt'" (found by sample J, session 12; test/isa-operands/setmaxnreg-cvt-x4.test). The four
// sources take .f32 and .b32 registers alike.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"

namespace ptxlint {
namespace check {
namespace isaop {

namespace {

/// The register type d of a four-element packed type takes ("" for another qualifier).
llvm::StringRef x4Destination(llvm::StringRef Q) {
  if (Q == ".e2m1x4")
    return ".b16";
  if (Q == ".e2m3x4" || Q == ".e3m2x4" || Q == ".e4m3x4" || Q == ".e5m2x4")
    return ".b32";
  return "";
}

void reportX4(const Instruction &I, CheckContext &Ctx, const Operand &O, llvm::StringRef What,
              llvm::StringRef Want, const RegisterInfo *R) {
  std::string Msg = What.str() + " of '" + spelledOp(I) + "' must be a " + Want.str() +
                    " register; " + std::string(O.Text);
  Msg +=
      R ? " is declared " + std::string(llvm::StringRef(R->Type)) : std::string(" is a constant");
  Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf("cvt"), O.Range, Msg);
  if (R && R->DeclRange.isValid())
    D.Notes.push_back({R->DeclRange, std::string(O.Text) + " is declared here"});
}

/// Checks one scalar register operand against the one type it may have.
void checkX4Operand(const Instruction &I, CheckContext &Ctx, const Operand &O, llvm::StringRef What,
                    llvm::StringRef Want) {
  if (O.Kind == OperandKind::IntImm || O.Kind == OperandKind::FloatImm) {
    reportX4(I, Ctx, O, What, Want, nullptr);
    return;
  }
  if (O.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Ctx.Syms.lookup(O.Text);
  if (!R || R->StateSpace != ".reg" || R->VectorWidth > 1 || llvm::StringRef(R->Type) == Want)
    return;
  reportX4(I, Ctx, O, What, Want, R);
}

} // namespace

void checkCvtX4Registers(const Instruction &I, CheckContext &Ctx) {
  llvm::StringRef Want;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.endswith("x4"))
      Want = x4Destination(Q);
  if (Want.empty() || I.Operands.size() != 3 || I.Operands[1].Kind != OperandKind::Vector)
    return;
  checkX4Operand(I, Ctx, I.Operands[0], "the destination", Want);
  checkX4Operand(I, Ctx, I.Operands[2], "rbits", ".b32");
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
