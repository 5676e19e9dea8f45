//===- IsaOperandsVector.cpp - vector registers and their components -----===//
//
// `.reg .v2 .b32 %vr;` declares a vector register. Measured with ptxas 13.0
// (test/isa-operands/vector-registers.test):
//
//  - a component (%vr.x .y .z .w, or .r .g .b .a) is a scalar register of
//    the element type everywhere a scalar register is, under the same type
//    rules ("Arguments mismatch" for `add.s32 %r1, %vf.x, %r2` with a .f32
//    vector);
//  - the whole register is the data vector of ld/st/ldu.vN and an operand of
//    mov.vN when it has N elements (the elements of ld/st at least as wide as
//    the type, those of mov.vN exactly as wide: "Arguments mismatch"), and an
//    operand of mov.bN when its elements make N bits (`mov.b64 %rd, %vr`);
//  - anywhere else it is an error: "Vector operand is not allowed for
//    instruction 'add'" (setp, cvt, mul, neg ...), "Arguments mismatch"
//    (mov.u64, shl, shfl), "Argument vector size mismatch" (ld/st without
//    .vN), "Vector is not expected" (atom), "Illegal expression" (inside
//    braces).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/Addressing.h"

#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {
namespace isaop {

const RegisterInfo *scalarRegister(const CheckContext &Ctx, llvm::StringRef Name) {
  if (const RegisterInfo *Info = Ctx.Syms.lookup(Name))
    return Info->StateSpace == ".reg" && Info->VectorWidth == 1 ? Info : nullptr;
  size_t Dot = Name.rfind('.');
  if (Dot == llvm::StringRef::npos || Dot + 2 != Name.size())
    return nullptr;
  size_t Index = llvm::StringRef("xyzw").find(Name.back());
  if (Index == llvm::StringRef::npos)
    Index = llvm::StringRef("rgba").find(Name.back());
  if (Index == llvm::StringRef::npos)
    return nullptr;
  const RegisterInfo *Info = Ctx.Syms.lookup(Name.take_front(Dot));
  // A component beyond the vector is the symbol checks' (symbol-selector).
  if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth < 2 || Index >= Info->VectorWidth)
    return nullptr;
  return Info;
}

const RegisterInfo *vectorRegister(const CheckContext &Ctx, llvm::StringRef Name) {
  const RegisterInfo *Info = Ctx.Syms.lookup(Name);
  return Info && Info->StateSpace == ".reg" && Info->VectorWidth > 1 ? Info : nullptr;
}

std::string vectorDecl(const RegisterInfo &Info) {
  return ".v" + std::to_string(Info.VectorWidth) + " " + Info.Type.str();
}

namespace {

unsigned vectorQualifier(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".v2" || Q == ".v4" || Q == ".v8")
      return Q[2] - '0';
  return 1;
}

Diagnostic &reportVector(const Instruction &I, CheckContext &Ctx, const Operand &O,
                         const RegisterInfo &Info, const std::string &Msg) {
  Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), O.Range, Msg);
  if (Info.DeclRange.isValid())
    D.Notes.push_back({Info.DeclRange, std::string(O.Text) + " is declared here"});
  return D;
}

} // namespace

void checkWholeVector(const Instruction &I, CheckContext &Ctx, const Operand &O,
                      const RegisterInfo &Info, Role Rl, Ty T, WhatFn What) {
  llvm::StringRef Op = I.Opcode;
  unsigned N = vectorQualifier(I);
  std::string Name(O.Text), Decl = vectorDecl(Info);
  Ty E = parseTy(Info.Type);
  // ld/st/ldu's data vectors and mov's moves of vectors (Spec/Addressing.h).
  const spec::AddressingRow *Row = spec::addressingOf(Op);
  bool Data = Row && Row->VectorData >= 0 && Rl == Role::Relaxed;
  bool Moves = Row && Row->Moves;
  if (Data && N > 1) {
    // The width is IsaAddress.cpp's (checkVectorArity); the elements may be
    // wider than the type, not narrower (`ld.global.v2.b64 %vr` with .b32
    // elements: "Arguments mismatch").
    if (N == Info.VectorWidth && E.valid() && T.valid() && E.Bits < T.Bits)
      reportVector(I, Ctx, O, Info,
                   What() + " must have elements of at least " + std::to_string(T.Bits) +
                       " bits; " + Name + " is declared " + Decl);
    return;
  }
  if (Moves && N > 1) {
    if (N == Info.VectorWidth && E.valid() && T.valid() && E.Bits != T.Bits)
      reportVector(I, Ctx, O, Info,
                   What() + " must be a .v" + std::to_string(N) + " register of " +
                       std::to_string(T.Bits) + "-bit elements; " + Name + " is declared " + Decl);
    return;
  }
  if (Moves && T.Cls == 'b' && E.valid() && E.Bits * Info.VectorWidth == T.Bits) {
    // mov.b64 %rd, %vr packs or unpacks the elements, between a vector and a
    // scalar ("Illegal vector-vector operands" for mov.b128 %vd, %vd).
    if (&O == &I.Operands.back() && I.Operands.size() == 2 &&
        I.Operands[0].Kind == OperandKind::Name && vectorRegister(Ctx, I.Operands[0].Text))
      reportVector(I, Ctx, O, Info,
                   "'" + spelledOp(I) +
                       "' packs a vector register into a scalar one or unpacks one; both are "
                       "vector registers: write 'mov.v" +
                       std::to_string(Info.VectorWidth) + "." + Info.Type.drop_front().str() + "'");
    return;
  }
  std::string Msg =
      What() + " must be a scalar register; " + Name + " is a " + Decl + " vector register";
  if (Data)
    Msg += ": load or store it with '" + std::string(Op) + ".v" + std::to_string(Info.VectorWidth) +
           "', or name one component (" + Name + ".x)";
  else if (Moves && T.Cls == 'b')
    Msg += ", whose " + std::to_string(Info.VectorWidth) + " elements make " +
           std::to_string(E.Bits * Info.VectorWidth) + " bits, not " + std::to_string(T.Bits) +
           "; name one component (" + Name + ".x)";
  else
    Msg += ": name one component (" + Name + ".x)";
  reportVector(I, Ctx, O, Info, Msg);
}

void checkAtomVectors(const Instruction &I, CheckContext &Ctx) {
  unsigned N = vectorQualifier(I);
  if (N < 2)
    return;
  for (const Operand &O : I.Operands) {
    const RegisterInfo *Info = O.Kind == OperandKind::Name ? vectorRegister(Ctx, O.Text) : nullptr;
    // ptxas 13.0: "Argument vector size mismatch" (atom.v4 of a .v2 register).
    if (Info && Info->VectorWidth != N)
      reportVector(I, Ctx, O, *Info,
                   "'" + spelledOp(I) + "' takes vectors of " + std::to_string(N) + " elements; " +
                       std::string(O.Text) + " is a " + vectorDecl(*Info) + " register");
  }
}

bool checkVectorElement(const Instruction &I, CheckContext &Ctx, const Operand &E, WhatFn What) {
  const RegisterInfo *Info = vectorRegister(Ctx, E.Text);
  if (!Info)
    return false;
  // ptxas 13.0: "Illegal expression '%vr'".
  reportVector(I, Ctx, E, *Info,
               What() + ": an element of a vector in braces must be a scalar register; " +
                   std::string(E.Text) + " is a " + vectorDecl(*Info) +
                   " vector register (name one component, " + std::string(E.Text) + ".x)");
  return true;
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
