//===- AntlrConverter.h - ANTLR glue: bytes, tokens, parse trees -*- C++ -*-===//
//
// Internal to lib/Parse, and the only header that includes ANTLR's: the
// generated parser is seen by Converter.cpp (parse tree to AST) and
// the streaming driver (StreamParser.h, ParseDriver.cpp, ParseAntlr.cpp), and by nothing else. No
// ANTLR type appears in include/ptxlint or in the AST.
//
// Speed: the input is read as bytes in place (no UTF-32 copy), the parser's
// tokens come from the hand-written lexer (LexerTokenSource.h), whitespace
// and comments never become tokens, and large plain initializers become a
// single token (InitScan.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_ANTLRCONVERTER_H
#define PTXLINT_LIB_PARSE_ANTLRCONVERTER_H

#include "Parse/InitScan.h"
#include "Parse/LexerTokenSource.h"
#include "ptxlint/AST.h"
#include "ptxlint/Rules.h"
#include "ptxlint/Source.h"

#include "PTXLexer.h"
#include "PTXParser.h"
#include "antlr4-runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace parsedriver {

using namespace ptxlint_antlr;
using antlr4::Token;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Input: the file's bytes, read in place.
//===----------------------------------------------------------------------===//
class ByteCharStream : public antlr4::CharStream {
public:
  ByteCharStream(StringRef Data, std::string Name) : Data(Data), Name(std::move(Name)) {}
  void consume() override {
    if (P < Data.size())
      ++P;
  }
  size_t LA(ssize_t I) override {
    ssize_t Pos = I > 0 ? static_cast<ssize_t>(P) + I - 1 : static_cast<ssize_t>(P) + I;
    if (I == 0 || Pos < 0 || Pos >= static_cast<ssize_t>(Data.size()))
      return Token::EOF;
    return static_cast<unsigned char>(Data[Pos]);
  }
  ssize_t mark() override { return -1; }
  void release(ssize_t) override {}
  size_t index() override { return P; }
  void seek(size_t I) override { P = std::min(I, Data.size()); }
  size_t size() override { return Data.size(); }
  std::string getSourceName() const override { return Name; }
  std::string getText(const antlr4::misc::Interval &I) override {
    if (I.a < 0 || I.b < I.a || static_cast<size_t>(I.a) >= Data.size())
      return "";
    size_t End = std::min(static_cast<size_t>(I.b) + 1, Data.size());
    return Data.slice(I.a, End).str();
  }
  std::string toString() const override { return Data.str(); }

private:
  StringRef Data;
  std::string Name;
  size_t P = 0;
};

/// A token stream that can drop the tokens of finished units.
class StreamingTokenStream : public antlr4::CommonTokenStream {
public:
  using antlr4::CommonTokenStream::CommonTokenStream;
  /// Frees every token before the current one. Only between units.
  void discardConsumed() {
    if (_p < 4096 || _p > _tokens.size())
      return;
    _tokens.erase(_tokens.begin(), _tokens.begin() + _p);
    _p = 0;
  }

  /// Drops the current token and any lookahead: the fast path has parsed
  /// the statement they belong to (resumeAt goes on from there).
  void dropLookahead() {
    _tokens.erase(_tokens.begin() + _p, _tokens.end());
    _fetchedEOF = false;
  }

  /// The token K places after the current one (0: the current one), lexed
  /// as needed; the end-of-file token past the end. O(1), unlike LT(K).
  Token *ahead(size_t K) {
    if (!sync(_p + K))
      return _tokens.back().get(); // fetch stopped at the EOF token
    return _tokens[_p + K].get();
  }

  /// Goes on lexing at byte Pos, at the given line and column.
  void resumeAt(size_t Pos, size_t Line, size_t Col, LexerTokenSource &Source) {
    dropLookahead();
    Source.resumeAt(Pos, Line, Col);
    sync(_p); // CommonTokenStream::LT assumes the token at _p exists
  }
};

//===----------------------------------------------------------------------===//
// Nesting limit (NestingScan.cpp)
//===----------------------------------------------------------------------===//

/// What scanNesting found in the statement at the current token.
struct NestingScan {
  static constexpr size_t None = SIZE_MAX;
  /// Offset (from the current token) of the token at which the nesting
  /// passes the limit, or None.
  size_t TooDeep = None;
  /// Offset just past the statement's last token as the scan sees it (its
  /// ';', or up to a '{' or '}' that is not the statement's, or EOF).
  size_t End = 0;
  /// The scan stopped before a '{' that opens a body or scope.
  bool StoppedAtBrace = false;
};

/// Measures how deep the statement that starts at Tokens' current token
/// nests brackets, braces, parentheses and unary and conditional operators
/// before the parser sees it: ANTLR's rules and, worse, its adaptive
/// prediction (which may read a whole nested operand ahead) recurse with that
/// depth. SectionLine: the statement is a line of a .section (no ';').
NestingScan scanNesting(StreamingTokenStream &Tokens, bool SectionLine, unsigned Limit);

//===----------------------------------------------------------------------===//
// Conversion helpers
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Conversion: parse tree to AST (bodies in Converter.cpp)
//===----------------------------------------------------------------------===//
class Converter {
public:
  Converter(const SourceFile &File) : File(File), Buf(File.text()) {}

  ASTContext *Ctx = nullptr; // where nodes go (set per unit by the driver)

  /// Whether data contents (initializer tokens) are wanted in full.
  bool KeepData = true;

