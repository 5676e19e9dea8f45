//===- SpecAnchors.cpp - PTX ISA sections to their HTML anchors ------------===//
//
// The sections the rules cite, with the anchor of that section in NVIDIA's
// PTX ISA documentation (stable across ISA releases, unlike the numbers).
// Generated from /work/shared/spec/isa-9.0/INDEX.md (PTX ISA 9.0); a unit
// test checks every rule's section is here.
//
//===----------------------------------------------------------------------===//

#include "Check/SpecAnchors.h"

#include <algorithm>
#include <iterator>

namespace ptxlint {

namespace {
struct Anchor {
  const char *Section;
  const char *Name;
};

const Anchor Anchors[] = {
    {"9.7.14.3", "warp-level-block-scaling"},
    {"9.7.14.4", "warp-level-matrix-instructions-wmma"},
    {"9.7.14.4.1", "warp-level-matrix-fragment"},
    {"9.7.14.4.2", "warp-level-matrix-storage"},
    {"9.7.14.4.3", "warp-level-matrix-instructions-wmma-ld"},
    {"9.7.14.4.4", "warp-level-matrix-instructions-wmma-st"},
    {"9.7.14.4.5", "warp-level-matrix-instructions-wmma-mma"},
    {"9.7.14.5.1", "warp-level-matrix-fragment-mma-884-f16"},
    {"9.7.14.5.2", "warp-level-matrix-fragment-mma-884-f64"},
    {"9.7.14.5.3", "warp-level-matrix-fragment-mma-8816"},
    {"9.7.14.5.4", "warp-level-matrix-fragment-mma-8832"},
    {"9.7.14.5.5", "warp-level-matrix-fragment-mma-88128"},
    {"9.7.14.5.6", "warp-level-matrix-fragment-mma-1684"},
    {"9.7.14.5.7", "warp-level-matrix-fragment-mma-1688"},
    {"9.7.14.5.8", "warp-level-matrix-fragment-mma-16816-float"},
    {"9.7.14.5.9", "warp-level-matrix-fragment-mma-16816-i8-f8"},
    {"9.7.14.5.10", "warp-level-matrix-fragment-mma-16832"},
    {"9.7.14.5.11", "warp-level-matrix-fragment-mma-16864"},
    {"9.7.14.5.12", "warp-level-matrix-fragment-mma-168128"},
    {"9.7.14.5.13", "warp-level-matrix-fragment-mma-168256"},
    {"9.7.14.5.14", "warp-level-matrix-instructions-mma"},
    {"9.7.14.5.15", "warp-level-matrix-instructions-ldmatrix"},
    {"9.7.14.5.16", "warp-level-matrix-instructions-stmatrix"},
    {"9.7.14.5.17", "warp-level-matrix-instructions-movmatrix"},
    {"9.7.14.6.1", "warp-level-sparse-matrix-storage"},
    {"9.7.14.6.2.1", "warp-level-matrix-fragment-sparse-mma-16816-f16bf16"},
    {"9.7.14.6.2.2", "warp-level-matrix-fragment-sparse-mma-16832-f16bf16"},
    {"9.7.14.6.2.3", "warp-level-matrix-fragment-sparse-mma-16816-tf32"},
    {"9.7.14.6.2.4", "warp-level-matrix-fragment-sparse-mma-1688-tf32"},
    {"9.7.14.6.2.5", "warp-level-matrix-fragment-sparse-mma-16832-u8s8"},
    {"9.7.14.6.2.6", "warp-level-matrix-fragment-sparse-mma-16864-u8s8-fp8"},
    {"9.7.14.6.2.7", "warp-level-matrix-fragment-sparse-mma-16864-u4s4"},
    {"9.7.14.6.2.8", "warp-level-matrix-fragment-sparse-mma-168128-u4s4"},
    {"9.7.14.6.3", "warp-level-matrix-instructions-sparse-mma"},
    {"11.1.1", "ptx-module-directives-version"},
    {"11.1.2", "ptx-module-directives-target"},
};
} // namespace

llvm::StringRef specAnchor(llvm::StringRef Section) {
  for (const Anchor &A : Anchors)
    if (Section == A.Section)
      return A.Name;
  return "";
}

std::string specUrl(llvm::StringRef Section) {
  llvm::StringRef A = specAnchor(Section);
  if (A.empty())
    return "";
  return std::string(PtxIsaDocsUrl) + "#" + A.str();
}

} // namespace ptxlint
