//===- ParseDriver.h - the ANTLR-free interface to the driver ---*- C++ -*-===//
#ifndef PTXLINT_LIB_PARSE_PARSEDRIVER_H
#define PTXLINT_LIB_PARSE_PARSEDRIVER_H

#include "ptxlint/Parser.h"

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

} // namespace parsedriver
} // namespace ptxlint

#endif
