//===- IsaOperands.cpp - operand kinds and types of every instruction ----===//
//
// After CheckIsa.cpp has matched an instruction's form, each operand is
// checked against the type the instruction's type qualifier gives it. The
// compatibility rules are those ptxas 13.0 applies, measured position by
// position with tools/isa-operands/probe.py (every declared register type
// and immediate kind at every operand of each instruction below); the ISA's
// own statement (9.4, "Type Information for Instructions and Operands") is
// looser than ptxas in places, and ptxas is the oracle:
//
//  - strict (arithmetic, logic, mov, setp, selp, shifts): an instruction
//    type .uN/.sN takes .bN/.uN/.sN registers (and .f16x2 when N is 32);
//    .fN takes .bN/.fN; .bN any register of N bits; .pred takes .pred (and,
//    a ptxas quirk, .f16x2).
//  - relaxed (ld, st and cvt operands): the register may be wider than the
//    type: .bN takes any register of at least N bits, .uN/.sN any
//    integer register of at least N bits (or .f16x2 up to 32), .fN a .bM
//    register with M >= N or exactly .fN.
//  - immediates: integer instruction types take integer constants only;
//    .f32/.f64 take floating-point constants only (1 is rejected, 1.0 is
//    not); .b32 takes integers and 0f constants, .b64 integers, decimal
//    floats and 0d constants; .b16 and .pred integers only.
//
// Instructions, types and operand shapes not listed here are left alone:
// where the rules were not measured the check is silent.
//
//===----------------------------------------------------------------------===//

