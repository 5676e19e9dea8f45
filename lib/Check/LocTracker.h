//===- LocTracker.h - source origins of diagnostics from .file/.loc -*- C++ -*-===//
//
// PTX compiled with line information (nvcc -lineinfo or -G, clang -g, Triton)
// says where each instruction came from: `.file 1 "kern.cu"` at module scope,
// then `.loc 1 17 22` (optionally `, function_name ..., inlined_at 1 30 5`)
// before the instructions of each source line. The LocTracker follows them as
// the Checker streams the file and gives every diagnostic reported in a
// function body the origin of the last .loc before it (Diagnostic::Origin).
// PTX ISA 9.0 section 11.5.3 (.loc), 11.5.2 (.file).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_LOCTRACKER_H
#define PTXLINT_LIB_CHECK_LOCTRACKER_H

#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace check {

class LocTracker {
public:
  LocTracker(const SourceFile &File, DiagnosticEngine &Diags) : File(File), Diags(Diags) {}
  /// A module-scope directive: `.file N "name"` is remembered.
  void onDirective(const Directive &D);
  /// Before and after each body statement: new diagnostics get the current
  /// origin; a `.loc` then becomes the current one.
  void beforeStatement() { attach(); }
  void afterStatement(const Statement &S) {
    attach();
    if (S.Kind == StmtKind::Directive && S.Dir && S.Dir->Name == ".loc")
      noteLoc(*S.Dir);
  }
  /// Function boundaries: .loc does not carry over.
  void onFunctionBoundary();
  /// Names the files: nvcc writes .file after the functions that use it.
  void onEndOfFile();

private:
  /// New diagnostics get the current origin (most statements report none).
  void attach() {
    if (Seen < Diags.diagnostics().size())
      attachNew();
  }
  void attachNew();
  /// A .loc is read only when a diagnostic needs it (nvcc -lineinfo writes
  /// one every few lines, and clean files need none): its arguments, which
  /// view the source text, are kept until then. setLoc reads them.
  void noteLoc(const Directive &D);
  void setLoc(llvm::ArrayRef<std::string_view> Args, uint32_t End);
  void readPendingLoc() {
    if (LocPending)
      setLoc(PendingArgs, PendingEnd);
    LocPending = false;
  }
  const SourceFile &File;
  DiagnosticEngine &Diags;
  llvm::DenseMap<unsigned, std::string> Files;
  struct Frame {
    unsigned FileIndex, Line, Column;
    const char *Message;
  };
  std::vector<Frame> Current; ///< empty: no .loc in effect
  /// Origins given before their .file was seen: (diagnostic, frame, file index).
  struct Pending {
    size_t Diag, Frame;
    unsigned FileIndex;
  };
  std::vector<Pending> Unnamed;
  llvm::SmallVector<std::string_view, 16> PendingArgs; ///< the last .loc's, not yet read
  uint32_t PendingEnd = 0;
  bool LocPending = false;
  uint32_t LocEnd = 0; ///< offset just past the current .loc
  size_t Seen = 0;     ///< diagnostics already given an origin (or not)
};

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_LOCTRACKER_H
