//===- ParseDriver.cpp - the streaming parse driver ------------------------===//
//
// Drives the generated parser one `unit` (statement) at a time, converts each
// unit's parse tree to AST nodes, hands them to the ParseSink and frees the
// tree and the consumed tokens, so memory stays flat whatever the file size.
// Plain statements skip ANTLR altogether (FastStatement.h): each statement
// start is first offered to the fast recognizers, which either build its
// node and say where it ends, or decline without consuming anything, and
// ANTLR parses the statement from the same place. A module-scope .section is
// parsed one line at a time. Prediction runs in SLL mode and falls back to
// full LL only for a unit that fails in SLL (then the error, if any, is
// real).
//
//===----------------------------------------------------------------------===//

#include "Parse/ParseDriver.h"
#include "Parse/AntlrConverter.h"
#include "Parse/FastStatement.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

namespace {

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

  // Where the last fast statement ended (FastEnd) and the line and column
  // there, counted while the bytes are hot, for ANTLR's lexer to go on.
  size_t FastEnd = 0, KnownOff = 0, KnownLine = 1, KnownCol = 0;
  bool AfterFast = false;
  // The first token of the statement the fast path is offered next, lexed
  // once for all its recognizers (FastStatement.h).
  TokenMemo Memo;

  // A mapped file's pages behind the statement being parsed go back to the
  // kernel every ReleaseStep bytes (SourceFile::releaseRange): what the AST
  // and the checker still point at stays valid and is read again if needed.
  static constexpr size_t ReleaseStep = size_t(256) * 1024, ReleaseLag = size_t(64) * 1024;
  size_t Released = 0;
  void releaseBehind(size_t Off);
};

StreamParser::StreamParser(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
                           const ParseOptions &Opts, Module *Built, UnitMode Mode,
                           ASTContext *PersistIn)
    : File(File), Text(File.text()), Sink(Sink), Diags(Diags), Opts(Opts), Built(Built), Mode(Mode),
      FastOk(Opts.FastStatements && Mode == UnitMode::File),
      Chars(File.text(), std::string(File.name())),
      Source(&Chars, File.text(), Opts.FoldInitializersFrom), Tokens(&Source), Parser(&Tokens),
      Conv(File), Persist(Built ? &Built->Ctx : PersistIn), Keep(Persist ? *Persist : FuncArena),
      Transient(Persist ? *Persist : StmtArena),
      KeepSectionLines(Built || (Sink && Sink->wantsDataContents())),
      StreamSections(!Built && Sink && Sink->wantsSectionLines()) {
  Parser.removeErrorListeners();
  Parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  Conv.KeepData = KeepSectionLines;
  if (Mode == UnitMode::SingleInstruction)
    Depth = 1;
}

//===----------------------------------------------------------------------===//
// Scope state
//===----------------------------------------------------------------------===//

void StreamParser::syntaxError(SourceRange R, std::string Msg) {
  ++SyntaxErrors;
  if (Opts.MaxSyntaxErrors && SyntaxErrors > Opts.MaxSyntaxErrors) {
    if (!GaveUp)
      Diags.report(Rule::Syntax, R, "too many syntax errors; stopping here");
    GaveUp = true;
    return;
  }
  Diags.report(Rule::Syntax, R, std::move(Msg));
}

void StreamParser::emitStatement(Statement &S) {
  if (Built && CurFunc)
    CurFunc->Body.push_back(Built->Ctx.create<Statement>(S));
  if (Sink)
    Sink->onStatement(S);
}

/// A function header at module scope: its body follows, or it is a
/// prototype and ends here.
void StreamParser::beginFunction(Function *F) {
  if (Built)
    Built->Items.push_back({ItemKind::Function, nullptr, nullptr, F});
  if (Sink)
    Sink->onFunctionBegin(*F);
  if (F->HasBody) {
    CurFunc = F;
    Depth = 1;
  } else if (Sink) {
    Sink->onFunctionEnd(*F);
  }
}

