//===- Conventions.h - the linter conventions of the command ----*- C++ -*-===//
//
// Internal to the ptx-lint command: --color=auto|always|never with NO_COLOR
// and FORCE_COLOR, option values checked with the valid ones listed,
// --explain RULE and --statistics.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TOOLS_CONVENTIONS_H
#define PTXLINT_TOOLS_CONVENTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ptxlint {

enum class ColorChoice { Auto, Always, Never };

/// The command line before LLVM parses it: --color[=VALUE] is taken out
/// (LLVM's own --color takes only true/false) and decided here, with the
/// environment (NO_COLOR, FORCE_COLOR) when the command line says nothing;
/// the values of the enumerated options are checked, so that a wrong one
/// gets the list of valid values. Returns false with Err set on a bad value.
bool preprocessArgs(int Argc, char **Argv, std::vector<char *> &Out, ColorChoice &Color,
                    std::string &Err);

/// --explain RULE: what the rule checks, why, an example and the fix, the
/// PTX ISA section with its link. False when RULE is unknown (Err says so,
/// with a did-you-mean).
bool explainRule(llvm::StringRef Id, llvm::raw_ostream &OS, std::string &Err);

/// --statistics: diagnostics per rule, most frequent first.
void printStatistics(const std::map<std::string, std::pair<unsigned, int>> &ByRule,
                     llvm::raw_ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_TOOLS_CONVENTIONS_H
