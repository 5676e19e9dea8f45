//===- FastStatement.cpp - ANTLR-free parse of plain instructions ---------===//
//
// Instructions and labels (the declarations are FastDeclarations.cpp).
// Recognizes the token shapes of the subset it accepts and builds the nodes
// through the AST builder the converter uses too (ASTBuilder.h); whenever
// the input strays from that subset it gives up rather than guess.
//
//===----------------------------------------------------------------------===//

#include "Parse/FastStatement.h"
#include "Parse/ASTBuilder.h"
#include "Parse/Lexer.h"
#include "Parse/TokenCursor.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace parsedriver {

using namespace fast;

namespace {

class InstructionParser : public TokenCursor {
public:
  using TokenCursor::TokenCursor;

  /// One instruction at the current token through its ';'.
  const Instruction *instruction() {
    Instruction *I = Ctx.create<Instruction>();
    uint32_t Start = pos();
    if (accept(Tok::AT)) {
      bool Neg = accept(Tok::BANG);
      if (!is(Tok::IDENT))
        return nullptr;
      Token G = take();
      I->Guard = text(G);
      I->GuardNegated = Neg;
      I->GuardRange = {Start, G.End};
    }
    if (!is(Tok::IDENT) || !isAlpha(first()))
      return nullptr;
    Token Op = take();
    build::splitOpcode(*I, text(Op), Op.Begin, Ctx);
    llvm::SmallVector<Operand, 8> Ops;
    if (!is(Tok::SEMI) && !operands(Ops))
      return nullptr;
    if (!is(Tok::SEMI))
      return nullptr;
    take();
    I->Range = {Start, lastEnd()};
    I->Operands = Ctx.copy<Operand>(Ops);
    return I;
  }

private:
  static bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }

  /// FLOAT_HEX / DOUBLE_HEX with at most 8 / 16 digits (longer: the
  /// grammar's business), or an INT the AST builder can decode; its token.
  bool number(Token &T) {
    if (is(Tok::FLOAT_HEX) || is(Tok::DOUBLE_HEX)) {
      size_t Digits = tok().End - tok().Begin - 2;
      if (Digits > (is(Tok::FLOAT_HEX) ? 8u : 16u))
        return false;
      T = take();
      return true;
    }
    int64_t V = 0;
    // Out of range or a bad octal: let the real parser decide.
    if (!is(Tok::INT) || !build::decodeInteger(text(), V))
      return false;
    T = take();
    return true;
  }

  /// A name, '_', a number or a negated number (the converter's convertExpr
  /// for those shapes).
  bool parseSimple(Operand &O) {
    if (is(Tok::UNDERSCORE) || is(Tok::IDENT)) {
      O.Kind = is(Tok::IDENT) ? OperandKind::Name : OperandKind::Sink;
      Token T = take();
      O.Range = {T.Begin, T.End};
      O.Text = text(T);
      return true;
    }
    uint32_t B = pos();
    bool Neg = accept(Tok::MINUS);
    Token N;
    // -0f3F800000 is a ptxas syntax error (-0d... is not): the parser says so.
    if ((Neg && is(Tok::FLOAT_HEX)) || !number(N))
      return false;
    SourceRange R{B, N.End};
    if (N.Kind == Tok::INT)
      O = build::intOperand(text(N), Neg, R, Text.slice(B, N.End));
    else
      O = build::floatOperand(text(N), Neg, R, Text.slice(B, N.End));
    return true;
  }

  /// `operand (, operand)*`, stopping before whatever follows the last one.
  bool operands(llvm::SmallVectorImpl<Operand> &Out) {
    for (;;) {
      Operand O;
      if (!parseOperand(O))
        return false;
      Out.push_back(O);
      if (!accept(Tok::COMMA))
        return true;
    }
  }

