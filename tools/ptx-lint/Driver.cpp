//===- Driver.cpp - inputs, the worker pool and the run's report ----------===//
//
// Files are linted on a pool of std::threads; each worker renders its file's
// report into a string (text, gcc, verify) or keeps it structured (JSON,
// SARIF), and the main thread prints them strictly in input order, so the
// output does not depend on scheduling.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "Check/RuleSelect.h"
#include "Conventions.h"
#include "Verify/RawVerify.h"
#include "ptxlint/Fix.h"
#include "ptxlint/InlineAsm.h"
#include "ptxlint/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <system_error>
#include <thread>

#include <sys/mman.h>

using namespace llvm;

namespace ptxlint {

static std::string lowerFirst(std::string S) {
  if (!S.empty())
    S[0] = toLower(S[0]);
  return S;
}

static const char *fileTypeName(sys::fs::file_type T) {
  switch (T) {
  case sys::fs::file_type::fifo_file:
    return "a FIFO";
  case sys::fs::file_type::block_file:
    return "a block device";
  case sys::fs::file_type::character_file:
    return "a character device";
  case sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "not a file";
  }
}

std::vector<InputSpec> expandInputs(const std::vector<std::string> &Args, StringRef StdinName,
                                    std::vector<std::string> *Notes) {
  std::vector<InputSpec> Out;
  for (const std::string &A : Args) {
    if (A == "-") {
      InputSpec S;
      S.Path = StdinName.empty() ? "<stdin>" : StdinName.str();
      S.IsStdin = true;
      Out.push_back(S);
      continue;
    }
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(A, St)) {
      Out.push_back({A, false, "cannot open file: " + lowerFirst(EC.message())});
      continue;
    }
    if (!sys::fs::is_directory(St)) {
      Out.push_back({A, false, ""});
      continue;
    }
    // A directory: every *.ptx below it, hidden directories skipped,
    // symbolic links to directories not followed (no cycles).
    std::vector<std::string> Found;
    std::vector<InputSpec> Unreadable;
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(A, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      StringRef Name = sys::path::filename(It->path());
      sys::fs::file_type T = It->type();
      if (T == sys::fs::file_type::type_unknown) { // no d_type from this file system
        sys::fs::file_status EntrySt;
        if (!sys::fs::status(It->path(), EntrySt, /*follow=*/false))
          T = EntrySt.type();
      }
      if (T == sys::fs::file_type::directory_file) {
        if (Name.startswith(".")) {
          It.no_push();
          continue;
        }
        // The iterator skips a directory it cannot open without a word:
        // open it here first, so that it is an error, not a silent gap.
        std::error_code DirEC;
        sys::fs::directory_iterator Probe(It->path(), DirEC, /*follow_symlinks=*/false);
        if (DirEC) {
          Unreadable.push_back(
              {It->path(), false, "cannot read directory: " + lowerFirst(DirEC.message())});
          It.no_push();
        }
        continue;
      }
      if (sys::path::extension(Name) != ".ptx")
        continue;
      if (T == sys::fs::file_type::symlink_file) {
        sys::fs::file_status LinkSt;
        if (sys::fs::status(It->path(), LinkSt))
          continue;
        T = LinkSt.type();
      }
      // Only regular files: reading a FIFO would wait for a writer forever,
      // and a device or socket is not a source file.
      if (T != sys::fs::file_type::regular_file) {
        if (Notes)
          Notes->push_back("skipping '" + It->path() + "': not a regular file (" + fileTypeName(T) +
                           ")");
        continue;
      }
      Found.push_back(It->path());
    }
    // A directory that cannot be read entirely is an I/O problem, but the
    // files found before the failure are still checked.
    if (EC)
      Out.push_back({A, false, "cannot read directory: " + lowerFirst(EC.message())});
    else if (Found.empty() && Unreadable.empty()) {
      Out.push_back({A, false, "directory contains no .ptx files"});
      continue;
    }
    std::vector<InputSpec> Entries = std::move(Unreadable);
    for (std::string &F : Found)
      Entries.push_back({std::move(F), false, ""});
    llvm::sort(Entries, [](const InputSpec &X, const InputSpec &Y) { return X.Path < Y.Path; });
    for (InputSpec &E : Entries)
      Out.push_back(std::move(E));
  }
  return Out;
}

