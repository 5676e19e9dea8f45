//===- CheckContext.h - what every family check receives --------*- C++ -*-===//
//
// The checker (Checker.cpp) walks the parse stream, keeps the module's
// .version/.target and a scoped table of declared registers, and hands each
// matrix instruction to the check of its family (one file per family, same
// signature, dispatched in Dispatch.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_CHECKCONTEXT_H
#define PTXLINT_LIB_CHECK_CHECKCONTEXT_H

#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace ptxlint {
namespace spec {
struct IsaOpcode;
} // namespace spec
namespace check {

/// What a declaration says about one register name.
/// Where a .param symbol was declared, as ptxas 13.0 tells them apart
/// ("Illegal to write to function input parameter", "Illegal to read
/// function return parameter"; PTX ISA 9.0, 5.1.6.4).
enum class ParamRole : uint8_t { None, Input, Return };

struct RegisterInfo {
  llvm::StringRef Type; ///< ".b32", ".f16x2", ".pred" ...
  uint8_t VectorWidth = 1;
  bool IsArray = false; ///< declared with [N] or []: a[i] indexes it (PTX ISA 6.4.2)
  /// `.align N` as declared (0: none; values over 65535 read 65535): a call
  /// argument's alignment must match its formal parameter's.
  uint16_t Align = 0;
  uint32_t ArrayBytes = 0;    ///< an array's size in bytes; 0 when unknown or not an array
  llvm::StringRef StateSpace; ///< ".reg" (or ".param", ".shared"... for other symbols)
  /// A parameter of the function's header: its input list (only read with
  /// ld.param) or its return list (only written with st.param).
  ParamRole Role = ParamRole::None;
  SourceRange DeclRange;
};

/// The bytes of a name of 1 to 8 bytes as a 64-bit key, which with the
/// length tells names apart: two overlapping 4-byte loads cover 4 to 8
/// bytes, three byte loads 1 to 3 (the name caches of SymbolTable and
/// InstructionMemo).
inline uint64_t packShortName(const char *Data, size_t N) {
  const unsigned char *P = reinterpret_cast<const unsigned char *>(Data);
  if (N >= 4) {
    uint32_t Lo, Hi;
    std::memcpy(&Lo, P, 4);
    std::memcpy(&Hi, P + N - 4, 4);
    return Lo | (uint64_t(Hi) << 32);
  }
  return P[0] | (uint64_t(P[N / 2]) << 8) | (uint64_t(P[N - 1]) << 16);
}

/// Scoped declarations: module scope, function scope, nested { } scopes.
/// Handles parameterized names: ".reg .b32 %r<100>" declares %r0..%r99.
class SymbolTable {
public:
  SymbolTable();
  void pushScope();
  void popScope();
  /// Back to module scope only.
  void resetToModuleScope();
  void declare(const VarDecl &V, const SourceFile *File, ParamRole Role = ParamRole::None);
  void declareParams(const Function &F, const SourceFile *File);
  const RegisterInfo *lookup(llvm::StringRef Name) const;
  /// lookup without remembering the answer: for a caller with a cache of its
  /// own (InstructionMemo), whose names the checks then rarely look up.
  const RegisterInfo *lookupOnce(llvm::StringRef Name) const { return lookupUncached(Name); }
  /// Text that stays unchanged while the table lives (the file checked):
  /// lookups of names inside it are remembered.
  void setStableText(llvm::StringRef Text);

