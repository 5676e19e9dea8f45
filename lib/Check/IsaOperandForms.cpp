//===- IsaOperandForms.cpp - operand counts and kinds from the syntax lines ===//
//
// Each syntax line of the tables carries one letter per operand
// (IsaForm::Kinds, written by tools/isa-extract/gen_tables.py from the
// line's operand text): an address ([a]), a bracketed list ([tex, c]), a
// destination that may carry a predicate (d|p), anything else; optional
// ones; and the cache policy, ctaMask and byteMask, which ptxas 13.0 wants
// exactly when the instruction writes .L2::cache_hint, .multicast::cluster
// and .cp_mask ("Arguments mismatch for instruction 'cp.async'" for a hint
// without its policy; ".L2::cache_hint modifier required for instruction
// 'cp.async' with 5 arguments"). From these:
//
//  - the operand count of the matching lines, the conditional operands
//    counted where their qualifier is written (isa-operand-count);
//  - an address where a line has a value and back (`ldu.global.u32 [%rd1],
//    %r1`, `cp.async.ca.shared.global [sbuf], 4, [%rd1]`), where every
//    matching line of that count agrees (isa-operand-kind);
//  - a predicate output `d|p` only in the destination of a line that has
//    one, and p a .pred register ("Predicate output expected", "Predicate
//    output not allowed for instruction 'add'").
//
// test/isa-operands/operand-forms.test judges the cases with ptxas.
//
//===----------------------------------------------------------------------===//

#include "Check/IsaOperandForms.h"
#include "Check/CheckUtil.h"
#include "Check/Spelling.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

using spec::IsaForm;

