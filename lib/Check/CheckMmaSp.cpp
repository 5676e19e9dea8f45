//===- CheckMmaSp.cpp - checks of mma.sp (9.7.14.6.3) -----------*- C++ -*-===//
//
// mma.sp and mma.sp::ordered_metadata: the generic form matcher checks the
// qualifiers, fragments (A is half the dense size; metadata e; selector f
// with its per-shape range), register types and gates against
// lib/Spec/MmaSpTables.cpp, and reports ptxas's advisory for plain `.sp`.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"

#include <mutex>
#include <vector>

namespace ptxlint {

namespace {
const RuleInfo MmaSpOwnRules[] = {
    {"mma-sp-ignored-qualifier", "9.7.14.6.3", Severity::Warning,
     "qualifiers ptxas accepts and ignores on mma.sp: ldmatrix's .b8x16, .b6x16_p32, "
     ".b4x16_p64, and a stray last type (.b1, .s4, .u4, .bf16, .tf32) after the types of the "
     ".f16 and fp8/fp6/fp4 forms (the stray type's own target gate still applies)",
     "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.b8x16 "
     "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 0;",
     "remove the qualifier"},
    {"mma-sp-ptxas-only", "9.7.14.6.3", Severity::Warning,
     "forms outside the spec's syntax that ptxas accepts (.kind::mxf8f6f4 without "
     ".block_scale)",
     "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.f32.e4m3.e4m3.f32 "
     "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%f4,%f5,%f6,%f7}, %r8, 0;",
     "write .kind::f8f6f4, or add .block_scale and the scale operands"},
};
} // namespace

llvm::ArrayRef<RuleInfo> mmaSpRules() {
  static std::vector<RuleInfo> All;
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::ArrayRef<RuleInfo> Generic = check::matcherRules(spec::Family::MmaSp);
    All.assign(Generic.begin(), Generic.end());
    All.insert(All.end(), std::begin(MmaSpOwnRules), std::end(MmaSpOwnRules));
  });
  return All;
}

namespace check {

void checkMmaSp(const Instruction &I, CheckContext &Ctx) {
  checkAgainstForms(I, spec::Family::MmaSp, Ctx);
}

} // namespace check
} // namespace ptxlint
