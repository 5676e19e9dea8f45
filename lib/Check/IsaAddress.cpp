//===- IsaAddress.cpp - addresses, state spaces, vectors and literals ----===//
//
// Operand checks every instruction gets once its form is matched, measured
// against ptxas 13.0 (tools/isa-realptx/mutants.py found each):
//
//  - an integer literal needs at most 64 bits ("Constant overflow");
//  - an address offset is an integer ("Integer constant expression
//    expected" for [%rd1+1.5]);
//  - an address register is an integer or bit-size one ("Illegal to use
//    symbol '%fd1' of type .f64 as address operand");
//  - a variable or parameter used as an address is in the instruction's
//    state space: ld.global on a .param, ld.const on a .global, a generic
//    ld of a .param or .const ("State space mismatch between instruction
//    and address");
//  - ld/st/ldu .v2/.v4/.v8 take a vector of that many elements, scalar
//    ones a register ("Argument vector size mismatch");
//  - cvt between a float and an integer type, or to a narrower float type,
//    names its rounding ("Rounding modifier required for instruction 'cvt'",
//    9.7.9.21: .rni/.rzi/.rmi/.rpi to an integer, .rn/.rz/.rm/.rp to a float).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaAddress.h"
#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/Addressing.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"
#include "Support/IntLiteral.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

