//===- CheckDeclsShared.cpp - the static .shared memory of each kernel ---===//
//
// SharedBudget (CheckDeclsShared.h): ptxas -arch sm_NN's 48 KiB limit on a
// kernel's static .shared data, over the bodies the kernel reaches by calls.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckDeclsShared.h"

#include "Check/CheckDecls.h"
#include "Check/SymbolsShared.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace ptxlint {
namespace check {

namespace {

/// Shared variables whose bytes count: an .extern one too, since ptxas -arch
/// sm_NN without -c compiles the module as the whole program ("Unresolved
/// extern variable 'x' in whole program compilation, ignoring extern
/// qualifier") and counts an array whose size is written (`[]` adds 0;
/// sample G, test/symbols/shared-limit.test).
bool isStaticShared(const VarDecl &V) {
  return V.StateSpace == ".shared" || V.StateSpace == ".shared::cta";
}

/// The bytes D of V declares, without padding (0 for a size not written as a number).
uint64_t bytesOf(const VarDecl &V, const Declarator &D) {
  return uint64_t(fundamentalBits(V.type()) / 8) * V.vectorWidth() * arrayCount(D.ArraySuffix);
}

template <typename Fn> void forEachName(const Operand &Op, Fn F) {
  switch (Op.Kind) {
  case OperandKind::Name:
    F(llvm::StringRef(Op.Text));
    return;
  case OperandKind::Expr:
    symbols::forEachIdentifier(Op.Text, F);
    return;
  case OperandKind::Address:
  case OperandKind::Vector:
  case OperandKind::PredPair:
  case OperandKind::List:
    for (const Operand &E : Op.Elements)
      forEachName(E, F);
    return;
  default:
    return;
  }
}

std::string hex(uint64_t N) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format_hex(N, 0);
  return S;
}

} // namespace

uint32_t SharedBudget::fnId(llvm::StringRef Name) {
  auto [It, New] = FnIds.try_emplace(Name, uint32_t(Fns.size()));
  if (New) {
    Fns.emplace_back();
    Fns.back().Key = It->first();
  }
  return It->second;
}

void SharedBudget::onModuleVar(const VarDecl &V) {
  if (!isStaticShared(V))
    return;
  for (const Declarator &D : V.Declarators) {
    // A name declared twice (.extern x[], then x[N]): the larger size.
    auto [It, New] = VarIds.try_emplace(D.Name, uint32_t(VarBytes.size()));
    if (New)
      VarBytes.push_back(bytesOf(V, D));
    else
      VarBytes[It->second] = std::max(VarBytes[It->second], bytesOf(V, D));
  }
}

void SharedBudget::onFunction(const Function &F) {
  Cur = -1;
  if (F.Name.empty())
    return;
  uint32_t Id = fnId(F.Name);
  Fn &Info = Fns[Id];
  if (F.Kind == ".entry")
    Info.IsEntry = true;
  if (!F.HasBody || Info.HasBody)
    return; // a prototype, or a second body (func-prototype's)
  Info.HasBody = true;
  Info.Name = F.NameRange.isValid() ? F.NameRange : F.Range;
  Cur = Id;
}

void SharedBudget::onLocalVar(const VarDecl &V) {
  if (Cur < 0)
    return;
  Fn &Info = Fns[size_t(Cur)];
  for (const Declarator &D : V.Declarators)
    if (VarIds.count(D.Name))
      Info.Shadows.emplace_back(D.Name);
  if (isStaticShared(V))
    for (const Declarator &D : V.Declarators)
      Info.LocalBytes += bytesOf(V, D);
}

void SharedBudget::noteName(llvm::StringRef Name) {
  auto It = VarIds.find(Name);
  if (It == VarIds.end())
    return;
  Fn &Info = Fns[size_t(Cur)];
  if (llvm::is_contained(Info.Shadows, Name))
    return;
  if (!llvm::is_contained(Info.Vars, It->second))
    Info.Vars.push_back(It->second);
}

void SharedBudget::onInstruction(const Instruction &I, bool IsCall) {
  if (Cur < 0)
    return;
  llvm::ArrayRef<Operand> Ops = I.Operands;
  if (IsCall) {
    // call (rets), f, (args): the first name after the return list.
    size_t K = !Ops.empty() && Ops[0].Kind == OperandKind::List ? 1 : 0;
    if (K < Ops.size() && Ops[K].Kind == OperandKind::Name) {
      uint32_t Callee = fnId(Ops[K].Text);
      std::vector<uint32_t> &Cs = Fns[size_t(Cur)].Callees;
      if (!llvm::is_contained(Cs, Callee))
        Cs.push_back(Callee);
    }
  }
  if (VarIds.empty())
    return;
  for (const Operand &Op : Ops)
    forEachName(Op, [&](llvm::StringRef Name) { noteName(Name); });
}

void SharedBudget::report(DiagnosticEngine &Diags) const {
  std::vector<uint32_t> Stack;
  std::vector<uint8_t> Seen(Fns.size()), VarSeen(VarBytes.size());
  for (size_t E = 0; E < Fns.size(); ++E) {
    if (!Fns[E].IsEntry || !Fns[E].HasBody)
      continue;
    std::fill(Seen.begin(), Seen.end(), 0);
    std::fill(VarSeen.begin(), VarSeen.end(), 0);
    uint64_t Total = 0;
    Stack.assign(1, uint32_t(E));
    Seen[E] = 1;
    while (!Stack.empty()) {
      const Fn &F = Fns[Stack.back()];
      Stack.pop_back();
      Total += F.LocalBytes;
      for (uint32_t V : F.Vars)
        if (!VarSeen[V]++)
          Total += VarBytes[V];
      for (uint32_t C : F.Callees)
        if (!Seen[C]++)
          Stack.push_back(C);
    }
    if (Total <= Limit)
      continue;
    Diags.report(Rule::FuncSharedMemory, Fns[E].Name,
                 "kernel '" + Fns[E].Key.str() + "' uses at least " + std::to_string(Total) +
                     " bytes (" + hex(Total) +
                     ") of static .shared data (its own, its callees', the module-scope "
                     ".shared variables they name); ptxas -arch " +
                     Arch + " allows " + std::to_string(Limit) + " (" + hex(Limit) +
                     ") (48 KiB but on sm_90a, sm_100a, sm_103a, sm_110a: 232448, and sm_120a, "
                     "sm_121a: 101376); move large buffers to dynamic shared memory (.extern "
                     ".shared .align 16 .b8 buf[];) sized at launch");
  }
}

} // namespace check
} // namespace ptxlint
