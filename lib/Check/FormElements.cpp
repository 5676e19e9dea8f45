//===- FormElements.cpp - one fragment element ------------------*- C++ -*-===//
//
// The operand checks of a matched form (FormOperands.cpp), element by
// element: one register or constant standing for one register of an
// operand (declaration, type, range), and the lowering of some forms to a
// built-in call that narrows what ptxas takes.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Check/FormOperandsImpl.h"
#include "Spec/MmaCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace ptxlint {
namespace check {

using spec::Form;
using spec::ImmRange;
using spec::OperandShape;
using spec::OperandSpec;

namespace formops {

/// "mma.m16n8k16 with .f32 accumulators" style context for messages.
std::string context(const Form &F, const OperandSpec &O) {
  std::string S = F.Opcode + (F.Sparse ? ".sp" : "") + F.Shape;
  if (!O.ElemType.empty() && (O.Name == "a" || O.Name == "b" || O.Name == "c" || O.Name == "d")) {
    bool Acc = O.Name == "c" || O.Name == "d";
    S += " with " + O.ElemType + (Acc ? " accumulators" : " inputs");
  }
  return S;
}

/// ptxas takes .pred registers in every fragment of ldmatrix, stmatrix and
/// movmatrix (a warning: the spec asks for .b32).
static bool predicateTolerated(const Form &F) {
  return F.Fam == spec::Family::Ldmatrix || F.Fam == spec::Family::Stmatrix ||
         F.Fam == spec::Family::Movmatrix;
}

std::string regList(const OperandSpec &O) {
  SmallVector<StringRef, 8> Refs(O.RegTypes.begin(), O.RegTypes.end());
  return joinList(Refs, "or");
}

static void checkRangeOf(const Operand &A, const ImmRange &R, const std::string &What,
                         const Form &F, CheckContext &Ctx) {
  int64_t V = A.IntValue;
  Rule Id = familyRule(F.Fam, FamilyRule::ImmediateRange);
  if (!R.HardValues.empty() && !llvm::is_contained(R.HardValues, V)) {
    std::string Set;
    for (int64_t H : R.HardValues)
      Set += (Set.empty() ? "" : ", ") + std::to_string(H);
    Ctx.Diags.report(Id, R.Spec, A.Range,
                     What + " must be one of {" + Set + "} (" + R.Reason + "), found " +
                         std::to_string(V));
    return;
  }
  // ptxas checks some operands that must be one value ("unexpected value
  // '1', expected to be 0") in their low 32 bits: 0x100000000 passes as 0
  // (ImmRange::Low32). A range ("out of range [0..1]") it checks in 64 bits
  // (probed, ptxas 13.0).
  std::string Found = std::to_string(V);
  if (R.Low32 && int64_t(uint32_t(V)) != V) {
    V = int64_t(uint32_t(V));
    Found = std::string(A.Text) + " (" + std::to_string(V) + " in its low 32 bits)";
  }
  if (V < R.HardMin || V > R.HardMax) {
    std::string Allowed = R.HardMin == R.HardMax ? "be " + std::to_string(R.HardMin)
                                                 : "be in " + std::to_string(R.HardMin) + ".." +
                                                       std::to_string(R.HardMax);
    Ctx.Diags.report(Id, R.Spec, A.Range,
                     What + " must " + Allowed + " (" + R.Reason + "), found " + Found);
    return;
  }
  if (V < R.ValidMin || V > R.ValidMax)
    Ctx.Diags.report(Severity::Warning, Id, R.Spec, A.Range,
                     What + " " + std::to_string(V) + " is undefined behaviour: the spec allows " +
                         std::to_string(R.ValidMin) + ".." + std::to_string(R.ValidMax) + " (" +
                         R.Reason + ")");
}

/// A constant expression (`(1+1)`, `(8*2)`) stands where an integer
/// constant does (ptxas folds it): Tmp as an IntImm with its value, else A.
const Operand &folded(const Operand &A, Operand &Tmp) {
  int64_t V;
  // `(1+1)` parses as a parenthesised list of one expression, `((0))` as
  // one inside another (ptxas takes both).
  const Operand *In = &A;
  while (In->Kind == OperandKind::List && In->Elements.size() == 1)
    In = &In->Elements[0];
  if (In != &A && In->Kind == OperandKind::IntImm) {
    V = In->IntValue;
  } else if (In->Kind != OperandKind::Expr || !evalConstantExpr(In->Text, V)) {
    return A;
  }
  Tmp = A;
  Tmp.Kind = OperandKind::IntImm;
  Tmp.IntValue = V;
  Tmp.Elements = {};
  return Tmp;
}

/// The size of a register type in bits (0 for .pred and unknown types).
unsigned typeBits(StringRef T) {
  if (T == ".pred" || T.size() < 3)
    return 0;
  // The usual register types (.b32, .f16, .u64 ...) without the general
  // parse below: this runs for every register of every matrix operand.
  if (T.size() == 4 && T[2] >= '1' && T[2] <= '9' && T[3] >= '0' && T[3] <= '9' &&
      (T[1] == 'b' || T[1] == 'f' || T[1] == 'u' || T[1] == 's'))
    return unsigned(T[2] - '0') * 10 + unsigned(T[3] - '0');
  if (T.endswith("x2"))
    return 2 * typeBits(T.drop_back(2));
  if (T.startswith(".bf"))
    T = T.drop_front();
  unsigned N = 0;
  if (T.drop_front(2).getAsInteger(10, N))
    return T == ".tf32" ? 32 : 0;
  return N;
}

/// True when ptxas lowers F to a built-in call on the module's target
/// (Form::BuiltinOn: sub-byte and single-bit mma, mma.sp, wmma.mma).
bool loweredToBuiltin(const Form &F, const CheckContext &Ctx) {
  return F.BuiltinOn.isRestricted() && Ctx.Tgt.isValid() &&
         F.BuiltinOn.allows(Ctx.Tgt, Ctx.Version);
}

/// True when O is passed to the built-in call of a lowered form.
bool isBuiltinArg(const Form &F, const OperandSpec &O) {
  StringRef Args = F.BuiltinArgs;
  SmallVector<StringRef, 4> Names;
  Args.split(Names, ' ', -1, false);
  return llvm::is_contained(Names, O.Name);
}

/// "sub-byte mma on sm_90 and later": the lowering's scope for messages.
std::string loweringText(const Form &F) {
  std::string What = F.AType == ".b1"                       ? "single-bit "
                     : F.AType == ".s4" || F.AType == ".u4" ? "sub-byte "
                                                            : F.AType.substr(1) + " ";
  return What + spec::familyName(F.Fam).str() + F.Shape + " on sm_" +
         std::to_string(F.BuiltinOn.MinSm) + " and later";
}

/// A source register the built-in call of a lowered form cannot take:
/// ptxas reports "Call argument '%laneid' has illegal state space", a syntax
/// error near '.x' in <builtin>, or "Type of argument does not match formal
/// parameter 'a0'" (a .pred register). True when reported.
static bool checkLoweredSource(const Operand &A, const RegisterRef &Ref, const OperandSpec &O,
                               const std::string &What, const Form &F, CheckContext &Ctx) {
  if (O.IsDest)
    return false;
  // Sub-byte wmma.mma below the lowering is ptxas's '_mma', which refuses
  // special registers too ("Special register argument not allowed").
  bool Lowered = loweredToBuiltin(F, Ctx) && isBuiltinArg(F, O);
  bool SpecialRefused = Lowered || (F.Fam == spec::Family::WmmaMma && F.BuiltinOn.isRestricted() &&
                                    (O.Name == "a" || O.Name == "b"));
  std::string Kind;
  if (Ref.Special && SpecialRefused)
    Kind = "the special register ";
  else if (Ref.Component && Lowered)
    Kind = "the vector component ";
  else if (Ref.Type == ".pred" && Lowered && (O.Name == "a" || O.Name == "b" || O.Name == "e"))
    Kind = "the predicate ";
  if (Kind.empty())
    return false;
  std::string Where =
      Lowered ? "ptxas implements " + loweringText(F) + " by a built-in call that refuses it"
              : "ptxas refuses special registers in sub-byte wmma.mma";
  Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   What + " must be a plain register, found " + Kind + std::string(A.Text) + " (" +
                       Where + ")");
  return true;
}

/// wmma.mma with one .f16 and one .f32 accumulator (a conversion): ptxas
/// refuses a vector component or a special register in the .f16 one
/// ("Parsing error near '.x'", "Call argument '%laneid' has illegal state
/// space", "Read-only special register cannot be destination argument") on
/// every target (sm_75 .. sm_121a); forms with two .f16 or two .f32
/// accumulators take both. True when reported.
static bool checkWmmaHalfAccumulator(const Operand &A, const RegisterRef &Ref, const OperandSpec &O,
                                     const std::string &What, const Form &F, CheckContext &Ctx) {
  if (F.Fam != spec::Family::WmmaMma || O.ElemType != ".f16" || F.CType == F.DType ||
      (O.Name != "c" && O.Name != "d"))
    return false;
  const char *Kind = Ref.Component ? "the vector component "
                     : Ref.Special ? "the special register "
                                   : nullptr;
  if (!Kind)
    return false;
  Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   What + " must be a plain register, found " + Kind + std::string(A.Text) +
                       " (ptxas converts between the .f16 and .f32 accumulators of wmma.mma "
                       "through a built-in call that refuses it)");
  return true;
}

