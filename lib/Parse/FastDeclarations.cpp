//===- FastDeclarations.cpp - ANTLR-free parse of plain declarations -----===//
//
// Function headers, `.reg` declarations, plain directives and the lines of a
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

namespace {
/// nvcc's DWARF data lines byte by byte: `.b8`/`.b16`/`.b32`/`.b64`, a
/// blank, then decimal numbers (each may have a '-' right before it)
/// separated by ',' (whitespace around it, line breaks after it), as
/// DeclParser::sectionLine reads them from the lexer's tokens: each number
/// is an INT the lexer ends where this does (followed by whitespace or ','),
/// and the token after the line starts with what sectionLine requires
/// ('}', '.', a letter, '_', '$', '%', or the end of the text). Anything
/// else, comments included, is declined (the caller drops what Toks holds)
/// and sectionLine reads the line; so is a line of more than PieceTokens
/// tokens, which the token reader hands out in pieces (memory stays flat).
bool plainDataLine(llvm::StringRef Text, uint32_t Begin,
                   llvm::SmallVectorImpl<llvm::StringRef> &Toks, SourceRange &Whole) {
  using namespace lexchars;
  const char *D = Text.data();
  const size_t N = Text.size();
  auto At = [&](size_t K) { return K < N ? D[K] : '\0'; };
  size_t P = Begin + 2;
  if (At(Begin) != '.' || At(Begin + 1) != 'b')
    return false;
  if (At(P) == '8')
    P += 1;
  else if ((At(P) == '1' && At(P + 1) == '6') || (At(P) == '3' && At(P + 1) == '2') ||
           (At(P) == '6' && At(P + 1) == '4'))
    P += 2;
  else
    return false;
  if (At(P) != ' ' && At(P) != '\t')
    return false;
  Toks.push_back(Text.slice(Begin, P));
  for (;;) {
    while (At(P) == ' ' || At(P) == '\t')
      ++P;
    if (At(P) == '-')
      Toks.push_back(Text.slice(P, P + 1)), ++P;
    size_t B = P;
    while (isDigit(At(P)))
      ++P;
    char After = At(P);
    if (P == B || (D[B] == '0' && (P > B + 1 || isAlpha(After))) ||
        !(isSpace(After) || After == ',' || After == '\0'))
      return false; // not a decimal INT ending here (0x1, 1.5, 1U, 12abc)
    Toks.push_back(Text.slice(B, P));
    if (Toks.size() > DeclParser::PieceTokens)
      return false;
    Whole = {Begin, static_cast<uint32_t>(P)};
    while (At(P) == ' ' || At(P) == '\t')
      ++P;
    if (At(P) != ',')
      break;
    Toks.push_back(Text.slice(P, P + 1));
    ++P;
    while (isSpace(At(P)))
      ++P;
  }
  while (isSpace(At(P)))
    ++P;
  char C = At(P);
  return P >= N || C == '}' || C == '.' || isAlpha(C) || C == '_' || C == '$' || C == '%';
}
} // namespace

bool parseSectionLineAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, bool Keep,
                        Directive &Out, uint32_t &End, TokenMemo *Memo) {
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  SourceRange Whole;
  bool IsLabel = false;
  if (plainDataLine(File.text(), Begin, Toks, Whole)) {
    End = Whole.End;
  } else {
    Toks.clear();
    DeclParser P(File, Ctx, Begin, Memo);
    if (!P.sectionLine(Keep ? &Toks : nullptr, Whole, IsLabel))
      return false;
    End = Whole.End;
    P.remember();
  }
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
  if (plainDataLine(File.text(), Begin, Toks, Whole)) {
    End = Whole.End;
    Directive D;
    D.Range = Whole;
    build::directiveFromTokens(D, Toks, Ctx);
    OnPiece(D, false);
    return true;
  }
  Toks.clear();
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
