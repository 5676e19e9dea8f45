//===- Emitter.cpp - canonical PTX from the AST ----------------------------===//
//
// One statement a line; body statements indented one tab per scope; labels
// at column 1; one space between the mnemonic and its operands and ", "
// between operands; token lists (directives, declarations, initializers)
// re-joined with one canonical spacing rule. Comments are not in the AST and
// so are dropped. The same printing code serves the built Module and the
// streaming sink, so both give byte-identical text.
//
//===----------------------------------------------------------------------===//
#include "Emit/RawEmitter.h"
#include "ptxlint/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_os_ostream.h"

#include <cstring>

using namespace ptxlint;
using llvm::raw_ostream;
using llvm::StringRef;

namespace {

bool isWordToken(StringRef T) {
  if (T.empty())
    return false;
  char C = T[0];
  return llvm::isAlnum(C) || C == '_' || C == '$' || C == '%';
}

/// Joins tokens with one space, except: none before , ; ) ] } and none
/// after ( [ { ! ~, and none between a name and the '(' of a call.
bool isOperatorToken(StringRef T) {
  return T == "(" || T == "[" || T == "{" || T == "," || T == "=" || T == "+" || T == "-" ||
         T == "*" || T == "/" || T == "%" || T == "<<" || T == ">>" || T == "&" || T == "|" ||
         T == "^" || T == "!" || T == "~" || T == "?" || T == ":" || T == "&&" || T == "||";
}

/// The spacing rule, one token at a time: a token list may come in pieces
/// (a streamed section line, ParseSink::onSectionLine).
class TokenJoiner {
public:
  void add(StringRef T, raw_ostream &OS) {
    bool Unary = (T == "-" || T == "+") && (First || isOperatorToken(Prev));
    if (!First) {
      // No space before a closer or separator, after an opener or a unary
      // operator, or between a name and its '(' / '['.
      bool Space =
          !(T == "," || T == ";" || T == ")" || T == "]" || T == "}") &&
          !(Prev == "(" || Prev == "[" || Prev == "{" || Prev == "!" || Prev == "~" || PrevUnary) &&
          !((T == "(" || T == "[") && isWordToken(Prev));
      if (Space)
        OS << ' ';
    }
    OS << T;
    Prev = T;
    PrevUnary = Unary;
    First = false;
  }

private:
  StringRef Prev;
  bool PrevUnary = false; // Prev is a prefix '-' or '+'
  bool First = true;
};

void joinTokens(Span<std::string_view> Toks, raw_ostream &OS) {
  TokenJoiner J;
  for (StringRef T : Toks)
    J.add(T, OS);
}

/// An expression without its whitespace, except around the remainder
/// operator: `10%3` would lex as 10 and the register %3 (ptxas and our
/// grammar agree), so it is printed `10 % 3`. A '%' after the end of an
/// operand (a digit, a name's character or ')') is the operator; elsewhere it
/// starts a register name (%r3, %tid.x).
void printStripped(StringRef Text, raw_ostream &OS) {
  char Prev = 0;
  for (char C : Text) {
    if (llvm::isSpace(C))
      continue;
    if (C == '%' && (llvm::isAlnum(Prev) || Prev == '_' || Prev == '$' || Prev == ')'))
      OS << " % ";
    else
      OS << C;
    Prev = C;
  }
}

void indent(raw_ostream &OS, unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    OS << '\t';
}

} // namespace

void ptxlint::emitOperand(const Operand &Op, raw_ostream &OS) {
  auto Elements = [&](const char *Open, const char *Close) {
    OS << Open;
    for (size_t I = 0; I < Op.Elements.size(); ++I) {
      if (I)
        OS << ", ";
      emitOperand(Op.Elements[I], OS);
    }
    OS << Close;
  };
  switch (Op.Kind) {
  case OperandKind::Name:
    if (Op.Negated)
      OS << '!';
    OS << Op.Text;
    return;
  case OperandKind::Sink:
    OS << '_';
    return;
  case OperandKind::IntImm:
    if (Op.Text.empty())
      OS << Op.IntValue;
    else
      printStripped(Op.Text, OS);
    return;
  case OperandKind::FloatImm:
    if (Op.Text.empty()) {
      double D = Op.FloatValue;
      uint64_t Bits;
      std::memcpy(&Bits, &D, sizeof Bits);
      OS << "0d" << llvm::format_hex_no_prefix(Bits, 16, /*Upper=*/true);
    } else {
      printStripped(Op.Text, OS);
    }
    return;
  case OperandKind::Address:
    if (Op.ArrayIndex && !Op.Elements.empty()) { // a[i], a[%r1+4]
      emitOperand(Op.Elements[0], OS);
      OS << '[';
      if (Op.Elements.size() > 1)
        emitOperand(Op.Elements[1], OS);
      else
        OS << Op.IntValue;
      OS << ']';
      return;
    }
    if (Op.Elements.size() > 1) {
      Elements("[", "]");
      return;
    }
    OS << '[';
    if (!Op.Elements.empty()) {
      emitOperand(Op.Elements[0], OS);
      if (Op.HasOffset) {
        // ptxas takes "[r+-4]" but rejects "[r-4]": always write '+'.
        OS << '+' << Op.IntValue;
      }
    } else {
      OS << Op.IntValue;
    }
    OS << ']';
    return;
  case OperandKind::Vector:
    Elements("{", "}");
    return;
  case OperandKind::List:
    Elements("(", ")");
    return;
  case OperandKind::PredPair:
    if (Op.Elements.size() == 2) {
      emitOperand(Op.Elements[0], OS);
      OS << '|';
      emitOperand(Op.Elements[1], OS);
    }
    return;
  case OperandKind::Expr:
    printStripped(Op.Text, OS);
    return;
  }
}

