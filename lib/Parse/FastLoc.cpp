//===- FastLoc.cpp - ANTLR-free parse of `.loc` ----------------------------===//
//
// `.loc` lines, nvcc's every other line: PlainLoc reads the common spelling
// byte by byte, LocRecognizer the rest on the lexer's tokens, and LocCache
// hands back the arguments of a line whose exact bytes were read before
// (nvcc -lineinfo repeats a few hundred distinct lines thousands of times).
// The directive built is the one lib/Parse/Converter.cpp would build.
//
//===----------------------------------------------------------------------===//

#include "Parse/FastStatement.h"
#include "Parse/Lexer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstring>

namespace ptxlint {
namespace parsedriver {

namespace {
/// `.loc F L C [, function_name sym [+ N]] [, inlined_at F L C]...` read
/// straight off the lexer (nvcc writes one every other line): a small state
/// machine on the token kinds, the tokens after `.loc` (commas included, as
/// the converter keeps them) gathered on the stack. Accepts exactly what
/// DeclParser::loc accepted; anything else is declined.
class LocRecognizer {
public:
  LocRecognizer(llvm::StringRef Text, uint32_t Begin, TokenMemo *Memo)
      : Text(Text), Lex(Text, Begin), Memo(Memo) {
    if (Memo && Memo->Begin == Begin) {
      Cur = {Begin, Memo->End, static_cast<Tok>(Memo->Kind)};
      Lex.seek(Cur.End);
      return;
    }
    Cur = Lex.next();
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), UINT32_MAX};
  }

  bool read(llvm::SmallVectorImpl<llvm::StringRef> &Args, SourceRange &Whole) {
    uint32_t Start = Cur.Begin;
    if (Cur.Kind != Tok::LOC)
      return false;
    take();
    if (!number(Args) || !number(Args) || !number(Args))
      return false;
    while (Cur.Kind == Tok::COMMA)
      if (!attribute(Args))
        return false;
    // A block comment that never closes: the grammar's business.
    if (Cur.Kind == Tok::SLASH && Cur.End < Text.size() && Text[Cur.End] == '*')
      return false;
    Whole = {Start, LastEnd};
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), LastEnd};
    return true;
  }

private:
  llvm::StringRef text() const { return Text.slice(Cur.Begin, Cur.End); }
  char first() const { return Cur.End > Cur.Begin ? Text[Cur.Begin] : '\0'; }
  void take() {
    LastEnd = Cur.End;
    Cur = Lex.next();
  }
  void keep(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    Args.push_back(text());
    take();
  }
  /// An INT of decimal digits (a leading 0 too).
  bool number(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    if (Cur.Kind != Tok::INT || (text().size() > 1 && text()[0] == '0'))
      return false; // octal: the grammar's
    for (char C : text())
      if (!lexchars::isDigit(C))
        return false;
    keep(Args);
    return true;
  }
  /// `, inlined_at F L C` (any count of numbers) or `, function_name sym [+ N]`.
  bool attribute(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    keep(Args); // ','
    if (Cur.Kind != Tok::IDENT || !lexchars::isAlpha(first()))
      return false;
    keep(Args);
    if (lexchars::isDigit(first())) {
      while (lexchars::isDigit(first()))
        if (!number(Args))
          return false;
      return true;
    }
    if (Cur.Kind != Tok::IDENT)
      return false;
    keep(Args);
    if (Cur.Kind != Tok::PLUS)
      return true;
    keep(Args);
    return number(Args);
  }

  llvm::StringRef Text;
  Lexer Lex;
  Token Cur;
  uint32_t LastEnd = 0;
  TokenMemo *Memo;
};

/// nvcc's `.loc` lines read byte by byte, without the lexer: `.loc`, then
/// tokens separated by blanks (' ', '\t') that the lexer would make exactly
/// so (decimal digits and names, each followed by a blank, ',' or a line
/// end), in LocRecognizer's shape. Anything else (a comment, a line break
/// inside, another spelling of a number or name) is declined, with no side
/// effect, and LocRecognizer reads it. The look-ahead token after the line
/// is the lexer's, and is declined when it could continue the directive.
class PlainLoc {
public:
  PlainLoc(llvm::StringRef Text, uint32_t Begin) : Text(Text), P(Begin) {}

  /// The line up to its last token: the arguments, and where the last one
  /// ends (LastEnd). Reads no byte past the line's end ('\n' or the end of
  /// the text): what it finds depends on the line's bytes alone.
  bool readLine(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    if (!Text.substr(P).startswith(".loc") || !blank(at(P + 4)))
      return false;
    P += 4;
    for (int K = 0; K < 3; ++K)
      if (!number(Args))
        return false;
    for (skipBlanks(); at(P) == ',';)
      if (!attribute(Args))
        return false;
    return true;
  }
  uint32_t lastEnd() const { return LastEnd; }

