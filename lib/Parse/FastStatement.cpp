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
    if (!number(N))
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

} // namespace

const Instruction *parseInstructionAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                      uint32_t &End, TokenMemo *Memo) {
  InstructionParser P(File, Ctx, Begin, Memo);
  const Instruction *I = P.instruction();
  if (!I)
    return nullptr;
  End = P.lastEnd();
  P.remember();
  return I;
}

bool parseLabelAt(const SourceFile &File, uint32_t Begin, SourceRange &Name, uint32_t &End,
                  TokenMemo *Memo) {
  ASTContext Unused;
  InstructionParser P(File, Unused, Begin, Memo);
  SourceRange Whole;
  if (!P.label(Name, Whole))
    return false;
  End = Whole.End;
  P.remember();
  return true;
}

} // namespace parsedriver
} // namespace ptxlint
