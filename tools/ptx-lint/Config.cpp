//===- Config.cpp - .ptx-lint.yaml and the inputs it selects -------------===//
//
// The file format (every key optional; docs/user-guide.md, Configuration):
//
//   arch: sm_100a             # as --arch (ptxas -arch)
//   target: sm_90a            # as --target
//   ptx-version: "8.7"        # as --ptx-version
//   min-severity: warning     # as --min-severity
//   disable: [mma-*, wmma-mma-qualifier-order]
//   enable: [mma-target]      # disable/enable apply in document order
//   exclude: [third_party/**, "*.gen.ptx"]
//   overrides:
//     - files: [generated/**]
//       disable: [wmma-*]
//       min-severity: warning
//
// Paths and globs are relative to the directory holding the file.
//
//===----------------------------------------------------------------------===//

#include "Config.h"

#include "Check/RuleSelect.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <map>
#include <set>

using namespace llvm;

namespace ptxlint {

namespace {

const char ConfigName[] = ".ptx-lint.yaml";

/// Settings one mapping of the file gives (the top level or an override).
struct Settings {
  std::vector<std::pair<std::string, bool>> Rules;
  std::optional<std::string> TargetText, VersionText;
  std::optional<Target> TargetValue, ArchValue;
  bool ArchParseOnly = false; ///< arch = compute_NN
  std::optional<PtxVersion> VersionValue;
  std::optional<Severity> MinSeverity;
};

struct Override {
  std::vector<std::string> Files;
  Settings S;
};

struct ConfigFile {
  std::string Dir; ///< absolute directory the globs are relative to
  std::string Path;
  Settings Top;
  std::vector<std::string> Exclude;
  std::vector<Override> Overrides;
};

/// Reads a YAML document into a ConfigFile, reporting the first problem with
/// its file:line:col.
class Reader {
public:
  Reader(StringRef Path, StringRef Text) : Path(Path), Text(Text) {}

  bool read(ConfigFile &C, std::string &Err) {
    SourceMgr SM;
    std::string Diag;
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          auto *Out = static_cast<std::string *>(Ctx);
          if (Out->empty()) {
            raw_string_ostream OS(*Out);
            OS << D.getLineNo() << ":" << (D.getColumnNo() + 1) << ": " << D.getMessage();
          }
        },
        &Diag);
    yaml::Stream Stream(Text, SM);
    this->SM = &SM;
    bool Ok = true;
    for (yaml::Document &Doc : Stream) {
      yaml::Node *Root = Doc.getRoot();
      if (!Root || isa<yaml::NullNode>(Root))
        continue;
      auto *Map = dyn_cast<yaml::MappingNode>(Root);
      if (!Map) {
        Ok = fail(Root, "the file must be a mapping of settings (target:, disable:, ...)");
        break;
      }
      Ok = readMapping(*Map, C.Top, &C);
      if (!Ok)
        break;
    }
    if (!Diag.empty()) {
      Err = Path + ":" + Diag;
      return false;
    }
    if (!Ok)
      Err = Path + ":" + Msg;
    return Ok;
  }

private:
  std::string Path;
  StringRef Text;
  SourceMgr *SM = nullptr;
  std::string Msg;

  bool fail(yaml::Node *N, const Twine &M) {
    std::pair<unsigned, unsigned> LC = SM->getLineAndColumn(N->getSourceRange().Start);
    Msg = std::to_string(LC.first) + ":" + std::to_string(LC.second) + ": " + M.str();
    return false;
  }

  bool scalar(yaml::Node *N, std::string &Out, StringRef Key) {
    auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
    if (!S)
      return fail(N, "'" + Key + "' takes a single value");
    SmallString<64> Storage;
    Out = S->getValue(Storage).str();
    return true;
  }