namespace {

using spec::AddressSections;
const char *const ImmSpec = AddressSections::Immediate;
const char *const AddrSpec = AddressSections::Address;
const char *const VecSpec = AddressSections::Vector;

/// Whether ptxas 13.0 reports "Constant overflow" for the integer literal S
/// (decimal, 0x, 0b or 0 octal, optional U suffix). ptxas accumulates the
/// digits in 64 bits, wrapping, and overflows only when another digit follows
/// an accumulated value with its top bit set: 2^64 and 2^66 are taken (and
/// wrapped), 99999999999999999999 and 0xfffffffffffffffff are not. Matches
/// ptxas on 240 random literals of 60-76 bits in the four bases
/// (docs/differences/isa.md).
enum class Width { Fits, Wraps, Overflows };

Width literalWidth(llvm::StringRef S) {
  switch (decodeIntLiteral(S).State) {
  case IntLiteral::Overflows:
    return Width::Overflows;
  case IntLiteral::Wraps:
    return Width::Wraps;
  default:
    return Width::Fits; // or not an integer literal after all
  }
}

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$' || C == '%'; }

/// Reports the integer literals of Text (an operand's source) that need more
/// than 64 bits, and, inside an address, the floating-point ones.
void scanLiterals(CheckContext &Ctx, llvm::StringRef Text, bool InAddress) {
  for (size_t K = 0; K < Text.size();) {
    char C = Text[K];
    if (!llvm::isDigit(C) || (K && (isWordChar(Text[K - 1]) || Text[K - 1] == '.'))) {
      // Skip the rest of a name ('%r12', 'sm_90', '$L__BB0_1').
      if (isWordChar(C) || C == '.') {
        while (K < Text.size() && (isWordChar(Text[K]) || Text[K] == '.'))
          ++K;
      } else {
        ++K;
      }
      continue;
    }
    size_t E = K;
    while (E < Text.size() && (llvm::isAlnum(Text[E]) || Text[E] == '.'))
      ++E;
    llvm::StringRef Lit = Text.slice(K, E);
    bool Float =
        Lit.contains('.') || Lit.startswith_insensitive("0f") || Lit.startswith_insensitive("0d") ||
        (!Lit.startswith_insensitive("0x") && Lit.find_insensitive('e') != llvm::StringRef::npos);
    SourceRange R = Ctx.rangeOf(Lit);
    if (!Float && badOctal(Lit))
      Ctx.Diags.report(Rule::Syntax, R,
                       "'" + Lit.str() +
                           "' is an octal constant (it begins with 0) with an 8 or a 9: octal "
                           "digits are 0-7 (ptxas: syntax error); drop the leading 0 for decimal");
    else if (Float && InAddress)
      Ctx.Diags.report(Rule::IsaOperandImmediate, AddrSpec, R,
                       "an address offset must be an integer constant, not the floating-point "
                       "constant " +
                           Lit.str());
    else if (Width W = Float ? Width::Fits : literalWidth(Lit); W == Width::Overflows)
      Ctx.Diags.report(Rule::IsaOperandImmediate, ImmSpec, R,
                       "the integer constant " + Lit.str() + " does not fit in 64 bits");
    else if (W == Width::Wraps)
      Ctx.Diags.report(Severity::Warning, Rule::IsaOperandImmediate, ImmSpec, R,
                       "the integer constant " + Lit.str() +
                           " does not fit in 64 bits; ptxas takes it wrapped to its low 64 bits");
    K = E;
  }
}

/// The state space qualifier of I ("" for generic).
/// The state space of I's operand K: with two spaces written (cp.async's
/// .dst.src), the first is its destination's, the second its source's; the
/// operands after them ([mbar]) are not checked ("-").
llvm::StringRef spaceOf(const Instruction &I, size_t K, bool &TwoSpaces) {
  llvm::StringRef Found[2];
  unsigned N = 0;
  for (llvm::StringRef Q : I.Qualifiers)
    if (llvm::is_contained(spec::AddressSpaces, Q) && N < 2)
      Found[N++] = Q;
  TwoSpaces = N == 2;
  if (!TwoSpaces)
    return Found[0];
  return K < 2 ? Found[K] : "-";
}

/// Whether I's [address] reaches generic or .global memory, where ptxas
/// 13.0 compiling a 64-bit module (-arch sm_NN, every target; -arch
/// compute_NN accepts it) refuses a 32-bit register: "Program uses 32-bit
/// address on line N which is conflicting with .address_size 64", then
/// "32-Bit compilation is no longer supported" (test/isa/address-32.test).
/// .shared, .local, .const and .param addresses are 32-bit and fine.
/// cvta.u32 is refused the same way but not reported: CUDA's
/// sm_20_intrinsics.hpp writes it on its 32-bit host path (behind a #define
/// the inline-asm guards do not follow; test/isa/cvta.test).
bool addresses64(const Instruction &I, const spec::AddressingRow *Row) {
  if (!Row || !Row->Address64)
    return false;
  return Row->AlwaysAddress64 || llvm::none_of(I.Qualifiers, spec::addresses32);
}

/// cvta.u32 in a 64-bit module, under --arch: ptxas 13.0 -arch sm_NN warns
/// "Program uses 32-bit address on line N which is conflicting with
/// .address_size 64" and stops ("32-Bit compilation is no longer supported";
/// "32-Bit ABI ... is not supported on sm_90 or higher"), every target;
/// -arch compute_NN accepts it. Not reported without --arch, nor in inline
/// asm: CUDA's sm_20_intrinsics.hpp writes cvta.to.param.u32 on its 32-bit
/// host path, behind a #define the guards do not follow (test/isa/cvta.test).
void checkCvta32(const Instruction &I, CheckContext &Ctx) {
  // A register of another size is the operand-type error of IsaOperands.cpp:
  // one diagnostic for the line.
  for (const Operand &O : I.Operands)
    if (const RegisterInfo *R = O.Kind == OperandKind::Name ? Ctx.Syms.lookup(O.Text) : nullptr)
      if (R->StateSpace == ".reg" && R->Type != ".b32" && R->Type != ".u32" && R->Type != ".s32")
        return;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    if (I.Qualifiers[K] != ".u32")
      continue;
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    Ctx.Diags.report(Rule::IsaOperandType, AddrSpec, R,
                     "cvta.u32 converts a 32-bit address, which a module of .address_size 64 "
                     "does not have: ptxas -arch sm_NN stops ('Program uses 32-bit address', "
                     "'32-Bit compilation is no longer supported'); write cvta with .u64 and "
                     "64-bit registers");
    return;
  }
}

/// mov.u32/.b32/.s32 of a .global variable's address in a 64-bit module, under
/// --arch: ptxas 13.0 -arch sm_NN warns "Program uses 32-bit address on line N"
/// and stops ("32-Bit ABI ... is not supported on sm_90 or higher", "32-Bit
/// compilation is no longer supported"); -arch compute_NN accepts it, and so
/// do `gv+4`, a .shared/.const/.local variable and a function (sample H's
/// var-space mutants; test/isa/mov-global-32.test).
void checkMovGlobal32(const Instruction &I, CheckContext &Ctx) {
  if (I.Operands.size() != 2 || I.Operands[1].Kind != OperandKind::Name || I.Qualifiers.empty())
    return;
  llvm::StringRef T = I.Qualifiers.back();
  if (T != ".u32" && T != ".b32" && T != ".s32")
    return;
  const Operand &Src = I.Operands[1];
  std::string Name(Src.Text);
  const RegisterInfo *Info = Ctx.Syms.lookup(Src.Text);
  if (!Info || Info->StateSpace != ".global")
    return;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandType, AddrSpec, Src.Range,
      "mov" + T.str() + " takes a 32-bit address, and the address of .global variable '" + Name +
          "' in a module of .address_size 64 has 64 bits: ptxas -arch sm_NN stops "
          "('Program uses 32-bit address', '32-Bit ABI ... is not supported'); write mov.u64 "
          "into a 64-bit register");
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, Name + " is declared here"});
}

