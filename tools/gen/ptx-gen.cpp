//===- ptx-gen.cpp - differential-test case generator --------------------===//
//
// Writes the cases of the ptx-lint/ptxas differential test (issue 3) from
// the spec tables (lib/Spec/Spec.h), as batch .ptx files plus a manifest:
//
//  - valid:  every form at its minimum PTX version and minimum (or each
//            specific) target, and at the newest version on a higher target;
//            optional qualifiers written out, alternative register types,
//            optional operands, in-range selectors;
//  - gate:   every gate just below: one PTX version below its minimum on a
//            target that carries the form, and the next lower (or a
//            non-carrying specific) target at a version that has it;
//  - mutant: single-point mutants of each form at the newest version (and,
//            at its minimum version/target and on the newest generic target,
//            the same-slot replacements and optional qualifiers): each
//            qualifier replaced by the others of its slot and by one of each
//            other slot, dropped, duplicated, swapped with its neighbour;
//            each vector one register short and long; wrong register types;
//            immediates where registers are required; selectors out of range;
//            once per shape, each qualifier of the other families appended;
//            and every combination the tables exclude (RejectedForm).
//
// ptxas reports every semantic error with its line, so the cases of one
// (version, target) pair share a file, one instruction a line. A syntax
// error ends ptxas's parse of a file, so the mutants that break the syntax
// (an empty vector, a mutated wmma sub-opcode) are "isolated" into small
// batches of their own, where the driver re-runs ptxas past each syntax
// error. The driver (test/diff/run_diff.py) checks that batches give the
// verdicts of single runs on a deterministic sample.
//
// Manifest (manifest.tsv, tab-separated, one case a line, header first):
//   id file line kind family expect version target isolated description text
// expect is accept, reject or ? (a mutant may be another valid form).
//
//===----------------------------------------------------------------------===//
#include "Spec/Spec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using namespace ptxlint;
using namespace ptxlint::spec;

static cl::OptionCategory GenCat("ptx-gen options");
static cl::opt<std::string> OutDir("out-dir", cl::desc("Directory for batches and manifest.tsv"),
                                   cl::Required, cl::cat(GenCat));
static cl::opt<std::string> FamiliesOpt("families",
                                        cl::desc("Comma-separated families (mma, mma.sp, "
                                                 "wmma.load, ...) or 'all' (default)"),
                                        cl::init("all"), cl::cat(GenCat));
static cl::opt<unsigned> BatchSize("batch-size", cl::desc("Cases per batch file (default 400)"),
                                   cl::init(400), cl::cat(GenCat));
static cl::opt<bool> NoMutants("no-mutants", cl::desc("Only valid and gate cases"),
                               cl::cat(GenCat));

