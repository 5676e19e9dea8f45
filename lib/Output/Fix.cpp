//===- Fix.cpp - apply fix-its, and show them as a unified diff -----------===//
//
// applyFixes takes each diagnostic's fix-its as one unit and keeps the
// units that do not touch one another; unifiedDiff is Myers' O(ND) line
// diff (common prefix and suffix trimmed first, so a few fixes in a large
// file cost little) printed as diff -u prints it.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Fix.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace ptxlint {

std::string_view fixSafetyName(FixSafety S) { return S == FixSafety::Safe ? "safe" : "unsafe"; }

namespace {

struct Edit {
  uint32_t Begin, End;
  const std::string *Text;
  bool operator==(const Edit &O) const {
    return Begin == O.Begin && End == O.End && *Text == *O.Text;
  }
};

/// Whether two edits cannot both be made: their ranges overlap, or one is
/// an insertion inside or at an end of the other (the order of the two
/// texts would be a guess).
bool conflicts(const Edit &A, const Edit &B) {
  bool AIns = A.Begin == A.End, BIns = B.Begin == B.End;
  if (AIns || BIns)
    return A.Begin <= B.End && B.Begin <= A.End;
  return A.Begin < B.End && B.Begin < A.End;
}

} // namespace

FixResult applyFixes(std::string_view TextIn, Span<Diagnostic> DiagsIn, bool IncludeUnsafe) {
  StringRef Text = TextIn;
  ArrayRef<Diagnostic> Diags = DiagsIn;
  FixResult R;
  std::vector<Edit> Taken;
  for (const Diagnostic &D : Diags) {
    if (D.Fixes.empty() || (!IncludeUnsafe && !isFixSafe(D.Rule)))
      continue;
    std::vector<Edit> Unit;
    bool Ok = true;
    for (const FixIt &F : D.Fixes) {
      Edit E{F.Range.Begin, F.Range.End, &F.Replacement};
      if (!F.Range.isValid() || E.Begin > E.End || E.End > Text.size()) {
        Ok = false;
        break;
      }
      for (const Edit &U : Unit)
        Ok &= !conflicts(U, E);
      Unit.push_back(E);
    }
    if (!Ok) {
      ++R.Conflicts;
      continue;
    }
    // Edits already taken (another diagnostic's identical fix) are made once.
    bool AllTaken = true;
    for (const Edit &E : Unit) {
      bool Same = is_contained(Taken, E);
      AllTaken &= Same;
      for (const Edit &T : Taken)
        Ok &= Same ? true : !conflicts(T, E);
    }
    if (!Ok) {
      ++R.Conflicts;
      continue;
    }
    if (!AllTaken)
      for (const Edit &E : Unit)
        if (!is_contained(Taken, E))
          Taken.push_back(E);
    ++R.Applied;
  }
  llvm::sort(Taken, [](const Edit &A, const Edit &B) {
    return A.Begin != B.Begin ? A.Begin < B.Begin : A.End < B.End;
  });
  R.Text.reserve(Text.size());
  uint32_t At = 0;
  for (const Edit &E : Taken) {
    R.Text.append(Text.data() + At, E.Begin - At);
    R.Text += *E.Text;
    At = E.End;
  }
  R.Text.append(Text.data() + At, Text.size() - At);
  return R;
}

