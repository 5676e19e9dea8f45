//===- CAPI.cpp - the C API (ptxlint.h) over the C++ library --------------===//
//
// Thin wrappers: each entry point converts its C arguments, calls lintFile or
// checkInstruction, and copies the diagnostics into a caller-owned result
// with every position already resolved to lines and columns, so readers of a
// result never touch lazily built state. Every entry point catches
// everything: no C++ exception may unwind into C (or into a Python
// interpreter through ctypes).
//
//===----------------------------------------------------------------------===//

#include "ptxlint/ptxlint.h"

#include "Check/RuleSelect.h"
#include "Support/RuleDocs.h"
#include "ptxlint/Fix.h"
#include "ptxlint/InlineAsm.h"
#include "ptxlint/Rules.h"

#include "Output/RawOutput.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Output.h"
#include "ptxlint/Verify.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

/// Settings shared by checks; plain data (read-only during a check).
struct ptxlint_options {
  ptxlint::LintOptions Opts;
};

namespace {

struct CFix {
  ptxlint_location Loc;
  std::string Replacement;
};
struct CNote {
  ptxlint_location Loc;
  std::string Message;
};
struct CDiag {
  ptxlint_severity Sev;
  std::string Rule;
  std::string Spec;
  std::string Message;
  ptxlint_location Loc;
  std::vector<CFix> Fixes;
  std::vector<CNote> Notes;
};

ptxlint_location noLocation() { return {PTXLINT_NO_OFFSET, PTXLINT_NO_OFFSET, 0, 0, 0, 0}; }

ptxlint_location locate(const ptxlint::SourceFile &F, ptxlint::SourceRange R) {
  ptxlint_location L = noLocation();
  if (!R.isValid() || R.Begin > F.size())
    return L;
  // C callers index the text with these offsets: keep them inside it, even
  // if a diagnostic's range runs past the end (a token the parser supplied).
  const uint32_t Size = static_cast<uint32_t>(F.size());
  if (R.End > Size || R.End < R.Begin)
    R.End = R.End < R.Begin ? R.Begin : Size;
  ptxlint::LineColRange LC = ptxlint::resolveRange(F, R);
  L.begin = R.Begin;
  L.end = R.End;
  L.line = LC.Line;
  L.column = LC.Column;
  L.end_line = LC.EndLine;
  L.end_column = LC.EndColumn;
  return L;
}

const char *const EmptyString = "";

} // namespace

/// One check's diagnostics, positions resolved; the source is kept for the
/// text rendering, which is built once on demand.
struct ptxlint_result {
  std::unique_ptr<ptxlint::SourceFile> File;
  std::vector<ptxlint::Diagnostic> Raw; // for ptxlint_result_text
  std::vector<CDiag> Diags;
  unsigned Errors = 0;
  unsigned Warnings = 0;
  mutable std::once_flag TextOnce;
  mutable std::string Text;
};

