//===- AST.cpp - AST helpers and structural equality -----------------------===//
#include "ptxlint/AST.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Allocator.h"

#include <new>

using namespace ptxlint;
using llvm::StringRef;

// The arena: LLVM's bump allocator, constructed in the context's own storage.
// Its slab size is one that LLVM's own libraries never instantiate:
// libLLVMSupport.a holds weak, uninstrumented copies of
// BumpPtrAllocatorImpl<MallocAllocator, 4096>::Allocate, and a sanitizer
// build that linked one of them beside our instrumented StartNewSlab got a
// fresh slab poisoned and its first allocation never unpoisoned (ASan:
// use-after-poison). With this type every member is compiled here, with
// this build's flags.
using Arena = llvm::BumpPtrAllocatorImpl<llvm::MallocAllocator, 16384, 16384, 128>;
static_assert(sizeof(Arena) <= sizeof(ASTContext) && alignof(Arena) <= alignof(std::max_align_t),
              "ASTContext::Storage is too small for the allocator");
namespace {
Arena &arena(unsigned char *Storage) { return *std::launder(reinterpret_cast<Arena *>(Storage)); }
} // namespace

ASTContext::ASTContext() { new (Storage) Arena(); }
ASTContext::~ASTContext() { arena(Storage).~Arena(); }
// allocate() serves from a chunk of the arena inline; here a new chunk is
// taken (what is left of the old one, less than a large node, is dropped).
// A request larger than a quarter chunk gets a block of its own and leaves
// the chunk as it is.
static constexpr size_t ChunkSize = 4096;
void *ASTContext::allocateSlow(size_t Size, size_t Alignment) {
  if (Size > ChunkSize / 4 || Alignment > alignof(std::max_align_t))
    return arena(Storage).Allocate(Size, llvm::Align(Alignment));
  Cur = static_cast<char *>(
      arena(Storage).Allocate(ChunkSize, llvm::Align(alignof(std::max_align_t))));
  End = Cur + ChunkSize;
  void *P = Cur; // aligned for any Alignment up to max_align_t
  Cur += Size;
  return P;
}
void ASTContext::reset() {
  // Between two statements the arena has handed out one chunk (the common
  // case): it is used again from its start, without the allocator's reset
  // and a new chunk from it for the next statement's first node.
  Arena &A = arena(Storage);
  if (Cur && A.getBytesAllocated() == ChunkSize && A.GetNumSlabs() == 1) {
    Cur = End - ChunkSize;
    return;
  }
  A.Reset();
  Cur = End = nullptr;
}
size_t ASTContext::bytesAllocated() const {
  return arena(const_cast<unsigned char *>(Storage)).getTotalMemory();
}

SourceRange Instruction::opcodeRange() const {
  if (!Range.isValid())
    return {};
  if (!GuardRange.isValid())
    return {Range.Begin, Range.Begin + static_cast<uint32_t>(Opcode.size())};
  // The opcode follows the guard after any whitespace or comment; it ends
  // where its first qualifier begins.
  if (!QualifierRanges.empty() && QualifierRanges.front().isValid())
    return {QualifierRanges.front().Begin - static_cast<uint32_t>(Opcode.size()),
            QualifierRanges.front().Begin};
  // No qualifier (`@%p bra L;`): both names view the same source text, so
  // the opcode's offset follows from the guard register's.
  if (!Guard.empty() && Opcode.data() > Guard.data() &&
      GuardRange.End >= static_cast<uint32_t>(Guard.size())) {
    uint32_t B = GuardRange.End - static_cast<uint32_t>(Guard.size()) +
                 static_cast<uint32_t>(Opcode.data() - Guard.data());
    if (B < Range.End)
      return {B, B + static_cast<uint32_t>(Opcode.size())};
  }
  return {};
}

bool Instruction::hasQualifier(std::string_view Q) const {
  for (std::string_view X : Qualifiers)
    if (X == Q)
      return true;
  return false;
}

static bool isTypeName(StringRef S) {
  return llvm::StringSwitch<bool>(S)
      .Cases(".b8", ".b16", ".b32", ".b64", ".b128", true)
      .Cases(".u8", ".u16", ".u32", ".u64", true)
      .Cases(".s8", ".s16", ".s32", ".s64", true)
      .Cases(".f16", ".f16x2", ".f32", ".f64", ".bf16", ".bf16x2", true)
      .Cases(".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", true)
      .Cases(".pred", ".tf32", ".texref", ".samplerref", ".surfref", true)
      .Default(false);
}

std::string_view VarDecl::type() const {
  for (StringRef A : Attrs)
    if (isTypeName(A))
      return A;
  return {};
}

unsigned VarDecl::vectorWidth() const {
  for (StringRef A : Attrs) {
    if (A == ".v2")
      return 2;
    if (A == ".v4")
      return 4;
    if (A == ".v8")
      return 8;
  }
  return 1;
}

