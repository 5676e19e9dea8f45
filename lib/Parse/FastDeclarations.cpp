//===- FastDeclarations.cpp - ANTLR-free parse of plain declarations -----===//
//
// Function headers, `.reg` declarations, `.loc` and the lines of a
// `.section`, read straight from the bytes (FastStatement.h). Each builds the
// node lib/Parse/Converter.cpp would build, through the same AST builder
// (ASTBuilder.h), or gives up.
//
//===----------------------------------------------------------------------===//

#include "Parse/ASTBuilder.h"
#include "Parse/FastCursor.h"
#include "Parse/FastStatement.h"
#include "Parse/Lexer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

using namespace fast;

namespace {

class DeclParser : public Cursor {
public:
  using Cursor::Cursor;

  static void keep(llvm::SmallVectorImpl<llvm::StringRef> *Toks, llvm::StringRef T) {
    if (Toks)
      Toks->push_back(T);
  }

  /// A long data line in pieces (parseSectionLineStreamedAt): when set, it
  /// takes the tokens kept so far once PieceTokens are held and another comes.
  static constexpr size_t PieceTokens = 4096;
  llvm::function_ref<void(llvm::SmallVectorImpl<llvm::StringRef> &)> FlushPiece;
  void keepData(llvm::SmallVectorImpl<llvm::StringRef> *Toks, llvm::StringRef T) {
    if (!Toks)
      return;
    if (FlushPiece && Toks->size() >= PieceTokens) {
      FlushPiece(*Toks);
      Toks->clear();
    }
    Toks->push_back(T);
  }

  /// `.loc F L C` with optional `, function_name sym[+N]` and
  /// `, inlined_at F L C` attributes (locDirective in the grammar). Args are
  /// the tokens after `.loc`, commas included, as the converter keeps them.
  bool loc(llvm::SmallVectorImpl<llvm::StringRef> &Args, SourceRange &Whole) {
    uint32_t Start = Pos;
    if (!Text.substr(Pos).startswith(".loc"))
      return false;
    Pos += 4;
    if (!(peek() == ' ' || peek() == '\t'))
      return false;
    uint32_t LastEnd = Pos;
    auto Number = [&]() {
      if (!skipSpaceAndComments())
        return false;
      uint32_t B = Pos;
      while (isDigit(peek()))
        ++Pos;
      if (Pos == B || isWordChar(peek()) || peek() == '.' || peek() == '$')
        return false;
      Args.push_back(Text.slice(B, Pos));
      LastEnd = Pos;
      return true;
    };
    for (int K = 0; K < 3; ++K)
      if (!Number())
        return false;
    for (;;) {
      uint32_t Save = Pos;
      // The lexer skips comments too: one could stand before a ','.
      if (!skipSpaceAndComments())
        return false;
      if (peek() != ',') {
        Pos = Save;
        break;
      }
      Args.push_back(Text.slice(Pos, Pos + 1));
      ++Pos;
      if (!skipSpaceAndComments())
        return false;
      SourceRange Attr;
      if (!isAlpha(peek()) || !lexIdent(Attr))
        return false;
      Args.push_back(File.slice(Attr));
      LastEnd = Attr.End;
      if (!skipSpaceAndComments())
        return false;
      if (isDigit(peek())) { // inlined_at F L C: INT+
        for (;;) {
          if (!Number())
            return false;
          uint32_t S2 = Pos;
          if (!skipSpaceAndComments())
            return false;
          bool More = isDigit(peek());
          Pos = S2;
          if (!More)
            break;
        }
        continue;
      }
      SourceRange Sym; // function_name sym [+ N]
      char C = peek();
      if (!(isAlpha(C) || C == '$' || C == '%' || C == '_') || !lexIdent(Sym))
        return false;
      Args.push_back(File.slice(Sym));
      LastEnd = Sym.End;
      uint32_t S3 = Pos;
      if (!skipSpaceAndComments())
        return false;
      if (peek() == '+') {
        Args.push_back(Text.slice(Pos, Pos + 1));
        ++Pos;
        if (!Number())
          return false;
      } else {
        Pos = S3;
      }
    }
    Whole = {Start, LastEnd};
    return true;
  }

