//===- Spelling.cpp - one id per distinct instruction spelling ------------===//

#include "Check/Spelling.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace check {

namespace {

/// Open addressing over the hashes; the key text of id K is Keys[K - 1]:
/// the opcode, then '\x01' and each qualifier (qualifiers may hold dots:
/// the separator keeps their boundaries).
struct Interner {
  struct Slot {
    uint64_t Hash = 0;
    uint32_t Id = 0; ///< 0: empty
  };
  static constexpr size_t NumSlots = 2 * MaxSpellings; // a power of two
  std::vector<Slot> Slots = std::vector<Slot>(NumSlots);
  std::vector<std::string> Keys;
  uint32_t Gen = 1;

  static uint64_t mix(uint64_t H, std::string_view S) {
    // FNV-1a over 8-byte words, then the tail; cheap for the short parts
    // of a spelling ("ld", ".global", ".u32").
    const char *P = S.data();
    size_t N = S.size();
    while (N >= 8) {
      uint64_t W;
      __builtin_memcpy(&W, P, 8);
      H = (H ^ W) * 0x100000001b3ULL;
      P += 8;
      N -= 8;
    }
    uint64_t W = 0;
    __builtin_memcpy(&W, P, N);
    H = (H ^ W ^ (static_cast<uint64_t>(S.size()) << 56)) * 0x100000001b3ULL;
    return H ^ (H >> 29);
  }

  static bool equals(const std::string &Key, const Instruction &I) {
    llvm::StringRef K = Key;
    if (!K.consume_front(llvm::StringRef(I.Opcode.data(), I.Opcode.size())))
      return false;
    for (std::string_view Q : I.Qualifiers) {
      if (!K.consume_front("\x01") || !K.consume_front(llvm::StringRef(Q.data(), Q.size())))
        return false;
    }
    return K.empty();
  }

  uint32_t id(const Instruction &I) {
    uint64_t H = mix(0xcbf29ce484222325ULL, I.Opcode);
    for (std::string_view Q : I.Qualifiers)
      H = mix(H, Q);
    for (size_t K = H & (NumSlots - 1);; K = (K + 1) & (NumSlots - 1)) {
      Slot &S = Slots[K];
      if (!S.Id)
        return insert(S, H, I);
      if (S.Hash == H && equals(Keys[S.Id - 1], I))
        return S.Id;
    }
  }

  uint32_t insert(Slot &S, uint64_t H, const Instruction &I) {
    if (Keys.size() >= MaxSpellings) {
      // Start over (at most half the slots are ever full).
      Slots.assign(NumSlots, Slot());
      Keys.clear();
      ++Gen;
      return id(I);
    }
    std::string Key(I.Opcode);
    for (std::string_view Q : I.Qualifiers) {
      Key += '\x01';
      Key += Q;
    }
    Keys.push_back(std::move(Key));
    S.Hash = H;
    S.Id = static_cast<uint32_t>(Keys.size());
    return S.Id;
  }
};

Interner &interner() {
  thread_local Interner T;
  return T;
}

} // namespace

uint32_t spellingId(const Instruction &I) { return interner().id(I); }

uint32_t spellingGeneration() { return interner().Gen; }

} // namespace check
} // namespace ptxlint