void StreamParser::endFunction(SourceRange EndRange) {
  if (CurFunc && CurFunc != &ErrorFunc) {
    CurFunc->Range = CurFunc->Range.cover(EndRange);
    if (Sink)
      Sink->onFunctionEnd(*CurFunc);
  }
  CurFunc = nullptr;
  if (!Persist)
    FuncArena.reset();
}

/// A body whose header failed to parse: its statements are parsed anyway.
void StreamParser::enterBrokenBody() {
  CurFunc = &ErrorFunc;
  Depth = 1;
}

/// A '{' or '}' unit: a nested scope, or the end of the function body.
void StreamParser::onBrace(bool Open, SourceRange R) {
  Statement S;
  S.Range = R;
  if (Open) {
    if (Depth == 0) {
      syntaxError(R, "'{' outside a function body");
      enterBrokenBody();
      return;
    }
    if (++Depth == MaxScopeDepth + 1)
      syntaxError(R, "scopes nested too deep: more than " + std::to_string(MaxScopeDepth) +
                         " levels of '{' in a function body (ptxas's parser runs out of "
                         "memory); use fewer nested blocks");
    S.Kind = StmtKind::ScopeBegin;
    emitStatement(S);
  } else if (Depth == 0 || (Depth == 1 && Mode == UnitMode::SingleInstruction)) {
    syntaxError(R, "unmatched '}'");
  } else if (Depth == 1) {
    Depth = 0;
    endFunction(R);
  } else {
    --Depth;
    S.Kind = StmtKind::ScopeEnd;
    emitStatement(S);
  }
}

/// The '}' of a module-scope section: the section is complete.
void StreamParser::closeSection(SourceRange R) {
  Section->Range = Section->Range.cover(R);
  if (StreamSections) {
    Sink->onSectionEnd(*Section);
    Section = nullptr;
    return;
  }
  Section->Body = Keep.copy<Directive>(SectionLines);
  SectionLines.clear();
  SectionLines.shrink_to_fit();
  if (Built)
    Built->Items.push_back({ItemKind::Directive, Section, nullptr, nullptr});
  if (Sink)
    Sink->onDirective(*Section);
  Section = nullptr;
}

void StreamParser::statementDone() {
  if (!Persist)
    StmtArena.reset();
}

void StreamParser::releaseBehind(size_t Off) {
  if (File.isMapped() && Off >= Released + ReleaseStep + ReleaseLag) {
    File.releaseRange(Released, Off - ReleaseLag);
    Released = Off - ReleaseLag;
  }
}

//===----------------------------------------------------------------------===//
// The fast path
//===----------------------------------------------------------------------===//

/// A function header or a plain directive at module scope; 0 when declined.
uint32_t StreamParser::fastModuleScope(uint32_t B) {
  uint32_t End = 0;
  if (Text[B] != '.')
    return 0;
  if (Function *F = parseFunctionHeaderAt(File, B, Keep, End, &Memo)) {
    beginFunction(F);
  } else if (const Directive *D = parseGenericDirectiveAt(File, B, Keep, End, &Memo)) {
    if (Built)
      Built->Items.push_back({ItemKind::Directive, D, nullptr, nullptr});
    if (Sink)
      Sink->onDirective(*D);
  }
  return End;
}

/// A line of the module-scope section being streamed, or its '}'.
uint32_t StreamParser::fastSectionLine(uint32_t B) {
  if (Text[B] == '}') {
    closeSection({B, B + 1});
    return B + 1;
  }
  uint32_t End = 0;
  if (StreamSections) {
    parseSectionLineStreamedAt(
        File, B, Transient,
        [&](const Directive &Piece, bool More) { Sink->onSectionLine(Piece, More); }, End, &Memo);
    return End;
  }
  Directive Line;
  if (parseSectionLineAt(File, B, Keep, KeepSectionLines, Line, End, &Memo) && KeepSectionLines)
    SectionLines.push_back(Line);
  return End;
}

