//===- PtxBuilder.h - build a harness kernel as AST -------------*- C++ -*-===//
//
// Small helpers that build ptx-lint AST nodes (include/ptxlint/AST.h) for a
// single-entry module; the text is printed by the emitter, never by hand.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_EXEC_PTXBUILDER_H
#define PTXLINT_LIB_EXEC_PTXBUILDER_H

#include "ptxlint/AST.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace exec {

class PtxBuilder {
public:
  /// Starts a module: .version V, .target T, .address_size 64, one
  /// .visible .entry named Name with .u64 parameters Params.
  PtxBuilder(Target T, PtxVersion V, llvm::StringRef Name, const std::vector<std::string> &Params);

  /// Module-scope `.shared .align 16 .b8 Name[Bytes];`.
  void sharedArray(llvm::StringRef Name, unsigned Bytes);
  /// `.reg Type Prefix<Count>;` (declared at the top of the body).
  void regs(llvm::StringRef Type, llvm::StringRef Prefix, unsigned Count);
  /// `.reg Type Name;`
  void reg(llvm::StringRef Type, llvm::StringRef Name);
  /// An instruction from its mnemonic ("ld.global.b32") and operands.
  void inst(llvm::StringRef Mnemonic, const std::vector<Operand> &Ops);
  void label(llvm::StringRef Name);

  Operand r(llvm::StringRef Name);
  Operand imm(int64_t V);
  Operand addr(llvm::StringRef Base, int64_t Off = 0);
  Operand vec(const std::vector<Operand> &Elems);
  /// Register names Prefix0..Prefix<N-1> as a vector operand.
  Operand vecOf(llvm::StringRef Prefix, unsigned N);
  std::string name(llvm::StringRef Prefix, unsigned I);

  /// The finished module, printed by the emitter.
  std::string print();
  Module &module() { return M; }

private:
  Module M;
  Function *F = nullptr;
  std::vector<const Statement *> Decls, Body;
};

} // namespace exec
} // namespace ptxlint

#endif // PTXLINT_LIB_EXEC_PTXBUILDER_H
