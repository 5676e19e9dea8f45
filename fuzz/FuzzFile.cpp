//===- FuzzFile.cpp - libFuzzer target: a whole .ptx file -----------------===//
//
// Parse and check (lintFile), every output format, the fast path against the
// grammar (same AST, same diagnostics), and the emitter's fixed point:
// emit(parse(emit(x))) == emit(x) for every input that parses. Any
// difference is a finding (abort), as is any sanitizer report.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"
#include "ptxlint/Emitter.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Parser.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ptxlint;

namespace {

[[noreturn]] void finding(const char *What, const std::string &A, const std::string &B) {
  std::fprintf(stderr, "FINDING: %s\n--- first\n%s\n--- second\n%s\n", What, A.c_str(), B.c_str());
  std::abort();
}

std::string diagText(const SourceFile &F, const DiagnosticEngine &DE) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printGcc(makeReport(F, DE.diagnostics()), OS);
  return OS.str();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceFile F("fuzz.ptx", std::string(reinterpret_cast<const char *>(Data), Size));

  // Check, and render the result in every format.
  LintResult R = lintFile(F);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printText(F, R.Diags, OS);
  FileReport Rep = makeReport(F, R.Diags);
  printGcc(Rep, OS);
  printJson({Rep}, OS, DocumentOptions());
  printSarif({Rep}, OS, DocumentOptions());
  OS.flush();

  // The fast path and the grammar build the same module and report the same.
  ParseOptions Fast, Grammar;
  Grammar.FastStatements = false;
  DiagnosticEngine DF, DG;
  std::unique_ptr<Module> MF = parseModule(F, DF, Fast);
  std::unique_ptr<Module> MG = parseModule(F, DG, Grammar);
  std::string TF = diagText(F, DF), TG = diagText(F, DG);
  if (TF != TG)
    finding("fast path and grammar report differently", TF, TG);
  std::string Why;
  if (MF && MG && !structurallyEqual(*MF, *MG, &Why))
    finding("fast path and grammar build different modules", Why, "");

  // The canonical form is a fixed point.
  if (!MF || DF.errorCount())
    return 0;
  std::string E1 = emitModule(*MF);
  SourceFile F1("emit1.ptx", E1);
  DiagnosticEngine D1;
  std::unique_ptr<Module> M1 = parseModule(F1, D1);
  if (!M1 || D1.errorCount())
    finding("the emitted form does not parse", E1, diagText(F1, D1));
  std::string E2 = emitModule(*M1);
  if (E1 != E2)
    finding("emit(parse(emit(x))) != emit(x)", E1, E2);
  return 0;
}
