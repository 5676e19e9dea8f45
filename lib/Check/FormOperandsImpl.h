//===- FormOperandsImpl.h - shared helpers of the operand checks *- C++ -*-===//
//
// Private to FormOperands.cpp, FormElements.cpp and FormVectors.cpp: the
// operand checks of a matched form, split by topic (issue 11).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_FORMOPERANDSIMPL_H
#define PTXLINT_LIB_CHECK_FORMOPERANDSIMPL_H

#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Spec/Spec.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace check {
namespace formops {

/// "mma.m16n8k16 with .f32 accumulators" style context for messages.
std::string context(const spec::Form &F, const spec::OperandSpec &O);

/// The register types O takes, "A, B or C".
std::string regList(const spec::OperandSpec &O);

/// A constant expression (`(1+1)`, `(8*2)`) stands where an integer
/// constant does (ptxas folds it): Tmp as an IntImm with its value, else A.
const Operand &folded(const Operand &A, Operand &Tmp);

/// The size of a register type in bits (0 for .pred and unknown types).
unsigned typeBits(llvm::StringRef T);

/// True when ptxas lowers F to a built-in call on the module's target
/// (Form::BuiltinOn: sub-byte and single-bit mma, mma.sp, wmma.mma).
bool loweredToBuiltin(const spec::Form &F, const CheckContext &Ctx);

/// True when O is passed to the built-in call of a lowered form.
bool isBuiltinArg(const spec::Form &F, const spec::OperandSpec &O);

/// "sub-byte mma on sm_90 and later": the lowering's scope for messages.
std::string loweringText(const spec::Form &F);

/// mma's and mma.sp's register scalars (e, scale-a-data, scale-b-data):
/// where ptxas emits an instruction (no built-in call) it takes any 32-bit
/// register, a .pred register (negated too), or a vector of them.
bool looseScalar(const spec::OperandSpec &O, const spec::Form &F, const CheckContext &Ctx);

/// True for a `0f` literal (ptxas types it .f32: it fits a 32-bit slot).
bool isF32Literal(const Operand &A);

/// One register or immediate standing for one register of operand O. When
/// Typed is null the declared type is checked here; otherwise a declared
/// register's info is stored there for the caller's vector-wide check.
void checkElement(const Operand &Raw, const spec::OperandSpec &O, const std::string &What,
                  const spec::ImmRange *Range, const spec::Form &F, CheckContext &Ctx,
                  RegisterRef *Typed = nullptr);

/// ptxas types a vector by its elements: one type for all, or untyped bits
/// (.b32/.b64) mixed with at most one other type (then it counts as bits).
/// Constants take the vector's type; a vector of constants only is refused.
void checkVectorElements(const Operand &A, const spec::OperandSpec &O, const spec::Form &F,
                         CheckContext &Ctx);

} // namespace formops
} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_FORMOPERANDSIMPL_H
