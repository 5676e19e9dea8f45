//===- ptx-lint.cpp - the ptx-lint command ---------------------------------===//
//
// A thin shell over the library: parse options, expand directories, read
// inputs, lint them on a thread pool, print the reports in input order and
// choose the exit status (0: no errors, 1: errors, 2: usage or I/O problem).
//
//===----------------------------------------------------------------------===//

#include "Config.h"
#include "Conventions.h"
#include "Driver.h"

#include "Check/RuleSelect.h"
#include "Emit/RawEmitter.h"
#include "Output/RawOutput.h"
#include "ptxlint/Emitter.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Rules.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <functional>
#include <memory>
#include <thread>
#include <tuple>

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <cstring>
#include <unistd.h>
#endif

using namespace llvm;
using namespace ptxlint;

#ifndef PTXLINT_VERSION
#define PTXLINT_VERSION "0.1.0"
#endif

/// Where SARIF helpUri links point: PTXLINT_DOCS_URL when the build names
/// the published documentation; else docs/rules.md next to this executable
/// (a build tree inside the checkout, or an installed doc directory) as an
/// absolute file URI; else the relative "docs/rules.md".
static std::string rulesDocUri(const char *Argv0) {
#ifdef PTXLINT_DOCS_URL
  return PTXLINT_DOCS_URL;
#else
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  if (!Exe.empty()) {
    StringRef BinDir = sys::path::parent_path(Exe);
    for (const char *Rel : {"../../docs/rules.md", "../share/doc/PtxLint/rules.md",
                            "../share/doc/ptx-lint/rules.md"}) {
      SmallString<256> P(BinDir);
      sys::path::append(P, Rel);
      sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (sys::fs::exists(P))
        return "file://" + std::string(P);
    }
  }
  return "docs/rules.md";
#endif
}

static cl::OptionCategory Cat("ptx-lint options");

// The GPU execution checks (--exec, --exec-all, --emit-harness) live in
// ExecOptions.cpp, owned by the exec engineer.
namespace ptxlint {
llvm::cl::OptionCategory &execOptionCategory();
bool runExecIfRequested(const std::vector<std::string> &Inputs, const std::string &TargetText,
                        const std::string &VersionText, bool Json, int &ExitStatus);
} // namespace ptxlint

static cl::list<std::string> Inputs(cl::Positional, cl::desc("<file|dir|->..."), cl::cat(Cat));

static cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "file:line:col: severity: message [rule, PTX ISA section], the "
                          "source line and a caret (default)"),
               clEnumValN(OutputFormat::Gcc, "gcc", "one line per diagnostic, gcc style"),
               clEnumValN(OutputFormat::Json, "json", "one JSON document (docs/user-guide.md)"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0"),
               clEnumValN(OutputFormat::Github, "github",
                          "GitHub Actions annotations (::error file=...,line=...::message)")),
    cl::cat(Cat));

static cl::opt<std::string> OutputFile("o",
                                       cl::desc("Write the report (or --emit output) to <file>"),
                                       cl::value_desc("file"), cl::cat(Cat));

static cl::opt<bool> Emit("emit", cl::desc("Print the input as canonical PTX instead of linting"),
                          cl::cat(Cat));

static cl::opt<std::string> PtxVersionOpt("ptx-version",
                                          cl::desc("Check as if the module said .version X.Y"),
                                          cl::value_desc("X.Y"), cl::cat(Cat));

static cl::opt<std::string> TargetOpt("target",
                                      cl::desc("Check as if the module said .target sm_NN[a|f]"),
                                      cl::value_desc("sm_NN[a|f]"), cl::cat(Cat));

static cl::opt<std::string>
    ArchOpt("arch",
            cl::desc("The GPU the module will be compiled for, as ptxas -arch: instructions are "
                     "checked against the module's own .target, which must compile for it"),
            cl::value_desc("sm_NN[a|f]"), cl::cat(Cat));

static cl::opt<bool> Werror("Werror", cl::desc("Treat warnings as errors"), cl::cat(Cat));

static cl::list<std::string> DisableRules("disable",
                                          cl::desc("Switch off these rules (ids, globs such as "
                                                   "mma-*, or all; the later of --disable and "
                                                   "--enable wins)"),
                                          cl::value_desc("rule[,rule...]"), cl::CommaSeparated,
                                          cl::cat(Cat));

