//===- Suppressions.cpp - comment scan and ptx-lint-disable comments ------===//
//
// Comments are not in the AST, so suppressions are found by scanning the raw
// buffer once. The scan knows just enough PTX lexing (string literals, block
// comments) not to take a "//" inside them for a comment.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Verify.h"

#include "Check/RuleSelect.h"
#include "ptxlint/Rules.h"

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
enum class Scope { NextLine, ThisLine, File, RangeBegin, RangeEnd };

struct Suppression {
  Scope S;
  unsigned Line; // the comment's line
  std::set<std::string> Rules;
  bool All = false;
  SourceRange Where;  // the directive, for the unused-suppression warning
  SourceRange Remove; // what deleting the comment removes (its line when alone)
  std::string Directive;
  // The lines it covers, [First, Last], and whether it silenced anything.
  unsigned First = 0, Last = 0;
  bool Used = false;
};
} // namespace

/// Parses one ptx-lint-disable/-enable comment; unknown names become warnings.
static bool parseSuppression(const SourceFile &F, const SourceComment &C, Suppression &Out,
                             std::vector<Diagnostic> &Warnings) {
  StringRef Body = llvm::StringRef(C.Text).ltrim();
  StringRef Directive;
  for (StringRef D : {"ptx-lint-disable-next-line", "ptx-lint-disable-line",
                      "ptx-lint-disable-file", "ptx-lint-disable", "ptx-lint-enable"}) {
    if (Body.startswith(D) && (Body.size() == D.size() || isSpace(Body[D.size()]))) {
      Directive = Body.take_front(D.size());
      break;
    }
  }
  if (Directive.empty())
    return false;
  Out.S = Directive.endswith("next-line") ? Scope::NextLine
          : Directive.endswith("file")    ? Scope::File
          : Directive.endswith("-line")   ? Scope::ThisLine
          : Directive.endswith("enable")  ? Scope::RangeEnd
                                          : Scope::RangeBegin;
  Out.Line = C.Line;
  Out.Where = F.rangeOf(Directive);
  // The fix of unused-suppression deletes the comment: its whole line when
  // nothing else is on it, else the comment and the blanks before it.
  StringRef T = F.text();
  uint32_t End = C.Offset + 2 + static_cast<uint32_t>(C.Text.size());
  uint32_t LineBegin = C.Offset;
  while (LineBegin > 0 && T[LineBegin - 1] != '\n')
    --LineBegin;
  uint32_t Begin = C.Offset;
  while (Begin > LineBegin && (T[Begin - 1] == ' ' || T[Begin - 1] == '\t'))
    --Begin;
  if (End < T.size() && T[End] == '\r')
    ++End;
  if (Begin == LineBegin && End < T.size() && T[End] == '\n')
    ++End;
  Out.Remove = SourceRange(Begin, End);
  Out.Directive = Directive.str();
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
    } else if (const RuleInfo *R = resolveRule(std::string_view(Name.data(), Name.size()))) {
      Out.Rules.insert(R->Id); // a former id (PTXLINT_RULE_ALIAS) names its rule

    } else {
      Diagnostic D;
      D.Sev = Severity::Warning;
      D.setRule(Rule::UnknownSuppression);
      D.Range = F.rangeOf(Name);
      D.Message = "unknown rule '" + Name.str() + "' in " + Directive.str();
      if (std::string Near = closestRuleId(Name); !Near.empty()) {
        D.Message += "; did you mean '" + Near + "'?";
        D.Fixes.push_back({D.Range, Near});
      } else {
        D.Message += "; ptx-lint --print-rules lists the rule ids";
      }
      Warnings.push_back(std::move(D));
    }
  }
  if (!Any && Out.S == Scope::RangeEnd) {
    Out.All = true; // a bare ptx-lint-enable ends every open range
  } else if (!Any) {
    Diagnostic D;
    D.Sev = Severity::Warning;
    D.setRule(Rule::UnknownSuppression);
    D.Range = F.rangeOf(Directive);
    D.Message = Directive.str() + " names no rule; write the rule ids to silence (or 'all')";
    Warnings.push_back(std::move(D));
  }
  return true;
}

