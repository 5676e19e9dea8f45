//===- IsaTexture.cpp - operands of tex, tld4, txq, suld, sust ------------===//
//
// The braces operands of the texture and surface instructions (9.7.11),
// measured against ptxas 13.0 one module a case (test/isa/texture-vectors.test):
//
//  - no vector has three elements ("Illegal vector size: 3");
//  - the coordinates have at least as many elements as the geometry needs
//    (lib/Spec/Texture.h: "Operand vector size doesn't match geometry");
//  - a .v2/.v4 data vector of suld/sust/tex/tld4 has that many elements
//    ("Argument vector size mismatch");
//  - tex/tld4.v4 write a vector: a scalar register is "Result vector
//    expected"; the registers of the destination (of type .f32/.s32/.u32) and
//    of the coordinates (.f32/.s32) are 32-bit, and not .f32 for an integer
//    type ("Arguments mismatch"; ptxas judges a vector by its registers
//    together: {%r1, %f2} passes for .s32, so only a vector none of whose
//    registers fits is reported; test/isa/texture-types.test).
//
// A braces operand mixes no floating-point and integer elements ("Vector with
// elements of different types are not allowed in tex instruction"; .b32 goes
// with either), and an array index of .a1d/.a2d/.acube is not floating point
// ("Array index ... Expecting type .u32"; test/isa/texture-mixed-elements.test).
// suld's data and sust's and sured's source are registers of the type's width
// or wider ("Arguments mismatch for instruction 'suld.b'";
// test/isa/surface-operand-types.test).
//
// And the handles (9.7.10.1, texturing modes; test/isa/texture-modes.test):
// a texture position names a .texref, a sampler position a .samplerref
// ("Argument 1 of instruction 'tex': .texref or .u64 register expected");
// under texmode_independent tex/tld4 need the sampler ("Argument 2 ...:
// .samplerref or .u64 register expected") and txq's sampler queries a
// .samplerref; txq.force_unnormalized_coords a .samplerref in either mode
// (".samplerref expected"). Under unified mode ptxas ignores a sampler
// operand of tex/tld4 ([t, t, {c}] and [t, %rd, {c}] pass). Registers are
// not judged here (the operand-type checks do).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaTexture.h"
#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/Texture.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

namespace {

/// The coordinates I's geometry needs (lib/Spec/Texture.h; 0: not one measured).
unsigned coordsFor(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (unsigned N = spec::textureCoordinates(Q))
      return N;
  return 0;
}

unsigned dataWidth(const Instruction &I) {
  if (I.hasQualifier(".v4"))
    return 4;
  if (I.hasQualifier(".v2"))
    return 2;
  return 0;
}

void checkVector(const Instruction &I, CheckContext &Ctx, const Operand &V, unsigned Need,
                 bool Coords) {
  size_t N = V.Elements.size();
  std::string Spelled = std::string(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    Spelled += Q.str();
  if (N == 3) {
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "a vector operand of '" + Spelled +
                         "' has 1, 2 or 4 elements, not 3; write a 4-element vector (an unused "
                         "element may repeat a register)");
    return;
  }
  if (!Need)
    return;
  if (Coords && N < Need)
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "the coordinates of '" + Spelled + "' need " + std::to_string(Need) +
                         " elements for its geometry, found " + std::to_string(N));
  else if (!Coords && N != Need)
    Ctx.Diags.report(Rule::IsaOperandCount, V.Range,
                     "'" + Spelled + "' takes a vector of " + std::to_string(Need) +
                         " registers, found " + std::to_string(N));
}

/// Whether register E fits an element of type T (.f32, .s32 or .u32); true
/// for anything not measured.
bool elementFits(CheckContext &Ctx, const Operand &E, llvm::StringRef T) {
  const RegisterInfo *Info = isaop::scalarRegister(Ctx, E.Text);
  if (!Info)
    return true;
  isaop::Ty R = isaop::parseTy(Info->Type);
  if (!R.valid() || R.Cls == 'h' || R.Cls == 'g' || R.Cls == 'e')
    return true;
  return R.Bits == 32 && R.Cls != 'p' && !(T != ".f32" && R.Cls == 'f');
}

void checkElementTypes(const Instruction &I, CheckContext &Ctx, const Operand &V, llvm::StringRef T,
                       const char *What) {
  bool AnyReg = false;
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name || !isaop::scalarRegister(Ctx, E.Text))
      continue;
    AnyReg = true;
    if (elementFits(Ctx, E, T))
      return;
  }
  if (!AnyReg)
    return;
  std::string Valid = T == ".f32" ? ".b32, .u32, .s32 or .f32" : ".b32, .u32 or .s32";
  Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), V.Range,
                   std::string("the ") + What + " of '" + isaop::spelledOp(I) + "' (" + T.str() +
                       ") must be " + Valid + " registers; none of these is");
}

