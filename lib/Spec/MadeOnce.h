//===- MadeOnce.h - table elements interned once per text -------*- C++ -*-===//
//
// The form builders make the same elements for many forms (`.sync`, `.shape`
// = `.m16n8k16`, a `d` fragment of four .f32). MadeOnce keeps the interned
// element by the text of what made it, so that each is built and hashed once,
// not once a form (docs/performance.md, session 12 round 2).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_MADEONCE_H
#define PTXLINT_LIB_SPEC_MADEONCE_H

#include "Spec/Interned.h"
#include "Spec/Spec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"

namespace ptxlint {
namespace spec {

/// Interned elements by the text of what made them. Use one per thread (two
/// families may be built at once); the pointers are the process-wide pool's.
template <typename T> class MadeOnce {
public:
  template <typename MakeFn> const T *get(llvm::StringRef Key, MakeFn Make) {
    auto It = Map.try_emplace(Key, nullptr).first;
    if (!It->second)
      It->second = intern(Make());
    return It->second;
  }

private:
  llvm::StringMap<const T *> Map;
};

/// F.Quals.push_back(Make()), made once for the text Key (which must say
/// everything Make reads).
template <typename MakeFn> void pushQual(Form &F, llvm::StringRef Key, MakeFn Make) {
  thread_local MadeOnce<QualSlot> Slots;
  F.Quals.pushInterned(Slots.get(Key, Make));
}

/// F.Quals.push_back(req(Slot, Value, G)), the slot made once.
inline void pushReq(Form &F, llvm::StringRef Slot, llvm::StringRef Value,
                    OrderGroup G = OrderGroup::Free) {
  llvm::SmallString<64> Key("req");
  Key += char('0' + static_cast<int>(G));
  Key += Slot;
  Key += '\0';
  Key += Value;
  pushQual(F, Key, [&] { return req(Slot, Value, G); });
}

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_MADEONCE_H
