//===- Converter.cpp - ANTLR parse tree to AST -----------------------------===//
//
// Each unit's parse tree becomes AST nodes in the arena the driver chooses
// (Converter::Ctx); every node gets its source range. Token texts become
// values through the AST builder (ASTBuilder.h), which the fast path
// (FastStatement.h, FastDeclarations.cpp) uses too.
//
//===----------------------------------------------------------------------===//

#include "Parse/ASTBuilder.h"
#include "Parse/AntlrConverter.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

/// Every terminal below T, in order. Iterative: a left-associative chain
/// such as 1+1+...+1 is as deep a tree as it is long (ANTLR parses it in a
/// loop, without recursion), and its length is not limited.
void Converter::collectTokens(antlr4::tree::ParseTree *T,
                              llvm::SmallVectorImpl<StringRef> &Out) const {
  llvm::SmallVector<antlr4::tree::ParseTree *, 32> Work{T};
  while (!Work.empty()) {
    antlr4::tree::ParseTree *Node = Work.pop_back_val();
    if (auto *N = dynamic_cast<antlr4::tree::TerminalNode *>(Node)) {
      if (N->getSymbol()->getType() != Token::EOF)
        Out.push_back(text(N));
      continue;
    }
    for (auto It = Node->children.rbegin(); It != Node->children.rend(); ++It)
      Work.push_back(*It);
  }
}

Span<std::string_view> Converter::tokensOf(antlr4::tree::ParseTree *T) const {
  llvm::SmallVector<StringRef, 16> Toks;
  if (T)
    collectTokens(T, Toks);
  return Ctx->copy<std::string_view>(Toks);
}

/// An expression as one string without whitespace or comments.
StringRef Converter::normalizedText(antlr4::tree::ParseTree *T) const {
  llvm::SmallVector<StringRef, 8> Toks;
  collectTokens(T, Toks);
  if (Toks.size() == 1)
    return Toks[0];
  std::string S;
  for (StringRef Tok : Toks)
    S += Tok.str();
  return Ctx->save(S);
}

//===--------------------------------------------------------------------===//
// Operands
//===--------------------------------------------------------------------===//
Operand Converter::convertNumber(PTXParser::NumberContext *N, bool Negate, SourceRange R) {
  if (N->INT())
    return build::intOperand(text(N->INT()), Negate, R, File.slice(R));
  return build::floatOperand(text(N->getStart()), Negate, R, File.slice(R));
}

/// A '%' (remainder) with a register or symbol in either operand, as in
/// `%r3 % 4`: ptxas allows names in an operand's expression only as
/// `name + constant`, and its parser stops at the '%'. The grammar's is more
/// general, so this is checked on the tree (iteratively: it may be deep).
static Token *remainderOfName(PTXParser::ExprContext *E) {
  // Post-order, one pass: whether each subtree holds a name (not a call
  // such as mask(...), not the sink '_').
  struct Frame {
    antlr4::tree::ParseTree *Node;
    size_t Next;
    bool HasName;
  };
  llvm::SmallVector<Frame, 16> Stack{{E, 0, false}};
  Token *Found = nullptr;
  while (!Stack.empty()) {
    if (Stack.back().Next < Stack.back().Node->children.size()) {
      antlr4::tree::ParseTree *Child = Stack.back().Node->children[Stack.back().Next++];
      Stack.push_back({Child, 0, false});
      continue;
    }
    Frame F = Stack.pop_back_val();
    auto *P = dynamic_cast<PTXParser::PrimaryContext *>(F.Node);
    if (P && P->name() && !P->LPAREN() && !P->name()->UNDERSCORE())
      F.HasName = true;
    auto *Mul = dynamic_cast<PTXParser::MulExprContext *>(F.Node);
    if (!Found && Mul && Mul->PERCENT() && F.HasName)
      Found = Mul->PERCENT()->getSymbol();
    if (!Stack.empty())
      Stack.back().HasName |= F.HasName;
  }
  return Found;
}

