//===- Checker.cpp - from a parse stream to checked diagnostics -----------===//
//
// Module-level rules (PTX ISA 9.0 sections 11.1.1 .version, 11.1.2 .target)
// as ptxas 13.0 enforces them, probed one by one (docs/differences/targets.md):
//  - .version comes first and .target directly after it; ptxas says
//    "Missing .version/.target directive at start of file" otherwise;
//  - several .target directives/entries may follow, the last architecture
//    wins (".target sm_90, sm_80" is checked as sm_80);
//  - an option may not come before the first architecture ("Target
//    architecture not defined"), texmode_unified/independent conflict,
//    map_f64_to_f32 only below sm_13, debug needs PTX ISA 3.0 and DWARF
//    sections in the module.
//
//===----------------------------------------------------------------------===//

#include "Check/Checker.h"
#include "Check/CheckIsa.h"
#include "Check/CheckUtil.h"
#include "Check/IsaExpression.h"
#include "Spec/IsaTables.h"
#include "Spec/TargetOptions.h"
#include "Support/MemoSwitch.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace check {

namespace {

/// The ISA table row of an opcode (null: none), through a cache per thread:
/// the library's one-instruction entry makes a Checker per call.
const spec::IsaOpcode *opcodeRow(llvm::StringRef Name) {
  static thread_local spec::IsaOpcodeCache Cache;
  return Cache.lookup(Name);
}

using spec::isTargetOption;
using spec::TargetOptions;

/// The known target closest to an unknown but well-formed name: the plain
/// target when only the suffix is wrong (sm_80a -> sm_80), else the nearest
/// number with the same suffix, preferring the lower one (sm_91 -> sm_90).
const TargetInfo *nearestTarget(Target T) {
  if (T.Suffix) {
    Target Plain = T;
    Plain.Suffix = 0;
    if (const TargetInfo *I = findTarget(Plain))
      return I;
  }
  const TargetInfo *Best = nullptr;
  unsigned BestDist = ~0u;
  for (const TargetInfo &I : knownTargets()) {
    if (I.T.Suffix != T.Suffix || I.Removed.isValid())
      continue;
    unsigned D = I.T.Sm > T.Sm ? (I.T.Sm - T.Sm) * 2 + 1 : (T.Sm - I.T.Sm) * 2;
    if (D < BestDist) {
      Best = &I;
      BestDist = D;
    }
  }
  return Best;
}

std::string unknownTargetMessage(llvm::StringRef Name) {
  std::string Msg = "unknown .target '" + Name.str() + "'";
  if (std::optional<Target> T = Target::parse(Name)) {
    if (const TargetInfo *Near = nearestTarget(*T))
      return Msg + "; did you mean '" + Near->Name + "'?";
  }
  llvm::SmallVector<llvm::StringRef, 64> Names;
  for (const TargetInfo &I : knownTargets())
    Names.push_back(I.Name);
  for (const char *O : TargetOptions)
    Names.push_back(O);
  std::string Suggest = didYouMean(Name, Names);
  if (!Suggest.empty())
    return Msg + Suggest;
  return Msg + "; expected a target such as sm_90, sm_90a or sm_100f, or an option (" +
         joinList(llvm::ArrayRef<const char *>(TargetOptions), "or") + ")";
}

} // namespace

Checker::Checker(const SourceFile &File, DiagnosticEngine &Diags, const LintOptions &Opts)
    : File(File), Diags(Diags), Opts(Opts), Locs(File, Diags) {
  // Remembered lookups pay off over a file; a one-instruction check would
  // spend more on setting them up than they save. PTXLINT_NO_MEMO=1: no memo.
  if (File.text().size() >= 4096 && !memosDisabled()) {
    Syms.setStableText(File.text());
    Memo = std::make_unique<InstructionMemo>();
  }
  if (Opts.Version)
    Version = *Opts.Version;
  SymCheck.setCodegenChecks(codegenChecks());
  SymCheck.setParseOnly(Opts.ArchParseOnly);
}

Target Checker::effectiveTarget() const {
  if (FixedContext)
    return FixedTarget;
  if (Opts.TargetOverride)
    return *Opts.TargetOverride;
  return FileTarget;
}