/// tex/tld4 .v4 with .f32/.s32/.u32 types: the destination and coordinate
/// registers.
void checkTextureTypes(const Instruction &I, CheckContext &Ctx) {
  llvm::StringRef Types[2];
  unsigned N = 0;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.size() > 2 && (Q[1] == 'f' || Q[1] == 's' || Q[1] == 'u' || Q[1] == 'b') &&
        llvm::isDigit(Q.back()) && N < 2)
      Types[N++] = Q;
  auto Known = [](llvm::StringRef T) { return T == ".f32" || T == ".s32" || T == ".u32"; };
  if (N != 2 || !Known(Types[0]) || !(Types[1] == ".f32" || Types[1] == ".s32") ||
      !I.hasQualifier(".v4") || I.Operands.size() != 2)
    return;
  const Operand &D = I.Operands[0];
  if (D.Kind == OperandKind::Name && isaop::scalarRegister(Ctx, D.Text))
    Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), D.Range,
                     "'" + isaop::spelledOp(I) +
                         "' writes a vector of 4 registers in braces (or a .v4 register), not "
                         "the scalar register " +
                         std::string(D.Text));
  else if (D.Kind == OperandKind::Vector)
    checkElementTypes(I, Ctx, D, Types[0], "destination");
  const Operand &A = I.Operands[1];
  if (A.Kind == OperandKind::Address && !A.Elements.empty() &&
      A.Elements.back().Kind == OperandKind::Vector)
    checkElementTypes(I, Ctx, A.Elements.back(), Types[1], "coordinates");
}

/// An element's type class for ptxas's vector check: 'f' a floating-point
/// register or constant, 'i' an integer (.s/.u) register or constant, 0 one
/// that goes with either (.b registers, names not measured).
char elementClass(CheckContext &Ctx, const Operand &E) {
  if (E.Kind == OperandKind::IntImm)
    return 'i';
  if (E.Kind == OperandKind::FloatImm)
    return 'f';
  const RegisterInfo *Info =
      E.Kind == OperandKind::Name ? isaop::scalarRegister(Ctx, E.Text) : nullptr;
  if (!Info)
    return 0;
  isaop::Ty R = isaop::parseTy(Info->Type);
  if (R.Cls == 'f')
    return 'f';
  return R.Cls == 's' || R.Cls == 'u' ? 'i' : 0;
}

/// Whether the coordinates of I begin with an array index (.a1d, .a2d,
/// .acube, .a2dms).
bool arrayGeometry(const Instruction &I) {
  return I.hasQualifier(".a1d") || I.hasQualifier(".a2d") || I.hasQualifier(".acube") ||
         I.hasQualifier(".a2dms");
}

/// One braces operand V of tex/tld4/suld/sust: ptxas rejects floating-point
/// and integer elements together ("Vector with elements of different types
/// are not allowed in tex instruction"; .b32 registers go with either), and
/// a floating-point array index ("Array index in the 'tex' instruction has
/// unexpected type. Expecting type .u32"); Index: V begins with one.
void checkMixedElements(const Instruction &I, CheckContext &Ctx, const Operand &V, bool Index) {
  size_t First = 0;
  if (Index && !V.Elements.empty()) {
    First = 1;
    // .a2dms takes {%f, %s, %s, %s} (ptxas 13.0), its index is not judged.
    if (!I.hasQualifier(".a2dms") && elementClass(Ctx, V.Elements[0]) == 'f') {
      Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), V.Elements[0].Range,
                       "the array index of '" + isaop::spelledOp(I) +
                           "' must be a .u32 (.s32, .b32) value, not floating point");
      return;
    }
  }
  char Seen = 0;
  for (size_t K = First; K < V.Elements.size(); ++K) {
    char C = elementClass(Ctx, V.Elements[K]);
    if (!C)
      continue;
    if (!Seen) {
      Seen = C;
      continue;
    }
    if (C != Seen) {
      Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), V.Range,
                       "the elements of a vector operand of '" + isaop::spelledOp(I) +
                           "' must be all floating point or all integer (.b32 registers go with "
                           "either); " +
                           std::string(V.Elements[K].Text) + " does not match the others");
      return;
    }
  }
}

