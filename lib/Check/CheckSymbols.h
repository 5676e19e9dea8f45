//===- CheckSymbols.h - symbol resolution over the whole module -*- C++ -*-===//
//
// Every name an instruction, a directive or an initializer uses must be
// declared where ptxas looks for it: registers, variables and parameters in
// an enclosing scope and before the use; labels anywhere in an enclosing
// { } scope of the same function (forward references included); functions
// before the call; special registers (chapter 10) with their components and
// version/target gates. Duplicates in one scope, .reg/.local at module scope
// and non-predicate guards are reported too.
//
// The checker sees one statement at a time, so uses that may be forward
// label references wait in the scope that made them and are resolved when
// that scope closes; names still unknown at the end of a function wait for
// the end of the file (a later module-scope declaration makes them "used
// before declaration"). Only unresolved uses are kept, and each cause is
// reported once, at its first use, with the other uses as notes.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKSYMBOLS_H
#define PTXLINT_LIB_CHECK_CHECKSYMBOLS_H

#include "Check/CheckContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"

#include <functional>
#include <string>
#include <vector>

namespace ptxlint {
namespace spec {
struct AddressingRow;
struct IsaOpcode;
} // namespace spec
namespace check {

class SymbolChecker {
public:
  SymbolChecker(const SourceFile &File, DiagnosticEngine &Diags, SymbolTable &Syms)
      : File(File), Diags(Diags), Syms(Syms) {}

  /// .address_size at module scope.
  /// ArchGiven: judged as ptxas -arch sm_NN, which refuses 32-bit modules.
  void onAddressSize(const Directive &D, bool ArchGiven = false);
  /// A module-scope variable, before it enters the symbol table.
  void beforeGlobalVar(const VarDecl &V);
  /// A function header (prototype or definition), before its parameters
  /// enter the symbol table.
  void onFunctionBegin(const Function &F);
  /// A declaration in a function body, before it enters the symbol table.
  void beforeLocalVar(const VarDecl &V);
  void onInstruction(const Instruction &I, CheckContext &Ctx);
  /// What onInstruction leaves set for the statements after it (the facts
  /// of the instruction's opcode and types), taken after an instruction
  /// whose names all resolved to declarations and whose resolution reported
  /// nothing: another instruction of the same key (InstructionMemo.h) skips
  /// the resolution, and sets them with skipInstruction.
  struct InstFlags {
    bool NoFunctionOperands = false, InBranch = false, NoVariableValues = false, InCvtaTo = false,
         FloatOnly = false;
    llvm::StringRef MovOddType;
  };
  InstFlags instFlags() const {
    return {NoFunctionOperands, InBranch, NoVariableValues, InCvtaTo, FloatOnly, MovOddType};
  }
  void skipInstruction(const InstFlags &F) {
    NoFunctionOperands = F.NoFunctionOperands;
    InBranch = F.InBranch;
    NoVariableValues = F.NoVariableValues;
    InCvtaTo = F.InCvtaTo;
    FloatOnly = F.FloatOnly;
    MovOddType = F.MovOddType;
    LastLabel.clear();
  }
  void onLabel(const Statement &S);
  /// .branchtargets, .calltargets (in bodies), .alias (module scope).
  void onDirective(const Directive &D);
  void onScopeBegin();
  void onScopeEnd();
  /// Before the function's scopes are dropped from the symbol table.
  void onFunctionEnd(const Function &F);
  void onEndOfFile();
  /// Names declared outside the text checked (an inline asm template's
  /// file): never reported as unknown.
  /// --arch sm_NN: also what ptxas refuses only when it generates code
  /// (a function's address in an arithmetic expression).
  void setCodegenChecks(bool On) { CodegenChecks = On; }
  /// --arch compute_NN, ptxas's parse-only mode: not even what every code
  /// generation refuses (a function's address in an arithmetic expression,
  /// fatal for every sm_NN, with -c too) is reported.
  void setParseOnly(bool On) { ParseOnly = On; }
  void setKnownElsewhere(std::function<bool(llvm::StringRef Name, bool IsLabel)> F) {
    KnownElsewhere = std::move(F);
  }

private:
  enum class UseKind : uint8_t { Operand, Label, Call, CallTarget, Alias, Init };
  /// Where an operand name stands: a value, inside [address], or an element
  /// of a {vector} (ptxas refuses a function name in the last two).
  /// Where a name is used: Expr is a name with an offset (`gv+4`, a value
  /// ptxas takes where the bare name is refused).
  enum class Place : uint8_t { Value, Address, Element, Expr };
  /// The uses of one unresolved name (only unresolved names are kept).
  struct Uses {
    SourceRange First;
    unsigned Count = 0;
    UseKind Kind = UseKind::Operand;
    llvm::SmallVector<SourceRange, 3> More; ///< the next few uses, as notes
    std::string Hint;                       ///< did-you-mean, computed once
    /// The uses where a value goes (UseKind::Operand): an error if the name
    /// turns out to be a label.
    SourceRange FirstValue;
    unsigned ValueCount = 0;
    llvm::SmallVector<SourceRange, 3> MoreValues;
  };
  using LabelAllocator = llvm::BumpPtrAllocatorImpl<llvm::MallocAllocator, 16384, 16384, 128>;
  struct LabelScope {
    /// Entries from a bump allocator, emptied with the scope (clearLabels):
    /// nvcc -G labels most lines ($L__tmp12), one allocation and free each.
    /// The allocator is an instantiation of its own (16 KiB slabs): LLVM's
    /// static libraries carry the default BumpPtrAllocator's out-of-line
    /// Allocate, built without ASan, which the linker may pick over ours; then
    /// Reset's poisoning is never undone and an ASan build reports a
    /// use-after-poison on the next label (lit's parse/nvcc-output.test).
    llvm::StringMap<SourceRange, LabelAllocator> Labels;
    llvm::StringMap<Uses> Pending;
    LabelScope() = default;
    /// Moved, never copied (the allocator is not copyable), when Scopes grows.
    LabelScope(LabelScope &&O) noexcept
        : Labels(std::move(O.Labels)), Pending(std::move(O.Pending)) {}
    void clearLabels() {
      Labels.clear();
      Labels.getAllocator().Reset();
    }
  };
  struct ModuleSym {
    SourceRange Range;  ///< the name at its first declaration
    SourceRange Header; ///< a function's header (for the prototype fix)
    bool IsFunction = false;
    bool Defined = false; ///< a function with a body, a non-.extern variable
  };

