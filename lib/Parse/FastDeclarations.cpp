//===- FastDeclarations.cpp - ANTLR-free parse of plain declarations -----===//
//
// Function headers, `.reg` declarations, `.loc` and the lines of a
// `.section`, read on the hand lexer's tokens (TokenCursor.h). Each builds the
// node lib/Parse/Converter.cpp would build, through the same AST builder
// (ASTBuilder.h), or gives up.
//
//===----------------------------------------------------------------------===//

#include "Parse/ASTBuilder.h"
#include "Parse/FastStatement.h"
#include "Parse/Lexer.h"
#include "Parse/TokenCursor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

using namespace fast;

namespace {

class DeclParser : public TokenCursor {
public:
  using TokenCursor::TokenCursor;

  /// A long data line in pieces (parseSectionLineStreamedAt): when set, it
  /// takes the tokens kept so far once PieceTokens are held and another comes.
  static constexpr size_t PieceTokens = 4096;
  llvm::function_ref<void(llvm::SmallVectorImpl<llvm::StringRef> &)> FlushPiece;
  void keepData(llvm::SmallVectorImpl<llvm::StringRef> *Toks, const Token &T) {
    if (!Toks)
      return;
    if (FlushPiece && Toks->size() >= PieceTokens) {
      FlushPiece(*Toks);
      Toks->clear();
    }
    Toks->push_back(text(T));
  }

  /// An INT token in plain decimal (.loc's numbers, counts, .align 16).
  bool decimal(Token &T) {
    if (!is(Tok::INT) || !isPlainDecimal(text()))
      return false;
    T = take();
    return true;
  }

  /// `name [<N>] ([N] | [])*`: the Declarator the converter builds. Stops
  /// right after its last token.
  bool declarator(Declarator &D) {
    if (!is(Tok::IDENT) || text().contains('.'))
      return false;
    Token Name = take();
    D.Name = text(Name);
    D.Range = {Name.Begin, Name.End};
    if (accept(Tok::LT)) { // %r<100>
      Token N;
      int64_t Count = 0;
      if (!decimal(N) || !build::decodeInteger(text(N), Count) || !accept(Tok::GT))
        return false; // a count the converter reads otherwise, or no count
      D.RangeCount = Count;
    }
    llvm::SmallVector<llvm::StringRef, 4> Suffix;
    while (accept(Tok::LBRACK)) { // [16], []
      Suffix.push_back("[");
      Token N;
      if (decimal(N))
        Suffix.push_back(text(N));
      if (!accept(Tok::RBRACK))
        return false;
      Suffix.push_back("]");
    }
    if (atOpenComment())
      return false;
    D.Range.End = lastEnd();
    D.ArraySuffix = Ctx.copy<std::string_view>(Suffix);
    return true;
  }

  /// Declaration attributes (`.align 8 .b32`, `.v4 .f32`) into Attrs; false
  /// on a token that is no attribute but starts like one.
  bool declAttributes(llvm::SmallVectorImpl<llvm::StringRef> &Attrs) {
    for (;;) {
      Token N;
      if (decimal(N)) { // .align 16
        Attrs.push_back(text(N));
        continue;
      }
      if (first() != '.')
        return true;
      // Keywords are tokens of their own (PTXLexer.g4); '::' parts and the
      // rest are the grammar's business.
      if (!isDeclAttribute(kind()) || text().contains(':'))
        return false;
      Attrs.push_back(text(take()));
    }
  }

  /// `.reg .attr... name[<N>], ...;` (a register declaration in a body).
  const VarDecl *regDecl() {
    uint32_t Start = pos();
    Tok K = kind();
    if (K != Tok::REG && K != Tok::PARAM && K != Tok::LOCAL && K != Tok::SHARED)
      return nullptr;
    llvm::StringRef Space = text(take());
    llvm::SmallVector<llvm::StringRef, 4> Attrs;
    if (!declAttributes(Attrs) || Attrs.empty())
      return nullptr;
    llvm::SmallVector<Declarator, 4> Decls;
    do {
      Declarator D;
      if (!declarator(D))
        return nullptr;
      Decls.push_back(D);
    } while (accept(Tok::COMMA));
    if (!accept(Tok::SEMI))
      return nullptr;
    auto *V = Ctx.create<VarDecl>();
    V->Range = {Start, lastEnd()};
    V->StateSpace = Space;
    V->Attrs = Ctx.copy<std::string_view>(Attrs);
    V->Declarators = Ctx.copy<Declarator>(Decls);
    return V;
  }

