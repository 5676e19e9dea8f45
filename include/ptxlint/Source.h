//===- Source.h - source buffers, offsets and ranges ------------*- C++ -*-===//
//
// Every AST node, qualifier and operand carries a SourceRange: a half-open
// byte range [Begin, End) into the SourceFile it came from. Line and column
// numbers are computed on demand from a lazily built, sparse line table (one
// entry per 64 lines), so parsing a large file costs no per-line bookkeeping
// unless a diagnostic is printed.
//
// A SourceFile made by mapFile reads a file through a read-only memory
// mapping. Readers that walk the whole text (the parser, the text checks,
// the line table) give pages they have finished with back to the kernel with
// releaseRange or forEachWindow; the bytes stay valid and are read again from
// the file if touched. The resident size of a large input then stays near a
// window of a few hundred KiB instead of the whole file (docs/performance.md).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_SOURCE_H
#define PTXLINT_SOURCE_H

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
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

/// An immutable text buffer with a name. The AST's string_views point into
/// it, so it must outlive every AST built from it.
class SourceFile {
public:
  /// Takes a copy of Text.
  SourceFile(std::string Name, std::string Text);
  /// Maps the regular file at Path read-only, without copying it. Returns
  /// null and sets Error when the file cannot be mapped (an empty file, a
  /// platform without mmap): the caller then reads it instead. The file must
  /// not shrink while the SourceFile lives (the command line turns the
  /// resulting SIGBUS into an error message).
  static std::unique_ptr<SourceFile> mapFile(std::string Name, const std::string &Path,
                                             std::string &Error);
  ~SourceFile();
  // Text points into the object itself: neither copyable nor movable.
  SourceFile(const SourceFile &) = delete;
  SourceFile &operator=(const SourceFile &) = delete;

  /// True when the text is a memory mapping of the file (see mapFile).
  bool isMapped() const { return MapBase != nullptr; }
  /// A hint that bytes [Begin, End) will not be read again soon. For a mapped
  /// file, the whole pages in the range leave the resident set (they are
  /// read again from the file if touched); otherwise nothing happens. Never
  /// changes the text.
  void releaseRange(size_t Begin, size_t End) const;
  /// Calls Fn(Window, Offset) on consecutive windows of the text that cover
  /// it in order, each ending just after a newline where one exists (so a
  /// window never splits a line unless one line is longer than a window, and
  /// never splits a UTF-8 sequence), and releases each window once Fn has
  /// seen it.
  /// Stops early when Fn returns false.
  void forEachWindow(const std::function<bool(std::string_view, size_t)> &Fn) const;

  std::string_view name() const { return Name; }
  std::string_view text() const { return Text; }
  size_t size() const { return Text.size(); }

  /// True when S points into this buffer.
  bool contains(std::string_view S) const {
    return S.data() >= Text.data() && S.data() + S.size() <= Text.data() + Text.size();
  }
  /// The range of a StringRef that points into this buffer (invalid otherwise).
  SourceRange rangeOf(std::string_view S) const {
    if (!contains(S))
      return {};
    auto B = static_cast<uint32_t>(S.data() - Text.data());
    return {B, B + static_cast<uint32_t>(S.size())};
  }
  std::string_view slice(SourceRange R) const {
    if (!R.isValid() || R.End > Text.size() || R.Begin > R.End)
      return {};
    return Text.substr(R.Begin, R.End - R.Begin);
  }
  LineCol lineCol(uint32_t Offset) const;
  /// The full text of the 1-based line, without its newline.
  std::string_view lineText(unsigned Line) const;

  /// What one pass over every byte found, so that later passes need not
  /// read the whole text again (checkLooksLikeText records it).
  struct ByteFacts {
    bool Known = false;          ///< a pass has recorded the facts below
    bool HighBytes = false;      ///< some byte is >= 0x80
    bool SuppressMarker = false; ///< "ptx-lint-disable" occurs
    bool LooksLikeText = false;  ///< checkLooksLikeText found nothing to say
  };
  ByteFacts byteFacts() const {
    unsigned F = Facts.load(std::memory_order_relaxed);
    return {(F & 1) != 0, (F & 2) != 0, (F & 4) != 0, (F & 8) != 0};
  }
  void setByteFacts(bool HighBytes, bool SuppressMarker, bool LooksLikeText = false) const {
    Facts.store(1u | (HighBytes ? 2u : 0u) | (SuppressMarker ? 4u : 0u) | (LooksLikeText ? 8u : 0u),
                std::memory_order_relaxed);
  }

private:
  SourceFile(std::string Name, void *MapBase, size_t MapSize);
  void buildLineTable() const;
  void releaseAround(size_t Begin, size_t End) const;
  /// The offset where 1-based Line starts, or npos past the last line.
  size_t lineStart(unsigned Line) const;
  static constexpr unsigned LinesPerCheckpoint = 64;
  std::string Name;
  std::string OwnedText;
  void *MapBase = nullptr; // mapFile's mapping
  size_t MapSize = 0;
  std::string_view Text; // OwnedText or the mapping
  /// Checkpoints[K]: offset of the start of line K*64+1. Built on first use.
  mutable std::vector<uint32_t> Checkpoints;
  mutable unsigned NumLines = 0;
  mutable std::once_flag LineTableOnce; // threads may share a SourceFile
  /// The 2 MiB blocks (first << 32 | last) the last line query touched.
  static constexpr size_t NoHotBlocks = ~size_t(0);
  mutable std::atomic<size_t> HotBlocks{NoHotBlocks};
  mutable std::atomic<unsigned> Facts{0}; ///< ByteFacts, as bits
};

} // namespace ptxlint

#endif // PTXLINT_SOURCE_H
