//===- CheckUtil.cpp - shared helpers for the family checks ---------------===//
//
// Wording and logic shared by every check, so gating messages read the same
// across families. No state: these run on many threads at once.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Spec/IsaTables.h"
#include "Spec/Spec.h"
#include "Spec/SpecialRegisters.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <array>

namespace ptxlint {
namespace check {

namespace {

std::string describeOne(Target T) {
  if (T.isFamily())
    return T.str() + " family";
  if (T.isArchSpecific())
    return T.str();
  return T.str() + " or higher";
}

template <typename StrT>
std::string joinImpl(llvm::ArrayRef<StrT> Items, llvm::StringRef Conj, llvm::StringRef Quote) {
  std::string S;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I) {
      if (I + 1 == Items.size()) {
        S += ' ';
        S += Conj.str();
        S += ' ';
      } else {
        S += ", ";
      }
    }
    S += Quote.str();
    S += llvm::StringRef(Items[I]).str();
    S += Quote.str();
  }
  return S;
}

} // namespace

std::string requiresPtxText(PtxVersion Need, PtxVersion Have) {
  std::string S = "requires PTX ISA " + Need.str();
  if (Have.isValid())
    S += " (module is .version " + Have.str() + ")";
  return S;
}

std::string describeTargets(llvm::ArrayRef<Target> AnyOf) {
  llvm::SmallVector<std::string, 4> Parts;
  for (Target T : AnyOf)
    Parts.push_back(describeOne(T));
  llvm::SmallVector<llvm::StringRef, 4> Refs(Parts.begin(), Parts.end());
  return joinList(Refs, "or");
}

std::string requiresTargetText(llvm::ArrayRef<Target> AnyOf, Target Have) {
  std::string S = "requires " + describeTargets(AnyOf);
  if (Have.isValid())
    S += " (target is " + Have.str() + ")";
  return S;
}

static std::string withWhat(llvm::StringRef What, std::string Tail) {
  if (What.empty())
    return Tail;
  return What.str() + " " + Tail;
}

bool requirePtx(CheckContext &Ctx, PtxVersion Need, SourceRange R, Rule Id, llvm::StringRef Spec,
                llvm::StringRef What) {
  if (!Ctx.Version.isValid() || Ctx.Version >= Need)
    return true;
  Diagnostic &D = Ctx.Diags.report(Id, Spec, R, withWhat(What, requiresPtxText(Need, Ctx.Version)));
  if (Ctx.VersionRange.isValid()) {
    D.Fixes.push_back({Ctx.VersionRange, Need.str()});
    D.Notes.push_back({Ctx.VersionRange, "module PTX ISA version is set here"});
  }
  return false;
}

bool requireTarget(CheckContext &Ctx, llvm::ArrayRef<Target> AnyOf, SourceRange R, Rule Id,
                   llvm::StringRef Spec, llvm::StringRef What) {
  if (spec::anyOfAllows(AnyOf, Ctx.Tgt))
    return true;
  Diagnostic &D = Ctx.Diags.report(Id, Spec, R, withWhat(What, requiresTargetText(AnyOf, Ctx.Tgt)));
  if (Ctx.TargetRange.isValid())
    D.Notes.push_back({Ctx.TargetRange, "module target is set here"});
  return false;
}

bool requireSm(CheckContext &Ctx, unsigned MinSm, SourceRange R, Rule Id, llvm::StringRef Spec,
               llvm::StringRef What) {
  Target T = smT(MinSm);
  return requireTarget(Ctx, llvm::ArrayRef<Target>(T), R, Id, Spec, What);
}

