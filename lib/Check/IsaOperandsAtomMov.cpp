//===- IsaOperandsAtomMov.cpp - atom/red, mov vectors, cache policies ----===//
//
// The operand checks of IsaOperands.cpp with forms of their own: atom and
// red (address position, operand count, value types), mov's bit-packing
// vectors, ld/st's cache-policy operand, tensormap.replace's new_val and
// tensormap.cp_fenceproxy's size and cp.async's cp-size.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {
namespace isaop {

/// ld and st take one address; a third operand is a cache policy, a
/// register, and only with .L2::cache_hint.
void checkCachePolicy(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() != 3)
    return;
  // st.async and ld/st.bulk forms take an [mbar] address as their third operand.
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".async" || Q == ".bulk")
      return;
  const Operand &O = I.Operands[2];
  auto What = [&] { return "operand 3 of '" + spelledOp(I) + "'"; };
  if (O.Kind == OperandKind::Address) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " is a second address; '" + std::string(I.Opcode) +
                         "' takes one address (a third operand is a cache policy)");
    return;
  }
  if (!I.hasQualifier(".L2::cache_hint")) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " is a cache policy, which '" + std::string(I.Opcode) +
                         "' takes only with .L2::cache_hint");
    return;
  }
  // The policy is a 64-bit integer register or a constant (ptxas 13.0
  // "Arguments mismatch for instruction 'ld'" for a .b32 or .f32 register).
  const RegisterInfo *Info = O.Kind == OperandKind::Name ? Ctx.Syms.lookup(O.Text) : nullptr;
  if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth > 1)
    return;
  Ty T = parseTy(Info->Type);
  if (T.valid() && (!T.isInt() || T.Bits != 64))
    Ctx.Diags.report(Rule::IsaOperandType, O.Range,
                     What() + " is a cache policy: a .b64, .u64 or .s64 register or a constant; " +
                         std::string(O.Text) + " is declared " + std::string(Info->Type));
}
namespace {

/// atom and red (9.7.13.5, 9.7.13.6): d, [a], b, c only for .cas (no d for
/// red), and a cache policy only with .L2::cache_hint; the value operands
/// are typed strictly (probe: atom.add.u32 takes .b32/.u32/.s32/.f16x2,
/// atom.exch.b32 any 32-bit register but .pred, as strictOk).
/// Where atom and red take their address: [a] is atom's second operand and
/// red's first, and the only address but red.async's [mbar] (probe, ptxas
/// 13.0: `atom.global.exch.b64 %rd3, 4, [%rd2]` and `red.global.add.u32 %r1,
/// [%rd1]` are "Arguments mismatch").
bool checkAtomAddress(const Instruction &I, CheckContext &Ctx, bool Red) {
  bool Async = I.hasQualifier(".async");
  size_t At = Red ? 0 : 1, N = I.Operands.size();
  bool Ok = true;
  for (size_t K = 0; K < N; ++K) {
    const Operand &O = I.Operands[K];
    bool IsAddr = O.Kind == OperandKind::Address;
    auto What = [&] { return "operand " + std::to_string(K + 1) + " of '" + spelledOp(I) + "'"; };
    if (K == At && !IsAddr) {
      checkOperand(I, Ctx, O, Role::Address, Ty(), false, What);
      Ok = false;
    } else if (K != At && IsAddr && !(Async && K + 1 == N)) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " is an address; '" + std::string(I.Opcode) +
                           "' takes its address [a] as operand " + std::to_string(At + 1));
      Ok = false;
    }
  }
  return Ok;
}
} // namespace

namespace {
/// red.async [a], b{, [mbar]}: b strictly of the type (ptxas 13.0 -arch sm_90: "Arguments
/// mismatch for instruction 'red.async'" for a .b64 b of .add.u32; sample K,
/// test/isa/s13-async-multimem.test).
void checkRedAsyncValue(const Instruction &I, CheckContext &Ctx) {
  bool Unknown = false;
  llvm::SmallVector<Ty, 2> Ts = typeQuals(I, Unknown);
  if (Unknown || Ts.size() != 1 || Ts[0].Bits < 32 || I.Operands.size() < 2 ||
      I.Operands[1].Kind == OperandKind::Address)
    return;
  auto What = [&] { return "operand b of '" + spelledOp(I) + "'"; };
  checkOperand(I, Ctx, I.Operands[1], Role::Strict, Ts[0], false, What);
}
} // namespace

