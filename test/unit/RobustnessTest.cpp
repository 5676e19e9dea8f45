//===- RobustnessTest.cpp - nesting limits, small stacks, out of memory ---===//
//
// The library runs inside code generators, often on threads with small
// stacks: nested input must hold on a 1 MB stack (the parser's recursion is
// bounded by its nesting limit), and memory exhaustion must be a status, not
// an abort of the host.
//
//===----------------------------------------------------------------------===//

#include "Parse/FastStatement.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Parser.h"
#include "ptxlint/ptxlint.h"

#include "llvm/ADT/SmallVector.h"

#include "gtest/gtest.h"

#include <functional>
#include <pthread.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptxlint;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PTXLINT_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PTXLINT_TEST_SANITIZED 1
#endif

/// Runs Fn on a thread with a stack of StackBytes (sanitizers make frames
/// several times larger, so they get proportionally more).
void onSmallStack(size_t StackBytes, const std::function<void()> &Fn) {
#ifdef PTXLINT_TEST_SANITIZED
  StackBytes *= 4;
#endif
  pthread_attr_t Attr;
  ASSERT_EQ(pthread_attr_init(&Attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&Attr, StackBytes), 0);
  pthread_t T;
  auto Run = [](void *P) -> void * {
    (*static_cast<const std::function<void()> *>(P))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&T, &Attr, Run, const_cast<std::function<void()> *>(&Fn)), 0);
  pthread_join(T, nullptr);
  pthread_attr_destroy(&Attr);
}

std::string repeat(const std::string &S, size_t N) {
  std::string R;
  R.reserve(S.size() * N);
  for (size_t I = 0; I < N; ++I)
    R += S;
  return R;
}

std::string inBody(const std::string &Stmt) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
         ".reg .b32 %r<5>;\n" +
         Stmt + "\nret;\n}\n";
}

/// Every kind of nesting the parser recurses on, N levels deep.
std::vector<std::pair<std::string, std::string>> nested(size_t N) {
  const std::string Global = ".version 8.0\n.target sm_90\n.address_size 64\n";
  return {
      {"parentheses", inBody("add.s32 %r1, %r2, " + repeat("(", N) + "1" + repeat(")", N) + ";")},
      {"vector braces", inBody("mov.b32 %r1, " + repeat("{", N) + "%r2" + repeat("}", N) + ";")},
      {"call lists", inBody("call " + repeat("(", N) + "%r2" + repeat(")", N) + ", f;")},
      {"address brackets", inBody("ld.u32 %r1, " + repeat("[", N) + "%r2" + repeat("]", N) + ";")},
      {"unary operators", inBody("add.s32 %r1, %r2, " + repeat("- ", N) + "1;")},
      {"negations", inBody("add.s32 %r1, %r2, " + repeat("!~", N / 2) + "1;")},
      {"conditional chain",
       inBody("add.s32 %r1, %r2, " + repeat("1?", N) + "1" + repeat(":1", N) + ";")},
      // Each parenthesis here is 11 levels: ten operators of rising
      // precedence the parser's precedence climbing holds open, and itself.
      {"rising precedence in parentheses",
       inBody("add.s32 %r1, %r2, " + repeat("1||1&&1|1^1&1==1<1<<1+1*(", N / 11) + "1" +
              repeat(")", N / 11) + ";")},
      {"casts", inBody("add.s32 %r1, %r2, " + repeat("(.u64)", N) + "1;")},
      {"array size", inBody(".reg .b32 x[" + repeat("(", N) + "1" + repeat(")", N) + "];")},
      {"initializer braces",
       Global + ".global .b32 x[1] = " + repeat("{", N) + "1" + repeat("}", N) + ";\n"},
      {"initializer expression",
       Global + ".global .b32 x[1] = {" + repeat("(", N) + "1" + repeat(")", N) + "};\n"},
      {"section value",
       Global + ".section .debug_info {\n.b32 " + repeat("(", N) + "1" + repeat(")", N) + "\n}\n"},
      {"function parameters", Global + ".func f(" + repeat("(", N) + ")\n{\nret;\n}\n"},
      {"directive", inBody(".pragma " + repeat("(", N) + ";")},
  };
}

