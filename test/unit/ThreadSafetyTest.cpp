//===- ThreadSafetyTest.cpp - many threads, one library, same answers -----===//
//
// The library promises that any number of threads may call lintFile,
// checkInstruction and the C API at once, with nothing to set up first.
// These tests run a fixed workload single-threaded to get the reference
// answers, then run it again from many threads at once (each thread in its
// own order, so different inputs overlap in time) and compare every result
// with the reference. Inputs that are shared between threads (the
// SourceFile, the LintOptions, the C options handle) are shared on purpose.
//
// Run under ThreadSanitizer (configure with -DPTXLINT_SANITIZE=thread, see
// docs/library-guide.md), any data race inside the library fails the run
// even when the answers happen to agree.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Lint.h"
#include "ptxlint/ptxlint.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace ptxlint;

namespace {

/// One instruction check: text, target, version, declarations.
struct InstCase {
  const char *Text;
  const char *Target;
  PtxVersion Version;
  const char *Decls;
};

/// Matrix instructions from every family, right and wrong, new and old
/// targets (including ones the checks reject for the target).
const InstCase InstCases[] = {
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 0},
     ""},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 0},
     ".reg .f32 %f<8>; .reg .b32 %r<6>;"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_90",
     {8, 0},
     ""},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 8},
     ""},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_75",
     {7, 0},
     ""},
    {"mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%r41, %r42, %r43, %r44}, {%r3, %r4}, "
     "{%r6, %r7}, {%r31, %r32, %r51, %r52};",
     "sm_70",
     {6, 4},
     ""},
    {"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%f1, %f2, %f3, %f4}, "
     "{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8};",
     "sm_89",
     {8, 4},
     ""},
    {"mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32 {%r60, %r61, %r62, %r63}, {%r1, %r2}, "
     "{%r6}, {%r46, %r47, %r48, %r49};",
     "sm_80",
     {7, 0},
     ""},
    {"mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc {%r96, %r97, %r98, %r99}, "
     "{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r85, %r86, %r87, %r88};",
     "sm_80",
     {7, 0},
     ""},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32."
     "ue8m0 {%f17, %f18, %f19, %f20}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f9, %f10, %f11, %f12}, "
     "{%r23}, {0, 1}, {%r24}, {0, 1};",
     "sm_120a",
     {8, 7},
     ""},
    {"mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f9, %f10, %f11, %f12}, "
     "{%r1, %r2, %r10, %r11}, {%r3, %r4, %r14, %r15}, {%f1, %f2, %f3, %f4}, %r5, 0x0;",
     "sm_80",
     {7, 1},
     ""},
    {"wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, "
     "[%rd1+128];",
     "sm_70",
     {6, 0},
     ""},
    {"wmma.mma.sync.aligned.col.row.m16n16k16.f32.bf16.bf16.f32 {%f9, %f10, %f11, %f12, %f13, "
     "%f14, %f15, %f16}, {%r7, %r8, %r9, %r10}, {%r11, %r12, %r13, %r14}, {%f1, %f2, %f3, %f4, "
     "%f5, %f6, %f7, %f8};",
     "sm_80",
     {7, 0},
     ""},
    {"wmma.store.d.sync.aligned.col.m16n16k16.global.f32 [%rd12], {%f9, %f10, %f11, %f12, %f13, "
     "%f14, %f15, %f16}, %r1;",
     "sm_70",
     {6, 0},
     ""},
    {"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0,%r1,%r2,%r3}, [%r4+64];", "sm_75", {6, 5}, ""},
    {"ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0,%r1,%r2}, [%r4];", "sm_80", {7, 0}, ""},
    {"stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r1390], {%r1386, %r1387, %r1388, %r1389};",
     "sm_90",
     {7, 8},
     ""},
    {"movmatrix.sync.aligned.m8n8.trans.b16 %r102, %r75;", "sm_75", {7, 8}, ""},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0",
     "sm_80",
     {7, 0},
     ""}, // syntax error
    {"", "sm_80", {7, 0}, ""},
};