void Checker::setFixedContext(PtxVersion V, Target T, bool Assume) {
  FixedContext = true;
  Memo.reset();
  HeaderDone = true;
  State = Phase::Body;
  Version = V;
  FixedTarget = T;
  AssumeDeclared = Assume;
}

void Checker::resolveNames(std::function<bool(llvm::StringRef, bool)> Elsewhere) {
  ResolveFixed = true;
  SymCheck.setKnownElsewhere(std::move(Elsewhere));
}

SourceRange Checker::argsRange(const Directive &D) const {
  SourceRange R;
  for (llvm::StringRef A : D.Args)
    R = R.cover(File.rangeOf(A));
  return R.isValid() ? R : D.Range;
}

//===----------------------------------------------------------------------===//
// Header order
//===----------------------------------------------------------------------===//

/// `.entry k` followed by another module-scope item: ptxas 13.0 "Parsing
/// error near '.global'" on that item (at the end of the file, "near ''"),
/// where a .func header without its ';' is a prototype it takes
/// (test/parse/entry-header-end.test, test/parse/proto-no-semicolon.ptx).
void Checker::reportOpenEntryHeader(SourceRange Next) {
  Diagnostic &D = Diags.report(
      Rule::Syntax, Next,
      "a kernel's header (.entry) ends with its body '{ ... }' or with ';' (ptxas: parsing "
      "error here); only a .func header may end without one");
  D.Notes.push_back({OpenEntryHeader, "this .entry header has neither"});
  D.Fixes.push_back({SourceRange{OpenEntryHeader.End, OpenEntryHeader.End}, ";"});
  OpenEntryHeader = SourceRange();
}

void Checker::onItem(SourceRange R, bool IsVersion, bool IsTarget, const Directive *D) {
  if (OpenEntryHeader.isValid())
    reportOpenEntryHeader(R);
  MemoContextKnown = false; // the header may change below
  GatesMetBody.clear();
  if (FixedContext)
    return;
  if (!FirstItemRange.isValid())
    FirstItemRange = R;

  if (IsVersion) {
    if (State == Phase::Start) {
      handleVersion(*D);
      State = Phase::AfterVersion;
      return;
    }
    Diagnostic &Diag =
        SawVersion
            ? Diags.report(Rule::VersionMisplaced, R,
                           "duplicate .version directive; a module has exactly one, first in "
                           "the file")
            : Diags.report(Rule::VersionMisplaced, R,
                           ".version must be the first directive in the file");
    if (SawVersion && VersionDirRange.isValid())
      Diag.Notes.push_back({VersionDirRange, "first .version is here"});
    else if (FirstItemRange.isValid() && !(FirstItemRange == R))
      Diag.Notes.push_back({FirstItemRange, "first item of the file is here"});
    // Use it anyway, so the rest of the file is checked against it.
    if (!SawVersion)
      handleVersion(*D);
    return;
  }

  if (IsTarget) {
    switch (State) {
    case Phase::Start:
    case Phase::AfterVersion:
    case Phase::InTargets:
      // Before any .version, the file lacks its header: a later .version is
      // misplaced, none at all is reported at the end of the file.
      handleTarget(*D, !SawTarget);
      State = Phase::InTargets;
      return;
    case Phase::Body: {
      Diagnostic &Diag = Diags.report(Rule::TargetMisplaced, R,
                                      ".target must directly follow .version, before any other "
                                      "directive or declaration");
      if (FirstTargetDirRange.isValid())
        Diag.Notes.push_back({FirstTargetDirRange, "the module's .target is here"});
      else if (PendingTargetMissing.isValid())
        Diag.Notes.push_back({PendingTargetMissing, "it must come before this"});
      // One problem, one diagnostic: this supersedes "missing .target".
      PendingTargetMissing = SourceRange();
      if (!SawTarget)
        handleTarget(*D, true);
      return;
    }
    }
  }

  switch (State) {
  case Phase::Start:
    // The first item is not .version: reported at the end of the file,
    // unless a misplaced .version turns up later.
    break;
  case Phase::AfterVersion:
    // Reported at the end of the file unless a (misplaced) .target follows.
    if (!SawTarget)
      PendingTargetMissing = R;
    break;
  case Phase::InTargets:
  case Phase::Body:
    break;
  }
  State = Phase::Body;
  finishHeader(/*ModuleHasContent=*/true);
}

