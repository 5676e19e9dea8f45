//===- IsaOperandsShapes.cpp - the operand roles of each instruction -----===//
//
// Which role (IsaOperandsImpl.h) each operand of an instruction has, by
// opcode, type qualifiers and operand count; the rules ptxas 13.0 applies,
// measured with tools/isa-operands/probe.py (see IsaOperands.cpp).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Check/Spelling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace ptxlint {
namespace check {
namespace isaop {

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
namespace {

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
} // namespace

/// Op is one of L (StringLiterals: their sizes are known, no strlen per
/// name and call).
bool opIn(llvm::StringRef Op, std::initializer_list<llvm::StringLiteral> L) {
  return llvm::is_contained(L, Op);
}
namespace {

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
  // nanosleep.u32 t (ptxas 13.0: "Arguments mismatch" for a .pred, .b16 or
  // .b64 register; test/isa/s10-misses.test).
  if (Op == "nanosleep") {
    S.NoDest = true;
    return Set({R::Count});
  }
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
  // createpolicy's d is a 64-bit integer register (probe, ptxas 13.0: .b32,
  // .f64, .f16 are "Arguments mismatch for instruction
  // 'createpolicy.fractional'"; sample F); the other operands are not measured.
  if (Op == "createpolicy") {
    if (T.Cls != 'b' || T.Bits != 64)
      return false;
    S.T = {'u', 64};
    S.Roles = {R::Strict, R::Optional, R::Optional, R::Optional};
    S.MinOps = 1;
    return true;
  }
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
} // namespace

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

} // namespace isaop
} // namespace check
} // namespace ptxlint
