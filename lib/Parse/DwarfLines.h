//===- DwarfLines.h - what ptxas refuses of @@DWARF lines -------*- C++ -*-===//
//
// The lexer skips `@@DWARF` data lines like comments (Lexer.cpp, isDwarfLine);
// reportDwarfLines reports the ones ptxas 13.0 refuses by where they stand.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_DWARFLINES_H
#define PTXLINT_LIB_PARSE_DWARFLINES_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Source.h"

namespace ptxlint {
namespace parsedriver {

/// Reports the @@DWARF lines of File that ptxas 13.0 refuses; cheap (one
/// search for "@@") in a file without any. Returns how many were syntax
/// errors.
unsigned reportDwarfLines(const SourceFile &File, DiagnosticEngine &Diags);

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_DWARFLINES_H
