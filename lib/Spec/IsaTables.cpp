//===- IsaTables.cpp - the generated whole-ISA tables and their lookups ---===//
//
// IsaTables.inc is written into the build tree by tools/isa-extract/
// gen_tables.py from spec/isa/instructions.txt and spec/isa/corrections.txt.
//
//===----------------------------------------------------------------------===//

#include "Spec/IsaTables.h"

#include <algorithm>

namespace ptxlint {
namespace spec {

#include "IsaTables.inc"

namespace {

bool sortedContains(llvm::ArrayRef<const char *> Sorted, llvm::StringRef Q) {
  auto It = std::lower_bound(Sorted.begin(), Sorted.end(), Q, [](const char *A, llvm::StringRef B) {
    return llvm::StringRef(A) < B;
  });
  return It != Sorted.end() && llvm::StringRef(*It) == Q;
}

} // namespace

llvm::ArrayRef<IsaQualGate> IsaSection::gates() const {
  return llvm::makeArrayRef(IsaQualGates).slice(GateBegin, GateCount);
}

const IsaQualGate *IsaSection::gate(llvm::StringRef Q) const {
  llvm::ArrayRef<IsaQualGate> G = gates();
  auto It = std::lower_bound(G.begin(), G.end(), Q, [](const IsaQualGate &A, llvm::StringRef B) {
    return llvm::StringRef(A.Qual) < B;
  });
  return It != G.end() && llvm::StringRef(It->Qual) == Q ? &*It : nullptr;
}

const IsaSection &IsaForm::section() const { return IsaSections[Section]; }

llvm::ArrayRef<const char *> IsaForm::literals() const {
  return llvm::makeArrayRef(IsaLiterals).slice(LitBegin, LitCount);
}

llvm::ArrayRef<const char *> IsaForm::vocab() const {
  return llvm::makeArrayRef(IsaVocab).slice(VocabBegin, VocabCount);
}

bool IsaForm::takes(llvm::StringRef Q) const { return sortedContains(vocab(), Q); }

llvm::ArrayRef<IsaForm> IsaOpcode::forms() const {
  return llvm::makeArrayRef(IsaForms).slice(FormBegin, FormCount);
}

llvm::ArrayRef<const char *> IsaOpcode::vocab() const {
  return llvm::makeArrayRef(IsaVocab).slice(VocabBegin, VocabCount);
}

bool IsaOpcode::takes(llvm::StringRef Q) const { return sortedContains(vocab(), Q); }

llvm::ArrayRef<IsaOpcode> isaOpcodes() { return IsaOpcodes; }
llvm::ArrayRef<IsaSection> isaSections() { return IsaSections; }

const IsaOpcode *findIsaOpcode(llvm::StringRef Name) {
  llvm::ArrayRef<IsaOpcode> All = IsaOpcodes;
  auto It =
      std::lower_bound(All.begin(), All.end(), Name, [](const IsaOpcode &A, llvm::StringRef B) {
        return llvm::StringRef(A.Name) < B;
      });
  return It != All.end() && llvm::StringRef(It->Name) == Name ? &*It : nullptr;
}

} // namespace spec
} // namespace ptxlint
