//===- FormOperands.cpp - operand checks of matched forms -------*- C++ -*-===//
//
// The second half of the generic matcher: once an instruction matched a
// Form, check its operands against the form's fragment table (counts,
// register declarations and types, immediates and their ranges). The
// module's .version/.target against the form's gates: FormGates.cpp.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
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

namespace {

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
bool predicateTolerated(const Form &F) {
  return F.Fam == spec::Family::Ldmatrix || F.Fam == spec::Family::Stmatrix ||
         F.Fam == spec::Family::Movmatrix;
}

std::string regList(const OperandSpec &O) {
  SmallVector<StringRef, 8> Refs(O.RegTypes.begin(), O.RegTypes.end());
  return joinList(Refs, "or");
}

void checkRangeOf(const Operand &A, const ImmRange &R, const std::string &What, const Form &F,
                  CheckContext &Ctx) {
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
  // `(1+1)` parses as a parenthesised list of one expression.
  if (A.Kind == OperandKind::List && A.Elements.size() == 1) {
    const Operand &In = A.Elements[0];
    if (In.Kind == OperandKind::IntImm) {
      V = In.IntValue;
    } else if (In.Kind != OperandKind::Expr || !evalConstantExpr(In.Text, V)) {
      return A;
    }
  } else if (A.Kind != OperandKind::Expr || !evalConstantExpr(A.Text, V)) {
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
bool checkLoweredSource(const Operand &A, const RegisterRef &Ref, const OperandSpec &O,
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
bool checkWmmaHalfAccumulator(const Operand &A, const RegisterRef &Ref, const OperandSpec &O,
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

/// True for a `0f` literal (ptxas types it .f32: it fits a 32-bit slot).
bool isF32Literal(const Operand &A) {
  return A.Kind == OperandKind::FloatImm &&
         (llvm::StringRef(A.Text).startswith("0f") || llvm::StringRef(A.Text).startswith("0F"));
}

/// One register or immediate standing for one register of operand O. When
/// Typed is null the declared type is checked here; otherwise a declared
/// register's info is stored there for the caller's vector-wide check.
void checkElement(const Operand &Raw, const OperandSpec &O, const std::string &What,
                  const ImmRange *Range, const Form &F, CheckContext &Ctx,
                  RegisterRef *Typed = nullptr) {
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

bool isBitType(StringRef T) { return T == ".b32" || T == ".b64"; }

/// Signed and unsigned integers of one width mix freely in a ptxas vector.
StringRef typeClass(StringRef T) {
  if (T == ".s32" || T == ".u32")
    return "int32";
  if (T == ".s64" || T == ".u64")
    return "int64";
  return T;
}

/// A vector of constants only: ptxas types a vector from its registers, so
/// it refuses most such fragments (error) and takes some (warning).
void reportConstantsOnly(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx,
                         const Operand *FirstIntImm, const Operand *FirstFloatImm) {
  // ptxas types a vector from its registers; with constants only it
  // refuses most fragments (error) and takes some (warning).
  // Observed (ptxas 13.0): integer constants are refused except in .f64,
  // .s32 (and wmma.mma .s4/.u4) fragments; floating-point ones are refused in .f16/.bf16
  // fragments and in m8n8k16, taken elsewhere. wmma.mma's sub-byte .s4/.u4 fragments take integer
  // constants too from sm_90 on, where ptxas lowers them to its built-in (below, its '_mma'
  // refuses them: "Arguments mismatch for instruction '_mma'"; dense mma's refuse them).
  bool AB = O.Name == "a" || O.Name == "b";
  // wmma.mma's 8-bit a and b take them below sm_80 (its '_mma' there types
  // them as integers: spec::wmmaTypedFragments()), no floating-point ones;
  // from sm_80 on they are refused ("Arguments mismatch for instruction
  // '_mma'").
  bool Wmma8Low = F.Fam == spec::Family::WmmaMma && AB &&
                  (O.ElemType == ".s8" || O.ElemType == ".u8") && Ctx.Tgt.isValid() &&
                  Ctx.Tgt.Sm < 80;
  bool IntTaken = O.ElemType == ".f64" || O.ElemType == ".s32" || Wmma8Low ||
                  (F.Fam == spec::Family::WmmaMma && (O.ElemType == ".s4" || O.ElemType == ".u4") &&
                   (!Ctx.Tgt.isValid() || loweredToBuiltin(F, Ctx)));
  // Block-scaled a and b (untyped .b32 fragments) refuse every constant.
  // Floating-point constants in .s32 accumulators are refused too (the
  // issue-10 sweep: m8n8k16, m16n8k256 .b1, mma.sp m16n8k32/m16n8k64).
  // mma's and mma.sp's a and b (the outside sweep, tools/dev/matrix-outside.py):
  // 0d and decimal floating-point constants are refused in every form but .f64, `0f`
  // ones in dense .tf32 and in m8n8k16's a (its b takes them from sm_100 on).
  bool MmaAB = AB && (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp);
  bool M8n8k16Refused = F.Shape == ".m8n8k16" && AB &&
                        !(O.Name == "b" && FirstFloatImm && !FirstIntImm &&
                          isF32Literal(*FirstFloatImm) && Ctx.Tgt.isValid() && Ctx.Tgt.Sm >= 100);
  bool FloatRefused =
      MmaAB && FirstFloatImm && O.ElemType != ".f64" &&
      (!isF32Literal(*FirstFloatImm) || (F.Fam == spec::Family::Mma && O.ElemType == ".tf32"));
  // mma.sp's .bf16 a and b take `0f` constants only (the outside sweep,
  // session 8; dense .bf16 and .f16 refuse them).
  bool SparseBf16Taken = F.Fam == spec::Family::MmaSp && AB && O.ElemType == ".bf16" &&
                         FirstFloatImm && !FirstIntImm && isF32Literal(*FirstFloatImm);
  bool Refused = (FirstIntImm && !IntTaken) || (FirstFloatImm && O.ElemType == ".s32") ||
                 O.ElemType == ".f16" || (O.ElemType == ".bf16" && !SparseBf16Taken) ||
                 M8n8k16Refused || FloatRefused || (AB && !F.SType.empty()) ||
                 (Wmma8Low && FirstFloatImm);
  Ctx.Diags.report(Refused ? Severity::Error : Severity::Warning,
                   familyRule(F.Fam, FamilyRule::ImmediateNotAllowed), F.Spec, A.Range,
                   O.Name +
                       " is made of constants only; ptxas types a fragment from its "
                       "registers" +
                       std::string(Refused ? " and refuses this one" : " (write a register)"));
}

/// A constant among registers takes the type of its literal.
void reportConstantAmongRegisters(StringRef OT, const OperandSpec &O, const Form &F,
                                  CheckContext &Ctx, const Operand *FirstIntImm,
                                  const Operand *FirstFloatImm) {
  // A constant takes the type of its literal (integer, or floating point for
  // 0f/0d/1.0): ptxas refuses it among registers of the other class ("Vector
  // with elements of different types"), and any constant among .f16x2.
  bool FloatRegs = OT == ".f32" || OT == ".f64";
  bool IntRegs = typeClass(OT).startswith("int");
  if (FirstIntImm && (FloatRegs || OT == ".f16x2"))
    Ctx.Diags.report(
        familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, FirstIntImm->Range,
        "integer constant " + std::string(FirstIntImm->Text) + " in a vector of " + OT.str() +
            " registers: ptxas refuses mixed types; " +
            (FloatRegs ? "write a floating-point constant such as 0f00000000" : "use a register"));
  else if (FirstFloatImm && (IntRegs || OT == ".f16x2") &&
           (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp))
    // (wmma and stmatrix: checkFragmentImmediates, CheckWmma.cpp.)
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, FirstFloatImm->Range,
                     "floating-point constant " + std::string(FirstFloatImm->Text) +
                         " in a vector of " + OT.str() + " registers: ptxas refuses mixed types; " +
                         (IntRegs ? "write an integer constant such as 0" : "use a register"));
}

/// ptxas types a vector by its elements: one type for all, or untyped bits
/// (.b32/.b64) mixed with at most one other type (then it counts as bits).
/// Constants take the vector's type; a vector of constants only is refused.
void checkVectorElements(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  SmallVector<std::pair<const Operand *, RegisterRef>, 8> Regs;
  bool AnyReg = false;
  unsigned Sinks = 0;
  const Operand *FirstIntImm = nullptr, *FirstFloatImm = nullptr;
  // Constant expressions folded to their values (kept alive for FirstIntImm).
  SmallVector<Operand, 8> Folded(A.Elements.size());
  const std::string What = "an element of " + O.Name;
  for (size_t K = 0; K < A.Elements.size(); ++K) {
    const Operand &E = folded(A.Elements[K], Folded[K]);
    if (E.Negated) {
      // ptxas's grammar has no '!' inside braces (a syntax error).
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, E.Range,
                       "a vector element cannot be negated ('!' applies to a predicate operand "
                       "of its own; ptxas reports a syntax error)");
      return;
    }
    RegisterRef Info;
    checkElement(E, O, What, nullptr, F, Ctx, &Info);
    if (E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink)
      AnyReg = true;
    Sinks += E.Kind == OperandKind::Sink;
    if (E.Kind == OperandKind::IntImm && !FirstIntImm)
      FirstIntImm = &E;
    if (E.Kind == OperandKind::FloatImm && !FirstFloatImm)
      FirstFloatImm = &E;
    if (Info.known())
      Regs.push_back({&E, Info});
  }
  // Special registers (%laneid is .u32, %clock64 .u64) count by their size
  // only: ptxas takes them beside registers of any type of that size.
  auto NotSpecial = [&O](const std::pair<const Operand *, RegisterRef> &R) {
    if (!R.second.Special)
      return true; // (the sizes below are read for special registers only)
    unsigned Bits = typeBits(R.second.Type);
    bool Wide = llvm::any_of(O.RegTypes, [](const std::string &T) { return typeBits(T) == 64; });
    return !(Bits == 32 || (Bits == 64 && Wide));
  };
  if (Sinks && Sinks == A.Elements.size() && O.IsDest) {
    // ptxas: "Unable to infer type of vector elements".
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     O.Name + " is made of sinks only; ptxas types a vector from its registers "
                              "and cannot type this one (write one register at least)");
    return;
  }
  // ptxas: "Incompatible elements of vector expression" for registers of
  // different sizes (a .b16 beside a .b32, %clock64 beside a .b32).
  for (size_t K = 1; K < Regs.size(); ++K) {
    unsigned W0 = typeBits(Regs[0].second.Type), WK = typeBits(Regs[K].second.Type);
    if (W0 && WK && W0 != WK) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, Regs[K].first->Range,
                       "elements of " + O.Name + " have different sizes (" +
                           std::string(Regs[0].first->Text) + " is " + Regs[0].second.Type.str() +
                           ", " + std::string(Regs[K].first->Text) + " is " +
                           Regs[K].second.Type.str() +
                           "); ptxas takes registers of one size in a vector");
      return;
    }
  }
  // A special register of a size no register of O has (`{%tid.x}` in the
  // 64-bit b of .f64 mma): ptxas, "Arguments mismatch".
  for (const auto &R : Regs) {
    if (!R.second.Special)
      continue;
    unsigned Bits = typeBits(R.second.Type);
    if (!Bits || O.RegTypes.empty() ||
        llvm::any_of(O.RegTypes, [Bits](const std::string &T) { return typeBits(T) == Bits; }))
      continue;
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                     "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                         regList(O) + ", but the special register " + std::string(R.first->Text) +
                         " is " + R.second.Type.str() + " (copy it into a register of the " +
                         "fragment's type first)");
    return;
  }
  if (!AnyReg && O.ImmAllowed && !A.Elements.empty()) {
    reportConstantsOnly(A, O, F, Ctx, FirstIntImm, FirstFloatImm);
    return;
  }
  if (O.RegTypes.empty() || Regs.empty())
    return;
  // wmma.load and wmma.store move their fragments with movs that refuse a
  // .pred element beside other registers ("Arguments mismatch for
  // instruction 'mov'", every target); wmma.mma takes it in some forms.
  bool Wmma = F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore;
  for (const auto &R : Regs)
    if (Wmma && R.second.Type == ".pred" && !R.second.Special) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                       "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                           regList(O) + ", but " + std::string(R.first->Text) +
                           " is .pred (ptxas refuses a predicate in a wmma fragment)");
      return;
    }
  const std::pair<const Operand *, RegisterRef> *Other = nullptr;
  bool AnyBits = false;
  for (const auto &R : Regs) {
    if (!NotSpecial(R))
      continue;
    if (isBitType(R.second.Type)) {
      AnyBits = true;
      continue;
    }
    if (Other && typeClass(Other->second.Type) != typeClass(R.second.Type)) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                       "elements of " + O.Name + " have different types (" +
                           Other->second.Type.str() + " and " + R.second.Type.str() +
                           "); ptxas takes one type per vector (.s32 with .u32 too), or .b32 mixed "
                           "with one type");
      return;
    }
    if (!Other)
      Other = &R;
  }
  auto Report = [&](const Operand *E, const RegisterRef &Info) {
    // ptxas takes a vector of .pred registers in some fragments only.
    bool Pred = Info.Type == ".pred" && spec::takesPredicateVector(F, O.Name);
    if (Pred && typedFragmentRefuses(F, O.Name, Info.Type, Ctx))
      return; // the error of checkTypedFragments (TypedFragments.cpp), not a warning
    Diagnostic &D = Ctx.Diags.report(Pred ? Severity::Warning : Severity::Error,
                                     familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, E->Range,
                                     "registers of " + O.Name + " in " + context(F, O) +
                                         " must be declared " + regList(O) + ", but " +
                                         std::string(E->Text) + " is " + Info.Type.str());
    if (Info.Decl && Info.Decl->DeclRange.isValid())
      D.Notes.push_back({Info.Decl->DeclRange, std::string(E->Text) + " is declared here"});
  };
  if (Other && !AnyBits) {
    for (const auto &R : Regs)
      if (NotSpecial(R) && !llvm::is_contained(O.RegTypes, R.second.Type)) {
        Report(R.first, R.second);
        return;
      }
  } else {
    // Bit registers (alone or mixed with one other type) must be of an
    // accepted width.
    for (const auto &R : Regs)
      if (NotSpecial(R) && isBitType(R.second.Type) &&
          !llvm::is_contained(O.RegTypes, R.second.Type)) {
        Report(R.first, R.second);
        return;
      }
  }
  if (!Other || AnyBits)
    return;
  reportConstantAmongRegisters(Other->second.Type, O, F, Ctx, FirstIntImm, FirstFloatImm);
}

