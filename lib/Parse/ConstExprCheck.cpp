//===- ConstExprCheck.cpp - constant expressions as ptxas evaluates them --===//
//
// The grammar takes any C-like expression of constants; ptxas evaluates
// them with types (PTX ISA 9.0, 4.5.4-4.5.6) and refuses what it cannot:
// an integer mixed with a floating-point operand ("Constant expression type
// mismatch"), a floating-point operand of an integer-only operator
// ("Integer constant expression expected"), a cast other than (.u64) and
// (.s64) ("Unsupported cast operation"), a division by zero, a decimal
// float literal outside the normal range of .f64 ("Constant overflow"), and
// a 0f constant that is not alone or directly in parentheses (its parser
// has no operator before or after one: a syntax error). Every whole
// expression of an instruction operand, an address, an array index, an
// initializer and an array size is checked once, after parsing, on the
// parse tree (iteratively: a chain such as 1+1+...+1 is as deep as long).
// An expression with a name in it (a register, a symbol, a call such as
// generic(x)) is not evaluated: its parts are.
//
//===----------------------------------------------------------------------===//

#include "Parse/AntlrConverter.h"
#include "Support/IntLiteral.h"

#include <cerrno>
#include <cstdlib>
#include <string>

namespace ptxlint {
namespace parsedriver {

namespace {

/// The value of a (sub)expression. Name: not a constant (not evaluated);
/// Bad: an error was reported below (nothing more is said about it).
struct Value {
  enum Kind : uint8_t { Int, Float, Hex32, Name, Bad } K = Bad;
  bool Unsigned = false;
  uint64_t I = 0;
  double F = 0;
  /// Hex32: the 0f token, for the diagnostic.
  Token *Tok = nullptr;
  bool isNumber() const { return K == Int || K == Float || K == Hex32; }
  bool isFloat() const { return K == Float || K == Hex32; }
  bool isZero() const { return K == Int ? I == 0 : F == 0; }
};

Value intValue(uint64_t V, bool Uns) {
  Value R;
  R.K = Value::Int;
  R.I = V;
  R.Unsigned = Uns;
  return R;
}

Value floatValue(double V) {
  Value R;
  R.K = Value::Float;
  R.F = V;
  return R;
}

/// The operator token of a binary or unary expression node.
Token *operatorOf(antlr4::ParserRuleContext *C) {
  for (antlr4::tree::ParseTree *Child : C->children)
    if (auto *T = dynamic_cast<antlr4::tree::TerminalNode *>(Child))
      return T->getSymbol();
  return nullptr;
}

/// The operand subexpressions of an expression node, left to right: those
/// of an operator, or of a parenthesized primary; none for a name, a call
/// or a number.
llvm::SmallVector<PTXParser::ExprContext *, 3> operandsOf(PTXParser::ExprContext *E) {
  llvm::SmallVector<PTXParser::ExprContext *, 3> Out;
  if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(E)) {
    PTXParser::PrimaryContext *Prim = P->primary();
    if (!Prim->name() && Prim->LPAREN() && !Prim->expr().empty())
      Out.push_back(Prim->expr(0));
    return Out;
  }
  for (antlr4::tree::ParseTree *Child : E->children)
    if (auto *Sub = dynamic_cast<PTXParser::ExprContext *>(Child))
      Out.push_back(Sub);
  return Out;
}

} // namespace

/// Evaluates one expression node whose operands have the values Ops.
class ConstExprEval {
public:
  ConstExprEval(Converter &Conv, bool InAddress) : Conv(Conv), InAddress(InAddress) {}

  Value node(PTXParser::ExprContext *E, llvm::ArrayRef<Value> Ops) {
    if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(E))
      return primary(P->primary(), Ops);
    if (auto *U = dynamic_cast<PTXParser::UnaryExprContext *>(E))
      return unary(U, Ops[0]);
    if (auto *C = dynamic_cast<PTXParser::CastExprContext *>(E))
      return cast(C, Ops[0]);
    if (auto *C = dynamic_cast<PTXParser::CondExprContext *>(E))
      return conditional(C, Ops);
    if (Ops.size() == 2)
      return binary(E, Ops[0], Ops[1]);
    Value R;
    R.K = Value::Name;
    return R;
  }

private:
  Converter &Conv;
  bool InAddress; ///< the expression is (in) an address

  void problem(antlr4::ParserRuleContext *At, std::string Msg, Rule Id = Rule::ConstExpr) {
    Conv.Problems.push_back({Converter::range(At), std::move(Msg), Id});
  }
  void problem(Token *At, std::string Msg, Rule Id) {
    Conv.Problems.push_back({Converter::range(At), std::move(Msg), Id});
  }

  /// A 0f constant under or beside an operator: ptxas's parser stops there.
  Value misplacedHex(const Value &V, StringRef Op) {
    problem(V.Tok,
            "a 0f constant stands alone or directly in parentheses: ptxas parses no '" + Op.str() +
                "' before or after " + Conv.text(V.Tok).str() + "; write (" +
                Conv.text(V.Tok).str() + ")",
            Rule::Syntax);
    return Value();
  }