/// An immediate address, [32] or [+0], of ld, ldu, st, atom, red, prefetch, cp:
/// ptxas 13.0 takes one in .local only ("Immediate addresses allowed only for
/// .local state space", generic and every other space; sample F and H,
/// test/isa/immediate-address.test).
void checkImmediateAddress(const Instruction &I, CheckContext &Ctx, const Operand &Addr, size_t K,
                           const spec::AddressingRow *Row) {
  // The text first (cheap, and most addresses hold a register), the opcode then.
  llvm::StringRef T = llvm::StringRef(Ctx.File.slice(Addr.Range)).trim("[] \t");
  llvm::StringRef N = T.ltrim("+- \t");
  if (N.empty() || !llvm::isDigit(N[0]))
    return;
  // The memory instructions whose address names a state space (Addressing.cpp's
  // ChecksSpace rows: ld, ldu, st, atom, red, prefetch, prefetchu, cp).
  if (!Row || !Row->ChecksSpace)
    return;
  N = N.drop_back(N.back() == 'U' || N.back() == 'u');
  uint64_t V;
  if (N.getAsInteger(0, V) && !(N.startswith_insensitive("0x") && N.size() > 2))
    return;
  bool TwoSpaces = false;
  llvm::StringRef S = spaceOf(I, K, TwoSpaces);
  if (S == ".local" || S == "-")
    return;
  Ctx.Diags.report(Rule::IsaOperandKind, AddrSpec, Addr.Range,
                   "an immediate address ([" + T.str() +
                       "]) is allowed in the .local state space "
                       "only, not in " +
                       (S.empty() ? std::string("a generic address") : S.str()) +
                       " (ptxas 13.0); hold the address in a register or name a variable");
}

/// A component of a vector register as an address base, [%vd.x]: ptxas
/// 13.0 answers "syntax error" (test/isa-operands/vector-registers.test).
void checkComponentBase(CheckContext &Ctx, const Operand &Addr) {
  const Operand &Base = Addr.Elements[0];
  llvm::StringRef Name = Base.Text;
  if (Base.Kind != OperandKind::Name)
    return;
  size_t Dot = Name.rfind('.');
  if (Dot == llvm::StringRef::npos || Dot + 2 != Name.size() ||
      !llvm::StringRef("xyzwrgba").contains(Name.back()))
    return;
  // [%vd.x+4]: IsaExpression.cpp's "takes no offset" speaks for it. (Tested
  // after the component: trim's set of characters costs more than the rest.)
  if (llvm::StringRef(Ctx.File.slice(Addr.Range)).trim("[] \t") != Name)
    return;
  const RegisterInfo *Info = Ctx.Syms.lookup(Name.take_front(Dot));
  if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth < 2)
    return;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandKind, AddrSpec, Base.Range,
      "a vector component cannot be an address register (ptxas: syntax error); copy " + Name.str() +
          " to a scalar register first (mov.b" + std::string(Info->Type).substr(2) +
          (Info->Type.endswith("64") ? " %rd, " : " %r, ") + Name.str() + ")");
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, Name.take_front(Dot).str() + " is declared here"});
}

/// ld.param of a header's return parameter, st.param of its input parameter
/// (or a kernel's): ptxas 13.0 "Illegal to read function return parameter",
/// "Illegal to write to function input parameter"
/// (test/isa-operands/param-direction.test).
void checkParamDirection(const Instruction &I, CheckContext &Ctx, const Operand &Base,
                         const RegisterInfo &Info, bool Writes) {
  bool Bad = Writes ? Info.Role == ParamRole::Input : Info.Role == ParamRole::Return;
  if (!Bad)
    return;
  std::string Name(Base.Text);
  Diagnostic &D =
      Ctx.Diags.report(Rule::SymbolParamDirection, Base.Range,
                       Writes ? "'" + std::string(I.Opcode) + "' cannot write '" + Name + "'" +
                                    ", an input parameter (input parameters are read-only: "
                                    "ptxas 'Illegal to write to function input parameter'); "
                                    "copy it to a register or a .local variable and change the copy"
                              : "'" + std::string(I.Opcode) + "' cannot read '" + Name + "'" +
                                    ", a return parameter (return parameters are only written "
                                    "with st.param: ptxas 'Illegal to read function return "
                                    "parameter'); keep the value in a register as well");
  if (Info.DeclRange.isValid())
    D.Notes.push_back({Info.DeclRange, Name + " is declared here"});
}

