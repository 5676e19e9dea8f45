//===- CheckDecls.h - declarations, prototypes, calls, module directives -===//
//
// The rules of declarations that ptxas enforces beyond the grammar ptx-lint
// parses (measured with tools/dev/adversary): .align values, vector sizes,
// the types a state space holds, array sizes, initializers, linkage, kernel
// parameter attributes; function prototypes (return lists, performance
// directives, one signature per name) and calls against them; the values of
// .address_size and .file.
//
//===----------------------------------------------------------------------===//

#ifndef PTXLINT_LIB_CHECK_CHECKDECLS_H
#define PTXLINT_LIB_CHECK_CHECKDECLS_H

#include "Check/CheckContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace check {

enum class DeclSite : uint8_t { Module, Local, EntryParam, FuncParam, Return };

class DeclChecker {
public:
  /// Version: the checker's effective .version, read when a declaration is checked.
  DeclChecker(const SourceFile &File, DiagnosticEngine &Diags, const SymbolTable &Syms,
              const PtxVersion &Version)
      : File(File), Diags(Diags), Syms(Syms), Version(Version) {}

  void onVar(const VarDecl &V, DeclSite Site);
  /// A function header: its parameters, its directives, its prototype
  /// against an earlier one of the same name.
  void onFunction(const Function &F);
  void onCall(const Instruction &I);
  /// A directive in a function body (.maxntid there is a syntax error).
  void onBodyDirective(const Directive &D);
  /// bra to a register (ptxas: "Label expected").
  void onBranch(const Instruction &I);
  /// .address_size (ArchGiven: ptxas -arch sm_NN judges it) and .file.
  void onModuleDirective(const Directive &D, bool ArchGiven);

private:
  /// A parameter of a prototype, its texts interned (intern()): a file of
  /// thousands of functions keeps 12 bytes a parameter, not two strings.
  struct Param {
    uint32_t Type = 0;  ///< type, vector and array suffix as written
    uint32_t Align = 0; ///< the .align value; 0 (the empty text) when none
    unsigned Bits = 0;  ///< scalar size, 0 for arrays, vectors and opaque types
  };
  struct Proto {
    bool IsEntry = false;
    std::vector<Param> Rets, Params;
    SourceRange Name;
  };

  Proto protoOf(const Function &F);
  uint32_t intern(llvm::StringRef Text);
  const std::string &text(uint32_t Id) const { return Texts[Id]; }
  void checkAttrs(const VarDecl &V, DeclSite Site);
  /// `.attribute(...)` at A[I] on a variable of state space Owner, or on a
  /// function (Owner ".func"/".entry"); the index of its closing ')'.
  size_t checkAttributeSpec(llvm::ArrayRef<std::string_view> A, size_t I, SourceRange R,
                            llvm::StringRef Owner);
  void checkType(const VarDecl &V, llvm::StringRef T, DeclSite Site);
  void checkArray(const VarDecl &V, const Declarator &D, DeclSite Site);
  void checkInit(const VarDecl &V, const Declarator &D);
  void checkLinkage(llvm::ArrayRef<std::string_view> Prefix, SourceRange Fallback);
  void checkFunctionDirectives(const Function &F);
  void checkPrototype(const Function &F);
  void checkArguments(const Instruction &I, const Operand &List, llvm::ArrayRef<Param> Formals,
                      llvm::StringRef Callee);
  SourceRange at(llvm::StringRef Tok, SourceRange Fallback) const;
  /// False (and a syntax error) for a directive name PTX does not have.
  bool checkKnown(const Directive &D);

  const SourceFile &File;
  DiagnosticEngine &Diags;
  const SymbolTable &Syms;
  const PtxVersion &Version;
  llvm::StringMap<Proto> Protos;
  llvm::StringMap<uint32_t> TextIds;  ///< intern()'s ids
  std::vector<std::string> Texts{""}; ///< by id; 0 is the empty text
  llvm::DenseMap<int64_t, SourceRange> FileIndices;
};

} // namespace check
} // namespace ptxlint

#endif