  /// One INT or IDENT token of a data line; anything stranger (0b101, 1.5,
  /// a name with '.' parts, a token glued to the next) is left to the
  /// grammar.
  bool sectionAtom(llvm::SmallVectorImpl<llvm::StringRef> *Toks, bool Number) {
    llvm::StringRef T = text();
    if (Number ? !is(Tok::INT) || T.startswith_insensitive("0b")
               : !is(Tok::IDENT) || T.contains('.'))
      return false;
    keepData(Toks, take());
    return !glued();
  }

  /// A DOTNAME token (not a keyword, PTXLexer.g4), kept as data.
  bool sectionDotName(llvm::SmallVectorImpl<llvm::StringRef> *Toks) {
    if (!is(Tok::DOTNAME) || text().contains(':'))
      return false;
    keepData(Toks, take());
    return !glued();
  }

  /// The current token touches the last one and starts with a character
  /// that would read on as one token (a word character, '.', '$', ':').
  bool glued() const {
    char C = first();
    return pos() == lastEnd() &&
           (isAlpha(C) || isDigit(C) || C == '_' || C == '.' || C == '$' || C == ':');
  }

  /// The data of a line (sectionData in the grammar): `-1, 2, 0x3` or one
  /// `label`, `label+imm`, `label1-label2`. Stops after the last token.
  bool sectionData(llvm::SmallVectorImpl<llvm::StringRef> *Toks) {
    if (is(Tok::MINUS) || is(Tok::INT)) {
      do {
        if (is(Tok::MINUS))
          keepData(Toks, take());
        if (!sectionAtom(Toks, /*Number=*/true))
          return false;
        if (!is(Tok::COMMA))
          return true;
        keepData(Toks, take());
      } while (true);
    }
    bool Dot = first() == '.';
    if (Dot ? !sectionDotName(Toks) : !sectionAtom(Toks, /*Number=*/false))
      return false;
    if (!is(Tok::PLUS) && (!is(Tok::MINUS) || Dot))
      return true;
    bool Plus = is(Tok::PLUS);
    keepData(Toks, take());
    return sectionAtom(Toks, /*Number=*/Plus);
  }

  /// A line of a module-scope .section: `L:` or `.bN data` (sectionEntry in
  /// the grammar). What could go on past the data (an operator, `;`, a
  /// second label) is the grammar's to report.
  bool sectionLine(llvm::SmallVectorImpl<llvm::StringRef> *Toks, SourceRange &Whole,
                   bool &IsLabel) {
    uint32_t Start = pos();
    IsLabel = false;
    if (first() != '.') {
      SourceRange Name, L;
      if (!label(Name, L))
        return false;
      if (Toks)
        Toks->push_back(Text.slice(Name.Begin, Name.End));
      Whole = L;
      IsLabel = true;
      return true;
    }
    if (!sectionDotName(Toks) || !sectionData(Toks))
      return false;
    char C = first();
    if (C != '\0' && C != '}' && C != '.' && !isAlpha(C) && C != '_' && C != '$' && C != '%')
      return false;
    Whole = {Start, lastEnd()};
    return true;
  }

  /// One paramDecl: `.param`/`.reg`, attributes, a declarator.
  bool paramDecl(llvm::SmallVectorImpl<VarDecl> &Out) {
    VarDecl V;
    uint32_t B = pos();
    if (!is(Tok::PARAM) && !is(Tok::REG))
      return false;
    V.StateSpace = text(take());
    llvm::SmallVector<llvm::StringRef, 6> Attrs;
    Declarator D;
    if (!declAttributes(Attrs) || !declarator(D))
      return false;
    V.Attrs = Ctx.copy<std::string_view>(Attrs);
    V.Declarators = Ctx.copy<Declarator>({D});
    V.Range = {B, D.Range.End};
    Out.push_back(V);
    return true;
  }

