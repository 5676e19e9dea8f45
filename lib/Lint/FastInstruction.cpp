//===- FastInstruction.cpp - ANTLR-free parse of one plain instruction ----===//
//
// The register declarations of checkInstruction, read without the parser
// (the instruction itself goes through ptxlint::parseInstructionFast, the
// parse layer's public entry to its recognizer).
//
//===----------------------------------------------------------------------===//

#include "Lint/FastInstruction.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace lint {

namespace {
bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isWordChar(char C) { return isAlpha(C) || isDigit(C) || C == '_'; }
bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f'; }
} // namespace

bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms) {
  struct OneDecl {
    llvm::SmallVector<std::string_view, 2> Attrs;
    llvm::SmallVector<Declarator, 4> Names;
  };
  llvm::SmallVector<OneDecl, 4> All;
  size_t P = 0;
  auto Space = [&] {
    while (P < Decls.size() && (Decls[P] == ' ' || Decls[P] == '\t' || Decls[P] == '\r' ||
                                Decls[P] == '\n' || Decls[P] == '\f'))
      ++P;
  };
  auto Word = [&](size_t From) {
    size_t E = From;
    while (E < Decls.size() && (isWordChar(Decls[E]) || Decls[E] == '$'))
      ++E;
    return E;
  };
  for (;;) {
    Space();
    if (P == Decls.size())
      break;
    if (!Decls.substr(P).startswith(".reg") ||
        isWordChar(Decls.substr(P + 4).empty() ? ' ' : Decls[P + 4]))
      return false;
    P += 4;
    OneDecl D;
    // Attributes: .vN and one type.
    for (;;) {
      Space();
      if (P >= Decls.size() || Decls[P] != '.')
        break;
      size_t E = Word(P + 1);
      if (E == P + 1)
        return false;
      D.Attrs.push_back(Decls.slice(P, E));
      P = E;
    }
    if (D.Attrs.empty() || D.Attrs.size() > 2)
      return false;
    for (;;) {
      Space();
      if (P >= Decls.size() ||
          !(Decls[P] == '%' || Decls[P] == '_' || Decls[P] == '$' || isAlpha(Decls[P])))
        return false;
      size_t E = Word(P + 1);
      if (E == P + 1 && Decls[P] != '%' && !isAlpha(Decls[P]))
        return false;
      Declarator Dc;
      Dc.Name = Decls.slice(P, E);
      P = E;
      Space();
      if (P < Decls.size() && Decls[P] == '<') {
        ++P;
        Space();
        size_t B = P;
        while (P < Decls.size() && isDigit(Decls[P]))
          ++P;
        uint64_t N = 0;
        if (P == B || Decls.slice(B, P).getAsInteger(10, N) || N > (1u << 24))
          return false;
        Dc.RangeCount = static_cast<int64_t>(N);
        Space();
        if (P >= Decls.size() || Decls[P] != '>')
          return false;
        ++P;
        Space();
      }
      D.Names.push_back(Dc);
      if (P < Decls.size() && Decls[P] == ',') {
        ++P;
        continue;
      }
      break;
    }
    if (P >= Decls.size() || Decls[P] != ';')
      return false;
    ++P;
    All.push_back(std::move(D));
  }
  for (OneDecl &D : All) {
    VarDecl V;
    V.StateSpace = ".reg";
    V.Attrs = D.Attrs;
    V.Declarators = D.Names;
    Syms.declare(V, nullptr);
  }
  return true;
}

} // namespace lint
} // namespace ptxlint
