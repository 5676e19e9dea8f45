//===- SymbolTableTest.cpp - scoped declarations --------------------------===//

#include "Check/CheckContext.h"
#include "ptxlint/Parser.h"

#include "gtest/gtest.h"

#include <functional>

using namespace ptxlint;
using namespace ptxlint::check;

namespace {

/// Builds a VarDecl by hand; the StringRefs must outlive it (literals here).
struct DeclBuilder {
  std::vector<std::string_view> Attrs;
  std::vector<Declarator> Decls;
  VarDecl V;
  DeclBuilder(llvm::StringRef Space, std::initializer_list<llvm::StringRef> A)
      : Attrs(A.begin(), A.end()) {
    V.StateSpace = Space;
  }
  DeclBuilder &name(llvm::StringRef N, int64_t Count = -1, SourceRange R = {}) {
    Declarator D;
    D.Name = N;
    D.RangeCount = Count;
    D.Range = R;
    Decls.push_back(D);
    return *this;
  }
  const VarDecl &get() {
    V.Attrs = Attrs;
    V.Declarators = Decls;
    return V;
  }
};

TEST(SymbolTableTest, ParameterizedNames) {
  SourceFile F("t.ptx", "");
  SymbolTable S;
  DeclBuilder B(".reg", {".b32"});
  S.declare(B.name("%r", 100, SourceRange(5, 12)).get(), &F);
  ASSERT_NE(S.lookup("%r0"), nullptr);
  ASSERT_NE(S.lookup("%r99"), nullptr);
  EXPECT_EQ(S.lookup("%r99")->Type, ".b32");
  EXPECT_EQ(S.lookup("%r99")->StateSpace, ".reg");
  EXPECT_EQ(S.lookup("%r99")->VectorWidth, 1u);
  EXPECT_EQ(S.lookup("%r0")->DeclRange, SourceRange(5, 12));
  EXPECT_EQ(S.lookup("%r100"), nullptr);
  EXPECT_EQ(S.lookup("%r"), nullptr);
  // ptxas 13.0 reads the index as a number: %r07 is %r7, %r0100 is %r100
  EXPECT_EQ(S.lookup("%r07"), S.lookup("%r7"));
  EXPECT_NE(S.lookup("%r0099"), nullptr);
  EXPECT_EQ(S.lookup("%r0100"), nullptr);
  EXPECT_EQ(S.lookup("%rd1"), nullptr);
  EXPECT_EQ(S.lookup("%r1x"), nullptr);
  EXPECT_EQ(S.lookup("%r99999999999999999999"), nullptr);
}

TEST(SymbolTableTest, PlainNamesAndVectors) {
  SymbolTable S;
  DeclBuilder B(".reg", {".v2", ".f16x2"});
  S.declare(B.name("%h").name("%acc").get(), nullptr);
  const RegisterInfo *H = S.lookup("%h");
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->Type, ".f16x2");
  EXPECT_EQ(H->VectorWidth, 2u);
  EXPECT_FALSE(H->DeclRange.isValid()); // no file: no location
  EXPECT_NE(S.lookup("%acc"), nullptr);
  EXPECT_EQ(S.lookup("%h0"), nullptr);
}

TEST(SymbolTableTest, ScopesShadowAndPop) {
  SymbolTable S;
  DeclBuilder G(".global", {".b32"});
  S.declare(G.name("buf").get(), nullptr);
  S.pushScope();
  DeclBuilder Outer(".reg", {".b32"});
  S.declare(Outer.name("%x").get(), nullptr);
  S.pushScope();
  DeclBuilder Inner(".reg", {".f64"});
  S.declare(Inner.name("%x").get(), nullptr);
  EXPECT_EQ(S.lookup("%x")->Type, ".f64");
  EXPECT_EQ(S.lookup("buf")->StateSpace, ".global");
  S.popScope();
  EXPECT_EQ(S.lookup("%x")->Type, ".b32");
  S.popScope();
  EXPECT_EQ(S.lookup("%x"), nullptr);
  // Popping past the module scope keeps module declarations.
  S.popScope();
  S.popScope();
  EXPECT_NE(S.lookup("buf"), nullptr);
  S.pushScope();
  S.pushScope();
  S.declare(Outer.get(), nullptr);
  S.resetToModuleScope();
  EXPECT_EQ(S.lookup("%x"), nullptr);
  EXPECT_NE(S.lookup("buf"), nullptr);
}

