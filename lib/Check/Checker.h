//===- Checker.h - from a parse stream to checked diagnostics ---*- C++ -*-===//
//
// The Checker is the ParseSink that lintFile streams a file into. It keeps
// the module header (.version, .target, and the LintOptions overrides), the
// scoped symbol table, checks the module-level rules (version-*, target-*)
// and hands every matrix instruction to its family check.
//
// Overrides (LintOptions): Version and TargetOverride replace the module's
// .version and .target for every check, "as if the module said" them. The
// module's own .target entries are then only checked for being known; the
// override is checked against the version, and a warning (target-arch) says
// when `ptxas -arch <override>` would refuse the module as written (ptxas
// checks instructions against .target, and compiles sm_XY for sm_MN* with
// MN >= XY, sm_XYf for its family, sm_XYa only for sm_XYa).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKER_H
#define PTXLINT_LIB_CHECK_CHECKER_H

#include "Check/CheckContext.h"
#include "Check/CheckDecls.h"
#include "Check/CheckSection.h"
#include "Check/CheckSymbols.h"
#include "Check/InstructionMemo.h"
#include "Check/LocTracker.h"
#include "ptxlint/Options.h"
#include "ptxlint/Parser.h"

namespace ptxlint {
namespace check {

class Checker final : public ParseSink {
public:
  /// The checks read a .section's name and whether a variable has an
  /// initializer, never the data itself; a module-scope .section's lines
  /// come one at a time (CheckSection.h).
  bool wantsDataContents() const override { return false; }
  bool wantsSectionLines() const override { return true; }
  Checker(const SourceFile &File, DiagnosticEngine &Diags, const LintOptions &Opts);

  void onDirective(const Directive &D) override;
  void onSectionBegin(const Directive &Head) override;
  void onSectionLine(const Directive &Piece, bool Continues) override;
  void onGlobalVar(const VarDecl &V) override;
  void onFunctionBegin(const Function &F) override;
  void onStatement(const Statement &S) override;
  void onFunctionEnd(const Function &F) override;
  void onEndOfFile() override;

  /// Single-instruction mode: the version and target are given (no module
  /// header is expected and module-level rules are not checked).
  /// AssumeDeclared: undeclared register names are taken as acceptable.
  void setFixedContext(PtxVersion V, Target T, bool AssumeDeclared);
  /// In a fixed context, also resolve every name the text uses (registers,
  /// predicates, labels, variables, call targets) and report those declared
  /// nowhere, except the names Elsewhere says are declared outside the text
  /// (an inline asm template: the C++ file's variables, other templates);
  /// IsLabel: the name is used as a branch target.
  void resolveNames(std::function<bool(llvm::StringRef Name, bool IsLabel)> Elsewhere);

  /// Runs the family check of I, if I is a matrix instruction.
  void checkInstruction(const Instruction &I);
  /// Version and target gates of a directive (CheckIsa.cpp).
  void checkDirective(llvm::StringRef Name, SourceRange R);
  /// checkDirective of a directive in a body, skipped where the same name's
  /// gates were met last (nvcc writes a .loc every other line): a directive's
  /// gates read its name, the version and the target, which change only at
  /// a module-level item.
  void checkBodyDirective(llvm::StringRef Name, SourceRange R);

  SymbolTable &symbols() { return Syms; }
  /// The version and target the checks use (invalid when unknown).
  PtxVersion effectiveVersion() const { return Version; }
  Target effectiveTarget() const;

private:
  enum class Phase : uint8_t { Start, AfterVersion, InTargets, Body };

