//===- bench_check_instruction.cpp - latency/throughput of checkInstruction ===//
//
// Measures ptxlint::checkInstruction, the call a code generator makes for
// every instruction it emits, on a fixed mix of matrix instructions (every
// family, mostly correct, some wrong, several targets):
//   - one thread: the latency of each call (median, p90, p99) and calls per
//     second;
//   - N threads at once (default: every hardware thread), each running the
//     same loop: the latency of each call under load and the aggregate
//     calls per second.
// Each call is timed on its own with steady_clock (its overhead, ~20 ns, is
// well under the call's cost). A warm-up pass runs first.
//
// Usage: bench-check-instruction [--rounds N] [--threads N] [--decls]
//                                [--mix all|valid|wrong] [--per-case]
//                                [--c-api] [--json FILE]
//   --rounds   passes over the mix per thread (default 200)
//   --threads  threads of the parallel run (default: hardware threads)
//   --mix      the whole mix (default), only its correct instructions (what
//              a generator mostly emits) or only the wrong ones
//   --decls    pass PTX register declarations with each call (the
//              declarations are parsed on every call)
//   --per-case print the median of each instruction of the mix
//   --c-api    call ptxlint_check_instruction (ptxlint.h) instead: adds
//              copying the diagnostics into a C result and resolving lines
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Lint.h"
#include "ptxlint/ptxlint.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace ptxlint;
using Clock = std::chrono::steady_clock;

namespace {

struct Case {
  const char *Family;
  const char *Text;
  const char *Target;
  PtxVersion Version;
};

/// The mix: instruction forms taken from real nvcc / LLVM output (the
/// corpus), plus typical generator mistakes.
const Case Mix[] = {
    {"mma",
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 0}},
    {"mma",
     "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_90",
     {8, 0}},
    {"mma",
     "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4}, {%r5}, "
     "{%r6, %r7};",
     "sm_75",
     {6, 5}},
    {"mma",
     "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%r41, %r42, %r43, %r44}, "
     "{%r3, %r4}, {%r6, %r7}, {%r31, %r32, %r51, %r52};",
     "sm_70",
     {6, 4}},
    {"mma",
     "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%f1, %f2, %f3, %f4}, "
     "{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8};",
     "sm_89",
     {8, 4}},
    {"mma",
     "mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32 {%r60, %r61, %r62, %r63}, "
     "{%r1, %r2}, {%r6}, {%r46, %r47, %r48, %r49};",
     "sm_80",
     {7, 0}},
    {"mma",
     "mma.sync.aligned.m8n8k16.row.col.satfinite.s32.s8.s8.s32 {%r11, %r12}, {%r3}, "
     "{%r4}, {%r15, %r16};",
     "sm_75",
     {6, 5}},
    {"mma",
     "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc {%r96, %r97, %r98, %r99}, "
     "{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r85, %r86, %r87, %r88};",
     "sm_80",
     {7, 0}},
    {"mma",
     "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1."
     "e2m1.f32.ue8m0 {%f17, %f18, %f19, %f20}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, "
     "{%f9, %f10, %f11, %f12}, {%r23}, {0, 1}, {%r24}, {0, 1};",
     "sm_120a",
     {8, 7}},
    {"mma (wrong)",
     "mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 0}},
    {"mma (wrong)",
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_80",
     {7, 0}},
    {"mma (wrong)",
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};",
     "sm_75",
     {7, 0}},
    {"mma.sp",
     "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, "
     "{%r1, %r2}, {%r3, %r4}, {%f5, %f6, %f7, %f8}, %r5, 0x0;",
     "sm_80",
     {7, 1}},
    {"mma.sp",
     "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f9, %f10, %f11, %f12}, "
     "{%r1, %r2, %r10, %r11}, {%r3, %r4, %r14, %r15}, {%f1, %f2, %f3, %f4}, %r5, 0x0;",
     "sm_80",
     {7, 1}},
    {"wmma",
     "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, "
     "%r8}, [%rd1+128];",
     "sm_70",
     {6, 3}},
    {"wmma",
     "wmma.load.a.sync.aligned.row.m16n16k16.bf16 {%r7, %r8, %r9, %r10}, [%rd10], %r1;",
     "sm_80",
     {7, 0}},
    {"wmma",
     "wmma.mma.sync.aligned.col.row.m16n16k16.f32.bf16.bf16.f32 {%f9, %f10, %f11, %f12, "
     "%f13, %f14, %f15, %f16}, {%r7, %r8, %r9, %r10}, {%r11, %r12, %r13, %r14}, "
     "{%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};",
     "sm_80",
     {7, 0}},
    {"wmma",
     "wmma.store.d.sync.aligned.col.m16n16k16.global.f32 [%rd12], {%f9, %f10, %f11, "
     "%f12, %f13, %f14, %f15, %f16}, %r1;",
     "sm_70",
     {6, 3}},
    {"ldmatrix",
     "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0,%r1,%r2,%r3}, [%r4+64];",
     "sm_75",
     {6, 5}},
    {"ldmatrix",
     "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r0,%r1}, [%r4];",
     "sm_80",
     {7, 0}},
    {"ldmatrix (wrong)",
     "ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0,%r1,%r2}, [%r4];",
     "sm_80",
     {7, 0}},
    {"stmatrix",
     "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r1390], {%r1386, %r1387, %r1388, "
     "%r1389};",
     "sm_90",
     {7, 8}},
    {"movmatrix", "movmatrix.sync.aligned.m8n8.trans.b16 %r102, %r75;", "sm_75", {7, 8}},
};