/// Classifies an expression operand: a name, `_`, a (negated) number, or a
/// general expression kept as text.
Operand Converter::convertExpr(PTXParser::ExprContext *E) {
  Operand Op;
  Op.Range = range(E);
  if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(E)) {
    auto *Prim = P->primary();
    if (Prim->name() && !Prim->LPAREN()) {
      auto *Nm = Prim->name();
      Op.Text = text(Nm->getStart());
      Op.Kind = Nm->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
      return Op;
    }
    if (Prim->number())
      return convertNumber(Prim->number(), false, Op.Range);
  }
  if (auto *U = dynamic_cast<PTXParser::UnaryExprContext *>(E)) {
    if (U->MINUS())
      if (auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(U->expr()))
        if (auto *N = P->primary()->number())
          return convertNumber(N, true, Op.Range);
  }
  Op.Kind = OperandKind::Expr;
  Op.Text = normalizedText(E);
  if (Token *Rem = remainderOfName(E))
    Problems.emplace_back(range(Rem), "'%' (remainder) needs constant operands: ptxas rejects a "
                                      "register or symbol on either side of it");
  return Op;
}

/// [base], [base+imm], [base-imm], [base+-imm], [imm], [a, b, ...].
Operand Converter::convertAddress(PTXParser::AddressOperandContext *A) {
  Operand Op;
  Op.Kind = OperandKind::Address;
  Op.Range = range(A);
  auto Inner = A->operand();
  if (Inner.size() == 1) {
    if (auto *EO = dynamic_cast<PTXParser::ExprOperandContext *>(Inner[0])) {
      PTXParser::ExprContext *E = EO->expr();
      // base +/- offset
      if (auto *Add = dynamic_cast<PTXParser::AddExprContext *>(E))
        if (build::foldAddress(Op, convertExpr(Add->expr(0)), convertExpr(Add->expr(1)),
                               Add->MINUS() != nullptr, *Ctx))
          return Op;
      build::addressOf(Op, convertExpr(E), *Ctx);
      return Op;
    }
  }
  return convertGroup(OperandKind::Address, A, Inner);
}

/// a[i] (PTX ISA 6.4.2): an address whose base is the array; a constant
/// index is its offset, a register index (a[%r1], a[%r1+4]) its second element.
Operand Converter::convertArrayElement(PTXParser::ArrayOperandContext *A) {
  Operand Op;
  Op.Kind = OperandKind::Address;
  Op.Range = range(A);
  Op.ArrayIndex = true;
  Operand Base;
  Base.Kind = A->name()->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
  Base.Range = range(A->name());
  Base.Text = text(A->name()->getStart());
  Operand Index = convertExpr(A->expr());
  Op.HasOffset = true;
  if (Index.Kind == OperandKind::IntImm) {
    Op.IntValue = Index.IntValue;
    Op.Elements = Ctx->copy<Operand>({Base});
  } else {
    Op.Elements = Ctx->copy<Operand>({Base, Index});
  }
  return Op;
}

/// {a, b, ...} or (a, b, ...): a node whose elements are operands.
Operand Converter::convertGroup(OperandKind Kind, antlr4::ParserRuleContext *C,
                                const std::vector<PTXParser::OperandContext *> &Subs) {
  Operand Op;
  Op.Kind = Kind;
  Op.Range = range(C);
  llvm::SmallVector<Operand, 8> Elems;
  for (auto *Sub : Subs)
    Elems.push_back(convertOperand(Sub));
  Op.Elements = Ctx->copy<Operand>(Elems);
  return Op;
}