void checkAtom(const Instruction &I, CheckContext &Ctx, bool Red) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".v2" || Q == ".v4" || Q == ".v8" || Q == ".async") {
      if (checkAtomAddress(I, Ctx, Red)) {
        checkAtomVectors(I, Ctx);
        if (Red && Q == ".async")
          checkRedAsyncValue(I, Ctx);
      }
      return; // vector atom/red and red.async ([mbar]): forms of their own
    }
  bool Hint = I.hasQualifier(".L2::cache_hint");
  bool Cas = !Red && I.hasQualifier(".cas");
  size_t Want = (Red ? 2 : 3) + (Cas ? 1 : 0) + (Hint ? 1 : 0);
  size_t N = I.Operands.size();
  // ptxas 13.0 takes a fourth register operand on the 32-bit bit operations
  // (`atom.global.exch.b32 %r1, [%rd1], %r2, %r3`, .and/.or/.xor too; a
  // constant or a 64-bit one is ".L2::cache_hint modifier required"); found
  // by the session-8 mutant sweep (seed 8102), test/isa-operands/atom-b32-fourth.test.
  if (!Red && !Cas && !Hint && N == 4 && I.Operands[3].Kind == OperandKind::Name &&
      I.hasQualifier(".b32") &&
      (I.hasQualifier(".exch") || I.hasQualifier(".and") || I.hasQualifier(".or") ||
       I.hasQualifier(".xor"))) {
    const RegisterInfo *Info = Ctx.Syms.lookup(I.Operands[3].Text);
    if (!Info || Info->StateSpace != ".reg" || parseTy(Info->Type).Bits == 32)
      return;
  }
  // Counts outside 3..4 (atom) or 2..3 (red) are the table check's.
  if (N != Want && N >= (Red ? 2u : 3u) && N <= (Red ? 3u : 4u)) {
    std::string Names = Red ? "[a], b" : Cas ? "d, [a], b, c" : "d, [a], b";
    if (Hint)
      Names += ", cache-policy";
    const Operand &At = N > Want ? I.Operands[Want] : I.Operands.back();
    Ctx.Diags.report(Rule::IsaOperandCount, isaSectionOf(I.Opcode), At.Range,
                     "'" + spelledOp(I) + "' takes " + std::to_string(Want) + " operands (" +
                         Names + ")" +
                         (N > Want && !Hint ? "; a cache policy needs .L2::cache_hint" : "") +
                         (N > Want && !Cas && !Red ? "; a fourth value only .cas takes" : "") +
                         ", found " + std::to_string(N));
    return;
  }
  if (N != Want || !checkAtomAddress(I, Ctx, Red))
    return;
  bool Unknown = false;
  llvm::SmallVector<Ty, 2> Ts = typeQuals(I, Unknown);
  if (Unknown || Ts.size() != 1 || Ts[0].Cls == 'p' || Ts[0].Bits < 16)
    return;
  Ty T = Ts[0];
  size_t Values = Red ? 1 : Cas ? 3 : 2; // d, b (, c) or b
  for (size_t K = 0; K < N && K < (Red ? 2 : 1 + Values); ++K) {
    if (I.Operands[K].Kind == OperandKind::Address)
      continue;
    auto What = [&] {
      return std::string("operand ") + (Red ? OperandNames[K + 1] : OperandNames[K]) + " of '" +
             spelledOp(I) + "'";
    };
    checkOperand(I, Ctx, I.Operands[K], Role::Strict, T, !Red && K == 0, What);
  }
}