  void onStatementImpl(const Statement &S);
  ParamRole shadowedParamRole(const VarDecl &V) const;
  /// checkInstruction with I's ISA table row (null: none), which routes it to
  /// the family checks and says calls and branches (IsaOpcode::Family,
  /// IsaOpcode::Control).
  void checkInstructionRow(const Instruction &I, const spec::IsaOpcode *Row);
  /// An instruction's checks and symbol resolution, skipped where its key
  /// (InstructionMemo.h) is known to be clean.
  void onInstruction(const Instruction &I, bool Resolve);
  /// What the instruction checks read besides the instruction, as one key.
  uint64_t memoContext(bool Resolve) const;
  /// The memo has memoContext's value: no module-level item came since (the
  /// context changes only at one, never inside a function body).
  bool MemoContextKnown = false;
  std::string GatesMetBody; ///< checkBodyDirective: the name whose gates were met last
  /// Made for a whole file whose text stays mapped, never for the library's
  /// single instructions (a Checker per call: its tables would cost more
  /// than the check).
  std::unique_ptr<InstructionMemo> Memo;
  /// Reports made when the last statement was done: a statement that finds
  /// another count (the parser reported on it) is checked without the memo,
  /// since some checks stay silent where an error covers their place.
  unsigned ReportsAfterStatement = ~0u;
  /// Every top-level item passes through here, for the header-order rules.
  void onItem(SourceRange R, bool IsVersion, bool IsTarget, const Directive *D);
  void handleVersion(const Directive &D);
  void handleTarget(const Directive &D, bool FirstTargetDirective);
  /// The header is complete: checks that need all of .target. Called at the
  /// first item after the header (ModuleHasContent) or at the end of file.
  void finishHeader(bool ModuleHasContent);
  SourceRange argsRange(const Directive &D) const;

  const SourceFile &File;
  DiagnosticEngine &Diags;
  const LintOptions &Opts;
  /// --arch sm_NN: also what ptxas refuses only when it makes code (not
  /// --arch compute_NN, its parse-only mode).
  bool codegenChecks() const { return Opts.Arch.has_value() && !Opts.ArchParseOnly; }
  SymbolTable Syms;
  SymbolChecker SymCheck{File, Diags, Syms};
  DeclChecker DeclCheck{File, Diags, Syms, Version, TexMode, codegenChecks()};
  /// Symbol resolution runs on whole files with checks on (not in
  /// single-instruction mode, unless resolveNames asked for it).
  bool symbolChecks() const { return Opts.RunChecks && (!FixedContext || ResolveFixed); }
  CheckContext context() {
    return {File,
            Diags,
            Version,
            effectiveTarget(),
            VersionRange,
            TargetRange,
            Syms,
            AssumeDeclared,
            &Gates,
            Address32,
            codegenChecks() && !FixedContext,
            TexMode == "texmode_independent",
            Opts.Arch ? *Opts.Arch : Target{}};
  }
  LocTracker Locs; ///< .file/.loc: the source origin of each diagnostic

  Phase State = Phase::Start;
  bool HeaderDone = false;
  bool FixedContext = false;
  bool ResolveFixed = false;
  bool AssumeDeclared = false;
  bool Address32 = false; ///< .address_size 32

  // .version
  PtxVersion Version;          ///< effective
  SourceRange VersionRange;    ///< the version number as written
  SourceRange VersionDirRange; ///< the whole first .version directive
  bool SawVersion = false;

  // .target
  Target FileTarget;       ///< last architecture entry of .target (ptxas: last wins)
  SourceRange TargetRange; ///< where FileTarget is written
  SourceRange FirstTargetDirRange;
  bool SawTarget = false;
  SourceRange PendingTargetMissing; ///< first item after .version, when not .target
  Target FixedTarget;               ///< single-instruction mode
  llvm::StringRef TexMode;          ///< texmode_unified / texmode_independent seen
  SourceRange DebugRange;           ///< the debug option, if given
  SourceRange MapF64Range;          ///< the map_f64_to_f32 option, if given
  bool SawDebugSection = false;
  SectionChecker SectionCheck;

  SourceRange FirstItemRange;
  /// A kernel's header that ended with neither '{' nor ';' (`.entry k` then
  /// another directive): the next item is ptxas's parse error.
  SourceRange OpenEntryHeader;
  void reportOpenEntryHeader(SourceRange Next);
  GateMemo Gates; ///< gate diagnostics held back until the end (CheckIsa.cpp)
  void flushGates();
  std::vector<Diagnostic> PendingTargetVersion;
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKER_H
