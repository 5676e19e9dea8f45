//===- SourceTest.cpp - SourceFile: sparse line table, mapping, windows ----===//
//
// The line table keeps one checkpoint per 64 lines; lineCol and lineText
// must agree with a naive per-byte computation everywhere, on both sides of
// checkpoints. A mapped file must read the same bytes before and after its
// pages are released, and forEachWindow must cover the text exactly once.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Source.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>

using namespace ptxlint;

namespace {

/// Lines of random lengths (0..120 bytes), some with '\r\n' endings,
/// optionally without a final newline.
std::string randomText(unsigned Seed, unsigned Lines, bool FinalNewline) {
  std::mt19937 Rng(Seed);
  std::string S;
  for (unsigned L = 0; L < Lines; ++L) {
    unsigned Len = Rng() % 121;
    for (unsigned I = 0; I < Len; ++I)
      S += static_cast<char>('a' + Rng() % 26);
    if (L + 1 < Lines || FinalNewline)
      S += (Rng() % 7 == 0) ? "\r\n" : "\n";
  }
  return S;
}

void expectSameAsNaive(const SourceFile &F) {
  llvm::StringRef T = F.text();
  unsigned Line = 1, Col = 1;
  std::vector<size_t> Starts{0};
  for (size_t I = 0; I <= T.size(); ++I) {
    LineCol LC = F.lineCol(static_cast<uint32_t>(I));
    ASSERT_EQ(LC.Line, Line) << "offset " << I;
    ASSERT_EQ(LC.Column, Col) << "offset " << I;
    if (I < T.size() && T[I] == '\n') {
      ++Line;
      Col = 1;
      Starts.push_back(I + 1);
    } else {
      ++Col;
    }
  }
  for (unsigned L = 1; L <= Starts.size(); ++L) {
    size_t B = Starts[L - 1];
    size_t E = L < Starts.size() ? Starts[L] : T.size();
    EXPECT_EQ(llvm::StringRef(F.lineText(L)), T.slice(B, E).rtrim("\r\n")) << "line " << L;
  }
  EXPECT_EQ(F.lineText(0), "");
  EXPECT_EQ(F.lineText(static_cast<unsigned>(Starts.size()) + 1), "");
  // Past the end clamps to the end.
  EXPECT_EQ(F.lineCol(static_cast<uint32_t>(T.size()) + 10).Line, Starts.size());
}

TEST(SourceFileTest, LineTableMatchesNaiveAcrossCheckpoints) {
  for (unsigned Lines : {0u, 1u, 63u, 64u, 65u, 128u, 129u, 1000u})
    for (bool Final : {false, true}) {
      SourceFile F("t.ptx", randomText(Lines * 2 + Final, Lines, Final));
      expectSameAsNaive(F);
    }
}

TEST(SourceFileTest, EmptyLinesAndOnlyNewlines) {
  SourceFile F("t.ptx", std::string(200, '\n'));
  expectSameAsNaive(F);
  SourceFile G("t.ptx", "");
  EXPECT_EQ(G.lineCol(0).Line, 1u);
  EXPECT_EQ(G.lineCol(0).Column, 1u);
  EXPECT_EQ(G.lineText(1), "");
}

std::string writeTemp(const std::string &Bytes) {
  llvm::SmallString<128> Path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("ptxlint-source", "ptx", Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  EXPECT_FALSE(EC);
  OS << Bytes;
  return std::string(Path);
}

TEST(SourceFileTest, MappedFileReadsTheSameAfterRelease) {
  // Larger than several windows and pages, so releases really happen.
  std::string Bytes = randomText(7, 40000, true);
  ASSERT_GT(Bytes.size(), 1000000u);
  std::string Path = writeTemp(Bytes);
  std::string Error;
  std::unique_ptr<SourceFile> F = SourceFile::mapFile("m.ptx", Path, Error);
#if defined(__unix__) || defined(__APPLE__)
  ASSERT_TRUE(F) << Error;
  EXPECT_TRUE(F->isMapped());
  EXPECT_EQ(F->text(), Bytes);
  F->releaseRange(0, F->size());
  EXPECT_EQ(F->text(), Bytes);    // read again from the file
  F->releaseRange(12345, 600000); // unaligned: still only a hint
  EXPECT_EQ(F->text(), Bytes);
  // The line table is built window by window (releasing as it goes).
  SourceFile Copy("c.ptx", Bytes);
  for (uint32_t Off :
       {0u, 1u, 4095u, 4096u, 262143u, 262144u, 700001u, static_cast<uint32_t>(Bytes.size())}) {
    EXPECT_EQ(F->lineCol(Off).Line, Copy.lineCol(Off).Line) << Off;
    EXPECT_EQ(F->lineCol(Off).Column, Copy.lineCol(Off).Column) << Off;
  }
  EXPECT_EQ(F->lineText(39999), Copy.lineText(39999));
#endif
  F.reset();
  llvm::sys::fs::remove(Path);
}

TEST(SourceFileTest, MapFileRefusesWhatItCannotMap) {
  std::string Error;
  EXPECT_FALSE(SourceFile::mapFile("x", "/nonexistent/ptxlint/file.ptx", Error));
  EXPECT_FALSE(Error.empty());
  std::string Empty = writeTemp("");
  Error.clear();
  EXPECT_FALSE(SourceFile::mapFile("x", Empty, Error));
  EXPECT_FALSE(Error.empty());
  llvm::sys::fs::remove(Empty);
}

TEST(SourceFileTest, WindowsCoverTheTextOnceAndEndAfterNewlines) {
  std::string Bytes = randomText(3, 20000, false);
  // One line much longer than a window, with multi-byte UTF-8 in it.
  std::string Long;
  while (Long.size() < 700000)
    Long += "x\xC3\xA9\xE2\x82\xAC";
  Bytes += "\n" + Long + "\nend";
  SourceFile F("w.ptx", Bytes);
  size_t Next = 0;
  unsigned Windows = 0;
  F.forEachWindow([&](llvm::StringRef W, size_t Off) {
    EXPECT_EQ(Off, Next);
    EXPECT_EQ(W.data(), F.text().data() + Off);
    EXPECT_FALSE(W.empty());
    size_t End = Off + W.size();
    if (End < F.size()) {
      // After a newline, or (inside the long line) not inside a UTF-8
      // sequence: the next byte is not a continuation byte.
      if (W.back() != '\n')
        EXPECT_NE(static_cast<unsigned char>(F.text()[End]) & 0xC0, 0x80u) << End;
    }
    Next = End;
    ++Windows;
    return true;
  });
  EXPECT_EQ(Next, F.size());
  EXPECT_GT(Windows, 4u);
  // Stopping early.
  unsigned Seen = 0;
  F.forEachWindow([&](llvm::StringRef, size_t) { return ++Seen < 2; });
  EXPECT_EQ(Seen, 2u);
}

} // namespace
