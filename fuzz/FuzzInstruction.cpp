//===- FuzzInstruction.cpp - libFuzzer target: one instruction ------------===//
//
// checkInstruction on one statement, with and without declarations: the
// input's first line is the declarations, the rest the instruction.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Target.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

using namespace ptxlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef In(reinterpret_cast<const char *>(Data), Size);
  auto [Decls, Inst] = In.split('\n');
  if (Inst.empty())
    std::swap(Decls, Inst);
  Target T = *Target::parse("sm_90a");
  PtxVersion V = *PtxVersion::parse("8.7");
  for (llvm::StringRef D : {llvm::StringRef(), Decls}) {
    LintResult R = checkInstruction(Inst, T, V, D);
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    SourceFile F("<instruction>", Inst.str());
    printText(F, R.Diags, OS);
  }
  return 0;
}