  /// The lexer's token after the directive ending at LastEnd: declined
  /// when it could continue it; else it is the memo's look-ahead.
  static bool endsAt(llvm::StringRef Text, uint32_t LastEnd, TokenMemo *Memo) {
    Lexer Lex(Text, LastEnd);
    Token Next = Lex.next();
    switch (Next.Kind) {
    case Tok::COMMA: // after a line break: LocRecognizer's to read
    case Tok::INT:
    case Tok::DEC_FLOAT:
    case Tok::FLOAT_HEX:
    case Tok::DOUBLE_HEX:
    case Tok::PLUS:
    case Tok::SLASH:
      return false;
    default:
      break;
    }
    if (Memo)
      *Memo = {Next.Begin, Next.End, static_cast<uint8_t>(Next.Kind), LastEnd};
    return true;
  }

private:
  char at(size_t K) const { return K < Text.size() ? Text[K] : '\0'; }
  static bool blank(char C) { return C == ' ' || C == '\t'; }
  /// What may follow a token: the lexer then ends it there.
  static bool ends(char C) { return blank(C) || C == ',' || C == '\n' || C == '\r' || C == '\0'; }
  void skipBlanks() {
    while (blank(at(P)))
      ++P;
  }
  void keep(llvm::SmallVectorImpl<llvm::StringRef> &Args, uint32_t B) {
    Args.push_back(Text.slice(B, P));
    LastEnd = P;
  }
  /// Blanks, then decimal digits (an INT of the lexer's fast path).
  bool number(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    skipBlanks();
    uint32_t B = P;
    while (lexchars::isDigit(at(P)))
      ++P;
    // 010, 095: octal, which the lexer reads (095 is 0 and 95).
    if (P == B || !ends(at(P)) || (Text[B] == '0' && P > B + 1))
      return false;
    keep(Args, B);
    return true;
  }
  /// Blanks, then an IDENT without dots: a letter, or [_$] and a name byte,
  /// then name bytes. Alpha: a letter first (an attribute's name).
  bool name(llvm::SmallVectorImpl<llvm::StringRef> &Args, bool Alpha) {
    skipBlanks();
    uint32_t B = P;
    char C = at(P);
    if (lexchars::isAlpha(C))
      ++P;
    else if (!Alpha && (C == '_' || C == '$') && lexchars::isIdentRest(at(P + 1)))
      P += 2;
    else
      return false;
    // nvcc's words are compared whole (name bytes all: the loop below
    // would take them one at a time, a third of a line's cost).
    llvm::StringRef Word = C == 'f'   ? "function_name"
                           : C == 'i' ? "inlined_at"
                           : C == '$' ? "$L__info_string"
                                      : "";
    if (!Word.empty() && Text.substr(B).startswith(Word))
      P = B + static_cast<uint32_t>(Word.size());
    while (lexchars::isIdentRest(at(P)))
      ++P;
    if (!ends(at(P)))
      return false;
    keep(Args, B);
    return true;
  }
  /// `, inlined_at F L C` (any count of numbers) or `, function_name sym [+ N]`.
  bool attribute(llvm::SmallVectorImpl<llvm::StringRef> &Args) {
    uint32_t B = P++;
    keep(Args, B); // ','
    if (!name(Args, true))
      return false;
    skipBlanks();
    if (lexchars::isDigit(at(P))) {
      do {
        if (!number(Args))
          return false;
        skipBlanks();
      } while (lexchars::isDigit(at(P)));
      return true;
    }
    if (!name(Args, false))
      return false;
    skipBlanks();
    if (at(P) != '+')
      return true;
    B = P++;
    keep(Args, B);
    if (!number(Args))
      return false;
    skipBlanks();
    return true;
  }

  llvm::StringRef Text;
  uint32_t P;
  uint32_t LastEnd = 0;
};
} // namespace

/// One remembered line: its bytes, and its arguments as offsets from its
/// start.
struct LocCache::Entry {
  uint16_t Len = 0; ///< 0: empty
  uint8_t NArgs = 0;
  uint16_t LastEnd = 0;
  uint16_t ArgBegin[MaxArgs], ArgLen[MaxArgs];
  char Bytes[MaxLine];
};

LocCache::LocCache() = default;
LocCache::~LocCache() = default;

namespace {
uint64_t load8(const char *P) {
  uint64_t V;
  std::memcpy(&V, P, sizeof V);
  return V;
}
} // namespace

/// The slot of a line of Len (>= 16) bytes at P: its length and three
/// words of it (nvcc's lines differ in their numbers, at the start and
/// the end), mixed.
size_t LocCache::slot(const char *P, size_t Len) {
  uint64_t H = (Len * 0x9E3779B97F4A7C15ull) ^ (load8(P + 5) * 0xC2B2AE3D27D4EB4Full);
  H ^= load8(P + Len / 2) * 0x165667B19E3779F9ull;
  H ^= load8(P + Len - 8) * 0x27D4EB2F165667C5ull;
  return static_cast<size_t>((H ^ (H >> 29) ^ (H >> 47)) & (Slots - 1));
}

