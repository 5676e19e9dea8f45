//===- CheckIsaQualifiers.cpp - the order and pairing of qualifiers --------===//
//
// The qualifier checks of checkIsa (CheckIsa.cpp) that read the spelling and
// its syntax lines only: the instruction's name before its other qualifiers,
// the modes ptxas reads before the type, two state spaces in the syntax line's
// order, and the `needs`/`excludes` rows of spec/isa/corrections.txt (a
// qualifier that takes some types only, wants or refuses another qualifier).
// checkIsa runs them once per spelling.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckIsaQualifiers.h"
#include "Check/CheckIsa.h"
#include "Check/CheckUtil.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"
#include "Spec/Spec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

using spec::IsaForm;
using spec::IsaOpcode;

/// "add" -> "add"; the spelled-out instruction for messages: "cp.async.bulk".
std::string spelled(const Instruction &I, size_t NumQuals) {
  std::string S = std::string(I.Opcode);
  for (size_t K = 0; K < NumQuals && K < I.Qualifiers.size(); ++K)
    S += std::string(I.Qualifiers[K]);
  return S;
}

/// ptxas reads an instruction's name before its other qualifiers:
/// `barrier.arrive.cluster` is not barrier.cluster.arrive.
bool checkNameOrder(const Instruction &I, CheckContext &Ctx,
                    llvm::ArrayRef<const IsaForm *> Forms) {
  llvm::StringRef Want;
  for (const IsaForm *F : Forms) {
    llvm::StringRef W = F->NameWord;
    if (W.empty() || (!I.Qualifiers.empty() && llvm::StringRef(I.Qualifiers.front()) == W))
      return true;
    Want = W;
  }
  SourceRange R = I.QualifierRanges.empty() ? I.opcodeRange() : I.QualifierRanges.front();
  Ctx.Diags.report(Rule::IsaQualifierOrder, Forms.front()->section().Num, R,
                   "'" + std::string(I.Opcode) + Want.str() +
                       "' is the instruction's name: " + Want.str() + " comes right after '" +
                       std::string(I.Opcode) + "', before " + std::string(I.Qualifiers.front()));
  return false;
}

/// Before the type, ptxas reads the mode of an integer instruction first:
/// `mad.sat.hi.s32` and `mad.cc.lo.u32` are "Unexpected instruction types
/// specified for 'mad'", `madc.cc.hi.u32` is "Not a name of any known
/// instruction: 'madc'" (ptxas 13.0; test/isa-operands/extended-precision.test).
static bool checkModeFirst(const Instruction &I, CheckContext &Ctx,
                           llvm::ArrayRef<const IsaForm *> Forms,
                           llvm::function_ref<bool(llvm::StringRef)> IsMode) {
  for (size_t K = 1; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K], Before = I.Qualifiers[K - 1];
    if (!IsMode(Q) || IsMode(Before))
      continue;
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    Diagnostic &D = Ctx.Diags.report(Rule::IsaQualifierOrder, Forms.front()->section().Num, R,
                                     "the mode " + Q.str() + " of '" + std::string(I.Opcode) +
                                         "' comes first, right after '" + std::string(I.Opcode) +
                                         "' (found after " + Before.str() +
                                         "; ptxas reads the mode before the other qualifiers)");
    if (K == 1 && I.QualifierRanges.size() > 1)
      D.Fixes.push_back({SourceRange(I.QualifierRanges[0].Begin, R.End), Q.str() + Before.str()});
    return false;
  }
  return true;
}

/// The modes ptxas reads before an integer type (IsaOpcode::ModesFirst, the
/// `modefirst` lines of spec/isa/corrections.txt: mul, mad, mul24, mad24 and
/// .hi/.lo/.wide; test/isa/mode-order.test): after the type, one is reported
/// where it is written.
bool checkModeOrder(const Instruction &I, CheckContext &Ctx, const IsaOpcode &Entry,
                    llvm::ArrayRef<const IsaForm *> Forms) {
  llvm::StringRef Op = I.Opcode;
  llvm::StringRef Modes = Entry.ModesFirst;
  if (Modes.empty())
    return true;
  auto IsMode = [&](llvm::StringRef Q) {
    for (llvm::StringRef Rest = Modes; !Rest.empty();) {
      auto [M, Tail] = Rest.split(' ');
      if (M == Q)
        return true;
      Rest = Tail;
    }
    return false;
  };
  size_t TypeAt = I.Qualifiers.size();
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (TypeAt == I.Qualifiers.size() && Q.size() > 2 && (Q[1] == 'u' || Q[1] == 's') &&
        llvm::all_of(Q.drop_front(2), llvm::isDigit)) {
      TypeAt = K;
      continue;
    }
    if (K > TypeAt && IsMode(Q)) {
      SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
      Diagnostic &D =
          Ctx.Diags.report(Rule::IsaQualifierOrder, Forms.front()->section().Num, R,
                           "the mode " + Q.str() + " of '" + Op.str() + "' comes before its type " +
                               std::string(I.Qualifiers[TypeAt]) + " (ptxas reads " + Q.str() +
                               " after the type as an unknown modifier)");
      if (TypeAt < I.QualifierRanges.size() && K < I.QualifierRanges.size() && K == TypeAt + 1)
        D.Fixes.push_back({SourceRange(I.QualifierRanges[TypeAt].Begin, R.End),
                           Q.str() + std::string(I.Qualifiers[TypeAt])});
      return false;
    }
  }
  return TypeAt == I.Qualifiers.size() || checkModeFirst(I, Ctx, Forms, IsMode);
}