static std::string tooLarge(uint64_t Size, uint64_t MaxSize, bool AtLeast);

/// Why File cannot be PTX source, or "" when it can be. Reads the file
/// window by window, so a mapped file does not stay resident.
static std::string whyNotText(const SourceFile &File, uint64_t MaxSize) {
  if (File.size() == 0)
    return "file is empty";
  if (File.size() > MaxSize || File.size() >= SourceRange::Invalid)
    return tooLarge(File.size(), MaxSize, /*AtLeast=*/false);
  // One pass finds the first NUL (reported first: it means binary) and the
  // first invalid UTF-8 sequence (looked for only in windows with a byte
  // above 0x7f: most PTX is ASCII).
  size_t Nul = StringRef::npos, BadUtf8 = StringRef::npos;
  File.forEachWindow([&](StringRef W, size_t Off) {
    if (const void *P = std::memchr(W.data(), 0, W.size())) {
      Nul = Off + (static_cast<const char *>(P) - W.data());
      return false;
    }
    if (BadUtf8 == StringRef::npos) {
      unsigned char High = 0;
      for (unsigned char C : W)
        High |= C;
      const UTF8 *Begin = reinterpret_cast<const UTF8 *>(W.begin());
      const UTF8 *P = Begin;
      if ((High & 0x80) && !isLegalUTF8String(&P, reinterpret_cast<const UTF8 *>(W.end())))
        BadUtf8 = Off + (P - Begin);
    }
    return true;
  });
  if (Nul != StringRef::npos)
    return "not a text file: NUL byte at offset " + std::to_string(Nul);
  if (BadUtf8 != StringRef::npos)
    return "not UTF-8 text: invalid byte 0x" + utohexstr(File.text()[BadUtf8] & 0xFF, false, 2) +
           " at offset " + std::to_string(BadUtf8);
  std::string Why = checkLooksLikeText(File);
  if (!Why.empty())
    return "not PTX text: " + Why;
  return "";
}

static std::string tooLarge(uint64_t Size, uint64_t MaxSize, bool AtLeast) {
  return "file is too large: " + std::string(AtLeast ? "more than " : "") + std::to_string(Size) +
         " bytes (the limit is " + std::to_string(MaxSize) + "; see --max-file-size)";
}