  /// `name [<N>] ([N] | [])*`: the Declarator the converter builds. Stops
  /// right after its last token.
  bool declarator(Declarator &D) {
    SourceRange Name;
    if (!plainName(Name))
      return false;
    D.Name = File.slice(Name);
    D.Range = Name;
    uint32_t End = Pos;
    if (!skipSpaceAndComments())
      return false;
    if (peek() == '<') { // %r<100>
      ++Pos;
      SourceRange N;
      int64_t Count = 0;
      if (!skipSpaceAndComments() || !decimal(N) || !build::decodeInteger(File.slice(N), Count) ||
          !skipSpaceAndComments() || peek() != '>')
        return false; // a count the converter reads otherwise, or no count
      End = ++Pos;
      D.RangeCount = Count;
      if (!skipSpaceAndComments())
        return false;
    }
    llvm::SmallVector<llvm::StringRef, 4> Suffix;
    while (peek() == '[') { // [16], []
      ++Pos;
      Suffix.push_back("[");
      if (!skipSpaceAndComments())
        return false;
      SourceRange N;
      if (decimal(N)) {
        Suffix.push_back(File.slice(N));
        if (!skipSpaceAndComments())
          return false;
      }
      if (peek() != ']')
        return false;
      Suffix.push_back("]");
      End = ++Pos;
      if (!skipSpaceAndComments())
        return false;
    }
    Pos = End;
    D.Range.End = End;
    D.ArraySuffix = Ctx.copy<std::string_view>(Suffix);
    return true;
  }

  /// `.reg .attr... name[<N>], ...;` (a register declaration in a body).
  const VarDecl *regDecl() {
    uint32_t Start = Pos;
    llvm::StringRef Space;
    for (const char *S : {".reg", ".param", ".local", ".shared"}) {
      size_t N = std::strlen(S);
      if (Text.substr(Pos).startswith(S) && !isWordChar(peekAt(N)) && peekAt(N) != '$' &&
          peekAt(N) != ':' && peekAt(N) != '.') {
        Space = Text.slice(Pos, Pos + N);
        break;
      }
    }
    if (Space.empty())
      return nullptr;
    Pos += static_cast<uint32_t>(Space.size());
    llvm::SmallVector<llvm::StringRef, 4> Attrs;
    for (;;) {
      skipSpace();
      if (isDigit(peek())) { // .align 16
        SourceRange N;
        if (!decimal(N))
          return nullptr;
        Attrs.push_back(File.slice(N));
        continue;
      }
      if (peek() != '.')
        break;
      llvm::StringRef A = dotWord();
      // Keywords are tokens of their own (PTXLexer.g4); '::' parts and the
      // rest are the grammar's business.
      if (A.empty() || !isDeclAttribute(A))
        return nullptr;
      Attrs.push_back(A);
    }
    if (Attrs.empty())
      return nullptr;
    llvm::SmallVector<Declarator, 4> Decls;
    for (;;) {
      Declarator D;
      if (!skipSpaceAndComments() || !declarator(D) || !skipSpaceAndComments())
        return nullptr;
      Decls.push_back(D);
      if (peek() != ',')
        break;
      ++Pos;
    }
    if (peek() != ';')
      return nullptr;
    ++Pos;
    auto *V = Ctx.create<VarDecl>();
    V->Range = {Start, Pos};
    V->StateSpace = Space;
    V->Attrs = Ctx.copy<std::string_view>(Attrs);
    V->Declarators = Ctx.copy<Declarator>(Decls);
    return V;
  }

  /// One line of a `.section` body: `.bN value, ...` or `label:`. Values are
  /// integers, names and directives names (`.debug_abbrev`), each optionally
  /// `+`/`-` an integer or a name. Toks (when not null) gets every token,
  /// commas included: a data line of millions of values is not held
  /// when nobody wants its values.
  /// A DOTNAME token (not a keyword, PTXLexer.g4), kept as data.
  bool sectionDotName(llvm::SmallVectorImpl<llvm::StringRef> *Toks) {
    llvm::StringRef W = dotWord();
    if (W.empty() || isKeyword(W))
      return false;
    keepData(Toks, W);
    return true;
  }