size_t countRule(const LintResult &R, llvm::StringRef Rule) {
  size_t N = 0;
  for (const Diagnostic &D : R.Diags)
    N += D.Rule == Rule;
  return N;
}

TEST(Robustness, NestingAtTheLimitParsesOnAOneMegabyteStack) {
  for (auto &[What, Text] : nested(parsedriver::MaxNestingDepth - 2)) {
    onSmallStack(1 << 20, [&, &What = What, &Text = Text] {
      SourceFile F("nested.ptx", Text);
      LintResult R = lintFile(F);
      for (const Diagnostic &D : R.Diags)
        EXPECT_EQ(D.Message.find("nesting too deep"), std::string::npos)
            << What << ": " << D.Message;
      ParseOptions NoFast;
      NoFast.FastStatements = false;
      DiagnosticEngine DE;
      parse(F, nullptr, DE, NoFast);
    });
  }
}

TEST(Robustness, DeeperNestingIsOneErrorWhereTheLimitIsPassed) {
  for (auto &[What, Text] : nested(3000)) {
    onSmallStack(1 << 20, [&, &What = What, &Text = Text] {
      SourceFile F("nested.ptx", Text);
      LintResult R = lintFile(F);
      size_t Deep = 0;
      for (const Diagnostic &D : R.Diags) {
        if (D.Message.find("nesting too deep") == std::string::npos)
          continue;
        ++Deep;
        EXPECT_EQ(D.Rule, "syntax");
        // At the token that passes the limit: the 257th level.
        llvm::StringRef Before = F.text().substr(0, D.Range.Begin);
        size_t Opens = Before.count('(') + Before.count('{') + Before.count('[') +
                       Before.count('-') + Before.count('?') + Before.count('!') +
                       Before.count('~');
        if (What == "rising precedence in parentheses") // ten operators a '('
          Opens = Before.count('(') * 11;
        EXPECT_GE(Opens, parsedriver::MaxNestingDepth) << What;
      }
      EXPECT_EQ(Deep, 1u) << What;
    });
  }
}

TEST(Robustness, LongFlatChainsAreNotNesting) {
  // 1+1+...: ANTLR loops (no recursion) and ptxas accepts it; so do we.
  std::string Chain = "1";
  for (int I = 0; I < 20000; ++I)
    Chain += "+1";
  onSmallStack(1 << 20, [&] {
    SourceFile F("chain.ptx", inBody("add.s32 %r1, %r2, " + Chain + ";"));
    LintResult R = lintFile(F);
    EXPECT_EQ(R.Errors, 0u);
    std::string Neg = ".version 8.0\n.target sm_90\n.address_size 64\n.global .b32 x[20000] = {" +
                      repeat("-1, ", 19999) + "-1};\n";
    SourceFile G("negatives.ptx", Neg);
    EXPECT_EQ(lintFile(G).Errors, 0u);
  });
}

