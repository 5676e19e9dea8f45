//===- StreamParser.h - the streaming parse driver's state -----*- C++ -*-===//
//
// The one parse of one file that ParseDriver.cpp runs: its ANTLR machinery,
// the scope state both paths share (function, depth, open section), the
// arenas and the fast path's memos. Private to lib/Parse: ParseDriver.cpp
// holds the driver loop, the fast path and the scope state;
// ParseAntlr.cpp the statements ANTLR parses, their error recovery and
// their conversion to AST nodes.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_STREAMPARSER_H
#define PTXLINT_LIB_PARSE_STREAMPARSER_H

#include "Parse/AntlrConverter.h"
#include "Parse/FastStatement.h"
#include "Parse/ParseDriver.h"

namespace ptxlint {
namespace parsedriver {

/// What ANTLR is asked to parse at a statement start.
enum class Entry { Unit, SectionBegin, SectionLine };

/// One parse of one file: the ANTLR machinery, the scope state shared by
/// both paths (function, depth, open section) and the arenas.
class StreamParser {
public:
  StreamParser(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
               const ParseOptions &Opts, Module *Built, UnitMode Mode, ASTContext *Persist);

  /// Parses the whole file; true when it has no syntax error.
  bool run();

private:
  // Scope state and what the statements become.
  void syntaxError(SourceRange R, std::string Msg);
  void emitStatement(Statement &S);
  void beginFunction(Function *F);
  void endFunction(SourceRange EndRange);
  void onBrace(bool Open, SourceRange R);
  void closeSection(SourceRange R);
  void enterBrokenBody();
  void statementDone();

  // The fast path: a statement at byte B, taken whole or declined.
  bool tryFast(uint32_t B);
  uint32_t fastModuleScope(uint32_t B);
  uint32_t fastSectionLine(uint32_t B);
  uint32_t fastBodyStatement(uint32_t B);
  /// Offers the statements after the last fast one to the fast path until
  /// one is declined; then ANTLR's lexer goes on from there.
  void fastRun();

  // ANTLR.
  void parseOne();
  antlr4::ParserRuleContext *parseEntry(Entry What);
  antlr4::ParserRuleContext *parseWithRetry(Entry What, size_t Start, Token *&Offending,
                                            std::string &Expected);
  std::string expectedText(antlr4::RecognitionException &RE);
  bool skipTooDeep(Entry What);
  void recover(size_t Start, Token *Offending, const std::string &Expected);
  SourceRange ptxasAnchor(size_t Start, Token *Offending, SourceRange R, std::string &Msg);
  void skipToSync(bool Consumed);
  void finishUnit();
  void convertSectionPiece(Entry What, antlr4::ParserRuleContext *Parsed);
  /// Reports and clears the converter's problems (Converter::Problems).
  void reportProblems();
  void convertUnit(PTXParser::UnitContext *U);
  void convertDirective(PTXParser::UnitContext *U);
  void finishFile();

  const SourceFile &File;
  const StringRef Text;
  ParseSink *Sink;
  DiagnosticEngine &Diags;
  const ParseOptions &Opts;
  Module *Built;
  const UnitMode Mode;
  const bool FastOk;

  ByteCharStream Chars;
  LexerTokenSource Source;
  StreamingTokenStream Tokens;
  PTXParser Parser;
  antlr4::atn::ParserATNSimulator *Sim = nullptr;
  Converter Conv;

  ASTContext StmtArena, FuncArena; // streaming: freed per statement / function
  ASTContext *Persist;
  ASTContext &Keep;      // nodes that outlive the statement
  ASTContext &Transient; // nodes of one statement

  unsigned SyntaxErrors = 0;
  bool GaveUp = false;
  int Depth = 0;               // 0: module scope; 1: function body; >1 nested
  Function *CurFunc = nullptr; // header of the function being parsed
  Function ErrorFunc;          // stands in for a header that failed to parse

  // The module-scope .section being streamed (null outside one), and its
  // lines when someone wants them (see ParseSink::wantsDataContents).
  Directive *Section = nullptr;
  std::vector<Directive> SectionLines;
  bool KeepSectionLines;
  // The sink takes the section a line at a time (ParseSink::wantsSectionLines).
  bool StreamSections;

  // Where the last fast statement ended (FastEnd), and a byte (KnownOff,
  // at or before it) whose line and column are known, for ANTLR's lexer to
  // go on (syncLines).
  size_t FastEnd = 0, KnownOff = 0, KnownLine = 1, KnownCol = 0;
  bool AfterFast = false;
  // The first token of the statement the fast path is offered next, lexed
  // once for all its recognizers (FastStatement.h).
  TokenMemo Memo;
  /// The `.loc` lines read so far.
  LocCache Locs;

  // A mapped file's pages behind the statement being parsed go back to the
  // kernel every ReleaseStep bytes (SourceFile::releaseRange): what the AST
  // and the checker still point at stays valid and is read again if needed.
  static constexpr size_t ReleaseStep = size_t(256) * 1024, ReleaseLag = size_t(64) * 1024;
  size_t Released = 0;
  void releaseBehind(size_t Off);
  void syncLines(size_t To);
};

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_STREAMPARSER_H