/// Two state spaces (a destination and a source: cp.async.shared.global,
/// tensormap.cp_fenceproxy.global.shared::cta) in the order of the syntax
/// line: ptxas 13.0 "State space incorrect for instruction 'cp.async'" for
/// cp.async.cg.global.shared, while the other qualifiers go anywhere. Lines
/// whose spaces come from a set (cp.async.bulk's .dst.src) say no order.
bool checkSpaceOrder(const Instruction &I, CheckContext &Ctx,
                     llvm::ArrayRef<const IsaForm *> Forms) {
  // Per instruction: the first letter rules out most qualifiers (.b32, .sync,
  // .aligned, .rn) before the list of spaces is compared.
  size_t At[2];
  unsigned N = 0;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (Q.size() < 4 || !llvm::StringRef("cglspt").contains(Q[1]) || !isStateSpaceQualifier(Q))
      continue;
    if (N == 2)
      return true;
    At[N++] = K;
  }
  if (N != 2)
    return true;
  auto Base = [&](size_t K) { return llvm::StringRef(I.Qualifiers[K]).split("::").first; };
  if (Base(At[0]) == Base(At[1]))
    return true;
  const IsaForm *Bad = nullptr;
  for (const IsaForm *F : Forms) {
    llvm::StringRef Syn = F->Syntax;
    size_t P0 = Syn.find(Base(At[0])), P1 = Syn.find(Base(At[1]));
    if (P0 == llvm::StringRef::npos || P1 == llvm::StringRef::npos || P0 < P1)
      return true;
    Bad = F;
  }
  if (!Bad)
    return true;
  SourceRange R = At[1] < I.QualifierRanges.size() ? I.QualifierRanges[At[1]] : I.opcodeRange();
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaQualifierOrder, Bad->section().Num, R,
      "'" + spelled(I, 1) + "' names its state spaces in the order of its syntax line, '" +
          Bad->Syntax.str() + "' (destination, then source); found " +
          std::string(I.Qualifiers[At[1]]) + " after " + std::string(I.Qualifiers[At[0]]));
  if (At[1] < I.QualifierRanges.size() && At[0] < I.QualifierRanges.size()) {
    D.Fixes.push_back({I.QualifierRanges[At[0]], std::string(I.Qualifiers[At[1]])});
    D.Fixes.push_back({I.QualifierRanges[At[1]], std::string(I.Qualifiers[At[0]])});
  }
  return false;
}

bool isTypeQualifier(llvm::StringRef Q) {
  if (Q == ".pred")
    return true;
  if (Q.startswith(".v"))
    return false; // .v2, .v4, .v8
  Q = Q.drop_front(Q.startswith(".bf") ? 3 : 2);
  if (Q.consume_back("x2") && Q.empty())
    return false;
  return !Q.empty() && llvm::all_of(Q, llvm::isDigit);
}

bool isStateSpaceQualifier(llvm::StringRef Q) {
  for (llvm::StringRef S : spec::StateSpaceQualifiers)
    if (Q == S || (Q.startswith(S) && Q.drop_front(S.size()).startswith("::")))
      return true;
  return false;
}

/// The state spaces of Op's syntax lines, sorted; Generic: a line leaves its
/// state space out (a generic address).
llvm::SmallVector<llvm::StringRef, 8> stateSpacesOf(const IsaOpcode &Op, bool &Generic) {
  llvm::SmallVector<llvm::StringRef, 8> Spaces;
  Generic = false;
  for (const spec::IsaForm &F : Op.forms())
    for (const spec::IsaSlot &Slot : F.slots()) {
      bool Space = false;
      for (llvm::StringRef M : Slot.members())
        if (isStateSpaceQualifier(M)) {
          Space = true;
          if (!llvm::is_contained(Spaces, M))
            Spaces.push_back(M);
        }
      Generic |= Space && !Slot.Required;
    }
  llvm::sort(Spaces);
  return Spaces;
}

