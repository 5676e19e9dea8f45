//===- DocumentOutput.cpp - JSON and SARIF 2.1.0 documents ----------------===//
//
// Both formats describe the whole run in one document on stdout, written
// with llvm::json::OStream as the run goes (DocumentWriter: no intermediate
// tree, and a file's diagnostics can be written a chunk at a time). The JSON
// schema is documented in docs/user-guide.md and is stable: fields may be
// added, never renamed or removed.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"

#include "ptxlint/Fix.h"

#include "Support/RuleDocs.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace ptxlint {

/// Version of the --format=json schema (bumped only on incompatible change).
static constexpr int JsonSchemaVersion = 1;

/// JSON strings must be UTF-8; a file name need not be (its invalid bytes
/// become U+FFFD rather than an invalid document).
static std::string utf8(StringRef S) { return json::isUTF8(S) ? S.str() : json::fixUTF8(S); }

static void rangeFields(json::OStream &J, const LineColRange &L) {
  J.attribute("line", L.Line);
  J.attribute("column", L.Column);
  J.attribute("end_line", L.EndLine);
  J.attribute("end_column", L.EndColumn);
}

/// One diagnostic of the JSON "diagnostics" array.
static void jsonDiagnostic(json::OStream &J, const LocatedDiagnostic &D) {
  J.object([&] {
    J.attribute("severity", StringRef(severityName(D.Sev)));
    J.attribute("rule", D.Rule);
    rangeFields(J, D.Loc);
    J.attribute("message", utf8(D.Message));
    J.attribute("spec", D.Spec);
    J.attribute("fix_safety",
                D.Fixes.empty() ? StringRef("none") : StringRef(fixSafetyName(fixSafety(D.Rule))));
    J.attributeArray("fixes", [&] {
      for (const LocatedDiagnostic::Fix &F : D.Fixes)
        J.object([&] {
          rangeFields(J, F.Loc);
          J.attribute("replacement", utf8(F.Replacement));
        });
    });
    J.attributeArray("notes", [&] {
      for (const LocatedDiagnostic::Note &N : D.Notes)
        J.object([&] {
          rangeFields(J, N.Loc);
          J.attribute("message", utf8(N.Message));
        });
    });
    if (!D.Origin.empty())
      J.attributeArray("origin", [&] {
        for (const SourceOrigin &O : D.Origin)
          J.object([&] {
            J.attribute("file", utf8(O.File));
            J.attribute("line", O.Line);
            J.attribute("column", O.Column);
            J.attribute("message", utf8(O.Message));
          });
      });
  });
}

static StringRef sarifLevel(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

/// A file path as a SARIF artifact URI (relative paths stay relative).
static std::string toUri(StringRef Path) {
  std::string U;
  for (char C : Path) {
    unsigned char UC = static_cast<unsigned char>(C);
    if (isAlnum(C) || StringRef("-._~/").contains(C)) {
      U += C;
    } else {
      static const char Hex[] = "0123456789ABCDEF";
      U += '%';
      U += Hex[UC >> 4];
      U += Hex[UC & 15];
    }
  }
  if (Path.startswith("/"))
    return "file://" + U;
  return U;
}

/// The artifact location of Path: relative to Root (uriBaseId SRCROOT) when
/// Root is set and Path lies below it, else toUri(Path).
static void sarifArtifact(json::OStream &J, StringRef Path, StringRef Root) {
  if (!Root.empty()) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    StringRef A = Abs;
    if (A.startswith(Root) && A.size() > Root.size() &&
        (Root.endswith("/") || A[Root.size()] == '/')) {
      J.attribute("uri", toUri(A.drop_front(Root.size()).ltrim('/')));
      J.attribute("uriBaseId", "SRCROOT");
      return;
    }
  }
  J.attribute("uri", toUri(Path));
}

