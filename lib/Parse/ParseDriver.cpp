//===- ParseDriver.cpp - the streaming parse driver ------------------------===//
//
// Drives the generated parser one `unit` (statement) at a time, converts each
// unit's parse tree to AST nodes, hands them to the ParseSink and frees the
// tree and the consumed tokens, so memory stays flat whatever the file size.
// Plain statements skip ANTLR altogether (FastStatement.h); a module-scope
// .section is parsed one line at a time. Prediction runs in SLL mode and
// falls back to full LL only for a unit that fails in SLL (then the error, if
// any, is real).
//
//===----------------------------------------------------------------------===//

#include "Parse/ParseDriver.h"
#include "Parse/AntlrConverter.h"
#include "Parse/FastStatement.h"

namespace ptxlint {
namespace parsedriver {

bool runParse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
              const ParseOptions &Opts, Module *Built, UnitMode Mode, ASTContext *Persist) {
  ByteCharStream Chars(File.text(), std::string(File.name()));
  FoldingLexer Lexer(&Chars, File.text(), Opts.FoldInitializersFrom);
  Lexer.removeErrorListeners();
  StreamingTokenStream Tokens(&Lexer);
  PTXParser Parser(&Tokens);
  Parser.removeErrorListeners();
  auto Bail = std::make_shared<antlr4::BailErrorStrategy>();
  Parser.setErrorHandler(Bail);
  auto *Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);

  Converter Conv(File);
  ASTContext StmtArena, FuncArena; // streaming: freed per statement / function
  if (Built)
    Persist = &Built->Ctx;
  ASTContext &Keep = Persist ? *Persist : FuncArena;
  ASTContext &Transient = Persist ? *Persist : StmtArena;

  unsigned SyntaxErrors = 0;
  bool GaveUp = false;
  // A UTF-8 byte order mark: ptxas rejects it ("unexpected non-ASCII
  // character"), so it is an error, said in words; the rest is parsed.
  if (llvm::StringRef(File.text()).startswith("\xEF\xBB\xBF")) {
    ++SyntaxErrors;
    Diags
        .error("syntax", SyntaxSpec, {0, 3},
               "unexpected UTF-8 byte order mark (EF BB BF) at the start of the file; ptxas "
               "rejects it: save the file without a byte order mark")
        .Fixes.push_back({{0, 3}, ""});
    Chars.seek(3);
    Lexer.setCharPositionInLine(3);
  }
  int Depth = 0;               // 0: module scope; 1: function body; >1 nested
  Function *CurFunc = nullptr; // header of the function being parsed
  SourceRange CurFuncHeader;
  Function ErrorFunc; // stands in for a header that failed to parse

  auto syntaxError = [&](SourceRange R, std::string Msg) {
    ++SyntaxErrors;
    if (Opts.MaxSyntaxErrors && SyntaxErrors > Opts.MaxSyntaxErrors) {
      if (!GaveUp)
        Diags.error("syntax", SyntaxSpec, R, "too many syntax errors; stopping here");
      GaveUp = true;
      return;
    }
    Diags.error("syntax", SyntaxSpec, R, std::move(Msg));
  };
  auto emitStatement = [&](Statement &S) {
    if (Built && CurFunc)
      CurFunc->Body.push_back(Built->Ctx.create<Statement>(S));
    if (Sink)
      Sink->onStatement(S);
  };
  auto endFunction = [&](SourceRange EndRange) {
    if (CurFunc && CurFunc != &ErrorFunc) {
      CurFunc->Range = CurFunc->Range.cover(EndRange);
      if (Sink)
        Sink->onFunctionEnd(*CurFunc);
    }
    CurFunc = nullptr;
    if (!Persist)
      FuncArena.reset();
  };

