//===- IsaOperandsTensor.cpp - the coordinates of the bulk tensor copies -===//
//
// cp.async.bulk.tensor, cp.async.bulk.prefetch.tensor and
// cp.reduce.async.bulk.tensor (9.7.9.25.5): [tensorMap, {c0, ...}] has one
// coordinate per dimension of .1d-.5d, and the .im2col offsets {o0, ...} two
// fewer (ptxas 13.0 -arch compute_90a: "Argument vector size mismatch";
// test/isa-operands/tensor-coordinates.test). The tensor-memory addresses of
// tcgen05.mma are .b32 registers.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/Names.h"

namespace ptxlint {
namespace check {
namespace isaop {

void checkTensorCoordinates(const Instruction &I, CheckContext &Ctx) {
  unsigned Dim = 0;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.size() == 3 && Q[0] == '.' && Q[1] >= '1' && Q[1] <= '5' && Q[2] == 'd')
      Dim = Q[1] - '0';
  if (!Dim || !I.hasQualifier(".tensor"))
    return;
  // .tile::gather4/.tile::scatter4 (five coordinates for a .2d tensor) and
  // .im2col::w/::w::128 count their own way (CUDA's cuda::ptx wrappers).
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.startswith(".tile::") || Q.startswith(".im2col::"))
      return;
  auto Report = [&](const Operand &V, unsigned Want, const char *What) {
    Ctx.Diags.report(Rule::IsaOperandCount, isaSectionOf(I.Opcode), V.Range,
                     "'" + spelledOp(I) + "' takes " + std::to_string(Want) + " " + What +
                         " for its ." + std::to_string(Dim) + "d tensor, found " +
                         std::to_string(V.Elements.size()));
  };
  bool Im2col = I.hasQualifier(".im2col");
  for (const Operand &O : I.Operands) {
    if (O.Kind == OperandKind::Address && O.Elements.size() == 2 &&
        O.Elements[1].Kind == OperandKind::Vector && O.Elements[1].Elements.size() != Dim)
      Report(O.Elements[1], Dim, "tensor coordinates");
    else if (O.Kind == OperandKind::Vector && Im2col && Dim >= 3 && O.Elements.size() != Dim - 2)
      Report(O, Dim - 2, "im2col offsets");
  }
}

namespace {
/// scale-input-d (the constant after tcgen05.mma's enable-input-d predicate)
/// with a kind that takes none (spec::Tcgen05NoScaleInputKinds): ptxas 13.0
/// "Illegal modifier '.kind::f8f6f4' for instruction 'tcgen05.mma' with 'arg
/// scale-inp-d-imm'". .mma.ws has no scale-input-d (its counts are the forms').
void checkTcgen05ScaleInput(const Instruction &I, CheckContext &Ctx) {
  if (I.hasQualifier(".ws") || I.Operands.size() < 2)
    return;
  llvm::StringRef Kind;
  for (llvm::StringRef Q : I.Qualifiers)
    if (llvm::is_contained(spec::Tcgen05NoScaleInputKinds, Q))
      Kind = Q;
  const Operand &Scale = I.Operands.back(), &Pred = I.Operands[I.Operands.size() - 2];
  int64_t V;
  if (Kind.empty() || Pred.Kind != OperandKind::Name ||
      !(Scale.Kind == OperandKind::IntImm ||
        (Scale.Kind == OperandKind::Expr && evalConstantExpr(Scale.Text, V))))
    return;
  const RegisterInfo *P = scalarRegister(Ctx, Pred.Text);
  if (!P || P->Type != ".pred")
    return;
  Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf(I.Opcode), Scale.Range,
                   "'" + spelledOp(I) + "' takes no scale-input-d: " + Kind.str() +
                       " takes none (.kind::f16, .kind::tf32 and .kind::i8 do); "
                       "remove the constant after the enable-input-d predicate");
}
} // namespace

// The tensor-memory addresses of tcgen05.mma, .mma.sp, .mma.ws (9.7.16.10.9):
// [d-tmem], [a-tmem] and [sp-meta-tmem] take a .b32 register, not a .u32 or
// .s32 one (ptxas 13.0 -arch sm_100a: "Arguments mismatch for instruction
// 'tcgen05.mma'"; its descriptors and idesc take any integer register of
// their size, and tcgen05.ld/st/cp take a .u32 address;
// test/isa/s11-isa-round2.test).
/// tcgen05.alloc [dst], nCols: a power of 2 from 32 to 512; tcgen05.dealloc taddr, nCols: a
/// multiple of 32 (the numbers: lib/Spec/Names.h). Found without comparing opcode names: a
/// .cta_group:: instruction whose first qualifier is .alloc or .dealloc.
void checkTcgen05Columns(const Instruction &I, CheckContext &Ctx) {
  if (I.Qualifiers.empty() || I.Operands.size() != 2 || I.Operands[1].Kind != OperandKind::IntImm ||
      llvm::none_of(I.Qualifiers, [](std::string_view Q) {
        return llvm::StringRef(Q).startswith(".cta_group::");
      }))
    return;
  bool Alloc = I.Qualifiers[0] == ".alloc";
  if (!Alloc && I.Qualifiers[0] != ".dealloc")
    return;
  const Operand &N = I.Operands[1];
  int64_t V = N.IntValue;
  bool Ok = Alloc ? V >= spec::Tcgen05AllocMinColumns && V <= spec::Tcgen05AllocMaxColumns &&
                        (V & (V - 1)) == 0
                  : V > 0 && V % spec::Tcgen05DeallocColumnGranule == 0;
  if (Ok)
    return;
  std::string Want = Alloc ? "a power of 2 from " + std::to_string(spec::Tcgen05AllocMinColumns) +
                                 " to " + std::to_string(spec::Tcgen05AllocMaxColumns)
                           : "a multiple of " + std::to_string(spec::Tcgen05DeallocColumnGranule);
  Ctx.Diags.report(Rule::IsaOperandImmediate, N.Range,
                   "nCols of '" + spelledOp(I) + "' is " + Want + ", found " + std::string(N.Text));
}

void checkTcgen05MmaAddresses(const Instruction &I, CheckContext &Ctx) {
  // .mma with a .cta_group::N: tcgen05.mma* only (mma, wgmma and wmma spell theirs
  // otherwise), found without comparing opcode names.
  if (I.Qualifiers.size() < 2 || I.Qualifiers[0] != ".mma" ||
      llvm::none_of(I.Qualifiers, [](std::string_view Q) {
        return llvm::StringRef(Q).startswith(".cta_group::");
      }))
    return;
  checkTcgen05ScaleInput(I, Ctx);
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    Operand Folded; // [%u1+(4)]: its base, as [%u1+4]'s
    const Operand *BaseOp = addressBase(I.Operands[K], Ctx.File, Folded);
    if (!BaseOp)
      continue;
    const Operand &Base = *BaseOp;
    const RegisterInfo *Info = Ctx.Syms.lookup(Base.Text);
    if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth > 1 || Info->Type == ".b32")
      continue;
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), Base.Range,
                                     "a tensor-memory address of '" + spelledOp(I) +
                                         "' must be a .b32 register; " + std::string(Base.Text) +
                                         " is declared " + Info->Type.str());
    if (Info->DeclRange.isValid())
      D.Notes.push_back({Info->DeclRange, std::string(Base.Text) + " is declared here"});
  }
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
