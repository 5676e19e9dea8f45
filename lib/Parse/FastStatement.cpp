//===- FastStatement.cpp - ANTLR-free parse of plain statements ----------===//
//
// Mirrors grammar/PTXLexer.g4 (IDENT, INT, FLOAT_HEX, DOUBLE_HEX, UNDERSCORE,
// whitespace) and the conversions of lib/Parse/Converter.cpp for the subset
// it accepts; whenever the input strays from that subset it gives up rather
// than guess.
//
//===----------------------------------------------------------------------===//

#include "Parse/FastStatement.h"

#include "llvm/ADT/SmallVector.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

namespace {

bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isWordChar(char C) { return isAlpha(C) || isDigit(C) || C == '_'; }
bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F'); }

/// Directive words that PTXLexer.g4 makes tokens of their own (not DOTNAME).
bool isKeyword(llvm::StringRef W) {
  static const char *const Keywords[] = {
      ".version", ".target", ".address_size", ".entry",   ".func",   ".section", ".file",
      ".loc",     ".reg",    ".sreg",         ".param",   ".shared", ".global",  ".const",
      ".local",   ".tex",    ".extern",       ".visible", ".weak",   ".common"};
  for (const char *K : Keywords)
    if (W == K)
      return true;
  return false;
}

class FastParser {
public:
  FastParser(const SourceFile &File, ASTContext &Ctx, uint32_t Begin)
      : File(File), Ctx(Ctx), Text(File.text()), Pos(Begin) {}

  /// One instruction starting at Pos (a token start) through its ';'.
  const Instruction *instruction() {
    Instruction *I = Ctx.create<Instruction>();
    uint32_t Start = Pos;
    if (peek() == '@') {
      ++Pos;
      skipSpace();
      bool Neg = false;
      if (peek() == '!') {
        Neg = true;
        ++Pos;
        skipSpace();
      }
      SourceRange G;
      if (!lexIdent(G))
        return nullptr;
      I->Guard = File.slice(G);
      I->GuardNegated = Neg;
      I->GuardRange = {Start, G.End};
      skipSpace();
    }
    SourceRange Op;
    if (!isAlpha(peek()) || !lexIdent(Op))
      return nullptr;
    splitOpcode(*I, Op);
    skipSpace();
    llvm::SmallVector<Operand, 8> Ops;
    if (peek() != ';') {
      for (;;) {
        Operand O;
        if (!parseOperand(O))
          return nullptr;
        Ops.push_back(O);
        skipSpace();
        if (peek() == ',') {
          ++Pos;
          skipSpace();
          continue;
        }
        break;
      }
    }
    if (peek() != ';')
      return nullptr;
    ++Pos;
    I->Range = {Start, Pos};
    I->Operands = Ctx.copy<Operand>(Ops);
    return I;
  }

