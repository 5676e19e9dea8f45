//===- CheckSection.h - the data lines of a .section -------------*- C++ -*-===//
//
// Checks each dwarf-line of a module-scope .section against
// Spec/SectionData.h: its data type, the range of each integer, a label only
// where an address fits, and the PTX ISA version of negative numbers,
// label+imm and label1-label2. Lines come one at a time, a long line in
// pieces (ParseSink::onSectionLine), so memory stays flat in the size of a
// section; the grammar has already refused every other shape.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKSECTION_H
#define PTXLINT_LIB_CHECK_CHECKSECTION_H

#include "Check/CheckContext.h"

namespace ptxlint {
namespace spec {
struct SectionDataType;
} // namespace spec

namespace check {

class SectionChecker {
public:
  /// One line or piece of a line: Continues is true on every piece of a
  /// long line but its last (ParseSink::onSectionLine).
  void onLine(const Directive &Piece, bool Continues, CheckContext &Ctx);

private:
  void onToken(llvm::StringRef Tok, CheckContext &Ctx);
  void onInteger(llvm::StringRef Tok, CheckContext &Ctx);
  void onLabel(llvm::StringRef Tok, CheckContext &Ctx);

  /// The data type of the line in progress (null: unknown, reported).
  const spec::SectionDataType *Type = nullptr;
  bool InLine = false;    ///< a piece of this line came before
  bool SawLabel = false;  ///< the line is a label form
  bool AfterPlus = false; ///< the next integer is a label's offset
  SourceRange Minus;      ///< a '-' before the next integer (invalid: none)
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKSECTION_H