namespace {

/// Builds a result from a finished check. File must be the text the
/// diagnostics' ranges point into.
ptxlint_result *makeResult(std::unique_ptr<ptxlint::SourceFile> File, ptxlint::LintResult LR) {
  auto *R = new ptxlint_result;
  R->Errors = LR.Errors;
  R->Warnings = LR.Warnings;
  R->Diags.reserve(LR.Diags.size());
  for (const ptxlint::Diagnostic &D : LR.Diags) {
    CDiag C;
    C.Sev = static_cast<ptxlint_severity>(D.Sev);
    C.Rule = D.Rule;
    C.Spec = D.Spec;
    C.Message = D.Message;
    C.Loc = locate(*File, D.Range);
    for (const ptxlint::FixIt &F : D.Fixes)
      C.Fixes.push_back({locate(*File, F.Range), F.Replacement});
    for (const ptxlint::DiagNote &N : D.Notes)
      C.Notes.push_back({locate(*File, N.Range), N.Message});
    R->Diags.push_back(std::move(C));
  }
  R->Raw = std::move(LR.Diags);
  R->File = std::move(File);
  return R;
}

const CDiag *diagAt(const ptxlint_result *R, size_t I) {
  if (!R || I >= R->Diags.size())
    return nullptr;
  return &R->Diags[I];
}

ptxlint_status parseTarget(const char *S, ptxlint::Target &T) {
  T = ptxlint::Target();
  if (!S || !*S)
    return PTXLINT_OK;
  std::optional<ptxlint::Target> P = ptxlint::Target::parse(S);
  if (!P)
    return PTXLINT_ERROR_BAD_TARGET;
  T = *P;
  return PTXLINT_OK;
}

ptxlint_status parseVersion(const char *S, ptxlint::PtxVersion &V) {
  V = ptxlint::PtxVersion();
  if (!S || !*S)
    return PTXLINT_OK;
  std::optional<ptxlint::PtxVersion> P = ptxlint::PtxVersion::parse(S);
  if (!P)
    return PTXLINT_ERROR_BAD_VERSION;
  V = *P;
  return PTXLINT_OK;
}

/// Runs F, turning any escaping exception into a status. LLVM's own
/// allocation failures throw too (installBadAllocHandler), so the host is
/// never aborted.
template <typename Fn> ptxlint_status guarded(Fn &&F) {
  try {
    ptxlint::installBadAllocHandler();
    return F();
  } catch (const std::bad_alloc &) {
    return PTXLINT_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return PTXLINT_ERROR_INTERNAL;
  }
}

/// The caller's options, or the defaults (built per call: no shared state).
ptxlint::LintOptions optionsOf(const ptxlint_options *O) {
  return O ? O->Opts : ptxlint::LintOptions();
}

} // namespace

extern "C" {

const char *ptxlint_version(void) {
#ifdef PTXLINT_VERSION_STRING
  return PTXLINT_VERSION_STRING;
#else
  return "0.1.0";
#endif
}

int ptxlint_api_version(void) { return PTXLINT_C_API_VERSION; }

const char *ptxlint_status_string(ptxlint_status S) {
  switch (S) {
  case PTXLINT_OK:
    return "ok";
  case PTXLINT_ERROR_INVALID_ARGUMENT:
    return "invalid argument (a required pointer is null)";
  case PTXLINT_ERROR_BAD_TARGET:
    return "malformed target (expected sm_NN, sm_NNa or sm_NNf)";
  case PTXLINT_ERROR_BAD_VERSION:
    return "malformed PTX ISA version (expected X.Y)";
  case PTXLINT_ERROR_OUT_OF_MEMORY:
    return "out of memory";
  case PTXLINT_ERROR_INTERNAL:
    return "internal error in ptx-lint";
  }
  return "unknown status";
}

const char *ptxlint_severity_name(ptxlint_severity S) {
  switch (S) {
  case PTXLINT_SEVERITY_NOTE:
    return "note";
  case PTXLINT_SEVERITY_WARNING:
    return "warning";
  case PTXLINT_SEVERITY_ERROR:
    return "error";
  }
  return "unknown";
}

ptxlint_options *ptxlint_options_create(void) {
  try {
    return new ptxlint_options;
  } catch (...) {
    return nullptr;
  }
}

void ptxlint_options_destroy(ptxlint_options *O) { delete O; }

ptxlint_status ptxlint_options_disable_rule(ptxlint_options *O, const char *Rule) {
  if (!O || !Rule)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    O->Opts.RuleSelectors.emplace_back(Rule, false);
    return PTXLINT_OK;
  });
}

ptxlint_status ptxlint_options_enable_rule(ptxlint_options *O, const char *Rule) {
  if (!O || !Rule)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    O->Opts.RuleSelectors.emplace_back(Rule, true);
    return PTXLINT_OK;
  });
}

void ptxlint_options_set_warnings_as_errors(ptxlint_options *O, int On) {
  if (O)
    O->Opts.WarningsAsErrors = On != 0;
}

void ptxlint_options_set_run_checks(ptxlint_options *O, int On) {
  if (O)
    O->Opts.RunChecks = On != 0;
}

ptxlint_status ptxlint_options_set_target(ptxlint_options *O, const char *Target) {
  if (!O)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    ptxlint::Target T;
    if (ptxlint_status S = parseTarget(Target, T))
      return S;
    O->Opts.TargetOverride.reset();
    if (T.isValid())
      O->Opts.TargetOverride = T;
    return PTXLINT_OK;
  });
}