namespace {

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// Every register type the kernels declare, with its name prefix.
struct RegKind {
  const char *Type;
  const char *Prefix;
};
const RegKind RegKinds[] = {
    {".b32", "%r"},  {".u32", "%ru"},  {".s32", "%rs"},  {".f32", "%f"},  {".f16x2", "%hx"},
    {".b64", "%rd"}, {".u64", "%rdu"}, {".s64", "%rds"}, {".f64", "%fd"}, {".b16", "%h"},
    {".u16", "%hu"}, {".s16", "%hs"},  {".f16", "%hf"},  {".pred", "%p"},
};
constexpr unsigned RegsPerKind = 64;

const char *prefixOf(StringRef Type) {
  for (const RegKind &K : RegKinds)
    if (Type == K.Type)
      return K.Prefix;
  return "%r";
}

/// Hands out distinct registers of each type within one instruction.
struct RegAlloc {
  std::map<std::string, unsigned> Next;
  std::string get(StringRef Type) {
    unsigned &N = Next[Type.str()];
    std::string R = std::string(prefixOf(Type)) + std::to_string(N % (RegsPerKind - 8));
    ++N;
    return R;
  }
};

//===----------------------------------------------------------------------===//
// Configurations (PTX version x target)
//===----------------------------------------------------------------------===//

struct Config {
  PtxVersion V;
  Target T;
  bool operator<(const Config &O) const {
    if (V != O.V)
      return V < O.V;
    if (T.Sm != O.T.Sm)
      return T.Sm < O.T.Sm;
    return T.Suffix < O.T.Suffix;
  }
  bool operator==(const Config &O) const { return V == O.V && T == O.T; }
  std::string str() const { return V.str() + "/" + T.str(); }
};

/// Every PTX ISA version ptx-lint knows, ascending.
const std::vector<PtxVersion> &allVersions() {
  static const std::vector<PtxVersion> Vs = [] {
    std::vector<PtxVersion> R;
    for (unsigned Ma = 1; Ma <= 9; ++Ma)
      for (unsigned Mi = 0; Mi <= 9; ++Mi)
        if (isKnownPtxVersion(PtxVersion(Ma, Mi)))
          R.push_back(PtxVersion(Ma, Mi));
    return R;
  }();
  return Vs;
}

PtxVersion prevVersion(PtxVersion V) {
  PtxVersion P;
  for (PtxVersion X : allVersions())
    if (X < V)
      P = X;
  return P;
}

/// True when ptxas accepts `.target T` at `.version V` (and it is not renamed).
bool targetExistsAt(Target T, PtxVersion V) {
  const TargetInfo *I = findTarget(T);
  if (!I || V < I->Introduced)
    return false;
  return !(I->Removed.isValid() && V >= I->Removed);
}

PtxVersion introduced(Target T) {
  const TargetInfo *I = findTarget(T);
  return I ? I->Introduced : PtxVersion(1, 0);
}

PtxVersion maxV(PtxVersion A, PtxVersion B) {
  if (!A.isValid())
    return B;
  if (!B.isValid())
    return A;
  return A < B ? B : A;
}

/// A target's rank for "highest": generic < f < a on the same sm number.
int suffixRank(char S) { return S == 'a' ? 2 : S == 'f' ? 1 : 0; }

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

struct Case {
  std::string Id, Family, Kind, Expect, Desc, Text;
  Config C;
  bool Isolated = false;
  std::string File;
  unsigned Line = 0;
};

/// An instruction under construction: qualifiers and operands as written.
struct Inst {
  std::string Opcode;
  std::vector<std::string> Quals;
  std::vector<std::string> Ops;
  std::string text() const {
    std::string S = Opcode;
    for (const std::string &Q : Quals)
      S += Q;
    if (!Ops.empty())
      S += " " + join(Ops, ", ");
    return S + ";";
  }
};

/// How to write one operand.
struct OperandChoice {
  std::string RegType;         ///< "" = the operand's first accepted type
  int Count = -1;              ///< vector length override
  bool Imm = false;            ///< immediates instead of registers
  bool ImmFirst = false;       ///< only the first vector element an immediate
  bool Omit = false;           ///< leave the (optional) operand out
  bool Bare = false;           ///< a 1-register vector written without braces
  std::vector<int64_t> Values; ///< selector / immediate values
};

std::string firstType(const OperandSpec &O) {
  return O.RegTypes.empty() ? std::string(".b32") : O.RegTypes.front();
}

/// The value an immediate operand takes when nothing else is asked for.
int64_t defaultImm(const OperandSpec &O, unsigned Elem) {
  if (Elem < O.Ranges.size()) {
    const ImmRange &R = O.Ranges[Elem];
    if (!R.HardValues.empty())
      return R.HardValues.front();
    if (R.ValidMin != INT64_MIN)
      return R.ValidMin;
    if (R.HardMin != INT64_MIN)
      return R.HardMin;
  }
  return 0;
}

class Generator {
public:
  std::vector<Case> Cases;
  std::set<std::pair<std::string, std::string>> Seen; // (config, text)
  std::set<std::string> Ids;
  std::map<std::string, unsigned> Skipped; // reason -> count

  void add(Case C) {
    if (!Seen.insert({C.C.str(), C.Text}).second)
      return;
    std::string Base = C.Id;
    for (unsigned N = 2; !Ids.insert(C.Id).second; ++N)
      C.Id = Base + "#" + std::to_string(N);
    Cases.push_back(std::move(C));
  }

  void generateFamily(Family Fam);

private:
  const FormSet *Set = nullptr;
  std::string FamName;
  /// Slot name -> sorted values (vocabulary of this family).
  std::map<std::string, std::vector<std::string>> SlotValues;