Operand Converter::convertOperand(PTXParser::OperandContext *O) {
  if (auto *E = dynamic_cast<PTXParser::ExprOperandContext *>(O))
    return convertExpr(E->expr());
  if (auto *V = dynamic_cast<PTXParser::VectorOperandContext *>(O))
    return convertGroup(OperandKind::Vector, V, V->operand());
  if (auto *A = dynamic_cast<PTXParser::AddressOperandContext *>(O))
    return convertAddress(A);
  if (auto *L = dynamic_cast<PTXParser::ListOperandContext *>(O))
    return convertGroup(OperandKind::List, L, L->operand());
  if (auto *AE = dynamic_cast<PTXParser::ArrayOperandContext *>(O))
    return convertArrayElement(AE);
  if (auto *PP = dynamic_cast<PTXParser::PredPairOperandContext *>(O)) {
    Operand Op;
    Op.Kind = OperandKind::PredPair;
    Op.Range = range(PP);
    Operand Parts[2];
    for (int I = 0; I < 2; ++I) {
      auto *PN = PP->pairName(I);
      Parts[I].Range = range(PN);
      Parts[I].Text = text(PN->getStart());
      Parts[I].Kind = PN->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
    }
    Op.Elements = Ctx->copy<Operand>(Parts);
    return Op;
  }
  if (auto *VP = dynamic_cast<PTXParser::VectorPredOperandContext *>(O)) {
    // {d0, d1, ...}|p: a predicate pair whose first element is the vector.
    Operand Op;
    Op.Kind = OperandKind::PredPair;
    Op.Range = range(VP);
    Operand Parts[2];
    Parts[0].Kind = OperandKind::Vector;
    Parts[0].Range = SourceRange(range(VP).Begin, range(VP->RBRACE()->getSymbol()).End);
    llvm::SmallVector<Operand, 8> Elems;
    for (auto *Sub : VP->operand())
      Elems.push_back(convertOperand(Sub));
    Parts[0].Elements = Ctx->copy<Operand>(Elems);
    auto *PN = VP->pairName();
    Parts[1].Range = range(PN);
    Parts[1].Text = text(PN->getStart());
    Parts[1].Kind = PN->UNDERSCORE() ? OperandKind::Sink : OperandKind::Name;
    Op.Elements = Ctx->copy<Operand>(Parts);
    return Op;
  }
  if (auto *N = dynamic_cast<PTXParser::NegatedOperandContext *>(O)) {
    Operand Op;
    Op.Kind = OperandKind::Name;
    Op.Negated = true;
    Op.Range = range(N);
    Op.Text = text(N->IDENT());
    return Op;
  }
  Operand Op;
  Op.Kind = OperandKind::Expr;
  Op.Range = range(O);
  Op.Text = normalizedText(O);
  return Op;
}

//===--------------------------------------------------------------------===//
// Statements and declarations
//===--------------------------------------------------------------------===//
Instruction *Converter::convertInstruction(PTXParser::InstructionContext *C) {
  auto *I = Ctx->create<Instruction>();
  I->Range = range(C);
  if (auto *G = C->guard()) {
    I->Guard = text(G->IDENT());
    I->GuardNegated = G->BANG() != nullptr;
    I->GuardRange = range(G);
  }
  build::OpcodeSplitter Split(*I, text(C->IDENT()),
                              static_cast<uint32_t>(C->IDENT()->getSymbol()->getStartIndex()));
  // Parts after whitespace or a comment (`mma .sync.aligned`): one token each.
  for (auto *P : C->opcodePart())
    Split.addPart(text(P->getStart()), static_cast<uint32_t>(P->getStart()->getStartIndex()));
  Split.finish(*Ctx);
  llvm::SmallVector<Operand, 8> Ops;
  for (auto *O : C->operand()) {
    Ops.push_back(convertOperand(O));
    checkExprsIn(O);
  }
  I->Operands = Ctx->copy<Operand>(Ops);
  return I;
}

