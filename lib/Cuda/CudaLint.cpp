//===- CudaLint.cpp - lint the inline asm of CUDA and C++ sources ---------===//
//
// For each asm statement: evaluate its guard for every known target and for
// the host pass; skip what only the host compiles or what is not PTX; check
// the template once for the chosen target (or none), and, when the guard
// depends on the target, check it for each target the guard admits and
// report the targets where the guarded instruction does not exist.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/InlineAsm.h"

#include "Cuda/AsmTemplate.h"
#include "Cuda/Guards.h"
#include "Cuda/SourceScan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <map>

namespace ptxlint {

using llvm::StringRef;
using namespace cuda;

namespace {

/// Known targets a guard is evaluated for: those ptxas (CUDA 13.0) still knows.
std::vector<Target> guardTargets() {
  std::vector<Target> Ts;
  for (const TargetInfo &TI : knownTargets())
    if (!TI.Removed.isValid())
      Ts.push_back(TI.T);
  return Ts;
}

std::string targetList(llvm::ArrayRef<Target> Ts) {
  std::string S;
  for (size_t I = 0; I < Ts.size(); ++I) {
    if (I)
      S += I + 1 == Ts.size() ? " and " : ", ";
    S += Ts[I].str();
  }
  return S;
}

using DiagKey = std::pair<std::string, std::pair<uint32_t, uint32_t>>;
DiagKey keyOf(const Diagnostic &D) { return {D.Rule, {D.Range.Begin, D.Range.End}}; }

/// The diagnostics that target T adds to the target-free check.
std::vector<Diagnostic> gatingDiags(const AsmInput &In, Target T, PtxVersion V,
                                    const LintOptions &Opts, const std::set<DiagKey> &Base) {
  std::vector<Diagnostic> Out;
  for (Diagnostic &D : checkAsmTemplate(In, T, V, Opts))
    if (D.Sev == Severity::Error && !Base.count(keyOf(D)))
      Out.push_back(std::move(D));
  return Out;
}

/// Checks the guard of S against the targets it admits (Admit[i] for
/// Targets[i]) and reports the targets where the template fails.
void checkGuardTargets(const AsmStatement &S, llvm::ArrayRef<Target> Targets,
                       llvm::ArrayRef<Tri> Admit, PtxVersion V, const LintOptions &Opts,
                       const std::vector<Diagnostic> &NoTarget, std::optional<Target> Skip,
                       std::vector<Diagnostic> &Out) {
  std::set<DiagKey> Base;
  for (const Diagnostic &D : NoTarget)
    Base.insert(keyOf(D));
  std::map<DiagKey, std::pair<Diagnostic, std::vector<Target>>> Failing;
  auto Try = [&](Target T) {
    std::vector<Diagnostic> G = gatingDiags(S.Input, T, V, Opts, Base);
    for (Diagnostic &D : G) {
      auto &Slot = Failing[keyOf(D)];
      if (Slot.second.empty())
        Slot.first = D;
      Slot.second.push_back(T);
    }
    return G.empty();
  };
  // PTX for sm_XY runs on every later target, sm_XYa and sm_XYf included:
  // from the lowest admitted plain target, stop at the first that passes;
  // an arch- or family-specific target below it is tried on its own.
  unsigned PassedFrom = UINT32_MAX;
  for (size_t I = 0; I < Targets.size(); ++I) {
    if (Admit[I] != Tri::True || Targets[I].Suffix || (Skip && *Skip == Targets[I]))
      continue;
    if (Try(Targets[I])) {
      PassedFrom = Targets[I].Sm;
      break;
    }
  }
  for (size_t I = 0; I < Targets.size(); ++I)
    if (Admit[I] == Tri::True && Targets[I].Suffix && Targets[I].Sm < PassedFrom &&
        !(Skip && *Skip == Targets[I]))
      Try(Targets[I]);
  SourceRange GuardAt = S.Where.empty() ? SourceRange() : S.Where.back().Directive;
  for (auto &Entry : Failing) {
    Diagnostic D = Entry.second.first;
    std::vector<Target> &Ts = Entry.second.second;
    Diagnostic W;
    W.Sev = Severity::Warning;
    W.Rule = ruleId(Rule::AsmGuardTarget);
    W.Spec = D.Spec;
    W.Range = D.Range;
    W.Message =
        "the preprocessor guard admits " + targetList(Ts) + ", where this fails: " + D.Message;
    // The guard line that admits the targets: the innermost one mentioning arch.
    for (auto It = S.Where.rbegin(); It != S.Where.rend(); ++It)
      if (StringRef(It->Expr).contains("__CUDA_ARCH")) {
        GuardAt = It->Directive;
        break;
      }
    if (GuardAt.isValid())
      W.Notes.push_back({GuardAt, "the guard is here"});
    Out.push_back(std::move(W));
  }
}

/// The constraint a register-type diagnostic blames (its "because of its
/// constraint" note), or an invalid range.
SourceRange blamedConstraint(const Diagnostic &D) {
  for (const DiagNote &N : D.Notes)
    if (StringRef(N.Message).endswith("because of its constraint"))
      return N.Range;
  return SourceRange();
}

/// One cause, one report: a placeholder used in two operands (`{%0, %1}` as
/// both d and c of an mma with "+r" accumulators) whose constraint gives the
/// wrong register type is reported at its first use, with a note at the
/// other.
void mergeSameConstraint(std::vector<Diagnostic> &Ds) {
  std::vector<Diagnostic> Out;
  for (Diagnostic &D : Ds) {
    SourceRange C = blamedConstraint(D);
    auto Same = llvm::find_if(Out, [&](const Diagnostic &E) {
      return C.isValid() && E.Rule == D.Rule && blamedConstraint(E) == C;
    });
    if (Same != Out.end()) {
      Same->Notes.push_back({D.Range, "the same register is used here too"});
      continue;
    }
    Out.push_back(std::move(D));
  }
  Ds = std::move(Out);
}

/// Adds the note that shows the asm statement a diagnostic is in.
void addStatementNote(Diagnostic &D, const AsmStatement &S) {
  if (D.Range.isValid() && D.Range.Begin >= S.Keyword.Begin && D.Range.Begin < S.Keyword.End)
    return; // already at the keyword
  D.Notes.push_back({S.Keyword, "in this asm statement"});
}

/// The string literal an object-like macro of the file stands for (the
/// definition whose guard holds; all candidates must agree otherwise), or "".
std::string constraintFromMacro(const ScanResult &Scan, StringRef Name) {
  std::string Found;
  // Pointer-size guards (__LP64__) do not depend on the GPU target.
  GuardEvaluator Eval(Scan, *Target::parse("sm_90"));
  for (const MacroDef &M : Scan.Macros) {
    if (M.Name != Name)
      continue;
    StringRef Body = StringRef(M.Body).trim();
    Tri W = Eval.eval(M.Where);
    if (W == Tri::False)
      continue;
    if (M.FunctionLike || Body.size() < 2 || !Body.startswith("\"") || !Body.endswith("\""))
      return "";
    std::string Value = Body.drop_front().drop_back().str();
    if (W == Tri::True)
      return Value;
    if (!Found.empty() && Found != Value)
      return "";
    Found = Value;
  }
  return Found;
}

void lintStatement(const AsmStatement &S, const ScanResult &Scan, llvm::ArrayRef<Target> Targets,
                   const LintOptions &Opts, std::vector<Diagnostic> &Out) {
  std::vector<Tri> Admit;
  // A guard is checked against the targets it admits for certain; an
  // unguarded statement blames no guard.
  bool AnyDevice = false, AnyAdmitted = false;
  for (Target T : Targets) {
    Admit.push_back(GuardEvaluator(Scan, T).eval(S.Where));
    AnyDevice |= Admit.back() != Tri::False;
    AnyAdmitted |= Admit.back() == Tri::True;
  }
  // A guard that admits every target whatever the toolkit version
  // (`#if __CUDACC__`, an include guard) says nothing about where the
  // instruction exists: the statement is checked as an unguarded one.
  bool TargetFree = llvm::all_of(Targets, [&](Target T) {
    return GuardEvaluator(Scan, T, /*VersionKnown=*/false).eval(S.Where) == Tri::True;
  });
  bool Depends = !S.Where.empty() && AnyAdmitted && !TargetFree;
  Tri Host = GuardEvaluator(Scan, Target()).eval(S.Where);
  if (!AnyDevice) {
    // Blame the guard only when its architecture tests alone exclude every
    // target (`#if __CUDA_ARCH__ >= 11800`), not a 32-bit-host #else.
    Guard ArchTerms;
    for (const GuardTerm &T : S.Where)
      if (StringRef(T.Expr).contains("__CUDA_ARCH"))
        ArchTerms.push_back(T);
    bool ArchExcludesAll = !ArchTerms.empty() &&
                           GuardEvaluator(Scan, Target()).eval(ArchTerms) == Tri::False &&
                           llvm::all_of(Targets, [&](Target T) {
                             return GuardEvaluator(Scan, T).eval(ArchTerms) == Tri::False;
                           });
    if (Host == Tri::False && ArchExcludesAll) {
      Diagnostic D;
      D.Sev = Severity::Warning;
      D.Rule = ruleId(Rule::AsmGuardNoTarget);
      D.Range = S.Where.back().Directive;
      D.Message = "this guard admits no known target and not the host pass: the asm statement "
                  "in it is never compiled (__CUDA_ARCH__ is 750 for sm_75 ... 1210 for sm_121)";
      D.Notes.push_back({S.Keyword, "the asm statement is here"});
      Out.push_back(std::move(D));
    }
    return; // host code (x86 asm, or nothing to check)
  }
  if (!S.Checkable) {
    Out.push_back(makeAsmDiagnostic(Severity::Note, Rule::AsmNotChecked, S.WhyNotRange,
                                    "inline asm not checked: " + S.WhyNot));
    addStatementNote(Out.back(), S);
    return;
  }
  AsmStatement Resolved;
  bool HasMacros = llvm::any_of(S.Input.Operands,
                                [](const AsmOperand &Op) { return !Op.ConstraintMacro.empty(); });
  if (HasMacros) {
    Resolved = S;
    for (AsmOperand &Op : Resolved.Input.Operands) {
      if (Op.ConstraintMacro.empty())
        continue;
      Op.Constraint = constraintFromMacro(Scan, Op.ConstraintMacro);
      if (Op.Constraint.empty()) {
        Out.push_back(makeAsmDiagnostic(Severity::Note, Rule::AsmNotChecked, Op.ConstraintRange,
                                        "inline asm not checked: constraint macro '" +
                                            Op.ConstraintMacro +
                                            "' is not a string literal this file defines"));
        addStatementNote(Out.back(), S);
        return;
      }
    }
  }
  const AsmStatement &St = HasMacros ? Resolved : S;
  for (const AsmOperand &Op : St.Input.Operands) {
    char Letter = 0;
    if (classifyConstraint(Op.Constraint, &Letter) == OperandClass::Unsupported && Letter &&
        llvm::isDigit(Letter)) {
      // nvcc: "asm operand type size(4) does not match type/size implied by
      // constraint '0'", whatever the operand's type.
      Out.push_back(makeAsmDiagnostic(
          Severity::Error, Rule::AsmConstraint, Op.ConstraintRange,
          "nvcc does not accept matching constraints (\"" + Op.Constraint +
              "\"); for an operand that is read and written, use \"+\" on the output (\"+r\")"));
      addStatementNote(Out.back(), S);
      return;
    }
    if (classifyConstraint(Op.Constraint, &Letter) == OperandClass::Unsupported &&
        !(Letter && llvm::isDigit(Letter))) {
      Out.push_back(
          makeAsmDiagnostic(Severity::Note, Rule::AsmNotChecked, Op.ConstraintRange,
                            "inline asm not checked: constraint \"" + Op.Constraint +
                                "\" is not one ptx-lint models (h, r, l, f, d, n, i or an operand "
                                "number, with =, + or &)"));
      return;
    }
  }
  if (!looksLikePtx(St.Input.Template.Bytes))
    return; // host assembly in a C++ file
  // nvcc takes one clobber in device code, "memory": "The cc clobber
  // constraint is not supported in device code", "unknown register name"
  // for any other (x86's "cc" and register clobbers are host code's).
  for (const auto &C : S.Clobbers) {
    if (C.first == "memory")
      continue;
    Out.push_back(makeAsmDiagnostic(
        Severity::Error, Rule::AsmConstraint, C.second,
        C.first == "cc"
            ? std::string("nvcc does not support the \"cc\" clobber in device code; the only "
                          "clobber it accepts is \"memory\"")
            : "nvcc does not know the clobber \"" + C.first +
                  "\" in device code (\"unknown register name\"); the only clobber it accepts "
                  "is \"memory\""));
    addStatementNote(Out.back(), S);
  }
  PtxVersion V = Opts.Version ? *Opts.Version : PtxVersion();
  std::vector<Diagnostic> NoTarget = checkAsmTemplate(St.Input, Target(), V, Opts);
  std::vector<Diagnostic> Main;
  if (Opts.TargetOverride) {
    Tri A = GuardEvaluator(Scan, *Opts.TargetOverride).eval(S.Where);
    if (A == Tri::True)
      Main = checkAsmTemplate(St.Input, *Opts.TargetOverride, V, Opts);
    else if (A == Tri::Unknown)
      Main = NoTarget;
    // False: not compiled for this target.
  } else {
    Main = NoTarget;
  }
  mergeSameConstraint(Main);
  for (Diagnostic &D : Main) {
    addStatementNote(D, S);
    Out.push_back(std::move(D));
  }
  if (Depends) {
    size_t Before = Out.size();
    checkGuardTargets(St, Targets, Admit, V, Opts, NoTarget, Opts.TargetOverride, Out);
    for (size_t I = Before; I < Out.size(); ++I)
      addStatementNote(Out[I], S);
  }
}

/// Filters by rule, promotes, sorts and counts (as lintFile does).
LintResult finish(std::vector<Diagnostic> Diags, const LintOptions &Opts) {
  LintResult R;
  for (Diagnostic &D : Diags) {
    bool Selected =
        !Opts.Disabled.count(D.Rule) && (isRuleOnByDefault(D.Rule) || Opts.Enabled.count(D.Rule));
    if (!Selected)
      continue;
    if (Opts.WarningsAsErrors && D.Sev == Severity::Warning)
      D.Sev = Severity::Error;
    if (D.Sev == Severity::Error)
      ++R.Errors;
    else if (D.Sev == Severity::Warning)
      ++R.Warnings;
    R.Diags.push_back(std::move(D));
  }
  std::stable_sort(R.Diags.begin(), R.Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Begin < B.Range.Begin;
  });
  return R;
}

} // namespace

