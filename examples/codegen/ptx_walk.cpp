//===- ptx_walk.cpp - the public C++ API, with no LLVM anywhere -----------===//
//
// Reads a PTX file, parses it into the AST (ptxlint::parseModule), lists the
// matrix instructions with their qualifiers and operand counts, prints the
// module back as canonical PTX (ptxlint::emitModule) into a string, lints it
// (ptxlint::lintFile) and prints the diagnostics in gcc format
// (ptxlint::printGcc) on std::cout. Every type it touches is the C++
// standard library's or ptx-lint's own (std::string_view, std::ostream,
// ptxlint::Span): the library's LLVM stays inside libptxlint.so, so this
// builds with any compiler against the installed headers alone.
//
// Usage: ptx-walk FILE.ptx [--target sm_80]
// Exit status: 0 when the file lints clean, 1 when it has errors, 2 when it
// cannot be read.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/AST.h"
#include "ptxlint/Emitter.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Output.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Span.h"
#include "ptxlint/Target.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace {

bool isMatrixOpcode(std::string_view Op) {
  return Op == "mma" || Op == "wmma" || Op == "ldmatrix" || Op == "stmatrix" || Op == "movmatrix";
}

/// Prints each matrix instruction of M: "line: opcode.quals (N operands)".
unsigned listMatrixInstructions(const ptxlint::SourceFile &File, const ptxlint::Module &M) {
  unsigned N = 0;
  for (const ptxlint::TopLevelItem &It : M.Items) {
    if (It.Kind != ptxlint::ItemKind::Function)
      continue;
    for (const ptxlint::Statement *S : It.Func->Body) {
      if (S->Kind != ptxlint::StmtKind::Instruction || !isMatrixOpcode(S->Inst->Opcode))
        continue;
      const ptxlint::Instruction &I = *S->Inst;
      std::cout << File.lineCol(I.Range.Begin).Line << ": " << I.Opcode;
      for (std::string_view Q : I.Qualifiers)
        std::cout << Q;
      ptxlint::Span<ptxlint::Operand> Ops = I.Operands;
      std::cout << " (" << Ops.size() << " operands)\n";
      ++N;
    }
  }
  return N;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Path, TargetName;
  for (int K = 1; K < Argc; ++K) {
    std::string_view A = Argv[K];
    if (A == "--target" && K + 1 < Argc)
      TargetName = Argv[++K];
    else if (Path.empty())
      Path = std::string(A);
  }
  if (Path.empty()) {
    std::cerr << "usage: ptx-walk FILE.ptx [--target sm_80]\n";
    return 2;
  }
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    std::cerr << "ptx-walk: cannot read " << Path << "\n";
    return 2;
  }
  std::stringstream Bytes;
  Bytes << In.rdbuf();
  ptxlint::SourceFile File(Path, Bytes.str());

  ptxlint::DiagnosticEngine ParseDiags;
  std::unique_ptr<ptxlint::Module> M = ptxlint::parseModule(File, ParseDiags);
  unsigned N = listMatrixInstructions(File, *M);
  std::ostringstream Canonical;
  ptxlint::emitModule(*M, Canonical);
  std::cout << N << " matrix instructions; canonical text: " << Canonical.str().size()
            << " bytes\n";

  ptxlint::LintOptions Opts;
  if (!TargetName.empty()) {
    std::optional<ptxlint::Target> T = ptxlint::Target::parse(TargetName);
    if (!T) {
      std::cerr << "ptx-walk: not a target: " << TargetName << "\n";
      return 2;
    }
    Opts.TargetOverride = T;
  }
  ptxlint::LintResult R = ptxlint::lintFile(File, Opts);
  ptxlint::printGcc(ptxlint::makeReport(File, R.Diags), std::cout);
  std::cout << R.Errors << " errors, " << R.Warnings << " warnings\n";
  return R.Errors ? 1 : 0;
}
