//===- Inputs.cpp - the command's inputs: arguments, directories, reading -===//
//
// What ptx-lint is given, made into inputs and read: arguments expanded
// (directories searched for *.ptx, unreadable entries kept as errors),
// files memory-mapped or streams read in chunks under --max-file-size, and
// the check that a file is text before the library sees it.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "ptxlint/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstring>
#include <system_error>

#include <sys/mman.h>

using namespace llvm;

namespace ptxlint {

std::string lowerFirst(std::string S) {
  if (!S.empty())
    S[0] = toLower(S[0]);
  return S;
}

static const char *fileTypeName(sys::fs::file_type T) {
  switch (T) {
  case sys::fs::file_type::fifo_file:
    return "a FIFO";
  case sys::fs::file_type::block_file:
    return "a block device";
  case sys::fs::file_type::character_file:
    return "a character device";
  case sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "not a file";
  }
}

std::vector<InputSpec> expandInputs(const std::vector<std::string> &Args, StringRef StdinName,
                                    std::vector<std::string> *Notes) {
  std::vector<InputSpec> Out;
  for (const std::string &A : Args) {
    if (A == "-") {
      InputSpec S;
      S.Path = StdinName.empty() ? "<stdin>" : StdinName.str();
      S.IsStdin = true;
      Out.push_back(S);
      continue;
    }
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(A, St)) {
      Out.push_back({A, false, "cannot open file: " + lowerFirst(EC.message())});
      continue;
    }
    if (!sys::fs::is_directory(St)) {
      Out.push_back({A, false, ""});
      continue;
    }
    // A directory: every *.ptx below it, hidden directories skipped,
    // symbolic links to directories not followed (no cycles).
    std::vector<std::string> Found;
    std::vector<InputSpec> Unreadable;
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(A, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      StringRef Name = sys::path::filename(It->path());
      sys::fs::file_type T = It->type();
      if (T == sys::fs::file_type::type_unknown) { // no d_type from this file system
        sys::fs::file_status EntrySt;
        if (!sys::fs::status(It->path(), EntrySt, /*follow=*/false))
          T = EntrySt.type();
      }
      if (T == sys::fs::file_type::directory_file) {
        if (Name.startswith(".")) {
          It.no_push();
          continue;
        }
        // The iterator skips a directory it cannot open without a word:
        // open it here first, so that it is an error, not a silent gap.
        std::error_code DirEC;
        sys::fs::directory_iterator Probe(It->path(), DirEC, /*follow_symlinks=*/false);
        if (DirEC) {
          Unreadable.push_back(
              {It->path(), false, "cannot read directory: " + lowerFirst(DirEC.message())});
          It.no_push();
        }
        continue;
      }
      if (sys::path::extension(Name) != ".ptx")
        continue;
      if (T == sys::fs::file_type::symlink_file) {
        sys::fs::file_status LinkSt;
        if (sys::fs::status(It->path(), LinkSt))
          continue;
        T = LinkSt.type();
      }
      // Only regular files: reading a FIFO would wait for a writer forever,
      // and a device or socket is not a source file.
      if (T != sys::fs::file_type::regular_file) {
        if (Notes)
          Notes->push_back("skipping '" + It->path() + "': not a regular file (" + fileTypeName(T) +
                           ")");
        continue;
      }
      Found.push_back(It->path());
    }
    // A directory that cannot be read entirely is an I/O problem, but the
    // files found before the failure are still checked.
    if (EC)
      Out.push_back({A, false, "cannot read directory: " + lowerFirst(EC.message())});
    else if (Found.empty() && Unreadable.empty()) {
      Out.push_back({A, false, "directory contains no .ptx files"});
      continue;
    }
    std::vector<InputSpec> Entries = std::move(Unreadable);
    for (std::string &F : Found)
      Entries.push_back({std::move(F), false, ""});
    llvm::sort(Entries, [](const InputSpec &X, const InputSpec &Y) { return X.Path < Y.Path; });
    for (InputSpec &E : Entries)
      Out.push_back(std::move(E));
  }
  return Out;
}

static std::string tooLarge(uint64_t Size, uint64_t MaxSize, bool AtLeast);

/// Why File cannot be PTX source, or "" when it can be. Reads the file
/// window by window, so a mapped file does not stay resident.
static std::string whyNotText(const SourceFile &File, uint64_t MaxSize) {
  if (File.size() == 0)
    return "file is empty";
  if (File.size() > MaxSize || File.size() >= SourceRange::Invalid)
    return tooLarge(File.size(), MaxSize, /*AtLeast=*/false);
  // One pass finds the first NUL (reported first: it means binary) and the
  // first invalid UTF-8 sequence (looked for only in windows with a byte
  // above 0x7f: most PTX is ASCII).
  size_t Nul = StringRef::npos, BadUtf8 = StringRef::npos;
  File.forEachWindow([&](StringRef W, size_t Off) {
    if (const void *P = std::memchr(W.data(), 0, W.size())) {
      Nul = Off + (static_cast<const char *>(P) - W.data());
      return false;
    }
    if (BadUtf8 == StringRef::npos) {
      unsigned char High = 0;
      for (unsigned char C : W)
        High |= C;
      const UTF8 *Begin = reinterpret_cast<const UTF8 *>(W.begin());
      const UTF8 *P = Begin;
      if ((High & 0x80) && !isLegalUTF8String(&P, reinterpret_cast<const UTF8 *>(W.end())))
        BadUtf8 = Off + (P - Begin);
    }
    return true;
  });
  if (Nul != StringRef::npos)
    return "not a text file: NUL byte at offset " + std::to_string(Nul);
  if (BadUtf8 != StringRef::npos)
    return "not UTF-8 text: invalid byte 0x" + utohexstr(File.text()[BadUtf8] & 0xFF, false, 2) +
           " at offset " + std::to_string(BadUtf8);
  std::string Why = checkLooksLikeText(File);
  if (!Why.empty())
    return "not PTX text: " + Why;
  return "";
}

