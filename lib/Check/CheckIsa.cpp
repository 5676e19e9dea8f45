//===- CheckIsa.cpp - table-driven checks of every instruction ------------===//
//
// Every instruction that no family check owns (the nine matrix families keep
// their deep checks) is checked against the whole-ISA tables (Spec/IsaTables.h):
// the opcode must exist (ptxas is case sensitive), each qualifier must be one
// the opcode takes, the operand count must fit the matching syntax lines, and
// the PTX ISA version and target must carry the instruction and its
// qualifiers. Where the tables cannot decide (a syntax line the extractor
// could not read, no line matching the qualifiers) the check stays silent:
// a false error costs more than a missed one.
//
// Version and target gates are reported once per cause: the first place is
// the error, later places become its notes.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckIsa.h"
#include "Check/CheckIsaQualifiers.h"
#include "Check/CheckUtil.h"
#include "Check/IsaAddress.h"
#include "Check/IsaCompare.h"
#include "Check/IsaOperandForms.h"
#include "Check/IsaOperands.h"
#include "Check/IsaTexture.h"
#include "Check/Spelling.h"
#include "Spec/Addressing.h"
#include "Spec/IsaTables.h"
#include "Spec/Spec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace ptxlint {
namespace check {

using spec::IsaForm;
using spec::IsaOpcode;
using spec::IsaSection;

namespace {

/// A target list as Targets: "sm_90a" only sm_90a, "sm_100f+" the sm_100
/// family from sm_100.
llvm::SmallVector<Target, 8> targetList(llvm::StringRef List) {
  llvm::SmallVector<Target, 8> Out;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, ' ', -1, false);
  for (llvm::StringRef P : Parts)
    if (std::optional<Target> T = Target::parse(P.rtrim('+')))
      Out.push_back(*T);
  return Out;
}

/// The section's targets: "sm_90+" is sm_90 (or higher), else its list.
llvm::SmallVector<Target, 8> sectionTargets(const IsaSection &S) {
  if (S.MinSm)
    return {smT(S.MinSm)};
  return targetList(S.Targets);
}

bool hasAll(const Instruction &I, llvm::ArrayRef<llvm::StringLiteral> Lits) {
  for (llvm::StringRef L : Lits)
    if (!I.hasQualifier(L))
      return false;
  return true;
}

bool takesAll(const IsaForm &F, const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (!F.takes(Q))
      return false;
  return true;
}

/// The forms of Op that match I best: every literal written and every
/// qualifier taken; the most specific (most literals) win.
llvm::SmallVector<const IsaForm *, 8> matchingForms(const IsaOpcode &Op, const Instruction &I) {
  llvm::SmallVector<const IsaForm *, 8> Out;
  uint32_t Best = 0;
  // ptxas lets .uni repeat also where it is a set's member (vote.sync.uni.uni).
  llvm::SmallVector<llvm::StringRef, 8> Quals;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q != ".uni" || !llvm::is_contained(Quals, Q))
      Quals.push_back(Q);
  for (const IsaForm &F : Op.forms()) {
    if (!hasAll(I, F.literals()) || !takesAll(F, I) || !F.fits(Quals))
      continue;
    if (!Out.empty() && F.LitCount < Best)
      continue;
    if (F.LitCount > Best)
      Out.clear();
    Best = F.LitCount;
    Out.push_back(&F);
  }
  return Out;
}

/// The version and target gates of one qualifier over the matching forms:
/// gated only when every matching section gates it (0: not gated).
struct QualGate {
  uint16_t Ptx = 0xffff, Sm = 0xffff;
  const char *Sec = nullptr; ///< the section that gates it (else the first)
  /// Only these targets ("sm_100f sm_110f sm_120f"); null for any from Sm.
  const char *Targets = nullptr;
};