/// The base of an address, or of cvta's symbol operand; Row is I's
/// addressing row (null for none), Space whether the base's state space is
/// checked against the one written.
void checkBase(const Instruction &I, CheckContext &Ctx, const Operand &Base,
               const spec::AddressingRow *Row, bool Space, size_t OperandIndex) {
  if (Base.Kind != OperandKind::Name)
    return;
  const RegisterInfo *Info = Ctx.Syms.lookup(Base.Text);
  if (!Info)
    return;
  if (Info->StateSpace == ".reg") {
    if (Row && Row->SymbolOperand)
      return; // its operand types are IsaOperands.cpp's
    llvm::StringRef T = Info->Type;
    if (!Ctx.Address32 && addresses64(I, Row) && (T == ".b32" || T == ".u32" || T == ".s32")) {
      Diagnostic &D = Ctx.Diags.report(
          Rule::IsaOperandType, AddrSpec, Base.Range,
          "a generic or .global address in a 64-bit module must be a 64-bit register; " +
              std::string(Base.Text) + " is declared " + T.str() +
              " (ptxas: 'Program uses 32-bit address', fatal for every sm_ target)");
      if (Info->DeclRange.isValid())
        D.Notes.push_back({Info->DeclRange, std::string(Base.Text) + " is declared here"});
      return;
    }
    // ptxas 13.0: "Illegal operand type for address/array-index" for [%vd]
    // and [%vd+4] (test/isa-operands/vector-registers.test).
    if (Info->VectorWidth > 1) {
      Diagnostic &D = Ctx.Diags.report(
          Rule::IsaOperandKind, AddrSpec, Base.Range,
          "an address register must be a scalar register; " + std::string(Base.Text) + " is a .v" +
              std::to_string(Info->VectorWidth) + " " + T.str() +
              " vector register: copy one component to a scalar register (mov.b64 %rd, " +
              std::string(Base.Text) + ".x) and address through it");
      if (Info->DeclRange.isValid())
        D.Notes.push_back({Info->DeclRange, std::string(Base.Text) + " is declared here"});
      return;
    }
    if (Info->VectorWidth == 1 && (T.startswith(".f") || T.startswith(".bf") || T == ".pred")) {
      Diagnostic &D = Ctx.Diags.report(
          Rule::IsaOperandKind, AddrSpec, Base.Range,
          "an address register must be of an integer or bit-size type (.b/.u/.s); " +
              std::string(Base.Text) + " is declared " + T.str());
      if (Info->DeclRange.isValid())
        D.Notes.push_back({Info->DeclRange, std::string(Base.Text) + " is declared here"});
    }
    return;
  }
  if (!Space || Info->StateSpace.empty())
    return;
  bool TwoSpaces = false;
  llvm::StringRef S = spaceOf(I, OperandIndex, TwoSpaces);
  if (S == "-")
    return;
  if (Row && Row->SymbolOperand && (S.empty() || I.hasQualifier(".to")))
    return; // cvta.to takes a register: a variable is CheckSymbols.cpp's "must be register"
  if (spec::spaceReaches(S, Info->StateSpace)) {
    checkParamDirection(I, Ctx, Base, *Info, Row && Row->Writes && OperandIndex == 0);
    return;
  }
  // st/atom/red cannot write .const memory (st.const: "State space incorrect").
  bool Writes = Row && Row->Writes;
  std::string Fix = Writes && Info->StateSpace == ".const"
                        ? "a kernel cannot write .const memory (it is read-only): store to a "
                          ".global variable instead"
                        : "write '" + std::string(I.Opcode) + Info->StateSpace.str() + "'";
  std::string Who = S.empty() ? "a generic '" + std::string(I.Opcode) + "'"
                              : "'" + std::string(I.Opcode) + S.str() + "'";
  if (TwoSpaces) {
    std::string Spelled(I.Opcode);
    for (llvm::StringRef Q : I.Qualifiers)
      Spelled += Q.str();
    Who = "the " + std::string(OperandIndex ? "source" : "destination") + " of '" + Spelled +
          "', in " + S.str() + ",";
    Fix = "address " + S.str() + " memory there (a " + S.str() + " symbol or a register)";
  }
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaAddressSpace, Base.Range,
      Who + " cannot address " + std::string(Base.Text) + ", which is declared in " +
          Info->StateSpace.str() +
          (S.empty() ? " (generic addressing reaches .global, .shared and .local symbols)" : "") +
          "; " + Fix);
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, std::string(Base.Text) + " is declared here"});
}