/// mma's and mma.sp's register scalars (e, scale-a-data, scale-b-data):
/// where ptxas emits an instruction (no built-in call) it takes any 32-bit
/// register, a .pred register (negated too), or a vector of them.
bool looseScalar(const OperandSpec &O, const Form &F, const CheckContext &Ctx) {
  return O.Shape == OperandShape::Scalar && O.RegAllowed && !O.IsDest &&
         (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp) && !loweredToBuiltin(F, Ctx);
}

/// A scalar (not array, not vector) variable of any state space as an
/// element of a fragment vector (Typed: the caller checks the vector): ptxas
/// 13.0 takes it as a register of its declared type in mma, mma.sp,
/// wmma.mma, ldmatrix and stmatrix, and refuses it in wmma.load/wmma.store,
/// in the fragments of a form lowered to a built-in call, as a whole operand
/// and as a scalar operand (test/check/mma-variable-elements.ptx).
static bool variableAsRegister(const RegisterInfo &Info, const OperandSpec &O, const Form &F,
                               const CheckContext &Ctx, const RegisterRef *Typed) {
  if (!Typed || Info.IsArray || Info.VectorWidth != 1 || Info.Type.empty())
    return false;
  switch (F.Fam) {
  case spec::Family::WmmaMma:
    // In a and b ptxas's '_mma' refuses it: the sub-byte and single-bit
    // forms below their lowering (above it, the built-in call refuses it),
    // the .f64 forms, the .s8/.u8 forms on sm_75 and before (sm_80 ..
    // sm_120a take it).
    if ((O.Name == "a" || O.Name == "b") &&
        (F.BuiltinOn.isRestricted() || F.AType == ".f64" ||
         ((F.AType == ".s8" || F.AType == ".u8") && Ctx.Tgt.isValid() && Ctx.Tgt.Sm < 80)))
      return false;
    return !(loweredToBuiltin(F, Ctx) && isBuiltinArg(F, O));
  case spec::Family::Mma:
  case spec::Family::MmaSp:
  case spec::Family::Ldmatrix:
  case spec::Family::Stmatrix:
    return !(loweredToBuiltin(F, Ctx) && isBuiltinArg(F, O));
  default:
    return false;
  }
}