void Checker::handleVersion(const Directive &D) {
  SawVersion = true;
  VersionDirRange = D.Range;
  SourceRange R = argsRange(D);
  // The version as written: the tokens from the first to the last argument.
  llvm::StringRef Text = File.slice(R);
  if (Text.empty() && !D.Args.empty())
    Text = D.Args.front();
  if (Opts.Version)
    return; // replaced for every check; the file's spelling is not ours to judge
  if (D.Args.empty()) {
    Diags.report(Rule::VersionUnknown, D.Range,
                 ".version needs a PTX ISA version, e.g. .version " + latestPtxVersion().str());
    return;
  }
  VersionRange = R;
  std::optional<PtxVersion> V = PtxVersion::parse(Text);
  if (!V) {
    Diags.report(Rule::VersionUnknown, R,
                 "malformed .version '" + Text.str() + "'; expected MAJOR.MINOR, e.g. " +
                     latestPtxVersion().str());
    return;
  }
  if (V->Minor >= 10) {
    // ptxas encodes the version as MAJOR*10+MINOR, so 7.10 reads as 8.0.
    unsigned Enc = V->Major * 10 + V->Minor;
    PtxVersion Read(Enc / 10, Enc % 10);
    if (isKnownPtxVersion(Read)) {
      Diagnostic &Diag =
          Diags.report(Rule::VersionUndocumented, R,
                       "'.version " + Text.str() +
                           "' is not a PTX ISA version; ptxas reads it as " + Read.str());
      Diag.Fixes.push_back({R, Read.str()});
      Version = Read;
      return;
    }
  }
  if (!isKnownPtxVersion(*V)) {
    Diags.report(Rule::VersionUnknown, R,
                 "unknown PTX ISA version " + Text.str() + "; known versions are " +
                     knownPtxVersionsText());
    return;
  }
  if (!isDocumentedPtxVersion(*V))
    Diags.report(Rule::VersionUndocumented, R,
                 "PTX ISA " + V->str() + " is not in the PTX ISA release notes (ptxas accepts it)");
  Version = *V;
}

void Checker::handleTarget(const Directive &D, bool FirstTargetDirective) {
  if (!FirstTargetDirRange.isValid())
    FirstTargetDirRange = D.Range;
  SawTarget = true;
  bool First = FirstTargetDirective;
  if (First && D.Args.empty())
    Diags.report(Rule::TargetMissing, D.Range, ".target needs an architecture, e.g. .target sm_90");
  for (llvm::StringRef Arg : D.Args) {
    if (Arg == "," || Arg.empty())
      continue;
    SourceRange R = File.rangeOf(Arg);
    if (!R.isValid())
      R = D.Range;

    if (isTargetOption(Arg)) {
      if (First) {
        Diags.report(Rule::TargetOption, R,
                     ".target option '" + Arg.str() +
                         "' before any architecture; the first entry must be a target such as "
                         "sm_90");
      }
      First = false;
      if (Arg.startswith("texmode_")) {
        if (!TexMode.empty() && TexMode != Arg)
          Diags.report(Rule::TargetOption, R,
                       "conflicting .target option '" + Arg.str() + "'; '" + TexMode.str() +
                           "' was given already");
        else
          TexMode = Arg == "texmode_unified" ? "texmode_unified" : "texmode_independent";
      } else if (Arg == "debug") {
        DebugRange = R;
        if (Version.isValid() && Version < PtxVersion(3, 0))
          Diags.report(Rule::TargetOption, R,
                       "the .target option debug " + requiresPtxText({3, 0}, Version));
      } else {
        MapF64Range = R;
      }
      continue;
    }
    First = false;

    std::optional<Target> T = Target::parse(Arg);
    const TargetInfo *Info = T ? findTarget(*T) : nullptr;
    if (!Info) {
      Diags.report(Rule::TargetUnknown, R, unknownTargetMessage(Arg));
      continue;
    }
    FileTarget = *T;
    TargetRange = R;

    // With --target the module's own targets are replaced: only the
    // override is checked against the version (finishHeader).
    if (Version.isValid() && !Opts.TargetOverride) {
      PtxVersion Doc = Info->Documented.isValid() ? Info->Documented : Info->Introduced;
      if (Version < Info->Introduced) {
        // Held back until the module has content: ptxas does not check a
        // header-only module (docs/differences/targets.md).
        Diagnostic D;
        D.Sev = Severity::Error;
        D.setRule(Rule::TargetVersion);
        D.Range = R;
        D.Message = ".target " + Arg.str() + " " + requiresPtxText(Doc, Version);
        if (VersionRange.isValid()) {
          D.Fixes.push_back({VersionRange, Doc.str()});
          D.Notes.push_back({VersionRange, "module PTX ISA version is set here"});
        }
        PendingTargetVersion.push_back(std::move(D));
      } else if (Version < Doc) {
        Diagnostic &Diag =
            Diags.report(Severity::Warning, Rule::TargetVersion, R,
                         std::string(Info->Name) + " is documented from PTX ISA " + Doc.str() +
                             " (module is .version " + Version.str() +
                             "); ptxas 13.0 accepts it from " + Info->Introduced.str());
        if (VersionRange.isValid())
          Diag.Fixes.push_back({VersionRange, Doc.str()});
      }
      if (Info->Removed.isValid() && Version >= Info->Removed && Info->RenamedTo) {
        Diagnostic &Diag = Diags.report(Rule::TargetRenamed, R,
                                        std::string(Info->Name) + " was renamed " +
                                            Info->RenamedTo + " in PTX ISA " + Info->Removed.str());
        Diag.Fixes.push_back({R, Info->RenamedTo});
      }
    }
  }
}

