//===- mma_tile_gen.cpp - an mma tile generator that lints what it emits --===//
//
// Generates a PTX kernel in which one warp computes an M x N x K tile
// C = A * B with mma.sync (A: M x K row-major, B: N x K row-major, i.e. the
// .col operand of mma, C: M x N row-major f32). The tile is staged through
// shared memory and loaded with ldmatrix.
//
// Every instruction the generator emits goes through
// ptxlint::checkInstruction for the chosen target and PTX ISA version, with
// the kernel's register declarations, the moment it is emitted; the finished
// module goes through ptxlint::lintFile. At the end it emits one deliberately
// wrong instruction (A and B of different types) and prints what the
// library says about it.
//
// Usage: mma-tile-gen [--target sm_80] [--ptx 7.8] [--type f16|bf16]
//                     [--m 32] [--n 32] [--k 32] [-o tile.ptx]
// Exit status: 0 when the generated code is clean and the wrong instruction
// was caught, 1 otherwise, 2 on bad arguments.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Lint.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Config {
  ptxlint::Target Target = *ptxlint::Target::parse("sm_80");
  ptxlint::PtxVersion Version{7, 8};
  std::string Type = "f16"; // of A and B; accumulators are f32
  unsigned M = 32, N = 32, K = 32;
  std::string Output;
};

/// Prints one diagnostic as "name:line:col: severity: message [rule, PTX ISA x]"
/// followed by its fix-its.
void printDiagnostic(const ptxlint::SourceFile &File, const ptxlint::Diagnostic &D) {
  std::string Where(File.name());
  if (D.Range.isValid()) {
    ptxlint::LineCol LC = File.lineCol(D.Range.Begin);
    Where += ":" + std::to_string(LC.Line) + ":" + std::to_string(LC.Column);
  }
  std::printf("  %s: %s: %s [%s%s%s]\n", Where.c_str(),
              std::string(ptxlint::severityName(D.Sev)).c_str(), D.Message.c_str(), D.Rule.c_str(),
              D.Spec.empty() ? "" : ", PTX ISA ", D.Spec.c_str());
  if (D.Range.isValid())
    std::printf("    at '%s'\n", std::string(File.slice(D.Range)).c_str());
  for (const ptxlint::FixIt &F : D.Fixes)
    std::printf("    fix-it: replace '%s' with '%s'\n", std::string(File.slice(F.Range)).c_str(),
                F.Replacement.c_str());
}

/// Emits PTX line by line and checks each instruction as it goes.
class TileGenerator {
public:
  explicit TileGenerator(const Config &C) : C(C) {}

  /// Returns the whole module.
  std::string generate();

  unsigned Checked = 0, Errors = 0, Warnings = 0;
  std::vector<double> CheckMicros; // the time of each check

  /// The median check time: the first checks of a process also build the
  /// library's lookup tables once, which the mean would spread over all.
  double medianMicros() const {
    std::vector<double> V = CheckMicros;
    if (V.empty())
      return 0;
    std::nth_element(V.begin(), V.begin() + V.size() / 2, V.end());
    return V[V.size() / 2];
  }

private:
  /// Checks Inst for the configured target and version, then appends it.
  void emit(const std::string &Inst) {
    auto Start = std::chrono::steady_clock::now();
    ptxlint::LintResult R = ptxlint::checkInstruction(Inst, C.Target, C.Version, Decls);
    CheckMicros.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start)
            .count());
    ++Checked;
    Errors += R.Errors;
    Warnings += R.Warnings;
    if (!R.Diags.empty()) {
      std::printf("generated instruction has diagnostics: %s\n", Inst.c_str());
      ptxlint::SourceFile File("<instruction>", Inst);
      for (const ptxlint::Diagnostic &D : R.Diags)
        printDiagnostic(File, D);
    }
    Body += "  " + Inst + "\n";
  }
  void comment(const std::string &Text) { Body += "  // " + Text + "\n"; }
  static std::string regs(const char *Prefix, unsigned First, unsigned Count) {
    std::string S = "{";
    for (unsigned I = 0; I < Count; ++I)
      S += (I ? ", %" : "%") + std::string(Prefix) + std::to_string(First + I);
    return S + "}";
  }
  static std::string addr(const char *Base, unsigned Offset) {
    return "[" + std::string(Base) + (Offset ? "+" + std::to_string(Offset) : "") + "]";
  }

  const Config &C;
  std::string Decls; // the kernel's register declarations, given to every check
  std::string Body;
};

