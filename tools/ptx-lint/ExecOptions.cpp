//===- ExecOptions.cpp - the --exec / --exec-all / --emit-harness options -===//
//
// Owned by the exec engineer (issue 4). It registers the exec options and
// forwards to ptxlint::runExecCommand (ExecCommand.h); main() in
// ptx-lint.cpp calls runExecIfRequested right after the command line is
// parsed (before the "no input files" check, since --exec-all needs none)
// and lists execOptionCategory() in cl::HideUnrelatedOptions.
//
// Do not register options named exec, exec-all, emit-harness, seed,
// exec-filter or exec-dump elsewhere: LLVM's cl aborts on a duplicate registration.
//
//===----------------------------------------------------------------------===//
#include "ExecCommand.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace cl = llvm::cl;

static cl::OptionCategory ExecCat("Execution checks (on a GPU)");
static cl::opt<bool> ExecOpt("exec",
                             cl::desc("Execute each distinct matrix-instruction form of the "
                                      "input files on the GPU and check its results"),
                             cl::cat(ExecCat));
static cl::opt<bool> ExecAllOpt("exec-all",
                                cl::desc("Execute every form of the spec tables that the "
                                         "target supports (no input files needed)"),
                                cl::cat(ExecCat));
static cl::opt<std::string>
    EmitHarnessOpt("emit-harness", cl::value_desc("dir"),
                   cl::desc("With --exec/--exec-all: write each generated kernel to DIR as a "
                            ".ptx file instead of running it (no GPU needed; --target picks "
                            "the kernels' target, default sm_90)"),
                   cl::cat(ExecCat));
static cl::opt<uint64_t> SeedOpt("seed", cl::init(1),
                                 cl::desc("Seed of the execution checks' random inputs"),
                                 cl::cat(ExecCat));
static cl::opt<std::string> ExecFilterOpt("exec-filter", cl::value_desc("text"),
                                          cl::desc("Only forms whose mnemonic contains TEXT"),
                                          cl::cat(ExecCat));

static cl::opt<std::string>
    ExecDumpOpt("exec-dump", cl::value_desc("dir"),
                cl::desc("Write the kernel, input and output of every failing form to DIR"),
                cl::cat(ExecCat));

namespace ptxlint {

/// The exec options' category (for cl::HideUnrelatedOptions in main).
llvm::cl::OptionCategory &execOptionCategory() { return ExecCat; }

/// Runs the exec command when --exec or --exec-all was given; returns false
/// (and does nothing) otherwise.
bool runExecIfRequested(const std::vector<std::string> &Inputs, const std::string &TargetText,
                        const std::string &VersionText, bool Json, int &ExitStatus) {
  if (!ExecOpt && !ExecAllOpt) {
    if (!EmitHarnessOpt.empty()) {
      llvm::errs() << "ptx-lint: error: --emit-harness needs --exec or --exec-all\n";
      ExitStatus = 2;
      return true;
    }
    return false;
  }
  ExecOptions O;
  O.All = ExecAllOpt;
  if (ExecOpt)
    O.Files = Inputs;
  if (!TargetText.empty()) {
    O.Tgt = Target::parse(TargetText);
    if (!O.Tgt) {
      llvm::errs() << "ptx-lint: error: invalid --target '" << TargetText << "'\n";
      ExitStatus = 2;
      return true;
    }
  }
  if (!VersionText.empty())
    O.Version = PtxVersion::parse(VersionText);
  O.EmitHarnessDir = EmitHarnessOpt;
  O.Json = Json;
  O.Seed = SeedOpt;
  O.Filter = ExecFilterOpt;
  O.DumpDir = ExecDumpOpt;
  ExitStatus = runExecCommand(O, llvm::outs());
  llvm::outs().flush();
  return true;
}

} // namespace ptxlint
