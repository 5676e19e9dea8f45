//===- CheckDecls.cpp - variables, parameters and their declarations ------===//
//
// Every check here was measured against ptxas 13.0 (tools/dev/adversary,
// test/symbols/decls-*.test record its verdicts line by line).
//
//===----------------------------------------------------------------------===//

#include "Check/CheckDecls.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace ptxlint {
namespace check {

namespace {

bool isStateSpace(llvm::StringRef T) {
#define PTXLINT_CASE(Name) .Case(Name, true)
  return llvm::StringSwitch<bool>(T) PTXLINT_DECLARATION_STATE_SPACES(PTXLINT_CASE)
      .Default(T.startswith(".shared::") || T.startswith(".param::"));
#undef PTXLINT_CASE
}

bool isLinkage(llvm::StringRef T) {
#define PTXLINT_CASE(Name) || T == Name
  return false PTXLINT_LINKAGE_DIRECTIVES(PTXLINT_CASE);
#undef PTXLINT_CASE
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

} // namespace

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

bool isEntryOnly(llvm::StringRef N) {
  // The `entryonly` lines of spec/isa/corrections.txt (directives are rare:
  // one table search each).
  const spec::IsaOpcode *Row = spec::findIsaOpcode(N);
  return Row && Row->EntryOnly;
}

/// The directives of PTX ISA 9.0 chapter 11 (the directive sections of the
/// ISA tables, spec/isa/instructions.txt) and state spaces, which the parser
/// reads as declarations.
bool isKnownDirective(llvm::StringRef N) {
  if (N == ".loc" || isStateSpace(N))
    return true; // .loc: nvcc writes one every few lines
  const spec::IsaOpcode *Op = spec::findIsaOpcode(N);
  return Op && Op->FormCount && Op->forms().front().section().Directive;
}

/// .b8 ... .b128, .u8 ... .s64, .f16 ... .f64: size in bits; 0 otherwise.
unsigned fundamentalBits(llvm::StringRef T) {
#define PTXLINT_CASE(Name, Bits) .Case(Name, Bits)
  return llvm::StringSwitch<unsigned>(T) PTXLINT_FUNDAMENTAL_TYPES(PTXLINT_CASE).Default(0);
#undef PTXLINT_CASE
}

bool isOpaqueType(llvm::StringRef T) {
#define PTXLINT_CASE(Name) || T == Name
  return false PTXLINT_OPAQUE_TYPES(PTXLINT_CASE);
#undef PTXLINT_CASE
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
  if (CodegenChecks && Site == DeclSite::Module)
    Shared.onModuleVar(V);
  else if (CodegenChecks && Site == DeclSite::Local)
    Shared.onLocalVar(V);
  if (Site == DeclSite::Module)
    checkLinkage(V.Prefix, V.Range);
  // `_` is the sink operand, no name: ptxas 13.0 "Parsing error near '_'" for
  // `.reg .b32 _;`, `_<4>`, `.shared .b32 _;` (a prototype's parameters take
  // it; samples G and H, test/symbols/sink-declared.test).
  for (const Declarator &D : V.Declarators)
    if (D.Name == "_")
      Diags.report(Rule::Syntax, D.Range,
                   "'_' is the sink symbol (an operand that discards a result), not a name to "
                   "declare; choose another name");
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
  // Texture, sampler and surface variables live at module scope in .global
  // (ptxas 13.0: "Texture and surface variables must be declared in .global
  // space", "Texture/surface variable must be at module or entry parameter
  // scope"; sample G, test/isa/surface-operand-types.test). Module-scope
  // .local and .param have their own diagnostics.
  const std::string_view *Opaque = llvm::find_if(V.Attrs, [](std::string_view A) {
    return A == ".texref" || A == ".surfref" || A == ".samplerref";
  });
  if (Opaque != V.Attrs.end() && Site == DeclSite::Local)
    Diags.report(Rule::DeclType, at(*Opaque, V.Range),
                 std::string(*Opaque) + " variables are declared at module scope (in .global) "
                                        "or as kernel parameters, not in a function body");
  else if (Opaque != V.Attrs.end() && Site == DeclSite::Module &&
           (V.StateSpace == ".const" || V.StateSpace == ".shared"))
    Diags.report(Rule::DeclType, at(V.StateSpace, V.Range),
                 std::string(*Opaque) + " variables are declared in the .global state space, not " +
                     std::string(V.StateSpace));
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
  bool IsParam =
      Site == DeclSite::EntryParam || Site == DeclSite::FuncParam || Site == DeclSite::Return;
  // Parameters without a type have their own diagnostic below; a .tex
  // variable's is above.
  if (NoType && V.Declarators.empty()) // `.reg ;`: ptxas "Parsing error near ';'"
    Diags.report(Rule::Syntax, SourceRange{V.Range.End - 1, V.Range.End},
                 "a " + std::string(V.StateSpace) +
                     " declaration names its type and then its names: " +
                     std::string(V.StateSpace) + " .b32 x;");
  if (NoType && !IsParam && V.StateSpace != ".tex" && !V.Declarators.empty())
    Diags.report(Rule::Syntax, V.Declarators.front().Range,
                 "a " + std::string(V.StateSpace) + " declaration names its type before the " +
                     (V.StateSpace == ".reg" ? "registers: " : "names: ") +
                     std::string(V.StateSpace) + " .b32 " +
                     std::string(V.Declarators.front().Name) + " (or .b64, .f32, .pred ...)");
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
    checkDottedName(D.Name, D.Range);
    checkArray(V, D, Site);
    checkInit(V, D);
  }
}

void DeclChecker::checkDottedName(llvm::StringRef Name, SourceRange R) {
  // The lexer reads a.b as one name (opcodes are lexed with their qualifiers);
  // ptxas stops the name at the '.' ("Parsing error near '.b'"): variables,
  // functions and labels alike (sample F: `.entry k.lo(`, `L.1:`).
  if (size_t Dot = Name.find('.'); Dot != llvm::StringRef::npos && Dot > 0)
    Diags.report(Rule::Syntax, at(Name.drop_front(Dot), R),
                 "a declared name has no '.': '" + Name.drop_front(Dot).str() + "' after '" +
                     Name.take_front(Dot).str() +
                     "' is not part of it (names are letters, digits, _, $ and %)");
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
  bool SawType = false, SawPtr = false;
  bool PtrAlign = false; // an .align after .ptr
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
      // ptxas: "Parsing error near '.align'" after the type (but a kernel
      // parameter's .ptr takes its own .align, once), "near '.u32'" without a count.
      uint64_t N = 0;
      bool Counted = I + 1 < A.size() && isNumber(A[I + 1], N);
      if (SawPtr && PtrAlign)
        Diags.report(Rule::Syntax, at(T, V.Range),
                     ".ptr takes one .align (.param .u64 .ptr.global .align 8 p)");
      else if (SawType && !SawPtr)
        Diags.report(Rule::Syntax, at(T, V.Range),
                     ".align goes before the type: .global .align 4 .b32 a (or after .ptr)");
      else if (!Counted)
        Diags.report(Rule::Syntax, at(T, V.Range),
                     ".align takes a byte count, a power of two: .align 8");
      else if (N == 0 || (N & (N - 1)))
        Diags.report(Rule::DeclAlign, at(A[I + 1], V.Range),
                     ".align " + std::string(A[I + 1]) +
                         ": an alignment is a power of two (1, 2, 4, 8, ... bytes)");
      PtrAlign |= SawPtr;
      I += Counted;
      continue;
    }
    if (T.size() > 2 && T.startswith(".v") && llvm::isDigit(T[2])) {
      if (SawType)
        Diags.report(Rule::Syntax, at(T, V.Range),
                     "the vector width goes before the type: " + T.str() + " " + TypeTok.str());
      WidthTok = T;
      // .v8 is an ld/st qualifier only: ptxas 13.0 "Parsing error near '.v8'"
      // in every declaration, any type, PTX 8.0 to 9.0 (sample F).
      if (T != ".v2" && T != ".v4")
        Diags.report(
            Rule::DeclType, at(T, V.Range),
            T.str() + " is not a vector width; vectors are .v2 or .v4" +
                (T == ".v8" ? " (.v8 is a qualifier of ld and st, not of declarations)" : ""));
      else
        Width = T[2] - '0';
      continue;
    }
    if (T == ".ptr") {
      // ptxas 13.0: "Parsing error near '.ptr'" for a second one (sample H).
      if (SawPtr) {
        Diags.report(Rule::Syntax, at(T, V.Range),
                     ".ptr is written once: .param .u64 .ptr.global .align 8 p");
        continue;
      }
      SawPtr = true;
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
  // ptxas 13.0 gates .b128 scalars only: an array of .b128 (variable or
  // parameter, any state space) passes under .version 8.0 (sample F).
  bool AllArrays = !V.Declarators.empty() && llvm::all_of(V.Declarators, [](const Declarator &D) {
    return !D.ArraySuffix.empty();
  });
  if (T == ".b128" && !AllArrays && Version.isValid() && Version < PtxVersion(8, 3)) {
    Diags.report(Rule::DeclType, at(T, V.Range),
                 ".b128 variables require PTX ISA 8.3 or later (module is .version " +
                     std::to_string(Version.Major) + "." + std::to_string(Version.Minor) + ")");
    return;
  }
  // .f16x2 variables of any state space, arrays too, need sm_53 (ptxas 13.0: "Feature
  // '.f16x2 packed data-type' requires .target sm_53 or higher"; sample J's `.reg .f16x2`
  // at .target sm_52, test/isa/f16x2-target.test).
  if (T == ".f16x2" && Tgt.isValid() && Tgt.Sm < 53) {
    Diags.report(Rule::IsaTarget, at(T, V.Range),
                 ".f16x2 variables require sm_53 or higher; the target is sm_" +
                     std::to_string(Tgt.Sm));
    return;
  }
  // A scalar only: ptxas 13.0 takes .f16x2 parameter arrays (`.param .f16x2
  // p[2]`, entry, func and return; sample G, test/symbols/f16x2-param-array.test).
  bool Arrays =
      llvm::all_of(V.Declarators, [](const Declarator &D) { return !D.ArraySuffix.empty(); });
  if (T == ".f16x2" && IsParam && !Arrays)
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
  if (V.StateSpace == ".reg") {
    // ptxas 13.0: "Variable 'a' cannot be allocated into a register", for any
    // size and type (sample G's mutants, test/symbols/reg-array.test).
    Diags.report(Rule::DeclArray, D.Range,
                 "'" + std::string(D.Name) +
                     "' is a .reg array: registers are scalars or vectors; declare several with "
                     "a parameterized name (%r<4>) or a vector (.v4), or put the array in "
                     ".local");
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
  // ptxas 13.0: "No initial value is allowed for 'x' in this state space"
  // (.shared, .local, .reg, .param; sample F's var-space mutants).
  if (V.StateSpace != ".global" && V.StateSpace != ".const") {
    Diags.report(Rule::DeclInit, D.Range,
                 "'" + std::string(D.Name) + "' is declared in " + std::string(V.StateSpace) +
                     ", which takes no initializer; only .global and .const variables have "
                     "initial values");
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
  checkArrayInitShape(D);
}

void DeclChecker::checkLinkage(llvm::ArrayRef<std::string_view> Prefix, SourceRange Fallback) {
  llvm::StringRef First;
  for (llvm::StringRef P : Prefix) {
    if (!isLinkage(P))
      continue;
    // ptxas 13.0: "Feature '.weak directive' requires PTX ISA .version 3.1 or
    // later", ".common directive ... 5.0" (sample H: nvopencc's PTX 2.1 with a
    // linkage mutant; test/symbols/linkage-versions.test).
    PtxVersion Need = P == ".weak"     ? PtxVersion(3, 1)
                      : P == ".common" ? PtxVersion(5, 0)
                                       : PtxVersion();
    if (Need.isValid() && Version.isValid() && Version < Need)
      Diags.report(Rule::IsaPtxVersion, at(P, Fallback),
                   P.str() + " requires PTX ISA " + Need.str() +
                       " or later; this file is .version " + Version.str());
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

} // namespace check
} // namespace ptxlint
