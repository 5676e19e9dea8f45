//===- AST.h - ptx-lint's own syntax tree -----------------------*- C++ -*-===//
//
// The AST that checks, the emitter and the harness generator work on. ANTLR
// never appears here: lib/Parse/Converter.cpp is the only code that reads a
// parse tree (lib/Parse/AntlrConverter.h keeps ANTLR inside lib/Parse). Nodes are small,
// arena-allocated and immutable once built; all text is a StringRef into the SourceFile (or into
// the ASTContext arena for nodes built by code), so a token's range is recovered from its pointer.
//
// Instructions are generic: opcode + ordered qualifier list + operands. The
// matrix checks interpret them against the spec tables in lib/Spec.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_AST_H
#define PTXLINT_AST_H

#include "ptxlint/Source.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace ptxlint {

/// Owns the memory of AST nodes built from one source (or by code).
class ASTContext {
public:
  template <typename T> llvm::ArrayRef<T> copy(llvm::ArrayRef<T> Items) {
    if (Items.empty())
      return {};
    T *Mem = Alloc.Allocate<T>(Items.size());
    std::uninitialized_copy(Items.begin(), Items.end(), Mem);
    return {Mem, Items.size()};
  }
  /// N default-constructed T in the arena, to be filled in place (a long
  /// operand list is built once, not in a growing vector and then copied).
  template <typename T> llvm::MutableArrayRef<T> allocate(size_t N) {
    if (!N)
      return {};
    T *Mem = Alloc.Allocate<T>(N);
    std::uninitialized_value_construct_n(Mem, N);
    return {Mem, N};
  }
  template <typename T, typename... Args> T *create(Args &&...A) {
    return new (Alloc.Allocate<T>()) T(std::forward<Args>(A)...);
  }
  /// Copies text into the arena (for nodes built by code).
  llvm::StringRef save(llvm::StringRef S) {
    if (S.empty())
      return {};
    char *Mem = Alloc.Allocate<char>(S.size());
    std::memcpy(Mem, S.data(), S.size());
    return {Mem, S.size()};
  }
  /// Frees every node (the streaming parser calls this between statements).
  void reset() { Alloc.Reset(); }
  size_t bytesAllocated() const { return Alloc.getTotalMemory(); }

private:
  llvm::BumpPtrAllocator Alloc;
};

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

enum class OperandKind : uint8_t {
  Name,     ///< register or symbol: %r1, %tid.x, foo, $L__BB0_1 (resolved by checks)
  Sink,     ///< `_`
  IntImm,   ///< 42, -1, 0x1F, 017, 0b101, 10U
  FloatImm, ///< 0f3F800000, 0d3FF0000000000000, 1.5
  Address,  ///< [base], [base+imm], [imm]: Elements[0] is the base (absent for [imm])
  Vector,   ///< {a, b, c}: Elements
  PredPair, ///< p|q: Elements[0], Elements[1]
  List,     ///< (a, b) in call: Elements
  Expr,     ///< any other constant expression (foo+8, mask(...), L1-L0); Text is its source
};

struct Operand {
  OperandKind Kind = OperandKind::Name;
  bool Negated = false; ///< `!%p`
  SourceRange Range;
  /// Name: the name; IntImm/FloatImm: the literal as written; Expr: the text.
  llvm::StringRef Text;
  /// IntImm value (two's complement); Address offset.
  int64_t IntValue = 0;
  /// FloatImm value as written (0f/0d decoded).
  double FloatValue = 0;
  /// Address: true when an offset was written ([r+0] too).
  bool HasOffset = false;
  llvm::ArrayRef<Operand> Elements;

