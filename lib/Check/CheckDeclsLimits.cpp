//===- CheckDeclsLimits.cpp - opaque initializers, code generation limits -===//
//
// DeclChecker's checks of opaque variables' named-field initializers and the
// limits ptxas -arch sm_NN applies at code generation (functions never
// defined, the 64 KiB constant bank): split from CheckDecls.cpp.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckDecls.h"

#include "llvm/ADT/STLExtras.h"
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
  static const llvm::StringRef Known[] = {"width",
                                          "height",
                                          "depth",
                                          "channel_data_type",
                                          "channel_order",
                                          "normalized_coords",
                                          "force_unnormalized_coords",
                                          "filter_mode",
                                          "addr_mode_0",
                                          "addr_mode_1",
                                          "addr_mode_2",
                                          "array_size",
                                          "num_mipmap_levels",
                                          "num_samples",
                                          "memory_layout"};
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
    if (!llvm::is_contained(Known, T)) {
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

} // namespace check
} // namespace ptxlint
