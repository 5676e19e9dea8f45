//===- Texture.h - the geometries of the texture and surface instructions -*- C++ -*-===//
//
// How many coordinates each geometry of tex, tld4, suld and sust (9.7.10,
// 9.7.11) needs, as ptxas 13.0 takes them one module a case
// (test/isa/texture-vectors.test): .1d 1, .2d and .a1d 2, .3d, .a2d, .2dms,
// .cube and .acube 4 ("Operand vector size doesn't match geometry"); ptxas
// takes more. Read by lib/Check/IsaTexture.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_TEXTURE_H
#define PTXLINT_LIB_SPEC_TEXTURE_H

#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace spec {

/// One geometry qualifier and the coordinates it needs.
struct TextureGeometry {
  llvm::StringLiteral Qual;
  unsigned Coordinates;
};

inline constexpr TextureGeometry TextureGeometries[] = {
    {".1d", 1},  {".2d", 2},   {".a1d", 2},  {".3d", 4},
    {".a2d", 4}, {".2dms", 4}, {".cube", 4}, {".acube", 4},
};

/// The coordinates geometry Q needs; 0 where Q is no geometry measured.
inline unsigned textureCoordinates(llvm::StringRef Q) {
  for (const TextureGeometry &G : TextureGeometries)
    if (Q == G.Qual)
      return G.Coordinates;
  return 0;
}

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_TEXTURE_H
