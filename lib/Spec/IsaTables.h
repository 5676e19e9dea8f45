//===- IsaTables.h - every PTX instruction and directive, as data -*- C++ -*-===//
//
// The whole-ISA tables: every instruction of PTX ISA 9.0 chapter 9.7 and every
// directive of chapter 11. They are generated at build time
// (tools/isa-extract/gen_tables.py) from spec/isa/instructions.txt, which
// tools/isa-extract/extract.py reads out of the ISA's own Syntax blocks, PTX
// ISA Notes and Target ISA Notes, plus the reviewed hand corrections in
// spec/isa/corrections.txt. Everything here is constant data: looking up an
// opcode or a qualifier is a binary search, nothing is allocated. Strings are
// StringLiterals, so that comparing them never measures them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_ISATABLES_H
#define PTXLINT_LIB_SPEC_ISATABLES_H

#include "ptxlint/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string_view>

namespace ptxlint {
namespace spec {

/// A qualifier that a section's notes introduce later than the section, or
/// for newer targets only ("`add.u16x2` ... requires `sm_90`").
struct IsaQualGate {
  llvm::StringLiteral Qual;
  uint16_t MinPtx; ///< encoded major*100+minor; 0: none
  uint16_t MinSm;  ///< 0: none
  /// Only these targets, not every one from MinSm ("sm_100f sm_110f sm_120f":
  /// the families; "sm_100a sm_103a"); "" for none. From `gate` lines
  /// whose target is a list (cvt's fp4/fp6 types, redux.sync .f32).
  llvm::StringLiteral Targets;
};

/// A qualifier that takes only some of the instruction's types (ptxas:
/// "Operation .add requires .u32 or .s32 ... type for instruction 'atom'"),
/// from the `needs` lines of spec/isa/corrections.txt.
struct IsaQualNeed {
  llvm::StringLiteral Qual;
  uint32_t MemberBegin, MemberCount; ///< the types it takes, sorted

  llvm::ArrayRef<llvm::StringLiteral> members() const;
};

/// A gate on the operand count ("`min` with three input arguments requires
/// sm_100"), from the `opsgate` lines of spec/isa/corrections.txt.
struct IsaOpsGate {
  uint8_t MinOps;  ///< the gate holds from this many operands on; 0: none
  uint16_t MinPtx; ///< encoded major*100+minor
  uint16_t MinSm;
};

/// One instruction or directive section of the ISA.
struct IsaSection {
  const char *Num;    ///< "9.7.1.1"
  const char *Anchor; ///< "integer-arithmetic-instructions-add"
  const char *Name;   ///< "add", "bar, barrier", ".maxntid"
  uint16_t MinPtx;    ///< "Introduced in PTX ISA version X.Y" (0: unknown)
  bool TargetKnown;   ///< the first Target ISA sentence could be read
  uint16_t MinSm;     ///< "Requires sm_NN or higher" (0: all targets)
  /// Specific targets instead ("sm_90a", "sm_100a sm_110a sm_100f+"); "" for none.
  const char *Targets;
  uint32_t GateBegin, GateCount; ///< into the qualifier gates, sorted by name
  bool Directive;
  uint32_t NeedBegin, NeedCount; ///< into the qualifier needs, sorted by name
  /// A gate names qualifiers that gate only together (".s8+.u8").
  bool ComboGates;
  IsaOpsGate OpsGate;
  /// The section is not supported from this PTX ISA version on targets from
  /// RemovedSm on (`shfl` without .sync: sm_70, PTX ISA 6.4); 0: never.
  uint16_t RemovedPtx, RemovedSm;

  llvm::ArrayRef<IsaQualGate> gates() const;
  /// The types qualifier Q takes in this section, or null where any.
  const IsaQualNeed *need(llvm::StringRef Q) const;
  /// The gate of qualifier Q in this section, or null.
  const IsaQualGate *gate(llvm::StringRef Q) const;
};

/// One qualifier place of a syntax line: a literal (".sat") or a set
/// ("<.type>"), required or optional.
struct IsaSlot {
  uint32_t MemberBegin, MemberCount; ///< its qualifiers, sorted
  bool Required;
  /// How many qualifiers it absorbs: 1 for a set (2 where a member is
  /// written as two, ".async.global"); 0 for a literal, which ptxas lets
  /// repeat (".sat.sat").
  uint8_t Capacity;