  /// A sequence of scalars, or one scalar (a comma-separated list).
  bool list(yaml::Node *N, std::vector<std::string> &Out, StringRef Key) {
    if (auto *S = dyn_cast_or_null<yaml::ScalarNode>(N)) {
      SmallString<64> Storage;
      SmallVector<StringRef, 8> Parts;
      S->getValue(Storage).split(Parts, ',', -1, false);
      for (StringRef P : Parts)
        Out.push_back(P.trim().str());
      return true;
    }
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq)
      return fail(N, "'" + Key + "' takes a list, e.g. [a, b]");
    for (yaml::Node &E : *Seq) {
      std::string V;
      if (!scalar(&E, V, Key))
        return false;
      Out.push_back(V);
    }
    return true;
  }

  /// One pass over Map (YAML nodes are read as a stream, once): the
  /// settings into S, and for an override (Top null) its globs into Files.
  bool readMapping(yaml::MappingNode &Map, Settings &S, ConfigFile *Top,
                   std::vector<std::string> *Files = nullptr) {
    static const char *const TopKeys[] = {"arch",    "target", "ptx-version", "min-severity",
                                          "disable", "enable", "exclude",     "overrides"};
    static const char *const OverrideKeys[] = {"files",        "arch",    "target", "ptx-version",
                                               "min-severity", "disable", "enable"};
    ArrayRef<const char *> Keys = Top ? ArrayRef<const char *>(TopKeys) : OverrideKeys;
    for (yaml::KeyValueNode &KV : Map) {
      std::string Key;
      if (!scalar(KV.getKey(), Key, "key"))
        return false;
      yaml::Node *V = KV.getValue();
      if (Key == "target" || Key == "arch") {
        std::string T;
        if (!scalar(V, T, Key))
          return false;
        std::optional<Target> P = Target::parse(T);
        if (!P || !findTarget(*P))
          return fail(V, (llvm::Twine("unknown ") + Key + " '" + T +
                          "' (expected sm_NN, sm_NNa or sm_NNf, e.g. sm_90a)")
                             .str());
        (Key == "arch" ? S.ArchValue : S.TargetValue) = *P;
        if (Key == "arch")
          S.ArchParseOnly = llvm::StringRef(T).trim().startswith("compute_");
      } else if (Key == "ptx-version") {
        std::string T;
        if (!scalar(V, T, Key))
          return false;
        std::optional<PtxVersion> P = PtxVersion::parse(T);
        if (!P || !isKnownPtxVersion(*P))
          return fail(V,
                      "unknown ptx-version '" + T + "'; known versions: " + knownPtxVersionsText());
        S.VersionValue = *P;
      } else if (Key == "min-severity") {
        std::string T;
        if (!scalar(V, T, Key))
          return false;
        if (T == "note")
          S.MinSeverity = Severity::Note;
        else if (T == "warning")
          S.MinSeverity = Severity::Warning;
        else if (T == "error")
          S.MinSeverity = Severity::Error;
        else
          return fail(V, "min-severity must be note, warning or error");
      } else if (Key == "disable" || Key == "enable") {
        std::vector<std::string> Sels;
        if (!list(V, Sels, Key))
          return false;
        for (const std::string &Sel : Sels) {
          std::string E = checkRuleSelector(Sel, "'" + Key + "'");
          if (!E.empty())
            return fail(V, E);
          S.Rules.emplace_back(Sel, Key == "enable");
        }
      } else if (Key == "exclude" && Top) {
        if (!list(V, Top->Exclude, Key))
          return false;
      } else if (Key == "files" && Files) {
        if (!list(V, *Files, Key))
          return false;
      } else if (Key == "overrides" && Top) {
        if (!readOverrides(V, *Top))
          return false;
      } else {
        std::string Valid;
        for (const char *K : Keys)
          Valid += (Valid.empty() ? "" : ", ") + std::string(K);
        std::string Near;
        unsigned Best = 3;
        for (const char *K : Keys)
          if (unsigned D = StringRef(Key).edit_distance(K); D < Best)
            Best = D, Near = K;
        std::string Msg = "unknown key '" + Key + "'";
        if (!Near.empty())
          Msg += "; did you mean '" + Near + "'?";
        Msg += " (valid keys: " + Valid + ")";
        return fail(KV.getKey(), Msg);
      }
    }
    return true;
  }

  bool readOverrides(yaml::Node *N, ConfigFile &C) {
    auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
    if (!Seq)
      return fail(N, "'overrides' takes a list of mappings, each with 'files'");
    for (yaml::Node &E : *Seq) {
      auto *Map = dyn_cast<yaml::MappingNode>(&E);
      if (!Map)
        return fail(&E, "each override is a mapping with 'files' and settings");
      Override O;
      if (!readMapping(*Map, O.S, nullptr, &O.Files))
        return false;
      if (O.Files.empty())
        return fail(&E, "an override needs 'files' (globs relative to the config's directory)");
      C.Overrides.push_back(std::move(O));
    }
    return true;
  }
};

bool globComponent(StringRef P, StringRef S) {
  // '*' and '?' within one component (no '/').
  size_t PI = 0, SI = 0, Star = StringRef::npos, Mark = 0;
  while (SI < S.size()) {
    if (PI < P.size() && (P[PI] == '?' || P[PI] == S[SI])) {
      ++PI, ++SI;
    } else if (PI < P.size() && P[PI] == '*') {
      Star = PI++;
      Mark = SI;
    } else if (Star != StringRef::npos) {
      PI = Star + 1;
      SI = ++Mark;
    } else {
      return false;
    }
  }
  while (PI < P.size() && P[PI] == '*')
    ++PI;
  return PI == P.size();
}

