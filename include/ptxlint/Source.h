//===- Source.h - source buffers, offsets and ranges ------------*- C++ -*-===//
//
// Every AST node, qualifier and operand carries a SourceRange: a half-open
// byte range [Begin, End) into the SourceFile it came from. Line and column
// numbers are computed on demand from a lazily built line table, so parsing a
// large file costs no per-line bookkeeping unless a diagnostic is printed.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_SOURCE_H
#define PTXLINT_SOURCE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ptxlint {

/// A half-open byte range [Begin, End) in one SourceFile. Nodes built by
/// code (not parsed) have an invalid range.
struct SourceRange {
  static constexpr uint32_t Invalid = UINT32_MAX;
  uint32_t Begin = Invalid;
  uint32_t End = Invalid;

  SourceRange() = default;
  SourceRange(uint32_t B, uint32_t E) : Begin(B), End(E) {}
  bool isValid() const { return Begin != Invalid; }
  /// The smallest range that covers both.
  SourceRange cover(SourceRange Other) const {
    if (!isValid())
      return Other;
    if (!Other.isValid())
      return *this;
    return {Begin < Other.Begin ? Begin : Other.Begin, End > Other.End ? End : Other.End};
  }
  bool operator==(const SourceRange &O) const { return Begin == O.Begin && End == O.End; }
};

/// A 1-based line and column (column counts bytes, tabs are one column).
struct LineCol {
  unsigned Line = 0;
  unsigned Column = 0;
};

/// An immutable text buffer with a name. The parser's StringRefs point into
/// it, so it must outlive every AST built from it.
class SourceFile {
public:
  /// Takes a copy of Text.
  SourceFile(std::string Name, std::string Text);
  /// Adopts Buffer without copying it (a file read with
  /// MemoryBuffer::getFile is memory-mapped: the cheapest way to read).
  SourceFile(std::string Name, std::unique_ptr<llvm::MemoryBuffer> Buffer);
  // Text points into the object itself: neither copyable nor movable.
  SourceFile(const SourceFile &) = delete;
  SourceFile &operator=(const SourceFile &) = delete;

  llvm::StringRef name() const { return Name; }
  llvm::StringRef text() const { return Text; }
  size_t size() const { return Text.size(); }

  /// True when S points into this buffer.
  bool contains(llvm::StringRef S) const {
    return S.data() >= Text.data() && S.data() + S.size() <= Text.data() + Text.size();
  }
  /// The range of a StringRef that points into this buffer (invalid otherwise).
  SourceRange rangeOf(llvm::StringRef S) const {
    if (!contains(S))
      return {};
    auto B = static_cast<uint32_t>(S.data() - Text.data());
    return {B, B + static_cast<uint32_t>(S.size())};
  }
  llvm::StringRef slice(SourceRange R) const {
    if (!R.isValid() || R.End > Text.size())
      return {};
    return Text.slice(R.Begin, R.End);
  }
  LineCol lineCol(uint32_t Offset) const;
  /// The full text of the 1-based line, without its newline.
  llvm::StringRef lineText(unsigned Line) const;

private:
  void buildLineTable() const;
  std::string Name;
  std::string OwnedText;
  std::unique_ptr<llvm::MemoryBuffer> OwnedBuffer;
  llvm::StringRef Text; // OwnedText or OwnedBuffer's bytes
  mutable std::vector<uint32_t> LineStarts; // built on first use
  mutable std::once_flag LineTableOnce;      // threads may share a SourceFile
};

} // namespace ptxlint

#endif // PTXLINT_SOURCE_H
