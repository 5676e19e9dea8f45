//===- ASTBuilder.h - AST nodes from token texts, for both parsers -*- C++ -*-===//
//
// The one place that turns token texts into AST values: literal decoding,
// negated numbers, address folding, opcode/qualifier splitting and
// directives from their tokens. The ANTLR converter (Converter.cpp) and the
// fast recognizers (FastStatement.cpp, FastDeclarations.cpp) both build
// their nodes through these, so the two parses cannot drift apart in what a
// token means; they differ only in which statements they recognize.
// ANTLR-free.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_ASTBUILDER_H
#define PTXLINT_LIB_PARSE_ASTBUILDER_H

#include "ptxlint/AST.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace parsedriver {
namespace build {

/// An INT token's value (PTXLexer.g4: 0x.., 0b.., decimal with a leading 0
/// read as octal, an optional U), decoded by Support/IntLiteral.h. False
/// when it does not fit 64 bits (Out is then its low 64 bits) or is not a
/// valid number in its radix (e.g. "09").
bool decodeInteger(llvm::StringRef Lit, int64_t &Out);

/// A FLOAT_HEX / DOUBLE_HEX token's IEEE bits (0f: the low 32 bits as a
/// float), or a DEC_FLOAT's value.
double decodeFloat(llvm::StringRef Lit);

/// Two's complement negation, without signed overflow.
inline int64_t negate(int64_t V) { return static_cast<int64_t>(0 - static_cast<uint64_t>(V)); }

/// An integer operand: the literal token Lit, negated when a '-' precedes
/// it; R covers the '-' too and Text is the source of R.
Operand intOperand(llvm::StringRef Lit, bool Negate, SourceRange R, llvm::StringRef Text);
/// The same for a literal already decoded (decodeInteger) to Value.
Operand intOperand(int64_t Value, bool Negate, SourceRange R, llvm::StringRef Text);

/// A floating-point operand, as intOperand.
Operand floatOperand(llvm::StringRef Lit, bool Negate, SourceRange R, llvm::StringRef Text);

/// `[Base + Off]` / `[Base - Off]`: folded into one address with an offset
/// when Base is a name and Off an integer (true); false otherwise (the
/// address is then an expression).
bool foldAddress(Operand &Addr, const Operand &Base, const Operand &Off, bool Minus,
                 ASTContext &Ctx);

/// `[Only]`: an integer is the address's offset, anything else its one
/// element.
void addressOf(Operand &Addr, const Operand &Only, ASTContext &Ctx);

/// OpcodeSplitter for an opcode written as one token (the fast path's
/// instructions): the qualifiers go straight into arrays of Ctx, in one
/// pass over the token.
void splitOpcode(Instruction &I, llvm::StringRef Full, uint32_t Begin, ASTContext &Ctx);

/// Splits an opcode token ("mma.sync.aligned") and the parts written
/// after whitespace or a comment (".m16n8k16", one token each) into the
/// opcode and its qualifiers, each with its range.
class OpcodeSplitter {
public:
  /// The opcode token Full, starting at byte Begin.
  OpcodeSplitter(Instruction &I, llvm::StringRef Full, uint32_t Begin);
  /// A further part (a token starting with '.') at byte Begin.
  void addPart(llvm::StringRef Part, uint32_t Begin) { split(Part, Begin, 0); }
  /// Stores the qualifiers in I (arrays in Ctx).
  void finish(ASTContext &Ctx);

private:
  void split(llvm::StringRef Part, uint32_t Begin, size_t From);

  Instruction &I;
  llvm::SmallVector<llvm::StringRef, 12> Quals;
  llvm::SmallVector<SourceRange, 12> Ranges;
};

/// A directive from its tokens: the first is its name, the rest its
/// arguments, a final ';' (not the only token) sets HasSemicolon instead.
void directiveFromTokens(Directive &D, llvm::ArrayRef<llvm::StringRef> Toks, ASTContext &Ctx);

} // namespace build
} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_ASTBUILDER_H
