//===- Dispatch.cpp - route each instruction to its family check ----------===//
//
// One entry point per instruction family (wmma, mma, mma.sp, ldmatrix,
// stmatrix, movmatrix, wgmma), chosen by the opcode's ISA table row
// (IsaOpcode::Family, the `family` lines of spec/isa/corrections.txt);
// everything else goes to the whole-ISA checks (checkIsa).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/SmallVector.h"

#include <string_view>

namespace ptxlint {
namespace check {

namespace {

/// Where ptxas reports the errors of an instruction: the line of its second
/// token, whatever line the operand or qualifier at fault is on: the
/// opcode after a guard (`@%p`), else the first qualifier after the
/// instruction's name (`.sync` of `mma.sync`, of `wmma.load.a.sync`); an
/// element of another size ("Incompatible elements of vector expression")
/// on the line of its vector's closing brace. Wmma: the instruction's name
/// is wmma.mma or wmma.load.a (wmma.store.d), its first qualifier after it
/// the second or third.
template <bool Wmma> SourceRange ptxasAnchor(const Instruction &I) {
  if (I.GuardRange.isValid())
    return I.opcodeRange();
  size_t K = 0;
  if (Wmma && !I.Qualifiers.empty())
    K = I.Qualifiers[0] == std::string_view(".mma") ? 1 : 2;
  if (K < I.QualifierRanges.size() && I.QualifierRanges[K].isValid())
    return I.QualifierRanges[K];
  return I.opcodeRange();
}

/// Moves the errors K.. of I to ptxas's line when they are on another one
/// (a statement over several lines), keeping their place in a note, so that
/// the error is on the line ptxas names (tools/dev/matrix-outside.py --set
/// context stores that line).
template <bool Wmma> void moveToPtxasLine(const Instruction &I, size_t K, CheckContext &Ctx) {
  std::vector<Diagnostic> &Ds = Ctx.Diags.mutableDiagnostics();
  if (K >= Ds.size())
    return;
  const SourceRange Anchor = ptxasAnchor<Wmma>(I);
  for (; K < Ds.size(); ++K) {
    Diagnostic &D = Ds[K];
    if (D.Sev != Severity::Error || !D.Range.isValid())
      continue;
    SourceRange To = Anchor;
    const char *Where =
        I.GuardRange.isValid() ? "the opcode after a guard" : "the instruction's first qualifier";
    if (llvm::StringRef(D.Message).contains(" have different sizes (")) {
      for (const Operand &A : I.Operands)
        if (A.Kind == OperandKind::Vector && A.Range.isValid() && A.Range.Begin <= D.Range.Begin &&
            D.Range.End <= A.Range.End && A.Range.End > A.Range.Begin)
          To = SourceRange(A.Range.End - 1, A.Range.End);
      Where = "the vector's closing brace";
    }
    if (!To.isValid() || Ctx.File.lineCol(To.Begin).Line == Ctx.File.lineCol(D.Range.Begin).Line)
      continue;
    D.Notes.insert(
        D.Notes.begin(),
        {D.Range, std::string("the cause is here (ptxas names the line of ") + Where + ")"});
    D.Range = To;
  }
}

/// The version and target gates held back for the end of the file
/// (GateMemo): the first place of a new cause, and the "also used here"
/// notes this instruction added, move to ptxas's line too.
template <bool Wmma>
void moveGatesToPtxasLine(const Instruction &I, size_t K,
                          const llvm::SmallVectorImpl<size_t> &NotesBefore, CheckContext &Ctx) {
  if (!Ctx.Gates)
    return;
  std::vector<Diagnostic> &P = Ctx.Gates->Pending;
  bool Changed = P.size() > K;
  for (size_t J = 0; J < K && !Changed; ++J)
    Changed = P[J].Notes.size() > NotesBefore[J];
  SourceRange Anchor = Changed ? ptxasAnchor<Wmma>(I) : SourceRange();
  if (!Anchor.isValid())
    return;
  unsigned Line = Ctx.File.lineCol(Anchor.Begin).Line;
  auto Move = [&](SourceRange &R) {
    if (R.isValid() && R.Begin >= I.Range.Begin && R.End <= I.Range.End &&
        Ctx.File.lineCol(R.Begin).Line != Line)
      R = Anchor;
  };
  for (size_t J = 0; J < P.size(); ++J) {
    if (J >= K) {
      SourceRange Was = P[J].Range;
      Move(P[J].Range);
      if (P[J].Range.Begin != Was.Begin)
        P[J].Notes.insert(P[J].Notes.begin(),
                          {Was, "the qualifier is here (ptxas names the line of the "
                                "instruction's second token)"});
      continue;
    }
    for (size_t N = NotesBefore[J]; N < P[J].Notes.size(); ++N)
      Move(P[J].Notes[N].Range);
  }
}

/// A matrix family's check, its errors on ptxas's lines.
template <FamilyCheck Check, bool Wmma = false>
void onPtxasLines(const Instruction &I, CheckContext &Ctx) {
  // Inline asm (lib/Cuda): the lines are those of a PTX text the user
  // does not see; the diagnostics stay at their causes.
  if (Ctx.File.name() == "<inline asm>") {
    Check(I, Ctx);
    return;
  }
  size_t First = Ctx.Diags.diagnostics().size();
  llvm::SmallVector<size_t, 8> NotesBefore;
  if (Ctx.Gates)
    for (const Diagnostic &D : Ctx.Gates->Pending)
      NotesBefore.push_back(D.Notes.size());
  Check(I, Ctx);
  moveToPtxasLine<Wmma>(I, First, Ctx);
  moveGatesToPtxasLine<Wmma>(I, NotesBefore.size(), NotesBefore, Ctx);
}

} // namespace

FamilyCheck familyCheckFor(const Instruction &I, const spec::IsaOpcode *Row) {
  if (!Row)
    return nullptr;
  switch (Row->Family) {
  case spec::IsaFamilyCheck::None:
    return nullptr;
  case spec::IsaFamilyCheck::Mma:
    // .sp and .sp::ordered_metadata select the sparse family (9.7.14.6.3).
    for (llvm::StringRef Q : I.Qualifiers)
      if (Q == ".sp" || Q.startswith(".sp::"))
        return onPtxasLines<checkMmaSp>;
    return onPtxasLines<checkMma>;
  case spec::IsaFamilyCheck::Wmma:
    return onPtxasLines<checkWmma, true>;
  case spec::IsaFamilyCheck::Wgmma: // the ISA tables, then the fragment sizes (CheckWgmma.cpp)
    return checkWgmma;
  case spec::IsaFamilyCheck::Ldmatrix:
    return onPtxasLines<checkLdmatrix>;
  case spec::IsaFamilyCheck::Stmatrix:
    return onPtxasLines<checkStmatrix>;
  case spec::IsaFamilyCheck::Movmatrix:
    return onPtxasLines<checkMovmatrix>;
  }
  return nullptr;
}

} // namespace check
} // namespace ptxlint