unsigned editDistance(llvm::StringRef A, llvm::StringRef B) {
  // Two rows of the DP table; strings here are short qualifiers.
  llvm::SmallVector<unsigned, 32> Prev(B.size() + 1), Cur(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Prev[J] = static_cast<unsigned>(J);
  for (size_t I = 1; I <= A.size(); ++I) {
    Cur[0] = static_cast<unsigned>(I);
    for (size_t J = 1; J <= B.size(); ++J) {
      unsigned Sub = Prev[J - 1] + (A[I - 1] == B[J - 1] ? 0 : 1);
      Cur[J] = std::min({Prev[J] + 1, Cur[J - 1] + 1, Sub});
    }
    std::swap(Prev, Cur);
  }
  return Prev[B.size()];
}

template <typename StrT>
static llvm::StringRef closestImpl(llvm::StringRef Word, llvm::ArrayRef<StrT> Candidates,
                                   unsigned MaxDistance) {
  if (MaxDistance == 0)
    MaxDistance = std::min<unsigned>(3, std::max<unsigned>(1, Word.size() / 3));
  llvm::StringRef Best;
  unsigned BestDist = MaxDistance + 1;
  for (const StrT &C : Candidates) {
    llvm::StringRef CS(C);
    // Lengths differing by more than the limit cannot be within it.
    size_t Diff = CS.size() > Word.size() ? CS.size() - Word.size() : Word.size() - CS.size();
    if (Diff > MaxDistance)
      continue;
    unsigned D = editDistance(Word, CS);
    if (D < BestDist) {
      Best = CS;
      BestDist = D;
      if (D == 0)
        break;
    }
  }
  return Best;
}

llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates,
                             unsigned MaxDistance) {
  return closestImpl(Word, Candidates, MaxDistance);
}

llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates,
                             unsigned MaxDistance) {
  return closestImpl(Word, Candidates, MaxDistance);
}

std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates) {
  llvm::StringRef M = closestMatch(Word, Candidates);
  if (M.empty() || M == Word)
    return {};
  return "; did you mean '" + M.str() + "'?";
}

std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates) {
  llvm::StringRef M = closestMatch(Word, Candidates);
  if (M.empty() || M == Word)
    return {};
  return "; did you mean '" + M.str() + "'?";
}

std::string joinList(llvm::ArrayRef<llvm::StringRef> Items, llvm::StringRef Conj,
                     llvm::StringRef Quote) {
  return joinImpl(Items, Conj, Quote);
}

std::string joinList(llvm::ArrayRef<const char *> Items, llvm::StringRef Conj,
                     llvm::StringRef Quote) {
  return joinImpl(Items, Conj, Quote);
}

std::string oneOf(llvm::ArrayRef<llvm::StringRef> Items) {
  if (Items.size() == 1)
    return Items[0].str();
  return "one of " + joinImpl(Items, "or", "");
}

std::string oneOf(llvm::ArrayRef<const char *> Items) {
  if (Items.size() == 1)
    return Items[0];
  return "one of " + joinImpl(Items, "or", "");
}

SourceRange qualifierRange(const Instruction &I, llvm::StringRef Q) {
  for (size_t K = 0; K < I.Qualifiers.size(); ++K)
    if (llvm::StringRef(I.Qualifiers[K]) == Q)
      return K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
  return I.opcodeRange();
}

namespace {
using spec::SpecialRegisterTypes;
using spec::SpecialVectors;
using SpecialReg = spec::SpecialRegisterType;

/// False when Name cannot be a special register: its second byte starts
/// none of their names (ordinary registers, %r1 %rd1 %f1, are ruled out
/// before the name-by-name scan below).
bool maybeSpecialName(llvm::StringRef Name) {
  static const std::array<bool, 256> Second = [] {
    std::array<bool, 256> S{};
    for (const SpecialReg &R : SpecialRegisterTypes)
      S[static_cast<unsigned char>(R.Name[1])] = true;
    for (llvm::StringRef V : SpecialVectors)
      S[static_cast<unsigned char>(V[1])] = true;
    S['e'] = S['p'] = true; // %envreg<N>, %pm<N>
    return S;
  }();
  return Name.size() > 1 && Name[0] == '%' && Second[static_cast<unsigned char>(Name[1])];
}

bool isComponent(llvm::StringRef C) {
  return C == "x" || C == "y" || C == "z" || C == "w" || C == "r" || C == "g" || C == "b" ||
         C == "a";
}
} // namespace

