//===- IsaExpression.cpp - the shape of operand expressions ---------------===//
//
// ptxas 13.0 parses an operand that names a symbol or register as the name,
// optionally followed by '+' and a constant expression (PTX ISA 9.0, 6.4.1,
// addresses-as-operands): `tab`, `tab+4`, `[%rd1+(4)]`, `[tab+-4]`,
// `[%rd1+4*(2)]` assemble. Everything else is "Parsing error near ...":
//
//  - a parenthesized name: `mov.u64 %rd1, (tab);`, `[(%rd1)]`, `[(tab+4)]`;
//  - a name after anything but a leading '!': `4+tab`, `[%rd1+%r2]`, `~%r2`
//    (a leading '!' is the predicate checks' to judge);
//  - a negated name, `-%r2`, `-tab` ("Operand negation not allowed for
//    instruction 'add'", "Illegal argument to unary minus");
//  - an operator other than '+' after the name: `tab-4`, `[%rd1*4]`,
//    `[%rd1<<2]`, `generic(tab)`;
//  - an offset after a register component: `%tid.x+1`, `%v.x+1`.
//
// Each was checked with `ptxas -arch compute_90` (test/isa/operand-expr.test).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaExpression.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compiler.h"

#include <array>
#include <cstdint>

namespace ptxlint {
namespace check {

namespace {

enum class Tok { Name, Number, Open, Close, Plus, Minus, Bang, Other };

struct Token {
  Tok Kind;
  llvm::StringRef Text;
};

/// Byte classes by table (every operand of a file is read here): bit 1 a
/// name's first byte (letters, '_', '$'), bit 2 a name's byte (and digits),
/// bit 4 what follows a number's first digit (letters, digits, '.').
constexpr std::array<uint8_t, 256> ByteClass = [] {
  std::array<uint8_t, 256> T{};
  for (unsigned C = 0; C < 256; ++C) {
    bool Alpha = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z');
    bool Digit = C >= '0' && C <= '9';
    T[C] = (Alpha || C == '_' || C == '$' ? 1 : 0) |
           (Alpha || Digit || C == '_' || C == '$' ? 2 : 0) | (Alpha || Digit || C == '.' ? 4 : 0);
  }
  return T;
}();

bool isNameStart(char C) { return ByteClass[static_cast<unsigned char>(C)] & 1; }
bool isNameChar(char C) { return ByteClass[static_cast<unsigned char>(C)] & 2; }

/// The tokens of an operand's source text; names as ptxas reads them (`%3`
/// is a name to ptxas too, never the remainder operator before 3).
llvm::SmallVector<Token, 16> tokenize(llvm::StringRef S) {
  llvm::SmallVector<Token, 16> Toks;
  for (size_t K = 0; K < S.size();) {
    char C = S[K];
    size_t E = K + 1;
    Tok Kind = Tok::Other;
    if (llvm::isSpace(C)) {
      ++K;
      continue;
    }
    // Comments are white space to ptxas (`%r2, - /*b*/ 4`).
    if (C == '/' && E < S.size() && (S[E] == '*' || S[E] == '/')) {
      size_t End = S[E] == '*' ? S.find("*/", E + 1) : S.find('\n', E + 1);
      K = End == llvm::StringRef::npos ? S.size() : End + (S[E] == '*' ? 2 : 1);
      continue;
    }
    if (isNameStart(C) || (C == '%' && E < S.size() && isNameChar(S[E]))) {
      while (E < S.size() && (isNameChar(S[E]) || S[E] == '.'))
        ++E;
      Kind = Tok::Name;
    } else if (C == '.' && E < S.size() && isNameStart(S[E])) {
      while (E < S.size() && isNameChar(S[E]))
        ++E; // a cast's type, (.u64)
    } else if (llvm::isDigit(C) || (C == '.' && E < S.size() && llvm::isDigit(S[E]))) {
      while (E < S.size() && (llvm::isAlnum(S[E]) || S[E] == '.'))
        ++E;
      Kind = Tok::Number;
    } else if (C == '(') {
      Kind = Tok::Open;
    } else if (C == ')') {
      Kind = Tok::Close;
    } else if (C == '+') {
      Kind = Tok::Plus;
    } else if (C == '-') {
      Kind = Tok::Minus;
    } else if (C == '!') {
      Kind = Tok::Bang;
    } else if ((C == '<' || C == '>') && E < S.size() && S[E] == C) {
      ++E; // '<<', '>>': one token, as the message quotes it
    }
    Toks.push_back({Kind, S.slice(K, E)});
    K = E;
  }
  return Toks;
}

const char Shape[] = "an operand that names a symbol or register is the name, optionally "
                     "followed by '+' and a constant (tab, tab+4, [%rd1+(4)])";

/// Checks one operand expression, S (a slice of the file).
/// Whether tokenize(S) is one name or one number: nothing to check. Most
/// operands are (%r1, 4, tab), and this runs for every operand of a file.
bool isOneToken(llvm::StringRef S) {
  if (S.empty())
    return false;
  size_t K = 1;
  if (isNameStart(S[0]) || (S[0] == '%' && S.size() > 1 && isNameChar(S[1]))) {
    while (K < S.size() && (isNameChar(S[K]) || S[K] == '.'))
      ++K;
  } else if (llvm::isDigit(S[0])) {
    while (K < S.size() && (ByteClass[static_cast<unsigned char>(S[K])] & 4))
      ++K;
  }
  return K == S.size();
}

/// The operands of more than one token (checkExpr has tested the rest):
/// out of line, so that the common case sets up none of its frame.
LLVM_ATTRIBUTE_NOINLINE void checkExprTokens(llvm::StringRef S, CheckContext &Ctx) {
  llvm::SmallVector<Token, 16> T = tokenize(S);
  // The remainder operator among names is the parser's syntax error
  // ("'%' (remainder) needs constant operands"): one cause, one report.
  for (const Token &K : T)
    if (K.Kind == Tok::Other && K.Text == "%")
      return;
  size_t N = 0;
  while (N < T.size() && T[N].Kind != Tok::Name)
    ++N;
  if (N == T.size())
    return; // a constant
  const Token &Name = T[N];
  if (N > 0) {
    // A leading '!' is the predicate checks' to judge ("Illegal argument to
    // predicate negation" for a register of another type).
    if (N == 1 && T[0].Kind == Tok::Bang)
      return;
    if (N == 1 && T[0].Kind == Tok::Minus) {
      Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(T[0].Text),
                       "'" + Name.Text.str() +
                           "' cannot be negated in an operand; negate it with a neg "
                           "instruction first (or use sub)");
      return;
    }
    if (T[N - 1].Kind == Tok::Open) {
      Diagnostic &D =
          Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(Name.Text),
                           "'" + Name.Text.str() + "' cannot be parenthesized; " + Shape);
      if (N + 1 < T.size() && T[N + 1].Kind == Tok::Close) {
        const char *B = T[N - 1].Text.begin(), *E = T[N + 1].Text.end();
        D.Fixes.push_back({Ctx.rangeOf(llvm::StringRef(B, E - B)), Name.Text.str()});
      }
      return;
    }
    Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(Name.Text),
                     "'" + Name.Text.str() + "' must come first; " + Shape);
    return;
  }
  if (T.size() == 1)
    return;
  const Token &Next = T[1];
  if (Next.Kind != Tok::Plus) {
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(Next.Text),
                                     "'" + Next.Text.str() + "' cannot follow '" + Name.Text.str() +
                                         "'; " + Shape);
    if (Next.Kind == Tok::Minus)
      D.Fixes.push_back({Ctx.rangeOf(Next.Text), "+-"});
    return;
  }
  if (Name.Text.startswith("%") && Name.Text.contains('.')) {
    Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(Next.Text),
                     "the register component '" + Name.Text.str() + "' takes no offset; " + Shape);
    return;
  }
  for (size_t K = 2; K < T.size(); ++K)
    if (T[K].Kind == Tok::Name) {
      Ctx.Diags.report(Rule::IsaOperandExpression, Ctx.rangeOf(T[K].Text),
                       "only a constant can follow '" + Name.Text.str() + "+', not '" +
                           T[K].Text.str() + "'; " + Shape);
      return;
    }
}

