//===- Converter.cpp - ANTLR parse tree to AST, and the parse driver -------===//
//
// The only translation unit that sees ANTLR. It drives the generated parser
// one `unit` (statement) at a time, converts each unit's parse tree to AST
// nodes, hands them to the ParseSink and frees the tree and the consumed
// tokens, so memory stays flat whatever the file size.
//
// Speed: the input is read as bytes in place (no UTF-32 copy), whitespace and
// comments never become tokens, prediction runs in SLL mode and falls back to
// full LL only for a unit that fails in SLL (then the error, if any, is real).
//
//===----------------------------------------------------------------------===//

#include "Parse/FastStatement.h"
#include "Parse/InitScan.h"
#include "Parse/ParseDriver.h"

#include "PTXLexer.h"
#include "PTXParser.h"
#include "antlr4-runtime.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace ptxlint;
using namespace ptxlint_antlr;
using antlr4::Token;
using llvm::StringRef;

namespace {

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
/// The lexer, plus one thing: a large brace list after '=' in the plain
/// subset of InitScan.h becomes one INIT_LIST token, so the parser never
/// holds a token and a tree node per value of a big data table.
class FoldingLexer : public PTXLexer {
public:
  FoldingLexer(antlr4::CharStream *In, StringRef Buf, size_t MinFold)
      : PTXLexer(In), Buf(Buf), MinFold(MinFold) {}

  std::unique_ptr<Token> nextToken() override {
    std::unique_ptr<Token> T = PTXLexer::nextToken();
    size_t Type = T->getType();
    bool AfterEq = PrevWasEq;
    PrevWasEq = Type == PTXLexer::EQ;
    if (Type != PTXLexer::LBRACE || !AfterEq || !MinFold)
      return T;
    size_t B = T->getStartIndex();
    size_t E = parsedriver::scanSimpleInitializer(Buf, B);
    if (!E || E - B < MinFold)
      return T;
    auto L = std::make_unique<antlr4::CommonToken>(
        std::make_pair<antlr4::TokenSource *, antlr4::CharStream *>(this, getInputStream()),
        PTXLexer::INIT_LIST, Token::DEFAULT_CHANNEL, B, E - 1);
    L->setLine(T->getLine());
    L->setCharPositionInLine(T->getCharPositionInLine());
    // Go on lexing after the list, with the line and column it ends at.
    StringRef List = Buf.slice(B, E);
    size_t Newlines = List.count('\n');
    size_t LastNL = List.rfind('\n');
    setLine(T->getLine() + Newlines);
    setCharPositionInLine(LastNL == StringRef::npos ? T->getCharPositionInLine() + List.size()
                                                    : List.size() - LastNL - 1);
    getInputStream()->seek(E);
    return L;
  }

  /// The tokens before a skip (StreamingTokenStream::skipTo) are forgotten.
  void forgetPrevious() { PrevWasEq = false; }

private:
  StringRef Buf;
  size_t MinFold;
  bool PrevWasEq = false;
};

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

  /// Goes on lexing at byte Pos, at the given line and column.
  void resumeAt(size_t Pos, size_t Line, size_t Col, FoldingLexer &Lexer) {
    dropLookahead();
    Lexer.getInputStream()->seek(Pos);
    Lexer.setLine(Line);
    Lexer.setCharPositionInLine(Col);
    Lexer.forgetPrevious();
    sync(_p); // CommonTokenStream::LT assumes the token at _p exists
  }
};

//===----------------------------------------------------------------------===//
// Conversion helpers
//===----------------------------------------------------------------------===//
class Converter {
public:
  Converter(const SourceFile &File) : File(File), Buf(File.text()) {}

  ASTContext *Ctx = nullptr; // where nodes go (set per unit by the driver)
  /// Whether data contents (initializer tokens) are wanted in full.
  bool KeepData = true;

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
  void collectTokens(antlr4::tree::ParseTree *T, llvm::SmallVectorImpl<StringRef> &Out) const {
    if (auto *N = dynamic_cast<antlr4::tree::TerminalNode *>(T)) {
      if (N->getSymbol()->getType() != Token::EOF)
        Out.push_back(text(N));
      return;
    }
    for (auto *Child : T->children)
      collectTokens(Child, Out);
  }
  llvm::ArrayRef<StringRef> tokensOf(antlr4::tree::ParseTree *T) const {
    llvm::SmallVector<StringRef, 16> Toks;
    if (T)
      collectTokens(T, Toks);
    return Ctx->copy<StringRef>(Toks);
  }
  /// An expression as one string without whitespace or comments.
  StringRef normalizedText(antlr4::tree::ParseTree *T) const {
    llvm::SmallVector<StringRef, 8> Toks;
    collectTokens(T, Toks);
    if (Toks.size() == 1)
      return Toks[0];
    std::string S;
    for (StringRef Tok : Toks)
      S += Tok.str();
    return Ctx->save(S);
  }

