//===- CheckDeclsLimits.cpp - opaque initializers, code generation limits -===//
//
// DeclChecker's checks of opaque variables' named-field initializers and the
// limits ptxas -arch sm_NN applies at code generation (functions never
// defined, the 64 KiB constant bank), and the `inlined_at` locations of
// `.loc`: split from CheckDecls.cpp.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckDecls.h"
#include "Check/CheckUtil.h"
#include "Spec/Names.h"
#include "Support/IntLiteral.h"
#include "Support/MemoSwitch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace check {

/// .texref, .samplerref and .surfref variables are initialized by named fields
/// (PTX ISA 5.3, Tables 10 and 11): `= { filter_mode = nearest, width = 8 }`, one
/// { } list an array element. ptxas 13.0: "Initial value type mismatch" (a value,
/// or fields on a scalar of another type), "Opaque structure initializer requires
/// named fields", "Unrecognized field name".
void DeclChecker::checkOpaqueInit(const VarDecl &V, const Declarator &D, llvm::StringRef Ty) {
  llvm::ArrayRef<std::string_view> In = D.Init;
  std::string Name(D.Name);
  if (!isOpaqueType(Ty)) {
    if (D.ArraySuffix.empty()) // an array takes (and ignores) them, as ptxas does
      Diags.report(Rule::DeclInit, at(In.front(), D.Range),
                   "named fields { name = value } initialize .texref, .samplerref and .surfref "
                   "variables; '" +
                       Name + "' is " + (Ty.empty() ? "untyped" : Ty.str()));
    return;
  }
  if (In.empty() || In.front() != "{") {
    Diags.report(Rule::DeclInit,
                 at(In.empty() ? llvm::StringRef() : llvm::StringRef(In.front()), D.Range),
                 "'" + Name + "' is " + Ty.str() +
                     ": it is initialized by named fields, { filter_mode = nearest, ... }");
    return;
  }
  for (size_t I = 1; I < In.size(); ++I) {
    llvm::StringRef Prev = In[I - 1], T = In[I];
    if ((Prev != "{" && Prev != ",") || T == "{" || T == "}")
      continue;
    if (I + 1 >= In.size() || In[I + 1] != "=") {
      Diags.report(Rule::DeclInit, at(T, D.Range),
                   "'" + Name + "' is " + Ty.str() + ": each value of its initializer is a " +
                       "named field, name = value (" + T.str() + " has no name)");
      return;
    }
    if (!llvm::is_contained(spec::OpaqueInitializerFields, T)) {
      Diags.report(Rule::DeclInit, at(T, D.Range),
                   "unknown field '" + T.str() + "' of a " + Ty.str() +
                       " initializer; the fields are width, height, depth, channel_data_type, "
                       "channel_order, normalized_coords, force_unnormalized_coords, "
                       "filter_mode, addr_mode_0..2, array_size, num_mipmap_levels, "
                       "num_samples and memory_layout");
      return;
    }
  }
}

/// The bytes a module-scope .const declaration takes (0 when not known).
uint64_t DeclChecker::constBytes(const VarDecl &V) {
  uint64_t Total = 0;
  for (const Declarator &D : V.Declarators) {
    uint64_t N = uint64_t(fundamentalBits(V.type()) / 8) * V.vectorWidth();
    llvm::ArrayRef<std::string_view> S = D.ArraySuffix;
    for (size_t I = 0; I + 2 < S.size(); I += 3) {
      uint64_t Dim = 0;
      if (S[I] != "[" || !isNumber(S[I + 1], Dim) || S[I + 2] != "]" || Dim > (1ull << 40))
        return 0; // [] sized by its initializer, or an expression: not counted
      N *= Dim;
    }
    Total += N;
  }
  return Total;
}

void DeclChecker::onEndOfFile(bool ArchGiven) {
  if (!ArchGiven)
    return;
  // ptxas -arch sm_NN: "File uses too much global constant data (0x10001 bytes,
  // 0x10000 max)", naming no line, for every target; -arch compute_NN takes it.
  uint64_t Sum = 0;
  for (const auto &[R, Bytes] : ConstBytes) {
    Sum += Bytes;
    if (Sum > 65536) {
      Diags.report(Rule::DeclArray, R,
                   "the module's .const data reaches " + std::to_string(Sum) +
                       " bytes here; ptxas compiles at most 65536 (64 KiB, the constant bank) "
                       "for any sm_ target");
      break;
    }
  }
  Shared.report(Diags);
  std::vector<std::pair<SourceRange, std::string>> Left;
  for (const auto &E : Undefined)
    Left.emplace_back(E.getValue(), E.getKey().str());
  llvm::sort(Left, [](const auto &A, const auto &B) { return A.first.Begin < B.first.Begin; });
  for (const auto &[R, Name] : Left)
    Diags.report(Rule::FuncPrototype, R,
                 "'" + Name +
                     "' is declared without .extern and never defined in this module: ptxas "
                     "fails to compile it ('Unresolved extern function'); define it here, or "
                     "declare it .extern when another module defines it");
}