  Inst base(const Form &F, PtxVersion V, std::vector<std::string> *SlotOf = nullptr) const;
  std::vector<std::string> operands(const Form &F, const std::vector<OperandChoice> &Ch) const;
  std::string addressFor(const Form &F) const;
  Case mk(const Form &F, const Inst &I, Config C, StringRef Kind, StringRef Expect, StringRef Tag,
          std::string Desc) const;
  std::vector<Config> minConfigs(const Form &F) const;
  bool highConfig(const Form &F, Config &Out, bool Generic) const;
  void validCases(const Form &F, Config Hi);
  void gateCases(const Form &F, const std::vector<Config> &Mins);
  void mutants(const Form &F, Config Hi);
  void minMutants(const Form &F, Config Min);
};

std::string Generator::addressFor(const Form &F) const {
  for (const QualSlot &Q : F.Quals) {
    if (Q.Slot != ".ss" || Q.Pres != Presence::Required || Q.Values.empty())
      continue;
    if (StringRef(Q.Values.front()).startswith(".shared"))
      return "[gen_smem]";
    if (Q.Values.front() == ".global")
      return "[gen_gmem]";
  }
  return "[%rd60]"; // generic (or optional state space): a 64-bit register
}

/// wmma's `.aligned` is Optional in the tables because it is an error
/// before PTX ISA 6.3 and required from 6.3 (lib/Check/CheckWmma.cpp): the
/// generator writes it exactly where it is required.
static bool writeOptional(const Form &F, const QualSlot &Q, PtxVersion V) {
  return F.Opcode == "wmma" && Q.Slot == ".aligned" && V >= PtxVersion(6, 3);
}

Inst Generator::base(const Form &F, PtxVersion V, std::vector<std::string> *SlotOf) const {
  Inst I;
  I.Opcode = F.Opcode;
  for (const QualSlot &Q : F.Quals) {
    if (Q.Values.empty() || ((Q.Pres == Presence::Optional || Q.Pres == Presence::Defaulted) &&
                             !writeOptional(F, Q, V)))
      continue;
    I.Quals.push_back(Q.Values.front());
    if (SlotOf)
      SlotOf->push_back(Q.Slot);
  }
  I.Ops = operands(F, std::vector<OperandChoice>(F.Operands.size()));
  return I;
}

std::vector<std::string> Generator::operands(const Form &F,
                                             const std::vector<OperandChoice> &Ch) const {
  RegAlloc RA;
  std::vector<std::string> Out;
  for (size_t I = 0; I < F.Operands.size(); ++I) {
    const OperandSpec &O = F.Operands[I];
    const OperandChoice &C = Ch[I];
    if (C.Omit || (O.Optional && C.RegType.empty() && !C.Imm && C.Values.empty()))
      continue;
    std::string Type = C.RegType.empty() ? firstType(O) : C.RegType;
    switch (O.Shape) {
    case OperandShape::Address:
      Out.push_back(C.RegType.empty() ? addressFor(F) : "[" + RA.get(Type) + "]");
      break;
    case OperandShape::Vector: {
      unsigned N = C.Count >= 0 ? unsigned(C.Count) : O.Count;
      std::vector<std::string> Regs;
      for (unsigned K = 0; K < N; ++K)
        Regs.push_back(C.Imm || (C.ImmFirst && K == 0) ? "0" : RA.get(Type));
      if (C.Bare && Regs.size() == 1)
        Out.push_back(Regs.front());
      else
        Out.push_back("{" + join(Regs, ", ") + "}");
      break;
    }
    case OperandShape::Scalar:
    case OperandShape::Immediate:
      if (!C.Values.empty())
        Out.push_back(std::to_string(C.Values.front()));
      else if (C.Imm || (O.Shape == OperandShape::Immediate && C.RegType.empty()))
        Out.push_back(std::to_string(defaultImm(O, 0)));
      else
        Out.push_back(
            RA.get(O.Shape == OperandShape::Immediate && C.RegType.empty() ? ".b32" : Type));
      break;
    case OperandShape::SelectorPair: {
      std::vector<std::string> Els;
      for (unsigned E = 0; E < 2; ++E) {
        if (E < C.Values.size())
          Els.push_back(std::to_string(C.Values[E]));
        else if (!C.RegType.empty())
          Els.push_back(RA.get(Type));
        else
          Els.push_back(std::to_string(defaultImm(O, E)));
      }
      Out.push_back("{" + join(Els, ", ") + "}");
      break;
    }
    }
  }
  return Out;
}

Case Generator::mk(const Form &F, const Inst &I, Config C, StringRef Kind, StringRef Expect,
                   StringRef Tag, std::string Desc) const {
  Case K;
  K.Family = FamName;
  K.Kind = Kind.str();
  K.Expect = Expect.str();
  K.C = C;
  K.Text = I.text();
  K.Id = FamName + "/" + F.mnemonic() + "/" + Tag.str() + "@" + C.str();
  K.Desc = std::move(Desc);
  return K;
}

std::vector<Config> Generator::minConfigs(const Form &F) const {
  std::vector<Config> R;
  PtxVersion Vmin = F.MinPtx.isValid() ? F.MinPtx : PtxVersion(1, 0);
  auto Try = [&](Target T) {
    PtxVersion V = maxV(Vmin, introduced(T));
    // A specific target may carry the form from a later version (Since).
    for (const PtxVersion &X : allVersions()) {
      if (X < V || !targetExistsAt(T, X))
        continue;
      if (F.allowedOn(T, X)) {
        Config C{X, T};
        if (!llvm::is_contained(R, C))
          R.push_back(C);
      }
      return;
    }
  };
  unsigned MinSm = F.minSm();
  bool Specific = false;
  for (const Gate &G : F.Gates)
    Specific |= !G.Targets.Specific.empty();
  if (!Specific) {
    // The lowest generic target at or above every gate's sm.
    for (const TargetInfo &I : knownTargets())
      if (!I.T.Suffix && I.T.Sm >= MinSm && targetExistsAt(I.T, PtxVersion(9, 0))) {
        Try(I.T);
        break;
      }
  } else {
    // Each specific target a gate names (the lowest version it carries it).
    for (const Gate &G : F.Gates)
      for (const SpecificTarget &S : G.Targets.Specific)
        Try(S.T);
  }
  return R;
}

bool Generator::highConfig(const Form &F, Config &Out, bool Generic) const {
  PtxVersion V = latestPtxVersion();
  bool Found = false;
  for (const TargetInfo &I : knownTargets()) {
    if (!targetExistsAt(I.T, V) || !F.allowedOn(I.T, V) || (Generic && I.T.Suffix))
      continue;
    if (!Found || I.T.Sm > Out.T.Sm ||
        (I.T.Sm == Out.T.Sm && suffixRank(I.T.Suffix) > suffixRank(Out.T.Suffix))) {
      Out = Config{V, I.T};
      Found = true;
    }
  }
  return Found;
}

void Generator::validCases(const Form &F, Config Hi) {
  Inst B = base(F, Hi.V);
  // Written-out optional/defaulted qualifiers, each value in turn.
  for (size_t S = 0; S < F.Quals.size(); ++S) {
    const QualSlot &Q = F.Quals[S];
    if ((Q.Pres != Presence::Optional && Q.Pres != Presence::Defaulted) ||
        writeOptional(F, Q, Hi.V))
      continue;
    for (const std::string &V : Q.Values) {
      Inst I = B;
      // Insert at the canonical position: after the written qualifiers of
      // the slots before S.
      size_t Pos = 0;
      for (size_t P = 0; P < S; ++P) {
        const QualSlot &X = F.Quals[P];
        if (!X.Values.empty() && ((X.Pres != Presence::Optional && X.Pres != Presence::Defaulted) ||
                                  writeOptional(F, X, Hi.V)))
          ++Pos;
      }
      I.Quals.insert(I.Quals.begin() + Pos, V);
      add(mk(F, I, Hi, "valid", "accept", "opt" + Q.Slot + "=" + V,
             "optional " + Q.Slot + " written as " + V));
    }
  }
  // Operand alternatives: other accepted register types, immediates where
  // allowed, the optional operand, selector values in range.
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const OperandSpec &O = F.Operands[K];
    auto With = [&](OperandChoice C, StringRef Tag, std::string Desc, StringRef Expect) {
      std::vector<OperandChoice> Ch(F.Operands.size());
      Ch[K] = std::move(C);
      Inst I = B;
      I.Ops = operands(F, Ch);
      add(mk(F, I, Hi, "valid", Expect, "op-" + O.Name + "-" + Tag.str(), std::move(Desc)));
    };
    if (O.Shape != OperandShape::Immediate && O.Shape != OperandShape::Address)
      for (size_t T = O.Optional ? 0 : 1; T < O.RegTypes.size(); ++T) {
        OperandChoice C;
        C.RegType = O.RegTypes[T];
        With(C, "type" + O.RegTypes[T], "operand " + O.Name + " in " + O.RegTypes[T] + " registers",
             "accept");
      }
    if (O.ImmAllowed && O.Shape != OperandShape::Immediate) {
      OperandChoice C;
      if (O.Shape == OperandShape::Vector && O.Count > 1) {
        C.ImmFirst = true;
        With(C, "imm1", "operand " + O.Name + " with an immediate first element", "accept");
        C.ImmFirst = false;
      }
      C.Imm = true;
      With(C, "imm", "operand " + O.Name + " as immediates only", "?");
    }
    if (O.Shape == OperandShape::Address) {
      OperandChoice C;
      C.RegType = ".b64";
      With(C, "reg", "address in a .b64 register", "accept");
    }
    if (O.Shape == OperandShape::Vector && O.Count == 1) {
      OperandChoice C;
      C.Bare = true;
      With(C, "bare", "1-register vector " + O.Name + " written without braces", "?");
    }
    // Selector values: every value ptxas takes (in-range spec-undefined ones
    // are warnings).
    for (size_t E = 0; E < O.Ranges.size(); ++E) {
      const ImmRange &R = O.Ranges[E];
      std::vector<int64_t> Vals = R.HardValues;
      if (Vals.empty() && R.HardMin != INT64_MIN && R.HardMax != INT64_MAX &&
          R.HardMax - R.HardMin <= 16)
        for (int64_t X = R.HardMin; X <= R.HardMax; ++X)
          Vals.push_back(X);
      for (int64_t X : Vals) {
        OperandChoice C;
        C.Values = {defaultImm(O, 0), defaultImm(O, 1)};
        C.Values.resize(O.Shape == OperandShape::SelectorPair ? 2 : 1);
        C.Values[E] = X;
        With(C, "sel" + std::to_string(E) + "=" + std::to_string(X),
             "selector " + O.Name + "[" + std::to_string(E) + "] = " + std::to_string(X), "accept");
      }
    }
  }
}