static cl::list<std::string> EnableRules("enable", cl::desc("Switch these rules (back) on"),
                                         cl::value_desc("rule[,rule...]"), cl::CommaSeparated,
                                         cl::cat(Cat));

static cl::opt<bool> Quiet("quiet", cl::desc("Print diagnostics only: no summary, no progress"),
                           cl::cat(Cat));
static cl::alias QuietShort("q", cl::desc("Alias for --quiet"), cl::aliasopt(Quiet), cl::NotHidden,
                            cl::cat(Cat));

enum class RulesFormat { None, Markdown, List };
static cl::opt<RulesFormat> PrintRules(
    "print-rules", cl::desc("Print the rule registry and exit"), cl::init(RulesFormat::None),
    cl::values(clEnumValN(RulesFormat::Markdown, "markdown", "as docs/rules.md"),
               clEnumValN(RulesFormat::List, "list", "one rule a line: id, section, summary")),
    cl::cat(Cat));

static cl::opt<Severity> MinSeverity(
    "min-severity", cl::desc("Report only diagnostics of this severity or higher"),
    cl::init(Severity::Note),
    cl::values(clEnumValN(Severity::Note, "note", "everything (default)"),
               clEnumValN(Severity::Warning, "warning", "warnings and errors (no notes)"),
               clEnumValN(Severity::Error, "error", "errors only (after -Werror)")),
    cl::cat(Cat));

static cl::opt<std::string>
    StdinName("stdin-name", cl::desc("Name used for '-' (stdin) in diagnostics (editors)"),
              cl::value_desc("path"), cl::cat(Cat));

static cl::opt<bool> VerifyDiags(
    "verify-diagnostics",
    cl::desc("Check the diagnostics against expected-error/-warning/-note comments in the "
             "input; exit 0 iff they match"),
    cl::cat(Cat));

static cl::opt<InputLang>
    Lang("lang", cl::desc("What the inputs are (docs/cuda.md)"), cl::init(InputLang::Auto),
         cl::values(clEnumValN(InputLang::Auto, "auto",
                               "by extension: .cu .cuh .h .hpp .hh .hxx .cpp .cc .cxx .c .inl are "
                               "sources whose inline asm is checked, anything else PTX (default)"),
                    clEnumValN(InputLang::Ptx, "ptx", "PTX"),
                    clEnumValN(InputLang::Cuda, "cuda",
                               "CUDA/C/C++ sources: check every inline asm statement")),
         cl::cat(Cat));

static cl::opt<bool> SyntaxOnly("syntax-only", cl::desc("Parse only; skip the instruction checks"),
                                cl::cat(Cat));

static cl::opt<unsigned> Jobs("j", cl::desc("Files checked at once (default: the CPU count)"),
                              cl::Prefix, cl::value_desc("N"), cl::init(0), cl::cat(Cat));
static cl::alias JobsLong("jobs", cl::desc("Alias for -j"), cl::aliasopt(Jobs), cl::NotHidden,
                          cl::cat(Cat));

static cl::opt<uint64_t> MaxFileSize("max-file-size",
                                     cl::desc("Refuse inputs larger than this many bytes "
                                              "(default 1 GiB)"),
                                     cl::value_desc("bytes"), cl::init(uint64_t(1) << 30),
                                     cl::cat(Cat));

static cl::opt<unsigned>
    MaxDiagnostics("max-diagnostics",
                   cl::desc("Report at most this many diagnostics a file (default 10000; 0: all); "
                            "the rest are counted"),
                   cl::value_desc("N"), cl::init(10000), cl::cat(Cat));

static cl::opt<bool> NoProgress("no-progress",
                                cl::desc("No progress line on stderr (shown on a terminal for "
                                         "long runs)"),
                                cl::cat(Cat));

