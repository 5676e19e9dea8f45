//===- CheckLdmatrix.cpp - checks for ldmatrix (9.7.14.5.15) --------------===//
//
// The forms live in lib/Spec/LdStMatrixTables.cpp, with what ptxas 13.0
// does beyond them (`.x8` taken unchecked, `.row`/`.col` ignored, a repeated
// `.sync`); the generic matcher checks qualifiers, operands and gates. This
// file adds the operand checks (docs/differences/wmma-ldst.md):
//
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
#include "Spec/Spec.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace ptxlint {

namespace {

using spec::Family;

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

namespace check {

// CheckWmma.cpp: immediates inside a source fragment.
void checkFragmentImmediates(const Instruction &I, unsigned Idx, Rule Id, bool SingleOnly,
                             CheckContext &Ctx);
void checkConstantFragment(const Instruction &I, unsigned Idx, const spec::Form &F, Rule Id,
                           CheckContext &Ctx);
void checkAddressRegister(const Instruction &I, unsigned PIdx, const spec::Form &F,
                          CheckContext &Ctx, bool Allow16);

/// ldmatrix and stmatrix (shared implementation; see the file comment).
void checkMatrixLoadStore(const Instruction &I, CheckContext &Ctx, Family Fam) {

  // `.x8`, ignored qualifiers and a repeated `.sync` are table data
  // (LdStMatrixTables.cpp), handled by the matcher.
  MatchResult M = matchForm(I, Fam, Ctx);
  if (!M.F)
    return;
  checkOperands(I, *M.F, Ctx);
  checkGates(I, *M.F, Ctx);
  if (Fam == Family::Stmatrix) {
    checkFragmentImmediates(I, 1, Rule::StmatrixImmediateType, false, Ctx);
    checkConstantFragment(I, 1, *M.F, Rule::StmatrixImmediateType, Ctx);
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
    Ctx.Diags.report(familyRule(Fam, FamilyRule::OperandKind), P.Range,
                     "an immediate address is not allowed: ptxas accepts [constant] only in the "
                     ".local state space; use a register or a symbol");
    return;
  }
  if (P.HasOffset && P.IntValue % static_cast<int64_t>(rowBytes(I)) != 0)
    Ctx.Diags.report(familyRule(Fam, FamilyRule::Alignment), P.Range,
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
    Diagnostic &D = Ctx.Diags.report(familyRule(Fam, FamilyRule::StateSpace), P.Elements[0].Range,
                                     Msg + " (ptxas: state space mismatch)");
    if (Sym->DeclRange.isValid())
      D.Notes.push_back({Sym->DeclRange, "declared here"});
  } else {
    Diagnostic &D = Ctx.Diags.report(
        Severity::Warning, familyRule(Fam, FamilyRule::StateSpace), P.Elements[0].Range,
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