void ptxlint::emitInstruction(const Instruction &I, raw_ostream &OS) {
  if (!I.Guard.empty())
    OS << '@' << (I.GuardNegated ? "!" : "") << I.Guard << ' ';
  OS << I.Opcode;
  for (StringRef Q : I.Qualifiers)
    OS << Q;
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    OS << (K ? ", " : " ");
    emitOperand(I.Operands[K], OS);
  }
  OS << ';';
}

static void emitDeclBody(const VarDecl &V, raw_ostream &OS) {
  llvm::SmallVector<std::string_view, 12> Head(V.Prefix.begin(), V.Prefix.end());
  Head.push_back(V.StateSpace);
  Head.append(V.Attrs.begin(), V.Attrs.end());
  joinTokens(Head, OS);
  for (size_t I = 0; I < V.Declarators.size(); ++I) {
    const Declarator &D = V.Declarators[I];
    OS << (I ? ", " : " ") << D.Name;
    if (D.RangeCount >= 0)
      OS << '<' << D.RangeCount << '>';
    for (StringRef T : D.ArraySuffix)
      OS << T;
    if (D.HasInit) {
      OS << " = ";
      joinTokens(D.Init, OS);
    }
  }
}

void ptxlint::emitVarDecl(const VarDecl &V, raw_ostream &OS) {
  emitDeclBody(V, OS);
  OS << ';';
}

void ptxlint::emitDirective(const Directive &D, raw_ostream &OS) {
  if (D.IsLabel) {
    OS << D.Name << ':';
    return;
  }
  OS << D.Name;
  if (!D.Args.empty()) {
    OS << ' ';
    joinTokens(D.Args, OS);
  }
  if (D.HasBody) {
    OS << "\n{\n";
    for (const Directive &Line : D.Body) {
      if (!Line.IsLabel)
        OS << '\t';
      emitDirective(Line, OS);
      OS << '\n';
    }
    OS << '}';
    return;
  }
  if (D.HasSemicolon)
    OS << ';';
}

static void emitParams(llvm::ArrayRef<VarDecl> Params, raw_ostream &OS) {
  OS << '(';
  for (size_t I = 0; I < Params.size(); ++I) {
    if (I)
      OS << ", ";
    emitDeclBody(Params[I], OS);
  }
  OS << ')';
}

void ptxlint::emitFunctionHeader(const Function &F, raw_ostream &OS) {
  for (StringRef P : F.Prefix)
    OS << P << ' ';
  OS << F.Kind << ' ';
  for (const Directive &A : F.Attributes) // `.func .attribute(.unified(1, 2)) f`
    if (A.Name == ".attribute") {
      emitDirective(A, OS);
      OS << ' ';
    }
  if (F.HasReturnList) {
    emitParams(F.Returns, OS);
    OS << ' ';
  }
  OS << F.Name;
  if (F.HasParamList)
    emitParams(F.Params, OS);
  for (const Directive &A : F.Attributes) {
    if (A.Name == ".attribute")
      continue;
    OS << '\n';
    emitDirective(A, OS);
  }
  OS << (F.HasBody ? "\n{" : ";");
}

void ptxlint::emitStatement(const Statement &S, raw_ostream &OS, unsigned Indent) {
  switch (S.Kind) {
  case StmtKind::Instruction:
    indent(OS, Indent);
    emitInstruction(*S.Inst, OS);
    break;
  case StmtKind::Label:
    OS << S.LabelName << ':';
    break;
  case StmtKind::VarDecl:
    indent(OS, Indent);
    emitVarDecl(*S.Var, OS);
    break;
  case StmtKind::Directive:
    indent(OS, Indent);
    emitDirective(*S.Dir, OS);
    break;
  case StmtKind::ScopeBegin:
    indent(OS, Indent);
    OS << '{';
    break;
  case StmtKind::ScopeEnd:
    indent(OS, Indent);
    OS << '}';
    break;
  }
  OS << '\n';
}