/// A plain statement of a function body: a brace, `.loc`, `.reg`, a plain
/// directive, an instruction or a label.
uint32_t StreamParser::fastBodyStatement(uint32_t B) {
  char C = Text[B];
  uint32_t End = 0;
  Statement S;
  if (C == '{' || C == '}') {
    onBrace(C == '{', {B, B + 1});
    return B + 1;
  }
  if (C == '.') {
    const Directive *D = parseLocAt(File, B, Transient, End, &Memo);
    const VarDecl *V = D ? nullptr : parseRegDeclAt(File, B, Transient, End, &Memo);
    if (V) {
      S.Kind = StmtKind::VarDecl;
      S.Var = V;
      S.Range = V->Range;
    } else if (D || (D = parseGenericDirectiveAt(File, B, Transient, End, &Memo))) {
      S.Kind = StmtKind::Directive;
      S.Dir = D;
      S.Range = D->Range;
    } else {
      return 0;
    }
  } else if (const Instruction *I = parseInstructionAt(File, B, Transient, End, &Memo)) {
    S.Kind = StmtKind::Instruction;
    S.Inst = I;
    S.Range = I->Range;
  } else {
    SourceRange Name;
    if (!parseLabelAt(File, B, Name, End, &Memo))
      return 0;
    S.Kind = StmtKind::Label;
    S.Range = {B, End};
    S.LabelName = File.slice(Name);
  }
  emitStatement(S);
  return End;
}

/// One statement at byte B (a token start); true when the fast path took
/// it (nothing is consumed otherwise).
bool StreamParser::tryFast(uint32_t B) {
  uint32_t End = Section      ? fastSectionLine(B)
                 : Depth == 0 ? fastModuleScope(B)
                              : fastBodyStatement(B);
  if (!End)
    return false;
  // Keep the line count while the bytes are hot (a count over the whole
  // body at the end would bring a released file back into memory).
  // Most statements hold one line break (the one before them): memchr
  // jumps to it and finds the last one on the way.
  const char *S = Text.data() + KnownOff, *E = Text.data() + End, *Last = nullptr;
  size_t NL = 0;
  while (const void *Q = std::memchr(S, '\n', E - S)) {
    ++NL;
    Last = static_cast<const char *>(Q);
    S = Last + 1;
  }
  KnownLine += NL;
  KnownCol = NL ? E - Last - 1 : KnownCol + (End - KnownOff);
  KnownOff = FastEnd = End;
  AfterFast = true;
  statementDone();
  return true;
}

void StreamParser::fastRun() {
  for (;;) {
    size_t P = FastEnd;
    if (GaveUp || !nextStatementAt(Text, FastEnd, Memo, P) || P >= Text.size())
      break;
    releaseBehind(P);
    if (!tryFast(static_cast<uint32_t>(P)))
      break;
  }
  // ANTLR's lexer goes on where the last fast statement ended.
  Tokens.resumeAt(FastEnd, KnownLine, KnownCol, Source);
  AfterFast = false;
}

//===----------------------------------------------------------------------===//
// The driver loop
//===----------------------------------------------------------------------===//

namespace {
/// The non-ASCII characters inside the comments and strings the lexer
/// passes: the first of each line, over its UTF-8 sequence.
struct NonAsciiScan {
  StringRef T;
  DiagnosticEngine &Diags;
  size_t Reported = SIZE_MAX; ///< the offset of the last report

