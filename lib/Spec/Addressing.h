//===- Addressing.h - which instructions address which state spaces -*- C++ -*-===//
//
// The addressing facts of the whole-ISA instructions, as data: which opcodes
// take an [address] whose symbol must be in the state space they name (PTX
// ISA 9.0, 5.1 state-spaces and 6.4.1 addresses-as-operands), which reach
// generic or .global memory through 64-bit registers, the state-space
// qualifiers and which symbols each of them reaches, the sections the address
// checks cite. lib/Check/IsaAddress.cpp reads them and keeps the mechanism.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_ADDRESSING_H
#define PTXLINT_LIB_SPEC_ADDRESSING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace spec {

/// How one opcode uses an [address] operand.
struct AddressingRow {
  llvm::StringLiteral Opcode;
  /// The state space written must be the one of the address's symbol
  /// (ld.shared of a .global variable; ptxas 13.0 rejects it).
  bool ChecksSpace;
  /// A generic or .global address is a 64-bit register in a 64-bit module
  /// ("Program uses 32-bit address ... conflicting with .address_size 64").
  bool Address64;
  /// ... whatever qualifiers are written (multimem: always .global).
  bool AlwaysAddress64;
  /// Its second operand is a symbol or register, not in brackets, checked as
  /// an address base (cvta a); its register types are the operand rules'.
  bool SymbolOperand;
  /// .v2/.v4/.v8 vectors of data registers: the operand that holds them
  /// (ld d, st b), -1 where none.
  int8_t VectorData;
  /// The move (mov): .v2/.v4 move whole vector registers, a .bN scalar packs
  /// or unpacks a vector register of N bits, and a symbol's address is an
  /// integer (mov.f32 of a variable is an "Arguments mismatch").
  bool Moves;
  /// It writes memory (st, atom, red): never .const, which is read-only
  /// (ptxas 13.0: "State space incorrect" for st.const).
  bool Writes;
  /// It converts addresses (cvta): with .u32 in a 64-bit module, a 32-bit
  /// address (ptxas -arch sm_NN: "Program uses 32-bit address").
  bool Converts;
};

/// The row of Opcode, or null where it uses no address this way.
const AddressingRow *addressingOf(llvm::StringRef Opcode);
/// Every row, sorted by opcode.
llvm::ArrayRef<AddressingRow> addressingRows();

// The functions below run per operand: inline, so that their comparisons
// with short literals compile to integer compares.

/// The state-space qualifiers of an addressing instruction (".global",
/// ".shared::cta", ".param::entry" ...).
inline constexpr llvm::StringLiteral AddressSpaces[] = {
    ".global", ".shared", ".shared::cta",  ".shared::cluster", ".local",
    ".const",  ".param",  ".param::entry", ".param::func"};

/// Whether an instruction of state space Instr ("" for generic) reaches a
/// symbol declared in Sym: generic addressing reaches every space but .param
/// and .const; .shared::cta/.shared::cluster reach .shared, .param::entry/
/// .param::func reach .param.
inline bool spaceReaches(llvm::StringRef Instr, llvm::StringRef Sym) {
  if (Instr.empty()) // generic: ptxas rejects .param and .const symbols
    return Sym != ".param" && Sym != ".const";
  if (Instr.startswith(".shared"))
    return Sym == ".shared";
  if (Instr.startswith(".param"))
    return Sym == ".param";
  return Instr == Sym;
}

/// Whether qualifier Q makes an address a 32-bit one (.shared, .local,
/// .const and .param windows; the .async/.bulk/.tensormap forms, whose
/// addresses are .shared::cluster or tensor maps).
inline bool addresses32(llvm::StringRef Q) {
  return Q.startswith(".shared") || Q.startswith(".local") || Q.startswith(".const") ||
         Q.startswith(".param") || Q == ".async" || Q == ".bulk" || Q == ".tensormap";
}

/// Whether a symbol of state space Space has an address mov can take as an
/// integer (.global, .shared, .const, .local, .param).
inline bool isAddressableSpace(llvm::StringRef Space) {
  return Space.startswith(".global") || Space.startswith(".shared") || Space.startswith(".const") ||
         Space.startswith(".local") || Space.startswith(".param");
}

/// The sections the address checks cite (PTX ISA 9.0).
struct AddressSections {
  static constexpr const char *Immediate = "4.5.1"; ///< constants: integer constants
  static constexpr const char *Address = "6.4.1";   ///< addresses-as-operands
  static constexpr const char *Space = "5.1";       ///< state-spaces
  static constexpr const char *Vector = "6.4.2";    ///< vectors-as-operands
};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_ADDRESSING_H
