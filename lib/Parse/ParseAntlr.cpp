//===- ParseAntlr.cpp - the statements the streaming driver gives ANTLR ---===//
//
// What the fast path declines (StreamParser.h): ANTLR parses the statement
// in SLL mode, then full LL when that fails (only then is the error real);
// a syntax error is reported at the offending token, where ptxas names it,
// and the parse resynchronises after it; a parse tree is converted to AST
// nodes (Converter.cpp) and handed to the sink like the fast path's.
//
//===----------------------------------------------------------------------===//

#include "Parse/StreamParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace ptxlint {
namespace parsedriver {

//===----------------------------------------------------------------------===//
// ANTLR
//===----------------------------------------------------------------------===//

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
                  " levels of parentheses, brackets, braces, casts, or unary, conditional "
                  "and rising-precedence operators in one statement (a ptx-lint limit)");
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

/// A number whose spelling the lexer split, as ptxas's does: an octal
/// constant with an 8 or a 9 (09 is 0, then 9) or a 0f/0d constant without
/// exactly 8/16 digits (0f3F80000 is 0, then f3F80000). Offending begins at
/// B, right after the number's first part; the message and the whole
/// literal's range, or an empty message.
static std::string splitNumberMessage(llvm::StringRef Text, size_t B, SourceRange &R) {
  auto Word = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  size_t A = B;
  while (A > 0 && Word(Text[A - 1]))
    --A;
  size_t E = B;
  while (E < Text.size() && Word(Text[E]))
    ++E;
  llvm::StringRef Lit = Text.slice(A, E);
  if (A == B || Lit.size() < 2 || Lit[0] != '0')
    return "";
  SourceRange Whole{static_cast<uint32_t>(A), static_cast<uint32_t>(E)};
  char C1 = Lit[1];
  if ((C1 == 'f' || C1 == 'F' || C1 == 'd' || C1 == 'D') &&
      llvm::all_of(Lit.drop_front(2), llvm::isHexDigit)) {
    R = Whole;
    size_t Want = (C1 == 'f' || C1 == 'F') ? 8 : 16;
    return "'" + Lit.str() + "' has " + std::to_string(Lit.size() - 2) + " digits: a 0" +
           std::string(1, C1) + " constant is exactly " + std::to_string(Want) +
           " hexadecimal digits (the IEEE bits of a ." + (Want == 8 ? "f32" : "f64") +
           " value; ptxas: syntax error)";
  }
  if (!llvm::all_of(Lit.endswith("U") ? Lit.drop_back() : Lit, llvm::isDigit))
    return "";
  R = Whole;
  return "'" + Lit.str() +
         "' is an octal constant (it begins with 0) with an 8 or a 9: octal "
         "digits are 0-7 (ptxas: syntax error); drop the leading 0 for decimal";
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
  if (Msg.empty() && R.isValid() && R.Begin < File.size())
    Msg = splitNumberMessage(File.text(), R.Begin, R);
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

void StreamParser::reportProblems() {
  for (auto &P : Conv.Problems)
    if (P.Id == Rule::Syntax)
      syntaxError(P.R, std::move(P.Msg));
    else
      Diags.report(P.Id, P.R, std::move(P.Msg));
  Conv.Problems.clear();
}

void StreamParser::convertUnit(PTXParser::UnitContext *U) {
  auto Report = llvm::make_scope_exit([this] { reportProblems(); });
  Conv.Ctx = &Transient;
  Statement S;
  if (auto *I = U->instruction()) {
    if (Depth == 0)
      return syntaxError(Converter::range(I), "instruction outside a function body");
    S.Kind = StmtKind::Instruction;
    S.Inst = Conv.convertInstruction(I);
    S.Range = S.Inst->Range;
    reportProblems();
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

} // namespace parsedriver
} // namespace ptxlint