/// What the tables alone say about an opcode and its qualifiers: the
/// opcode's entry, whether it takes every qualifier, the matching forms and
/// each qualifier's gates. Nothing here depends on the file, so it is
/// computed once per distinct spelling ("ld" ".global" ".u32") and thread,
/// not once per instruction.
/// A gate of qualifiers written together that applies to a spelling: every
/// matching section has it and every part is written (Ks: where).
struct ComboFact {
  const spec::IsaQualGate *G = nullptr;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::SmallVector<uint32_t, 4> Ks;
};

struct TableFacts {
  const IsaOpcode *Op = nullptr;
  /// How the opcode addresses memory (Spec/Addressing.h), null for not.
  const spec::AddressingRow *Addressing = nullptr;
  bool AllKnown = true;
  llvm::SmallVector<const IsaForm *, 4> Forms;
  llvm::SmallVector<QualGate, 8> Gates; ///< one per qualifier (when Forms)
  llvm::SmallVector<ComboFact, 1> Combos;
};

/// The combination gates of a spelling's qualifiers (".s8+.u8": wgmma's
/// mixed integer types; ".bf16+.f16": cvt between them needs sm_90) that
/// every matching section has and whose parts are all written: table facts,
/// computed once per spelling (tableFacts).
void comboFacts(const Instruction &I, TableFacts &F) {
  const IsaSection &S0 = F.Forms.front()->section();
  for (const spec::IsaQualGate &G : S0.gates()) {
    llvm::StringRef Combo = G.Qual;
    // '.a+.b': both written; '.a>.b': both, .a first (cvt's destination type
    // before its source type: `cvt.f32.bf16`, not `cvt.rn.bf16.f32`).
    bool Ordered = Combo.contains('>');
    if ((!Ordered && !Combo.contains('+')) || (!G.MinPtx && !G.MinSm))
      continue;
    if (!llvm::all_of(F.Forms, [&](const IsaForm *Fm) { return Fm->section().gate(Combo); }))
      continue;
    ComboFact C;
    C.G = &G;
    Combo.split(C.Parts, Ordered ? '>' : '+');
    bool All = true;
    for (llvm::StringRef P : C.Parts) {
      size_t K = 0;
      while (K < I.Qualifiers.size() && llvm::StringRef(I.Qualifiers[K]) != P)
        ++K;
      if (K == I.Qualifiers.size() || (Ordered && !C.Ks.empty() && K < C.Ks.back())) {
        All = false;
        break;
      }
      C.Ks.push_back(static_cast<uint32_t>(K));
    }
    if (All)
      F.Combos.push_back(std::move(C));
  }
}

/// Gates of qualifiers written together, against the file's version and
/// target.
void checkComboGates(const Instruction &I, CheckContext &Ctx, const TableFacts &Facts) {
  const IsaSection &S0 = Facts.Forms.front()->section();
  for (const ComboFact &C : Facts.Combos) {
    const spec::IsaQualGate &G = *C.G;
    bool PtxLow = G.MinPtx && Ctx.Version.isValid() && Ctx.Version < spec::isaVersion(G.MinPtx);
    bool SmLow = G.MinSm && Ctx.Tgt.isValid() && Ctx.Tgt.Sm < G.MinSm;
    if (!PtxLow && !SmLow)
      continue;
    SourceRange R = I.opcodeRange();
    for (uint32_t K : C.Ks)
      if (K < I.QualifierRanges.size())
        R = I.QualifierRanges[K];
    std::string What =
        "'" + std::string(I.Opcode) + "' with " + joinList(C.Parts, "and") + " together ";
    if (PtxLow)
      reportGate(Ctx, Rule::IsaPtxVersion, S0.Num, R,
                 What + requiresPtxText(spec::isaVersion(G.MinPtx), Ctx.Version), false,
                 spec::isaVersion(G.MinPtx), Target());
    if (SmLow) {
      Target T = smT(G.MinSm);
      reportGate(Ctx, Rule::IsaTarget, S0.Num, R,
                 What + requiresTargetText(llvm::ArrayRef<Target>(T), Ctx.Tgt), true, PtxVersion(),
                 T);
    }
  }
}

