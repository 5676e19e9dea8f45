//===- InstructionMemo.cpp - instructions whose checks are known clean ----===//
//
// The key (InstructionMemo.h): the instruction's text with the digits of its
// renamed registers cut out, where they were cut and which name each was,
// then the declarations of the names in operand order. Every part has its
// length or count before it, so two instructions share a key only when
// their texts match outside those digits, their names are equal where the
// other's are, and every name has the same declaration.
//
//===----------------------------------------------------------------------===//

#include "Check/InstructionMemo.h"

#include "llvm/Support/Compiler.h"

#include <algorithm>
#include <cstring>

namespace ptxlint {
namespace check {

// The key holds every field of a declaration the checks read (declOf): a
// new RegisterInfo field must be added there too, or instructions that
// differ only by it would share an outcome.
static_assert(sizeof(RegisterInfo) == 56, "a new RegisterInfo field: add it to declOf's key");

namespace {

/// Stored keys and outcomes before the memo starts over (a generated file of
/// endless distinct instructions costs a bounded table, not its size).
constexpr size_t MaxEntries = size_t(1) << 15;
constexpr size_t MaxKeyBytes = size_t(8) << 20;

uint64_t hashBytes(llvm::StringRef S) {
  const uint64_t M = 0x9E3779B97F4A7C15ull;
  uint64_t H = S.size() * M;
  const char *P = S.data();
  size_t N = S.size();
  for (; N >= 8; P += 8, N -= 8) {
    uint64_t W;
    std::memcpy(&W, P, 8);
    H = (H ^ W) * M;
    H ^= H >> 29;
  }
  uint64_t W = 0;
  for (size_t K = 0; K < N; ++K) // no call for the last few bytes
    W |= uint64_t(static_cast<unsigned char>(P[K])) << (8 * K);
  H = (H ^ W) * M;
  return H ^ (H >> 32);
}

/// The letters of a register name nvcc or LLVM writes ("%rd" of %rd12): a
/// '%', letters, then digits to the end. 0 for any other name, and for
/// those a special register may have (%pm0, %envreg3, %clock64): the checks
/// read more of those than their declaration.
uint32_t registerLetters(llvm::StringRef Name) {
  size_t N = Name.size(), L = 1;
  if (N < 3 || Name[0] != '%')
    return 0;
  while (L < N && static_cast<unsigned char>((Name[L] | 0x20) - 'a') < 26)
    ++L;
  if (L == 1 || L == N)
    return 0;
  for (size_t D = L; D < N; ++D)
    if (static_cast<unsigned char>(Name[D] - '0') >= 10)
      return 0;
  const char *S = Name.data() + 1;
  if ((L == 3 && S[0] == 'p' && S[1] == 'm') || (L == 7 && !std::memcmp(S, "envreg", 6)) ||
      (L == 6 && !std::memcmp(S, "clock", 5)))
    return 0;
  return static_cast<uint32_t>(L);
}

/// Copies N bytes of the file's text (which ends at End) to W, 8 at a time
/// where the text has room for the last chunk's overrun (W has 8 bytes of
/// room past N): no call for the short pieces of an instruction.
LLVM_ATTRIBUTE_ALWAYS_INLINE char *copyText(char *W, const char *S, size_t N, const char *End) {
  if (static_cast<size_t>(End - S) >= N + 8) {
    for (size_t K = 0; K < N; K += 8)
      std::memcpy(W + K, S + K, 8);
  } else {
    std::memcpy(W, S, N);
  }
  return W + N;
}

/// A hash of N words at P (Len: the bytes they hold).
uint64_t hashWords(const char *P, size_t N, size_t Len) {
  const uint64_t M = 0x9E3779B97F4A7C15ull;
  uint64_t H = Len * M;
  for (size_t K = 0; K < N; ++K) {
    uint64_t W;
    std::memcpy(&W, P + 8 * K, 8);
    H = (H ^ W) * M;
    H ^= H >> 31;
  }
  return H ^ (H >> 29);
}

} // namespace

bool InstructionMemo::sameDecl(const DeclBytes &A, const DeclBytes &B) {
  uint64_t X[4], Y[4];
  std::memcpy(X, &A, sizeof(X));
  std::memcpy(Y, &B, sizeof(Y));
  return X[0] == Y[0] && X[1] == Y[1] && X[2] == Y[2] && X[3] == Y[3];
}

void InstructionMemo::clear() {
  Table.assign(size_t(1) << 10, Slot());
  DeclList.clear();
  DeclIndex.clear();
  for (DeclSlot &S : DeclCache)
    S.Used = false;
  forgetNames();
  Outcomes.clear();
  Keys.clear();
}

void InstructionMemo::forgetNames() {
  for (NameSlot &S : Names)
    S.Gen = 0;
  for (InfoSlot &S : Infos)
    S.Gen = 0;
}

uint16_t InstructionMemo::declOfCached(char Tag, const RegisterInfo *Info, uint32_t Gen) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Info);
  InfoSlot &S = Infos[((P >> 4) ^ (P >> 10) ^ uint8_t(Tag)) & 63];
  if (S.Info == Info && S.Gen == Gen && S.Tag == Tag && Gen)
    return S.Decl;
  S = {Info, Gen, declOf(Tag, Info), Tag};
  return S.Decl;
}