const char *const Decls = ".reg .b32 %r<1400>; .reg .f32 %f<32>; .reg .b64 %rd<16>;";

struct Prepared {
  const Case *C;
  Target T;
  std::string Version; // "7.0", for the C API
};

/// Which API the loop calls.
bool UseCApi = false;

struct Stats {
  double Median = 0, P90 = 0, P99 = 0, Mean = 0; // microseconds
  double PerSecond = 0;                          // calls per second (all threads)
  size_t Calls = 0;
  double Seconds = 0;
};

double percentile(std::vector<double> &V, double P) {
  if (V.empty())
    return 0;
  size_t K = static_cast<size_t>(P * (V.size() - 1) + 0.5);
  std::nth_element(V.begin(), V.begin() + K, V.end());
  return V[K];
}

Stats summarize(std::vector<double> &Lat, double Seconds) {
  Stats S;
  S.Calls = Lat.size();
  S.Seconds = Seconds;
  double Sum = 0;
  for (double L : Lat)
    Sum += L;
  S.Mean = Lat.empty() ? 0 : Sum / Lat.size();
  S.Median = percentile(Lat, 0.5);
  S.P90 = percentile(Lat, 0.9);
  S.P99 = percentile(Lat, 0.99);
  S.PerSecond = Seconds > 0 ? Lat.size() / Seconds : 0;
  return S;
}

/// One thread's loop: Rounds passes over the mix, starting at Offset so
/// threads do not move in lock step. Appends each call's latency (us).
/// Returns the number of errors seen (kept so the calls cannot be elided).
unsigned runLoop(const std::vector<Prepared> &P, unsigned Rounds, size_t Offset, bool WithDecls,
                 std::vector<double> &Lat, std::vector<double> *PerCase = nullptr) {
  unsigned Errors = 0;
  Lat.reserve(Lat.size() + Rounds * P.size());
  for (unsigned R = 0; R < Rounds; ++R)
    for (size_t K = 0; K < P.size(); ++K) {
      size_t I = (K + Offset) % P.size();
      auto Start = Clock::now();
      LintResult Res =
          checkInstruction(P[I].C->Text, P[I].T, P[I].C->Version, WithDecls ? Decls : "");
      double Us = std::chrono::duration<double, std::micro>(Clock::now() - Start).count();
      Errors += Res.Errors;
      Lat.push_back(Us);
      if (PerCase)
        PerCase[I].push_back(Us);
    }
  return Errors;
}

void printStats(const char *Title, unsigned Threads, const Stats &S) {
  std::printf("%-28s threads=%-3u calls=%-8zu median=%8.2f us  p90=%8.2f us  p99=%8.2f us  "
              "mean=%8.2f us  %10.0f instructions/s\n",
              Title, Threads, S.Calls, S.Median, S.P90, S.P99, S.Mean, S.PerSecond);
}