Declarator Converter::convertDeclarator(PTXParser::DeclaratorContext *D) {
  Declarator R;
  R.Range = range(D);
  R.Name = text(D->name()->getStart());
  if (D->LT()) {
    int64_t N = 0;
    build::decodeInteger(text(D->INT()), N);
    R.RangeCount = N;
  }
  if (!D->arraySpec().empty()) {
    llvm::SmallVector<StringRef, 8> Toks;
    for (auto *A : D->arraySpec()) {
      Toks.push_back("[");
      if (auto *E = A->expr()) {
        Toks.push_back(normalizedText(E));
        // -N is decl-array's to report (a negative size).
        auto *U = dynamic_cast<PTXParser::UnaryExprContext *>(E);
        auto *P = dynamic_cast<PTXParser::PrimaryExprContext *>(U && U->MINUS() ? U->expr() : E);
        if (!P || !P->primary()->number() || !P->primary()->number()->INT())
          Problems.emplace_back(range(E), "an array size is an integer literal ([16], [0x10]): "
                                          "ptxas parses no expression between [ and ]");
      }
      Toks.push_back("]");
    }
    R.ArraySuffix = Ctx->copy<std::string_view>(Toks);
  }
  if (D->initializer()) {
    R.HasInit = true;
    if (auto *IL = D->initializer()->INIT_LIST()) {
      // A folded list (InitScan.h): its tokens when the AST's users want
      // them, else its whole text as one token.
      StringRef ListText = text(IL);
      std::vector<StringRef> Toks;
      if (KeepData && parsedriver::scanSimpleInitializer(Buf, ListText.data() - Buf.data(), &Toks))
        R.Init = Ctx->copy<std::string_view>(Toks);
      else
        R.Init = Ctx->copy<std::string_view>({ListText});
    } else {
      R.Init = tokensOf(D->initializer());
      checkExprsIn(D->initializer());
    }
  }
  return R;
}

VarDecl *Converter::convertVarDecl(PTXParser::VarDeclContext *C) {
  auto *V = Ctx->create<VarDecl>();
  V->Range = range(C);
  llvm::SmallVector<StringRef, 4> Prefix;
  for (auto *L : C->linkage())
    Prefix.push_back(text(L->getStart()));
  V->Prefix = Ctx->copy<std::string_view>(Prefix);
  fillDecl(*V, C->stateSpace(), C->declAttribute());
  llvm::SmallVector<Declarator, 4> Decls;
  for (auto *D : C->declarator())
    Decls.push_back(convertDeclarator(D));
  V->Declarators = Ctx->copy<Declarator>(Decls);
  return V;
}

llvm::ArrayRef<VarDecl> Converter::convertParams(PTXParser::ParamListContext *L) {
  llvm::SmallVector<VarDecl, 8> Params;
  for (auto *P : L->paramDecl()) {
    VarDecl V;
    V.Range = range(P);
    fillDecl(V, P->stateSpace(), P->declAttribute());
    V.Declarators = Ctx->copy<Declarator>({convertDeclarator(P->declarator())});
    Params.push_back(V);
  }
  return Ctx->copy<VarDecl>(Params);
}

Function *Converter::convertFunctionHeader(PTXParser::FunctionHeaderContext *C) {
  auto *F = Ctx->create<Function>();
  F->Range = range(C);
  llvm::SmallVector<StringRef, 4> Prefix;
  for (auto *L : C->linkage())
    Prefix.push_back(text(L->getStart()));
  F->Prefix = Ctx->copy<std::string_view>(Prefix);
  F->Kind = C->ENTRY() ? text(C->ENTRY()) : text(C->FUNC());
  F->Name = text(C->name()->getStart());
  F->NameRange = range(C->name());
  // paramList() returns every list; the one labelled returnList comes first
  // only when two are written or when it precedes the name.
  auto Lists = C->paramList();
  size_t NameTok = C->name()->getStart()->getStartIndex();
  for (auto *L : Lists) {
    if (L->getStart()->getStartIndex() < NameTok) {
      F->Returns = convertParams(L);
      F->HasReturnList = true;
    } else {
      F->Params = convertParams(L);
      F->HasParamList = true;
    }
  }
  llvm::SmallVector<Directive, 4> Attrs;
  if (auto *S = C->attributeSpec()) { // `.func .attribute(.unified(1, 2)) f`
    Directive D;
    D.Range = range(S);
    llvm::SmallVector<StringRef, 8> Toks;
    collectTokens(S, Toks);
    build::directiveFromTokens(D, Toks, *Ctx);
    Attrs.push_back(D);
  }
  for (auto *A : C->functionAttribute()) {
    Directive D;
    D.Range = range(A);
    llvm::SmallVector<StringRef, 8> Toks;
    for (size_t I = 0; I < A->children.size(); ++I)
      collectTokens(A->children[I], Toks);
    build::directiveFromTokens(D, Toks, *Ctx);
    Attrs.push_back(D);
  }
  F->Attributes = Ctx->copy<Directive>(Attrs);
  F->HasBody = C->LBRACE() != nullptr;
  return F;
}

