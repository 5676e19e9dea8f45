//===- CheckIsaQualifiers.h - the order and pairing of qualifiers -*- C++ -*-===//
//
// The qualifier checks of checkIsa that depend on the spelling and its syntax
// lines only (CheckIsaQualifiers.cpp), and the small qualifier predicates the
// rest of CheckIsa.cpp shares with them. Each check returns false after it
// reported.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKISAQUALIFIERS_H
#define PTXLINT_LIB_CHECK_CHECKISAQUALIFIERS_H

#include "Check/CheckContext.h"
#include "Spec/IsaTables.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {
namespace check {

/// "add" -> "add"; the spelled-out instruction for messages: "cp.async.bulk".
std::string spelled(const Instruction &I, size_t NumQuals);
/// A type qualifier (.b32, .f16x2, .pred), not a vector width.
bool isTypeQualifier(llvm::StringRef Q);
/// A state space qualifier (.global, .shared::cta, .param::entry ...).
bool isStateSpaceQualifier(llvm::StringRef Q);
/// The state spaces of Op's syntax lines, sorted; Generic: a line leaves its
/// state space out (a generic address).
llvm::SmallVector<llvm::StringRef, 8> stateSpacesOf(const spec::IsaOpcode &Op, bool &Generic);

/// The instruction's name before its other qualifiers.
bool checkNameOrder(const Instruction &I, CheckContext &Ctx,
                    llvm::ArrayRef<const spec::IsaForm *> Forms);
/// The modes ptxas reads before the type (`modefirst` rows).
bool checkModeOrder(const Instruction &I, CheckContext &Ctx, const spec::IsaOpcode &Entry,
                    llvm::ArrayRef<const spec::IsaForm *> Forms);
/// Two state spaces in the order of the syntax line.
bool checkSpaceOrder(const Instruction &I, CheckContext &Ctx,
                     llvm::ArrayRef<const spec::IsaForm *> Forms);
/// The `needs` and `excludes` rows of the matching sections; true when it
/// reported nothing.
bool checkQualifierTypes(const Instruction &I, CheckContext &Ctx,
                         llvm::ArrayRef<const spec::IsaForm *> Forms);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKISAQUALIFIERS_H
