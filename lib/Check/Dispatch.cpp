//===- Dispatch.cpp - route each instruction to its family check ----------===//
//
// One entry point per instruction family (wmma, mma, mma.sp, ldmatrix,
// stmatrix, movmatrix); everything else is not checked beyond syntax.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckContext.h"

namespace ptxlint {
namespace check {

FamilyCheck familyCheckFor(const Instruction &I) {
  llvm::StringRef Op = I.Opcode;
  // Dispatch on length first: this runs for every instruction of a file.
  switch (Op.size()) {
  case 3:
    if (Op == "mma") {
      // .sp and .sp::ordered_metadata select the sparse family (9.7.14.6.3).
      for (llvm::StringRef Q : I.Qualifiers)
        if (Q == ".sp" || Q.startswith(".sp::"))
          return checkMmaSp;
      return checkMma;
    }
    return nullptr;
  case 4:
    return Op == "wmma" ? checkWmma : nullptr;
  case 5: // the ISA tables, then the fragment sizes (CheckWgmma.cpp)
    return Op == "wgmma" ? checkWgmma : nullptr;
  case 8:
    return Op == "ldmatrix" ? checkLdmatrix : Op == "stmatrix" ? checkStmatrix : nullptr;
  case 9:
    return Op == "movmatrix" ? checkMovmatrix : nullptr;
  default:
    return nullptr;
  }
}

} // namespace check
} // namespace ptxlint