bool isCudaSourcePath(std::string_view PathText) {
  StringRef Path(PathText);
  StringRef Ext = llvm::sys::path::extension(Path);
  for (StringRef E :
       {".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", ".cpp", ".cc", ".cxx", ".c", ".inl"})
    if (Ext == E)
      return true;
  return false;
}

LintResult lintCudaSource(const SourceFile &File, const LintOptions &Opts) {
  std::vector<Diagnostic> Out;
  try {
    ScanResult Scan = scanSource(File.text());
    // What a template may use undeclared: the file's C/C++ names and what
    // its other templates declare (a `.reg` or label of another asm).
    OuterNames Names;
    Names.Cxx = std::move(Scan.Identifiers);
    for (const AsmStatement &S : Scan.Statements)
      declaredNames(S.Input.Template.Bytes, Names.Asm);
    for (AsmStatement &S : Scan.Statements)
      S.Input.Outer = &Names;
    std::vector<Target> Targets = guardTargets();
    for (const AsmStatement &S : Scan.Statements)
      lintStatement(S, Scan, Targets, Opts, Out);
  } catch (...) {
    Out.push_back(makeAsmDiagnostic(
        Severity::Error, Rule::Internal, SourceRange(),
        "internal error while checking the inline asm; please report it with this "
        "input"));
  }
  return finish(std::move(Out), Opts);
}