#include "Check/IsaOperands.h"
#include "Check/CheckUtil.h"
#include "Check/IsaSpecial.h"
#include "Check/Spelling.h"
#include "Support/IntLiteral.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace ptxlint {
namespace check {

namespace {

/// A type as a class ('b', 'u', 's', 'f', 'p' for .pred, 'h' for .f16x2,
/// 'e' for .bf16, 'g' for .bf16x2) and a size in bits.
struct Ty {
  char Cls = 0;
  unsigned Bits = 0;
  bool valid() const { return Cls != 0; }
  bool isInt() const { return Cls == 'b' || Cls == 'u' || Cls == 's'; }
};

Ty parseTy(llvm::StringRef S) {
  if (S == ".pred")
    return {'p', 1};
  if (S == ".f16x2")
    return {'h', 32};
  if (S == ".bf16")
    return {'e', 16};
  if (S == ".bf16x2")
    return {'g', 32};
  if (S.size() < 3 || !S.startswith("."))
    return {};
  char C = S[1];
  if (C != 'b' && C != 'u' && C != 's' && C != 'f')
    return {};
  unsigned Bits = 0;
  if (decimalFails(S.drop_front(2), Bits))
    return {};
  // .b128 (probe, ptxas 13.0): a .b128 register is a bit type of 128 bits
  // under the same rules (mov.b64 of a .b128 register is an "Arguments
  // mismatch", ld.global.b64 into one is not; test/isa-operands/b128.test).
  if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64 && !(C == 'b' && Bits == 128))
    return {};
  if (C == 'f' && Bits == 8)
    return {};
  return {C, Bits};
}

/// How an operand position is typed.
enum class Role : uint8_t {
  Strict,   ///< the instruction type, strict
  Relaxed,  ///< the instruction type, wider register allowed (ld, st, cvt d)
  Source,   ///< cvt's source type, relaxed
  Pred,     ///< a .pred register (setp d, selp c); selp's c may be an integer
  Wide,     ///< twice the instruction type, strict (mul.wide d, mad.wide d/c)
  Shift,    ///< a shift amount: .b32/.u32/.s32 or an integer
  Count,    ///< popc/clz d: .b32/.u32/.s32
  Address,  ///< [address]
  Imm,      ///< a constant of the instruction type, never a register (lop3's immLut)
  Optional, ///< not checked
};

bool strictOk(Ty T, Ty R) {
  switch (T.Cls) {
  case 'p':
    return R.Cls == 'p' || R.Cls == 'h'; // .f16x2: ptxas takes it (probe)
  case 'u':
  case 's':
    return (R.isInt() && R.Bits == T.Bits) || (R.Cls == 'h' && T.Bits == 32);
  case 'f':
    return (R.Cls == 'b' || R.Cls == 'f') && R.Bits == T.Bits;
  case 'b':
    return R.Cls != 'p' && R.Bits == T.Bits;
  // The packed and half types (probe, ptxas 13.0): .f16x2 takes .b32 or
  // .f16x2, .bf16 .b16 only, .bf16x2 .b32 only (and, a quirk of setp's b,
  // .pred: ptxas takes `setp.eq.bf16x2 %p, %r, %p`).
  case 'h':
    return R.Cls == 'h' || (R.Cls == 'b' && R.Bits == 32);
  case 'e':
    return R.Cls == 'b' && R.Bits == 16;
  case 'g':
    return (R.Cls == 'b' && R.Bits == 32) || R.Cls == 'p';
  }
  return true;
}

bool relaxedOk(Ty T, Ty R) {
  if (R.Cls == 'p')
    return false;
  switch (T.Cls) {
  case 'b':
    return R.Bits >= T.Bits;
  case 'u':
  case 's':
    return (R.isInt() && R.Bits >= T.Bits) || (R.Cls == 'h' && T.Bits <= 32);
  case 'f':
    return (R.Cls == 'b' && R.Bits >= T.Bits) || (R.Cls == 'f' && R.Bits == T.Bits);
  }
  return true;
}

/// Whether register type R fits role Rl of an instruction of type T.
bool regOk(Role Rl, Ty T, Ty R) {
  switch (Rl) {
  case Role::Strict:
    return strictOk(T, R);
  case Role::Relaxed:
  case Role::Source:
    return relaxedOk(T, R);
  case Role::Pred:
    return R.Cls == 'p';
  case Role::Wide:
    return strictOk({T.Cls, T.Bits * 2}, R);
  case Role::Shift:
  case Role::Count:
    return R.isInt() && R.Bits == 32;
  default:
    return true;
  }
}

/// Whether the constant O fits an operand of type T.
bool immOk(Ty T, const Operand &O) {
  if (T.Cls == 'h' || T.Cls == 'e' || T.Cls == 'g')
    return true; // constants of the packed types were not measured
  if (O.Kind == OperandKind::IntImm)
    return T.Cls != 'f' || T.Bits < 32; // .f16 constants were not measured
  llvm::StringRef S = O.Text;
  bool Hex32 = S.startswith_insensitive("0f");
  switch (T.Cls) {
  case 'f':
    return true;
  case 'b':
    if (T.Bits == 128)
      return true; // floating-point constants of .b128 were not measured
    return T.Bits == 32 ? Hex32 : T.Bits == 64 ? !Hex32 : false;
  default:
    return false;
  }
}

const char *const DeclTypes[] = {".pred", ".b8",  ".b16",   ".b32", ".b64", ".u8",
                                 ".u16",  ".u32", ".u64",   ".s8",  ".s16", ".s32",
                                 ".s64",  ".f16", ".f16x2", ".f32", ".f64"};

std::string validRegs(Role Rl, Ty T) {
  if (T.Bits == 128 && Rl != Role::Pred)
    return ".b128"; // the one 128-bit register type
  llvm::SmallVector<llvm::StringRef, 16> Ok;
  for (const char *D : DeclTypes)
    if (regOk(Rl, T, parseTy(D)) &&
        !(Rl == Role::Strict && T.Cls == 'p' && parseTy(D).Cls == 'h') &&
        !(Rl == Role::Strict && T.Cls == 'g' && parseTy(D).Cls == 'p'))
      Ok.push_back(D);
  return joinList(Ok, "or");
}

std::string validImms(Ty T) {
  switch (T.Cls) {
  case 'f':
    return "a floating-point constant (1.0, 0f3F800000 or 0d3FF0000000000000)";
  case 'b':
    if (T.Bits == 32)
      return "an integer or 0f (32-bit floating-point) constant";
    if (T.Bits == 64)
      return "an integer, decimal floating-point or 0d constant";
    return "an integer constant";
  default:
    return "an integer constant";
  }
}

const char *const OperandNames[] = {"d", "a", "b", "c", "e", "f"};

struct Shape {
  llvm::SmallVector<Role, 4> Roles;
  Ty T, Src;
  unsigned MinOps = 0; ///< operands that must be there (extra ones: Optional)
};

/// The type qualifiers of I, in order.
llvm::SmallVector<Ty, 2> typeQuals(const Instruction &I, bool &Unknown) {
  llvm::SmallVector<Ty, 2> Out;
  Unknown = false;
  for (llvm::StringRef Q : I.Qualifiers) {
    Ty T = parseTy(Q);
    if (T.valid()) {
      Out.push_back(T);
      continue;
    }
    // A type-like qualifier whose rules were not measured (.bf16, .u16x2,
    // .e4m3x2, .tf32 ...): stay silent.
    if (Q.size() > 2 && (Q[1] == 'b' || Q[1] == 'f' || Q[1] == 'u' || Q[1] == 's' || Q[1] == 'e') &&
        llvm::isDigit(Q.back()) && Q != ".v2" && Q != ".v4" && Q != ".v8")
      Unknown = true;
  }
  return Out;
}

/// The scalar and SIMD video instructions (9.7.10.1-2).
bool isVideo(llvm::StringRef Op) {
  static constexpr llvm::StringLiteral Video[] = {
      "vadd",  "vsub",  "vabsdiff", "vmin",      "vmax",      "vshl",  "vshr",  "vmad",
      "vset",  "vadd2", "vsub2",    "vavrg2",    "vabsdiff2", "vmin2", "vmax2", "vset2",
      "vadd4", "vsub4", "vavrg4",   "vabsdiff4", "vmin4",     "vmax4", "vset4"};
  // Every name starts with 'v': the common opcodes skip the list.
  return Op.startswith("v") && llvm::is_contained(Video, Op);
}

/// A shape of exactly these operand roles, all required.
bool setRoles(Shape &S, std::initializer_list<Role> L) {
  S.Roles.assign(L.begin(), L.end());
  S.MinOps = S.Roles.size();
  return true;
}

/// Op is one of L (StringLiterals: their sizes are known, no strlen per
/// name and call).
bool opIn(llvm::StringRef Op, std::initializer_list<llvm::StringLiteral> L) {
  return llvm::is_contained(L, Op);
}

/// bar/barrier (9.7.13.1), probe with ptxas 13.0: barrier numbers, thread
/// counts and bar.warp.sync's member mask are 32-bit integer registers
/// (.b32/.u32/.s32) or integer constants; bar.red's d is .pred for .and/.or and
/// 32-bit for .popc, its c a .pred ("Arguments mismatch for instruction 'bar'").
bool shapeOfBarrier(const Instruction &I, Shape &S) {
  using R = Role;
  size_t N = I.Operands.size();
  S.T = {'u', 32};
  if (I.hasQualifier(".red")) {
    if (N != 3 && N != 4)
      return false;
    S.Roles.assign(N, R::Count);
    S.Roles[0] = I.hasQualifier(".pred") ? R::Pred : R::Count;
    S.Roles[N - 1] = R::Pred;
  } else {
    if (N < 1 || N > 2 || (I.hasQualifier(".warp") && N != 1))
      return false;
    S.Roles.assign(N, R::Count);
  }
  S.MinOps = N;
  return true;
}

/// shapeOf for the packed and half types (.f16, .f16x2, .bf16, .bf16x2).
bool shapeOfPacked(const Instruction &I, Shape &S) {
  using R = Role;
  llvm::StringRef Op = I.Opcode;
  auto Set = [&](std::initializer_list<Role> L) { return setRoles(S, L); };
  auto Is = [&](std::initializer_list<llvm::StringLiteral> L) { return opIn(Op, L); };
  // Measured for add, fma, neg, abs, min, max, setp, ex2 (probe); sub and
  // mul share add's operands.
  if (Is({"add", "sub", "mul", "min", "max"}))
    return Set({R::Strict, R::Strict, R::Strict});
  if (Op == "fma")
    return Set({R::Strict, R::Strict, R::Strict, R::Strict});
  if (Is({"neg", "abs", "ex2"}))
    return Set({R::Strict, R::Strict});
  if (Op == "setp") {
    Set({R::Pred, R::Strict, R::Strict, R::Pred});
    S.MinOps = 3;
    return true;
  }
  return false;
}

/// The warp-level, bit-field and integer instructions of shapeOf.
bool shapeOfBits(const Instruction &I, Ty T, Shape &S) {
  using R = Role;
  llvm::StringRef Op = I.Opcode;
  auto Set = [&](std::initializer_list<Role> L) { return setRoles(S, L); };
  auto Is = [&](std::initializer_list<llvm::StringLiteral> L) { return opIn(Op, L); };
  // The warp-level and bit instructions of 32-bit type (probe, ptxas 13.0):
  // data operands strict, masks, lane numbers and field positions .b32/.u32/
  // .s32 only (Count).
  // bfe/bfi: the data operands of the type, the bit position and length
  // .b32/.u32/.s32 (probe, ptxas 13.0), for 32- and 64-bit types alike.
  if (Is({"bfe", "bfi"}) && T.Cls != 'f' && (T.Bits == 32 || T.Bits == 64))
    return Op == "bfe" ? Set({R::Strict, R::Strict, R::Count, R::Count})
                       : Set({R::Strict, R::Strict, R::Strict, R::Count, R::Count});
  // match.{any,all}.sync.{b32,b64} d[|p], a, membermask (probe, ptxas 13.0):
  // d and the mask .b32/.u32/.s32, a of the type ("Arguments mismatch").
  if (Op == "match" && T.Cls == 'b' && (T.Bits == 32 || T.Bits == 64))
    return Set({R::Count, R::Strict, R::Count});
  // sad of every integer type: d, a, b, c of the type (ptxas 13.0, "Arguments
  // mismatch for instruction 'sad'" for sad.u16 on .b32 registers; found by
  // the session-6 mutant sweep, test/isa-operands/sad.test).
  if (Op == "sad" && T.isInt())
    return Set({R::Strict, R::Strict, R::Strict, R::Strict});
  if (T.Bits != 32 || T.Cls == 'f')
    return false;
  if (Op == "shfl" && I.hasQualifier(".sync"))
    return Set({R::Strict, R::Strict, R::Strict, R::Strict, R::Count});
  if (Op == "vote" && I.hasQualifier(".sync") && I.hasQualifier(".ballot"))
    return Set({R::Strict, R::Pred, R::Count});
  if (Op == "activemask")
    return Set({R::Strict});
  if (Op == "redux")
    return Set({R::Count, R::Count, R::Count});
  // lop3.b32 d, a, b, c, immLut (probe, ptxas 13.0): any 32-bit register,
  // immLut a constant (the predicate-output form has six operands).
  if (Op == "lop3" && T.Cls == 'b' && I.Operands.size() == 5)
    return Set({R::Strict, R::Strict, R::Strict, R::Strict, R::Imm});
  if (Is({"prmt", "brev"}) && T.Cls == 'b')
    return Op == "brev" ? Set({R::Strict, R::Strict})
                        : Set({R::Strict, R::Strict, R::Strict, R::Strict});
  if (Op == "bfind")
    return Set({R::Count, R::Strict});
  if (Op == "mul24")
    return Set({R::Strict, R::Strict, R::Strict});
  return false;
}

/// The operand roles of I, or false where I is not one whose rules are known.
bool computeShape(const Instruction &I, Shape &S) {
  bool Unknown = false;
  llvm::SmallVector<Ty, 2> Ts = typeQuals(I, Unknown);
  llvm::StringRef Op = I.Opcode;
  using R = Role;
  if ((Op == "bar" || Op == "barrier") && !Unknown && shapeOfBarrier(I, S))
    return true;
  if (Unknown || Ts.empty())
    return false;
  if (Op == "cvt") {
    auto Plain = [](Ty X) { return X.Cls != 'p' && X.Cls != 'h' && X.Cls != 'e' && X.Cls != 'g'; };
    if (Ts.size() != 2 || I.Operands.size() != 2 || !Plain(Ts[0]) || !Plain(Ts[1]))
      return false;
    S.T = Ts[0];
    S.Src = Ts[1];
    S.Roles = {R::Relaxed, R::Source};
    S.MinOps = 2;
    return true;
  }
  // dp4a/dp2a and the video instructions (9.7.1.23-24, 9.7.10), three or
  // two type qualifiers (probe, ptxas 13.0): every operand a 32-bit integer
  // register (.f16x2 too, as strict .u32 takes it) or a constant; dp4a's d
  // .b32/.u32/.s32 only. Operands with a byte or half selector (%r2.b0) are
  // not looked up.
  if (isVideo(Op) || Op == "dp4a" || Op == "dp2a") {
    if (!llvm::all_of(Ts, [](Ty X) { return X.isInt() && X.Bits == 32; }))
      return false;
    S.T = {'u', 32};
    S.Roles.assign(I.Operands.size(), R::Strict);
    if (Op == "dp4a" || Op == "dp2a") {
      if (I.Operands.size() != 4)
        return false;
      S.Roles[0] = R::Count;
    }
    S.MinOps = S.Roles.size();
    return true;
  }
  if (Ts.size() != 1)
    return false;
  S.T = Ts[0];
  Ty T = S.T;
  // Only the types whose rules the probe measured.
  bool Arith = (T.isInt() && T.Bits >= 16) || (T.Cls == 'f' && T.Bits >= 32);
  if (Op == "cvta") {
    // d and a are addresses of exactly the size given (probe, ptxas 13.0:
    // "Arguments mismatch" for a .b64 register with .u32 and a .b32 one
    // with .u64, and for .f64 registers).
    if (!T.isInt() || T.Bits < 32 || I.Operands.size() != 2)
      return false;
    S.Roles = {R::Strict, R::Strict};
    S.MinOps = 2;
    return true;
  }
  bool Packed = T.Cls == 'h' || T.Cls == 'e' || T.Cls == 'g' || (T.Cls == 'f' && T.Bits == 16);
  if (Op == "ld" || Op == "st") {
    // ld/st .b128 stay unchecked: CUDA 13.0's cuda_ptx_generated.h writes
    // `ld.acquire.cta.b128 [%2],_d;` in templates nvcc never instantiates,
    // and test/cuda/cuda-headers.test keeps the headers clean.
    if (T.Cls == 'p' || Packed || T.Bits == 128)
      return false;
    S.Roles = Op == "ld" ? llvm::SmallVector<Role, 4>{R::Relaxed, R::Address}
                         : llvm::SmallVector<Role, 4>{R::Address, R::Relaxed};
    S.MinOps = 2;
    return true;
  }
  bool Wide = I.hasQualifier(".wide");
  auto Set = [&](std::initializer_list<Role> L) { return setRoles(S, L); };
  auto Is = [&](std::initializer_list<llvm::StringLiteral> L) { return opIn(Op, L); };
  if (Packed)
    return shapeOfPacked(I, S);
  // vote.sync.{all,any,uni}.pred d, {!}a, membermask (probe, ptxas 13.0).
  if (Op == "vote" && I.hasQualifier(".sync") && T.Cls == 'p')
    return Set({R::Pred, R::Pred, R::Count});
  if (!Arith &&
      !(T.Cls == 'p' && (Op == "and" || Op == "or" || Op == "xor" || Op == "not" || Op == "mov")))
    return false;
  if (Is({"add", "sub", "min", "max", "div", "rem", "and", "or", "xor"}))
    return !Wide && Set({R::Strict, R::Strict, R::Strict});
  if (Op == "copysign")
    return T.Cls == 'f' && Set({R::Strict, R::Strict, R::Strict});
  if (Op == "mul")
    return Wide ? T.isInt() && T.Bits <= 32 && Set({R::Wide, R::Strict, R::Strict})
                : Set({R::Strict, R::Strict, R::Strict});
  if (Op == "mad")
    return Wide ? T.isInt() && T.Bits <= 32 && Set({R::Wide, R::Strict, R::Strict, R::Wide})
                : Set({R::Strict, R::Strict, R::Strict, R::Strict});
  if (Op == "fma")
    return Set({R::Strict, R::Strict, R::Strict, R::Strict});
  if (Is({"abs", "neg", "not", "cnot", "mov"}))
    return Set({R::Strict, R::Strict});
  if (Is({"sqrt", "rcp", "rsqrt", "sin", "cos", "lg2", "ex2"}))
    return T.Cls == 'f' && Set({R::Strict, R::Strict});
  if (Op == "setp") {
    // d (or d|p), a, b and, with a boolean operation, c.
    Set({R::Pred, R::Strict, R::Strict, R::Pred});
    S.MinOps = 3;
    return T.Cls != 'p';
  }
  if (Op == "selp")
    return T.Cls != 'p' && Set({R::Strict, R::Strict, R::Strict, R::Pred});
  if (Is({"shl", "shr"}))
    return T.Cls != 'f' && Set({R::Strict, R::Strict, R::Shift});
  if (Is({"popc", "clz"}))
    return T.Cls == 'b' && T.Bits >= 32 && Set({R::Count, R::Strict});
  return shapeOfBits(I, T, S);
}

/// computeShape, once per spelling, operand count and thread: it reads the
/// opcode, the qualifiers and the number of operands only (the memo is
/// indexed by the spelling id, Spelling.h).
const Shape *shapeOf(const Instruction &I, const CheckContext &Ctx) {
  struct Entry {
    size_t N;
    bool Known;
    Shape S;
  };
  thread_local SpellingMemo<llvm::SmallVector<Entry, 1>> Memo;
  llvm::SmallVector<Entry, 1> &List = Memo.at(Ctx.Spelling ? Ctx.Spelling : spellingId(I));
  size_t N = I.Operands.size();
  for (const Entry &E : List)
    if (E.N == N)
      return E.Known ? &E.S : nullptr;
  Entry New{N, false, Shape()};
  New.Known = computeShape(I, New.S);
  List.push_back(std::move(New));
  return List.back().Known ? &List.back().S : nullptr;
}

std::string spelledOp(const Instruction &I) {
  std::string S = std::string(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    S += Q.str();
  return S;
}

/// The operand's name for messages ("operand d of 'add.f32'"), built only
/// when a diagnostic needs it: most operands are fine.
using WhatFn = llvm::function_ref<std::string()>;

bool checkRegister(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                   WhatFn What, bool InVector = false) {
  const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
  // Undeclared names are the symbol checks' concern; variables, parameters
  // and vector registers are not typed here.
  if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth != 1)
    return false;
  Ty R = parseTy(Info->Type);
  if (!R.valid())
    return false;
  // A vector's elements may be wider than the type, as scalars may: ptxas
  // 13.0 takes .b32 elements of ld/st.v2.s8 and .v2.u16 and .b64 ones of
  // ld.v2.f32 (CUDA's sm_32_intrinsics.hpp writes `ld.global.nc.v2.s8 {%0,%1}`
  // with "=r" operands), but a .f16/.bf16 vector takes 16-bit elements only.
  // Elements of different sizes are checked by the caller.
  if (InVector && T.Cls == 'f' && T.Bits == 16) {
    if (R.Cls != 'p' && R.Bits == 16 && R.Cls != 'u' && R.Cls != 's')
      return false;
  } else if (regOk(Rl, T, R) ||
             // an element of the vector's size: .f16 in ld.v2.u16 (valid.ptx)
             (InVector && R.Cls != 'p' && R.Bits == T.Bits &&
              !(T.Cls == 'f' && (R.Cls == 'u' || R.Cls == 's')))) {
    return false;
  }
  std::string Kind = "a " + validRegs(Rl, T) + " register";
  if (Rl == Role::Pred)
    Kind = "a .pred register";
  else if (InVector && T.Cls == 'f' && T.Bits == 16)
    Kind = "a 16-bit register (.b16 or .f16)";
  Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandType, O.Range,
                                   What() + " must be " + Kind + "; " + std::string(O.Text) +
                                       " is declared " + Info->Type.str());
  if (Info->DeclRange.isValid())
    D.Notes.push_back({Info->DeclRange, std::string(O.Text) + " is declared here"});
  return true;
}