  /// A vector `{a, b}` (one element at least) or a call list `(a, b)`, `()`.
  /// Nesting deeper than the parser's limit is left to the ANTLR path, which
  /// reports it (the recursion here must not follow the input unbounded).
  bool group(OperandKind Kind, Tok Close, Operand &O) {
    if (GroupDepth >= MaxNestingDepth)
      return false;
    bool Outermost = GroupDepth == 0;
    struct Nest {
      unsigned &D;
      explicit Nest(unsigned &D) : D(D) { ++D; }
      ~Nest() { --D; }
    } InGroup(GroupDepth);
    uint32_t B = take().Begin;
    if (Outermost) {
      if (!outerList(Kind, Close, O))
        return false;
    } else {
      llvm::SmallVector<Operand, 8> Elems;
      if (!(Kind == OperandKind::List && is(Close)) && !operands(Elems))
        return false;
      O.Elements = Ctx.copy<Operand>(Elems);
    }
    if (!is(Close))
      return false;
    O.Kind = Kind;
    O.Range = {B, take().End};
    return true;
  }

  /// Lists longer than this are built in place.
  static constexpr size_t InPlaceFrom = 64;

  /// The elements of an outermost list, up to its Close. Its first
  /// InPlaceFrom elements are read into a buffer on the stack; a longer list
  /// (a call's arguments) has the rest counted on the lexer's tokens
  /// (countRest) and is built in place in the arena: one Operand per
  /// element, no growing vector copied afterwards.
  /// Not inlined: its buffer must not be in the frame of every nested group
  /// (test/unit Robustness: nesting at the limit on a 1 MiB stack).
  LLVM_ATTRIBUTE_NOINLINE bool outerList(OperandKind Kind, Tok Close, Operand &O) {
    llvm::SmallVector<Operand, InPlaceFrom> First;
    if (Kind == OperandKind::List && is(Close)) {
      O.Elements = Ctx.copy<Operand>(First);
      return true;
    }
    for (;;) {
      Operand E;
      if (!parseOperand(E))
        return false;
      First.push_back(E);
      if (!is(Tok::COMMA))
        break;
      if (First.size() == InPlaceFrom) {
        size_t N = InPlaceFrom + countRest();
        llvm::MutableArrayRef<Operand> All(Ctx.allocate<Operand>(N), N);
        std::copy(First.begin(), First.end(), All.begin());
        for (size_t K = InPlaceFrom; K < N; ++K)
          if (!accept(Tok::COMMA) || !parseOperand(All[K]))
            return false; // a count that was only a hint: decline
        O.Elements = All;
        return true;
      }
      take();
    }
    O.Elements = Ctx.copy<Operand>(First);
    return true;
  }

  unsigned GroupDepth = 0;

  bool parseOperand(Operand &O) {
    switch (kind()) {
    case Tok::LBRACE:
      return group(OperandKind::Vector, Tok::RBRACE, O);
    case Tok::LPAREN: // call's return and argument lists
      return group(OperandKind::List, Tok::RPAREN, O);
    case Tok::LBRACK:
      return parseAddress(O);
    case Tok::BANG: {
      uint32_t B = take().Begin;
      if (!is(Tok::IDENT))
        return false;
      Token T = take();
      O.Kind = OperandKind::Name;
      O.Negated = true;
      O.Range = {B, T.End};
      O.Text = text(T);
      return true;
    }
    default:
      break;
    }
    if (!parseSimple(O))
      return false;
    // Expressions (a+b, a|b, f(x)) are not in the subset.
    Tok K = kind();
    return K == Tok::COMMA || K == Tok::SEMI || K == Tok::RBRACE || K == Tok::RBRACK ||
           K == Tok::RPAREN;
  }

  /// [name], [name+int], [name-int], [int] (convertAddress).
  bool parseAddress(Operand &O) {
    uint32_t B = take().Begin;
    Operand Base;
    if (!parseSimple(Base))
      return false;
    if (is(Tok::PLUS) || is(Tok::MINUS)) {
      bool Minus = take().Kind == Tok::MINUS;
      Token N;
      if (!is(Tok::INT) || !number(N) || !is(Tok::RBRACK))
        return false;
      O.Range = {B, take().End};
      SourceRange R{N.Begin, N.End};
      Operand Off = build::intOperand(text(N), false, R, text(N));
      return build::foldAddress(O, Base, Off, Minus, Ctx);
    }
    if (!is(Tok::RBRACK))
      return false;
    O.Range = {B, take().End};
    build::addressOf(O, Base, Ctx);
    return true;
  }
};