/// A fragment register declared with `.align N` wider than its type, passed
/// to a built-in call (wmma.load's and wmma.store's fragments, the sources of
/// a lowered form): ptxas, "Alignment of argument does not match formal
/// parameter 'dst0'"; it takes the declaration everywhere else (mma, mma.sp,
/// wmma.mma, ldmatrix, stmatrix, movmatrix, strides, addresses). True when
/// reported.
static bool checkAlignedElement(const Operand &A, const RegisterRef &Ref, const OperandSpec &O,
                                const std::string &What, const Form &F, CheckContext &Ctx) {
  const RegisterInfo *Info = Ref.Decl;
  unsigned Bytes = typeBits(Ref.Type) / 8;
  if (!Info || Ref.Component || Ref.Special || !Bytes || Info->Align <= Bytes)
    return false;
  bool Builtin = F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore ||
                 (!O.IsDest && loweredToBuiltin(F, Ctx) && isBuiltinArg(F, O));
  if (!Builtin)
    return false;
  Diagnostic &D = Ctx.Diags.report(
      familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
      What + " must be naturally aligned, but " + std::string(A.Text) + " is declared .align " +
          std::to_string(Info->Align) + " (its type " + Ref.Type.str() + " has " +
          std::to_string(Bytes) + " bytes): ptxas passes it to a built-in call whose parameters " +
          "are not (\"Alignment of argument does not match formal parameter\"); drop the .align " +
          "or use a register declared without it");
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, std::string(A.Text) + " is declared here"});
  return true;
}