const char *const Modules[] = {
    ".version 7.8\n.target sm_80\n.address_size 64\n\n.visible .entry k(.param .u64 p)\n{\n"
    "  .reg .b32 %r<8>;\n  .reg .f32 %f<8>;\n"
    "  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0,%r1,%r2,%r3}, [%r4];\n"
    "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
    "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};\n  ret;\n}\n",
    ".version 7.0\n.target sm_75\n.address_size 64\n\n.visible .entry k()\n{\n"
    "  .reg .b32 %r<8>;\n  .reg .f32 %f<8>;\n"
    "  mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 {%f0,%f1,%f2,%f3}, "
    "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};\n"
    "  ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0,%r1,%r2}, [%r4];\n"
    "  movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;\n  ret;\n}\n",
    ".version 9.9\n.target sm_999\n.entry k( {\n  bogus.instruction %r1;\n}\n",
};

/// Everything in a result, as one string, so results compare exactly.
std::string serialize(const LintResult &R) {
  std::string S = std::to_string(R.Errors) + "e" + std::to_string(R.Warnings) + "w\n";
  for (const Diagnostic &D : R.Diags) {
    S += std::to_string(static_cast<int>(D.Sev)) + "|" + D.Rule + "|" + D.Spec + "|" +
         std::to_string(D.Range.Begin) + "-" + std::to_string(D.Range.End) + "|" + D.Message;
    for (const FixIt &F : D.Fixes)
      S += "|fix " + std::to_string(F.Range.Begin) + "-" + std::to_string(F.Range.End) + ":" +
           F.Replacement;
    for (const DiagNote &N : D.Notes)
      S += "|note " + std::to_string(N.Range.Begin) + ":" + N.Message;
    S += "\n";
  }
  return S;
}

std::string serializeC(ptxlint_status St, const ptxlint_result *R) {
  std::string S = "status " + std::to_string(St) + " " + std::to_string(ptxlint_result_errors(R)) +
                  "e" + std::to_string(ptxlint_result_warnings(R)) + "w\n";
  for (size_t I = 0; I < ptxlint_result_count(R); ++I) {
    ptxlint_location L = ptxlint_diag_location(R, I);
    S += std::to_string(ptxlint_diag_severity(R, I)) + "|" + ptxlint_diag_rule(R, I) + "|" +
         std::to_string(L.line) + ":" + std::to_string(L.column) + "|" +
         ptxlint_diag_message(R, I) + "\n";
  }
  return S;
}

unsigned threadCount() {
  // More threads than cores, so they interleave even on a 2-core machine.
  return std::max(8u, 2 * std::thread::hardware_concurrency());
}

/// The shared inputs and the single-threaded answers.
struct Workload {
  std::vector<std::unique_ptr<SourceFile>> Files;
  LintOptions Opts; // shared, read-only
  std::vector<std::string> InstRef, FileRef, CRef;
  ptxlint_options *COpts = nullptr;

  Workload() {
    Opts.Enabled.insert("*"); // every rule on: the most code runs
    for (const char *M : Modules)
      Files.push_back(std::make_unique<SourceFile>("m.ptx", M));
    COpts = ptxlint_options_create();
    for (size_t I = 0; I < std::size(InstCases); ++I)
      InstRef.push_back(runInst(I));
    for (size_t I = 0; I < Files.size(); ++I)
      FileRef.push_back(runFile(I));
    for (size_t I = 0; I < std::size(InstCases); ++I)
      CRef.push_back(runC(I));
  }
  ~Workload() { ptxlint_options_destroy(COpts); }

  std::string runInst(size_t I) const {
    const InstCase &C = InstCases[I];
    return serialize(checkInstruction(C.Text, *Target::parse(C.Target), C.Version, C.Decls, Opts));
  }
  std::string runFile(size_t I) const { return serialize(lintFile(*Files[I], Opts)); }
  std::string runC(size_t I) const {
    const InstCase &C = InstCases[I];
    ptxlint_result *R = nullptr;
    std::string V = C.Version.str();
    ptxlint_status St = ptxlint_check_instruction(C.Text, C.Target, V.c_str(),
                                                  *C.Decls ? C.Decls : nullptr, COpts, &R);
    std::string S = serializeC(St, R);
    ptxlint_result_destroy(R);
    return S;
  }
};

