//===- OperandRoles.h - how each operand of an instruction is typed -*- C++ -*-===//
//
// The operand roles of the whole-ISA instructions, as data: for an opcode, its
// type qualifiers, the qualifiers written and the operand count, which role
// each operand has (the instruction type strictly, a wider register, a .pred,
// a .b32/.u32/.s32 count, an address, a constant ...). These are the rules
// ptxas 13.0 applies ("Arguments mismatch for instruction 'add'"), measured
// with tools/isa-operands/probe.py; lib/Check/IsaOperandsShapes.cpp reads them
// through operandRoleRows and keeps only the generic mechanism.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_OPERANDROLES_H
#define PTXLINT_LIB_SPEC_OPERANDROLES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ptxlint {
namespace spec {

/// How an operand position is typed.
enum class OperandRole : uint8_t {
  Strict,   ///< the instruction type, strict                          (S)
  Relaxed,  ///< the instruction type, wider register allowed (ld, st) (R)
  Source,   ///< cvt's source type, relaxed                             (O)
  Pred,     ///< a .pred register (setp d, selp c)                      (P)
  Wide,     ///< twice the instruction type, strict (mul.wide d)        (W)
  Shift,    ///< a shift amount: .b32/.u32/.s32 or an integer           (H)
  Count,    ///< .b32/.u32/.s32 (popc d, masks, lane numbers)           (C)
  Address,  ///< [address]                                              (A)
  Imm,      ///< a constant of the instruction type (lop3's immLut)     (I)
  Align,    ///< an alignment constant: a power of two up to 2^23       (G)
  Optional, ///< not checked
};

/// The letter of a role in OperandRoleRow::Roles; Optional for any other.
OperandRole operandRoleOf(char Letter);

/// The types a role row distinguishes, one bit each in a type mask.
enum class RoleType : uint8_t {
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F32,
  F64,
  Pred,
  F16x2,
  BF16,
  BF16x2,
  U16x2,
  S16x2,
  F32x2,
};
constexpr uint32_t typeBit(RoleType T) { return 1u << unsigned(T); }
/// The RoleType of a type qualifier (".u32"), or false where it is none.
bool roleTypeOf(llvm::StringRef Qualifier, RoleType &Out);

/// Which type qualifiers a row wants.
enum class RoleArity : uint8_t {
  Any,       ///< whatever is written, none included (bar: the operands are .u32)
  One,       ///< exactly one, in the row's set
  Two,       ///< exactly two (cvt: destination, source), both in the set
  OneOrMore, ///< at least one, all in the set (the video instructions)
};

/// One row: where it applies, the roles it gives. The rows of an opcode are
/// tried in order, the first that applies gives the roles; an instruction no
/// row applies to is not checked (its rules were not measured).
struct OperandRoleRow {
  llvm::StringLiteral Opcode;
  RoleArity Arity;
  uint32_t Types; ///< the set the type qualifiers must be in (typeBit)
  /// One letter per operand (S R O P W H C A I, OperandRole; "-" not checked); "S*": every
  /// operand strict, however many.
  llvm::StringLiteral Roles;
  llvm::StringLiteral With[2] = {"", ""};    ///< qualifiers that must be written
  llvm::StringLiteral Without[2] = {"", ""}; ///< qualifiers that must not be
  int8_t Ops = -1;                           ///< the operand count it applies to; -1 any
  uint8_t MinOps = 0;                        ///< operands that must be there; 0: every role
  bool NoDest = false;                       ///< the first operand is a source (nanosleep t, st a)
  /// One more operand may follow, a cache policy (ld, st with .L2::cache_hint).
  bool CachePolicy = false;
  /// Its strict operands of a half or packed type take a register, never a
  /// constant ("Arguments mismatch for instruction 'add'" for add.f16x2 with
  /// 0x3C003C00, 1, 1.0, 0f3F800000 or 0d constants).
  bool PackedRegisters = false;
  /// Its count (C) constants are a bit position or a field length, 0..255
  /// ("value '256' out of range, expected to be in range [0..255]").
  bool FieldConstants = false;
  /// Its operands are registers, never a constant or `gv+4` (the SIMD video
  /// instructions: ptxas 13.0 "Incorrect video selector for operand 3").
  bool RegistersOnly = false;
  /// Its sources may be written negated, `-%r2` (vmad: ptxas 13.0 accepts
  /// `vmad.u32.u32.u32 %r1, -%r2, %r3, -%r4`; the destination may not be).
  bool NegatableSources = false;
  bool TypeU32 = false; ///< the operands are typed .u32, whatever is written
  bool TypeU64 = false; ///< the operands are typed .u64 (createpolicy's .b64 d)

  constexpr OperandRoleRow(llvm::StringLiteral Opcode, RoleArity Arity, uint32_t Types,
                           llvm::StringLiteral Roles)
      : Opcode(Opcode), Arity(Arity), Types(Types), Roles(Roles) {}
  constexpr OperandRoleRow with(llvm::StringLiteral A, llvm::StringLiteral B = "") const {
    OperandRoleRow R = *this;
    R.With[0] = A;
    R.With[1] = B;
    return R;
  }
  constexpr OperandRoleRow without(llvm::StringLiteral A, llvm::StringLiteral B = "") const {
    OperandRoleRow R = *this;
    R.Without[0] = A;
    R.Without[1] = B;
    return R;
  }
  constexpr OperandRoleRow ops(int8_t N) const {
    OperandRoleRow R = *this;
    R.Ops = N;
    return R;
  }
  constexpr OperandRoleRow minOps(uint8_t N) const {
    OperandRoleRow R = *this;
    R.MinOps = N;
    return R;
  }
  constexpr OperandRoleRow noDest() const {
    OperandRoleRow R = *this;
    R.NoDest = true;
    return R;
  }
  constexpr OperandRoleRow cachePolicy() const {
    OperandRoleRow R = *this;
    R.CachePolicy = true;
    return R;
  }
  constexpr OperandRoleRow packedRegisters() const {
    OperandRoleRow R = *this;
    R.PackedRegisters = true;
    return R;
  }
  constexpr OperandRoleRow fieldConstants() const {
    OperandRoleRow R = *this;
    R.FieldConstants = true;
    return R;
  }
  constexpr OperandRoleRow registersOnly() const {
    OperandRoleRow R = *this;
    R.RegistersOnly = true;
    return R;
  }
  constexpr OperandRoleRow negatableSources() const {
    OperandRoleRow R = *this;
    R.NegatableSources = true;
    return R;
  }
  constexpr OperandRoleRow typeU64() const {
    OperandRoleRow R = *this;
    R.TypeU64 = true;
    return R;
  }
  constexpr OperandRoleRow typeU32() const {
    OperandRoleRow R = *this;
    R.TypeU32 = true;
    return R;
  }
};

/// Every row, sorted by opcode (each opcode's rows in the order they are tried).
llvm::ArrayRef<OperandRoleRow> operandRoleRows();
/// The rows of Opcode, in order; empty where it has none.
llvm::ArrayRef<OperandRoleRow> operandRoleRows(llvm::StringRef Opcode);

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_OPERANDROLES_H
