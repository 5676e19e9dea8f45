//===- CheckWmma.cpp - checks for wmma.load, wmma.store and wmma.mma ------===//
//
// The forms live in lib/Spec/WmmaTables.cpp (9.7.14.4); the generic matcher
// (FormMatcher.h) binds qualifiers, checks operands and gates. This file adds
// what the tables cannot say, each established with ptxas 13.0
// (docs/differences/wmma-ldst.md):
//
//  - the sub-opcode: `wmma.load.a`, `wmma.store.d` and `wmma.mma` are one
//    token to ptxas, so `.a`/`.b`/`.c`/`.d` must follow `.load`/`.store`
//    directly, and `.popc` must come after `.xor`/`.and`;
//  - `.aligned`: an error before PTX ISA 6.3, required from 6.3 (the spec
//    says "considered implicit" before 6.3);
//  - `.satfinite` on floating-point wmma.mma: a warning before 6.5, an error
//    from 6.5;
//  - a repeated `.sync` (and, on integer wmma.mma, `.satfinite`) is accepted
//    by ptxas: a warning, not a duplicate-qualifier error;
//  - forms ptxas accepts although the spec does not list them (the tables'
//    "-ptxas-only" rejected forms): a warning;
//  - undefined behaviour the spec names for wmma.load/store operands: a
//    stride below the leading dimension, strides and address offsets not
//    multiples of the fragment size (9.7.14.4.2);
//  - qualifiers ptxas accepts and ignores (ldmatrix's format qualifiers,
//    `.pred` on wmma.mma): warnings;
//  - operand rules of ptxas the generic operand check does not cover:
//    immediates typed against the registers beside them, fragments made of
//    constants only, address register types, immediate addresses, symbols
//    of the wrong state space;
//  - ptxas takes PTX ISA 6.0 wmma at the undocumented version 5.1.
//
// Some helpers here are shared with CheckLdmatrix.cpp (stmatrix); they are
// declared there.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Check/Rules.h"
#include "Spec/Spec.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace ptxlint {

namespace spec {
// lib/Spec/WmmaTables.cpp (9.7.14.4.2).
unsigned wmmaDefaultStride(llvm::StringRef Shape, llvm::StringRef Matrix, llvm::StringRef Layout);
unsigned wmmaElementBits(llvm::StringRef Type);
} // namespace spec

