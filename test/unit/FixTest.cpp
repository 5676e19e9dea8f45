//===- FixTest.cpp - applyFixes and unifiedDiff ----------------------------===//
//
// applyFixes: a diagnostic's fix-its are one edit, unsafe ones only on
// request, overlapping edits left for the next pass, identical ones made
// once. unifiedDiff: on random edits of random texts, applying the printed
// hunks to the old text gives the new one (a small patch applier below),
// and the hunk headers count what they show.
//
//===----------------------------------------------------------------------===//
#include "ptxlint/Fix.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <random>

using namespace ptxlint;
using llvm::StringRef;

namespace {

Diagnostic diag(StringRef Rule, std::vector<FixIt> Fixes) {
  Diagnostic D;
  D.Rule = Rule.str();
  D.Fixes = std::move(Fixes);
  return D;
}

TEST(FixTest, AppliesSafeFixesOnly) {
  std::string T = "ldmatrix.sync.aligned.aligned.x3";
  std::vector<Diagnostic> Ds = {
      diag("ldmatrix-duplicate-qualifier", {{SourceRange(21, 29), ""}}),  // safe
      diag("ldmatrix-unknown-qualifier", {{SourceRange(29, 32), ".x1"}}), // unsafe
  };
  FixResult R = applyFixes(T, Ds);
  EXPECT_EQ(R.Text, "ldmatrix.sync.aligned.x3");
  EXPECT_EQ(R.Applied, 1u);
  R = applyFixes(T, Ds, /*IncludeUnsafe=*/true);
  EXPECT_EQ(R.Text, "ldmatrix.sync.aligned.x1");
  EXPECT_EQ(R.Applied, 2u);
}

TEST(FixTest, OneDiagnosticIsOneEdit) {
  // A move: insert after, delete before; both or neither.
  std::string T = "wmma.load.sync.a.row";
  std::vector<Diagnostic> Ds = {
      diag("wmma-load-qualifier-position", {{SourceRange(9, 9), ".a"}, {SourceRange(14, 16), ""}})};
  EXPECT_EQ(applyFixes(T, Ds).Text, "wmma.load.a.sync.row");
  // Its edits overlapping each other: none is made.
  Ds[0].Fixes[1].Range = SourceRange(8, 16);
  FixResult R = applyFixes(T, Ds);
  EXPECT_EQ(R.Text, T);
  EXPECT_EQ(R.Conflicts, 1u);
}

TEST(FixTest, OverlapsWaitAndDuplicatesAreMadeOnce) {
  std::string T = "abcdefgh";
  std::vector<Diagnostic> Ds = {
      diag("mma-qualifier-order", {{SourceRange(2, 6), "XXXX"}}),
      diag("mma-duplicate-qualifier", {{SourceRange(4, 5), ""}}),     // inside the first
      diag("mma-duplicate-qualifier", {{SourceRange(2, 6), "XXXX"}}), // the same edit
      diag("mma-missing-qualifier", {{SourceRange(6, 6), "+"}}),      // insertion at its end
      diag("mma-missing-qualifier", {{SourceRange(8, 8), "!"}}),      // at the end of the text
      diag("mma-missing-qualifier", {{SourceRange(7, 99), ""}}),      // past the end
  };
  FixResult R = applyFixes(T, Ds);
  EXPECT_EQ(R.Text, "abXXXXgh!");
  EXPECT_EQ(R.Applied, 3u);
  EXPECT_EQ(R.Conflicts, 3u);
}

/// Applies a unified diff to Old (context and removed lines must match).
bool applyPatch(StringRef Old, StringRef Patch, std::string &Out, std::string &Err) {
  llvm::SmallVector<StringRef, 64> OldLines, PLines;
  for (StringRef Rest = Old; !Rest.empty();) {
    size_t NL = Rest.find('\n');
    size_t N = NL == StringRef::npos ? Rest.size() : NL + 1;
    OldLines.push_back(Rest.take_front(N));
    Rest = Rest.drop_front(N);
  }
  Patch.split(PLines, '\n');
  size_t At = 0, I = 2; // past the two header lines
  auto Fail = [&](const std::string &M) {
    Err = M + " (patch line " + std::to_string(I + 1) + ")";
    return false;
  };
  while (I < PLines.size() && !PLines[I].empty()) {
    StringRef H = PLines[I++];
    if (!H.consume_front("@@ -"))
      return Fail("expected a hunk header");
    auto [OldSpec, Rest] = H.split(' ');
    auto [StartS, LenS] = OldSpec.split(',');
    unsigned Start = 0, Len = 1;
    StartS.getAsInteger(10, Start);
    if (!LenS.empty())
      LenS.getAsInteger(10, Len);
    size_t From = Len ? Start - 1 : Start;
    if (From < At)
      return Fail("hunks out of order");
    for (; At < From; ++At)
      Out += OldLines[At].str();
    unsigned SeenOld = 0;
    while (I < PLines.size() && !PLines[I].empty() && !PLines[I].startswith("@@")) {
      StringRef L = PLines[I++];
      bool NoNL = I < PLines.size() && PLines[I] == "\\ No newline at end of file";
      std::string Line = L.drop_front().str() + (NoNL ? "" : "\n");
      if (NoNL)
        ++I;
      if (L[0] == '+') {
        Out += Line;
        continue;
      }
      if (At >= OldLines.size() || OldLines[At] != Line)
        return Fail("context or removed line does not match");
      if (L[0] == ' ')
        Out += Line;
      ++At, ++SeenOld;
    }
    if (SeenOld != Len)
      return Fail("hunk header counts " + std::to_string(Len) + " old lines, saw " +
                  std::to_string(SeenOld));
  }
  for (; At < OldLines.size(); ++At)
    Out += OldLines[At].str();
  return true;
}

TEST(FixTest, UnifiedDiffRoundTripsOnRandomEdits) {
  std::mt19937 Rng(12345);
  const char *Words[] = {"mma", "ret;", "{", "}", ".reg .b32 %r<4>;", "", "ld.b32 %r0, [a];"};
  for (int Case = 0; Case < 400; ++Case) {
    std::vector<std::string> Lines;
    unsigned N = Rng() % 40;
    for (unsigned I = 0; I < N; ++I)
      Lines.push_back(Words[Rng() % 7]);
    std::vector<std::string> New = Lines;
    unsigned Edits = Rng() % 6;
    for (unsigned E = 0; E < Edits; ++E) {
      unsigned Kind = Rng() % 3, At = New.empty() ? 0 : Rng() % New.size();
      if (Kind == 0 || New.empty())
        New.insert(New.begin() + At, Words[Rng() % 7]);
      else if (Kind == 1)
        New.erase(New.begin() + At);
      else
        New[At] = std::string(Words[Rng() % 7]) + "x";
    }
    std::string A = llvm::join(Lines, "\n"), B = llvm::join(New, "\n");
    if (Rng() % 2) {
      A += N ? "\n" : "";
      B += New.empty() ? "" : "\n";
    }
    SCOPED_TRACE("case " + std::to_string(Case));
    std::string D = unifiedDiff(A, B, "a.ptx", "a.ptx");
    if (A == B) {
      EXPECT_EQ(D, "");
      continue;
    }
    ASSERT_TRUE(StringRef(D).startswith("--- a.ptx\n+++ a.ptx\n@@ -")) << D;
    std::string Out, Err;
    ASSERT_TRUE(applyPatch(A, D, Out, Err)) << Err << "\n" << D;
    EXPECT_EQ(Out, B) << D;
  }
}

TEST(FixTest, UnifiedDiffContextAndHunks) {
  std::string A, B;
  for (int I = 1; I <= 20; ++I) {
    A += "l" + std::to_string(I) + "\n";
    B += (I == 2 || I == 18 ? "X" : "l") + std::to_string(I) + "\n";
  }
  // Two changes 16 lines apart: two hunks with 3 lines of context each.
  EXPECT_EQ(unifiedDiff(A, B, "f", "f"), "--- f\n+++ f\n"
                                         "@@ -1,5 +1,5 @@\n l1\n-l2\n+X2\n l3\n l4\n l5\n"
                                         "@@ -15,6 +15,6 @@\n l15\n l16\n l17\n-l18\n+X18\n l19\n"
                                         " l20\n");
}

} // namespace
