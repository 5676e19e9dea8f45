//===- Exec.cpp - the --exec / --exec-all command ---------------------------===//
//
// Collects forms (a file's distinct matrix instructions, or every form of
// the spec tables with each optional qualifier absent and present), builds
// each one's harness, lints it, and either writes it out (--emit-harness)
// or runs it on the GPU and checks it. Reports PASS / FAIL / SKIP per form.
//
//===----------------------------------------------------------------------===//
#include "ExecCommand.h"

#include "Exec/ExecForm.h"
#include "Exec/Harness.h"
#include "Exec/Runner.h"
#include "Spec/Spec.h"

#include "ptxlint/AST.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <ctime>
#include <map>
#include <set>

namespace ptxlint {

using namespace exec;

namespace {

/// One form to execute, with the spec-table form it came from (if any).
struct Candidate {
  std::string Text;
  const spec::Form *SpecForm = nullptr;
  /// Written with an optional qualifier (.satfinite, a rounding mode...).
  bool IsVariant = false;
  /// Found in an --exec input file (executed even if ptx-lint warns).
  bool FromFile = false;
};

/// Every mnemonic a table form stands for: each Optional slot absent and
/// with each of its values; Defaulted slots omitted; others as written.
void expandForm(const spec::Form &F, std::vector<std::string> &Out,
                std::set<std::string> *Variants = nullptr, bool SpellDefaults = false) {
  std::vector<std::string> Acc = {F.Opcode};
  std::set<std::string> Var;
  for (const spec::QualSlot &Q : F.Quals) {
    std::vector<std::string> Opts;
    switch (Q.Pres) {
    case spec::Presence::Optional:
      // `.aligned` is optional to ptxas but required by the spec (and
      // ptx-lint warns without it): a harness always writes it.
      if (Q.Values.size() == 1 && Q.Values.front() == ".aligned") {
        Opts.push_back(".aligned");
        break;
      }
      Opts.push_back("");
      for (const std::string &V : Q.Values)
        Opts.push_back(V);
      break;
    case spec::Presence::Defaulted:
      // Omitted means the default; a file may also spell it out, so the
      // lookup index (SpellDefaults) knows both.
      Opts.push_back("");
      if (SpellDefaults && !Q.DefaultValue.empty())
        Opts.push_back(Q.DefaultValue);
      else if (SpellDefaults && !Q.Values.empty())
        Opts.push_back(Q.Values.front());
      break;
    default:
      if (!Q.Values.empty())
        Opts.push_back(Q.Values.front());
      break;
    }
    if (Opts.empty())
      continue;
    std::vector<std::string> Next;
    for (const std::string &A : Acc)
      for (const std::string &O : Opts) {
        Next.push_back(A + O);
        if (Var.count(A) || (Q.Pres == spec::Presence::Optional && !O.empty() && O != ".aligned"))
          Var.insert(A + O);
      }
    Acc.swap(Next);
  }
  Out.insert(Out.end(), Acc.begin(), Acc.end());
  if (Variants)
    Variants->insert(Var.begin(), Var.end());
}

/// Mnemonic -> (table form, written with an optional qualifier), over
/// every family.
const std::map<std::string, std::pair<const spec::Form *, bool>> &formIndex() {
  static const std::map<std::string, std::pair<const spec::Form *, bool>> Index = [] {
    std::map<std::string, std::pair<const spec::Form *, bool>> M;
    for (spec::Family Fam : spec::allFamilies())
      for (const spec::Form &F : spec::enumerateForms(Fam)) {
        std::vector<std::string> Texts;
        std::set<std::string> Var;
        expandForm(F, Texts, &Var, /*SpellDefaults=*/true);
        for (const std::string &T : Texts)
          M.emplace(T, std::make_pair(&F, Var.count(T) != 0));
      }
    return M;
  }();
  return Index;
}

bool isMatrixOpcode(llvm::StringRef Op) {
  return Op == "mma" || Op == "wmma" || Op == "ldmatrix" || Op == "stmatrix" || Op == "movmatrix";
}

/// The harness's .version: the form's minimum, the target's introduction,
/// and never below 7.8 (stmatrix/movmatrix need it; every runnable target
/// takes it).
PtxVersion chooseVersion(const Candidate &C, Target T, const ExecOptions &Opts) {
  if (Opts.Version)
    return *Opts.Version;
  PtxVersion V(7, 8);
  if (C.SpecForm && C.SpecForm->MinPtx.isValid() && V < C.SpecForm->MinPtx)
    V = C.SpecForm->MinPtx;
  if (const TargetInfo *TI = findTarget(T))
    if (V < TI->Introduced)
      V = TI->Introduced;
  if (T.Suffix == 'f' && V < PtxVersion(8, 8))
    V = PtxVersion(8, 8);
  return V;
}

struct Outcome {
  std::string Form;
  std::string Status; ///< PASS, FAIL, SKIP, WRITTEN
  std::string Reason;
  CheckResult Check;
  bool HasCheck = false;
};

/// ptx-lint's own verdict on a harness: its errors (or, with Warnings
/// set, its warnings) joined; empty when clean.
std::string lintFindings(const std::string &Ptx, bool Warnings) {
  SourceFile File("<harness>", Ptx);
  LintResult R = lintFile(File);
  if (Warnings ? !R.Warnings : !R.Errors)
    return "";
  std::string S;
  for (const Diagnostic &D : R.Diags) {
    if (D.Sev != (Warnings ? Severity::Warning : Severity::Error))
      continue;
    S += (S.empty() ? "" : "; ") + D.Rule + ": " + D.Message;
    if (S.size() > 300)
      break;
  }
  return S;
}

void describeMismatch(const Mismatch &M, llvm::raw_ostream &OS) {
  OS << M.Matrix;
  if (M.Matrix.rfind('D', 0) == 0 && M.Instance)
    OS << " (MMA computation " << (M.Instance + 1) << ")";
  OS << " row " << M.Row << " column " << M.Col;
  if (M.Matrix.rfind("D (memory", 0) != 0)
    OS << ", lane " << M.Lane << " register " << M.Reg << " element " << M.Elem;
  OS << ": expected " << M.Expected << ", got " << M.Got;
}

/// The forms to run, each once, in order: a file's matrix instructions,
/// then (--exec-all) every form of the tables.
struct CandidateList {
  explicit CandidateList(const ExecOptions &Opts) : Opts(Opts) {}

