//===- IsaCompare.cpp - set and setp: comparisons and their types ---------===//
//
// The checks of set and setp (9.7.6.1-2, 9.7.7.1-2) that their syntax lines
// cannot say: the comparison fits the compared type; set's destination and
// source types form a pair ptxas has, and .ftz goes with a source that takes
// it. The legality is data, ptxas 13.0's answers (lib/Spec/Compare.h,
// test/isa/set-setp.test); the table checks leave set to this file
// (spec/isa/corrections.txt).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaCompare.h"
#include "Check/CheckUtil.h"
#include "Spec/Compare.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace check {

namespace {

/// The qualifiers of set, sorted into their places; false (and reported)
/// when one is unknown or repeated.
struct SetParts {
  int Cmp = -1, Bool = -1, Ftz = -1;
  llvm::SmallVector<int, 2> TypeAt;
};

bool splitSet(const Instruction &I, CheckContext &Ctx, SetParts &P) {
  const char *Sec = isaSectionOf(I.Opcode);
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    int *Place = spec::isCompareOp(Q)       ? &P.Cmp
                 : spec::isCompareBoolOp(Q) ? &P.Bool
                 : Q == ".ftz"              ? &P.Ftz
                                            : nullptr;
    if (!Place && spec::compareType(Q)) {
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
  const char *Sec = isaSectionOf(I.Opcode);
  if (P.Cmp < 0 || P.TypeAt.size() < 2) {
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.opcodeRange(),
                     "set needs a comparison, a destination type and a source type "
                     "(set.lt.u32.s32)");
    return false;
  }
  llvm::StringRef D = I.Qualifiers[P.TypeAt[0]], S = I.Qualifiers[P.TypeAt[1]];
  // Both are rows of the table: splitSet placed only its types.
  const spec::CompareType *DT = spec::compareType(D), *ST = spec::compareType(S);
  if (!spec::isWordOf(DT->SetSources, S)) {
    Ctx.Diags.report(Rule::IsaQualifierCombination, Sec, I.QualifierRanges[P.TypeAt[1]],
                     "set has no form with destination type " + D.str() + " and source type " +
                         S.str() +
                         "; a .u32/.s32 destination takes every source type, .f32 all but "
                         "the 16-bit floating-point ones");
    return false;
  }
  if (P.Ftz >= 0 && !ST->SetFtz)
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
  // source type); the comparison the one of spec::compareOps().
  int Cmp = -1, Ty = -1;
  const spec::CompareType *Type = nullptr;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (Cmp < 0 && spec::isCompareOp(Q)) {
      Cmp = static_cast<int>(K);
    } else if (const spec::CompareType *R = spec::compareType(Q)) {
      Ty = static_cast<int>(K);
      Type = R;
    }
  }
  if (Cmp < 0 || Ty < 0)
    return;
  llvm::StringRef C = I.Qualifiers[Cmp], T = I.Qualifiers[Ty];
  llvm::StringRef Valid = Type->Comparisons;
  if (spec::isWordOf(Valid, C))
    return;
  Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf(Op.Name), I.QualifierRanges[Cmp],
                   "comparison " + C.str() + " does not apply to " + T.str() + "; valid for " +
                       T.str() + ": " + Valid.str());
}

} // namespace check
} // namespace ptxlint