/// help.markdown of a rule: the constraint, the example, the fix, the links.
static std::string ruleMarkdown(StringRef Id, StringRef Summary, StringRef Example, StringRef Fix,
                                StringRef Spec, StringRef SpecUri, StringRef DocUri) {
  std::string M = Summary.str() + "\n";
  const RuleDoc *Doc = findRuleDoc(Id);
  if (Doc)
    M += "\n**Why:** " + std::string(Doc->Rationale) + "\n";
  if (!Example.empty())
    M += "\nReported on:\n\n```ptx\n" + Example.str() + "\n```\n";
  if (Doc)
    M += "\nCorrected:\n\n```ptx\n" + std::string(Doc->Corrected) + "\n```\n";
  if (!Fix.empty())
    M += "\n**Fix:** " + Fix.str() + "\n";
  if (!Spec.empty())
    M += "\nPTX ISA section " +
         (SpecUri.empty() ? Spec.str() : "[" + Spec.str() + "](" + SpecUri.str() + ")") + ".";
  M += " [Rule reference](" + DocUri.str() + ").\n";
  return M;
}

/// What a fix does, in words: "replace '.x3' with '.x1'", "delete '.aligned'",
/// "insert '.aligned'" (several edits joined with "; "), then whether it is
/// safe.
static std::string fixDescription(StringRef Rule, ArrayRef<LocatedDiagnostic::Fix> Fixes) {
  auto Quote = [](StringRef T) {
    std::string Q = T.size() > 60 ? T.take_front(57).str() + "..." : T.str();
    for (char &C : Q)
      if (C == '\n' || C == '\t')
        C = ' ';
    return "'" + Q + "'";
  };
  std::string S;
  for (const LocatedDiagnostic::Fix &F : Fixes) {
    bool Insert = F.Loc.Line == F.Loc.EndLine && F.Loc.Column == F.Loc.EndColumn;
    std::string At = " at " + std::to_string(F.Loc.Line) + ":" + std::to_string(F.Loc.Column);
    std::string One = Insert ? "insert " + Quote(F.Replacement) + At
                      : F.Replacement.empty()
                          ? "delete " + Quote(F.Original) + At
                          : "replace " + Quote(F.Original) + At + " with " + Quote(F.Replacement);
    S += (S.empty() ? "" : "; ") + One;
  }
  S[0] = toUpper(S[0]);
  return S + (isFixSafe(Rule) ? " (safe: ptx-lint --fix applies it)"
                              : " (unsafe: check it; ptx-lint --fix --unsafe-fixes applies it)");
}

static void sarifRegion(json::OStream &J, const LineColRange &L) {
  J.attributeObject("region", [&] {
    J.attribute("startLine", L.Line);
    J.attribute("startColumn", L.Column);
    J.attribute("endLine", L.EndLine);
    J.attribute("endColumn", L.EndColumn);
  });
}

