//===- SourceScan.cpp - asm statements and #if guards of a C/C++ source ---===//
//
// A single forward pass. The lexer returns identifiers, numbers, string and
// character literals, punctuation and whole preprocessor lines; the scanner
// keeps the #if stack, records #define and #undef, and reads an asm
// statement wherever `asm`, `__asm` or `__asm__` is followed by its
// qualifiers and '('. #define bodies are scanned too (macros that wrap an asm
// statement are common), with the guard of the definition.
//
//===----------------------------------------------------------------------===//

#include "Cuda/SourceScan.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>

namespace ptxlint {
namespace cuda {

using llvm::StringRef;

namespace {

enum class Tok : uint8_t { Eof, Ident, Number, String, Char, Punct, Directive };

struct Token {
  Tok Kind = Tok::Eof;
  uint32_t Begin = 0, End = 0;
};

/// Tokens of Text[Begin, End). Directives are recognised only at the start
/// of a line, and not at all in a #define body (AllowDirectives false).
class Lexer {
public:
  Lexer(StringRef Text, size_t Begin, size_t End, bool AllowDirectives)
      : T(Text), I(Begin), E(End), AllowDirectives(AllowDirectives), LineStart(true) {}

  Token next() {
    skipSpace();
    Token K;
    K.Begin = static_cast<uint32_t>(I);
    if (I >= E) {
      K.Kind = Tok::Eof;
      K.End = K.Begin;
      return K;
    }
    char C = T[I];
    bool AtLineStart = LineStart;
    LineStart = false;
    if (C == '#' && AtLineStart && AllowDirectives) {
      K.Kind = Tok::Directive;
      skipLogicalLine();
    } else if (isIdentStart(C)) {
      size_t B = I;
      while (I < E && isIdentChar(T[I]))
        ++I;
      StringRef Id = T.slice(B, I);
      if (I < E && T[I] == '"' &&
          (Id == "R" || Id == "u8R" || Id == "uR" || Id == "UR" || Id == "LR")) {
        K.Kind = Tok::String;
        skipRawString();
      } else if (I < E && (T[I] == '"' || T[I] == '\'') &&
                 (Id == "u8" || Id == "u" || Id == "U" || Id == "L")) {
        K.Kind = T[I] == '"' ? Tok::String : Tok::Char;
        skipQuoted(T[I]);
      } else {
        K.Kind = Tok::Ident;
      }
    } else if (llvm::isDigit(C) || (C == '.' && I + 1 < E && llvm::isDigit(T[I + 1]))) {
      K.Kind = Tok::Number;
      ++I;
      while (I < E) {
        char D = T[I];
        if ((D == 'e' || D == 'E' || D == 'p' || D == 'P') && I + 1 < E &&
            (T[I + 1] == '+' || T[I + 1] == '-'))
          I += 2;
        else if (llvm::isAlnum(D) || D == '_' || D == '.' ||
                 (D == '\'' && I + 1 < E && llvm::isAlnum(T[I + 1]))) // 1'000
          ++I;
        else
          break;
      }
    } else if (C == '"' || C == '\'') {
      K.Kind = C == '"' ? Tok::String : Tok::Char;
      skipQuoted(C);
    } else {
      K.Kind = Tok::Punct;
      ++I;
    }
    K.End = static_cast<uint32_t>(I);
    return K;
  }

private:
  static bool isIdentStart(char C) { return llvm::isAlpha(C) || C == '_' || C == '$'; }
  static bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

  /// Length of a line continuation at P (backslash, optional CR, newline).
  size_t continuationAt(size_t P) const {
    if (P < E && T[P] == '\\') {
      if (P + 1 < E && T[P + 1] == '\n')
        return 2;
      if (P + 2 < E && T[P + 1] == '\r' && T[P + 2] == '\n')
        return 3;
    }
    return 0;
  }

  void skipSpace() {
    while (I < E) {
      char C = T[I];
      if (C == '\n') {
        LineStart = true;
        ++I;
      } else if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
        ++I;
      } else if (size_t N = continuationAt(I)) {
        I += N;
      } else if (C == '/' && I + 1 < E && T[I + 1] == '/') {
        while (I < E && T[I] != '\n')
          I += continuationAt(I) ? continuationAt(I) : 1;
      } else if (C == '/' && I + 1 < E && T[I + 1] == '*') {
        size_t End = T.find("*/", I + 2);
        I = End == StringRef::npos || End >= E ? E : End + 2;
      } else {
        return;
      }
    }
  }