void InstructionMemo::setContext(uint64_t C) {
  if (HasContext && C == Context)
    return;
  HasContext = true;
  Context = C;
  clear();
}

uint16_t InstructionMemo::declOf(char Tag, const RegisterInfo *Info) {
  DeclBytes D{};
  D.Tag = Tag;
  if (Info) {
    D.Type = Info->Type.data();
    D.TypeLen = static_cast<uint16_t>(std::min<size_t>(Info->Type.size(), UINT16_MAX));
    D.Space = Info->StateSpace.data();
    D.SpaceLen = static_cast<uint8_t>(std::min<size_t>(Info->StateSpace.size(), UINT8_MAX));
    D.Width = Info->VectorWidth;
    D.IsArray = Info->IsArray;
    D.Align = Info->Align;
    D.ArrayBytes = Info->ArrayBytes;
    D.Role = static_cast<uint8_t>(Info->Role);
  }
  return declId(D);
}

uint16_t InstructionMemo::declId(const DeclBytes &D) {
  uintptr_t P = reinterpret_cast<uintptr_t>(D.Type);
  DeclSlot &S = DeclCache[((P >> 2) ^ (P >> 9) ^ uint8_t(D.Tag) ^ D.Width) & 63];
  if (S.Used && sameDecl(S.D, D))
    return S.Id;
  uint64_t H = hashBytes(llvm::StringRef(reinterpret_cast<const char *>(&D), sizeof(D)));
  auto It = DeclIndex.find(H);
  size_t K = It == DeclIndex.end() ? DeclList.size() : It->second;
  if (K < DeclList.size() && !sameDecl(DeclList[K], D)) {
    // Another declaration of the same hash: the slow way.
    K = 0;
    while (K < DeclList.size() && !sameDecl(DeclList[K], D))
      ++K;
  }
  if (K == DeclList.size()) {
    DeclList.push_back(D);
    DeclIndex.try_emplace(H, static_cast<uint16_t>(K));
  }
  S = {D, static_cast<uint16_t>(K), true};
  return S.Id;
}

LLVM_ATTRIBUTE_ALWAYS_INLINE void InstructionMemo::rename(llvm::StringRef Name, uint64_t Packed,
                                                          SourceRange R, uint32_t Letters,
                                                          uint16_t Decl) {
  uint32_t Index = 0, Count = static_cast<uint32_t>(Renamed.size());
  const InstructionMemo::Name *Rs = Renamed.data();
  for (; Index < Count; ++Index)
    if (Rs[Index].Packed == Packed && Rs[Index].Text.size() == Name.size() &&
        (Name.size() <= 8 || Rs[Index].Text == Name))
      break;
  if (Index == Count) {
    Renamed.push_back({Packed, Name});
    Decls.push_back(Decl); // a name's declaration, at its first use
  }
  Sites.push_back({R.Begin, R.End, Letters, Index});
}