/// Any directive: name + argument tokens (minus a final ';').
Directive *Converter::convertDirectiveTokens(antlr4::ParserRuleContext *C) {
  auto *D = Ctx->create<Directive>();
  D->Range = range(C);
  llvm::SmallVector<StringRef, 16> Toks;
  collectTokens(C, Toks);
  build::directiveFromTokens(*D, Toks, *Ctx);
  return D;
}

/// `.section name {`: the directive, its Body still empty.
Directive *Converter::convertSectionBegin(PTXParser::SectionBeginContext *C) {
  auto *D = Ctx->create<Directive>();
  D->Range = range(C);
  D->Name = text(C->SECTION());
  D->Args = Ctx->copy<std::string_view>({text(C->children[1])});
  D->HasBody = true;
  return D;
}

/// One line of a section: ".b8 1, 2" or a label "L:".
Directive Converter::convertSectionEntry(PTXParser::SectionEntryContext *E) {
  Directive Line;
  Line.Range = range(E);
  if (E->COLON()) {
    Line.IsLabel = true;
    Line.Name = text(E->name()->getStart());
    return Line;
  }
  llvm::SmallVector<StringRef, 16> Toks;
  collectTokens(E, Toks);
  build::directiveFromTokens(Line, Toks, *Ctx);
  return Line;
}

/// A whole section parsed as one unit (inside a function body, where it
/// is an error; at module scope the driver streams it line by line).
Directive *Converter::convertSection(PTXParser::SectionDirectiveContext *C) {
  Directive *D = convertSectionBegin(C->sectionBegin());
  D->Range = range(C);
  llvm::SmallVector<Directive, 64> Body;
  for (auto *E : C->sectionEntry())
    Body.push_back(convertSectionEntry(E));
  D->Body = Ctx->copy<Directive>(Body);
  return D;
}

std::string tokenDisplayName(const antlr4::dfa::Vocabulary &Voc, size_t Type) {
  switch (Type) {
  case PTXLexer::IDENT:
    return "identifier";
  case PTXLexer::INIT_LIST:
    return "'{'";
  case PTXLexer::DOTNAME:
    return "directive or type";
  case PTXLexer::INT:
    return "integer";
  case PTXLexer::DEC_FLOAT:
  case PTXLexer::FLOAT_HEX:
  case PTXLexer::DOUBLE_HEX:
    return "number";
  case PTXLexer::STRING:
    return "string";
  case Token::EOF:
    return "end of file";
  default:
    return Voc.getDisplayName(Type);
  }
}

std::string describeToken(Token *T, StringRef Text) {
  if (!T || T->getType() == Token::EOF)
    return "end of file";
  if (T->getType() == PTXLexer::ERROR_CHAR) {
    unsigned char C = Text.empty() ? 0 : static_cast<unsigned char>(Text[0]);
    if (C < 0x20 || C >= 0x7f)
      return "invalid character 0x" + llvm::utohexstr(C, /*LowerCase=*/true);
    return "invalid character '" + Text.str() + "'";
  }
  std::string S = Text.str();
  if (S.size() > 40)
    S = S.substr(0, 37) + "...";
  return "'" + S + "'";
}

} // namespace parsedriver
} // namespace ptxlint
