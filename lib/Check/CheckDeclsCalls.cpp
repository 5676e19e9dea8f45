//===- CheckDeclsCalls.cpp - functions, prototypes, calls, directives -----===//
//
// DeclChecker's checks of function headers and their directives, call
// prototypes, calls against them (argument counts, types, sizes, alignment;
// indirect calls against their .callprototype) and module directives: split
// from CheckDecls.cpp. Measured against ptxas 13.0 like the rest
// (tools/dev/adversary, test/symbols/decls-*.test).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckDecls.h"
#include "Spec/Names.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace ptxlint {
namespace check {

namespace {
/// Whose header alone takes directive N: "an .entry's" (the `entryonly`
/// lines), "a .func's" (spec::FuncOnlyDirectives), null for any other.
const char *headerOwner(llvm::StringRef N) {
  if (isEntryOnly(N))
    return "an .entry's";
  const spec::FuncOnlyDirective *D = spec::findFuncOnlyDirective(N);
  return D && D->HeaderOnly ? "a .func's" : nullptr;
}

/// A function ptxas supplies itself (spec: PTXLINT_PTXAS_BUILTIN_FUNCTIONS).
bool isPtxasBuiltin(llvm::StringRef N) {
#define PTXLINT_CASE(Name) .Case(Name, true)
  return llvm::StringSwitch<bool>(N) PTXLINT_PTXAS_BUILTIN_FUNCTIONS(PTXLINT_CASE).Default(false);
#undef PTXLINT_CASE
}
} // namespace

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

void DeclChecker::onFunction(const Function &F) {
  CallProtos.clear();
  checkLinkage(F.Prefix, F.Range);
  checkDottedName(F.Name, F.NameRange.isValid() ? F.NameRange : F.Range);
  bool IsEntry = F.Kind == ".entry";
  if (CodegenChecks)
    Shared.onFunction(F);
  if (!CodegenChecks) {
    // Undefined functions are reported under --arch only (onEndOfFile).
  } else if (F.HasBody) {
    Defined[F.Name] = true;
    Undefined.erase(F.Name);
  } else if (!llvm::is_contained(F.Prefix, std::string_view(".extern")) && !Defined.count(F.Name) &&
             !F.Name.empty() &&
             // ptxas supplies these itself (ptxas 13.0; not cudaLaunchDevice and the like)
             !isPtxasBuiltin(F.Name)) {
    Undefined.try_emplace(F.Name, F.NameRange.isValid() ? F.NameRange : F.Range);
  }
  for (llvm::StringRef P : F.Prefix)
    if (P == ".common")
      Diags.report(Rule::DeclLinkage, at(P, F.Range),
                   ".common applies to .global variables, not to functions");
    else if (P == ".extern" && F.HasBody)
      Diags.report(Rule::DeclLinkage, at(P, F.Range),
                   "'" + std::string(F.Name) +
                       "' is defined here, so it is not .extern; drop .extern (or the body)");
  // An incomplete array parameter ([] or [0]): the last one of a .func only.
  size_t NParams = 0, K = 0;
  for (const VarDecl &V : F.Params)
    NParams += V.Declarators.size();
  for (const VarDecl &V : F.Params)
    for (const Declarator &D : V.Declarators) {
      ++K;
      llvm::ArrayRef<std::string_view> S = D.ArraySuffix;
      bool Incomplete = S.size() >= 2 && S[0] == "[" && (S[1] == "]" || S[1] == "0");
      if (Incomplete && (IsEntry || K != NParams))
        Diags.report(Rule::DeclArray, D.Range,
                     IsEntry ? "a kernel (.entry) parameter cannot be an incomplete array ([] "
                               "or [0]); give it a size"
                             : "only the last parameter of a .func can be an incomplete array "
                               "([] or [0])");
      else if (Incomplete && Version.isValid() && Version < PtxVersion(6, 0))
        // ptxas 13.0: "Feature 'Unsized Array Parameter' requires PTX ISA
        // .version 6.0 or later" (sample F, param-array mutants).
        Diags.report(Rule::IsaPtxVersion, D.Range,
                     "an incomplete array parameter ([] or [0]) requires PTX ISA 6.0 (module is "
                     ".version " +
                         Version.str() + ")");
    }
  // ptxas 13.0: "Output parameter cannot be an incomplete array."
  for (const VarDecl &V : F.Returns)
    for (const Declarator &D : V.Declarators) {
      llvm::ArrayRef<std::string_view> S = D.ArraySuffix;
      if (S.size() >= 2 && S[0] == "[" && (S[1] == "]" || S[1] == "0"))
        Diags.report(Rule::DeclArray, D.Range,
                     "a return parameter cannot be an incomplete array ([] or [0]); give it a "
                     "size");
    }
  checkReturnSpaces(F);
  if (IsEntry && F.HasReturnList) {
    SourceRange R = F.Returns.empty() ? F.Range : F.Returns.front().Range;
    Diags.report(Rule::FuncDirective, R,
                 "a kernel (.entry) returns nothing; remove its return parameter list (or "
                 "declare a .func)");
  }
  for (const VarDecl &V : F.Returns)
    onVar(V, DeclSite::Return);
  for (const VarDecl &V : F.Params)
    onVar(V, IsEntry ? DeclSite::EntryParam : DeclSite::FuncParam);
  checkFunctionDirectives(F);
  checkPrototype(F);
}

/// ptxas 13.0: "Multiple return parameters require .register state space"
/// for a .param among two or more returns (test/decl/return-list.test).
void DeclChecker::checkReturnSpaces(const Function &F) {
  size_t N = 0;
  for (const VarDecl &V : F.Returns)
    N += V.Declarators.size();
  if (N < 2)
    return;
  for (const VarDecl &V : F.Returns)
    if (V.StateSpace != ".reg") {
      Diags.report(Rule::FuncReturnList, V.Range,
                   "'" + std::string(F.Name) + "' has " + std::to_string(N) +
                       " return parameters, so each must be in .reg, not " +
                       std::string(V.StateSpace) +
                       "; return one .param (a .b8 array holds several values) or declare "
                       "every return in .reg");
      return;
    }
}

void DeclChecker::checkFunctionDirectives(const Function &F) {
  bool IsEntry = F.Kind == ".entry";
  const Directive *MaxNtid = nullptr, *ReqNtid = nullptr;
  bool Conflict = false;
  for (const Directive &A : F.Attributes) {
    llvm::StringRef N = A.Name;
    if (N == ".attribute") { // .func .attribute(.unified(1, 2)) f
      llvm::SmallVector<std::string_view, 12> Toks{A.Name};
      Toks.append(A.Args.begin(), A.Args.end());
      checkAttributeSpec(Toks, 0, A.Range, F.Kind);
      continue;
    }
    // `.reqntid.cg 128`, `.foo 1` (sample F): "Parsing error near '.cg'".
    if (!checkKnown(A))
      continue;
    if (!IsEntry && isEntryOnly(N)) {
      Diags.report(Rule::FuncDirective, at(N, A.Range),
                   N.str() + " applies to kernels (.entry) only, not to a .func");
      continue;
    }
    // .abi_preserve, .abi_preserve_control and .noreturn go between a .func
    // and its body (spec::FuncOnlyDirectives; ptxas 13.0: "Parsing error near
    // '.abi_preserve'" in a kernel's header, at any .version).
    const spec::FuncOnlyDirective *FuncOnly = spec::findFuncOnlyDirective(N);
    if (IsEntry && FuncOnly) {
      Diags.report(Rule::FuncDirective, at(N, A.Range), N.str() + " " + FuncOnly->EntryReason);
      continue;
    }
    // .maxnctapersm was renamed .minnctapersm in PTX ISA 2.0 (11.4.5); ptxas
    // 13.0: "Deprecated feature: '.maxnctapersm directive' not supported as of
    // PTX version 2.1" (a warning under 2.0, nothing before).
    if (N == ".maxnctapersm" && Version.isValid() && Version >= PtxVersion(2, 1)) {
      Diagnostic &D = Diags.report(
          Rule::FuncDirective, at(N, A.Range),
          ".maxnctapersm is not supported as of PTX ISA 2.1: it was renamed .minnctapersm "
          "in PTX ISA 2.0");
      SourceRange R = at(N, A.Range);
      if (R.isValid() && R.End - R.Begin == N.size())
        D.Fixes.push_back({R, ".minnctapersm"});
      continue;
    }
    // ptxas 13.0 reads `.func f() .pragma "x";` as a prototype: a body after
    // it is "Parsing error near '{'" (a kernel's header takes the .pragma;
    // sample F, perf-directive mutants). Reported at the '{'.
    if (!IsEntry && N == ".pragma" && F.HasBody && F.Range.End > F.Range.Begin) {
      Diags.report(Rule::Syntax, SourceRange{F.Range.End - 1, F.Range.End},
                   "a .func header ends at the ';' of its .pragma, so this body has no header "
                   "(only a kernel's header takes .pragma); move the .pragma into the body");
      continue;
    }
    // ptxas 13.0: "Invalid directive '.noreturn' for function 'f'" when f
    // has a return list (sample F, proto-attr mutants).
    if (FuncOnly && FuncOnly->RefusesReturnList && F.HasReturnList) {
      Diags.report(Rule::FuncDirective, at(N, A.Range),
                   "'" + std::string(F.Name) + "' returns values, so it cannot be " + N.str() +
                       "; drop " + N.str() + " (or the return list)");
      continue;
    }
    // ptxas 13.0 takes 0 in .maxclusterrank and .reqnctapercluster.
    if (N != ".maxntid" && N != ".reqntid" && N != ".maxnreg" && N != ".minnctapersm")
      continue;
    for (llvm::StringRef Arg : A.Args) {
      uint64_t V = 0;
      if (isNumber(Arg, V) && V == 0) {
        Diags.report(Rule::FuncDirective, at(Arg, A.Range),
                     N.str() + " takes positive values; 0 is not one");
        break;
      }
    }
    if (N != ".maxntid" && N != ".reqntid")
      continue;
    const Directive *Other = N == ".maxntid" ? ReqNtid : MaxNtid;
    (N == ".maxntid" ? MaxNtid : ReqNtid) = &A;
    if (Other && !Conflict) {
      Conflict = true;
      Diags.report(Rule::FuncDirective, at(N, A.Range),
                   ".maxntid and .reqntid exclude each other; keep one");
    }
  }
}

uint32_t DeclChecker::intern(llvm::StringRef Text) {
  if (Text.empty())
    return 0;
  auto Ins = TextIds.try_emplace(Text, static_cast<uint32_t>(Texts.size()));
  if (Ins.second)
    Texts.push_back(Text.str());
  return Ins.first->second;
}

DeclChecker::Proto DeclChecker::protoOf(const Function &F) {
  Proto P;
  P.IsEntry = F.Kind == ".entry";
  P.Name = F.NameRange.isValid() ? F.NameRange : F.Range;
  P.First = static_cast<uint32_t>(Pool.size());
  llvm::SmallString<32> Type;
  for (const auto *List : {&F.Returns, &F.Params})
    for (const VarDecl &V : *List)
      for (const Declarator &D : V.Declarators) {
        Param Q;
        Type.clear();
        llvm::ArrayRef<std::string_view> A = V.Attrs;
        for (size_t I = 0; I < A.size(); ++I) {
          if (A[I] == ".align" && I + 1 < A.size()) {
            uint64_t N = 0;
            // The first .align counts (ptxas 13.0: `.align 8 .align 1 .b8 a[1]` is aligned
            // to 8; test/symbols/func-linkage.test).
            if ((I == 0 || A[I - 1] != ".ptr") && !Q.Align && isNumber(A[I + 1], N))
              Q.Align = static_cast<uint16_t>(std::min<uint64_t>(N, UINT16_MAX));
            ++I;
          } else if (A[I] == ".ptr") {
            break;
          } else {
            Type += llvm::StringRef(A[I]);
          }
        }
        for (llvm::StringRef S : D.ArraySuffix)
          Type += S;
        Q.Type = intern(Type);
        unsigned Elem = fundamentalBits(V.type()) / 8 * V.vectorWidth();
        Q.Natural = static_cast<uint8_t>(Elem);
        uint64_t Count = arrayCount(D.ArraySuffix);
        Q.Bytes = Count && Elem * Count <= UINT32_MAX ? static_cast<uint32_t>(Elem * Count) : 0;
        if (D.ArraySuffix.empty() && V.vectorWidth() == 1)
          Q.Bits = static_cast<uint8_t>(fundamentalBits(V.type()));
        Pool.push_back(Q);
        ++(List == &F.Returns ? P.NRets : P.NParams);
      }
  return P;
}

void DeclChecker::checkPrototype(const Function &F) {
  // A parameter's alignment as ptxas compares prototypes: its .align, but never less than
  // its element's size (ptxas 13.0: `.param .b32 a` against `.param .align 8 .b32 a` is
  // "Inconsistent prototypes of 'g', parameter alignment differ", against `.align 2` or
  // `.align 4` it is not; `.b8 a[4]` against `.align 4 .b8 a[4]` differs; sample K's
  // param-attr mutants, test/symbols/func-linkage.test). 0: not known.
  auto EffectiveAlign = [](const Param &Q) { return std::max<unsigned>(Q.Align, Q.Natural); };
  if (F.Name.empty())
    return;
  uint32_t PoolSize = static_cast<uint32_t>(Pool.size());
  Proto P = protoOf(F);
  P.HasBody = F.HasBody;
  for (std::string_view X : F.Prefix)
    if (X == ".weak" || X == ".visible" || X == ".extern")
      P.Linkage = X;
  auto It = ProtoIds.find(F.Name);
  if (It == ProtoIds.end()) {
    // The key is a copy in one arena: a key pointing into the file would keep
    // a page of the file resident for every function (lookups and rehashing
    // read them), most of a large file.
    ProtoIds.try_emplace(Names.save(llvm::StringRef(F.Name)), static_cast<uint32_t>(Protos.size()));
    Protos.push_back(P);
    return;
  }
  const Proto &Prev = Protos[It->second];
  checkLinkage(F, Prev, P);
  std::string Name(F.Name), Why;
  if (Prev.IsEntry != P.IsEntry) {
    Why = "'" + Name + "' is declared both as a kernel (.entry) and as a .func";
  } else if (Prev.NRets != P.NRets || Prev.NParams != P.NParams) {
    Why = "inconsistent prototypes of '" + Name + "': " + std::to_string(P.NRets) + " return and " +
          std::to_string(P.NParams) + " parameters here, " + std::to_string(Prev.NRets) + " and " +
          std::to_string(Prev.NParams) + " in the earlier declaration";
  } else {
    llvm::ArrayRef<Param> A =
        llvm::ArrayRef<Param>(Pool).slice(Prev.First, Prev.NRets + Prev.NParams);
    llvm::ArrayRef<Param> B = llvm::ArrayRef<Param>(Pool).slice(P.First, P.NRets + P.NParams);
    for (size_t I = 0; I < A.size() && Why.empty(); ++I) {
      const Param &X = A[I], &Y = B[I];
      size_t N = (I < P.NRets ? I : I - P.NRets) + 1;
      if (X.Type != Y.Type)
        Why = "inconsistent prototypes of '" + Name + "': parameter " + std::to_string(N) + " is " +
              text(Y.Type) + " here and " + text(X.Type) + " in the earlier declaration";
      else if (EffectiveAlign(X) && EffectiveAlign(Y) && EffectiveAlign(X) != EffectiveAlign(Y))
        Why = "inconsistent prototypes of '" + Name + "': parameter " + std::to_string(N) +
              " is aligned to " + std::to_string(EffectiveAlign(Y)) + " here and to " +
              std::to_string(EffectiveAlign(X)) + " in the earlier declaration";
    }
  }
  Pool.resize(PoolSize); // a redeclaration keeps the first prototype only
  if (Why.empty())
    return;
  Diagnostic &D = Diags.report(Rule::FuncPrototype, P.Name, Why);
  D.Notes.push_back({Prev.Name, "earlier declaration is here"});
}

/// A definition after a declaration (ptxas 13.0 -arch sm_90, -c alike): "Inconsistent
/// redefinition of variable 'g'" where the definition writes another linkage than the
/// declaration (.weak or .visible after none, .weak after .visible and back) or follows an
/// .extern one ("Function definition conflicts with '.extern' declaration" too); a
/// definition without a linkage directive takes the declaration's .weak or .visible. Found
/// by sample K's linkage mutants (test/symbols/func-linkage.test).
void DeclChecker::checkLinkage(const Function &F, const Proto &Prev, const Proto &P) {
  if (!P.HasBody || Prev.HasBody || Prev.IsEntry != P.IsEntry)
    return;
  std::string Name(F.Name);
  if (Prev.Linkage == ".extern") {
    Diagnostic &D = Diags.report(Rule::FuncLinkage, P.Name,
                                 "'" + Name +
                                     "' is declared .extern above, so it cannot be defined in "
                                     "this module; declare it without .extern (or drop this "
                                     "definition)");
    D.Notes.push_back({Prev.Name, "the .extern declaration is here"});
    return;
  }
  if (P.Linkage.empty() || P.Linkage == Prev.Linkage)
    return;
  std::string Was =
      Prev.Linkage.empty() ? std::string("without a linkage directive") : std::string(Prev.Linkage);
  SourceRange R = at(P.Linkage, F.Range);
  Diagnostic &D = Diags.report(Rule::FuncLinkage, R,
                               "'" + Name + "' is defined " + std::string(P.Linkage) +
                                   " here and declared " + Was +
                                   " above; a definition has its declaration's linkage or "
                                   "none");
  D.Notes.push_back({Prev.Name, "the earlier declaration is here"});
  if (R.isValid() && (R.Begin != F.Range.Begin || R.End != F.Range.End))
    D.Fixes.push_back({R, Prev.Linkage.empty() ? std::string() : std::string(Prev.Linkage)});
}

/// `.pragma "s"{, "s"};`: a non-empty list of strings (ptxas 13.0: "Parsing error near
/// '.cta'" for `.pragma.cta "nounroll";`, near 'nounroll' for an unquoted word, near ';'
/// for none; sample K's insert-qualifier mutant, test/symbols/pragma-file-args.test).
void DeclChecker::checkPragmaArgs(const Directive &D) {
  llvm::ArrayRef<std::string_view> A = D.Args;
  for (size_t I = 0; I <= A.size(); ++I) {
    bool WantString = I % 2 == 0;
    if (I == A.size()) {
      if (!WantString)
        return;
    } else if (WantString ? !A[I].empty() && A[I].front() == '"' : A[I] == ",") {
      continue;
    }
    SourceRange R = I < A.size() ? at(A[I], D.Range) : D.Range;
    Diags.report(Rule::Syntax, R,
                 std::string(I < A.size() ? "unexpected '" + std::string(A[I]) + "'"
                                          : std::string("missing string")) +
                     " in .pragma; it takes a list of strings, .pragma \"nounroll\";");
    return;
  }
}

bool DeclChecker::checkKnown(const Directive &D) {
  if (D.Name == ".pragma")
    checkPragmaArgs(D);
  if (D.IsLabel || D.Name.empty() || D.Name[0] != '.' || isKnownDirective(D.Name))
    return true;
  Diags.report(Rule::Syntax, at(D.Name, D.Range),
               "unknown directive '" + std::string(D.Name) +
                   "' (a directive is one of PTX ISA chapter 11; declarations start with a "
                   "state space: .reg, .param, .shared ...)");
  return false;
}

void DeclChecker::onCallPrototype(const Directive &D) {
  // (.param .b32 _) _ (.param .b32 _, .param .align 8 .b8 _[16]); or _ (...)
  llvm::ArrayRef<std::string_view> A = D.Args;
  Proto P;
  P.First = static_cast<uint32_t>(Pool.size());
  P.Name = D.Range;
  bool SawName = false, ParamReturn = false;
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I] == "_" && !SawName) {
      SawName = true;
      continue;
    }
    if (A[I] != ".param" && A[I] != ".reg")
      continue;
    Param Q;
    llvm::SmallString<32> Type;
    llvm::StringRef ElemType;
    unsigned Width = 1;
    size_t J = I + 1;
    for (; J < A.size() && llvm::StringRef(A[J]).startswith("."); ++J) {
      llvm::StringRef T = A[J];
      uint64_t N = 0;
      if (T == ".align" && J + 1 < A.size() && isNumber(A[J + 1], N)) {
        Q.Align = static_cast<uint16_t>(std::min<uint64_t>(N, UINT16_MAX));
        ++J;
        continue;
      }
      if (T.startswith(".v") && T.size() == 3)
        Width = T[2] - '0';
      else if (fundamentalBits(T))
        ElemType = T;
      Type += T;
    }
    llvm::SmallVector<std::string_view, 4> Suffix;
    for (size_t K = J + 1; K < A.size() && (A[K] == "[" || A[K] == "]" || !Suffix.empty()) &&
                           A[K] != "," && A[K] != ")";
         ++K)
      Suffix.push_back(A[K]);
    for (llvm::StringRef S : Suffix)
      Type += S;
    Q.Type = intern(Type);
    unsigned Elem = fundamentalBits(ElemType) / 8 * Width;
    Q.Natural = static_cast<uint8_t>(Elem);
    uint64_t Count = arrayCount(Suffix);
    Q.Bytes = Count && Elem * Count <= UINT32_MAX ? static_cast<uint32_t>(Elem * Count) : 0;
    if (Suffix.empty() && Width == 1)
      Q.Bits = static_cast<uint8_t>(fundamentalBits(ElemType));
    Pool.push_back(Q);
    ++(SawName ? P.NParams : P.NRets);
    ParamReturn |= !SawName && A[I] == ".param";
    I = J;
  }
  // ptxas 13.0: "Multiple return parameters require .register state space".
  if (P.NRets > 1 && ParamReturn)
    Diags.report(Rule::FuncReturnList, D.Range,
                 "a prototype with " + std::to_string(P.NRets) +
                     " return parameters declares each in .reg, not .param; return one .param "
                     "(a .b8 array holds several values) or declare every return in .reg");
  CallProtos[Names.save(LastLabel.str())] = static_cast<uint32_t>(Protos.size());
  Protos.push_back(P);
}

