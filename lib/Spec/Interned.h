//===- Interned.h - shared, immutable table elements ------------*- C++ -*-===//
//
// The spec tables hold about 1,500 forms, and most of their parts repeat:
// `.sync` as a required slot, `.shape` = `.m16n8k16`, a `d` fragment of four
// .f32 registers, the gate "`mma` requires sm_80". InternedVec stores each
// distinct element once, in a process-wide pool, and a form keeps pointers:
// a form costs about a tenth of what copies cost (docs/performance.md).
//
// Reading an InternedVec looks like reading a std::vector<T> of const
// elements (size, [], iteration). Writing goes through push_back, assignment
// or update(), which intern the new element; an element is never changed in
// place. Equal elements are the same object, so equality is pointer equality.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_INTERNED_H
#define PTXLINT_LIB_SPEC_INTERNED_H

#include "llvm/ADT/iterator.h"

#include <cstddef>
#include <initializer_list>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace ptxlint {
namespace spec {

/// The one shared copy of V (equal values give the same pointer). T needs
/// operator== and a hashValue(const T &) found by lookup. Thread-safe;
/// pooled elements live until the process ends.
template <typename T> const T *intern(const T &V) {
  struct Hash {
    size_t operator()(const T &X) const { return hashValue(X); }
  };
  static std::mutex M;
  static auto *Pool = new std::unordered_set<T, Hash>(); // never destroyed:
  // forms in static storage may outlive any destructor order.
  std::lock_guard<std::mutex> Lock(M);
  return &*Pool->insert(V).first; // node-based: addresses are stable
}

template <typename T> class InternedVec {
  using Ptrs = std::vector<const T *>;

public:
  using value_type = T;
  using const_iterator = llvm::pointee_iterator<typename Ptrs::const_iterator>;
  using iterator = const_iterator;

  InternedVec() = default;
  InternedVec(std::initializer_list<T> L) { assign(L.begin(), L.end()); }
  InternedVec(const std::vector<T> &V) { assign(V.begin(), V.end()); }
  InternedVec &operator=(std::initializer_list<T> L) {
    assign(L.begin(), L.end());
    return *this;
  }

  size_t size() const { return Items.size(); }
  bool empty() const { return Items.empty(); }
  const T &operator[](size_t I) const { return *Items[I]; }
  const T &front() const { return *Items.front(); }
  const T &back() const { return *Items.back(); }
  const_iterator begin() const { return const_iterator(Items.begin()); }
  const_iterator end() const { return const_iterator(Items.end()); }

  void push_back(const T &V) { Items.push_back(intern(V)); }
  /// Appends an element that intern() returned, without hashing it again
  /// (a builder that makes the same element for many forms keeps its pointer).
  void pushInterned(const T *Interned) { Items.push_back(Interned); }
  void insert(const_iterator Pos, const T &V) {
    Items.insert(Items.begin() + (Pos - begin()), intern(V));
  }
  void erase(const_iterator Pos) { Items.erase(Items.begin() + (Pos - begin())); }
  void clear() { Items.clear(); }
  void shrink_to_fit() { Items.shrink_to_fit(); }
  /// Replaces element I with a copy changed by Fn(T &).
  template <typename Fn> void update(size_t I, Fn F) {
    T Copy = *Items[I];
    F(Copy);
    Items[I] = intern(Copy);
  }
  /// update() on every element.
  template <typename Fn> void updateAll(Fn F) {
    for (size_t I = 0; I < Items.size(); ++I)
      update(I, F);
  }
  std::vector<T> toVector() const { return std::vector<T>(begin(), end()); }

  bool operator==(const InternedVec &O) const { return Items == O.Items; }
  bool operator!=(const InternedVec &O) const { return Items != O.Items; }

private:
  template <typename It> void assign(It B, It E) {
    Items.clear();
    for (; B != E; ++B)
      Items.push_back(intern(*B));
  }
  Ptrs Items;
};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_INTERNED_H
