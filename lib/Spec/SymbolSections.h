//===- SymbolSections.h - the sections symbol diagnostics cite --*- C++ -*-===//
//
// The PTX ISA 9.0 sections the symbol checks (lib/Check/CheckSymbols*.cpp)
// cite where the construct a diagnostic is about has a section more precise
// than its rule's row: isa-operand-kind's row is 6.2 (source-operands), a
// label written as a value cites 6.4.4. Numbers and anchors from the ISA 9.0
// index (INDEX.md); the anchor of each is in its comment.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_SYMBOLSECTIONS_H
#define PTXLINT_LIB_SPEC_SYMBOLSECTIONS_H

namespace ptxlint {
namespace spec {

struct SymbolSections {
  /// variable-declarations: a name used and declared nowhere.
  static constexpr const char *Declaration = "5.4.1";
  /// labels-and-function-names-as-operands: labels and function names
  /// where an operand, an address or a value is.
  static constexpr const char *Label = "6.4.4";
  /// control-flow-directives-branchtargets: what .branchtargets lists.
  static constexpr const char *BranchTargets = "11.3.1";
  /// special-register-state-space: no variable is declared in .sreg.
  static constexpr const char *SregSpace = "5.1.2";
};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_SYMBOLSECTIONS_H
