//===- InstructionMemo.h - instructions whose checks are known clean -*- C++ -*-===//
//
// nvcc writes the same instruction with other registers thousands of times
// (`add.s32 %r152, %r151, %r2;`, then `add.s32 %r166, %r165, %r2;`). The
// checks of an instruction (the whole-ISA and family checks, the symbol
// resolution of its operands) read its text, the declarations of the names
// it uses, and the file's context (.version, .target, .address_size, the
// options); nothing else that can change their outcome. So the memo keys an
// instruction by exactly that: its text, each register name that resolves
// to a `.reg` declaration replaced by its letters, the index of its first
// use in the instruction and its declaration (type, vector width, state
// space, array, alignment); every other name stays as written, with its
// declaration beside it. An instruction whose key met checks that reported
// nothing (not even a diagnostic a filter drops, nor a gate note) is not
// checked again; anything reported keeps the key out, so every diagnostic
// is still made by the checks themselves, at its place, as before.
//
// What is left out of the key is what the checks cannot tell apart: which
// register of the same declaration an operand names (they compare names
// for equality only, which the indexes keep) and where the instruction is
// in the file (positions only place diagnostics). Instructions the key
// cannot describe this way are checked every time: an operand with an
// expression (`gv+4`: its names are looked up inside the text), a name
// whose range is not its text.
//
// One memo per Checker (a file), used only where the file's text stays
// mapped while it is checked (SymbolTable::setStableText) and never for a
// single instruction (the library's checkInstruction): a key costs a few
// hundred machine instructions, the checks it saves several thousand.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_INSTRUCTIONMEMO_H
#define PTXLINT_LIB_CHECK_INSTRUCTIONMEMO_H

#include "Check/CheckContext.h"
#include "Check/CheckSymbols.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxlint {
namespace check {

class InstructionMemo {
public:
  /// What the checks of one key found.
  struct Outcome {
    /// The instruction checks (Checker::checkInstruction) reported nothing.
    bool InstClean = false;
    /// The symbol checks reported nothing and read only declarations (every
    /// name resolved): SymFlags is what they leave set.
    bool SymClean = false;
    SymbolChecker::InstFlags SymFlags;
  };

  /// The file's context the checks read besides the instruction; a change
  /// (a second .target, .address_size) forgets every key.
  void setContext(uint64_t Context);
  /// Builds I's key; the outcome kept for it, or null (also when I has no
  /// key: then store() keeps nothing).
  const Outcome *find(const Instruction &I, const SymbolTable &Syms, const SourceFile &File);
  /// Keeps O for the key of the last find().
  void store(const Outcome &O);
  /// The last find() built a key and every name of I resolved to a declaration.
  bool allResolved() const { return HasKey && AllResolved; }

private:
  bool buildKey(const Instruction &I, const SymbolTable &Syms, const SourceFile &File);
  bool addOperand(const Operand &O, const SymbolTable &Syms, llvm::StringRef Text);
  void addName(llvm::StringRef Name, SourceRange R, const SymbolTable &Syms, llvm::StringRef Text);
  struct NameSlot;
  /// addName where its name cache does not answer (Slot: the entry to fill).
  void addNameSlow(llvm::StringRef Name, SourceRange R, const SymbolTable &Syms,
                   llvm::StringRef Text, uint64_t Packed, NameSlot *Slot);
  /// The id of a name's declaration (null: none), tagged with how the key
  /// holds the name: 'r' renamed, 'k' kept as written, 'u' unknown.
  uint16_t declOf(char Tag, const RegisterInfo *Info);
  /// declOf of a declaration met in the symbol table's current generation
  /// (while it is the same, a declaration neither moves nor changes).
  uint16_t declOfCached(char Tag, const RegisterInfo *Info, uint32_t Gen);
  struct InfoSlot {
    const RegisterInfo *Info = nullptr;
    uint32_t Gen = 0;
    uint16_t Decl = 0;
    char Tag = 0;
  };
  InfoSlot Infos[64];
  void rename(llvm::StringRef Name, uint64_t Packed, SourceRange R, uint32_t Letters,
              uint16_t Decl);

  /// Where a renamed register lies in the instruction's text.
  struct Site {
    uint32_t Begin, End;
    uint32_t Letters; ///< the bytes kept ("%rd" of %rd12)
    uint32_t Index;   ///< its name's first use among the renamed ones
  };
  /// A declaration in the key: its type and state space by where their text
  /// lies (static storage for the known ones, else the file's text, which
  /// outlives the memo), and its numbers.
  struct DeclBytes {
    const char *Type, *Space;
    uint16_t TypeLen;
    uint8_t SpaceLen, Width;
    uint8_t IsArray;
    char Tag;
    uint16_t Align;
    uint32_t ArrayBytes;
    uint8_t Role;   ///< RegisterInfo::Role
    uint8_t Pad[3]; ///< no padding byte is left undefined: the key is compared bytewise
  };
  static_assert(sizeof(DeclBytes) == 32, "DeclBytes has no implicit padding");
  /// A renamed name, its bytes packed when it has at most 8 (nvcc's %r12).
  struct Name {
    uint64_t Packed;
    llvm::StringRef Text;
  };
  llvm::SmallVector<Site, 16> Sites;
  llvm::SmallVector<Name, 16> Renamed; ///< distinct renamed names
  /// The declarations met since the memo last started over, each once: the
  /// key names them by their index here.
  std::vector<DeclBytes> DeclList;
  llvm::DenseMap<uint64_t, uint16_t> DeclIndex; ///< by the hash of its bytes
  struct DeclSlot {
    DeclBytes D;
    uint16_t Id;
    bool Used = false;
  };
  DeclSlot DeclCache[64]; ///< in front of DeclList, by where the type lies
  uint16_t declId(const DeclBytes &D);
  static bool sameDecl(const DeclBytes &A, const DeclBytes &B);
  llvm::SmallVector<uint16_t, 16> Decls; ///< the declarations of the names, in order
  /// What addName found for a name of at most 8 bytes (nvcc's %r12, %rd3),
  /// by its bytes, while the symbol table's structural generation is the
  /// same and the name is not declared again (SymbolTable::namesChangedSince,
  /// read at each key): most names of a function are used again and again.
  struct NameSlot {
    uint64_t Packed = 0;
    uint32_t Gen = 0; ///< 0: empty
    uint16_t Decl = 0;
    uint8_t Len = 0;
    uint8_t Letters = 0; ///< 0: kept as written ('k'), else renamed ('r')
  };
  static constexpr unsigned NameBits = 12;
  NameSlot Names[size_t(1) << NameBits];
  /// The table's generation at the last key: the names changed since are
  /// forgotten (a wrapped generation forgets all).
  uint32_t LastGen = 0;
  void forgetNames();
  llvm::SmallVector<char, 512> Key;
  uint64_t Hash = 0;
  bool HasKey = false, AllResolved = false;
  uint64_t Finds = 0, Hits = 0; ///< keys looked for and found (addNameSlow's choice of lookup)

  struct Slot {
    uint64_t Hash = 0;
    uint32_t Off = 0, Len = 0;
    int32_t Entry = -1; ///< index in Outcomes; -1: empty
  };
  std::vector<Slot> Table;
  std::vector<Outcome> Outcomes;
  std::string Keys; ///< every stored key, end to end
  uint64_t Context = 0;
  bool HasContext = false;
  void clear();
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_INSTRUCTIONMEMO_H
