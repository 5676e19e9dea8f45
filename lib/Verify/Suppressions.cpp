//===- Suppressions.cpp - comment scan and ptx-lint-disable comments ------===//
//
// Comments are not in the AST, so suppressions are found by scanning the raw
// buffer once. The scan knows just enough PTX lexing (string literals, block
// comments) not to take a "//" inside them for a comment.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Verify.h"

#include "Check/Rules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace ptxlint {

std::vector<SourceComment> scanComments(const SourceFile &F) {
  std::vector<SourceComment> Out;
  StringRef T = F.text();
  size_t N = T.size();
  unsigned Line = 1;
  size_t I = 0;
  while (I < N) {
    char C = T[I];
    if (C == '\n') {
      ++Line;
      ++I;
    } else if (C == '"') {
      // String literal: ends at the closing quote or the end of the line.
      ++I;
      while (I < N && T[I] != '"' && T[I] != '\n') {
        if (T[I] == '\\' && I + 1 < N && T[I + 1] != '\n')
          ++I;
        ++I;
      }
      if (I < N && T[I] == '"')
        ++I;
    } else if (C == '/' && I + 1 < N && T[I + 1] == '*') {
      I += 2;
      while (I < N && !(T[I] == '*' && I + 1 < N && T[I + 1] == '/')) {
        if (T[I] == '\n')
          ++Line;
        ++I;
      }
      I = std::min(N, I + 2);
    } else if (C == '/' && I + 1 < N && T[I + 1] == '/') {
      size_t End = T.find('\n', I);
      if (End == StringRef::npos)
        End = N;
      StringRef Text = T.slice(I + 2, End);
      if (Text.endswith("\r"))
        Text = Text.drop_back();
      Out.push_back({Text, static_cast<uint32_t>(I), Line});
      I = End;
    } else {
      ++I;
    }
  }
  return Out;
}

namespace {
enum class Scope { NextLine, ThisLine, File };

struct Suppression {
  Scope S;
  unsigned Line; // the comment's line
  std::set<std::string> Rules;
  bool All = false;
};
} // namespace

/// Parses one ptx-lint-disable comment; unknown names become warnings.
static bool parseSuppression(const SourceFile &F, const SourceComment &C, Suppression &Out,
                             std::vector<Diagnostic> &Warnings) {
  StringRef Body = C.Text.ltrim();
  StringRef Directive;
  for (StringRef D :
       {"ptx-lint-disable-next-line", "ptx-lint-disable-line", "ptx-lint-disable-file"}) {
    if (Body.startswith(D) && (Body.size() == D.size() || isSpace(Body[D.size()]))) {
      Directive = Body.take_front(D.size());
      break;
    }
  }
  if (Directive.empty())
    return false;
  Out.S = Directive.endswith("next-line") ? Scope::NextLine
          : Directive.endswith("file")    ? Scope::File
                                          : Scope::ThisLine;
  Out.Line = C.Line;
  // The rule list ends at the comment's end or at " -- reason".
  StringRef Rest = Body.drop_front(Directive.size());
  size_t Dashes = Rest.find("--");
  if (Dashes != StringRef::npos)
    Rest = Rest.take_front(Dashes);
  bool Any = false;
  while (true) {
    Rest = Rest.ltrim(" \t,");
    if (Rest.empty())
      break;
    size_t Len = Rest.find_first_of(" \t,");
    StringRef Name = Rest.take_front(Len);
    Rest = Rest.drop_front(Name.size());
    Any = true;
    if (Name == "all") {
      Out.All = true;
    } else if (findRule(Name)) {
      Out.Rules.insert(Name.str());
    } else {
      Diagnostic D;
      D.Sev = Severity::Warning;
      D.Rule = "unknown-suppression";
      D.Range = F.rangeOf(Name);
      D.Message = "unknown rule '" + Name.str() + "' in " + Directive.str() +
                  "; ptx-lint --print-rules lists the rule ids";
      Warnings.push_back(std::move(D));
    }
  }
  if (!Any) {
    Diagnostic D;
    D.Sev = Severity::Warning;
    D.Rule = "unknown-suppression";
    D.Range = F.rangeOf(Directive);
    D.Message = Directive.str() + " names no rule; write the rule ids to silence (or 'all')";
    Warnings.push_back(std::move(D));
  }
  return true;
}

void applySuppressions(const SourceFile &F, std::vector<Diagnostic> &Diags) {
  // Cheap reject: most files have no suppression at all.
  bool Any = false;
  F.forEachWindow([&](StringRef W, size_t) { // windows never split a line
    Any = W.contains("ptx-lint-disable");
    return !Any;
  });
  if (!Any)
    return;
  std::vector<Diagnostic> Warnings;
  std::set<std::string> FileRules;
  bool FileAll = false;
  // Line -> rules silenced on that line.
  std::map<unsigned, Suppression> ByLine;
  for (const SourceComment &C : scanComments(F)) {
    Suppression S;
    if (!parseSuppression(F, C, S, Warnings))
      continue;
    if (S.S == Scope::File) {
      FileAll |= S.All;
      FileRules.insert(S.Rules.begin(), S.Rules.end());
      continue;
    }
    unsigned Target = S.S == Scope::NextLine ? S.Line + 1 : S.Line;
    Suppression &Slot = ByLine[Target];
    Slot.All |= S.All;
    Slot.Rules.insert(S.Rules.begin(), S.Rules.end());
  }
  auto Silenced = [&](const Diagnostic &D) {
    if (D.Rule == "io")
      return false;
    if (FileAll || FileRules.count(D.Rule))
      return true;
    if (!D.Range.isValid() || D.Range.Begin > F.size())
      return false;
    auto It = ByLine.find(F.lineCol(D.Range.Begin).Line);
    return It != ByLine.end() && (It->second.All || It->second.Rules.count(D.Rule));
  };
  llvm::erase_if(Diags, Silenced);
  for (Diagnostic &W : Warnings)
    Diags.push_back(std::move(W));
}

} // namespace ptxlint
