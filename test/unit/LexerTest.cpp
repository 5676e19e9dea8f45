//===- LexerTest.cpp - the hand lexer makes PTXLexer.g4's tokens ----------===//
//
// grammar/PTXLexer.g4 is the token specification; lib/Parse/Lexer.h must
// produce exactly the generated ANTLR lexer's tokens (kinds, byte ranges and
// so texts) on every corpus file, on hand-picked edge cases of each rule and
// on mutants: random bytes of PTX's alphabet spliced into corpus text. The
// same inputs check the parser's token source (LexerTokenSource.h) against
// the generated lexer: every property of ANTLR's tokens the parser and its
// error messages read (type, range, line, column, channel, text).
//
//===----------------------------------------------------------------------===//

#include "Parse/Lexer.h"
#include "Parse/ParseDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ptxlint;
using namespace ptxlint::parsedriver;

namespace {

/// Empty when both lexers agree on Text, else the first difference.
std::string compare(llvm::StringRef Text) {
  std::vector<AntlrToken> Ref = lexWithAntlr(Text);
  Lexer L(Text);
  for (size_t I = 0; I < Ref.size(); ++I) {
    Token T = L.next();
    const AntlrToken &R = Ref[I];
    if (R.Kind != tokName(T.Kind) || R.Begin != T.Begin || R.End != T.End)
      return "token " + std::to_string(I) + ": antlr " + R.Kind + " '" +
             Text.slice(R.Begin, R.End).str() + "' at " + std::to_string(R.Begin) + ", hand " +
             tokName(T.Kind) + " '" + T.text(Text).str() + "' at " + std::to_string(T.Begin);
  }
  return L.next().Kind == Tok::Eof ? "" : "hand lexer goes on past EOF";
}

std::string describe(const AntlrToken &T) {
  return T.Kind + " '" + T.Text + "' [" + std::to_string(T.Begin) + ", " + std::to_string(T.End) +
         ") at " + std::to_string(T.Line) + ":" + std::to_string(T.Col) + " channel " +
         std::to_string(T.Channel);
}

/// Empty when the parser's token source (LexerTokenSource.h) gives the
/// parser the same tokens as the generated lexer would: kind, range, line,
/// column, channel and text; else the first difference.
std::string compareTokenSources(llvm::StringRef Text) {
  std::vector<AntlrToken> Ref = lexWithAntlr(Text), Hand = lexWithAntlr(Text, true);
  for (size_t I = 0; I < std::max(Ref.size(), Hand.size()); ++I) {
    if (I >= Ref.size() || I >= Hand.size())
      return "token " + std::to_string(I) + ": one source ends first";
    const AntlrToken &R = Ref[I], &H = Hand[I];
    if (R.Kind != H.Kind || R.Begin != H.Begin || R.End != H.End || R.Line != H.Line ||
        R.Col != H.Col || R.Channel != H.Channel || R.Text != H.Text)
      return "token " + std::to_string(I) + ": antlr " + describe(R) + ", hand " + describe(H);
  }
  return "";
}

/// Both: the hand lexer's tokens, and the parser's tokens from it.
std::string compareAll(llvm::StringRef Text) {
  std::string D = compare(Text);
  return D.empty() ? compareTokenSources(Text) : D;
}

TEST(LexerTest, EdgeCasesOfEachRule) {
  const char *Cases[] = {
      ".version .versionx .version::a .reg.b32 .b32 .kind::f8f6f4 .a:: .a::b::c .$ ._x$",
      "0f3F800000 0F1 0fz 0f 0d1e5 0D 0x1F 0x1FU 0xU 0x 0b101 0b2 0B1U 09 123abc 1U 1.U",
      "1. 1.5 1.5e3 1e5 1e 1e+ 1E-7 .5 .5e2 0e5 1.5U 0x1.5 0f1.5 0b11.1 1.e5 .e5",
      "%r1 %r1.x %3 % %% a.b::c a::b a.b:: a. a.5 _ _x $ $a $$ %_ _. a.b.c",
      "\"str\" \"a\\\"b\" \"esc\\\\\" \"unterminated\n \"a\\\nb\" \"\"",
      "<< >> <= >= == != && || <<= < > ! | & ^ ~ = ? @ + - * / ; , : { } [ ] ( )",
      "a // comment\nb /* block */ c /* unterminated",
      "x \v y \x01 \xEF\xBB\xBF \x80 # ` \\",
      "",
      "   \n\t\f\r",
      "/",
      "\"",
      "0",
      "a/**/b//c",
      "\n\n  a\r\n\tb /* x\ny */ c\n// d\n\n",
      "\xEF\xBB\xBF.version 8.0\n.target sm_90",
  };
  for (const char *C : Cases)
    EXPECT_EQ(compareAll(C), "") << C;
}

std::vector<std::string> corpusTexts(size_t MaxSize) {
  std::vector<std::string> Texts;
  std::string Dir = PTXLINT_CORPUS_DIR;
  if (Dir.empty() || !llvm::sys::fs::is_directory(Dir))
    return Texts;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), E; It != E && !EC;
       It.increment(EC)) {
    uint64_t Size = 0;
    if (llvm::sys::path::extension(It->path()) != ".ptx" ||
        llvm::sys::fs::file_size(It->path(), Size) || Size > MaxSize)
      continue;
    if (auto Buf = llvm::MemoryBuffer::getFile(It->path()))
      Texts.push_back((*Buf)->getBuffer().str());
  }
  std::sort(Texts.begin(), Texts.end());
  return Texts;
}

TEST(LexerTest, CorpusLexesAsAntlrDoes) {
  std::vector<std::string> Texts = corpusTexts(SIZE_MAX);
  if (Texts.empty())
    GTEST_SKIP() << "no corpus directory";
  EXPECT_GT(Texts.size(), 10u);
  for (size_t I = 0; I < Texts.size(); ++I)
    ASSERT_EQ(compareAll(Texts[I]), "") << "corpus file " << I;
}

TEST(LexerTest, MutantsLexAsAntlrDoes) {
  std::vector<std::string> Texts = corpusTexts(60000);
  if (Texts.empty())
    GTEST_SKIP() << "no corpus directory";
  // Bytes that start, end or glue tokens: every rule's boundary is hit.
  const char Alphabet[] = "0123456789abefdxXUuEfF.:_$%\"\\/*+-<>=!&|^~?@;,{}[]() \n\t\r\v#\x80";
  uint32_t Seed = 4242;
  auto Next = [&] {
    Seed = Seed * 1103515245u + 12345u;
    return (Seed >> 8) & 0xFFFFFF;
  };
  for (int K = 0; K < 400; ++K) {
    std::string M = Texts[K % Texts.size()];
    for (unsigned Ops = 1 + Next() % 8; Ops && !M.empty(); --Ops) {
      size_t At = Next() % M.size();
      if (Next() % 3 == 0) {
        M.erase(At, 1 + Next() % 8);
        continue;
      }
      std::string Piece;
      for (unsigned N = 1 + Next() % 6; N; --N)
        Piece += Alphabet[Next() % (sizeof(Alphabet) - 1)];
      M.insert(At, Piece);
    }
    ASSERT_EQ(compareAll(M), "") << "mutant " << K;
  }
}

} // namespace