  static void onText(void *Self, uint32_t Begin, uint32_t End, bool IsString) {
    static_cast<NonAsciiScan *>(Self)->scan(Begin, End, IsString);
  }
  void scan(size_t I, size_t End, bool IsString) {
    for (; I < End; ++I) {
      if (!(static_cast<unsigned char>(T[I]) & 0x80))
        continue;
      // One report per line: none since the last line break.
      if (Reported != SIZE_MAX && !T.slice(Reported, I).contains('\n'))
        continue;
      Reported = I;
      size_t E = I + 1;
      while (E < T.size() && E < I + 4 && (static_cast<unsigned char>(T[E]) & 0xC0) == 0x80)
        ++E;
      std::string Hex;
      for (size_t K = I; K < E; ++K)
        Hex += (K > I ? " " : "") + llvm::utohexstr(static_cast<unsigned char>(T[K]), false, 2);
      Diags.report(Rule::Syntax, {static_cast<uint32_t>(I), static_cast<uint32_t>(E)},
                   std::string("non-ASCII character (") + Hex + ") in a " +
                       (IsString ? "string" : "comment") +
                       "; ptxas accepts only ASCII text, comments and strings included: write it "
                       "in ASCII");
    }
  }
};
} // namespace

/// ptxas accepts only ASCII ("Unexpected non-ASCII character encountered",
/// ptxas 13.0), in comments and strings too. Outside them the lexer reports
/// the byte; here, the first non-ASCII character of each line inside a
/// comment or a string, over its UTF-8 sequence. The comments and strings
/// are the lexer's (issue 11: one lexer), read ahead of the parse so that
/// these come first, and only when the file has a byte >= 0x80 (rare:
/// checkLooksLikeText records it on its pass).
static void reportNonAsciiInComments(const SourceFile &File, DiagnosticEngine &Diags) {
  bool High = false;
  if (SourceFile::ByteFacts F = File.byteFacts(); F.Known)
    High = F.HighBytes; // checkLooksLikeText has read every byte
  else
    File.forEachWindow([&](StringRef W, size_t) {
      unsigned char Or = 0;
      for (unsigned char C : W)
        Or |= C;
      High = Or & 0x80;
      return !High;
    });
  if (!High)
    return;
  NonAsciiScan S{File.text(), Diags};
  forEachCommentAndString(File.text(), &NonAsciiScan::onText, &S);
}

bool StreamParser::run() {
  reportNonAsciiInComments(File, Diags);
  // A UTF-8 byte order mark: ptxas rejects it ("unexpected non-ASCII
  // character"), so it is an error, said in words; the rest is parsed.
  if (Text.startswith("\xEF\xBB\xBF")) {
    ++SyntaxErrors;
    Diags
        .report(Rule::Syntax, {0, 3},
                "unexpected UTF-8 byte order mark (EF BB BF) at the start of the file; ptxas "
                "rejects it: save the file without a byte order mark")
        .Fixes.push_back({{0, 3}, ""});
    Source.resumeAt(3, 1, 3); // nothing lexed yet
  }
  while (!GaveUp) {
    if (AfterFast) {
      fastRun();
      if (GaveUp)
        break;
    }
    if (Tokens.LA(1) == Token::EOF)
      break;
    Token *StartTok = Tokens.LT(1);
    releaseBehind(StartTok->getStartIndex());
    if (FastOk) {
      KnownOff = StartTok->getStartIndex();
      KnownLine = StartTok->getLine();
      KnownCol = StartTok->getCharPositionInLine();
      if (tryFast(static_cast<uint32_t>(KnownOff))) {
        Tokens.dropLookahead();
        Tokens.discardConsumed();
        continue;
      }
    }
    parseOne();
  }
  finishFile();
  return SyntaxErrors == 0;
}

/// The statement at the current token, through ANTLR.
void StreamParser::parseOne() {
  size_t La = Tokens.LA(1);
  Entry What = Section                                 ? Entry::SectionLine
               : Depth == 0 && La == PTXLexer::SECTION ? Entry::SectionBegin
                                                       : Entry::Unit;
  if (skipTooDeep(What))
    return;
  size_t Start = Tokens.index();
  Token *Offending = nullptr;
  std::string Expected;
  antlr4::ParserRuleContext *Parsed = parseWithRetry(What, Start, Offending, Expected);
  if (!Parsed) {
    recover(Start, Offending, Expected);
    return;
  }
  if (What == Entry::Unit) {
    convertUnit(static_cast<PTXParser::UnitContext *>(Parsed));
  } else {
    convertSectionPiece(What, Parsed);
  }
  finishUnit();
  statementDone();
}