  bool isRegisterLike() const { return Kind == OperandKind::Name; }
  bool isImmediate() const { return Kind == OperandKind::IntImm || Kind == OperandKind::FloatImm; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// A qualifier as written, with its leading dot: ".sync", ".kind::f8f6f4".
/// Its range is SourceFile::rangeOf(Text) (or Instruction::qualifierRange).
using Qualifier = llvm::StringRef;

struct Instruction {
  SourceRange Range;     ///< from the guard (or opcode) to the ';'
  llvm::StringRef Guard; ///< "%p" in "@%p" / "@!%p" (empty when unguarded)
  bool GuardNegated = false;
  SourceRange GuardRange; ///< the whole "@!%p"
  llvm::StringRef Opcode; ///< "mma", "wmma", "ld" (no qualifiers)
  llvm::ArrayRef<Qualifier> Qualifiers;
  llvm::ArrayRef<SourceRange> QualifierRanges; ///< parallel to Qualifiers
  llvm::ArrayRef<Operand> Operands;

  SourceRange opcodeRange() const;
  /// True if any qualifier equals Q.
  bool hasQualifier(llvm::StringRef Q) const;
};

/// A generic directive: name plus the tokens after it, as written (`;` and
/// comments excluded). Used for .version/.target/.file/.loc/.pragma etc.
struct Directive {
  SourceRange Range;
  llvm::StringRef Name; ///< ".version"
  llvm::ArrayRef<llvm::StringRef> Args;
  /// .section only: the lines between the braces (each a Directive like
  /// ".b8 1, 2" or a label "L:" with Name == the label and IsLabel set).
  llvm::ArrayRef<Directive> Body;
  bool HasBody = false;
  bool IsLabel = false;
  bool HasSemicolon = false; ///< written with a terminating ';'
};

struct Declarator {
  SourceRange Range;
  llvm::StringRef Name;
  int64_t RangeCount = -1;                     ///< %r<100>: 100
  llvm::ArrayRef<llvm::StringRef> ArraySuffix; ///< "[", "16", "]", "[", "]" as written
  llvm::ArrayRef<llvm::StringRef> Init;        ///< tokens after '=' (excluded)
  bool HasInit = false;
};

/// A variable (or parameter) declaration: `.reg .v2 .b32 %r<4>, %x;`
struct VarDecl {
  SourceRange Range;
  llvm::StringRef StateSpace; ///< ".reg", ".param", ".shared", ... (or ".extern"... see Attrs)
  /// Every token between the state space and the first declarator, as
  /// written: ".align", "16", ".v4", ".b32", ".ptr", ".global", ...
  llvm::ArrayRef<llvm::StringRef> Attrs;
  /// Linkage and other tokens before the state space: ".visible", ".extern", ".weak".
  llvm::ArrayRef<llvm::StringRef> Prefix;
  llvm::ArrayRef<Declarator> Declarators;

  /// The element type (".b32", ".f16x2", ".pred", ...) or empty.
  llvm::StringRef type() const;
  /// 1, 2, 4 or 8 from .v2/.v4/.v8.
  unsigned vectorWidth() const;
};

enum class StmtKind : uint8_t {
  Instruction,
  Label, ///< `name:`
  VarDecl,
  Directive,  ///< in-body directives: .loc, .pragma, .callprototype, .branchtargets, ...
  ScopeBegin, ///< `{`
  ScopeEnd,   ///< `}` (not the one that ends the function)
};

struct Statement {
  StmtKind Kind = StmtKind::Instruction;
  SourceRange Range;
  llvm::StringRef LabelName; ///< Label
  const Instruction *Inst = nullptr;
  const VarDecl *Var = nullptr;
  const Directive *Dir = nullptr;
};

struct Function {
  SourceRange Range;                      ///< the header (and body, in a built Module)
  llvm::ArrayRef<llvm::StringRef> Prefix; ///< ".visible", ".extern", ".weak", ...
  llvm::StringRef Kind;                   ///< ".entry" or ".func"
  llvm::ArrayRef<VarDecl> Returns;
  bool HasReturnList = false;
  llvm::StringRef Name;
  SourceRange NameRange;
  llvm::ArrayRef<VarDecl> Params;
  bool HasParamList = false;
  /// Performance directives and other tokens between the parameter list and
  /// the body: each as a Directive (".maxntid" with args "128", ",", "1" ...).
  llvm::ArrayRef<Directive> Attributes;
  bool HasBody = false;
  /// Body statements: filled in a built Module; empty when streaming.
  std::vector<const Statement *> Body;
};

enum class ItemKind : uint8_t { Directive, VarDecl, Function };

struct TopLevelItem {
  ItemKind Kind = ItemKind::Directive;
  const Directive *Dir = nullptr;
  const VarDecl *Var = nullptr;
  Function *Func = nullptr;
};

/// A whole parsed file. Owns its nodes through Ctx.
struct Module {
  ASTContext Ctx;
  std::vector<TopLevelItem> Items;
  Module() = default;
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  /// Functions live in the arena but own their Body vector.
  ~Module() {
    for (TopLevelItem &It : Items)
      if (It.Func)
        It.Func->~Function();
  }
};

/// Structural equality, ignoring ranges (used by the round-trip tests).
bool structurallyEqual(const Module &A, const Module &B, std::string *WhyNot = nullptr);

} // namespace ptxlint

#endif // PTXLINT_AST_H