  void add(const std::string &Text, bool FromFile) {
    if (!Opts.Filter.empty() && Text.find(Opts.Filter) == std::string::npos)
      return;
    if (!Seen.insert(Text).second)
      return;
    Candidate C;
    C.Text = Text;
    auto It = formIndex().find(Text);
    if (It != formIndex().end())
      C.SpecForm = It->second.first;
    // Not a base form of the tables: a variant with an optional qualifier,
    // or a file's spelling that the tables do not list as such.
    C.IsVariant = !C.SpecForm || It->second.second;
    C.FromFile = FromFile;
    Cands.push_back(C);
  }

  /// The matrix instructions of the file at Path; false when unreadable.
  bool addFile(const std::string &Path) {
    auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path);
    if (!Buf) {
      llvm::errs() << "ptx-lint: error: cannot read '" << Path << "': " << Buf.getError().message()
                   << "\n";
      return false;
    }
    SourceFile File(Path, (*Buf)->getBuffer().str());
    DiagnosticEngine Diags;
    std::unique_ptr<Module> M = parseModule(File, Diags);
    if (!M)
      return true;
    for (const TopLevelItem &It : M->Items) {
      if (It.Kind != ItemKind::Function || !It.Func)
        continue;
      for (const Statement *S : It.Func->Body) {
        if (S->Kind != StmtKind::Instruction || !isMatrixOpcode(S->Inst->Opcode))
          continue;
        std::string T = std::string(S->Inst->Opcode);
        for (llvm::StringRef Q : S->Inst->Qualifiers)
          T += Q.str();
        add(T, true);
      }
    }
    return true;
  }

  void addTableForms() {
    for (spec::Family Fam : spec::allFamilies())
      for (const spec::Form &F : spec::enumerateForms(Fam)) {
        std::vector<std::string> Texts;
        expandForm(F, Texts);
        for (const std::string &T : Texts)
          add(T, false);
      }
  }

