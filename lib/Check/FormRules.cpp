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
#include "llvm/ADT/StringMap.h"

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

#define R8 "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}"
#define F8 "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7}"
#define LDM "ldmatrix.sync.aligned.m8n8.x1.shared.b16 "
#define STM "stmatrix.sync.aligned.m8n8.x1.shared.b16 "
#define MOVM "movmatrix.sync.aligned.m8n8.trans.b16 "
#define WLOAD "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
#define WSTORE "wmma.store.d.sync.aligned.row.m16n16k16.global.f32 "
#define WMMA "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 "

/// Hand-written examples for the other families, where no edit of the
/// family's first form shows the rule (test/unit/RuleExamplesTest.cpp runs
/// every example and requires its rule to fire).
const char *familyExample(spec::Family F, StringRef Suffix) {
  using namespace matcher_rules;
  using spec::Family;
  struct Row {
    Family Fam;
    const char *Suffix, *Text;
  };
  static const Row Rows[] = {
      {Family::Ldmatrix, ConflictingQualifier,
       "ldmatrix.sync.aligned.m8n8.x1.x2.shared.b16 {%r0}, [%rd0];"},
      {Family::Ldmatrix, ImmediateNotAllowed,
       "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r0, 0}, [%rd0];"},
      {Family::Ldmatrix, PtxVersion, ".version 6.4 .target sm_75: " LDM "{%r0}, [%rd0];"},
      {Family::Ldmatrix, TargetArch, ".target sm_70: " LDM "{%r0}, [%rd0];"},
      {Family::Ldmatrix, RegisterType,
       ".reg .b64 %rd<2>; .reg .f64 %fd<2>; " LDM "{%fd0}, [%rd0];"},
      {Family::Stmatrix, ConflictingQualifier,
       "stmatrix.sync.aligned.m8n8.x1.x4.shared.b16 [%rd0], {%r0};"},
      {Family::Stmatrix, ImmediateNotAllowed,
       "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%rd0], {5};"},
      {Family::Stmatrix, PtxVersion, ".version 7.7 .target sm_90: " STM "[%rd0], {%r0};"},
      {Family::Stmatrix, TargetArch, ".target sm_80: " STM "[%rd0], {%r0};"},
      {Family::Stmatrix, RegisterType,
       ".reg .b64 %rd<2>; .reg .f64 %fd<2>; " STM "[%rd0], {%fd0};"},
      {Family::Movmatrix, OperandKind, MOVM "{%r0}, %r1;"},
      {Family::Movmatrix, ImmediateNotAllowed, MOVM "%r0, 1;"},
      {Family::Movmatrix, PtxVersion, ".version 7.7 .target sm_75: " MOVM "%r0, %r1;"},
      {Family::Movmatrix, TargetArch, ".target sm_70: " MOVM "%r0, %r1;"},
      {Family::Movmatrix, RegisterType, ".reg .b32 %r<2>; .reg .f64 %fd<2>; " MOVM "%fd0, %r1;"},
      {Family::WmmaLoad, ConflictingQualifier,
       "wmma.load.a.sync.aligned.row.m16n16k16.global.shared.f16 " R8 ", [%rd0];"},
      {Family::WmmaLoad, ImmediateNotAllowed, WLOAD "{0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];"},
      {Family::WmmaLoad, InvalidQualifier,
       "wmma.load.a.sync.aligned.row.m16n16k16.global.f64 " R8 ", [%rd0];"},
      {Family::WmmaLoad, PtxVersion,
       ".version 6.5 .target sm_80: wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 "
       "{%r0,%r1,%r2,%r3}, [%rd0];"},
      {Family::WmmaLoad, TargetArch,
       ".target sm_75: wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 {%r0,%r1,%r2,%r3}, "
       "[%rd0];"},
      {Family::WmmaLoad, RegisterType,
       ".reg .b64 %rd<2>; .reg .f64 %fd<8>; " WLOAD
       "{%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7}, [%rd0];"},
      {Family::WmmaStore, ConflictingQualifier,
       "wmma.store.d.sync.aligned.row.m16n16k16.global.shared.f32 [%rd0], " F8 ";"},
      {Family::WmmaStore, ImmediateNotAllowed,
       WSTORE "[%rd0], {0f00000000,0f00000000,0f00000000,0f00000000,0f00000000,"
              "0f00000000,0f00000000,0f00000000};"},
      {Family::WmmaStore, InvalidQualifier,
       "wmma.store.d.sync.aligned.row.m16n16k16.global.f64 [%rd0], " F8 ";"},
      {Family::WmmaStore, PtxVersion,
       ".version 6.5 .target sm_80: wmma.store.d.sync.aligned.row.m16n16k8.global.f32 [%rd0], " F8
       ";"},
      {Family::WmmaStore, TargetArch,
       ".target sm_75: wmma.store.d.sync.aligned.row.m16n16k8.global.f32 [%rd0], " F8 ";"},
      {Family::WmmaStore, RegisterType,
       ".reg .b64 %rd<2>; .reg .f64 %fd<8>; " WSTORE
       "[%rd0], {%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7};"},
      {Family::WmmaMma, ConflictingQualifier,
       "wmma.mma.sync.aligned.row.col.m16n16k16.m32n8k16.f32.f32 " F8 ", " R8 ", " R8 ", " F8 ";"},
      {Family::WmmaMma, TypeCombination,
       "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, "
       "{%r8,%r9}, {%r10,%r11}, {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7};"},
      {Family::WmmaMma, Advisory,
       "wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32 {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};"},
      {Family::WmmaMma, ImmediateNotAllowed,
       WMMA "{0f00000000,%f1,%f2,%f3,%f4,%f5,%f6,%f7}, " R8 ", " R8 ", " F8 ";"},
      {Family::WmmaMma, InvalidQualifier,
       "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f64 " F8 ", " R8 ", " R8 ", " F8 ";"},
      {Family::WmmaMma, PtxVersion,
       ".version 6.5 .target sm_80: wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 " F8
       ", {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, " F8 ";"},
      {Family::WmmaMma, TargetArch,
       ".target sm_75: wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 " F8
       ", {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, " F8 ";"},
      {Family::WmmaMma, RegisterType,
       ".reg .b32 %r<8>; .reg .f32 %f<8>; .reg .f64 %fd<8>; " WMMA F8
       ", {%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7}, " R8 ", " F8 ";"},
  };
  for (const Row &R : Rows)
    if (R.Fam == F && Suffix == R.Suffix)
      return R.Text;
  return "";
}