TEST(Robustness, CApiHoldsOnASmallStack) {
  onSmallStack(1 << 20, [] {
    for (auto &[What, Text] : nested(20000)) {
      ptxlint_result *R = nullptr;
      ASSERT_EQ(ptxlint_lint_buffer("n.ptx", Text.data(), Text.size(), nullptr, &R), PTXLINT_OK)
          << What;
      EXPECT_GE(ptxlint_result_errors(R), 1u) << What;
      ptxlint_result_destroy(R);
    }
    std::string Inst = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 " + repeat("{", 30000) +
                       "%f1" + repeat("}", 30000) + ", {%r1}, {%r2}, {%f2};";
    ptxlint_result *R = nullptr;
    ASSERT_EQ(ptxlint_check_instruction(Inst.c_str(), "sm_90", "8.0", nullptr, nullptr, &R),
              PTXLINT_OK);
    EXPECT_GE(ptxlint_result_errors(R), 1u);
    ptxlint_result_destroy(R);
  });
}

TEST(Robustness, ByteOrderMarkIsNamed) {
  SourceFile F("bom.ptx", "\xEF\xBB\xBF" + inBody("add.s32 %r1, %r2, 1;"));
  LintResult R = lintFile(F);
  ASSERT_EQ(R.Errors, 1u);
  EXPECT_NE(R.Diags[0].Message.find("byte order mark"), std::string::npos);
  EXPECT_EQ(R.Diags[0].Range.Begin, 0u);
  EXPECT_EQ(R.Diags[0].Range.End, 3u);
}

TEST(Robustness, DiagnosticsPastTheLimitAreCountedNotStored) {
  // Five symbol-selector errors and one switched-off warning-free rule.
  std::string Text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
                     ".reg .b32 %r<4>;\n" +
                     repeat("add.s32 %r1, %r2, %r3.x;\n", 5) + "ret;\n}\n";
  SourceFile F("limit.ptx", Text);
  LintOptions Opts;
  LintResult All = lintFile(F, Opts);
  ASSERT_EQ(All.Diags.size(), 5u);
  EXPECT_EQ(All.Dropped, 0u);
  Opts.MaxDiagnostics = 2;
  LintResult Two = lintFile(F, Opts);
  ASSERT_EQ(Two.Diags.size(), 2u);
  EXPECT_EQ(Two.Errors, 5u);
  EXPECT_EQ(Two.Dropped, 3u);
  EXPECT_EQ(Two.DroppedErrors, 3u);
  EXPECT_EQ(Two.Diags[0].Range.Begin, All.Diags[0].Range.Begin);
  // A switched-off rule takes no room under the limit and is not counted.
  Opts.Disabled.insert("symbol-selector");
  LintResult Off = lintFile(F, Opts);
  EXPECT_EQ(Off.Diags.size(), 0u);
  EXPECT_EQ(Off.Errors, 0u);
  EXPECT_EQ(Off.Dropped, 0u);
}

#ifndef PTXLINT_TEST_SANITIZED
/// In a child process with at most Bytes of address space, runs Fn and
/// exits with its result (sanitizers reserve terabytes: not under them).
int inLimitedChild(size_t Bytes, const std::function<int()> &Fn) {
  pid_t P = fork();
  if (P == 0) {
    struct rlimit L = {Bytes, Bytes};
    setrlimit(RLIMIT_AS, &L);
    _exit(Fn());
  }
  int Status = 0;
  waitpid(P, &Status, 0);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}

TEST(Robustness, OutOfMemoryIsAStatusNotAnAbort) {
  // A statement whose parse tree is far larger than the limit (?: is not in
  // the initializer scanner's subset, so it gets one).
  std::string Text = ".version 8.0\n.target sm_90\n.address_size 64\n.global .b32 x[200000] = {" +
                     repeat("1?1:1, ", 199999) + "1};\n";
  int Got = inLimitedChild(size_t(160) << 20, [&] {
    ptxlint_result *R = nullptr;
    ptxlint_status S = ptxlint_lint_buffer("big.ptx", Text.data(), Text.size(), nullptr, &R);
    ptxlint_result_destroy(R);
    return static_cast<int>(S);
  });
  EXPECT_EQ(Got, PTXLINT_ERROR_OUT_OF_MEMORY);
  Got = inLimitedChild(size_t(160) << 20, [&] {
    // LLVM's own containers: their failure goes through its bad-alloc
    // handler, which must throw (not abort) once the library is in use.
    installBadAllocHandler();
    try {
      llvm::SmallVector<char, 0> V;
      V.resize(size_t(1) << 40);
    } catch (const std::bad_alloc &) {
      return 42;
    }
    return 0;
  });
  EXPECT_EQ(Got, 42);
}
#endif

} // namespace
