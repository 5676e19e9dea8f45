//===- SectionData.cpp - what a .section's dwarf-lines may hold -----------===//
#include "Spec/SectionData.h"

#include <limits>

namespace ptxlint {
namespace spec {

namespace {
constexpr uint64_t U64Max = std::numeric_limits<uint64_t>::max();
constexpr int64_t I64Min = std::numeric_limits<int64_t>::min();

// PTX ISA 9.0, 11.5.2: ".b8 byte-list [-128..255]", ".b16 int16-list
// [-2^15..2^16-1]" (PTX ISA 6.0), ".b32 int32-list [-2^31..2^32-1]", ".b64
// int64-list [-2^63..2^64-1]"; labels with .b32 and .b64 only. ptxas 13.0
// checks the .b32 bound below and not above: `.b32 4294967296` and
// `.b32 18446744073709551615` assemble (docs/spec-differences.md), so the
// row's Max is the 64-bit one. The .b16 version (6.0) is below every version
// ptxas 13.0 accepts for a target it knows (sm_75 needs 6.3).
const SectionDataType Types[] = {
    {".b8", -128, 255, false, PtxVersion(2, 0)},
    {".b16", -32768, 65535, false, PtxVersion(6, 0)},
    {".b32", -(int64_t(1) << 31), U64Max, true, PtxVersion(2, 0)},
    {".b64", I64Min, U64Max, true, PtxVersion(2, 0)},
};
} // namespace

llvm::ArrayRef<SectionDataType> sectionDataTypes() { return Types; }

const SectionDataType *findSectionDataType(llvm::StringRef Name) {
  for (const SectionDataType &T : Types)
    if (T.Name == Name)
      return &T;
  return nullptr;
}

// PTX ISA Notes of 11.5.2; ptxas 13.0 enforces the two 7.5 ones by name
// ("Feature 'Negative numbers in dwarf section' requires PTX ISA .version
// 7.5 or later").
PtxVersion sectionDataFormVersion(SectionDataForm F) {
  switch (F) {
  case SectionDataForm::Negative:
  case SectionDataForm::LabelMinusLabel:
    return PtxVersion(7, 5);
  case SectionDataForm::LabelPlusImm:
    return PtxVersion(3, 2);
  }
  return PtxVersion();
}

llvm::StringRef sectionDataFormName(SectionDataForm F) {
  switch (F) {
  case SectionDataForm::Negative:
    return "a negative number in a .section";
  case SectionDataForm::LabelPlusImm:
    return "a label+imm expression in a .section";
  case SectionDataForm::LabelMinusLabel:
    return "a label1-label2 expression in a .section";
  }
  return "";
}

} // namespace spec
} // namespace ptxlint