/// `%rd0+(2*8)`: a register plus a constant expression (ptxas folds it).
bool isRegPlusConstant(StringRef T) {
  size_t Plus = T.find('+');
  if (Plus == StringRef::npos)
    return false;
  StringRef Base = T.take_front(Plus).trim(), Off = T.drop_front(Plus + 1);
  int64_t V;
  return !Base.empty() && Base.find_first_of("()*/-%", 1) == StringRef::npos &&
         evalConstantExpr(Off, V);
}

/// ptxas's address syntax is [reg], [reg+imm], [var], [var+imm] or [imm]
/// (PTX ISA 6.4.1); anything else in the brackets is a syntax error to it:
/// a nested address or vector (`[[%r]]`, `[{%r}]`), a register in the
/// offset (`[%r+%o]`, `[sym+%r]`), a vector component as the base
/// (`[%v.x]`), an offset written `-8` instead of `+-8`.
void checkAddressForm(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  if (A.Elements.empty())
    return;
  const Operand &B = A.Elements[0];
  std::string Why;
  if (B.Kind == OperandKind::Address || B.Kind == OperandKind::Vector ||
      B.Kind == OperandKind::List || A.Elements.size() > 1)
    Why = "a nested address, vector or list";
  else if (B.Kind == OperandKind::Expr && llvm::StringRef(B.Text).contains('%') &&
           !isRegPlusConstant(B.Text))
    Why = "a register inside an offset expression";
  else if (B.Kind == OperandKind::Name && B.Negated)
    Why = "a negated base";
  else if (B.Kind == OperandKind::Name && resolveRegister(Ctx, B.Text).Component)
    Why = "a vector component as the base";
  else if (B.Kind == OperandKind::Name && A.HasOffset) {
    StringRef T = Ctx.File.slice(A.Range);
    size_t At = T.find(B.Text);
    if (At != StringRef::npos && T.drop_front(At + B.Text.size()).ltrim().startswith("-"))
      Why = "an offset written with '-' (ptxas takes [base+-8])";
  }
  if (Why.empty())
    return;
  Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   "operand " + O.Name + " is not an address ptxas can parse: " + Why +
                       "; ptxas takes [reg], [reg+imm], [var], [var+imm] or [imm]");
}