  static bool parseInteger(StringRef Lit, int64_t &Out) {
    StringRef S = Lit;
    if (S.endswith("U") || S.endswith("u"))
      S = S.drop_back();
    unsigned Radix = 10;
    if (S.startswith_insensitive("0x")) {
      Radix = 16;
      S = S.drop_front(2);
    } else if (S.startswith_insensitive("0b")) {
      Radix = 2;
      S = S.drop_front(2);
    } else if (S.size() > 1 && S[0] == '0') {
      Radix = 8;
      S = S.drop_front(1);
    }
    uint64_t V = 0;
    if (S.getAsInteger(Radix, V))
      return false;
    Out = static_cast<int64_t>(V);
    return true;
  }
  static double parseFloatLiteral(StringRef Lit) {
    if (Lit.size() > 2 && (Lit[1] == 'f' || Lit[1] == 'F') && Lit[0] == '0') {
      uint64_t Bits = 0;
      Lit.drop_front(2).getAsInteger(16, Bits);
      uint32_t B32 = static_cast<uint32_t>(Bits);
      float F;
      std::memcpy(&F, &B32, sizeof F);
      return F;
    }
    if (Lit.size() > 2 && (Lit[1] == 'd' || Lit[1] == 'D') && Lit[0] == '0') {
      uint64_t Bits = 0;
      Lit.drop_front(2).getAsInteger(16, Bits);
      double D;
      std::memcpy(&D, &Bits, sizeof D);
      return D;
    }
    double D = 0;
    Lit.getAsDouble(D, /*AllowInexact=*/true);
    return D;
  }

  //===--------------------------------------------------------------------===//
  // Operands
  //===--------------------------------------------------------------------===//
  Operand convertNumber(PTXParser::NumberContext *N, bool Negate, SourceRange R) {
    Operand Op;
    Op.Range = R;
    Op.Text = File.slice(R);
    if (N->INT()) {
      Op.Kind = OperandKind::IntImm;
      int64_t V = 0;
      parseInteger(text(N->INT()), V);
      Op.IntValue = Negate ? static_cast<int64_t>(0 - static_cast<uint64_t>(V)) : V;
    } else {
      Op.Kind = OperandKind::FloatImm;
      double D = parseFloatLiteral(text(N->getStart()));
      Op.FloatValue = Negate ? -D : D;
    }
    return Op;
  }