void StreamParser::finishUnit() {
  Parser.getTreeTracker().reset();
  Tokens.discardConsumed();
}

antlr4::ParserRuleContext *StreamParser::parseEntry(Entry What) {
  switch (What) {
  case Entry::SectionBegin:
    return Parser.sectionBegin();
  case Entry::SectionLine:
    return Parser.sectionLine();
  case Entry::Unit:
    break;
  }
  return Parser.unit();
}

/// Too deep to parse (NestingScan.cpp): one error where the limit is
/// passed, and the statement is skipped as the scan delimited it.
bool StreamParser::skipTooDeep(Entry What) {
  NestingScan Nest = scanNesting(Tokens, What == Entry::SectionLine, MaxNestingDepth);
  if (Nest.TooDeep == NestingScan::None)
    return false;
  syntaxError(Converter::range(Tokens.ahead(Nest.TooDeep)),
              "nesting too deep: more than " + std::to_string(MaxNestingDepth) +
                  " levels of parentheses, brackets, braces or unary and conditional "
                  "operators in one statement (a ptx-lint limit)");
  for (size_t K = 0; K < Nest.End; ++K)
    Tokens.consume();
  if (Nest.StoppedAtBrace && Depth == 0 && What == Entry::Unit) {
    Tokens.consume(); // a function header's body: parse it anyway
    enterBrokenBody();
  }
  finishUnit();
  return true;
}

/// SLL first; when it fails, full LL before believing the error. On a real
/// error: null, with the offending token and what was expected there.
antlr4::ParserRuleContext *StreamParser::parseWithRetry(Entry What, size_t Start, Token *&Offending,
                                                        std::string &Expected) {
  try {
    return parseEntry(What);
  } catch (antlr4::ParseCancellationException &) {
  } catch (const std::bad_alloc &) {
    throw; // memory, not syntax: the entry point reports it
  } catch (...) {
    return nullptr;
  }
  Tokens.seek(Start);
  Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
  antlr4::ParserRuleContext *Parsed = nullptr;
  try {
    Parsed = parseEntry(What);
  } catch (antlr4::ParseCancellationException &PCE) {
    try {
      std::rethrow_if_nested(PCE);
    } catch (antlr4::RecognitionException &RE) {
      Offending = RE.getOffendingToken();
      Expected = expectedText(RE);
    } catch (const std::bad_alloc &) {
      throw;
    } catch (...) {
    }
  } catch (const std::bad_alloc &) {
    throw;
  } catch (...) {
  }
  Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  return Parsed;
}

/// "expected ..." for a recognition error: in words for the rules where a
/// token list would be long, else the tokens.
std::string StreamParser::expectedText(antlr4::RecognitionException &RE) {
  size_t Rule = RE.getCtx() ? RE.getCtx()->getRuleIndex() : SIZE_MAX;
  if (Rule == PTXParser::RuleOperand || Rule == PTXParser::RuleExpr ||
      Rule == PTXParser::RulePrimary)
    return "expected an operand (register, immediate, address, vector or name)";
  if (Rule == PTXParser::RuleSectionLine)
    return "expected a data line (.b8, .b16, .b32, .b64 ...), a label or '}'";
  if (Rule == PTXParser::RuleUnit)
    return "expected a directive, declaration, label or instruction";
  std::vector<std::string> Names;
  for (ssize_t T : RE.getExpectedTokens().toList()) {
    std::string N = tokenDisplayName(Parser.getVocabulary(), static_cast<size_t>(T));
    if (std::find(Names.begin(), Names.end(), N) == Names.end())
      Names.push_back(N);
  }
  if (Names.empty() || Names.size() > 8)
    return "";
  std::string S = "expected ";
  for (size_t I = 0; I < Names.size(); ++I)
    S += (I ? (I + 1 == Names.size() ? " or " : ", ") : "") + Names[I];
  return S;
}