/// mov with a vector operand packs or unpacks bits (9.7.9.9, probe, ptxas
/// 13.0): `mov.b64 {%r1, %r2}, %rd1`. The type is a .bN one ("Arguments
/// mismatch" for mov.u64), two or four elements of one size, not .pred,
/// that together make N bits ({%h1, %h2} for .b32; "Incompatible elements of
/// vector expression" for {%r1, %rd1}; "Vector with elements of different
/// types" for a .s32 and a .f32 element).
void checkMovVector(const Instruction &I, CheckContext &Ctx) {
  const Operand *V = nullptr;
  for (const Operand &O : I.Operands)
    if (O.Kind == OperandKind::Vector)
      V = &O;
  if (!V || I.Operands.size() != 2)
    return;
  // mov.v2/.v4 moves whole vectors ({%r1, %r2} into a .v2 register, ptxas
  // 13.0): its elements must have one size ("Incompatible elements of
  // vector expression" for {%r1, %rd1}).
  if (I.hasQualifier(".v2") || I.hasQualifier(".v4")) {
    auto WhatV = [&] { return "the vector operand of '" + spelledOp(I) + "'"; };
    for (const Operand &E : V->Elements)
      if (E.Kind == OperandKind::Name && checkVectorElement(I, Ctx, E, WhatV))
        return;
    checkSameSize(Ctx, *V, WhatV);
    return;
  }
  // A whole vector register on the other side: "Illegal vector-vector
  // operands for vector-scalar or scalar-vector mov instruction".
  const Operand &Other = &I.Operands[0] == V ? I.Operands[1] : I.Operands[0];
  if (Other.Kind == OperandKind::Name)
    if (const RegisterInfo *Info = vectorRegister(Ctx, Other.Text)) {
      Diagnostic &D = Ctx.Diags.report(
          Rule::IsaOperandKind, Other.Range,
          "'" + spelledOp(I) +
              "' packs a vector in braces into a scalar register or unpacks one; " +
              std::string(Other.Text) + " is a " + vectorDecl(*Info) +
              " vector register: write the scalar register, or mov the vector with '" +
              std::string(I.Opcode) + ".v" + std::to_string(Info->VectorWidth) + "'");
      if (Info->DeclRange.isValid())
        D.Notes.push_back({Info->DeclRange, std::string(Other.Text) + " is declared here"});
      return;
    }
  unsigned Bits = 0;
  llvm::StringRef TypeQ;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.size() > 2 && (Q[1] == 'b' || Q[1] == 'u' || Q[1] == 's' || Q[1] == 'f') &&
        !decimalFails(Q.drop_front(2), Bits))
      TypeQ = Q;
  auto What = [&] { return "the vector operand of '" + spelledOp(I) + "'"; };
  if (TypeQ.empty())
    return;
  if (TypeQ[1] != 'b') {
    Ctx.Diags.report(Rule::IsaOperandType, V->Range,
                     What() +
                         " packs or unpacks bits: the type must be .b16, .b32, .b64 or "
                         ".b128, not " +
                         TypeQ.str());
    return;
  }
  size_t N = V->Elements.size();
  if (N != 2 && N != 4) {
    Ctx.Diags.report(Rule::IsaOperandType, V->Range,
                     What() + " has two or four elements, found " + std::to_string(N));
    return;
  }
  Ty First;
  llvm::StringRef FirstName, FirstType;
  for (const Operand &E : V->Elements) {
    if (E.Kind != OperandKind::Name)
      return; // a sink or constant: not measured
    if (checkVectorElement(I, Ctx, E, What))
      return;
    const RegisterInfo *Info = scalarRegister(Ctx, E.Text);
    if (!Info)
      return;
    Ty R = parseTy(Info->Type);
    if (!R.valid())
      return;
    std::string Why;
    if (R.Cls == 'p')
      Why = std::string(E.Text) + " is a .pred register";
    else if (First.valid() && R.Bits != First.Bits)
      Why = "the elements must have one size; " + std::string(E.Text) + " is " +
            std::to_string(R.Bits) + "-bit, the first " + std::to_string(First.Bits) + "-bit";
    else if (First.valid() && ((R.Cls == 'f' && (First.Cls == 'u' || First.Cls == 's')) ||
                               (First.Cls == 'f' && (R.Cls == 'u' || R.Cls == 's'))))
      Why = "the elements must have one type; " + std::string(E.Text) + " is " + Info->Type.str() +
            ", " + FirstName.str() + " " + FirstType.str();
    else if (R.Bits * N != Bits)
      Why = std::to_string(N) + " elements of " + std::to_string(Bits / N) + " bits make " +
            TypeQ.str() + "; " + std::string(E.Text) + " is " + Info->Type.str();
    if (!Why.empty()) {
      Ctx.Diags.report(Rule::IsaOperandType, E.Range, What() + ": " + Why);
      return;
    }
    if (!First.valid()) {
      First = R;
      FirstName = E.Text;
      FirstType = Info->Type;
    }
  }
}
/// tensormap.replace with a .field3 (9.7.9.26): "the operand new_val must be
/// an immediate" (ptxas 13.0: "Integer constant expression expected").
namespace {
/// A constant of tensormap.replace out of 0..Max (the field's value or ord; sample K).
void checkTensormapConstant(const Instruction &I, CheckContext &Ctx, const Operand &O,
                            const char *Name, int Max) {
  if (O.Kind != OperandKind::IntImm || (O.IntValue >= 0 && O.IntValue <= Max))
    return;
  Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                   std::string(Name) + " of '" + spelledOp(I) + "' is 0 to " + std::to_string(Max) +
                       ", found " + std::string(O.Text));
}
} // namespace

