//===- IntLiteral.h - PTX integer literals, decoded once ---------*- C++ -*-===//
//
// One decoder of PTX integer literals (PTX ISA 9.0, 4.5.1: decimal, 0x hex,
// 0b binary, 0 octal, an optional U suffix) for the parser's AST builder and
// the checks. A literal wider than 64 bits is taken as ptxas takes it: just
// wider wraps to its low 64 bits (ptxas assembles `18446744073709551616`),
// much wider (a digit added to a value already at 2^63 or above) is ptxas's
// "Constant overflow".
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SUPPORT_INTLITERAL_H
#define PTXLINT_LIB_SUPPORT_INTLITERAL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ptxlint {

struct IntLiteral {
  enum Status : uint8_t {
    Fits,      ///< Value is the literal
    Wraps,     ///< wider than 64 bits: Value is its low 64 bits
    Overflows, ///< far wider: ptxas's "Constant overflow"
    Invalid,   ///< not an integer literal (empty, or a digit of another base)
  };
  uint64_t Value = 0;
  Status State = Invalid;
  bool Unsigned = false; ///< written with the U suffix
};

/// Decodes Lit ("42", "0x2A", "0b101010", "052", "42U").
IntLiteral decodeIntLiteral(llvm::StringRef Lit);

} // namespace ptxlint

#endif // PTXLINT_LIB_SUPPORT_INTLITERAL_H
