//===- FastStatement.h - ANTLR-free parse of plain statements --*- C++ -*-===//
//
// Most of a real PTX file is plain statements: `add.s32 %r1, %r2, 4;`,
// `$L__BB0_3:`, `.loc 1 42 7`. Building ANTLR tokens and a parse tree for
// each costs several times what ptxas spends on the whole file, so the parse
// driver first offers each statement inside a function body to these
// recognizers, and checkInstruction does the same for its one instruction.
// They handle the common shapes only,
//   [@[!]pred] opcode.quals operand, ... ;
// with operands that are names, '_', integers, 0f/0d floats, {vectors},
// [name], [name+-int], [int] and !pred; labels; `.loc` with its attributes;
// `.reg` declarations;
// and build exactly the AST the ANTLR converter would (unit tests compare
// the two on every statement of the corpus). They read the hand-written
// lexer's tokens (TokenCursor.h), so comments may stand between any two
// tokens. Anything else (decimal floats, expressions, errors) returns
// null/false without consuming anything and the caller uses the ANTLR
// parser, which stays the single authority.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_FASTSTATEMENT_H
#define PTXLINT_LIB_PARSE_FASTSTATEMENT_H

#include "ptxlint/AST.h"
#include "ptxlint/Source.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace ptxlint {
namespace parsedriver {

/// How deep brackets, braces, parentheses and unary and conditional
/// operators may nest in one statement. The parse recurses with the nesting
/// (ANTLR's rules and its prediction, the converter, the fast path), so the
/// limit keeps it on a 1 MB thread stack; deeper input is a syntax error at
/// the place the limit is passed (ptxas gives up at about 5,000 levels; real
/// PTX nests a few).
inline constexpr unsigned MaxNestingDepth = 256;
/// Nested scopes (`{` in a function body, the body's own included) ptxas
/// parses: its parser's stack runs out beyond 1,664 ("memory exhausted";
/// ptxas 13.0), and a little earlier when a statement deep inside is itself
/// deep. Deeper is a syntax error at the first '{' past the limit.
inline constexpr int MaxScopeDepth = 1664;

/// The first token of the next statement, as the recognizer that read the
/// statement before lexed it (its look-ahead), or as the first recognizer
/// offered a statement lexed it: the next recognizer that starts there takes
/// it instead of lexing it again. One per parse of one text; a recognizer
/// given none lexes everything itself.
struct TokenMemo {
  uint32_t Begin = UINT32_MAX, End = 0;
  uint8_t Kind = 0;
  /// The end of the statement the token follows (the look-ahead of a
  /// statement read whole), or UINT32_MAX.
  uint32_t After = UINT32_MAX;
};

/// One instruction starting at offset Begin of File (a token start) through
/// its ';'. On success End is the offset just past the ';'. Nodes go to Ctx.
const Instruction *parseInstructionAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                      uint32_t &End, TokenMemo *Memo = nullptr);

/// A register declaration `.reg .attr... name[<N>], ...;` at Begin (the
/// VarDecl the converter builds), in Ctx. End is the offset past the ';'.
const VarDecl *parseRegDeclAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                              uint32_t &End, TokenMemo *Memo = nullptr);
/// The same on a text that is no SourceFile.
const VarDecl *parseRegDeclAt(llvm::StringRef Text, uint32_t Begin, ASTContext &Ctx, uint32_t &End);

/// One line of a `.section` body at Begin: a data line `.bN v, v, ...` with
/// plain values, or a label. With Keep, Out is the Directive the converter
/// builds (tokens in Ctx). End is the offset past the line's last token.
bool parseSectionLineAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, bool Keep,
                        Directive &Out, uint32_t &End, TokenMemo *Memo = nullptr);

/// A section line as parseSectionLineAt reads it, handed to OnPiece as it is
/// read, in pieces of at most a few thousand tokens (ParseSink::onSectionLine):
/// memory stays flat in the length of the line. A line declined (false) has
/// handed out nothing. Piece tokens live until the next piece.
using SectionPieceFn = llvm::function_ref<void(const Directive &Piece, bool Continues)>;
bool parseSectionLineStreamedAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                SectionPieceFn OnPiece, uint32_t &End, TokenMemo *Memo = nullptr);