  struct RangeDecl {
    std::string Prefix;
    int64_t Count;
    RegisterInfo Info;
  };
  /// The declaration in the innermost scope that a new declarator D would
  /// duplicate, as ptxas judges it: the same name, a name inside a range of
  /// the scope, or (for a range) the same prefix or a scope name it covers.
  const RegisterInfo *findConflict(const Declarator &D) const;
  /// The innermost range declaration whose prefix Name extends with digits
  /// (%r10 against %r<8>), for "declared range" hints; null when none.
  const RangeDecl *rangeFor(llvm::StringRef Name) const;
  /// The names declared in the innermost NumScopes scopes (did-you-mean).
  void collectNames(std::vector<llvm::StringRef> &Out, size_t NumScopes = 2) const;
  /// Prefix + Digits for every range that has that index (did-you-mean).
  void collectRangeMembers(llvm::StringRef Digits, std::vector<std::string> &Out) const;
  /// Number of open scopes (1: module scope only).
  size_t depth() const { return Scopes.size(); }
  /// Changes with every declaration and scope change: a lookup remembered
  /// with it holds while it is the same, and so does a RegisterInfo pointer.
  uint32_t generation() const { return Gen; }
  /// The hash of a name of 1 to 8 bytes (packShortName's Packed, its length
  /// N) that the name caches index with (their bits from the top).
  static uint64_t nameHash(uint64_t Packed, size_t N) {
    return (Packed + N) * 0x9E3779B97F4A7C15ull;
  }
  /// The generation of the last change that may change what any lookup
  /// finds (a range declared, a scope with ranges closed, scopes moved, a
  /// new function). A cache of names of 1 to 8 bytes keeps what it found
  /// while this is the same, and forgets single names that namesChangedSince
  /// tells it about: a declaration of a name changes only that name's
  /// lookup (nvcc -G declares a call's `.param`s in braces around each
  /// call, which leave the function's registers' entries standing).
  uint32_t structuralGeneration() const { return Structural; }
  /// Calls F(H) with the nameHash of each name of 1 to 8 bytes declared, or
  /// no longer declared, since generation Since (a generation() read
  /// earlier); nothing when the structural generation moved since (every
  /// entry kept before is stale then). False when the changes are too many
  /// to tell (the log kept the last LogSize): forget every name.
  template <typename Fn> bool namesChangedSince(uint32_t Since, Fn F) const {
    if (Structural > Since)
      return true;
    if (LogFloor > Since)
      return false;
    for (uint32_t K = LogNext; K > 0 && K + LogSize > LogNext; --K) {
      const NameChange &C = Log[(K - 1) % LogSize];
      if (C.Gen <= Since)
        break;
      F(C.H);
    }
    return true;
  }

private:
  struct Scope {
    llvm::StringMap<RegisterInfo> Names;
    std::vector<RangeDecl> Ranges;
    /// nameBit of every name in Names: a lookup of a name whose bit is not
    /// set skips the hash (nvcc -G's call brackets declare a few names, and
    /// each register used inside passes their scope first).
    uint64_t NameMask = 0;
  };
  /// One of 64 bits by a name's length and its first and last bytes.
  static uint64_t nameBit(llvm::StringRef Name) {
    size_t N = Name.size();
    if (N == 0)
      return 1;
    unsigned First = static_cast<unsigned char>(Name[0]);
    unsigned Last = static_cast<unsigned char>(Name[N - 1]);
    return uint64_t(1) << ((N * 7 + Last + First * 3) & 63);
  }
  std::vector<Scope> Scopes;