bool globParts(ArrayRef<StringRef> P, ArrayRef<StringRef> S) {
  if (P.empty())
    return S.empty();
  if (P.front() == "**") {
    for (size_t I = 0; I <= S.size(); ++I)
      if (globParts(P.drop_front(), S.drop_front(I)))
        return true;
    return false;
  }
  return !S.empty() && globComponent(P.front(), S.front()) &&
         globParts(P.drop_front(), S.drop_front());
}

std::string absolute(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

/// The path of F relative to Dir ('/'-separated), or "" when F is not below Dir.
std::string relativeTo(StringRef Dir, StringRef F) {
  if (!F.startswith(Dir))
    return "";
  StringRef R = F.drop_front(Dir.size());
  if (!R.empty() && R.front() != '/' && !Dir.endswith("/"))
    return "";
  return R.ltrim('/').str();
}

/// Finds and caches the nearest config of each directory.
class ConfigFinder {
public:
  explicit ConfigFinder(const CommandLineSettings &Cli) : Cli(Cli) {}

  /// The config for a file in directory Dir (absolute); null when none.
  const ConfigFile *forDir(const std::string &Dir, std::string &Err) {
    if (Cli.NoConfig)
      return nullptr;
    if (!Cli.ConfigPath.empty())
      return load(absolute(Cli.ConfigPath), Err);
    auto It = ByDir.find(Dir);
    if (It != ByDir.end())
      return It->second;
    SmallString<256> Candidate(Dir);
    sys::path::append(Candidate, ConfigName);
    const ConfigFile *C = nullptr;
    if (sys::fs::exists(Candidate))
      C = load(std::string(Candidate), Err);
    else if (StringRef Parent = sys::path::parent_path(Dir); !Parent.empty() && Parent != Dir)
      C = forDir(Parent.str(), Err);
    ByDir[Dir] = C;
    return C;
  }

private:
  const CommandLineSettings &Cli;
  std::map<std::string, const ConfigFile *> ByDir;
  std::map<std::string, std::unique_ptr<ConfigFile>> Loaded;

  const ConfigFile *load(const std::string &Path, std::string &Err) {
    auto It = Loaded.find(Path);
    if (It != Loaded.end())
      return It->second.get();
    auto C = std::make_unique<ConfigFile>();
    C->Path = Path;
    C->Dir = sys::path::parent_path(Path).str();
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      Err = "cannot read " + Path + ": " + Buf.getError().message();
      return nullptr;
    }
    if (!Reader(Path, (*Buf)->getBuffer()).read(*C, Err))
      return nullptr;
    return (Loaded[Path] = std::move(C)).get();
  }
};

void apply(const Settings &S, LintOptions &L, std::optional<Severity> &MinSev) {
  L.RuleSelectors.insert(L.RuleSelectors.end(), S.Rules.begin(), S.Rules.end());
  if (S.TargetValue)
    L.TargetOverride = S.TargetValue;
  if (S.ArchValue) {
    L.Arch = S.ArchValue;
    L.ArchParseOnly = S.ArchParseOnly;
  }
  if (S.VersionValue)
    L.Version = S.VersionValue;
  if (S.MinSeverity)
    MinSev = S.MinSeverity;
}

/// Whether F (absolute, found below the walked directory Root) lies in a
/// build directory (one with a CMakeCache.txt) strictly below Root.
bool inBuildDir(StringRef Root, StringRef F, std::map<std::string, bool> &Cache) {
  for (StringRef D = sys::path::parent_path(F); D.size() > Root.size() && D.startswith(Root);
       D = sys::path::parent_path(D)) {
    auto [It, New] = Cache.try_emplace(D.str(), false);
    if (New) {
      SmallString<256> C(D);
      sys::path::append(C, "CMakeCache.txt");
      It->second = sys::fs::exists(C);
    }
    if (It->second)
      return true;
  }
  return false;
}

/// The files among Files that git ignores (all in one `git check-ignore`
/// call run in Dir); empty when Dir is not in a git work tree or git is
/// missing.
std::set<std::string> gitIgnored(StringRef Dir, const std::vector<std::string> &Files) {
  std::set<std::string> Out;
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git || Files.empty())
    return Out;
  SmallString<128> In, OutFile;
  if (sys::fs::createTemporaryFile("ptx-lint-check-ignore", "in", In) ||
      sys::fs::createTemporaryFile("ptx-lint-check-ignore", "out", OutFile))
    return Out;
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    for (const std::string &F : Files)
      OS << F << '\0';
  }
  std::string DirS = Dir.str();
  StringRef Args[] = {*Git, "-C", DirS, "check-ignore", "--stdin", "-z"};
  Optional<StringRef> Redirects[] = {StringRef(In), StringRef(OutFile), StringRef("")};
  int RC = sys::ExecuteAndWait(*Git, Args, None, Redirects, /*SecondsToWait=*/60);
  if (RC == 0) { // 1: nothing ignored; 128: not a work tree
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(OutFile)) {
      SmallVector<StringRef, 16> Parts;
      (*B)->getBuffer().split(Parts, '\0', -1, false);
      for (StringRef P : Parts)
        Out.insert(P.str());
    }
  }
  sys::fs::remove(In);
  sys::fs::remove(OutFile);
  return Out;
}

} // namespace

