//===- Spelling.cpp - one id per distinct instruction spelling ------------===//

#include "Check/Spelling.h"

#include "llvm/ADT/StringRef.h"

#include <cstring>
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
  static constexpr size_t NumSlots = size_t{2} * MaxSpellings; // a power of two
  static_assert(NumSlots == 1u << 13, "ids: the index below bit 13, the restarts above");
  std::vector<Slot> Slots = std::vector<Slot>(NumSlots);
  std::vector<std::string> Keys;
  uint32_t Gen = 0; ///< the restarts so far: the high bits of the ids

  static uint64_t mix(uint64_t H, std::string_view S) {
    // A part by its length and its first and last four bytes (an instruction
    // has a dozen parts, and a byte-at-a-time hash was 2% of a file's time):
    // spellings that share them only share a hash, and equals() tells them
    // apart.
    uint64_t W = S.size();
    if (S.size() >= 4) {
      uint32_t First, Last;
      std::memcpy(&First, S.data(), 4);
      std::memcpy(&Last, S.data() + S.size() - 4, 4);
      W |= (uint64_t{First} << 32 ^ uint64_t{Last} << 8);
    } else {
      for (char C : S)
        W = W << 8 | static_cast<unsigned char>(C);
    }
    H = (H ^ W) * 0x9E3779B97F4A7C15ULL;
    return H ^ H >> 29;
  }

  static bool equals(const std::string &Key, const Instruction &I) {
    const char *P = Key.data(), *E = P + Key.size();
    auto Part = [&](std::string_view S) {
      if (static_cast<size_t>(E - P) < S.size() || std::memcmp(P, S.data(), S.size()) != 0)
        return false;
      P += S.size();
      return true;
    };
    if (!Part(I.Opcode))
      return false;
    for (std::string_view Q : I.Qualifiers)
      if (P == E || *P++ != '\x01' || !Part(Q))
        return false;
    return P == E;
  }

  /// The last spellings seen as one opcode token ("ld.global.u32": the
  /// qualifiers follow the opcode in the text, each a '.' and no other), by
  /// the token's text: one compare instead of a hash and compare per part.
  struct Recent {
    std::string Text;
    uint32_t N = 0; ///< the qualifier count
    uint32_t Id = 0;
  };
  static constexpr size_t NumRecent = 256;
  std::vector<Recent> Recents = std::vector<Recent>(NumRecent);

  /// The opcode token of I when its parts lie one after another in the text
  /// and each qualifier starts with a '.' (empty when not).
  static std::string_view token(const Instruction &I) {
    if (I.Qualifiers.empty())
      return {};
    const char *B = I.Opcode.data(), *P = B + I.Opcode.size();
    for (std::string_view Q : I.Qualifiers) {
      if (Q.data() != P || Q.empty() || Q[0] != '.')
        return {};
      P += Q.size();
    }
    return {B, static_cast<size_t>(P - B)};
  }

  /// The same token with the same count of qualifiers, each starting with a
  /// '.', is the same spelling when the remembered one had no other '.'
  /// (then the token's dots are the qualifiers' starts, one each).
  static bool oneDotEach(const Instruction &I) {
    if (I.Opcode.find('.') != std::string_view::npos)
      return false;
    for (std::string_view Q : I.Qualifiers)
      if (Q.find('.', 1) != std::string_view::npos)
        return false;
    return true;
  }

  uint32_t id(const Instruction &I) {
    std::string_view T = token(I);
    if (T.empty())
      return hashedId(I);
    uint64_t W = T.size();
    if (T.size() >= 8) {
      uint64_t First, Last;
      std::memcpy(&First, T.data(), 8);
      std::memcpy(&Last, T.data() + T.size() - 8, 8);
      W ^= First * 0x9E3779B97F4A7C15ULL ^ Last;
    } else {
      for (char C : T)
        W = W << 8 | static_cast<unsigned char>(C);
    }
    W *= 0x9E3779B97F4A7C15ULL;
    Recent &R = Recents[W >> 56]; // NumRecent == 256
    if (R.Id && R.N == I.Qualifiers.size() && R.Text == T)
      return R.Id;
    uint32_t Id = hashedId(I);
    if (oneDotEach(I)) {
      R.Text.assign(T.data(), T.size());
      R.N = static_cast<uint32_t>(I.Qualifiers.size());
      R.Id = Id;
    }
    return Id;
  }

  uint32_t hashedId(const Instruction &I) {
    uint64_t H = mix(0xcbf29ce484222325ULL, I.Opcode);
    for (std::string_view Q : I.Qualifiers)
      H = mix(H, Q);
    for (size_t K = H & (NumSlots - 1);; K = (K + 1) & (NumSlots - 1)) {
      Slot &S = Slots[K];
      if (!S.Id)
        return insert(S, H, I);
      if (S.Hash == H && equals(Keys[spellingSlot(S.Id) - 1], I))
        return S.Id;
    }
  }

  uint32_t insert(Slot &S, uint64_t H, const Instruction &I) {
    if (Keys.size() >= MaxSpellings) {
      // Start over (at most half the slots are ever full).
      Slots.assign(NumSlots, Slot());
      Keys.clear();
      for (Recent &R : Recents)
        R.Id = 0;
      ++Gen;
      return hashedId(I);
    }
    std::string Key(I.Opcode);
    for (std::string_view Q : I.Qualifiers) {
      Key += '\x01';
      Key += Q;
    }
    Keys.push_back(std::move(Key));
    S.Hash = H;
    S.Id = static_cast<uint32_t>(Keys.size()) | Gen << 13;
    return S.Id;
  }
};

Interner &interner() {
  thread_local Interner T;
  return T;
}

} // namespace

uint32_t spellingId(const Instruction &I) { return interner().id(I); }

} // namespace check
} // namespace ptxlint