void DeclChecker::onBodyDirective(const Directive &D) {
  if (D.Name == ".loc") { // known, and none of the directives below
    onLoc(D);
    return;
  }
  if (!checkKnown(D))
    return;
  if (D.Name == ".callprototype" && !LastLabel.empty())
    onCallPrototype(D);
  if (const char *Owner = headerOwner(D.Name))
    Diags.report(Rule::FuncDirective, at(D.Name, D.Range),
                 std::string(D.Name) + " in a function body: it belongs between " + Owner +
                     " parameter list and its body (only .pragma goes in a body)");
}

void DeclChecker::onBranch(const Instruction &I) {
  if (I.Operands.empty())
    return;
  const Operand &T = I.Operands.front();
  if (T.Kind == OperandKind::IntImm || T.Kind == OperandKind::FloatImm) {
    Diags.report(Rule::IsaOperandKind, T.Range,
                 "bra takes a label, not the number " + std::string(T.Text));
    return;
  }
  if (T.Kind == OperandKind::Sink) { // "Result discard mode is not allowed for instruction 'bra'"
    Diags.report(Rule::IsaOperandKind, T.Range, "bra takes a label, not the sink '_'");
    return;
  }
  if (T.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Syms.lookup(T.Text);
  if (!R || R->StateSpace != ".reg")
    return;
  Diags.report(Rule::IsaOperandKind, T.Range,
               "bra takes a label; '" + std::string(T.Text) +
                   "' is a register (brx.idx branches to a label of a .branchtargets list by "
                   "index)");
}

void DeclChecker::onCall(const Instruction &I) {
  llvm::ArrayRef<Operand> Ops = I.Operands;
  size_t K = 0;
  const Operand *Rets = nullptr, *Args = nullptr;
  if (K < Ops.size() && Ops[K].Kind == OperandKind::List)
    Rets = &Ops[K++];
  if (K >= Ops.size() || Ops[K].Kind != OperandKind::Name)
    return;
  llvm::StringRef Callee = Ops[K].Text;
  SourceRange CalleeR = Ops[K++].Range;
  if (K < Ops.size() && Ops[K].Kind == OperandKind::List)
    Args = &Ops[K];
  size_t Tail = K + (Args ? 1 : 0);                  // the operand after the arguments, if any
  if (const RegisterInfo *R = Syms.lookup(Callee)) { // call (rets), %fptr, (args), proto;
    const Operand &Last = Ops.back();
    if (Tail < Ops.size() && R->StateSpace == ".reg")
      checkCallTargetOperand(Ops[Tail]);
    if (&Last == &Ops[K - 1] || Last.Kind != OperandKind::Name)
      return;
    auto It = CallProtos.find(Last.Text);
    if (It != CallProtos.end())
      checkCall(I, Rets, Args, Protos[It->second], Last.Text);
    return;
  }
  auto It = ProtoIds.find(Callee);
  if (It == ProtoIds.end())
    return;
  if (Tail < Ops.size()) {
    // ptxas 13.0: "Argument 1 of instruction 'call': must be register" (sample I).
    Diags.report(Rule::CallPrototype, CalleeR,
                 "'" + Callee.str() +
                     "' is called directly, so nothing follows the call's arguments; a "
                     ".calltargets or .callprototype label after them needs the callee's "
                     "address in a register (call (r), %fptr, (a), label)");
    return;
  }
  const Proto &P = Protos[It->second];
  if (P.IsEntry) {
    Diags.report(Rule::CallPrototype, CalleeR,
                 "'" + Callee.str() +
                     "' is a kernel (.entry); call calls device functions (.func) only");
    return;
  }
  checkCall(I, Rets, Args, P, Callee);
}

void DeclChecker::checkCallTargetOperand(const Operand &Op) {
  // ptxas 13.0: "Label or .u32/.u64/.u8 array expected for argument 3 of
  // instruction 'call'" for a register there (sample I).
  if (Op.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Syms.lookup(Op.Text);
  if (!R || R->StateSpace != ".reg")
    return;
  Diags.report(Rule::CallPrototype, Op.Range,
               "'" + std::string(Op.Text) +
                   "' is a register; an indirect call's last operand is a .calltargets or "
                   ".callprototype label (or a table of function addresses)");
}

void DeclChecker::checkCall(const Instruction &I, const Operand *Rets, const Operand *Args,
                            const Proto &P, llvm::StringRef Callee) {
  size_t NR = Rets ? Rets->Elements.size() : 0, NA = Args ? Args->Elements.size() : 0;
  if (NR != P.NRets || NA != P.NParams) {
    Diagnostic &D =
        Diags.report(Rule::CallPrototype, I.Range,
                     "call has the wrong number of parameters: '" + Callee.str() + "' takes " +
                         std::to_string(P.NParams) + " argument(s) and " + std::to_string(P.NRets) +
                         " return value(s), the call passes " + std::to_string(NA) + " and " +
                         std::to_string(NR));
    D.Notes.push_back({P.Name, "declared here"});
    return;
  }
  if (Args)
    checkArguments(*Args, P.params(Pool), Callee);
  if (Rets)
    checkArguments(*Rets, P.rets(Pool), Callee);
}

void DeclChecker::checkArguments(const Operand &List, llvm::ArrayRef<Param> Formals,
                                 llvm::StringRef Callee) {
  for (size_t K = 0; K < List.Elements.size() && K < Formals.size(); ++K) {
    const Operand &A = List.Elements[K];
    const Param &F = Formals[K];
    if (A.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *R = Syms.lookup(A.Text);
    if (!R)
      continue;
    unsigned Bits = fundamentalBits(R->Type);
    std::string What = "parameter " + std::to_string(K + 1) + " of '" + Callee.str() + "'";
    if (F.Bits && R->VectorWidth == 1 && !R->IsArray && Bits && Bits != F.Bits) {
      Diags.report(Rule::CallPrototype, A.Range,
                   "'" + std::string(A.Text) + "' is " + R->Type.str() + " (" +
                       std::to_string(Bits) + " bits) but " + What + " is " + text(F.Type) + " (" +
                       std::to_string(F.Bits) + " bits)");
      continue;
    }
    // An incomplete array formal ([] or [0], the last of a .func) takes an array
    // of any size; a scalar is "Type of argument does not match" (ptxas 13.0).
    llvm::StringRef FT = text(F.Type);
    if (!R->IsArray && (FT.endswith("[]") || FT.endswith("[0]"))) {
      Diags.report(Rule::CallPrototype, A.Range,
                   "'" + std::string(A.Text) + "' is a scalar but " + What + " is " + FT.str() +
                       ", an array of unstated size: pass an array");
      continue;
    }
    unsigned ArgBytes = R->IsArray ? R->ArrayBytes : Bits / 8 * R->VectorWidth;
    unsigned FormalBytes = F.Bytes ? F.Bytes : F.Bits / 8;
    if (!R->IsArray && F.Bytes && ArgBytes && ArgBytes != FormalBytes) {
      Diags.report(Rule::CallPrototype, A.Range,
                   "'" + std::string(A.Text) + "' is " + std::to_string(ArgBytes) + " bytes but " +
                       What + " is " + text(F.Type) + " (" + std::to_string(FormalBytes) +
                       " bytes)");
      continue;
    }
    // ptxas 13.0: an array argument has the formal's size ("Type of argument
    // does not match formal parameter"), and every argument its alignment,
    // written or natural ("Alignment of argument does not match").
    if (R->IsArray && F.Bytes && R->ArrayBytes && R->ArrayBytes != F.Bytes) {
      Diags.report(Rule::CallPrototype, A.Range,
                   "'" + std::string(A.Text) + "' is " + std::to_string(R->ArrayBytes) +
                       " bytes but " + What + " is " + text(F.Type) + " (" +
                       std::to_string(F.Bytes) + " bytes)");
      continue;
    }
    unsigned Natural = Bits / 8 * R->VectorWidth;
    unsigned ArgAlign = R->Align ? R->Align : Natural;
    unsigned FormalAlign = F.Align ? F.Align : F.Natural;
    if (!ArgAlign || !FormalAlign || ArgAlign == FormalAlign || (!F.Bits && !F.Bytes))
      continue;
    Diags.report(Rule::CallPrototype, A.Range,
                 "'" + std::string(A.Text) + "' is aligned to " + std::to_string(ArgAlign) +
                     " bytes but " + What + " to " + std::to_string(FormalAlign) +
                     "; an argument's alignment (.align N, or its size) must match its "
                     "parameter's");
  }
}

//===----------------------------------------------------------------------===//
// Module directives
//===----------------------------------------------------------------------===//

void DeclChecker::onModuleDirective(const Directive &D, bool ArchGiven) {
  (void)ArchGiven;
  if (!checkKnown(D))
    return;
  // .loc at module scope: ptxas 13.0 "Parsing error near '.loc'" at every
  // version (sample H: a body's '{' deleted leaves its .loc lines outside).
  if (D.Name == ".loc") {
    Diags.report(Rule::Syntax, at(D.Name, D.Range),
                 ".loc at module scope: a .loc directive belongs in a function body, before "
                 "the instructions it describes");
    return;
  }
  // A header's directive standing alone: `.extern .func f .noreturn (...);`
  // ends the prototype at f (no ';' needed), and ptxas stops at the '('
  // ("Parsing error near '('"; sample F proto-attr mutants).
  if (headerOwner(D.Name)) {
    Diags.report(Rule::Syntax, at(D.Name, D.Range),
                 std::string(D.Name) +
                     " at module scope: it belongs to a function header, after the parameter "
                     "list (.func f(.param .b32 a) .noreturn;)");
    return;
  }
  if (D.Name == ".address_size") {
    llvm::StringRef V = D.Args.empty() ? llvm::StringRef() : llvm::StringRef(D.Args.front());
    if (V != "32" && V != "64")
      Diags.report(Rule::AddressSizeValue, D.Args.empty() ? D.Range : at(V, D.Range),
                   ".address_size is 32 or 64" + (V.empty() ? std::string() : ", not " + V.str()));
    else if (Version.isValid() && Version < PtxVersion(2, 3))
      Diags.report(Rule::IsaPtxVersion, D.Range,
                   ".address_size requires PTX ISA 2.3 or later; this file is .version " +
                       Version.str() + ": raise .version or leave .address_size out");
    return;
  }
  if (D.Name != ".file" || D.Args.empty())
    return;
  uint64_t N = 0;
  if (!isNumber(D.Args.front(), N))
    return;
  // ptxas 13.0: "Parsing error near ','" for a fifth value (`.file 1 "a.cu", 5, 6, 7`;
  // sample K's file mutant, test/symbols/pragma-file-args.test).
  size_t Values = 0;
  for (size_t I = 0; I < D.Args.size(); ++I) {
    if (D.Args[I] == "," || ++Values <= 4)
      continue;
    std::string_view Tok = I > 0 && D.Args[I - 1] == "," ? D.Args[I - 1] : D.Args[I];
    Diags.report(Rule::Syntax, at(Tok, D.Range),
                 "unexpected '" + std::string(Tok) +
                     "' in .file; it takes an index, a file name and at most a timestamp and a "
                     "file size, .file 1 \"a.cu\", 0, 0");
    return;
  }
  // ptxas 13.0: "Feature 'timestamp and filesize in .file directive' requires
  // PTX ISA .version 3.2 or later" (sample H; test/symbols/linkage-versions.test).
  if (D.Args.size() > 2 && Version.isValid() && Version < PtxVersion(3, 2))
    Diags.report(Rule::IsaPtxVersion, at(D.Args[2], D.Range),
                 "a .file's timestamp and file size require PTX ISA 3.2 or later; this file is "
                 ".version " +
                     Version.str());
  auto Ins = FileIndices.try_emplace(static_cast<int64_t>(N), D.Range);
  if (Ins.second)
    return;
  Diagnostic &Diag = Diags.report(Rule::FileIndex, at(D.Args.front(), D.Range),
                                  "duplicate .file index " + std::to_string(N) +
                                      "; each .file directive has its own index");
  Diag.Notes.push_back({Ins.first->second, "first .file with this index"});
}

} // namespace check
} // namespace ptxlint
