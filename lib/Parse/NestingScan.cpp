//===- NestingScan.cpp - the nesting limit, checked on tokens -------------===//
//
// ANTLR parses nested operands and expressions by recursion, and its adaptive
// prediction may read a whole nested operand ahead (`((((1))))` is both a call
// list and a parenthesised expression until the end), recursing in its
// context merges as deep as the nesting. Neither can be stopped from inside,
// so the driver measures each statement's nesting on its tokens first, with a
// loop, and reports a statement deeper than the limit instead of parsing it.
//
// The depth counted is an upper bound of the parser's recursion: one level
// per open '(', '[' or '{' of the statement, plus one per unary operator
// whose operand has not started yet (- - - 1, and casts: (.u64)(.s64)1)
// and per '?' whose ':' branch is not finished (a?b:c?d:e nests to the
// right). A binary operator nests while its right operand is parsed if it
// binds tighter than the one before it (1||1&&1|1^1&1==1<1<<1+1*(...)
// recurses once per operator, and again inside each parenthesis): the
// operators of rising precedence still open count a level each, as the
// parser's precedence climbing holds them (a strictly rising stack, so a
// set of precedences).
//
//===----------------------------------------------------------------------===//

#include "Parse/AntlrConverter.h"

namespace ptxlint {
namespace parsedriver {

namespace {

/// A token that completes an operand: pending unary operators apply to it.
bool isValue(size_t T) {
  switch (T) {
  case PTXLexer::IDENT:
  case PTXLexer::UNDERSCORE:
  case PTXLexer::INT:
  case PTXLexer::DEC_FLOAT:
  case PTXLexer::FLOAT_HEX:
  case PTXLexer::DOUBLE_HEX:
  case PTXLexer::STRING:
  case PTXLexer::DOTNAME:
  case PTXLexer::INIT_LIST:
    return true;
  default:
    return false;
  }
}

/// A binary operator's precedence (higher binds tighter; grammar expr),
/// or 0. Binary + and - follow an operand.
unsigned binaryPrecedence(size_t T, bool AfterValue) {
  switch (T) {
  case PTXLexer::OROR:
    return 1;
  case PTXLexer::ANDAND:
    return 2;
  case PTXLexer::PIPE:
    return 3;
  case PTXLexer::CARET:
    return 4;
  case PTXLexer::AMP:
    return 5;
  case PTXLexer::EQEQ:
  case PTXLexer::NE:
    return 6;
  case PTXLexer::LT:
  case PTXLexer::GT:
  case PTXLexer::LE:
  case PTXLexer::GE:
    return 7;
  case PTXLexer::SHL:
  case PTXLexer::SHR:
    return 8;
  case PTXLexer::PLUS:
  case PTXLexer::MINUS:
    return AfterValue ? 9 : 0;
  case PTXLexer::STAR:
  case PTXLexer::SLASH:
  case PTXLexer::PERCENT:
    return 10;
  default:
    return 0;
  }
}

/// Statements that cannot nest: nothing to scan.
bool cannotNest(size_t First) {
  switch (First) {
  case PTXLexer::LBRACE:
  case PTXLexer::RBRACE:
  case PTXLexer::VERSION:
  case PTXLexer::TARGET:
  case PTXLexer::ADDRESS_SIZE:
  case PTXLexer::FILE:
  case PTXLexer::LOC:
  case Token::EOF:
    return true;
  default:
    return false;
  }
}

} // namespace

NestingScan scanNesting(StreamingTokenStream &Tokens, bool SectionLine, unsigned Limit) {
  NestingScan R;
  auto TypeAt = [&](size_t K) { return Tokens.ahead(K)->getType(); };
  const size_t First = TypeAt(0);
  if (cannotNest(First) || (First == PTXLexer::IDENT && TypeAt(1) == PTXLexer::COLON))
    return R; // a label
  // In an instruction a '{' at the top is a vector operand; elsewhere it is
  // an initializer after '=', or the body or scope after the statement.
  const bool Instruction = !SectionLine && (First == PTXLexer::IDENT || First == PTXLexer::AT);

  /// Operators still waiting for their operand, per open bracket.
  struct Pending {
    unsigned Unary = 0, Cond = 0;
    uint16_t Binary = 0; ///< the precedences of open binary operators
    unsigned binaryLevels() const { return static_cast<unsigned>(__builtin_popcount(Binary)); }
  };
  llvm::SmallVector<Pending, 16> Open;
  Pending Cur;
  size_t Level = 0, Prev = Token::INVALID_TYPE;
  bool PrevValue = false;
  for (size_t K = 0;; ++K) {
    size_t T = TypeAt(K);
    if (T == Token::EOF) {
      R.End = K;
      break;
    }
    if (T == PTXLexer::SEMI) {
      R.End = K + 1;
      break;
    }
    if (Open.empty()) {
      if (T == PTXLexer::RBRACE ||
          (T == PTXLexer::LBRACE && !Instruction && Prev != PTXLexer::EQ)) {
        R.End = K;
        R.StoppedAtBrace = T == PTXLexer::LBRACE;
        break;
      }
      // Section lines end without ';': two operands side by side at the top
      // (".b8 1 .b8 2" on one line) start the next line.
      if (SectionLine && K >= 2 && PrevValue && isValue(T) && !Cur.Unary && !Cur.Cond) {
        R.End = K;
        break;
      }
    }
    bool Value = false;
    if (unsigned P = binaryPrecedence(T, PrevValue)) {
      // Close the operators that bind at least as tightly, open this one.
      Level -= Cur.binaryLevels();
      Cur.Binary = static_cast<uint16_t>((Cur.Binary & ((1u << P) - 1)) | (1u << P));
      Level += Cur.binaryLevels();
      T = Token::INVALID_TYPE; // neither unary nor a value
    }
    switch (T) {
    case PTXLexer::LPAREN:
    case PTXLexer::LBRACK:
    case PTXLexer::LBRACE:
      Open.push_back(Cur);
      Cur = Pending();
      ++Level;
      break;
    case PTXLexer::RPAREN:
    case PTXLexer::RBRACK:
    case PTXLexer::RBRACE:
      if (Open.empty())
        break; // unbalanced: the parser reports it
      Level -= 1 + Cur.Unary + Cur.Cond + Cur.binaryLevels();
      Cur = Open.pop_back_val();
      if (T == PTXLexer::RPAREN && K >= 2 && TypeAt(K - 1) == PTXLexer::DOTNAME &&
          TypeAt(K - 2) == PTXLexer::LPAREN) {
        ++Cur.Unary; // a cast, (.u64): its operand is still to come
        ++Level;
        break;
      }
      Level -= Cur.Unary; // the group is their operand
      Cur.Unary = 0;
      Value = true;
      break;
    case PTXLexer::MINUS:
    case PTXLexer::PLUS:
    case PTXLexer::TILDE:
    case PTXLexer::BANG:
      ++Cur.Unary; // binary + and - are complete at their right operand
      ++Level;
      break;
    case PTXLexer::QUESTION:
      Level -= Cur.binaryLevels(); // ?: binds loosest: it closes them
      Cur.Binary = 0;
      ++Cur.Cond;
      ++Level;
      break;
    case PTXLexer::COLON:
      Level -= Cur.Unary + Cur.binaryLevels();
      Cur.Unary = 0;
      Cur.Binary = 0;
      break;
    case PTXLexer::COMMA:
      Level -= Cur.Unary + Cur.Cond + Cur.binaryLevels();
      Cur = Pending();
      break;
    case Token::INVALID_TYPE: // a binary operator, counted above
      break;
    default:
      Level -= Cur.Unary;
      Cur.Unary = 0;
      Value = isValue(T);
      break;
    }
    if (Level > Limit && R.TooDeep == NestingScan::None)
      R.TooDeep = K;
    Prev = T;
    PrevValue = Value;
  }
  return R;
}

} // namespace parsedriver
} // namespace ptxlint