std::string TileGenerator::generate() {
  const unsigned MT = C.M / 16, NT = C.N / 8, KT = C.K / 16;
  const unsigned BytesA = C.M * C.K * 2, BytesB = C.N * C.K * 2;
  const std::string Name = "mma_tile_" + C.Type + "_" + std::to_string(C.M) + "x" +
                           std::to_string(C.N) + "x" + std::to_string(C.K);

  // The registers, given to every check so operand types are checked too.
  // (Shared arrays and parameters are not registers; the module check at
  // the end sees their declarations.)
  Decls = "  .reg .b32 %lane;\n  .reg .b32 %t<12>;\n  .reg .b32 %v<4>;\n  .reg .b64 %rd<8>;\n";
  Decls += "  .reg .b32 %a<" + std::to_string(MT * KT * 4) + ">;\n";
  Decls += "  .reg .b32 %b<" + std::to_string(NT * KT * 2) + ">;\n";
  Decls += "  .reg .f32 %acc<" + std::to_string(MT * NT * 4) + ">;\n";
  const std::string SharedDecls = "  .shared .align 16 .b8 smem_a[" + std::to_string(BytesA) +
                                  "];\n" + "  .shared .align 16 .b8 smem_b[" +
                                  std::to_string(BytesB) + "];\n";

  emit("ld.param.u64 %rd0, [param_a];");
  emit("ld.param.u64 %rd1, [param_b];");
  emit("ld.param.u64 %rd2, [param_c];");
  emit("cvta.to.global.u64 %rd0, %rd0;");
  emit("cvta.to.global.u64 %rd1, %rd1;");
  emit("cvta.to.global.u64 %rd2, %rd2;");
  emit("mov.u32 %lane, %tid.x;");
  emit("and.b32 %lane, %lane, 31;");

  comment("stage A and B in shared memory, 16 bytes per lane per step");
  emit("mov.u32 %t0, smem_a;");
  emit("mov.u32 %t1, smem_b;");
  emit("shl.b32 %t2, %lane, 4;");
  emit("cvt.u64.u32 %rd3, %t2;");
  emit("add.u64 %rd4, %rd0, %rd3;");
  emit("add.u64 %rd5, %rd1, %rd3;");
  emit("add.u32 %t3, %t0, %t2;");
  emit("add.u32 %t4, %t1, %t2;");
  for (unsigned Off = 0; Off < BytesA; Off += 512) {
    emit("ld.global.v4.b32 {%v0, %v1, %v2, %v3}, " + addr("%rd4", Off) + ";");
    emit("st.shared.v4.b32 " + addr("%t3", Off) + ", {%v0, %v1, %v2, %v3};");
  }
  for (unsigned Off = 0; Off < BytesB; Off += 512) {
    emit("ld.global.v4.b32 {%v0, %v1, %v2, %v3}, " + addr("%rd5", Off) + ";");
    emit("st.shared.v4.b32 " + addr("%t4", Off) + ", {%v0, %v1, %v2, %v3};");
  }
  emit("bar.warp.sync -1;");

  comment(
      "ldmatrix row addresses: A rows lane%16, k half lane/16; B rows lane%8, k half (lane/8)%2");
  emit("and.b32 %t5, %lane, 15;");
  emit("shr.u32 %t6, %lane, 4;");
  emit("mad.lo.u32 %t5, %t5, " + std::to_string(C.K * 2) + ", %t0;");
  emit("mad.lo.u32 %t5, %t6, 16, %t5;");
  emit("and.b32 %t7, %lane, 7;");
  emit("bfe.u32 %t8, %lane, 3, 1;");
  emit("mad.lo.u32 %t7, %t7, " + std::to_string(C.K * 2) + ", %t1;");
  emit("mad.lo.u32 %t7, %t8, 16, %t7;");

  comment("A fragments: one ldmatrix.x4 per 16x16 block");
  for (unsigned Mi = 0; Mi < MT; ++Mi)
    for (unsigned Ki = 0; Ki < KT; ++Ki)
      emit("ldmatrix.sync.aligned.m8n8.x4.shared.b16 " + regs("a", (Mi * KT + Ki) * 4, 4) + ", " +
           addr("%t5", (Mi * 16 * C.K + Ki * 16) * 2) + ";");
  comment("B fragments: one ldmatrix.x2 per 8x16 block");
  for (unsigned Ni = 0; Ni < NT; ++Ni)
    for (unsigned Ki = 0; Ki < KT; ++Ki)
      emit("ldmatrix.sync.aligned.m8n8.x2.shared.b16 " + regs("b", (Ni * KT + Ki) * 2, 2) + ", " +
           addr("%t7", (Ni * 8 * C.K + Ki * 16) * 2) + ";");

  comment("accumulate");
  for (unsigned I = 0; I < MT * NT * 4; ++I)
    emit("mov.f32 %acc" + std::to_string(I) + ", 0f00000000;");
  const std::string Mma =
      "mma.sync.aligned.m16n8k16.row.col.f32." + C.Type + "." + C.Type + ".f32 ";
  for (unsigned Mi = 0; Mi < MT; ++Mi)
    for (unsigned Ni = 0; Ni < NT; ++Ni)
      for (unsigned Ki = 0; Ki < KT; ++Ki) {
        std::string Acc = regs("acc", (Mi * NT + Ni) * 4, 4);
        emit(Mma + Acc + ", " + regs("a", (Mi * KT + Ki) * 4, 4) + ", " +
             regs("b", (Ni * KT + Ki) * 2, 2) + ", " + Acc + ";");
      }

  comment("store C: lane holds rows lane/4 and lane/4+8, columns 2*(lane%4) and +1");
  emit("shr.u32 %t9, %lane, 2;");
  emit("and.b32 %t10, %lane, 3;");
  emit("shl.b32 %t10, %t10, 1;");
  emit("mad.lo.u32 %t11, %t9, " + std::to_string(C.N) + ", %t10;");
  emit("mul.wide.u32 %rd6, %t11, 4;");
  emit("add.u64 %rd7, %rd2, %rd6;");
  for (unsigned Mi = 0; Mi < MT; ++Mi)
    for (unsigned Ni = 0; Ni < NT; ++Ni) {
      unsigned A = (Mi * NT + Ni) * 4;
      emit("st.global.v2.f32 " + addr("%rd7", (Mi * 16 * C.N + Ni * 8) * 4) + ", " +
           regs("acc", A, 2) + ";");
      emit("st.global.v2.f32 " + addr("%rd7", ((Mi * 16 + 8) * C.N + Ni * 8) * 4) + ", " +
           regs("acc", A + 2, 2) + ";");
    }
  emit("ret;");

  return "//\n// Generated by mma-tile-gen (examples/codegen); checked by ptx-lint.\n//\n"
         ".version " +
         C.Version.str() + "\n.target " + C.Target.str() +
         "\n.address_size 64\n\n.visible .entry " + Name +
         "(\n  .param .u64 param_a,\n  .param .u64 param_b,\n  .param .u64 param_c)\n{\n" + Decls +
         SharedDecls + "\n" + Body + "}\n";
}

