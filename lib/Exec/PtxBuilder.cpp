//===- PtxBuilder.cpp - harness kernels as AST ------------------------------===//
#include "Exec/PtxBuilder.h"

#include "ptxlint/Emitter.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace exec {

namespace {
Directive makeDirective(ASTContext &C, llvm::StringRef Name,
                        std::initializer_list<llvm::StringRef> Args) {
  Directive D;
  D.Name = C.save(Name);
  std::vector<llvm::StringRef> A;
  for (llvm::StringRef S : Args)
    A.push_back(C.save(S));
  D.Args = C.copy<std::string_view>(A);
  return D;
}
} // namespace

PtxBuilder::PtxBuilder(Target T, PtxVersion V, llvm::StringRef Name,
                       const std::vector<std::string> &Params) {
  ASTContext &C = M.Ctx;
  std::string Ver = V.str(), Tgt = T.str();
  for (auto *D : {C.create<Directive>(makeDirective(C, ".version", {Ver})),
                  C.create<Directive>(makeDirective(C, ".target", {Tgt})),
                  C.create<Directive>(makeDirective(C, ".address_size", {"64"}))}) {
    TopLevelItem It;
    It.Kind = ItemKind::Directive;
    It.Dir = D;
    M.Items.push_back(It);
  }
  F = C.create<Function>();
  llvm::StringRef Prefix[] = {C.save(".visible")};
  F->Prefix = C.copy<std::string_view>(Prefix);
  F->Kind = C.save(".entry");
  F->Name = C.save(Name);
  F->HasParamList = true;
  F->HasBody = true;
  std::vector<VarDecl> Ps;
  for (const std::string &P : Params) {
    VarDecl VD;
    VD.StateSpace = C.save(".param");
    llvm::StringRef Attr[] = {C.save(".u64")};
    VD.Attrs = C.copy<std::string_view>(Attr);
    Declarator D;
    D.Name = C.save(P);
    VD.Declarators = C.copy(llvm::ArrayRef<Declarator>(&D, 1));
    Ps.push_back(VD);
  }
  F->Params = C.copy(llvm::ArrayRef<VarDecl>(Ps));
}

void PtxBuilder::sharedArray(llvm::StringRef Name, unsigned Bytes) {
  ASTContext &C = M.Ctx;
  VarDecl *V = C.create<VarDecl>();
  V->StateSpace = C.save(".shared");
  std::string Size = std::to_string(Bytes);
  llvm::StringRef Attrs[] = {C.save(".align"), C.save("16"), C.save(".b8")};
  V->Attrs = C.copy<std::string_view>(Attrs);
  Declarator D;
  D.Name = C.save(Name);
  llvm::StringRef Suffix[] = {C.save("["), C.save(Size), C.save("]")};
  D.ArraySuffix = C.copy<std::string_view>(Suffix);
  V->Declarators = C.copy(llvm::ArrayRef<Declarator>(&D, 1));
  TopLevelItem It;
  It.Kind = ItemKind::VarDecl;
  It.Var = V;
  M.Items.push_back(It);
}

void PtxBuilder::regs(llvm::StringRef Type, llvm::StringRef Prefix, unsigned Count) {
  ASTContext &C = M.Ctx;
  VarDecl *V = C.create<VarDecl>();
  V->StateSpace = C.save(".reg");
  llvm::StringRef Attrs[] = {C.save(Type)};
  V->Attrs = C.copy<std::string_view>(Attrs);
  Declarator D;
  D.Name = C.save(Prefix);
  D.RangeCount = Count;
  V->Declarators = C.copy(llvm::ArrayRef<Declarator>(&D, 1));
  Statement *S = C.create<Statement>();
  S->Kind = StmtKind::VarDecl;
  S->Var = V;
  Decls.push_back(S);
}

void PtxBuilder::reg(llvm::StringRef Type, llvm::StringRef Name) {
  ASTContext &C = M.Ctx;
  VarDecl *V = C.create<VarDecl>();
  V->StateSpace = C.save(".reg");
  llvm::StringRef Attrs[] = {C.save(Type)};
  V->Attrs = C.copy<std::string_view>(Attrs);
  Declarator D;
  D.Name = C.save(Name);
  V->Declarators = C.copy(llvm::ArrayRef<Declarator>(&D, 1));
  Statement *S = C.create<Statement>();
  S->Kind = StmtKind::VarDecl;
  S->Var = V;
  Decls.push_back(S);
}

void PtxBuilder::inst(llvm::StringRef Mnemonic, const std::vector<Operand> &Ops) {
  ASTContext &C = M.Ctx;
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Mnemonic.split(Parts, '.', -1, false);
  Instruction *I = C.create<Instruction>();
  I->Opcode = C.save(Parts[0]);
  std::vector<llvm::StringRef> Qs;
  for (size_t K = 1; K < Parts.size(); ++K)
    Qs.push_back(C.save("." + Parts[K].str()));
  I->Qualifiers = C.copy<std::string_view>(Qs);
  std::vector<SourceRange> Ranges(Qs.size());
  I->QualifierRanges = C.copy(llvm::ArrayRef<SourceRange>(Ranges));
  I->Operands = C.copy(llvm::ArrayRef<Operand>(Ops));
  Statement *S = C.create<Statement>();
  S->Kind = StmtKind::Instruction;
  S->Inst = I;
  Body.push_back(S);
}

void PtxBuilder::label(llvm::StringRef Name) {
  Statement *S = M.Ctx.create<Statement>();
  S->Kind = StmtKind::Label;
  S->LabelName = M.Ctx.save(Name);
  Body.push_back(S);
}

Operand PtxBuilder::r(llvm::StringRef Name) {
  Operand O;
  O.Kind = OperandKind::Name;
  O.Text = M.Ctx.save(Name);
  return O;
}

Operand PtxBuilder::imm(int64_t V) {
  Operand O;
  O.Kind = OperandKind::IntImm;
  O.IntValue = V;
  O.Text = M.Ctx.save(std::to_string(V));
  return O;
}

Operand PtxBuilder::addr(llvm::StringRef Base, int64_t Off) {
  Operand O;
  O.Kind = OperandKind::Address;
  Operand B = r(Base);
  O.Elements = M.Ctx.copy(llvm::ArrayRef<Operand>(&B, 1));
  O.HasOffset = Off != 0;
  O.IntValue = Off;
  return O;
}

Operand PtxBuilder::vec(const std::vector<Operand> &Elems) {
  Operand O;
  O.Kind = OperandKind::Vector;
  O.Elements = M.Ctx.copy(llvm::ArrayRef<Operand>(Elems));
  return O;
}

std::string PtxBuilder::name(llvm::StringRef Prefix, unsigned I) {
  return Prefix.str() + std::to_string(I);
}

Operand PtxBuilder::vecOf(llvm::StringRef Prefix, unsigned N) {
  std::vector<Operand> E;
  for (unsigned I = 0; I < N; ++I)
    E.push_back(r(name(Prefix, I)));
  return vec(E);
}

std::string PtxBuilder::print() {
  F->Body.clear();
  F->Body.insert(F->Body.end(), Decls.begin(), Decls.end());
  F->Body.insert(F->Body.end(), Body.begin(), Body.end());
  bool Have = false;
  for (const TopLevelItem &It : M.Items)
    Have |= It.Kind == ItemKind::Function;
  if (!Have) {
    TopLevelItem It;
    It.Kind = ItemKind::Function;
    It.Func = F;
    M.Items.push_back(It);
  }
  return emitModule(M);
}

} // namespace exec
} // namespace ptxlint