/// A deprecated section that newer targets no longer support from some PTX
/// ISA version on (`vote` and `shfl` without .sync on sm_70 from PTX ISA 6.4),
/// where every matching section is one.
void checkRemoved(const Instruction &I, CheckContext &Ctx, llvm::ArrayRef<const IsaForm *> Forms) {
  const IsaSection &S0 = Forms.front()->section();
  if (!Ctx.Version.isValid() || !Ctx.Tgt.isValid() ||
      Ctx.Version < spec::isaVersion(S0.RemovedPtx) || Ctx.Tgt.Sm < S0.RemovedSm)
    return;
  for (const IsaForm *F : Forms)
    if (!F->section().RemovedPtx)
      return;
  std::string Name = std::string(I.Opcode);
  reportGate(Ctx, Rule::IsaTarget, S0.Num, I.opcodeRange(),
             "this form of '" + Name + "' (" + S0.Num + ", deprecated) is not supported on sm_" +
                 std::to_string(S0.RemovedSm) + " and higher from PTX ISA " +
                 spec::isaVersion(S0.RemovedPtx).str() + " (target is " + Ctx.Tgt.str() +
                 ", .version " + Ctx.Version.str() + ")",
             true, PtxVersion(), Target());
}

void checkGates(const Instruction &I, CheckContext &Ctx, const TableFacts &Facts) {
  llvm::ArrayRef<const IsaForm *> Forms = Facts.Forms;
  // The instruction: the most permissive of the matching sections.
  uint16_t NeedPtx = 0xffff;
  bool TargetOk = false;
  llvm::SmallVector<Target, 8> Want;
  const IsaSection *GateSec = nullptr;
  for (const IsaForm *F : Forms) {
    const IsaSection &S = F->section();
    NeedPtx = std::min(NeedPtx, S.MinPtx);
    if (!S.TargetKnown || (!S.MinSm && !*S.Targets)) {
      TargetOk = true;
      continue;
    }
    llvm::SmallVector<Target, 8> T = sectionTargets(S);
    if (T.empty() || spec::anyOfAllows(T, Ctx.Tgt))
      TargetOk = true;
    else if (!GateSec) {
      GateSec = &S;
      Want = T;
    }
  }
  const IsaSection &S0 = Forms.front()->section();
  // Name it as the section does ('wgmma.fence', 'st.async'), or by its opcode.
  // Built only for a diagnostic: this runs for every instruction of a file.
  auto What = [&] { return "'" + std::string(I.Opcode) + Forms.front()->NameWord.str() + "'"; };
  if (Ctx.Version.isValid() && NeedPtx && NeedPtx != 0xffff &&
      Ctx.Version < spec::isaVersion(NeedPtx))
    reportGate(Ctx, Rule::IsaPtxVersion, S0.Num, I.opcodeRange(),
               What() + " " + requiresPtxText(spec::isaVersion(NeedPtx), Ctx.Version), false,
               spec::isaVersion(NeedPtx), Target());
  if (Ctx.Tgt.isValid() && !TargetOk && GateSec)
    reportGate(Ctx, Rule::IsaTarget, GateSec->Num, I.opcodeRange(),
               What() + " " + requiresTargetText(Want, Ctx.Tgt), true, PtxVersion(), Want.front());
  // The operand count ('min' with three inputs): gated when every matching
  // section gates it.
  uint8_t GateOps = 0;
  const spec::IsaOpsGate *OG = nullptr;
  for (const IsaForm *F : Forms) {
    const spec::IsaOpsGate &G = F->section().OpsGate;
    if (!G.MinOps) {
      OG = nullptr;
      break;
    }
    if (G.MinOps >= GateOps) {
      GateOps = G.MinOps;
      OG = &G;
    }
  }
  if (OG && I.Operands.size() >= GateOps) {
    auto OWhat = [&] {
      return What() + " with " + std::to_string(I.Operands.size() - 1) + " input operands";
    };
    if (Ctx.Version.isValid() && Ctx.Version < spec::isaVersion(OG->MinPtx))
      reportGate(Ctx, Rule::IsaPtxVersion, S0.Num, I.opcodeRange(),
                 OWhat() + " " + requiresPtxText(spec::isaVersion(OG->MinPtx), Ctx.Version), false,
                 spec::isaVersion(OG->MinPtx), Target());
    Target T = smT(OG->MinSm);
    if (Ctx.Tgt.isValid() && Ctx.Tgt.Sm < OG->MinSm)
      reportGate(Ctx, Rule::IsaTarget, S0.Num, I.opcodeRange(),
                 OWhat() + " " + requiresTargetText(llvm::ArrayRef<Target>(T), Ctx.Tgt), true,
                 PtxVersion(), T);
  }
  if (!Facts.Combos.empty())
    checkComboGates(I, Ctx, Facts);
  if (S0.RemovedPtx)
    checkRemoved(I, Ctx, Forms);
  // Each qualifier: gated only when every matching section gates it.
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    uint16_t QPtx = Facts.Gates[K].Ptx, QSm = Facts.Gates[K].Sm;
    const char *Sec = Facts.Gates[K].Sec;
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    auto QWhat = [&] { return "qualifier " + Q.str() + " of '" + std::string(I.Opcode) + "'"; };
    if (Ctx.Version.isValid() && QPtx && QPtx != 0xffff && Ctx.Version < spec::isaVersion(QPtx))
      reportGate(Ctx, Rule::IsaPtxVersion, Sec, R,
                 QWhat() + " " + requiresPtxText(spec::isaVersion(QPtx), Ctx.Version), false,
                 spec::isaVersion(QPtx), Target());
    if (Ctx.Tgt.isValid() && QSm && QSm != 0xffff && Ctx.Tgt.Sm < QSm) {
      Target T = smT(QSm);
      reportGate(Ctx, Rule::IsaTarget, Sec, R,
                 QWhat() + " " + requiresTargetText(llvm::ArrayRef<Target>(T), Ctx.Tgt), true,
                 PtxVersion(), T);
    } else if (Ctx.Tgt.isValid() && Facts.Gates[K].Targets) {
      // A qualifier of the 'a'/'f' targets only (cvt .e2m1x2: sm_100f,
      // sm_110f, sm_120f; plain sm_100 is "not supported").
      llvm::SmallVector<Target, 8> Want = targetList(Facts.Gates[K].Targets);
      if (!Want.empty() && !spec::anyOfAllows(Want, Ctx.Tgt))
        reportGate(Ctx, Rule::IsaTarget, Sec, R, QWhat() + " " + requiresTargetText(Want, Ctx.Tgt),
                   true, PtxVersion(), Want.front());
    }
  }
}

