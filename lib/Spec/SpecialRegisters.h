//===- SpecialRegisters.h - the special registers of chapter 10 -*- C++ -*-===//
//
// The special registers (PTX ISA 9.0 chapter 10, and WARP_SZ), as data: their
// names, whether they are vectors, the PTX ISA version and target ptxas 13.0
// requires and the section of each. lib/Check/CheckSymbols.cpp resolves names
// against them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_SPECIALREGISTERS_H
#define PTXLINT_LIB_SPEC_SPECIALREGISTERS_H

#include "ptxlint/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace spec {

struct SpecialRegister {
  const char *Name;   ///< "%tid"; for parameterized names the prefix ("%envreg")
  unsigned Count;     ///< 0: a plain name; N: Name followed by 0..N-1
  const char *Suffix; ///< after the index ("_64" of %pm0_64), or ""
  bool Vector;        ///< has .x .y .z (.w)
  PtxVersion Ver;     ///< the version ptxas requires (invalid: none it can see)
  unsigned MinSm;     ///< the target ptxas requires (0: any it supports)
  const char *Spec;   ///< its section ("10.1")
};

/// Every special register, in the order of chapter 10.
llvm::ArrayRef<SpecialRegister> specialRegisters();
/// The special register (or WARP_SZ) Name is, or is a member of; null when none.
const SpecialRegister *findSpecialRegister(llvm::StringRef Name);
/// "%envreg<32>", "%pm<8>_64", "%tid": the name as the spec lists it.
std::string specialRegisterDisplay(const SpecialRegister &S);

/// An instruction that reads special registers; every other one refuses them
/// (ptxas 13.0: "Special register argument not allowed for instruction
/// 'add'"), and none writes one ("Read-only special register cannot be
/// destination argument"; test/isa/special-registers.test).
struct SpecialRegisterReader {
  llvm::StringLiteral Opcode;
  unsigned Types;        ///< the type qualifiers it writes (mov 1, cvt 2)
  unsigned ReadAt;       ///< the one the register is read at (cvt: its source type)
  bool IntegerTypesOnly; ///< only between integer types (cvt)
  /// At the register's own size (mov; %tid.x and its kin at .u16 too, PTX
  /// 1.x), else at a type no wider (cvt) (test/isa/special-register-types.test).
  bool OwnSize;
};
/// The reader row of Opcode, or null where it reads no special register.
const SpecialRegisterReader *specialRegisterReader(llvm::StringRef Opcode);

/// The scalar special registers (PTX ISA 10) and their types, and the vector
/// ones (each component .x .y .z a .u32), as lib/Check/CheckUtil.cpp
/// resolveRegister reads them; components (`%tid.x`) are looked up with their
/// suffix.
/// StringLiterals: a compare is a length test first (no strlen per entry;
/// every register of an instruction is looked up here when undeclared).
struct SpecialRegisterType {
  llvm::StringLiteral Name;
  llvm::StringLiteral Type;
};
inline constexpr SpecialRegisterType SpecialRegisterTypes[] = {
    {"%laneid", ".u32"},
    {"%warpid", ".u32"},
    {"%nwarpid", ".u32"},
    {"%smid", ".u32"},
    {"%nsmid", ".u32"},
    {"%gridid", ".u64"},
    {"%lanemask_eq", ".u32"},
    {"%lanemask_le", ".u32"},
    {"%lanemask_lt", ".u32"},
    {"%lanemask_ge", ".u32"},
    {"%lanemask_gt", ".u32"},
    {"%clock", ".u32"},
    {"%clock_hi", ".u32"},
    {"%clock64", ".u64"},
    {"%globaltimer", ".u64"},
    {"%globaltimer_lo", ".u32"},
    {"%globaltimer_hi", ".u32"},
    {"%dynamic_smem_size", ".u32"},
    {"%total_smem_size", ".u32"},
    {"%aggr_smem_size", ".u32"},
    {"%cluster_ctarank", ".u32"},
    {"%cluster_nctarank", ".u32"},
    {"%is_explicit_cluster", ".pred"},
    {"%current_graph_exec", ".u64"},
};
inline constexpr llvm::StringLiteral SpecialVectors[] = {
    "%tid",       "%ntid",       "%ctaid",         "%nctaid",
    "%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid"};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_SPECIALREGISTERS_H
