//===- CheckMma.cpp - checks of mma (9.7.14.5.14) ---------------*- C++ -*-===//
//
// Dense mma: the generic form matcher does the work (qualifiers against the
// tables of lib/Spec/MmaTables.cpp, fragment sizes, register types, gates);
// this file adds the family's own rule rows.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"

#include <mutex>
#include <vector>

using llvm::StringRef;

namespace ptxlint {

namespace check {

/// ptxas 13.0 on sm_100..sm_11x lowers fp8 mma with .f16 accumulators
/// through an `add` that refuses .u32/.s32 registers and constants in c
/// and d ("Arguments mismatch for instruction 'add'"); sm_89/sm_90 and
/// sm_120 take them.
static void checkFp8HalfAccumulators(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {
  if ((F.AType != ".e4m3" && F.AType != ".e5m2") || F.CType != ".f16" || !Ctx.Tgt.isValid() ||
      Ctx.Tgt.Sm < 100 || Ctx.Tgt.Sm >= 120)
    return;
  for (unsigned K : {0u, 3u}) {
    if (K >= I.Operands.size() || I.Operands[K].Kind != OperandKind::Vector)
      continue;
    for (const Operand &E : I.Operands[K].Elements) {
      std::string What;
      if (E.isImmediate())
        What = "the constant " + std::string(E.Text);
      else if (E.Kind == OperandKind::Name)
        if (const RegisterInfo *R = Ctx.Syms.lookup(E.Text))
          if (R->Type == ".u32" || R->Type == ".s32")
            What = std::string(E.Text) + " (" + R->Type.str() + ")";
      if (What.empty())
        continue;
      Ctx.Diags.report(Rule::MmaFp8F16Accumulator, E.Range,
                       "ptxas cannot assemble fp8 mma with .f16 accumulators for " + Ctx.Tgt.str() +
                           " when " + std::string(K ? "c" : "d") + " holds " + What +
                           "; use .b32 or .f16x2 registers");
      return;
    }
  }
}

/// ptxas takes .u64/.s64 registers for the .f64 fragments, but a .u64/.s64
/// d next to a c of another type fails for the m16n8k* shapes on sm_100 and
/// later targets ("Arguments mismatch for instruction 'mov'"): d and c must
/// then agree. sm_90/sm_90a take it.
static void checkF64IntegerDest(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {
  // sm_90/sm_90a take it (the lowering differs); sm_100 and later do not.
  if (Ctx.Tgt.isValid() && Ctx.Tgt.Sm < 100)
    return;
  if (F.DType != ".f64" || F.Shape == ".m8n8k4" || I.Operands.size() < 4 ||
      I.Operands[0].Kind != OperandKind::Vector || I.Operands[3].Kind != OperandKind::Vector)
    return;
  auto TypeOf = [&](const Operand &E) -> StringRef {
    if (E.Kind != OperandKind::Name)
      return {};
    const RegisterInfo *R = Ctx.Syms.lookup(E.Text);
    return R ? R->Type : StringRef();
  };
  for (const Operand &E : I.Operands[0].Elements) {
    StringRef T = TypeOf(E);
    if (T != ".u64" && T != ".s64")
      continue;
    for (const Operand &C : I.Operands[3].Elements) {
      StringRef CT = TypeOf(C);
      if (CT.empty() || CT == ".u64" || CT == ".s64")
        continue;
      Ctx.Diags.report(Rule::MmaF64IntegerDest, E.Range,
                       "d register " + std::string(E.Text) + " is " + T.str() + " while c holds " +
                           std::string(C.Text) + " (" + CT.str() +
                           "); ptxas refuses an integer-typed d unless c is too: declare d .f64 "
                           "or .b64");
      return;
    }
  }
}

/// ptxas (sm_100 and later) lowers the d of f64 mma m16n8k* through a mov
/// that refuses a sink ("Result discard mode is not allowed for
/// instruction 'mov'", a fatal error of code generation); sm_90 takes it.
static void checkF64SinkDest(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {
  if (!Ctx.Tgt.isValid() || Ctx.Tgt.Sm < 100 || F.DType != ".f64" || F.Shape == ".m8n8k4" ||
      I.Operands.empty() || I.Operands[0].Kind != OperandKind::Vector)
    return;
  for (const Operand &E : I.Operands[0].Elements)
    if (E.Kind == OperandKind::Sink) {
      Ctx.Diags.report(Rule::MmaF64SinkDest, E.Range,
                       "a sink '_' in the d of .f64 mma " + F.Shape + " on " + Ctx.Tgt.str() +
                           ": ptxas refuses a discarded result there (\"Result discard mode is "
                           "not allowed for instruction 'mov'\"); write a register");
      return;
    }
}

void checkFp8SinkDest(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {
  if ((F.AType != ".e4m3" && F.AType != ".e5m2") || !Ctx.Tgt.isValid() || Ctx.Tgt.Sm < 90 ||
      Ctx.Tgt.Sm >= 120 || I.Operands.empty() || I.Operands[0].Kind != OperandKind::Vector)
    return;
  for (const Operand &E : I.Operands[0].Elements)
    if (E.Kind == OperandKind::Sink) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::Fp8SinkDest), E.Range,
                       "a sink '_' in the d of " + F.AType.substr(1) + " " +
                           spec::familyName(F.Fam).str() + F.Shape + " on " + Ctx.Tgt.str() +
                           ": ptxas refuses a discarded result there (\"Result discard mode is "
                           "not allowed for instruction 'add'\"; sm_89 and sm_120 take it); "
                           "write a register");
      return;
    }
}

void checkMma(const Instruction &I, CheckContext &Ctx) {
  MatchResult M = checkAgainstForms(I, spec::Family::Mma, Ctx);
  if (!M.F)
    return;
  checkFp8HalfAccumulators(I, *M.F, Ctx);
  checkF64IntegerDest(I, *M.F, Ctx);
  checkF64SinkDest(I, *M.F, Ctx);
  checkFp8SinkDest(I, *M.F, Ctx);
  checkTypedFragments(I, *M.F, spec::mmaTypedFragments(), Ctx);
  // ptxas takes the single-bit qualifiers in any position but ".popc" must
  // follow ".xor"/".and" ("Illegal reduction operation").
  int OpSlot = M.F->slotIndex(".bitOp");
  int PopcSlot = M.F->slotIndex(".popc");
  if (OpSlot < 0 || PopcSlot < 0)
    return;
  int OpQ = M.B.SlotToQual[OpSlot];
  int PopcQ = M.B.SlotToQual[PopcSlot];
  if (OpQ >= 0 && PopcQ >= 0 && PopcQ < OpQ)
    Ctx.Diags.report(Rule::MmaPopcOrder, qualifierRange(I, PopcQ, Ctx),
                     "'.popc' must come after '" + std::string(I.Qualifiers[OpQ]) +
                         "' (ptxas rejects the reduction before the operation)");
}

} // namespace check
} // namespace ptxlint
