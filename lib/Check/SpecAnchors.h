//===- SpecAnchors.h - links into NVIDIA's PTX ISA documentation -*- C++ -*-===//
#ifndef PTXLINT_LIB_CHECK_SPECANCHORS_H
#define PTXLINT_LIB_CHECK_SPECANCHORS_H

#include "ptxlint/Rules.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {

/// The HTML anchor of a PTX ISA section ("9.7.14.5.14" ->
/// "warp-level-matrix-instructions-mma"); "" when the section is unknown.
llvm::StringRef specAnchor(llvm::StringRef Section);

/// PtxIsaDocsUrl + "#" + the anchor; "" when the section is unknown.
std::string specUrl(llvm::StringRef Section);

} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_SPECANCHORS_H