LintResult checkInlineAsm(std::string_view TemplateText, std::string_view ConstraintsText, Target T,
                          PtxVersion V, const LintOptions &Opts) {
  StringRef Template(TemplateText), Constraints(ConstraintsText);
  std::vector<Diagnostic> Out;
  try {
    AsmInput In;
    for (size_t I = 0; I < Template.size(); ++I)
      In.Template.append(Template[I], SourceRange(I, I + 1));
    In.Anchor = SourceRange();
    In.Extended = true;
    // LLVM and Triton write $0; CUDA C++ writes %0.
    for (size_t I = 0; I + 1 < Template.size(); ++I)
      if (Template[I] == '$' && (llvm::isDigit(Template[I + 1]) || Template[I + 1] == '{'))
        In.DollarPlaceholders = true;
    llvm::SmallVector<StringRef, 16> Parts;
    Constraints.split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts) {
      P = P.trim();
      if (P.startswith("~")) // a clobber: "~{memory}"
        continue;
      AsmOperand Op;
      Op.Constraint = P.str();
      char Letter = 0;
      if (classifyConstraint(P, &Letter) == OperandClass::Unsupported &&
          !(Letter && llvm::isDigit(Letter))) {
        Out.push_back(makeAsmDiagnostic(
            Severity::Note, Rule::AsmNotChecked, SourceRange(),
            "inline asm not checked: constraint \"" + P.str() +
                "\" is not one ptx-lint models (h, r, l, f, d, n, i or an operand "
                "number, with =, + or &)"));
        return finish(std::move(Out), Opts);
      }
      In.Operands.push_back(std::move(Op));
    }
    Out = checkAsmTemplate(In, T, V, Opts);
  } catch (...) {
    Out.push_back(makeAsmDiagnostic(
        Severity::Error, Rule::Internal, SourceRange(),
        "internal error while checking the inline asm; please report it with this "
        "input"));
  }
  return finish(std::move(Out), Opts);
}

} // namespace ptxlint
