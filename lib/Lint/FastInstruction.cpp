//===- FastInstruction.cpp - ANTLR-free parse of one plain instruction ----===//
//
// Mirrors grammar/PTXLexer.g4 (IDENT, INT, UNDERSCORE, whitespace) and the
// operand conversion of lib/Parse/Converter.cpp for the subset it accepts;
// whenever the input strays from that subset it gives up (returns null)
// rather than guess, so the ANTLR parser stays the single authority.
//
//===----------------------------------------------------------------------===//

#include "Lint/FastInstruction.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace lint {

namespace {

bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isWordChar(char C) { return isAlpha(C) || isDigit(C) || C == '_'; }
bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F'); }

class FastParser {
public:
  FastParser(const SourceFile &File, ASTContext &Ctx) : File(File), Ctx(Ctx), Text(File.text()) {}

  const Instruction *run() {
    // Byte offsets must equal ANTLR's character indices: ASCII only.
    for (char C : Text)
      if (static_cast<unsigned char>(C) >= 0x80 || C == '\v')
        return nullptr;
    skipSpace();
    Instruction *I = Ctx.create<Instruction>();
    uint32_t Start = Pos;
    if (peek() == '@') {
      ++Pos;
      skipSpace();
      bool Neg = false;
      if (peek() == '!') {
        Neg = true;
        ++Pos;
        skipSpace();
      }
      SourceRange G;
      if (!lexIdent(G))
        return nullptr;
      I->Guard = File.slice(G);
      I->GuardNegated = Neg;
      I->GuardRange = {Start, G.End};
      skipSpace();
    }
    SourceRange Op;
    if (!isAlpha(peek()) || !lexIdent(Op))
      return nullptr;
    splitOpcode(*I, Op);
    skipSpace();
    llvm::SmallVector<Operand, 8> Ops;
    if (peek() != ';') {
      for (;;) {
        Operand O;
        if (!parseOperand(O))
          return nullptr;
        Ops.push_back(O);
        skipSpace();
        if (peek() == ',') {
          ++Pos;
          skipSpace();
          continue;
        }
        break;
      }
    }
    if (peek() != ';')
      return nullptr;
    ++Pos;
    I->Range = {Start, Pos};
    skipSpace();
    if (Pos != Text.size())
      return nullptr;
    I->Operands = Ctx.copy<Operand>(Ops);
    return I;
  }

private:
  char peek() const { return Pos < Text.size() ? Text[Pos] : '\0'; }
  char peekAt(size_t K) const { return Pos + K < Text.size() ? Text[Pos + K] : '\0'; }

