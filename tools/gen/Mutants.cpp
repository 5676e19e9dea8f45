//===- Mutants.cpp - single-point mutants of each form ---------------------===//
//
// Each qualifier replaced by the others of its slot and by one of each other
// slot, dropped, duplicated, swapped with its neighbour; vectors one register
// short and long; wrong register types; immediates for registers; selectors
// out of range; and, at the minimum version and target, the same-slot
// replacements and optional qualifiers (ptx-gen.cpp has the whole list).
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace ptxgen {

namespace {
/// Each qualifier of B replaced by the others of its slot, by one of each
/// other slot and by an unknown one, dropped, duplicated and swapped with
/// its neighbour; Iso(P): the mutant of position P is batched apart.
template <typename AddFn, typename IsoFn>
void qualifierMutants(const Inst &B, const std::vector<std::string> &SlotOf,
                      const std::map<std::string, std::vector<std::string>> &SlotValues, AddFn &Add,
                      IsoFn &OpcodeSlot) {
  for (size_t P = 0; P < B.Quals.size(); ++P) {
    const std::string &Cur = B.Quals[P];
    const std::string &Slot = SlotOf[P];
    bool Iso = OpcodeSlot(P);
    auto Repl = [&](const std::string &V, StringRef Why) {
      Inst I = B;
      I.Quals[P] = V;
      Add(I, (Twine("repl") + Slot + "=" + V).str(),
          (Twine(Slot) + " " + Cur + " replaced by " + V + " (" + Why + ")").str(), "?", Iso);
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
          Repl(V, (Twine("from ") + Other.first).str());
          break;
        }
    }
    Repl(".foo", "unknown qualifier");
    Inst Drop = B;
    Drop.Quals.erase(Drop.Quals.begin() + P);
    Add(Drop, "drop" + Slot, (Twine(Slot) + " " + Cur + " dropped").str(), "?", Iso);
    Inst Dup = B;
    Dup.Quals.insert(Dup.Quals.begin() + P, Cur);
    Add(Dup, "dup" + Slot, (Twine(Slot) + " " + Cur + " duplicated").str(), "?", Iso);
    if (P + 1 < B.Quals.size() && B.Quals[P] != B.Quals[P + 1]) {
      Inst Sw = B;
      std::swap(Sw.Quals[P], Sw.Quals[P + 1]);
      Add(Sw, (Twine("swap") + Slot + SlotOf[P + 1]).str(),
          (Twine(Slot) + " " + Cur + " swapped with " + SlotOf[P + 1] + " " + B.Quals[P + 1]).str(),
          "?", Iso || OpcodeSlot(P + 1));
    }
  }
}
} // namespace

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
  qualifierMutants(B, SlotOf, SlotValues, Add, OpcodeSlot);
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
    auto With = [&](OperandChoice C, StringRef Tag, const std::string &Desc, StringRef Expect = "?",
                    bool Isolated = false) {
      std::vector<OperandChoice> Ch(F.Operands.size());
      Ch[K] = std::move(C);
      Inst I = B;
      I.Ops = operands(F, Ch);
      Add(I, (Twine("op-") + O.Name + "-" + Tag).str(),
          (Twine("operand ") + O.Name + ": " + Desc).str(), Expect, Isolated);
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

} // namespace ptxgen