void Generator::gateCases(const Form &F, const std::vector<Config> &Mins) {
  std::set<std::string> Done;
  for (const Gate &G : F.Gates) {
    // One version below the gate, on a target that carries the form.
    if (G.MinPtx.isValid()) {
      PtxVersion Low = prevVersion(G.MinPtx);
      bool Found = false;
      std::vector<Target> Cands;
      for (const Config &C : Mins)
        Cands.push_back(C.T);
      for (const TargetInfo &I : knownTargets())
        Cands.push_back(I.T);
      for (Target T : Cands) {
        if (!targetExistsAt(T, Low) || !F.allowedOn(T, maxV(F.MinPtx, introduced(T))))
          continue;
        add(mk(F, base(F, Low), Config{Low, T}, "gate", "reject", "gate-ptx",
               "PTX ISA " + Low.str() + ", one below " + G.MinPtx.str() + " (" + G.Feature + ", " +
                   G.Spec + ")"));
        Found = true;
        break;
      }
      if (!Found)
        ++Skipped["version gate: no carrying target exists one version below"];
    }
    if (!G.Targets.isRestricted())
      continue;
    // Targets just below: the next lower generic target for sm_NN gates; the
    // non-carrying targets of the same and neighbouring sm numbers for
    // specific gates.
    std::vector<Target> Below;
    if (G.Targets.Specific.empty()) {
      Target Best;
      for (const TargetInfo &I : knownTargets())
        if (!I.T.Suffix && I.T.Sm < G.Targets.MinSm && I.T.Sm > Best.Sm)
          Best = I.T;
      if (Best.isValid())
        Below.push_back(Best);
    } else {
      unsigned Lo = ~0u, Hi = 0;
      for (const SpecificTarget &S : G.Targets.Specific) {
        Lo = std::min(Lo, S.T.Sm);
        Hi = std::max(Hi, S.T.Sm);
      }
      for (const TargetInfo &I : knownTargets())
        if (I.T.Sm >= 90 && I.T.Sm + 30 >= Lo && I.T.Sm <= Hi + 10)
          Below.push_back(I.T);
    }
    for (Target T : Below) {
      PtxVersion V = maxV(F.MinPtx, introduced(T));
      if (!targetExistsAt(T, V) || G.Targets.allows(T, V) || !Done.insert(T.str()).second)
        continue;
      add(mk(F, base(F, V), Config{V, T}, "gate", "reject", "gate-target",
             T.str() + " does not carry " + G.Feature + " (" + G.Targets.describe() + ", " +
                 G.Spec + ")"));
    }
  }
}

