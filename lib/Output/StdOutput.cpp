//===- StdOutput.cpp - the public formatters on std::ostream --------------===//
//
// Each renders into a string with the raw_ostream formatter and writes it
// out once, so the output is the command's byte for byte.
//
//===----------------------------------------------------------------------===//
#include "Output/RawOutput.h"

namespace ptxlint {

namespace {
template <typename Fn> void render(std::ostream &OS, bool Colors, Fn &&Print) {
  std::string Text;
  {
    ColorStringStream S(Text, Colors);
    Print(S);
  }
  OS.write(Text.data(), static_cast<std::streamsize>(Text.size()));
}
} // namespace

void printText(const SourceFile &F, Span<Diagnostic> Diags, std::ostream &OS, bool Colors) {
  render(OS, Colors,
         [&](llvm::raw_ostream &S) { printText(F, llvm::ArrayRef<Diagnostic>(Diags), S); });
}
void printTextNoSource(const FileReport &R, std::ostream &OS) {
  render(OS, false, [&](llvm::raw_ostream &S) { printTextNoSource(R, S); });
}
void printGcc(const FileReport &R, std::ostream &OS) {
  render(OS, false, [&](llvm::raw_ostream &S) { printGcc(R, S); });
}
void printGithub(const FileReport &R, std::ostream &OS) {
  render(OS, false, [&](llvm::raw_ostream &S) { printGithub(R, S); });
}
void printJson(Span<FileReport> Reports, std::ostream &OS, const DocumentOptions &Opts) {
  render(OS, false,
         [&](llvm::raw_ostream &S) { printJson(llvm::ArrayRef<FileReport>(Reports), S, Opts); });
}
void printSarif(Span<FileReport> Reports, std::ostream &OS, const DocumentOptions &Opts) {
  render(OS, false,
         [&](llvm::raw_ostream &S) { printSarif(llvm::ArrayRef<FileReport>(Reports), S, Opts); });
}

} // namespace ptxlint
