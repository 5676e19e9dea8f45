//===- DwarfLines.cpp - what ptxas refuses of @@DWARF lines ---------------===//
//
// `@@DWARF .byte 0x1` (nvopencc, PTX ISA 1.x) lines, as ptxas 13.0 judges
// them (test/parse/dwarf-lines.test):
//
//  - inside a function body, between a function's header and its body, or
//    inside a `.section { }`: "Parsing error near '@@DWARF': syntax error";
//  - before `.version`: "Missing .version directive at start of file";
//  - `@@DWARF .section ...` under PTX ISA 2.0 or later: "Deprecated feature:
//    '@@DWARF directive' not supported as of PTX version 2.0";
//  - a data line (.byte, .4byte, .quad, .b8 ...) with no `@@DWARF .section`
//    before it makes ptxas crash (a segmentation fault, at any version): no
//    verdict, not reported.
//
//===----------------------------------------------------------------------===//

#include "Parse/DwarfLines.h"
#include "Parse/Lexer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>
#include <utility>

namespace ptxlint {
namespace parsedriver {

namespace {

/// Whether Text holds "@@DWARF" anywhere (comments too: the scan decides).
bool mentionsDwarf(llvm::StringRef Text) {
  const char *P = Text.data(), *E = P + Text.size();
  while (P + 7 <= E) {
    const void *At = std::memchr(P, '@', static_cast<size_t>(E - P - 6));
    if (!At)
      return false;
    P = static_cast<const char *>(At);
    if (std::memcmp(P, "@@DWARF", 7) == 0)
      return true;
    ++P;
  }
  return false;
}

struct DwarfScan {
  llvm::StringRef Text;
  llvm::SmallVector<std::pair<uint32_t, uint32_t>, 4> Lines; ///< since the last token

  static void onText(void *Self, uint32_t Begin, uint32_t End, bool IsString) {
    auto *S = static_cast<DwarfScan *>(Self);
    if (!IsString && Begin < S->Text.size() && S->Text[Begin] == '@')
      S->Lines.push_back({Begin, End});
  }
};

/// The directive of a @@DWARF line (".section", ".byte", ...).
llvm::StringRef directiveOf(llvm::StringRef Line) {
  return Line.drop_front(7).ltrim(" \t").take_until([](char C) { return C == ' ' || C == '\t'; });
}

/// "2.1" -> 21 (major * 10 + minor), 0 when it is not a version.
unsigned versionCode(llvm::StringRef T) {
  auto [Major, Minor] = T.split('.');
  unsigned A = 0, B = 0;
  if (Major.getAsInteger(10, A) || Minor.getAsInteger(10, B))
    return 0;
  return A * 10 + B;
}

} // namespace

unsigned reportDwarfLines(const SourceFile &File, DiagnosticEngine &Diags) {
  llvm::StringRef Text = File.text();
  // Window by window, each released once seen: a mapped file's pages are
  // read as the parser goes, and one scan of the whole text would keep them
  // all (peak memory the size of the file).
  bool Found = false;
  File.forEachWindow([&](std::string_view W, size_t) {
    Found = mentionsDwarf(llvm::StringRef(W.data(), W.size()));
    return !Found;
  });
  if (!Found)
    return 0;
  DwarfScan S{Text, {}};
  Lexer L(Text);
  L.watchDwarfLines(&DwarfScan::onText, &S);
  unsigned Depth = 0, Version = 0, Errors = 0;
  bool SawVersion = false, Header = false, AfterVersion = false, ReportedMissing = false;
  for (;;) {
    Token T = L.next();
    for (auto [B, E] : S.Lines) {
      SourceRange R{B, B + 7};
      llvm::StringRef Line = Text.slice(B, E);
      if (Depth || Header) {
        ++Errors;
        Diags.report(Rule::Syntax, R,
                     std::string("an @@DWARF line cannot stand ") +
                         (Depth ? "inside a function body or a .section"
                                : "between a function's header and its body") +
                         " (ptxas: parsing error near '@@DWARF'); @@DWARF lines go between "
                         "module-scope statements");
      } else if (!SawVersion) {
        if (!ReportedMissing)
          Diags.report(Rule::VersionMissing, R,
                       "the module must start with .version; this @@DWARF line comes before it "
                       "(ptxas: 'Missing .version directive at start of file')");
        ReportedMissing = true;
      } else if (Version >= 20 && directiveOf(Line) == ".section") {
        Diags.report(Rule::Syntax, R,
                     "'@@DWARF .section' is PTX ISA 1.x syntax, not supported as of PTX ISA 2.0 "
                     "(ptxas: 'Deprecated feature: '@@DWARF directive''); write a .section "
                     "directive with { } and its data lines");
      }
    }
    S.Lines.clear();
    if (T.Kind == Tok::Eof)
      break;
    if (AfterVersion && !Version)
      Version = versionCode(T.text(Text));
    AfterVersion = T.Kind == Tok::VERSION && !SawVersion;
    SawVersion |= T.Kind == Tok::VERSION;
    switch (T.Kind) {
    case Tok::LBRACE:
      ++Depth;
      Header = false;
      break;
    case Tok::RBRACE:
      Depth -= Depth > 0;
      break;
    case Tok::ENTRY:
    case Tok::FUNC:
      Header |= Depth == 0;
      break;
    case Tok::SEMI:
      Header &= Depth != 0;
      break;
    default:
      break;
    }
  }
  return Errors;
}

} // namespace parsedriver
} // namespace ptxlint
