//===- CheckDecls.cpp - declarations, prototypes, calls, module directives ===//
//
// Every check here was measured against ptxas 13.0 (tools/dev/adversary,
// test/symbols/decls-*.test record its verdicts line by line).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckDecls.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace ptxlint {
namespace check {

namespace {

bool isStateSpace(llvm::StringRef T) {
  return llvm::StringSwitch<bool>(T)
      .Cases(".reg", ".sreg", ".const", ".global", ".local", ".param", true)
      .Cases(".shared", ".tex", true)
      .Default(T.startswith(".shared::") || T.startswith(".param::"));
}

bool isLinkage(llvm::StringRef T) {
  return T == ".extern" || T == ".visible" || T == ".weak" || T == ".common";
}

/// A token spelled like a sized type: .u128, .b1, .f8 (the instruction-only
/// types, .bf16, .tf32, .e4m3 ..., are SymbolChecker::checkDeclType's).
bool looksLikeSizedType(llvm::StringRef T) {
  if (T.size() < 3 || T[0] != '.' || !llvm::is_contained("busf", T[1]))
    return false;
  llvm::StringRef Rest = T.drop_front(2);
  llvm::StringRef Digits = Rest.take_while(llvm::isDigit);
  Rest = Rest.drop_front(Digits.size());
  if (Digits.empty())
    return false;
  if (Rest.empty())
    return true;
  return Rest.consume_front("x") && !Rest.empty() && llvm::all_of(Rest, llvm::isDigit);
}

/// The element count of an array suffix ([4], [2][8]): 1 for none, 0 when
/// a size is missing or not a plain number.
uint64_t arrayCount(llvm::ArrayRef<std::string_view> Suffix) {
  uint64_t Count = 1;
  for (size_t I = 0; I < Suffix.size(); ++I) {
    uint64_t N = 0;
    if (Suffix[I] != "[")
      continue;
    if (I + 2 >= Suffix.size() || Suffix[I + 2] != "]" || !isNumber(Suffix[I + 1], N) ||
        N > UINT32_MAX)
      return 0;
    Count *= N;
  }
  return Count;
}

const char *const EntryOnly[] = {".maxntid",         ".reqntid",          ".maxnreg",
                                 ".minnctapersm",    ".maxnctapersm",     ".maxclusterrank",
                                 ".explicitcluster", ".reqnctapercluster"};

bool isEntryOnly(llvm::StringRef N) { return llvm::is_contained(EntryOnly, N); }

/// The directives of PTX ISA 9.0 chapter 11 (and state spaces, which the
/// parser reads as declarations).
bool isKnownDirective(llvm::StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases(".abi_preserve", ".abi_preserve_control", ".address_size", ".alias", true)
      .Cases(".blocksareclusters", ".branchtargets", ".callprototype", ".calltargets", true)
      .Cases(".common", ".entry", ".explicitcluster", ".extern", ".file", ".func", true)
      .Cases(".loc", ".maxclusterrank", ".maxnctapersm", ".maxnreg", ".maxntid", true)
      .Cases(".minnctapersm", ".noreturn", ".pragma", ".reqnctapercluster", ".reqntid", true)
      .Cases(".section", ".target", ".version", ".visible", ".weak", true)
      .Default(isStateSpace(N));
}

} // namespace

/// .b8 ... .b128, .u8 ... .s64, .f16 ... .f64: size in bits; 0 otherwise.
unsigned fundamentalBits(llvm::StringRef T) {
  return llvm::StringSwitch<unsigned>(T)
      .Cases(".b8", ".u8", ".s8", 8)
      .Cases(".b16", ".u16", ".s16", ".f16", 16)
      .Cases(".b32", ".u32", ".s32", ".f32", ".f16x2", 32)
      .Cases(".b64", ".u64", ".s64", ".f64", 64)
      .Case(".b128", 128)
      .Default(0);
}

bool isOpaqueType(llvm::StringRef T) {
  return T == ".texref" || T == ".samplerref" || T == ".surfref";
}

bool isNumber(llvm::StringRef T, uint64_t &V) { return !T.getAsInteger(0, V); }

SourceRange DeclChecker::at(llvm::StringRef Tok, SourceRange Fallback) const {
  SourceRange R = File.rangeOf(Tok);
  return R.isValid() ? R : Fallback;
}

//===----------------------------------------------------------------------===//
// Variables and parameters
//===----------------------------------------------------------------------===//

void DeclChecker::onVar(const VarDecl &V, DeclSite Site) {
  if (Site == DeclSite::Module)
    checkLinkage(V.Prefix, V.Range);
  if (Site == DeclSite::Module && V.StateSpace == ".param")
    Diags.report(Rule::SymbolScope, at(V.StateSpace, V.Range),
                 ".param variables are parameters or live in a function body; a module-scope "
                 "variable is .global, .const or .shared");
  for (llvm::StringRef P : V.Prefix) {
    if (!isLinkage(P))
      continue;
    if (Site == DeclSite::Local)
      Diags.report(Rule::DeclLinkage, at(P, V.Range),
                   P.str() + " in a function body: linkage directives apply to module-scope "
                             "declarations only");
    else if (P == ".common" && V.StateSpace != ".global")
      Diags.report(Rule::DeclLinkage, at(P, V.Range),
                   ".common variables are declared in the .global state space, not " +
                       std::string(V.StateSpace));
    break;
  }
  const std::string_view *Sampler = llvm::find(V.Attrs, std::string_view(".samplerref"));
  if (Sampler != V.Attrs.end() && TexMode != "texmode_independent")
    Diags.report(Rule::DeclType, at(*Sampler, V.Range),
                 ".samplerref variables need independent texturing: add texmode_independent to "
                 ".target (the module uses unified texturing, where a .texref carries its "
                 "sampler)");
  if (V.StateSpace == ".tex") {
    // PTX ISA 1.4 and earlier (nvopencc output: `.tex .u64 tex;`) declare texture
    // references as .tex variables of type .u32 or .u64; ptxas 13.0 still takes them.
    llvm::StringRef T = V.type();
    if (!Version.isValid() || Version >= PtxVersion(1, 5)) {
      Diags.report(Rule::DeclType, at(V.StateSpace, V.Range),
                   "the .tex state space was removed in PTX ISA 1.5; declare a .global .texref "
                   "variable instead");
      return;
    }
    if (T != ".u32" && T != ".u64")
      Diags.report(Rule::DeclType, T.empty() ? V.Range : at(T, V.Range),
                   "a .tex variable (PTX ISA 1.4) is of type .u32 or .u64, not " +
                       (T.empty() ? std::string("untyped") : T.str()));
  } else {
    checkAttrs(V, Site);
  }
  // Only when nothing names a type: `.reg .f32x2 %y` has its own diagnostic.
  bool NoType = llvm::all_of(V.Attrs, [](llvm::StringRef A) {
    return A == ".v2" || A == ".v4" || A == ".v8" || A == ".align" || A.empty() ||
           llvm::isDigit(A.front());
  });
  if (V.StateSpace == ".reg" && NoType && !V.Declarators.empty())
    Diags.report(Rule::Syntax, V.Declarators.front().Range,
                 "a .reg declaration names its type before the registers: .reg .b32 " +
                     std::string(V.Declarators.front().Name) + " (or .b64, .f32, .pred ...)");
  bool IsParam =
      Site == DeclSite::EntryParam || Site == DeclSite::FuncParam || Site == DeclSite::Return;
  bool FuncParam = Site == DeclSite::FuncParam || Site == DeclSite::Return;
  if (FuncParam && V.StateSpace == ".param")
    for (llvm::StringRef A : V.Attrs)
      if (isOpaqueType(A))
        Diags.report(Rule::DeclType, at(A, V.Range),
                     A.str() + " parameters belong to kernels (.entry); a .func takes the "
                               "handle as a .u64 (ptxas: cannot be allocated in .param)");
  if (Site == DeclSite::Module && V.StateSpace == ".const")
    ConstBytes.emplace_back(V.Range, constBytes(V));
  if (FuncParam && V.StateSpace == ".param" && Version.isValid() && Version < PtxVersion(2, 0))
    Diags.report(Rule::IsaPtxVersion, at(V.StateSpace, V.Range),
                 "a .func takes .param parameters from PTX ISA 2.0 on; this file is .version " +
                     Version.str() +
                     ": declare the parameter .reg (or make the function an "
                     ".entry)");
  if (IsParam && V.type().empty()) {
    bool Opaque = llvm::any_of(V.Attrs, [](std::string_view T) { return isOpaqueType(T); });
    if (!Opaque && !V.Declarators.empty())
      Diags.report(Rule::DeclType, V.Declarators.front().Range,
                   "parameter '" + std::string(V.Declarators.front().Name) +
                       "' has no type; write .param .b32 (or another type) before its name");
  }
  for (const Declarator &D : V.Declarators) {
    // %tid.x is a name only as a use: ptxas reads `.reg .b32 a.b` as `a`
    // and a qualifier ("Parsing error near '.b'").
    llvm::StringRef Name = D.Name;
    if (size_t Dot = Name.find('.'); Dot != llvm::StringRef::npos && Dot > 0)
      Diags.report(Rule::Syntax, at(Name.drop_front(Dot), D.Range),
                   "a declared name has no '.': '" + Name.drop_front(Dot).str() + "' after '" +
                       Name.take_front(Dot).str() +
                       "' is not part of it (names are letters, digits, _, $ and %)");
    checkArray(V, D, Site);
    checkInit(V, D);
  }
}

size_t DeclChecker::checkAttributeSpec(llvm::ArrayRef<std::string_view> A, size_t I, SourceRange R,
                                       llvm::StringRef Owner) {
  // ptxas 13.0 takes .managed and .unified(N, M), one or both, on a .global
  // variable, and .unified(N, M) on a .func ("Illegal attribute" elsewhere).
  if (I + 1 >= A.size() || A[I + 1] != "(") {
    Diags.report(Rule::Syntax, at(A[I], R),
                 ".attribute takes a list in parentheses: .attribute(.managed) or "
                 ".attribute(.unified(uuid1, uuid2))");
    return I;
  }
  bool Func = Owner == ".func" || Owner == ".entry";
  size_t J = I + 2;
  while (J < A.size() && A[J] != ")") {
    llvm::StringRef Item = A[J];
    size_t Numbers = 0, Next = J + 1;
    if (Next < A.size() && A[Next] == "(")
      for (++Next; Next < A.size() && A[Next] != ")"; ++Next)
        Numbers += A[Next] != ",";
    Next += Next > J + 1; // past the item's ')'
    if (Item != ".managed" && Item != ".unified")
      Diags.report(Rule::Syntax, at(Item, R),
                   "unknown attribute '" + Item.str() +
                       "'; .attribute takes .managed (a .global variable) and "
                       ".unified(uuid1, uuid2) (a .global variable or a .func)");
    else if (Item == ".managed" && Numbers)
      Diags.report(Rule::Syntax, at(Item, R), ".managed takes no arguments");
    else if (Item == ".unified" && Numbers != 2)
      Diags.report(Rule::Syntax, at(Item, R),
                   ".unified takes two integers, the upper and lower 64 bits of the "
                   "identifier: .unified(uuid1, uuid2)");
    else if (Item == ".managed" && Func)
      Diags.report(Rule::Syntax, at(Item, R),
                   ".managed is a variable attribute; a .func takes .unified(uuid1, uuid2)");
    else if (Owner == ".entry")
      Diags.report(Rule::FuncDirective, at(A[I], R),
                   ".attribute(.unified(...)) applies to a .func, not to a kernel (.entry)");
    else if (Item == ".unified" && Tgt.isValid() && Tgt.Sm < 90)
      Diags.report(Rule::IsaTarget, at(Item, R),
                   ".unified requires sm_90 or higher; the target is sm_" + std::to_string(Tgt.Sm));
    else if (Item == ".unified" && Version.isValid() && Version < PtxVersion(8, 0))
      Diags.report(Rule::IsaPtxVersion, at(Item, R),
                   ".unified requires PTX ISA 8.0 or later; this file is .version " +
                       std::to_string(Version.Major) + "." + std::to_string(Version.Minor));
    else if (!Func && Owner != ".global")
      Diags.report(Rule::DeclType, at(Item, R),
                   Item.str() + " applies to .global variables only, not to " + Owner.str());
    J = Next < A.size() && A[Next] == "," ? Next + 1 : Next;
  }
  return J;
}

void DeclChecker::checkAttrs(const VarDecl &V, DeclSite Site) {
  llvm::ArrayRef<std::string_view> A = V.Attrs;
  bool SawType = false;
  unsigned Width = 1;
  llvm::StringRef WidthTok, TypeTok;
  for (size_t I = 0; I < A.size(); ++I) {
    llvm::StringRef T = A[I];
    if (T == ".attribute") {
      if (SawType)
        Diags.report(Rule::Syntax, at(T, V.Range),
                     ".attribute(...) goes before the type: .global .attribute(.managed) .b32 g");
      I = checkAttributeSpec(A, I, V.Range, V.StateSpace);
      continue;
    }
    if (T == "(" || T == ")") {
      Diags.report(Rule::Syntax, at(T, V.Range),
                   "a parenthesized list in a declaration belongs to .attribute: "
                   ".attribute(.managed) or .attribute(.unified(uuid1, uuid2))");
      for (unsigned Depth = 0; I < A.size(); ++I) // skip the list
        if ((Depth += A[I] == "(" ? 1 : A[I] == ")" ? -1 : 0) == 0)
          break;
      continue;
    }
    if (T == ".align") {
      uint64_t N = 0;
      if (I + 1 < A.size() && isNumber(A[I + 1], N) && (N == 0 || (N & (N - 1))))
        Diags.report(Rule::DeclAlign, at(A[I + 1], V.Range),
                     ".align " + std::string(A[I + 1]) +
                         ": an alignment is a power of two (1, 2, 4, 8, ... bytes)");
      ++I;
      continue;
    }
    if (T.size() > 2 && T.startswith(".v") && llvm::isDigit(T[2])) {
      WidthTok = T;
      if (T != ".v2" && T != ".v4" && T != ".v8")
        Diags.report(Rule::DeclType, at(T, V.Range),
                     T.str() + " is not a vector width; vectors are .v2 or .v4");
      else
        Width = T[2] - '0';
      continue;
    }
    if (T == ".ptr") {
      if (Site != DeclSite::EntryParam)
        Diags.report(Rule::DeclType, at(T, V.Range),
                     ".ptr is a kernel parameter attribute: only .entry parameters take it");
      else if (!SawType)
        Diags.report(Rule::DeclType, at(T, V.Range),
                     "the parameter's type comes before .ptr (.param .u64 .ptr.global .align 8 p)");
      continue;
    }
    if (isStateSpace(T)) {
      if (I == 0 || A[I - 1] != ".ptr")
        Diags.report(Rule::DeclType, at(T, V.Range),
                     "more than one state space (" + std::string(V.StateSpace) + " and " + T.str() +
                         "); a declaration has one");
      continue;
    }
    bool Instr = T == ".bf16" || T == ".bf16x2" || T == ".tf32" || T.endswith("16x2") ||
                 (T.size() > 3 && (T.startswith(".e") || T.startswith(".ue")) &&
                  llvm::isDigit(T[T[1] == 'u' ? 3 : 2]));
    if (looksLikeSizedType(T) || T == ".pred" || isOpaqueType(T) || Instr) {
      if (SawType) {
        Diags.report(Rule::DeclType, at(T, V.Range),
                     "two types (" + TypeTok.str() + " and " + T.str() +
                         "); a declaration has one");
        return;
      }
      SawType = true;
      TypeTok = T;
      checkType(V, T, Site);
      continue;
    }
    Diags.report(Rule::DeclType, at(T, V.Range),
                 "unexpected '" + T.str() +
                     "' in a declaration: it is [linkage] state space "
                     "[.align N] [.v2|.v4] type, then the names");
    return;
  }
  unsigned Bits = fundamentalBits(TypeTok);
  if (Width > 1 && Bits && Width * Bits > 128)
    Diags.report(Rule::DeclType, at(WidthTok, V.Range),
                 WidthTok.str() + " " + TypeTok.str() + " is " + std::to_string(Width * Bits) +
                     " bits; a vector is at most 128 bits");
}

void DeclChecker::checkType(const VarDecl &V, llvm::StringRef T, DeclSite Site) {
  bool IsParam =
      Site == DeclSite::EntryParam || Site == DeclSite::FuncParam || Site == DeclSite::Return;
  if (T == ".pred") {
    if (V.vectorWidth() > 1)
      Diags.report(Rule::DeclType, at(T, V.Range),
                   ".pred registers are scalars; declare several instead of a vector");
    else if (V.StateSpace != ".reg")
      Diags.report(Rule::DeclType, at(T, V.Range),
                   ".pred variables are registers: declare them with .reg, or use a .u8 in " +
                       std::string(V.StateSpace));
    return;
  }
  if (isOpaqueType(T))
    return;
  if (!fundamentalBits(T)) {
    // .bf16, .tf32, .e4m3 ... of variables have their own rule
    // (SymbolChecker::checkDeclType); parameters are checked here.
    bool Instr = T.startswith(".bf16") || T == ".tf32" || T.endswith("16x2") ||
                 T.startswith(".e") || T.startswith(".ue");
    if (Instr && !IsParam)
      return;
    Diags.report(Rule::DeclType, at(T, V.Range),
                 T.str() + " is not a type of variables; they are .b8-.b128, .u8-.u64, "
                           ".s8-.s64, .f16, .f16x2, .f32, .f64 and .pred");
    return;
  }
  if (T == ".b128" && Version.isValid() && Version < PtxVersion(8, 3)) {
    Diags.report(Rule::DeclType, at(T, V.Range),
                 ".b128 variables require PTX ISA 8.3 or later (module is .version " +
                     std::to_string(Version.Major) + "." + std::to_string(Version.Minor) + ")");
    return;
  }
  if (T == ".f16x2" && IsParam)
    Diags.report(Rule::DeclType, at(T, V.Range),
                 ".f16x2 is not a parameter type; declare the parameter .b32");
}

void DeclChecker::checkArray(const VarDecl &V, const Declarator &D, DeclSite Site) {
  if (D.RangeCount > 0xFFFFFFFFLL)
    Diags.report(Rule::DeclArray, D.Range,
                 "constant overflow: " + std::to_string(D.RangeCount) +
                     " registers; the count of a parameterized name is a 32-bit value");
  llvm::ArrayRef<std::string_view> S = D.ArraySuffix;
  if (S.empty())
    return;
  for (llvm::StringRef T : S)
    if (T == "-" || T.startswith("-")) {
      Diags.report(Rule::DeclArray, at(T, D.Range),
                   "an array size is a positive integer; '" + std::string(D.Name) +
                       "' has a negative one");
      return;
    }
  if (Site != DeclSite::Module && Site != DeclSite::Local)
    return;
  if (llvm::is_contained(V.Prefix, std::string_view(".extern")) || D.HasInit)
    return;
  // The first dimension: "[" "]" or "[" "0" "]".
  bool Empty = S.size() >= 2 && S[0] == "[" && S[1] == "]";
  bool Zero = S.size() >= 3 && S[0] == "[" && S[1] == "0" && S[2] == "]";
  if (Empty || Zero)
    Diags.report(Rule::DeclArray, D.Range,
                 "'" + std::string(D.Name) +
                     "' has no size: only an .extern array may leave its size out (or 0); give "
                     "it a size or an initializer");
}

void DeclChecker::checkInit(const VarDecl &V, const Declarator &D) {
  if (!D.HasInit)
    return;
  if (llvm::is_contained(V.Prefix, std::string_view(".extern"))) {
    Diags.report(Rule::DeclInit, D.Range,
                 "'" + std::string(D.Name) +
                     "' is .extern: it is defined elsewhere and takes no initializer");
    return;
  }
  llvm::StringRef Ty = V.type();
  if (Ty == ".f16" || Ty == ".f16x2") {
    Diags.report(Rule::DeclInit, D.Range,
                 "a " + Ty.str() +
                     " variable takes no initializer; declare it .b16 (or .b32) "
                     "and write the bits");
    return;
  }
  llvm::ArrayRef<std::string_view> In = D.Init;
  bool Fields = llvm::is_contained(In, "=");
  if (isOpaqueType(Ty) || Fields) {
    checkOpaqueInit(V, D, Ty);
    return;
  }
  bool IsFloat = Ty == ".f32" || Ty == ".f64";
  bool IsInt = Ty.startswith(".u") || Ty.startswith(".s");
  for (llvm::StringRef T : In) {
    if (T.empty() || !llvm::isDigit(T[0]))
      continue;
    bool HexFloat = T.size() > 2 && T[0] == '0' && llvm::is_contained("fFdD", T[1]);
    bool FloatLit = HexFloat || T.contains('.') ||
                    (!T.startswith("0x") && !T.startswith("0X") &&
                     T.find_first_of("eE") != llvm::StringRef::npos);
    if ((IsFloat && !FloatLit) || (IsInt && FloatLit)) {
      Diags.report(Rule::DeclInit, at(T, D.Range),
                   "initial value type mismatch: " + T.str() + " is " +
                       (FloatLit ? "a floating-point" : "an integer") + " constant and '" +
                       std::string(D.Name) + "' is " + Ty.str());
      return;
    }
  }
  if (In.empty() || In.front() != "{" || V.vectorWidth() > 1)
    return;
  llvm::ArrayRef<std::string_view> S = D.ArraySuffix;
  if (S.empty()) {
    Diags.report(Rule::DeclInit, at(In.front(), D.Range),
                 "'" + std::string(D.Name) +
                     "' is a scalar: it takes one initial value, not a { } list");
    return;
  }
  uint64_t N = 0;
  // [0] with an initializer is sized by it, as [] is (ptxas 13.0).
  if (S.size() != 3 || !isNumber(S[1], N) || N == 0)
    return; // several dimensions, or the size comes from the initializer
  unsigned Count = 0, Depth = 0;
  bool Any = false;
  for (llvm::StringRef T : In) {
    if (T == "{" || T == "(") {
      if (T == "{" && Depth > 0)
        return; // nested lists: not counted
      ++Depth;
    } else if (T == "}" || T == ")") {
      --Depth;
    } else if (T == "," && Depth == 1) {
      ++Count;
    } else {
      Any = true;
    }
  }
  if (Any)
    ++Count;
  if (Count > N)
    Diags.report(Rule::DeclInit, at(In.front(), D.Range),
                 "'" + std::string(D.Name) + "' has " + std::to_string(N) + " elements but " +
                     std::to_string(Count) + " initial values");
}

void DeclChecker::checkLinkage(llvm::ArrayRef<std::string_view> Prefix, SourceRange Fallback) {
  llvm::StringRef First;
  for (llvm::StringRef P : Prefix) {
    if (!isLinkage(P))
      continue;
    if (First.empty()) {
      First = P;
      continue;
    }
    Diags.report(Rule::DeclLinkage, at(P, Fallback),
                 "one linkage directive at most: " + First.str() + " and " + P.str() +
                     " (.extern, .visible, .weak and .common exclude each other)");
    return;
  }
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

void DeclChecker::onFunction(const Function &F) {
  CallProtos.clear();
  checkLinkage(F.Prefix, F.Range);
  bool IsEntry = F.Kind == ".entry";
  if (F.HasBody) {
    Defined[F.Name] = true;
    Undefined.erase(F.Name);
  } else if (!llvm::is_contained(F.Prefix, std::string_view(".extern")) && !Defined.count(F.Name) &&
             !F.Name.empty() &&
             // ptxas supplies these itself (ptxas 13.0; not cudaLaunchDevice and the like)
             !llvm::StringSwitch<bool>(F.Name)
                  .Cases("vprintf", "malloc", "free", "__assertfail", true)
                  .Default(false)) {
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
    }
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
    if (!IsEntry && isEntryOnly(N)) {
      Diags.report(Rule::FuncDirective, at(N, A.Range),
                   N.str() + " applies to kernels (.entry) only, not to a .func");
      continue;
    }
    if (IsEntry && N == ".noreturn") {
      Diags.report(Rule::FuncDirective, at(N, A.Range),
                   ".noreturn applies to a .func only; a kernel (.entry) always returns");
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
            if ((I == 0 || A[I - 1] != ".ptr") && isNumber(A[I + 1], N))
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
  if (F.Name.empty())
    return;
  uint32_t PoolSize = static_cast<uint32_t>(Pool.size());
  Proto P = protoOf(F);
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
      else if (X.Align && Y.Align && X.Align != Y.Align)
        Why = "inconsistent prototypes of '" + Name + "': parameter " + std::to_string(N) +
              " is aligned to " + std::to_string(Y.Align) + " here and to " +
              std::to_string(X.Align) + " in the earlier declaration";
    }
  }
  Pool.resize(PoolSize); // a redeclaration keeps the first prototype only
  if (Why.empty())
    return;
  Diagnostic &D = Diags.report(Rule::FuncPrototype, P.Name, Why);
  D.Notes.push_back({Prev.Name, "earlier declaration is here"});
}

bool DeclChecker::checkKnown(const Directive &D) {
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
  bool SawName = false;
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
    I = J;
  }
  CallProtos[Names.save(llvm::StringRef(LastLabel))] = static_cast<uint32_t>(Protos.size());
  Protos.push_back(P);
}