/// One element of SARIF's "results".
static void sarifResult(json::OStream &J, const LocatedDiagnostic &D, int RuleIndex, StringRef Path,
                        size_t FileIdx, StringRef Root) {
  J.object([&] {
    J.attribute("ruleId", D.Rule);
    if (RuleIndex >= 0) // every rule is registered (Rules.def); else no index
      J.attribute("ruleIndex", RuleIndex);
    J.attribute("level", sarifLevel(D.Sev));
    J.attributeObject("message", [&] { J.attribute("text", utf8(D.Message)); });
    J.attributeArray("locations", [&] {
      J.object([&] {
        J.attributeObject("physicalLocation", [&] {
          J.attributeObject("artifactLocation", [&] {
            sarifArtifact(J, Path, Root);
            J.attribute("index", static_cast<int64_t>(FileIdx));
          });
          if (D.Loc.isValid())
            sarifRegion(J, D.Loc);
        });
      });
    });
    if (!D.Notes.empty() || !D.Origin.empty())
      J.attributeArray("relatedLocations", [&] {
        for (size_t I = 0; I < D.Notes.size(); ++I)
          J.object([&] {
            J.attribute("id", static_cast<int64_t>(I));
            J.attributeObject("physicalLocation", [&] {
              J.attributeObject("artifactLocation", [&] { sarifArtifact(J, Path, Root); });
              if (D.Notes[I].Loc.isValid())
                sarifRegion(J, D.Notes[I].Loc);
            });
            J.attributeObject("message", [&] { J.attribute("text", utf8(D.Notes[I].Message)); });
          });
        // The .loc source origin: locations in the CUDA source.
        for (size_t I = 0; I < D.Origin.size(); ++I)
          J.object([&] {
            const SourceOrigin &O = D.Origin[I];
            J.attribute("id", static_cast<int64_t>(D.Notes.size() + I));
            J.attributeObject("physicalLocation", [&] {
              J.attributeObject("artifactLocation", [&] { J.attribute("uri", toUri(O.File)); });
              J.attributeObject("region", [&] {
                J.attribute("startLine", O.Line);
                if (O.Column)
                  J.attribute("startColumn", O.Column);
              });
            });
            J.attributeObject("message", [&] { J.attribute("text", utf8(O.Message)); });
          });
      });
    if (!D.Fixes.empty())
      J.attributeArray("fixes", [&] {
        J.object([&] {
          J.attributeObject("description",
                            [&] { J.attribute("text", utf8(fixDescription(D.Rule, D.Fixes))); });
          J.attributeObject("properties", [&] {
            J.attribute("safety", StringRef(fixSafetyName(fixSafety(D.Rule))));
          });
          J.attributeArray("artifactChanges", [&] {
            J.object([&] {
              J.attributeObject("artifactLocation", [&] { sarifArtifact(J, Path, Root); });
              J.attributeArray("replacements", [&] {
                for (const LocatedDiagnostic::Fix &F : D.Fixes)
                  J.object([&] {
                    J.attributeObject("deletedRegion", [&] {
                      J.attribute("startLine", F.Loc.Line);
                      J.attribute("startColumn", F.Loc.Column);
                      J.attribute("endLine", F.Loc.EndLine);
                      J.attribute("endColumn", F.Loc.EndColumn);
                    });
                    J.attributeObject("insertedContent",
                                      [&] { J.attribute("text", utf8(F.Replacement)); });
                  });
              });
            });
          });
        });
      });
    if (!D.Spec.empty())
      J.attributeObject("properties", [&] { J.attribute("spec", D.Spec); });
  });
}

namespace {
/// A row of SARIF's tool.driver.rules. SpecUri: the link to the section in
/// NVIDIA's PTX ISA documentation, from the registry row's anchor (none for
/// an id outside the registry).
struct RuleRow {
  std::string Id, Spec, SpecUri, Summary, Example, Fix;
  Severity Sev;
};
} // namespace

static void sarifRule(json::OStream &J, const RuleRow &R, const DocumentOptions &Opts) {
  J.object([&] {
    J.attribute("id", R.Id);
    J.attributeObject("shortDescription",
                      [&] { J.attribute("text", R.Summary.empty() ? R.Id : R.Summary); });
    bool WebDocs = StringRef(Opts.RulesDocUri).startswith("https://") ||
                   StringRef(Opts.RulesDocUri).startswith("http://");
    std::string DocUri = Opts.RulesDocUri + "#" + R.Id;
    const std::string &SpecUri = R.SpecUri;
    std::string Help = R.Summary;
    if (!R.Fix.empty())
      Help += "\nFix: " + R.Fix;
    if (!R.Spec.empty())
      Help += "\nSee PTX ISA section " + R.Spec + ".";
    J.attributeObject("help", [&] {
      J.attribute("text", Help);
      J.attribute("markdown",
                  ruleMarkdown(R.Id, R.Summary, R.Example, R.Fix, R.Spec, SpecUri, DocUri));
    });
    // An https link: the published rule reference when the build names one,
    // else NVIDIA's PTX ISA section; none for rules outside the ISA
    // (help.markdown has the local reference).
    if (WebDocs)
      J.attribute("helpUri", DocUri);
    else if (!SpecUri.empty())
      J.attribute("helpUri", SpecUri);
    J.attributeObject("defaultConfiguration", [&] { J.attribute("level", sarifLevel(R.Sev)); });
    J.attributeObject("properties", [&] { J.attribute("spec", R.Spec); });
  });
}