namespace {
/// The pages a stream is read into: anonymous mappings of 1 MiB, each
/// unmapped as soon as it is copied out (freed heap memory often stays
/// resident, and a string grown by doubling holds up to twice the input).
class StreamParts {
public:
  static constexpr size_t PartSize = size_t(1) << 20;
  StreamParts() = default;
  StreamParts(const StreamParts &) = delete;
  StreamParts &operator=(const StreamParts &) = delete;
  ~StreamParts() {
    for (Part &P : Parts)
      release(P);
  }
  /// Room for the next read (a new part when the last is full).
  MutableArrayRef<char> room() {
    if (Parts.empty() || Parts.back().Used == PartSize) {
      void *Base =
          ::mmap(nullptr, PartSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (Base == MAP_FAILED)
        throw std::bad_alloc();
      Parts.push_back({static_cast<char *>(Base), 0});
    }
    Part &P = Parts.back();
    return MutableArrayRef<char>(P.Base + P.Used, PartSize - P.Used);
  }
  void commit(size_t N) { Parts.back().Used += N; }
  /// One buffer of exactly the bytes read; each part is given back once copied.
  std::string join(uint64_t Total) {
    std::string Buf;
    Buf.reserve(Total);
    for (Part &P : Parts) {
      Buf.append(P.Base, P.Used);
      release(P);
    }
    return Buf;
  }

private:
  struct Part {
    char *Base;
    size_t Used;
  };
  static void release(Part &P) {
    if (P.Base)
      ::munmap(P.Base, PartSize);
    P.Base = nullptr;
  }
  std::vector<Part> Parts;
};
} // namespace

/// Reads a stream (stdin, a pipe, a device) in chunks, stopping early at a
/// NUL byte or past MaxSize, so /dev/zero or `yes |` cannot exhaust memory.
/// The input is held once (plus a part of 1 MiB), whatever its size.
static std::string readStream(sys::fs::file_t FD, uint64_t MaxSize, std::string &Out) {
  StreamParts Parts;
  uint64_t Total = 0;
  while (true) {
    MutableArrayRef<char> Room = Parts.room();
    Expected<size_t> N = sys::fs::readNativeFile(FD, Room);
    if (!N)
      return "cannot read file: " + lowerFirst(toString(N.takeError()));
    if (*N == 0)
      break;
    size_t Nul = StringRef(Room.data(), *N).find('\0');
    if (Nul != StringRef::npos)
      return "not a text file: NUL byte at offset " + std::to_string(Total + Nul);
    Parts.commit(*N);
    Total += *N;
    if (Total > MaxSize)
      return tooLarge(MaxSize, MaxSize, /*AtLeast=*/true);
  }
  Out = Parts.join(Total);
  return "";
}

LoadedInput loadInput(const InputSpec &In, uint64_t MaxSize) {
  LoadedInput L;
  if (!In.Error.empty()) {
    L.Error = In.Error;
    return L;
  }
  std::unique_ptr<SourceFile> File;
  std::string Bytes;
  if (In.IsStdin) {
    L.Error = readStream(sys::fs::getStdinHandle(), MaxSize, Bytes);
  } else {
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(In.Path, St)) {
      L.Error = "cannot open file: " + lowerFirst(EC.message());
      return L;
    }
    if (sys::fs::is_regular_file(St)) {
      if (St.getSize() > MaxSize) {
        L.Error = tooLarge(St.getSize(), MaxSize, /*AtLeast=*/false);
        return L;
      }
      // A regular file is mapped, not copied: the parser and the checks
      // release the pages they are done with (docs/performance.md).
      std::string MapError;
      if (St.getSize() > 0)
        File = SourceFile::mapFile(In.Path, In.Path, MapError);
      if (!File) {
        ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
            In.Path, /*IsText=*/false, /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
        if (!Buf) {
          L.Error = "cannot read file: " + lowerFirst(Buf.getError().message());
          return L;
        }
        Bytes = std::string((*Buf)->getBuffer());
      }
    } else {
      Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(In.Path);
      if (!FD) {
        L.Error = "cannot open file: " + lowerFirst(toString(FD.takeError()));
        return L;
      }
      L.Error = readStream(*FD, MaxSize, Bytes);
      sys::fs::closeFile(*FD);
    }
  }
  if (!L.Error.empty())
    return L;
  if (!File)
    File = std::make_unique<SourceFile>(In.Path, std::move(Bytes));
  L.Error = whyNotText(*File, MaxSize);
  if (L.Error.empty())
    L.File = std::move(File);
  return L;
}

namespace {
/// What a worker leaves for the printer.
struct FileResult {
  FileReport Report;    // counts always; diagnostics kept for JSON/SARIF only
  std::string Rendered; // text, gcc and verify output
  bool VerifyFailed = false;
  bool Internal = false;
  /// --statistics: rule -> (count, severity of the last one).
  std::map<std::string, std::pair<unsigned, int>> ByRule;
  /// --fix / --diff: diagnostics whose fix was applied; whether the text
  /// changed; fixes left because they are unsafe; why the file could not be
  /// written (an I/O problem).
  unsigned FixesApplied = 0;
  bool Changed = false;
  unsigned UnsafeLeft = 0;
  std::string FixError;
  /// JSON/SARIF: the report has been written (DocumentWriter) as the file
  /// was checked; Report keeps only its counts.
  bool Written = false;
};
} // namespace