/// A function header at Begin (module scope), through its `{` or `;`: the
/// Function the converter builds, in Ctx. End is the offset past `{`/`;`.
Function *parseFunctionHeaderAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                uint32_t &End, TokenMemo *Memo = nullptr);

/// A label "name:" at Begin: Name is the name's range, End the offset past ':'.
/// Nothing is allocated in Ctx (the recognizers' cursor needs one).
bool parseLabelAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, SourceRange &Name,
                  uint32_t &End, TokenMemo *Memo = nullptr);

/// The `.loc` lines of one text read so far (FastLoc.cpp), by their exact
/// bytes up to the line break: a line read again hands back its arguments
/// without being read again (nvcc -lineinfo writes a few hundred distinct
/// lines thousands of times). A table of Slots lines, allocated on the
/// first; a line in a taken slot replaces the one there.
class LocCache {
public:
  LocCache();
  ~LocCache();
  LocCache(const LocCache &) = delete;
  LocCache &operator=(const LocCache &) = delete;

  /// The line at Begin, when it is one the cache takes (16 to MaxLine bytes
  /// before its '\n' or the end of the text); else empty.
  static llvm::StringRef lineAt(llvm::StringRef Text, uint32_t Begin);
  /// Line's arguments (views of Line, in an array of Ctx) and the end of
  /// its last one (an offset in Line), when the same bytes were stored.
  bool lookup(llvm::StringRef Line, ASTContext &Ctx, Span<std::string_view> &Args,
              uint32_t &LastEnd) const;
  void store(llvm::StringRef Line, llvm::ArrayRef<llvm::StringRef> Args, uint32_t LastEnd);

private:
  static constexpr size_t Slots = 512, MaxLine = 200, MaxArgs = 24;
  static size_t slot(const char *P, size_t Len);
  struct Entry;
  std::unique_ptr<Entry[]> Table;
};

/// ".loc F L C" at Begin, with nvcc's `, function_name sym [+ N]` and
/// `, inlined_at F L C` attributes: the directive as the converter builds
/// it, in Ctx. End is the offset past its last token. With a Cache, a line
/// read before is not read again.
const Directive *parseLocAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx, uint32_t &End,
                            TokenMemo *Memo = nullptr, LocCache *Cache = nullptr);

/// A directive the grammar reads as genericDirective (`.pragma "nounroll";`,
/// `.maxnreg 32;` in a body, at module scope): a DOTNAME, then names,
/// numbers, strings and commas, then ';'; read with the hand lexer
/// (Lexer.h). The directive as the converter builds it, in Ctx. End is the
/// offset past the ';'. Anything else in the arguments: null.
const Directive *parseGenericDirectiveAt(const SourceFile &File, uint32_t Begin, ASTContext &Ctx,
                                         uint32_t &End, TokenMemo *Memo = nullptr);

/// Moves Pos past whitespace and comments as the lexer skips them. False on
/// an unterminated block comment (Pos is then at its '/'). Defined with the
/// lexer (Lexer.cpp), which skips them the same way.
bool skipSpaceAndComments(llvm::StringRef Text, size_t &Pos);

/// Lexes Text whole and calls Fn(Ctx, Begin, End, IsString) for each
/// comment the lexer skips and each STRING token (Lexer::watchText).
void forEachCommentAndString(llvm::StringRef Text,
                             void (*Fn)(void *Ctx, uint32_t Begin, uint32_t End, bool IsString),
                             void *Ctx);

/// Where the statement after offset From starts: skipSpaceAndComments from
/// From, or the memo's token when it is the look-ahead past a statement
/// ending at From (no byte is read again). False on an unterminated block
/// comment.
bool nextStatementAt(llvm::StringRef Text, size_t From, const TokenMemo &Memo, size_t &Pos);

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_FASTSTATEMENT_H