/// ptxas: "Vector with elements of different types are not allowed" when
/// the registers of one ld/st vector differ in size (`{%r1, %rd1}`).
void checkSameSize(CheckContext &Ctx, const Operand &V, WhatFn What) {
  unsigned First = 0;
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *Info = Ctx.Syms.lookup(E.Text);
    if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth != 1)
      continue;
    Ty R = parseTy(Info->Type);
    if (!R.valid() || R.Cls == 'p')
      continue;
    if (!First) {
      First = R.Bits;
      continue;
    }
    if (R.Bits != First) {
      Ctx.Diags.report(Rule::IsaOperandType, E.Range,
                       What() + ": the elements of a vector must have one size; " +
                           std::string(E.Text) + " is " + std::to_string(R.Bits) +
                           "-bit, the first " + std::to_string(First) + "-bit");
      return;
    }
  }
}

/// A decimal integer constant ("1", "-2") as a floating-point one ("1.0").
std::string asFloat(llvm::StringRef S) {
  llvm::StringRef Digits = S.startswith("-") ? S.drop_front() : S;
  if (Digits.empty() || !llvm::all_of(Digits, llvm::isDigit) ||
      (Digits.size() > 1 && Digits[0] == '0'))
    return "";
  return S.str() + ".0";
}

void checkOperand(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                  bool IsDest, WhatFn What) {
  if (Rl == Role::Optional)
    return;
  // `mov.u32 s, a[1]` moves an element's address (PTX ISA 6.4.2): a source value.
  bool IsAddr = O.Kind == OperandKind::Address && !(O.ArrayIndex && !IsDest);
  if (Rl == Role::Imm && O.Kind == OperandKind::Name) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " must be a constant, not the register " + std::string(O.Text));
    return;
  }
  if (Rl == Role::Address) {
    if (O.Kind == OperandKind::Name || O.isImmediate())
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be an address in brackets, [" + std::string(O.Text) + "]");
    return;
  }
  if (IsAddr) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " must be a register" + (IsDest ? "" : " or a constant") +
                         ", not an address");
    return;
  }
  if (O.isImmediate()) {
    if (IsDest) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be a register, found the constant " + std::string(O.Text));
      return;
    }
    Ty IT = Rl == Role::Shift || Rl == Role::Pred ? Ty{'u', 32} : T;
    // bfe/bfi's bit position and field length (ptxas 13.0: "value '256' out
    // of range, expected to be in range [0..255]"; test/isa-operands/bit-field-range.test).
    if (Rl == Role::Count && (I.Opcode == "bfe" || I.Opcode == "bfi") &&
        O.Kind == OperandKind::IntImm) {
      IntLiteral L = decodeIntLiteral(llvm::StringRef(O.Text).ltrim("-"));
      if (O.IntValue < 0 || O.IntValue > 255 || L.State != IntLiteral::Fits)
        Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                         What() + " takes a constant from 0 to 255, not " + std::string(O.Text));
      return;
    }
    // The half and packed types take no constant in the arithmetic of
    // shapeOfPacked (ptxas 13.0: "Arguments mismatch for instruction 'add'"
    // for add.f16x2 with 0x3C003C00, 1, 1.0, 0f3F800000 or 0d constants;
    // test/isa-operands/packed-constants.test).
    if (Rl == Role::Strict &&
        (IT.Cls == 'h' || IT.Cls == 'e' || IT.Cls == 'g' || (IT.Cls == 'f' && IT.Bits == 16)) &&
        opIn(I.Opcode, {"add", "sub", "mul", "min", "max", "fma", "neg", "abs", "ex2", "setp"})) {
      Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                       What() + " takes a register, not the constant " + std::string(O.Text) +
                           ": load it into a register with mov.b" + std::to_string(IT.Bits) +
                           " first");
      return;
    }
    if (immOk(IT, O))
      return;
    bool IsFloat = O.Kind == OperandKind::FloatImm;
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                                     What() + " takes " + validImms(IT) + ", not the " +
                                         (IsFloat ? "floating-point" : "integer") + " constant " +
                                         std::string(O.Text));
    if (!IsFloat && IT.Cls == 'f') {
      std::string F = asFloat(O.Text);
      if (!F.empty())
        D.Fixes.push_back({O.Range, F});
    }
    return;
  }
  bool Elementwise = (O.Kind == OperandKind::Vector && Rl == Role::Relaxed &&
                      (I.Opcode == "ld" || I.Opcode == "st")) ||
                     (O.Kind == OperandKind::PredPair && Rl == Role::Pred);
  if (O.Kind == OperandKind::Name && IsDest) {
    // A variable's name stands for its address, which no instruction writes
    // (ptxas 13.0: "Argument 0 of instruction 'mov': must be register").
    const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
    if (Info && Info->StateSpace != ".reg") {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be a register; " + std::string(O.Text) + " is a " +
                           Info->StateSpace.str() + " variable");
      return;
    }
  }
  if (O.Kind == OperandKind::Name) {
    checkRegister(I, Ctx, O, Rl, T, What);
  } else if (Elementwise) {
    bool Reported = false;
    for (const Operand &E : O.Elements)
      if (E.Kind == OperandKind::Name)
        Reported |= checkRegister(I, Ctx, E, Rl, T, What, O.Kind == OperandKind::Vector);
    if (O.Kind == OperandKind::Vector && !Reported)
      checkSameSize(Ctx, O, What);
  }
}

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
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".L2::cache_hint")
      return;
  Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                   What() + " is a cache policy, which '" + std::string(I.Opcode) +
                       "' takes only with .L2::cache_hint");
}