/// Applies the command line's view to the library's diagnostics:
/// suppression comments, --disable (also for diagnostics the library does
/// not know about, such as unknown-suppression), -Werror, position order.
static void postProcess(const SourceFile &F, std::vector<Diagnostic> &D, const LintOptions &Opts,
                        Severity MinSeverity) {
  applySuppressions(F, D, ruleEnabled(Rule::UnusedSuppression, Opts));
  if (MinSeverity != Severity::Note)
    llvm::erase_if(D, [&](const Diagnostic &X) {
      return X.Rule != ruleId(Rule::Io) &&
             static_cast<int>(X.Sev) < static_cast<int>(MinSeverity) &&
             !(Opts.WarningsAsErrors && X.Sev == Severity::Warning);
    });
  llvm::erase_if(D, [&](const Diagnostic &X) {
    return X.Rule != ruleId(Rule::Io) && !ruleEnabled(X.Rule, Opts);
  });
  if (Opts.WarningsAsErrors)
    for (Diagnostic &X : D)
      if (X.Sev == Severity::Warning)
        X.Sev = Severity::Error;
  std::stable_sort(D.begin(), D.end(), [](const Diagnostic &A, const Diagnostic &B) {
    uint32_t PA = A.Range.isValid() ? A.Range.Begin : 0;
    uint32_t PB = B.Range.isValid() ? B.Range.Begin : 0;
    return PA < PB;
  });
}

/// Whether F is compiler output: nvcc ("// Generated by NVIDIA NVVM
/// Compiler"), LLVM and Triton ("// Generated by LLVM NVPTX Back-End") say so
/// in their first comment lines.
static bool looksGenerated(const SourceFile &F) {
  StringRef Head = StringRef(F.text()).take_front(1024);
  return Head.contains("// Generated by ");
}

/// --fix and --diff: applies the fixes of D to F's text, lints the result
/// again and repeats (a fix left out because it overlapped another gets its
/// turn), at most 8 times. D becomes the diagnostics of the fixed text.
/// --fix writes the file back; --diff renders the diff into R.Rendered.
/// Returns the fixed text (null when nothing changed).
static std::unique_ptr<SourceFile> fixFile(const SourceFile &F, const InputSpec &In,
                                           std::vector<Diagnostic> &D, const LintOptions &LO,
                                           Severity MinSev, const DriverOptions &Opts,
                                           FileResult &R) {
  std::string Before = std::string(F.text());
  std::string Cur = Before;
  std::unique_ptr<SourceFile> Fixed;
  for (unsigned Pass = 0; Pass < 8; ++Pass) {
    FixResult FR = applyFixes(Cur, D, Opts.UnsafeFixes);
    if (FR.Text == Cur)
      break;
    R.FixesApplied += FR.Applied;
    Cur = std::move(FR.Text);
    Fixed = std::make_unique<SourceFile>(In.Path, Cur);
    LintResult Again = lintFile(*Fixed, LO);
    if (Again.OutOfMemory)
      throw std::bad_alloc();
    D = std::move(Again.Diags);
    postProcess(*Fixed, D, LO, MinSev);
  }
  if (!Opts.UnsafeFixes)
    for (const Diagnostic &X : D)
      R.UnsafeLeft += !X.Fixes.empty() && !isFixSafe(X.Rule);
  R.Changed = Cur != Before;
  if (Opts.Fix == FixMode::Diff)
    R.Rendered = unifiedDiff(Before, Cur, In.Path, In.Path);
  else if (R.Changed && !writeFileAtomically(In.Path, Cur, R.FixError))
    R.Changed = false;
  return R.Changed ? std::move(Fixed) : nullptr;
}

