//===- Guards.cpp - evaluate #if guards for a compilation target ----------===//
//
// A recursive-descent evaluator of #if expressions over optional values
// (nullopt: unknown), with C's precedence. && and || decide from one known
// side when it settles the result; every other operator is unknown when an
// operand is.
//
//===----------------------------------------------------------------------===//

#include "Cuda/Guards.h"

#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace cuda {

using llvm::StringRef;
using Val = std::optional<int64_t>;

namespace {
constexpr unsigned MaxDepth = 24;
} // namespace

class ExprParser {
public:
  ExprParser(const GuardEvaluator &G, StringRef S, unsigned Depth) : G(G), S(S), Depth(Depth) {}

  Val parse() {
    Val V = ternary();
    skip();
    if (P != S.size())
      return std::nullopt; // trailing tokens we do not understand
    return V;
  }

private:
  void skip() {
    while (P < S.size() && llvm::isSpace(S[P]))
      ++P;
  }
  bool eat(StringRef Op) {
    skip();
    if (!S.substr(P).startswith(Op))
      return false;
    // '&' is not '&&', '|' not '||', '<' not '<=' or '<<'.
    if (Op.size() == 1 && P + 1 < S.size() &&
        ((Op == "&" && S[P + 1] == '&') || (Op == "|" && S[P + 1] == '|') ||
         ((Op == "<" || Op == ">") && (S[P + 1] == '=' || S[P + 1] == Op[0])) ||
         (Op == "!" && S[P + 1] == '=') || (Op == "=" && S[P + 1] == '=')))
      return false;
    P += Op.size();
    return true;
  }