/// Runs Job(ThreadIndex) on N threads started together.
template <typename Fn> void runConcurrently(unsigned N, Fn Job) {
  std::atomic<unsigned> Ready{0};
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < N; ++T)
    Threads.emplace_back([&, T] {
      ++Ready;
      while (Ready.load() < N)
        std::this_thread::yield();
      Job(T);
    });
  for (std::thread &Th : Threads)
    Th.join();
}

TEST(ThreadSafetyTest, ReferenceAnswersAreNotTrivial) {
  // The comparison below is only worth something if the workload produces
  // diagnostics: wrong instructions must give errors, right ones none.
  Workload W;
  unsigned WithErrors = 0, Clean = 0;
  for (const std::string &S : W.InstRef)
    (S.rfind("0e", 0) == 0 ? Clean : WithErrors)++;
  EXPECT_GE(WithErrors, 4u);
  EXPECT_GE(Clean, 4u);
  EXPECT_NE(W.FileRef[1].rfind("0e", 0), 0u) << W.FileRef[1];
}

TEST(ThreadSafetyTest, CheckInstructionFromManyThreads) {
  Workload W;
  const unsigned N = threadCount(), Rounds = 3;
  std::atomic<unsigned> Mismatches{0}, Runs{0};
  runConcurrently(N, [&](unsigned T) {
    for (unsigned R = 0; R < Rounds; ++R)
      for (size_t K = 0; K < W.InstRef.size(); ++K) {
        size_t I = (K + T * 7) % W.InstRef.size(); // a different order per thread
        if (W.runInst(I) != W.InstRef[I])
          ++Mismatches;
        ++Runs;
      }
  });
  EXPECT_EQ(Runs.load(), N * Rounds * W.InstRef.size());
  EXPECT_EQ(Mismatches.load(), 0u);
}

TEST(ThreadSafetyTest, LintFileFromManyThreadsOnSharedFiles) {
  Workload W;
  const unsigned N = threadCount(), Rounds = 4;
  std::atomic<unsigned> Mismatches{0};
  runConcurrently(N, [&](unsigned T) {
    for (unsigned R = 0; R < Rounds; ++R)
      for (size_t K = 0; K < W.Files.size(); ++K) {
        size_t I = (K + T) % W.Files.size();
        if (W.runFile(I) != W.FileRef[I])
          ++Mismatches;
      }
  });
  EXPECT_EQ(Mismatches.load(), 0u);
}

TEST(ThreadSafetyTest, MixedEntryPointsFromManyThreads) {
  // Threads call different entry points (C++ instruction, C++ file, C API)
  // at the same time, sharing the options objects.
  Workload W;
  const unsigned N = threadCount(), Rounds = 2;
  std::atomic<unsigned> Mismatches{0};
  runConcurrently(N, [&](unsigned T) {
    for (unsigned R = 0; R < Rounds; ++R)
      for (size_t K = 0; K < W.InstRef.size(); ++K) {
        size_t I = (K * 3 + T) % W.InstRef.size();
        switch ((T + K) % 3) {
        case 0:
          Mismatches += W.runInst(I) != W.InstRef[I];
          break;
        case 1:
          Mismatches += W.runC(I) != W.CRef[I];
          break;
        default: {
          size_t F = (K + T) % W.Files.size();
          Mismatches += W.runFile(F) != W.FileRef[F];
        }
        }
      }
  });
  EXPECT_EQ(Mismatches.load(), 0u);
}

TEST(ThreadSafetyTest, SharedCResultReadFromManyThreads) {
  // A finished result may be read by many threads, ptxlint_result_text
  // (built on first use) included.
  ptxlint_result *R = nullptr;
  ASSERT_EQ(ptxlint_check_instruction(InstCases[2].Text, "sm_90", "8.0", nullptr, nullptr, &R),
            PTXLINT_OK);
  ASSERT_GT(ptxlint_result_count(R), 0u);
  std::vector<std::string> Texts(threadCount());
  runConcurrently(threadCount(), [&](unsigned T) {
    Texts[T] = ptxlint_result_text(R) + serializeC(PTXLINT_OK, R);
  });
  for (const std::string &S : Texts)
    EXPECT_EQ(S, Texts[0]);
  EXPECT_NE(Texts[0].find("error"), std::string::npos) << Texts[0];
  ptxlint_result_destroy(R);
}

} // namespace