/// The last line of the statement that starts on line Line (at byte Begin):
/// a statement ends at ';', '{' or '}' outside comments and strings, so a
/// disable-next-line comment covers every line of a multi-line instruction.
/// A blank or comment-only line is a statement of its own.
static unsigned statementLastLine(StringRef T, size_t Begin, unsigned Line) {
  bool Code = false;
  for (size_t I = Begin; I < T.size(); ++I) {
    char C = T[I];
    if (C == '\n') {
      if (!Code)
        return Line;
      ++Line;
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '/') {
      size_t End = T.find('\n', I);
      I = (End == StringRef::npos ? T.size() : End) - 1;
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '*') {
      for (I += 2; I + 1 < T.size() && !(T[I] == '*' && T[I + 1] == '/'); ++I)
        Line += T[I] == '\n';
      ++I;
    } else if (C == '"') {
      for (++I; I < T.size() && T[I] != '"' && T[I] != '\n'; ++I)
        I += T[I] == '\\' && I + 1 < T.size() && T[I + 1] != '\n';
    } else if (C == ';' || C == '{' || C == '}') {
      return Line;
    } else if (!isSpace(C)) {
      Code = true;
    }
  }
  return Line;
}

void applySuppressions(const SourceFile &F, std::vector<Diagnostic> &Diags, bool ReportUnused) {
  // Cheap reject: most files have no suppression at all.
  bool Any = false;
  if (SourceFile::ByteFacts BF = F.byteFacts(); BF.Known)
    Any = BF.SuppressMarker; // checkLooksLikeText has read every byte
  else
    F.forEachWindow([&](StringRef W, size_t) { // windows never split a line
      Any = W.contains("ptx-lint-disable");
      return !Any;
    });
  if (!Any)
    return;
  std::vector<Diagnostic> Warnings;
  std::vector<Suppression> Sups;
  StringRef T = F.text();
  for (const SourceComment &C : scanComments(F)) {
    Suppression S;
    if (!parseSuppression(F, C, S, Warnings))
      continue;
    switch (S.S) {
    case Scope::File:
      S.First = 0, S.Last = ~0u;
      break;
    case Scope::ThisLine:
      S.First = S.Last = S.Line;
      break;
    case Scope::NextLine: {
      size_t Eol = T.find('\n', C.Offset);
      if (Eol == StringRef::npos)
        continue; // nothing follows
      S.First = S.Line + 1;
      S.Last = statementLastLine(T, Eol + 1, S.First);
      break;
    }
    case Scope::RangeBegin:
      S.First = S.Line, S.Last = ~0u; // until a ptx-lint-enable
      break;
    case Scope::RangeEnd:
      // Ends the open ranges it names (all of them when it names none).
      for (Suppression &Open : Sups)
        if (Open.S == Scope::RangeBegin && Open.Last == ~0u &&
            (S.All || Open.All ||
             llvm::any_of(S.Rules, [&](const std::string &R) { return Open.Rules.count(R); })))
          Open.Last = S.Line;
      continue;
    }
    Sups.push_back(std::move(S));
  }
  auto Silenced = [&](const Diagnostic &D) {
    if (D.Rule == ruleId(Rule::Io))
      return false;
    unsigned Line = 0; // a diagnostic without a location: file scope only
    if (D.Range.isValid() && D.Range.Begin <= F.size())
      Line = F.lineCol(D.Range.Begin).Line;
    bool Hit = false;
    for (Suppression &S : Sups) {
      bool Covers = S.S == Scope::File || (Line && Line >= S.First && Line <= S.Last);
      if (Covers && (S.All || S.Rules.count(D.Rule))) {
        S.Used = true;
        Hit = true;
      }
    }
    return Hit;
  };
  llvm::erase_if(Diags, Silenced);
  for (Diagnostic &W : Warnings)
    Diags.push_back(std::move(W));
  // Suppressions that silenced nothing (off by default: --enable=unused-suppression).
  // One that names only unknown rules already has its warning.
  for (const Suppression &S : Sups)
    if (ReportUnused && !S.Used && (S.All || !S.Rules.empty())) {
      Diagnostic D;
      D.Sev = Severity::Warning;
      D.setRule(Rule::UnusedSuppression);
      D.Range = S.Where;
      D.Message = S.Directive + " silences no diagnostic here; remove it";
      // A range's ptx-lint-enable stays behind on its own: only the
      // single-comment forms get the fix.
      if (S.S != Scope::RangeBegin && S.S != Scope::RangeEnd)
        D.Fixes.push_back({S.Remove, ""});
      Diags.push_back(std::move(D));
    }
}

} // namespace ptxlint