  const ExecOptions &Opts;
  std::vector<Candidate> Cands;
  std::set<std::string> Seen;
};

/// The harnesses' target: the GPU's (with a runner made here), --target's,
/// or sm_90 when only emitting. False after an error is printed.
bool chooseTarget(const ExecOptions &Opts, std::unique_ptr<CudaRunner> &Runner, Target &T) {
  const bool Emit = !Opts.EmitHarnessDir.empty();
  if (Emit) {
    T = Opts.Tgt ? *Opts.Tgt : *Target::parse("sm_90");
    if (std::error_code EC = llvm::sys::fs::create_directories(Opts.EmitHarnessDir)) {
      llvm::errs() << "ptx-lint: error: cannot create '" << Opts.EmitHarnessDir
                   << "': " << EC.message() << "\n";
      return false;
    }
  } else {
    std::string Err;
    Runner = CudaRunner::create(Err);
    if (!Runner) {
      llvm::errs() << "ptx-lint: error: --exec: " << Err
                   << "; use --emit-harness=DIR to write the kernels without running them\n";
      return false;
    }
    T.Sm = unsigned(Runner->ccMajor() * 10 + Runner->ccMinor());
    T.Suffix = 0;
    if (Opts.Tgt)
      T = *Opts.Tgt;
  }
  return true;
}

/// How many forms passed, failed, were skipped or written.
struct Tally {
  unsigned Pass, Fail, Skip, Written;
};

void jsonReport(const std::vector<Outcome> &Results, const Tally &C, const Target &T,
                CudaRunner *Runner, llvm::raw_ostream &OS) {
  llvm::json::Array Arr;
  for (const Outcome &O : Results) {
    llvm::json::Object J{{"form", O.Form}, {"status", O.Status}};
    if (!O.Reason.empty())
      J["reason"] = O.Reason;
    if (O.HasCheck) {
      J["compared"] = int64_t(O.Check.Compared);
      J["failed"] = int64_t(O.Check.Failed);
      if (!O.Check.Pass) {
        const Mismatch &M = O.Check.First;
        J["first_difference"] = llvm::json::Object{{"matrix", M.Matrix},
                                                   {"instance", int64_t(M.Instance)},
                                                   {"row", int64_t(M.Row)},
                                                   {"column", int64_t(M.Col)},
                                                   {"lane", int64_t(M.Lane)},
                                                   {"register", int64_t(M.Reg)},
                                                   {"element", int64_t(M.Elem)},
                                                   {"expected", M.Expected},
                                                   {"got", M.Got}};
      }
    }
    Arr.push_back(std::move(J));
  }
  llvm::json::Object Top{{"target", T.str()},
                         {"results", std::move(Arr)},
                         {"summary", llvm::json::Object{{"pass", int64_t(C.Pass)},
                                                        {"fail", int64_t(C.Fail)},
                                                        {"skip", int64_t(C.Skip)},
                                                        {"written", int64_t(C.Written)}}}};
  if (Runner) {
    Top["gpu"] = Runner->deviceName();
    Top["compute_capability"] =
        std::to_string(Runner->ccMajor()) + "." + std::to_string(Runner->ccMinor());
    Top["driver_version"] = int64_t(Runner->driverVersion());
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Top))) << "\n";
}

void textReport(const std::vector<Outcome> &Results, const Tally &C, const Target &T,
                CudaRunner *Runner, const ExecOptions &Opts, llvm::raw_ostream &OS) {
  if (Runner)
    OS << "GPU: " << Runner->deviceName() << " (sm_" << Runner->ccMajor() << Runner->ccMinor()
       << "), driver " << Runner->driverVersion() / 1000 << "."
       << (Runner->driverVersion() % 1000) / 10 << ", harness target " << T.str() << "\n";
  for (const Outcome &O : Results) {
    OS << O.Status << "  " << O.Form;
    if (O.HasCheck && O.Check.Pass)
      OS << "  (" << O.Check.Compared << " elements)";
    if (O.HasCheck && !O.Check.Pass) {
      OS << "\n      " << O.Check.Failed << " of " << O.Check.Compared
         << " elements differ; first: ";
      describeMismatch(O.Check.First, OS);
    }
    if (!O.Reason.empty() && O.Status != "WRITTEN")
      OS << "\n      " << O.Reason;
    OS << "\n";
  }
  OS << "summary: " << C.Pass << " pass, " << C.Fail << " fail, " << C.Skip << " skip";
  if (!Opts.EmitHarnessDir.empty())
    OS << ", " << C.Written << " written to " << Opts.EmitHarnessDir;
  OS << " (" << Results.size() << " forms, target " << T.str() << ")\n";
}

/// A failed check's kernel, input and output under DumpDir, for a look.
void dumpFailure(const std::string &DumpDir, const std::string &Name, const HarnessPlan &P,
                 const std::vector<uint8_t> &Out) {
  llvm::sys::fs::create_directories(DumpDir);
  auto Dump = [&](const char *Ext, llvm::StringRef Bytes) {
    llvm::SmallString<256> Path(DumpDir);
    llvm::sys::path::append(Path, Name + Ext);
    std::error_code EC;
    llvm::raw_fd_ostream DOS(Path, EC);
    if (!EC)
      DOS << Bytes;
  };
  Dump(".ptx", P.Ptx);
  Dump(".in", llvm::StringRef(reinterpret_cast<const char *>(P.Input.data()), P.Input.size()));
  Dump(".out", llvm::StringRef(reinterpret_cast<const char *>(Out.data()), Out.size()));
}

} // namespace