/// (file, line, column) as one key, or false when a number is not a literal
/// or too wide to pack (then not checked).
static bool packLoc(llvm::ArrayRef<std::string_view> N, uint64_t &Key) {
  uint64_t V[3];
  for (size_t K = 0; K < 3; ++K) {
    llvm::StringRef T = N[K];
    // nvcc's decimal numbers without the general decoder (a .loc every few
    // lines); 0x, 0b, octal and suffixes take decodeIntLiteral.
    if (!T.empty() && T.size() <= 9 && (T[0] != '0' || T.size() == 1) &&
        llvm::all_of(T, llvm::isDigit)) {
      uint64_t X = 0;
      for (char C : T)
        X = X * 10 + static_cast<uint64_t>(C - '0');
      V[K] = X;
      continue;
    }
    IntLiteral L = decodeIntLiteral(T);
    if (L.State != IntLiteral::Fits)
      return false;
    V[K] = L.Value;
  }
  if (V[0] > 0xFFFF || V[1] > 0xFFFFFFFF || V[2] > 0xFFFF)
    return false;
  Key = V[0] << 48 | V[1] << 16 | V[2];
  return true;
}

/// ptxas 13.0 takes `.loc F L C` or `.loc F L C, function_name NAME [+ N],
/// inlined_at F L C`, nothing else (PTX ISA 9.0, 11.5.4): `inlined_at` alone,
/// `function_name` alone, another attribute name, two of one, or `inlined_at`
/// with other than three numbers are "Parsing error" (the grammar reads any
/// list of attributes; this is where its shape is checked). False after a
/// report.
bool DeclChecker::checkLocAttributes(const Directive &D) {
  llvm::ArrayRef<std::string_view> A = D.Args;
  size_t K = 3;
  auto Is = [&](size_t I, llvm::StringRef W) { return I < A.size() && llvm::StringRef(A[I]) == W; };
  auto IsNum = [&](size_t I) { return I < A.size() && !A[I].empty() && llvm::isDigit(A[I][0]); };
  const char *Want = "', function_name' after the location";
  bool Named = Is(K, ",") && Is(K + 1, "function_name");
  if (Named && (K + 2 >= A.size() || IsNum(K + 2) || A[K + 2] == ",")) {
    K += 2;
    Want = "a name after function_name";
  } else if (Named) {
    K += 3;
    if (Is(K, "+") && IsNum(K + 1))
      K += 2;
    Want = "', inlined_at F L C' after function_name";
    if (Is(K, ",") && Is(K + 1, "inlined_at") && IsNum(K + 2) && IsNum(K + 3) && IsNum(K + 4)) {
      K += 5;
      Want = "the end of the directive after inlined_at's three numbers";
      if (K == A.size())
        return true;
    }
  }
  const char *Shape = ": .loc takes 'F L C' or 'F L C, function_name NAME[+N], inlined_at F L C'";
  if (K >= A.size()) {
    // `.loc 1 2 3, function_name` at a line's end reads the next line's
    // first word as the name (`ret`): the parser's error on the `;` after it
    // is the one ptxas reports ("Parsing error near ';'"), once.
    if (Named && K > 5 && A[5].data() > A[4].data() &&
        llvm::StringRef(A[4].data(), A[5].data() - A[4].data()).contains('\n'))
      return false;
    Diags.report(Rule::Syntax, at(A.back(), D.Range),
                 std::string(".loc ends early; expected ") + Want + Shape);
    return false;
  }
  if (A[K] == "," && K + 1 < A.size())
    ++K; // the word after the comma is the one at fault
  Diags.report(Rule::Syntax, at(A[K], D.Range),
               "unexpected '" + std::string(A[K]) + "' in .loc; expected " + Want + Shape);
  return false;
}