  /// One INT or IDENT token of a data line, ending where the grammar's token
  /// does; anything longer or stranger (0b101, 1.5, a '$' or '.' inside) is
  /// left to the grammar.
  bool sectionAtom(llvm::SmallVectorImpl<llvm::StringRef> *Toks, bool Number) {
    char C = peek();
    uint32_t B = Pos;
    if (Number) {
      if (!isDigit(C))
        return false;
      if (C == '0' && (peekAt(1) == 'x' || peekAt(1) == 'X')) {
        Pos += 2;
        if (!isHex(peek()))
          return false;
        while (isHex(peek()))
          ++Pos;
      } else {
        while (isDigit(peek()))
          ++Pos;
      }
      if (peek() == 'U')
        ++Pos;
    } else if (isAlpha(C) || ((C == '_' || C == '$' || C == '%') &&
                              (isWordChar(peekAt(1)) || peekAt(1) == '$'))) {
      Pos += isAlpha(C) ? 1 : 2;
      while (isWordChar(peek()) || peek() == '$')
        ++Pos;
    } else {
      return false;
    }
    if (isWordChar(peek()) || peek() == '.' || peek() == '$' || peek() == ':')
      return false;
    keepData(Toks, Text.slice(B, Pos));
    return true;
  }

  /// The data of a line (sectionData in the grammar): `-1, 2, 0x3` or one
  /// `label`, `label+imm`, `label1-label2`. Pos ends after the last token.
  bool sectionData(llvm::SmallVectorImpl<llvm::StringRef> *Toks) {
    char C = peek();
    if (C == '-' || isDigit(C)) {
      for (;;) {
        if (peek() == '-') {
          keepData(Toks, Text.slice(Pos, Pos + 1));
          ++Pos;
          if (!skipSpaceAndComments())
            return false;
        }
        if (!sectionAtom(Toks, /*Number=*/true))
          return false;
        uint32_t Save = Pos;
        if (!skipSpaceAndComments())
          return false;
        if (peek() != ',') {
          Pos = Save;
          return true;
        }
        keepData(Toks, Text.slice(Pos, Pos + 1));
        ++Pos;
        if (!skipSpaceAndComments())
          return false;
      }
    }
    bool Dot = C == '.';
    if (Dot ? !sectionDotName(Toks) : !sectionAtom(Toks, /*Number=*/false))
      return false;
    uint32_t Save = Pos;
    if (!skipSpaceAndComments())
      return false;
    C = peek();
    if (C != '+' && (C != '-' || Dot)) {
      Pos = Save;
      return true;
    }
    keepData(Toks, Text.slice(Pos, Pos + 1));
    ++Pos;
    return skipSpaceAndComments() && sectionAtom(Toks, /*Number=*/C == '+');
  }

  /// A line of a module-scope .section: `L:` or `.bN data` (sectionEntry in
  /// the grammar). What could go on past the data (an operator, `;`, a
  /// second label) is the grammar's to report.
  bool sectionLine(llvm::SmallVectorImpl<llvm::StringRef> *Toks, SourceRange &Whole,
                   bool &IsLabel) {
    uint32_t Start = Pos;
    IsLabel = false;
    if (peek() != '.') {
      SourceRange Name, L;
      if (!label(Name, L))
        return false;
      keepData(Toks, File.slice(Name));
      Whole = L;
      IsLabel = true;
      return true;
    }
    if (!sectionDotName(Toks) || !skipSpaceAndComments() || !sectionData(Toks))
      return false;
    uint32_t LastEnd = Pos;
    if (!skipSpaceAndComments())
      return false;
    char C = peek();
    if (C != '\0' && C != '}' && C != '.' && !isAlpha(C) && C != '_' && C != '$' && C != '%')
      return false;
    Pos = LastEnd;
    Whole = {Start, LastEnd};
    return true;
  }