  void skipLogicalLine() {
    while (I < E && T[I] != '\n') {
      if (size_t N = continuationAt(I)) {
        I += N;
      } else if (T[I] == '/' && I + 1 < E && T[I + 1] == '*') {
        size_t End = T.find("*/", I + 2);
        I = End == StringRef::npos || End >= E ? E : End + 2;
      } else if (T[I] == '"' || T[I] == '\'') {
        skipQuoted(T[I]);
      } else {
        ++I;
      }
    }
  }

  void skipQuoted(char Q) {
    ++I;
    while (I < E && T[I] != Q && T[I] != '\n') {
      if (T[I] == '\\' && I + 1 < E)
        I += continuationAt(I) ? continuationAt(I) : 2;
      else
        ++I;
    }
    if (I < E && T[I] == Q)
      ++I;
  }

  void skipRawString() {
    size_t Open = T.find('(', I);
    if (Open == StringRef::npos || Open >= E || Open - I > 17) { // delimiter: at most 16
      skipQuoted('"');
      return;
    }
    std::string Close = ")" + T.slice(I + 1, Open).str() + "\"";
    size_t End = T.find(Close, Open);
    I = End == StringRef::npos || End >= E ? E : End + Close.size();
  }

  StringRef T;
  size_t I, E;
  bool AllowDirectives;
  bool LineStart;
};

/// Decodes the string literal token at [B, E) of Text into Out.
void decodeString(StringRef Text, uint32_t B, uint32_t E, TemplateText &Out) {
  size_t Quote = Text.find('"', B);
  if (Quote == StringRef::npos || Quote >= E)
    return;
  StringRef Prefix = Text.slice(B, Quote);
  if (Prefix.endswith("R")) {
    size_t Open = Text.find('(', Quote);
    StringRef Delim = Text.slice(Quote + 1, Open);
    size_t ContentEnd = E - Delim.size() - 2; // before )delim"
    for (size_t P = Open + 1; P < ContentEnd; ++P)
      Out.append(Text[P], SourceRange(P, P + 1));
    return;
  }
  size_t End = E;
  if (End > Quote + 1 && Text[End - 1] == '"')
    --End;
  for (size_t P = Quote + 1; P < End;) {
    char C = Text[P];
    if (C != '\\' || P + 1 >= End) {
      Out.append(C, SourceRange(P, P + 1));
      ++P;
      continue;
    }
    char N = Text[P + 1];
    size_t Q = P + 2;
    auto Emit = [&](char Ch) { Out.append(Ch, SourceRange(P, Q)); };
    switch (N) {
    case '\n':
      break; // a line continuation: no character
    case '\r':
      if (Q < End && Text[Q] == '\n')
        ++Q;
      break;
    case 'n':
      Emit('\n');
      break;
    case 't':
      Emit('\t');
      break;
    case 'r':
      Emit('\r');
      break;
    case 'a':
      Emit('\a');
      break;
    case 'b':
      Emit('\b');
      break;
    case 'f':
      Emit('\f');
      break;
    case 'v':
      Emit('\v');
      break;
    case 'x': {
      unsigned V = 0;
      while (Q < End && llvm::isHexDigit(Text[Q]))
        V = V * 16 + llvm::hexDigitValue(Text[Q++]);
      Emit(static_cast<char>(V));
      break;
    }
    case 'u':
    case 'U': {
      size_t Len = N == 'u' ? 4 : 8;
      unsigned V = 0;
      while (Q < End && Q < P + 2 + Len && llvm::isHexDigit(Text[Q]))
        V = V * 16 + llvm::hexDigitValue(Text[Q++]);
      char Buf[8];
      char *Ptr = Buf;
      if (llvm::ConvertCodePointToUTF8(V, Ptr))
        for (char *X = Buf; X < Ptr; ++X)
          Emit(*X);
      break;
    }
    default:
      if (N >= '0' && N <= '7') {
        unsigned V = N - '0';
        while (Q < End && Q < P + 4 && Text[Q] >= '0' && Text[Q] <= '7')
          V = V * 8 + (Text[Q++] - '0');
        Emit(static_cast<char>(V));
      } else {
        Emit(N); // \\ \" \' \? and unknown escapes
      }
    }
    P = Q;
  }
}

/// A directive's logical line: continuations joined, comments as spaces.
std::string logicalLine(StringRef Line) {
  std::string S;
  for (size_t P = 0; P < Line.size(); ++P) {
    if (Line[P] == '\\' && P + 1 < Line.size() && (Line[P + 1] == '\n' || Line[P + 1] == '\r')) {
      P += Line[P + 1] == '\r' ? 2 : 1;
      continue;
    }
    if (Line.substr(P).startswith("/*")) {
      size_t End = Line.find("*/", P + 2);
      P = End == StringRef::npos ? Line.size() : End + 1;
      S += ' ';
      continue;
    }
    if (Line.substr(P).startswith("//"))
      break;
    S += Line[P];
  }
  return S;
}

class Scanner {
public:
  explicit Scanner(StringRef Text) : Text(Text) {}