static std::string tooLarge(uint64_t Size, uint64_t MaxSize, bool AtLeast) {
  return "file is too large: " + std::string(AtLeast ? "more than " : "") + std::to_string(Size) +
         " bytes (the limit is " + std::to_string(MaxSize) + "; see --max-file-size)";
}

namespace {
/// The pages a stream is read into: anonymous mappings of 1 MiB, each
/// unmapped as soon as it is copied out (freed heap memory often stays
/// resident, and a string grown by doubling holds up to twice the input).
class StreamParts {
public:
  static constexpr size_t PartSize = size_t(1) << 20;
  StreamParts() = default;
  StreamParts(const StreamParts &) = delete;
  StreamParts &operator=(const StreamParts &) = delete;
  ~StreamParts() {
    for (Part &P : Parts)
      release(P);
  }
  /// Room for the next read (a new part when the last is full).
  MutableArrayRef<char> room() {
    if (Parts.empty() || Parts.back().Used == PartSize) {
      void *Base =
          ::mmap(nullptr, PartSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (Base == MAP_FAILED)
        throw std::bad_alloc();
      Parts.push_back({static_cast<char *>(Base), 0});
    }
    Part &P = Parts.back();
    return MutableArrayRef<char>(P.Base + P.Used, PartSize - P.Used);
  }
  void commit(size_t N) { Parts.back().Used += N; }
  /// One buffer of exactly the bytes read; each part is given back once copied.
  std::string join(uint64_t Total) {
    std::string Buf;
    Buf.reserve(Total);
    for (Part &P : Parts) {
      Buf.append(P.Base, P.Used);
      release(P);
    }
    return Buf;
  }

private:
  struct Part {
    char *Base;
    size_t Used;
  };
  static void release(Part &P) {
    if (P.Base)
      ::munmap(P.Base, PartSize);
    P.Base = nullptr;
  }
  std::vector<Part> Parts;
};
} // namespace

/// Reads a stream (stdin, a pipe, a device) in chunks, stopping early at a
/// NUL byte or past MaxSize, so /dev/zero or `yes |` cannot exhaust memory.
/// The input is held once (plus a part of 1 MiB), whatever its size.
static std::string readStream(sys::fs::file_t FD, uint64_t MaxSize, std::string &Out) {
  StreamParts Parts;
  uint64_t Total = 0;
  while (true) {
    MutableArrayRef<char> Room = Parts.room();
    Expected<size_t> N = sys::fs::readNativeFile(FD, Room);
    if (!N)
      return "cannot read file: " + lowerFirst(toString(N.takeError()));
    if (*N == 0)
      break;
    size_t Nul = StringRef(Room.data(), *N).find('\0');
    if (Nul != StringRef::npos)
      return "not a text file: NUL byte at offset " + std::to_string(Total + Nul);
    Parts.commit(*N);
    Total += *N;
    if (Total > MaxSize)
      return tooLarge(MaxSize, MaxSize, /*AtLeast=*/true);
  }
  Out = Parts.join(Total);
  return "";
}

LoadedInput loadInput(const InputSpec &In, uint64_t MaxSize) {
  LoadedInput L;
  if (!In.Error.empty()) {
    L.Error = In.Error;
    return L;
  }
  std::unique_ptr<SourceFile> File;
  std::string Bytes;
  if (In.IsStdin) {
    L.Error = readStream(sys::fs::getStdinHandle(), MaxSize, Bytes);
  } else {
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(In.Path, St)) {
      L.Error = "cannot open file: " + lowerFirst(EC.message());
      return L;
    }
    if (sys::fs::is_regular_file(St)) {
      if (St.getSize() > MaxSize) {
        L.Error = tooLarge(St.getSize(), MaxSize, /*AtLeast=*/false);
        return L;
      }
      // A regular file is mapped, not copied: the parser and the checks
      // release the pages they are done with (docs/performance.md).
      std::string MapError;
      if (St.getSize() > 0)
        File = SourceFile::mapFile(In.Path, In.Path, MapError);
      if (!File) {
        ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
            In.Path, /*IsText=*/false, /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
        if (!Buf) {
          L.Error = "cannot read file: " + lowerFirst(Buf.getError().message());
          return L;
        }
        Bytes = std::string((*Buf)->getBuffer());
      }
    } else {
      Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(In.Path);
      if (!FD) {
        L.Error = "cannot open file: " + lowerFirst(toString(FD.takeError()));
        return L;
      }
      L.Error = readStream(*FD, MaxSize, Bytes);
      sys::fs::closeFile(*FD);
    }
  }
  if (!L.Error.empty())
    return L;
  if (!File)
    File = std::make_unique<SourceFile>(In.Path, std::move(Bytes));
  L.Error = whyNotText(*File, MaxSize);
  if (L.Error.empty())
    L.File = std::move(File);
  return L;
}

} // namespace ptxlint