void Generator::mutants(const Form &F, Config Hi) {
  std::vector<std::string> SlotOf;
  Inst B = base(F, Hi.V, &SlotOf);
  auto Add = [&](const Inst &I, StringRef Tag, std::string Desc, StringRef Expect = "?",
                 bool Isolated = false) {
    Case C = mk(F, I, Hi, "mutant", Expect, "mut:" + Tag.str(), std::move(Desc));
    C.Isolated = Isolated;
    add(std::move(C));
  };
  // wmma's sub-opcode and matrix (`wmma.load.a`, `wmma.mma`) are one token
  // to ptxas's lexer: mutating them is a syntax error, so those mutants are
  // isolated (batched apart, where the driver re-runs past each syntax error).
  auto OpcodeSlot = [&](size_t P) {
    return P < SlotOf.size() && F.Opcode == "wmma" &&
           (SlotOf[P] == ".op" || SlotOf[P] == ".matrix" || SlotOf[P] == ".mma");
  };
  // Qualifiers.
  for (size_t P = 0; P < B.Quals.size(); ++P) {
    const std::string &Cur = B.Quals[P];
    const std::string &Slot = SlotOf[P];
    bool Iso = OpcodeSlot(P);
    auto Repl = [&](const std::string &V, StringRef Why) {
      Inst I = B;
      I.Quals[P] = V;
      Add(I, "repl" + Slot + "=" + V,
          Slot + " " + Cur + " replaced by " + V + " (" + Why.str() + ")", "?", Iso);
    };
    auto SV = SlotValues.find(Slot);
    if (SV != SlotValues.end())
      for (const std::string &V : SV->second)
        if (V != Cur)
          Repl(V, "same slot");
    for (const auto &Other : SlotValues) {
      if (Other.first == Slot)
        continue;
      for (const std::string &V : Other.second)
        if (SV == SlotValues.end() || !llvm::is_contained(SV->second, V)) {
          Repl(V, "from " + Other.first);
          break;
        }
    }
    Repl(".foo", "unknown qualifier");
    Inst Drop = B;
    Drop.Quals.erase(Drop.Quals.begin() + P);
    Add(Drop, "drop" + Slot, Slot + " " + Cur + " dropped", "?", Iso);
    Inst Dup = B;
    Dup.Quals.insert(Dup.Quals.begin() + P, Cur);
    Add(Dup, "dup" + Slot, Slot + " " + Cur + " duplicated", "?", Iso);
    if (P + 1 < B.Quals.size() && B.Quals[P] != B.Quals[P + 1]) {
      Inst Sw = B;
      std::swap(Sw.Quals[P], Sw.Quals[P + 1]);
      Add(Sw, "swap" + Slot + SlotOf[P + 1],
          Slot + " " + Cur + " swapped with " + SlotOf[P + 1] + " " + B.Quals[P + 1], "?",
          Iso || OpcodeSlot(P + 1));
    }
  }
  // Optional qualifiers duplicated (written twice).
  for (const QualSlot &Q : F.Quals)
    if (Q.Pres == Presence::Optional && !Q.Values.empty()) {
      Inst I = B;
      I.Quals.push_back(Q.Values.front());
      I.Quals.push_back(Q.Values.front());
      Add(I, "dupopt" + Q.Slot, "optional " + Q.Slot + " " + Q.Values.front() + " written twice");
    }
  // Operands.
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const OperandSpec &O = F.Operands[K];
    auto With = [&](OperandChoice C, StringRef Tag, std::string Desc, StringRef Expect = "?",
                    bool Isolated = false) {
      std::vector<OperandChoice> Ch(F.Operands.size());
      Ch[K] = std::move(C);
      Inst I = B;
      I.Ops = operands(F, Ch);
      Add(I, "op-" + O.Name + "-" + Tag.str(), "operand " + O.Name + ": " + Desc, Expect, Isolated);
    };
    if (O.Shape == OperandShape::Vector) {
      OperandChoice Short, Long;
      Short.Count = int(O.Count) - 1;
      Long.Count = int(O.Count) + 1;
      auto Exp = [&](unsigned N) {
        return llvm::is_contained(O.PtxasAlsoCounts, N) ? "accept" : "reject";
      };
      // An empty vector `{}` is a syntax error: isolated.
      With(Short, "short",
           std::to_string(O.Count - 1) + " registers, " + std::to_string(O.Count) + " expected",
           Exp(O.Count - 1), O.Count == 1);
      With(Long, "long",
           std::to_string(O.Count + 1) + " registers, " + std::to_string(O.Count) + " expected",
           Exp(O.Count + 1));
    }
    if (O.Shape != OperandShape::Immediate && !O.RegTypes.empty())
      for (const RegKind &RK : RegKinds) {
        if (llvm::is_contained(O.RegTypes, RK.Type) || StringRef(RK.Type) == ".pred")
          continue;
        OperandChoice C;
        C.RegType = RK.Type;
        With(C, std::string("type") + RK.Type,
             std::string("registers of type ") + RK.Type + " (accepted: " + join(O.RegTypes, " ") +
                 ")");
      }
    if (O.Shape == OperandShape::Immediate) {
      OperandChoice C;
      C.RegType = ".b32";
      With(C, "reg", "a register where an immediate is required");
    }
    if (!O.ImmAllowed && O.RegAllowed &&
        (O.Shape == OperandShape::Vector || O.Shape == OperandShape::Scalar)) {
      OperandChoice C;
      C.Imm = true;
      With(C, "imm", "immediates where registers are required");
      if (O.Shape == OperandShape::Vector && O.Count > 1) {
        C.Imm = false;
        C.ImmFirst = true;
        With(C, "imm1", "an immediate first element where registers are required");
      }
    }
    // Selectors out of range.
    for (size_t E = 0; E < O.Ranges.size(); ++E) {
      const ImmRange &R = O.Ranges[E];
      std::set<int64_t> Bad;
      if (!R.HardValues.empty()) {
        for (int64_t X = -1; X <= 5; ++X)
          if (!llvm::is_contained(R.HardValues, X))
            Bad.insert(X);
      } else {
        if (R.HardMax != INT64_MAX)
          Bad.insert(R.HardMax + 1);
        if (R.HardMin != INT64_MIN)
          Bad.insert(R.HardMin - 1);
        if (R.ValidMax != INT64_MAX && R.ValidMax < R.HardMax)
          Bad.insert(R.ValidMax + 1); // spec-undefined, ptxas accepts: warning
      }
      for (int64_t X : Bad) {
        OperandChoice C;
        C.Values = {defaultImm(O, 0), defaultImm(O, 1)};
        C.Values.resize(O.Shape == OperandShape::SelectorPair ? 2 : 1);
        C.Values[E] = X;
        bool Hard = !R.HardValues.empty() ? true : (X > R.HardMax || X < R.HardMin);
        With(C, "sel" + std::to_string(E) + "=" + std::to_string(X),
             "selector element " + std::to_string(E) + " = " + std::to_string(X),
             Hard ? "reject" : "accept");
      }
    }
    // The operand left out.
    if (!O.Optional) {
      OperandChoice C;
      C.Omit = true;
      With(C, "missing", "left out", "reject");
    }
  }
}

