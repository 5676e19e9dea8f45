//===- Generator.cpp - valid and gate cases of the differential test ------===//
//
// Each form of the spec tables at its minimum PTX version and target(s) and
// at the newest, with its optional parts written out; each gate just below.
// The mutants are Mutants.cpp.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace ptxgen {

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
      Cands.reserve(Mins.size() + knownTargets().size());
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

void Generator::variantCases() {
  // Sample: the first form of each shape and type signature gets the operand
  // variants, the first of each shape the spellings, the first of each gate
  // set the configuration sweep. All: every form.
  bool All = Variants == VariantMode::All || AllVariantForms;
  std::set<std::string> Sigs, Shapes, GateSets;
  for (const Form &F : Set->Forms) {
    Config Hi;
    if (!highConfig(F, Hi, false))
      continue;
    std::string Sig = CiSample
                          ? F.Shape + "|" + F.AType
                          : F.Shape + "|" + F.AType + "|" + F.BType + "|" + F.CType + "|" +
                                F.DType + "|" + F.SType + "|" + std::to_string(F.Operands.size());
    for (const QualSlot &Q : F.Quals)
      if (Q.Slot == ".ss" || Q.Slot == ".num" || Q.Slot == ".trans" || Q.Slot == ".kind")
        Sig += "|" + Q.Values.front();
    std::string Gates;
    for (const Gate &G : F.Gates)
      Gates += G.MinPtx.str() + G.Targets.describe() + ";";
    if (All || Sigs.insert(Sig).second) {
      variants(F, Hi);
      multiErrors(F, minConfigs(F));
    }
    if (All || Shapes.insert(F.Shape).second)
      spellings(F, Hi);
    if (All || GateSets.insert(Gates).second)
      targetSweep(F);
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

  if (Variants == VariantMode::Only) {
    variantCases();
    return;
  }
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
  if (!WithMutants)
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
    bool PtxasOnly = R.Kind == RejectKind::PtxasOnly;
    add(mk(F, base(F, Hi.V), Hi, "mutant", PtxasOnly ? "accept" : "reject",
           std::string("rejected:") + ruleId(R.Rule),
           "excluded combination (" + R.Spec + "): " + R.Reason));
  }
  if (Variants != VariantMode::None)
    variantCases();
}

} // namespace ptxgen