/// nvcc's plain instructions read byte by byte, without the lexer's tokens:
/// `[@[!]guard] opcode operand, ...;` with no comment inside, each token
/// followed by whitespace or the punctuation that ends it, operands that
/// are names, `!name`, decimal and hexadecimal integers (negated too),
/// 0f/0d floats, `[name]`, `[name+-int]`, `[int]`, and vectors and call
/// lists of those names and numbers. A token is taken only where the lexer
/// would end it at the same byte (Lexer::identLength for names; a number
/// must be followed by whitespace or ',', ';', ']', '}', ')'), so the instruction is the
/// one InstructionParser builds from the tokens. Anything else declines,
/// with no side effect but nodes left in the arena, and InstructionParser
/// reads the statement.
class PlainInstruction {
public:
  PlainInstruction(llvm::StringRef Text, ASTContext &Ctx, uint32_t Begin)
      : Text(Text), Ctx(Ctx), P(Begin) {}

  const Instruction *read(uint32_t &End) {
    const uint32_t Start = P;
    Instruction *I = Ctx.create<Instruction>();
    if (at(P) == '@') {
      ++P;
      bool Neg = at(P) == '!';
      P += Neg;
      uint32_t B = P;
      if (!name())
        return nullptr;
      I->Guard = Text.slice(B, P);
      I->GuardNegated = Neg;
      I->GuardRange = {Start, P};
      skipSpace();
    }
    if (!lexchars::isAlpha(at(P)))
      return nullptr;
    opcode(*I);
    llvm::SmallVector<Operand, 8> Ops;
    skipSpace();
    if (at(P) != ';') {
      for (;;) {
        if (!operand(Ops.emplace_back())) // built in place: no copy
          return nullptr;
        skipSpace();
        if (at(P) == ';')
          break;
        if (at(P) != ',')
          return nullptr;
        ++P;
        skipSpace();
      }
    }
    End = ++P;
    I->Range = {Start, End};
    I->Operands = Ctx.copy<Operand>(Ops);
    return I;
  }

private:
  char at(size_t K) const { return K < Text.size() ? Text[K] : '\0'; }
  // The loops below run on locals: a byte read may alias P, which would
  // otherwise be stored and loaded again at every byte.
  void skipSpace() {
    const char *D = Text.data();
    size_t Q = P, N = Text.size();
    while (Q < N && lexchars::isSpace(D[Q]))
      ++Q;
    P = static_cast<uint32_t>(Q);
  }
  /// An IDENT at P: moves past it; false when none starts there.
  bool name() {
    size_t Q = P;
    size_t Len = Q < Text.size() ? Lexer::identLength(Text, Q) : 0;
    P = static_cast<uint32_t>(Q + Len);
    return Len != 0;
  }
  /// The opcode token at P (a letter: the lexer's IDENT, Lexer::ident),
  /// split at its dots as build::splitOpcode splits it, in the same pass.
  void opcode(Instruction &I) {
    using namespace lexchars;
    static constexpr size_t MaxQuals = 16;
    const char *D = Text.data();
    const size_t N = Text.size(), B = P;
    size_t Q = B + 1, NDots = 0;
    uint32_t Dots[MaxQuals];
    while (Q < N && isIdentRest(D[Q]))
      ++Q;
    while (Q + 1 < N && D[Q] == '.' && isWord(D[Q + 1])) {
      if (NDots < MaxQuals)
        Dots[NDots] = static_cast<uint32_t>(Q);
      ++NDots;
      Q += 2;
      while (Q < N && isWord(D[Q]))
        ++Q;
      while (Q + 2 < N && D[Q] == ':' && D[Q + 1] == ':' && isWord(D[Q + 2])) {
        Q += 2;
        while (Q < N && isWord(D[Q]))
          ++Q;
      }
    }
    P = static_cast<uint32_t>(Q);
    if (NDots > MaxQuals)
      return build::splitOpcode(I, Text.slice(B, Q), static_cast<uint32_t>(B), Ctx);
    I.Opcode = std::string_view(D + B, (NDots ? Dots[0] : Q) - B);
    if (!NDots)
      return;
    auto *Quals = static_cast<std::string_view *>(
        Ctx.allocate(sizeof(std::string_view) * NDots, alignof(std::string_view)));
    auto *Ranges =
        static_cast<SourceRange *>(Ctx.allocate(sizeof(SourceRange) * NDots, alignof(SourceRange)));
    for (size_t K = 0; K < NDots; ++K) {
      uint32_t QB = Dots[K], QE = K + 1 < NDots ? Dots[K + 1] : static_cast<uint32_t>(Q);
      new (&Quals[K]) std::string_view(D + QB, QE - QB);
      new (&Ranges[K]) SourceRange(QB, QE);
    }
    I.Qualifiers = {Quals, NDots};
    I.QualifierRanges = {Ranges, NDots};
  }
  /// Where the lexer ends a number that a byte C follows: whitespace and
  /// the punctuation an operand list goes on with.
  static bool endsNumber(char C) {
    return lexchars::isSpace(C) || C == ',' || C == ';' || C == ']' || C == '}' || C == ')';
  }
  /// An INT at P, decimal (octal with a leading 0) or 0x hexadecimal with
  /// an optional U, that the AST builder can decode; with Float, a
  /// FLOAT_HEX / DOUBLE_HEX of at most 8 / 16 digits too. P moves past it.
  /// V is an INT's value.
  bool literal(bool Float, bool &IsFloat, int64_t &V) {
    const uint32_t B = P;
    size_t Q = B;
    if (!lexchars::isDigit(at(Q)))
      return false;
    char C1 = at(Q + 1);
    IsFloat = at(Q) == '0' && (C1 == 'f' || C1 == 'F' || C1 == 'd' || C1 == 'D') &&
              lexchars::isHex(at(Q + 2));
    if (IsFloat) {
      Q += 2;
      while (lexchars::isHex(at(Q)))
        ++Q;
      // Exactly 8 / 16 digits (the lexer's FLOAT_HEX / DOUBLE_HEX).
      if (!Float || Q - B - 2 != (C1 == 'f' || C1 == 'F' ? 8u : 16u))
        return false;
    } else if (at(Q) == '0' && (C1 == 'x' || C1 == 'X') && lexchars::isHex(at(Q + 2))) {
      Q += 2;
      while (lexchars::isHex(at(Q)))
        ++Q;
      Q += at(Q) == 'U';
    } else {
      while (lexchars::isDigit(at(Q)))
        ++Q;
    }
    P = static_cast<uint32_t>(Q);
    return endsNumber(at(Q)) && (IsFloat || build::decodeInteger(Text.slice(B, Q), V));
  }
  /// A name or a number, negated or not (InstructionParser::parseSimple).
  bool simple(Operand &O) {
    const uint32_t B = P;
    if (at(P) != '-' && !lexchars::isDigit(at(P))) {
      if (!name())
        return false;
      O.Kind = OperandKind::Name;
      O.Range = {B, P};
      O.Text = Text.slice(B, P);
      return true;
    }
    bool Neg = at(P) == '-', IsFloat = false;
    P += Neg;
    const uint32_t NB = P;
    int64_t V = 0;
    if (!literal(true, IsFloat, V))
      return false;
    // -0f3F800000 is a ptxas syntax error (-0d... is not): the parser says so.
    if (Neg && IsFloat && (Text[NB + 1] == 'f' || Text[NB + 1] == 'F'))
      return false;
    SourceRange R{B, P};
    O = IsFloat ? build::floatOperand(Text.slice(NB, P), Neg, R, Text.slice(B, P))
                : build::intOperand(V, Neg, R, Text.slice(B, P));
    return true;
  }
  bool operand(Operand &O) {
    const uint32_t B = P;
    switch (at(P)) {
    case '[':
      return address(O);
    case '{':
      return group(OperandKind::Vector, '}', O);
    case '(':
      return group(OperandKind::List, ')', O);
    case '!':
      ++P;
      if (!name())
        return false;
      O.Kind = OperandKind::Name;
      O.Negated = true;
      O.Range = {B, P};
      O.Text = Text.slice(B + 1, P);
      return true;
    default:
      return simple(O);
    }
  }
  /// [name], [name+int], [name-int], [int] (InstructionParser::parseAddress).
  bool address(Operand &O) {
    const uint32_t B = P++;
    skipSpace();
    Operand Base;
    if (!simple(Base))
      return false;
    skipSpace();
    if (at(P) == '+' || at(P) == '-') {
      bool Minus = at(P++) == '-';
      skipSpace();
      const uint32_t NB = P;
      bool IsFloat = false;
      int64_t V = 0;
      if (!literal(false, IsFloat, V))
        return false;
      const uint32_t NE = P;
      skipSpace();
      if (at(P) != ']')
        return false;
      O.Range = {B, ++P};
      Operand Off = build::intOperand(V, false, {NB, NE}, Text.slice(NB, NE));
      return build::foldAddress(O, Base, Off, Minus, Ctx);
    }
    if (at(P) != ']')
      return false;
    O.Range = {B, ++P};
    build::addressOf(O, Base, Ctx);
    return true;
  }
  /// A vector of names and numbers, `{a, b}`, or a call's list of them,
  /// `(a, b)`, `()`.
  bool group(OperandKind Kind, char Close, Operand &O) {
    const uint32_t B = P++;
    llvm::SmallVector<Operand, 8> Elems;
    skipSpace();
    for (bool Empty = Kind == OperandKind::List && at(P) == Close; !Empty;) {
      if (!simple(Elems.emplace_back()))
        return false;
      skipSpace();
      if (at(P) == Close)
        break;
      if (at(P) != ',')
        return false;
      ++P;
      skipSpace();
    }
    O.Kind = Kind;
    O.Range = {B, ++P};
    O.Elements = Ctx.copy<Operand>(Elems);
    return true;
  }

