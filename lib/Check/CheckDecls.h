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
#include "Check/CheckDeclsShared.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace check {

enum class DeclSite : uint8_t { Module, Local, EntryParam, FuncParam, Return };

/// .b8 ... .b128, .u8 ... .s64, .f16 ... .f64: size in bits; 0 otherwise.
unsigned fundamentalBits(llvm::StringRef T);
bool isOpaqueType(llvm::StringRef T);
bool isNumber(llvm::StringRef T, uint64_t &V);
/// The element count of an array suffix ([4], [2][8]): 1 for none, 0 when
/// a size is missing or not a plain number.
uint64_t arrayCount(llvm::ArrayRef<std::string_view> Suffix);
/// A performance directive only a .entry takes (.maxntid, .reqntid ...).
bool isEntryOnly(llvm::StringRef N);
/// A directive of PTX ISA 9.0 chapter 11, or a state space.
bool isKnownDirective(llvm::StringRef N);

class DeclChecker {
public:
  /// Version: the checker's effective .version, read when a declaration is checked.
  /// TexMode: the module's texmode_unified / texmode_independent target option
  /// (empty: unified, the default), read when a declaration is checked.
  DeclChecker(const SourceFile &File, DiagnosticEngine &Diags, const SymbolTable &Syms,
              const PtxVersion &Version, const llvm::StringRef &TexMode, bool ArchGiven)
      : File(File), Diags(Diags), Syms(Syms), Version(Version), TexMode(TexMode),
        CodegenChecks(ArchGiven) {}

  void onVar(const VarDecl &V, DeclSite Site);
  /// The effective target for the module-scope checks that follow (.unified).
  void setTarget(Target T) { Tgt = T; }
  /// The code generation target (--arch sm_NN): its static .shared limit.
  void setCodegenArch(Target Arch) { Shared.setLimit(staticSharedLimit(Arch), Arch.str()); }
  /// A function header: its parameters, its directives, its prototype
  /// against an earlier one of the same name.
  void onFunction(const Function &F);
  void onCall(const Instruction &I);
  /// A directive in a function body (.maxntid there is a syntax error).
  void onBodyDirective(const Directive &D);
  /// A `.loc`: its location is remembered for the `inlined_at` of later ones,
  /// which must name a location some earlier `.loc` used.
  void onLoc(const Directive &D);
  /// onLoc's checks, for a text not known to be clean (CleanLocs).
  void checkLoc(const Directive &D);
  bool checkLocAttributes(const Directive &D);
  bool checkInlineInfo(const Directive &D);
  bool checkInlinedAt(const Directive &D, llvm::ArrayRef<std::string_view> N);
  /// A label in a body: the name of a `.callprototype` that follows it.
  void onLabel(std::string_view Name) {
    LastLabel.set(Name, File.text());
    checkDottedName(Name, SourceRange());
  }
  /// bra to a register (ptxas: "Label expected").
  void onBranch(const Instruction &I);
  /// Any instruction of a body: under --arch, what it adds to the kernels'
  /// static .shared data (CheckDeclsShared.h); IsCall: a call (IsaControl::Call).
  void onInstruction(const Instruction &I, bool IsCall) {
    if (CodegenChecks)
      Shared.onInstruction(I, IsCall);
  }
  /// .address_size (ArchGiven: ptxas -arch sm_NN judges it) and .file.
  void onModuleDirective(const Directive &D, bool ArchGiven);
  /// Functions declared without .extern and never defined: ptxas -arch sm_NN
  /// (code generation, -c too) fails ("Unresolved extern function"); parse-only
  /// -arch compute_NN takes them, so they are reported only under --arch.
  void onEndOfFile(bool ArchGiven);

private:
  /// A parameter of a prototype, its type text interned (intern()): 12
  /// bytes a parameter, kept in one pool for the whole file.
  struct Param {
    uint32_t Type = 0;   ///< type, vector and array suffix as written
    uint32_t Bytes = 0;  ///< total size (arrays and vectors too); 0 when unknown
    uint16_t Align = 0;  ///< the .align value; 0 when none is written
    uint8_t Natural = 0; ///< element (or vector) size in bytes: the default alignment
    uint8_t Bits = 0;    ///< scalar size, 0 for arrays, vectors and opaque types
  };
  /// A prototype: its parameters are Pool[First, First + NRets + NParams).
  struct Proto {
    uint32_t First = 0;
    uint16_t NRets = 0, NParams = 0;
    bool IsEntry = false;
    bool HasBody = false;
    /// The linkage directive written: "", ".weak", ".visible", ".extern".
    std::string_view Linkage;
    SourceRange Name;
    llvm::ArrayRef<Param> rets(const std::vector<Param> &Pool) const {
      return llvm::ArrayRef<Param>(Pool).slice(First, NRets);
    }
    llvm::ArrayRef<Param> params(const std::vector<Param> &Pool) const {
      return llvm::ArrayRef<Param>(Pool).slice(First + NRets, NParams);
    }
  };