unsigned vectorWidth(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".v2" || Q == ".v4" || Q == ".v8")
      return Q[2] - '0';
  return 1;
}

/// mov.v2/.v4 (a correction: ptxas takes `mov.v4.u32 %v, %tid;`) moves whole
/// vector registers: a scalar register there is "Result vector expected".
/// mov.f16/.f32/.f64 of a variable's name: the address of a symbol is an
/// integer, so ptxas takes it only in mov.u32/.u64/.b32/.b64/.s32/.s64
/// ("Arguments mismatch"; probed with .global symbols, sm_80).
void checkMovAddress(const Instruction &I, CheckContext &Ctx) {
  llvm::StringRef Type;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q.startswith(".f") || Q.startswith(".bf"))
      Type = Q;
  if (Type.empty() || I.Operands.size() != 2)
    return;
  const Operand &O = I.Operands[1];
  // The symbol alone, or the base of sym+4 (an address expression).
  llvm::StringRef Name = O.Text;
  if (O.Kind == OperandKind::Expr)
    Name = Name.take_until([](char C) { return C == '+' || C == '-' || C == ' ' || C == '\t'; });
  else if (O.Kind != OperandKind::Name)
    return;
  const RegisterInfo *Info = Name.empty() ? nullptr : Ctx.Syms.lookup(Name);
  if (!Info)
    return;
  llvm::StringRef Space = Info->StateSpace;
  if (!spec::isAddressableSpace(Space))
    return;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandKind, AddrSpec, O.Range,
      "'mov" + Type.str() + "' cannot take the address of " + Name.str() + " (declared in " +
          Space.str() + "): an address is an integer; write 'mov.u64' (or 'mov.u32')");
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, Name.str() + " is declared here"});
}

void checkVectorMov(const Instruction &I, CheckContext &Ctx) {
  unsigned N = vectorWidth(I);
  if (N == 1)
    return checkMovAddress(I, Ctx);
  for (const Operand &O : I.Operands) {
    if (O.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
    if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth == N)
      continue;
    Ctx.Diags.report(Rule::IsaOperandKind, VecSpec, O.Range,
                     "'mov.v" + std::to_string(N) + "' moves whole .v" + std::to_string(N) +
                         " registers; " + std::string(O.Text) +
                         (Info->VectorWidth == 1
                              ? std::string(" is a scalar register")
                              : " is a .v" + std::to_string(Info->VectorWidth) + " register"));
    return;
  }
}

/// ld/st's .L2::evict_* (.level2::eviction_priority) move 256 bits: ptxas
/// 13.0 "Instruction 'ld' requires '.v8.b32/.v4.b64' type with
/// '.L2::evict_last' modifier" for .u32, .v4.b32 ... (.v8 of any 32-bit type
/// and .v4 of any 64-bit type assemble; test/isa/s11-mutants.test).
void checkL2Eviction(const Instruction &I, CheckContext &Ctx) {
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    if (!Q.startswith(".L2::evict_"))
      continue;
    unsigned Bits = 0;
    for (llvm::StringRef T : I.Qualifiers)
      if (T.size() >= 3 && (T[1] == 'b' || T[1] == 'u' || T[1] == 's' || T[1] == 'f') &&
          llvm::isDigit(T[2]))
        T.drop_front(2).getAsInteger(10, Bits);
    if (!Bits || vectorWidth(I) * Bits == 256)
      return;
    SourceRange R = K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
    Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf(I.Opcode), R,
                     "'" + std::string(I.Opcode) + Q.str() +
                         "' moves 256 bits: it takes .v8 of a 32-bit type or .v4 of a 64-bit "
                         "type (.v8.b32, .v4.b64), found " +
                         std::to_string(vectorWidth(I)) + " x " + std::to_string(Bits) + " bits");
    return;
  }
}

