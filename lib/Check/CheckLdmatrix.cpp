//===- CheckLdmatrix.cpp - checks for ldmatrix (9.7.14.5.15) --------------===//
//
// The forms live in lib/Spec/LdStMatrixTables.cpp; the generic matcher
// checks qualifiers, operands and gates. This file adds what ptxas 13.0
// does beyond the tables (docs/differences/wmma-ldst.md):
//
//  - `.x8` is accepted by ptxas for .m8n8 without checking the register
//    count; the spec has no `.x8`: a warning, and no further matching;
//  - a repeated `.sync` is accepted: a warning;
//  - the address: an explicit `.shared{::cta}` with a symbol of another
//    state space is a ptxas error; a generic address whose symbol is not in
//    .shared is undefined behaviour (warning); an immediate offset that is
//    not a multiple of the 16-byte row is misaligned (warning).
//
// stmatrix (9.7.14.5.16) has the same structure and shares this code through
// checkMatrixLoadStore(), declared in CheckStmatrix.cpp.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Check/Rules.h"
#include "Spec/Spec.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace ptxlint {

namespace {

using spec::Family;
const char *const LdSec = "9.7.14.5.15";

const RuleInfo OwnRules[] = {
    {"ldmatrix-undocumented-num", LdSec, Severity::Warning,
     "ptxas accepts .num .x8 with .m8n8 without checking the destination; the spec defines "
     ".x1, .x2 and .x4 only",
     "ldmatrix.sync.aligned.m8n8.x8.b16 {%r0, %r1}, [%rd0];", "use .x1, .x2 or .x4"},
    {"ldmatrix-redundant-qualifier", LdSec, Severity::Warning,
     "a repeated .sync is accepted by ptxas but redundant",
     "ldmatrix.sync.sync.aligned.m8n8.x1.b16 {%r0}, [%rd0];", "remove the repeated qualifier"},
    {"ldmatrix-ignored-qualifier", LdSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores .row and .col on ldmatrix (the layout is chosen with "
     ".trans)",
     "ldmatrix.sync.aligned.m8n8.x2.col.b16 {%r0, %r1}, [%rd0];",
     "remove the qualifier; write .trans for a column-major load"},
    {"ldmatrix-state-space", LdSec, Severity::Error,
     "ldmatrix reads .shared memory: with .shared{::cta} the address must not name a symbol "
     "of another state space (a ptxas error); a generic address outside .shared is "
     "undefined behaviour (a warning)",
     ".global .b8 g[64];\nldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r0}, [g];",
     "use an address in .shared memory"},
    {"ldmatrix-alignment", LdSec, Severity::Warning,
     "each row address must be aligned to the 16 bytes a group of four threads reads",
     "ldmatrix.sync.aligned.m8n8.x1.b16 {%r0}, [%rd0+8];",
     "use an offset that is a multiple of 16"},
    {"ldmatrix-type", LdSec, Severity::Error,
     "the element type must suit the shape: .m8n8 is .b16; .m16n16 is .b8 or "
     ".b8x16.{b6x16_p32,b4x16_p64}; .m8n16 is .b8x16.{b6x16_p32,b4x16_p64}",
     "ldmatrix.sync.aligned.m8n8.x1.b8 {%r0}, [%rd0];", "use the type of the shape"},
    {"ldmatrix-num", LdSec, Severity::Error, "shape .m16n16 allows only .x1 and .x2",
     "ldmatrix.sync.aligned.m16n16.x4.trans.b8 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];",
     "use .x1 or .x2"},
    {"ldmatrix-trans", LdSec, Severity::Error,
     ".trans is mandatory with .m16n16 and not allowed with .m8n16",
     "ldmatrix.sync.aligned.m16n16.x1.b8 {%r0, %r1}, [%rd0];", "add (or remove) .trans"},
};

SourceRange qualRange(const Instruction &I, unsigned Idx, const check::CheckContext &Ctx) {
  if (Idx < I.QualifierRanges.size() && I.QualifierRanges[Idx].isValid())
    return I.QualifierRanges[Idx];
  SourceRange R = Ctx.rangeOf(I.Qualifiers[Idx]);
  return R.isValid() ? R : I.opcodeRange();
}

int findQual(const Instruction &I, llvm::StringRef Q, unsigned From = 0) {
  for (unsigned K = From; K < I.Qualifiers.size(); ++K)
    if (llvm::StringRef(I.Qualifiers[K]) == Q)
      return static_cast<int>(K);
  return -1;
}

/// The row size in bytes a group of four threads transfers (the natural
/// alignment of each row address): 16 bytes, except stmatrix .m16n8 whose
/// rows are eight 8-bit elements.
unsigned rowBytes(const Instruction &I) { return findQual(I, ".m16n8") >= 0 ? 8 : 16; }

} // namespace

llvm::ArrayRef<RuleInfo> ldmatrixRules() {
  static const std::vector<RuleInfo> All = [] {
    std::vector<RuleInfo> V(std::begin(OwnRules), std::end(OwnRules));
    for (const RuleInfo &R : check::matcherRules(Family::Ldmatrix))
      V.push_back(R);
    return V;
  }();
  return All;
}

namespace check {

// CheckWmma.cpp: immediates inside a source fragment.
void checkFragmentImmediates(const Instruction &I, unsigned Idx, llvm::StringRef Rule,
                             llvm::StringRef Sec, bool SingleOnly, CheckContext &Ctx);
void checkConstantFragment(const Instruction &I, unsigned Idx, const spec::Form &F,
                           llvm::StringRef Rule, CheckContext &Ctx);
void checkAddressRegister(const Instruction &I, unsigned PIdx, const spec::Form &F,
                          CheckContext &Ctx, bool Allow16);

/// ldmatrix and stmatrix (shared implementation; see the file comment).
void checkMatrixLoadStore(const Instruction &I, CheckContext &Ctx, Family Fam) {
  std::string Prefix = spec::familyRulePrefix(Fam).str() + "-";
  llvm::StringRef Sec = spec::familySection(Fam);

  // `.x8`: accepted by ptxas, not in the spec.
  int X8 = findQual(I, ".x8");
  if (X8 >= 0) {
    Ctx.Diags.warning(Prefix + "undocumented-num", Sec, qualRange(I, X8, Ctx),
                      "'.x8' is not a documented .num (the spec has .x1, .x2, .x4); ptxas "
                      "accepts it without checking the number of registers");
    return;
  }

  MatchOptions Opts;
  // Qualifiers ptxas 13.0 accepts and ignores: .row/.col (both families) and
  // ldmatrix's format qualifiers on stmatrix.
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    bool Layout = Q == ".row" || Q == ".col";
    bool Format =
        Fam == Family::Stmatrix && (Q == ".b8x16" || Q == ".b6x16_p32" || Q == ".b4x16_p64");
    if (!Layout && !Format)
      continue;
    Opts.Skip.push_back(K);
    SourceRange R = qualRange(I, K, Ctx);
    std::string Msg = "'" + Q.str() + "' has no meaning for " + spec::familyName(Fam).str() +
                      "; ptxas 13.0 accepts and ignores it";
    if (Layout)
      Msg += " (a column-major matrix is written with .trans)";
    Diagnostic &D = Ctx.Diags.warning(Prefix + "ignored-qualifier", Sec, R, Msg);
    D.Fixes.push_back({R, ""});
  }
  int First = findQual(I, ".sync");
  for (int K = First >= 0 ? findQual(I, ".sync", First + 1) : -1; K >= 0;
       K = findQual(I, ".sync", K + 1)) {
    Opts.Skip.push_back(K);
    SourceRange R = qualRange(I, K, Ctx);
    Diagnostic &D = Ctx.Diags.warning(Prefix + "redundant-qualifier", Sec, R,
                                      "'.sync' is written more than once (ptxas accepts the "
                                      "repetition)");
    D.Fixes.push_back({R, ""});
  }

