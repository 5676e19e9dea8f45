//===- CheckDeclsShared.h - the static .shared memory of each kernel -----===//
//
// ptxas -arch sm_NN (code generation) refuses a kernel whose static .shared
// data exceeds 48 KiB (the whole shared memory on sm_90a, sm_100a, sm_103a,
// sm_110a, sm_120a, sm_121a: staticSharedLimit): "Entry function 'k' uses
// too much shared data (0xc001 bytes, 0xc000 max)", naming no line; -arch
// compute_NN takes it. What it counts (measured, test/symbols/shared-limit.test):
// every .shared variable declared in the body of the kernel or of a function
// it calls (directly or through other calls), used or not, and every
// module-scope .shared variable one of those bodies names, each once;
// .extern .shared arrays (dynamic shared memory) are not counted.
//
//===----------------------------------------------------------------------===//

#ifndef PTXLINT_LIB_CHECK_CHECKDECLSSHARED_H
#define PTXLINT_LIB_CHECK_CHECKDECLSSHARED_H

#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxlint {
namespace check {

/// Collects, under --arch only, what each function body adds to a kernel's
/// static .shared data, and reports the kernels over the limit at the end of
/// the file. Sizes leave out alignment padding, so the total is a lower
/// bound of ptxas's: a kernel reported is one ptxas refuses.
class SharedBudget {
public:
  /// ptxas -arch's limit (staticSharedLimit): 48 KiB but on the sm_NNa targets.
  void setLimit(uint64_t Bytes, llvm::StringRef ArchName) {
    Limit = Bytes;
    Arch = ArchName.str();
  }

  /// A module-scope variable: a .shared one (not .extern) becomes nameable.
  void onModuleVar(const VarDecl &V);
  /// A function header; with a body, the statements that follow are its.
  void onFunction(const Function &F);
  /// A declaration in the current body.
  void onLocalVar(const VarDecl &V);
  /// An instruction of the current body: the module .shared variables its
  /// operands name, the function a call calls.
  void onInstruction(const Instruction &I, bool IsCall);
  /// Reports each kernel over the limit (rule func-shared-memory).
  void report(DiagnosticEngine &Diags) const;

private:
  uint64_t Limit = 48 * 1024;
  std::string Arch = "sm_NN";
  struct Fn {
    llvm::StringRef Key; ///< the name, FnIds' copy
    SourceRange Name;
    bool IsEntry = false, HasBody = false;
    uint64_t LocalBytes = 0;          ///< .shared declared in the body
    std::vector<uint32_t> Vars;       ///< module .shared variables named, by id
    std::vector<uint32_t> Callees;    ///< functions called, by id
    std::vector<std::string> Shadows; ///< local names that hide a module variable
  };
  uint32_t fnId(llvm::StringRef Name);
  void noteName(llvm::StringRef Name);

  llvm::StringMap<uint32_t> FnIds;
  std::vector<Fn> Fns;
  llvm::StringMap<uint32_t> VarIds;
  std::vector<uint64_t> VarBytes;
  int64_t Cur = -1; ///< the function whose body is read, or -1
};

} // namespace check
} // namespace ptxlint

#endif