namespace {

using spec::Family;
namespace mr = check::matcher_rules;

const char *const WmmaSec = "9.7.14.4";
const char *const StorageSec = "9.7.14.4.2";
const char *const LoadSec = "9.7.14.4.3";
const char *const StoreSec = "9.7.14.4.4";
const char *const MmaSec = "9.7.14.4.5";

/// Rules of this file (the matcher's own rules are added in wmmaRules()).
const RuleInfo OwnRules[] = {
    {"wmma-operation", WmmaSec, Severity::Error,
     "wmma must be followed directly by .load, .store or .mma",
     "wmma.sync.load.a.aligned.row.m16n16k16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];",
     "write wmma.load, wmma.store or wmma.mma"},
    {"wmma-load-qualifier-position", LoadSec, Severity::Error,
     "the matrix qualifier (.a, .b or .c) must follow wmma.load directly: ptxas reads "
     "wmma.load.a as one name",
     "wmma.load.sync.aligned.a.row.m16n16k16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];",
     "move the matrix qualifier right after .load"},
    {"wmma-store-qualifier-position", StoreSec, Severity::Error,
     ".d must follow wmma.store directly: ptxas reads wmma.store.d as one name",
     "wmma.store.sync.aligned.d.row.m16n16k16.f32 [%rd0], {%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "move .d right after .store"},
    {"wmma-mma-qualifier-position", MmaSec, Severity::Error,
     ".popc must come after the .xor/.and operation of single-bit wmma.mma",
     "wmma.mma.popc.xor.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r0,%r1}, {%r2}, {%r3}, "
     "{%r4,%r5};",
     "write .xor.popc (or .and.popc)"},
    {"wmma-load-redundant-qualifier", LoadSec, Severity::Warning,
     "a repeated .sync is accepted by ptxas but redundant",
     "wmma.load.a.sync.sync.aligned.row.m16n16k16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];",
     "remove the repeated qualifier"},
    {"wmma-store-redundant-qualifier", StoreSec, Severity::Warning,
     "a repeated .sync is accepted by ptxas but redundant",
     "wmma.store.d.sync.sync.aligned.row.m16n16k16.f32 [%rd0], {%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "remove the repeated qualifier"},
    {"wmma-mma-redundant-qualifier", MmaSec, Severity::Warning,
     "a repeated .sync or .satfinite is accepted by ptxas but redundant",
     "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite.satfinite "
     "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, {%r8,%r9}, {%r10,%r11}, "
     "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7};",
     "remove the repeated qualifier"},
    {"wmma-load-ignored-qualifier", LoadSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores ldmatrix's format qualifiers (.b8x16, .b6x16_p32, "
     ".b4x16_p64) on wmma.load, and a stray type (.b1, .s4, .u4, .bf16, .tf32) after the .s32 "
     "of wmma.load.c with .m8n8k32/.m8n8k128",
     "wmma.load.a.sync.aligned.row.m16n16k16.b8x16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0];",
     "remove the qualifier"},
    {"wmma-store-ignored-qualifier", StoreSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores ldmatrix's format qualifiers (.b8x16, .b6x16_p32, "
     ".b4x16_p64) on wmma.store, and a stray type (.b1, .s4, .u4, .bf16, .tf32) after the .s32 "
     "of wmma.store.d with .m8n8k32/.m8n8k128",
     "wmma.store.d.sync.aligned.row.m16n16k16.b8x16.f32 [%rd0], "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "remove the qualifier"},
    {"wmma-mma-ignored-qualifier", MmaSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores ldmatrix's format qualifiers (.b8x16, .b6x16_p32, "
     ".b4x16_p64) and .pred on wmma.mma",
     "wmma.mma.sync.aligned.row.col.m16n16k16.pred.f32.f32 {%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7}, "
     "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "remove the qualifier"},
    {"wmma-load-ptxas-only", LoadSec, Severity::Warning,
     "ptxas accepts wmma.load.c with .f32 for .m8n8k32/.m8n8k128, which the spec does not "
     "define (the accumulator is .s32)",
     "wmma.load.c.sync.aligned.row.m8n8k32.f32 {%r0,%r1}, [%rd0];", "use .s32"},
    {"wmma-store-ptxas-only", StoreSec, Severity::Warning,
     "ptxas accepts wmma.store.d with .f32 for .m8n8k32/.m8n8k128, which the spec does not "
     "define (the accumulator is .s32)",
     "wmma.store.d.sync.aligned.row.m8n8k128.f32 [%rd0], {%r0,%r1};", "use .s32"},
    {"wmma-mma-ptxas-only", MmaSec, Severity::Warning,
     "ptxas accepts double precision wmma.mma with .m16n16k16 and .m16n16k8, which the spec "
     "does not define (f64 wmma is .m8n8k4)",
     "wmma.mma.sync.aligned.row.col.m16n16k16.f64.f64.f64.f64 "
     "{%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7}, {%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7}, "
     "{%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7}, {%fd0,%fd1,%fd2,%fd3,%fd4,%fd5,%fd6,%fd7};",
     "use .m8n8k4"},
    {"wmma-mma-satfinite", MmaSec, Severity::Error,
     ".satfinite on floating-point wmma.mma is deprecated in PTX ISA 6.4 and removed in 6.5 "
     "(a ptxas error from 6.5, a warning before)",
     "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7}, "
     "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "remove .satfinite"},
    {"wmma-load-layout", LoadSec, Severity::Error,
     "sub-byte and single-bit matrix A is loaded .row only, matrix B .col only",
     "wmma.load.a.sync.aligned.col.m8n8k32.s4 {%r0}, [%rd0];", "use .row for A, .col for B"},
    {"wmma-mma-layout", MmaSec, Severity::Error,
     "sub-byte and single-bit wmma.mma is .row.col only",
     "wmma.mma.sync.aligned.row.row.m8n8k32.s32.s4.s4.s32 {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};",
     "use .row.col"},
    {"wmma-load-stride", StorageSec, Severity::Warning,
     "a stride below the default (the leading dimension) is undefined behaviour, and the "
     "stride in bytes must be a multiple of the fragment size",
     "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0], 8;",
     "pass the leading dimension of the matrix in memory"},
    {"wmma-store-stride", StorageSec, Severity::Warning,
     "a stride below the default (the leading dimension) is undefined behaviour, and the "
     "stride in bytes must be a multiple of the fragment size",
     "wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd0], {%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7}, 4;",
     "pass the leading dimension of the matrix in memory"},
    {"wmma-load-state-space", LoadSec, Severity::Error,
     "wmma.load reads .global or .shared memory: with an explicit state space the address "
     "must not name a symbol of another one (a ptxas error); a generic address outside "
     ".global and .shared is undefined behaviour (a warning)",
     ".shared .b8 s[512];\nwmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
     "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [s];",
     "write the state space the symbol is declared in"},
    {"wmma-store-state-space", StoreSec, Severity::Error,
     "wmma.store writes .global or .shared memory: with an explicit state space the address "
     "must not name a symbol of another one (a ptxas error); a generic address outside "
     ".global and .shared is undefined behaviour (a warning)",
     ".const .b8 c[1024];\nwmma.store.d.sync.aligned.row.m16n16k16.f32 [c], "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "write the state space the symbol is declared in"},
    {"wmma-mma-immediate-type", MmaSec, Severity::Error,
     "an immediate inside a fragment must have the type of the registers beside it (an "
     "integer literal among integer registers, a floating-point literal among .f32/.f64/.b32 "
     "registers, none among .f16x2 registers); a fragment of constants only is taken or "
     "refused depending on its type; and none in b of integer .m16n16k16 or .tf32 .m16n16k8, "
     "nor a 0d literal in the .f16 c of an .f32 d (refused when ptxas lowers the instruction)",
     "wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 {%fd0,%fd1}, {0}, {%fd2}, "
     "{%fd3,%fd4};",
     "use registers (or constants of the fragment's type)"},
    {"wmma-store-immediate-type", StoreSec, Severity::Error,
     "an immediate inside a stored fragment must have the type of the registers beside "
     "it; "
     "with 32-bit registers only 0f (single precision) floating-point literals are "
     "accepted",
     ".reg .f32 %f<8>; .reg .b64 %rd<2>; wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd0], "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,1.0};",
     "write 0f3F800000 (or use a register)"},
    {"wmma-load-alignment", StorageSec, Severity::Warning,
     "the address must be aligned to the fragment size in bytes",
     "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, "
     "[%rd0+16];",
     "use an offset that is a multiple of the fragment size"},
    {"wmma-store-alignment", StorageSec, Severity::Warning,
     "the address must be aligned to the fragment size in bytes",
     "wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd0+16], "
     "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};",
     "use an offset that is a multiple of the fragment size"},
};

SourceRange qualRange(const Instruction &I, unsigned Idx, const check::CheckContext &Ctx) {
  if (Idx < I.QualifierRanges.size() && I.QualifierRanges[Idx].isValid())
    return I.QualifierRanges[Idx];
  SourceRange R = Ctx.rangeOf(I.Qualifiers[Idx]);
  return R.isValid() ? R : I.opcodeRange();
}

int findQual(const Instruction &I, llvm::ArrayRef<const char *> Values, unsigned From = 0) {
  for (unsigned K = From; K < I.Qualifiers.size(); ++K)
    if (llvm::is_contained(Values, I.Qualifiers[K]))
      return static_cast<int>(K);
  return -1;
}

std::string ruleOf(Family F, llvm::StringRef Suffix) { return check::ruleId(F, Suffix); }

/// Repeated `.sync` (and `.satfinite` on wmma.mma), which ptxas accepts:
/// reported here as warnings and hidden from the matcher.
void skipRedundant(const Instruction &I, Family Fam, check::CheckContext &Ctx,
                   std::vector<unsigned> &Skip) {
  std::vector<const char *> Allowed = {".sync"};
  if (Fam == Family::WmmaMma)
    Allowed.push_back(".satfinite");
  for (const char *Q : Allowed) {
    int First = findQual(I, {Q});
    if (First < 0)
      continue;
    for (int K = findQual(I, {Q}, First + 1); K >= 0; K = findQual(I, {Q}, K + 1)) {
      Skip.push_back(K);
      SourceRange R = qualRange(I, K, Ctx);
      Diagnostic &D = Ctx.Diags.warning(
          ruleOf(Fam, "redundant-qualifier"), spec::familySection(Fam), R,
          "'" + std::string(Q) + "' is written more than once (ptxas accepts the repetition)");
      D.Fixes.push_back({R, ""});
    }
  }
}

/// Exact set match of I's qualifiers against F's slots (types positional);
/// used for the tables' "-ptxas-only" rejected forms, which the matcher
/// would report as errors.
bool qualsMatch(const Instruction &I, const spec::Form &F, llvm::ArrayRef<unsigned> Skip) {
  std::vector<bool> Used(F.Quals.size(), false);
  std::vector<llvm::StringRef> Types;
  auto IsType = [&](llvm::StringRef Q) {
    for (const spec::QualSlot &S : F.Quals)
      if (S.Group == spec::OrderGroup::Type && S.accepts(Q))
        return true;
    return false;
  };
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
    if (llvm::is_contained(Skip, K))
      continue;
    llvm::StringRef Q = I.Qualifiers[K];
    if (IsType(Q)) {
      Types.push_back(Q);
      continue;
    }
    bool Bound = false;
    for (unsigned J = 0; J < F.Quals.size() && !Bound; ++J)
      if (!Used[J] && F.Quals[J].Group != spec::OrderGroup::Type && F.Quals[J].accepts(Q))
        Used[J] = Bound = true;
    if (!Bound)
      return false;
  }
  unsigned T = 0;
  for (unsigned J = 0; J < F.Quals.size(); ++J) {
    const spec::QualSlot &S = F.Quals[J];
    if (S.Group == spec::OrderGroup::Type) {
      if (T >= Types.size() || !S.accepts(Types[T]))
        return false;
      Used[J] = true;
      ++T;
    }
    if (!Used[J] && !S.isOmittable())
      return false;
  }
  return T == Types.size();
}

const spec::RejectedForm *findPtxasOnly(const Instruction &I, Family Fam,
                                        llvm::ArrayRef<unsigned> Skip) {
  for (const spec::RejectedForm &R : spec::formsOf(Fam).Rejected)
    if (llvm::StringRef(R.Rule).endswith("-ptxas-only") && qualsMatch(I, R.F, Skip))
      return &R;
  return nullptr;
}

/// The sub-opcode (`.load`, `.store`, `.mma`) and, for loads and stores, the
/// matrix qualifier right after it. Returns false when the instruction
/// cannot be classified.
bool checkSubOpcode(const Instruction &I, check::CheckContext &Ctx, Family &Fam, bool &Reordered) {
  static const char *const Ops[] = {".load", ".store", ".mma"};
  int Op = findQual(I, Ops);
  if (Op != 0) {
    SourceRange R = Op > 0 ? qualRange(I, Op, Ctx) : I.opcodeRange();
    std::string Msg = Op > 0 ? "'" + std::string(I.Qualifiers[Op]) +
                                   "' must follow 'wmma' directly (ptxas reads wmma.load, "
                                   "wmma.store and wmma.mma as names)"
                             : "wmma needs an operation: one of .load, .store, .mma";
    if (Op < 0 && !I.Qualifiers.empty())
      Msg += " (found '" + std::string(I.Qualifiers[0]) + "'" +
             check::didYouMean(I.Qualifiers[0], llvm::ArrayRef<const char *>(Ops)) + ")";
    Ctx.Diags.error("wmma-operation", WmmaSec, R, Msg);
    return false;
  }
  llvm::StringRef OpQ = I.Qualifiers[0];
  Fam = OpQ == ".load" ? Family::WmmaLoad : OpQ == ".store" ? Family::WmmaStore : Family::WmmaMma;
  Reordered = false;
  // ptx-lint's parser takes whitespace or a comment between an opcode's
  // dotted parts, as ptxas does elsewhere; `wmma.load.a` and `wmma.mma` are
  // one name to ptxas, which refuses a break inside them (syntax error).
  auto Gap = [&](unsigned K) {
    if (K >= I.QualifierRanges.size() || !I.QualifierRanges[K].isValid())
      return false;
    uint32_t PrevEnd = K == 0 ? I.opcodeRange().End : I.QualifierRanges[K - 1].End;
    return PrevEnd != SourceRange::Invalid && I.QualifierRanges[K].Begin != PrevEnd;
  };
  unsigned NameParts = Fam != Family::WmmaMma && I.Qualifiers.size() > 1 &&
                               (I.Qualifiers[1] == ".a" || I.Qualifiers[1] == ".b" ||
                                I.Qualifiers[1] == ".c" || I.Qualifiers[1] == ".d")
                           ? 2
                           : 1;
  for (unsigned K = 0; K < NameParts; ++K)
    if (Gap(K)) {
      std::string Name = "wmma";
      for (unsigned J = 0; J < NameParts; ++J)
        Name += std::string(I.Qualifiers[J]);
      Diagnostic &D = Ctx.Diags.error(
          "wmma-operation", WmmaSec, qualRange(I, K, Ctx),
          "'" + Name + "' is one name to ptxas: no whitespace or comment may separate its parts");
      uint32_t PrevEnd = K == 0 ? I.opcodeRange().End : I.QualifierRanges[K - 1].End;
      D.Fixes.push_back({SourceRange(PrevEnd, I.QualifierRanges[K].Begin), ""});
      return false;
    }
  if (Fam == Family::WmmaMma) {
    int Popc = findQual(I, {".popc"});
    int BitOp = findQual(I, {".xor", ".and"});
    if (Popc >= 0 && BitOp > Popc) {
      Ctx.Diags.error("wmma-mma-qualifier-position", MmaSec, qualRange(I, Popc, Ctx),
                      "'.popc' must come after '" + std::string(I.Qualifiers[BitOp]) + "' (write " +
                          std::string(I.Qualifiers[BitOp]) + ".popc)");
      Reordered = true;
    }
    return true;
  }
  std::vector<const char *> Matrices;
  if (Fam == Family::WmmaLoad)
    Matrices = {".a", ".b", ".c"};
  else
    Matrices = {".d"};
  int M = findQual(I, Matrices);
  if (M > 1) {
    SourceRange R = qualRange(I, M, Ctx);
    Diagnostic &D = Ctx.Diags.error(Fam == Family::WmmaLoad ? "wmma-load-qualifier-position"
                                                            : "wmma-store-qualifier-position",
                                    spec::familySection(Fam), R,
                                    "'" + std::string(I.Qualifiers[M]) + "' must follow '" +
                                        OpQ.str() + "' directly (ptxas reads wmma" + OpQ.str() +
                                        std::string(I.Qualifiers[M]) + " as one name)");
    SourceRange OpR = qualRange(I, 0, Ctx);
    if (OpR.isValid() && R.isValid()) {
      D.Fixes.push_back({SourceRange(OpR.End, OpR.End), std::string(I.Qualifiers[M])});
      D.Fixes.push_back({R, ""});
    }
    Reordered = true;
  }
  return true;
}

/// `.aligned`: required from PTX ISA 6.3, an error before (ptxas: "Feature
/// '.aligned modifier for wmma' requires PTX ISA .version 6.3 or later").
void checkAligned(const Instruction &I, Family Fam, check::CheckContext &Ctx) {
  if (!Ctx.Version.isValid())
    return;
  int A = findQual(I, {".aligned"});
  PtxVersion V63(6, 3);
  if (A >= 0 && Ctx.Version < V63) {
    check::requirePtx(Ctx, V63, qualRange(I, A, Ctx), ruleOf(Fam, mr::PtxVersion),
                      spec::familySection(Fam), "'.aligned' on wmma");
    return;
  }
  if (A < 0 && Ctx.Version >= V63) {
    int Sync = findQual(I, {".sync"});
    SourceRange R = Sync >= 0 ? qualRange(I, Sync, Ctx) : I.opcodeRange();
    Diagnostic &D = Ctx.Diags.error(ruleOf(Fam, mr::MissingQualifier), spec::familySection(Fam), R,
                                    "'.aligned' is required from PTX ISA 6.3 (module is .version " +
                                        Ctx.Version.str() + "); it was implicit before");
    if (Sync >= 0 && R.isValid())
      D.Fixes.push_back({SourceRange(R.End, R.End), ".aligned"});
  }
}

/// `.satfinite` on floating-point wmma.mma (PTX ISA notes of 9.7.14.4.5).
void checkFpSatfinite(const Instruction &I, const spec::Form &F, check::CheckContext &Ctx) {
  bool Float = F.DType != ".s32";
  int S = findQual(I, {".satfinite"});
  if (!Float || S < 0)
    return;
  SourceRange R = qualRange(I, S, Ctx);
  // An unknown version is not gated (a warning either way).
  bool Removed = Ctx.Version.isValid() && Ctx.Version >= PtxVersion(6, 5);
  std::string Msg = "'.satfinite' on floating-point wmma.mma ";
  Msg +=
      Removed ? "is removed from PTX ISA 6.5" : "is deprecated (PTX ISA 6.4) and removed from 6.5";
  if (Ctx.Version.isValid())
    Msg += " (module is .version " + Ctx.Version.str() + ")";
  Msg += "; ptxas warns that it may produce unexpected results on sm_70 and later";
  Diagnostic &D = Removed ? Ctx.Diags.error("wmma-mma-satfinite", MmaSec, R, Msg)
                          : Ctx.Diags.warning("wmma-mma-satfinite", MmaSec, R, Msg);
  D.Fixes.push_back({R, ""});
}

/// How ptxas types a vector element for "Vector with elements of different
/// types are not allowed".
enum class ElemKind { Bits, Int, Float, Packed, Unknown };

ElemKind elemKind(llvm::StringRef T) {
  if (T == ".b32" || T == ".b64")
    return ElemKind::Bits;
  if (T == ".s32" || T == ".u32" || T == ".s64" || T == ".u64")
    return ElemKind::Int;
  if (T == ".f32" || T == ".f64")
    return ElemKind::Float;
  if (T.endswith("x2"))
    return ElemKind::Packed;
  return ElemKind::Unknown;
}

} // namespace

namespace check {

/// The base register of an address must be a 32- or 64-bit integer or bit
/// register (ptxas: "Illegal to use symbol '%f0' of type .f32 as address
/// operand. Use integer or bit only"; 16-bit ones fail in its builtins,
/// except where Allow16 says so).
void checkAddressRegister(const Instruction &I, unsigned PIdx, const spec::Form &F,
                          CheckContext &Ctx, bool Allow16) {
  if (PIdx >= I.Operands.size() || PIdx >= F.Operands.size() ||
      I.Operands[PIdx].Kind != OperandKind::Address || I.Operands[PIdx].Elements.empty())
    return;
  const Operand &Base = I.Operands[PIdx].Elements[0];
  if (Base.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Ctx.Syms.lookup(Base.Text);
  const spec::OperandSpec &O = F.Operands[PIdx];
  if (!R || R->StateSpace != ".reg" || O.RegTypes.empty() ||
      llvm::is_contained(O.RegTypes, R->Type))
    return;
  // ldmatrix/stmatrix with an explicit .shared{::cta} also take 16-bit
  // integer registers (a .shared window offset); generic addresses do not.
  if (Allow16 && (R->Type == ".b16" || R->Type == ".u16" || R->Type == ".s16"))
    return;
  for (const Diagnostic &D : Ctx.Diags.diagnostics())
    if (D.Range == Base.Range && D.Sev == Severity::Error)
      return;
  Diagnostic &D =
      Ctx.Diags.error(ruleId(F.Fam, matcher_rules::RegisterType), F.Spec, Base.Range,
                      "the address register must be a 32- or 64-bit integer or bit register, but " +
                          std::string(Base.Text) + " is " + R->Type.str());
  if (R->DeclRange.isValid())
    D.Notes.push_back({R->DeclRange, std::string(Base.Text) + " is declared here"});
}

/// A source fragment written with constants only (no register to type it):
/// which constants ptxas 13.0 takes depends on the fragment, differently
/// from mma (probed for every wmma.mma/wmma.store/stmatrix form, see
/// docs/differences/wmma-ldst.md). Reports only what ptxas rejects and the
/// generic operand check did not already report.
void checkConstantFragment(const Instruction &I, unsigned Idx, const spec::Form &F,
                           llvm::StringRef Rule, CheckContext &Ctx) {
  if (Idx >= I.Operands.size() || Idx >= F.Operands.size() ||
      I.Operands[Idx].Kind != OperandKind::Vector)
    return;
  const Operand &V = I.Operands[Idx];
  const Operand *First = nullptr;
  for (const Operand &E : V.Elements) {
    if (E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink)
      return; // typed by its registers
    if (E.isImmediate() && !First)
      First = &E;
  }
  if (!First)
    return;
  const spec::OperandSpec &O = F.Operands[Idx];
  llvm::StringRef T = O.ElemType;
  enum {
    IntLit,
    F32Lit,
    F64Lit
  } Lit = First->Kind == OperandKind::IntImm
              ? IntLit
              : (llvm::StringRef(First->Text).startswith("0f") ||
                         llvm::StringRef(First->Text).startswith("0F")
                     ? F32Lit
                     : F64Lit);
  bool Accepted;
  if (F.Fam == Family::Stmatrix) {
    Accepted = Lit == F32Lit;
  } else if (T == ".f64") {
    // f64: a float literal anywhere; an integer only in c.
    Accepted = Lit != IntLit || O.Name == "c";
  } else if (T == ".s32" || T == ".s4" || T == ".u4") {
    Accepted = Lit == IntLit;
  } else if (T == ".f32") {
    Accepted = Lit == F32Lit;
  } else {
    Accepted = false; // .f16, .bf16, .tf32, .s8, .u8, .b1
  }
  if (Accepted)
    return;
  for (const Diagnostic &D : Ctx.Diags.diagnostics())
    if (D.Range == V.Range && D.Sev == Severity::Error)
      return;
  Ctx.Diags.error(Rule, F.Spec, V.Range,
                  "fragment " + O.Name + " (" + T.str() +
                      " elements) is made of constants only and ptxas refuses it with " +
                      (Lit == IntLit   ? "integer"
                       : Lit == F32Lit ? "0f"
                                       : "double-precision") +
                      " constants; write registers");
}

/// Immediates inside the source fragment I.Operands[Idx] (established with
/// ptxas 13.0: an integer literal only among .b/.s/.u registers, a float
/// literal only among .b/.f registers, nothing among packed .f16x2 ones; the
/// wmma.store builtin also refuses 0d and decimal literals beside 32-bit
/// registers). Shared with CheckLdmatrix.cpp (stmatrix).
void checkFragmentImmediates(const Instruction &I, unsigned Idx, llvm::StringRef Rule,
                             llvm::StringRef Sec, bool SingleOnly, CheckContext &Ctx) {
  if (Idx >= I.Operands.size() || I.Operands[Idx].Kind != OperandKind::Vector)
    return;
  const Operand &V = I.Operands[Idx];
  bool Int = false, Float = false, Packed = false, Wide = false;
  std::string Example;
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *R = Ctx.Syms.lookup(E.Text);
    if (!R)
      continue;
    ElemKind K = elemKind(R->Type);
    Int |= K == ElemKind::Int;
    Float |= K == ElemKind::Float;
    Packed |= K == ElemKind::Packed;
    Wide |= R->Type.endswith("64");
    if (Example.empty() && K != ElemKind::Unknown)
      Example = std::string(E.Text) + " (" + R->Type.str() + ")";
  }
  if (Example.empty())
    return;
  for (const Operand &E : V.Elements) {
    if (!E.isImmediate())
      continue;
    bool IsFloat = E.Kind == OperandKind::FloatImm;
    std::string Why;
    if (Packed)
      Why = "no immediate may stand beside packed registers such as " + Example;
    else if (IsFloat && Int)
      Why = "a floating-point literal cannot stand beside integer registers such as " + Example;
    else if (!IsFloat && Float)
      Why = "an integer literal cannot stand beside floating-point registers such as " + Example +
            "; write it as 0f/0d hexadecimal";
    else if (IsFloat && SingleOnly && !Wide && !llvm::StringRef(E.Text).startswith("0f") &&
             !llvm::StringRef(E.Text).startswith("0F"))
      Why = "beside 32-bit registers ptxas accepts only single-precision 0f literals here";
    if (Why.empty())
      continue;
    // The generic operand check may have reported this constant already.
    bool Reported = false;
    for (const Diagnostic &D : Ctx.Diags.diagnostics())
      Reported |= D.Range == E.Range && D.Sev == Severity::Error;
    if (Reported)
      continue;
    Ctx.Diags.error(Rule, Sec, E.Range,
                    "immediate '" + std::string(E.Text) + "' in fragment " + std::to_string(Idx) +
                        ": " + Why + " (ptxas: vector elements must have one type)");
  }
}

} // namespace check

namespace {

/// Literal kinds, as a mask.
enum LitKind : unsigned { IntLit = 1, F32Lit = 2, F64Lit = 4, AnyLit = 7 };

/// Immediates among the registers of a wmma.mma fragment that ptxas 13.0
/// refuses in its lowering (a later phase: "Arguments mismatch for
/// instruction '_mma'" or "'mov'", reported only when the rest of the file is
/// clean) although the vector is well typed. Probed for every wmma.mma form,
/// operand, element position and literal kind (docs/differences/wmma-ldst.md);
/// an empty field matches anything.
struct RefusedImmediate {
  const char *Shape, *AType, *DType, *CType, *Operand;
  unsigned Lits;
  const char *Ptxas; ///< the instruction ptxas names
};
const RefusedImmediate RefusedImmediates[] = {
    {".m16n16k16", ".s8", "", "", "b", IntLit | F64Lit, "_mma"},
    {".m16n16k16", ".u8", "", "", "b", IntLit | F64Lit, "_mma"},
    {".m16n16k8", ".tf32", "", "", "b", AnyLit, "_mma"},
    {"", "", ".f32", ".f16", "c", F64Lit, "mov"},
};

unsigned litKind(const Operand &E) {
  if (E.Kind == OperandKind::IntImm)
    return IntLit;
  return llvm::StringRef(E.Text).startswith("0f") || llvm::StringRef(E.Text).startswith("0F")
             ? F32Lit
             : F64Lit;
}

void checkLoweredImmediates(const Instruction &I, const spec::Form &F, check::CheckContext &Ctx) {
  auto Is = [](const char *Want, const std::string &Have) { return !*Want || Have == Want; };
  for (const RefusedImmediate &R : RefusedImmediates) {
    if (!Is(R.Shape, F.Shape) || !Is(R.AType, F.AType) || !Is(R.DType, F.DType) ||
        !Is(R.CType, F.CType))
      continue;
    unsigned Idx = 0;
    while (Idx < F.Operands.size() && F.Operands[Idx].Name != R.Operand)
      ++Idx;
    if (Idx >= I.Operands.size() || I.Operands[Idx].Kind != OperandKind::Vector)
      continue;
    const Operand &V = I.Operands[Idx];
    bool AnyReg = llvm::any_of(V.Elements, [](const Operand &E) {
      return E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink;
    });
    if (!AnyReg) // constants only: checkConstantFragment's business
      continue;
    for (const Operand &E : V.Elements) {
      if (!E.isImmediate() || !(litKind(E) & R.Lits))
        continue;
      bool Reported = false;
      for (const Diagnostic &D : Ctx.Diags.diagnostics())
        Reported |= D.Range == E.Range && D.Sev == Severity::Error;
      if (!Reported)
        Ctx.Diags.error(
            "wmma-mma-immediate-type", MmaSec, E.Range,
            "immediate '" + std::string(E.Text) + "' in " + R.Operand + " of wmma.mma " + F.Shape +
                " with " + F.AType + " inputs" +
                (*R.CType ? " and " + F.CType + " c, " + F.DType + " d" : std::string()) +
                ": ptxas 13.0 refuses it when lowering the instruction "
                "(\"Arguments mismatch for instruction '" +
                R.Ptxas + "'\"); write a register");
      break;
    }
  }
}

/// The address symbol's state space against the instruction's (ptxas:
/// "State space mismatch between instruction and address").
void checkStateSpace(const Instruction &I, unsigned PIdx, const std::string &Prefix,
                     const char *Sec, check::CheckContext &Ctx) {
  if (PIdx >= I.Operands.size() || I.Operands[PIdx].Kind != OperandKind::Address)
    return;
  const Operand &P = I.Operands[PIdx];
  if (P.Elements.empty() || P.Elements[0].Kind != OperandKind::Name)
    return;
  const check::RegisterInfo *Sym = Ctx.Syms.lookup(P.Elements[0].Text);
  if (!Sym || Sym->StateSpace.empty() || Sym->StateSpace == ".reg")
    return;
  llvm::StringRef Space = Sym->StateSpace;
  llvm::StringRef Written;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".global" || Q.startswith(".shared"))
      Written = Q;
  std::string Name = std::string(P.Elements[0].Text);
  if (!Written.empty()) {
    llvm::StringRef Base = Written.startswith(".shared") ? ".shared" : ".global";
    if (Space == Base)
      return;
    Diagnostic &D = Ctx.Diags.error(Prefix + "state-space", Sec, P.Elements[0].Range,
                                    "'" + Name + "' is declared in " + Space.str() +
                                        ", but the instruction accesses " + Written.str() +
                                        " (ptxas: state space mismatch)");
    if (Sym->DeclRange.isValid())
      D.Notes.push_back({Sym->DeclRange, "declared here"});
    return;
  }
  if (Space == ".global" || Space == ".shared")
    return;
  // ptxas rejects .const and .param symbols even in a generic address; a
  // .local one it accepts, and the access is undefined (9.7.14.4.3).
  bool Rejected = Space != ".local";
  std::string Msg = "'" + Name + "' is declared in " + Space.str() +
                    ": wmma accesses only .global and .shared memory";
  Msg += Rejected ? " (ptxas: state space mismatch)"
                  : ", so this generic address is undefined behaviour";
  Diagnostic &D = Rejected
                      ? Ctx.Diags.error(Prefix + "state-space", Sec, P.Elements[0].Range, Msg)
                      : Ctx.Diags.warning(Prefix + "state-space", Sec, P.Elements[0].Range, Msg);
  if (Sym->DeclRange.isValid())
    D.Notes.push_back({Sym->DeclRange, "declared here"});
}

/// `[imm]`: ptxas allows immediate addresses only for .local ("Immediate
/// addresses allowed only for .local state space").
void checkImmediateAddress(const Instruction &I, unsigned PIdx, Family Fam,
                           check::CheckContext &Ctx) {
  if (PIdx >= I.Operands.size() || I.Operands[PIdx].Kind != OperandKind::Address ||
      !I.Operands[PIdx].Elements.empty())
    return;
  Ctx.Diags.error(ruleOf(Fam, mr::OperandKind), spec::familySection(Fam), I.Operands[PIdx].Range,
                  "an immediate address is not allowed: ptxas accepts [constant] only in the "
                  ".local state space; use a register or a symbol");
}

/// 9.7.14.4.2: stride and address alignment of wmma.load/wmma.store.
void checkStorage(const Instruction &I, const spec::Form &F, Family Fam, check::CheckContext &Ctx) {
  bool IsLoad = Fam == Family::WmmaLoad;
  const spec::QualSlot *M = F.slot(".matrix");
  const spec::QualSlot *L = F.slot(".layout");
  const spec::OperandSpec *Frag = F.operand("r");
  if (!M || !L || !Frag || M->Values.empty() || L->Values.empty())
    return;
  llvm::StringRef Matrix = M->Values.front();
  llvm::StringRef Type = Matrix == ".a"   ? F.AType
                         : Matrix == ".b" ? F.BType
                         : Matrix == ".c" ? F.CType
                                          : F.DType;
  unsigned RegBytes = Type == ".f64" ? 8 : 4;
  unsigned FragBytes = Frag->Count * RegBytes;
  unsigned ElemBits = spec::wmmaElementBits(Type);
  std::string Prefix = IsLoad ? "wmma-load-" : "wmma-store-";

  unsigned PIdx = IsLoad ? 1 : 0;
  if (PIdx < I.Operands.size()) {
    const Operand &P = I.Operands[PIdx];
    if (P.Kind == OperandKind::Address && P.HasOffset && FragBytes &&
        P.IntValue % static_cast<int64_t>(FragBytes) != 0)
      Ctx.Diags.warning(Prefix + "alignment", StorageSec, P.Range,
                        "address offset " + std::to_string(P.IntValue) +
                            " is not a multiple of the fragment size (" +
                            std::to_string(FragBytes) + " bytes for " + F.Shape + " " + Type.str() +
                            "); the address must be aligned to it");
  }
  checkStateSpace(I, PIdx, Prefix, IsLoad ? LoadSec : StoreSec, Ctx);
  if (I.Operands.size() >= 3 && I.Operands[2].Kind == OperandKind::FloatImm)
    Ctx.Diags.error(ruleOf(Fam, mr::ImmediateNotAllowed), IsLoad ? LoadSec : StoreSec,
                    I.Operands[2].Range,
                    "the stride is a 32-bit integer (a count of matrix elements), found the "
                    "floating-point constant " +
                        std::string(I.Operands[2].Text));
  if (I.Operands.size() < 3 || I.Operands[2].Kind != OperandKind::IntImm)
    return;
  const Operand &S = I.Operands[2];
  int64_t Stride = S.IntValue;
  unsigned Default =
      spec::wmmaDefaultStride(F.Shape, Matrix == ".d" ? ".c" : Matrix, L->Values.front());
  if (Default && Stride < static_cast<int64_t>(Default)) {
    Ctx.Diags.warning(Prefix + "stride", StorageSec, S.Range,
                      "stride " + std::to_string(Stride) + " is below the default stride " +
                          std::to_string(Default) + " (the leading dimension of this " + F.Shape +
                          " " + L->Values.front() + " matrix); the behaviour is undefined");
    return;
  }
  if (FragBytes && (Stride * ElemBits) % (FragBytes * 8) != 0)
    Ctx.Diags.warning(
        Prefix + "stride", StorageSec, S.Range,
        "stride " + std::to_string(Stride) + " (" + std::to_string(Stride * ElemBits / 8) +
            " bytes) is not a multiple of the fragment size (" + std::to_string(FragBytes) +
            " bytes): rows after the first are misaligned");
}

} // namespace

llvm::ArrayRef<RuleInfo> wmmaRules() {
  static const std::vector<RuleInfo> All = [] {
    std::vector<RuleInfo> V(std::begin(OwnRules), std::end(OwnRules));
    for (Family F : {Family::WmmaLoad, Family::WmmaStore, Family::WmmaMma})
      for (const RuleInfo &R : check::matcherRules(F))
        V.push_back(R);
    return V;
  }();
  return All;
}

namespace check {

void checkWmma(const Instruction &I, CheckContext &Ctx) {
  Family Fam;
  bool Reordered = false;
  if (!checkSubOpcode(I, Ctx, Fam, Reordered))
    return;

  MatchOptions Opts;
  Opts.ReportOrder = !Reordered; // the position error says it already
  skipRedundant(I, Fam, Ctx, Opts.Skip);
  // ldmatrix's format qualifiers (and `.pred` on wmma.mma, anywhere and any
  // number of times), which ptxas ignores on wmma.
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    bool Pred = Fam == Family::WmmaMma && Q == ".pred";
    if (Q != ".b8x16" && Q != ".b6x16_p32" && Q != ".b4x16_p64" && !Pred)
      continue;
    Opts.Skip.push_back(K);
    SourceRange R = qualRange(I, K, Ctx);
    Diagnostic &D =
        Ctx.Diags.warning(ruleOf(Fam, "ignored-qualifier"), spec::familySection(Fam), R,
                          "'" + Q.str() + "' " +
                              (Pred ? std::string("is not a type of wmma.mma")
                                    : "is an ldmatrix format qualifier with no meaning for " +
                                          spec::familyName(Fam).str()) +
                              "; ptxas 13.0 accepts and ignores it");
    D.Fixes.push_back({R, ""});
  }