void Checker::finishHeader(bool ModuleHasContent) {
  if (HeaderDone)
    return;
  HeaderDone = true;
  for (Diagnostic &P : PendingTargetVersion) {
    P.Sev = ModuleHasContent ? Severity::Error : Severity::Warning;
    if (!ModuleHasContent)
      P.Message += "; ptxas only checks this once the module has content";
    Diags.add(std::move(P));
  }
  PendingTargetVersion.clear();
  if (MapF64Range.isValid() && FileTarget.isValid() && FileTarget.Sm >= 13)
    Diags.report(Rule::TargetOption, MapF64Range,
                 ".target option map_f64_to_f32 is only for sm_10, sm_11 and sm_12 (target is " +
                     FileTarget.str() + ")");
  // --arch (ptxas -arch): the module is compiled for Arch as written.
  Target Written = Opts.TargetOverride ? *Opts.TargetOverride : FileTarget;
  std::string ArchWhy;
  if (Opts.Arch && Written.isValid() && !canCompileFor(Written, *Opts.Arch, &ArchWhy))
    Diags.report(Severity::Error, Rule::TargetArch, TargetRange,
                 "ptxas -arch " + Opts.Arch->str() + " rejects .target " + Written.str() + ": " +
                     ArchWhy);
  if (!Opts.TargetOverride)
    return;
  Target O = *Opts.TargetOverride;
  const TargetInfo *Info = findTarget(O);
  if (!Info) {
    Diags.report(Rule::TargetUnknown, TargetRange,
                 "unknown target '" + O.str() + "' given with --target");
  } else if (Version.isValid() && Version < Info->Introduced) {
    PtxVersion Doc = Info->Documented.isValid() ? Info->Documented : Info->Introduced;
    Diagnostic &D = Diags.report(Rule::TargetVersion, TargetRange,
                                 "--target " + O.str() + " " + requiresPtxText(Doc, Version));
    if (VersionRange.isValid())
      D.Fixes.push_back({VersionRange, Doc.str()});
  }
  // The override replaces the module's .target for the checks; say so when
  // ptxas -arch would refuse the module as written.
  std::string Why;
  if (FileTarget.isValid() && !canCompileFor(FileTarget, O, &Why))
    Diags.report(Rule::TargetArch, TargetRange,
                 ".target " + FileTarget.str() + " is checked as --target " + O.str() +
                     ", but ptxas -arch " + O.str() + " rejects this module: " + Why);
}

//===----------------------------------------------------------------------===//
// Stream callbacks
//===----------------------------------------------------------------------===//