void checkVectorArity(const Instruction &I, CheckContext &Ctx, const spec::AddressingRow *Row) {
  if (!Row)
    return;
  if (Row->Moves)
    return checkVectorMov(I, Ctx);
  if (Row->VectorData < 0)
    return;
  if (I.hasQualifier(".async") || I.hasQualifier(".bulk") || I.Operands.size() < 2)
    return;
  // ldu takes no .L2::evict_* (its table refuses it before this check).
  checkL2Eviction(I, Ctx);
  const Operand &Data = I.Operands[Row->VectorData];
  unsigned N = vectorWidth(I);
  bool IsVec = Data.Kind == OperandKind::Vector;
  // A vector of one, `ld.param.u64 {%rd1}, [p];`, is the register: ptxas 13.0
  // takes it for ld, ldu and st (test/isa/s11-mutants.test).
  if (N == 1 && IsVec && Data.Elements.size() != 1) {
    Ctx.Diags.report(Rule::IsaOperandKind, VecSpec, Data.Range,
                     "'" + std::string(I.Opcode) +
                         "' without .v2/.v4 takes one register, not a vector of " +
                         std::to_string(Data.Elements.size()));
  } else if (N > 1 && !IsVec && Data.Kind != OperandKind::Expr) {
    // A vector register of N elements is the whole vector (ptxas 13.0 takes
    // `ld.global.v2.b32 %vr, [%rd]` with `.reg .v2 .b32 %vr`; the element
    // types are IsaOperandsVector.cpp's).
    const RegisterInfo *Info =
        Data.Kind == OperandKind::Name ? Ctx.Syms.lookup(Data.Text) : nullptr;
    if (Info && Info->StateSpace == ".reg" && Info->VectorWidth > 1) {
      if (Info->VectorWidth != N)
        Ctx.Diags.report(Rule::IsaOperandKind, VecSpec, Data.Range,
                         "'" + std::string(I.Opcode) + ".v" + std::to_string(N) +
                             "' takes a vector of " + std::to_string(N) + " registers; " +
                             std::string(Data.Text) + " is a .v" +
                             std::to_string(Info->VectorWidth) + " register");
      return;
    }
    Ctx.Diags.report(Rule::IsaOperandKind, VecSpec, Data.Range,
                     "'" + std::string(I.Opcode) + ".v" + std::to_string(N) +
                         "' takes a vector of " + std::to_string(N) + " registers in braces, not " +
                         std::string(Data.Text));
  } else if (N > 1 && IsVec && Data.Elements.size() != N) {
    Ctx.Diags.report(Rule::IsaOperandKind, VecSpec, Data.Range,
                     "'" + std::string(I.Opcode) + ".v" + std::to_string(N) +
                         "' takes a vector of " + std::to_string(N) + " registers, not " +
                         std::to_string(Data.Elements.size()));
  }
}

/// 'f' for .f16/.bf16/.f32/.f64, 'i' for the integer types, 0 otherwise;
/// Bits is the size.
char cvtClass(llvm::StringRef Q, unsigned &Bits) {
  for (const spec::CvtType &T : spec::CvtTypes)
    if (Q == T.Name) {
      Bits = T.Bits;
      return T.Cls;
    }
  return 0;
}

/// Whether cvt's two type qualifiers are one type (cvt.rn.f32.f32, not
/// cvt.rn.bf16.f16, which rounds).
bool sameTypes(const Instruction &I) {
  llvm::StringRef First;
  for (llvm::StringRef Q : I.Qualifiers) {
    unsigned Bits = 0;
    if (!cvtClass(Q, Bits))
      continue;
    if (First.empty())
      First = Q;
    else
      return Q == First;
  }
  return false;
}

/// cvt between a packed narrow type (.e4m3x2, .e5m2x2, .e2m3x2, .e3m2x2,
/// .ue8m0x2, .e2m1x2) and .f32/.f16x2/.bf16x2: d of the first type written,
/// the sources of the second.
void checkCvtPackedRegisters(const Instruction &I, CheckContext &Ctx) {
  // Most cvt have no packed narrow type: one look at the last letters first.
  bool Packed = false;
  for (llvm::StringRef Q : I.Qualifiers) {
    if (Q.endswith("x4"))
      return; // the x4 forms take a vector and random bits: not checked here
    Packed |= Q.endswith("x2") && Q != ".f16x2" && Q != ".bf16x2";
  }
  if (!Packed)
    return;
  llvm::SmallVector<llvm::StringRef, 2> Types;
  for (llvm::StringRef Q : I.Qualifiers) {
    unsigned Bits = 0;
    if (spec::cvtPackedRegisters(Q) || cvtClass(Q, Bits) || Q == ".tf32")
      Types.push_back(Q);
  }
  if (Types.size() != 2)
    return;
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &O = I.Operands[K];
    const char *const *Allowed = spec::cvtPackedRegisters(Types[K == 0 ? 0 : 1]);
    if (!Allowed || O.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *R = Ctx.Syms.lookup(O.Text);
    if (!R || R->StateSpace != ".reg" || R->VectorWidth > 1)
      continue;
    std::string Valid;
    bool Ok = false;
    for (const char *const *A = Allowed; *A; ++A) {
      Ok |= R->Type == *A;
      Valid += (Valid.empty() ? "" : " or ") + std::string(*A);
    }
    if (Ok)
      continue;
    std::string Msg = K == 0 ? "the destination of 'cvt" : "a source of 'cvt";
    for (llvm::StringRef Q : I.Qualifiers)
      Msg += Q;
    Msg += "' (";
    Msg += Types[K == 0 ? 0 : 1];
    Msg += ") must be a ";
    Msg += Valid;
    Msg += " register; ";
    Msg += O.Text;
    Msg += " is declared ";
    Msg += R->Type;
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandType, isaSectionOf("cvt"), O.Range, Msg);
    if (R->DeclRange.isValid())
      D.Notes.push_back({R->DeclRange, std::string(O.Text) + " is declared here"});
  }
}