  Value primary(PTXParser::PrimaryContext *P, llvm::ArrayRef<Value> Ops) {
    if (P->name()) {
      Value R;
      R.K = Value::Name;
      return R;
    }
    if (P->LPAREN()) { // (expr): a 0f in parentheses is an ordinary float
      if (Ops.empty())
        return Value();
      Value R = Ops[0];
      if (R.K == Value::Hex32)
        R.K = Value::Float;
      return R;
    }
    PTXParser::NumberContext *N = P->number();
    if (!N)
      return Value();
    StringRef Text = Conv.text(N->getStart());
    if (N->INT()) {
      IntLiteral L = decodeIntLiteral(Text);
      if (L.State != IntLiteral::Fits && L.State != IntLiteral::Wraps)
        return Value(); // reported by the operand checks
      // Signed unless U or too large for .s64 (4.5.5).
      return intValue(L.Value, L.Unsigned || L.Value > uint64_t(INT64_MAX));
    }
    if (N->DEC_FLOAT()) {
      std::string S = Text.str();
      errno = 0;
      double D = std::strtod(S.c_str(), nullptr);
      if (errno == ERANGE) {
        problem(P, "the floating-point constant " + S +
                       " is outside the normal range of .f64 (2.2250738585072014e-308 to "
                       "1.7976931348623157e308; ptxas: 'Constant overflow'); write 0.0, a value in "
                       "range, or the 0d bit pattern of the value");
        return Value();
      }
      return floatValue(D);
    }
    Value R = floatValue(0);
    if (N->FLOAT_HEX()) {
      R.K = Value::Hex32;
      R.Tok = N->getStart();
    }
    return R;
  }

  Value unary(PTXParser::UnaryExprContext *U, const Value &V) {
    StringRef Op = Conv.text(operatorOf(U));
    if (V.K == Value::Hex32)
      return misplacedHex(V, Op);
    if (!V.isNumber())
      return V;
    if (Op == "-" || Op == "+") {
      Value R = V;
      if (Op == "-")
        R.K == Value::Int ? void(R.I = 0 - R.I) : void(R.F = -R.F);
      return R;
    }
    if (V.isFloat())
      return integerExpected(U, Op);
    return Op == "!" ? intValue(V.I == 0, false) : intValue(~V.I, true);
  }

  Value integerExpected(antlr4::ParserRuleContext *At, StringRef Op) {
    problem(At, "operator '" + Op.str() +
                    "' takes integer constants only, and an operand here is floating-point "
                    "(ptxas: 'Integer constant expression expected'; PTX has no conversion "
                    "between integer and floating-point constants); write integers");
    return Value();
  }

  Value cast(PTXParser::CastExprContext *C, const Value &V) {
    StringRef Type = Conv.text(C->DOTNAME());
    if (Type != ".u64" && Type != ".s64") {
      problem(C->DOTNAME()->getSymbol(),
              "a constant expression casts only to (.u64) or (.s64), not (" + Type.str() +
                  ") (ptxas: 'Unsupported cast operation')",
              Rule::ConstExpr);
      return Value();
    }
    if (V.K == Value::Hex32)
      return misplacedHex(V, "(" + Type.str() + ")");
    if (!V.isNumber())
      return V;
    if (V.isFloat())
      return integerExpected(C, "(" + Type.str() + ")");
    return intValue(V.I, Type == ".u64");
  }

  Value conditional(PTXParser::CondExprContext *C, llvm::ArrayRef<Value> Ops) {
    for (const Value &V : Ops)
      if (!V.isNumber())
        return V.K == Value::Name ? V : Value();
    // ptxas wants every operand of ?: an integer (the ISA allows two
    // floating-point branches: docs/differences/isa.md).
    for (const Value &V : Ops)
      if (V.isFloat())
        return integerExpected(C, "?:");
    return Ops[0].I ? Ops[1] : Ops[2];
  }