ptxlint_status ptxlint_options_set_arch(ptxlint_options *O, const char *Arch) {
  if (!O)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    ptxlint::Target T;
    if (ptxlint_status S = parseTarget(Arch, T))
      return S;
    O->Opts.Arch.reset();
    O->Opts.ArchParseOnly = false;
    if (T.isValid()) {
      O->Opts.Arch = T;
      O->Opts.ArchParseOnly = llvm::StringRef(Arch).trim().startswith("compute_");
    }
    return PTXLINT_OK;
  });
}

ptxlint_status ptxlint_options_set_version(ptxlint_options *O, const char *Version) {
  if (!O)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    ptxlint::PtxVersion V;
    if (ptxlint_status S = parseVersion(Version, V))
      return S;
    O->Opts.Version.reset();
    if (V.isValid())
      O->Opts.Version = V;
    return PTXLINT_OK;
  });
}

/// The result of one lint call, or PTXLINT_ERROR_OUT_OF_MEMORY when memory
/// ran out on the way (every entry point ends here).
static ptxlint_status finish(std::unique_ptr<ptxlint::SourceFile> File, ptxlint::LintResult LR,
                             ptxlint_result **Out) {
  if (LR.OutOfMemory)
    return PTXLINT_ERROR_OUT_OF_MEMORY;
  *Out = makeResult(std::move(File), std::move(LR));
  return PTXLINT_OK;
}

namespace {
/// Suppression comments, as the command applies them: a module checked
/// through the C API (and Python) honours `// ptx-lint-disable...` too.
void applyComments(const ptxlint::SourceFile &F, ptxlint::LintResult &LR,
                   const ptxlint::LintOptions &Opts) {
  using namespace ptxlint;
  applySuppressions(F, LR.Diags, ruleEnabled(Rule::UnusedSuppression, Opts));
  llvm::erase_if(LR.Diags, [&](const Diagnostic &D) {
    return D.Rule != ruleId(Rule::Io) && !ruleEnabled(D.Rule, Opts);
  });
  LR.Errors = LR.Warnings = 0;
  for (Diagnostic &D : LR.Diags) {
    if (Opts.WarningsAsErrors && D.Sev == Severity::Warning)
      D.Sev = Severity::Error;
    LR.Errors += D.Sev == Severity::Error;
    LR.Warnings += D.Sev == Severity::Warning;
  }
}
} // namespace

ptxlint_status ptxlint_lint_buffer(const char *Name, const char *Text, size_t Size,
                                   const ptxlint_options *O, ptxlint_result **Out) {
  if (!Out || (!Text && Size != 0))
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  *Out = nullptr;
  return guarded([&] {
    auto File = std::make_unique<ptxlint::SourceFile>(Name ? Name : "<buffer>",
                                                      std::string(Text ? Text : "", Size));
    ptxlint::LintOptions Opts = optionsOf(O);
    ptxlint::LintResult LR = ptxlint::lintFile(*File, Opts);
    applyComments(*File, LR, Opts);
    return finish(std::move(File), std::move(LR), Out);
  });
}

ptxlint_status ptxlint_check_instruction(const char *Instruction, const char *Target,
                                         const char *Version, const char *Decls,
                                         const ptxlint_options *O, ptxlint_result **Out) {
  if (!Out || !Instruction)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  *Out = nullptr;
  return guarded([&] {
    ptxlint::Target T;
    ptxlint::PtxVersion V;
    if (ptxlint_status S = parseTarget(Target, T))
      return S;
    if (ptxlint_status S = parseVersion(Version, V))
      return S;
    // checkInstruction's ranges point into its own copy of the text, which
    // holds the same bytes as this one.
    auto File = std::make_unique<ptxlint::SourceFile>("<instruction>", Instruction);
    ptxlint::LintResult LR =
        ptxlint::checkInstruction(File->text(), T, V, Decls ? Decls : "", optionsOf(O));
    return finish(std::move(File), std::move(LR), Out);
  });
}