/// No syntax line takes I's qualifiers together: names the closest line and
/// what does not fit it.
void reportCombination(const Instruction &I, CheckContext &Ctx, const IsaOpcode &Op) {
  const IsaForm *Best = nullptr;
  int BestScore = -1000;
  for (const IsaForm &F : Op.forms()) {
    int Score = 0;
    for (llvm::StringRef Q : I.Qualifiers)
      Score += F.takes(Q) ? 2 : -2;
    for (llvm::StringRef L : F.literals())
      Score -= I.hasQualifier(L) ? 0 : 1;
    if (Score > BestScore) {
      BestScore = Score;
      Best = &F;
    }
  }
  if (!Best)
    return;
  llvm::SmallVector<llvm::StringRef, 4> Extra, Missing;
  SourceRange R = I.opcodeRange();
  for (size_t K = 0; K < I.Qualifiers.size(); ++K)
    if (!Best->takes(I.Qualifiers[K])) {
      if (Extra.empty() && K < I.QualifierRanges.size())
        R = I.QualifierRanges[K];
      Extra.push_back(I.Qualifiers[K]);
    }
  for (llvm::StringRef L : Best->literals())
    if (!I.hasQualifier(L))
      Missing.push_back(L);
  std::string Why;
  if (!Extra.empty())
    Why = joinList(Extra, "and") + (Extra.size() == 1 ? " does" : " do") + " not fit it";
  if (!Missing.empty())
    Why += (Why.empty() ? "" : ", and ") + std::string("it requires ") + joinList(Missing, "and");
  // Otherwise a set place is empty or has more than one qualifier.
  for (const spec::IsaSlot &Slot : Best->slots()) {
    if (!Why.empty())
      break;
    llvm::SmallVector<llvm::StringRef, 16> Members(Slot.members().begin(), Slot.members().end());
    llvm::SmallVector<llvm::StringRef, 4> In;
    for (llvm::StringRef Q : I.Qualifiers)
      if (Slot.has(Q))
        In.push_back(Q);
    if (Slot.Capacity && In.size() > Slot.Capacity)
      Why = "it takes one of " + joinList(Members) + ", found " + joinList(In, "and");
    else if (Slot.Required && In.empty())
      Why = "it requires one of " + joinList(Members);
  }
  if (Why.empty())
    Why = "its qualifier places do not fit";
  Ctx.Diags.report(Rule::IsaQualifierCombination, Best->section().Num, R,
                   "no syntax line of '" + std::string(I.Opcode) +
                       "' takes these qualifiers together; the closest is '" + Best->Syntax.str() +
                       "' (" + Why + ")");
}

