//===- AST.h - ptx-lint's own syntax tree -----------------------*- C++ -*-===//
//
// The AST that checks, the emitter and the harness generator work on. ANTLR
// never appears here: lib/Parse/Converter.cpp is the only code that reads a
// parse tree (lib/Parse/AntlrConverter.h keeps ANTLR inside lib/Parse). Nodes are small,
// arena-allocated and immutable once built; all text is a std::string_view into the SourceFile (or
// into the ASTContext arena for nodes built by code), so a token's range is recovered from its
// pointer.
//
// Instructions are generic: opcode + ordered qualifier list + operands. The
// matrix checks interpret them against the spec tables in lib/Spec.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_AST_H
#define PTXLINT_AST_H

#include "ptxlint/Source.h"
#include "ptxlint/Span.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ptxlint {

/// Owns the memory of AST nodes built from one source (or by code): a bump
/// allocator (the library's, kept inside the object so that no allocator
/// header is public).
class ASTContext {
public:
  ASTContext();
  ~ASTContext();
  ASTContext(const ASTContext &) = delete;
  ASTContext &operator=(const ASTContext &) = delete;

  /// Copies the elements of Items (any container: std::vector, Span, a C
  /// array) into the arena as T, converting each (copy<std::string_view>
  /// takes any string type that converts to std::string_view).
  template <typename T, typename C> Span<T> copy(const C &Items) {
    size_t N = static_cast<size_t>(std::size(Items));
    if (N == 0)
      return {};
    T *Mem = static_cast<T *>(allocate(sizeof(T) * N, alignof(T)));
    T *P = Mem;
    for (const auto &X : Items)
      new (P++) T(X);
    return {Mem, N};
  }
  template <typename T> Span<T> copy(std::initializer_list<T> Items) {
    return copy<T, std::initializer_list<T>>(Items);
  }
  /// The same, T being the container's element type.
  template <typename C, typename T = std::remove_cv_t<std::remove_reference_t<
                            decltype(*std::begin(std::declval<const C &>()))>>>
  Span<T> copy(const C &Items) {
    return copy<T, C>(Items);
  }
  /// N default-constructed T in the arena, to be filled in place (a long
  /// operand list is built once, not in a growing vector and then copied).
  template <typename T> T *allocate(size_t N) {
    if (!N)
      return nullptr;
    T *Mem = static_cast<T *>(allocate(sizeof(T) * N, alignof(T)));
    std::uninitialized_value_construct_n(Mem, N);
    return Mem;
  }
  template <typename T, typename... Args> T *create(Args &&...A) {
    return new (allocate(sizeof(T), alignof(T))) T(std::forward<Args>(A)...);
  }
  /// Copies text into the arena (for nodes built by code).
  std::string_view save(std::string_view S) {
    if (S.empty())
      return {};
    char *Mem = static_cast<char *>(allocate(S.size(), 1));
    std::memcpy(Mem, S.data(), S.size());
    return {Mem, S.size()};
  }
  /// Uninitialized memory for Size bytes aligned to Alignment (a power of
  /// two), freed by reset() or the destructor. Inline: the parser allocates
  /// a few nodes per statement, and a call per node was 2% of a file's time.
  void *allocate(size_t Size, size_t Alignment) {
    uintptr_t P = (reinterpret_cast<uintptr_t>(Cur) + Alignment - 1) & ~(uintptr_t(Alignment) - 1);
    if (P + Size <= reinterpret_cast<uintptr_t>(End) && Cur) {
      Cur = reinterpret_cast<char *>(P + Size);
      return reinterpret_cast<void *>(P);
    }
    return allocateSlow(Size, Alignment);
  }
  /// Frees every node (the streaming parser calls this between statements).
  void reset();
  size_t bytesAllocated() const;

private:
  /// A new chunk of the arena (or, for a large request, its own block).
  void *allocateSlow(size_t Size, size_t Alignment);
  /// The allocator object itself (lib/AST/AST.cpp checks that it fits).
  alignas(std::max_align_t) unsigned char Storage[160];
  /// The free part of the current chunk (null: none yet).
  char *Cur = nullptr;
  char *End = nullptr;
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
  std::string_view Text;
  /// IntImm value (two's complement); Address offset.
  int64_t IntValue = 0;
  /// FloatImm value as written (0f/0d decoded).
  double FloatValue = 0;
  /// Address: true when an offset was written ([r+0] too).
  bool HasOffset = false;
  /// Address written as an array element, a[i] (PTX ISA 6.4.2): Elements[0]
  /// is the array, Elements[1] a non-constant index, IntValue a constant one.
  bool ArrayIndex = false;
  Span<Operand> Elements;

