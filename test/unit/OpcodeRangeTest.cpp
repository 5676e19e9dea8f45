//===- OpcodeRangeTest.cpp - Instruction::opcodeRange on every spelling --===//
//
// Diagnostics about an opcode point at opcodeRange(); a guarded instruction
// without qualifiers (`@%p bra L;`) once had none, so its diagnostic had no
// line. Both parser paths (fast and ANTLR) are checked.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Source.h"

#include <gtest/gtest.h>

using namespace ptxlint;

namespace {

std::vector<std::string> opcodeTexts(const SourceFile &F, bool Fast) {
  DiagnosticEngine DE;
  ParseOptions Opts;
  Opts.FastStatements = Fast;
  std::unique_ptr<Module> M = parseModule(F, DE, Opts);
  std::vector<std::string> Out;
  if (!M)
    return Out;
  for (const TopLevelItem &It : M->Items)
    if (It.Func)
      for (const Statement *S : It.Func->Body)
        if (S->Inst)
          Out.push_back(std::string(F.slice(S->Inst->opcodeRange())));
  return Out;
}

TEST(OpcodeRangeTest, EverySpellingOfGuardAndOpcode) {
  SourceFile F("g.ptx", ".version 8.0\n.target sm_80\n.address_size 64\n"
                        ".entry k()\n{\n.reg .pred %p<2>;\n"
                        "@%p1 bra $L;\n"
                        "@!%p1 bra $L;\n"
                        "@ ! %p1   /*c*/ bra $L;\n"
                        "@%p1 bra.uni $L;\n"
                        "bra $L;\n"
                        "$L:\n"
                        "ret;\n}\n");
  std::vector<std::string> Want = {"bra", "bra", "bra", "bra", "bra", "ret"};
  EXPECT_EQ(opcodeTexts(F, true), Want);
  EXPECT_EQ(opcodeTexts(F, false), Want);
}

} // namespace
