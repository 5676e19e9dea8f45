//===- Span.h - a read-only view of a contiguous array ----------*- C++ -*-===//
//
// The public headers use only standard-library types and this one: a pointer
// and a size, as std::span (C++20) would be. The member names follow what the
// library's own code uses (slice, drop_front, take_front), so the AST's
// arrays read the same inside the library and out.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_SPAN_H
#define PTXLINT_SPAN_H

#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

namespace ptxlint {

/// A non-owning view of Size consecutive objects of type T. Cheap to copy;
/// the objects must outlive it.
template <typename T> class Span {
public:
  using value_type = T;
  using iterator = const T *;
  using const_iterator = const T *;
  using size_type = size_t;

  constexpr Span() = default;
  constexpr Span(const T *Data, size_t Size) : Ptr(Data), Len(Size) {}
  constexpr Span(const T *Begin, const T *End) : Ptr(Begin), Len(size_t(End - Begin)) {}
  template <size_t N> constexpr Span(const T (&Arr)[N]) : Ptr(Arr), Len(N) {} // NOLINT
  /// From any contiguous container or view with data() and size() (a
  /// std::array, the library's own llvm::ArrayRef and SmallVector).
  template <typename C,
            typename = std::enable_if_t<
                !std::is_same_v<std::decay_t<C>, Span> &&
                std::is_convertible_v<decltype(std::declval<const C &>().data()), const T *> &&
                std::is_convertible_v<decltype(std::declval<const C &>().size()), size_t>>>
  Span(const C &Cont) : Ptr(Cont.data()), Len(Cont.size()) {} // NOLINT: implicit
  /// Valid only for the full expression, as for llvm::ArrayRef.
  constexpr Span(std::initializer_list<T> L) // NOLINT: implicit
      : Ptr(L.begin() == L.end() ? nullptr : L.begin()), Len(L.size()) {}

  /// To any view type made from a pointer and a size (std::span, or
  /// llvm::ArrayRef inside the library), so code written against one reads
  /// the AST's arrays unchanged.
  template <typename V, typename = std::enable_if_t<!std::is_same_v<V, Span> &&
                                                    !std::is_same_v<V, std::vector<T>> &&
                                                    std::is_constructible_v<V, const T *, size_t>>>
  operator V() const { // NOLINT: implicit
    return V(Ptr, Len);
  }

  constexpr const T *data() const { return Ptr; }
  constexpr size_t size() const { return Len; }
  constexpr bool empty() const { return Len == 0; }
  constexpr iterator begin() const { return Ptr; }
  constexpr iterator end() const { return Ptr + Len; }
  const T &operator[](size_t I) const {
    assert(I < Len && "Span index out of range");
    return Ptr[I];
  }
  const T &front() const {
    assert(Len && "front() of an empty Span");
    return Ptr[0];
  }
  const T &back() const {
    assert(Len && "back() of an empty Span");
    return Ptr[Len - 1];
  }
  /// Elements [N, N + M).
  Span slice(size_t N, size_t M) const {
    assert(N + M <= Len && "Span slice out of range");
    return {Ptr + N, M};
  }
  /// Elements [N, size()).
  Span slice(size_t N) const { return slice(N, Len - N); }
  Span drop_front(size_t N = 1) const { return slice(N, Len - N); } // NOLINT: std-like name
  Span drop_back(size_t N = 1) const { return slice(0, Len - N); }  // NOLINT: std-like name
  Span take_front(size_t N = 1) const { return N >= Len ? *this : slice(0, N); }        // NOLINT
  Span take_back(size_t N = 1) const { return N >= Len ? *this : drop_front(Len - N); } // NOLINT
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }
  bool equals(Span Other) const {
    if (Len != Other.Len)
      return false;
    for (size_t I = 0; I != Len; ++I)
      if (!(Ptr[I] == Other.Ptr[I]))
        return false;
    return true;
  }

private:
  const T *Ptr = nullptr;
  size_t Len = 0;
};

} // namespace ptxlint

#endif // PTXLINT_SPAN_H
