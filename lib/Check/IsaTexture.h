//===- IsaTexture.h - vector operands of tex, tld4, suld, sust --*- C++ -*-===//
//
// Element counts of the braces operands of the texture and surface
// instructions: coordinates against the geometry, data against .v2/.v4.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISATEXTURE_H
#define PTXLINT_LIB_CHECK_ISATEXTURE_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"

namespace ptxlint {
namespace check {

/// Checks the operands of txq, tex, tld4, suld, sust and sured, as their
/// ISA table row routes them (IsaOpcode::OperandChecks: TextureQuery, Texture,
/// Surface, SurfaceStore, SurfaceReduce); others: nothing.
void checkTextureOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISATEXTURE_H