void reportUnknownOpcode(const Instruction &I, CheckContext &Ctx) {
  // ptxas is case sensitive: 'STMATRIX' is unknown, and 'stmatrix' the fix.
  std::string Lower = llvm::StringRef(I.Opcode).lower();
  llvm::StringRef Suggest;
  if (Lower != I.Opcode && spec::findIsaOpcode(Lower))
    Suggest = spec::findIsaOpcode(Lower)->Name;
  if (Suggest.empty()) {
    unsigned Best = 3;
    for (const IsaOpcode &Op : spec::isaOpcodes()) {
      llvm::StringRef N(Op.Name);
      if (N.startswith(".") || N.startswith("@"))
        continue;
      size_t Diff = N.size() > Lower.size() ? N.size() - Lower.size() : Lower.size() - N.size();
      if (Diff >= Best)
        continue;
      unsigned D = editDistance(Lower, N);
      unsigned Limit = std::max<unsigned>(1, std::min<unsigned>(3, Lower.size() / 3));
      if (D <= Limit && D < Best) {
        Best = D;
        Suggest = N;
      }
    }
  }
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaUnknownOpcode, I.opcodeRange(),
      "unknown instruction '" + std::string(I.Opcode) + "'" +
          (Suggest.empty() ? std::string() : "; did you mean '" + Suggest.str() + "'?"));
  if (!Suggest.empty())
    D.Fixes.push_back({I.opcodeRange(), Suggest.str()});
}

/// A state space the instruction does not take (st.const, atom.const,
/// red.param): ptxas 13.0 "State space incorrect for instruction 'st'". The
/// valid set is the state spaces of the opcode's syntax lines, and "none" where
/// a line leaves its state space out (a generic address).
bool reportUnknownStateSpace(const Instruction &I, CheckContext &Ctx, const IsaOpcode &Op,
                             size_t K) {
  llvm::StringRef Q = I.Qualifiers[K];
  if (!isStateSpaceQualifier(Q))
    return false;
  bool Generic = false;
  llvm::SmallVector<llvm::StringRef, 8> Spaces = stateSpacesOf(Op, Generic);
  if (Spaces.empty())
    return false;
  if (Generic)
    Spaces.push_back("none (a generic address)");
  std::string Msg = "'" + std::string(I.Opcode) + "' does not take the " + Q.str() +
                    " state space; its state spaces are " + joinList(Spaces, "and");
  if (Q == ".const" || Q.startswith(".const::"))
    Msg += "; .const memory is read-only to a kernel: give the variable its value in its "
           "declaration or from the host (cudaMemcpyToSymbol), or declare it .global to write it";
  const IsaSection &S = Op.forms().front().section();
  SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
  Ctx.Diags.report(Rule::IsaUnknownQualifier, S.Num, R, Msg);
  return true;
}