void checkExpr(llvm::StringRef S, CheckContext &Ctx) {
  if (!isOneToken(S))
    checkExprTokens(S, Ctx);
}

void checkOperand(const Instruction &I, const Operand &O, CheckContext &Ctx) {
  llvm::StringRef S = Ctx.File.slice(O.Range);
  switch (O.Kind) {
  case OperandKind::Vector:
    for (const Operand &E : O.Elements)
      checkOperand(I, E, Ctx);
    return;
  case OperandKind::Address:
    if (O.Elements.size() > 1) {
      for (const Operand &E : O.Elements)
        checkOperand(I, E, Ctx);
      return;
    }
    if (S.startswith("[") && S.endswith("]"))
      checkExpr(S.drop_front().drop_back(), Ctx);
    return;
  case OperandKind::List:
    if (Ctx.Row && Ctx.Row->Control == spec::IsaControl::Call)
      return; // parameter lists: the symbol checks
    checkExpr(S, Ctx);
    return;
  case OperandKind::PredPair:
  case OperandKind::Sink:
    return;
  default:
    if (!O.Negated)
      checkExpr(S, Ctx);
    return;
  }
}

} // namespace

void checkOperandExpressions(const Instruction &I, CheckContext &Ctx) {
  for (size_t K = 0; K < I.Operands.size(); ++K)
    if (K == 0 || !isaop::negatableSource(I, I.Operands[K], Ctx))
      checkOperand(I, I.Operands[K], Ctx);
}

} // namespace check
} // namespace ptxlint