bool isWmma(const Form &F) {
  return F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore ||
         F.Fam == spec::Family::WmmaMma;
}

/// A whole vector register (`.reg .v4 .b32 %v`) written for a fragment:
/// ptxas takes it in mma, mma.sp, ldmatrix, stmatrix and movmatrix when its
/// width is the fragment's register count (not in wmma). False when A is
/// no vector register (the caller reports the shape).
bool checkVectorRegister(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  RegisterRef Ref = resolveRegister(Ctx, A.Text);
  if (!Ref.known() || Ref.Width < 2 || Ref.Component || isWmma(F))
    return false;
  if (loweredToBuiltin(F, Ctx) &&
      ((!O.IsDest && isBuiltinArg(F, O) && F.BuiltinSourceVectorCrash) ||
       (O.IsDest && F.BuiltinDestVectorCrash))) {
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     "operand " + O.Name + " must be a vector of " + std::to_string(O.Count) +
                         " registers in braces, found the vector register " + std::string(A.Text) +
                         " (ptxas implements " + loweringText(F) +
                         " by a built-in call and crashes on a whole vector register)");
    return true;
  }
  if (Ref.Width != O.Count) {
    // The counts ptxas also takes in braces it takes as a vector register.
    bool Tolerated = llvm::is_contained(O.PtxasAlsoCounts, Ref.Width);
    Ctx.Diags.report(Tolerated ? Severity::Warning : Severity::Error,
                     familyRule(F.Fam, FamilyRule::FragmentSize), F.FragmentSpec, A.Range,
                     O.Name + " holds " + std::to_string(O.Count) + " register" +
                         (O.Count == 1 ? "" : "s") + " for " + context(F, O) + ", found " +
                         std::string(A.Text) + ", a .v" + std::to_string(Ref.Width) + " register" +
                         (Tolerated ? " (ptxas accepts it; the extra registers are unused)" : ""));
    if (!Tolerated)
      return true;
  }
  if (!O.RegTypes.empty() && !llvm::is_contained(O.RegTypes, Ref.Type)) {
    Diagnostic &D =
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
                         "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                             regList(O) + ", but " + std::string(A.Text) + " is .v" +
                             std::to_string(Ref.Width) + " " + Ref.Type.str());
    if (Ref.Decl && Ref.Decl->DeclRange.isValid())
      D.Notes.push_back({Ref.Decl->DeclRange, std::string(A.Text) + " is declared here"});
  }
  return true;
}

