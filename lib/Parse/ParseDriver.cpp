//===- ParseDriver.cpp - the streaming parse driver ------------------------===//
//
// Drives the generated parser one `unit` (statement) at a time, converts each
// unit's parse tree to AST nodes, hands them to the ParseSink and frees the
// tree and the consumed tokens, so memory stays flat whatever the file size.
// Plain statements skip ANTLR altogether (FastStatement.h): each statement
// start is first offered to the fast recognizers, which either build its
// node and say where it ends, or decline without consuming anything, and
// ANTLR parses the statement from the same place (ParseAntlr.cpp: SLL, then
// full LL for a unit that fails in SLL; error recovery; conversion). A
// module-scope .section is parsed one line at a time. The parse's state is
// StreamParser.h's.
//
//===----------------------------------------------------------------------===//

#include "Parse/ParseDriver.h"
#include "Parse/DwarfLines.h"
#include "Parse/StreamParser.h"
#include "Support/MemoSwitch.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

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

/// The line and column of byte To (>= KnownOff), counted on from KnownOff in
/// one pass over the bytes between: the fast path counts nothing per
/// statement, only here, where ANTLR's lexer takes over and before pages
/// are released (a count after would bring them back into memory).
void StreamParser::syncLines(size_t To) {
  const char *P = Text.data() + KnownOff, *E = Text.data() + To;
  size_t NL = 0;
  // Blocks of 128 bytes counted in a byte (the compiler compares 16 bytes
  // at a time), then the rest.
  for (; E - P >= 128; P += 128) {
    unsigned char InBlock = 0;
    for (int K = 0; K < 128; ++K)
      InBlock += P[K] == '\n';
    NL += InBlock;
  }
  for (; P != E; ++P)
    NL += *P == '\n';
  if (NL) {
    const char *Last = E - 1;
    while (*Last != '\n')
      --Last;
    KnownCol = static_cast<size_t>(E - Last - 1);
  } else {
    KnownCol += To - KnownOff;
  }
  KnownLine += NL;
  KnownOff = To;
}

void StreamParser::releaseBehind(size_t Off) {
  if (File.isMapped() && Off >= Released + ReleaseStep + ReleaseLag) {
    if (AfterFast) // the fast statements' lines, before their bytes go
      syncLines(FastEnd);
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

/// An instruction starts with its guard's '@' or its opcode's letter: at
/// any other token, the instruction recognizers decline (a label is tried).
static bool startsInstruction(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '@';
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
    const Directive *D =
        parseLocAt(File, B, Transient, End, &Memo, memosDisabled() ? nullptr : &Locs);
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
  } else if (const Instruction *I = startsInstruction(C)
                                        ? parseInstructionAt(File, B, Transient, End, &Memo)
                                        : nullptr) {
    S.Kind = StmtKind::Instruction;
    S.Inst = I;
    S.Range = I->Range;
  } else {
    SourceRange Name;
    if (!parseLabelAt(File, B, Transient, Name, End, &Memo))
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
  FastEnd = End;
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
  syncLines(FastEnd);
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
  SyntaxErrors += reportDwarfLines(File, Diags);
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

//===----------------------------------------------------------------------===//
// The end of the file
//===----------------------------------------------------------------------===//

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