static cl::opt<std::string> ConfigFile("config",
                                       cl::desc("Use this configuration file for every input "
                                                "instead of the nearest .ptx-lint.yaml"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string>
    SarifRoot("sarif-root",
              cl::desc("SARIF: give inputs below this directory URIs relative to it, with "
                       "uriBaseId SRCROOT (e.g. the repository root)"),
              cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<bool> NoConfig("no-config", cl::desc("Ignore .ptx-lint.yaml files"), cl::cat(Cat));
static cl::opt<std::string> Explain("explain",
                                    cl::desc("Explain a rule: what, why, example, fix, spec link"),
                                    cl::value_desc("rule"), cl::cat(Cat));
static cl::opt<bool> Statistics("statistics",
                                cl::desc("After the summary, count the diagnostics of each rule"),
                                cl::cat(Cat));
static cl::opt<bool> FixOpt("fix",
                            cl::desc("Apply the safe fix-its to the files in place, then report "
                                     "what is left (PTX inputs; not stdin)"),
                            cl::cat(Cat));
static cl::opt<bool> DiffOpt("diff",
                             cl::desc("Print the safe fix-its as a unified diff and change "
                                      "nothing (exit 1 when there is something to fix)"),
                             cl::cat(Cat));
static cl::opt<bool> UnsafeFixes("unsafe-fixes",
                                 cl::desc("With --fix or --diff, apply the unsafe fix-its too "
                                          "(guesses, higher .target or .version)"),
                                 cl::cat(Cat));
static int usageError(const Twine &Msg) {
  WithColor::error(errs(), "ptx-lint") << Msg << "\n";
  return ExitUsage;
}

/// Checks --enable/--disable selectors against the registry and appends
/// them to Opts.RuleSelectors in command-line order (the later wins).
static bool collectRuleSelectors(LintOptions &Opts, std::string &Err) {
  std::vector<std::tuple<unsigned, std::string, bool>> All;
  for (unsigned I = 0; I < DisableRules.size(); ++I)
    All.emplace_back(DisableRules.getPosition(I), DisableRules[I], false);
  for (unsigned I = 0; I < EnableRules.size(); ++I)
    All.emplace_back(EnableRules.getPosition(I), EnableRules[I], true);
  std::stable_sort(All.begin(), All.end(),
                   [](const auto &A, const auto &B) { return std::get<0>(A) < std::get<0>(B); });
  for (const auto &[Pos, Sel, On] : All) {
    std::string Msg = checkRuleSelector(Sel, On ? "--enable" : "--disable");
    if (!Msg.empty()) {
      Err = Msg + " (ptx-lint --print-rules=list shows every rule id)";
      return false;
    }
    Opts.RuleSelectors.emplace_back(Sel, On);
  }
  return true;
}

static void printRulesList(raw_ostream &OS) {
  for (const RuleInfo &R : allRules()) {
    OS << R.Id << '\t' << severityName(R.DefaultSev) << '\t' << (R.Spec ? R.Spec : "") << '\t'
       << (R.Summary ? R.Summary : "") << '\n';
  }
}

/// --emit: print one input as canonical PTX. Two streaming passes, so that
/// memory stays flat for any file size: the first only parses, and a syntax
/// error stops there, before the output file is opened (never truncated);
/// the second prints each statement as it is parsed. OpenOutput opens -o (or
/// chooses stdout) and returns null after reporting why it cannot.
static int runEmit(const std::vector<InputSpec> &Files,
                   const std::function<raw_fd_ostream *()> &OpenOutput) {
  if (Files.size() != 1)
    return usageError("--emit takes exactly one input file");
  LoadedInput In = loadInput(Files[0], MaxFileSize);
  if (!In.File) {
    printTextNoSource(makeIoErrorReport(Files[0].Path, In.Error), errs());
    return ExitUsage;
  }
  DiagnosticEngine Diags;
  parse(*In.File, nullptr, Diags);
  if (Diags.errorCount()) {
    std::string Msgs;
    ColorStringStream S(Msgs, errs().has_colors());
    printText(*In.File, Diags.diagnostics(), S);
    S.flush();
    errs() << Msgs;
    return ExitErrors;
  }
  raw_fd_ostream *Out = OpenOutput();
  if (!Out)
    return ExitUsage;
  std::unique_ptr<ParseSink> Emitter = makeStreamingEmitter(*Out);
  DiagnosticEngine Again;
  parse(*In.File, Emitter.get(), Again);
  return ExitOk;
}

#if defined(__unix__) || defined(__APPLE__)
/// Input files are memory-mapped (SourceFile::mapFile). If one is truncated
/// by another process while it is read, touching a page past its new end
/// raises SIGBUS with BUS_ADRERR: say so and exit 2 rather than crash. Any
/// other SIGBUS goes to the handler installed before (LLVM's stack dump).
static struct sigaction PrevBusAction;
static void onSigBus(int Sig, siginfo_t *Info, void *) {
  if (Info && Info->si_code == BUS_ADRERR) {
    static const char Msg[] = "ptx-lint: error: an input file changed size while it was being "
                              "read; run ptx-lint again on the finished file\n";
    ssize_t Ignored = ::write(2, Msg, sizeof(Msg) - 1);
    (void)Ignored;
    ::_exit(ExitUsage);
  }
  sigaction(Sig, &PrevBusAction, nullptr); // returning re-raises it there
}

static void installSigBusHandler() {
  struct sigaction A;
  std::memset(&A, 0, sizeof(A));
  A.sa_sigaction = onSigBus;
  A.sa_flags = SA_SIGINFO;
  sigemptyset(&A.sa_mask);
  sigaction(SIGBUS, &A, &PrevBusAction);
}
#else
static void installSigBusHandler() {}
#endif

/// Standard output or error that could not be written (/dev/full, a closed
/// descriptor) is one message and exit status 2. LLVM's raw_fd_ostream
/// would report it from its destructor with report_fatal_error (an abort), so
/// this runs first: it is registered after both streams exist, so exit()
/// calls it before their destructors, on every path (a return from main and
/// the exit(0) of --help and --version alike).
static void checkStandardStreamsAtExit() {
  raw_fd_ostream &Out = outs();
  Out.flush();
  bool Failed = false;
  if (Out.has_error()) {
    std::string Msg =
        "ptx-lint: error: cannot write to standard output: " + Out.error().message() + "\n";
    Out.clear_error();
    errs() << Msg;
    Failed = true;
  }
  if (errs().has_error()) {
    errs().clear_error();
    Failed = true;
  }
  if (Failed)
    ::_exit(ExitUsage);
}

/// Writes Text to the -o file or standard output; false (after one
/// message) when it cannot be written.
static bool writeOutputFile(raw_fd_ostream &OS, const std::string &Name) {
  OS.flush();
  if (!OS.has_error())
    return true;
  WithColor::error(errs(), "ptx-lint")
      << "cannot write " << Name << ": " << OS.error().message() << "\n";
  OS.clear_error();
  return false;
}

static int run(int argc, char **argv);

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  installSigBusHandler(); // after InitLLVM, whose handlers it defers to
  (void)outs();
  (void)errs();
  std::atexit(checkStandardStreamsAtExit);
  // Memory exhaustion anywhere (LLVM's containers included) is one message
  // and exit 2, not an abort with a crash report.
  installBadAllocHandler();
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc &) {
    static const char Msg[] = "ptx-lint: error: out of memory\n";
    ssize_t Ignored = ::write(2, Msg, sizeof(Msg) - 1);
    (void)Ignored;
    return ExitUsage;
  }
}

/// Err and false: the caller reports a usage error.
static bool fail(std::string &Err, std::string Msg) {
  Err = std::move(Msg);
  return false;
}

/// --ptx-version, --target and --arch into Opts; false (with Err) when one
/// is invalid or unknown.
static bool versionAndTargets(LintOptions &Opts, std::string &Err) {
  if (!PtxVersionOpt.empty()) {
    std::optional<PtxVersion> V = PtxVersion::parse(PtxVersionOpt);
    if (!V)
      return fail(Err, "invalid --ptx-version '" + PtxVersionOpt + "': expected X.Y, e.g. 8.7");
    if (!isKnownPtxVersion(*V))
      return fail(Err, "unknown --ptx-version " + V->str() +
                           "; known versions: " + knownPtxVersionsText());
    Opts.Version = *V;
  }
  if (!TargetOpt.empty()) {
    std::optional<Target> T = Target::parse(TargetOpt);
    if (!T)
      return fail(Err, "invalid --target '" + TargetOpt +
                           "': expected sm_NN, sm_NNa or sm_NNf, e.g. sm_90a");
    if (!findTarget(*T)) {
      std::string Known;
      for (const TargetInfo &TI : knownTargets())
        Known += (Known.empty() ? "" : ", ") + std::string(TI.Name);
      return fail(Err, "unknown --target " + T->str() + "; known targets: " + Known);
    }
    Opts.TargetOverride = *T;
  }
  if (!ArchOpt.empty()) {
    std::optional<Target> T = Target::parse(ArchOpt);
    if (!T || !findTarget(*T))
      return fail(Err, "invalid --arch '" + ArchOpt +
                           "': expected a known sm_NN, sm_NNa or sm_NNf, e.g. sm_90a");
    Opts.Arch = *T;
    Opts.ArchParseOnly = llvm::StringRef(ArchOpt).trim().startswith("compute_");
  }
  return true;
}

/// Options that make sense only together: the message for the first pair
/// that does not, or "".
static std::string conflictingOptions() {
  if (Emit && VerifyDiags)
    return std::string("--emit and --verify-diagnostics cannot be combined");
  if (FixOpt && DiffOpt)
    return std::string("--fix and --diff cannot be combined (--diff shows what --fix would do)");
  if ((FixOpt || DiffOpt) && (Emit || VerifyDiags))
    return std::string(std::string(FixOpt ? "--fix" : "--diff") + " cannot be combined with " +
                       (Emit ? "--emit" : "--verify-diagnostics"));
  if (UnsafeFixes && !FixOpt && !DiffOpt)
    return std::string("--unsafe-fixes needs --fix or --diff");
  if (DiffOpt && Format.getNumOccurrences() && Format != OutputFormat::Text)
    return std::string("--diff prints a unified diff; it takes no --format");
  if (FixOpt && llvm::is_contained(Inputs, "-"))
    return std::string("--fix rewrites files in place and cannot rewrite standard input; use "
                       "--diff to see the fixes");
  return "";
}

/// -o must never overwrite an input, stdin included (ptx-lint - -o k.ptx
/// < k.ptx): the same device and inode is the same file, whatever its name.
/// The message when it would, or "".
static std::string outputIsAnInput(const std::vector<InputSpec> &Files) {
  if (!OutputFile.empty()) {
    sys::fs::file_status OutSt;
    if (!sys::fs::status(OutputFile, OutSt))
      for (const InputSpec &In : Files) {
        if (!In.Error.empty())
          continue;
        sys::fs::file_status InSt;
        std::error_code EC = In.IsStdin ? sys::fs::status(0, InSt) : sys::fs::status(In.Path, InSt);
        if (!EC && sys::fs::equivalent(InSt, OutSt))
          return std::string("refusing to write output to '" + OutputFile + "': it is " +
                             (In.IsStdin ? "standard input" : "an input file"));
      }
  }
  return "";
}

/// What runLint is told: the lint options and the output's flags.
static DriverOptions driverOptions(const LintOptions &Opts, ColorChoice Color, bool ToFile,
                                   int argc, char **argv) {
  DriverOptions DO;
  DO.Lint = Opts;
  DO.Format = Format;
  DO.Lang = Lang;
  DO.Verify = VerifyDiags;
  DO.MaxFileSize = MaxFileSize;
  DO.Lint.MaxDiagnostics = MaxDiagnostics;
  DO.Jobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  DO.Colors = Format == OutputFormat::Text &&
              (Color == ColorChoice::Always ||
               (Color == ColorChoice::Auto && !ToFile && outs().has_colors()));
  DO.Progress = !Quiet && !NoProgress && sys::Process::StandardErrIsDisplayed();
  DO.Quiet = Quiet;
  DO.MinSeverity = MinSeverity;
  DO.Statistics = Statistics;
  DO.Fix = FixOpt ? FixMode::Fix : DiffOpt ? FixMode::Diff : FixMode::None;
  DO.UnsafeFixes = UnsafeFixes;
  if (!SarifRoot.empty()) {
    SmallString<256> Root(SarifRoot);
    sys::fs::make_absolute(Root);
    sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
    DO.Doc.SarifRoot = std::string(Root);
  }
  for (int I = 0; I < argc; ++I)
    DO.Doc.CommandLine += (I ? " " : "") + std::string(argv[I]);
  DO.Doc.ToolVersion = PTXLINT_VERSION;
  DO.Doc.RulesDocUri = rulesDocUri(argv[0]);
  return DO;
}

static int run(int argc, char **argv) {
  setBugReportMsg("PLEASE report this ptx-lint crash with the input file and the "
                  "command line; the stack dump follows.\n");
  cl::HideUnrelatedOptions({&Cat, &execOptionCategory(), &getColorCategory()});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "ptx-lint " << PTXLINT_VERSION << " (PTX ISA up to " << latestPtxVersion().str() << ", "
       << allRules().size() << " rules)\n";
  });
  // LLVM's --color, as preprocessArgs reads it (LLVM never sees it).
  if (cl::Option *C = cl::getRegisteredOptions().lookup("color")) {
    C->setDescription("Colours in text output: auto (on a terminal, unless NO_COLOR is set; "
                      "FORCE_COLOR forces them), always, never");
    C->setValueStr("auto|always|never");
  }
  std::vector<char *> Args;
  ColorChoice Color = ColorChoice::Auto;
  std::string ArgErr;
  if (!preprocessArgs(argc, argv, Args, Color, ArgErr))
    return usageError(ArgErr);
  std::string CmdLineErrors;
  raw_string_ostream CmdLineErrStream(CmdLineErrors);
  bool Parsed = cl::ParseCommandLineOptions(
      static_cast<int>(Args.size()), Args.data(),
      "ptx-lint: check NVIDIA PTX, deep on the warp-level matrix instructions\n\n"
      "  Exit status: 0 no errors (warnings allowed), 1 errors found (--fix: left after "
      "fixing;\n  --diff: something to fix), 2 usage or I/O problem.\n  A directory is searched "
      "recursively for *.ptx files; '-' reads stdin.\n",
      &CmdLineErrStream);
  CmdLineErrStream.flush();
  if (!Parsed) {
    errs() << CmdLineErrors;
    errs() << "Run 'ptx-lint --help' for the options.\n";
    return ExitUsage;
  }

  if (!Explain.empty()) {
    std::string Err;
    if (!explainRule(Explain, outs(), Err))
      return usageError(Err);
    return ExitOk;
  }

  if (PrintRules != RulesFormat::None) {
    if (PrintRules == RulesFormat::Markdown)
      outs() << renderRulesMarkdown();
    else
      printRulesList(outs());
    return ExitOk;
  }

  int ExecStatus = 0;
  if (runExecIfRequested(Inputs, TargetOpt, PtxVersionOpt, Format == OutputFormat::Json,
                         ExecStatus))
    return ExecStatus;

  // Options that make sense only together, and values to validate.
  LintOptions Opts;
  Opts.WarningsAsErrors = Werror;
  Opts.RunChecks = !SyntaxOnly;
  std::string Err;
  if (!collectRuleSelectors(Opts, Err))
    return usageError(Err);
  if (!versionAndTargets(Opts, Err))
    return usageError(Err);
  if (Inputs.empty())
    return usageError("no input files (give files, directories, or '-' for stdin; --help "
                      "lists the options)");
  if (std::string Conflict = conflictingOptions(); !Conflict.empty())
    return usageError(Conflict);

  // Expand directories and apply the .ptx-lint.yaml files; I/O problems
  // found here are reported in order later.
  CommandLineSettings Cli;
  Cli.Lint = Opts;
  if (MinSeverity.getNumOccurrences())
    Cli.MinSeverity = MinSeverity;
  Cli.ConfigPath = ConfigFile;
  Cli.NoConfig = NoConfig;
  Cli.StdinName = StdinName;
  std::vector<InputSpec> Files;
  std::vector<std::string> WalkNotes;
  if (!expandWithConfig(Inputs, Cli, Files, Err, &WalkNotes))
    return usageError(Err);
  for (const std::string &Note : WalkNotes)
    WithColor::note(errs(), "ptx-lint") << Note << "\n";

  if (std::string Clash = outputIsAnInput(Files); !Clash.empty())
    return usageError(Clash);
  std::unique_ptr<raw_fd_ostream> OutFile;
  auto OpenOutput = [&]() -> bool {
    if (OutputFile.empty())
      return true;
    std::error_code EC;
    OutFile = std::make_unique<raw_fd_ostream>(OutputFile, EC, sys::fs::OF_Text);
    if (!EC)
      return true;
    usageError("cannot open output file '" + OutputFile + "': " + EC.message());
    return false;
  };

  if (Emit) {
    int Status = runEmit(Files, [&]() -> raw_fd_ostream * {
      if (!OpenOutput())
        return nullptr;
      return OutFile ? OutFile.get() : &outs();
    });
    if (Status != ExitOk)
      return Status;
    if (!writeOutputFile(OutFile ? *OutFile : outs(),
                         OutFile ? "'" + OutputFile + "'" : std::string("to standard output")))
      return ExitUsage;
    return ExitOk;
  }
  if (!OpenOutput())
    return ExitUsage;
  raw_ostream &Out = OutFile ? static_cast<raw_ostream &>(*OutFile) : outs();

  DriverOptions DO = driverOptions(Opts, Color, OutFile != nullptr, argc, argv);
  int Status = runLint(Files, DO, Out);
  if (OutFile && !writeOutputFile(*OutFile, "'" + OutputFile + "'"))
    return ExitUsage;
  if (!OutFile && !writeOutputFile(outs(), "to standard output"))
    return ExitUsage;
  return Status;
}
