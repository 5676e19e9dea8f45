//===- SymbolTable.cpp - scoped register and symbol declarations ----------===//
//
// Module scope, function scope (parameters) and nested { } scopes. A
// parameterized declaration ".reg .b32 %r<100>" declares %r0..%r99 without
// materializing a hundred names: it is kept as (prefix, count) and matched at
// lookup, since nvcc output routinely declares thousands of registers.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckContext.h"
#include "Spec/Names.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cstring>

namespace ptxlint {
namespace check {

namespace {

/// Type names are kept as StringRefs. Streamed nodes die after each
/// statement, so point the common ones at static storage; anything else is
/// a token of the source text, which outlives the table.
llvm::StringRef internType(llvm::StringRef T) {
  // StringLiterals: a compare tests the length first (no strlen per entry).
  for (llvm::StringRef K : spec::CommonTypeNames)
    if (T.size() == K.size() && T.size() > 1 && T[1] == K[1] && T == K)
      return K;
  return T;
}

/// True when Name is Prefix followed by a decimal index below Count; leading
/// zeros count as ptxas 13.0 counts them (%f06 is %f6 of %f<8>, and `.reg
/// .b32 %r01;` after %r<4> is a duplicate). Every
/// register use runs this against the ranges in scope, so the cheap tests
/// go first and the prefix (a few bytes) is compared inline: the byte after
/// the prefix must be a digit, and the prefix is compared from its end
/// ("%f1" against "%r", "%rd1" against "%r" fail at the first test).
inline bool matchesRange(llvm::StringRef Name, llvm::StringRef Prefix, int64_t Count) {
  size_t N = Prefix.size();
  if (Name.size() <= N)
    return false;
  const char *S = Name.data();
  if (S[N] < '0' || S[N] > '9')
    return false;
  const char *P = Prefix.data();
  for (size_t K = N; K-- > 0;)
    if (S[K] != P[K])
      return false;
  size_t Digits = Name.size() - N;
  if (Digits > 18)
    return false;
  int64_t V = 0;
  for (size_t K = N; K < Name.size(); ++K) {
    char C = S[K];
    if (C < '0' || C > '9')
      return false;
    V = V * 10 + (C - '0');
  }
  return V < Count;
}

} // namespace

SymbolTable::SymbolTable() {
  Scopes.reserve(16);
  Scopes.emplace_back();
}

void SymbolTable::invalidate() {
  if (++Gen != 0)
    return;
  // A wrapped generation: clear the entries so that none of the first
  // generation (0) reads as current.
  for (CacheEntry &E : Cache)
    E = CacheEntry{nullptr, 0, nullptr, 0};
  if (NameCache)
    std::fill_n(NameCache.get(), size_t(1) << NameCacheBits, NameEntry{0, nullptr, 0, 0});
  Gen = 1;
  Structural = 1;
  LogNext = 0;
  LogFloor = 0;
}

void SymbolTable::invalidateAll() {
  invalidate();
  Structural = Gen;
}

void SymbolTable::invalidateName(llvm::StringRef Name) {
  invalidate();
  // The name caches keep names of 1 to 8 bytes only.
  size_t N = Name.size();
  if (N < 1 || N > 8 || !NameCache)
    return;
  uint64_t H = nameHash(packShortName(Name.data(), N), N);
  NameCache[H >> (64 - NameCacheBits)].Gen = 0;
  NameChange &C = Log[LogNext % LogSize];
  if (LogNext >= LogSize)
    LogFloor = C.Gen; // overwritten: a reader from before it must forget all
  C = NameChange{Gen, H};
  ++LogNext;
}

void SymbolTable::pushScope() {
  // A new scope is empty and hides nothing, so the remembered lookups stay
  // true (nvcc brackets each inline asm statement with braces), unless the
  // scopes move (a StringMap is copied, not moved, when the vector grows).
  if (Scopes.size() == Scopes.capacity())
    invalidateAll();
  Scopes.emplace_back();
}

void SymbolTable::popScope() {
  // Never drop the module scope, whatever the input's braces look like.
  if (Scopes.size() > 1) {
    const Scope &S = Scopes.back();
    // A range may have answered for any name; else only the scope's names
    // find something else now (nvcc -G's `{ .param .b32 param0; call ...; }`).
    if (!S.Ranges.empty())
      invalidateAll();
    else
      for (const auto &E : S.Names)
        invalidateName(E.getKey());
    Scopes.pop_back();
  }
}

void SymbolTable::resetToModuleScope() {
  invalidateAll();
  Scopes.resize(1);
}

/// An array's size in bytes ([4], [2][8] of a sized type); 0 when a size is
/// missing, not a plain number, or the type has no size.
static uint64_t arrayBytes(llvm::ArrayRef<std::string_view> Suffix, llvm::StringRef Type,
                           unsigned Width) {
  uint64_t Bytes = 0;
  llvm::StringRef Digits = Type.drop_front(2); // .b32 .u8 .f64 ...
  if (Type.size() < 3 || Digits.getAsInteger(10, Bytes) || Bytes % 8)
    return 0;
  Bytes = Bytes / 8 * Width;
  for (size_t I = 0; I < Suffix.size(); ++I) {
    uint64_t N = 0;
    if (Suffix[I] != "[")
      continue;
    if (I + 2 >= Suffix.size() || Suffix[I + 2] != "]" ||
        llvm::StringRef(Suffix[I + 1]).getAsInteger(0, N) || N > UINT32_MAX)
      return 0;
    Bytes *= N;
  }
  return Bytes;
}

void SymbolTable::declare(const VarDecl &V, const SourceFile *File, ParamRole Role) {
  invalidate(); // each declarator below moves the generations it changes
  RegisterInfo Info;
  Info.Role = Role;
  Info.Type = internType(V.type());
  Info.VectorWidth = static_cast<uint8_t>(V.vectorWidth());
  // State spaces are a closed set: keep them in static storage too.
  Info.StateSpace = llvm::StringSwitch<llvm::StringRef>(V.StateSpace)
                        .Case(".reg", ".reg")
                        .Case(".param", ".param")
                        .Case(".shared", ".shared")
                        .Case(".global", ".global")
                        .Case(".local", ".local")
                        .Case(".const", ".const")
                        .Case(".sreg", ".sreg")
                        .Case(".tex", ".tex")
                        .Default(V.StateSpace);
  llvm::ArrayRef<std::string_view> A = V.Attrs;
  for (size_t I = 0; I + 1 < A.size(); ++I) {
    uint64_t N = 0;
    if (A[I] == ".align" && (I == 0 || A[I - 1] != ".ptr") &&
        !llvm::StringRef(A[I + 1]).getAsInteger(0, N))
      Info.Align = static_cast<uint16_t>(std::min<uint64_t>(N, UINT16_MAX));
  }
  Scope &S = Scopes.back();
  for (const Declarator &D : V.Declarators) {
    RegisterInfo DI = Info;
    DI.IsArray = !D.ArraySuffix.empty();
    uint64_t Bytes = DI.IsArray ? arrayBytes(D.ArraySuffix, V.type(), Info.VectorWidth) : 0;
    DI.ArrayBytes = Bytes <= UINT32_MAX ? static_cast<uint32_t>(Bytes) : 0;
    DI.DeclRange = File ? D.Range : SourceRange();
    if (D.RangeCount >= 0) {
      // It answers for many names, and its vector may move the others.
      invalidateAll();
      if (S.Ranges.empty())
        S.Ranges.reserve(8); // a function declares a few: one allocation
      S.Ranges.push_back({std::string(D.Name), D.RangeCount, DI});
      continue;
    }
    // A redeclaration in the same scope keeps the first (ptxas reports it;
    // the syntax layer is not ours to second-guess here).
    invalidateName(D.Name);
    S.Names.try_emplace(D.Name, DI);
    S.NameMask |= nameBit(D.Name);
  }
}

void SymbolTable::declareParams(const Function &F, const SourceFile *File) {
  for (const VarDecl &V : F.Returns)
    declare(V, File, ParamRole::Return);
  for (const VarDecl &V : F.Params)
    declare(V, File, ParamRole::Input);
}

void SymbolTable::setStableText(llvm::StringRef Text) {
  for (CacheEntry &E : Cache)
    E = CacheEntry{nullptr, 0, nullptr, 0};
  NameCache.reset(new NameEntry[size_t(1) << NameCacheBits]());
  invalidateAll();
  StableBegin = Text.begin();
  StableEnd = Text.end();
}

const RegisterInfo *SymbolTable::lookup(llvm::StringRef Name) const {
  const char *P = Name.data();
  if (P < StableBegin || P >= StableEnd)
    return lookupUncached(Name);
  uintptr_t U = reinterpret_cast<uintptr_t>(P);
  CacheEntry &E = Cache[(U ^ (U >> 5)) % CacheSize];
  if (E.Ptr == P && E.Len == Name.size() && E.Gen == Gen)
    return E.Info;
  const RegisterInfo *Info = lookupByName(Name);
  E.Ptr = P;
  E.Len = Name.size();
  E.Info = Info;
  E.Gen = Gen;
  return Info;
}

const RegisterInfo *SymbolTable::lookupByName(llvm::StringRef Name) const {
  size_t N = Name.size();
  if (N == 0 || N > 8)
    return lookupUncached(Name);
  uint64_t Key = packShortName(Name.data(), N);
  NameEntry &E = NameCache[nameHash(Key, N) >> (64 - NameCacheBits)];
  if (E.Key == Key && E.Len == N && E.Gen == Structural)
    return E.Info;
  const RegisterInfo *Info = lookupUncached(Name);
  E = NameEntry{Key, Info, Structural, static_cast<uint32_t>(N)};
  return Info;
}

const RegisterInfo *SymbolTable::lookupUncached(llvm::StringRef Name) const {
  uint64_t Bit = 0; // nameBit(Name), once a scope with names is reached
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It) {
    // A name is in a scope's ranges or in its names, never both (that is a
    // duplicate), so the cheap prefix test of the ranges goes first and the
    // hash lookup is skipped for scopes that declare no name of its bit:
    // nvcc declares registers as ranges, and most uses never reach a hash.
    // Later declarations shadow earlier ones in the same scope.
    for (auto R = It->Ranges.rbegin(); R != It->Ranges.rend(); ++R)
      if (matchesRange(Name, R->Prefix, R->Count))
        return &R->Info;
    if (!It->NameMask)
      continue;
    if (!Bit)
      Bit = nameBit(Name);
    if (!(It->NameMask & Bit))
      continue;
    auto Found = It->Names.find(Name);
    if (Found != It->Names.end())
      return &Found->second;
  }
  return nullptr;
}

const RegisterInfo *SymbolTable::findConflict(const Declarator &D) const {
  const Scope &S = Scopes.back();
  if (D.RangeCount < 0) {
    if (S.NameMask & nameBit(D.Name)) {
      auto Found = S.Names.find(D.Name);
      if (Found != S.Names.end())
        return &Found->second;
    }
    for (const RangeDecl &R : S.Ranges)
      if (matchesRange(D.Name, R.Prefix, R.Count))
        return &R.Info;
    return nullptr;
  }
  // ptxas compares a range with ranges of the same prefix only (%r<100>
  // and %r1<5> coexist), and with the names it covers.
  for (const RangeDecl &R : S.Ranges)
    if (R.Prefix == D.Name)
      return &R.Info;
  for (const auto &E : S.Names)
    if (matchesRange(E.getKey(), D.Name, D.RangeCount))
      return &E.getValue();
  return nullptr;
}

const SymbolTable::RangeDecl *SymbolTable::rangeFor(llvm::StringRef Name) const {
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It)
    for (auto R = It->Ranges.rbegin(); R != It->Ranges.rend(); ++R)
      if (matchesRange(Name, R->Prefix, INT64_MAX))
        return &*R;
  return nullptr;
}

void SymbolTable::collectNames(std::vector<llvm::StringRef> &Out, size_t NumScopes) const {
  size_t N = 0;
  for (auto It = Scopes.rbegin(); It != Scopes.rend() && N < NumScopes; ++It, ++N)
    for (const auto &E : It->Names)
      Out.push_back(E.getKey());
}

void SymbolTable::collectRangeMembers(llvm::StringRef Digits, std::vector<std::string> &Out) const {
  for (const Scope &S : Scopes)
    for (const RangeDecl &R : S.Ranges) {
      std::string Name = R.Prefix + Digits.str();
      if (matchesRange(Name, R.Prefix, R.Count))
        Out.push_back(std::move(Name));
    }
}

} // namespace check
} // namespace ptxlint