  llvm::ArrayRef<llvm::StringLiteral> members() const;
  bool has(llvm::StringRef Q) const;
};

/// One syntax line of a section.
struct IsaForm {
  uint16_t Section;
  uint32_t LitBegin, LitCount;     ///< qualifiers the form always writes
  uint32_t VocabBegin, VocabCount; ///< every qualifier the form takes, sorted
  int8_t MinOps, MaxOps;           ///< operand count (-1: not countable)
  llvm::StringLiteral Syntax;      ///< "add{.sat}.s32", as the ISA writes it
  uint32_t SlotBegin, SlotCount;   ///< its qualifier places, in order
  /// The qualifier that completes the instruction's name ('.cluster' of
  /// barrier.cluster), which ptxas wants right after the opcode; "" if none.
  llvm::StringLiteral NameWord;
  /// One letter per operand of the syntax line (tools/isa-extract/gen_tables.py
  /// operand_kinds): A an address, T a bracketed list ([tex, c]), P a
  /// destination that may carry a predicate (d|p), R any other; lower case
  /// where optional; c, m, k the cache policy, ctaMask and byteMask, which
  /// the form takes exactly with .L2::cache_hint, .multicast::cluster and
  /// .cp_mask. "-" where the operands are not a plain list.
  llvm::StringLiteral Kinds;