  void addUse(llvm::StringMap<Uses> &Map, llvm::StringRef Name, SourceRange R, UseKind K);
  void mergeInto(llvm::StringMap<Uses> &To, llvm::StringMap<Uses> &From);
  void mergeInto(llvm::StringMap<Uses> &To, llvm::StringRef Name, Uses &F);
  /// A name of a .branchtargets list that is no label: reported, true.
  bool checkBranchTarget(llvm::StringRef Name, SourceRange R);
  void resolveName(llvm::StringRef Name, SourceRange R, UseKind K, CheckContext *Ctx,
                   Place P = Place::Value);
  void resolveOperand(const Operand &Op, UseKind K, CheckContext *Ctx, Place P = Place::Value);
  void resolveExprText(llvm::StringRef Text, SourceRange R, CheckContext *Ctx, Place P);
  /// A label named where a value goes (6.4.4: only bra, brx.idx and call
  /// take labels).
  /// Forward uses of the scope's labels: resolved, and reported where a
  /// value went.
  void resolvePendingLabels(LabelScope &S);
  void reportLabelOperand(llvm::StringRef Name, SourceRange Def, SourceRange Use,
                          unsigned Count = 1, llvm::ArrayRef<SourceRange> More = {});
  /// A function name where ptxas refuses one; false where it takes it.
  /// V: what Name resolved to (null: nothing).
  void checkVariableValue(llvm::StringRef Name, const RegisterInfo *V, SourceRange R);
  bool checkFunctionOperand(llvm::StringRef Name, SourceRange R, UseKind K, Place P,
                            const ModuleSym &F);
  bool checkSpecial(llvm::StringRef Name, SourceRange R, CheckContext *Ctx);
  void checkGuard(const Instruction &I, CheckContext &Ctx);
  void checkDuplicates(const VarDecl &V);
  void declareModuleSym(llvm::StringRef Name, SourceRange R, SourceRange Header, bool IsFunction,
                        bool Defined, bool IsExtern);
  void checkInitializer(const VarDecl &V);
  std::string hintFor(llvm::StringRef Name, UseKind K, const LabelScope *Inner) const;
  void checkSelector(llvm::StringRef Base, llvm::StringRef Sel, const RegisterInfo &B,
                     SourceRange R);
  void checkSregDecl(const VarDecl &V);
  void checkDeclType(const VarDecl &V);
  void reportUnresolved(llvm::StringRef Name, Uses &U, const ModuleSym *Later);
  void reportGate(llvm::StringRef Key, SourceRange R, std::string Message, std::string Spec,
                  SourceRange FixAt, std::string Fix, const char *FixNote);