ptxlint_status ptxlint_lint_cuda_buffer(const char *Name, const char *Text, size_t Size,
                                        const ptxlint_options *O, ptxlint_result **Out) {
  if (!Out || (!Text && Size != 0))
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  *Out = nullptr;
  return guarded([&] {
    auto File = std::make_unique<ptxlint::SourceFile>(Name ? Name : "<buffer>",
                                                      std::string(Text ? Text : "", Size));
    ptxlint::LintResult LR = ptxlint::lintCudaSource(*File, optionsOf(O));
    return finish(std::move(File), std::move(LR), Out);
  });
}

ptxlint_status ptxlint_check_inline_asm(const char *Template, const char *Constraints,
                                        const char *Target, const char *Version,
                                        const ptxlint_options *O, ptxlint_result **Out) {
  if (!Out || !Template)
    return PTXLINT_ERROR_INVALID_ARGUMENT;
  *Out = nullptr;
  return guarded([&] {
    ptxlint::Target T;
    ptxlint::PtxVersion V;
    if (ptxlint_status S = parseTarget(Target, T))
      return S;
    if (ptxlint_status S = parseVersion(Version, V))
      return S;
    auto File = std::make_unique<ptxlint::SourceFile>("<inline asm>", Template);
    ptxlint::LintResult LR =
        ptxlint::checkInlineAsm(File->text(), Constraints ? Constraints : "", T, V, optionsOf(O));
    return finish(std::move(File), std::move(LR), Out);
  });
}

void ptxlint_result_destroy(ptxlint_result *R) { delete R; }

size_t ptxlint_result_count(const ptxlint_result *R) { return R ? R->Diags.size() : 0; }

unsigned ptxlint_result_errors(const ptxlint_result *R) { return R ? R->Errors : 0; }

unsigned ptxlint_result_warnings(const ptxlint_result *R) { return R ? R->Warnings : 0; }

const char *ptxlint_result_text(const ptxlint_result *R) {
  if (!R || R->Raw.empty())
    return EmptyString;
  try {
    std::call_once(R->TextOnce, [R] {
      std::string S;
      llvm::raw_string_ostream OS(S);
      ptxlint::printText(*R->File, R->Raw, OS);
      OS.flush();
      R->Text = std::move(S);
    });
  } catch (...) {
    return EmptyString;
  }
  return R->Text.c_str();
}

ptxlint_severity ptxlint_diag_severity(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Sev : PTXLINT_SEVERITY_NOTE;
}

const char *ptxlint_diag_rule(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Rule.c_str() : EmptyString;
}

const char *ptxlint_diag_spec(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Spec.c_str() : EmptyString;
}

const char *ptxlint_diag_message(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Message.c_str() : EmptyString;
}

ptxlint_location ptxlint_diag_location(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Loc : noLocation();
}

size_t ptxlint_diag_fixit_count(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Fixes.size() : 0;
}

int ptxlint_diag_fixit_safe(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D && !D->Fixes.empty() && ptxlint::isFixSafe(D->Rule) ? 1 : 0;
}

ptxlint_location ptxlint_diag_fixit_location(const ptxlint_result *R, size_t I, size_t J) {
  const CDiag *D = diagAt(R, I);
  return D && J < D->Fixes.size() ? D->Fixes[J].Loc : noLocation();
}

const char *ptxlint_diag_fixit_replacement(const ptxlint_result *R, size_t I, size_t J) {
  const CDiag *D = diagAt(R, I);
  return D && J < D->Fixes.size() ? D->Fixes[J].Replacement.c_str() : EmptyString;
}

size_t ptxlint_diag_note_count(const ptxlint_result *R, size_t I) {
  const CDiag *D = diagAt(R, I);
  return D ? D->Notes.size() : 0;
}

ptxlint_location ptxlint_diag_note_location(const ptxlint_result *R, size_t I, size_t J) {
  const CDiag *D = diagAt(R, I);
  return D && J < D->Notes.size() ? D->Notes[J].Loc : noLocation();
}

const char *ptxlint_diag_note_message(const ptxlint_result *R, size_t I, size_t J) {
  const CDiag *D = diagAt(R, I);
  return D && J < D->Notes.size() ? D->Notes[J].Message.c_str() : EmptyString;
}