namespace {

/// A conditional operand: its letter in IsaForm::Kinds, the qualifier that
/// brings it and its name for messages.
struct Conditional {
  char Letter;
  llvm::StringLiteral Qual, Name;
};
constexpr Conditional Conditionals[] = {
    {'c', ".L2::cache_hint", "cache-policy"},
    {'m', ".multicast::cluster", "ctaMask"},
    {'k', ".cp_mask", "byteMask"},
};

const Conditional *conditional(char C) {
  for (const Conditional &K : Conditionals)
    if (K.Letter == C)
      return &K;
  return nullptr;
}

bool isOptional(char C) { return C == 'a' || C == 't' || C == 'r' || C == 'p'; }

/// The operands form F takes for instruction I: the required ones, the
/// conditional ones whose qualifier I writes, and its optional ones.
struct Expected {
  unsigned Min = 0, Max = 0;
  llvm::SmallString<16> Letters; ///< every operand, optional ones lower case
};

bool ownsCachePolicy(const Instruction &I);

/// Expected operands of F for I, or false where F's operands are not a
/// plain list (or not counted: a `noops` correction). Own: I counts its
/// cache policy itself (ownsCachePolicy, asked once per spelling).
bool expected(const IsaForm &F, const Instruction &I, bool Own, Expected &E) {
  llvm::StringRef K = F.Kinds;
  if (F.MinOps < 0 || K == "-")
    return false;
  unsigned Required = 0;
  for (char C : K) {
    if (Own && conditional(C))
      C = 'r';
    else if (const Conditional *Cond = conditional(C)) {
      if (!I.hasQualifier(Cond->Qual))
        continue;
      C = 'R';
    }
    E.Letters.push_back(C);
    Required += !isOptional(C);
  }
  unsigned Optional = E.Letters.size() - Required;
  // `minops` corrections: ptxas lets the last required operands out
  // (st.async's [mbar]).
  unsigned Written = 0;
  for (char C : K)
    Written += !isOptional(C) && !conditional(C);
  unsigned Lenient = Written > static_cast<unsigned>(F.MinOps) ? Written - F.MinOps : 0;
  E.Min = Required - std::min(Lenient, Required);
  E.Max = Required + Optional;
  return true;
}

/// The letter of operand Pos of N in E: the optional ones fill in order.
char letterAt(const Expected &E, size_t Pos, size_t N) {
  size_t Extra = N > E.Min ? N - E.Min : 0, K = 0;
  for (char C : E.Letters) {
    if (isOptional(C)) {
      if (!Extra)
        continue;
      --Extra;
    }
    if (K++ == Pos)
      return static_cast<char>(llvm::toUpper(C));
  }
  return 0;
}

/// The operands E takes, in the order of a line of N: "value, [address]".
std::string shapeText(const Expected &E, size_t N) {
  std::string S;
  for (size_t K = 0; K < N; ++K) {
    char L = letterAt(E, K, N);
    S += K ? ", " : "";
    S += L == 'A' ? "[address]" : L == 'T' ? "[list]" : "value";
  }
  return S;
}

std::string spelled(const Instruction &I) {
  std::string S(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    S += Q;
  return S;
}

/// Whether I's own checks count its cache policy (the `ownpolicy` lines of
/// spec/isa/corrections.txt: ld, st, atom, red).
bool ownsCachePolicy(const Instruction &I) {
  const spec::IsaOpcode *Op = spec::findIsaOpcode(I.Opcode);
  return Op && Op->OwnsCachePolicy;
}

/// Why no line fits: a conditional operand's qualifier written without the
/// operand, or the operand without its qualifier.
std::string conditionalHint(const Instruction &I, llvm::ArrayRef<const IsaForm *> Forms, int N) {
  if (ownsCachePolicy(I))
    return "";
  for (const Conditional &C : Conditionals) {
    bool Has = I.hasQualifier(C.Qual);
    for (const IsaForm *F : Forms) {
      Expected E;
      if (!expected(*F, I, /*Own=*/false, E) || !llvm::StringRef(F->Kinds).contains(C.Letter))
        continue;
      if (Has && N + 1 == static_cast<int>(E.Min))
        return "; with " + C.Qual.str() + " the " + C.Name.str() + " operand is required";
      if (!Has && N == static_cast<int>(E.Max) + 1)
        return "; a " + C.Name.str() + " operand needs " + C.Qual.str();
    }
  }
  return "";
}

/// The operand counts of the forms, once per spelling: (min, max) of each
/// form in order, or Uncounted where a form is not countable.
struct Counts {
  bool Uncounted = false;
  llvm::SmallVector<std::pair<int, int>, 4> MinMax;
};

void countsOf(const Instruction &I, llvm::ArrayRef<const IsaForm *> Forms, Counts &C) {
  bool Own = ownsCachePolicy(I);
  for (const IsaForm *F : Forms) {
    if (F->MinOps < 0) {
      C.Uncounted = true; // a line the extractor could not count: be silent
      return;
    }
    // Both are counts from 0 here (-1, not countable, returned above).
    int Min = static_cast<unsigned char>(F->MinOps), Max = static_cast<unsigned char>(F->MaxOps);
    Expected E;
    if (expected(*F, I, Own, E)) {
      Min = static_cast<int>(E.Min);
      Max = static_cast<int>(E.Max);
    }
    C.MinMax.push_back({Min, Max});
  }
}

/// What every form that fits a line of N operands says of each place: its
/// letter (0 where the forms disagree on an address), whether it is an
/// address and whether any fitting form has a predicate output there.
struct Place {
  char L = 0;
  bool Addr = false, Pair = false;
  bool AllPair = false; ///< every fitting form has a predicate output here
};
struct Plan {
  size_t N = 0;
  bool Silent = false; ///< a form is not a plain list
  bool Fits = false;   ///< some form takes N operands
  Expected Front;      ///< the first fitting form (for messages)
  llvm::SmallVector<Place, 8> Places;
};

void planOf(const Instruction &I, llvm::ArrayRef<const IsaForm *> Forms, size_t N, Plan &P) {
  P.N = N;
  llvm::SmallVector<Expected, 4> Fit;
  bool Own = ownsCachePolicy(I);
  for (const IsaForm *F : Forms) {
    Expected E;
    if (!expected(*F, I, Own, E)) {
      P.Silent = true; // a line that is not a plain list: be silent
      return;
    }
    if (N >= E.Min && N <= E.Max)
      Fit.push_back(std::move(E));
  }
  if (Fit.empty())
    return;
  P.Fits = true;
  for (size_t K = 0; K < N; ++K) {
    // Every fitting line must agree on an address or not at this place.
    char L = letterAt(Fit.front(), K, N);
    bool Addr = L == 'A' || L == 'T', Pair = L == 'P', AllPair = Pair;
    for (const Expected &E : llvm::ArrayRef<Expected>(Fit).drop_front()) {
      char M = letterAt(E, K, N);
      if ((M == 'A' || M == 'T') != Addr)
        L = 0;
      Pair = Pair || M == 'P';
      AllPair = AllPair && M == 'P';
    }
    P.Places.push_back({L, Addr, Pair, AllPair});
  }
  P.Front = std::move(Fit.front());
}

/// Counts and plans of a spelling (Spelling.h), computed on first use.
struct FormsMemo {
  bool Counted = false;
  Counts C;
  llvm::SmallVector<Plan, 1> Plans;
};

FormsMemo *memoOf(const CheckContext &Ctx) {
  thread_local SpellingMemo<FormsMemo> Memo;
  return Ctx.Spelling ? &Memo.at(Ctx.Spelling) : nullptr;
}

} // namespace

bool checkOperandCount(const Instruction &I, CheckContext &Ctx,
                       llvm::ArrayRef<const IsaForm *> Forms) {
  int N = static_cast<int>(I.Operands.size());
  Counts Local;
  FormsMemo *M = memoOf(Ctx);
  if (M && !M->Counted) {
    countsOf(I, Forms, M->C);
    M->Counted = true;
  }
  const Counts &C = M ? M->C : (countsOf(I, Forms, Local), Local);
  if (C.Uncounted)
    return true;
  int Lo = 1000, Hi = -1;
  for (auto [Min, Max] : C.MinMax) {
    if (N >= Min && N <= Max)
      return true;
    Lo = std::min(Lo, Min);
    Hi = std::max(Hi, Max);
  }
  if (Hi < 0)
    return true;
  std::string Want =
      Lo == Hi ? std::to_string(Lo) : std::to_string(Lo) + " to " + std::to_string(Hi);
  SourceRange R = I.Operands.empty()
                      ? I.opcodeRange()
                      : SourceRange(I.Operands.front().Range.Begin, I.Operands.back().Range.End);
  Ctx.Diags.report(Rule::IsaOperandCount, Forms.front()->section().Num, R,
                   "'" + spelled(I) + "' takes " + Want + " operand" + (Hi == 1 ? "" : "s") +
                       ", found " + std::to_string(N) + conditionalHint(I, Forms, N));
  return false;
}

void checkOperandForms(const Instruction &I, CheckContext &Ctx,
                       llvm::ArrayRef<const IsaForm *> Forms) {
  size_t N = I.Operands.size();
  Plan Local;
  const Plan *Pl = nullptr;
  if (FormsMemo *M = memoOf(Ctx)) {
    for (const Plan &Q : M->Plans)
      if (Q.N == N)
        Pl = &Q;
    if (!Pl) {
      M->Plans.emplace_back();
      planOf(I, Forms, N, M->Plans.back());
      Pl = &M->Plans.back();
    }
  } else {
    planOf(I, Forms, N, Local);
    Pl = &Local;
  }
  if (Pl->Silent || !Pl->Fits)
    return;
  for (size_t K = 0; K < N; ++K) {
    auto [L, Addr, Pair, AllPair] = Pl->Places[K];
    if (!L)
      continue;
    const Operand &O = I.Operands[K];
    // elect.sync d|p, lop3.BoolOp d|p: the predicate output is required (a
    // `pairrequired` line), `_` as p too.
    if (AllPair && Ctx.Row && Ctx.Row->PredOutputRequired &&
        (O.Kind != OperandKind::PredPair ||
         (O.Elements.size() == 2 && O.Elements[1].Kind == OperandKind::Sink))) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       "'" + spelled(I) + "' writes a predicate output: operand " +
                           std::to_string(K + 1) +
                           " is d|p (ptxas: 'Predicate output expected'), " + "not " +
                           std::string(Ctx.File.slice(O.Range)));
      return;
    }
    auto What = [&] { return "operand " + std::to_string(K + 1) + " of '" + spelled(I) + "'"; };
    if (Addr && O.Kind != OperandKind::Address) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " is an address in brackets ([" + std::string(O.Text) + "]), not " +
                           (O.Kind == OperandKind::Name     ? "a register"
                            : O.isImmediate()               ? "a constant"
                            : O.Kind == OperandKind::Vector ? "a vector"
                                                            : "this operand"));
      return;
    }
    // [a] is one address; [tex, c] and [tensorMap, coordinates] a list.
    // a[%r1] (PTX ISA 6.4.2) is one address too.
    bool List = O.Kind == OperandKind::Address && !O.ArrayIndex && O.Elements.size() >= 2;
    if (Addr && List != (L == 'T')) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + (L == 'T'
                                     ? " must be a bracketed list (a texture, sampler or tensor "
                                       "map and its coordinates), not one address"
                                     : " must be one address, not a list"));
      return;
    }
    // `mov.u32 s, a[1]` moves the element's address (PTX ISA 6.4.2).
    if (!Addr && O.Kind == OperandKind::Address && !O.ArrayIndex) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() +
                           " must be a register or a constant, not an address; the operands are " +
                           shapeText(Pl->Front, N));
      return;
    }
    if (O.Kind != OperandKind::PredPair)
      continue;
    if (!Pair) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       K == 0 ? "'" + spelled(I) + "' has no predicate output (d|p)"
                              : What() + ": only a destination carries a predicate (d|p)");
      return;
    }
    const Operand &P = O.Elements[1];
    const RegisterInfo *Info = P.Kind == OperandKind::Name ? Ctx.Syms.lookup(P.Text) : nullptr;
    if (Info && Info->StateSpace == ".reg" && Info->Type != ".pred") {
      Ctx.Diags.report(Rule::IsaOperandType, P.Range,
                       "the predicate output of '" + spelled(I) +
                           "' (d|p) must be a .pred register; " + std::string(P.Text) +
                           " is declared " + Info->Type.str());
      return;
    }
  }
}

} // namespace check
} // namespace ptxlint
