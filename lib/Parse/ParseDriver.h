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

/// A token of the generated ANTLR lexer: its rule name (PTXLexer.g4) and
/// byte range.
struct AntlrToken {
  std::string Kind;
  uint32_t Begin, End;
};

/// Every token the generated ANTLR lexer makes of Text (no initializer
/// folding), EOF last: the reference the hand lexer (Lexer.h) is tested
/// against.
std::vector<AntlrToken> lexWithAntlr(llvm::StringRef Text);

} // namespace parsedriver
} // namespace ptxlint

#endif
