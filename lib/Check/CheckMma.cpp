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

namespace ptxlint {

namespace {
/// Rules of mma beyond the matcher's generic ones.
const RuleInfo MmaOwnRules[] = {
    {"mma-block-scale-combination", "9.7.14.3", Severity::Error,
     ".kind, .scale_vec_size and .stype must form a row of Table 36",
     "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32."
     "ue8m0 ...",
     "use .scale_vec::2X with .ue8m0 for .kind::mxf4"},
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

void checkMma(const Instruction &I, CheckContext &Ctx) {
  checkAgainstForms(I, spec::Family::Mma, Ctx);
}

} // namespace check
} // namespace ptxlint