bool parseArgs(int Argc, char **Argv, Config &C) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    const char *V = I + 1 < Argc ? Argv[I + 1] : nullptr;
    auto Need = [&]() {
      if (!V)
        std::fprintf(stderr, "mma-tile-gen: %s needs a value\n", A.c_str());
      return V != nullptr;
    };
    if (A == "--target") {
      if (!Need())
        return false;
      std::optional<ptxlint::Target> T = ptxlint::Target::parse(V);
      if (!T) {
        std::fprintf(stderr, "mma-tile-gen: bad target '%s'\n", V);
        return false;
      }
      C.Target = *T;
    } else if (A == "--ptx") {
      if (!Need())
        return false;
      std::optional<ptxlint::PtxVersion> P = ptxlint::PtxVersion::parse(V);
      if (!P) {
        std::fprintf(stderr, "mma-tile-gen: bad PTX ISA version '%s'\n", V);
        return false;
      }
      C.Version = *P;
    } else if (A == "--type") {
      if (!Need())
        return false;
      C.Type = V;
      if (C.Type != "f16" && C.Type != "bf16") {
        std::fprintf(stderr, "mma-tile-gen: --type is f16 or bf16\n");
        return false;
      }
    } else if (A == "--m" || A == "--n" || A == "--k") {
      if (!Need())
        return false;
      unsigned X = static_cast<unsigned>(std::strtoul(V, nullptr, 10));
      unsigned Step = A == "--n" ? 8 : 16;
      if (X == 0 || X % Step || X > 256) {
        std::fprintf(stderr, "mma-tile-gen: %s must be a multiple of %u up to 256\n", A.c_str(),
                     Step);
        return false;
      }
      (A == "--m" ? C.M : A == "--n" ? C.N : C.K) = X;
    } else if (A == "-o") {
      if (!Need())
        return false;
      C.Output = V;
    } else {
      std::fprintf(stderr, "usage: mma-tile-gen [--target sm_80] [--ptx 7.8] [--type f16|bf16] "
                           "[--m 32] [--n 32] [--k 32] [-o tile.ptx]\n");
      return false;
    }
    ++I;
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  Config C;
  if (!parseArgs(Argc, Argv, C))
    return 2;
  std::printf("mma-tile-gen: %ux%ux%u tile, %s x %s -> f32, target %s, PTX ISA %s\n", C.M, C.N, C.K,
              C.Type.c_str(), C.Type.c_str(), C.Target.str().c_str(), C.Version.str().c_str());

  TileGenerator G(C);
  std::string Module = G.generate();
  std::printf(
      "checked %u emitted instructions: %u errors, %u warnings (median %.1f us per check)\n",
      G.Checked, G.Errors, G.Warnings, G.medianMicros());

  // The whole module, as a file: .version/.target and declarations included.
  ptxlint::SourceFile File(C.Output.empty() ? "<module>" : C.Output, Module);
  ptxlint::LintResult M = ptxlint::lintFile(File);
  std::printf("checked the module: %u errors, %u warnings\n", M.Errors, M.Warnings);
  for (const ptxlint::Diagnostic &D : M.Diags)
    printDiagnostic(File, D);

  // A typical generator bug: A and B fragments of different types.
  const std::string Other = C.Type == "f16" ? "bf16" : "f16";
  const std::string Wrong = "mma.sync.aligned.m16n8k16.row.col.f32." + Other + "." + C.Type +
                            ".f32 {%acc0, %acc1, %acc2, %acc3}, {%a0, %a1, %a2, %a3}, "
                            "{%b0, %b1}, {%acc0, %acc1, %acc2, %acc3};";
  ptxlint::LintResult W = ptxlint::checkInstruction(Wrong, C.Target, C.Version);
  std::printf("deliberately wrong instruction: %s\n", Wrong.c_str());
  std::printf("  -> %u errors, %u warnings\n", W.Errors, W.Warnings);
  ptxlint::SourceFile WrongFile("<instruction>", Wrong);
  for (const ptxlint::Diagnostic &D : W.Diags)
    printDiagnostic(WrongFile, D);

  if (!C.Output.empty()) {
    std::ofstream Out(C.Output, std::ios::binary);
    Out << Module;
    if (!Out) {
      std::fprintf(stderr, "mma-tile-gen: cannot write %s\n", C.Output.c_str());
      return 1;
    }
    std::printf("wrote %s\n", C.Output.c_str());
  }
  bool Ok = G.Errors == 0 && M.Errors == 0 && W.Errors > 0;
  std::printf("%s\n",
              Ok ? "OK: generated code is clean and the wrong instruction was caught" : "FAILED");
  return Ok ? 0 : 1;
}