  const IsaSection &section() const;
  llvm::ArrayRef<llvm::StringLiteral> literals() const;
  llvm::ArrayRef<llvm::StringLiteral> vocab() const;
  bool takes(llvm::StringRef Q) const;
  llvm::ArrayRef<IsaSlot> slots() const;
  /// Whether the qualifiers fit the slots: each qualifier placed in a slot
  /// that has it (at most Capacity per set slot), every required slot filled.
  bool fits(llvm::ArrayRef<llvm::StringRef> Quals) const;
};

/// The instruction's own operand checks (lib/Check/IsaOperands*.cpp) an
/// opcode runs: bits of IsaOpcode::OperandChecks, from the `operands` lines of
/// spec/isa/corrections.txt.
namespace opcheck {
enum : uint16_t {
  Barrier = 1 << 0,           ///< bar, barrier: constant barrier ids and counts
  Tensormap = 1 << 1,         ///< tensormap.replace values, .cp_fenceproxy size
  MovVector = 1 << 2,         ///< mov's vector packing
  TensorCoordinates = 1 << 3, ///< cp.async.bulk.tensor's coordinates
  CpAsyncSize = 1 << 4,       ///< cp.async's cp-size and src-size
  WaitGroup = 1 << 5,         ///< cp.async.wait_group, wgmma.wait_group N
  Atom = 1 << 6,              ///< atom, red: their own operand checks, not the roles
  Reduction = 1 << 7,         ///< red: atom's checks without a destination ([a] first)
  TextureQuery = 1 << 8,      ///< txq: the kind of its handle
  Texture = 1 << 9,           ///< tex, tld4: types, handles, coordinate and data vectors
  Surface = 1 << 10,          ///< suld: data width, coordinates, the destination vector
  SurfaceStore = 1 << 11,     ///< sust: data width, coordinates, the source vector
  SurfaceReduce = 1 << 12,    ///< sured: data width
  CvtRounding = 1 << 13,      ///< cvt: the rounding its type pair requires or refuses
  /// ptxas below sm_90 calls a built-in function for it (unless .aligned is
  /// written): its register operands must be naturally aligned.
  BuiltinCall = 1 << 14,
  RegCount = 1 << 15, ///< setmaxnreg: a constant multiple of 8 in [24, 256]
};
} // namespace opcheck

/// The deep check of a matrix family an opcode goes to instead of the
/// whole-ISA checks (lib/Check/Dispatch.cpp), from the `family` lines of
/// spec/isa/corrections.txt.
enum class IsaFamilyCheck : uint8_t {
  None,
  Mma, ///< mma; with .sp or .sp::* the sparse family (9.7.14.6.3)
  Wmma,
  Wgmma, ///< the ISA tables, then the fragment sizes (CheckWgmma.cpp)
  Ldmatrix,
  Stmatrix,
  Movmatrix,
};

/// How an opcode transfers control, which symbol resolution and the
/// declaration checks follow (lib/Check/CheckSymbols.cpp, CheckDecls*.cpp),
/// from the `control` lines of spec/isa/corrections.txt.
enum class IsaControl : uint8_t {
  None,
  Call,       ///< call: a callee, parameter lists, a prototype or targets
  Branch,     ///< bra: a label, its first operand
  BranchList, ///< brx.idx: a .branchtargets list, its second operand
};

/// The video selectors (PTX ISA 9.0, 9.7.18) an opcode takes on its scalar
/// register operands, from the `videosel` lines of spec/isa/corrections.txt;
/// lib/Check/IsaVideoSelectors.cpp checks them.
enum class IsaVideoSel : uint8_t {
  None,   ///< no selector on any operand
  Scalar, ///< vadd ...: .b0-.b3/.h0/.h1 on a and b; a destination's in the merge form
  Mad,    ///< vmad: .b0-.b3/.h0/.h1 on a and b only
  Simd2,  ///< vadd2 ...: .hxy on a and b, the mask .h0/.h1/.h10 on d
  Simd4,  ///< vadd4 ...: .bxyzw on a and b, a mask .b0 ... .b3210 on d
};

/// An opcode ("add", "cp", "tcgen05") or directive (".maxntid") with all its forms.
struct IsaOpcode {
  llvm::StringLiteral Name;
  uint32_t FormBegin, FormCount;
  uint32_t VocabBegin, VocabCount; ///< union of the forms' qualifiers, sorted
  /// Every form's qualifier sets could be read: an unknown qualifier is one
  /// ptxas does not know either.
  bool VocabComplete;
  /// A variable (its address) is no value operand of it: ptxas 13.0 "must be
  /// register" (`add.u64 %rd, gv, 1`), where mov and cvta take it. From the
  /// `novariable` lines of spec/isa/corrections.txt.
  bool NoVariableValues;
  /// ... only where this qualifier is written ("": always): cvta.to.
  llvm::StringLiteral NoVariableValuesWith;
  /// A function name is no operand of it (`nofunction` lines), unless the
  /// qualifier FunctionOperandsWith is written (cvta.to takes one, cvta does
  /// not).
  bool NoFunctionOperands;
  llvm::StringLiteral FunctionOperandsWith;
  /// The modes ptxas reads before the type (".hi .lo .wide" of integer mul,
  /// mad, mul24, mad24: `mul.s32.wide` is "Unknown modifier '.wide'"), one
  /// space between them; "" for none. From the `modefirst` lines.
  llvm::StringLiteral ModesFirst;
  /// The comparison checks apply (set, setp: the comparison fits the type;
  /// lib/Check/IsaCompare.cpp). From the `compare` lines.
  bool Compares;
  /// The comparison checks count the operands, not the syntax lines (set:
  /// its own qualifier, type pair and count checks, IsaCompare.cpp's
  /// checkSet), from the `owncount` lines.
  bool OwnCount;
  /// The instruction's own checks count and check its cache policy operand
  /// (ld, st: checkCachePolicy; atom, red: checkAtom), not the syntax lines'
  /// conditional letter; from the `ownpolicy` lines.
  bool OwnsCachePolicy;
  /// The syntax lines' operand kinds are not checked where this qualifier is
  /// written (ld/st .b128); "" for none. From the `nokinds` lines.
  llvm::StringLiteral NoKindsWith;
  /// The instruction's own operand checks it runs (opcheck bits), from the
  /// `operands` lines.
  uint16_t OperandChecks;
  /// The matrix family check it goes to (`family` lines).
  IsaFamilyCheck Family;
  /// How it transfers control (`control` lines).
  IsaControl Control;
  /// The types with which it takes a function's address without a ptxas
  /// warning, one space between them (mov: ".u32 .b32 .u64 .b64"); "" where
  /// no type draws one. From the `fnaddrtypes` lines.
  llvm::StringLiteral FunctionAddressTypes;
  /// A directive of a kernel's header only (.maxntid, .reqntid ...): not in a
  /// .func's header, a body or at module scope. From the `entryonly` lines.
  bool EntryOnly;
  /// `_` as its whole destination (or as d of d|p): "*" where ptxas 13.0 takes
  /// it (atom, setp), the qualifiers of which one must be written, one space
  /// between them (match ".all"), "" where it refuses it ("Result discard mode
  /// is not allowed for instruction 'ld'"). From the `sink` lines.
  llvm::StringLiteral SinkDestination;
  /// The BuiltinCall operand check applies only where this qualifier is
  /// written (bar: ".warp", bar.warp.sync); "" for always. From an
  /// `operands builtincall OPCODE+.q` line.
  llvm::StringLiteral BuiltinCallWith;
  /// Where every syntax line that fits the operand count writes `d|p`, ptxas
  /// requires the predicate output ("Predicate output expected for
  /// instruction 'elect'"); setp's `p|q` stays optional. From the
  /// `pairrequired` lines.
  bool PredOutputRequired;
  /// The video selectors it takes (`videosel` lines).
  IsaVideoSel VideoSel;