/// Every braces operand of tex/tld4/suld/sust, the coordinates of an array
/// geometry after their index.
void checkVectorsMixed(const Instruction &I, CheckContext &Ctx) {
  bool Arrays = arrayGeometry(I);
  for (const Operand &O : I.Operands) {
    if (O.Kind == OperandKind::Vector)
      checkMixedElements(I, Ctx, O, false);
    else if (O.Kind == OperandKind::PredPair && !O.Elements.empty() &&
             O.Elements[0].Kind == OperandKind::Vector)
      checkMixedElements(I, Ctx, O.Elements[0], false);
    else if (O.Kind == OperandKind::Address)
      for (const Operand &E : O.Elements)
        if (E.Kind == OperandKind::Vector)
          checkMixedElements(I, Ctx, E, Arrays && &E == &O.Elements.back());
  }
}

/// The width of I's data type (.b8-.b64, .u32/.s32/.u64/.s64), 0 for none.
unsigned dataTypeBits(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers) {
    if (Q.size() < 3 || !(Q[1] == 'b' || Q[1] == 'u' || Q[1] == 's'))
      continue;
    unsigned Bits = 0;
    if (!Q.drop_front(2).getAsInteger(10, Bits) && Bits >= 8 && Bits <= 64)
      return Bits;
  }
  return 0;
}

/// suld's data and sust's and sured's source are registers of the type's
/// width or wider, as for ld and st (ptxas 13.0: suld.b.1d.b32 with a .b16
/// register, or .b64 with a .b32 one, is "Arguments mismatch for instruction
/// 'suld.b'"; %rd and %f pass for .b32, %r for .b16), each element of a
/// vector alike (nvcc writes a scalar as {%r3}).
void checkDataWidth(const Instruction &I, CheckContext &Ctx) {
  unsigned Bits = dataTypeBits(I);
  // suld d, [a, b]; sust and sured [a, b], c: the data follows an address.
  size_t Pos = !I.Operands.empty() && I.Operands[0].Kind == OperandKind::Address ? 1 : 0;
  if (!Bits || I.Operands.size() <= Pos)
    return;
  const Operand &D = I.Operands[Pos];
  auto One = [&](const Operand &E) {
    const RegisterInfo *Info =
        E.Kind == OperandKind::Name ? isaop::scalarRegister(Ctx, E.Text) : nullptr;
    if (!Info)
      return false;
    isaop::Ty R = isaop::parseTy(Info->Type);
    if (!R.Bits || R.Cls == 'p' || R.Bits >= Bits)
      return false;
    Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf(I.Opcode), E.Range,
                     "the data registers of '" + isaop::spelledOp(I) + "' must be " +
                         std::to_string(Bits) + "-bit or wider; " + std::string(E.Text) +
                         " is declared " + std::string(Info->Type));
    return true;
  };
  if (D.Kind != OperandKind::Vector)
    One(D);
  else
    for (const Operand &E : D.Elements)
      if (One(E))
        return;
}

/// The handle kind a variable or parameter named by E is declared with
/// (".texref", ".samplerref", ".surfref", another type); empty for a
/// register, an unknown name or anything that is not a name.
llvm::StringRef handleKind(const Operand &E, CheckContext &Ctx) {
  if (E.Kind != OperandKind::Name)
    return {};
  const RegisterInfo *Info = Ctx.Syms.lookup(E.Text);
  if (!Info || Info->StateSpace == ".reg")
    return {};
  if (Info->StateSpace == ".tex") // .tex .u64 t; of PTX ISA 1.x declares a texture
    return ".texref";
  return Info->Type.empty() ? llvm::StringRef("?") : Info->Type;
}

void reportHandle(const Instruction &I, CheckContext &Ctx, const Operand &E, unsigned Pos,
                  llvm::StringRef Need, llvm::StringRef Kind, bool RegisterToo) {
  Ctx.Diags.report(Rule::IsaTextureOperand, E.Range,
                   "operand " + std::to_string(Pos) + " of '" + isaop::spelledOp(I) +
                       "' must be a " + Need.str() + (RegisterToo ? " or a .u64 register" : "") +
                       (Ctx.TexIndependent ? " under .target texmode_independent" : "") +
                       ", not '" + std::string(E.Text) + "' (" + Kind.str() + ")");
}

