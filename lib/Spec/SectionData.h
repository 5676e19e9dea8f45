//===- SectionData.h - what a .section's dwarf-lines may hold ---*- C++ -*-===//
//
// The data lines of a .section (PTX ISA 9.0, 11.5.2,
// debugging-directives-section): which data types there are, the range of
// their integers, which take a label, and the PTX ISA version of each form.
// The ISA text gives the ranges and versions; where ptxas 13.0 differs the
// row says so, with the evidence in docs/spec-differences.md.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_SECTIONDATA_H
#define PTXLINT_LIB_SPEC_SECTIONDATA_H

#include "ptxlint/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ptxlint {
namespace spec {

/// One data type of a dwarf-line (`.b8`, ...).
struct SectionDataType {
  llvm::StringLiteral Name;
  /// The integers it takes, Min..Max (Max as an unsigned 64-bit value).
  int64_t Min;
  uint64_t Max;
  /// Whether `label`, `label+imm` and `label1-label2` may follow it.
  bool TakesLabels;
  /// The PTX ISA version that introduced it.
  PtxVersion Introduced;
};

/// The data types, in the ISA's order.
llvm::ArrayRef<SectionDataType> sectionDataTypes();
/// The row of Name (".b32"), or null.
const SectionDataType *findSectionDataType(llvm::StringRef Name);

/// The forms of a dwarf-line introduced after .section itself.
enum class SectionDataForm : uint8_t { Negative, LabelPlusImm, LabelMinusLabel };

/// The PTX ISA version that introduced F, and its name as ptxas says it.
PtxVersion sectionDataFormVersion(SectionDataForm F);
llvm::StringRef sectionDataFormName(SectionDataForm F);

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_SECTIONDATA_H
