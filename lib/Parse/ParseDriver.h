//===- ParseDriver.h - the ANTLR-free interface to the driver ---*- C++ -*-===//
#ifndef PTXLINT_LIB_PARSE_PARSEDRIVER_H
#define PTXLINT_LIB_PARSE_PARSEDRIVER_H

#include "ptxlint/Parser.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace parsedriver {

enum class UnitMode {
  File,              ///< a whole .ptx file
  SingleInstruction, ///< statements as if inside a function body
};

/// Runs the streaming parse. With Built, every node is kept in Built->Ctx and
/// the module's items are recorded; with Persist (and no Built), nodes are
/// kept in Persist; otherwise nodes live only during the sink callback.
bool runParse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
              const ParseOptions &Opts, Module *Built, UnitMode Mode,
              ASTContext *Persist = nullptr);

/// A token as ANTLR's parser sees it: its rule name (PTXLexer.g4), byte
/// range, line (from 1), column (from 0), channel and text.
struct AntlrToken {
  std::string Kind;
  uint32_t Begin, End;
  size_t Line = 0, Col = 0, Channel = 0;
  std::string Text;
};

/// Every token that ANTLR's parser would read from Text (no initializer
/// folding), EOF last: from the generated ANTLR lexer, the declared
/// specification that the hand lexer (Lexer.h) is tested against, or, with
/// HandLexer, from the token source the parser uses (LexerTokenSource.h).
std::vector<AntlrToken> lexWithAntlr(llvm::StringRef Text, bool HandLexer = false);

} // namespace parsedriver
} // namespace ptxlint

#endif
