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
//    ones a register ("Argument vector size mismatch").
//
//===----------------------------------------------------------------------===//

#include "Check/IsaAddress.h"
#include "Check/CheckUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

namespace {

const char ImmSpec[] = "4.5.1";
const char AddrSpec[] = "6.4.1";
const char SpaceSpec[] = "5.1";
const char VecSpec[] = "6.4.2";

/// Whether the integer literal S (decimal, 0x, 0b or 0 octal, optional U
/// suffix) needs more than 64 bits.
bool overflows64(llvm::StringRef S) {
  if (S.endswith("U") || S.endswith("u"))
    S = S.drop_back();
  unsigned Base = 10;
  if (S.startswith_insensitive("0x")) {
    Base = 16;
    S = S.drop_front(2);
  } else if (S.startswith_insensitive("0b")) {
    Base = 2;
    S = S.drop_front(2);
  } else if (S.size() > 1 && S[0] == '0') {
    Base = 8;
    S = S.drop_front(1);
  }
  uint64_t V = 0;
  for (char C : S) {
    unsigned D = llvm::hexDigitValue(C);
    if (D >= Base)
      return false; // not an integer literal after all
    if (V > (UINT64_MAX - D) / Base)
      return true;
    V = V * Base + D;
  }
  return false;
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
    if (Float && InAddress)
      Ctx.Diags.error("isa-operand-immediate", AddrSpec, R,
                      "an address offset must be an integer constant, not the floating-point "
                      "constant " +
                          Lit.str());
    else if (!Float && overflows64(Lit))
      Ctx.Diags.error("isa-operand-immediate", ImmSpec, R,
                      "the integer constant " + Lit.str() + " does not fit in 64 bits");
    K = E;
  }
}

const char *const Spaces[] = {".global", ".shared", ".shared::cta",  ".shared::cluster", ".local",
                              ".const",  ".param",  ".param::entry", ".param::func"};

/// The state space qualifier of I ("" for generic).
llvm::StringRef spaceOf(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (llvm::is_contained(Spaces, Q))
      return Q;
  return "";
}

bool spaceMatches(llvm::StringRef Instr, llvm::StringRef Sym) {
  if (Instr.empty()) // generic: ptxas rejects .param and .const symbols
    return Sym != ".param" && Sym != ".const";
  if (Instr.startswith(".shared"))
    return Sym == ".shared";
  if (Instr.startswith(".param"))
    return Sym == ".param";
  return Instr == Sym;
}

bool checksSpace(llvm::StringRef Op) {
  return Op == "ld" || Op == "st" || Op == "ldu" || Op == "atom" || Op == "red" ||
         Op == "prefetch" || Op == "prefetchu" || Op == "cvta";
}

/// The base of an address, or of cvta's symbol operand.
void checkBase(const Instruction &I, CheckContext &Ctx, const Operand &Base, bool Space) {
  if (Base.Kind != OperandKind::Name)
    return;
  const RegisterInfo *Info = Ctx.Syms.lookup(Base.Text);
  if (!Info)
    return;
  if (Info->StateSpace == ".reg") {
    if (I.Opcode == "cvta")
      return; // its operand types are IsaOperands.cpp's
    llvm::StringRef T = Info->Type;
    if (Info->VectorWidth == 1 && (T.startswith(".f") || T.startswith(".bf") || T == ".pred")) {
      Diagnostic &D = Ctx.Diags.error(
          "isa-operand-kind", AddrSpec, Base.Range,
          "an address register must be of an integer or bit-size type (.b/.u/.s); " +
              Base.Text.str() + " is declared " + T.str());
      if (Info->DeclRange.isValid())
        D.Notes.push_back({Info->DeclRange, Base.Text.str() + " is declared here"});
    }
    return;
  }
  if (!Space || Info->StateSpace.empty())
    return;
  llvm::StringRef S = spaceOf(I);
  if (I.Opcode == "cvta" && S.empty())
    return; // cvta.to: the operand is generic
  if (spaceMatches(S, Info->StateSpace))
    return;
  std::string Fix = "'" + I.Opcode.str() + Info->StateSpace.str() + "'";
  std::string Who =
      S.empty() ? "a generic '" + I.Opcode.str() + "'" : "'" + I.Opcode.str() + S.str() + "'";
  Diagnostic &D = Ctx.Diags.error(
      "isa-address-space", SpaceSpec, Base.Range,
      Who + " cannot address " + Base.Text.str() + ", which is declared in " +
          Info->StateSpace.str() +
          (S.empty() ? " (generic addressing reaches .global, .shared and .local symbols)" : "") +
          "; write " + Fix);
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, Base.Text.str() + " is declared here"});
}

unsigned vectorWidth(const Instruction &I) {
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".v2" || Q == ".v4" || Q == ".v8")
      return Q[2] - '0';
  return 1;
}

void checkVectorArity(const Instruction &I, CheckContext &Ctx) {
  if (I.Opcode != "ld" && I.Opcode != "st" && I.Opcode != "ldu")
    return;
  if (I.hasQualifier(".async") || I.hasQualifier(".bulk") || I.Operands.size() < 2)
    return;
  const Operand &Data = I.Opcode == "st" ? I.Operands[1] : I.Operands[0];
  unsigned N = vectorWidth(I);
  bool IsVec = Data.Kind == OperandKind::Vector;
  if (N == 1 && IsVec) {
    Ctx.Diags.error("isa-operand-kind", VecSpec, Data.Range,
                    "'" + I.Opcode.str() +
                        "' without .v2/.v4 takes one register, not a vector of " +
                        std::to_string(Data.Elements.size()));
  } else if (N > 1 && !IsVec && Data.Kind != OperandKind::Expr) {
    Ctx.Diags.error("isa-operand-kind", VecSpec, Data.Range,
                    "'" + I.Opcode.str() + ".v" + std::to_string(N) + "' takes a vector of " +
                        std::to_string(N) + " registers in braces, not " + Data.Text.str());
  } else if (N > 1 && IsVec && Data.Elements.size() != N) {
    Ctx.Diags.error("isa-operand-kind", VecSpec, Data.Range,
                    "'" + I.Opcode.str() + ".v" + std::to_string(N) + "' takes a vector of " +
                        std::to_string(N) + " registers, not " +
                        std::to_string(Data.Elements.size()));
  }
}

} // namespace

void checkIsaAddresses(const Instruction &I, CheckContext &Ctx) {
  bool Space = checksSpace(I.Opcode);
  for (const Operand &O : I.Operands) {
    bool IsAddr = O.Kind == OperandKind::Address;
    if (O.Kind != OperandKind::Name)
      scanLiterals(Ctx, Ctx.File.slice(O.Range), IsAddr);
    if (IsAddr && O.Elements.size() == 1)
      checkBase(I, Ctx, O.Elements[0], Space);
  }
  if (I.Opcode == "cvta" && I.Operands.size() == 2)
    checkBase(I, Ctx, I.Operands[1], true);
  checkVectorArity(I, Ctx);
}

} // namespace check
} // namespace ptxlint