/// A qualifier that no qualifier of a list goes with (`excludes` rows of
/// spec/isa/corrections.txt, '!'-prefixed members of a need): ld.volatile.param,
/// ld.shared.L2::64B (ptxas 13.0: "Modifier '.volatile' cannot be applied to
/// '.param' space", "State space incorrect for feature 'cache prefetching'").
static void reportExcluded(const Instruction &I, CheckContext &Ctx, const IsaForm &F, size_t K,
                           const spec::IsaQualNeed &Need) {
  llvm::StringRef Q = I.Qualifiers[K];
  llvm::SmallVector<llvm::StringRef, 16> Excluded;
  for (llvm::StringRef M : Need.members())
    Excluded.push_back(M.drop_front());
  for (size_t J = 0; J < I.Qualifiers.size(); ++J) {
    llvm::StringRef X = I.Qualifiers[J];
    if (!llvm::is_contained(Excluded, X))
      continue;
    // The valid set: the opcode's state spaces the row leaves, and generic.
    llvm::SmallVector<llvm::StringRef, 8> Valid;
    bool Generic = false, IsSpace = false;
    if (const IsaOpcode *Op = spec::findIsaOpcode(I.Opcode))
      for (llvm::StringRef S : stateSpacesOf(*Op, Generic)) {
        IsSpace |= S == X;
        if (!llvm::is_contained(Excluded, S))
          Valid.push_back(S);
      }
    if (Generic)
      Valid.push_back("a generic address");
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    if (!IsSpace) {
      // A pair of qualifiers that are no state space (st.async .weak with .cluster,
      // red.async .gpu with .mbarrier::complete_tx::bytes; ptxas 13.0: "Modifier '.weak'
      // cannot be combined with modifier '.cluster'").
      Ctx.Diags.report(Rule::IsaQualifierCombination, F.section().Num, R,
                       "'" + std::string(I.Opcode) + "' cannot combine " + Q.str() + " with " +
                           X.str() + "; write at most one of the two");
      return;
    }
    Ctx.Diags.report(Rule::IsaQualifierCombination, F.section().Num, R,
                     "'" + std::string(I.Opcode) + "' cannot apply " + Q.str() + " to the " +
                         X.str() + " state space; " + Q.str() + " goes with " +
                         joinList(Valid, "or") + " only");
    return;
  }
}

/// A qualifier that wants one of some other qualifiers written with it, not
/// types (`needs` rows whose members are qualifiers): st.async into
/// .shared::cluster needs its completion mechanism (ptxas 13.0:
/// "Modifier '.shared::cluster' requires modifier '.completion_mechanism' for
/// instruction 'st.async'"), min/max .xorsign needs .abs. The fix writes the
/// member that is no state space.
static void reportMissingQualifier(const Instruction &I, CheckContext &Ctx, const IsaForm &F,
                                   size_t K, const spec::IsaQualNeed &Need) {
  for (llvm::StringRef T : I.Qualifiers)
    if (llvm::is_contained(Need.members(), T))
      return;
  std::string Name(I.Opcode);
  for (size_t J = 0; J <= K; ++J)
    Name += std::string(I.Qualifiers[J]);
  llvm::SmallVector<llvm::StringRef, 4> Members(Need.members().begin(), Need.members().end());
  SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
  Diagnostic &D = Ctx.Diags.report(Rule::IsaQualifierCombination, F.section().Num, R,
                                   "'" + Name + "' requires " + joinList(Members, "or") +
                                       ", and none is written");
  for (llvm::StringRef M : Members)
    if (!isStateSpaceQualifier(M) && K < I.QualifierRanges.size()) {
      D.Fixes.push_back({SourceRange(R.End, R.End), M.str()});
      break;
    }
}

/// A qualifier that takes only some of the types ('atom.add' no .b64): the
/// `needs` rows of the matching sections.
/// True when it reported nothing.
bool checkQualifierTypes(const Instruction &I, CheckContext &Ctx,
                         llvm::ArrayRef<const IsaForm *> Forms) {
  bool Clean = true;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    const spec::IsaQualNeed *Need = nullptr;
    for (const IsaForm *F : Forms)
      if (!(Need = F->section().need(Q)))
        break;
    if (!Need)
      continue;
    if (!Need->members().empty() && Need->members().front().startswith("!")) {
      reportExcluded(I, Ctx, *Forms.front(), K, *Need);
      Clean = false; // (it may have reported: not known clean)
      continue;
    }
    if (!Need->members().empty() && !isTypeQualifier(Need->members().front())) {
      reportMissingQualifier(I, Ctx, *Forms.front(), K, *Need);
      Clean = false; // (it may have reported: not known clean)
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 2> Found;
    bool Ok = false;
    for (llvm::StringRef T : I.Qualifiers)
      if (llvm::is_contained(Need->members(), T))
        Ok = true;
      else if (T != Q && isTypeQualifier(T) && !llvm::is_contained(Forms.front()->literals(), T))
        Found.push_back(T);
    if (Ok)
      continue;
    llvm::SmallVector<llvm::StringRef, 16> Members(Need->members().begin(), Need->members().end());
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    Ctx.Diags.report(Rule::IsaQualifierCombination, Forms.front()->section().Num, R,
                     "'" + std::string(I.Opcode) + Q.str() + "' takes the type " +
                         joinList(Members, "or") +
                         (Found.empty() ? std::string() : ", found " + joinList(Found, "and")));
    Clean = false;
  }
  return Clean;
}

} // namespace check
} // namespace ptxlint