/// At an edge configuration (the form's minimum, the newest generic target):
/// each qualifier replaced by the other values of its slot, and each
/// optional qualifier written out, so that the gates of the neighbouring
/// forms and of the optional qualifiers are met at their edge too (the other
/// mutants run at the newest version on the highest target only).
void Generator::minMutants(const Form &F, Config Min) {
  std::vector<std::string> SlotOf;
  Inst B = base(F, Min.V, &SlotOf);
  for (size_t P = 0; P < B.Quals.size(); ++P) {
    auto SV = SlotValues.find(SlotOf[P]);
    if (SV == SlotValues.end() ||
        (F.Opcode == "wmma" &&
         (SlotOf[P] == ".op" || SlotOf[P] == ".matrix" || SlotOf[P] == ".mma")))
      continue;
    for (const std::string &V : SV->second) {
      if (V == B.Quals[P])
        continue;
      Inst I = B;
      I.Quals[P] = V;
      add(mk(F, I, Min, "mutant", "?", "mut:repl" + SlotOf[P] + "=" + V,
             SlotOf[P] + " " + B.Quals[P] + " replaced by " + V +
                 " at the minimum version/target"));
    }
  }
  for (const QualSlot &Q : F.Quals) {
    if (Q.Pres != Presence::Optional || writeOptional(F, Q, Min.V))
      continue;
    for (const std::string &V : Q.Values) {
      Inst I = B;
      I.Quals.push_back(V);
      add(mk(F, I, Min, "mutant", "?", "mut:opt" + Q.Slot + "=" + V,
             "optional " + Q.Slot + " " + V + " written at " + Min.str()));
    }
  }
}