bool pathGlobMatches(StringRef Pattern, StringRef RelPath) {
  // As in .gitignore: a '/' at the start or in the middle anchors the
  // pattern to the config's directory; a trailing '/' only says "directory".
  Pattern = Pattern.trim();
  if (Pattern.endswith("/"))
    Pattern = Pattern.drop_back(); // a directory: everything below it
  bool Anchored = Pattern.contains('/');
  Pattern = Pattern.ltrim('/');
  SmallVector<StringRef, 8> P, S;
  Pattern.split(P, '/', -1, false);
  RelPath.split(S, '/', -1, false);
  if (!Anchored)
    P.insert(P.begin(), "**");
  // A pattern naming a directory also matches every file below it.
  if (globParts(P, S))
    return true;
  P.push_back("**");
  return globParts(P, S);
}

bool expandWithConfig(const std::vector<std::string> &Args, const CommandLineSettings &Cli,
                      std::vector<InputSpec> &Files, std::string &Err,
                      std::vector<std::string> *WalkNotes) {
  ConfigFinder Finder(Cli);
  std::map<std::string, bool> BuildDirs;
  for (const std::string &Arg : Args) {
    std::vector<InputSpec> Part = expandInputs({Arg}, Cli.StdinName, WalkNotes);
    bool Walked = Arg != "-" && sys::fs::is_directory(Arg);
    std::string Root = Walked ? absolute(Arg) : "";
    std::set<std::string> Ignored;
    if (Walked) {
      std::vector<std::string> Abs;
      for (const InputSpec &In : Part)
        if (In.Error.empty())
          Abs.push_back(absolute(In.Path));
      // A directory that is itself ignored (a build tree named on purpose)
      // is walked in full; otherwise what git ignores below it is skipped.
      std::string Probe = Root + "/.ptx-lint-probe";
      Abs.push_back(Probe);
      Ignored = gitIgnored(Root, Abs);
      if (Ignored.count(Probe))
        Ignored.clear();
    }
    size_t Kept = 0;
    // Before the loop moves the entries away (a moved-from Error is empty).
    bool WalkFailed = llvm::any_of(Part, [](const InputSpec &In) { return !In.Error.empty(); });
    for (InputSpec &In : Part) {
      if (!In.Error.empty()) {
        Files.push_back(std::move(In));
        continue;
      }
      // stdin: the settings of --stdin-name's directory, else the current one.
      std::string Abs =
          absolute(In.IsStdin ? (Cli.StdinName.empty() ? "<stdin>" : Cli.StdinName) : In.Path);
      if (Walked && (Ignored.count(Abs) || inBuildDir(Root, Abs, BuildDirs)))
        continue;
      const ConfigFile *C = Finder.forDir(sys::path::parent_path(Abs).str(), Err);
      if (!Err.empty())
        return false;
      auto L = std::make_shared<LintOptions>(Cli.Lint);
      L->RuleSelectors.clear();
      std::optional<Severity> MinSev;
      if (C) {
        std::string Rel = relativeTo(C->Dir, Abs);
        if (!In.IsStdin && !Rel.empty() &&
            llvm::any_of(C->Exclude, [&](const std::string &G) { return pathGlobMatches(G, Rel); }))
          continue;
        apply(C->Top, *L, MinSev);
        for (const Override &O : C->Overrides)
          if (!Rel.empty() &&
              llvm::any_of(O.Files, [&](const std::string &G) { return pathGlobMatches(G, Rel); }))
            apply(O.S, *L, MinSev);
      }
      // The command line last: it wins.
      L->RuleSelectors.insert(L->RuleSelectors.end(), Cli.Lint.RuleSelectors.begin(),
                              Cli.Lint.RuleSelectors.end());
      if (Cli.Lint.TargetOverride)
        L->TargetOverride = Cli.Lint.TargetOverride;
      if (Cli.Lint.Arch) {
        L->Arch = Cli.Lint.Arch;
        L->ArchParseOnly = Cli.Lint.ArchParseOnly;
      }
      if (Cli.Lint.Version)
        L->Version = Cli.Lint.Version;
      if (Cli.MinSeverity)
        MinSev = Cli.MinSeverity;
      In.Lint = std::move(L);
      In.MinSeverity = MinSev;
      Files.push_back(std::move(In));
      ++Kept;
    }
    if (Walked && Kept == 0 && !Part.empty() && !WalkFailed)
      Files.push_back({Arg, false, "directory contains no .ptx files (all excluded or ignored)"});
  }
  return true;
}

} // namespace ptxlint
