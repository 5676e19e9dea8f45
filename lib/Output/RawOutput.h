//===- RawOutput.h - the formatters on llvm::raw_ostream --------*- C++ -*-===//
//
// The same formatters as ptxlint/Output.h, writing to an llvm::raw_ostream
// (what the command uses: one buffered stream, colours from has_colors()).
// The public header offers std::ostream, so that no LLVM type is public.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_OUTPUT_RAWOUTPUT_H
#define PTXLINT_OUTPUT_RAWOUTPUT_H

#include "ptxlint/Output.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace ptxlint {

/// Colours are written only when OS.has_colors() (or --color forces them).
void printText(const SourceFile &F, llvm::ArrayRef<Diagnostic> Diags, llvm::raw_ostream &OS);
void printTextNoSource(const FileReport &R, llvm::raw_ostream &OS);
void printGcc(const FileReport &R, llvm::raw_ostream &OS);
void printGithub(const FileReport &R, llvm::raw_ostream &OS);
void printJson(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
               const DocumentOptions &Opts = {});
void printSarif(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
                const DocumentOptions &Opts = {});

/// A string stream whose has_colors() answer is chosen by the caller, so text
/// rendered on a worker thread can carry colours for a terminal.
class ColorStringStream : public llvm::raw_string_ostream {
public:
  ColorStringStream(std::string &S, bool Colors) : llvm::raw_string_ostream(S), Colors(Colors) {
    // Escapes are written when has_colors() says so, or --color forces them.
    enable_colors(true);
  }
  bool has_colors() const override { return Colors; }

private:
  bool Colors;
};

} // namespace ptxlint

#endif // PTXLINT_OUTPUT_RAWOUTPUT_H