  /// Classifies an expression operand: a name, `_`, a (negated) number, or a
  /// general expression kept as text.
  Operand convertExpr(PTXParser::ExprContext *E) {
    Operand Op;
    Op.Range = range(E);
    if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(E)) {
      auto *Prim = P->primary();
      if (Prim->name() && !Prim->LPAREN()) {
        auto *Nm = Prim->name();
        Op.Text = text(Nm->getStart());
        Op.Kind = Nm->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
        return Op;
      }
      if (Prim->number())
        return convertNumber(Prim->number(), false, Op.Range);
    }
    if (auto *U = dynamic_cast<PTXParser::UnaryExprContext *>(E)) {
      if (U->MINUS())
        if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(U->expr()))
          if (auto *N = P->primary()->number())
            return convertNumber(N, true, Op.Range);
    }
    Op.Kind = OperandKind::Expr;
    Op.Text = normalizedText(E);
    return Op;
  }

  /// [base], [base+imm], [base-imm], [base+-imm], [imm], [a, b, ...].
  Operand convertAddress(PTXParser::AddressOperandContext *A) {
    Operand Op;
    Op.Kind = OperandKind::Address;
    Op.Range = range(A);
    auto Inner = A->operand();
    if (Inner.size() == 1) {
      if (auto *EO = dynamic_cast<PTXParser::ExprOperandContext *>(Inner[0])) {
        PTXParser::ExprContext *E = EO->expr();
        // base +/- offset
        if (auto *Add = dynamic_cast<PTXParser::AddExprContext *>(E)) {
          Operand Base = convertExpr(Add->expr(0));
          Operand Off = convertExpr(Add->expr(1));
          if ((Base.Kind == OperandKind::Name) && Off.Kind == OperandKind::IntImm) {
            Op.Elements = Ctx->copy<Operand>({Base});
            Op.HasOffset = true;
            Op.IntValue = Add->MINUS()
                              ? static_cast<int64_t>(0 - static_cast<uint64_t>(Off.IntValue))
                              : Off.IntValue;
            return Op;
          }
        }
        Operand Only = convertExpr(E);
        if (Only.Kind == OperandKind::IntImm) {
          Op.HasOffset = true;
          Op.IntValue = Only.IntValue;
          return Op;
        }
        Op.Elements = Ctx->copy<Operand>({Only});
        return Op;
      }
    }
    return convertGroup(OperandKind::Address, A, Inner);
  }

  /// {a, b, ...} or (a, b, ...): a node whose elements are operands.
  Operand convertGroup(OperandKind Kind, antlr4::ParserRuleContext *C,
                       const std::vector<PTXParser::OperandContext *> &Subs) {
    Operand Op;
    Op.Kind = Kind;
    Op.Range = range(C);
    llvm::SmallVector<Operand, 8> Elems;
    for (auto *Sub : Subs)
      Elems.push_back(convertOperand(Sub));
    Op.Elements = Ctx->copy<Operand>(Elems);
    return Op;
  }

  Operand convertOperand(PTXParser::OperandContext *O) {
    if (auto *E = dynamic_cast<PTXParser::ExprOperandContext *>(O))
      return convertExpr(E->expr());
    if (auto *V = dynamic_cast<PTXParser::VectorOperandContext *>(O))
      return convertGroup(OperandKind::Vector, V, V->operand());
    if (auto *A = dynamic_cast<PTXParser::AddressOperandContext *>(O))
      return convertAddress(A);
    if (auto *L = dynamic_cast<PTXParser::ListOperandContext *>(O))
      return convertGroup(OperandKind::List, L, L->operand());
    if (auto *PP = dynamic_cast<PTXParser::PredPairOperandContext *>(O)) {
      Operand Op;
      Op.Kind = OperandKind::PredPair;
      Op.Range = range(PP);
      Operand Parts[2];
      for (int I = 0; I < 2; ++I) {
        auto *PN = PP->pairName(I);
        Parts[I].Range = range(PN);
        Parts[I].Text = text(PN->getStart());
        Parts[I].Kind = PN->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
      }
      Op.Elements = Ctx->copy<Operand>(Parts);
      return Op;
    }
    if (auto *N = dynamic_cast<PTXParser::NegatedOperandContext *>(O)) {
      Operand Op;
      Op.Kind = OperandKind::Name;
      Op.Negated = true;
      Op.Range = range(N);
      Op.Text = text(N->IDENT());
      return Op;
    }
    Operand Op;
    Op.Kind = OperandKind::Expr;
    Op.Range = range(O);
    Op.Text = normalizedText(O);
    return Op;
  }

  //===--------------------------------------------------------------------===//
  // Statements and declarations
  //===--------------------------------------------------------------------===//
  Instruction *convertInstruction(PTXParser::InstructionContext *C) {
    auto *I = Ctx->create<Instruction>();
    I->Range = range(C);
    if (auto *G = C->guard()) {
      I->Guard = text(G->IDENT());
      I->GuardNegated = G->BANG() != nullptr;
      I->GuardRange = range(G);
    }
    StringRef Full = text(C->IDENT());
    size_t Dot = Full.find('.');
    I->Opcode = Full.substr(0, Dot);
    if (Dot != StringRef::npos) {
      llvm::SmallVector<StringRef, 12> Quals;
      llvm::SmallVector<SourceRange, 12> Ranges;
      uint32_t Base = static_cast<uint32_t>(C->IDENT()->getSymbol()->getStartIndex());
      size_t Pos = Dot;
      while (Pos != StringRef::npos && Pos < Full.size()) {
        size_t Next = Full.find('.', Pos + 1);
        StringRef Q = Full.slice(Pos, Next == StringRef::npos ? Full.size() : Next);
        Quals.push_back(Q);
        Ranges.push_back(
            {Base + static_cast<uint32_t>(Pos), Base + static_cast<uint32_t>(Pos + Q.size())});
        Pos = Next;
      }
      I->Qualifiers = Ctx->copy<StringRef>(Quals);
      I->QualifierRanges = Ctx->copy<SourceRange>(Ranges);
    }
    llvm::SmallVector<Operand, 8> Ops;
    for (auto *O : C->operand())
      Ops.push_back(convertOperand(O));
    I->Operands = Ctx->copy<Operand>(Ops);
    return I;
  }

  Declarator convertDeclarator(PTXParser::DeclaratorContext *D) {
    Declarator R;
    R.Range = range(D);
    R.Name = text(D->name()->getStart());
    if (D->LT()) {
      int64_t N = 0;
      parseInteger(text(D->INT()), N);
      R.RangeCount = N;
    }
    if (!D->arraySpec().empty()) {
      llvm::SmallVector<StringRef, 8> Toks;
      for (auto *A : D->arraySpec()) {
        Toks.push_back("[");
        if (A->expr())
          Toks.push_back(normalizedText(A->expr()));
        Toks.push_back("]");
      }
      R.ArraySuffix = Ctx->copy<StringRef>(Toks);
    }
    if (D->initializer()) {
      R.HasInit = true;
      if (auto *IL = D->initializer()->INIT_LIST()) {
        // A folded list (InitScan.h): its tokens when the AST's users want
        // them, else its whole text as one token.
        StringRef ListText = text(IL);
        std::vector<StringRef> Toks;
        if (KeepData &&
            parsedriver::scanSimpleInitializer(Buf, ListText.data() - Buf.data(), &Toks))
          R.Init = Ctx->copy<StringRef>(Toks);
        else
          R.Init = Ctx->copy<StringRef>({ListText});
      } else {
        R.Init = tokensOf(D->initializer());
      }
    }
    return R;
  }

  template <typename AttrRange>
  void fillDecl(VarDecl &V, PTXParser::StateSpaceContext *SS, const AttrRange &Attrs) {
    V.StateSpace = text(SS->getStart());
    llvm::SmallVector<StringRef, 8> Toks;
    for (auto *A : Attrs)
      Toks.push_back(text(A->getStart()));
    V.Attrs = Ctx->copy<StringRef>(Toks);
  }

  VarDecl *convertVarDecl(PTXParser::VarDeclContext *C) {
    auto *V = Ctx->create<VarDecl>();
    V->Range = range(C);
    llvm::SmallVector<StringRef, 4> Prefix;
    for (auto *L : C->linkage())
      Prefix.push_back(text(L->getStart()));
    V->Prefix = Ctx->copy<StringRef>(Prefix);
    fillDecl(*V, C->stateSpace(), C->declAttribute());
    llvm::SmallVector<Declarator, 4> Decls;
    for (auto *D : C->declarator())
      Decls.push_back(convertDeclarator(D));
    V->Declarators = Ctx->copy<Declarator>(Decls);
    return V;
  }

  llvm::ArrayRef<VarDecl> convertParams(PTXParser::ParamListContext *L) {
    llvm::SmallVector<VarDecl, 8> Params;
    for (auto *P : L->paramDecl()) {
      VarDecl V;
      V.Range = range(P);
      fillDecl(V, P->stateSpace(), P->declAttribute());
      V.Declarators = Ctx->copy<Declarator>({convertDeclarator(P->declarator())});
      Params.push_back(V);
    }
    return Ctx->copy<VarDecl>(Params);
  }

  Function *convertFunctionHeader(PTXParser::FunctionHeaderContext *C) {
    auto *F = Ctx->create<Function>();
    F->Range = range(C);
    llvm::SmallVector<StringRef, 4> Prefix;
    for (auto *L : C->linkage())
      Prefix.push_back(text(L->getStart()));
    F->Prefix = Ctx->copy<StringRef>(Prefix);
    F->Kind = C->ENTRY() ? text(C->ENTRY()) : text(C->FUNC());
    F->Name = text(C->name()->getStart());
    F->NameRange = range(C->name());
    // paramList() returns every list; the one labelled returnList comes first
    // only when two are written or when it precedes the name.
    auto Lists = C->paramList();
    size_t NameTok = C->name()->getStart()->getStartIndex();
    for (auto *L : Lists) {
      if (L->getStart()->getStartIndex() < NameTok) {
        F->Returns = convertParams(L);
        F->HasReturnList = true;
      } else {
        F->Params = convertParams(L);
        F->HasParamList = true;
      }
    }
    llvm::SmallVector<Directive, 4> Attrs;
    for (auto *A : C->functionAttribute()) {
      Directive D;
      D.Range = range(A);
      D.Name = text(A->DOTNAME());
      llvm::SmallVector<StringRef, 8> Toks;
      for (size_t I = 1; I < A->children.size(); ++I)
        collectTokens(A->children[I], Toks);
      if (!Toks.empty() && Toks.back() == ";") {
        Toks.pop_back();
        D.HasSemicolon = true;
      }
      D.Args = Ctx->copy<StringRef>(Toks);
      Attrs.push_back(D);
    }
    F->Attributes = Ctx->copy<Directive>(Attrs);
    F->HasBody = C->LBRACE() != nullptr;
    return F;
  }

  /// Any directive: name + argument tokens (minus a final ';').
  Directive *convertDirectiveTokens(antlr4::ParserRuleContext *C) {
    auto *D = Ctx->create<Directive>();
    D->Range = range(C);
    llvm::SmallVector<StringRef, 16> Toks;
    collectTokens(C, Toks);
    if (!Toks.empty()) {
      D->Name = Toks.front();
      if (Toks.back() == ";" && Toks.size() > 1) {
        D->HasSemicolon = true;
        Toks.pop_back();
      }
      D->Args = Ctx->copy<StringRef>(llvm::makeArrayRef(Toks).drop_front());
    }
    return D;
  }

  /// `.section name {`: the directive, its Body still empty.
  Directive *convertSectionBegin(PTXParser::SectionBeginContext *C) {
    auto *D = Ctx->create<Directive>();
    D->Range = range(C);
    D->Name = text(C->SECTION());
    D->Args = Ctx->copy<StringRef>({text(C->children[1])});
    D->HasBody = true;
    return D;
  }

  /// One line of a section: ".b8 1, 2" or a label "L:".
  Directive convertSectionEntry(PTXParser::SectionEntryContext *E) {
    Directive Line;
    Line.Range = range(E);
    if (E->COLON()) {
      Line.IsLabel = true;
      Line.Name = text(E->name()->getStart());
      return Line;
    }
    llvm::SmallVector<StringRef, 16> Toks;
    collectTokens(E, Toks);
    Line.Name = Toks.front();
    if (Toks.back() == ";") {
      Line.HasSemicolon = true;
      Toks.pop_back();
    }
    Line.Args = Ctx->copy<StringRef>(llvm::makeArrayRef(Toks).drop_front());
    return Line;
  }

  /// A whole section parsed as one unit (inside a function body, where it
  /// is an error; at module scope the driver streams it line by line).
  Directive *convertSection(PTXParser::SectionDirectiveContext *C) {
    Directive *D = convertSectionBegin(C->sectionBegin());
    D->Range = range(C);
    llvm::SmallVector<Directive, 64> Body;
    for (auto *E : C->sectionEntry())
      Body.push_back(convertSectionEntry(E));
    D->Body = Ctx->copy<Directive>(Body);
    return D;
  }

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
std::string tokenDisplayName(const antlr4::dfa::Vocabulary &Voc, size_t Type) {
  switch (Type) {
  case PTXLexer::IDENT:
    return "identifier";
  case PTXLexer::INIT_LIST:
    return "'{'";
  case PTXLexer::DOTNAME:
    return "directive or type";
  case PTXLexer::INT:
    return "integer";
  case PTXLexer::DEC_FLOAT:
  case PTXLexer::FLOAT_HEX:
  case PTXLexer::DOUBLE_HEX:
    return "number";
  case PTXLexer::STRING:
    return "string";
  case Token::EOF:
    return "end of file";
  default:
    return Voc.getDisplayName(Type);
  }
}