/// A vector of declared 32-bit or .pred registers (no special registers,
/// components, sinks or constants): what ptxas takes for mma's scalars.
bool vectorOf32BitRegisters(const Operand &V, const CheckContext &Ctx) {
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name || E.Negated)
      return false;
    RegisterRef Ref = resolveRegister(Ctx, E.Text);
    if (!Ref.known() || Ref.Special || Ref.Component || Ref.Width > 1 ||
        (Ref.Type != ".pred" && typeBits(Ref.Type) != 32))
      return false;
  }
  return !V.Elements.empty();
}

std::string describeShape(const OperandSpec &O) {
  switch (O.Shape) {
  case OperandShape::Vector:
    return "a vector of " + std::to_string(O.Count) + " register" + (O.Count == 1 ? "" : "s");
  case OperandShape::Scalar:
    return "a register";
  case OperandShape::Address:
    return "an address";
  case OperandShape::SelectorPair:
    return "a pair {byte-id, thread-id}";
  case OperandShape::Immediate:
    return "an integer constant";
  }
  return "";
}

/// A bare register (not special) as the a of integer mma.sp: ptxas 13.0
/// takes it on every target (sm_80 .. sm_121a, any register type, a vector
/// component too) where the spec's syntax has a vector; the other forms
/// refuse it ("Vector expected for argument 1"). A warning; true when
/// reported.
bool bareIntegerSparseA(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  if (F.Fam != spec::Family::MmaSp || O.Name != "a" || A.Kind != OperandKind::Name || A.Negated ||
      !(F.AType == ".s8" || F.AType == ".u8" || F.AType == ".s4" || F.AType == ".u4"))
    return false;
  RegisterRef Ref = resolveRegister(Ctx, A.Text);
  if (!Ref.known() || Ref.Special || (Ref.Width > 1 && !Ref.Component))
    return false;
  Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   "operand a should be " + describeShape(O) +
                       " in braces (the spec's syntax), "
                       "found the register " +
                       std::string(A.Text) + " (ptxas takes it for integer mma.sp, not for b)");
  return true;
}

} // namespace