/// True for a `0f` literal (ptxas types it .f32: it fits a 32-bit slot).
bool isF32Literal(const Operand &A) {
  return A.Kind == OperandKind::FloatImm &&
         (llvm::StringRef(A.Text).startswith("0f") || llvm::StringRef(A.Text).startswith("0F"));
}

/// A constant standing for one register of operand O (checkElement's).
static void checkImmediateElement(const Operand &A, const OperandSpec &O, const std::string &What,
                                  const ImmRange *Range, const Form &F, CheckContext &Ctx) {
  if (!O.ImmAllowed) {
    // ptxas types a 0f literal .f32 and takes it for a 32-bit source
    // register (metadata, scale data, movmatrix's a); the spec asks for a
    // register.
    if (isF32Literal(A) && !O.IsDest && O.Shape == OperandShape::Scalar &&
        llvm::is_contained(O.RegTypes, ".b32")) {
      Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::ImmediateNotAllowed),
                       F.Spec, A.Range,
                       What +
                           " should be a register (the spec's syntax); ptxas takes the "
                           "32-bit constant " +
                           std::string(A.Text) + " as its bits");
      return;
    }
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::ImmediateNotAllowed), F.Spec, A.Range,
                     What + " must be a register, found the constant " + std::string(A.Text));
    return;
  }
  if (Range && A.Kind == OperandKind::FloatImm && O.Shape == OperandShape::Immediate) {
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     What + " must be an integer constant, found " + std::string(A.Text));
    return;
  }
  if (Range && A.Kind == OperandKind::IntImm)
    checkRangeOf(A, *Range, What, F, Ctx);
}