std::string describeToken(Token *T, StringRef Text) {
  if (!T || T->getType() == Token::EOF)
    return "end of file";
  if (T->getType() == PTXLexer::ERROR_CHAR) {
    unsigned char C = Text.empty() ? 0 : static_cast<unsigned char>(Text[0]);
    if (C < 0x20 || C >= 0x7f)
      return "invalid character 0x" + llvm::utohexstr(C, /*LowerCase=*/true);
    return "invalid character '" + Text.str() + "'";
  }
  std::string S = Text.str();
  if (S.size() > 40)
    S = S.substr(0, 37) + "...";
  return "'" + S + "'";
}

} // namespace

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//
namespace ptxlint {
namespace parsedriver {

bool runParse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
              const ParseOptions &Opts, Module *Built, UnitMode Mode, ASTContext *Persist) {
  ByteCharStream Chars(File.text(), File.name().str());
  FoldingLexer Lexer(&Chars, File.text(), Opts.FoldInitializersFrom);
  Lexer.removeErrorListeners();
  StreamingTokenStream Tokens(&Lexer);
  PTXParser Parser(&Tokens);
  Parser.removeErrorListeners();
  auto Bail = std::make_shared<antlr4::BailErrorStrategy>();
  Parser.setErrorHandler(Bail);
  auto *Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);