/// cvt (IsaOpcode::OperandChecks CvtRounding): the registers of packed
/// narrow types, and the rounding its type pair requires or refuses.
void checkCvtRounding(const Instruction &I, CheckContext &Ctx) {
  checkCvtPackedRegisters(I, Ctx);
  isaop::checkCvtX4Registers(I, Ctx);
  llvm::SmallVector<std::pair<char, unsigned>, 2> Ts;
  size_t RoundAt = I.Qualifiers.size();
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    unsigned Bits = 0;
    if (char C = cvtClass(Q, Bits))
      Ts.push_back({C, Bits});
    else if (Q.startswith(".r") && Q != ".relu")
      RoundAt = K;
    else if (Q != ".sat" && Q != ".ftz" && Q != ".relu" && Q != ".satfinite")
      return; // .tf32, .e4m3x2, .f16x2, ...: forms of their own
  }
  if (Ts.size() != 2)
    return;
  auto [DC, DB] = Ts[0];
  auto [AC, AB] = Ts[1];
  // The words of the messages, made only for a report (cvt is common).
  auto Spelled = [&I] {
    std::string S = "cvt";
    for (llvm::StringRef Q : I.Qualifiers)
      S += Q.str();
    return S;
  };
  const char *From = AC == 'f' ? "a floating-point" : "an integer";
  const char *To = DC == 'i'              ? "an integer"
                   : AC == 'f' && AB > DB ? "a narrower floating-point"
                                          : "a floating-point";
  const char *IntR = ".rni, .rzi, .rmi or .rpi";
  const char *FltR = ".rn, .rz, .rm or .rp";
  // .ftz flushes .f32 subnormals: ptxas 13.0 refuses it where neither type is
  // .f32 ("Illegal modifier '.ftz' for instruction 'cvt'" between integers,
  // "Modifier '.ftz' does not apply to this type of convert operation"
  // otherwise; sample H, test/isa/cvt-ftz.test).
  if (!(DC == 'f' && DB == 32) && !(AC == 'f' && AB == 32)) {
    size_t K = llvm::find(I.Qualifiers, ".ftz") - I.Qualifiers.begin();
    if (K < I.Qualifiers.size() && K < I.QualifierRanges.size()) {
      Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf("cvt"), I.QualifierRanges[K],
                       ".ftz applies to a conversion from or to .f32 only, not to '" + Spelled() +
                           "'; remove .ftz");
      return;
    }
  }
  // ptxas rejects .sat on an integer conversion that cannot saturate
  // (cvt.sat.u32.u16, cvt.sat.s64.s32, cvt.sat.s32.u16: every source value fits).
  if (DC == 'i' && AC == 'i' && I.hasQualifier(".sat")) {
    llvm::StringRef DT, AT; // the destination and source types as written
    for (llvm::StringRef Q : I.Qualifiers) {
      unsigned Unused = 0;
      if (cvtClass(Q, Unused) == 'i')
        (DT.empty() ? DT : AT) = Q;
    }
    bool DS = DT[1] == 's', AS = AT[1] == 's';
    bool Fits = DS == AS ? DB >= AB : DS && DB > AB;
    if (Fits) {
      size_t K = llvm::find(I.Qualifiers, ".sat") - I.Qualifiers.begin();
      Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf("cvt"), I.QualifierRanges[K],
                       "'" + Spelled() + "' cannot saturate: every " + AT.str() + " value fits " +
                           DT.str() + "; remove .sat");
      return;
    }
  }
  if (RoundAt == I.Qualifiers.size()) {
    const char *Need = DC == 'i' && AC == 'f'                ? IntR
                       : DC == 'f' && (AC == 'i' || AB > DB) ? FltR
                                                             : nullptr;
    if (!Need)
      return;
    Diagnostic &D =
        Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf("cvt"), I.opcodeRange(),
                         "'" + Spelled() + "' from " + From + " type to " + To +
                             " type needs a rounding qualifier: " + Need);
    D.Fixes.push_back(
        {SourceRange{I.opcodeRange().End, I.opcodeRange().End}, DC == 'i' ? ".rzi" : ".rn"});
    return;
  }
  llvm::StringRef R = I.Qualifiers[RoundAt];
  bool IntRound = R.endswith("i");
  const char *Valid = nullptr;
  // A widening floating-point conversion is exact (ptxas 13.0: cvt.rn.f64.f32
  // and cvt.rni.f64.f32 are an "Illegal rounding modifier").
  // A floating-point type to itself rounds to an integer value only (ptxas
  // 13.0: cvt.rn.f32.f32 is an "Illegal rounding modifier").
  const bool FloatToItself = DC == 'f' && AC == 'f' && AB == DB && sameTypes(I);
  // A .bf16 source widened to .f32 takes .rn/.rz/.rm/.rp (ptxas 13.0 accepts
  // cvt.rn.f32.bf16; .rni is an "Illegal
  // rounding modifier"; test/isa/cvt-mov-misc.test).
  const bool FromBf16 = DC == 'f' && AC == 'f' && AB < DB && I.hasQualifier(".bf16");
  if (FromBf16)
    Valid = IntRound ? FltR : nullptr;
  else if ((DC == 'i' && AC == 'i') || (DC == 'f' && AC == 'f' && AB < DB))
    Valid = "none (remove it)";
  else if (DC == 'f' && IntRound && (AC == 'i' || AB != DB))
    Valid = FltR;
  else if (!IntRound && (DC == 'i' || FloatToItself))
    Valid = IntR;
  if (!Valid)
    return;
  Ctx.Diags.report(Rule::IsaQualifierCombination, isaSectionOf("cvt"), I.QualifierRanges[RoundAt],
                   "rounding " + R.str() + " does not apply to '" + Spelled() + "' (" + From +
                       " type to " + To + " type); valid: " + Valid);
}

} // namespace