  /// "name:" at Pos: the label's name range, the range through ':'.
  bool label(SourceRange &Name, SourceRange &Whole) {
    uint32_t Start = Pos;
    char C = peek();
    if (isAlpha(C)) {
      ++Pos;
    } else if ((C == '_' || C == '$' || C == '%') && (isWordChar(peekAt(1)) || peekAt(1) == '$')) {
      Pos += 2;
    } else {
      return false;
    }
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    Name = {Start, Pos};
    skipSpace();
    if (peek() != ':' || peekAt(1) == ':')
      return false;
    ++Pos;
    Whole = {Start, Pos};
    return true;
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
      skipSpace();
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
      skipSpace();
      SourceRange Attr;
      if (!isAlpha(peek()) || !lexIdent(Attr))
        return false;
      Args.push_back(File.slice(Attr));
      LastEnd = Attr.End;
      skipSpace();
      if (isDigit(peek())) { // inlined_at F L C: INT+
        for (;;) {
          if (!Number())
            return false;
          uint32_t S2 = Pos;
          skipSpace();
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
      skipSpace();
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

  /// `.reg .attr... name[<N>], ...;` (a register declaration in a body).
  const VarDecl *regDecl() {
    uint32_t Start = Pos;
    if (!Text.substr(Pos).startswith(".reg") || isWordChar(peekAt(4)) || peekAt(4) == '$')
      return nullptr;
    llvm::StringRef Space = Text.slice(Pos, Pos + 4);
    Pos += 4;
    llvm::SmallVector<llvm::StringRef, 4> Attrs;
    for (;;) {
      skipSpace();
      if (peek() != '.')
        break;
      uint32_t B = Pos++;
      if (!(isAlpha(peek()) || peek() == '_'))
        return nullptr;
      while (isWordChar(peek()) || peek() == '$')
        ++Pos;
      if (peek() == ':' || peek() == '.')
        return nullptr; // '::' parts, or something else: the grammar's business
      llvm::StringRef A = Text.slice(B, Pos);
      // Keywords are tokens of their own (PTXLexer.g4).
      static const char *const Keywords[] = {
          ".version", ".target", ".address_size", ".entry",   ".func",   ".section", ".file",
          ".loc",     ".reg",    ".sreg",         ".param",   ".shared", ".global",  ".const",
          ".local",   ".tex",    ".extern",       ".visible", ".weak",   ".common"};
      for (const char *K : Keywords)
        if (A == K)
          return nullptr;
      Attrs.push_back(A);
    }
    if (Attrs.empty())
      return nullptr;
    llvm::SmallVector<Declarator, 4> Decls;
    for (;;) {
      skipSpace();
      Declarator D;
      uint32_t B = Pos;
      char C = peek();
      if (isAlpha(C)) {
        ++Pos;
      } else if ((C == '_' || C == '$' || C == '%') &&
                 (isWordChar(peekAt(1)) || peekAt(1) == '$')) {
        Pos += 2;
      } else {
        return nullptr;
      }
      while (isWordChar(peek()) || peek() == '$')
        ++Pos;
      if (peek() == '.' || peek() == ':')
        return nullptr;
      D.Name = Text.slice(B, Pos);
      D.Range = {B, Pos};
      uint32_t AfterName = Pos;
      skipSpace();
      if (peek() == '<') {
        ++Pos;
        skipSpace();
        uint32_t NB = Pos;
        while (isDigit(peek()))
          ++Pos;
        llvm::StringRef Digits = Text.slice(NB, Pos);
        uint64_t N = 0;
        if (Digits.empty() || (Digits.size() > 1 && Digits[0] == '0') ||
            Digits.getAsInteger(10, N) || isWordChar(peek()) || peek() == '.')
          return nullptr;
        skipSpace();
        if (peek() != '>')
          return nullptr;
        ++Pos;
        D.RangeCount = static_cast<int64_t>(N);
        D.Range = {B, Pos};
      } else {
        Pos = AfterName;
        skipSpace();
      }
      Decls.push_back(D);
      if (peek() == ',') {
        ++Pos;
        continue;
      }
      break;
    }
    if (peek() != ';')
      return nullptr;
    ++Pos;
    auto *V = Ctx.create<VarDecl>();
    V->Range = {Start, Pos};
    V->StateSpace = Space;
    V->Attrs = Ctx.copy<llvm::StringRef>(Attrs);
    V->Declarators = Ctx.copy<Declarator>(Decls);
    return V;
  }

  /// One line of a `.section` body: `.bN value, ...` or `label:`. Values are
  /// integers, names and directives names (`.debug_abbrev`), each optionally
  /// `+`/`-` an integer or a name. Toks gets every token, commas included.
  bool sectionLine(llvm::SmallVectorImpl<llvm::StringRef> &Toks, SourceRange &Whole,
                   bool &IsLabel) {
    uint32_t Start = Pos;
    IsLabel = false;
    if (peek() != '.') {
      SourceRange Name, L;
      if (!label(Name, L))
        return false;
      Toks.push_back(File.slice(Name));
      Whole = L;
      IsLabel = true;
      return true;
    }
    auto DotName = [&]() {
      uint32_t B = Pos;
      if (peek() != '.' || !(isAlpha(peekAt(1)) || peekAt(1) == '_'))
        return false;
      Pos += 2;
      while (isWordChar(peek()) || peek() == '$')
        ++Pos;
      if (peek() == ':' || peek() == '.' || isKeyword(Text.slice(B, Pos)))
        return false;
      Toks.push_back(Text.slice(B, Pos));
      return true;
    };
    auto Atom = [&]() {
      char C = peek();
      if (C == '.')
        return DotName();
      uint32_t B = Pos;
      if (isDigit(C)) {
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
      Toks.push_back(Text.slice(B, Pos));
      return true;
    };
    if (!DotName())
      return false;
    uint32_t LastEnd = Pos;
    for (;;) {
      if (!skipSpaceAndComments())
        return false;
      if (!Atom())
        return false;
      LastEnd = Pos;
      uint32_t Save = Pos;
      if (!skipSpaceAndComments())
        return false;
      if (peek() == '+' || peek() == '-') {
        Toks.push_back(Text.slice(Pos, Pos + 1));
        ++Pos;
        if (!skipSpaceAndComments() || peek() == '.' || !Atom())
          return false;
        LastEnd = Pos;
        Save = Pos;
        if (!skipSpaceAndComments())
          return false;
      }
      char C = peek();
      if (C == ',') {
        Toks.push_back(Text.slice(Pos, Pos + 1));
        ++Pos;
        continue;
      }
      // Anything that could continue an expression is the grammar's business.
      if (C == '+' || C == '-' || C == '*' || C == '/' || C == '%' || C == '<' || C == '>' ||
          C == '&' || C == '|' || C == '^' || C == '?' || C == '!' || C == '~' || C == '(' ||
          C == '=' || C == ':' || C == '[')
        return false;
      if (C == ';') {
        Toks.push_back(Text.slice(Pos, Pos + 1));
        LastEnd = ++Pos;
      } else {
        Pos = Save;
      }
      break;
    }
    Whole = {Start, LastEnd};
    return true;
  }

  /// A DOTNAME-shaped word at Pos ("." then [a-zA-Z_][a-zA-Z0-9_$]*, no
  /// "::" part); the word, or empty.
  llvm::StringRef dotWord() {
    uint32_t B = Pos;
    if (peek() != '.' || !(isAlpha(peekAt(1)) || peekAt(1) == '_'))
      return {};
    Pos += 2;
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    if (peek() == ':' || peek() == '.') {
      Pos = B;
      return {};
    }
    return Text.slice(B, Pos);
  }

  /// A plain name at Pos (IDENT without dots); its range, or false.
  bool plainName(SourceRange &R) {
    uint32_t B = Pos;
    char C = peek();
    if (isAlpha(C))
      ++Pos;
    else if ((C == '_' || C == '$' || C == '%') && (isWordChar(peekAt(1)) || peekAt(1) == '$'))
      Pos += 2;
    else
      return false;
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    if (peek() == '.' || peek() == ':') {
      Pos = B;
      return false;
    }
    R = {B, Pos};
    return true;
  }

  /// A decimal integer token at Pos (no leading 0 unless "0", no suffix).
  bool decimal(SourceRange &R) {
    uint32_t B = Pos;
    while (isDigit(peek()))
      ++Pos;
    if (Pos == B || (Pos - B > 1 && Text[B] == '0') || isWordChar(peek()) || peek() == '.' ||
        peek() == '$') {
      Pos = B;
      return false;
    }
    R = {B, Pos};
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
          if (A.empty())
            return false;
          static const char *const NotAttrs[] = {".version", ".target",  ".address_size", ".entry",
                                                 ".func",    ".section", ".file",         ".loc",
                                                 ".reg",     ".sreg",    ".tex",          ".extern",
                                                 ".visible", ".weak",    ".common"};
          for (const char *K : NotAttrs)
            if (A == K)
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
      SourceRange Name;
      if (!plainName(Name))
        return false;
      D.Name = File.slice(Name);
      D.Range = Name;
      llvm::SmallVector<llvm::StringRef, 6> Suffix;
      for (;;) {
        uint32_t Save = Pos;
        if (!skipSpaceAndComments())
          return false;
        if (peek() != '[') {
          Pos = Save;
          break;
        }
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
        ++Pos;
        Suffix.push_back("]");
        D.Range.End = Pos;
      }
      D.ArraySuffix = Ctx.copy<llvm::StringRef>(Suffix);
      V.Attrs = Ctx.copy<llvm::StringRef>(Attrs);
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
    F->Prefix = Ctx.copy<llvm::StringRef>(Prefix);
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
      static const char *const Keywords[] = {
          ".version", ".target", ".address_size", ".entry",   ".func",   ".section", ".file",
          ".loc",     ".reg",    ".sreg",         ".param",   ".shared", ".global",  ".const",
          ".local",   ".tex",    ".extern",       ".visible", ".weak",   ".common"};
      for (const char *K : Keywords)
        if (D.Name == K)
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
      D.Args = Ctx.copy<llvm::StringRef>(Args);
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

  uint32_t pos() const { return Pos; }
  void setPos(uint32_t P) { Pos = P; }
  void skipWhitespace() { skipSpace(); }
  bool atEnd() const { return Pos == Text.size(); }

private:
  char peek() const { return Pos < Text.size() ? Text[Pos] : '\0'; }
  char peekAt(size_t K) const { return Pos + K < Text.size() ? Text[Pos + K] : '\0'; }

  /// Whitespace and comments, as the lexer skips them; false on an
  /// unterminated block comment.
  bool skipSpaceAndComments() {
    for (;;) {
      skipSpace();
      if (peek() == '/' && peekAt(1) == '/') {
        size_t E = Text.find_first_of("\r\n", Pos);
        Pos = E == llvm::StringRef::npos ? static_cast<uint32_t>(Text.size())
                                         : static_cast<uint32_t>(E);
      } else if (peek() == '/' && peekAt(1) == '*') {
        size_t E = Text.find("*/", Pos + 2);
        if (E == llvm::StringRef::npos)
          return false;
        Pos = static_cast<uint32_t>(E + 2);
      } else {
        return true;
      }
    }
  }

  void skipSpace() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f')
        ++Pos;
      else
        break;
    }
  }

  /// IDENT: ([a-zA-Z][a-zA-Z0-9_$]* | [_$%][a-zA-Z0-9_$]+)
  ///        ('.' [a-zA-Z0-9_]+ ('::' [a-zA-Z0-9_]+)*)*
  bool lexIdent(SourceRange &R) {
    uint32_t B = Pos;
    char C = peek();
    if (isAlpha(C)) {
      ++Pos;
    } else if (C == '_' || C == '$' || C == '%') {
      char N = peekAt(1);
      if (!(isWordChar(N) || N == '$'))
        return false;
      ++Pos;
    } else {
      return false;
    }
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    while (peek() == '.' && isWordChar(peekAt(1))) {
      ++Pos;
      while (isWordChar(peek()))
        ++Pos;
      while (peek() == ':' && peekAt(1) == ':' && isWordChar(peekAt(2))) {
        Pos += 2;
        while (isWordChar(peek()))
          ++Pos;
      }
    }
    // A character that would extend or glue onto the token in ways this
    // recognizer does not model ('.', ':', '(' ...) sends us to ANTLR.
    char After = peek();
    if (!(After == '\0' || After == ' ' || After == '\t' || After == '\r' || After == '\n' ||
          After == '\f' || After == ',' || After == ';' || After == '}' || After == ']' ||
          After == '+' || After == '-' || After == '{' || After == '['))
      return false;
    R = {B, Pos};
    return true;
  }

  /// Opcode and its qualifiers, split at each '.' as the converter does.
  void splitOpcode(Instruction &I, SourceRange R) {
    llvm::StringRef Full = File.slice(R);
    size_t Dot = Full.find('.');
    I.Opcode = Full.substr(0, Dot);
    if (Dot == llvm::StringRef::npos)
      return;
    llvm::SmallVector<llvm::StringRef, 12> Quals;
    llvm::SmallVector<SourceRange, 12> Ranges;
    size_t P = Dot;
    while (P != llvm::StringRef::npos && P < Full.size()) {
      size_t Next = Full.find('.', P + 1);
      llvm::StringRef Q = Full.slice(P, Next == llvm::StringRef::npos ? Full.size() : Next);
      Quals.push_back(Q);
      Ranges.push_back(
          {R.Begin + static_cast<uint32_t>(P), R.Begin + static_cast<uint32_t>(P + Q.size())});
      P = Next;
    }
    I.Qualifiers = Ctx.copy<llvm::StringRef>(Quals);
    I.QualifierRanges = Ctx.copy<SourceRange>(Ranges);
  }

  /// FLOAT_HEX / DOUBLE_HEX: 0f + up to 8, 0d + up to 16 hex digits (the
  /// IEEE bits, decoded as the converter does). Longer ones: give up.
  bool lexHexFloat(SourceRange &R, double &Out) {
    char K = peekAt(1);
    if (peek() != '0' || !(K == 'f' || K == 'F' || K == 'd' || K == 'D') || !isHex(peekAt(2)))
      return false;
    bool Single = K == 'f' || K == 'F';
    uint32_t B = Pos;
    size_t P = Pos + 2;
    while (P < Text.size() && isHex(Text[P]))
      ++P;
    size_t Digits = P - (B + 2);
    char After = P < Text.size() ? Text[P] : '\0';
    if (Digits > (Single ? 8u : 16u) || isWordChar(After) || After == '.' || After == '$' ||
        After == '%')
      return false;
    uint64_t Bits = 0;
    if (Text.slice(B + 2, P).getAsInteger(16, Bits))
      return false;
    if (Single) {
      uint32_t B32 = static_cast<uint32_t>(Bits);
      float F;
      std::memcpy(&F, &B32, sizeof F);
      Out = F;
    } else {
      std::memcpy(&Out, &Bits, sizeof Out);
    }
    Pos = static_cast<uint32_t>(P);
    R = {B, Pos};
    return true;
  }

  /// INT: 0x.. / 0b.. / decimal, optional U; value as the converter reads it
  /// (a leading 0 means octal). Floats and anything else: give up.
  bool lexInt(SourceRange &R, int64_t &V) {
    uint32_t B = Pos;
    llvm::StringRef Digits;
    unsigned Radix = 10;
    if (peek() == '0' && (peekAt(1) == 'x' || peekAt(1) == 'X') && isHex(peekAt(2))) {
      Pos += 2;
      while (isHex(peek()))
        ++Pos;
      Digits = Text.slice(B + 2, Pos);
      Radix = 16;
    } else if (peek() == '0' && (peekAt(1) == 'b' || peekAt(1) == 'B') &&
               (peekAt(2) == '0' || peekAt(2) == '1')) {
      Pos += 2;
      while (peek() == '0' || peek() == '1')
        ++Pos;
      Digits = Text.slice(B + 2, Pos);
      Radix = 2;
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++Pos;
      Digits = Text.slice(B, Pos);
      if (Digits.size() > 1 && Digits[0] == '0') {
        Digits = Digits.drop_front(1);
        Radix = 8;
      }
    } else {
      return false;
    }
    if (peek() == 'U')
      ++Pos;
    // Whatever follows must end the token: no float, no glued identifier.
    char After = peek();
    if (isWordChar(After) || After == '.' || After == '$' || After == '%')
      return false;
    uint64_t U = 0;
    if (Digits.getAsInteger(Radix, U))
      return false; // out of range or bad octal: let the real parser decide
    V = static_cast<int64_t>(U);
    R = {B, Pos};
    return true;
  }

  /// A name, '_', an integer or a negative integer (the converter's
  /// convertExpr for those shapes).
  bool parseSimple(Operand &O) {
    char C = peek();
    if (C == '_' && !(isWordChar(peekAt(1)) || peekAt(1) == '$')) {
      O.Kind = OperandKind::Sink;
      O.Range = {Pos, Pos + 1};
      ++Pos;
      O.Text = File.slice(O.Range);
      char After = peek();
      return !(After == '.' || After == ':' || After == '(' || After == '|');
    }
    if (isAlpha(C) || C == '_' || C == '$' || C == '%') {
      SourceRange R;
      if (!lexIdent(R))
        return false;
      O.Kind = OperandKind::Name;
      O.Range = R;
      O.Text = File.slice(R);
      return true;
    }
    bool Neg = false;
    uint32_t B = Pos;
    if (C == '-') {
      Neg = true;
      ++Pos;
      skipSpace();
    }
    SourceRange R;
    double F = 0;
    if (lexHexFloat(R, F)) {
      O.Kind = OperandKind::FloatImm;
      O.Range = {B, R.End};
      O.Text = File.slice(O.Range);
      O.FloatValue = Neg ? -F : F;
      return true;
    }
    int64_t V = 0;
    if (!lexInt(R, V))
      return false;
    O.Kind = OperandKind::IntImm;
    O.Range = {B, R.End};
    O.Text = File.slice(O.Range);
    O.IntValue = Neg ? static_cast<int64_t>(0 - static_cast<uint64_t>(V)) : V;
    return true;
  }

  bool parseOperand(Operand &O) {
    char C = peek();
    if (C == '{') {
      uint32_t B = Pos++;
      skipSpace();
      llvm::SmallVector<Operand, 8> Elems;
      for (;;) {
        Operand E;
        if (!parseOperand(E))
          return false;
        Elems.push_back(E);
        skipSpace();
        if (peek() == ',') {
          ++Pos;
          skipSpace();
          continue;
        }
        break;
      }
      if (peek() != '}')
        return false;
      ++Pos;
      O.Kind = OperandKind::Vector;
      O.Range = {B, Pos};
      O.Elements = Ctx.copy<Operand>(Elems);
      return true;
    }
    if (C == '[')
      return parseAddress(O);
    if (C == '!') {
      uint32_t B = Pos++;
      skipSpace();
      SourceRange R;
      if (!lexIdent(R))
        return false;
      O.Kind = OperandKind::Name;
      O.Negated = true;
      O.Range = {B, R.End};
      O.Text = File.slice(R);
      return true;
    }
    if (!parseSimple(O))
      return false;
    // Expressions (a+b, a|b, f(x)) are not in the subset.
    skipSpace();
    char After = peek();
    return After == ',' || After == ';' || After == '}' || After == ']';
  }

  /// [name], [name+int], [name-int], [int] (convertAddress).
  bool parseAddress(Operand &O) {
    uint32_t B = Pos++;
    skipSpace();
    Operand Base;
    if (!parseSimple(Base))
      return false;
    skipSpace();
    O.Kind = OperandKind::Address;
    if (peek() == '+' || peek() == '-') {
      if (Base.Kind != OperandKind::Name)
        return false;
      bool Minus = peek() == '-';
      ++Pos;
      skipSpace();
      SourceRange R;
      int64_t V = 0;
      if (!isDigit(peek()) || !lexInt(R, V))
        return false;
      skipSpace();
      if (peek() != ']')
        return false;
      ++Pos;
      O.Range = {B, Pos};
      O.HasOffset = true;
      O.IntValue = Minus ? static_cast<int64_t>(0 - static_cast<uint64_t>(V)) : V;
      O.Elements = Ctx.copy<Operand>({Base});
      return true;
    }
    if (peek() != ']')
      return false;
    ++Pos;
    O.Range = {B, Pos};
    if (Base.Kind == OperandKind::IntImm) {
      O.HasOffset = true;
      O.IntValue = Base.IntValue;
      return true;
    }
    O.Elements = Ctx.copy<Operand>({Base});
    return true;
  }

  const SourceFile &File;
  ASTContext &Ctx;
  llvm::StringRef Text;
  uint32_t Pos;
};

} // namespace

const Instruction *parseInstructionAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                      uint32_t &End) {
  FastParser P(File, Ctx, Begin);
  const Instruction *I = P.instruction();
  if (I)
    End = P.pos();
  return I;
}

bool skipSpaceAndComments(llvm::StringRef Text, size_t &Pos) {
  size_t N = Text.size();
  while (Pos < N) {
    char C = Text[Pos];
    if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f') {
      ++Pos;
    } else if (C == '/' && Pos + 1 < N && Text[Pos + 1] == '/') {
      size_t E = Text.find_first_of("\r\n", Pos);
      Pos = E == llvm::StringRef::npos ? N : E;
    } else if (C == '/' && Pos + 1 < N && Text[Pos + 1] == '*') {
      size_t E = Text.find("*/", Pos + 2);
      if (E == llvm::StringRef::npos)
        return false;
      Pos = E + 2;
    } else {
      return true;
    }
  }
  return true;
}

const VarDecl *parseRegDeclAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End) {
  FastParser P(File, Ctx, Begin);
  const VarDecl *V = P.regDecl();
  if (V)
    End = P.pos();
  return V;
}