LLVM_ATTRIBUTE_ALWAYS_INLINE void InstructionMemo::addName(llvm::StringRef Name, SourceRange R,
                                                           const SymbolTable &Syms,
                                                           llvm::StringRef Text) {
  size_t N = Name.size();
  if (N == 0 || N > 8) {
    addNameSlow(Name, R, Syms, Text, 0, nullptr);
    return;
  }
  uint64_t Packed = packShortName(Name.data(), N);
  NameSlot *Slot = &Names[SymbolTable::nameHash(Packed, N) >> (64 - NameBits)];
  if (Slot->Gen != Syms.structuralGeneration() || Slot->Packed != Packed || Slot->Len != N) {
    addNameSlow(Name, R, Syms, Text, Packed, Slot);
    return;
  }
  // Renamed only where the name is the text at its range.
  if (Slot->Letters && R.End - R.Begin == N && Name.data() == Text.data() + R.Begin && R.isValid())
    rename(Name, Packed, R, Slot->Letters, Slot->Decl);
  else
    Decls.push_back(Slot->Decl);
}

void InstructionMemo::addNameSlow(llvm::StringRef Name, SourceRange R, const SymbolTable &Syms,
                                  llvm::StringRef Text, uint64_t Packed, NameSlot *Slot) {
  // Where most keys are found, the checks rarely look the name up again: a
  // lookup that keeps nothing in the table's caches; else the usual one.
  const RegisterInfo *Info = Hits * 2 >= Finds ? Syms.lookupOnce(Name) : Syms.lookup(Name);
  if (!Info) {
    // Unknown to the table: the checks may still look up the vector it is a
    // component of (%v.x), by its first or its last dot.
    AllResolved = false;
    size_t First = Name.find('.'), Last = Name.rfind('.');
    Decls.push_back(declOf(
        'u', First == llvm::StringRef::npos ? nullptr : Syms.lookup(Name.take_front(First))));
    Decls.push_back(declOf('u', Last == First ? nullptr : Syms.lookup(Name.take_front(Last))));
    return;
  }
  llvm::StringRef Space = Info->StateSpace;
  bool Reg = Space.size() == 4 && Space[1] == 'r' && Space[2] == 'e' && Space[3] == 'g';
  uint32_t Letters = Reg ? registerLetters(Name) : 0;
  uint16_t Decl = declOfCached(Letters ? 'r' : 'k', Info, Syms.generation());
  if (Slot)
    *Slot = {Packed, Syms.structuralGeneration(), Decl, static_cast<uint8_t>(Name.size()),
             static_cast<uint8_t>(Letters)};
  // Renamed only where the name is the text at its range.
  if (Letters && R.isValid() && R.End - R.Begin == Name.size() &&
      Name.data() == Text.data() + R.Begin)
    rename(Name, Packed, R, Letters, Decl);
  else
    Decls.push_back(Decl);
}

bool InstructionMemo::addOperand(const Operand &O, const SymbolTable &Syms, llvm::StringRef Text) {
  if (O.Kind == OperandKind::Name) {
    addName(O.Text, O.Range, Syms, Text);
    return true;
  }
  switch (O.Kind) {
  case OperandKind::Name:
    addName(O.Text, O.Range, Syms, Text);
    return true;
  case OperandKind::Expr:
    return false; // its names are looked up inside the text
  case OperandKind::Address:
  case OperandKind::Vector:
  case OperandKind::List:
  case OperandKind::PredPair:
    for (const Operand &E : O.Elements)
      if (!addOperand(E, Syms, Text))
        return false;
    return true;
  case OperandKind::IntImm:
  case OperandKind::FloatImm:
  case OperandKind::Sink:
    return true;
  }
  return false;
}