/// A vector operand: a whole vector register, its shape, its size and
/// its elements.
static void checkVectorOperand(const Operand &A, const OperandSpec &O, const Form &F,
                               CheckContext &Ctx) {
  if (A.Kind == OperandKind::Name && !A.Negated && checkVectorRegister(A, O, F, Ctx))
    return;
  if (bareIntegerSparseA(A, O, F, Ctx))
    return;
  if (A.Kind != OperandKind::Vector) {
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     "operand " + O.Name + " must be " + describeShape(O) + " in braces");
    return;
  }
  if (A.Elements.size() != O.Count) {
    bool Tolerated = llvm::is_contained(O.PtxasAlsoCounts, A.Elements.size());
    Ctx.Diags.report(Tolerated ? Severity::Warning : Severity::Error,
                     familyRule(F.Fam, FamilyRule::FragmentSize), F.FragmentSpec, A.Range,
                     O.Name + " holds " + std::to_string(O.Count) + " register" +
                         (O.Count == 1 ? "" : "s") + " for " + context(F, O) + ", found " +
                         std::to_string(A.Elements.size()) +
                         (Tolerated ? " (ptxas accepts it; the extra registers are unused "
                                      "per the spec)"
                                    : ""));
    if (!Tolerated)
      return;
  }
  checkVectorElements(A, O, F, Ctx);
}