void reportUnknownQualifier(const Instruction &I, CheckContext &Ctx, const IsaOpcode &Op,
                            size_t K) {
  if (reportUnknownStateSpace(I, Ctx, Op, K))
    return;
  llvm::StringRef Q = I.Qualifiers[K];
  llvm::SmallVector<llvm::StringRef, 32> Vocab(Op.vocab().begin(), Op.vocab().end());
  llvm::StringRef Suggest = closestMatch(Q, Vocab);
  // The valid set, shortest first when it is long.
  std::string Valid;
  if (Vocab.size() <= 16) {
    Valid = oneOf(Vocab);
  } else {
    llvm::SmallVector<llvm::StringRef, 16> Near;
    for (llvm::StringRef V : Vocab)
      if (editDistance(Q, V) <= 3)
        Near.push_back(V);
    Valid = std::to_string(Vocab.size()) + " qualifiers" +
            (Near.empty() ? std::string() : ", among them " + joinList(Near, "and"));
  }
  const IsaSection &S = Op.forms().front().section();
  SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaUnknownQualifier, S.Num, R,
      "unknown qualifier '" + Q.str() + "' for " + std::string(I.Opcode) + "; valid: " + Valid +
          (Suggest.empty() || Suggest == Q ? std::string()
                                           : "; did you mean '" + Suggest.str() + "'?"));
  if (!Suggest.empty() && Suggest != Q)
    D.Fixes.push_back({R, Suggest.str()});
}

/// The facts of I's spelling (Spelling.h: Id), computed on its first use.
const TableFacts &tableFacts(const Instruction &I, uint32_t Id) {
  struct Slot {
    bool Known = false;
    TableFacts F;
  };
  thread_local SpellingMemo<Slot> Cache;
  Slot &Sl = Cache.at(Id);
  if (Sl.Known)
    return Sl.F;
  TableFacts F;
  F.Op = spec::findIsaOpcode(I.Opcode);
  F.Addressing = spec::addressingOf(I.Opcode);
  if (F.Op && !llvm::StringRef(F.Op->Name).startswith(".")) {
    for (llvm::StringRef Q : I.Qualifiers)
      F.AllKnown = F.AllKnown && F.Op->takes(Q);
    if (F.AllKnown)
      F.Forms.append(matchingForms(*F.Op, I));
  }
  for (size_t K = 0; K < I.Qualifiers.size() && !F.Forms.empty(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    QualGate G;
    G.Sec = F.Forms.front()->section().Num;
    for (const IsaForm *Form : F.Forms) {
      const spec::IsaQualGate *QG = Form->section().gate(Q);
      G.Ptx = std::min<uint16_t>(G.Ptx, QG ? QG->MinPtx : 0);
      G.Sm = std::min<uint16_t>(G.Sm, QG ? QG->MinSm : 0);
      if (QG)
        G.Sec = Form->section().Num;
      if (QG && !QG->Targets.empty() && F.Forms.size() == 1)
        G.Targets = QG->Targets.data();
    }
    F.Gates.push_back(G);
  }
  if (!F.Forms.empty() && F.Forms.front()->section().ComboGates)
    comboFacts(I, F);
  Sl.F = std::move(F);
  Sl.Known = true;
  return Sl.F;
}

} // namespace

