//===- Compare.h - set and setp: comparisons and type pairs -----*- C++ -*-===//
//
// What the syntax lines of set and setp (9.7.6.1-2, 9.7.7.1-2) cannot say,
// as ptxas 13.0 takes it (-arch sm_90, every comparison with every type, every
// set destination type with every source type; test/isa/set-setp.test):
//
//  - the comparison fits the compared type ("Mismatch between instruction
//    type and comparison qualifier"): .eq/.ne any type; .lt/.le/.gt/.ge not
//    on bit types; .lo/.ls/.hi/.hs unsigned only; .equ/.neu/.ltu/.leu/.gtu/
//    .geu/.num/.nan floating-point only;
//  - set: the destination and source types form a pair ptxas has ("Unexpected
//    instruction types specified for 'set'"), which is not what the two
//    sections' syntax lines write (set.f16.u32 assembles, set.f16.bf16 does
//    not), and .ftz only with a .f32, .f16 or .f16x2 source ("Illegal modifier
//    '.ftz'").
//
// lib/Check/IsaCompare.cpp reads these tables (the `compare` and `owncount`
// lines of spec/isa/corrections.txt route set and setp to it).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_COMPARE_H
#define PTXLINT_LIB_SPEC_COMPARE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace spec {

/// One type set and setp compare, with what ptxas 13.0 takes of it.
struct CompareType {
  llvm::StringLiteral Type; ///< ".u32"
  /// The comparisons it takes, one space between them (".eq .ne" for a bit type).
  llvm::StringLiteral Comparisons;
  /// As set's destination type: the source types it goes with, one space
  /// between them; "" where set has no form with it.
  llvm::StringLiteral SetSources;
  /// As set's source type: .ftz applies.
  bool SetFtz;
};

/// The comparison qualifiers of set and setp (.eq ... .nan), in the ISA's order.
llvm::ArrayRef<llvm::StringLiteral> compareOps();
/// Their boolean operations (.and .or .xor).
llvm::ArrayRef<llvm::StringLiteral> compareBoolOps();
/// Every type they compare, in the ISA's order.
llvm::ArrayRef<CompareType> compareTypes();
/// The row of type T, or null where set and setp take no such type.
const CompareType *compareType(llvm::StringRef T);
/// Whether Q is one of compareOps().
bool isCompareOp(llvm::StringRef Q);
/// Whether Q is one of compareBoolOps().
bool isCompareBoolOp(llvm::StringRef Q);

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_COMPARE_H
