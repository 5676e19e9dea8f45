//===- IntLiteral.cpp - PTX integer literals, decoded once ----------------===//
#include "Support/IntLiteral.h"

#include "llvm/ADT/StringExtras.h"

namespace ptxlint {

IntLiteral decodeIntLiteral(llvm::StringRef S) {
  IntLiteral L;
  // Most literals: up to 18 decimal digits (below 2^63), no leading 0, no
  // suffix.
  if (!S.empty() && S.size() <= 18 && S[0] >= '1' && S[0] <= '9') {
    uint64_t V = 0;
    size_t I = 0;
    for (; I < S.size() && S[I] >= '0' && S[I] <= '9'; ++I)
      V = V * 10 + static_cast<unsigned>(S[I] - '0');
    if (I == S.size()) {
      L.Value = V;
      L.State = IntLiteral::Fits;
      return L;
    }
  }
  if (S.endswith("U") || S.endswith("u")) {
    L.Unsigned = true;
    S = S.drop_back();
  }
  unsigned Base = 10;
  if (S.startswith_insensitive("0x")) {
    Base = 16;
    S = S.drop_front(2);
  } else if (S.startswith_insensitive("0b")) {
    Base = 2;
    S = S.drop_front(2);
  } else if (S.size() > 1 && S[0] == '0') {
    Base = 8;
    S = S.drop_front(1);
  }
  if (S.empty())
    return L;
  uint64_t V = 0;
  bool Overflow = false, Wide = false;
  for (char C : S) {
    unsigned D = llvm::hexDigitValue(C);
    if (D >= Base)
      return L;
    Overflow |= (V >> 63) != 0;
    Wide |= V > (UINT64_MAX - D) / Base;
    V = V * Base + D; // wraps, as in ptxas
  }
  L.Value = V;
  L.State = Overflow ? IntLiteral::Overflows : Wide ? IntLiteral::Wraps : IntLiteral::Fits;
  return L;
}

} // namespace ptxlint
