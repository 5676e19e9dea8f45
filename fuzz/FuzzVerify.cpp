//===- FuzzVerify.cpp - libFuzzer target: --verify-diagnostics ------------===//
//
// Expected-diagnostic comments (expected-error@+N {{...}}) and suppression
// comments, against the diagnostics of the same input.
//
//===----------------------------------------------------------------------===//

#include "Verify/RawVerify.h"
#include "ptxlint/Lint.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

using namespace ptxlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceFile F("fuzz.ptx", std::string(reinterpret_cast<const char *>(Data), Size));
  LintResult R = lintFile(F);
  applySuppressions(F, R.Diags);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  verifyDiagnostics(F, R.Diags, OS);
  return 0;
}
