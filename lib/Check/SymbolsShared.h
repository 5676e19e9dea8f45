//===- SymbolsShared.h - what CheckSymbols*.cpp share ------------------===//
//
// The special registers (lib/Spec/SpecialRegisters.h), the PTX ISA sections
// the symbol diagnostics cite (lib/Spec/SymbolSections.h), and the identifier
// scan of constant expressions and initializers: shared by CheckSymbols.cpp
// (uses, scopes, reports) and CheckSymbolsDecl.cpp (declarations).
//
//===----------------------------------------------------------------------===//

#ifndef PTXLINT_LIB_CHECK_SYMBOLSSHARED_H
#define PTXLINT_LIB_CHECK_SYMBOLSSHARED_H

#include "Spec/SpecialRegisters.h"
#include "Spec/SymbolSections.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <string>

namespace ptxlint {
namespace check {
namespace symbols {

// The sections the symbol diagnostics cite besides their rules' own
// (lib/Spec/SymbolSections.h).
inline constexpr const char *DeclSpec = spec::SymbolSections::Declaration;
inline constexpr const char *LabelSpec = spec::SymbolSections::Label;
inline constexpr const char *BranchTargetsSpec = spec::SymbolSections::BranchTargets;
inline constexpr const char *SregSpaceSpec = spec::SymbolSections::SregSpace;

//===----------------------------------------------------------------------===//
// Special registers (PTX ISA 9.0 chapter 10)
//===----------------------------------------------------------------------===//

using SregInfo = spec::SpecialRegister;

/// The special register (or WARP_SZ) Name is, or is a member of; null when none.
inline const SregInfo *findSreg(llvm::StringRef Name) { return spec::findSpecialRegister(Name); }
/// "%envreg<32>", "%pm<8>_64", "%tid": the name as the spec lists it.
inline std::string sregDisplay(const SregInfo &S) { return spec::specialRegisterDisplay(S); }
bool isVectorSelector(llvm::StringRef Sel);

inline bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_' || C == '$' || C == '%';
}
/// '%' only starts a name: in `%r3%4` the second '%' is the remainder
/// operator (a syntax error the parser reports).
inline bool isIdentChar(char C) { return (isIdentStart(C) && C != '%') || (C >= '0' && C <= '9'); }

/// forEachIdentifier's byte classes, by table (a 300 KB initializer is read
/// byte by byte): IdPlain, a byte that starts nothing (no name, number,
/// comment or string: spaces, ',', braces, most operators); IdNumberRun, a
/// byte a number runs on through (isIdentChar and '.'); IdNameStart, a byte
/// a name may start with (isIdentStart).
enum : uint8_t { IdPlain = 1, IdNumberRun = 2, IdNameStart = 4 };
constexpr std::array<uint8_t, 256> IdClass = [] {
  std::array<uint8_t, 256> T{};
  for (unsigned C = 0; C < 256; ++C) {
    bool Alpha = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z');
    bool Digit = C >= '0' && C <= '9';
    bool Starts =
        Alpha || Digit || C == '_' || C == '$' || C == '%' || C == '/' || C == '"' || C == '.';
    T[C] = (Starts ? 0 : IdPlain) | (Alpha || C == '_' || C == '$' || C == '%' ? IdNameStart : 0) |
           (Alpha || Digit || C == '_' || C == '$' || C == '.' ? IdNumberRun : 0);
  }
  return T;
}();

/// Calls F(name) for every identifier of a constant expression or an
/// initializer, skipping numbers (0f3F800000, 10U) and operator names
/// written as calls (generic(...), mask(...)).
template <typename Fn> void forEachIdentifier(llvm::StringRef Text, Fn F) {
  size_t I = 0, N = Text.size();
  if (N > 64) {
    // A table of decimal numbers (a 300 KB initializer) names nothing: one
    // pass without branches finds no byte a name starts with.
    uint8_t Any = 0;
    for (char C : Text)
      Any |= IdClass[static_cast<unsigned char>(C)];
    if (!(Any & IdNameStart))
      return;
  }
  while (I < N) {
    char C = Text[I];
    if (IdClass[static_cast<unsigned char>(C)] & IdPlain) {
      ++I;
      continue;
    }
    // A large initializer reaches the checks as one token with its comments
    // (lib/Parse/InitScan.cpp): `// first row` names nothing.
    if (C == '/' && I + 1 < N && (Text[I + 1] == '/' || Text[I + 1] == '*')) {
      size_t E = Text[I + 1] == '/' ? Text.find('\n', I) : Text.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? N : E + (Text[I + 1] == '/' ? 1 : 2);
      continue;
    }
    // '%' right after a name, a number or ')' is the remainder operator.
    if (C == '%' && I > 0 && (isIdentChar(Text[I - 1]) || Text[I - 1] == ')')) {
      ++I;
      continue;
    }
    if (C == '"') {
      size_t E = Text.find('"', I + 1);
      I = E == llvm::StringRef::npos ? N : E + 1;
      continue;
    }
    if (!isIdentStart(C)) {
      // A number runs on through its letters (0x1F, 0f3F800000, 1U).
      if (C >= '0' && C <= '9')
        while (I < N && (IdClass[static_cast<unsigned char>(Text[I])] & IdNumberRun))
          ++I;
      else if (C == '.') // a cast's type, (.u64)1, names nothing
        for (++I; I < N && isIdentChar(Text[I]);)
          ++I;
      else
        ++I;
      continue;
    }
    size_t B = I++; // the start character ('%' is no later one)
    while (I < N && isIdentChar(Text[I]))
      ++I;
    // Components: %tid.x.
    while (I + 1 < N && Text[I] == '.' && isIdentChar(Text[I + 1])) {
      ++I;
      while (I < N && isIdentChar(Text[I]))
        ++I;
    }
    size_t J = I;
    while (J < N && (Text[J] == ' ' || Text[J] == '\t'))
      ++J;
    if (J < N && Text[J] == '(')
      continue;
    llvm::StringRef Name = Text.slice(B, I);
    if (Name != "_")
      F(Name);
  }
}

} // namespace symbols
} // namespace check
} // namespace ptxlint

#endif
