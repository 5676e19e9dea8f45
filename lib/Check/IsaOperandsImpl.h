//===- IsaOperandsImpl.h - what the IsaOperands*.cpp files share -*- C++ -*-===//
//
// Internal to lib/Check/IsaOperands*.cpp: the type classes, operand roles and
// shapes, and the checks one file calls in another.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_ISAOPERANDSIMPL_H
#define PTXLINT_LIB_CHECK_ISAOPERANDSIMPL_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"
#include "Spec/OperandRoles.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace check {
namespace isaop {

/// A type as a class ('b', 'u', 's', 'f', 'p' for .pred, 'h' for .f16x2,
/// 'e' for .bf16, 'g' for .bf16x2) and a size in bits.
struct Ty {
  char Cls = 0;
  unsigned Bits = 0;
  bool valid() const { return Cls != 0; }
  bool isInt() const { return Cls == 'b' || Cls == 'u' || Cls == 's'; }
};

Ty parseTy(llvm::StringRef S);

/// How an operand position is typed (the roles of the spec table,
/// Spec/OperandRoles.h).
using Role = spec::OperandRole;
/// Whether register type R fits role Rl of an instruction of type T.
bool regOk(Role Rl, Ty T, Ty R);
/// Whether the constant O fits an operand of type T.
bool immOk(Ty T, const Operand &O);
/// The register types that fit role Rl of type T, in words.
std::string validRegs(Role Rl, Ty T);
/// The constants that fit type T, in words.
std::string validImms(Ty T);

const char *const OperandNames[] = {"d", "a", "b", "c", "e", "f"};

struct Shape {
  llvm::SmallVector<Role, 4> Roles;
  Ty T, Src;
  unsigned MinOps = 0; ///< operands that must be there (extra ones: Optional)
  bool NoDest = false; ///< the first operand is a source (nanosleep t, st a)
  /// A cache policy may follow the operands (ld, st; checkCachePolicy).
  bool CachePolicy = false;
  /// Strict operands of a half or packed type take no constant.
  bool PackedRegisters = false;
  /// Count constants are a bit position or field length, 0..255 (bfe, bfi).
  bool FieldConstants = false;
  /// Operands are registers only (the SIMD video instructions).
  bool RegistersOnly = false;
  /// Sources may be written `-%r2` (vmad).
  bool NegatableSources = false;
};
/// The type qualifiers of I, in order; Unknown where one was not measured.
llvm::SmallVector<Ty, 2> typeQuals(const Instruction &I, bool &Unknown);
/// The operand roles of I (memoized), or false where its rules are unknown.
const Shape *shapeOf(const Instruction &I, const CheckContext &Ctx);
/// The opcode with its qualifiers, as written.
std::string spelledOp(const Instruction &I);

/// The operand's name for messages ("operand d of 'add.f32'"), built only
/// when a diagnostic needs it: most operands are fine.
using WhatFn = llvm::function_ref<std::string()>;

/// Checks the declared type of register O; true where it reported. InVector:
/// O is an element of an ld/st vector in braces, AllFloat: every element of
/// that vector is a floating-point register.
bool checkRegister(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                   WhatFn What, bool InVector = false, bool AllFloat = false);
/// The elements of an ld/st vector have one size.
void checkSameSize(CheckContext &Ctx, const Operand &V, WhatFn What);
/// Checks operand O of role Rl and type T (a destination where IsDest).
void checkOperand(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                  bool IsDest, WhatFn What);

/// The declaration that types register operand Name: a scalar register's,
/// or for a component (%v.x) its vector's (whose Type is the element type);
/// null for anything else (IsaOperandsVector.cpp).
const RegisterInfo *scalarRegister(const CheckContext &Ctx, llvm::StringRef Name);
/// The declaration of Name where it is a whole vector register.
const RegisterInfo *vectorRegister(const CheckContext &Ctx, llvm::StringRef Name);
/// ".v2 .b32"
std::string vectorDecl(const RegisterInfo &Info);
/// Checks the whole vector register O (declared Info) in role Rl of type T.
void checkWholeVector(const Instruction &I, CheckContext &Ctx, const Operand &O,
                      const RegisterInfo &Info, Role Rl, Ty T, WhatFn What);
/// The whole vector registers of atom/red.vN have N elements.
void checkAtomVectors(const Instruction &I, CheckContext &Ctx);
/// A whole vector register as an element of a vector in braces; true where
/// it reported.
bool checkVectorElement(const Instruction &I, CheckContext &Ctx, const Operand &E, WhatFn What);

/// The coordinates and im2col offsets of the bulk tensor copies
/// (IsaOperandsTensor.cpp).
void checkTensorCoordinates(const Instruction &I, CheckContext &Ctx);
/// tcgen05.mma*'s tensor-memory addresses ([d-tmem], [a-tmem], [sp-meta-tmem]) are
/// .b32 registers.
void checkTcgen05MmaAddresses(const Instruction &I, CheckContext &Ctx);
/// tcgen05.alloc/dealloc's column count: a constant in range (sample K).
void checkTcgen05Columns(const Instruction &I, CheckContext &Ctx);

void checkCachePolicy(const Instruction &I, CheckContext &Ctx);
/// atom and red (Red: no destination, [a] first; IsaOpcode::OperandChecks Reduction).
void checkAtom(const Instruction &I, CheckContext &Ctx, bool Red);
void checkMovVector(const Instruction &I, CheckContext &Ctx);
void checkTensormapReplace(const Instruction &I, CheckContext &Ctx);
void checkTensormapFenceproxy(const Instruction &I, CheckContext &Ctx);
void checkCpAsyncSize(const Instruction &I, CheckContext &Ctx);
void checkWaitGroup(const Instruction &I, CheckContext &Ctx);
/// setmaxnreg's register count: a constant multiple of 8 in [24, 256]
/// (IsaOperandsRegCount.cpp).
void checkRegCount(const Instruction &I, CheckContext &Ctx);
/// '!' on an operand that is not a .pred register, or on a destination
/// (IsaOperandsNegation.cpp).
void checkNegatedOperands(const Instruction &I, CheckContext &Ctx);
/// Whether source operand O is `-name` and I's row lets its sources be
/// negated (vmad; OperandRoleRow::NegatableSources).
bool negatableSource(const Instruction &I, const Operand &O, const CheckContext &Ctx);
/// cvt.rs's four-element packed forms: d and rbits (IsaCvtX4.cpp).
void checkCvtX4Registers(const Instruction &I, CheckContext &Ctx);
/// A constant among the elements of a destination vector (IsaDestVector.cpp).
void checkDestinationVector(const Instruction &I, CheckContext &Ctx);

/// Below sm_90, an over-aligned register operand of an instruction ptxas
/// compiles as a built-in call (IsaOperandsAlign.cpp; opcheck::BuiltinCall).
void checkBuiltinCallAlign(const Instruction &I, CheckContext &Ctx);

/// The video selectors of scalar registers (IsaVideoSelectors.cpp).
void checkVideoSelectors(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Op);

} // namespace isaop
} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_ISAOPERANDSIMPL_H