  Converter Conv(File);
  ASTContext StmtArena, FuncArena; // streaming: freed per statement / function
  if (Built)
    Persist = &Built->Ctx;
  ASTContext &Keep = Persist ? *Persist : FuncArena;
  ASTContext &Transient = Persist ? *Persist : StmtArena;

  unsigned SyntaxErrors = 0;
  bool GaveUp = false;
  int Depth = 0;               // 0: module scope; 1: function body; >1 nested
  Function *CurFunc = nullptr; // header of the function being parsed
  SourceRange CurFuncHeader;
  Function ErrorFunc; // stands in for a header that failed to parse

  auto syntaxError = [&](SourceRange R, std::string Msg) {
    ++SyntaxErrors;
    if (Opts.MaxSyntaxErrors && SyntaxErrors > Opts.MaxSyntaxErrors) {
      if (!GaveUp)
        Diags.error("syntax", SyntaxSpec, R, "too many syntax errors; stopping here");
      GaveUp = true;
      return;
    }
    Diags.error("syntax", SyntaxSpec, R, std::move(Msg));
  };
  auto emitStatement = [&](Statement &S) {
    if (Built && CurFunc)
      CurFunc->Body.push_back(Built->Ctx.create<Statement>(S));
    if (Sink)
      Sink->onStatement(S);
  };
  auto endFunction = [&](SourceRange EndRange) {
    if (CurFunc && CurFunc != &ErrorFunc) {
      CurFunc->Range = CurFunc->Range.cover(EndRange);
      if (Sink)
        Sink->onFunctionEnd(*CurFunc);
    }
    CurFunc = nullptr;
    if (!Persist)
      FuncArena.reset();
  };

  // A '{' or '}' unit: a nested scope, or the end of the function body.
  auto onBrace = [&](bool Open, SourceRange R) {
    Statement S;
    S.Range = R;
    if (Open) {
      if (Depth == 0) {
        syntaxError(R, "'{' outside a function body");
        CurFunc = &ErrorFunc;
        Depth = 1;
      } else {
        ++Depth;
        S.Kind = StmtKind::ScopeBegin;
        emitStatement(S);
      }
    } else if (Depth == 0 || (Depth == 1 && Mode == UnitMode::SingleInstruction)) {
      syntaxError(R, "unmatched '}'");
    } else if (Depth == 1 && Mode != UnitMode::SingleInstruction) {
      Depth = 0;
      endFunction(R);
    } else {
      --Depth;
      S.Kind = StmtKind::ScopeEnd;
      emitStatement(S);
    }
  };

  if (Mode == UnitMode::SingleInstruction)
    Depth = 1;

  // A mapped file's pages behind the statement being parsed go back to the
  // kernel every ReleaseStep bytes (SourceFile::releaseRange): what the AST
  // and the checker still point at stays valid and is read again if needed.
  constexpr size_t ReleaseStep = 256 * 1024, ReleaseLag = 64 * 1024;
  size_t Released = 0;

  // The module-scope .section being streamed (null outside one), and its
  // lines when someone wants them (see ParseSink::wantsSectionBodies).
  Directive *Section = nullptr;
  std::vector<Directive> SectionLines;
  const bool KeepSectionLines = Built || (Sink && Sink->wantsDataContents());
  Conv.KeepData = KeepSectionLines;

  // A function header at module scope: its body follows, or it is a
  // prototype and ends here.
  auto beginFunction = [&](Function *F) {
    if (Built)
      Built->Items.push_back({ItemKind::Function, nullptr, nullptr, F});
    if (Sink)
      Sink->onFunctionBegin(*F);
    if (F->HasBody) {
      CurFunc = F;
      Depth = 1;
    } else if (Sink) {
      Sink->onFunctionEnd(*F);
    }
  };

