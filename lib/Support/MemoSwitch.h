//===- MemoSwitch.h - turning the remembered checks off ---------*- C++ -*-===//
//
// The instruction memo, the clean-.loc memo and the parser's .loc cache skip
// work they judge to have been done before. PTXLINT_NO_MEMO=1 in the
// environment turns all three off, so that a test can require the same output
// both ways (test/check/memo-off.test, docs/performance.md).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_SUPPORT_MEMOSWITCH_H
#define PTXLINT_SUPPORT_MEMOSWITCH_H

#include <cstdlib>
#include <cstring>

namespace ptxlint {

/// True where PTXLINT_NO_MEMO is set to anything but "" or "0"; read once.
inline bool memosDisabled() {
  static const bool Off = [] {
    const char *V = std::getenv("PTXLINT_NO_MEMO");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return Off;
}

} // namespace ptxlint

#endif // PTXLINT_SUPPORT_MEMOSWITCH_H