  /// Recent lookups: the checks of an instruction look its operands up one
  /// after another (symbols, operand types, address registers), so each
  /// name's first lookup is kept and the others hit. Only names inside the
  /// stable text (setStableText: the file, which outlives the table) are
  /// kept, keyed by where they lie: the same bytes at the same place until
  /// the text changes. Every declaration or scope change starts a new
  /// generation, which drops all entries at once.
  struct CacheEntry {
    const char *Ptr;
    size_t Len;
    const RegisterInfo *Info;
    uint32_t Gen;
  };
  static constexpr size_t CacheSize = 32;
  /// Behind it, the first lookup of a name in an instruction: the names of
  /// at most 8 bytes (nvcc's %r12, %rd3, %f100 ...) keyed by their bytes,
  /// so that each register of a function is resolved once, not once per
  /// use: kept while the structural generation is the same, an entry is
  /// dropped when its name is declared or its scope closes (invalidateName).
  /// Set up with the stable text, like Cache.
  struct NameEntry {
    uint64_t Key;
    const RegisterInfo *Info;
    uint32_t Gen;
    uint32_t Len;
  };
  static constexpr unsigned NameCacheBits = 9;
  std::unique_ptr<NameEntry[]> NameCache;
  const RegisterInfo *lookupByName(llvm::StringRef Name) const;
  const RegisterInfo *lookupUncached(llvm::StringRef Name) const;
  /// A new generation (generation()); what the name caches hold stands.
  void invalidate();
  /// A new structural generation: every lookup may find something else.
  void invalidateAll();
  /// A new generation in which Name's lookup may find something else.
  void invalidateName(llvm::StringRef Name);
  /// The last names of 1 to 8 bytes invalidateName was given, by nameHash,
  /// each with its generation (in order): namesChangedSince reads them.
  struct NameChange {
    uint32_t Gen;
    uint64_t H;
  };
  static constexpr uint32_t LogSize = 64;
  NameChange Log[LogSize];
  uint32_t LogNext = 0;  ///< changes logged so far (Log[LogNext % LogSize] is next)
  uint32_t LogFloor = 0; ///< the generation of the newest change overwritten
  /// Set up by setStableText (a table without stable text, as a
  /// one-instruction check has, never reads or clears it).
  mutable CacheEntry Cache[CacheSize];
  const char *StableBegin = nullptr, *StableEnd = nullptr;
  uint32_t Gen = 1;
  uint32_t Structural = 1; ///< the generation of the last invalidateAll (structuralGeneration)
};

/// The name of the last label met: a view where it lies in the file's text
/// (which outlives the checks), else a copy (a streamed statement's own
/// buffer is freed before the next). nvcc -G labels most lines.
class LastLabelName {
public:
  void set(llvm::StringRef Name, llvm::StringRef FileText) {
    const char *B = FileText.data(), *E = B + FileText.size();
    if (Name.data() >= B && Name.data() + Name.size() <= E) {
      View = Name;
      return;
    }
    Copy.assign(Name.data(), Name.size());
    View = Copy;
  }
  void clear() { View = llvm::StringRef(); }
  bool empty() const { return View.empty(); }
  llvm::StringRef str() const { return View; }

private:
  llvm::StringRef View;
  std::string Copy;
};

/// Version and target gate diagnostics collected over a file (CheckIsa.cpp):
/// one per cause (keyed by its message), later places as notes.
struct GateMemo {
  llvm::StringMap<size_t> Index;
  std::vector<Diagnostic> Pending;
};

struct CheckContext {
  const SourceFile &File;
  DiagnosticEngine &Diags;
  PtxVersion Version; ///< effective (override or .version); invalid if unknown
  Target Tgt; ///< effective (override or the last .target entry, as ptxas); invalid if unknown
  SourceRange VersionRange; ///< where .version is written (may be invalid)
  SourceRange TargetRange;  ///< where .target is written (may be invalid)
  const SymbolTable &Syms;
  /// Single-instruction mode without declarations: undeclared names are
  /// taken to be registers of an acceptable type.
  bool AssumeDeclared = false;
  /// Gate diagnostics held back until the end of the file, so that a cause
  /// is reported once with its later places as notes; null: report at once.
  struct GateMemo *Gates = nullptr;
  /// The module says .address_size 32 (an error of its own): 32-bit
  /// addresses are then its natural size, not a mistake.
  bool Address32 = false;
  /// --arch sm_NN on a whole file (not an inline-asm template or one
  /// instruction): also what ptxas refuses only when it generates code.
  bool Codegen = false;
  /// The module's .target says texmode_independent (IsaTexture.cpp).
  bool TexIndependent = false;
  /// --arch as given (sm_NN or compute_NN; invalid when not given): the
  /// target ptxas compiles for, where it differs from the module's .target.
  Target Arch;
  /// The instruction's spelling id (Spelling.h), set by checkIsa for the
  /// per-spelling memos of the checks it runs; 0: not computed.
  uint32_t Spelling = 0;
  /// The ISA table row of the instruction's opcode (Checker::checkInstruction),
  /// null where the tables have none.
  const spec::IsaOpcode *Row = nullptr;

  SourceRange rangeOf(llvm::StringRef Text) const { return File.rangeOf(Text); }
};

/// One family check: same signature for every instruction family.
using FamilyCheck = void (*)(const Instruction &I, CheckContext &Ctx);

// The family checks (one file each). Each reports through Ctx.Diags.
void checkWmma(const Instruction &I, CheckContext &Ctx);      // CheckWmma.cpp
void checkMma(const Instruction &I, CheckContext &Ctx);       // CheckMma.cpp
void checkMmaSp(const Instruction &I, CheckContext &Ctx);     // CheckMmaSp.cpp
void checkLdmatrix(const Instruction &I, CheckContext &Ctx);  // CheckLdmatrix.cpp
void checkStmatrix(const Instruction &I, CheckContext &Ctx);  // CheckStmatrix.cpp
void checkMovmatrix(const Instruction &I, CheckContext &Ctx); // CheckMovmatrix.cpp
void checkWgmma(const Instruction &I, CheckContext &Ctx);     // CheckWgmma.cpp

/// Returns the family check for I, whose ISA table row is Row (its Family;
/// null when I is not a matrix instruction).
FamilyCheck familyCheckFor(const Instruction &I, const spec::IsaOpcode *Row);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_CHECKCONTEXT_H