  // The '}' of a module-scope section: the section is complete.
  auto closeSection = [&](SourceRange R) {
    Section->Range = Section->Range.cover(R);
    Section->Body = Keep.copy<Directive>(SectionLines);
    SectionLines.clear();
    SectionLines.shrink_to_fit();
    if (Built)
      Built->Items.push_back({ItemKind::Directive, Section, nullptr, nullptr});
    if (Sink)
      Sink->onDirective(*Section);
    Section = nullptr;
  };

  // The fast path (FastStatement.h): plain statements of a function body
  // are parsed from the bytes, without ANTLR's lexer or parser. After one,
  // the token stream is left behind (Unsynced) and CharPos says where ANTLR
  // resumes; KnownOff/KnownLine/KnownCol keep its line and column exact.
  const StringRef Text = File.text();
  bool Unsynced = false;
  size_t CharPos = 0, KnownOff = 0, KnownLine = 1, KnownCol = 0;
  auto releaseBehind = [&](size_t Off) {
    if (File.isMapped() && Off >= Released + ReleaseStep + ReleaseLag) {
      File.releaseRange(Released, Off - ReleaseLag);
      Released = Off - ReleaseLag;
    }
  };
  // One plain statement at byte B (a token start); true when taken.
  auto tryFast = [&](uint32_t B) {
    char C = Text[B];
    uint32_t End = 0;
    Statement S;
    if (Depth == 0 && !Section) {
      if (C != '.')
        return false;
      if (Function *F = parsedriver::parseFunctionHeaderAt(File, B, Keep, End))
        beginFunction(F);
    } else if (Section) {
      Directive Line;
      if (C == '}') {
        closeSection({B, B + 1});
        End = B + 1;
      } else if (parsedriver::parseSectionLineAt(File, B, Keep, KeepSectionLines, Line, End)) {
        if (KeepSectionLines)
          SectionLines.push_back(Line);
      }
    } else if (C == '{' || C == '}') {
      onBrace(C == '{', {B, B + 1});
      End = B + 1;
    } else if (C == '.') {
      if (const Directive *D = parsedriver::parseLocAt(File, B, Transient, End)) {
        S.Kind = StmtKind::Directive;
        S.Dir = D;
        S.Range = D->Range;
        emitStatement(S);
      } else if (const VarDecl *V = parsedriver::parseRegDeclAt(File, B, Transient, End)) {
        S.Kind = StmtKind::VarDecl;
        S.Var = V;
        S.Range = V->Range;
        emitStatement(S);
      }
    } else if (const Instruction *I = parsedriver::parseInstructionAt(File, B, Transient, End)) {
      S.Kind = StmtKind::Instruction;
      S.Inst = I;
      S.Range = I->Range;
      emitStatement(S);
    } else {
      SourceRange Name;
      if (parsedriver::parseLabelAt(File, B, Name, End)) {
        S.Kind = StmtKind::Label;
        S.Range = {B, End};
        S.LabelName = File.slice(Name);
        emitStatement(S);
      }
    }
    if (!End)
      return false;
    CharPos = End;
    // Keep the line count while the bytes are hot (a count over the whole
    // body at the end would bring a released file back into memory).
    StringRef Skipped = Text.slice(KnownOff, CharPos);
    size_t NL = Skipped.count('\n');
    KnownLine += NL;
    KnownCol = NL ? Skipped.size() - Skipped.rfind('\n') - 1 : KnownCol + Skipped.size();
    KnownOff = CharPos;
    if (!Persist)
      StmtArena.reset();
    return true;
  };