/// One register or immediate standing for one register of operand O. When
/// Typed is null the declared type is checked here; otherwise a declared
/// register's info is stored there for the caller's vector-wide check.
void checkElement(const Operand &Raw, const OperandSpec &O, const std::string &What,
                  const ImmRange *Range, const Form &F, CheckContext &Ctx, RegisterRef *Typed) {
  Operand Tmp;
  const Operand &A = folded(Raw, Tmp);
  switch (A.Kind) {
  case OperandKind::Sink:
    if (!O.IsDest)
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       "'_' cannot stand for a source register (" + What + ")");
    return;
  case OperandKind::IntImm:
  case OperandKind::FloatImm:
    checkImmediateElement(A, O, What, Range, F, Ctx);
    return;
  case OperandKind::Name: {
    if (!O.RegAllowed) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterNotAllowed), F.Spec, A.Range,
                       What + " must be an integer constant, found the register " +
                           std::string(A.Text));
      return;
    }
    RegisterRef Ref = resolveRegister(Ctx, A.Text);
    // An undeclared name is the symbol check's (once per cause).
    if (!Ref.known())
      return;
    const RegisterInfo *Info = Ref.Decl;
    if (Info && Info->StateSpace != ".reg") {
      if (variableAsRegister(*Info, O, F, Ctx, Typed)) {
        // ptxas 13.0 takes it as a register of its declared type (the
        // vector-wide checks of the caller judge that type).
        Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::RegisterType), F.Spec,
                         A.Range,
                         What + " should be a register, found " + std::string(A.Text) +
                             " declared in " + Info->StateSpace.str() +
                             " (ptxas 13.0 takes a scalar variable as a fragment register of its "
                             "type " +
                             Info->Type.str() + "; load it into a register with ld first)");
        *Typed = Ref;
        return;
      }
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
                       What + " must be a register, found " + std::string(A.Text) +
                           " declared in " + Info->StateSpace.str());
      return;
    }
    // A component beyond the vector's width (%v2.z) is the symbol checks'
    // error (symbol-selector: ptxas -arch sm_NN crashes on it), once per cause.
    if (A.Negated && O.IsDest) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       What + " is a destination and cannot be negated");
      return;
    }
    if (A.Negated && Ref.Type != ".pred") {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       "'!' negates predicates only, but " + std::string(A.Text) + " is " +
                           Ref.Type.str() + " (" + What + ")");
      return;
    }
    if (Ref.Special && O.Shape == OperandShape::Scalar &&
        (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp)) {
      // ptxas: "Special register argument not allowed for instruction 'mma'".
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       What + " must be a register, found the special register " +
                           std::string(A.Text) +
                           " (ptxas refuses special registers as mma's scalar operands; copy it "
                           "with mov first)");
      return;
    }
    if (Ref.Width > 1 && !Ref.Component && !Typed && looseScalar(O, F, Ctx) &&
        typeBits(Ref.Type) == 32) {
      Ctx.Diags.report(
          Severity::Warning, familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
          What + " should be a register (the spec's syntax), found " + std::string(A.Text) +
              ", a .v" + std::to_string(Ref.Width) + " vector register (ptxas takes it)");
      return;
    }
    if (Ref.Width > 1 && !Ref.Component) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       What + " must be a scalar register, found " + std::string(A.Text) +
                           ", a .v" + std::to_string(Ref.Width) + " vector register");
      return;
    }
    // The stride (a scalar) may be a component of a 32-bit vector register
    // (ptxas 13.0, sm_75 .. sm_121a); the register types decide the rest.
    if ((Ref.Special || (Ref.Component && O.Shape != OperandShape::Scalar)) &&
        (F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore)) {
      // ptxas passes wmma.load/wmma.store's operands to a built-in function:
      // "Call argument '%laneid' has illegal state space", "Special register
      // argument not allowed", a syntax error near '.x' in <builtin>.
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       What + " must be a plain register, found " +
                           (Ref.Special ? "the special register " : "the vector component ") +
                           std::string(A.Text) + " (ptxas lowers " + spec::familyName(F.Fam).str() +
                           " to a built-in call that refuses it)");
      return;
    }
    if (checkLoweredSource(A, Ref, O, What, F, Ctx) ||
        checkWmmaHalfAccumulator(A, Ref, O, What, F, Ctx))
      return;
    if (Ref.Special && F.Fam == spec::Family::Movmatrix) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                       What + " must be a register, found the special register " +
                           std::string(A.Text) +
                           " (ptxas: special registers are not allowed for movmatrix)");
      return;
    }
    if (Typed && checkAlignedElement(A, Ref, O, What, F, Ctx))
      return;
    if (Typed) {
      *Typed = Ref;
      return;
    }
    if (O.RegTypes.empty() || llvm::is_contained(O.RegTypes, Ref.Type))
      return;
    // ptxas takes a predicate here (it checks nothing); the spec does not.
    bool Pred = Ref.Type == ".pred" && ((O.Shape == OperandShape::Vector && !O.IsDest) ||
                                        predicateTolerated(F) || looseScalar(O, F, Ctx));
    if (Pred && typedFragmentRefuses(F, O.Name, Ref.Type, Ctx))
      return; // the error of checkTypedFragments (TypedFragments.cpp), not a warning
    Diagnostic &D =
        Ctx.Diags.report(Pred ? Severity::Warning : Severity::Error,
                         familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
                         What + " of " + context(F, O) + " must be declared " + regList(O) +
                             ", but " + std::string(A.Text) + " is " + Ref.Type.str());
    if (Info && Info->DeclRange.isValid())
      D.Notes.push_back({Info->DeclRange, std::string(A.Text) + " is declared here"});
    return;
  }
  default:
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     What + " must be a register" + (O.ImmAllowed ? " or a constant" : ""));
    return;
  }
}

} // namespace formops
} // namespace check
} // namespace ptxlint
