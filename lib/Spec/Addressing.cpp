//===- Addressing.cpp - which instructions address which state spaces ----===//
//
// The rows of Addressing.h. The facts were measured with ptxas 13.0; the
// cases are in test/isa/address-32.test, test/isa/address-space*.test,
// test/isa-operands/vector-registers.test and test/isa/cvta.test.
//
//===----------------------------------------------------------------------===//

#include "Spec/Addressing.h"

#include <algorithm>

namespace ptxlint {
namespace spec {

namespace {

// clang-format off
/// Opcode, ChecksSpace, Address64, AlwaysAddress64, SymbolOperand, VectorData,
/// Moves, Writes, Converts; sorted by opcode.
constexpr AddressingRow Rows[] = {
    {"atom",      true,  true,  false, false, -1, false, true, false},
    // cvta.u32 is refused the same way as a 32-bit address, but reported only
    // under --arch and outside inline asm: CUDA's sm_20_intrinsics.hpp writes
    // it on its 32-bit host path (behind a #define the inline-asm guards do
    // not follow; test/isa/cvta.test).
    // cp.async, cp.async.bulk{.tensor}, cp.reduce.async.bulk: with two state spaces
    // (.dst.src), each of [dst] and [src] is checked against its own (ptxas 13.0: "State
    // space mismatch between instruction and address in instruction 'cp.async'" for a
    // .local, .const, .shared or .param symbol as cp.async.ca.shared.global's source, a
    // .global one as its destination; test/isa/s11-isa-round2.test).
    {"cp",        true,  false, false, false, -1, false, false, false},
    {"cvta",      true,  false, false, true,  -1, false, false, true},
    {"ld",        true,  true,  false, false,  0, false, false, false},
    {"ldu",       true,  true,  false, false,  0, false, false, false},
    {"mbarrier",  false, true,  false, false, -1, false, false, false},
    {"mov",       false, false, false, false, -1, true, false, false},
    {"multimem",  false, true,  true,  false, -1, false, false, false},
    {"prefetch",  true,  true,  false, false, -1, false, false, false},
    {"prefetchu", true,  true,  false, false, -1, false, false, false},
    {"red",       true,  true,  false, false, -1, false, true, false},
    {"st",        true,  true,  false, false,  1, false, true, false},
};
// clang-format on

} // namespace

llvm::ArrayRef<AddressingRow> addressingRows() { return Rows; }

const AddressingRow *addressingOf(llvm::StringRef Opcode) {
  const AddressingRow *It = std::lower_bound(
      std::begin(Rows), std::end(Rows), Opcode,
      [](const AddressingRow &R, llvm::StringRef Op) { return llvm::StringRef(R.Opcode) < Op; });
  return It != std::end(Rows) && llvm::StringRef(It->Opcode) == Opcode ? It : nullptr;
}

} // namespace spec
} // namespace ptxlint
