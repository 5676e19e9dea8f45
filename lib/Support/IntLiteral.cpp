//===- IntLiteral.cpp - PTX integer literals, decoded once ----------------===//
#include "Support/IntLiteral.h"

#include "llvm/ADT/StringExtras.h"

namespace ptxlint {

IntLiteral decodeIntLiteral(llvm::StringRef S) {
  IntLiteral L;
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