  /// `( paramDecl, ... )`, `()`.
  bool paramList(llvm::SmallVectorImpl<VarDecl> &Out) {
    if (!accept(Tok::LPAREN))
      return false;
    if (accept(Tok::RPAREN))
      return true;
    do {
      if (!paramDecl(Out))
        return false;
    } while (accept(Tok::COMMA));
    return accept(Tok::RPAREN);
  }

  /// A performance directive of a header (`.maxntid 256, 1, 1`, `.noreturn`).
  bool headerAttribute(Directive &D) {
    // Keywords are tokens of their own: the grammar's business.
    if (!is(Tok::DOTNAME) || text().contains(':'))
      return false;
    Token W = take();
    D.Name = text(W);
    D.Range = {W.Begin, W.End};
    llvm::SmallVector<llvm::StringRef, 6> Args;
    Token N;
    if (decimal(N)) {
      Args.push_back(text(N));
      while (accept(Tok::COMMA)) {
        if (!decimal(N))
          return false;
        Args.push_back(",");
        Args.push_back(text(N));
      }
      D.Range.End = N.End;
    } else if (isDigit(first()) || first() == '"' || first() == '-') {
      return false;
    }
    D.Args = Ctx.copy<std::string_view>(Args);
    return true;
  }

  /// `[linkage] .entry|.func`: the prefix and the kind.
  bool headerStart(Function &F) {
    llvm::SmallVector<llvm::StringRef, 2> Prefix;
    while (is(Tok::VISIBLE) || is(Tok::EXTERN) || is(Tok::WEAK) || is(Tok::COMMON))
      Prefix.push_back(text(take()));
    if (!is(Tok::ENTRY) && !is(Tok::FUNC))
      return false;
    F.Kind = text(take());
    F.Prefix = Ctx.copy<std::string_view>(Prefix);
    return true;
  }

  /// `[linkage] .entry|.func [(returns)] name [(params)] [.attr N, ...]* {|;`
  Function *functionHeader() {
    uint32_t Start = pos();
    auto *F = Ctx.create<Function>();
    if (!headerStart(*F))
      return nullptr;
    llvm::SmallVector<VarDecl, 2> Returns, Params;
    if (is(Tok::LPAREN)) {
      if (!paramList(Returns))
        return nullptr;
      F->HasReturnList = true;
    }
    if (!is(Tok::IDENT) || text().contains('.'))
      return nullptr;
    Token Name = take();
    F->Name = text(Name);
    F->NameRange = {Name.Begin, Name.End};
    if (is(Tok::LPAREN)) {
      if (!paramList(Params))
        return nullptr;
      F->HasParamList = true;
    }
    F->Returns = Ctx.copy<VarDecl>(Returns);
    F->Params = Ctx.copy<VarDecl>(Params);
    llvm::SmallVector<Directive, 4> Attrs;
    while (first() == '.') {
      Directive D;
      if (!headerAttribute(D))
        return nullptr;
      Attrs.push_back(D);
    }
    F->Attributes = Ctx.copy<Directive>(Attrs);
    if (is(Tok::LBRACE))
      F->HasBody = true;
    else if (!is(Tok::SEMI))
      return nullptr;
    F->Range = {Start, take().End};
    return F;
  }

private:
  static bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
  static bool isDigit(char C) { return C >= '0' && C <= '9'; }
};

} // namespace

static const VarDecl *regDeclAt(llvm::StringRef Text, uint32_t Begin, ASTContext &Ctx,
                                uint32_t &End, TokenMemo *Memo) {
  DeclParser P(Text, Ctx, Begin, Memo);
  const VarDecl *V = P.regDecl();
  if (!V)
    return nullptr;
  End = P.lastEnd();
  P.remember();
  return V;
}

const VarDecl *parseRegDeclAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End, TokenMemo *Memo) {
  return regDeclAt(File.text(), Begin, Ctx, End, Memo);
}

const VarDecl *parseRegDeclAt(llvm::StringRef Text, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End) {
  return regDeclAt(Text, Begin, Ctx, End, nullptr);
}

