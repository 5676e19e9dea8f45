//===- FormRules.cpp - rule rows of the generic form matcher ----*- C++ -*-===//
//
// The matcher's rules exist once per family ("mma-fragment-size",
// "ldmatrix-fragment-size", ...). Their bad examples are complete
// instructions: written by hand for mma and mma.sp, derived from the first
// form of the family's table for the other families.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"

#include "llvm/ADT/STLExtras.h"

#include <array>
#include <deque>
#include <mutex>

using namespace llvm;

namespace ptxlint {
namespace check {

namespace {

struct RuleText {
  const char *Suffix;
  Severity Sev;
  const char *Summary;
  const char *Fix;
};

const RuleText MatcherRuleTexts[] = {
    {matcher_rules::UnknownQualifier, Severity::Error,
     "every qualifier must belong to the family's grammar", "use the suggested qualifier"},
    {matcher_rules::DuplicateQualifier, Severity::Error,
     "a qualifier may be written once (ptxas tolerates a repeated .sync: a warning)",
     "remove the repetition"},
    {matcher_rules::ConflictingQualifier, Severity::Error, "two values for one qualifier slot",
     "keep one value"},
    {matcher_rules::MissingQualifier, Severity::Error,
     "required qualifiers (.sync, .aligned, shape, layouts, types, ...) must be written",
     "insert the missing qualifier"},
    {matcher_rules::InvalidQualifier, Severity::Error,
     "a qualifier value must be valid for the shape and the other qualifiers",
     "use one of the listed values"},
    {matcher_rules::TypeCombination, Severity::Error,
     "type combinations the spec excludes (e.g. m16n8k8: .dtype == .ctype)",
     "make the types agree"},
    {matcher_rules::QualifierOrder, Severity::Note,
     "qualifiers in another order than the spec's syntax line (ptxas accepts it)",
     "reorder as suggested"},
    {matcher_rules::OperandCount, Severity::Error, "the number of operands of the form",
     "write every operand"},
    {matcher_rules::FragmentSize, Severity::Error,
     "each fragment vector holds the registers the fragment tables give",
     "write the listed "
     "number of registers"},
    {matcher_rules::OperandKind, Severity::Error,
     "vector, scalar, address, pair or constant, as the form requires",
     "write the operand in "
     "the listed shape"},
    {matcher_rules::UndeclaredRegister, Severity::Error, "operands must be declared registers",
     "declare the register"},
    {matcher_rules::RegisterType, Severity::Error,
     "the declared type of each register must be one ptxas accepts for the operand",
     "declare the register .b32 (or one of the listed types)"},
    {matcher_rules::ImmediateNotAllowed, Severity::Error,
     "destinations and metadata must be registers; a fragment cannot be constants only",
     "use a register"},
    {matcher_rules::RegisterNotAllowed, Severity::Error, "operands that must be integer constants",
     "write a constant"},
    {matcher_rules::ImmediateRange, Severity::Error,
     "selector constants in the range ptxas accepts; outside the spec's range: a warning",
     "use a value in the listed range"},
    {matcher_rules::PtxVersion, Severity::Error,
     "the form needs the PTX ISA version that introduced it", "raise .version"},
    {matcher_rules::TargetArch, Severity::Error,
     "the form needs a target that carries it (sm_NN or higher, or specific a/f targets)",
     "change .target (the fix names a target)"},
    {matcher_rules::Deprecated, Severity::Warning, "forms ptxas reports as deprecated", ""},
    {matcher_rules::Advisory, Severity::Note,
     "ptxas advisories (e.g. prefer .sp::ordered_metadata)", "follow the advice"},
};

#define MMA16816 "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
#define OPS16816 "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};"
#define MMASP "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
#define OPSSP "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 0;"

/// Hand-written examples (complete instructions; each checked with
/// ptx-lint and ptxas) for mma and mma.sp, by rule suffix.
const char *handExample(spec::Family F, StringRef Suffix) {
  using namespace matcher_rules;
  bool Sp = F == spec::Family::MmaSp;
  struct Row {
    const char *Suffix, *Mma, *MmaSp;
  };
  static const Row Rows[] = {
      {UnknownQualifier, "mma.sync.aligned.m16n8k16.rwo.col.f32.f16.f16.f32 " OPS16816,
       "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.foo " OPSSP},
      {DuplicateQualifier, "mma.sync.aligned.aligned.m16n8k16.row.col.f32.f16.f16.f32 " OPS16816,
       "mma.sp::ordered_metadata.sync.aligned.aligned.m16n8k16.row.col.f32.f16.f16.f32 " OPSSP},
      {ConflictingQualifier,
       "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.and.popc {%r0,%r1}, {%r2}, {%r3}, "
       "{%r4,%r5};",
       "mma.sp::ordered_metadata.sync.aligned.m16n8k32.m16n8k64.row.col.s32.s8.s8.s32 "
       "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6,%r7}, {%r8,%r9,%r10,%r11}, %r12, 0;"},
      {MissingQualifier, "mma.sync.m16n8k16.row.col.f32.f16.f16.f32 " OPS16816,
       "mma.sp::ordered_metadata.sync.m16n8k16.row.col.f32.f16.f16.f32 " OPSSP},
      {InvalidQualifier, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f64 " OPS16816,
       "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32 " OPSSP},
      {TypeCombination,
       "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f32 {%r0,%r1}, {%r2,%r3}, {%r4}, "
       "{%f4,%f5,%f6,%f7};",
       "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32 {%r0,%r1}, "
       "{%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7}, %r6, 0;"},
      {QualifierOrder, "mma.m16n8k16.sync.aligned.row.col.f32.f16.f16.f32 " OPS16816,
       "mma.sp::ordered_metadata.m16n8k16.sync.aligned.row.col.f32.f16.f16.f32 " OPSSP},
      {OperandCount, MMA16816 "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5};",
       MMASP "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4;"},
      {FragmentSize, MMA16816 "{%f0,%f1}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
       MMASP "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 0;"},
      {OperandKind, MMA16816 "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %r4, {%f4,%f5,%f6,%f7};",
       MMASP "{%f0,%f1,%f2,%f3}, {_,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 0;"},
      {UndeclaredRegister,
       ".reg .b32 %r<8>; .reg .f32 %f<8>; " MMA16816
       "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%q5}, {%f4,%f5,%f6,%f7};",
       ".reg .b32 %r<8>; .reg .f32 %f<8>; " MMASP
       "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %q4, 0;"},
      {RegisterType,
       ".reg .u32 %u<4>; .reg .b32 %r<8>; .reg .f32 %f<8>; " MMA16816
       "{%f0,%f1,%f2,%f3}, {%u0,%u1,%u2,%u3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
       ".reg .b64 %rd<2>; .reg .b32 %r<8>; .reg .f32 %f<8>; " MMASP
       "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %rd0, 0;"},
      {ImmediateNotAllowed,
       MMA16816 "{0f00000000,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, "
                "{%f4,%f5,%f6,%f7};",
       MMASP "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, 0x4444, 0;"},
      {RegisterNotAllowed, "",
       MMASP "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, %r5;"},
      {ImmediateRange,
       "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 "
       "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7}, %r6, {1, 0}, %r7, "
       "{0, 0};",
       MMASP "{%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 4;"},
      {PtxVersion,
       ".version 7.0 .target sm_80: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
       "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
       ".version 8.0 .target sm_80: " MMASP OPSSP},
      {TargetArch,
       ".target sm_80: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
       "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
       ".target sm_80: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 "
       "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%f4,%f5,%f6,%f7}, %r8, 0;"},
      {Deprecated, "", ""},
      {Advisory, "",
       "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1}, "
       "{%r2,%r3}, {%f4,%f5,%f6,%f7}, %r4, 0;"},
  };
  for (const Row &R : Rows)
    if (Suffix == R.Suffix)
      return Sp ? R.MmaSp : R.Mma;
  return "";
}

/// Operand text for a form: registers %r0, %r1, ... (constants for
/// constant-only operands, [%rd0] for addresses).
std::vector<std::string> operandTexts(const spec::Form &F) {
  std::vector<std::string> Ops;
  unsigned N = 0;
  for (const spec::OperandSpec &O : F.Operands) {
    switch (O.Shape) {
    case spec::OperandShape::Vector: {
      std::string S = "{";
      for (unsigned K = 0; K < O.Count; ++K)
        S += (K ? ",%r" : "%r") + std::to_string(N++);
      Ops.push_back(S + "}");
      break;
    }
    case spec::OperandShape::Scalar:
      Ops.push_back("%r" + std::to_string(N++));
      break;
    case spec::OperandShape::Address:
      Ops.push_back("[%rd0]");
      break;
    case spec::OperandShape::SelectorPair:
      Ops.push_back("{0, 0}");
      break;
    case spec::OperandShape::Immediate:
      Ops.push_back("0");
      break;
    }
  }
  return Ops;
}

std::string join(ArrayRef<std::string> Ops) {
  std::string S;
  for (const std::string &O : Ops)
    S += (S.empty() ? "" : ", ") + O;
  return S;
}

/// An example derived from the family's first form, for the rules a
/// qualifier or operand edit triggers ("" for the others).
std::string derivedExample(spec::Family Fam, StringRef Suffix) {
  using namespace matcher_rules;
  ArrayRef<spec::Form> Forms = spec::enumerateForms(Fam);
  if (Forms.empty())
    return "";
  // A form that writes .aligned (the wmma tables start with pre-6.3 forms).
  const spec::Form *Base = &Forms.front();
  for (const spec::Form &G : Forms)
    if (G.slot(".aligned")) {
      Base = &G;
      break;
    }
  // Fragment examples need a vector of two registers or more.
  if (Suffix == FragmentSize || Suffix == OperandKind)
    for (const spec::Form &G : Forms)
      if (llvm::any_of(G.Operands, [](const spec::OperandSpec &O) {
            return O.Shape == spec::OperandShape::Vector && O.Count >= 2;
          })) {
        Base = &G;
        break;
      }
  const spec::Form &F = *Base;
  std::vector<std::string> Q;
  for (const spec::QualSlot &S : F.Quals)
    if (!S.isOmittable() || S.Slot == ".aligned")
      Q.push_back(S.Values.front());
  std::vector<std::string> Ops = operandTexts(F);
  auto Text = [&](ArrayRef<std::string> Quals, ArrayRef<std::string> O) {
    std::string S = F.Opcode;
    for (const std::string &X : Quals)
      S += X;
    return S + " " + join(O) + ";";
  };
  std::vector<std::string> X = Q;
  if (Suffix == UnknownQualifier) {
    X.insert(X.begin() + std::min<size_t>(X.size(), 2), ".foo");
    return Text(X, Ops);
  }
  if (Suffix == DuplicateQualifier || Suffix == MissingQualifier) {
    auto It = llvm::find(X, ".aligned");
    if (It == X.end())
      return "";
    if (Suffix == DuplicateQualifier)
      X.insert(It, ".aligned");
    else
      X.erase(It);
    return Text(X, Ops);
  }
  if (Suffix == QualifierOrder) {
    // The shape one place earlier: ptxas takes it, a note.
    auto It = llvm::find(X, F.Shape);
    if (F.Shape.empty() || It == X.end() || It - X.begin() < 2)
      return "";
    std::iter_swap(It, It - 1);
    return Text(X, Ops);
  }
  if (Suffix == OperandCount) {
    // Stop before the last operand that is not optional.
    for (size_t K = F.Operands.size(); K-- > 0;)
      if (!F.Operands[K].Optional) {
        Ops.resize(K);
        return Text(X, Ops);
      }
    return "";
  }
  if (Suffix == FragmentSize || Suffix == OperandKind) {
    for (size_t K = 0; K < F.Operands.size(); ++K) {
      const spec::OperandSpec &O = F.Operands[K];
      if (O.Shape != spec::OperandShape::Vector || O.Count < 2)
        continue;
      if (Suffix == FragmentSize)
        Ops[K] = Ops[K].substr(0, Ops[K].rfind(',')) + "}";
      else
        Ops[K] = Ops[K].substr(1, Ops[K].find(',') - 1);
      return Text(X, Ops);
    }
  }
  return "";
}

} // namespace

ArrayRef<RuleInfo> matcherRules(spec::Family F) {
  static std::array<std::vector<RuleInfo>, spec::NumFamilies> Rows;
  static std::array<std::deque<std::string>, spec::NumFamilies> Strings;
  static std::array<std::once_flag, spec::NumFamilies> Once;
  unsigned Idx = static_cast<unsigned>(F);
  std::call_once(Once[Idx], [&] {
    bool Mma = F == spec::Family::Mma || F == spec::Family::MmaSp;
    for (const RuleText &T : MatcherRuleTexts) {
      Strings[Idx].push_back(ruleId(F, T.Suffix));
      const char *Id = Strings[Idx].back().c_str();
      Strings[Idx].push_back(Mma ? std::string(handExample(F, T.Suffix))
                                 : derivedExample(F, T.Suffix));
      Rows[Idx].push_back({Id, spec::familySection(F).data(), T.Sev, T.Summary,
                           Strings[Idx].back().c_str(), T.Fix});
    }
  });
  return Rows[Idx];
}

} // namespace check
} // namespace ptxlint