namespace {
/// Prints as the parse streams; emitModule uses the same callbacks.
class StreamingEmitter : public ParseSink {
public:
  explicit StreamingEmitter(raw_ostream &OS) : OS(OS) {}
  void onDirective(const Directive &D) override {
    emitDirective(D, OS);
    OS << '\n';
  }
  void onGlobalVar(const VarDecl &V) override {
    emitVarDecl(V, OS);
    OS << '\n';
  }
  void onFunctionBegin(const Function &F) override {
    OS << '\n';
    emitFunctionHeader(F, OS);
    OS << '\n';
    Depth = 1;
  }
  void onStatement(const Statement &S) override {
    if (S.Kind == StmtKind::ScopeEnd && Depth > 1)
      --Depth;
    emitStatement(S, OS, Depth);
    if (S.Kind == StmtKind::ScopeBegin)
      ++Depth;
  }
  void onFunctionEnd(const Function &F) override {
    if (F.HasBody)
      OS << "}\n";
    Depth = 0;
  }
  // A module-scope section a line (or a piece of a long line) at a time,
  // printed as emitDirective prints the whole: memory stays flat.
  bool wantsSectionLines() const override { return true; }
  void onSectionBegin(const Directive &Head) override {
    Directive D = Head;
    D.HasBody = false;
    D.HasSemicolon = false;
    emitDirective(D, OS);
    OS << "\n{\n";
    InLine = false;
  }
  void onSectionLine(const Directive &Piece, bool Continues) override {
    if (!InLine) {
      if (!Piece.IsLabel)
        OS << '\t';
      OS << Piece.Name;
      if (Piece.IsLabel)
        OS << ':';
      Line = TokenJoiner();
      if (!Piece.Args.empty())
        OS << ' ';
    }
    for (StringRef T : Piece.Args)
      Line.add(T, OS);
    InLine = Continues;
    if (Continues)
      return;
    if (Piece.HasSemicolon)
      OS << ';';
    OS << '\n';
  }
  void onSectionEnd(const Directive &) override { OS << "}\n"; }

private:
  raw_ostream &OS;
  unsigned Depth = 0;
  TokenJoiner Line; // the section line being printed
  bool InLine = false;
};
} // namespace

std::unique_ptr<ParseSink> ptxlint::makeStreamingEmitter(raw_ostream &OS) {
  return std::make_unique<StreamingEmitter>(OS);
}

void ptxlint::emitModule(const Module &M, raw_ostream &OS) {
  StreamingEmitter E(OS);
  for (const TopLevelItem &It : M.Items) {
    switch (It.Kind) {
    case ItemKind::Directive:
      E.onDirective(*It.Dir);
      break;
    case ItemKind::VarDecl:
      E.onGlobalVar(*It.Var);
      break;
    case ItemKind::Function:
      E.onFunctionBegin(*It.Func);
      for (const Statement *S : It.Func->Body)
        E.onStatement(*S);
      E.onFunctionEnd(*It.Func);
      break;
    }
  }
}

std::string ptxlint::emitModule(const Module &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  emitModule(M, OS);
  OS.flush();
  return S;
}

//===----------------------------------------------------------------------===//
// The public std::ostream entry points
//===----------------------------------------------------------------------===//

void ptxlint::emitModule(const Module &M, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitModule(M, ROS);
}
void ptxlint::emitInstruction(const Instruction &I, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitInstruction(I, ROS);
}
void ptxlint::emitOperand(const Operand &Op, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitOperand(Op, ROS);
}
void ptxlint::emitVarDecl(const VarDecl &V, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitVarDecl(V, ROS);
}
void ptxlint::emitDirective(const Directive &D, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitDirective(D, ROS);
}
void ptxlint::emitStatement(const Statement &S, std::ostream &OS, unsigned Indent) {
  llvm::raw_os_ostream ROS(OS);
  emitStatement(S, ROS, Indent);
}
void ptxlint::emitFunctionHeader(const Function &F, std::ostream &OS) {
  llvm::raw_os_ostream ROS(OS);
  emitFunctionHeader(F, ROS);
}

namespace {
/// The streaming emitter on a std::ostream: buffered, flushed at the end of
/// each function and of the file.
class StdStreamingEmitter : public ParseSink {
public:
  explicit StdStreamingEmitter(std::ostream &OS) : ROS(OS), E(ROS) {}
  void onDirective(const Directive &D) override { E.onDirective(D); }
  void onGlobalVar(const VarDecl &V) override { E.onGlobalVar(V); }
  void onFunctionBegin(const Function &F) override { E.onFunctionBegin(F); }
  void onStatement(const Statement &S) override { E.onStatement(S); }
  void onFunctionEnd(const Function &F) override {
    E.onFunctionEnd(F);
    ROS.flush();
  }
  void onEndOfFile() override { ROS.flush(); }

private:
  llvm::raw_os_ostream ROS;
  StreamingEmitter E;
};
} // namespace

std::unique_ptr<ParseSink> ptxlint::makeStreamingEmitter(std::ostream &OS) {
  return std::make_unique<StdStreamingEmitter>(OS);
}