  Value binary(PTXParser::ExprContext *E, const Value &L, const Value &R) {
    StringRef Op = Conv.text(operatorOf(E));
    // name+constant: an integer offset (6.4.1); in an address the operand
    // checks say so (isa-operand-immediate), elsewhere this does.
    if (L.K == Value::Name || R.K == Value::Name) {
      const Value &Other = L.K == Value::Name ? R : L;
      if (Other.isFloat() && !InAddress) {
        problem(E, "the offset added to a register or symbol is an integer constant, and this "
                   "one is floating-point (ptxas: 'Integer constant expression expected')");
        return Value();
      }
      return L.K == Value::Bad || R.K == Value::Bad ? Value() : L.K == Value::Name ? L : R;
    }
    if (L.K == Value::Hex32)
      return misplacedHex(L, Op);
    if (R.K == Value::Hex32)
      return misplacedHex(R, Op);
    if (!L.isNumber() || !R.isNumber())
      return Value();
    bool IntOnly = Op == "%" || Op == "<<" || Op == ">>" || Op == "&" || Op == "^" || Op == "|" ||
                   Op == "&&" || Op == "||";
    if (L.isFloat() != R.isFloat()) {
      problem(E, "operator '" + Op.str() +
                     "' mixes an integer and a floating-point constant (ptxas: 'Constant "
                     "expression type mismatch'; PTX has no conversion between them); write "
                     "both operands as integers or both as floating-point");
      return Value();
    }
    if (L.isFloat() && IntOnly)
      return integerExpected(E, Op);
    if ((Op == "/" || Op == "%") && R.isZero()) {
      problem(E, "the constant expression divides by zero (ptxas: 'Constant expression has "
                 "division by zero')");
      return Value();
    }
    return L.isFloat() ? floatOp(Op, L.F, R.F) : intOp(Op, L, R);
  }

  static Value floatOp(StringRef Op, double A, double B) {
    if (Op == "+")
      return floatValue(A + B);
    if (Op == "-")
      return floatValue(A - B);
    if (Op == "*")
      return floatValue(A * B);
    if (Op == "/")
      return floatValue(A / B);
    bool C = Op == "<"    ? A < B
             : Op == ">"  ? A > B
             : Op == "<=" ? A <= B
             : Op == ">=" ? A >= B
             : Op == "==" ? A == B
                          : A != B;
    return intValue(C, false);
  }

  static Value intOp(StringRef Op, const Value &L, const Value &R) {
    bool U = L.Unsigned || R.Unsigned;
    uint64_t A = L.I, B = R.I;
    auto Cmp = [&](auto X, auto Y) {
      return Op == "<"    ? X < Y
             : Op == ">"  ? X > Y
             : Op == "<=" ? X <= Y
             : Op == ">=" ? X >= Y
             : Op == "==" ? X == Y
                          : X != Y;
    };
    if (Op == "+")
      return intValue(A + B, U);
    if (Op == "-")
      return intValue(A - B, U);
    if (Op == "*")
      return intValue(A * B, U);
    if (Op == "/")
      return intValue(U ? A / B : (B == uint64_t(-1) ? 0 - A : uint64_t(int64_t(A) / int64_t(B))),
                      U);
    if (Op == "%")
      return intValue(A % B, false);
    if (Op == "<<")
      return intValue(B < 64 ? A << B : 0, L.Unsigned);
    if (Op == ">>")
      return intValue(B < 64 ? (L.Unsigned ? A >> B : uint64_t(int64_t(A) >> B)) : 0, L.Unsigned);
    if (Op == "&")
      return intValue(A & B, true);
    if (Op == "^")
      return intValue(A ^ B, true);
    if (Op == "|")
      return intValue(A | B, true);
    if (Op == "&&")
      return intValue(A && B, false);
    if (Op == "||")
      return intValue(A || B, false);
    return intValue(U ? Cmp(A, B) : Cmp(int64_t(A), int64_t(B)), false);
  }
};

void Converter::checkConstExpr(PTXParser::ExprContext *Root, bool InAddress) {
  // Post-order with an explicit stack: each node's value from its operands'.
  struct Frame {
    PTXParser::ExprContext *Node;
    llvm::SmallVector<PTXParser::ExprContext *, 3> Subs;
    size_t Next = 0;
    llvm::SmallVector<Value, 3> Vals;
  };
  ConstExprEval Eval(*this, InAddress);
  llvm::SmallVector<Frame, 16> Stack;
  Stack.push_back({Root, operandsOf(Root)});
  while (true) {
    Frame &F = Stack.back();
    if (F.Next < F.Subs.size()) {
      PTXParser::ExprContext *Sub = F.Subs[F.Next++];
      Stack.push_back({Sub, operandsOf(Sub)});
      continue;
    }
    Value V = Eval.node(F.Node, F.Vals);
    Stack.pop_back();
    if (Stack.empty())
      return;
    Stack.back().Vals.push_back(V);
  }
}

void Converter::checkExprsIn(antlr4::tree::ParseTree *T) {
  if (!T)
    return;
  // Each node, and whether it is inside an address ([...] or a[i]).
  llvm::SmallVector<std::pair<antlr4::tree::ParseTree *, bool>, 16> Work{{T, false}};
  while (!Work.empty()) {
    auto [Node, InAddress] = Work.pop_back_val();
    if (auto *E = dynamic_cast<PTXParser::ExprContext *>(Node)) {
      checkConstExpr(E, InAddress);
      continue;
    }
    InAddress |= dynamic_cast<PTXParser::AddressOperandContext *>(Node) ||
                 dynamic_cast<PTXParser::ArrayOperandContext *>(Node);
    for (antlr4::tree::ParseTree *Child : Node->children)
      Work.push_back({Child, InAddress});
  }
}

} // namespace parsedriver
} // namespace ptxlint