bool parseSectionLineAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, bool Keep,
                        Directive &Out, uint32_t &End, TokenMemo *Memo) {
  DeclParser P(File, Ctx, Begin, Memo);
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  SourceRange Whole;
  bool IsLabel = false;
  if (!P.sectionLine(Keep ? &Toks : nullptr, Whole, IsLabel))
    return false;
  End = Whole.End;
  P.remember();
  if (!Keep)
    return true;
  Out = Directive();
  Out.Range = Whole;
  Out.IsLabel = IsLabel;
  if (IsLabel)
    Out.Name = Toks.front();
  else
    build::directiveFromTokens(Out, Toks, Ctx);
  return true;
}

bool parseSectionLineStreamedAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                SectionPieceFn OnPiece, uint32_t &End, TokenMemo *Memo) {
  SourceRange Whole;
  bool IsLabel = false;
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  {
    // The whole line first: a line the grammar must parse instead is
    // declined before any piece has been handed out. A line of at most
    // PieceTokens tokens (nearly all) is kept on the way and handed out as
    // one piece; a longer one is read again below, a piece at a time.
    DeclParser Check(File, Ctx, Begin, Memo);
    bool Long = false;
    auto Drop = [&](llvm::SmallVectorImpl<llvm::StringRef> &T) {
      Long = true;
      T.clear();
    };
    Check.FlushPiece = Drop; // a function_ref: Drop outlives it
    if (!Check.sectionLine(&Toks, Whole, IsLabel))
      return false;
    End = Whole.End;
    Check.remember();
    if (!Long) {
      Directive D;
      D.Range = Whole;
      if (IsLabel) {
        D.IsLabel = true;
        D.Name = Toks.front();
      } else {
        build::directiveFromTokens(D, Toks, Ctx);
      }
      OnPiece(D, false);
      return true;
    }
    Toks.clear();
  }
  DeclParser P(File, Ctx, Begin);
  bool First = true;
  // A piece's arguments, reused from piece to piece: the consumer is done
  // with a piece when OnPiece returns, so a long line costs one piece.
  std::vector<std::string_view> PieceArgs;
  auto Piece = [&](llvm::ArrayRef<llvm::StringRef> T, bool Continues) {
    Directive D;
    D.Range = Whole;
    if (First) {
      build::directiveFromTokens(D, T, Ctx);
    } else {
      if (!Continues && !T.empty() && T.back() == ";") {
        D.HasSemicolon = true;
        T = T.drop_back();
      }
      PieceArgs.assign(T.begin(), T.end());
      D.Args = PieceArgs;
    }
    First = false;
    OnPiece(D, Continues);
  };
  auto Flush = [&](llvm::SmallVectorImpl<llvm::StringRef> &T) { Piece(T, true); };
  P.FlushPiece = Flush; // a function_ref: Flush outlives it
  P.sectionLine(&Toks, Whole, IsLabel);
  Piece(Toks, false);
  return true;
}

Function *parseFunctionHeaderAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                uint32_t &End, TokenMemo *Memo) {
  DeclParser P(File, Ctx, Begin, Memo);
  Function *F = P.functionHeader();
  if (!F)
    return nullptr;
  End = P.lastEnd();
  P.remember();
  return F;
}

namespace {
/// `.loc F L C [, function_name sym [+ N]] [, inlined_at F L C]...` read
/// straight off the lexer (nvcc writes one every other line): a small state
/// machine on the token kinds, the tokens after `.loc` (commas included, as
/// the converter keeps them) gathered on the stack. Accepts exactly what
/// DeclParser::loc accepted; anything else is declined.
class LocRecognizer {
public:
  LocRecognizer(llvm::StringRef Text, uint32_t Begin, TokenMemo *Memo)
      : Text(Text), Lex(Text, Begin), Memo(Memo) {
    if (Memo && Memo->Begin == Begin) {
      Cur = {Begin, Memo->End, static_cast<Tok>(Memo->Kind)};
      Lex.seek(Cur.End);
      return;
    }
    Cur = Lex.next();
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), UINT32_MAX};
  }

  bool read(llvm::SmallVectorImpl<llvm::StringRef> &Args, SourceRange &Whole) {
    uint32_t Start = Cur.Begin;
    if (Cur.Kind != Tok::LOC)
      return false;
    take();
    if (!number(Args) || !number(Args) || !number(Args))
      return false;
    while (Cur.Kind == Tok::COMMA)
      if (!attribute(Args))
        return false;
    // A block comment that never closes: the grammar's business.
    if (Cur.Kind == Tok::SLASH && Cur.End < Text.size() && Text[Cur.End] == '*')
      return false;
    Whole = {Start, LastEnd};
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), LastEnd};
    return true;
  }

