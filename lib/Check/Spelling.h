//===- Spelling.h - one id per distinct instruction spelling ----*- C++ -*-===//
//
// The whole-ISA checks keep facts per spelling (the opcode and its
// qualifiers, "ld" ".global" ".u32"): the matching table lines, the operand
// roles, the operand shapes of the syntax lines. An instruction's spelling
// is interned once (spellingId, one hash of its parts) and every memo is a
// vector indexed by the id, instead of each memo building and hashing a
// string key of its own. Per thread, no lock; bounded: when a generated file
// spells more than MaxSpellings distinct instructions the table starts over
// and hands out new ids, and the memos drop what they kept for old ones.
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

/// I's spelling id on this thread, never 0. Its low bits (spellingSlot) are
/// 1 .. MaxSpellings; the high bits count the times the table started over,
/// so an id is never given to another spelling (until 2^19 restarts, that
/// is 2^31 distinct spellings on one thread).
uint32_t spellingId(const Instruction &I);

/// The index of an id in the memos.
inline uint32_t spellingSlot(uint32_t Id) { return Id & (2 * MaxSpellings - 1); }

/// A memo of one value per spelling: at(Id) is the value of that id, T() on
/// its first use (a slot that held an id of an earlier table is reset).
template <typename T> class SpellingMemo {
public:
  T &at(uint32_t Id) {
    uint32_t K = spellingSlot(Id);
    if (K >= Slots.size())
      Slots.resize(K + 1);
    Slot &S = Slots[K];
    if (S.Id != Id) {
      S.V = T();
      S.Id = Id;
    }
    return S.V;
  }

private:
  struct Slot {
    uint32_t Id = 0;
    T V;
  };
  std::vector<Slot> Slots;
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_SPELLING_H