TEST(SymbolTableTest, LaterRangeShadowsEarlierInSameScope) {
  SymbolTable S;
  DeclBuilder A(".reg", {".b32"});
  S.declare(A.name("%r", 10).get(), nullptr);
  DeclBuilder B(".reg", {".b64"});
  S.declare(B.name("%r", 4).get(), nullptr);
  EXPECT_EQ(S.lookup("%r3")->Type, ".b64");
  EXPECT_EQ(S.lookup("%r9")->Type, ".b32");
}

/// Streams a parsed module into a table the way the Checker does, and runs
/// Probe at each instruction.
class Walker : public ParseSink {
public:
  Walker(const SourceFile &F, std::function<void(const Instruction &, SymbolTable &)> Probe)
      : F(F), Probe(std::move(Probe)) {}
  void onGlobalVar(const VarDecl &V) override { S.declare(V, &F); }
  void onFunctionBegin(const Function &Fn) override {
    S.resetToModuleScope();
    if (Fn.HasBody) {
      S.pushScope();
      S.declareParams(Fn, &F);
    }
  }
  void onStatement(const Statement &St) override {
    if (St.Kind == StmtKind::VarDecl)
      S.declare(*St.Var, &F);
    else if (St.Kind == StmtKind::ScopeBegin)
      S.pushScope();
    else if (St.Kind == StmtKind::ScopeEnd)
      S.popScope();
    else if (St.Kind == StmtKind::Instruction)
      Probe(*St.Inst, S);
  }
  void onFunctionEnd(const Function &) override { S.resetToModuleScope(); }
  SymbolTable S;

private:
  const SourceFile &F;
  std::function<void(const Instruction &, SymbolTable &)> Probe;
};

TEST(SymbolTableTest, DeclarationsFromTheParser) {
  SourceFile F("t.ptx", ".version 9.0\n"
                        ".target sm_90\n"
                        ".global .align 4 .b32 g[4];\n"
                        ".entry k(.param .u64 p)\n"
                        "{\n"
                        "  .reg .b32 %r<3>;\n"
                        "  .reg .v4 .f32 %v;\n"
                        "  mov.b32 %r0, 1;\n"
                        "  {\n"
                        "    .reg .pred %p;\n"
                        "    mov.b32 %r1, 2;\n"
                        "  }\n"
                        "  mov.b32 %r2, 3;\n"
                        "}\n");
  int Seen = 0;
  Walker W(F, [&](const Instruction &I, SymbolTable &S) {
    ++Seen;
    EXPECT_NE(S.lookup("g"), nullptr);
    EXPECT_NE(S.lookup("p"), nullptr);
    EXPECT_EQ(S.lookup("p")->StateSpace, ".param");
    EXPECT_EQ(S.lookup("p")->Type, ".u64");
    ASSERT_NE(S.lookup("%r2"), nullptr);
    EXPECT_EQ(S.lookup("%r2")->Type, ".b32");
    EXPECT_EQ(F.lineCol(S.lookup("%r2")->DeclRange.Begin).Line, 6u);
    EXPECT_EQ(S.lookup("%r3"), nullptr);
    EXPECT_EQ(S.lookup("%v")->VectorWidth, 4u);
    bool Inner = F.lineCol(I.Range.Begin).Line == 11;
    EXPECT_EQ(S.lookup("%p") != nullptr, Inner) << F.lineCol(I.Range.Begin).Line;
  });
  DiagnosticEngine DE;
  EXPECT_TRUE(parse(F, &W, DE));
  EXPECT_EQ(Seen, 3);
  EXPECT_EQ(W.S.lookup("%r0"), nullptr);
  EXPECT_NE(W.S.lookup("g"), nullptr);
}

} // namespace