RegisterRef resolveRegister(const CheckContext &Ctx, llvm::StringRef Name) {
  RegisterRef R;
  if (const RegisterInfo *Info = Ctx.Syms.lookup(Name)) {
    R.Decl = Info;
    R.Type = Info->Type;
    R.Width = Info->VectorWidth;
    return R;
  }
  llvm::StringRef Base = Name, Comp;
  size_t Dot = Name.rfind('.');
  if (Dot != llvm::StringRef::npos) {
    Base = Name.substr(0, Dot);
    Comp = Name.substr(Dot + 1);
  }
  if (isComponent(Comp))
    if (const RegisterInfo *Info = Ctx.Syms.lookup(Base))
      if (Info->VectorWidth > 1) {
        R.Decl = Info;
        R.Type = Info->Type;
        R.Component = true;
        size_t Idx = llvm::StringRef("xyzw").find(Comp[0]);
        if (Idx == llvm::StringRef::npos)
          Idx = llvm::StringRef("rgba").find(Comp[0]);
        R.BadComponent = Idx >= Info->VectorWidth;
        return R;
      }
  if (!maybeSpecialName(Name))
    return R;
  for (const SpecialReg &S : SpecialRegisterTypes)
    if (Name == S.Name) {
      R.Type = S.Type;
      R.Special = true;
      return R;
    }
  for (llvm::StringRef V : SpecialVectors)
    if (Base == V && (Comp == "x" || Comp == "y" || Comp == "z")) {
      R.Type = ".u32";
      R.Special = true;
      return R;
    }
  if (Name.startswith("%envreg") || Name.startswith("%pm")) {
    R.Type = Name.endswith("_64") ? ".u64" : ".b32";
    R.Special = true;
  }
  return R;
}

namespace {
/// Recursive descent over an integer constant expression (PTX ISA 4.6:
/// C-like operators on 64-bit integers); fails on names and floats.
class ConstEval {
public:
  explicit ConstEval(llvm::StringRef S) : S(S) {}
  bool run(int64_t &Out) {
    if (!orExpr(Out))
      return false;
    skip();
    return P == S.size();
  }

private:
  llvm::StringRef S;
  size_t P = 0;
  unsigned Depth = 0;
  void skip() {
    while (P < S.size() && (S[P] == ' ' || S[P] == '\t'))
      ++P;
  }
  bool eat(llvm::StringRef Tok) {
    skip();
    if (!S.substr(P).startswith(Tok))
      return false;
    // "<" is not "<<", "|" not "||".
    if (Tok.size() == 1 && P + 1 < S.size() && S[P + 1] == Tok[0] && (Tok == "<" || Tok == ">"))
      return false;
    P += Tok.size();
    return true;
  }
  bool orExpr(int64_t &V) {
    if (!xorExpr(V))
      return false;
    int64_t R;
    while (eat("|"))
      if (!xorExpr(R))
        return false;
      else
        V |= R;
    return true;
  }
  bool xorExpr(int64_t &V) {
    if (!andExpr(V))
      return false;
    int64_t R;
    while (eat("^"))
      if (!andExpr(R))
        return false;
      else
        V ^= R;
    return true;
  }
  bool andExpr(int64_t &V) {
    if (!shiftExpr(V))
      return false;
    int64_t R;
    while (eat("&"))
      if (!shiftExpr(R))
        return false;
      else
        V &= R;
    return true;
  }
  bool shiftExpr(int64_t &V) {
    if (!addExpr(V))
      return false;
    for (;;) {
      int64_t R;
      if (eat("<<")) {
        if (!addExpr(R))
          return false;
        V = R >= 0 && R < 64 ? int64_t(uint64_t(V) << R) : 0;
      } else if (eat(">>")) {
        if (!addExpr(R))
          return false;
        V = R >= 0 && R < 64 ? V >> R : 0;
      } else {
        return true;
      }
    }
  }
  bool addExpr(int64_t &V) {
    if (!mulExpr(V))
      return false;
    for (;;) {
      int64_t R;
      if (eat("+")) {
        if (!mulExpr(R))
          return false;
        V = int64_t(uint64_t(V) + uint64_t(R));
      } else if (eat("-")) {
        if (!mulExpr(R))
          return false;
        V = int64_t(uint64_t(V) - uint64_t(R));
      } else {
        return true;
      }
    }
  }
  bool mulExpr(int64_t &V) {
    if (!unary(V))
      return false;
    for (;;) {
      int64_t R;
      char Op = 0;
      if (eat("*"))
        Op = '*';
      else if (eat("/"))
        Op = '/';
      else if (eat("%"))
        Op = '%';
      else
        return true;
      if (!unary(R) || (Op != '*' && R == 0))
        return false;
      V = Op == '*'   ? int64_t(uint64_t(V) * uint64_t(R))
          : Op == '/' ? (R == -1 ? int64_t(0 - uint64_t(V)) : V / R)
                      : (R == -1 ? 0 : V % R);
    }
  }
  bool unary(int64_t &V) {
    if (++Depth > 64)
      return false;
    bool Ok;
    if (eat("-")) {
      Ok = unary(V);
      V = int64_t(0 - uint64_t(V));
    } else if (eat("+")) {
      Ok = unary(V);
    } else if (eat("~")) {
      Ok = unary(V);
      V = ~V;
    } else if (eat("!")) {
      Ok = unary(V);
      V = !V;
    } else if (eat("(")) {
      Ok = orExpr(V) && eat(")");
    } else {
      Ok = number(V);
    }
    --Depth;
    return Ok;
  }
  bool number(int64_t &V) {
    skip();
    size_t B = P;
    while (P < S.size() && (llvm::isAlnum(S[P])))
      ++P;
    llvm::StringRef N = S.slice(B, P);
    if (N.empty() || !llvm::isDigit(N[0]))
      return false;
    if (N.endswith("U") || N.endswith("u"))
      N = N.drop_back();
    unsigned Radix = 10;
    if (N.startswith("0x") || N.startswith("0X")) {
      Radix = 16;
      N = N.drop_front(2);
    } else if (N.startswith("0b") || N.startswith("0B")) {
      Radix = 2;
      N = N.drop_front(2);
    } else if (N.size() > 1 && N[0] == '0') {
      Radix = 8;
      N = N.drop_front();
    }
    uint64_t U;
    if (N.getAsInteger(Radix, U))
      return false;
    V = int64_t(U);
    return true;
  }
};
} // namespace