void checkIsaAddresses(const Instruction &I, CheckContext &Ctx, const spec::AddressingRow *Row,
                       const spec::IsaOpcode &Op) {
  bool Space = Row && Row->ChecksSpace;
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &O = I.Operands[K];
    bool IsAddr = O.Kind == OperandKind::Address;
    // The coordinates of tex/tld4 ([tex, {%f1, 0f3F000000}]) are values,
    // not an address offset: ptxas 13.0 takes floating-point constants there.
    bool Coords = IsAddr && llvm::any_of(O.Elements, [](const Operand &E) {
                    return E.Kind == OperandKind::Vector;
                  });
    if (O.Kind != OperandKind::Name)
      scanLiterals(Ctx, Ctx.File.slice(O.Range), IsAddr && !Coords);
    if (IsAddr && O.Elements.size() <= 1)
      checkImmediateAddress(I, Ctx, O, K, Row);
    if (IsAddr && O.Elements.size() == 1) {
      // [g+(2*4)]: the base of an offset expression, checked as [g+8] is.
      Operand Folded;
      if (const Operand *Base = addressBase(O, Ctx.File, Folded))
        checkBase(I, Ctx, *Base, Row, Space, K);
      checkComponentBase(Ctx, O);
    }
  }
  if (Row && Row->SymbolOperand && I.Operands.size() == 2) {
    Operand Folded; // cvta.global.u64 %rd1, s+(4)
    if (const Operand *Base = symbolBase(I.Operands[1], Ctx.File, Folded))
      checkBase(I, Ctx, *Base, Row, true, 1);
  }
  if (Row && Row->Converts && Ctx.Codegen && !Ctx.Address32)
    checkCvta32(I, Ctx);
  if (Row && Row->Moves && Ctx.Codegen && !Ctx.Address32)
    checkMovGlobal32(I, Ctx);
  checkVectorArity(I, Ctx, Row);
  if (Op.OperandChecks & spec::opcheck::CvtRounding)
    checkCvtRounding(I, Ctx);
}

} // namespace check
} // namespace ptxlint