namespace {
/// Calls of reportGate on this thread: checkIsa tells by it whether the
/// gates of an instruction said anything.
thread_local unsigned GateReports = 0;

/// The last file context (version, target) and operand count in which a
/// spelling's gates were all met: checkGates reads only the spelling's
/// table facts, the operand count and these, so another instruction of the
/// same spelling and count meets them too.
struct GatesMet {
  bool Known = false;
  size_t N = 0;
  PtxVersion V;
  Target T;
  bool same(size_t Ops, const CheckContext &Ctx) const {
    return Known && N == Ops && V.Major == Ctx.Version.Major && V.Minor == Ctx.Version.Minor &&
           T == Ctx.Tgt;
  }
};

/// checkGates, skipped where the spelling's gates are known to be met.
void checkGatesOnce(const Instruction &I, CheckContext &Ctx, const TableFacts &Facts) {
  thread_local SpellingMemo<GatesMet> Met;
  GatesMet &M = Met.at(Ctx.Spelling);
  size_t N = I.Operands.size();
  if (M.same(N, Ctx))
    return;
  unsigned Before = GateReports;
  checkGates(I, Ctx, Facts);
  if (GateReports == Before)
    M = {true, N, Ctx.Version, Ctx.Tgt};
}
} // namespace

unsigned gateReportCount() { return GateReports; }

void reportGate(CheckContext &Ctx, Rule Id, llvm::StringRef Spec, SourceRange R,
                const std::string &Message, bool IsTarget, PtxVersion FixVersion,
                Target FixTarget) {
  ++GateReports;
  Diagnostic D;
  if (Ctx.Gates) {
    auto It = Ctx.Gates->Index.find(Message);
    if (It != Ctx.Gates->Index.end()) {
      Diagnostic &First = Ctx.Gates->Pending[It->second];
      if (First.Notes.size() < 20)
        First.Notes.push_back({R, "also used here"});
      return;
    }
  }
  D.Sev = Severity::Error;
  D.Rule = ruleId(Id);
  D.Spec = Spec.str();
  D.Range = R;
  D.Message = Message;
  if (IsTarget) {
    if (Ctx.TargetRange.isValid()) {
      D.Notes.push_back({Ctx.TargetRange, "module target is set here"});
      if (FixTarget.isValid())
        D.Fixes.push_back({Ctx.TargetRange, FixTarget.str()});
    }
  } else if (Ctx.VersionRange.isValid()) {
    D.Notes.push_back({Ctx.VersionRange, "module PTX ISA version is set here"});
    D.Fixes.push_back({Ctx.VersionRange, FixVersion.str()});
  }
  if (!Ctx.Gates) {
    Ctx.Diags.add(std::move(D));
    return;
  }
  Ctx.Gates->Index[Message] = Ctx.Gates->Pending.size();
  Ctx.Gates->Pending.push_back(std::move(D));
}

void checkIsa(const Instruction &I, CheckContext &Ctx) {
  Ctx.Spelling = spellingId(I); // once: every memo below is indexed by it
  const TableFacts &Facts = tableFacts(I, Ctx.Spelling);
  const IsaOpcode *Op = Facts.Op;
  if (!Op || llvm::StringRef(Op->Name).startswith(".")) {
    reportUnknownOpcode(I, Ctx);
    return;
  }
  if (Op->Compares)
    checkCompare(I, Ctx, *Op);
  if (!Facts.AllKnown) {
    for (size_t K = 0; K < I.Qualifiers.size(); ++K)
      if (!Op->takes(I.Qualifiers[K]) && Op->VocabComplete)
        reportUnknownQualifier(I, Ctx, *Op, K);
    return;
  }
  llvm::ArrayRef<const IsaForm *> Forms = Facts.Forms;
  if (Forms.empty()) {
    if (Op->VocabComplete)
      reportCombination(I, Ctx, *Op);
    return;
  }
  // The order and type checks of the qualifiers read the spelling and its
  // table lines only: once a spelling passed them, its other instructions
  // (nvcc repeats a few spellings thousands of times) pass them too.
  thread_local SpellingMemo<bool> QualsClean;
  bool &Clean = QualsClean.at(Ctx.Spelling);
  if (!Clean && (!checkNameOrder(I, Ctx, Forms) || !checkModeOrder(I, Ctx, *Op, Forms) ||
                 !checkSpaceOrder(I, Ctx, Forms)))
    return;
  // A qualifier that wants another one (st.async.shared::cluster without its
  // completion mechanism) names the cause; the count of the form without it is
  // not a second one. set's count is checkCompare's (IsaCompare.cpp).
  unsigned Errors = Ctx.Diags.errorCount();
  if (!Clean && checkQualifierTypes(I, Ctx, Forms))
    Clean = true;
  bool CountOk =
      Ctx.Diags.errorCount() == Errors && (Op->OwnCount || checkOperandCount(I, Ctx, Forms));
  Errors = Ctx.Diags.errorCount();
  checkIsaOperands(I, Ctx, *Op);
  checkIsaAddresses(I, Ctx, Facts.Addressing, *Op);
  checkSinkOperands(I, Ctx, *Op);
  checkTextureOperands(I, Ctx, *Op);
  // The kinds of the syntax lines where the instruction's own checks found nothing.
  // ... unless a `nokinds` correction says otherwise (ld/st .b128).
  llvm::StringRef NoKinds = Op->NoKindsWith;
  if (CountOk && !Op->OwnCount && Ctx.Diags.errorCount() == Errors &&
      (NoKinds.empty() || !I.hasQualifier(NoKinds)))
    checkOperandForms(I, Ctx, Forms);
  checkGatesOnce(I, Ctx, Facts);
}

