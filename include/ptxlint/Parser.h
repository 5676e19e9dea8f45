//===- Parser.h - parse PTX text into the AST -------------------*- C++ -*-===//
//
// The parser streams: it hands each top-level item and each body statement to
// a ParseSink as soon as it is parsed, so linting a file holds only the input,
// the current statement and the checker's symbol tables in memory. Asking for
// a built Module (parseModule) keeps every node instead.
//
// Syntax errors are reported with rule id "syntax" at the offending token;
// the parser then resynchronises at the next ';', '{' or '}' and goes on, so
// every syntax error in a file is reported. Nothing here throws.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_PARSER_H
#define PTXLINT_PARSER_H

#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"
#include "ptxlint/Source.h"

#include <memory>

namespace ptxlint {

/// Receives the parse as it happens. Nodes passed in are valid only during
/// the call unless the parse builds a Module.
class ParseSink {
public:
  virtual ~ParseSink();
  /// A top-level directive (.version, .target, .file, .section, ...).
  virtual void onDirective(const Directive &D) {}
  /// Whether the sink needs the contents of data: a .section's lines in
  /// Directive::Body, and each token of a large variable initializer in
  /// Declarator::Init. When false, they are parsed (syntax errors are
  /// reported) and dropped as they go, so a large DWARF section or data table
  /// costs no memory: Body is empty, and a large initializer in the plain
  /// subset of lib/Parse/InitScan.h is one token, its whole text.
  virtual bool wantsDataContents() const { return true; }
  /// Whether a module-scope .section reaches the sink a line at a time
  /// (onSectionBegin, onSectionLine, onSectionEnd) instead of as one
  /// onDirective with its whole Body, so that memory stays flat in the size
  /// of the section and of each of its lines (the streaming --emit). Ignored
  /// when the parse builds a Module.
  virtual bool wantsSectionLines() const { return false; }
  /// `.section name {`: Head has the name and its arguments, no Body.
  virtual void onSectionBegin(const Directive &Head) {}
  /// A line of the section: a label (IsLabel) or a data line `.bN v, ...`.
  /// A long data line comes in pieces of at most a few thousand tokens: the
  /// first has the Name (`.b8`), the next ones an empty Name and more Args;
  /// Continues is true on every piece but the line's last.
  virtual void onSectionLine(const Directive &Piece, bool Continues) {}
  /// The section's '}': Head is the directive of onSectionBegin.
  virtual void onSectionEnd(const Directive &Head) {}
  /// A module-scope variable declaration.
  virtual void onGlobalVar(const VarDecl &V) {}
  /// A function header; with a body, onStatement/onFunctionEnd follow.
  virtual void onFunctionBegin(const Function &F) {}
  virtual void onStatement(const Statement &S) {}
  virtual void onFunctionEnd(const Function &F) {}
  /// Called once after the last item.
  virtual void onEndOfFile() {}
};

struct ParseOptions {
  /// Maximum number of syntax errors reported before giving up (0: no limit).
  unsigned MaxSyntaxErrors = 200;
  /// Brace initializers of at least this many bytes in the plain subset of
  /// lib/Parse/InitScan.h are parsed without a parse tree (0: never). The
  /// AST is the same either way.
  size_t FoldInitializersFrom = 1024;
  /// Plain statements inside function bodies (instructions, labels, `.loc`)
  /// are parsed by a small recognizer instead of ANTLR (lib/Parse/
  /// FastStatement.h). The AST is the same either way; false is for tests.
  bool FastStatements = true;
};

/// Parses all of File, streaming into Sink (may be null). Diagnostics go to
/// Diags. Returns false if any syntax error was found.
bool parse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
           const ParseOptions &Opts = {});

/// Parses all of File into a Module that keeps every node. The Module's
/// StringRefs point into File, which must outlive it.
std::unique_ptr<Module> parseModule(const SourceFile &File, DiagnosticEngine &Diags,
                                    const ParseOptions &Opts = {});

/// Parses one instruction ("mma.sync.aligned... d, a, b, c;", with its ';')
/// from File's whole text into Ctx. Returns null on a syntax error.
/// (checkInstruction in Lint.h accepts text without the ';'.)
const Instruction *parseInstruction(const SourceFile &File, ASTContext &Ctx,
                                    DiagnosticEngine &Diags);

/// Parses File's whole text as one instruction (';' included, whitespace
/// around it allowed) with the parser's ANTLR-free recognizer only: a few
/// hundred nanoseconds for the usual shapes ([@[!]pred] opcode.quals
/// operands;). Returns null, reporting nothing, when the text is outside
/// that subset; parseInstruction then parses (and diagnoses) it. Both build
/// the same AST.
const Instruction *parseInstructionFast(const SourceFile &File, ASTContext &Ctx);

/// Reads Decls as register declarations only (`.reg [.vN] .type name[<N>],
/// ...;`, any number, comments between) with the same recognizer, nodes in
/// Ctx and names pointing into Decls. Appends each to Out and returns true;
/// returns false, appending nothing, when Decls holds anything else.
bool parseRegisterDeclarationsFast(std::string_view Decls, ASTContext &Ctx,
                                   std::vector<const VarDecl *> &Out);

/// Checks that the input looks like text (no NUL bytes, mostly printable).
/// Returns an empty string when it does, else the reason it does not.
std::string checkLooksLikeText(std::string_view Bytes);
/// The same for a whole file, read window by window (SourceFile::forEachWindow)
/// so that a mapped file does not stay resident.
std::string checkLooksLikeText(const SourceFile &File);

} // namespace ptxlint

#endif // PTXLINT_PARSER_H
