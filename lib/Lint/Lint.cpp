//===- Lint.cpp - the library's front door --------------------------------===//
//
// lintFile streams a file through the parser into the Checker; checkInstruction
// checks one instruction against a given target and version. Both build
// everything they use on the stack (no global mutable state), so any number
// of threads may call them at once.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Lint.h"

#include "Check/CheckUtil.h"
#include "Check/Checker.h"
#include "Check/RuleSelect.h"
#include "Lint/FastInstruction.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Rules.h"

#include <algorithm>

namespace ptxlint {

namespace {

/// Filters, promotes, sorts and counts: the common tail of both entry points.
LintResult finish(DiagnosticEngine &DE, const LintOptions &Opts) {
  LintResult R;
  R.Diags = DE.take();
  R.Diags.erase(std::remove_if(R.Diags.begin(), R.Diags.end(),
                               [&](const Diagnostic &D) { return !ruleEnabled(D.Rule, Opts); }),
                R.Diags.end());
  for (Diagnostic &D : R.Diags) {
    if (Opts.WarningsAsErrors && D.Sev == Severity::Warning)
      D.Sev = Severity::Error;
    if (D.Sev == Severity::Error)
      ++R.Errors;
    else if (D.Sev == Severity::Warning)
      ++R.Warnings;
  }
  // Past LintOptions::MaxDiagnostics: counted, not kept.
  R.Dropped = DE.dropped();
  R.DroppedErrors = DE.droppedErrors() + (Opts.WarningsAsErrors ? DE.droppedWarnings() : 0);
  R.Errors += R.DroppedErrors;
  R.Warnings += Opts.WarningsAsErrors ? 0 : DE.droppedWarnings();
  // File order; diagnostics without a location (invalid range) go last.
  std::stable_sort(R.Diags.begin(), R.Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Begin < B.Range.Begin;
  });
  return R;
}

/// Streams a declarations-only wrapper module into the checker's symbol
/// table (checkInstruction with Decls).
class DeclSink final : public ParseSink {
public:
  explicit DeclSink(check::SymbolTable &Syms) : Syms(Syms) {}
  void onGlobalVar(const VarDecl &V) override { Syms.declare(V, nullptr); }
  void onStatement(const Statement &S) override {
    if (S.Kind == StmtKind::VarDecl && S.Var)
      Syms.declare(*S.Var, nullptr);
  }

private:
  check::SymbolTable &Syms;
};

} // namespace

/// What an entry point returns when memory ran out (nothing else may be
/// allocated on the way: the error is best effort).
static LintResult outOfMemory() {
  LintResult R;
  R.OutOfMemory = true;
  try {
    Diagnostic D;
    D.Sev = Severity::Error;
    D.Rule = ruleId(Rule::Io);
    D.Message = "out of memory; the check stopped";
    R.Diags.push_back(std::move(D));
    R.Errors = 1;
  } catch (...) {
  }
  return R;
}

static LintResult lintFileImpl(const SourceFile &File, const LintOptions &Opts) {
  DiagnosticEngine DE;
  if (Opts.MaxDiagnostics) {
    DE.setLimit(Opts.MaxDiagnostics);
    // Switched-off rules take no room under the limit. Syntax errors are
    // kept (finish() drops them): the symbol check asks whether there was one.
    DE.setFilter([&Opts](llvm::StringRef Rule) {
      return Rule == ruleId(Rule::Syntax) || ruleEnabled(Rule, Opts);
    });
  }
  std::string NotText = checkLooksLikeText(File);
  if (!NotText.empty()) {
    DE.report(Rule::Io, SourceRange(), "input is not PTX text: " + NotText);
    return finish(DE, Opts);
  }
  // Syntax only (RunChecks false): no sink; the parser reports syntax itself.
  check::Checker C(File, DE, Opts);
  try {
    parse(File, Opts.RunChecks ? &C : nullptr, DE);
  } catch (const std::bad_alloc &) {
    throw;
  } catch (...) {
    DE.report(Rule::Internal, SourceRange(),
              "internal error while checking the file; please report it with this input");
  }
  return finish(DE, Opts);
}

LintResult lintFile(const SourceFile &File, const LintOptions &Opts) {
  installBadAllocHandler();
  try {
    return lintFileImpl(File, Opts);
  } catch (const std::bad_alloc &) {
    return outOfMemory();
  }
}