void DeclChecker::onBodyDirective(const Directive &D) {
  if (D.Name == ".loc") // known, and none of the directives below
    return;
  if (!checkKnown(D))
    return;
  if (D.Name == ".callprototype" && !LastLabel.empty())
    onCallPrototype(D);
  if (isEntryOnly(D.Name) || D.Name == ".noreturn")
    Diags.report(Rule::FuncDirective, at(D.Name, D.Range),
                 std::string(D.Name) +
                     " in a function body: it belongs between an .entry's parameter list and "
                     "its body (only .pragma goes in a body)");
}

void DeclChecker::onBranch(const Instruction &I) {
  if (I.Operands.empty())
    return;
  const Operand &T = I.Operands.front();
  if (T.Kind == OperandKind::IntImm) {
    Diags.report(Rule::IsaOperandKind, T.Range,
                 "bra takes a label, not the number " + std::string(T.Text));
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
  if (Syms.lookup(Callee)) { // call (rets), %fptr, (args), proto;
    const Operand &Last = Ops.back();
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
  const Proto &P = Protos[It->second];
  if (P.IsEntry) {
    Diags.report(Rule::CallPrototype, CalleeR,
                 "'" + Callee.str() +
                     "' is a kernel (.entry); call calls device functions (.func) only");
    return;
  }
  checkCall(I, Rets, Args, P, Callee);
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