/// The bytes of the line at Begin up to its '\n' (or the end of the text),
/// when it is one the cache can hold.
llvm::StringRef LocCache::lineAt(llvm::StringRef Text, uint32_t Begin) {
  size_t Avail = std::min<size_t>(Text.size() - Begin, MaxLine + 1);
  const char *P = Text.data() + Begin;
  const void *NL = std::memchr(P, '\n', Avail);
  size_t Len = NL ? static_cast<size_t>(static_cast<const char *>(NL) - P) : Avail;
  if (Len < 16 || Len > MaxLine)
    return {};
  return {P, Len};
}

bool LocCache::lookup(llvm::StringRef Line, ASTContext &Ctx, Span<std::string_view> &Args,
                      uint32_t &LastEnd) const {
  if (!Table)
    return false;
  const Entry &E = Table[slot(Line.data(), Line.size())];
  if (E.Len != Line.size() || std::memcmp(E.Bytes, Line.data(), Line.size()) != 0)
    return false;
  auto *A = static_cast<std::string_view *>(
      Ctx.allocate(sizeof(std::string_view) * E.NArgs, alignof(std::string_view)));
  for (unsigned K = 0; K < E.NArgs; ++K)
    new (&A[K]) std::string_view(Line.data() + E.ArgBegin[K], E.ArgLen[K]);
  Args = {A, E.NArgs};
  LastEnd = E.LastEnd;
  return true;
}

void LocCache::store(llvm::StringRef Line, llvm::ArrayRef<llvm::StringRef> Args, uint32_t LastEnd) {
  if (Args.size() > MaxArgs)
    return;
  if (!Table)
    Table = std::make_unique<Entry[]>(Slots);
  Entry &E = Table[slot(Line.data(), Line.size())];
  E.Len = static_cast<uint16_t>(Line.size());
  E.NArgs = static_cast<uint8_t>(Args.size());
  E.LastEnd = static_cast<uint16_t>(LastEnd);
  for (size_t K = 0; K < Args.size(); ++K) {
    E.ArgBegin[K] = static_cast<uint16_t>(Args[K].data() - Line.data());
    E.ArgLen[K] = static_cast<uint16_t>(Args[K].size());
  }
  std::memcpy(E.Bytes, Line.data(), Line.size());
}

namespace {
/// The line at Begin read by PlainLoc, or handed back by the cache when the
/// same bytes were read before; then the look-ahead after it. False: the
/// line is LocRecognizer's.
/// A line from the cache has its arguments in Cached (in Ctx), one read
/// here in Args.
bool readPlainLoc(llvm::StringRef Text, uint32_t Begin, LocCache *Cache, ASTContext &Ctx,
                  Span<std::string_view> &Cached, llvm::SmallVectorImpl<llvm::StringRef> &Args,
                  SourceRange &Whole, TokenMemo *Memo) {
  if (!Text.substr(Begin).startswith(".loc")) // .reg, .pragma ...: no line to look up
    return false;
  llvm::StringRef Line = Cache ? LocCache::lineAt(Text, Begin) : llvm::StringRef();
  uint32_t LastEnd = 0;
  if (!Line.empty() && Cache->lookup(Line, Ctx, Cached, LastEnd)) {
    LastEnd += Begin;
  } else {
    PlainLoc R(Text, Begin);
    if (!R.readLine(Args))
      return false;
    LastEnd = R.lastEnd();
    if (!Line.empty())
      Cache->store(Line, Args, LastEnd - Begin);
  }
  if (!PlainLoc::endsAt(Text, LastEnd, Memo))
    return false;
  Whole = {Begin, LastEnd};
  return true;
}
} // namespace

const Directive *parseLocAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, uint32_t &End,
                            TokenMemo *Memo, LocCache *Cache) {
  // nvcc -lineinfo writes ".loc 1 2 3, function_name $L__info_string0,
  // inlined_at 1 4 5": room for that without a heap allocation per line.
  llvm::SmallVector<llvm::StringRef, 16> Args;
  Span<std::string_view> Cached;
  SourceRange Whole;
  if (!readPlainLoc(File.text(), Begin, Cache, Ctx, Cached, Args, Whole, Memo)) {
    Args.clear();
    Cached = {};
    LocRecognizer R(File.text(), Begin, Memo);
    if (!R.read(Args, Whole))
      return nullptr;
  }
  auto *D = Ctx.create<Directive>();
  D->Range = Whole;
  D->Name = File.slice({Whole.Begin, Whole.Begin + 4});
  D->Args = Cached.empty() ? Ctx.copy<std::string_view>(Args) : Cached;
  End = Whole.End;
  return D;
}

} // namespace parsedriver
} // namespace ptxlint