struct DocumentWriter::Impl {
  Impl(DocumentFormat Format, raw_ostream &OS, const DocumentOptions &Opts)
      : Format(Format), OS(OS), Opts(Opts), J(OS, 2) {}
  DocumentFormat Format;
  raw_ostream &OS;
  DocumentOptions Opts;
  json::OStream J;
  // SARIF: the rules (the registry) and each file's path (artifacts,
  // written after the results with invocations, which depend on every file).
  std::vector<RuleRow> Rows;
  StringMap<unsigned> Index;
  std::vector<std::string> Paths;
  std::string Path; // the file being written
  bool Ok = true;
  unsigned Errors = 0, Warnings = 0, Notes = 0;
  size_t FilesSeen = 0;
  bool Started = false, Finished = false;

  void begin();
  void start() {
    if (!Started) {
      Started = true;
      begin();
    }
  }
  void finishSarif();
};

void DocumentWriter::Impl::begin() {
  J.objectBegin();
  if (Format == DocumentFormat::Json) {
    J.attribute("schema_version", JsonSchemaVersion);
    J.attribute("tool", "ptx-lint");
    J.attribute("tool_version", Opts.ToolVersion);
    J.attributeBegin("files");
    J.arrayBegin();
    return;
  }
  J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  J.attribute("version", "2.1.0");
  J.attributeBegin("runs");
  J.arrayBegin();
  J.objectBegin();
  J.attributeObject("tool", [&] {
    J.attributeObject("driver", [&] {
      J.attribute("name", "ptx-lint");
      J.attribute("version", Opts.ToolVersion);
      // SARIF requires an absolute URI here: a relative fallback path (the
      // docs were not found beside the binary) is left out.
      if (StringRef(Opts.RulesDocUri).contains("://"))
        J.attribute("informationUri", Opts.RulesDocUri);
      J.attributeArray("rules", [&] {
        for (const RuleRow &R : Rows)
          sarifRule(J, R, Opts);
      });
    });
  });
  if (!Opts.SarifRoot.empty())
    J.attributeObject("originalUriBaseIds", [&] {
      J.attributeObject("SRCROOT", [&] {
        std::string Root = toUri(Opts.SarifRoot);
        J.attribute("uri", StringRef(Root).endswith("/") ? Root : Root + "/");
      });
    });
  J.attribute("columnKind", "unicodeCodePoints");
  J.attributeBegin("results");
  J.arrayBegin();
}

void DocumentWriter::Impl::finishSarif() {
  J.arrayEnd(); // results
  J.attributeEnd();
  J.attributeArray("invocations", [&] {
    J.object([&] {
      if (!Opts.CommandLine.empty())
        J.attribute("commandLine", Opts.CommandLine);
      J.attribute("executionSuccessful", Ok);
    });
  });
  J.attributeArray("artifacts", [&] {
    for (const std::string &P : Paths)
      J.object(
          [&] { J.attributeObject("location", [&] { sarifArtifact(J, P, Opts.SarifRoot); }); });
  });
  J.objectEnd(); // the run
  J.arrayEnd();  // runs
  J.attributeEnd();
}