namespace {

/// Lines with their terminators (the last one may have none).
std::vector<StringRef> splitLines(StringRef T) {
  std::vector<StringRef> L;
  while (!T.empty()) {
    size_t NL = T.find('\n');
    size_t N = NL == StringRef::npos ? T.size() : NL + 1;
    L.push_back(T.take_front(N));
    T = T.drop_front(N);
  }
  return L;
}

enum class Op : uint8_t { Equal, Delete, Insert };

/// The edit script from A to B (Myers); falls back to "delete all, insert
/// all" past MaxD differences, which is still a correct diff.
std::vector<Op> editScript(ArrayRef<StringRef> A, ArrayRef<StringRef> B) {
  const int N = A.size(), M = B.size(), MaxD = 4000;
  std::vector<std::vector<int>> Trace; // Trace[d][k + d]: furthest x on diagonal k
  int Found = -1;
  for (int D = 0; D <= std::min(N + M, MaxD) && Found < 0; ++D) {
    std::vector<int> Cur(2 * D + 1);
    for (int K = -D; K <= D; K += 2) {
      int X;
      if (D == 0)
        X = 0;
      else if (K == -D || (K != D && Trace[D - 1][K - 1 + D - 1] < Trace[D - 1][K + 1 + D - 1]))
        X = Trace[D - 1][K + 1 + D - 1];
      else
        X = Trace[D - 1][K - 1 + D - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      Cur[K + D] = X;
      if (X >= N && Y >= M)
        Found = D;
    }
    Trace.push_back(std::move(Cur));
  }
  std::vector<Op> Ops;
  if (Found < 0) {
    Ops.assign(N, Op::Delete);
    Ops.insert(Ops.end(), M, Op::Insert);
    return Ops;
  }
  int X = N, Y = M;
  for (int D = Found; D > 0; --D) {
    const std::vector<int> &Prev = Trace[D - 1];
    int K = X - Y;
    bool Down = K == -D || (K != D && Prev[K - 1 + D - 1] < Prev[K + 1 + D - 1]);
    int PrevK = Down ? K + 1 : K - 1;
    int PrevX = Prev[PrevK + D - 1], PrevY = PrevX - PrevK;
    int MidX = Down ? PrevX : PrevX + 1, MidY = Down ? PrevY + 1 : PrevY;
    while (X > MidX && Y > MidY)
      Ops.push_back(Op::Equal), --X, --Y;
    Ops.push_back(Down ? Op::Insert : Op::Delete);
    X = PrevX;
    Y = PrevY;
  }
  while (X > 0 && Y > 0)
    Ops.push_back(Op::Equal), --X, --Y;
  std::reverse(Ops.begin(), Ops.end());
  // Within a run of changes, deletions first (as diff -u prints them).
  for (size_t I = 0; I < Ops.size();) {
    size_t J = I;
    while (J < Ops.size() && Ops[J] != Op::Equal)
      ++J;
    std::stable_partition(Ops.begin() + I, Ops.begin() + J, [](Op O) { return O == Op::Delete; });
    I = J == I ? I + 1 : J;
  }
  return Ops;
}

void printLine(std::string &Out, char Tag, StringRef Line) {
  Out += Tag;
  Out += Line.str();
  if (!Line.endswith("\n"))
    Out += "\n\\ No newline at end of file\n";
}

} // namespace

std::string unifiedDiff(std::string_view OldIn, std::string_view NewIn, std::string_view OldLabelIn,
                        std::string_view NewLabelIn) {
  StringRef Old = OldIn, New = NewIn, OldLabel = OldLabelIn, NewLabel = NewLabelIn;
  if (Old == New)
    return "";
  std::vector<StringRef> A = splitLines(Old), B = splitLines(New);
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  std::vector<Op> Mid = editScript(ArrayRef<StringRef>(A).slice(Pre, A.size() - Pre - Suf),
                                   ArrayRef<StringRef>(B).slice(Pre, B.size() - Pre - Suf));
  std::vector<Op> Ops(Pre, Op::Equal);
  Ops.insert(Ops.end(), Mid.begin(), Mid.end());
  Ops.insert(Ops.end(), Suf, Op::Equal);

  // Positions in A and B before each op.
  std::vector<size_t> PA(Ops.size() + 1), PB(Ops.size() + 1);
  for (size_t I = 0; I < Ops.size(); ++I) {
    PA[I + 1] = PA[I] + (Ops[I] != Op::Insert);
    PB[I + 1] = PB[I] + (Ops[I] != Op::Delete);
  }
  const size_t Ctx = 3;
  std::string Out = "--- " + OldLabel.str() + "\n+++ " + NewLabel.str() + "\n";
  size_t I = 0;
  while (I < Ops.size()) {
    if (Ops[I] == Op::Equal) {
      ++I;
      continue;
    }
    // A hunk: from Ctx lines before this change to Ctx lines after the last
    // change that is at most 2 * Ctx equal lines from the previous one.
    size_t Begin = I >= Ctx ? I - Ctx : 0;
    size_t End = I;
    while (true) {
      while (End < Ops.size() && Ops[End] != Op::Equal)
        ++End;
      size_t Next = End;
      while (Next < Ops.size() && Ops[Next] == Op::Equal)
        ++Next;
      if (Next < Ops.size() && Next - End <= 2 * Ctx)
        End = Next;
      else
        break;
    }
    End = std::min(Ops.size(), End + Ctx);
    size_t LenA = PA[End] - PA[Begin], LenB = PB[End] - PB[Begin];
    Out += "@@ -" + std::to_string(LenA ? PA[Begin] + 1 : PA[Begin]);
    if (LenA != 1)
      Out += "," + std::to_string(LenA);
    Out += " +" + std::to_string(LenB ? PB[Begin] + 1 : PB[Begin]);
    if (LenB != 1)
      Out += "," + std::to_string(LenB);
    Out += " @@\n";
    for (size_t J = Begin; J < End; ++J) {
      if (Ops[J] == Op::Equal)
        printLine(Out, ' ', A[PA[J]]);
      else if (Ops[J] == Op::Delete)
        printLine(Out, '-', A[PA[J]]);
      else
        printLine(Out, '+', B[PB[J]]);
    }
    I = End;
  }
  return Out;
}

} // namespace ptxlint