void checkTensormapReplace(const Instruction &I, CheckContext &Ctx) {
  if (!I.hasQualifier(".replace"))
    return;
  if (I.Operands.size() == 3 &&
      llvm::any_of(spec::TensormapField2, [&](const char *F) { return I.hasQualifier(F); })) {
    const Operand &Ord = I.Operands[1];
    if (Ord.Kind == OperandKind::Name) // ptxas 13.0: "Arguments mismatch" (sample K)
      Ctx.Diags.report(Rule::IsaOperandKind, Ord.Range,
                       "ord of '" + spelledOp(I) + "' must be an integer constant from 0 to " +
                           std::to_string(spec::TensormapOrdMax) + ", not the register " +
                           std::string(Ord.Text));
    checkTensormapConstant(I, Ctx, Ord, "ord", spec::TensormapOrdMax);
    return;
  }
  const char *const *F3 =
      llvm::find_if(spec::TensormapField3, [&](const char *F) { return I.hasQualifier(F); });
  if (I.Operands.size() != 2 || F3 == std::end(spec::TensormapField3))
    return;
  const Operand &O = I.Operands[1];
  if (O.Kind == OperandKind::Name)
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     "new_val of '" + spelledOp(I) +
                         "' must be an integer constant (the field's value), not the register " +
                         std::string(O.Text));
  checkTensormapConstant(I, Ctx, O, "new_val",
                         spec::TensormapField3Max[F3 - std::begin(spec::TensormapField3)]);
}

/// tensormap.cp_fenceproxy (9.7.13.16) copies size bytes from [src] in
/// .shared::cta to [dst] in .global (the order of the two state spaces is
/// CheckIsa.cpp's checkSpaceOrder): size is the constant 128 (ptxas 13.0
/// -arch sm_90a: "Argument 2 ...: unexpected value '64', expected to be 128";
/// a register: "Arguments mismatch").
/// The section of the first syntax line of I's opcode that starts with Prefix
/// ("cp.async.wait_group"), else the opcode's first.
const char *sectionFor(const Instruction &I, llvm::StringRef Prefix) {
  if (const spec::IsaOpcode *Op = spec::findIsaOpcode(I.Opcode))
    for (const spec::IsaForm &F : Op->forms())
      if (F.Syntax.startswith(Prefix))
        return F.section().Num;
  return isaSectionOf(I.Opcode);
}

void checkTensormapFenceproxy(const Instruction &I, CheckContext &Ctx) {
  if (!I.hasQualifier(".cp_fenceproxy"))
    return;
  const char *Sec = sectionFor(I, "tensormap.cp_fenceproxy");
  if (I.Operands.size() != 3)
    return; // the operand count check speaks for it
  const Operand &Size = I.Operands[2];
  if (Size.Kind == OperandKind::Name)
    Ctx.Diags.report(Rule::IsaOperandKind, Sec, Size.Range,
                     "size of 'tensormap.cp_fenceproxy' is the constant 128 (the bytes of a "
                     "tensor map), not the register " +
                         std::string(Size.Text));
  else if (Size.Kind == OperandKind::IntImm && Size.IntValue != 128)
    Ctx.Diags
        .report(Rule::IsaOperandImmediate, Sec, Size.Range,
                "size of 'tensormap.cp_fenceproxy' must be 128 (the bytes of a tensor map), "
                "found " +
                    std::string(Size.Text))
        .Fixes.push_back({Size.Range, "128"});
}

/// cp.async's cp-size (9.7.9.25.3.1): the constant 4, 8 or 16 with .ca, 16
/// with .cg (ptxas 13.0: "Argument 2 of instruction 'cp.async': unexpected
/// value '32', expected to be 4 or 8 or 16"; a register: "Arguments mismatch").
/// cp.async's fourth operand: src-size, a 32-bit integer register or a
/// constant from 0 to cp-size, or ignore-src, a .pred (ptxas 13.0: "Argument 3
/// of instruction 'cp.async': value '20' out of range, expected to be in range
/// [0..16]"; "Arguments mismatch" for a .b64 register; test/isa/s11-isa-round2.test).
void checkCpAsyncSrcSize(const Instruction &I, CheckContext &Ctx, int64_t CpSize) {
  const Operand &Src = I.Operands[3];
  std::string What = "src-size of '" + spelledOp(I) + "'";
  if (Src.Kind == OperandKind::IntImm && (Src.IntValue < 0 || Src.IntValue > CpSize)) {
    Ctx.Diags.report(Rule::IsaOperandImmediate, isaSectionOf(I.Opcode), Src.Range,
                     What + " is a byte count from 0 to its cp-size, " + std::to_string(CpSize) +
                         ", found " + std::string(Src.Text));
    return;
  }
  const RegisterInfo *Info =
      Src.Kind == OperandKind::Name ? scalarRegister(Ctx, Src.Text) : nullptr;
  if (!Info)
    return;
  Ty R = parseTy(Info->Type);
  if (!R.valid() || R.Cls == 'p' || (R.Bits == 32 && R.Cls != 'f'))
    return;
  Diagnostic &D =
      Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), Src.Range,
                       What + " must be a .b32, .u32 or .s32 register (or ignore-src, a .pred); " +
                           std::string(Src.Text) + " is declared " + Info->Type.str());
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, std::string(Src.Text) + " is declared here"});
}

