//===- Spelling.h - one id per distinct instruction spelling ----*- C++ -*-===//
//
// The whole-ISA checks keep facts per spelling (the opcode and its
// qualifiers, "ld" ".global" ".u32"): the matching table lines, the operand
// roles, the operand shapes of the syntax lines. An instruction's spelling
// is interned once (spellingId, one hash of its parts) and every memo is a
// vector indexed by the id, instead of each memo building and hashing a
// string key of its own. Per thread, no lock; bounded: when a generated file
// spells more than MaxSpellings distinct instructions the table starts over
// and the generation changes, which tells the memos to drop their entries.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_SPELLING_H
#define PTXLINT_LIB_CHECK_SPELLING_H

#include "ptxlint/AST.h"

#include <cstdint>
#include <vector>

namespace ptxlint {
namespace check {

/// The number of spellings kept before the table starts over.
constexpr uint32_t MaxSpellings = 4096;

/// I's spelling id on this thread: 1 .. MaxSpellings (0 is never an id),
/// valid while spellingGeneration() is unchanged.
uint32_t spellingId(const Instruction &I);

/// Changes whenever the ids are reassigned (the table started over).
uint32_t spellingGeneration();

/// A memo of one value per spelling: At(Id) is the slot of that id, reset to
/// T() whenever the ids are reassigned.
template <typename T> class SpellingMemo {
public:
  T &at(uint32_t Id) {
    uint32_t G = spellingGeneration();
    if (G != Gen) {
      Slots.clear();
      Gen = G;
    }
    if (Id >= Slots.size())
      Slots.resize(Id + 1);
    return Slots[Id];
  }

private:
  std::vector<T> Slots;
  uint32_t Gen = 0;
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_SPELLING_H