  MatchResult M = matchForm(I, Fam, Ctx, Opts);
  if (!M.F)
    return;
  checkOperands(I, *M.F, Ctx);
  checkGates(I, *M.F, Ctx);
  if (Fam == Family::Stmatrix) {
    checkFragmentImmediates(I, 1, "stmatrix-immediate-type", Sec, false, Ctx);
    checkConstantFragment(I, 1, *M.F, "stmatrix-immediate-type", Ctx);
  }

  // The address operand.
  unsigned PIdx = Fam == Family::Stmatrix ? 0 : 1;
  bool ExplicitShared = false;
  for (llvm::StringRef Q : I.Qualifiers)
    ExplicitShared |= Q.startswith(".shared");
  checkAddressRegister(I, PIdx, *M.F, Ctx, ExplicitShared);
  if (PIdx >= I.Operands.size() || I.Operands[PIdx].Kind != OperandKind::Address)
    return;
  const Operand &P = I.Operands[PIdx];
  if (P.Elements.empty()) {
    Ctx.Diags.error(ruleId(Fam, matcher_rules::OperandKind), Sec, P.Range,
                    "an immediate address is not allowed: ptxas accepts [constant] only in the "
                    ".local state space; use a register or a symbol");
    return;
  }
  if (P.HasOffset && P.IntValue % static_cast<int64_t>(rowBytes(I)) != 0)
    Ctx.Diags.warning(Prefix + "alignment", Sec, P.Range,
                      "address offset " + std::to_string(P.IntValue) + " is not a multiple of " +
                          std::to_string(rowBytes(I)) +
                          ": each row address must be aligned to the " +
                          std::to_string(rowBytes(I)) + " bytes a group of four threads " +
                          (Fam == Family::Stmatrix ? "stores" : "loads"));
  if (P.Elements.empty() || P.Elements[0].Kind != OperandKind::Name)
    return;
  const RegisterInfo *Sym = Ctx.Syms.lookup(P.Elements[0].Text);
  if (!Sym || Sym->StateSpace == ".reg" || Sym->StateSpace == ".shared" || Sym->StateSpace.empty())
    return;
  bool Explicit = false;
  for (llvm::StringRef Q : I.Qualifiers)
    Explicit |= Q.startswith(".shared");
  std::string Msg = "'" + std::string(P.Elements[0].Text) + "' is declared in " +
                    Sym->StateSpace.str() + ", but " + spec::familyName(Fam).str() +
                    " accesses .shared memory";
  // ptxas rejects .const and .param symbols even in a generic address; a
  // .global or .local one it accepts, and the access is undefined.
  if (Explicit || (Sym->StateSpace != ".global" && Sym->StateSpace != ".local")) {
    Diagnostic &D = Ctx.Diags.error(Prefix + "state-space", Sec, P.Elements[0].Range,
                                    Msg + " (ptxas: state space mismatch)");
    if (Sym->DeclRange.isValid())
      D.Notes.push_back({Sym->DeclRange, "declared here"});
  } else {
    Diagnostic &D =
        Ctx.Diags.warning(Prefix + "state-space", Sec, P.Elements[0].Range,
                          Msg + ": a generic address outside .shared is undefined behaviour");
    if (Sym->DeclRange.isValid())
      D.Notes.push_back({Sym->DeclRange, "declared here"});
  }
}

void checkLdmatrix(const Instruction &I, CheckContext &Ctx) {
  checkMatrixLoadStore(I, Ctx, Family::Ldmatrix);
}

} // namespace check
} // namespace ptxlint
