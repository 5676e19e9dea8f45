//===- IsaTexture.cpp - vector operands of tex, tld4, suld, sust ----------===//
//
// The braces operands of the texture and surface instructions (9.7.11),
// measured against ptxas 13.0 one module a case (test/isa/texture-vectors.test):
//
//  - no vector has three elements ("Illegal vector size: 3");
//  - the coordinates have at least as many elements as the geometry needs:
//    .1d 1, .2d and .a1d 2, .3d, .a2d, .2dms, .cube and .acube 4 ("Operand
//    vector size doesn't match geometry"); ptxas takes more;
//  - a .v2/.v4 data vector of suld/sust/tex/tld4 has that many elements
//    ("Argument vector size mismatch").
//
//===----------------------------------------------------------------------===//

#include "Check/IsaTexture.h"

#include "llvm/ADT/STLExtras.h"

namespace ptxlint {
namespace check {

namespace {

/// The coordinates a geometry needs (0: not one measured).
unsigned coordsFor(const Instruction &I) {
  static const struct {
    const char *Geom;
    unsigned N;
  } Table[] = {{".1d", 1},  {".2d", 2},   {".a1d", 2},  {".3d", 4},
               {".a2d", 4}, {".2dms", 4}, {".cube", 4}, {".acube", 4}};
  for (llvm::StringRef Q : I.Qualifiers)
    for (const auto &G : Table)
      if (Q == G.Geom)
        return G.N;
  return 0;
}

unsigned dataWidth(const Instruction &I) {
  if (I.hasQualifier(".v4"))
    return 4;
  if (I.hasQualifier(".v2"))
    return 2;
  return 0;
}

void checkVector(const Instruction &I, CheckContext &Ctx, const Operand &V, unsigned Need,
                 bool Coords) {
  size_t N = V.Elements.size();
  std::string Spelled = std::string(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    Spelled += Q.str();
  if (N == 3) {
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "a vector operand of '" + Spelled +
                         "' has 1, 2 or 4 elements, not 3; write a 4-element vector (an unused "
                         "element may repeat a register)");
    return;
  }
  if (!Need)
    return;
  if (Coords && N < Need)
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "the coordinates of '" + Spelled + "' need " + std::to_string(Need) +
                         " elements for its geometry, found " + std::to_string(N));
  else if (!Coords && N != Need)
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "'" + Spelled + "' takes a vector of " + std::to_string(Need) +
                         " registers, found " + std::to_string(N));
}

} // namespace

void checkTextureOperands(const Instruction &I, CheckContext &Ctx) {
  llvm::StringRef Op = I.Opcode;
  if (Op != "tex" && Op != "tld4" && Op != "suld" && Op != "sust")
    return;
  unsigned Geom = coordsFor(I), Data = dataWidth(I);
  for (const Operand &O : I.Operands) {
    if (O.Kind == OperandKind::Address) {
      // [tex, {coords}] or [tex, sampler, {coords}]: the last vector.
      for (const Operand &E : O.Elements)
        if (E.Kind == OperandKind::Vector)
          checkVector(I, Ctx, E, &E == &O.Elements.back() ? Geom : 0, true);
    } else if (O.Kind == OperandKind::Vector) {
      checkVector(I, Ctx, O, &O == &I.Operands.front() || Op == "sust" ? Data : 0, false);
    }
  }
}

} // namespace check
} // namespace ptxlint