/// The size of cp.async.bulk, cp.reduce.async.bulk and cp.async.bulk.prefetch
/// (after their one or two addresses) is a 32-bit integer register or a
/// constant: ptxas 13.0 -arch sm_90a "Arguments mismatch for instruction
/// 'cp.async.bulk'" for a .b64, .u64, .b16 or .f32 register (issue 14's
/// residue, test/isa-operands/cp-bulk-size.test). Operands out of place are
/// the form checks' (one report for the line).
void checkCpAsyncBulkSize(const Instruction &I, CheckContext &Ctx) {
  if (I.hasQualifier(".tensor"))
    return;
  size_t K = 0;
  while (K < I.Operands.size() && I.Operands[K].Kind == OperandKind::Address)
    ++K;
  if (K != (I.hasQualifier(".prefetch") ? 1u : 2u) || K >= I.Operands.size() ||
      I.Operands[K].Kind != OperandKind::Name)
    return;
  const Operand &Size = I.Operands[K];
  const RegisterInfo *R = scalarRegister(Ctx, Size.Text);
  if (!R || R->Type == ".b32" || R->Type == ".u32" || R->Type == ".s32")
    return;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandType, isaSectionOf(I.Opcode), Size.Range,
      "the size of '" + spelledOp(I) + "' is a .b32, .u32 or .s32 register or a constant; " +
          std::string(Size.Text) + " is declared " + std::string(R->Type));
  if (R->DeclRange.isValid())
    D.Notes.push_back({R->DeclRange, std::string(Size.Text) + " is declared here"});
}

void checkCpAsyncSize(const Instruction &I, CheckContext &Ctx) {
  if (I.hasQualifier(".bulk"))
    return checkCpAsyncBulkSize(I, Ctx);
  bool Ca = I.hasQualifier(".ca"), Cg = I.hasQualifier(".cg");
  if (I.Operands.size() < 3 || !I.hasQualifier(".async") || I.hasQualifier(".bulk") || Ca == Cg)
    return;
  const Operand &Size = I.Operands[2];
  const char *Valid = Ca ? "4, 8 or 16" : "16";
  std::string What = "cp-size of 'cp.async" + std::string(Ca ? ".ca" : ".cg") + "'";
  if (Size.Kind == OperandKind::Name)
    Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), Size.Range,
                     What + " is a constant, " + Valid + ", not the register " +
                         std::string(Size.Text));
  else if (Size.Kind == OperandKind::IntImm &&
           !(Size.IntValue == 16 || (Ca && (Size.IntValue == 4 || Size.IntValue == 8))))
    Ctx.Diags.report(Rule::IsaOperandImmediate, isaSectionOf(I.Opcode), Size.Range,
                     What + " is " + Valid + " (bytes), found " + std::string(Size.Text) +
                         (Ca ? "" : "; .ca copies 4 or 8 bytes"));
  else if (Size.Kind == OperandKind::IntImm && I.Operands.size() >= 4 &&
           !(I.Operands.size() == 4 && I.hasQualifier(".L2::cache_hint")))
    checkCpAsyncSrcSize(I, Ctx, Size.IntValue);
}

/// N of cp.async.wait_group, cp.async.bulk.wait_group and wgmma.wait_group is
/// an integer constant (ptxas 13.0: "Arguments mismatch for instruction
/// 'cp.async.wait_group'" for a register; `1+1` and `-1` assemble).
void checkWaitGroup(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() != 1 || !I.hasQualifier(".wait_group") ||
      (I.Operands[0].Kind != OperandKind::Name && I.Operands[0].Kind != OperandKind::FloatImm))
    return;
  const Operand &N = I.Operands[0];
  std::string Name(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers) {
    Name += Q.str();
    if (Q == ".wait_group")
      break;
  }
  Ctx.Diags.report(
      Rule::IsaOperandKind, sectionFor(I, Name), N.Range,
      "N of '" + spelledOp(I) +
          "' is an integer constant (how many of the most recent groups may stay "
          "pending), not " +
          (N.Kind == OperandKind::Name ? "the register " : "the floating-point constant ") +
          std::string(N.Text));
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