  ScanResult run() {
    scanRange(0, Text.size(), /*AllowDirectives=*/true, /*InMacro=*/false);
    dropIncludeGuard();
    return std::move(R);
  }

private:
  struct Frame {
    Guard Active;                ///< terms of the current branch
    std::vector<GuardTerm> Seen; ///< conditions of the branches so far
  };

  Guard currentGuard() const {
    Guard G;
    for (const Frame &F : Stack)
      G.insert(G.end(), F.Active.begin(), F.Active.end());
    return G;
  }

  /// The include-guard idiom, as compilers recognise it for their
  /// multiple-inclusion optimisation: the file's first directive (after
  /// #pragma lines, with nothing but comments before) is `#ifndef X` or
  /// `#if !defined(X)`, the next one `#define X`, and the #endif that closes
  /// it ends the file. On the file's first inclusion, the only one that
  /// compiles its code, the condition is true, so it is dropped from every
  /// guard (otherwise `defined(X)`, which the file itself defines under
  /// `!defined(X)`, would leave every guard in the file unknown).
  struct IncludeGuardState {
    enum Phase : uint8_t { Start, Opened, Defined, Closed, Invalid } At = Start;
    std::string Name;
    uint32_t Directive = 0; ///< offset of the #ifndef
  } IG;

  void includeGuardToken(bool IsDirective, StringRef Name, StringRef Rest, uint32_t Begin) {
    using P = IncludeGuardState;
    if (IG.At == P::Invalid)
      return;
    if (!IsDirective) {
      // Code before the #ifndef or after its #endif: not the idiom.
      if (IG.At != P::Defined)
        IG.At = P::Invalid;
      return;
    }
    if (Name == "pragma" && IG.At == P::Start)
      return;
    auto Ident = [](StringRef S) {
      return S.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
    };
    if (IG.At == P::Start) {
      StringRef X;
      if (Name == "ifndef") {
        X = Ident(Rest);
      } else if (Name == "if" && Rest.consume_front("!")) {
        Rest = Rest.ltrim();
        if (Rest.consume_front("defined")) {
          Rest = Rest.ltrim();
          bool Paren = Rest.consume_front("(");
          X = Ident(Rest.ltrim());
          Rest = Rest.ltrim().drop_front(X.size()).ltrim();
          if (Paren && !Rest.consume_front(")"))
            X = StringRef();
          if (!Rest.trim().empty())
            X = StringRef();
        }
      }
      IG.At = X.empty() ? P::Invalid : P::Opened;
      IG.Name = X.str();
      IG.Directive = Begin;
    } else if (IG.At == P::Opened) {
      IG.At = Name == "define" && Ident(Rest) == IG.Name ? P::Defined : P::Invalid;
    } else if (IG.At == P::Defined) {
      if (Stack.size() == 1 && (Name == "else" || Name.startswith("elif")))
        IG.At = P::Invalid;
      else if (Stack.size() == 1 && Name == "endif")
        IG.At = P::Closed;
    } else {
      IG.At = P::Invalid; // a directive after the closing #endif
    }
  }

  void dropIncludeGuard() {
    if (IG.At != IncludeGuardState::Closed)
      return;
    auto Drop = [&](Guard &G) {
      G.erase(std::remove_if(G.begin(), G.end(),
                             [&](const GuardTerm &T) { return T.Directive.Begin == IG.Directive; }),
              G.end());
    };
    for (AsmStatement &S : R.Statements)
      Drop(S.Where);
    for (MacroDef &M : R.Macros)
      Drop(M.Where);
  }

  void scanRange(size_t B, size_t E, bool AllowDirectives, bool InMacro) {
    Lexer L(Text, B, E, AllowDirectives);
    for (Token K = L.next(); K.Kind != Tok::Eof; K = L.next()) {
      if (K.Kind == Tok::Directive) {
        directive(K);
        continue;
      }
      if (!InMacro)
        includeGuardToken(false, StringRef(), StringRef(), K.Begin);
      if (K.Kind != Tok::Ident)
        continue;
      StringRef Id = Text.slice(K.Begin, K.End);
      if (Id == "asm" || Id == "__asm" || Id == "__asm__")
        asmStatement(L, K, InMacro);
      else
        R.Identifiers.insert(Id.str());
    }
  }

