//===- ptx-roundtrip.cpp - emitter round-trip checker ---------------------===//
//
// For each file: parse it, emit canonical PTX (e1), parse e1 and emit again
// (e2). Passes when the file has no syntax error, e1 == e2 byte for byte, and
// the AST of e1 equals the original AST (ranges aside). With --emit-dir, e1
// is written there (the corpus test assembles both with ptxas and compares
// the cubins).
//
//===----------------------------------------------------------------------===//
#include "ptxlint/Emitter.h"
#include "ptxlint/Parser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace ptxlint;
namespace cl = llvm::cl;

static cl::OptionCategory Cat("ptx-roundtrip options");
static cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore, cl::desc("<file.ptx>..."),
                                    cl::cat(Cat));
static cl::opt<std::string> EmitDir("emit-dir", cl::desc("write each emitted file into DIR"),
                                    cl::value_desc("DIR"), cl::cat(Cat));

static bool check(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    llvm::outs() << "FAIL " << Path << ": cannot read: " << Buf.getError().message() << "\n";
    return false;
  }
  SourceFile File(Path, (*Buf)->getBuffer().str());
  DiagnosticEngine Diags;
  auto M = parseModule(File, Diags);
  if (Diags.errorCount()) {
    const Diagnostic &D = Diags.diagnostics().front();
    LineCol LC = File.lineCol(D.Range.Begin);
    llvm::outs() << "FAIL " << Path << ":" << LC.Line << ":" << LC.Column << ": " << D.Message
                 << "\n";
    return false;
  }
  std::string E1 = emitModule(*M);
  SourceFile File1(Path + " (emitted)", E1);
  DiagnosticEngine Diags1;
  auto M1 = parseModule(File1, Diags1);
  if (Diags1.errorCount()) {
    const Diagnostic &D = Diags1.diagnostics().front();
    LineCol LC = File1.lineCol(D.Range.Begin);
    llvm::outs() << "FAIL " << Path << ": emitted text does not parse: line " << LC.Line << ": "
                 << D.Message << "\n";
    return false;
  }
  std::string Why;
  if (!structurallyEqual(*M, *M1, &Why)) {
    llvm::outs() << "FAIL " << Path << ": re-parsed AST differs: " << Why << "\n";
    return false;
  }
  if (emitModule(*M1) != E1) {
    llvm::outs() << "FAIL " << Path << ": emitting is not idempotent\n";
    return false;
  }
  if (!EmitDir.empty()) {
    llvm::SmallString<256> Out(EmitDir);
    llvm::sys::path::append(Out, llvm::sys::path::filename(Path));
    std::error_code EC;
    llvm::raw_fd_ostream OS(Out, EC);
    if (EC) {
      llvm::outs() << "FAIL " << Path << ": cannot write " << Out << ": " << EC.message() << "\n";
      return false;
    }
    OS << E1;
  }
  llvm::outs() << "OK " << Path << "\n";
  return true;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::ParseCommandLineOptions(argc, argv, "checks that emitting PTX round-trips\n");
  if (!EmitDir.empty())
    llvm::sys::fs::create_directories(EmitDir);
  unsigned Failed = 0;
  for (const std::string &P : Inputs)
    Failed += !check(P);
  llvm::outs() << Inputs.size() - Failed << " passed, " << Failed << " failed\n";
  return Failed ? 1 : 0;
}