private:
  llvm::StringRef text() const { return Text.slice(Cur.Begin, Cur.End); }
  char first() const { return Cur.End > Cur.Begin ? Text[Cur.Begin] : '\0'; }
  void take() {
    LastEnd = Cur.End;
    Cur = Lex.next();
  }
  void keep(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    Args.push_back(text());
    take();
  }
  /// An INT of decimal digits (a leading 0 too).
  bool number(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    if (Cur.Kind != Tok::INT)
      return false;
    for (char C : text())
      if (!lexchars::isDigit(C))
        return false;
    keep(Args);
    return true;
  }
  /// `, inlined_at F L C` (any count of numbers) or `, function_name sym [+ N]`.
  bool attribute(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    keep(Args); // ','
    if (Cur.Kind != Tok::IDENT || !lexchars::isAlpha(first()))
      return false;
    keep(Args);
    if (lexchars::isDigit(first())) {
      while (lexchars::isDigit(first()))
        if (!number(Args))
          return false;
      return true;
    }
    if (Cur.Kind != Tok::IDENT)
      return false;
    keep(Args);
    if (Cur.Kind != Tok::PLUS)
      return true;
    keep(Args);
    return number(Args);
  }

  llvm::StringRef Text;
  Lexer Lex;
  Token Cur;
  uint32_t LastEnd = 0;
  TokenMemo *Memo;
};

/// nvcc's `.loc` lines read byte by byte, without the lexer: `.loc`, then
/// tokens separated by blanks (' ', '\t') that the lexer would make exactly
/// so (decimal digits and names, each followed by a blank, ',' or a line
/// end), in LocRecognizer's shape. Anything else (a comment, a line break
/// inside, another spelling of a number or name) is declined, with no side
/// effect, and LocRecognizer reads it. The look-ahead token after the line
/// is the lexer's, and is declined when it could continue the directive.
class PlainLoc {
public:
  PlainLoc(llvm::StringRef Text, uint32_t Begin) : Text(Text), P(Begin) {}