//===----------------------------------------------------------------------===//
// Error recovery
//===----------------------------------------------------------------------===//

/// Where ptxas names a syntax error this grammar finds only on a later line:
/// `.version` without its number ("Missing .version directive", on the
/// .version line), and a unit that starts on the line of a .target, .version
/// or .address_size (they end without ';': `.target sm_80 sm_80`, "Parsing
/// error near 'sm_80'"), at its first token (sample F, session 11).
SourceRange StreamParser::ptxasAnchor(size_t Start, Token *Offending, SourceRange R,
                                      std::string &Msg) {
  if (Start >= Tokens.size())
    return R;
  Token *First = Tokens.get(Start);
  if (!First || First == Offending || First->getLine() >= Offending->getLine())
    return R;
  if (First->getType() == PTXLexer::VERSION) {
    Msg = ".version needs its number on its line (.version 8.0); the next line begins with " +
          describeToken(Offending, Conv.text(Offending));
    return Converter::range(First);
  }
  llvm::StringRef Text = File.text();
  size_t B = First->getStartIndex();
  if (B > Text.size())
    return R;
  size_t LineStart = Text.rfind('\n', B);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::StringRef Before = Text.slice(LineStart, B).ltrim();
  for (llvm::StringRef Dir : {".target", ".version", ".address_size"})
    if (Before.startswith(Dir)) {
      Msg = "unexpected " + describeToken(First, Conv.text(First)) + " after the " + Dir.str() +
            " directive on its line (" + Dir.str() +
            " takes its value; .target a list separated by ',')";
      return Converter::range(First);
    }
  return R;
}