  /// Errors the grammar lets through but ptxas does not, found while
  /// converting (the driver reports and clears them): where, why, and the
  /// rule (a syntax error unless said otherwise).
  struct Problem {
    Problem(SourceRange R, std::string Msg, Rule Id = Rule::Syntax)
        : R(R), Msg(std::move(Msg)), Id(Id) {}
    SourceRange R;
    std::string Msg;
    Rule Id;
  };
  std::vector<Problem> Problems;

  /// Checks a whole constant expression as ptxas evaluates it
  /// (ConstExprCheck.cpp); the problems go to Problems. InAddress: E is (in)
  /// an address, whose name+offset the operand checks judge.
  void checkConstExpr(PTXParser::ExprContext *E, bool InAddress = false);

  /// checkConstExpr on every outermost expression below T.
  void checkExprsIn(antlr4::tree::ParseTree *T);

  StringRef text(Token *T) const {
    if (!T || T->getType() == Token::EOF)
      return {};
    size_t B = T->getStartIndex(), E = T->getStopIndex();
    if (B >= Buf.size() || E < B)
      return {};
    return Buf.slice(B, std::min(E + 1, Buf.size()));
  }

  StringRef text(antlr4::tree::TerminalNode *N) const {
    return N ? text(N->getSymbol()) : StringRef();
  }

  static SourceRange range(Token *T) {
    if (!T || T->getType() == Token::EOF)
      return {};
    return {static_cast<uint32_t>(T->getStartIndex()),
            static_cast<uint32_t>(T->getStopIndex() + 1)};
  }

  static SourceRange range(antlr4::ParserRuleContext *C) {
    if (!C || !C->start)
      return {};
    Token *Stop = C->stop ? C->stop : C->start;
    if (Stop->getType() == Token::EOF || Stop->getStopIndex() + 1 < C->start->getStartIndex())
      Stop = C->start;
    return {static_cast<uint32_t>(C->start->getStartIndex()),
            static_cast<uint32_t>(Stop->getStopIndex() + 1)};
  }

  StringRef slice(antlr4::ParserRuleContext *C) const { return File.slice(range(C)); }

  /// Every terminal below T, in order.
  void collectTokens(antlr4::tree::ParseTree *T, llvm::SmallVectorImpl<StringRef> &Out) const;

  Span<std::string_view> tokensOf(antlr4::tree::ParseTree *T) const;

  /// An expression as one string without whitespace or comments.
  StringRef normalizedText(antlr4::tree::ParseTree *T) const;

  //===--------------------------------------------------------------------===//
  // Operands
  //===--------------------------------------------------------------------===//
  Operand convertNumber(PTXParser::NumberContext *N, bool Negate, SourceRange R);

  /// Classifies an expression operand: a name, `_`, a (negated) number, or a
  /// general expression kept as text.
  Operand convertExpr(PTXParser::ExprContext *E);

  /// [base], [base+imm], [base-imm], [base+-imm], [imm], [a, b, ...].
  Operand convertAddress(PTXParser::AddressOperandContext *A);

  Operand convertArrayElement(PTXParser::ArrayOperandContext *A);

  /// {a, b, ...} or (a, b, ...): a node whose elements are operands.
  Operand convertGroup(OperandKind Kind, antlr4::ParserRuleContext *C,
                       const std::vector<PTXParser::OperandContext *> &Subs);

  Operand convertOperand(PTXParser::OperandContext *O);

  //===--------------------------------------------------------------------===//
  // Statements and declarations
  //===--------------------------------------------------------------------===//
  Instruction *convertInstruction(PTXParser::InstructionContext *C);

  Declarator convertDeclarator(PTXParser::DeclaratorContext *D);

  template <typename AttrRange>
  void fillDecl(VarDecl &V, PTXParser::StateSpaceContext *SS, const AttrRange &Attrs) {
    V.StateSpace = text(SS->getStart());
    llvm::SmallVector<StringRef, 8> Toks;
    for (auto *A : Attrs) // one token each; `.attribute(.managed)` is four
      collectTokens(A, Toks);
    V.Attrs = Ctx->copy<std::string_view>(Toks);
  }

  VarDecl *convertVarDecl(PTXParser::VarDeclContext *C);

  llvm::ArrayRef<VarDecl> convertParams(PTXParser::ParamListContext *L);

  Function *convertFunctionHeader(PTXParser::FunctionHeaderContext *C);

  /// Any directive: name + argument tokens (minus a final ';').
  Directive *convertDirectiveTokens(antlr4::ParserRuleContext *C);

  /// `.section name {`: the directive, its Body still empty.
  Directive *convertSectionBegin(PTXParser::SectionBeginContext *C);

  /// One line of a section: ".b8 1, 2" or a label "L:".
  Directive convertSectionEntry(PTXParser::SectionEntryContext *E);

  /// A whole section parsed as one unit (inside a function body, where it
  /// is an error; at module scope the driver streams it line by line).
  Directive *convertSection(PTXParser::SectionDirectiveContext *C);

  StringRef text(antlr4::tree::ParseTree *T) const {
    if (auto *N = dynamic_cast<antlr4::tree::TerminalNode *>(T))
      return text(N);
    if (auto *C = dynamic_cast<antlr4::ParserRuleContext *>(T))
      return slice(C);
    return {};
  }

private:
  const SourceFile &File;

  StringRef Buf;
};

/// Friendly names for token types in "expected ..." messages.
std::string tokenDisplayName(const antlr4::dfa::Vocabulary &Voc, size_t Type);
/// "'foo'", "end of file", "invalid character 0x01" for an offending token.
std::string describeToken(Token *T, StringRef Text);

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_ANTLRCONVERTER_H