static const ptxlint::SourceOrigin *originAt(const ptxlint_result *R, size_t I, size_t J) {
  if (!R || I >= R->Raw.size() || J >= R->Raw[I].Origin.size())
    return nullptr;
  return &R->Raw[I].Origin[J];
}

size_t ptxlint_diag_origin_count(const ptxlint_result *R, size_t I) {
  return R && I < R->Raw.size() ? R->Raw[I].Origin.size() : 0;
}

const char *ptxlint_diag_origin_file(const ptxlint_result *R, size_t I, size_t J) {
  const ptxlint::SourceOrigin *O = originAt(R, I, J);
  return O ? O->File.c_str() : EmptyString;
}

uint32_t ptxlint_diag_origin_line(const ptxlint_result *R, size_t I, size_t J) {
  const ptxlint::SourceOrigin *O = originAt(R, I, J);
  return O ? O->Line : 0;
}

uint32_t ptxlint_diag_origin_column(const ptxlint_result *R, size_t I, size_t J) {
  const ptxlint::SourceOrigin *O = originAt(R, I, J);
  return O ? O->Column : 0;
}

const char *ptxlint_diag_origin_message(const ptxlint_result *R, size_t I, size_t J) {
  const ptxlint::SourceOrigin *O = originAt(R, I, J);
  return O ? O->Message.c_str() : EmptyString;
}

} // extern "C"

//===----------------------------------------------------------------------===//
// The rule registry
//===----------------------------------------------------------------------===//

namespace {
const ptxlint::RuleInfo *ruleAt(size_t I) {
  llvm::ArrayRef<ptxlint::RuleInfo> All = ptxlint::allRules();
  return I < All.size() ? &All[I] : nullptr;
}
const char *orEmpty(const char *S) { return S ? S : ""; }
} // namespace

size_t ptxlint_rule_count(void) { return ptxlint::allRules().size(); }
const char *ptxlint_rule_id(size_t I) { return ruleAt(I) ? orEmpty(ruleAt(I)->Id) : ""; }
const char *ptxlint_rule_spec(size_t I) { return ruleAt(I) ? orEmpty(ruleAt(I)->Spec) : ""; }
const char *ptxlint_rule_summary(size_t I) { return ruleAt(I) ? orEmpty(ruleAt(I)->Summary) : ""; }
const char *ptxlint_rule_example(size_t I) {
  return ruleAt(I) ? orEmpty(ruleAt(I)->BadExample) : "";
}
const char *ptxlint_rule_fix(size_t I) { return ruleAt(I) ? orEmpty(ruleAt(I)->Fix) : ""; }
const char *ptxlint_rule_rationale(size_t I) {
  const ptxlint::RuleDoc *D = ruleAt(I) ? ptxlint::findRuleDoc(ruleAt(I)->Id) : nullptr;
  return D ? orEmpty(D->Rationale) : "";
}
const char *ptxlint_rule_corrected_example(size_t I) {
  const ptxlint::RuleDoc *D = ruleAt(I) ? ptxlint::findRuleDoc(ruleAt(I)->Id) : nullptr;
  return D ? orEmpty(D->Corrected) : "";
}
int ptxlint_rule_fix_safe(size_t I) {
  return ruleAt(I) && ptxlint::isFixSafe(ruleAt(I)->Id) ? 1 : 0;
}
ptxlint_severity ptxlint_rule_severity(size_t I) {
  return ruleAt(I) ? static_cast<ptxlint_severity>(ruleAt(I)->DefaultSev) : PTXLINT_SEVERITY_NOTE;
}
int ptxlint_rule_on_by_default(size_t I) {
  return ruleAt(I) && ptxlint::isRuleOnByDefault(ruleAt(I)->Id) ? 1 : 0;
}

int ptxlint_rule_selector_check(const char *Selector, char *Message, size_t Capacity) {
  std::string Err;
  try {
    Err = Selector ? ptxlint::checkRuleSelector(Selector) : "no rule selector";
  } catch (...) {
    Err = "out of memory";
  }
  if (Err.empty())
    return 1;
  if (Message && Capacity) {
    size_t N = std::min(Err.size(), Capacity - 1);
    std::memcpy(Message, Err.data(), N);
    Message[N] = '\0';
  }
  return 0;
}