bool InstructionMemo::buildKey(const Instruction &I, const SymbolTable &Syms,
                               const SourceFile &File) {
  Sites.clear();
  Renamed.clear();
  Decls.clear();
  AllResolved = true;
  if (DeclList.size() >= UINT16_MAX - 64)
    clear(); // the ids run out: start over (before any id of this key is given)
  uint32_t Gen = Syms.generation();
  if (Gen != LastGen) {
    // Names declared since the last key (or no longer declared) lose their
    // slots; the others stand while the structural generation is the same.
    if (Gen < LastGen || !Syms.namesChangedSince(
                             LastGen, [this](uint64_t H) { Names[H >> (64 - NameBits)].Gen = 0; }))
      forgetNames(); // the table's generations wrapped, or too many changes to tell
    LastGen = Gen;
  }
  llvm::StringRef Text = File.text();
  if (!I.Range.isValid() || I.Range.End > Text.size() || I.Range.End - I.Range.Begin > (1u << 20))
    return false;
  if (!I.Guard.empty())
    addName(I.Guard, File.rangeOf(I.Guard), Syms, Text);
  for (const Operand &O : I.Operands) {
    if (O.Kind == OperandKind::Name) // most operands: no call
      addName(O.Text, O.Range, Syms, Text);
    else if (!addOperand(O, Syms, Text))
      return false;
  }
  if (I.Range.End - I.Range.Begin >= UINT16_MAX || Sites.size() >= UINT16_MAX)
    return false;
  // The number of renamed names, then the text in pieces, each with its
  // length, cut where a name's digits were and followed by its index among
  // the renamed names; then the declarations.
  size_t Max = 2 + Sites.size() * 4 + 2 + (I.Range.End - I.Range.Begin) + 8 +
               Decls.size() * sizeof(uint16_t) + 8;
  Key.resize_for_overwrite(Max);
  char *W = Key.data();
  const char *Src = Text.data();
  auto Put16 = [&W](uint32_t V) {
    uint16_t X = static_cast<uint16_t>(V);
    std::memcpy(W, &X, 2);
    W += 2;
  };
  Put16(static_cast<uint32_t>(Sites.size()));
  uint32_t Pos = I.Range.Begin;
  for (const Site &S : Sites) {
    if (S.Begin < Pos || S.End > I.Range.End)
      return false; // not in source order: no key
    Put16(S.Begin + S.Letters - Pos);
    W = copyText(W, Src + Pos, S.Begin + S.Letters - Pos, Text.end());
    Put16(S.Index);
    Pos = S.End;
  }
  Put16(I.Range.End - Pos);
  W = copyText(W, Src + Pos, I.Range.End - Pos, Text.end());
  if (!Decls.empty()) {
    std::memcpy(W, Decls.data(), Decls.size() * sizeof(uint16_t));
    W += Decls.size() * sizeof(uint16_t);
  }
  size_t Len = static_cast<size_t>(W - Key.data());
  // Zeros to a whole word: the hash reads words only (they are no part of the
  // key, which is compared by its length).
  std::memset(W, 0, 8);
  Hash = hashWords(Key.data(), (Len + 7) / 8, Len);
  Key.truncate(Len);
  return true;
}

const InstructionMemo::Outcome *InstructionMemo::find(const Instruction &I, const SymbolTable &Syms,
                                                      const SourceFile &File) {
  HasKey = buildKey(I, Syms, File);
  if (!HasKey || Table.empty())
    return nullptr;
  ++Finds;
  size_t Mask = Table.size() - 1;
  for (size_t K = Hash & Mask;; K = (K + 1) & Mask) {
    const Slot &S = Table[K];
    if (S.Entry < 0)
      return nullptr;
    if (S.Hash == Hash && S.Len == Key.size() &&
        !std::memcmp(Keys.data() + S.Off, Key.data(), S.Len)) {
      ++Hits;
      return &Outcomes[size_t(S.Entry)];
    }
  }
}

void InstructionMemo::store(const Outcome &O) {
  if (!HasKey)
    return;
  if (Outcomes.size() >= MaxEntries || Keys.size() + Key.size() > MaxKeyBytes || Table.empty())
    clear();
  if ((Outcomes.size() + 1) * 2 > Table.size()) {
    std::vector<Slot> Old(Table.size() * 2);
    Old.swap(Table);
    size_t Mask = Table.size() - 1;
    for (const Slot &S : Old) {
      if (S.Entry < 0)
        continue;
      size_t K = S.Hash & Mask;
      while (Table[K].Entry >= 0)
        K = (K + 1) & Mask;
      Table[K] = S;
    }
  }
  size_t Mask = Table.size() - 1;
  size_t K = Hash & Mask;
  while (Table[K].Entry >= 0)
    K = (K + 1) & Mask;
  Table[K] = {Hash, static_cast<uint32_t>(Keys.size()), static_cast<uint32_t>(Key.size()),
              static_cast<int32_t>(Outcomes.size())};
  Keys.append(Key.data(), Key.size());
  Outcomes.push_back(O);
  HasKey = false; // stored once
}

} // namespace check
} // namespace ptxlint