  /// `.pragma "s", ...;`: strings only.
  void checkPragmaArgs(const Directive &D);
  /// A definition's linkage against its earlier declaration's (func-linkage).
  void checkLinkage(const Function &F, const Proto &Prev, const Proto &P);
  /// `label: .callprototype (rets) _ (params);`: a Proto of its lists.
  void onCallPrototype(const Directive &D);
  /// Counts and arguments of a call against P.
  void checkCall(const Instruction &I, const Operand *Rets, const Operand *Args, const Proto &P,
                 llvm::StringRef Callee);
  /// Appends F's parameters to Pool.
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
  void checkOpaqueInit(const VarDecl &V, const Declarator &D, llvm::StringRef Ty);
  /// An array initializer nests one { } list per dimension, no longer than
  /// it (CheckDeclsInit.cpp).
  void checkArrayInitShape(const Declarator &D);
  /// The operand after an indirect call's arguments: a label or a table, no register.
  void checkCallTargetOperand(const Operand &Op);
  void checkLinkage(llvm::ArrayRef<std::string_view> Prefix, SourceRange Fallback);
  /// Two or more return parameters: all of them .reg.
  void checkReturnSpaces(const Function &F);
  void checkFunctionDirectives(const Function &F);
  void checkPrototype(const Function &F);
  void checkArguments(const Operand &List, llvm::ArrayRef<Param> Formals, llvm::StringRef Callee);
  SourceRange at(llvm::StringRef Tok, SourceRange Fallback) const;
  /// A declared name (variable, function, label) with a '.' part: a syntax error.
  void checkDottedName(llvm::StringRef Name, SourceRange R);
  /// False (and a syntax error) for a directive name PTX does not have.
  bool checkKnown(const Directive &D);

  const SourceFile &File;
  DiagnosticEngine &Diags;
  const SymbolTable &Syms;
  const PtxVersion &Version;
  const llvm::StringRef &TexMode;
  /// --arch sm_NN: the code-generation checks (onEndOfFile) run, and what
  /// they need is kept (the names of defined functions: memory otherwise).
  bool CodegenChecks;
  Target Tgt;
  /// Every function's prototype by name (the names copied into NameAlloc):
  /// no allocation per function (a file of 11,000 kernels keeps about 40
  /// bytes, its name, and 12 bytes a parameter for each).
  llvm::DenseMap<llvm::StringRef, uint32_t> ProtoIds;
  llvm::StringMap<SourceRange> Undefined; ///< declared, not .extern, no body yet
  llvm::StringMap<bool> Defined;
  std::vector<std::pair<SourceRange, uint64_t>> ConstBytes; ///< module-scope .const sizes
  SharedBudget Shared; ///< --arch: each kernel's static .shared data
  static uint64_t constBytes(const VarDecl &V);
  std::vector<Proto> Protos;
  std::vector<Param> Pool;
  /// The current function's `.callprototype` labels (indirect calls).
  llvm::DenseMap<llvm::StringRef, uint32_t> CallProtos;
  LastLabelName LastLabel;
  llvm::BumpPtrAllocator NameAlloc;
  llvm::StringSaver Names{NameAlloc};
  llvm::StringMap<uint32_t> TextIds;  ///< intern()'s ids
  std::vector<std::string> Texts{""}; ///< by id; 0 is the empty text
  llvm::DenseMap<int64_t, SourceRange> FileIndices;
  /// The (file, line, column) of every `.loc` so far, packed by packLoc.
  llvm::DenseSet<uint64_t> LocsUsed;
  uint64_t LastLoc = ~0ULL;  ///< the last one inserted (nvcc repeats it)
  std::string LastInlinedAt; ///< the text of the last inlined_at found in LocsUsed
  /// The texts (from the first argument to the last) of the `.loc` directives
  /// checked without a report: nvcc repeats a few hundred texts thousands of
  /// times, and each is checked once. Exact, since a text's checks read only
  /// the text and LocsUsed, which only grows (a location found in it stays
  /// there), and its own location is in LocsUsed already. The texts are
  /// copies: a view of the file would keep its page resident (SourceFile gives
  /// the pages behind the reader back to the kernel).
  llvm::DenseSet<llvm::StringRef> CleanLocs;
  llvm::BumpPtrAllocator LocAlloc;
  llvm::StringSaver LocTexts{LocAlloc};
};

} // namespace check
} // namespace ptxlint

#endif