  while (!GaveUp) {
    const bool FastOk = Opts.FastStatements && Mode == UnitMode::File;
    if (Unsynced) {
      size_t P = CharPos;
      if (FastOk && parsedriver::skipSpaceAndComments(Text, P) && P < Text.size()) {
        releaseBehind(P);
        if (tryFast(static_cast<uint32_t>(P)))
          continue;
      }
      // Back to ANTLR where the fast path stopped.
      Tokens.resumeAt(CharPos, KnownLine, KnownCol, Lexer);
      Unsynced = false;
    }
    size_t La = Tokens.LA(1);
    if (La == Token::EOF)
      break;
    size_t Start = Tokens.index();
    Token *StartTok = Tokens.LT(1);
    releaseBehind(StartTok->getStartIndex());
    if (FastOk) {
      size_t B = StartTok->getStartIndex();
      KnownOff = B;
      KnownLine = StartTok->getLine();
      KnownCol = StartTok->getCharPositionInLine();
      if (tryFast(static_cast<uint32_t>(B))) {
        Tokens.dropLookahead();
        Tokens.discardConsumed();
        Unsynced = true;
        continue;
      }
    }

    // What to parse: a statement, or at module scope a section piecewise.
    enum class Entry { Unit, SectionBegin, SectionLine };
    Entry What = Section                                 ? Entry::SectionLine
                 : Depth == 0 && La == PTXLexer::SECTION ? Entry::SectionBegin
                                                         : Entry::Unit;
    auto parseEntry = [&]() -> antlr4::ParserRuleContext * {
      switch (What) {
      case Entry::SectionBegin:
        return Parser.sectionBegin();
      case Entry::SectionLine:
        return Parser.sectionLine();
      case Entry::Unit:
        break;
      }
      return Parser.unit();
    };
    antlr4::ParserRuleContext *Parsed = nullptr;
    Token *Offending = nullptr;
    std::string Expected;
    try {
      Parsed = parseEntry();
    } catch (antlr4::ParseCancellationException &) {
      // SLL failed: retry in full LL before believing the error.
      Tokens.seek(Start);
      Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
      try {
        Parsed = parseEntry();
      } catch (antlr4::ParseCancellationException &PCE) {
        Parsed = nullptr;
        try {
          std::rethrow_if_nested(PCE);
        } catch (antlr4::RecognitionException &RE) {
          Offending = RE.getOffendingToken();
          auto Set = RE.getExpectedTokens();
          std::vector<std::string> Names;
          for (ssize_t T : Set.toList()) {
            std::string N = tokenDisplayName(Parser.getVocabulary(), static_cast<size_t>(T));
            if (std::find(Names.begin(), Names.end(), N) == Names.end())
              Names.push_back(N);
          }
          size_t Rule = RE.getCtx() ? RE.getCtx()->getRuleIndex() : SIZE_MAX;
          if (Rule == PTXParser::RuleOperand || Rule == PTXParser::RuleExpr ||
              Rule == PTXParser::RulePrimary) {
            Expected = "expected an operand (register, immediate, address, vector or name)";
          } else if (Rule == PTXParser::RuleSectionLine) {
            Expected = "expected a data line (.b8, .b16, .b32, .b64 ...), a label or '}'";
          } else if (Rule == PTXParser::RuleUnit) {
            Expected = "expected a directive, declaration, label or instruction";
          } else if (!Names.empty() && Names.size() <= 8) {
            Expected = "expected ";
            for (size_t I = 0; I < Names.size(); ++I)
              Expected += (I ? (I + 1 == Names.size() ? " or " : ", ") : "") + Names[I];
          }
        } catch (...) {
        }
      } catch (...) {
        Parsed = nullptr;
      }
      Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    } catch (...) {
      Parsed = nullptr;
    }

    if (!Parsed) {
      // Report at the offending token, then resynchronise after the next ';'
      // or at the next '{' / '}'.
      if (!Offending)
        Offending = Tokens.LT(1);
      StringRef OffText = Conv.text(Offending);
      SourceRange R = Converter::range(Offending);
      if (!R.isValid()) // EOF: point at the end of the file
        R = {static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
      std::string Msg = "unexpected " + describeToken(Offending, OffText);
      if (!Expected.empty())
        Msg += "; " + Expected;
      syntaxError(R, Msg);
      Tokens.seek(Start);
      // Skip up to the offending token, then to a synchronising token.
      // Braces opened after '=' are an initializer's: its '}' is not a
      // scope's, so the skipping goes past them.
      int InitDepth = 0;
      bool SawEq = false;
      auto track = [&](size_t T) {
        if (T == PTXLexer::EQ)
          SawEq = true;
        else if (T == PTXLexer::LBRACE && (SawEq || InitDepth > 0))
          ++InitDepth;
        else if (T == PTXLexer::RBRACE && InitDepth > 0)
          --InitDepth;
        else if (T == PTXLexer::SEMI)
          SawEq = false;
      };
      while (Tokens.LA(1) != Token::EOF && Tokens.LT(1) != Offending) {
        track(Tokens.LA(1));
        Tokens.consume();
      }
      bool Consumed = Tokens.index() != Start;
      if (!Section) {
        while (InitDepth > 0 && Tokens.LA(1) != Token::EOF) {
          track(Tokens.LA(1));
          Tokens.consume();
          Consumed = true;
        }
      }
      if (Section) {
        // Section lines end at the end of the line (they need no ';'): skip
        // the rest of the offending line; a '}' still closes the section.
        size_t Line = Offending->getLine();
        while (Tokens.LA(1) != Token::EOF && Tokens.LA(1) != PTXLexer::RBRACE &&
               (Tokens.LT(1)->getLine() == Line || !Consumed)) {
          Tokens.consume();
          Consumed = true;
        }
        Parser.getTreeTracker().reset();
        Tokens.discardConsumed();
        continue;
      }
      // One instruction has no scopes: there, only its ';' ends the damage.
      bool OnlySemi = Mode == UnitMode::SingleInstruction;
      while (Tokens.LA(1) != Token::EOF) {
        size_t T = Tokens.LA(1);
        if (OnlySemi && T != PTXLexer::SEMI) {
          Tokens.consume();
          Consumed = true;
          continue;
        }
        if (T == PTXLexer::SEMI) {
          Tokens.consume();
          Consumed = true;
          break;
        }
        if (T == PTXLexer::LBRACE) {
          Tokens.consume();
          Consumed = true;
          if (Depth == 0) { // a broken function header: parse its body anyway
            CurFunc = &ErrorFunc;
            Depth = 1;
          } else {
            ++Depth;
          }
          break;
        }
        if (T == PTXLexer::RBRACE) {
          if (!Consumed) {
            Tokens.consume();
            Consumed = true;
            bool ImplicitBody = Depth == 1 && Mode == UnitMode::SingleInstruction;
            if (Depth == 1 && !ImplicitBody)
              endFunction({});
            if (Depth > 0 && !ImplicitBody)
              --Depth;
          }
          break;
        }
        Tokens.consume();
        Consumed = true;
      }
      if (!Consumed && Tokens.LA(1) != Token::EOF)
        Tokens.consume();
      Parser.getTreeTracker().reset();
      Tokens.discardConsumed();
      continue;
    }

    // A section at module scope, one piece at a time.
    if (What != Entry::Unit) {
      Conv.Ctx = &Keep;
      if (What == Entry::SectionBegin) {
        Section = Conv.convertSectionBegin(static_cast<PTXParser::SectionBeginContext *>(Parsed));
        SectionLines.clear();
      } else if (auto *E = static_cast<PTXParser::SectionLineContext *>(Parsed)->sectionEntry()) {
        if (KeepSectionLines) {
          SectionLines.push_back(Conv.convertSectionEntry(E));
        }
      } else { // '}'
        closeSection(Converter::range(Parsed));
      }
      Parser.getTreeTracker().reset();
      Tokens.discardConsumed();
      if (!Persist)
        StmtArena.reset();
      continue;
    }

    // Convert the unit.
    auto *U = static_cast<PTXParser::UnitContext *>(Parsed);
    Conv.Ctx = &Transient;
    if (auto *I = U->instruction()) {
      if (Depth == 0) {
        syntaxError(Converter::range(I), "instruction outside a function body");
      } else {
        Statement S;
        S.Kind = StmtKind::Instruction;
        S.Inst = Conv.convertInstruction(I);
        S.Range = S.Inst->Range;
        emitStatement(S);
      }
    } else if (auto *L = U->label()) {
      if (Depth == 0) {
        syntaxError(Converter::range(L), "label outside a function body");
      } else {
        Statement S;
        S.Kind = StmtKind::Label;
        S.Range = Converter::range(L);
        S.LabelName = Conv.text(L->name()->getStart());
        emitStatement(S);
      }
    } else if (auto *V = U->varDecl()) {
      if (Depth == 0) {
        Conv.Ctx = &Keep;
        if (Built)
          Built->Items.push_back({ItemKind::VarDecl, nullptr, Conv.convertVarDecl(V), nullptr});
        const VarDecl *VD = Built ? Built->Items.back().Var : Conv.convertVarDecl(V);
        if (Sink)
          Sink->onGlobalVar(*VD);
      } else {
        Statement S;
        S.Kind = StmtKind::VarDecl;
        S.Var = Conv.convertVarDecl(V);
        S.Range = S.Var->Range;
        emitStatement(S);
      }
    } else if (auto *FH = U->functionHeader()) {
      if (Depth != 0) {
        syntaxError(Converter::range(FH), "function definition inside a function body");
        if (FH->LBRACE())
          ++Depth;
      } else {
        Conv.Ctx = &Keep;
        beginFunction(Conv.convertFunctionHeader(FH));
      }
    } else if (U->LBRACE()) {
      onBrace(true, Converter::range(U));
    } else if (U->RBRACE()) {
      onBrace(false, Converter::range(U));
    } else {
      // Directives.
      Directive *D = nullptr;
      bool ModuleOnly = false;
      Conv.Ctx = Depth == 0 ? &Keep : &Transient;
      if (auto *SD = U->sectionDirective()) {
        D = Conv.convertSection(SD);
        ModuleOnly = true;
      } else {
        antlr4::ParserRuleContext *DC = U->versionDirective();
        if (!DC)
          DC = U->targetDirective();
        if (!DC)
          DC = U->addressSizeDirective();
        if (!DC)
          DC = U->fileDirective();
        ModuleOnly = DC != nullptr;
        if (!DC)
          DC = U->locDirective();
        if (!DC)
          DC = U->genericDirective();
        if (DC)
          D = Conv.convertDirectiveTokens(DC);
      }
      if (D && Depth == 0) {
        if (Built)
          Built->Items.push_back({ItemKind::Directive, D, nullptr, nullptr});
        if (Sink)
          Sink->onDirective(*D);
      } else if (D) {
        if (ModuleOnly) {
          syntaxError(D->Range,
                      "directive '" + D->Name.str() + "' is only allowed at module scope");
        } else {
          Statement S;
          S.Kind = StmtKind::Directive;
          S.Dir = D;
          S.Range = D->Range;
          emitStatement(S);
        }
      }
    }
    (void)StartTok;
    Parser.getTreeTracker().reset();
    Tokens.discardConsumed();
    if (!Persist)
      StmtArena.reset();
  }

  if (Section && !GaveUp) {
    SourceRange EofR{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
    auto &D = Diags.error("syntax", SyntaxSpec, EofR, "unexpected end of file; expected '}'");
    D.Notes.push_back({Section->Range, "to close this .section"});
    ++SyntaxErrors;
  }
  if (Depth > 0 && Mode != UnitMode::SingleInstruction && !GaveUp) {
    SourceRange R = CurFunc && CurFunc != &ErrorFunc ? CurFunc->NameRange : SourceRange();
    SourceRange EofR{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
    auto &D = Diags.error("syntax", SyntaxSpec, EofR, "unexpected end of file; expected '}'");
    if (R.isValid())
      D.Notes.push_back({R, "to close the body of this function"});
    ++SyntaxErrors;
    endFunction({});
  }
  if (Sink)
    Sink->onEndOfFile();
  return SyntaxErrors == 0;
}

} // namespace parsedriver
} // namespace ptxlint