  // A '{' or '}' unit: a nested scope, or the end of the function body.
  auto onBrace = [&](bool Open, SourceRange R) {
    Statement S;
    S.Range = R;
    if (Open) {
      if (Depth == 0) {
        syntaxError(R, "'{' outside a function body");
        CurFunc = &ErrorFunc;
        Depth = 1;
      } else {
        ++Depth;
        S.Kind = StmtKind::ScopeBegin;
        emitStatement(S);
      }
    } else if (Depth == 0 || (Depth == 1 && Mode == UnitMode::SingleInstruction)) {
      syntaxError(R, "unmatched '}'");
    } else if (Depth == 1 && Mode != UnitMode::SingleInstruction) {
      Depth = 0;
      endFunction(R);
    } else {
      --Depth;
      S.Kind = StmtKind::ScopeEnd;
      emitStatement(S);
    }
  };

  if (Mode == UnitMode::SingleInstruction)
    Depth = 1;

  // A mapped file's pages behind the statement being parsed go back to the
  // kernel every ReleaseStep bytes (SourceFile::releaseRange): what the AST
  // and the checker still point at stays valid and is read again if needed.
  constexpr size_t ReleaseStep = 256 * 1024, ReleaseLag = 64 * 1024;
  size_t Released = 0;

  // The module-scope .section being streamed (null outside one), and its
  // lines when someone wants them (see ParseSink::wantsSectionBodies).
  Directive *Section = nullptr;
  std::vector<Directive> SectionLines;
  const bool KeepSectionLines = Built || (Sink && Sink->wantsDataContents());
  Conv.KeepData = KeepSectionLines;

  // A function header at module scope: its body follows, or it is a
  // prototype and ends here.
  auto beginFunction = [&](Function *F) {
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
  };

  // The '}' of a module-scope section: the section is complete.
  auto closeSection = [&](SourceRange R) {
    Section->Range = Section->Range.cover(R);
    Section->Body = Keep.copy<Directive>(SectionLines);
    SectionLines.clear();
    SectionLines.shrink_to_fit();
    if (Built)
      Built->Items.push_back({ItemKind::Directive, Section, nullptr, nullptr});
    if (Sink)
      Sink->onDirective(*Section);
    Section = nullptr;
  };

  // The fast path (FastStatement.h): plain statements of a function body
  // are parsed from the bytes, without ANTLR's lexer or parser. After one,
  // the token stream is left behind (Unsynced) and CharPos says where ANTLR
  // resumes; KnownOff/KnownLine/KnownCol keep its line and column exact.
  const StringRef Text = File.text();
  bool Unsynced = false;
  size_t CharPos = 0, KnownOff = 0, KnownLine = 1, KnownCol = 0;
  auto releaseBehind = [&](size_t Off) {
    if (File.isMapped() && Off >= Released + ReleaseStep + ReleaseLag) {
      File.releaseRange(Released, Off - ReleaseLag);
      Released = Off - ReleaseLag;
    }
  };
  // One plain statement at byte B (a token start); true when taken.
  auto tryFast = [&](uint32_t B) {
    char C = Text[B];
    uint32_t End = 0;
    Statement S;
    if (Depth == 0 && !Section) {
      if (C != '.')
        return false;
      if (Function *F = parsedriver::parseFunctionHeaderAt(File, B, Keep, End))
        beginFunction(F);
    } else if (Section) {
      Directive Line;
      if (C == '}') {
        closeSection({B, B + 1});
        End = B + 1;
      } else if (parsedriver::parseSectionLineAt(File, B, Keep, KeepSectionLines, Line, End)) {
        if (KeepSectionLines)
          SectionLines.push_back(Line);
      }
    } else if (C == '{' || C == '}') {
      onBrace(C == '{', {B, B + 1});
      End = B + 1;
    } else if (C == '.') {
      if (const Directive *D = parsedriver::parseLocAt(File, B, Transient, End)) {
        S.Kind = StmtKind::Directive;
        S.Dir = D;
        S.Range = D->Range;
        emitStatement(S);
      } else if (const VarDecl *V = parsedriver::parseRegDeclAt(File, B, Transient, End)) {
        S.Kind = StmtKind::VarDecl;
        S.Var = V;
        S.Range = V->Range;
        emitStatement(S);
      }
    } else if (const Instruction *I = parsedriver::parseInstructionAt(File, B, Transient, End)) {
      S.Kind = StmtKind::Instruction;
      S.Inst = I;
      S.Range = I->Range;
      emitStatement(S);
    } else {
      SourceRange Name;
      if (parsedriver::parseLabelAt(File, B, Name, End)) {
        S.Kind = StmtKind::Label;
        S.Range = {B, End};
        S.LabelName = File.slice(Name);
        emitStatement(S);
      }
    }
    if (!End)
      return false;
    CharPos = End;
    // Keep the line count while the bytes are hot (a count over the whole
    // body at the end would bring a released file back into memory).
    StringRef Skipped = Text.slice(KnownOff, CharPos);
    size_t NL = Skipped.count('\n');
    KnownLine += NL;
    KnownCol = NL ? Skipped.size() - Skipped.rfind('\n') - 1 : KnownCol + Skipped.size();
    KnownOff = CharPos;
    if (!Persist)
      StmtArena.reset();
    return true;
  };

