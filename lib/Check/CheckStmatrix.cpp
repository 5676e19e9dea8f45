//===- CheckStmatrix.cpp - checks for stmatrix (9.7.14.5.16) --------------===//
//
// stmatrix is checked exactly like ldmatrix (same qualifier structure, same
// ptxas behaviour for `.x8`, repeated `.sync`, state spaces and row
// alignment), so it shares checkMatrixLoadStore() in CheckLdmatrix.cpp; the
// forms are in lib/Spec/LdStMatrixTables.cpp. Only the rule registry rows
// differ.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/FormMatcher.h"
#include "Check/Rules.h"
#include "Spec/Spec.h"

#include <vector>

namespace ptxlint {

namespace {

const char *const StSec = "9.7.14.5.16";

const RuleInfo OwnRules[] = {
    {"stmatrix-undocumented-num", StSec, Severity::Warning,
     "ptxas accepts .num .x8 with .m8n8 without checking the source; the spec defines .x1, "
     ".x2 and .x4 only",
     "stmatrix.sync.aligned.m8n8.x8.b16 [%rd0], {%r0, %r1};", "use .x1, .x2 or .x4"},
    {"stmatrix-redundant-qualifier", StSec, Severity::Warning,
     "a repeated .sync is accepted by ptxas but redundant",
     "stmatrix.sync.sync.aligned.m8n8.x1.b16 [%rd0], {%r0};", "remove the repeated qualifier"},
    {"stmatrix-ignored-qualifier", StSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores .row, .col and ldmatrix's format qualifiers (.b8x16, "
     ".b6x16_p32, .b4x16_p64) on stmatrix",
     "stmatrix.sync.aligned.m8n8.x2.col.b16 [%rd0], {%r0, %r1};",
     "remove the qualifier; write .trans for a column-major store"},
    {"stmatrix-state-space", StSec, Severity::Error,
     "stmatrix writes .shared memory: with .shared{::cta} the address must not name a symbol "
     "of another state space (a ptxas error); a generic address outside .shared is "
     "undefined behaviour (a warning)",
     ".global .b8 g[64];\nstmatrix.sync.aligned.m8n8.x1.shared.b16 [g], {%r0};",
     "use an address in .shared memory"},
    {"stmatrix-alignment", StSec, Severity::Warning,
     "each row address must be aligned to the bytes a group of four threads stores (16 for "
     ".m8n8, 8 for .m16n8)",
     "stmatrix.sync.aligned.m8n8.x1.b16 [%rd0+8], {%r0};",
     "use an offset that is a multiple of the row size"},
    {"stmatrix-immediate-type", StSec, Severity::Error,
     "an immediate inside the source fragment must have the type of the registers beside "
     "it (an integer literal among integer registers, a floating-point literal among "
     ".f32/.b32 registers, none among .f16x2 registers); a fragment of constants only takes "
     "0f constants only",
     ".reg .u32 %u<2>; .reg .b64 %rd<2>; stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd0], "
     "{%u0, 0f3F800000};",
     "write registers"},
    {"stmatrix-type", StSec, Severity::Error,
     "the element type must suit the shape: .m8n8 is .b16, .m16n8 is .b8",
     "stmatrix.sync.aligned.m16n8.x1.trans.b16 [%rd0], {%r0};", "use the type of the shape"},
    {"stmatrix-trans", StSec, Severity::Error, ".trans is mandatory with .m16n8",
     "stmatrix.sync.aligned.m16n8.x1.b8 [%rd0], {%r0};", "add .trans"},
};

} // namespace

llvm::ArrayRef<RuleInfo> stmatrixRules() {
  static const std::vector<RuleInfo> All = [] {
    std::vector<RuleInfo> V(std::begin(OwnRules), std::end(OwnRules));
    for (const RuleInfo &R : check::matcherRules(spec::Family::Stmatrix))
      V.push_back(R);
    return V;
  }();
  return All;
}

namespace check {

// CheckLdmatrix.cpp.
void checkMatrixLoadStore(const Instruction &I, CheckContext &Ctx, spec::Family Fam);

void checkStmatrix(const Instruction &I, CheckContext &Ctx) {
  checkMatrixLoadStore(I, Ctx, spec::Family::Stmatrix);
}

} // namespace check
} // namespace ptxlint