  void skipSpace() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f')
        ++Pos;
      else
        break;
    }
  }

  /// IDENT: ([a-zA-Z][a-zA-Z0-9_$]* | [_$%][a-zA-Z0-9_$]+)
  ///        ('.' [a-zA-Z0-9_]+ ('::' [a-zA-Z0-9_]+)*)*
  bool lexIdent(SourceRange &R) {
    uint32_t B = Pos;
    char C = peek();
    if (isAlpha(C)) {
      ++Pos;
    } else if (C == '_' || C == '$' || C == '%') {
      char N = peekAt(1);
      if (!(isWordChar(N) || N == '$'))
        return false;
      ++Pos;
    } else {
      return false;
    }
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    while (peek() == '.' && isWordChar(peekAt(1))) {
      ++Pos;
      while (isWordChar(peek()))
        ++Pos;
      while (peek() == ':' && peekAt(1) == ':' && isWordChar(peekAt(2))) {
        Pos += 2;
        while (isWordChar(peek()))
          ++Pos;
      }
    }
    // A character that would extend or glue onto the token in ways this
    // recognizer does not model ('.', ':', '(' ...) sends us to ANTLR.
    char After = peek();
    if (!(After == '\0' || After == ' ' || After == '\t' || After == '\r' || After == '\n' ||
          After == '\f' || After == ',' || After == ';' || After == '}' || After == ']' ||
          After == '+' || After == '-' || After == '{' || After == '['))
      return false;
    R = {B, Pos};
    return true;
  }

  /// Opcode and its qualifiers, split at each '.' as the converter does.
  void splitOpcode(Instruction &I, SourceRange R) {
    llvm::StringRef Full = File.slice(R);
    size_t Dot = Full.find('.');
    I.Opcode = Full.substr(0, Dot);
    if (Dot == llvm::StringRef::npos)
      return;
    llvm::SmallVector<llvm::StringRef, 12> Quals;
    llvm::SmallVector<SourceRange, 12> Ranges;
    size_t P = Dot;
    while (P != llvm::StringRef::npos && P < Full.size()) {
      size_t Next = Full.find('.', P + 1);
      llvm::StringRef Q = Full.slice(P, Next == llvm::StringRef::npos ? Full.size() : Next);
      Quals.push_back(Q);
      Ranges.push_back(
          {R.Begin + static_cast<uint32_t>(P), R.Begin + static_cast<uint32_t>(P + Q.size())});
      P = Next;
    }
    I.Qualifiers = Ctx.copy<llvm::StringRef>(Quals);
    I.QualifierRanges = Ctx.copy<SourceRange>(Ranges);
  }

  /// INT: 0x.. / 0b.. / decimal, optional U; value as the converter reads it
  /// (a leading 0 means octal). Floats and anything else: give up.
  bool lexInt(SourceRange &R, int64_t &V) {
    uint32_t B = Pos;
    llvm::StringRef Digits;
    unsigned Radix = 10;
    if (peek() == '0' && (peekAt(1) == 'x' || peekAt(1) == 'X') && isHex(peekAt(2))) {
      Pos += 2;
      while (isHex(peek()))
        ++Pos;
      Digits = Text.slice(B + 2, Pos);
      Radix = 16;
    } else if (peek() == '0' && (peekAt(1) == 'b' || peekAt(1) == 'B') &&
               (peekAt(2) == '0' || peekAt(2) == '1')) {
      Pos += 2;
      while (peek() == '0' || peek() == '1')
        ++Pos;
      Digits = Text.slice(B + 2, Pos);
      Radix = 2;
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++Pos;
      Digits = Text.slice(B, Pos);
      if (Digits.size() > 1 && Digits[0] == '0') {
        Digits = Digits.drop_front(1);
        Radix = 8;
      }
    } else {
      return false;
    }
    if (peek() == 'U')
      ++Pos;
    // Whatever follows must end the token: no float, no glued identifier.
    char After = peek();
    if (isWordChar(After) || After == '.' || After == '$' || After == '%')
      return false;
    uint64_t U = 0;
    if (Digits.getAsInteger(Radix, U))
      return false; // out of range or bad octal: let the real parser decide
    V = static_cast<int64_t>(U);
    R = {B, Pos};
    return true;
  }

  /// A name, '_', an integer or a negative integer (the converter's
  /// convertExpr for those shapes).
  bool parseSimple(Operand &O) {
    char C = peek();
    if (C == '_' && !(isWordChar(peekAt(1)) || peekAt(1) == '$')) {
      O.Kind = OperandKind::Sink;
      O.Range = {Pos, Pos + 1};
      ++Pos;
      O.Text = File.slice(O.Range);
      char After = peek();
      return !(After == '.' || After == ':' || After == '(' || After == '|');
    }
    if (isAlpha(C) || C == '_' || C == '$' || C == '%') {
      SourceRange R;
      if (!lexIdent(R))
        return false;
      O.Kind = OperandKind::Name;
      O.Range = R;
      O.Text = File.slice(R);
      return true;
    }
    bool Neg = false;
    uint32_t B = Pos;
    if (C == '-') {
      Neg = true;
      ++Pos;
      skipSpace();
    }
    SourceRange R;
    int64_t V = 0;
    if (!lexInt(R, V))
      return false;
    O.Kind = OperandKind::IntImm;
    O.Range = {B, R.End};
    O.Text = File.slice(O.Range);
    O.IntValue = Neg ? static_cast<int64_t>(0 - static_cast<uint64_t>(V)) : V;
    return true;
  }

  bool parseOperand(Operand &O) {
    char C = peek();
    if (C == '{') {
      uint32_t B = Pos++;
      skipSpace();
      llvm::SmallVector<Operand, 8> Elems;
      for (;;) {
        Operand E;
        if (!parseOperand(E))
          return false;
        Elems.push_back(E);
        skipSpace();
        if (peek() == ',') {
          ++Pos;
          skipSpace();
          continue;
        }
        break;
      }
      if (peek() != '}')
        return false;
      ++Pos;
      O.Kind = OperandKind::Vector;
      O.Range = {B, Pos};
      O.Elements = Ctx.copy<Operand>(Elems);
      return true;
    }
    if (C == '[')
      return parseAddress(O);
    if (C == '!') {
      uint32_t B = Pos++;
      skipSpace();
      SourceRange R;
      if (!lexIdent(R))
        return false;
      O.Kind = OperandKind::Name;
      O.Negated = true;
      O.Range = {B, R.End};
      O.Text = File.slice(R);
      return true;
    }
    if (!parseSimple(O))
      return false;
    // Expressions (a+b, a|b, f(x)) are not in the subset.
    skipSpace();
    char After = peek();
    return After == ',' || After == ';' || After == '}' || After == ']';
  }

  /// [name], [name+int], [name-int], [int] (convertAddress).
  bool parseAddress(Operand &O) {
    uint32_t B = Pos++;
    skipSpace();
    Operand Base;
    if (!parseSimple(Base))
      return false;
    skipSpace();
    O.Kind = OperandKind::Address;
    if (peek() == '+' || peek() == '-') {
      if (Base.Kind != OperandKind::Name)
        return false;
      bool Minus = peek() == '-';
      ++Pos;
      skipSpace();
      SourceRange R;
      int64_t V = 0;
      if (!isDigit(peek()) || !lexInt(R, V))
        return false;
      skipSpace();
      if (peek() != ']')
        return false;
      ++Pos;
      O.Range = {B, Pos};
      O.HasOffset = true;
      O.IntValue = Minus ? static_cast<int64_t>(0 - static_cast<uint64_t>(V)) : V;
      O.Elements = Ctx.copy<Operand>({Base});
      return true;
    }
    if (peek() != ']')
      return false;
    ++Pos;
    O.Range = {B, Pos};
    if (Base.Kind == OperandKind::IntImm) {
      O.HasOffset = true;
      O.IntValue = Base.IntValue;
      return true;
    }
    O.Elements = Ctx.copy<Operand>({Base});
    return true;
  }

  const SourceFile &File;
  ASTContext &Ctx;
  llvm::StringRef Text;
  uint32_t Pos = 0;
};

} // namespace

