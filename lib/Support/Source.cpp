//===- Source.cpp - SourceFile: buffers, mapping, sparse line table --------===//
#include "ptxlint/Source.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstring>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define PTXLINT_HAVE_MMAP 1
#endif

using namespace ptxlint;

SourceFile::SourceFile(std::string Name, std::string Text)
    : Name(std::move(Name)), OwnedText(std::move(Text)), Text(OwnedText) {}

SourceFile::SourceFile(std::string Name, void *Base, size_t Size)
    : Name(std::move(Name)), MapBase(Base), MapSize(Size),
      Text(static_cast<const char *>(Base), Size) {}

SourceFile::~SourceFile() {
#ifdef PTXLINT_HAVE_MMAP
  if (MapBase)
    ::munmap(MapBase, MapSize);
#endif
}

std::unique_ptr<SourceFile> SourceFile::mapFile(std::string Name, const std::string &Path,
                                                std::string &Error) {
#ifdef PTXLINT_HAVE_MMAP
  int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (FD < 0) {
    Error = std::strerror(errno);
    return nullptr;
  }
  struct stat St;
  if (::fstat(FD, &St) != 0 || !S_ISREG(St.st_mode) || St.st_size <= 0) {
    Error = "not a non-empty regular file";
    ::close(FD);
    return nullptr;
  }
  size_t Size = static_cast<size_t>(St.st_size);
  void *Base = ::mmap(nullptr, Size, PROT_READ, MAP_PRIVATE, FD, 0);
  ::close(FD); // the mapping keeps the file open
  if (Base == MAP_FAILED) {
    Error = std::strerror(errno);
    return nullptr;
  }
  // The parser reads front to back: let the kernel read ahead.
  ::madvise(Base, Size, MADV_SEQUENTIAL);
  return std::unique_ptr<SourceFile>(new SourceFile(std::move(Name), Base, Size));
#else
  (void)Name;
  (void)Path;
  Error = "memory mapping is not supported on this platform";
  return nullptr;
#endif
}

void SourceFile::releaseRange(size_t Begin, size_t End) const {
#ifdef PTXLINT_HAVE_MMAP
  if (!MapBase || Begin >= End)
    return;
  static const size_t Page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  End = std::min(End, MapSize);
  // Whole pages only: the page holding End may still be in use. The page
  // holding Begin goes even if it starts before Begin: a released page is
  // only read again, never lost.
  size_t B = Begin / Page * Page;
  size_t E = End == MapSize ? (End + Page - 1) / Page * Page : End / Page * Page;
  if (E > B)
    ::madvise(static_cast<char *>(MapBase) + B, E - B, MADV_DONTNEED);
#else
  (void)Begin;
  (void)End;
#endif
}

/// The last '\n' of [P, P + N), or null.
static const char *lastNewline(const char *P, size_t N) {
#if defined(__GLIBC__)
  return static_cast<const char *>(memrchr(P, '\n', N));
#else
  for (size_t K = N; K-- > 0;)
    if (P[K] == '\n')
      return P + K;
  return nullptr;
#endif
}

void SourceFile::forEachWindow(const std::function<bool(std::string_view, size_t)> &Fn) const {
  constexpr size_t Window = size_t(256) * 1024;
  size_t N = Text.size();
  size_t B = 0;
  while (B < N) {
    size_t E = std::min(N, B + Window);
    if (E < N) {
      // memrchr, not a byte loop: a window may lie inside one long line (a
      // 300 KB initializer) and is then read to its start.
      const char *NL = lastNewline(Text.data() + B, E - B);
      if (NL) {
        E = static_cast<size_t>(NL - Text.data()) + 1;
      } else {
        // One very long line: at least do not split a UTF-8 sequence.
        for (int Back = 0; Back < 3 && E > B + 1 && (Text[E] & 0xC0) == 0x80; ++Back)
          --E;
      }
    }
    bool More = Fn(llvm::StringRef(Text).slice(B, E), B);
    releaseRange(B, E);
    if (!More)
      return;
    B = E;
  }
}

void SourceFile::buildLineTable() const {
  std::call_once(LineTableOnce, [this] {
    Checkpoints.push_back(0);
    unsigned Line = 1; // the line that starts at the last newline seen + 1
    forEachWindow([&](llvm::StringRef W, size_t Off) {
      const char *P = W.data();
      const char *End = P + W.size();
      while ((P = static_cast<const char *>(std::memchr(P, '\n', End - P)))) {
        ++P;
        ++Line;
        if ((Line - 1) % LinesPerCheckpoint == 0)
          Checkpoints.push_back(static_cast<uint32_t>(Off + (P - W.data())));
      }
      return true;
    });
    NumLines = Line;
    Checkpoints.shrink_to_fit();
  });
}

size_t SourceFile::lineStart(unsigned Line) const {
  buildLineTable();
  if (Line == 0 || Line > NumLines)
    return llvm::StringRef::npos;
  unsigned K = (Line - 1) / LinesPerCheckpoint;
  size_t Pos = Checkpoints[K];
  for (unsigned Skip = (Line - 1) % LinesPerCheckpoint; Skip; --Skip)
    Pos = Text.find('\n', Pos) + 1;
  return Pos;
}

LineCol SourceFile::lineCol(uint32_t Offset) const {
  buildLineTable();
  if (Offset > Text.size())
    Offset = static_cast<uint32_t>(Text.size());
  auto It = std::upper_bound(Checkpoints.begin(), Checkpoints.end(), Offset);
  size_t K = static_cast<size_t>(It - Checkpoints.begin()) - 1;
  unsigned Line = static_cast<unsigned>(K * LinesPerCheckpoint + 1);
  const char *Base = Text.data();
  const char *P = Base + Checkpoints[K];
  const char *Stop = Base + Offset;
  const char *LineBegin = P;
  while ((P = static_cast<const char *>(std::memchr(P, '\n', Stop - P)))) {
    ++P;
    ++Line;
    LineBegin = P;
  }
  releaseAround(Checkpoints[K], Offset);
  return {Line, static_cast<unsigned>(Stop - LineBegin) + 1};
}

void SourceFile::releaseAround(size_t Begin, size_t End) const {
  // A page fault on a mapped file also maps neighbouring cached pages (the
  // kernel's fault-around, whole large folios): up to about 2 MiB. Queries
  // (one or two per diagnostic, mostly in file order) give back the 2 MiB
  // blocks they leave, so diagnostics scattered over a large file do not
  // bring it back in, without a system call per query.
  if (!MapBase)
    return;
  constexpr size_t Block = size_t(2) * 1024 * 1024;
  size_t First = Begin / Block, Last = End / Block;
  size_t Prev = HotBlocks.exchange(First << 32 | Last);
  size_t PrevFirst = Prev >> 32, PrevLast = Prev & 0xffffffffu;
  if (Prev != NoHotBlocks && (PrevFirst != First || PrevLast != Last))
    releaseRange(PrevFirst * Block, std::min(MapSize, (PrevLast + 1) * Block));
}
std::string_view SourceFile::lineText(unsigned Line) const {
  size_t B = lineStart(Line);
  if (B == llvm::StringRef::npos)
    return {};
  size_t E = Text.find('\n', B);
  llvm::StringRef L =
      llvm::StringRef(Text).slice(B, E == llvm::StringRef::npos ? Text.size() : E + 1);
  releaseAround(Checkpoints[(Line - 1) / LinesPerCheckpoint], B + L.size());
  return L.rtrim("\r\n");
}