/// `.loc F L C, function_name f, inlined_at F2 L2 C2`: ptxas 13.0 requires
/// F2 L2 C2 to be the location of an earlier .loc of the module, anywhere
/// before it, compared as numbers ("Source location 1 20 3 used in
/// inlined_at directive must be used in a preceding .loc directive", on the
/// .loc's line; PTX ISA 9.0, 11.5.4). The .loc's own location counts only
/// for the .loc directives after it.
void DeclChecker::onLoc(const Directive &D) {
  llvm::ArrayRef<std::string_view> A = D.Args;
  if (A.size() < 3)
    return;
  // The arguments as one view of the file's text (a parser may make other
  // text for them: then no memo).
  std::string_view Src = File.text();
  llvm::StringRef Whole;
  const char *Begin = A.front().data(), *End = A.back().data() + A.back().size();
  if (Begin >= Src.data() && End <= Src.data() + Src.size() && Begin < End && !memosDisabled())
    Whole = llvm::StringRef(Begin, static_cast<size_t>(End - Begin));
  if (!Whole.empty() && CleanLocs.contains(Whole))
    return;
  unsigned Before = Diags.reportsMade();
  checkLoc(D);
  if (!Whole.empty() && Diags.reportsMade() == Before && CleanLocs.size() < (1u << 16))
    CleanLocs.insert(LocTexts.save(Whole));
}

void DeclChecker::checkLoc(const Directive &D) {
  llvm::ArrayRef<std::string_view> A = D.Args;
  // Line and column are 32-bit (ptxas 13.0: "Constant overflow" for
  // 4294967296; sample G's mutants, test/parse/loc-overflow.test).
  for (llvm::StringRef T : {llvm::StringRef(A[0]), llvm::StringRef(A[1]), llvm::StringRef(A[2])})
    if (badOctal(T)) {
      Diags.report(Rule::Syntax, at(T, D.Range),
                   "'" + T.str() +
                       "' is an octal constant (it begins with 0) with an 8 or a 9: octal digits "
                       "are 0-7 (ptxas: syntax error); drop the leading 0 for decimal");
      return;
    }
  for (llvm::StringRef T : {llvm::StringRef(A[1]), llvm::StringRef(A[2])}) {
    uint64_t V = 0;
    bool Digits = !T.empty() && llvm::all_of(T, llvm::isDigit);
    if (Digits && (T.size() > 10 || (!T.getAsInteger(10, V) && V > 0xFFFFFFFFULL))) {
      Diags.report(Rule::Syntax, at(T, D.Range),
                   "constant overflow: .loc line and column numbers are 32-bit values (at most "
                   "4294967295), not " +
                       T.str());
      return;
    }
  }
  // After checkLocAttributes, an attribute list ends with inlined_at F L C.
  if (A.size() > 3 && (!checkLocAttributes(D) || !checkInlineInfo(D)))
    return;
  uint64_t Key;
  if (packLoc(A.take_front(3), Key) && Key != LastLoc) {
    LocsUsed.insert(Key);
    LastLoc = Key;
  }
}

/// function_name/inlined_at by version, as ptxas 13.0 judges them (sample H):
/// below PTX ISA 4.0 it reads and ignores them (no location check, no gate);
/// from 4.0 to 6.x, "Feature 'Line information of inline functions' requires
/// PTX ISA .version 7.0 or later" on the .loc's line, and the location check.
bool DeclChecker::checkInlineInfo(const Directive &D) {
  if (Version.isValid() && Version < PtxVersion(4, 0))
    return true;
  if (Version.isValid() && Version < PtxVersion(7, 0))
    Diags.report(Rule::IsaPtxVersion, at(D.Args[4], D.Range),
                 "line information of inline functions (.loc's function_name and inlined_at) "
                 "requires PTX ISA 7.0 or later; this file is .version " +
                     std::to_string(Version.Major) + "." + std::to_string(Version.Minor));
  llvm::ArrayRef<std::string_view> A = D.Args;
  return checkInlinedAt(D, A.take_back(3));
}

bool DeclChecker::checkInlinedAt(const Directive &D, llvm::ArrayRef<std::string_view> N) {
  // The three numbers as written, where they view the file's text.
  std::string_view Src = File.text();
  llvm::StringRef Text(N[0]);
  if (N[0].data() >= Src.data() && N[2].data() + N[2].size() <= Src.data() + Src.size() &&
      N[2].data() > N[0].data())
    Text = llvm::StringRef(N[0].data(), N[2].data() + N[2].size() - N[0].data());
  // nvcc repeats one inlined_at for every line of an inlined body.
  if (Text == LastInlinedAt)
    return true;
  uint64_t Key;
  if (!packLoc(N, Key))
    return true;
  if (LocsUsed.count(Key)) {
    LastInlinedAt = Text.str();
    return true;
  }
  Diags.report(Rule::LocInlinedAt, at(Text, D.Range),
               "inlined_at " + std::string(N[0]) + " " + std::string(N[1]) + " " +
                   std::string(N[2]) +
                   " names a source location no earlier .loc directive used; an inlined_at "
                   "location must be that of a preceding .loc (write that .loc first, or "
                   "name the location of the call it was inlined at)");
  return true;
}

} // namespace check
} // namespace ptxlint
