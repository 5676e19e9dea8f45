//===- Generator.h - the differential-test case generator -------*- C++ -*-===//
//
// The pieces of ptx-gen (ptx-gen.cpp says what it generates and why):
// registers, configurations (PTX version x target), cases, and the
// Generator, whose valid and gate cases are Generator.cpp and whose mutants
// are Mutants.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TOOLS_GEN_GENERATOR_H
#define PTXLINT_TOOLS_GEN_GENERATOR_H

#include "Spec/Spec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ptxgen {

using namespace llvm;
using namespace ptxlint;
using namespace ptxlint::spec;

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// Every register type the kernels declare, with its name prefix.
struct RegKind {
  const char *Type;
  const char *Prefix;
};
inline const RegKind RegKinds[] = {
    {".b32", "%r"},  {".u32", "%ru"},  {".s32", "%rs"},  {".f32", "%f"},  {".f16x2", "%hx"},
    {".b64", "%rd"}, {".u64", "%rdu"}, {".s64", "%rds"}, {".f64", "%fd"}, {".b16", "%h"},
    {".u16", "%hu"}, {".s16", "%hs"},  {".f16", "%hf"},  {".pred", "%p"},
};
constexpr unsigned RegsPerKind = 64;

inline const char *prefixOf(StringRef Type) {
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
inline const std::vector<PtxVersion> &allVersions() {
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

inline PtxVersion prevVersion(PtxVersion V) {
  PtxVersion P;
  for (PtxVersion X : allVersions())
    if (X < V)
      P = X;
  return P;
}

/// True when ptxas accepts `.target T` at `.version V` (and it is not renamed).
inline bool targetExistsAt(Target T, PtxVersion V) {
  const TargetInfo *I = findTarget(T);
  if (!I || V < I->Introduced)
    return false;
  return !(I->Removed.isValid() && V >= I->Removed);
}

inline PtxVersion introduced(Target T) {
  const TargetInfo *I = findTarget(T);
  return I ? I->Introduced : PtxVersion(1, 0);
}

inline PtxVersion maxV(PtxVersion A, PtxVersion B) {
  if (!A.isValid())
    return B;
  if (!B.isValid())
    return A;
  return A < B ? B : A;
}

/// A target's rank for "highest": generic < f < a on the same sm number.
inline int suffixRank(char S) { return S == 'a' ? 2 : S == 'f' ? 1 : 0; }

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

inline std::string firstType(const OperandSpec &O) {
  return O.RegTypes.empty() ? std::string(".b32") : O.RegTypes.front();
}

/// The value an immediate operand takes when nothing else is asked for.
inline int64_t defaultImm(const OperandSpec &O, unsigned Elem) {
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

/// wmma's `.aligned` is Optional in the tables because it is an error
/// before PTX ISA 6.3 and required from 6.3 (lib/Check/CheckWmma.cpp): the
/// generator writes it exactly where it is required.
inline bool writeOptional(const Form &F, const QualSlot &Q, PtxVersion V) {
  return F.Opcode == "wmma" && Q.Slot == ".aligned" && V >= PtxVersion(6, 3);
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
  /// False: only valid and gate cases (--no-mutants).
  bool WithMutants = true;
  /// The operand-form, spelling and configuration variants (Variants.cpp):
  /// none, a sample of the forms (one of each shape, type signature and gate
  /// set), or every form at every configuration.
  enum class VariantMode { None, Only, Sample, All };
  VariantMode Variants = VariantMode::None;
  /// Every PTX ISA version of every target in the configuration sweep, not
  /// only the edges.
  bool AllConfigs = false;
  /// With Only: every form, not a sample.
  bool AllVariantForms = false;
  /// A smaller sample for CI: one form of each shape (and of each ldmatrix/
  /// stmatrix .num/.trans/format) gets the operand variants.
  bool CiSample = false;
  /// Families whose syntax-breaking variants (isolated: each costs ptxas a
  /// pass) were made; in the CI sample only the first form of a family
  /// and, for spellings, of a shape gets them.
  std::set<std::string> IsoDone;
  /// Round robin of the destination vector registers (Variants.cpp).
  unsigned DestSeq = 0;

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
  void variants(const Form &F, Config Hi);
  void spellings(const Form &F, Config Hi);
  void multiErrors(const Form &F, const std::vector<Config> &Mins);
  void targetSweep(const Form &F);
  void variantCases();
};

} // namespace ptxgen

#endif // PTXLINT_TOOLS_GEN_GENERATOR_H
