//===- CheckUtil.h - shared helpers for the family checks -------*- C++ -*-===//
//
// Gating messages (PTX ISA version, target), "did you mean" suggestions and
// list formatting, so every check words its diagnostics the same way:
//   "<what> requires PTX ISA 7.8 (module is .version 7.0)"
//   "<what> requires sm_90 or higher (target is sm_80)"
//   "<what> requires sm_100a, sm_110a or sm_120a (target is sm_90)"
// This header is stable: family checks depend on it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKUTIL_H
#define PTXLINT_LIB_CHECK_CHECKUTIL_H

#include "Check/CheckContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <initializer_list>
#include <string>

namespace ptxlint {
namespace check {

/// An integer constant with a leading 0 is octal (PTX ISA 9.0, 4.5.1): true
/// when Lit (digits, an optional U) has such a 0 and then an 8 or a 9, which
/// ptxas 13.0 refuses ("Parsing error near '9'"; sample H's char-digit mutant
/// of a .loc line, `095`).
inline bool badOctal(llvm::StringRef Lit) {
  if (Lit.size() < 2 || Lit[0] != '0' || Lit[1] < '0' || Lit[1] > '9')
    return false;
  for (char C : Lit.drop_back(Lit.back() == 'U' || Lit.back() == 'u'))
    if (C < '0' || C > '9')
      return false;
  return Lit.find_first_of("89") != llvm::StringRef::npos;
}

/// S as an unsigned decimal (digits only, at most UINT_MAX), as
/// `S.getAsInteger(10, Out)` reads it, without its generic radix loop: true
/// on failure, and then Out is left as it was. The checker reads a type's
/// width and every .loc's numbers with it.
inline bool decimalFails(llvm::StringRef S, unsigned &Out) {
  if (S.empty())
    return true;
  uint64_t V = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return true;
    V = V * 10 + static_cast<unsigned>(C - '0');
    if (V > 0xffffffffu)
      return true;
  }
  Out = static_cast<unsigned>(V);
  return false;
}

//===----------------------------------------------------------------------===//
// Version and target gating
//===----------------------------------------------------------------------===//

/// "requires PTX ISA 7.8 (module is .version 7.0)".
std::string requiresPtxText(PtxVersion Need, PtxVersion Have);

/// "sm_90 or higher", "sm_90a", "sm_100f family", "sm_100a, sm_110a or sm_120a".
std::string describeTargets(llvm::ArrayRef<Target> AnyOf);

/// "requires sm_90 or higher (target is sm_80)".
std::string requiresTargetText(llvm::ArrayRef<Target> AnyOf, Target Have);

/// Reports an error (Rule, Spec, at R) when Ctx.Version is known and older
/// than Need: "<What> requires PTX ISA <Need> (module is .version <Have>)",
/// with a fix-it on the .version directive when it is in the file. Returns
/// true when the requirement holds (or the version is unknown).
bool requirePtx(CheckContext &Ctx, PtxVersion Need, SourceRange R, Rule Id, llvm::StringRef Spec,
                llvm::StringRef What);

/// Reports an error when Ctx.Tgt is known and does not satisfy AnyOf (see
/// spec::anyOfAllows: the one target model, spec::TargetGate): "<What> requires <targets> (target
/// is <Tgt>)". Returns true when the requirement holds (or the target is unknown).
bool requireTarget(CheckContext &Ctx, llvm::ArrayRef<Target> AnyOf, SourceRange R, Rule Id,
                   llvm::StringRef Spec, llvm::StringRef What);

/// Shorthand for requireTarget with a single "sm_NN or higher" entry.
bool requireSm(CheckContext &Ctx, unsigned MinSm, SourceRange R, Rule Id, llvm::StringRef Spec,
               llvm::StringRef What);

/// A Target value for tables: smT(90), smT(100, 'a').
constexpr Target smT(unsigned Sm, char Suffix = 0) {
  Target T;
  T.Sm = Sm;
  T.Suffix = Suffix;
  return T;
}

//===----------------------------------------------------------------------===//
// Suggestions and lists
//===----------------------------------------------------------------------===//

/// Levenshtein distance (insert, delete, substitute cost 1; case-sensitive).
unsigned editDistance(llvm::StringRef A, llvm::StringRef B);

/// The candidate closest to Word, or "" when none is close enough. The
/// default MaxDistance (0) allows about a third of Word's length (at least 1,
/// at most 3). Ties go to the earlier candidate. Exact matches return Word.
llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates,
                             unsigned MaxDistance = 0);
llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates,
                             unsigned MaxDistance = 0);

/// "; did you mean '.row'?" when a close candidate exists, else "".
std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates);
std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates);

/// "a, b or c" (Conj "or"/"and"); each item wrapped in Quote when given:
/// joinList({".row", ".col"}) == ".row or .col".
std::string joinList(llvm::ArrayRef<llvm::StringRef> Items, llvm::StringRef Conj = "or",
                     llvm::StringRef Quote = "");
std::string joinList(llvm::ArrayRef<const char *> Items, llvm::StringRef Conj = "or",
                     llvm::StringRef Quote = "");

/// "expected one of .row, .col (found .rwo)" style tail: "one of .row, .col".
std::string oneOf(llvm::ArrayRef<llvm::StringRef> Items);
std::string oneOf(llvm::ArrayRef<const char *> Items);

/// The range of the qualifier of I equal to Q (its first occurrence), else
/// the opcode's range.
SourceRange qualifierRange(const Instruction &I, llvm::StringRef Q);

//===----------------------------------------------------------------------===//
// Register operands
//===----------------------------------------------------------------------===//

/// What a register operand names, for the typing of matrix operands: a
/// declared register, a component of a declared vector register (`%v.x`,
/// `%v.r`), or a special register (`%laneid`, `%tid.x`, `%clock64`).
struct RegisterRef {
  const RegisterInfo *Decl = nullptr; ///< the declaration (of the vector, for a component)
  llvm::StringRef Type;               ///< element type; empty when unknown
  unsigned Width = 1;                 ///< 2 or 4 for a whole vector register
  bool Special = false;               ///< a special register (chapter 10)
  bool Component = false;             ///< `%v.x` of a vector register
  bool BadComponent = false;          ///< `%v.z` of a .v2 register (ptxas crashes)
  bool known() const { return !Type.empty(); }
};

/// Resolves Name against Ctx.Syms, then as a vector component, then as a
/// special register. Returns an unknown ref (known() false) for undeclared
/// names: reporting those is the symbol check's job, once per cause.
RegisterRef resolveRegister(const CheckContext &Ctx, llvm::StringRef Name);

/// The value of an integer constant expression such as `(8*2)` or `(1+1)`
/// (PTX ISA 4.6); false when Text names anything or is not an integer
/// expression.
bool evalConstantExpr(llvm::StringRef Text, int64_t &Out);

/// The named base of an address of one element: Addr.Elements[0] for `[g]`,
/// `[g+8]`, `[%rd1+-4]`, and for an offset the parsers keep as an expression
/// (`[g+(2*4)]`, `[g + 1 - 1]`, `[%rd1+4*(2)]`: ptxas reads a name, '+' and a
/// constant expression, PTX ISA 9.0 6.4.1) the name, written into Scratch with
/// its text and range. Null for an immediate address, an array element with a
/// register index and an expression that is not a name plus a constant (the
/// expression checks report those).
const Operand *addressBase(const Operand &Addr, const SourceFile &File, Operand &Scratch);

/// The same for an operand outside brackets: E itself for a name, the name
/// of `s+(4)` (cvta, mov) into Scratch, null otherwise.
const Operand *symbolBase(const Operand &E, const SourceFile &File, Operand &Scratch);

/// The PTX ISA section of an instruction, from its first form in the
/// whole-ISA tables ("" for an opcode they do not have): diagnostics name
/// the section from the tables, never as a literal.
const char *isaSectionOf(llvm::StringRef Opcode);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKUTIL_H
