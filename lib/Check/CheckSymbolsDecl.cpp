//===- CheckSymbolsDecl.cpp - symbol checks of declarations -------------===//
//
// The declaration side of SymbolChecker (CheckSymbols.h): duplicates,
// initializer names, parameters, declared types, special registers declared
// as variables, .address_size under -arch. Uses, scopes and reports are in
// CheckSymbols.cpp.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckSymbols.h"
#include "Check/CheckUtil.h"
#include "Check/SymbolsShared.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

namespace ptxlint {
namespace check {

using namespace symbols;
//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

void SymbolChecker::onAddressSize(const Directive &D, bool ArchGiven) {
  if (D.Args.empty() || D.Args.front() != "32")
    return;
  SourceRange R = File.rangeOf(D.Args.front());
  Diagnostic &Diag = Diags.report(
      ArchGiven ? Severity::Error : ruleInfo(Rule::AddressSize).DefaultSev, Rule::AddressSize,
      R.isValid() ? R : D.Range,
      ".address_size 32: ptxas 13.0 checks the module (-arch compute_NN) but no longer compiles "
      "32-bit modules for any sm_ target");
  if (R.isValid())
    Diag.Fixes.push_back({R, "64"});
}

void SymbolChecker::checkDuplicates(const VarDecl &V) {
  llvm::StringSet<> Here;
  for (const Declarator &D : V.Declarators) {
    llvm::StringRef Shown = D.RangeCount >= 0 ? File.slice(D.Range) : D.Name;
    if (Shown.empty())
      Shown = D.Name;
    if (const RegisterInfo *Prev = Syms.findConflict(D)) {
      Diagnostic &Diag =
          Diags.report(Rule::SymbolDuplicate, D.Range,
                       "duplicate declaration of '" + Shown.str() + "' in this scope");
      if (Prev->DeclRange.isValid())
        Diag.Notes.push_back({Prev->DeclRange, "previous declaration is here"});
    } else if (V.Declarators.size() > 1 && D.RangeCount < 0 && !Here.insert(D.Name).second) {
      Diags.report(Rule::SymbolDuplicate, D.Range,
                   "duplicate declaration of '" + Shown.str() + "' in this declaration");
    }
  }
}

void SymbolChecker::declareModuleSym(llvm::StringRef Name, SourceRange R, SourceRange Header,
                                     bool IsFunction, bool Defined, bool IsExtern) {
  auto Ins = ModuleSyms.try_emplace(Name);
  ModuleSym &M = Ins.first->second;
  if (Ins.second) {
    M.Range = R;
    M.Header = Header;
    M.IsFunction = IsFunction;
    M.Defined = Defined;
    return;
  }
  std::string Msg;
  if (M.IsFunction != IsFunction)
    Msg =
        "'" + Name.str() + "' is already declared as a " + (M.IsFunction ? "function" : "variable");
  else if (IsFunction && M.Defined)
    Msg = Defined ? "duplicate definition of function '" + Name.str() + "'"
                  : "function '" + Name.str() +
                        "' is declared again after its definition (ptxas rejects it as a "
                        "duplicate; prototypes go before the definition)";
  else if (!IsFunction && M.Defined && Defined && !IsExtern)
    Msg = "duplicate definition of variable '" + Name.str() + "'";
  if (!Msg.empty()) {
    Diagnostic &Diag = Diags.report(Rule::SymbolDuplicate, R, Msg);
    if (M.Range.isValid())
      Diag.Notes.push_back({M.Range, "previous declaration is here"});
    return;
  }
  if (Defined && !M.Defined) {
    M.Defined = true;
    M.Range = R;
  }
}

void SymbolChecker::beforeGlobalVar(const VarDecl &V) {
  if (V.StateSpace == ".reg" || V.StateSpace == ".local") {
    SourceRange R = File.rangeOf(V.StateSpace);
    Diags.report(Rule::SymbolScope, R.isValid() ? R : V.Range,
                 "module-scope variables in the " + std::string(V.StateSpace) +
                     " state space are not allowed; declare them inside a function");
  }
  checkSregDecl(V);
  bool IsExtern = false;
  for (llvm::StringRef P : V.Prefix)
    IsExtern |= P == ".extern";
  checkInitializer(V);
  for (const Declarator &D : V.Declarators)
    declareModuleSym(D.Name, D.Range, SourceRange(), false, !IsExtern, IsExtern);
}

void SymbolChecker::checkInitializer(const VarDecl &V) {
  for (const Declarator &D : V.Declarators) {
    if (!D.HasInit)
      continue;
    for (size_t I = 0; I < D.Init.size(); ++I) {
      llvm::StringRef Tok = D.Init[I];
      if (I + 1 < D.Init.size() && D.Init[I + 1] == "(")
        continue; // generic(...), mask(...)
      if ((I + 1 < D.Init.size() && D.Init[I + 1] == "=") || (I > 0 && D.Init[I - 1] == "="))
        continue; // an opaque variable's field: { filter_mode = nearest }
      forEachIdentifier(Tok, [&](llvm::StringRef Name) {
        if (ModuleSyms.count(Name) || Syms.lookup(Name))
          return;
        // Ranges only for what is left unresolved: a 20,000-element table
        // of numbers computes none.
        SourceRange R = File.rangeOf(Name);
        if (!R.isValid())
          R = File.rangeOf(Tok);
        addUse(Late, Name, R.isValid() ? R : D.Range, UseKind::Init);
      });
    }
  }
}

void SymbolChecker::onFunctionBegin(const Function &F) {
  bool IsExtern = false;
  for (llvm::StringRef P : F.Prefix)
    IsExtern |= P == ".extern";
  SourceRange NameR = F.NameRange.isValid() ? F.NameRange : F.Range;
  declareModuleSym(F.Name, NameR, F.Range, true, F.HasBody, IsExtern);
  InFunction = F.HasBody;
  // Where its own parameters end: a .param declared after is a body's.
  HeaderEnd = F.NameRange.isValid() ? F.NameRange.End : 0;
  for (llvm::ArrayRef<VarDecl> List : {F.Returns, F.Params})
    for (const VarDecl &V : List)
      for (const Declarator &D : V.Declarators)
        if (D.Range.isValid())
          HeaderEnd = std::max(HeaderEnd, D.Range.End);
  Depth = 1;
  if (Scopes.empty())
    Scopes.emplace_back();
  Scopes[0].clearLabels();
  Scopes[0].Pending.clear();
  if (!F.HasBody)
    return;
  // Parameters and return parameters share the function's scope (and its
  // body's top level): a clash among them is a duplicate. A few names are
  // compared in place (most functions); many go through a map.
  llvm::SmallVector<const Declarator *, 16> Seen;
  llvm::StringMap<SourceRange> Params;
  for (llvm::ArrayRef<VarDecl> List : {F.Returns, F.Params})
    for (const VarDecl &V : List)
      for (const Declarator &D : V.Declarators) {
        const SourceRange *First = nullptr;
        if (Params.empty() && Seen.size() < 16) {
          for (const Declarator *E : Seen)
            if (E->Name == D.Name) {
              First = &E->Range;
              break;
            }
          if (!First)
            Seen.push_back(&D);
        } else {
          if (Params.empty())
            for (const Declarator *E : Seen)
              Params.try_emplace(E->Name, E->Range);
          auto Ins = Params.try_emplace(D.Name, D.Range);
          if (!Ins.second)
            First = &Ins.first->second;
        }
        if (First) {
          Diagnostic &Diag = Diags.report(Rule::SymbolDuplicate, D.Range,
                                          "duplicate parameter '" + std::string(D.Name) + "' of '" +
                                              std::string(F.Name) + "'");
          Diag.Notes.push_back({*First, "previous declaration is here"});
        }
      }
}

/// .bf16, .tf32, .e4m3x2, .u16x2 ...: types of instructions only.
void SymbolChecker::checkDeclType(const VarDecl &V) {
  for (llvm::StringRef T : V.Attrs) {
    bool X2 = T.endswith("x2");
    const char *Size = nullptr;
    if (T == ".bf16")
      Size = ".b16";
    else if (T == ".bf16x2" || T == ".tf32" || T == ".u16x2" || T == ".s16x2")
      Size = ".b32";
    else if ((T.startswith(".e") || T.startswith(".ue")) && T.size() > 3 &&
             llvm::isDigit(T[2] == 'e' ? T[3] : T[2]))
      Size = X2 ? ".b16" : ".b8";
    if (!Size)
      continue;
    SourceRange R = File.rangeOf(T);
    Diags.report(Rule::SymbolType, R.isValid() ? R : V.Range,
                 T.str() +
                     " is an instruction type only; declare the variable with the "
                     "fundamental type of its size, " +
                     Size);
    return;
  }
}

void SymbolChecker::checkSregDecl(const VarDecl &V) {
  checkDeclType(V);
  if (V.StateSpace != ".sreg")
    return;
  SourceRange R = File.rangeOf(V.StateSpace);
  Diags.report(Rule::SymbolScope, SregSpaceSpec, R.isValid() ? R : V.Range,
               "special registers are predefined; PTX cannot declare variables in the .sreg "
               "state space");
}

void SymbolChecker::beforeLocalVar(const VarDecl &V) {
  checkSregDecl(V);
  checkDuplicates(V);
  if (!InFunction || !Depth)
    return;
  // A register used before this declaration: ptxas took the use for a
  // forward label reference and found none.
  llvm::StringMap<Uses> &P = Scopes[Depth - 1].Pending;
  if (P.empty())
    return;
  for (const Declarator &D : V.Declarators) {
    llvm::SmallVector<llvm::StringRef, 4> Hit;
    if (D.RangeCount < 0) {
      if (P.count(D.Name))
        Hit.push_back(D.Name);
    } else {
      for (const auto &E : P) {
        llvm::StringRef Digits = E.getKey();
        if (!Digits.consume_front(D.Name) || Digits.empty())
          continue;
        unsigned Index = 0;
        if (!(Digits.size() > 1 && Digits[0] == '0') && !Digits.getAsInteger(10, Index) &&
            Index < D.RangeCount)
          Hit.push_back(E.getKey());
      }
    }
    for (llvm::StringRef Name : Hit) {
      auto It = P.find(Name);
      Diagnostic &Diag = Diags.report(Rule::SymbolBeforeDeclaration, It->second.First,
                                      "'" + Name.str() +
                                          "' is used before its declaration; registers and "
                                          "variables are declared before use");
      Diag.Notes.push_back({D.Range, "declared here"});
      P.erase(It);
    }
  }
}

} // namespace check
} // namespace ptxlint