std::string jsonStats(const Stats &S, unsigned Threads) {
  char Buf[512];
  std::snprintf(Buf, sizeof(Buf),
                "{\"threads\": %u, \"calls\": %zu, \"seconds\": %.4f, \"median_us\": %.3f, "
                "\"p90_us\": %.3f, \"p99_us\": %.3f, \"mean_us\": %.3f, "
                "\"instructions_per_second\": %.1f}",
                Threads, S.Calls, S.Seconds, S.Median, S.P90, S.P99, S.Mean, S.PerSecond);
  return Buf;
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Rounds = 200, Threads = std::max(1u, std::thread::hardware_concurrency());
  bool WithDecls = false, PerCaseOut = false;
  std::string MixKind = "all";
  std::string JsonPath;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--rounds" && I + 1 < Argc)
      Rounds = static_cast<unsigned>(std::max(1l, std::strtol(Argv[++I], nullptr, 10)));
    else if (A == "--threads" && I + 1 < Argc)
      Threads = static_cast<unsigned>(std::max(1l, std::strtol(Argv[++I], nullptr, 10)));
    else if (A == "--decls")
      WithDecls = true;
    else if (A == "--per-case")
      PerCaseOut = true;
    else if (A == "--c-api")
      UseCApi = true;
    else if (A == "--mix" && I + 1 < Argc &&
             (!std::strcmp(Argv[I + 1], "all") || !std::strcmp(Argv[I + 1], "valid") ||
              !std::strcmp(Argv[I + 1], "wrong")))
      MixKind = Argv[++I];
    else if (A == "--json" && I + 1 < Argc)
      JsonPath = Argv[++I];
    else {
      std::fprintf(stderr, "usage: bench-check-instruction [--rounds N] [--threads N] "
                           "[--mix all|valid|wrong] [--decls] [--per-case] [--c-api] "
                           "[--json FILE]\n");
      return 2;
    }
  }

  std::vector<Prepared> P;
  for (const Case &C : Mix) {
    bool Wrong = std::strstr(C.Family, "(wrong)") != nullptr;
    if ((MixKind == "valid" && Wrong) || (MixKind == "wrong" && !Wrong))
      continue;
    P.push_back({&C, *Target::parse(C.Target), C.Version.str()});
  }

  std::printf("%s benchmark: %zu instructions in the mix (%s), %u rounds, %s, "
              "%u hardware threads\n",
              UseCApi ? "ptxlint_check_instruction (C API)" : "checkInstruction", P.size(),
              MixKind.c_str(), Rounds, WithDecls ? "with declarations" : "no declarations",
              std::thread::hardware_concurrency());

  // Warm-up: first-touch costs (lazily built tables, ANTLR's DFA cache).
  std::vector<double> Warm;
  unsigned MixErrors = runLoop(P, 3, 0, WithDecls, Warm) / 3;

  // One thread.
  std::vector<double> Lat;
  std::vector<std::vector<double>> PerCase(P.size());
  auto T0 = Clock::now();
  unsigned Sink = runLoop(P, Rounds, 0, WithDecls, Lat, PerCase.data());
  double Secs = std::chrono::duration<double>(Clock::now() - T0).count();
  Stats One = summarize(Lat, Secs);

  // N threads at once.
  std::vector<std::vector<double>> ThreadLat(Threads);
  std::atomic<unsigned> Ready{0};
  std::atomic<unsigned> ThreadSink{0};
  Clock::time_point Start;
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      if (++Ready == Threads)
        Start = Clock::now();
      while (Ready.load() < Threads)
        std::this_thread::yield();
      ThreadSink += runLoop(P, Rounds, T * 5, WithDecls, ThreadLat[T]);
    });
  for (std::thread &Th : Pool)
    Th.join();
  double ParSecs = std::chrono::duration<double>(Clock::now() - Start).count();
  std::vector<double> All;
  for (auto &V : ThreadLat)
    All.insert(All.end(), V.begin(), V.end());
  Stats Many = summarize(All, ParSecs);

  printStats(UseCApi ? "C API, 1 thread" : "checkInstruction, 1 thread", 1, One);
  printStats(UseCApi ? "C API, N threads" : "checkInstruction, N threads", Threads, Many);
  std::printf("speed-up with %u threads: %.2fx; errors reported per pass over the mix: %u\n",
              Threads, One.PerSecond > 0 ? Many.PerSecond / One.PerSecond : 0.0, MixErrors);

  // Median per family (one thread).
  std::map<std::string, std::vector<double>> ByFamily;
  for (size_t I = 0; I < P.size(); ++I)
    ByFamily[P[I].C->Family].insert(ByFamily[P[I].C->Family].end(), PerCase[I].begin(),
                                    PerCase[I].end());
  std::printf("median latency by family (1 thread):\n");
  std::string JsonFamilies;
  for (auto &KV : ByFamily) {
    double M = percentile(KV.second, 0.5);
    std::printf("  %-18s %8.2f us\n", KV.first.c_str(), M);
    char Buf[128];
    std::snprintf(Buf, sizeof(Buf), "%s\"%s\": %.3f", JsonFamilies.empty() ? "" : ", ",
                  KV.first.c_str(), M);
    JsonFamilies += Buf;
  }

  if (PerCaseOut) {
    std::printf("median latency by instruction (1 thread):\n");
    for (size_t I = 0; I < P.size(); ++I)
      std::printf("  %8.2f us  %-8s %s\n", percentile(PerCase[I], 0.5), P[I].C->Target,
                  P[I].C->Text);
  }

  if (!JsonPath.empty()) {
    std::ofstream J(JsonPath);
    J << "{\"benchmark\": \"" << (UseCApi ? "ptxlint_check_instruction" : "checkInstruction")
      << "\", \"mix\": \"" << MixKind << "\", \"instructions\": " << P.size()
      << ", \"rounds\": " << Rounds << ", \"declarations\": " << (WithDecls ? "true" : "false")
      << ", \"hardware_threads\": " << std::thread::hardware_concurrency()
      << ",\n \"one_thread\": " << jsonStats(One, 1)
      << ",\n \"n_threads\": " << jsonStats(Many, Threads) << ",\n \"median_us_by_family\": {"
      << JsonFamilies << "}}\n";
  }
  // The answers must not change with load: same error count per pass.
  if (Sink != MixErrors * Rounds || ThreadSink.load() != MixErrors * Rounds * Threads) {
    std::fprintf(stderr, "error: results differ between runs (%u, %u, %u per pass)\n", MixErrors,
                 Sink / Rounds, ThreadSink.load() / (Rounds * Threads));
    return 1;
  }
  return 0;
}