const Instruction *parseInstructionFast(const SourceFile &File, ASTContext &Ctx) {
  return FastParser(File, Ctx).run();
}

bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms) {
  struct OneDecl {
    llvm::SmallVector<llvm::StringRef, 2> Attrs;
    llvm::SmallVector<Declarator, 4> Names;
  };
  llvm::SmallVector<OneDecl, 4> All;
  size_t P = 0;
  auto Space = [&] {
    while (P < Decls.size() && (Decls[P] == ' ' || Decls[P] == '\t' || Decls[P] == '\r' ||
                                Decls[P] == '\n' || Decls[P] == '\f'))
      ++P;
  };
  auto Word = [&](size_t From) {
    size_t E = From;
    while (E < Decls.size() && (isWordChar(Decls[E]) || Decls[E] == '$'))
      ++E;
    return E;
  };
  for (;;) {
    Space();
    if (P == Decls.size())
      break;
    if (!Decls.substr(P).startswith(".reg") ||
        isWordChar(Decls.substr(P + 4).empty() ? ' ' : Decls[P + 4]))
      return false;
    P += 4;
    OneDecl D;
    // Attributes: .vN and one type.
    for (;;) {
      Space();
      if (P >= Decls.size() || Decls[P] != '.')
        break;
      size_t E = Word(P + 1);
      if (E == P + 1)
        return false;
      D.Attrs.push_back(Decls.slice(P, E));
      P = E;
    }
    if (D.Attrs.empty() || D.Attrs.size() > 2)
      return false;
    for (;;) {
      Space();
      if (P >= Decls.size() ||
          !(Decls[P] == '%' || Decls[P] == '_' || Decls[P] == '$' || isAlpha(Decls[P])))
        return false;
      size_t E = Word(P + 1);
      if (E == P + 1 && Decls[P] != '%' && !isAlpha(Decls[P]))
        return false;
      Declarator Dc;
      Dc.Name = Decls.slice(P, E);
      P = E;
      Space();
      if (P < Decls.size() && Decls[P] == '<') {
        ++P;
        Space();
        size_t B = P;
        while (P < Decls.size() && isDigit(Decls[P]))
          ++P;
        uint64_t N = 0;
        if (P == B || Decls.slice(B, P).getAsInteger(10, N) || N > (1u << 24))
          return false;
        Dc.RangeCount = static_cast<int64_t>(N);
        Space();
        if (P >= Decls.size() || Decls[P] != '>')
          return false;
        ++P;
        Space();
      }
      D.Names.push_back(Dc);
      if (P < Decls.size() && Decls[P] == ',') {
        ++P;
        continue;
      }
      break;
    }
    if (P >= Decls.size() || Decls[P] != ';')
      return false;
    ++P;
    All.push_back(std::move(D));
  }
  for (OneDecl &D : All) {
    VarDecl V;
    V.StateSpace = ".reg";
    V.Attrs = D.Attrs;
    V.Declarators = D.Names;
    Syms.declare(V, nullptr);
  }
  return true;
}

} // namespace lint
} // namespace ptxlint
