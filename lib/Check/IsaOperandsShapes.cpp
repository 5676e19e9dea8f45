//===- IsaOperandsShapes.cpp - the operand roles of each instruction -----===//
//
// Which role (IsaOperandsImpl.h) each operand of an instruction has: the
// first row of the spec table (lib/Spec/OperandRoles.cpp: opcode, type
// qualifiers, qualifiers written, operand count) that applies. The rules are
// the table's; this file only reads them.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Check/Spelling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {
namespace isaop {

/// The type qualifiers of I, in order.
llvm::SmallVector<Ty, 2> typeQuals(const Instruction &I, bool &Unknown) {
  llvm::SmallVector<Ty, 2> Out;
  Unknown = false;
  for (llvm::StringRef Q : I.Qualifiers) {
    Ty T = parseTy(Q);
    if (T.valid()) {
      Out.push_back(T);
      continue;
    }
    // A type-like qualifier whose rules were not measured (.bf16, .u16x2,
    // .e4m3x2, .tf32 ...): stay silent.
    if (Q.size() > 2 && (Q[1] == 'b' || Q[1] == 'f' || Q[1] == 'u' || Q[1] == 's' || Q[1] == 'e') &&
        llvm::isDigit(Q.back()) && Q != ".v2" && Q != ".v4" && Q != ".v8")
      Unknown = true;
  }
  return Out;
}
namespace {

/// Whether row R of the spec table applies to I, whose type qualifiers are
/// Ts (their RoleTypes: Types).
bool rowApplies(const spec::OperandRoleRow &R, const Instruction &I, llvm::ArrayRef<Ty> Ts,
                llvm::ArrayRef<spec::RoleType> Types) {
  if (R.Ops >= 0 && I.Operands.size() != size_t(R.Ops))
    return false;
  for (llvm::StringRef Q : R.With)
    if (!Q.empty() && !I.hasQualifier(Q))
      return false;
  for (llvm::StringRef Q : R.Without)
    if (!Q.empty() && I.hasQualifier(Q))
      return false;
  auto InSet = [&](spec::RoleType X) { return (R.Types & spec::typeBit(X)) != 0; };
  switch (R.Arity) {
  case spec::RoleArity::Any:
    return true;
  case spec::RoleArity::One:
    return Ts.size() == 1 && InSet(Types[0]);
  case spec::RoleArity::Two:
    return Ts.size() == 2 && InSet(Types[0]) && InSet(Types[1]);
  case spec::RoleArity::OneOrMore:
    return !Ts.empty() && llvm::all_of(Types, InSet);
  }
  return false;
}

/// The operand roles of I, or false where I is not one whose rules are
/// known: the first row of the spec table (Spec/OperandRoles.h) that applies.
bool computeShape(const Instruction &I, Shape &S) {
  bool Unknown = false;
  llvm::SmallVector<Ty, 2> Ts = typeQuals(I, Unknown);
  if (Unknown)
    return false;
  llvm::SmallVector<spec::RoleType, 2> Types;
  for (llvm::StringRef Q : I.Qualifiers) {
    spec::RoleType X;
    if (parseTy(Q).valid() && spec::roleTypeOf(Q, X))
      Types.push_back(X);
  }
  if (Types.size() != Ts.size())
    return false;
  for (const spec::OperandRoleRow &R : spec::operandRoleRows(I.Opcode)) {
    if (!rowApplies(R, I, Ts, Types))
      continue;
    llvm::StringRef Letters = R.Roles;
    if (Letters.size() == 2 && Letters[1] == '*')
      S.Roles.assign(I.Operands.size(), spec::operandRoleOf(Letters[0]));
    else
      for (char C : Letters)
        S.Roles.push_back(spec::operandRoleOf(C));
    S.MinOps = R.MinOps ? R.MinOps : S.Roles.size();
    S.NoDest = R.NoDest;
    S.CachePolicy = R.CachePolicy;
    S.PackedRegisters = R.PackedRegisters;
    S.FieldConstants = R.FieldConstants;
    S.RegistersOnly = R.RegistersOnly;
    S.NegatableSources = R.NegatableSources;
    if (R.TypeU32 || R.TypeU64) {
      S.T = {'u', static_cast<uint8_t>(R.TypeU32 ? 32 : 64)};
    } else if (!Ts.empty()) {
      S.T = Ts[0];
      if (Ts.size() == 2)
        S.Src = Ts[1];
    }
    return true;
  }
  return false;
}
} // namespace

/// computeShape, once per spelling, operand count and thread: it reads the
/// opcode, the qualifiers and the number of operands only (the memo is
/// indexed by the spelling id, Spelling.h).
const Shape *shapeOf(const Instruction &I, const CheckContext &Ctx) {
  struct Entry {
    size_t N;
    bool Known;
    Shape S;
  };
  thread_local SpellingMemo<llvm::SmallVector<Entry, 1>> Memo;
  llvm::SmallVector<Entry, 1> &List = Memo.at(Ctx.Spelling ? Ctx.Spelling : spellingId(I));
  size_t N = I.Operands.size();
  for (const Entry &E : List)
    if (E.N == N)
      return E.Known ? &E.S : nullptr;
  Entry New{N, false, Shape()};
  New.Known = computeShape(I, New.S);
  List.push_back(std::move(New));
  return List.back().Known ? &List.back().S : nullptr;
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
