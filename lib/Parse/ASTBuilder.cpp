//===- ASTBuilder.cpp - AST nodes from token texts, for both parsers ------===//
#include "Parse/ASTBuilder.h"
#include "Support/IntLiteral.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {
namespace build {

using llvm::StringRef;

bool decodeInteger(StringRef Lit, int64_t &Out) {
  IntLiteral L = decodeIntLiteral(Lit);
  if (L.State == IntLiteral::Invalid)
    return false;
  Out = static_cast<int64_t>(L.Value); // a wider literal: its low 64 bits
  return L.State == IntLiteral::Fits;
}

double decodeFloat(StringRef Lit) {
  if (Lit.size() > 2 && Lit[0] == '0' && (Lit[1] == 'f' || Lit[1] == 'F')) {
    uint64_t Bits = 0;
    Lit.drop_front(2).getAsInteger(16, Bits);
    uint32_t B32 = static_cast<uint32_t>(Bits);
    float F;
    std::memcpy(&F, &B32, sizeof F);
    return F;
  }
  if (Lit.size() > 2 && Lit[0] == '0' && (Lit[1] == 'd' || Lit[1] == 'D')) {
    uint64_t Bits = 0;
    Lit.drop_front(2).getAsInteger(16, Bits);
    double D;
    std::memcpy(&D, &Bits, sizeof D);
    return D;
  }
  double D = 0;
  Lit.getAsDouble(D, /*AllowInexact=*/true);
  return D;
}

Operand intOperand(StringRef Lit, bool Negate, SourceRange R, StringRef Text) {
  int64_t V = 0;
  decodeInteger(Lit, V);
  return intOperand(V, Negate, R, Text);
}

Operand intOperand(int64_t Value, bool Negate, SourceRange R, StringRef Text) {
  Operand Op;
  Op.Kind = OperandKind::IntImm;
  Op.Range = R;
  Op.Text = Text;
  Op.IntValue = Negate ? negate(Value) : Value;
  return Op;
}

Operand floatOperand(StringRef Lit, bool Negate, SourceRange R, StringRef Text) {
  Operand Op;
  Op.Kind = OperandKind::FloatImm;
  Op.Range = R;
  Op.Text = Text;
  double D = decodeFloat(Lit);
  Op.FloatValue = Negate ? -D : D;
  return Op;
}

bool foldAddress(Operand &Addr, const Operand &Base, const Operand &Off, bool Minus,
                 ASTContext &Ctx) {
  if (Base.Kind != OperandKind::Name || Off.Kind != OperandKind::IntImm)
    return false;
  Addr.Kind = OperandKind::Address;
  Addr.Elements = Ctx.copy<Operand>({Base});
  Addr.HasOffset = true;
  Addr.IntValue = Minus ? negate(Off.IntValue) : Off.IntValue;
  return true;
}

void addressOf(Operand &Addr, const Operand &Only, ASTContext &Ctx) {
  Addr.Kind = OperandKind::Address;
  if (Only.Kind == OperandKind::IntImm) {
    Addr.HasOffset = true;
    Addr.IntValue = Only.IntValue;
    return;
  }
  Addr.Elements = Ctx.copy<Operand>({Only});
}

void splitOpcode(Instruction &I, StringRef Full, uint32_t Begin, ASTContext &Ctx) {
  // OpcodeSplitter's parts: each '.' after the opcode starts one, up to the
  // next '.' or the token's end.
  const char *S = Full.data(), *E = S + Full.size();
  const char *Dot = static_cast<const char *>(std::memchr(S, '.', Full.size()));
  if (!Dot) {
    I.Opcode = Full;
    return;
  }
  I.Opcode = std::string_view(S, static_cast<size_t>(Dot - S));
  size_t N = 0;
  for (const char *P = Dot; P != E; ++P)
    N += *P == '.';
  auto *Quals = static_cast<std::string_view *>(
      Ctx.allocate(sizeof(std::string_view) * N, alignof(std::string_view)));
  auto *Ranges =
      static_cast<SourceRange *>(Ctx.allocate(sizeof(SourceRange) * N, alignof(SourceRange)));
  size_t K = 0;
  for (const char *Q = Dot; Q != E;) {
    const char *Next = Q + 1;
    while (Next != E && *Next != '.')
      ++Next;
    uint32_t B = Begin + static_cast<uint32_t>(Q - S);
    new (&Quals[K]) std::string_view(Q, static_cast<size_t>(Next - Q));
    new (&Ranges[K]) SourceRange(B, B + static_cast<uint32_t>(Next - Q));
    ++K;
    Q = Next;
  }
  I.Qualifiers = {Quals, N};
  I.QualifierRanges = {Ranges, N};
}

OpcodeSplitter::OpcodeSplitter(Instruction &I, StringRef Full, uint32_t Begin) : I(I) {
  size_t Dot = Full.find('.');
  I.Opcode = Full.substr(0, Dot);
  split(Full, Begin, Dot);
}

void OpcodeSplitter::split(StringRef Part, uint32_t Begin, size_t From) {
  size_t Pos = From;
  while (Pos != StringRef::npos && Pos < Part.size()) {
    size_t Next = Part.find('.', Pos + 1);
    StringRef Q = Part.slice(Pos, Next == StringRef::npos ? Part.size() : Next);
    Quals.push_back(Q);
    Ranges.push_back(
        {Begin + static_cast<uint32_t>(Pos), Begin + static_cast<uint32_t>(Pos + Q.size())});
    Pos = Next;
  }
}

void OpcodeSplitter::finish(ASTContext &Ctx) {
  if (Quals.empty())
    return;
  I.Qualifiers = Ctx.copy<std::string_view>(Quals);
  I.QualifierRanges = Ctx.copy<SourceRange>(Ranges);
}

void directiveFromTokens(Directive &D, llvm::ArrayRef<StringRef> Toks, ASTContext &Ctx) {
  if (Toks.empty())
    return;
  D.Name = Toks.front();
  if (Toks.size() > 1 && Toks.back() == ";") {
    D.HasSemicolon = true;
    Toks = Toks.drop_back();
  }
  D.Args = Ctx.copy<std::string_view>(Toks.drop_front());
}

} // namespace build
} // namespace parsedriver
} // namespace ptxlint