  const SourceFile &File;
  DiagnosticEngine &Diags;
  SymbolTable &Syms;
  bool InFunction = false;
  /// The instruction being resolved refuses function names in every operand
  /// (the `nofunction` rows of the ISA tables: the matrix families, bar,
  /// isspacep, cvta from a state space), or is a branch (a function name is
  /// not a branch target).
  bool NoFunctionOperands = false, InBranch = false;
  /// The instruction refuses a variable (its address) as a value operand (the
  /// `novariable` rows of the ISA tables).
  bool NoVariableValues = false;
  bool InCvtaTo = false; ///< the instruction is cvta.to (a variable: "must be register")
  /// The operand being resolved is an instruction's first one, a destination
  /// or a register source wherever it is no address (a function name there:
  /// ptxas "Result register required" or "Arguments mismatch").
  bool FirstOperand = false;
  /// The instruction takes a variable's address as a value (mov, cvta): not
  /// that of a .param variable declared in a function body (ptxas 13.0:
  /// "Illegal to take address of parameter"), which begins after HeaderEnd.
  bool TakesAddress = false;
  uint32_t HeaderEnd = 0;
  void reportParamAddress(llvm::StringRef Name, const RegisterInfo &V, SourceRange R);
  /// mov's type when it is not one a function's address takes (.u32, .b32,
  /// .u64, .b64): ptxas warns "Unexpected instruction types"; empty otherwise.
  llvm::StringRef MovOddType;
  bool CodegenChecks = false;
  bool ParseOnly = false;
  /// The ISA table row of each opcode met in the file (null: not in the
  /// tables) and the operand positions where one of its syntax lines has an
  /// address (bit K: operand K): computed once per opcode, not once per
  /// instruction or operand.
  struct OpcodeFacts {
    const spec::IsaOpcode *Row = nullptr;
    const spec::AddressingRow *Addr = nullptr; ///< spec::addressingOf
    uint64_t AddressAt = 0;
  };
  llvm::StringMap<OpcodeFacts> OpcodeRows;
  /// A direct-mapped cache in front of OpcodeRows (hashed by length and two
  /// bytes): most instructions find their opcode without hashing it.
  struct OpcodeSlot {
    llvm::StringRef Op;
    const OpcodeFacts *Facts = nullptr;
  };
  OpcodeSlot OpcodeCache[64];
  const OpcodeFacts &opcodeFacts(llvm::StringRef Op);
  /// Its types are floating-point only (add.f32, st.global.f64): an address
  /// there, `gv+4` too, is "Arguments mismatch" (ptxas 13.0).
  bool FloatOnly = false;
  void checkFloatAddress(const Operand &Op);
  /// brx.idx's second operand is the label of a .branchtargets list declared
  /// before it (ptxas 13.0): the lists seen so far in the function, the
  /// label of the statement before (`ts: .branchtargets ...`), and the uses of
  /// names not (yet) such a list, an error when they turn out to be labels.
  llvm::StringSet<> BranchLists;
  LastLabelName LastLabel;
  llvm::StringMap<SourceRange> BrxUses;
  /// Brx: I branches through a .branchtargets list (IsaControl::BranchList).
  void checkBranchList(const Instruction &I, bool Brx);
  void reportBrxTarget(llvm::StringRef Name, SourceRange Use, bool Later);
  /// Label scopes of the current function ([0]: the function body).
  std::vector<LabelScope> Scopes;
  size_t Depth = 0;
  llvm::StringMap<ModuleSym> ModuleSyms;
  /// Unresolved after their function ended: judged at the end of the file.
  llvm::StringMap<Uses> Late;
  /// Version/target gates of special registers: one error per register.
  struct Gate {
    SourceRange First;
    unsigned Count = 0;
    llvm::SmallVector<SourceRange, 3> More;
    std::string Message, Spec;
    SourceRange FixAt; ///< the .version or .target value to change
    std::string Fix;
    const char *FixNote = "";
  };
  llvm::StringMap<Gate> Gates;
  std::function<bool(llvm::StringRef, bool)> KnownElsewhere;
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKSYMBOLS_H