  Val ternary() {
    Val C = logicalOr();
    if (!eat("?"))
      return C;
    Val A = ternary();
    if (!eat(":"))
      return std::nullopt;
    Val B = ternary();
    if (C)
      return *C ? A : B;
    return A && B && *A == *B ? A : std::nullopt;
  }
  Val logicalOr() {
    Val L = logicalAnd();
    while (eat("||")) {
      Val R = logicalAnd();
      if ((L && *L) || (R && *R))
        L = 1;
      else if (L && R)
        L = 0;
      else
        L = std::nullopt;
    }
    return L;
  }
  Val logicalAnd() {
    Val L = binary(0);
    while (eat("&&")) {
      Val R = binary(0);
      if ((L && !*L) || (R && !*R))
        L = 0;
      else if (L && R)
        L = 1;
      else
        L = std::nullopt;
    }
    return L;
  }
  /// Levels: | ^ & (== !=) (< > <= >=) (<< >>) (+ -) (* / %).
  Val binary(int Level) {
    static const std::vector<std::vector<StringRef>> Ops = {
        {"|"},        {"^"},      {"&"},          {"==", "!="}, {"<=", ">=", "<", ">"},
        {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    if (Level == static_cast<int>(Ops.size()))
      return unary();
    Val L = binary(Level + 1);
    while (true) {
      StringRef Op;
      for (StringRef O : Ops[Level])
        if (eat(O)) {
          Op = O;
          break;
        }
      if (Op.empty())
        return L;
      Val R = binary(Level + 1);
      if (!L || !R) {
        L = std::nullopt;
        continue;
      }
      int64_t A = *L, B = *R;
      if (Op == "|")
        L = A | B;
      else if (Op == "^")
        L = A ^ B;
      else if (Op == "&")
        L = A & B;
      else if (Op == "==")
        L = A == B;
      else if (Op == "!=")
        L = A != B;
      else if (Op == "<=")
        L = A <= B;
      else if (Op == ">=")
        L = A >= B;
      else if (Op == "<")
        L = A < B;
      else if (Op == ">")
        L = A > B;
      else if (Op == "<<")
        L = B >= 0 && B < 63 ? A << B : 0;
      else if (Op == ">>")
        L = B >= 0 && B < 63 ? A >> B : 0;
      else if (Op == "+")
        L = A + B;
      else if (Op == "-")
        L = A - B;
      else if (Op == "*")
        L = A * B;
      else if (B == 0)
        L = std::nullopt;
      else
        L = Op == "/" ? A / B : A % B;
    }
  }
  Val unary() {
    if (eat("!")) {
      Val V = unary();
      return V ? Val(!*V) : std::nullopt;
    }
    if (eat("-")) {
      Val V = unary();
      return V ? Val(-*V) : std::nullopt;
    }
    if (eat("+"))
      return unary();
    if (eat("~")) {
      Val V = unary();
      return V ? Val(~*V) : std::nullopt;
    }
    return primary();
  }
  StringRef ident() {
    skip();
    size_t B = P;
    while (P < S.size() && (llvm::isAlnum(S[P]) || S[P] == '_'))
      ++P;
    return S.slice(B, P);
  }
  Val primary() {
    skip();
    if (P >= S.size())
      return std::nullopt;
    if (eat("(")) {
      Val V = ternary();
      return eat(")") ? V : std::nullopt;
    }
    if (llvm::isDigit(S[P])) {
      size_t B = P;
      while (P < S.size() && (llvm::isAlnum(S[P]) || S[P] == '\''))
        ++P;
      std::string Digits;
      for (char C : S.slice(B, P))
        if (C != '\'')
          Digits += C;
      StringRef D = StringRef(Digits).rtrim("uUlL");
      unsigned long long V;
      if (D.getAsInteger(0, V))
        return std::nullopt;
      return static_cast<int64_t>(V);
    }
    StringRef Id = ident();
    if (Id.empty()) {
      P = S.size(); // something we do not understand
      return std::nullopt;
    }
    if (Id == "defined") {
      bool Paren = eat("(");
      StringRef Name = ident();
      if (Paren && !eat(")"))
        return std::nullopt;
      Tri Defined;
      G.macroValue(Name, Depth + 1, Defined);
      return Defined == Tri::Unknown ? std::nullopt : Val(Defined == Tri::True);
    }
    skip();
    if (P < S.size() && S[P] == '(') // a function-like macro call: unknown
      return std::nullopt;
    if (Id == "true")
      return 1;
    if (Id == "false")
      return 0;
    Tri Defined;
    Val V = G.macroValue(Id, Depth + 1, Defined);
    if (Defined == Tri::False)
      return 0; // an undefined identifier is 0 in #if
    return V;
  }

  const GuardEvaluator &G;
  StringRef S;
  size_t P = 0;
  unsigned Depth;
};

std::optional<int64_t> GuardEvaluator::evalExpr(StringRef Expr, unsigned Depth) const {
  if (Depth > MaxDepth)
    return std::nullopt;
  return ExprParser(*this, Expr, Depth).parse();
}

std::optional<int64_t> GuardEvaluator::macroValue(StringRef Name, unsigned Depth,
                                                  Tri &Defined) const {
  Defined = Tri::Unknown;
  bool Host = !T.isValid();
  int64_t Arch = static_cast<int64_t>(T.Sm) * 10;
  auto Known = [&](bool IsDefined, int64_t V) -> Val {
    Defined = IsDefined ? Tri::True : Tri::False;
    return IsDefined ? Val(V) : Val(0);
  };
  if (Name == "__CUDA_ARCH__")
    return Known(!Host, Arch);
  if (Name == "__CUDA_ARCH_SPECIFIC__")
    return Known(!Host && T.isArchSpecific(), Arch);
  if (Name == "__CUDA_ARCH_FAMILY_SPECIFIC__")
    return Known(!Host && (T.isArchSpecific() || T.isFamily()), Arch);
  if (Name == "__CUDACC__" || Name == "__NVCC__")
    return Known(true, 1);
  // ptx-lint follows CUDA 13.0 (its ptxas is the reference).
  bool Version = Name == "__CUDACC_VER_MAJOR__" || Name == "__CUDACC_VER_MINOR__" ||
                 Name == "CUDART_VERSION" || Name == "CUDA_VERSION";
  if (Version && !VersionKnown) {
    Defined = Tri::True;
    return std::nullopt;
  }
  if (Name == "__CUDACC_VER_MAJOR__")
    return Known(true, 13);
  if (Name == "__CUDACC_VER_MINOR__")
    return Known(true, 0);
  // A 64-bit host (ptx-lint checks .address_size 64), as on Linux.
  if (Name == "__LP64__")
    return Known(true, 1);
  // As if the CUDA 13.0 runtime and driver headers were included.
  if (Name == "CUDART_VERSION" || Name == "CUDA_VERSION")
    return Known(true, 13000);
  if (Name.startswith("__CUDA_ARCH_FEAT_SM") && Name.endswith("_ALL")) {
    unsigned N;
    bool Match = !Host && T.isArchSpecific() &&
                 !Name.drop_front(19).drop_back(4).getAsInteger(10, N) && N == T.Sm;
    return Known(Match, 1);
  }
  if (Depth > MaxDepth || Scan.Undefined.count(Name.str()))
    return std::nullopt;
  // The file's own definitions, each valid where its guard holds.
  bool Any = false, AllFalse = true;
  const MacroDef *Last = nullptr;
  for (const MacroDef &M : Scan.Macros) {
    if (M.Name != Name)
      continue;
    Any = true;
    Tri W = evalAt(M.Where, Depth + 1);
    if (W != Tri::False)
      AllFalse = false;
    if (W == Tri::True)
      Last = &M;
    else if (W == Tri::Unknown)
      return std::nullopt;
  }
  if (!Any)
    return std::nullopt; // not the file's: not evaluated
  if (AllFalse)
    return Known(false, 0);
  Defined = Tri::True;
  if (!Last || Last->FunctionLike)
    return std::nullopt;
  if (StringRef(Last->Body).trim().empty())
    return std::nullopt; // `#define X` tested with defined() only
  return evalExpr(Last->Body, Depth + 1);
}

Tri GuardEvaluator::evalAt(const Guard &G, unsigned Depth) const {
  Tri R = Tri::True;
  for (const GuardTerm &Term : G) {
    Val V = evalExpr(Term.Expr, Depth);
    if (!V) {
      R = Tri::Unknown;
      continue;
    }
    if ((*V != 0) == Term.Negated)
      return Tri::False;
  }
  return R;
}

Tri GuardEvaluator::eval(const Guard &G) const { return evalAt(G, 0); }

} // namespace cuda
} // namespace ptxlint