  const spec::Form *F = nullptr;
  if (const spec::RejectedForm *R = findPtxasOnly(I, Fam, Opts.Skip)) {
    int Bad = -1;
    if (const spec::QualSlot *S = R->F.slot(R->BadSlot))
      for (const std::string &V : S->Values)
        if ((Bad = findQual(I, {V.c_str()})) >= 0)
          break;
    Ctx.Diags.warning(R->Rule, R->Spec, Bad >= 0 ? qualRange(I, Bad, Ctx) : I.opcodeRange(),
                      R->Reason);
    F = &R->F;
    checkOperands(I, *F, Ctx);
    checkGates(I, *F, Ctx);
  } else {
    MatchResult M = matchForm(I, Fam, Ctx, Opts);
    if (!M.F) {
      checkAligned(I, Fam, Ctx);
      return;
    }
    F = M.F;
    checkOperands(I, *F, Ctx);
    if (Ctx.Version == PtxVersion(5, 1) && F->MinPtx == PtxVersion(6, 0)) {
      // ptxas 13.0 accepts PTX ISA 6.0 wmma at the undocumented 5.1 (which
      // the module-level version-undocumented rule already reports).
      CheckContext As60 = Ctx;
      As60.Version = PtxVersion(6, 0);
      checkGates(I, *F, As60);
    } else {
      checkGates(I, *F, Ctx);
    }
  }
  checkAligned(I, Fam, Ctx);
  if (Fam == Family::WmmaMma) {
    checkFpSatfinite(I, *F, Ctx);
    for (unsigned K = 1; K < 4; ++K) {
      checkFragmentImmediates(I, K, "wmma-mma-immediate-type", MmaSec, false, Ctx);
      checkConstantFragment(I, K, *F, "wmma-mma-immediate-type", Ctx);
    }
    checkLoweredImmediates(I, *F, Ctx);
  } else {
    checkImmediateAddress(I, Fam == Family::WmmaLoad ? 1 : 0, Fam, Ctx);
    checkAddressRegister(I, Fam == Family::WmmaLoad ? 1 : 0, *F, Ctx, false);
    checkStorage(I, *F, Fam, Ctx);
    if (Fam == Family::WmmaStore)
      checkFragmentImmediates(I, 1, "wmma-store-immediate-type", StoreSec, true, Ctx);
    if (Fam == Family::WmmaStore)
      checkConstantFragment(I, 1, *F, "wmma-store-immediate-type", Ctx);
  }
}

} // namespace check
} // namespace ptxlint