  /// `( paramDecl, ... )`: `.param`/`.reg`, attributes, a name, `[N]`s.
  bool paramList(llvm::SmallVectorImpl<VarDecl> &Out) {
    if (peek() != '(')
      return false;
    ++Pos;
    if (!skipSpaceAndComments())
      return false;
    if (peek() == ')') {
      ++Pos;
      return true;
    }
    for (;;) {
      VarDecl V;
      uint32_t B = Pos;
      llvm::StringRef Space = dotWord();
      if (Space != ".param" && Space != ".reg")
        return false;
      V.StateSpace = Space;
      llvm::SmallVector<llvm::StringRef, 6> Attrs;
      for (;;) {
        if (!skipSpaceAndComments())
          return false;
        if (peek() == '.') {
          llvm::StringRef A = dotWord();
          if (A.empty() || !isDeclAttribute(A))
            return false;
          Attrs.push_back(A);
        } else if (isDigit(peek())) {
          SourceRange N;
          if (!decimal(N))
            return false;
          Attrs.push_back(File.slice(N));
        } else {
          break;
        }
      }
      Declarator D;
      if (!declarator(D))
        return false;
      V.Attrs = Ctx.copy<std::string_view>(Attrs);
      V.Declarators = Ctx.copy<Declarator>({D});
      V.Range = {B, D.Range.End};
      Out.push_back(V);
      if (!skipSpaceAndComments())
        return false;
      if (peek() == ',') {
        ++Pos;
        if (!skipSpaceAndComments())
          return false;
        continue;
      }
      if (peek() != ')')
        return false;
      ++Pos;
      return true;
    }
  }

  /// `[linkage] .entry|.func [(returns)] name [(params)] [.attr N, ...]* {|;`
  Function *functionHeader() {
    uint32_t Start = Pos;
    auto *F = Ctx.create<Function>();
    llvm::SmallVector<llvm::StringRef, 2> Prefix;
    llvm::StringRef Kind;
    for (;;) {
      llvm::StringRef W = dotWord();
      if (W == ".visible" || W == ".extern" || W == ".weak" || W == ".common") {
        Prefix.push_back(W);
      } else if (W == ".entry" || W == ".func") {
        Kind = W;
        break;
      } else {
        return nullptr;
      }
      char C = peek();
      if (!(C == ' ' || C == '\t' || C == '\n' || C == '\r'))
        return nullptr;
      if (!skipSpaceAndComments())
        return nullptr;
    }
    F->Prefix = Ctx.copy<std::string_view>(Prefix);
    F->Kind = Kind;
    if (!skipSpaceAndComments())
      return nullptr;
    llvm::SmallVector<VarDecl, 2> Returns, Params;
    if (peek() == '(') {
      if (!paramList(Returns))
        return nullptr;
      F->HasReturnList = true;
      if (!skipSpaceAndComments())
        return nullptr;
    }
    SourceRange Name;
    if (!plainName(Name))
      return nullptr;
    F->Name = File.slice(Name);
    F->NameRange = Name;
    if (!skipSpaceAndComments())
      return nullptr;
    if (peek() == '(') {
      if (!paramList(Params))
        return nullptr;
      F->HasParamList = true;
      if (!skipSpaceAndComments())
        return nullptr;
    }
    F->Returns = Ctx.copy<VarDecl>(Returns);
    F->Params = Ctx.copy<VarDecl>(Params);
    llvm::SmallVector<Directive, 4> Attrs;
    while (peek() == '.') {
      Directive D;
      uint32_t B = Pos;
      D.Name = dotWord();
      if (D.Name.empty())
        return nullptr;
      if (isKeyword(D.Name))
        return nullptr; // a token of its own: the grammar's business
      D.Range = {B, Pos};
      llvm::SmallVector<llvm::StringRef, 6> Args;
      if (!skipSpaceAndComments())
        return nullptr;
      SourceRange N;
      if (decimal(N)) {
        Args.push_back(File.slice(N));
        D.Range.End = N.End;
        for (;;) {
          uint32_t Save = Pos;
          if (!skipSpaceAndComments())
            return nullptr;
          if (peek() != ',') {
            Pos = Save;
            break;
          }
          ++Pos;
          Args.push_back(",");
          if (!skipSpaceAndComments() || !decimal(N))
            return nullptr;
          Args.push_back(File.slice(N));
          D.Range.End = N.End;
        }
        if (!skipSpaceAndComments())
          return nullptr;
      } else if (isDigit(peek()) || peek() == '"' || peek() == '-') {
        return nullptr;
      }
      D.Args = Ctx.copy<std::string_view>(Args);
      Attrs.push_back(D);
    }
    F->Attributes = Ctx.copy<Directive>(Attrs);
    if (peek() == '{')
      F->HasBody = true;
    else if (peek() != ';')
      return nullptr;
    ++Pos;
    F->Range = {Start, Pos};
    return F;
  }
};

} // namespace

