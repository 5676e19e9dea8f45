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
#include "Parse/FastCursor.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace parsedriver {

using namespace fast;

namespace {

class InstructionParser : public Cursor {
public:
  using Cursor::Cursor;

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
    if (peek() != ';' && !operands(Ops))
      return nullptr;
    if (peek() != ';')
      return nullptr;
    ++Pos;
    I->Range = {Start, Pos};
    I->Operands = Ctx.copy<Operand>(Ops);
    return I;
  }

private:
  /// Opcode and its qualifiers, split at each '.' as the converter does.
  void splitOpcode(Instruction &I, SourceRange R) {
    build::OpcodeSplitter Split(I, File.slice(R), R.Begin);
    Split.finish(Ctx);
  }

  /// FLOAT_HEX / DOUBLE_HEX: 0f + up to 8, 0d + up to 16 hex digits.
  /// Longer ones: give up.
  bool lexHexFloat(SourceRange &R) {
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
    Pos = static_cast<uint32_t>(P);
    R = {B, Pos};
    return true;
  }

  /// INT: 0x.. / 0b.. / decimal, optional U, decoded by the AST builder.
  /// Floats, glued characters and values it cannot decode: give up.
  bool lexInt(SourceRange &R, int64_t &V) {
    uint32_t B = Pos;
    if (peek() == '0' && (peekAt(1) == 'x' || peekAt(1) == 'X') && isHex(peekAt(2))) {
      Pos += 2;
      while (isHex(peek()))
        ++Pos;
    } else if (peek() == '0' && (peekAt(1) == 'b' || peekAt(1) == 'B') &&
               (peekAt(2) == '0' || peekAt(2) == '1')) {
      Pos += 2;
      while (peek() == '0' || peek() == '1')
        ++Pos;
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++Pos;
    } else {
      return false;
    }
    if (peek() == 'U')
      ++Pos;
    // Whatever follows must end the token: no float, no glued identifier.
    char After = peek();
    if (isWordChar(After) || After == '.' || After == '$' || After == '%')
      return false;
    // Out of range or a bad octal: let the real parser decide.
    if (!build::decodeInteger(Text.slice(B, Pos), V))
      return false;
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
    if (lexHexFloat(R)) {
      O = build::floatOperand(File.slice(R), Neg, {B, R.End}, Text.slice(B, R.End));
      return true;
    }
    int64_t V = 0;
    if (!lexInt(R, V))
      return false;
    O = build::intOperand(File.slice(R), Neg, {B, R.End}, Text.slice(B, R.End));
    return true;
  }

  /// `operand (, operand)*`, stopping before whatever follows the last one.
  bool operands(llvm::SmallVectorImpl<Operand> &Out) {
    for (;;) {
      Operand O;
      if (!parseOperand(O))
        return false;
      Out.push_back(O);
      skipSpace();
      if (peek() != ',')
        return true;
      ++Pos;
      skipSpace();
    }
  }

  /// A vector `{a, b}` (one element at least) or a call list `(a, b)`, `()`.
  /// Nesting deeper than the parser's limit is left to the ANTLR path, which
  /// reports it (the recursion here must not follow the input unbounded).
  bool group(OperandKind Kind, char Close, Operand &O) {
    if (GroupDepth >= MaxNestingDepth)
      return false;
    // A long outermost list is built in place in the arena (one Operand per
    // element, no growing vector copied afterwards): see countElements.
    size_t Count = GroupDepth == 0 ? countElements(Pos) : 0;
    struct Nest {
      unsigned &D;
      explicit Nest(unsigned &D) : D(D) { ++D; }
      ~Nest() { --D; }
    } InGroup(GroupDepth);
    uint32_t B = Pos++;
    skipSpace();
    if (Count >= InPlaceFrom) {
      llvm::MutableArrayRef<Operand> Elems(Ctx.allocate<Operand>(Count), Count);
      for (size_t K = 0; K < Count; ++K) {
        if (K && peek() != ',')
          return false;
        if (K) {
          ++Pos;
          skipSpace();
        }
        if (!parseOperand(Elems[K]))
          return false;
        skipSpace();
      }
      O.Elements = Elems;
    } else {
      llvm::SmallVector<Operand, 8> Elems;
      if (!(Kind == OperandKind::List && peek() == Close) && !operands(Elems))
        return false;
      O.Elements = Ctx.copy<Operand>(Elems);
    }
    if (peek() != Close)
      return false;
    ++Pos;
    O.Kind = Kind;
    O.Range = {B, Pos};
    return true;
  }

  /// Lists of at least this many elements are built in place.
  static constexpr size_t InPlaceFrom = 64;

  /// The number of elements of the list that opens at P, counted on the
  /// bytes (commas between its brackets); 0 when unsure (a comment, a
  /// string, a ';' or the end of the text first), and the list is then
  /// built the usual way. A wrong count only makes the recognizer decline.
  size_t countElements(size_t P) const {
    int Depth = 0;
    size_t Commas = 0;
    for (; P < Text.size(); ++P) {
      switch (Text[P]) {
      case '{':
      case '(':
      case '[':
        ++Depth;
        break;
      case '}':
      case ')':
      case ']':
        if (--Depth == 0)
          return Commas + 1;
        break;
      case ',':
        Commas += Depth == 1;
        break;
      case ';':
      case '/':
      case '"':
        return 0;
      default:
        break;
      }
    }
    return 0;
  }

  unsigned GroupDepth = 0;

  bool parseOperand(Operand &O) {
    char C = peek();
    if (C == '{')
      return group(OperandKind::Vector, '}', O);
    if (C == '(') // call's return and argument lists
      return group(OperandKind::List, ')', O);
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
    return After == ',' || After == ';' || After == '}' || After == ']' || After == ')';
  }

  /// [name], [name+int], [name-int], [int] (convertAddress).
  bool parseAddress(Operand &O) {
    uint32_t B = Pos++;
    skipSpace();
    Operand Base;
    if (!parseSimple(Base))
      return false;
    skipSpace();
    if (peek() == '+' || peek() == '-') {
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
      Operand Off = build::intOperand(File.slice(R), false, R, File.slice(R));
      return build::foldAddress(O, Base, Off, Minus, Ctx);
    }
    if (peek() != ']')
      return false;
    ++Pos;
    O.Range = {B, Pos};
    build::addressOf(O, Base, Ctx);
    return true;
  }
};

} // namespace

const Instruction *parseInstructionAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                      uint32_t &End) {
  InstructionParser P(File, Ctx, Begin);
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

bool parseLabelAt(const SourceFile &File, uint32_t Begin, SourceRange &Name, uint32_t &End) {
  ASTContext Unused;
  InstructionParser P(File, Unused, Begin);
  SourceRange Whole;
  if (!P.label(Name, Whole))
    return false;
  End = Whole.End;
  return true;
}

} // namespace parsedriver
} // namespace ptxlint