void Generator::generateFamily(Family Fam) {
  Set = &formsOf(Fam);
  FamName = familyName(Fam).str();
  SlotValues.clear();
  for (const auto &E : Set->Vocab)
    for (const std::string &S : E.getValue().Slots)
      SlotValues[S].push_back(E.getKey().str());
  for (auto &SV : SlotValues)
    llvm::sort(SV.second);

  // Qualifiers of the other families that this one never uses.
  std::set<std::string> Foreign;
  for (Family Other : allFamilies())
    for (const auto &E : formsOf(Other).Vocab)
      if (!Set->Vocab.count(E.getKey()))
        Foreign.insert(E.getKey().str());
  std::set<std::string> ShapesDone;

  for (const Form &F : Set->Forms) {
    std::vector<Config> Mins = minConfigs(F);
    if (Mins.empty())
      ++Skipped[FamName + ": form with no carrying target"];
    for (const Config &C : Mins)
      add(mk(F, base(F, C.V), C, "valid", "accept", "min", "minimum PTX version and target"));
    Config Hi, HiGeneric;
    bool HaveHi = highConfig(F, Hi, false);
    if (highConfig(F, HiGeneric, true) && !(HaveHi && HiGeneric == Hi))
      add(mk(F, base(F, HiGeneric.V), HiGeneric, "valid", "accept", "high",
             "newest PTX version, generic target"));
    if (!HaveHi)
      continue;
    add(mk(F, base(F, Hi.V), Hi, "valid", "accept", "high", "newest PTX version, highest target"));
    validCases(F, Hi);
    gateCases(F, Mins);
  }
  if (NoMutants)
    return;
  // Mutants after every valid and gate case, so that a mutant of one form
  // that is another form's valid case keeps its "valid" label (cases are
  // deduplicated on configuration and text; the first one wins).
  for (const Form &F : Set->Forms) {
    std::vector<Config> Mins = minConfigs(F);
    Config Hi;
    if (!highConfig(F, Hi, false))
      continue;
    mutants(F, Hi);
    if (!Mins.empty())
      minMutants(F, Mins.front());
    // And on the newest generic target, where the arch-specific neighbours
    // (`.kind::*`, fp6/fp4 types) are not carried.
    Config HiGeneric;
    if (highConfig(F, HiGeneric, true) && !(HiGeneric == Hi))
      minMutants(F, HiGeneric);
    // Once per shape: each foreign qualifier appended.
    if (!ShapesDone.insert(F.Shape).second)
      continue;
    for (const std::string &V : Foreign) {
      Inst I = base(F, Hi.V);
      I.Quals.push_back(V);
      add(mk(F, I, Hi, "mutant", "?", "mut:foreign=" + V,
             "qualifier " + V + " of another family appended"));
    }
  }
  // Every combination the tables exclude (RejectedForm), with its would-be
  // operands, at the newest version on the highest target that carries its
  // gates: ptxas rejects it, except the "-ptxas-only" ones (warnings).
  for (const RejectedForm &R : Set->Rejected) {
    const Form &F = R.F;
    Config Hi;
    if (F.Operands.empty() || !highConfig(F, Hi, false)) {
      ++Skipped[FamName + ": rejected combination without operands or carrying target"];
      continue;
    }
    bool PtxasOnly = StringRef(R.Rule).endswith("-ptxas-only");
    add(mk(F, base(F, Hi.V), Hi, "mutant", PtxasOnly ? "accept" : "reject", "rejected:" + R.Rule,
           "excluded combination (" + R.Spec + "): " + R.Reason));
  }
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

void writeHeader(raw_ostream &OS, const Config &C, StringRef Name, unsigned N) {
  OS << "// " << Name << ": " << N << " case(s), generated by ptx-gen from the spec tables\n";
  OS << ".version " << C.V.str() << "\n";
  OS << ".target " << C.T.str() << "\n";
  OS << ".address_size 64\n\n";
  OS << ".shared .align 16 .b8 gen_smem[4096];\n";
  OS << ".global .align 16 .b8 gen_gmem[4096];\n\n";
  OS << ".visible .entry gen_kernel()\n{\n";
  for (const RegKind &K : RegKinds)
    OS << "  .reg " << K.Type << " " << K.Prefix << "<" << RegsPerKind << ">;\n";
}

unsigned countLines(StringRef S) { return unsigned(S.count('\n')); }

bool writeBatches(std::vector<Case> &Cases, StringRef Dir) {
  // Group by configuration (stable, in configuration order), isolate
  // syntax-breaking cases.
  std::map<Config, std::vector<size_t>> Groups;
  std::vector<size_t> Isolated;
  for (size_t I = 0; I < Cases.size(); ++I)
    (Cases[I].Isolated ? Isolated : Groups[Cases[I].C]).push_back(I);
  unsigned FileNo = 0;
  auto Emit = [&](const Config &C, ArrayRef<size_t> Idx, bool Single) -> bool {
    ++FileNo;
    char Num[16];
    snprintf(Num, sizeof(Num), "%04u", FileNo);
    std::string Name =
        (Single ? "s" : "b") + std::string(Num) + "-" + C.V.str() + "-" + C.T.str() + ".ptx";
    std::string Body;
    raw_string_ostream OS(Body);
    writeHeader(OS, C, Name, Idx.size());
    OS.flush();
    unsigned Line = countLines(Body) + 1;
    for (size_t I : Idx) {
      Case &K = Cases[I];
      K.File = Name;
      K.Line = Line++;
      Body += "  " + K.Text + "\n";
    }
    Body += "  ret;\n}\n";
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    std::error_code EC;
    raw_fd_ostream Out(Path, EC);
    if (EC) {
      errs() << "ptx-gen: cannot write " << Path << ": " << EC.message() << "\n";
      return false;
    }
    Out << Body;
    return true;
  };
  for (auto &G : Groups)
    for (size_t S = 0; S < G.second.size(); S += BatchSize)
      if (!Emit(
              G.first,
              ArrayRef<size_t>(G.second).slice(S, std::min<size_t>(BatchSize, G.second.size() - S)),
              false))
        return false;
  // Isolated cases: small batches of their own, so that the re-runs past
  // their syntax errors stay cheap and never touch the large batches.
  std::map<Config, std::vector<size_t>> IsoGroups;
  for (size_t I : Isolated)
    IsoGroups[Cases[I].C].push_back(I);
  const size_t IsoBatch = 25;
  for (auto &G : IsoGroups)
    for (size_t S = 0; S < G.second.size(); S += IsoBatch)
      if (!Emit(G.first,
                ArrayRef<size_t>(G.second).slice(S, std::min(IsoBatch, G.second.size() - S)), true))
        return false;
  return true;
}

std::string tsvField(std::string S) {
  for (char &C : S)
    if (C == '\t' || C == '\n')
      C = ' ';
  return S;
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(GenCat);
  cl::ParseCommandLineOptions(argc, argv,
                              "ptx-gen: differential-test cases from the spec tables\n");
  if (BatchSize == 0)
    BatchSize = 1;
  std::vector<Family> Fams;
  if (FamiliesOpt == "all") {
    Fams.assign(allFamilies().begin(), allFamilies().end());
  } else {
    SmallVector<StringRef, 8> Names;
    StringRef(FamiliesOpt).split(Names, ',', -1, false);
    for (StringRef N : Names) {
      bool Found = false;
      for (Family F : allFamilies())
        if (familyName(F) == N.trim()) {
          Fams.push_back(F);
          Found = true;
        }
      if (!Found) {
        errs() << "ptx-gen: unknown family '" << N << "'\n";
        return 2;
      }
    }
  }
  Generator G;
  for (Family F : Fams)
    G.generateFamily(F);

  if (std::error_code EC = sys::fs::create_directories(OutDir)) {
    errs() << "ptx-gen: cannot create " << OutDir << ": " << EC.message() << "\n";
    return 2;
  }
  if (!writeBatches(G.Cases, OutDir))
    return 2;

  SmallString<256> MPath(OutDir.getValue());
  sys::path::append(MPath, "manifest.tsv");
  std::error_code EC;
  raw_fd_ostream M(MPath, EC);
  if (EC) {
    errs() << "ptx-gen: cannot write " << MPath << ": " << EC.message() << "\n";
    return 2;
  }
  M << "id\tfile\tline\tkind\tfamily\texpect\tversion\ttarget\tisolated\tdescription\ttext\n";
  std::map<std::string, std::map<std::string, unsigned>> Counts;
  for (const Case &C : G.Cases) {
    M << tsvField(C.Id) << '\t' << C.File << '\t' << C.Line << '\t' << C.Kind << '\t' << C.Family
      << '\t' << C.Expect << '\t' << C.C.V.str() << '\t' << C.C.T.str() << '\t'
      << (C.Isolated ? 1 : 0) << '\t' << tsvField(C.Desc) << '\t' << tsvField(C.Text) << '\n';
    ++Counts[C.Family][C.Kind];
  }
  for (const auto &F : Counts) {
    errs() << F.first << ":";
    for (const auto &K : F.second)
      errs() << " " << K.first << "=" << K.second;
    errs() << "\n";
  }
  for (const auto &S : G.Skipped)
    errs() << "skipped " << S.second << ": " << S.first << "\n";
  errs() << G.Cases.size() << " cases\n";
  return 0;
}