  bool isRegisterLike() const { return Kind == OperandKind::Name; }
  bool isImmediate() const { return Kind == OperandKind::IntImm || Kind == OperandKind::FloatImm; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// A qualifier as written, with its leading dot: ".sync", ".kind::f8f6f4".
/// Its range is SourceFile::rangeOf(Text) (or Instruction::qualifierRange).
using Qualifier = std::string_view;

struct Instruction {
  SourceRange Range;      ///< from the guard (or opcode) to the ';'
  std::string_view Guard; ///< "%p" in "@%p" / "@!%p" (empty when unguarded)
  bool GuardNegated = false;
  SourceRange GuardRange;  ///< the whole "@!%p"
  std::string_view Opcode; ///< "mma", "wmma", "ld" (no qualifiers)
  Span<Qualifier> Qualifiers;
  Span<SourceRange> QualifierRanges; ///< parallel to Qualifiers
  Span<Operand> Operands;

  SourceRange opcodeRange() const;
  /// True if any qualifier equals Q.
  bool hasQualifier(std::string_view Q) const;
};

/// A generic directive: name plus the tokens after it, as written (`;` and
/// comments excluded). Used for .version/.target/.file/.loc/.pragma etc.
struct Directive {
  SourceRange Range;
  std::string_view Name; ///< ".version"
  Span<std::string_view> Args;
  /// .section only: the lines between the braces (each a Directive like
  /// ".b8 1, 2" or a label "L:" with Name == the label and IsLabel set).
  Span<Directive> Body;
  bool HasBody = false;
  bool IsLabel = false;
  bool HasSemicolon = false; ///< written with a terminating ';'
};

struct Declarator {
  SourceRange Range;
  std::string_view Name;
  int64_t RangeCount = -1;            ///< %r<100>: 100
  Span<std::string_view> ArraySuffix; ///< "[", "16", "]", "[", "]" as written
  Span<std::string_view> Init;        ///< tokens after '=' (excluded)
  bool HasInit = false;
};

/// A variable (or parameter) declaration: `.reg .v2 .b32 %r<4>, %x;`
struct VarDecl {
  SourceRange Range;
  std::string_view StateSpace; ///< ".reg", ".param", ".shared", ... (or ".extern"... see Attrs)
  /// Every token between the state space and the first declarator, as
  /// written: ".align", "16", ".v4", ".b32", ".ptr", ".global", ...
  Span<std::string_view> Attrs;
  /// Linkage and other tokens before the state space: ".visible", ".extern", ".weak".
  Span<std::string_view> Prefix;
  Span<Declarator> Declarators;

  /// The element type (".b32", ".f16x2", ".pred", ...) or empty.
  std::string_view type() const;
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
  std::string_view LabelName; ///< Label
  const Instruction *Inst = nullptr;
  const VarDecl *Var = nullptr;
  const Directive *Dir = nullptr;
};

struct Function {
  SourceRange Range;             ///< the header (and body, in a built Module)
  Span<std::string_view> Prefix; ///< ".visible", ".extern", ".weak", ...
  std::string_view Kind;         ///< ".entry" or ".func"
  Span<VarDecl> Returns;
  bool HasReturnList = false;
  std::string_view Name;
  SourceRange NameRange;
  Span<VarDecl> Params;
  bool HasParamList = false;
  /// Performance directives and other tokens between the parameter list and
  /// the body: each as a Directive (".maxntid" with args "128", ",", "1" ...).
  Span<Directive> Attributes;
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