bool parseSectionLineAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, bool Keep,
                        Directive &Out, uint32_t &End) {
  FastParser P(File, Ctx, Begin);
  llvm::SmallVector<llvm::StringRef, 48> Toks;
  SourceRange Whole;
  bool IsLabel = false;
  if (!P.sectionLine(Toks, Whole, IsLabel))
    return false;
  End = Whole.End;
  if (!Keep)
    return true;
  Out = Directive();
  Out.Range = Whole;
  Out.IsLabel = IsLabel;
  Out.Name = Toks.front();
  if (!IsLabel) {
    if (Toks.back() == ";") {
      Out.HasSemicolon = true;
      Toks.pop_back();
    }
    Out.Args = Ctx.copy<llvm::StringRef>(llvm::makeArrayRef(Toks).drop_front());
  }
  return true;
}

Function *parseFunctionHeaderAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                uint32_t &End) {
  FastParser P(File, Ctx, Begin);
  Function *F = P.functionHeader();
  if (F)
    End = P.pos();
  return F;
}

bool parseLabelAt(const SourceFile &File, uint32_t Begin, SourceRange &Name, uint32_t &End) {
  ASTContext Unused;
  FastParser P(File, Unused, Begin);
  SourceRange Whole;
  if (!P.label(Name, Whole))
    return false;
  End = Whole.End;
  return true;
}

const Directive *parseLocAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                            uint32_t &End) {
  FastParser P(File, Ctx, Begin);
  llvm::SmallVector<llvm::StringRef, 3> Args;
  SourceRange Whole;
  if (!P.loc(Args, Whole))
    return nullptr;
  auto *D = Ctx.create<Directive>();
  D->Range = Whole;
  D->Name = File.slice({Whole.Begin, Whole.Begin + 4});
  D->Args = Ctx.copy<llvm::StringRef>(Args);
  End = Whole.End;
  return D;
}

} // namespace parsedriver
} // namespace ptxlint