/// Whether the tables let the matcher report this rule for the family at
/// all (a rule that cannot fire is not registered for it).
bool canFire(spec::Family Fam, StringRef Suffix) {
  using namespace matcher_rules;
  const spec::FormSet &S = spec::formsOf(Fam);
  auto AnyForm = [&](auto Pred) {
    return llvm::any_of(S.Forms, Pred) ||
           llvm::any_of(S.Rejected, [&](const spec::RejectedForm &R) { return Pred(R.F); });
  };
  auto AnyOperand = [&](auto Pred) {
    return AnyForm([&](const spec::Form &F) { return llvm::any_of(F.Operands, Pred); });
  };
  if (Suffix == Deprecated)
    return AnyForm([](const spec::Form &F) { return !F.Deprecated.empty(); });
  if (Suffix == Advisory)
    return AnyForm([](const spec::Form &F) { return !F.Advisory.empty(); });
  if (Suffix == RegisterNotAllowed)
    return AnyOperand([](const spec::OperandSpec &O) { return !O.RegAllowed; });
  if (Suffix == ImmediateRange)
    return AnyOperand([](const spec::OperandSpec &O) {
      return llvm::any_of(O.Ranges, [](const spec::ImmRange &R) { return R.isRestricted(); });
    });
  if (Suffix == FragmentSize)
    return AnyOperand([](const spec::OperandSpec &O) {
      return O.Shape == spec::OperandShape::Vector && O.Count >= 2;
    });
  if (Suffix == TypeCombination) {
    std::string Id = ruleId(Fam, Suffix);
    return llvm::any_of(S.Rejected, [&](const spec::RejectedForm &R) { return R.Rule == Id; });
  }
  // ldmatrix and stmatrix list every invalid combination of their
  // qualifiers as a rejected form with its own rule (-type, -num, -trans).
  if (Suffix == InvalidQualifier &&
      (Fam == spec::Family::Ldmatrix || Fam == spec::Family::Stmatrix))
    return false;
  if (Suffix == ConflictingQualifier || Suffix == InvalidQualifier) {
    // Needs a slot with more than one value in the family's vocabulary.
    llvm::StringMap<unsigned> ValuesPerSlot;
    for (const auto &E : S.Vocab)
      for (const std::string &Slot : E.getValue().Slots)
        ++ValuesPerSlot[Slot];
    return llvm::any_of(ValuesPerSlot, [](const auto &E) { return E.getValue() > 1; });
  }
  return true;
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
      if (!canFire(F, T.Suffix))
        continue;
      Strings[Idx].push_back(ruleId(F, T.Suffix));
      const char *Id = Strings[Idx].back().c_str();
      std::string Example = Mma ? std::string(handExample(F, T.Suffix)) : "";
      if (Example.empty())
        Example = familyExample(F, T.Suffix);
      if (Example.empty())
        Example = derivedExample(F, T.Suffix);
      Strings[Idx].push_back(Example);
      Rows[Idx].push_back({Id, spec::familySection(F).data(), T.Sev, T.Summary,
                           Strings[Idx].back().c_str(), T.Fix});
    }
  });
  return Rows[Idx];
}

} // namespace check
} // namespace ptxlint
