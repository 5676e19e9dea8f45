//===- ASTDump.cpp - a complete, exact text dump of the AST ---------------===//
#include "AST/ASTDump.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace ptxlint;
using llvm::raw_ostream;
using llvm::StringRef;

// A field added to a node must be added to its dump below; these fail to
// compile until the size here is updated too (64-bit hosts).
#if UINTPTR_MAX == 0xffffffffffffffffULL
static_assert(sizeof(Operand) == 72, "Operand changed: update dumpOperand, then this size");
static_assert(sizeof(Instruction) == 104, "Instruction changed: update dumpStatement");
static_assert(sizeof(Directive) == 64, "Directive changed: update dumpDirective");
static_assert(sizeof(Declarator) == 72, "Declarator changed: update dumpVarDecl");
static_assert(sizeof(VarDecl) == 72, "VarDecl changed: update dumpVarDecl");
static_assert(sizeof(Statement) == 56, "Statement changed: update dumpStatement");
static_assert(sizeof(Function) == 160, "Function changed: update dumpFunction");
#endif

namespace {

void dumpRange(raw_ostream &OS, SourceRange R) { OS << '[' << R.Begin << ',' << R.End << ')'; }

void dumpOperand(raw_ostream &OS, const Operand &O) {
  OS << " op" << static_cast<int>(O.Kind) << (O.Negated ? "!" : "") << "'" << O.Text << "'";
  dumpRange(OS, O.Range);
  uint64_t FBits;
  std::memcpy(&FBits, &O.FloatValue, sizeof FBits);
  OS << "i" << O.IntValue << "f" << FBits << (O.HasOffset ? "+" : "") << (O.ArrayIndex ? "[]" : "")
     << "(";
  for (const Operand &E : O.Elements)
    dumpOperand(OS, E);
  OS << ")";
}

void dumpDirective(raw_ostream &OS, const Directive &D) {
  OS << "dir " << D.Name;
  dumpRange(OS, D.Range);
  for (StringRef A : D.Args)
    OS << " '" << A << "'";
  OS << (D.HasSemicolon ? ";" : "") << (D.IsLabel ? ":" : "") << (D.HasBody ? "{" : "") << " body"
     << D.Body.size();
  for (const Directive &Line : D.Body) {
    OS << "\n    ";
    dumpDirective(OS, Line);
  }
}

void dumpVarDecl(raw_ostream &OS, const VarDecl &V) {
  OS << "var";
  dumpRange(OS, V.Range);
  for (StringRef P : V.Prefix)
    OS << " pre'" << P << "'";
  OS << " " << V.StateSpace;
  for (StringRef A : V.Attrs)
    OS << " attr'" << A << "'";
  for (const Declarator &D : V.Declarators) {
    OS << " decl'" << D.Name << "'";
    dumpRange(OS, D.Range);
    OS << "<" << D.RangeCount << ">";
    for (StringRef T : D.ArraySuffix)
      OS << " '" << T << "'";
    OS << (D.HasInit ? " =" : "");
    for (StringRef T : D.Init)
      OS << " '" << T << "'";
  }
}

void dumpInstruction(raw_ostream &OS, const Instruction &I) {
  OS << " inst ";
  dumpRange(OS, I.Range);
  OS << " @" << (I.GuardNegated ? "!" : "") << I.Guard;
  dumpRange(OS, I.GuardRange);
  OS << " " << I.Opcode;
  for (size_t K = 0; K < I.Qualifiers.size(); ++K) {
    OS << " " << I.Qualifiers[K];
    if (K < I.QualifierRanges.size())
      dumpRange(OS, I.QualifierRanges[K]);
  }
  for (const Operand &O : I.Operands)
    dumpOperand(OS, O);
}

void dumpStatement(raw_ostream &OS, const Statement &St) {
  OS << "  stmt" << static_cast<int>(St.Kind);
  dumpRange(OS, St.Range);
  if (St.Kind == StmtKind::Label)
    OS << " label " << St.LabelName;
  if (St.Inst)
    dumpInstruction(OS, *St.Inst);
  if (St.Dir) {
    OS << " ";
    dumpDirective(OS, *St.Dir);
  }
  if (St.Var) {
    OS << " ";
    dumpVarDecl(OS, *St.Var);
  }
  OS << "\n";
}

void dumpFunction(raw_ostream &OS, const Function &Fn) {
  OS << "func " << Fn.Kind << " " << Fn.Name;
  dumpRange(OS, Fn.Range);
  dumpRange(OS, Fn.NameRange);
  for (StringRef P : Fn.Prefix)
    OS << " pre'" << P << "'";
  OS << (Fn.HasReturnList ? " R(" : " (");
  for (const VarDecl &V : Fn.Returns)
    dumpVarDecl(OS, V);
  OS << (Fn.HasParamList ? ") P(" : ") (");
  for (const VarDecl &V : Fn.Params)
    dumpVarDecl(OS, V);
  OS << ")";
  for (const Directive &A : Fn.Attributes) {
    OS << " ";
    dumpDirective(OS, A);
  }
  OS << (Fn.HasBody ? " {" : " ;") << "\n";
  for (const Statement *St : Fn.Body)
    dumpStatement(OS, *St);
}

} // namespace

std::string ptxlint::dumpAST(const Module &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  for (const TopLevelItem &It : M.Items) {
    if (It.Dir) {
      dumpDirective(OS, *It.Dir);
      OS << "\n";
    }
    if (It.Var) {
      dumpVarDecl(OS, *It.Var);
      OS << "\n";
    }
    if (It.Func)
      dumpFunction(OS, *It.Func);
  }
  return OS.str();
}

std::string ptxlint::dumpAST(const Statement &S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  dumpStatement(OS, S);
  return OS.str();
}