void Checker::onDirective(const Directive &D) {
  Locs.onDirective(D);
  MemoContextKnown = false; // .address_size, and the header through onItem
  GatesMetBody.clear();
  bool IsVersion = D.Name == ".version", IsTarget = D.Name == ".target";
  if (D.Name == ".section")
    for (llvm::StringRef A : D.Args)
      if (A.startswith(".debug_")) {
        SawDebugSection = true;
        break;
      }
  onItem(D.Range, IsVersion, IsTarget, &D);
  if (symbolChecks())
    DeclCheck.onModuleDirective(D, codegenChecks());
  if (D.Name == ".address_size")
    Address32 = !D.Args.empty() && D.Args.front() == "32";
  if (D.Name == ".address_size" && symbolChecks())
    SymCheck.onAddressSize(D, codegenChecks());
  else if (D.Name == ".alias" && symbolChecks())
    SymCheck.onDirective(D);
  if (!IsVersion && !IsTarget && D.Name != ".address_size")
    checkDirective(D.Name, D.Range);
  if (Opts.RunChecks && !D.Body.empty()) { // a .section of a parsed Module, whole
    CheckContext Ctx = context();
    for (const Directive &Line : D.Body)
      SectionCheck.onLine(Line, false, Ctx);
  }
}

void Checker::onSectionBegin(const Directive &Head) { onDirective(Head); }

void Checker::onSectionLine(const Directive &Piece, bool Continues) {
  if (!Opts.RunChecks)
    return;
  CheckContext Ctx = context();
  SectionCheck.onLine(Piece, Continues, Ctx);
}

void Checker::onGlobalVar(const VarDecl &V) {
  onItem(V.Range, false, false, nullptr);
  Syms.resetToModuleScope();
  if (symbolChecks()) {
    SymCheck.beforeGlobalVar(V);
    DeclCheck.setTarget(effectiveTarget());
    DeclCheck.onVar(V, DeclSite::Module);
  }
  Syms.declare(V, &File);
}

void Checker::onFunctionBegin(const Function &F) {
  Locs.onFunctionBoundary();
  onItem(F.Range, false, false, nullptr);
  Syms.resetToModuleScope();
  if (symbolChecks()) {
    SymCheck.onFunctionBegin(F);
    DeclCheck.setTarget(effectiveTarget());
    DeclCheck.onFunction(F);
  }
  if (F.HasBody) {
    Syms.pushScope();
    Syms.declareParams(F, &File);
  } else if (F.Kind == ".entry" && F.Range.isValid() && F.Range.End > F.Range.Begin &&
             File.text()[F.Range.End - 1] != ';') {
    OpenEntryHeader = F.Range;
  }
  for (const Directive &A : F.Attributes)
    checkDirective(A.Name, A.Range);
}

void Checker::onStatement(const Statement &S) {
  Locs.beforeStatement();
  onStatementImpl(S);
  Locs.afterStatement(S);
  ReportsAfterStatement = Diags.reportsMade();
}

/// A body .param named as one of the function's own parameters keeps that
/// parameter's direction: ptxas 13.0 still refuses `st.param` to it ("Illegal
/// to write to function input parameter 'p'", 'Illegal to read function return
/// parameter' for ld.param of a return one) and takes its address as the
/// parameter's (test/symbols/param-shadow.test).
ParamRole Checker::shadowedParamRole(const VarDecl &V) const {
  if (V.StateSpace != ".param" || V.Declarators.size() != 1)
    return ParamRole::None;
  const RegisterInfo *Outer = Syms.lookupOnce(V.Declarators[0].Name);
  return Outer && Outer->StateSpace == ".param" ? Outer->Role : ParamRole::None;
}

void Checker::onStatementImpl(const Statement &S) {
  bool Resolve = symbolChecks();
  switch (S.Kind) {
  case StmtKind::Instruction:
    if (S.Inst)
      onInstruction(*S.Inst, Resolve);
    break;
  case StmtKind::VarDecl:
    if (S.Var) {
      if (Resolve) {
        SymCheck.beforeLocalVar(*S.Var);
        DeclCheck.onVar(*S.Var, DeclSite::Local);
      }
      Syms.declare(*S.Var, &File, shadowedParamRole(*S.Var));
    }
    break;
  case StmtKind::ScopeBegin:
    Syms.pushScope();
    if (Resolve)
      SymCheck.onScopeBegin();
    break;
  case StmtKind::ScopeEnd:
    if (Resolve)
      SymCheck.onScopeEnd();
    Syms.popScope();
    break;
  case StmtKind::Label:
    if (Resolve) {
      SymCheck.onLabel(S);
      DeclCheck.onLabel(S.LabelName);
    }
    break;
  case StmtKind::Directive:
    if (S.Dir)
      checkBodyDirective(S.Dir->Name, S.Dir->Range);
    if (Resolve && S.Dir) {
      SymCheck.onDirective(*S.Dir);
      DeclCheck.onBodyDirective(*S.Dir);
    }
    break;
  }
}