void checkOperands(const Instruction &I, const Form &F, CheckContext &Ctx) {
  size_t Min = 0;
  for (const OperandSpec &O : F.Operands)
    if (!O.Optional)
      ++Min;
  size_t Max = F.Operands.size();
  size_t N = I.Operands.size();
  if (N < Min || N > Max) {
    std::string Names;
    for (const OperandSpec &O : F.Operands)
      Names += (Names.empty() ? "" : ", ") + O.Name;
    SourceRange R = N > Max ? I.Operands[Max].Range : I.Range;
    if (N > Max)
      for (size_t K = Max; K < N; ++K)
        R = R.cover(I.Operands[K].Range);
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandCount), F.Spec, R,
                     F.mnemonic() + " takes " + std::to_string(Max) + " operands (" + Names +
                         "), found " + std::to_string(N));
    if (N < Min)
      return;
  }
  for (size_t K = 0; K < N && K < Max; ++K) {
    const Operand &A = I.Operands[K];
    const OperandSpec &O = F.Operands[K];
    switch (O.Shape) {
    case OperandShape::Vector:
      checkVectorOperand(A, O, F, Ctx);
      break;
    case OperandShape::Scalar:
    case OperandShape::Immediate: {
      const Operand *E = &A;
      // ptxas takes a one-element vector for a scalar register, but not
      // for a constant operand (a selector: "Arguments mismatch") nor for
      // wmma's stride.
      if (A.Kind == OperandKind::Vector && A.Elements.size() == 1) {
        if (O.Shape == OperandShape::Immediate || isWmma(F) || loweredToBuiltin(F, Ctx)) {
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                           "operand " + O.Name + " must be " + describeShape(O) +
                               ", found a one-element vector (ptxas refuses the braces here)");
          break;
        }
        E = &A.Elements[0];
      }
      if (E->Kind == OperandKind::Vector) {
        if (looseScalar(O, F, Ctx) && vectorOf32BitRegisters(*E, Ctx)) {
          Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::OperandKind), F.Spec,
                           A.Range,
                           "operand " + O.Name +
                               " should be a register (the spec's syntax), found a vector of " +
                               std::to_string(E->Elements.size()) + " (ptxas takes it)");
          break;
        }
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be " + describeShape(O));
        break;
      }
      checkElement(*E, O, "operand " + O.Name, O.Ranges.empty() ? nullptr : &O.Ranges[0], F, Ctx);
      break;
    }
    case OperandShape::SelectorPair: {
      if (A.Kind != OperandKind::Vector || A.Elements.size() != 2) {
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be a pair in braces");
        break;
      }
      static const char *const Part[2] = {"byte-id", "thread-id"};
      bool BadPart = false;
      for (unsigned E = 0; E < 2; ++E)
        if (A.Elements[E].Kind == OperandKind::Name &&
            A.Elements[1 - E].Kind != OperandKind::Name &&
            resolveRegister(Ctx, A.Elements[E].Text).Component) {
          // ptxas: "Argument 7 of instruction 'mma': must be register or constant"
          // beside a constant; beside a register a component is typed like one
          // (`{%vh2.x, %vh2.y}`, `{%h1, %vh2.y}`: taken, the outside sweep).
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Elements[E].Range,
                           std::string(Part[E]) + " of " + O.Name +
                               " must be an integer constant or a 16-bit register, found the "
                               "vector component " +
                               std::string(A.Elements[E].Text));
          BadPart = true;
        }
      if (BadPart)
        break;
      for (unsigned E = 0; E < 2; ++E)
        if (A.Elements[E].Kind == OperandKind::FloatImm)
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Elements[E].Range,
                           std::string(Part[E]) + " of " + O.Name +
                               " must be an integer constant or a 16-bit register");
      // Typed like a vector: .b16 mixes with one other 16-bit type (an
      // .f16 next to a .b16 is taken, two .f16 are not).
      RegisterRef Info[2];
      for (unsigned E = 0; E < 2; ++E)
        checkElement(A.Elements[E], O, std::string(Part[E]) + " of " + O.Name,
                     E < O.Ranges.size() ? &O.Ranges[E] : nullptr, F, Ctx, &Info[E]);
      bool AnyB16 = Info[0].Type == ".b16" || Info[1].Type == ".b16";
      for (unsigned E = 0; E < 2; ++E) {
        if (!Info[E].known() || llvm::is_contained(O.RegTypes, Info[E].Type) ||
            (AnyB16 && Info[E].Type == ".f16"))
          continue;
        // After a constant byte-id ptxas takes an integer register of any
        // width as thread-id (`{0, %r0}`, `{0, %rd0}`, `{0, %laneid}`; not
        // .f32, and a 32-bit byte-id is "Arguments mismatch"; probed sm_120a).
        StringRef T = Info[E].Type;
        bool LooseThread = E == 1 && A.Elements[0].Kind == OperandKind::IntImm &&
                           (T.startswith(".b") || T.startswith(".u") || T.startswith(".s"));
        Diagnostic &D = Ctx.Diags.report(
            LooseThread ? Severity::Warning : Severity::Error,
            familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Elements[E].Range,
            std::string(Part[E]) + " of " + O.Name + " must be declared " + regList(O) + ", but " +
                std::string(A.Elements[E].Text) + " is " + Info[E].Type.str() +
                (LooseThread ? " (ptxas takes it after a constant byte-id)" : ""));
        if (Info[E].Decl && Info[E].Decl->DeclRange.isValid())
          D.Notes.push_back(
              {Info[E].Decl->DeclRange, std::string(A.Elements[E].Text) + " is declared here"});
        break;
      }
      break;
    }
    case OperandShape::Address:
      if (A.Kind != OperandKind::Address)
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be an address [...]");
      else
        checkAddressForm(A, O, F, Ctx);
      break;
    }
  }
}

} // namespace check
} // namespace ptxlint
