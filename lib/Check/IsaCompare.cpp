//===- IsaCompare.cpp - set and setp: comparisons and their types ---------===//
//
// What the syntax lines of set and setp (9.7.6.1-2, 9.7.7.1-2) cannot say,
// measured against ptxas 13.0 (-arch sm_90, every comparison with every type,
// every set destination type with every source type; test/isa/set-setp.test):
//
//  - the comparison fits the compared type ("Mismatch between instruction
//    type and comparison qualifier"): .eq/.ne any type; .lt/.le/.gt/.ge not
//    on bit types; .lo/.ls/.hi/.hs unsigned only; .equ/.neu/.ltu/.leu/.gtu/
//    .geu/.num/.nan floating-point only;
//  - set: the destination and source types form a pair ptxas has ("Unexpected
//    instruction types specified for 'set'"), which is not what the two
//    sections' syntax lines write (set.f16.u32 assembles, set.f16.bf16 does
//    not), and .ftz only with a .f32, .f16 or .f16x2 source ("Illegal modifier
//    '.ftz'"). The table checks leave set to this file (spec/isa/corrections.txt).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaCompare.h"
#include "Check/CheckUtil.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace check {

namespace {

const char *const CmpOps[] = {".eq",  ".ne",  ".lt",  ".le",  ".gt",  ".ge",
                              ".lo",  ".ls",  ".hi",  ".hs",  ".equ", ".neu",
                              ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"};
const char *const BoolOps[] = {".and", ".or", ".xor"};
const char *const Types[] = {".b16", ".b32", ".b64", ".u16", ".u32",  ".u64",   ".s16",   ".s32",
                             ".s64", ".f32", ".f64", ".f16", ".bf16", ".f16x2", ".bf16x2"};

enum class Kind { Bit, Unsigned, Signed, Float };

Kind kindOf(llvm::StringRef T) {
  switch (T[1]) {
  case 'b':
    return T.startswith(".bf") ? Kind::Float : Kind::Bit;
  case 'u':
    return Kind::Unsigned;
  case 's':
    return Kind::Signed;
  default:
    return Kind::Float;
  }
}

/// The comparisons a type of kind K takes (ptxas 13.0).
llvm::StringRef validCmps(Kind K) {
  switch (K) {
  case Kind::Bit:
    return ".eq .ne";
  case Kind::Unsigned:
    return ".eq .ne .lt .le .gt .ge .lo .ls .hi .hs";
  case Kind::Signed:
    return ".eq .ne .lt .le .gt .ge";
  case Kind::Float:
    return ".eq .ne .lt .le .gt .ge .equ .neu .ltu .leu .gtu .geu .num .nan";
  }
  return "";
}

bool takes(llvm::StringRef Valid, llvm::StringRef Cmp) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Valid.split(Parts, ' ');
  return llvm::is_contained(Parts, Cmp);
}

/// set's (destination, source) pairs that ptxas 13.0 accepts.
bool setPairOk(llvm::StringRef D, llvm::StringRef S) {
  bool Half = S == ".f16" || S == ".bf16", Packed = S == ".f16x2" || S == ".bf16x2";
  if (D == ".u32" || D == ".s32")
    return true;
  if (D == ".f32")
    return !Half && !Packed;
  if (D == ".u16" || D == ".s16")
    return Half;
  if (D == ".f16")
    return !Packed && S != ".bf16";
  if (D == ".bf16")
    return !Packed;
  if (D == ".f16x2" || D == ".bf16x2")
    return S == D;
  return false;
}

/// The qualifiers of set, sorted into their places; false (and reported)
/// when one is unknown or repeated.
struct SetParts {
  int Cmp = -1, Bool = -1, Ftz = -1;
  llvm::SmallVector<int, 2> TypeAt;
};

bool splitSet(const Instruction &I, CheckContext &Ctx, SetParts &P) {
  const char *Sec = isaSectionOf("set");
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    int *Place = llvm::is_contained(CmpOps, Q)    ? &P.Cmp
                 : llvm::is_contained(BoolOps, Q) ? &P.Bool
                 : Q == ".ftz"                    ? &P.Ftz
                                                  : nullptr;
    if (!Place && llvm::is_contained(Types, Q)) {
      if (P.TypeAt.size() < 2) {
        P.TypeAt.push_back(static_cast<int>(K));
        continue;
      }
    } else if (!Place) {
      Ctx.Diags.report(Rule::IsaUnknownQualifier, Sec, I.QualifierRanges[K],
                       "unknown qualifier '" + Q.str() +
                           "' for set; valid: a comparison (.eq .ne .lt ...), .and .or .xor, "
                           ".ftz, a destination type and a source type");
      return false;
    } else if (*Place < 0) {
      *Place = static_cast<int>(K);
      continue;
    }
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.QualifierRanges[K],
                     "set takes one comparison, one .and/.or/.xor, one .ftz and two types; '" +
                         Q.str() + "' is one too many");
    return false;
  }
  return true;
}