  void directive(Token K) {
    std::string Line = logicalLine(Text.slice(K.Begin, K.End));
    StringRef S = StringRef(Line).drop_front(1).ltrim(); // after '#'
    size_t NameEnd = 0;
    while (NameEnd < S.size() && llvm::isAlpha(S[NameEnd]))
      ++NameEnd;
    StringRef Name = S.take_front(NameEnd);
    StringRef Rest = S.drop_front(NameEnd).trim();
    SourceRange Where(K.Begin, K.End);
    includeGuardToken(true, Name, Rest, K.Begin);
    if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
      Frame F;
      GuardTerm G{condition(Name, Rest), false, Where};
      F.Active = {G};
      F.Seen = {G};
      Stack.push_back(F);
    } else if ((Name == "elif" || Name == "elifdef" || Name == "elifndef") && !Stack.empty()) {
      Frame &F = Stack.back();
      F.Active.clear();
      for (GuardTerm G : F.Seen) {
        G.Negated = true;
        F.Active.push_back(G);
      }
      GuardTerm G{condition(Name.drop_front(2), Rest), false, Where};
      F.Active.push_back(G);
      F.Seen.push_back(G);
    } else if (Name == "else" && !Stack.empty()) {
      Frame &F = Stack.back();
      F.Active.clear();
      for (GuardTerm G : F.Seen) {
        G.Negated = true;
        F.Active.push_back(G);
      }
    } else if (Name == "endif" && !Stack.empty()) {
      Stack.pop_back();
    } else if (Name == "define") {
      define(K, Rest);
    } else if (Name == "undef") {
      R.Undefined.insert(
          Rest.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; }).str());
    }
  }

  /// The expression an #if-family directive tests.
  static std::string condition(StringRef Name, StringRef Rest) {
    if (Name == "ifdef" || Name == "def")
      return "defined(" + Rest.str() + ")";
    if (Name == "ifndef" || Name == "ndef")
      return "!defined(" + Rest.str() + ")";
    return Rest.str();
  }

  void define(Token K, StringRef Rest) {
    MacroDef M;
    size_t N = 0;
    while (N < Rest.size() && (llvm::isAlnum(Rest[N]) || Rest[N] == '_'))
      ++N;
    M.Name = Rest.take_front(N).str();
    M.FunctionLike = N < Rest.size() && Rest[N] == '(';
    M.Body = Rest.drop_front(N).trim().str();
    M.Where = currentGuard();
    R.Macros.push_back(M);
    // The body may hold asm statements: scan it where it is in the file.
    StringRef Raw = Text.slice(K.Begin, K.End);
    if (Raw.contains("asm"))
      scanRange(K.Begin + 1, K.End, /*AllowDirectives=*/false, /*InMacro=*/true);
  }

  void notCheckable(AsmStatement &S, SourceRange At, std::string Why) {
    if (!S.Checkable)
      return;
    S.Checkable = false;
    S.WhyNot = std::move(Why);
    S.WhyNotRange = At;
  }

  /// Skips a balanced (...) group whose '(' was just read; false at EOF.
  bool skipGroup(Lexer &L, AsmStatement &S) {
    int Depth = 1;
    for (Token K = L.next(); K.Kind != Tok::Eof; K = L.next()) {
      if (K.Kind == Tok::Directive) {
        directive(K);
        notCheckable(S, SourceRange(K.Begin, K.End),
                     "a preprocessor directive inside the asm statement");
        continue;
      }
      if (K.Kind != Tok::Punct)
        continue;
      char C = Text[K.Begin];
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && --Depth == 0)
        return true;
    }
    return false;
  }

  void asmStatement(Lexer &L, Token Kw, bool InMacro) {
    AsmStatement S;
    S.Keyword = SourceRange(Kw.Begin, Kw.End);
    S.Input.Anchor = S.Keyword;
    S.Input.Nvcc = true;
    S.Where = currentGuard();
    S.InMacro = InMacro;
    Token K = L.next();
    while (K.Kind == Tok::Ident) {
      StringRef Q = Text.slice(K.Begin, K.End);
      if (Q != "volatile" && Q != "__volatile__" && Q != "__volatile" && Q != "inline" &&
          Q != "__inline__" && Q != "goto")
        return; // not an asm statement (a declaration `asm` label, a macro)
      K = L.next();
    }
    if (K.Kind != Tok::Punct || Text[K.Begin] != '(')
      return;
    auto Punct = [&](Token T, char C) { return T.Kind == Tok::Punct && Text[T.Begin] == C; };
    K = L.next();
    // The template: adjacent string literals, nothing else.
    bool Any = false;
    while (K.Kind == Tok::String) {
      decodeString(Text, K.Begin, K.End, S.Input.Template);
      Any = true;
      K = L.next();
    }
    if (!Any || !(Punct(K, ':') || Punct(K, ')'))) {
      notCheckable(S, SourceRange(K.Begin, K.End),
                   "the template is not a plain string literal (it is built by a macro or an "
                   "expression)");
      if (!Punct(K, ')') && !skipGroup(L, S))
        return;
      R.Statements.push_back(std::move(S));
      return;
    }
    S.Input.Extended = false;
    unsigned Section = 0; // 1 outputs, 2 inputs, 3 clobbers, 4 labels
    while (K.Kind != Tok::Eof && !Punct(K, ')')) {
      if (K.Kind == Tok::Directive) {
        directive(K);
        notCheckable(S, SourceRange(K.Begin, K.End),
                     "a preprocessor directive inside the asm statement");
        K = L.next();
        continue;
      }
      if (Punct(K, ':')) {
        ++Section;
        S.Input.Extended = true;
        K = L.next();
        continue;
      }
      if (Punct(K, ',')) {
        K = L.next();
        continue;
      }
      if (Section == 1 || Section == 2) {
        AsmOperand Op;
        if (Punct(K, '[')) {
          Token N = L.next();
          Op.Name = Text.slice(N.Begin, N.End).str();
          while (N.Kind != Tok::Eof && !Punct(N, ']'))
            N = L.next();
          K = L.next();
        }
        if (K.Kind == Tok::Ident) {
          // `__LDG_PTR(ptr)`: a macro for the constraint (resolved later
          // from the file's #defines).
          Op.ConstraintMacro = Text.slice(K.Begin, K.End).str();
          Op.ConstraintRange = SourceRange(K.Begin, K.End);
          K = L.next();
        } else if (K.Kind != Tok::String) {
          notCheckable(S, SourceRange(K.Begin, K.End),
                       "a constraint is not a plain string literal");
          if (Punct(K, '(') && !skipGroup(L, S))
            return;
          K = L.next();
          continue;
        } else {
          TemplateText C;
          SourceRange CR(K.Begin, K.End);
          while (K.Kind == Tok::String) {
            decodeString(Text, K.Begin, K.End, C);
            CR = CR.cover(SourceRange(K.Begin, K.End));
            K = L.next();
          }
          Op.Constraint = C.Bytes;
          Op.ConstraintRange = CR;
        }
        if (Punct(K, '(')) {
          uint32_t EB = K.End;
          if (!skipGroup(L, S))
            return;
          // skipGroup stopped at the ')': the expression is between.
          uint32_t EE = EB;
          int Depth = 0;
          for (uint32_t P = EB; P < Text.size(); ++P) {
            char Ch = Text[P];
            if (Ch == '(')
              ++Depth;
            else if (Ch == ')' && Depth-- == 0) {
              EE = P;
              break;
            }
          }
          Op.ExprRange = SourceRange(EB, EE);
          Op.Expr = Text.slice(EB, EE).str();
        }
        S.Input.Operands.push_back(std::move(Op));
        K = L.next();
        continue;
      }
      if (Section == 3 && K.Kind == Tok::String) {
        TemplateText C;
        decodeString(Text, K.Begin, K.End, C);
        S.Clobbers.push_back({C.Bytes, SourceRange(K.Begin, K.End)});
      }
      // Goto labels: not needed.
      if (Punct(K, '(') && !skipGroup(L, S))
        return;
      K = L.next();
    }
    if (K.Kind == Tok::Eof)
      notCheckable(S, S.Keyword, "the asm statement does not end");
    S.Input.UniqueId = static_cast<unsigned>(R.Statements.size());
    R.Statements.push_back(std::move(S));
  }

  StringRef Text;
  ScanResult R;
  std::vector<Frame> Stack;
};

} // namespace

ScanResult scanSource(StringRef Text) { return Scanner(Text).run(); }

} // namespace cuda
} // namespace ptxlint