bool evalConstantExpr(llvm::StringRef Text, int64_t &Out) {
  if (Text.contains('%') || Text.size() > 256)
    return false;
  return ConstEval(Text).run(Out);
}

const Operand *addressBase(const Operand &Addr, const SourceFile &File, Operand &Scratch) {
  if (Addr.Kind != OperandKind::Address || Addr.Elements.size() != 1)
    return nullptr;
  return symbolBase(Addr.Elements[0], File, Scratch);
}

const Operand *symbolBase(const Operand &E, const SourceFile &File, Operand &Scratch) {
  if (E.Kind == OperandKind::Name)
    return &E;
  if (E.Kind != OperandKind::Expr || !E.Range.isValid())
    return nullptr;
  llvm::StringRef S = File.slice(E.Range);
  size_t B = 0;
  while (B < S.size() && llvm::isSpace(S[B]))
    ++B;
  auto NameChar = [](char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; };
  size_t N = B;
  if (N < S.size() && S[N] == '%')
    ++N;
  if (N == S.size() || !(llvm::isAlpha(S[N]) || S[N] == '_' || S[N] == '$'))
    return nullptr;
  while (N < S.size() && NameChar(S[N]))
    ++N;
  size_t P = N;
  while (P < S.size() && llvm::isSpace(S[P]))
    ++P;
  int64_t V;
  if (P == S.size() || S[P] != '+' || !evalConstantExpr(S.drop_front(P + 1), V))
    return nullptr;
  Scratch = Operand();
  Scratch.Kind = OperandKind::Name;
  Scratch.Text = std::string_view(S.data() + B, N - B);
  Scratch.Range = {E.Range.Begin + static_cast<uint32_t>(B),
                   E.Range.Begin + static_cast<uint32_t>(N)};
  return &Scratch;
}

const char *isaSectionOf(llvm::StringRef Opcode) {
  const spec::IsaOpcode *Op = spec::findIsaOpcode(Opcode);
  return Op && Op->FormCount ? Op->forms().front().section().Num : "";
}

} // namespace check
} // namespace ptxlint