/// atom and red (9.7.13.5, 9.7.13.6): d, [a], b, c only for .cas (no d for
/// red), and a cache policy only with .L2::cache_hint; the value operands
/// are typed strictly (probe: atom.add.u32 takes .b32/.u32/.s32/.f16x2,
/// atom.exch.b32 any 32-bit register but .pred, as strictOk).
/// Where atom and red take their address: [a] is atom's second operand and
/// red's first, and the only address but red.async's [mbar] (probe, ptxas
/// 13.0: `atom.global.exch.b64 %rd3, 4, [%rd2]` and `red.global.add.u32 %r1,
/// [%rd1]` are "Arguments mismatch").
bool checkAtomAddress(const Instruction &I, CheckContext &Ctx) {
  bool Red = I.Opcode == "red";
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

void checkAtom(const Instruction &I, CheckContext &Ctx) {
  bool Red = I.Opcode == "red";
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".v2" || Q == ".v4" || Q == ".v8" || Q == ".async") {
      checkAtomAddress(I, Ctx);
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
  if (N != Want || !checkAtomAddress(I, Ctx))
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
    const RegisterInfo *Info = Ctx.Syms.lookup(E.Text);
    if (!Info || Info->StateSpace != ".reg" || Info->VectorWidth != 1)
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

} // namespace

/// tensormap.replace with a .field3 (9.7.9.26): "the operand new_val must be
/// an immediate" (ptxas 13.0: "Integer constant expression expected").
void checkTensormapReplace(const Instruction &I, CheckContext &Ctx) {
  static const char *const Field3[] = {".elemtype", ".interleave_layout", ".swizzle_mode",
                                       ".swizzle_atomicity", ".fill_mode"};
  if (I.Operands.size() != 2 || !I.hasQualifier(".replace") ||
      !llvm::any_of(Field3, [&](const char *F) { return I.hasQualifier(F); }))
    return;
  const Operand &O = I.Operands[1];
  if (O.Kind == OperandKind::Name)
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     "new_val of '" + spelledOp(I) +
                         "' must be an integer constant (the field's value), not the register " +
                         std::string(O.Text));
}