uint64_t Checker::memoContext(bool Resolve) const {
  Target T = effectiveTarget();
  return uint64_t(Version.encoded()) | uint64_t(T.Sm) << 16 | uint64_t(uint8_t(T.Suffix)) << 32 |
         uint64_t(Address32) << 40 | uint64_t(TexMode == "texmode_independent") << 41 |
         uint64_t(codegenChecks()) << 42 | uint64_t(AssumeDeclared) << 43 |
         uint64_t(Resolve) << 44 | uint64_t(Opts.RunChecks) << 45;
}

void Checker::onInstruction(const Instruction &I, bool Resolve) {
  const spec::IsaOpcode *Row = opcodeRow(I.Opcode);
  const InstructionMemo::Outcome *Known = nullptr;
  bool UseMemo = Memo && Diags.reportsMade() == ReportsAfterStatement;
  if (UseMemo) {
    if (!MemoContextKnown) {
      MemoContextKnown = true;
      Memo->setContext(memoContext(Resolve));
    }
    Known = Memo->find(I, Syms, File);
  }
  InstructionMemo::Outcome Out;
  if (Known && Known->InstClean) {
    Out.InstClean = true;
  } else {
    unsigned Before = Diags.reportsMade(), GatesBefore = gateReportCount();
    checkInstructionRow(I, Row);
    Out.InstClean = Diags.reportsMade() == Before && gateReportCount() == GatesBefore;
  }
  if (!Resolve) {
    if (UseMemo && !Known)
      Memo->store(Out);
    return;
  }
  spec::IsaControl Control = Row ? Row->Control : spec::IsaControl::None;
  bool IsCall = Control == spec::IsaControl::Call;
  if (Known && Known->SymClean) {
    SymCheck.skipInstruction(Known->SymFlags);
    Out.SymClean = true;
  } else {
    unsigned Before = Diags.reportsMade();
    CheckContext Ctx = context();
    SymCheck.onInstruction(I, Ctx);
    Out.SymFlags = SymCheck.instFlags();
    // Calls and branches also resolve labels and functions, which a key
    // does not describe.
    Out.SymClean = UseMemo && Memo->allResolved() && Diags.reportsMade() == Before &&
                   !Out.SymFlags.InBranch && !IsCall;
  }
  if (UseMemo && !Known)
    Memo->store(Out);
  DeclCheck.onInstruction(I, IsCall);
  if (IsCall)
    DeclCheck.onCall(I);
  else if (Control == spec::IsaControl::Branch)
    DeclCheck.onBranch(I);
}

void Checker::onFunctionEnd(const Function &F) {
  if (symbolChecks())
    SymCheck.onFunctionEnd(F);
  Locs.onFunctionBoundary();
  Syms.resetToModuleScope();
}

void Checker::flushGates() {
  for (Diagnostic &P : Gates.Pending) {
    Diags.add(std::move(P));
  }
  Gates.Pending.clear();
  Gates.Index.clear();
}

