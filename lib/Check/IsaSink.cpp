//===- IsaSink.cpp - the sink operand `_` ---------------------------------===//
//
// Where ptxas 13.0 takes `_` (PTX ISA 9.0, 9.7.1: the sink symbol discards a
// result), measured with -arch compute_NN on one case per module
// (test/isa-operands/sink-operands.test):
//
//  - as the whole destination, or as d of d|p, only for the opcodes of the
//    `sink` lines of spec/isa/corrections.txt (atom, setp, lop3, match.all,
//    mbarrier.arrive and .arrive_drop, elect's d|p); every other opcode is
//    "Result discard mode is not allowed for instruction 'ld'";
//  - as any other operand, or inside an address: "Parsing error near '_'";
//  - among the elements of a vector after the first operand: "Sink '_' not
//    allowed as a source operand";
//  - as every element of the destination vector: "Unable to infer type of
//    vector elements".
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaAddress.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/STLExtras.h"

namespace ptxlint {
namespace check {

namespace {

/// The opcodes (with their qualifier) that take `_` as the destination, for
/// the message: "atom, elect, lop3, match.all, ...".
std::string sinkOpcodes() {
  std::string S;
  for (const spec::IsaOpcode &Op : spec::isaOpcodes()) {
    llvm::StringRef With = Op.SinkDestination;
    if (With.empty())
      continue;
    if (With == "*") {
      S += (S.empty() ? "" : ", ") + Op.Name.str();
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 4> Quals;
    With.split(Quals, ' ', -1, false);
    for (llvm::StringRef Q : Quals)
      S += (S.empty() ? "" : ", ") + Op.Name.str() + Q.str();
  }
  return S;
}

void reportDestination(const Instruction &I, CheckContext &Ctx, const Operand &Sink) {
  Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), Sink.Range,
                   "'" + isaop::spelledOp(I) +
                       "' cannot discard its result into '_' (ptxas: 'Result discard mode is "
                       "not allowed'); '_' as the destination is taken by " +
                       sinkOpcodes() + " only: write a register");
}

/// `_` inside operand O after the first: a syntax error, or in a vector a
/// source ptxas refuses. True when one was reported.
bool reportSource(const Operand &O, CheckContext &Ctx, bool InVector) {
  if (O.Kind == OperandKind::Sink) {
    if (InVector)
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       "'_' discards a result: it cannot be an element of a source vector "
                       "(ptxas: 'Sink '_' not allowed as a source operand'); write a register");
    else
      Ctx.Diags.report(Rule::Syntax, O.Range,
                       "'_' discards a result: it can only be the destination, the first "
                       "operand (ptxas: parsing error near '_'); write a register or a constant");
    return true;
  }
  for (const Operand &E : O.Elements)
    if (reportSource(E, Ctx, InVector || O.Kind == OperandKind::Vector))
      return true;
  return false;
}

} // namespace

void checkSinkOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op) {
  // call's lists and bra's, brx.idx's labels are the symbol checks' ("bra
  // takes a label, not the sink '_'").
  if (I.Operands.empty() || Op.Control != spec::IsaControl::None)
    return;
  const Operand &D = I.Operands[0];
  const Operand *Whole = D.Kind == OperandKind::Sink ? &D
                         : D.Kind == OperandKind::PredPair && !D.Elements.empty() &&
                                 D.Elements[0].Kind == OperandKind::Sink
                             ? &D.Elements[0]
                             : nullptr;
  if (Whole && !Op.takesSinkDestination(I.Qualifiers))
    reportDestination(I, Ctx, *Whole);
  // {_, _}: ptxas "Unable to infer type of vector elements" (ld, mov, tex,
  // suld, atom; the matrix families report it themselves, FormVectors.cpp).
  if (D.Kind == OperandKind::Vector && !D.Elements.empty() &&
      Op.Family == spec::IsaFamilyCheck::None &&
      llvm::all_of(D.Elements, [](const Operand &E) { return E.Kind == OperandKind::Sink; }))
    Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), D.Range,
                     "the destination vector of '" + std::string(I.Opcode) +
                         "' is made of sinks only; ptxas types a vector from its registers and "
                         "cannot type this one ('Unable to infer type of vector elements'): write "
                         "one register at least");
  if (D.Kind == OperandKind::Address && reportSource(D, Ctx, false))
    return;
  for (size_t K = 1; K < I.Operands.size(); ++K)
    if (reportSource(I.Operands[K], Ctx, false))
      return;
}

} // namespace check
} // namespace ptxlint
