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

namespace {
/// Rules of mma beyond the matcher's generic ones.
const RuleInfo MmaOwnRules[] = {
    {"mma-block-scale-combination", "9.7.14.3", Severity::Error,
     ".kind, .scale_vec_size and .stype must form a row of Table 36",
     "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32."
     "ue8m0 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7}, %r6, {0, 0}, "
     "%r7, {0, 0};",
     "use .scale_vec::2X with .ue8m0 for .kind::mxf4"},
    {"mma-popc-order", "9.7.14.5.14", Severity::Error,
     "in single-bit mma, .popc must follow .xor/.and (ptxas rejects it before)",
     "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.popc.xor {%r0,%r1,%r2,%r3}, {%r4,%r5}, "
     "{%r6}, {%r7,%r8,%r9,%r10};",
     "write .xor.popc"},
    {"mma-fp8-f16-accumulator", "9.7.14.5.14", Severity::Error,
     "on sm_100/sm_103/sm_110 targets ptxas refuses .u32/.s32 registers and constants "
     "in the .f16 accumulators of fp8 mma",
     ".target sm_100a: .reg .u32 %u<2>; .reg .b32 %r<8>; "
     "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r0,%r1}, {%r2,%r3,%r4,%r5}, "
     "{%r6,%r7}, {%u0,%r1};",
     "declare the accumulators .b32 or .f16x2"},
    {"mma-f64-integer-dest", "9.7.14.5.14", Severity::Error,
     "on sm_100 and later targets, a .u64/.s64 d of .f64 mma needs c of an integer type too "
     "(ptxas; sm_90 takes it)",
     ".target sm_100: .reg .u64 %u<4>; .reg .f64 %fd<10>; "
     "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%u0,%u1,%u2,%u3}, "
     "{%fd0,%fd1,%fd2,%fd3}, {%fd4,%fd5}, {%fd6,%fd7,%fd8,%fd9};",
     "declare d .f64 or .b64"},
    {"mma-ignored-qualifier", "9.7.14.5.14", Severity::Warning,
     "qualifiers ptxas accepts and ignores on mma: ldmatrix's .b8x16, .b6x16_p32, .b4x16_p64, "
     "and a stray last type (.b1, .s4, .u4, .bf16, .tf32) after the types of a form whose A/B "
     "type is not .bf16, .tf32 or .b1 (the stray type's own target gate still applies)",
     "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32.b8x16 {%f0,%f1,%f2,%f3}, {%r0,%r1}, "
     "{%r2}, {%f4,%f5,%f6,%f7};",
     "remove the qualifier"},
    {"mma-ptxas-only", "9.7.14.5.14", Severity::Warning,
     "forms outside the spec's syntax that ptxas accepts (.kind::mxf8f6f4, .kind::mxf4 and "
     ".kind::mxf4nvf4 without .block_scale, with .e4m3/.e5m2)",
     "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.f32.e4m3.e4m3.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "write .kind::f8f6f4, or add .block_scale and the scale operands"},
};
} // namespace

llvm::ArrayRef<RuleInfo> mmaRules() {
  static std::vector<RuleInfo> All;
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::ArrayRef<RuleInfo> Generic = check::matcherRules(spec::Family::Mma);
    All.assign(Generic.begin(), Generic.end());
    All.insert(All.end(), std::begin(MmaOwnRules), std::end(MmaOwnRules));
  });
  return All;
}

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
      Ctx.Diags.error("mma-fp8-f16-accumulator", "9.7.14.5.14", E.Range,
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
      Ctx.Diags.error("mma-f64-integer-dest", "9.7.14.5.14", E.Range,
                      "d register " + std::string(E.Text) + " is " + T.str() + " while c holds " +
                          std::string(C.Text) + " (" + CT.str() +
                          "); ptxas refuses an integer-typed d unless c is too: declare d .f64 "
                          "or .b64");
      return;
    }
  }
}

void checkMma(const Instruction &I, CheckContext &Ctx) {
  MatchResult M = checkAgainstForms(I, spec::Family::Mma, Ctx);
  if (!M.F)
    return;
  checkFp8HalfAccumulators(I, *M.F, Ctx);
  checkF64IntegerDest(I, *M.F, Ctx);
  // ptxas takes the single-bit qualifiers in any position but ".popc" must
  // follow ".xor"/".and" ("Illegal reduction operation").
  int OpSlot = M.F->slotIndex(".bitOp");
  int PopcSlot = M.F->slotIndex(".popc");
  if (OpSlot < 0 || PopcSlot < 0)
    return;
  int OpQ = M.B.SlotToQual[OpSlot];
  int PopcQ = M.B.SlotToQual[PopcSlot];
  if (OpQ >= 0 && PopcQ >= 0 && PopcQ < OpQ)
    Ctx.Diags.error("mma-popc-order", "9.7.14.5.14", qualifierRange(I, PopcQ, Ctx),
                    "'.popc' must come after '" + std::string(I.Qualifiers[OpQ]) +
                        "' (ptxas rejects the reduction before the operation)");
}

} // namespace check
} // namespace ptxlint