void checkDirectiveGates(llvm::StringRef Name, SourceRange R, CheckContext &Ctx) {
  // One table search per directive name and thread (nvcc writes a .loc every
  // few lines), bounded like tableFacts.
  // The last name first: .loc after .loc costs a compare, not a hash.
  thread_local llvm::StringMap<const IsaOpcode *> Known;
  thread_local llvm::StringRef LastName; // the map's copy of the name
  thread_local const IsaOpcode *LastOp = nullptr;
  const IsaOpcode *Op = LastOp;
  if (Name != LastName || LastName.empty()) {
    auto It = Known.find(Name);
    if (It == Known.end()) {
      if (Known.size() >= 4096)
        Known.clear();
      It = Known.try_emplace(Name, spec::findIsaOpcode(Name)).first;
    }
    LastName = It->first();
    LastOp = Op = It->second;
  }
  if (!Op || !Op->FormCount)
    return;
  const IsaSection &S = Op->forms().front().section();
  if (!S.Directive)
    return;
  // The gates depend on the directive and the file's .version and .target
  // only: the last directive whose gates were met is not checked again
  // until one of the three changes (nvcc writes a .loc every other line).
  struct Met {
    const IsaOpcode *Op = nullptr;
    unsigned Version = 0;
    Target Tgt;
  };
  thread_local Met Last;
  if (Last.Op == Op && Last.Version == Ctx.Version.encoded() && Last.Tgt == Ctx.Tgt)
    return;
  bool Reported = false;
  if (Ctx.Version.isValid() && S.MinPtx && Ctx.Version < spec::isaVersion(S.MinPtx)) {
    reportGate(Ctx, Rule::IsaPtxVersion, S.Num, R,
               Name.str() + " directive " +
                   requiresPtxText(spec::isaVersion(S.MinPtx), Ctx.Version),
               false, spec::isaVersion(S.MinPtx), Target());
    Reported = true;
  }
  if (Ctx.Tgt.isValid() && S.TargetKnown && (S.MinSm || *S.Targets)) {
    llvm::SmallVector<Target, 8> T = sectionTargets(S);
    if (!T.empty() && !spec::anyOfAllows(T, Ctx.Tgt)) {
      reportGate(Ctx, Rule::IsaTarget, S.Num, R,
                 Name.str() + " directive " + requiresTargetText(T, Ctx.Tgt), true, PtxVersion(),
                 T.front());
      Reported = true;
    }
  }
  if (!Reported)
    Last = {Op, Ctx.Version.encoded(), Ctx.Tgt};
}

} // namespace check

} // namespace ptxlint