  /// Whether an instruction with these qualifiers takes `_` as its
  /// destination (SinkDestination).
  bool takesSinkDestination(llvm::ArrayRef<std::string_view> Quals) const;

  llvm::ArrayRef<IsaForm> forms() const;
  llvm::ArrayRef<llvm::StringLiteral> vocab() const;
  bool takes(llvm::StringRef Q) const;
};

/// Every opcode and directive, sorted by name.
llvm::ArrayRef<IsaOpcode> isaOpcodes();
llvm::ArrayRef<IsaSection> isaSections();
/// The entry of an opcode ("add") or directive (".maxntid"), or null.
const IsaOpcode *findIsaOpcode(llvm::StringRef Name);

/// findIsaOpcode behind a small cache, for code that looks up the opcode of
/// every instruction (lib/Check/Checker.cpp): the name's length and first seven bytes are its key,
/// 64 buckets of two entries (the last two opcodes of a bucket), so that a
/// hit compares integers, not strings. Not thread-safe: one per thread (the
/// library's one-instruction entry makes a checker per call).
class IsaOpcodeCache {
public:
  const IsaOpcode *lookup(llvm::StringRef Name) {
    uint64_t Key = Name.size();
    for (size_t K = 0; K < Name.size() && K < 7; ++K)
      Key |= uint64_t(uint8_t(Name[K])) << (8 * (K + 1));
    Entry *B = Buckets[(Key * 0x9E3779B97F4A7C15ULL) >> 58];
    for (int W = 0; W < 2; ++W)
      if (B[W].Row && B[W].Key == Key && (Name.size() <= 7 || B[W].Row->Name == Name))
        return B[W].Row;
    const IsaOpcode *Row = findIsaOpcode(Name);
    if (Row) {
      B[1] = B[0];
      B[0] = {Key, Row};
    }
    return Row;
  }

private:
  struct Entry {
    uint64_t Key = 0;
    const IsaOpcode *Row = nullptr;
  };
  Entry Buckets[64][2];
};

/// Whether Word is one of the space-separated words of List.
inline bool isWordOf(llvm::StringRef List, llvm::StringRef Word) {
  const size_t N = List.size(), W = Word.size();
  for (size_t P = 0; P < N;) {
    size_t E = P;
    while (E < N && List[E] != ' ')
      ++E;
    if (E - P == W) {
      size_t K = 0;
      while (K < W && List[P + K] == Word[K])
        ++K;
      if (K == W)
        return true;
    }
    P = E + 1;
  }
  return false;
}

/// PtxVersion of an encoded MinPtx.
inline PtxVersion isaVersion(uint16_t Code) { return PtxVersion(Code / 100, Code % 100); }

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_ISATABLES_H