/// tex and tld4: [texture, {coords}] or [texture, sampler, {coords}].
void checkTexHandles(const Instruction &I, CheckContext &Ctx) {
  const Operand *A = nullptr;
  for (const Operand &O : I.Operands)
    if (O.Kind == OperandKind::Address) {
      A = &O;
      break;
    }
  if (!A || A->Elements.size() < 2 || A->Elements.back().Kind != OperandKind::Vector)
    return;
  const Operand &T = A->Elements.front();
  llvm::StringRef K = handleKind(T, Ctx);
  if (!K.empty() && K != ".texref")
    reportHandle(I, Ctx, T, 1, ".texref", K, true);
  if (!Ctx.TexIndependent)
    return; // unified mode: ptxas ignores a sampler operand
  if (A->Elements.size() == 2) {
    Ctx.Diags.report(Rule::IsaTextureOperand, A->Range,
                     "under .target texmode_independent '" + isaop::spelledOp(I) +
                         "' takes a sampler: [texture, sampler, {coordinates}] with a "
                         ".samplerref or a .u64 register");
    return;
  }
  const Operand &S = A->Elements[1];
  llvm::StringRef SK = handleKind(S, Ctx);
  if (!SK.empty() && SK != ".samplerref")
    reportHandle(I, Ctx, S, 2, ".samplerref", SK, true);
}

/// txq: [a] is a .texref for texture queries, a .samplerref for sampler
/// queries under independent mode (a .texref under unified mode), and a
/// .samplerref for .force_unnormalized_coords.
void checkTxqHandle(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() < 2 || I.Operands[1].Kind != OperandKind::Address ||
      I.Operands[1].Elements.size() != 1)
    return;
  const Operand &E = I.Operands[1].Elements.front();
  llvm::StringRef K = handleKind(E, Ctx);
  if (K.empty())
    return;
  bool Force = I.hasQualifier(".force_unnormalized_coords");
  bool Sampler = Force || I.hasQualifier(".filter_mode") || I.hasQualifier(".addr_mode_0") ||
                 I.hasQualifier(".addr_mode_1") || I.hasQualifier(".addr_mode_2");
  llvm::StringRef Need = (Force || (Sampler && Ctx.TexIndependent)) ? ".samplerref" : ".texref";
  if (K != Need)
    reportHandle(I, Ctx, E, 1, Need, K, !Force);
}

/// sured's source is one register: ptxas 13.0 refuses a vector, `{%r2}` too
/// ("Vector operand is not allowed for instruction 'sured.b'"), where sust
/// takes one (test/isa/sured-source.test).
void checkSuredSource(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() == 2 && I.Operands[1].Kind == OperandKind::Vector) {
    const Operand &V = I.Operands[1];
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandKind, isaSectionOf(I.Opcode), V.Range,
                                     "the source of '" + isaop::spelledOp(I) +
                                         "' is one register, not a vector (sust takes a vector)");
    if (V.Elements.size() == 1 && V.Elements[0].Kind == OperandKind::Name)
      D.Fixes.push_back({V.Range, std::string(V.Elements[0].Text)});
    return;
  }
  checkDataWidth(I, Ctx);
}

} // namespace

void checkTextureOperands(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op) {
  namespace opcheck = spec::opcheck;
  uint16_t Own = Op.OperandChecks;
  if (!(Own & (opcheck::TextureQuery | opcheck::Texture | opcheck::Surface | opcheck::SurfaceStore |
               opcheck::SurfaceReduce)))
    return;
  if (Own & opcheck::TextureQuery)
    return checkTxqHandle(I, Ctx);
  if (Own & opcheck::SurfaceReduce)
    return checkSuredSource(I, Ctx);
  bool Tex = Own & opcheck::Texture;
  // sust's data vector is a source after its address; the others' the destination.
  bool Store = Own & opcheck::SurfaceStore;
  if (Tex) {
    checkTextureTypes(I, Ctx);
    checkTexHandles(I, Ctx);
  } else {
    checkDataWidth(I, Ctx);
  }
  checkVectorsMixed(I, Ctx);
  unsigned Geom = coordsFor(I), Data = dataWidth(I);
  for (const Operand &O : I.Operands) {
    if (O.Kind == OperandKind::Address) {
      // [tex, {coords}] or [tex, sampler, {coords}]: the last vector.
      for (const Operand &E : O.Elements)
        if (E.Kind == OperandKind::Vector)
          checkVector(I, Ctx, E, &E == &O.Elements.back() ? Geom : 0, true);
    } else if (O.Kind == OperandKind::Vector) {
      checkVector(I, Ctx, O, &O == &I.Operands.front() || Store ? Data : 0, false);
    }
  }
}

} // namespace check
} // namespace ptxlint