DocumentWriter::DocumentWriter(DocumentFormat Format, raw_ostream &OS, const DocumentOptions &Opts)
    : P(std::make_unique<Impl>(Format, OS, Opts)) {
  if (Format == DocumentFormat::Sarif)
    for (const RuleInfo &R : allRules()) {
      P->Index[R.Id] = P->Rows.size();
      P->Rows.push_back({R.Id, R.Spec ? R.Spec : "", ruleSpecUrl(R), R.Summary ? R.Summary : "",
                         R.BadExample ? R.BadExample : "", R.Fix ? R.Fix : "", R.DefaultSev});
    }
}

void DocumentWriter::addRule(StringRef Id, StringRef Spec, Severity Sev) {
  if (P->Format == DocumentFormat::Sarif && !P->Started &&
      P->Index.try_emplace(Id, P->Rows.size()).second)
    P->Rows.push_back({Id.str(), Spec.str(), "", "", "", "", Sev});
}

DocumentWriter::~DocumentWriter() { finish(); }

void DocumentWriter::beginFile(StringRef Path, unsigned Errors, unsigned Warnings, unsigned Notes) {
  P->start();
  P->Errors += Errors;
  P->Warnings += Warnings;
  P->Notes += Notes;
  ++P->FilesSeen;
  P->Path = Path.str();
  if (P->Format == DocumentFormat::Sarif) {
    P->Paths.push_back(P->Path);
    return;
  }
  json::OStream &J = P->J;
  J.objectBegin();
  J.attribute("path", utf8(Path));
  J.attribute("errors", Errors);
  J.attribute("warnings", Warnings);
  J.attributeBegin("diagnostics");
  J.arrayBegin();
}

void DocumentWriter::addDiagnostics(ArrayRef<LocatedDiagnostic> Diags) {
  json::OStream &J = P->J;
  if (P->Format == DocumentFormat::Json) {
    for (const LocatedDiagnostic &D : Diags)
      jsonDiagnostic(J, D);
    return;
  }
  for (const LocatedDiagnostic &D : Diags) {
    auto It = P->Index.find(D.Rule);
    sarifResult(J, D, It == P->Index.end() ? -1 : static_cast<int>(It->second), P->Path,
                P->Paths.size() - 1, P->Opts.SarifRoot);
  }
}

void DocumentWriter::endFile(bool IoError) {
  P->Ok &= !IoError;
  if (P->Format == DocumentFormat::Json) {
    P->J.arrayEnd();
    P->J.attributeEnd();
    P->J.objectEnd();
  }
}

void DocumentWriter::addFile(const FileReport &R) {
  beginFile(R.Path, R.Errors, R.Warnings, R.Notes);
  addDiagnostics(R.Diags);
  endFile(R.IoError);
}

void DocumentWriter::finish() {
  if (P->Finished)
    return;
  P->start();
  P->Finished = true;
  json::OStream &J = P->J;
  if (P->Format == DocumentFormat::Sarif) {
    P->finishSarif();
  } else {
    J.arrayEnd(); // files
    J.attributeEnd();
    J.attributeObject("summary", [&] {
      J.attribute("files", static_cast<int64_t>(P->FilesSeen));
      J.attribute("errors", P->Errors);
      J.attribute("warnings", P->Warnings);
      J.attribute("notes", P->Notes);
    });
  }
  J.objectEnd();
  P->OS << '\n';
  P->OS.flush();
}

void printJson(ArrayRef<FileReport> Reports, raw_ostream &OS, const DocumentOptions &Opts) {
  DocumentWriter W(DocumentFormat::Json, OS, Opts);
  for (const FileReport &R : Reports)
    W.addFile(R);
}

void printSarif(ArrayRef<FileReport> Reports, raw_ostream &OS, const DocumentOptions &Opts) {
  DocumentWriter W(DocumentFormat::Sarif, OS, Opts);
  for (const FileReport &R : Reports)
    for (const LocatedDiagnostic &D : R.Diags)
      W.addRule(D.Rule, D.Spec, D.Sev);
  for (const FileReport &R : Reports)
    W.addFile(R);
}

} // namespace ptxlint