  bool read(llvm::SmallVectorImpl<llvm::StringRef> &Args, SourceRange &Whole, TokenMemo *Memo) {
    const uint32_t Start = P;
    if (!Text.substr(P).startswith(".loc") || !blank(at(P + 4)))
      return false;
    P += 4;
    for (int K = 0; K < 3; ++K)
      if (!number(Args))
        return false;
    for (skipBlanks(); at(P) == ',';)
      if (!attribute(Args))
        return false;
    Lexer Lex(Text, LastEnd);
    Token Next = Lex.next();
    switch (Next.Kind) {
    case Tok::COMMA: // after a line break: LocRecognizer's to read
    case Tok::INT:
    case Tok::DEC_FLOAT:
    case Tok::FLOAT_HEX:
    case Tok::DOUBLE_HEX:
    case Tok::PLUS:
    case Tok::SLASH:
      return false;
    default:
      break;
    }
    Whole = {Start, LastEnd};
    if (Memo)
      *Memo = {Next.Begin, Next.End, static_cast<uint8_t>(Next.Kind), LastEnd};
    return true;
  }

private:
  char at(size_t K) const { return K < Text.size() ? Text[K] : '\0'; }
  static bool blank(char C) { return C == ' ' || C == '\t'; }
  /// What may follow a token: the lexer then ends it there.
  static bool ends(char C) { return blank(C) || C == ',' || C == '\n' || C == '\r' || C == '\0'; }
  void skipBlanks() {
    while (blank(at(P)))
      ++P;
  }
  void keep(llvm::SmallVectorImpl<llvm::StringRef> &Args, uint32_t B) {
    Args.push_back(Text.slice(B, P));
    LastEnd = P;
  }
  /// Blanks, then decimal digits (an INT of the lexer's fast path).
  bool number(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    skipBlanks();
    uint32_t B = P;
    while (lexchars::isDigit(at(P)))
      ++P;
    if (P == B || !ends(at(P)))
      return false;
    keep(Args, B);
    return true;
  }
  /// Blanks, then an IDENT without dots: a letter, or [_$] and a name byte,
  /// then name bytes. Alpha: a letter first (an attribute's name).
  bool name(llvm::SmallVectorImpl<llvm::StringRef> &Args, bool Alpha) {
    skipBlanks();
    uint32_t B = P;
    char C = at(P);
    if (lexchars::isAlpha(C))
      ++P;
    else if (!Alpha && (C == '_' || C == '$') && lexchars::isIdentRest(at(P + 1)))
      P += 2;
    else
      return false;
    // nvcc's words are compared whole (name bytes all: the loop below
    // would take them one at a time, a third of a line's cost).
    llvm::StringRef Word = C == 'f'   ? "function_name"
                           : C == 'i' ? "inlined_at"
                           : C == '$' ? "$L__info_string"
                                      : "";
    if (!Word.empty() && Text.substr(B).startswith(Word))
      P = B + static_cast<uint32_t>(Word.size());
    while (lexchars::isIdentRest(at(P)))
      ++P;
    if (!ends(at(P)))
      return false;
    keep(Args, B);
    return true;
  }
  /// `, inlined_at F L C` (any count of numbers) or `, function_name sym [+ N]`.
  bool attribute(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    uint32_t B = P++;
    keep(Args, B); // ','
    if (!name(Args, true))
      return false;
    skipBlanks();
    if (lexchars::isDigit(at(P))) {
      do {
        if (!number(Args))
          return false;
        skipBlanks();
      } while (lexchars::isDigit(at(P)));
      return true;
    }
    if (!name(Args, false))
      return false;
    skipBlanks();
    if (at(P) != '+')
      return true;
    B = P++;
    keep(Args, B);
    if (!number(Args))
      return false;
    skipBlanks();
    return true;
  }

  llvm::StringRef Text;
  uint32_t P;
  uint32_t LastEnd = 0;
};
} // namespace

const Directive *parseLocAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, uint32_t &End,
                            TokenMemo *Memo) {
  // nvcc -lineinfo writes ".loc 1 2 3, function_name $L__info_string0,
  // inlined_at 1 4 5": room for that without a heap allocation per line.
  llvm::SmallVector<llvm::StringRef, 16> Args;
  SourceRange Whole;
  if (!PlainLoc(File.text(), Begin).read(Args, Whole, Memo)) {
    Args.clear();
    LocRecognizer R(File.text(), Begin, Memo);
    if (!R.read(Args, Whole))
      return nullptr;
  }
  auto *D = Ctx.create<Directive>();
  D->Range = Whole;
  D->Name = File.slice({Whole.Begin, Whole.Begin + 4});
  D->Args = Ctx.copy<std::string_view>(Args);
  End = Whole.End;
  return D;
}

const Directive *parseGenericDirectiveAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                         uint32_t &End, TokenMemo *Memo) {
  DeclParser P(File, Ctx, Begin, Memo);
  if (!P.is(Tok::DOTNAME) || P.pos() != Begin)
    return nullptr;
  llvm::SmallVector<llvm::StringRef, 16> Toks{P.text(P.take())};
  for (;;) {
    switch (P.kind()) {
    case Tok::STRING:
    case Tok::INT:
    case Tok::IDENT:
    case Tok::DOTNAME:
    case Tok::COMMA:
    case Tok::DEC_FLOAT:
    case Tok::FLOAT_HEX:
    case Tok::DOUBLE_HEX:
    case Tok::UNDERSCORE:
      Toks.push_back(P.text(P.take()));
      continue;
    case Tok::SEMI: {
      Token T = P.take();
      Toks.push_back(P.text(T));
      auto *D = Ctx.create<Directive>();
      D->Range = {Begin, T.End};
      build::directiveFromTokens(*D, Toks, Ctx);
      End = T.End;
      P.remember();
      return D;
    }
    default: // operators, braces, keywords: the grammar's business
      return nullptr;
    }
  }
}

} // namespace parsedriver
} // namespace ptxlint