static std::string plural(size_t N, StringRef One, StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

/// What a worker hands its rendered output to as it goes: the printer
/// itself when files are checked one at a time (nothing is held), else null
/// (FileResult::Rendered holds it until the file's turn).
using EmitFn = std::function<void(std::string &)>;

/// Diagnostics rendered at a time before EmitFn takes them.
static constexpr size_t RenderChunk = 512;

/// The note after a file whose diagnostics passed --max-diagnostics.
static std::string droppedNote(const LintResult &LR, unsigned Limit) {
  return std::to_string(LR.Dropped) + " more diagnostic" + (LR.Dropped == 1 ? "" : "s") + " (" +
         plural(LR.DroppedErrors, "error", "errors") + ") not shown: the limit is " +
         std::to_string(Limit) + " a file (--max-diagnostics=0 shows all)";
}

/// Writes the JSON or SARIF entry of a file a chunk of diagnostics at a
/// time (nothing but the chunk is held); the counts in R.Report are its
/// totals (diagnostics past --max-diagnostics included).
static void writeDocument(const SourceFile &Shown, ArrayRef<Diagnostic> All, FileResult &R,
                          DocumentWriter &Doc) {
  Doc.beginFile(Shown.name(), R.Report.Errors, R.Report.Warnings, R.Report.Notes);
  for (size_t I = 0; I < All.size(); I += RenderChunk)
    Doc.addDiagnostics(
        makeReport(Shown, All.slice(I, std::min(RenderChunk, All.size() - I))).Diags);
  Doc.endFile(R.Report.IoError);
  R.Written = true;
}

/// Checks one input. Emit (when set) takes rendered text as it is made; Doc
/// (when set) takes JSON or SARIF output as it is made; otherwise R keeps it.
static void processFile(const InputSpec &In, const DriverOptions &Opts, FileResult &R,
                        const EmitFn &Emit, DocumentWriter *Doc) {
  std::string &Text = R.Rendered;
  ColorStringStream OS(Text, Opts.Colors);
  auto Flush = [&] {
    OS.flush();
    if (Emit && !Text.empty()) {
      Emit(Text);
      Text.clear();
    }
  };
  LoadedInput L = loadInput(In, Opts.MaxFileSize);
  if (!L.File) {
    R.Report = makeIoErrorReport(In.Path, L.Error);
    if (Opts.Format == OutputFormat::Text && !Opts.Verify)
      printTextNoSource(R.Report, OS);
    else if (Opts.Format == OutputFormat::Gcc || Opts.Verify)
      printGcc(R.Report, OS);
    else if (Opts.Format == OutputFormat::Github)
      printGithub(R.Report, OS);
    Flush();
    return;
  }
  const SourceFile &F = *L.File;
  LintOptions LO = In.Lint ? *In.Lint : Opts.Lint;
  // --fix and --diff see every diagnostic: a fix past the limit is a fix too.
  LO.MaxDiagnostics = Opts.Fix != FixMode::None ? 0 : Opts.Lint.MaxDiagnostics;
  bool Cuda =
      Opts.Lang == InputLang::Cuda || (Opts.Lang == InputLang::Auto && isCudaSourcePath(In.Path));
  LintResult LR = Cuda ? lintCudaSource(F, LO) : lintFile(F, LO);
  if (LR.OutOfMemory)
    throw std::bad_alloc(); // reported once, as an I/O problem (exit 2)
  std::vector<Diagnostic> D = std::move(LR.Diags);
  // Notes (style, advisories) are off on compiler output, which nobody
  // edits, unless --min-severity or a config asks for them.
  Severity MinSev = In.MinSeverity.value_or(Opts.MinSeverity);
  if (!In.MinSeverity && !Opts.Verify && MinSev == Severity::Note && looksGenerated(F))
    MinSev = Severity::Warning;
  postProcess(F, D, LO, MinSev);
  std::unique_ptr<SourceFile> Fixed =
      Opts.Fix != FixMode::None && !Cuda ? fixFile(F, In, D, LO, MinSev, Opts, R) : nullptr;
  if (Opts.Fix == FixMode::Diff) {
    Flush();
    return; // the diff is the output
  }
  const SourceFile &Shown = Fixed ? *Fixed : F;
  if (Opts.Statistics)
    for (const Diagnostic &X : D) {
      auto &E = R.ByRule[X.Rule];
      ++E.first;
      E.second = static_cast<int>(X.Sev);
    }
  // Text, gcc, GitHub and verify output are rendered here, a chunk at a
  // time, and only the counts are kept; JSON and SARIF keep the report.
  bool Document =
      !Opts.Verify && (Opts.Format == OutputFormat::Json || Opts.Format == OutputFormat::Sarif);
  if (Document && !Doc) {
    R.Report = makeReport(Shown, D);
  } else {
    R.Report.Path = std::string(Shown.name());
    for (const Diagnostic &X : D) {
      R.Report.Errors += X.Sev == Severity::Error;
      R.Report.Warnings += X.Sev == Severity::Warning;
      R.Report.Notes += X.Sev == Severity::Note;
      R.Report.IoError |= X.Rule == ruleId(Rule::Io);
    }
  }
  if (Document && Doc) {
    R.Report.Errors += LR.DroppedErrors;
    R.Report.Warnings += LR.Dropped - LR.DroppedErrors;
    writeDocument(Shown, D, R, *Doc);
    return;
  }
  if (Opts.Verify) {
    VerifyResult V = verifyDiagnostics(F, D, OS);
    R.VerifyFailed = !V.passed();
  } else if (!Document) {
    ArrayRef<Diagnostic> All(D);
    for (size_t I = 0; I < All.size(); I += RenderChunk) {
      ArrayRef<Diagnostic> Chunk = All.slice(I, std::min(RenderChunk, All.size() - I));
      if (Opts.Format == OutputFormat::Text) {
        printText(Shown, Chunk, OS);
      } else {
        FileReport Part = makeReport(Shown, Chunk);
        if (Opts.Format == OutputFormat::Gcc)
          printGcc(Part, OS);
        else
          printGithub(Part, OS);
      }
      Flush();
    }
  }
  if (LR.Dropped) {
    // Past --max-diagnostics: counted (the summary, the exit status), not shown.
    R.Report.Errors += LR.DroppedErrors;
    R.Report.Warnings += LR.Dropped - LR.DroppedErrors;
    if (!Opts.Verify) {
      FileReport Note = makeIoErrorReport(F.name(), droppedNote(LR, LO.MaxDiagnostics));
      Note.Diags[0].Sev = Severity::Note;
      Note.Diags[0].Rule = ruleId(Rule::TooManyDiagnostics);
      if (Opts.Format == OutputFormat::Text)
        printTextNoSource(Note, OS);
      else if (Opts.Format == OutputFormat::Gcc)
        printGcc(Note, OS);
      else if (Opts.Format == OutputFormat::Github)
        printGithub(Note, OS);
    }
  }
  Flush();
}

static void processFileNoThrow(const InputSpec &In, const DriverOptions &Opts, FileResult &R,
                               const EmitFn &Emit = nullptr, DocumentWriter *Doc = nullptr) {
  try {
    processFile(In, Opts, R, Emit, Doc);
  } catch (const std::bad_alloc &) {
    R = FileResult();
    R.Report = makeIoErrorReport(In.Path, "out of memory while checking this file");
    R.Internal = true; // exit 2, like an unreadable input
  } catch (const std::exception &E) {
    R = FileResult();
    R.Internal = true;
    R.Report = makeIoErrorReport(In.Path, std::string("internal error: ") + E.what() +
                                              " (please report this bug)");
  } catch (...) {
    R = FileResult();
    R.Internal = true;
    R.Report = makeIoErrorReport(In.Path, "internal error (please report this bug)");
  }
  if (R.Internal) {
    try {
      raw_string_ostream OS(R.Rendered);
      printGcc(R.Report, OS);
    } catch (const std::bad_alloc &) {
      R.Rendered = std::string();
    }
  }
}

namespace {
/// "[12/340] path" on stderr, redrawn in place; only on a terminal and only
/// once a run has taken long enough to be worth it.
class Progress {
public:
  Progress(bool Enabled, size_t Total) : Enabled(Enabled && Total > 1), Total(Total) {}
  void update(size_t Done, StringRef Next) {
    if (!Enabled)
      return;
    auto Now = std::chrono::steady_clock::now();
    if (Now - Start < std::chrono::milliseconds(300) || Now - Last < std::chrono::milliseconds(100))
      return;
    Last = Now;
    std::string Line = "[" + std::to_string(Done) + "/" + std::to_string(Total) + "] " + Next.str();
    unsigned Cols = sys::Process::StandardErrColumns();
    if (Cols > 1 && Line.size() >= Cols)
      Line.resize(Cols - 1);
    errs() << "\r\033[K" << Line;
    errs().flush();
    Shown = true;
  }
  void clear() {
    if (Shown) {
      errs() << "\r\033[K";
      errs().flush();
      Shown = false;
    }
  }

private:
  bool Enabled;
  size_t Total;
  bool Shown = false;
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point Last;
};
} // namespace

static std::string unsafeHint(unsigned N) {
  if (!N)
    return "";
  return "; " + plural(N, "unsafe fix", "unsafe fixes") + " not applied (--unsafe-fixes)";
}

namespace {
/// What the files of a run add up to.
struct RunTotals {
  unsigned Errors = 0, Warnings = 0, Notes = 0, VerifyFailures = 0;
  unsigned FixesApplied = 0, FilesChanged = 0, UnsafeLeft = 0;
  std::map<std::string, std::pair<unsigned, int>> ByRule;
  bool IoProblem = false;

  void add(const FileResult &R) {
    Errors += R.Report.Errors;
    Warnings += R.Report.Warnings;
    Notes += R.Report.Notes;
    for (const auto &[Rule, CountSev] : R.ByRule) {
      auto &E = ByRule[Rule];
      E.first += CountSev.first;
      E.second = CountSev.second;
    }
    IoProblem |= R.Report.IoError || R.Internal || !R.FixError.empty();
    FixesApplied += R.FixesApplied;
    FilesChanged += R.Changed;
    UnsafeLeft += R.UnsafeLeft;
    VerifyFailures += R.VerifyFailed;
  }
};
} // namespace

/// The run's summary line (stderr) and its exit status.
static int summarize(const RunTotals &T, size_t N, const DriverOptions &Opts) {
  if (Opts.Fix == FixMode::Diff) {
    if (!Opts.Quiet)
      errs() << (T.FilesChanged ? "would fix " : "nothing to fix") +
                    (T.FilesChanged
                         ? plural(T.FixesApplied, "problem", "problems") + " in " +
                               plural(T.FilesChanged, "file", "files") + "; run with --fix"
                         : std::string())
             << unsafeHint(T.UnsafeLeft) << "\n";
    return T.IoProblem ? ExitUsage : T.FilesChanged ? ExitErrors : ExitOk;
  }
  if (!Opts.Quiet && Opts.Fix == FixMode::Fix)
    errs() << "fixed " << plural(T.FixesApplied, "problem", "problems") << " in "
           << plural(T.FilesChanged, "file", "files") << unsafeHint(T.UnsafeLeft) << "\n";
  if (!Opts.Quiet) {
    if (Opts.Verify)
      errs() << "verify-diagnostics: " << plural(N, "file", "files") << ", "
             << (N - T.VerifyFailures) << " passed, " << T.VerifyFailures << " failed\n";
    else
      errs() << plural(N, "file", "files") << ", " << plural(T.Errors, "error", "errors") << ", "
             << plural(T.Warnings, "warning", "warnings")
             << (T.Notes ? ", " + plural(T.Notes, "note", "notes") : std::string()) << "\n";
  }
  if (Opts.Statistics)
    printStatistics(T.ByRule, errs());
  if (T.IoProblem)
    return ExitUsage;
  if (Opts.Verify)
    return T.VerifyFailures ? ExitErrors : ExitOk;
  return T.Errors ? ExitErrors : ExitOk;
}

int runLint(const std::vector<InputSpec> &Files, const DriverOptions &Opts, raw_ostream &Out) {
  size_t N = Files.size();
  std::vector<FileResult> Results(N);
  std::vector<char> Done(N, 0);
  std::mutex M;
  std::condition_variable CV;
  std::atomic<size_t> Next{0};
  // Workers stay at most Window files ahead of the output (written in
  // order): memory holds a few files' reports, not the run's.
  size_t Consumed = 0;
  bool Abort = false;
  // Workers start on files only once every thread exists: when creating one
  // fails, none has begun a file (a worker that ran out of memory inside
  // ANTLR's runtime would leave its global ATN lock held and the join hang).
  bool Go = false;

  unsigned Jobs = std::max(1u, std::min<unsigned>(Opts.Jobs, static_cast<unsigned>(N)));
  const size_t Window = 2 * size_t(Jobs);
  std::vector<std::thread> Pool;
  if (Jobs > 1) {
    try {
      for (unsigned T = 0; T < Jobs; ++T)
        Pool.emplace_back([&] {
          {
            std::unique_lock<std::mutex> G(M);
            CV.wait(G, [&] { return Go || Abort; });
            if (Abort)
              return;
          }
          while (true) {
            size_t I = Next++;
            if (I >= N)
              return;
            {
              std::unique_lock<std::mutex> G(M);
              CV.wait(G, [&] { return Abort || I < Consumed + Window; });
              if (Abort)
                return;
            }
            processFileNoThrow(Files[I], Opts, Results[I]);
            std::lock_guard<std::mutex> G(M);
            Done[I] = 1;
            CV.notify_all();
          }
        });
    } catch (const std::exception &E) {
      // No thread (address-space or process limits: std::system_error, or
      // std::bad_alloc for the thread's state): stop the ones that started,
      // and say so once.
      const auto *SE = dynamic_cast<const std::system_error *>(&E);
      Next = N;
      {
        std::lock_guard<std::mutex> G(M);
        Abort = true;
      }
      CV.notify_all();
      for (std::thread &T : Pool)
        T.join();
      errs() << "ptx-lint: error: cannot start " << Jobs << " worker threads: "
             << (SE ? lowerFirst(SE->code().message()) : std::string("out of memory"))
             << " (try -j1)\n";
      return ExitUsage;
    }
    {
      std::lock_guard<std::mutex> G(M);
      Go = true;
    }
    CV.notify_all();
  }

  Progress Prog(Opts.Progress, N);
  bool Streamed = Opts.Verify || Opts.Fix == FixMode::Diff || Opts.Format == OutputFormat::Text ||
                  Opts.Format == OutputFormat::Gcc || Opts.Format == OutputFormat::Github;
  // JSON and SARIF are written a file at a time as the files come in order
  // (with -j1 a chunk of diagnostics at a time), never held for the whole run.
  std::unique_ptr<DocumentWriter> Doc;
  if (!Streamed)
    Doc = std::make_unique<DocumentWriter>(
        Opts.Format == OutputFormat::Json ? DocumentFormat::Json : DocumentFormat::Sarif, Out,
        Opts.Doc);
  RunTotals Totals;
  for (size_t I = 0; I < N; ++I) {
    if (Jobs > 1) {
      std::unique_lock<std::mutex> G(M);
      while (!Done[I]) {
        if (CV.wait_for(G, std::chrono::milliseconds(100)) == std::cv_status::timeout) {
          G.unlock();
          Prog.update(I, Files[I].Path);
          G.lock();
        }
      }
    } else {
      Prog.update(I, Files[I].Path);
      // One file at a time: its output goes straight to Out as it is
      // rendered, never held whole (docs/performance.md).
      EmitFn Emit;
      if (Streamed)
        Emit = [&](std::string &Chunk) {
          Prog.clear();
          Out << Chunk;
          Out.flush();
        };
      processFileNoThrow(Files[I], Opts, Results[I], Emit, Doc.get());
    }
    FileResult &R = Results[I];
    if (Doc && !R.Written) {
      Prog.clear();
      Doc->addFile(R.Report);
      R.Report.Diags = std::vector<LocatedDiagnostic>();
    }
    Totals.add(R);
    if (!R.FixError.empty()) {
      Prog.clear();
      errs() << "ptx-lint: error: " << R.FixError << "\n";
    }
    if (Streamed && !R.Rendered.empty()) {
      Prog.clear();
      Out << R.Rendered;
      Out.flush();
      std::string().swap(R.Rendered);
    }
    Prog.update(I + 1, I + 1 < N ? StringRef(Files[I + 1].Path) : StringRef());
    if (Jobs > 1) {
      {
        std::lock_guard<std::mutex> G(M);
        Consumed = I + 1;
      }
      CV.notify_all();
    }
  }
  for (std::thread &T : Pool)
    T.join();
  Prog.clear();

  if (Doc) {
    Doc->finish();
    Out.flush();
  }

  return summarize(Totals, N, Opts);
}

} // namespace ptxlint