const VarDecl *parseRegDeclAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End) {
  return parseRegDeclAt(File.text(), Begin, Ctx, End);
}

const VarDecl *parseRegDeclAt(llvm::StringRef Text, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End) {
  DeclParser P(Text, Ctx, Begin);
  const VarDecl *V = P.regDecl();
  if (V)
    End = P.pos();
  return V;
}

bool parseSectionLineAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, bool Keep,
                        Directive &Out, uint32_t &End) {
  DeclParser P(File, Ctx, Begin);
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  SourceRange Whole;
  bool IsLabel = false;
  if (!P.sectionLine(Keep ? &Toks : nullptr, Whole, IsLabel))
    return false;
  End = Whole.End;
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
                                SectionPieceFn OnPiece, uint32_t &End) {
  SourceRange Whole;
  bool IsLabel = false;
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  {
    // The whole line first: a line the grammar must parse instead is
    // declined before any piece has been handed out. A line of at most
    // PieceTokens tokens (nearly all) is kept on the way and handed out as
    // one piece; a longer one is read again below, a piece at a time.
    DeclParser Check(File, Ctx, Begin);
    bool Long = false;
    auto Drop = [&](llvm::SmallVectorImpl<llvm::StringRef> &T) {
      Long = true;
      T.clear();
    };
    Check.FlushPiece = Drop; // a function_ref: Drop outlives it
    if (!Check.sectionLine(&Toks, Whole, IsLabel))
      return false;
    End = Whole.End;
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
                                uint32_t &End) {
  DeclParser P(File, Ctx, Begin);
  Function *F = P.functionHeader();
  if (F)
    End = P.pos();
  return F;
}

const Directive *parseLocAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                            uint32_t &End) {
  DeclParser P(File, Ctx, Begin);
  // nvcc -lineinfo writes ".loc 1 2 3, function_name $L__info_string0,
  // inlined_at 1 4 5": room for that without a heap allocation per line.
  llvm::SmallVector<llvm::StringRef, 16> Args;
  SourceRange Whole;
  if (!P.loc(Args, Whole))
    return nullptr;
  auto *D = Ctx.create<Directive>();
  D->Range = Whole;
  D->Name = File.slice({Whole.Begin, Whole.Begin + 4});
  D->Args = Ctx.copy<std::string_view>(Args);
  End = Whole.End;
  return D;
}

const Directive *parseGenericDirectiveAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                         uint32_t &End) {
  llvm::StringRef Text = File.text();
  Lexer L(Text, Begin);
  Token T = L.next();
  if (T.Kind != Tok::DOTNAME || T.Begin != Begin)
    return nullptr;
  llvm::SmallVector<llvm::StringRef, 16> Toks{T.text(Text)};
  for (;;) {
    T = L.next();
    switch (T.Kind) {
    case Tok::STRING:
    case Tok::INT:
    case Tok::IDENT:
    case Tok::DOTNAME:
    case Tok::COMMA:
    case Tok::DEC_FLOAT:
    case Tok::FLOAT_HEX:
    case Tok::DOUBLE_HEX:
    case Tok::UNDERSCORE:
      Toks.push_back(T.text(Text));
      continue;
    case Tok::SEMI: {
      Toks.push_back(T.text(Text));
      auto *D = Ctx.create<Directive>();
      D->Range = {Begin, T.End};
      build::directiveFromTokens(*D, Toks, Ctx);
      End = T.End;
      return D;
    }
    default: // operators, braces, keywords: the grammar's business
      return nullptr;
    }
  }
}

} // namespace parsedriver
} // namespace ptxlint