/// Checks set's qualifiers and operand count; false when the qualifiers
/// were reported (the comparison is then not judged).
bool checkSet(const Instruction &I, CheckContext &Ctx) {
  SetParts P;
  if (!splitSet(I, Ctx, P))
    return false;
  const char *Sec = isaSectionOf("set");
  if (P.Cmp < 0 || P.TypeAt.size() < 2) {
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.opcodeRange(),
                     "set needs a comparison, a destination type and a source type "
                     "(set.lt.u32.s32)");
    return false;
  }
  llvm::StringRef D = I.Qualifiers[P.TypeAt[0]], S = I.Qualifiers[P.TypeAt[1]];
  if (!setPairOk(D, S)) {
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.QualifierRanges[P.TypeAt[1]],
                     "set has no form with destination type " + D.str() + " and source type " +
                         S.str() +
                         "; a .u32/.s32 destination takes every source type, .f32 all but "
                         "the 16-bit floating-point ones");
    return false;
  }
  if (P.Ftz >= 0 && S != ".f32" && S != ".f16" && S != ".f16x2")
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.QualifierRanges[P.Ftz],
                     ".ftz applies to a .f32, .f16 or .f16x2 source, not " + S.str());
  size_t Want = P.Bool >= 0 ? 4 : 3;
  if (I.Operands.size() != Want)
    Ctx.Diags.report(Rule::IsaOperandCount, Sec,
                     I.Operands.empty()
                         ? I.opcodeRange()
                         : SourceRange(I.Operands.front().Range.Begin, I.Operands.back().Range.End),
                     "'" + std::string(I.Opcode) + "' with " + (P.Bool >= 0 ? "a" : "no") +
                         " boolean operation takes " + std::to_string(Want) + " operands, found " +
                         std::to_string(I.Operands.size()));
  return true;
}

} // namespace

void checkCompare(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op) {
  if (Op.OwnCount && !checkSet(I, Ctx))
    return;
  // The compared type is the last type qualifier (setp's only one, set's
  // source type); the comparison the one of CmpOps.
  int Cmp = -1, Ty = -1;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (Cmp < 0 && llvm::is_contained(CmpOps, Q))
      Cmp = static_cast<int>(K);
    else if (llvm::is_contained(Types, Q))
      Ty = static_cast<int>(K);
  }
  if (Cmp < 0 || Ty < 0)
    return;
  llvm::StringRef C = I.Qualifiers[Cmp], T = I.Qualifiers[Ty];
  llvm::StringRef Valid = validCmps(kindOf(T));
  if (takes(Valid, C))
    return;
  Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf(Op.Name), I.QualifierRanges[Cmp],
                   "comparison " + C.str() + " does not apply to " + T.str() + "; valid for " +
                       T.str() + ": " + Valid.str());
}

} // namespace check
} // namespace ptxlint
