//===- Verify.cpp - --verify-diagnostics: expected-* comments -------------===//
//
// Lets a test state the diagnostics it expects next to the PTX that causes
// them, the way MLIR's and clang's -verify do, instead of matching output
// text with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "Verify/RawVerify.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ptxlint {

static Diagnostic badExpectation(SourceRange R, std::string Msg) {
  Diagnostic D;
  D.Sev = Severity::Error;
  D.Rule = ruleId(Rule::Verify);
  D.Range = R;
  D.Message = std::move(Msg);
  return D;
}

std::vector<Expectation> parseExpectations(const SourceFile &F, std::vector<Diagnostic> &Bad) {
  std::vector<Expectation> Out;
  // The last line that has text (a final newline does not start a line).
  unsigned LastLine = 1;
  if (F.size()) {
    uint32_t Last = static_cast<uint32_t>(F.size());
    if (F.text().back() == '\n')
      --Last;
    LastLine = F.lineCol(Last).Line;
  }
  for (const SourceComment &C : scanComments(F)) {
    StringRef Body = llvm::StringRef(C.Text).ltrim();
    if (!Body.startswith("expected-"))
      continue;
    Expectation E;
    StringRef Rest = Body.drop_front(strlen("expected-"));
    if (Rest.consume_front("error"))
      E.Sev = Severity::Error;
    else if (Rest.consume_front("warning"))
      E.Sev = Severity::Warning;
    else if (Rest.consume_front("note"))
      E.Sev = Severity::Note;
    else
      continue; // prose such as "expected-value", not a directive
    if (!Rest.empty() && (isAlnum(Rest[0]) || Rest[0] == '-' || Rest[0] == '_'))
      continue; // "expected-errors", "expected-error-free": prose too
    StringRef Directive = Body.take_front(Body.size() - Rest.size());
    E.Where = F.rangeOf(Directive);
    long long Line = C.Line;
    if (Rest.consume_front("@")) {
      bool Relative = Rest.startswith("+") || Rest.startswith("-");
      bool Negative = Rest.startswith("-");
      if (Relative)
        Rest = Rest.drop_front();
      size_t Digits = Rest.find_if_not([](char Ch) { return isDigit(Ch); });
      unsigned long long N = 0;
      if (Digits == 0 || Rest.take_front(Digits).getAsInteger(10, N)) {
        Bad.push_back(badExpectation(E.Where, "malformed line in " + Directive.str() +
                                                  "@: expected @+N, @-N or @N"));
        continue;
      }
      Rest = Rest.drop_front(Digits);
      // Far past any file (and past what long long can add): out of range,
      // said without computing the line.
      if (N > (1ull << 40)) {
        StringRef Spelled = Body.take_front(Body.size() - Rest.size());
        Bad.push_back(badExpectation(E.Where, Spelled.str() +
                                                  " refers to a line outside the file (1-" +
                                                  std::to_string(LastLine) + ")"));
        continue;
      }
      Line = Relative
                 ? (Negative ? Line - static_cast<long long>(N) : Line + static_cast<long long>(N))
                 : static_cast<long long>(N);
    }
    if (Line < 1 || Line > LastLine) {
      StringRef Spelled = Body.take_front(Body.size() - Rest.size());
      Bad.push_back(badExpectation(E.Where, Spelled.str() + " refers to line " +
                                                std::to_string(Line) + ", outside the file (1-" +
                                                std::to_string(LastLine) + ")"));
      continue;
    }
    E.Line = static_cast<unsigned>(Line);
    Rest = Rest.ltrim();
    size_t Open = Rest.find("{{");
    size_t Close = Rest.find("}}", Open == StringRef::npos ? 0 : Open + 2);
    if (!Rest.startswith("{{") || Close == StringRef::npos) {
      Bad.push_back(
          badExpectation(E.Where, Directive.str() + " needs the expected text as {{...}}"));
      continue;
    }
    E.Text = Rest.slice(2, Close).str();
    if (StringRef(E.Text).trim().empty()) {
      Bad.push_back(badExpectation(E.Where, Directive.str() + " has an empty {{}}"));
      continue;
    }
    Out.push_back(std::move(E));
  }
  return Out;
}

static void printAt(const SourceFile &F, SourceRange R, StringRef Msg, raw_ostream &OS) {
  OS << F.name() << ':';
  if (R.isValid() && R.Begin <= F.size()) {
    LineCol L = F.lineCol(R.Begin);
    OS << L.Line << ':' << L.Column << ':';
  }
  OS << " error: " << Msg << '\n';
}

VerifyResult verifyDiagnostics(const SourceFile &F, ArrayRef<Diagnostic> Diags, raw_ostream &OS) {
  VerifyResult Res;
  std::vector<Diagnostic> Bad;
  std::vector<Expectation> Expected = parseExpectations(F, Bad);
  for (const Diagnostic &B : Bad) {
    printAt(F, B.Range, B.Message + " [verify]", OS);
    Res.Malformed = true;
  }
  Res.Expected = Expected.size();

  // Flatten diagnostics and attached notes into candidates.
  struct Candidate {
    Severity Sev;
    unsigned Line; // 0 when the diagnostic has no location
    SourceRange Range;
    std::string Text; // "message [rule]" (notes: the message)
    bool Attached;    // a DiagNote, never "unexpected"
    bool Used = false;
  };
  std::vector<Candidate> Cands;
  auto LineOf = [&](SourceRange R) -> unsigned {
    return R.isValid() && R.Begin <= F.size() ? F.lineCol(R.Begin).Line : 0;
  };
  for (const Diagnostic &D : Diags) {
    Cands.push_back({D.Sev, LineOf(D.Range), D.Range, D.Message + " [" + D.Rule + "]", false});
    for (const DiagNote &N : D.Notes)
      Cands.push_back({Severity::Note, LineOf(N.Range), N.Range, N.Message, true});
  }

  for (Expectation &E : Expected) {
    for (Candidate &C : Cands) {
      if (C.Used || C.Sev != E.Sev || C.Line != E.Line ||
          StringRef(C.Text).find(E.Text) == StringRef::npos)
        continue;
      C.Used = true;
      E.Matched = true;
      break;
    }
    if (E.Matched) {
      ++Res.Matched;
      continue;
    }
    ++Res.Missing;
    std::string Msg = "expected " + std::string(severityName(E.Sev)) + " not produced on line " +
                      std::to_string(E.Line) + ": {{" + E.Text + "}}";
    // Say what was there instead, which is usually the fix.
    for (const Candidate &C : Cands)
      if (C.Line == E.Line && !C.Used) {
        Msg += "; line " + std::to_string(E.Line) + " has " + std::string(severityName(C.Sev)) +
               ": " + C.Text;
        break;
      }
    printAt(F, E.Where, Msg, OS);
  }
  for (const Candidate &C : Cands) {
    if (C.Used || C.Attached || C.Sev == Severity::Note)
      continue;
    ++Res.Unexpected;
    printAt(F, C.Range, "unexpected " + std::string(severityName(C.Sev)) + ": " + C.Text, OS);
  }
  return Res;
}

VerifyResult verifyDiagnostics(const SourceFile &F, Span<Diagnostic> Diags, std::ostream &OS) {
  std::string Text;
  llvm::raw_string_ostream S(Text);
  VerifyResult R = verifyDiagnostics(F, ArrayRef<Diagnostic>(Diags), S);
  S.flush();
  OS.write(Text.data(), static_cast<std::streamsize>(Text.size()));
  return R;
}

} // namespace ptxlint