void Checker::onEndOfFile() {
  if (OpenEntryHeader.isValid())
    reportOpenEntryHeader(
        SourceRange{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())});
  flushGates();
  Locs.onEndOfFile();
  if (FixedContext) {
    if (symbolChecks())
      SymCheck.onEndOfFile();
    return;
  }
  if (symbolChecks())
    SymCheck.onEndOfFile();
  if (codegenChecks())
    DeclCheck.setCodegenArch(*Opts.Arch);
  DeclCheck.onEndOfFile(codegenChecks());
  // A header the parser could not read (".version" without a number) has
  // been reported as a syntax error already: do not add "missing" to it.
  auto SyntaxErrorBefore = [&](uint32_t Offset) {
    for (const Diagnostic &D : Diags.diagnostics())
      if (D.Rule == ruleId(Rule::Syntax) && (!D.Range.isValid() || D.Range.Begin <= Offset))
        return true;
    return false;
  };
  if (Opts.Version && !isKnownPtxVersion(*Opts.Version))
    Diags.report(Rule::VersionUnknown, SourceRange(),
                 "unknown PTX ISA version " + Opts.Version->str() +
                     " given with --ptx-version; known versions are " + knownPtxVersionsText());
  uint32_t HeaderEnd =
      FirstItemRange.isValid() ? FirstItemRange.Begin : static_cast<uint32_t>(File.size());
  if (!SawVersion && !SyntaxErrorBefore(HeaderEnd)) {
    SourceRange At = FirstItemRange.isValid()
                         ? SourceRange(FirstItemRange.Begin, FirstItemRange.Begin)
                         : SourceRange(0, 0);
    Diagnostic &Diag = Diags.report(Rule::VersionMissing, At,
                                    "missing .version directive at the start of the file");
    Diag.Fixes.push_back({SourceRange(0, 0), ".version " + latestPtxVersion().str() + "\n"});
  }
  if (PendingTargetMissing.isValid() && SyntaxErrorBefore(PendingTargetMissing.Begin)) {
    // Reported as syntax.
  } else if (PendingTargetMissing.isValid()) {
    Diagnostic &Diag = Diags.report(Rule::TargetMissing, PendingTargetMissing,
                                    "missing .target directive; it must directly follow .version");
    if (Opts.TargetOverride)
      Diag.Fixes.push_back({SourceRange(PendingTargetMissing.Begin, PendingTargetMissing.Begin),
                            ".target " + Opts.TargetOverride->str() + "\n"});
  } else if (SawVersion && !SawTarget && !SyntaxErrorBefore(static_cast<uint32_t>(File.size()))) {
    // Nothing after .version at all.
    SourceRange At(VersionDirRange.End, VersionDirRange.End);
    Diags.report(Rule::TargetMissing, At,
                 "missing .target directive; it must directly follow .version");
  }
  finishHeader(/*ModuleHasContent=*/false);
  if (DebugRange.isValid() && !SawDebugSection)
    Diags.report(Rule::TargetDebugInfo, DebugRange,
                 "the .target option debug requires debug information (.section .debug_info, "
                 ".debug_abbrev, ...) and the module has none");
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

void Checker::checkInstruction(const Instruction &I) {
  checkInstructionRow(I, opcodeRow(I.Opcode));
}

void Checker::checkInstructionRow(const Instruction &I, const spec::IsaOpcode *Row) {
  if (!Opts.RunChecks)
    return;
  // The matrix families have their deep checks; every other instruction is
  // checked against the whole-ISA tables.
  FamilyCheck Check = familyCheckFor(I, Row);
  if (!Check)
    Check = checkIsa;
  CheckContext Ctx = context();
  Ctx.Row = Row;
  // No exception may escape the library: a failing check becomes a
  // diagnostic and the rest of the file is still checked.
  try {
    checkOperandExpressions(I, Ctx);
    Check(I, Ctx);
    if (FixedContext)
      flushGates();
  } catch (const std::bad_alloc &) {
    throw; // not a bug in the check: the entry point reports it
  } catch (...) {
    Diags.report(Rule::Internal, I.opcodeRange(),
                 "internal error while checking '" + std::string(I.Opcode) +
                     "'; please report it with this input");
  }
}

void Checker::checkBodyDirective(llvm::StringRef Name, SourceRange R) {
  if (!GatesMetBody.empty() && Name == GatesMetBody)
    return;
  unsigned Before = Diags.reportsMade(), Gates = gateReportCount();
  checkDirective(Name, R);
  if (Diags.reportsMade() == Before && gateReportCount() == Gates && !memosDisabled())
    GatesMetBody.assign(Name.data(), Name.size());
}

void Checker::checkDirective(llvm::StringRef Name, SourceRange R) {
  if (!Opts.RunChecks || FixedContext)
    return;
  CheckContext Ctx = context();
  checkDirectiveGates(Name, R, Ctx);
}

} // namespace check
} // namespace ptxlint