//===----------------------------------------------------------------------===//
// Structural equality (ranges ignored)
//===----------------------------------------------------------------------===//
namespace {
struct Eq {
  std::string *Why;
  bool fail(const std::string &What) {
    if (Why && Why->empty())
      *Why = What;
    return false;
  }
  template <typename T> bool list(Span<T> A, Span<T> B, const char *What) {
    if (A.size() != B.size())
      return fail(std::string(What) + ": count differs");
    for (size_t I = 0; I < A.size(); ++I)
      if (!(*this)(A[I], B[I]))
        return false;
    return true;
  }
  bool operator()(StringRef A, StringRef B) {
    return A == B || fail("'" + A.str() + "' vs '" + B.str() + "'");
  }
  bool operator()(const Operand &A, const Operand &B) {
    if (A.Kind != B.Kind || A.Negated != B.Negated || A.Text != B.Text ||
        A.HasOffset != B.HasOffset || A.ArrayIndex != B.ArrayIndex || A.IntValue != B.IntValue)
      return fail("operand '" + std::string(A.Text) + "' vs '" + std::string(B.Text) + "'");
    return list(A.Elements, B.Elements, "operand elements");
  }
  bool operator()(const Instruction &A, const Instruction &B) {
    if (A.Guard != B.Guard || A.GuardNegated != B.GuardNegated || A.Opcode != B.Opcode)
      return fail("instruction '" + std::string(A.Opcode) + "' vs '" + std::string(B.Opcode) + "'");
    return list(A.Qualifiers, B.Qualifiers, "qualifiers") &&
           list(A.Operands, B.Operands, "operands");
  }
  bool operator()(const Declarator &A, const Declarator &B) {
    if (A.Name != B.Name || A.RangeCount != B.RangeCount || A.HasInit != B.HasInit)
      return fail("declarator '" + std::string(A.Name) + "' vs '" + std::string(B.Name) + "'");
    return list(A.ArraySuffix, B.ArraySuffix, "array suffix") &&
           list(A.Init, B.Init, "initializer");
  }
  bool operator()(const VarDecl &A, const VarDecl &B) {
    return (*this)(A.StateSpace, B.StateSpace) && list(A.Prefix, B.Prefix, "linkage") &&
           list(A.Attrs, B.Attrs, "declaration attributes") &&
           list(A.Declarators, B.Declarators, "declarators");
  }
  bool operator()(const Directive &A, const Directive &B) {
    if (A.IsLabel != B.IsLabel || A.HasBody != B.HasBody)
      return fail("directive '" + std::string(A.Name) + "' vs '" + std::string(B.Name) + "'");
    return (*this)(A.Name, B.Name) && list(A.Args, B.Args, "directive arguments") &&
           list(A.Body, B.Body, "section body");
  }
  bool operator()(const Statement &A, const Statement &B) {
    if (A.Kind != B.Kind)
      return fail("statement kinds differ");
    switch (A.Kind) {
    case StmtKind::Instruction:
      return (*this)(*A.Inst, *B.Inst);
    case StmtKind::Label:
      return (*this)(A.LabelName, B.LabelName);
    case StmtKind::VarDecl:
      return (*this)(*A.Var, *B.Var);
    case StmtKind::Directive:
      return (*this)(*A.Dir, *B.Dir);
    case StmtKind::ScopeBegin:
    case StmtKind::ScopeEnd:
      return true;
    }
    return true;
  }
  bool operator()(const Function &A, const Function &B) {
    if (A.HasBody != B.HasBody || A.HasReturnList != B.HasReturnList ||
        A.HasParamList != B.HasParamList)
      return fail("function '" + std::string(A.Name) + "' shape differs");
    if (!((*this)(A.Name, B.Name) && (*this)(A.Kind, B.Kind) &&
          list(A.Prefix, B.Prefix, "linkage") && list(A.Returns, B.Returns, "return list") &&
          list(A.Params, B.Params, "parameters") &&
          list(A.Attributes, B.Attributes, "function attributes")))
      return false;
    if (A.Body.size() != B.Body.size())
      return fail("function '" + std::string(A.Name) + "': statement count differs");
    for (size_t I = 0; I < A.Body.size(); ++I)
      if (!(*this)(*A.Body[I], *B.Body[I]))
        return false;
    return true;
  }
};
} // namespace

bool ptxlint::structurallyEqual(const Module &A, const Module &B, std::string *WhyNot) {
  Eq E{WhyNot};
  if (A.Items.size() != B.Items.size())
    return E.fail("top-level item count differs");
  for (size_t I = 0; I < A.Items.size(); ++I) {
    const TopLevelItem &X = A.Items[I], &Y = B.Items[I];
    if (X.Kind != Y.Kind)
      return E.fail("top-level item kinds differ");
    bool Ok = X.Kind == ItemKind::Directive ? E(*X.Dir, *Y.Dir)
              : X.Kind == ItemKind::VarDecl ? E(*X.Var, *Y.Var)
                                            : E(*X.Func, *Y.Func);
    if (!Ok)
      return false;
  }
  return true;
}