static LintResult checkInstructionImpl(llvm::StringRef Text, Target T, PtxVersion V,
                                       llvm::StringRef Decls, const LintOptions &Opts) {
  DiagnosticEngine DE;
  // T and V are the caller's explicit answer to "which module": the
  // Version/TargetOverride options (meant for files) do not apply here.
  PtxVersion EffV = V;
  // The caller's target and version stand in for the module header: check
  // them as the header would be (no location: they are not in Text).
  if (EffV.isValid() && !isKnownPtxVersion(EffV))
    DE.report(Rule::VersionUnknown, SourceRange(),
              "unknown PTX ISA version " + EffV.str() + "; known versions are " +
                  knownPtxVersionsText());
  if (T.isValid()) {
    const TargetInfo *Info = findTarget(T);
    if (!Info)
      DE.report(Rule::TargetUnknown, SourceRange(), "unknown target '" + T.str() + "'");
    else if (EffV.isValid() && EffV < Info->Introduced)
      DE.report(Rule::TargetVersion, SourceRange(),
                "target " + T.str() + " " +
                    check::requiresPtxText(
                        Info->Documented.isValid() ? Info->Documented : Info->Introduced, EffV));
  }

  // The ';' is optional for callers. Appended after a newline, so a
  // trailing // comment cannot swallow it; every range stays inside Text.
  std::string Buf = Text.str();
  if (!llvm::StringRef(Buf).rtrim().endswith(";"))
    Buf += "\n;";
  SourceFile File("<instruction>", std::move(Buf));
  check::Checker C(File, DE, Opts);
  C.setFixedContext(EffV, T, /*AssumeDeclared=*/Decls.empty());
  try {
    std::unique_ptr<SourceFile> DeclFile;
    if (!Decls.empty() && !lint::declareRegistersFast(Decls, C.symbols())) {
      // Declarations live in a function body of their own; their ranges do
      // not point into Text, so their diagnostics carry no location.
      PtxVersion WV = EffV.isValid() ? EffV : latestPtxVersion();
      std::string W = ".version " + WV.str() + "\n.target " +
                      (T.isValid() ? T.str() : std::string("sm_90")) +
                      "\n.entry __ptxlint_decls()\n{\n" + Decls.str() + "\n}\n";
      DeclFile = std::make_unique<SourceFile>("<declarations>", std::move(W));
      DiagnosticEngine DeclDiags;
      DeclSink Sink(C.symbols());
      parse(*DeclFile, &Sink, DeclDiags);
      for (const Diagnostic &D : DeclDiags.diagnostics()) {
        Diagnostic Copy{D.Sev, D.Rule, D.Spec, SourceRange(), "in the declarations: " + D.Message,
                        {},    {},     {}};
        DE.add(std::move(Copy));
      }
    }
    ASTContext Ctx;
    // The hand-written recognizer covers the usual shapes in a few hundred
    // nanoseconds; ANTLR handles (and diagnoses) everything else.
    const Instruction *I = parseInstructionFast(File, Ctx);
    if (!I)
      I = parseInstruction(File, Ctx, DE);
    if (I)
      C.checkInstruction(*I);
    // Ranges past the caller's text (the ';' appended above) end at its end.
    uint32_t Size = static_cast<uint32_t>(Text.size());
    for (const Diagnostic &D : DE.diagnostics()) {
      auto &R = const_cast<Diagnostic &>(D).Range;
      if (R.isValid() && R.End > Size) {
        R.End = Size;
        if (R.Begin > Size)
          R.Begin = Size;
      }
    }
  } catch (const std::bad_alloc &) {
    throw;
  } catch (...) {
    DE.report(Rule::Internal, SourceRange(),
              "internal error while checking the instruction; please report it with this input");
  }
  return finish(DE, Opts);
}

LintResult checkInstruction(std::string_view Text, Target T, PtxVersion V, std::string_view Decls,
                            const LintOptions &Opts) {
  installBadAllocHandler();
  try {
    return checkInstructionImpl(Text, T, V, Decls, Opts);
  } catch (const std::bad_alloc &) {
    return outOfMemory();
  }
}

} // namespace ptxlint