  while (!GaveUp) {
    const bool FastOk = Opts.FastStatements && Mode == UnitMode::File;
    if (Unsynced) {
      size_t P = CharPos;
      if (FastOk && parsedriver::skipSpaceAndComments(Text, P) && P < Text.size()) {
        releaseBehind(P);
        if (tryFast(static_cast<uint32_t>(P)))
          continue;
      }
      // Back to ANTLR where the fast path stopped.
      Tokens.resumeAt(CharPos, KnownLine, KnownCol, Lexer);
      Unsynced = false;
    }
    size_t La = Tokens.LA(1);
    if (La == Token::EOF)
      break;
    size_t Start = Tokens.index();
    Token *StartTok = Tokens.LT(1);
    releaseBehind(StartTok->getStartIndex());
    if (FastOk) {
      size_t B = StartTok->getStartIndex();
      KnownOff = B;
      KnownLine = StartTok->getLine();
      KnownCol = StartTok->getCharPositionInLine();
      if (tryFast(static_cast<uint32_t>(B))) {
        Tokens.dropLookahead();
        Tokens.discardConsumed();
        Unsynced = true;
        continue;
      }
    }

    // What to parse: a statement, or at module scope a section piecewise.
    enum class Entry { Unit, SectionBegin, SectionLine };
    Entry What = Section                                 ? Entry::SectionLine
                 : Depth == 0 && La == PTXLexer::SECTION ? Entry::SectionBegin
                                                         : Entry::Unit;
    auto parseEntry = [&]() -> antlr4::ParserRuleContext * {
      switch (What) {
      case Entry::SectionBegin:
        return Parser.sectionBegin();
      case Entry::SectionLine:
        return Parser.sectionLine();
      case Entry::Unit:
        break;
      }
      return Parser.unit();
    };
    // Too deep to parse (NestingScan.cpp): one error where the limit is
    // passed, and the statement is skipped as the scan delimited it.
    NestingScan Nest = scanNesting(Tokens, What == Entry::SectionLine, MaxNestingDepth);
    if (Nest.TooDeep != NestingScan::None) {
      syntaxError(Converter::range(Tokens.ahead(Nest.TooDeep)),
                  "nesting too deep: more than " + std::to_string(MaxNestingDepth) +
                      " levels of parentheses, brackets, braces or unary and conditional "
                      "operators in one statement (a ptx-lint limit)");
      for (size_t K = 0; K < Nest.End; ++K)
        Tokens.consume();
      if (Nest.StoppedAtBrace && Depth == 0 && What == Entry::Unit) {
        Tokens.consume(); // a function header's body: parse it anyway
        CurFunc = &ErrorFunc;
        Depth = 1;
      }
      Parser.getTreeTracker().reset();
      Tokens.discardConsumed();
      continue;
    }

    antlr4::ParserRuleContext *Parsed = nullptr;
    Token *Offending = nullptr;
    std::string Expected;
    try {
      Parsed = parseEntry();
    } catch (antlr4::ParseCancellationException &) {
      // SLL failed: retry in full LL before believing the error.
      Tokens.seek(Start);
      Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
      try {
        Parsed = parseEntry();
      } catch (antlr4::ParseCancellationException &PCE) {
        Parsed = nullptr;
        try {
          std::rethrow_if_nested(PCE);
        } catch (antlr4::RecognitionException &RE) {
          Offending = RE.getOffendingToken();
          auto Set = RE.getExpectedTokens();
          std::vector<std::string> Names;
          for (ssize_t T : Set.toList()) {
            std::string N = tokenDisplayName(Parser.getVocabulary(), static_cast<size_t>(T));
            if (std::find(Names.begin(), Names.end(), N) == Names.end())
              Names.push_back(N);
          }
          size_t Rule = RE.getCtx() ? RE.getCtx()->getRuleIndex() : SIZE_MAX;
          if (Rule == PTXParser::RuleOperand || Rule == PTXParser::RuleExpr ||
              Rule == PTXParser::RulePrimary) {
            Expected = "expected an operand (register, immediate, address, vector or name)";
          } else if (Rule == PTXParser::RuleSectionLine) {
            Expected = "expected a data line (.b8, .b16, .b32, .b64 ...), a label or '}'";
          } else if (Rule == PTXParser::RuleUnit) {
            Expected = "expected a directive, declaration, label or instruction";
          } else if (!Names.empty() && Names.size() <= 8) {
            Expected = "expected ";
            for (size_t I = 0; I < Names.size(); ++I)
              Expected += (I ? (I + 1 == Names.size() ? " or " : ", ") : "") + Names[I];
          }
        } catch (const std::bad_alloc &) {
          throw;
        } catch (...) {
        }
      } catch (const std::bad_alloc &) {
        throw; // memory, not syntax: the entry point reports it
      } catch (...) {
        Parsed = nullptr;
      }
      Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    } catch (const std::bad_alloc &) {
      throw;
    } catch (...) {
      Parsed = nullptr;
    }

    if (!Parsed) {
      // Report at the offending token, then resynchronise after the next ';'
      // or at the next '{' / '}'.
      if (!Offending)
        Offending = Tokens.LT(1);
      StringRef OffText = Conv.text(Offending);
      SourceRange R = Converter::range(Offending);
      if (!R.isValid()) // EOF: point at the end of the file
        R = {static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
      std::string Msg = "unexpected " + describeToken(Offending, OffText);
      if (!Expected.empty())
        Msg += "; " + Expected;
      syntaxError(R, Msg);
      Tokens.seek(Start);
      // Skip up to the offending token, then to a synchronising token.
      // Braces opened after '=' are an initializer's: its '}' is not a
      // scope's, so the skipping goes past them.
      int InitDepth = 0;
      bool SawEq = false;
      auto track = [&](size_t T) {
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
        track(Tokens.LA(1));
        Tokens.consume();
      }
      bool Consumed = Tokens.index() != Start;
      if (!Section) {
        while (InitDepth > 0 && Tokens.LA(1) != Token::EOF) {
          track(Tokens.LA(1));
          Tokens.consume();
          Consumed = true;
        }
      }
      if (Section) {
        // Section lines end at the end of the line (they need no ';'): skip
        // the rest of the offending line; a '}' still closes the section.
        size_t Line = Offending->getLine();
        while (Tokens.LA(1) != Token::EOF && Tokens.LA(1) != PTXLexer::RBRACE &&
               (Tokens.LT(1)->getLine() == Line || !Consumed)) {
          Tokens.consume();
          Consumed = true;
        }
        Parser.getTreeTracker().reset();
        Tokens.discardConsumed();
        continue;
      }
      // One instruction has no scopes: there, only its ';' ends the damage.
      bool OnlySemi = Mode == UnitMode::SingleInstruction;
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
          if (Depth == 0) { // a broken function header: parse its body anyway
            CurFunc = &ErrorFunc;
            Depth = 1;
          } else {
            ++Depth;
          }
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
      Parser.getTreeTracker().reset();
      Tokens.discardConsumed();
      continue;
    }

    // A section at module scope, one piece at a time.
    if (What != Entry::Unit) {
      Conv.Ctx = &Keep;
      if (What == Entry::SectionBegin) {
        Section = Conv.convertSectionBegin(static_cast<PTXParser::SectionBeginContext *>(Parsed));
        SectionLines.clear();
      } else if (auto *E = static_cast<PTXParser::SectionLineContext *>(Parsed)->sectionEntry()) {
        if (KeepSectionLines) {
          SectionLines.push_back(Conv.convertSectionEntry(E));
        }
      } else { // '}'
        closeSection(Converter::range(Parsed));
      }
      Parser.getTreeTracker().reset();
      Tokens.discardConsumed();
      if (!Persist)
        StmtArena.reset();
      continue;
    }

    // Convert the unit.
    auto *U = static_cast<PTXParser::UnitContext *>(Parsed);
    Conv.Ctx = &Transient;
    if (auto *I = U->instruction()) {
      if (Depth == 0) {
        syntaxError(Converter::range(I), "instruction outside a function body");
      } else {
        Statement S;
        S.Kind = StmtKind::Instruction;
        S.Inst = Conv.convertInstruction(I);
        S.Range = S.Inst->Range;
        for (auto &P : Conv.Problems)
          syntaxError(P.first, std::move(P.second));
        Conv.Problems.clear();
        emitStatement(S);
      }
    } else if (auto *L = U->label()) {
      if (Depth == 0) {
        syntaxError(Converter::range(L), "label outside a function body");
      } else {
        Statement S;
        S.Kind = StmtKind::Label;
        S.Range = Converter::range(L);
        S.LabelName = Conv.text(L->name()->getStart());
        emitStatement(S);
      }
    } else if (auto *V = U->varDecl()) {
      if (Depth == 0) {
        Conv.Ctx = &Keep;
        if (Built)
          Built->Items.push_back({ItemKind::VarDecl, nullptr, Conv.convertVarDecl(V), nullptr});
        const VarDecl *VD = Built ? Built->Items.back().Var : Conv.convertVarDecl(V);
        if (Sink)
          Sink->onGlobalVar(*VD);
      } else {
        Statement S;
        S.Kind = StmtKind::VarDecl;
        S.Var = Conv.convertVarDecl(V);
        S.Range = S.Var->Range;
        emitStatement(S);
      }
    } else if (auto *FH = U->functionHeader()) {
      if (Depth != 0) {
        syntaxError(Converter::range(FH), "function definition inside a function body");
        if (FH->LBRACE())
          ++Depth;
      } else {
        Conv.Ctx = &Keep;
        beginFunction(Conv.convertFunctionHeader(FH));
      }
    } else if (U->LBRACE()) {
      onBrace(true, Converter::range(U));
    } else if (U->RBRACE()) {
      onBrace(false, Converter::range(U));
    } else {
      // Directives.
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
      if (D && Depth == 0) {
        if (Built)
          Built->Items.push_back({ItemKind::Directive, D, nullptr, nullptr});
        if (Sink)
          Sink->onDirective(*D);
      } else if (D) {
        if (ModuleOnly) {
          syntaxError(D->Range,
                      "directive '" + std::string(D->Name) + "' is only allowed at module scope");
        } else {
          Statement S;
          S.Kind = StmtKind::Directive;
          S.Dir = D;
          S.Range = D->Range;
          emitStatement(S);
        }
      }
    }
    (void)StartTok;
    Parser.getTreeTracker().reset();
    Tokens.discardConsumed();
    if (!Persist)
      StmtArena.reset();
  }

  if (Section && !GaveUp) {
    SourceRange EofR{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
    auto &D = Diags.error("syntax", SyntaxSpec, EofR, "unexpected end of file; expected '}'");
    D.Notes.push_back({Section->Range, "to close this .section"});
    ++SyntaxErrors;
  }
  if (Depth > 0 && Mode != UnitMode::SingleInstruction && !GaveUp) {
    SourceRange R = CurFunc && CurFunc != &ErrorFunc ? CurFunc->NameRange : SourceRange();
    SourceRange EofR{static_cast<uint32_t>(File.size()), static_cast<uint32_t>(File.size())};
    auto &D = Diags.error("syntax", SyntaxSpec, EofR, "unexpected end of file; expected '}'");
    if (R.isValid())
      D.Notes.push_back({R, "to close the body of this function"});
    ++SyntaxErrors;
    endFunction({});
  }
  if (Sink)
    Sink->onEndOfFile();
  return SyntaxErrors == 0;
}

} // namespace parsedriver
} // namespace ptxlint