int runExecCommand(const ExecOptions &Opts, llvm::raw_ostream &OS) {
  // 1. The forms.
  CandidateList List(Opts);
  for (const std::string &Path : Opts.Files)
    if (!List.addFile(Path))
      return 2;
  if (Opts.All)
    List.addTableForms();
  if (!Opts.All && Opts.Files.empty()) {
    llvm::errs() << "ptx-lint: error: --exec needs a file (or use --exec-all)\n";
    return 2;
  }
  const std::vector<Candidate> &Cands = List.Cands;

  // 2. The target: the GPU's, unless only emitting.
  const bool Emit = !Opts.EmitHarnessDir.empty();
  std::unique_ptr<CudaRunner> Runner;
  Target T;
  if (!chooseTarget(Opts, Runner, T))
    return 2;

  // 3. Each form.
  std::vector<Outcome> Results;
  unsigned Pass = 0, Fail = 0, Skip = 0, Written = 0;
  for (const Candidate &C : Cands) {
    Outcome O;
    O.Form = C.Text;
    std::string Why;
    PtxVersion V = chooseVersion(C, T, Opts);
    if (C.SpecForm && !C.SpecForm->allowedOn(T, V)) {
      O.Status = "SKIP";
      for (const spec::Gate &G : C.SpecForm->Gates)
        if (G.Targets.isRestricted() && !G.Targets.allows(T, V)) {
          O.Reason = "needs " + G.Targets.describe() + " (" + G.Feature + ", " + G.Spec + ")";
          break;
        }
      Results.push_back(O);
      ++Skip;
      continue;
    }
    std::optional<ExecForm> F = parseExecForm(C.Text, Why);
    HarnessPlan P;
    if (F)
      P = buildHarness(*F, T, V, Opts.Seed);
    if (!F || !P.Error.empty()) {
      O.Status = "SKIP";
      O.Reason = "no harness: " + (F ? P.Error : Why);
      Results.push_back(O);
      ++Skip;
      continue;
    }
    if (Opts.LintHarness) {
      std::string LE = lintFindings(P.Ptx, false);
      if (!LE.empty()) {
        // A base form must lint clean (else the generator is wrong); a
        // variant with an optional qualifier that ptx-lint rejects at this
        // version/target (e.g. .satfinite on floating-point wmma.mma, removed
        // in PTX ISA 6.5) is reported as skipped, with the reason.
        O.Status = C.IsVariant ? "SKIP" : "FAIL";
        O.Reason = (C.IsVariant ? "ptx-lint rejects this form for " + T.str() + " at .version " +
                                      V.str() + ": "
                                : "the generated harness does not lint clean: ") +
                   LE;
        Results.push_back(O);
        ++(C.IsVariant ? Skip : Fail);
        continue;
      }
      // A table form that ptx-lint warns about (spec-undefined, deprecated)
      // is not exercised by --exec-all; a file's form is run as written.
      std::string LW = C.FromFile ? "" : lintFindings(P.Ptx, true);
      if (!LW.empty()) {
        O.Status = "SKIP";
        O.Reason = "ptx-lint warns about this form: " + LW;
        Results.push_back(O);
        ++Skip;
        continue;
      }
    }
    if (Emit) {
      llvm::SmallString<256> Path(Opts.EmitHarnessDir);
      llvm::sys::path::append(Path, F->fileName() + ".ptx");
      std::error_code EC;
      llvm::raw_fd_ostream Out(Path, EC);
      if (EC) {
        O.Status = "FAIL";
        O.Reason = "cannot write " + Path.str().str() + ": " + EC.message();
        ++Fail;
      } else {
        Out << P.Ptx;
        O.Status = "WRITTEN";
        O.Reason = Path.str().str();
        ++Written;
      }
      Results.push_back(O);
      continue;
    }
    std::vector<uint8_t> Out;
    std::string Err;
    CudaRunner::Status St = Runner->run(P.Ptx, HarnessEntry, P.Input, P.OutputBytes, Out, Err);
    if (St != CudaRunner::Status::Ok) {
      O.Status = "FAIL";
      O.Reason = Err;
      ++Fail;
      Results.push_back(O);
      continue;
    }
    O.Check = P.Check(Out);
    O.HasCheck = true;
    if (!O.Check.Pass && !Opts.DumpDir.empty())
      dumpFailure(Opts.DumpDir, F->fileName(), P, Out);
    O.Status = O.Check.Pass ? "PASS" : "FAIL";
    (O.Check.Pass ? Pass : Fail)++;
    Results.push_back(O);
  }

  // 4. The report.
  Tally Counts{Pass, Fail, Skip, Written};
  if (Opts.Json)
    jsonReport(Results, Counts, T, Runner.get(), OS);
  else
    textReport(Results, Counts, T, Runner.get(), Opts, OS);
  return Fail ? 1 : 0;
}

} // namespace ptxlint
