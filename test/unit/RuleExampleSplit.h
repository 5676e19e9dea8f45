//===- RuleExampleSplit.h - the registry's instruction examples, split ----===//
//
// A rule's example (Rules.def) for an instruction rule is written
// ".version X .target Y: declarations; instruction": RuleExamplesTest and
// RuleDocsTest both split it this way and check the instruction alone.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TEST_UNIT_RULEEXAMPLESPLIT_H
#define PTXLINT_TEST_UNIT_RULEEXAMPLESPLIT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace ruletest {

/// True for the rules whose examples are one instruction (the matrix
/// families and the whole-ISA instruction checks).
inline bool isInstructionExampleRule(llvm::StringRef Id) {
  for (llvm::StringRef P : {"mma-", "wmma-", "ldmatrix-", "stmatrix-", "movmatrix-", "isa-"})
    if (Id.startswith(P))
      return true;
  return false;
}

struct SplitExample {
  std::string Version = "9.0";
  std::string Target = "sm_120a";
  std::string Decls;
  std::string Instr;
};

/// Splits ".version 7.0 .target sm_80: .reg .b32 %r<4>; mma..." into its parts.
inline SplitExample splitExample(llvm::StringRef Text) {
  SplitExample E;
  Text = Text.trim();
  if (Text.consume_front(".version ")) {
    Text = Text.ltrim();
    E.Version = Text.take_while([](char C) { return C != ' '; }).str();
    Text = Text.drop_front(E.Version.size()).ltrim();
  }
  if (Text.consume_front(".target ")) {
    Text = Text.ltrim();
    llvm::StringRef T = Text.take_while([](char C) { return C != ':' && C != ' '; });
    E.Target = T.str();
    Text = Text.drop_front(T.size()).ltrim();
    Text.consume_front(":");
    Text = Text.ltrim();
  }
  auto IsDecl = [](llvm::StringRef T) {
    for (llvm::StringRef SS : {".reg", ".global", ".shared", ".const", ".local", ".param"})
      if (T.startswith(SS))
        return true;
    return false;
  };
  while (IsDecl(Text) && Text.contains(';')) {
    size_t Semi = Text.find(';');
    E.Decls += Text.take_front(Semi + 1).str() + " ";
    Text = Text.drop_front(Semi + 1).ltrim();
  }
  E.Instr = Text.str();
  return E;
}

} // namespace ruletest
} // namespace ptxlint

#endif // PTXLINT_TEST_UNIT_RULEEXAMPLESPLIT_H