  llvm::StringRef Text;
  ASTContext &Ctx;
  uint32_t P;
};

} // namespace

const Instruction *parseInstructionAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                      uint32_t &End, TokenMemo *Memo) {
  if (const Instruction *I = PlainInstruction(File.text(), Ctx, Begin).read(End))
    return I;
  InstructionParser P(File, Ctx, Begin, Memo);
  const Instruction *I = P.instruction();
  if (!I)
    return nullptr;
  End = P.lastEnd();
  P.remember();
  return I;
}

bool parseLabelAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, SourceRange &Name,
                  uint32_t &End, TokenMemo *Memo) {
  // nvcc's `$L__BB0_3:` byte by byte: the lexer's IDENT (without '.'
  // parts) and a ':' right after it that is not the first of '::'. With
  // anything between the name and its ':', the token cursor decides.
  llvm::StringRef Text = File.text();
  if (Begin < Text.size()) {
    size_t E = Begin + Lexer::identLength(Text, Begin);
    if (E > Begin && E < Text.size() && Text[E] == ':' &&
        (E + 1 == Text.size() || Text[E + 1] != ':') && !Text.slice(Begin, E).contains('.')) {
      Name = {Begin, static_cast<uint32_t>(E)};
      End = static_cast<uint32_t>(E + 1);
      return true;
    }
  }
  InstructionParser P(File, Ctx, Begin, Memo);
  SourceRange Whole;
  if (!P.label(Name, Whole))
    return false;
  End = Whole.End;
  P.remember();
  return true;
}

} // namespace parsedriver
} // namespace ptxlint