/// Reports a syntax error at the offending token, then resynchronises after
/// the next ';' or at the next '{' / '}' (a section line: at the next line).
void StreamParser::recover(size_t Start, Token *Offending, const std::string &Expected) {
  if (!Offending)
    Offending = Tokens.LT(1);
  SourceRange R = Converter::range(Offending);
  if (!R.isValid()) // EOF: point at the end of the file
    R = {static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
  std::string Msg;
  if (R.isValid() && R.Begin < File.size())
    R = ptxasAnchor(Start, Offending, R, Msg);
  if (Msg.empty()) {
    Msg = "unexpected " + describeToken(Offending, Conv.text(Offending));
    if (!Expected.empty())
      Msg += "; " + Expected;
  }
  syntaxError(R, Msg);
  Tokens.seek(Start);
  // Skip up to the offending token. Braces opened after '=' are an
  // initializer's: its '}' is not a scope's, so the skipping goes past them.
  int InitDepth = 0;
  bool SawEq = false;
  auto Track = [&](size_t T) {
    if (T == PTXLexer::EQ)
      SawEq = true;
    else if (T == PTXLexer::LBRACE && (SawEq || InitDepth > 0))
      ++InitDepth;
    else if (T == PTXLexer::RBRACE && InitDepth > 0)
      --InitDepth;
    else if (T == PTXLexer::SEMI)
      SawEq = false;
  };
  while (Tokens.LA(1) != Token::EOF && Tokens.LT(1) != Offending) {
    Track(Tokens.LA(1));
    Tokens.consume();
  }
  bool Consumed = Tokens.index() != Start;
  if (Section) {
    // Section lines end at the end of the line (they need no ';'): skip
    // the rest of the offending line; a '}' still closes the section.
    size_t Line = Offending->getLine();
    while (Tokens.LA(1) != Token::EOF && Tokens.LA(1) != PTXLexer::RBRACE &&
           (Tokens.LT(1)->getLine() == Line || !Consumed)) {
      Tokens.consume();
      Consumed = true;
    }
    finishUnit();
    return;
  }
  while (InitDepth > 0 && Tokens.LA(1) != Token::EOF) {
    Track(Tokens.LA(1));
    Tokens.consume();
    Consumed = true;
  }
  skipToSync(Consumed);
}

/// Skips to and past the next ';', or past a '{' (entering its scope), or
/// past a '}' met first (leaving its scope). One instruction has no scopes:
/// there, only its ';' ends the damage.
void StreamParser::skipToSync(bool Consumed) {
  const bool OnlySemi = Mode == UnitMode::SingleInstruction;
  while (Tokens.LA(1) != Token::EOF) {
    size_t T = Tokens.LA(1);
    if (OnlySemi && T != PTXLexer::SEMI) {
      Tokens.consume();
      Consumed = true;
      continue;
    }
    if (T == PTXLexer::SEMI) {
      Tokens.consume();
      Consumed = true;
      break;
    }
    if (T == PTXLexer::LBRACE) {
      Tokens.consume();
      Consumed = true;
      if (Depth == 0) // a broken function header: parse its body anyway
        enterBrokenBody();
      else
        ++Depth;
      break;
    }
    if (T == PTXLexer::RBRACE) {
      if (!Consumed) {
        Tokens.consume();
        Consumed = true;
        bool ImplicitBody = Depth == 1 && Mode == UnitMode::SingleInstruction;
        if (Depth == 1 && !ImplicitBody)
          endFunction({});
        if (Depth > 0 && !ImplicitBody)
          --Depth;
      }
      break;
    }
    Tokens.consume();
    Consumed = true;
  }
  if (!Consumed && Tokens.LA(1) != Token::EOF)
    Tokens.consume();
  finishUnit();
}

//===----------------------------------------------------------------------===//
// Conversion of what ANTLR parsed
//===----------------------------------------------------------------------===//

/// A section at module scope, one piece at a time.
void StreamParser::convertSectionPiece(Entry What, antlr4::ParserRuleContext *Parsed) {
  Conv.Ctx = &Keep;
  if (What == Entry::SectionBegin) {
    Section = Conv.convertSectionBegin(static_cast<PTXParser::SectionBeginContext *>(Parsed));
    SectionLines.clear();
    if (StreamSections)
      Sink->onSectionBegin(*Section);
  } else if (auto *E = static_cast<PTXParser::SectionLineContext *>(Parsed)->sectionEntry()) {
    if (StreamSections) {
      Conv.Ctx = &Transient;
      Sink->onSectionLine(Conv.convertSectionEntry(E), false);
    } else if (KeepSectionLines)
      SectionLines.push_back(Conv.convertSectionEntry(E));
  } else { // '}'
    closeSection(Converter::range(Parsed));
  }
}

void StreamParser::convertUnit(PTXParser::UnitContext *U) {
  Conv.Ctx = &Transient;
  Statement S;
  if (auto *I = U->instruction()) {
    if (Depth == 0)
      return syntaxError(Converter::range(I), "instruction outside a function body");
    S.Kind = StmtKind::Instruction;
    S.Inst = Conv.convertInstruction(I);
    S.Range = S.Inst->Range;
    for (auto &P : Conv.Problems)
      syntaxError(P.first, std::move(P.second));
    Conv.Problems.clear();
    emitStatement(S);
  } else if (auto *L = U->label()) {
    if (Depth == 0)
      return syntaxError(Converter::range(L), "label outside a function body");
    S.Kind = StmtKind::Label;
    S.Range = Converter::range(L);
    S.LabelName = Conv.text(L->name()->getStart());
    emitStatement(S);
  } else if (auto *V = U->varDecl()) {
    if (Depth == 0) {
      Conv.Ctx = &Keep;
      const VarDecl *VD = Conv.convertVarDecl(V);
      if (Built)
        Built->Items.push_back({ItemKind::VarDecl, nullptr, VD, nullptr});
      if (Sink)
        Sink->onGlobalVar(*VD);
      return;
    }
    S.Kind = StmtKind::VarDecl;
    S.Var = Conv.convertVarDecl(V);
    S.Range = S.Var->Range;
    emitStatement(S);
  } else if (auto *FH = U->functionHeader()) {
    if (Depth != 0) {
      syntaxError(Converter::range(FH), "function definition inside a function body");
      if (FH->LBRACE())
        ++Depth;
      return;
    }
    Conv.Ctx = &Keep;
    beginFunction(Conv.convertFunctionHeader(FH));
  } else if (U->LBRACE() || U->RBRACE()) {
    onBrace(U->LBRACE() != nullptr, Converter::range(U));
  } else {
    convertDirective(U);
  }
}

void StreamParser::convertDirective(PTXParser::UnitContext *U) {
  Directive *D = nullptr;
  bool ModuleOnly = false;
  Conv.Ctx = Depth == 0 ? &Keep : &Transient;
  if (auto *SD = U->sectionDirective()) {
    D = Conv.convertSection(SD);
    ModuleOnly = true;
  } else {
    antlr4::ParserRuleContext *DC = U->versionDirective();
    if (!DC)
      DC = U->targetDirective();
    if (!DC)
      DC = U->addressSizeDirective();
    if (!DC)
      DC = U->fileDirective();
    ModuleOnly = DC != nullptr;
    if (!DC)
      DC = U->locDirective();
    if (!DC)
      DC = U->genericDirective();
    if (DC)
      D = Conv.convertDirectiveTokens(DC);
  }
  if (!D)
    return;
  if (Depth == 0) {
    if (Built)
      Built->Items.push_back({ItemKind::Directive, D, nullptr, nullptr});
    if (Sink)
      Sink->onDirective(*D);
    return;
  }
  if (ModuleOnly)
    return syntaxError(D->Range,
                       "directive '" + std::string(D->Name) + "' is only allowed at module scope");
  Statement S;
  S.Kind = StmtKind::Directive;
  S.Dir = D;
  S.Range = D->Range;
  emitStatement(S);
}

/// An unclosed section or function body at the end of the file.
void StreamParser::finishFile() {
  SourceRange EofR{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
  if (Section && !GaveUp) {
    auto &D = Diags.report(Rule::Syntax, EofR, "unexpected end of file; expected '}'");
    D.Notes.push_back({Section->Range, "to close this .section"});
    ++SyntaxErrors;
  }
  if (Depth > 0 && Mode != UnitMode::SingleInstruction && !GaveUp) {
    SourceRange R = CurFunc && CurFunc != &ErrorFunc ? CurFunc->NameRange : SourceRange();
    auto &D = Diags.report(Rule::Syntax, EofR, "unexpected end of file; expected '}'");
    if (R.isValid())
      D.Notes.push_back({R, "to close the body of this function"});
    ++SyntaxErrors;
    endFunction({});
  }
  if (Sink)
    Sink->onEndOfFile();
}

} // namespace

bool runParse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
              const ParseOptions &Opts, Module *Built, UnitMode Mode, ASTContext *Persist) {
  StreamParser P(File, Sink, Diags, Opts, Built, Mode, Persist);
  return P.run();
}

std::vector<AntlrToken> lexWithAntlr(llvm::StringRef Text, bool HandLexer) {
  ByteCharStream Chars(Text, "<lex>");
  PTXLexer Generated(&Chars);
  Generated.removeErrorListeners();
  LexerTokenSource Hand(&Chars, Text, 0);
  antlr4::TokenSource &Source = HandLexer ? static_cast<antlr4::TokenSource &>(Hand) : Generated;
  std::vector<AntlrToken> Out;
  for (;;) {
    std::unique_ptr<Token> T = Source.nextToken();
    size_t Type = T->getType();
    bool Eof = Type == Token::EOF;
    Out.push_back({Eof ? "EOF" : Generated.getVocabulary().getSymbolicName(Type),
                   static_cast<uint32_t>(T->getStartIndex()),
                   static_cast<uint32_t>(T->getStopIndex() + 1), T->getLine(),
                   T->getCharPositionInLine(), T->getChannel(), T->getText()});
    if (Eof)
      return Out;
  }
}

} // namespace parsedriver
} // namespace ptxlint