void checkIsaOperands(const Instruction &I, CheckContext &Ctx) {
  checkSpecialOperands(I, Ctx);
  if (I.Opcode == "bar" || I.Opcode == "barrier")
    checkBarrierConstants(I, Ctx);
  if (I.Opcode == "tensormap")
    checkTensormapReplace(I, Ctx);
  if (I.Opcode == "mov")
    checkMovVector(I, Ctx);
  if (I.Opcode == "atom" || I.Opcode == "red") {
    checkAtom(I, Ctx);
    return;
  }
  const Shape *Found = shapeOf(I, Ctx);
  if (!Found)
    return;
  const Shape &S = *Found;
  size_t N = I.Operands.size();
  if (N < S.MinOps || N > S.Roles.size() + ((I.Opcode == "ld" || I.Opcode == "st") ? 1 : 0))
    return; // the operand count check speaks for it
  // st and bar/barrier (but bar.red) have no destination: operands a, b, ...
  bool IsStore =
      I.Opcode == "st" || ((I.Opcode == "bar" || I.Opcode == "barrier") && !I.hasQualifier(".red"));
  for (size_t K = 0; K < N && K < S.Roles.size(); ++K) {
    Role Rl = S.Roles[K];
    Ty T = Rl == Role::Source ? S.Src : S.T;
    bool IsDest = K == 0 && !IsStore;
    auto What = [&] {
      return std::string("operand ") + (IsStore ? OperandNames[K + 1] : OperandNames[K]) + " of '" +
             spelledOp(I) + "'";
    };
    checkOperand(I, Ctx, I.Operands[K], Rl, T, IsDest, What);
  }
  if (I.Opcode == "ld" || I.Opcode == "st")
    checkCachePolicy(I, Ctx);
}

} // namespace check

} // namespace ptxlint
