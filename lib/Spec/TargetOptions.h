//===- TargetOptions.h - the options of the .target directive ---*- C++ -*-===//
//
// What a .target directive may list besides targets (PTX ISA 9.0, 11.1.2,
// ptx-module-directives-target): the texturing modes texmode_unified and
// texmode_independent, debug, and map_f64_to_f32. Read by lib/Check/Checker.cpp
// (test/module/target-options.ptx, rule target-option).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_TARGETOPTIONS_H
#define PTXLINT_LIB_SPEC_TARGETOPTIONS_H

#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace spec {

inline constexpr const char *TargetOptions[] = {"texmode_unified", "texmode_independent", "debug",
                                                "map_f64_to_f32"};

/// Whether S is one of TargetOptions.
inline bool isTargetOption(llvm::StringRef S) {
  for (const char *O : TargetOptions)
    if (S == O)
      return true;
  return false;
}

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_TARGETOPTIONS_H
