//===- CheckDeclsInit.cpp - the shape of an array's initializer -----------===//
//
// An array's initializer is a { } list per dimension (PTX ISA 9.0, 5.4.4
// initializers): `.u32 a[2][2] = {{1, 2}, {3, 4}}`. ptxas 13.0 refuses a
// value where a list belongs, and a list where a value belongs ("Initial
// value type mismatch": `a[3][2] = {1, 2, 3}`, `a[2] = {{1}, {2}}`), and a
// list longer than its dimension ("Greater number of elements in array
// initializer"); a shorter list, an empty one and an unsized dimension ([]
// or [0]) are taken. Found by sample I (a var-array mutant of clang's
// OpenMP offload tables, `[3][2]` with a flat list); test/symbols/init-shape.test.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckDecls.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace ptxlint {
namespace check {

namespace {

/// Walks one { } list of an initializer at a dimension, reporting the first
/// place where its shape differs from the array's.
class InitShape {
public:
  InitShape(llvm::ArrayRef<std::string_view> In, llvm::ArrayRef<uint64_t> Dims)
      : In(In), Dims(Dims) {}
  /// The token that breaks the shape (empty: none) and what it is.
  std::string_view Bad;
  std::string Why;
  bool TooLong = false; ///< Bad opens a list longer than its dimension

  void walk() {
    Pos = 0;
    list(0);
  }

private:
  llvm::ArrayRef<std::string_view> In;
  llvm::ArrayRef<uint64_t> Dims;
  size_t Pos = 0;

  bool fail(std::string_view T, std::string W) {
    if (Bad.empty()) {
      Bad = T;
      Why = std::move(W);
    }
    return false;
  }
  /// One value: tokens up to the ',' or '}' of its list (parentheses nest).
  void skipValue() {
    unsigned Paren = 0;
    for (; Pos < In.size(); ++Pos) {
      std::string_view T = In[Pos];
      if (T == "(")
        ++Paren;
      else if (T == ")" && Paren)
        --Paren;
      else if (!Paren && (T == "," || T == "}"))
        return;
    }
  }
  /// The list starting at In[Pos] ("{"), for dimension Dim; Pos ends after its "}".
  bool list(size_t Dim) {
    std::string_view Open = In[Pos++];
    uint64_t Count = 0;
    if (Pos < In.size() && In[Pos] == "}") {
      ++Pos;
      return true; // {} is taken at any level
    }
    while (Pos < In.size()) {
      std::string_view T = In[Pos];
      bool Inner = Dim + 1 < Dims.size();
      if (Inner && T != "{")
        return fail(T, "a value where a { } list of dimension " + std::to_string(Dim + 2) +
                           " belongs");
      if (!Inner && T == "{")
        return fail(T, "a { } list where a value belongs (the array has " +
                           std::to_string(Dims.size()) + " dimension" +
                           (Dims.size() == 1 ? "" : "s") + ")");
      if (Inner) {
        if (!list(Dim + 1))
          return false;
      } else {
        skipValue();
      }
      ++Count;
      if (Dims[Dim] && Count > Dims[Dim] && Bad.empty())
        TooLong = true;
      if (Dims[Dim] && Count > Dims[Dim])
        return fail(Open, "a list of more than " + std::to_string(Dims[Dim]) +
                              " elements for a dimension of " + std::to_string(Dims[Dim]));
      if (Pos >= In.size())
        return true;
      if (In[Pos] == "}") {
        ++Pos;
        return true;
      }
      if (In[Pos] != ",")
        return true; // malformed: the parser speaks for it
      ++Pos;
    }
    return true;
  }
};

} // namespace

void DeclChecker::checkArrayInitShape(const Declarator &D) {
  llvm::ArrayRef<std::string_view> S = D.ArraySuffix, In = D.Init;
  llvm::SmallVector<uint64_t, 4> Dims; // 0: sized by the initializer ([] or [0])
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != "[")
      continue;
    uint64_t N = 0;
    if (I + 1 < S.size() && S[I + 1] != "]" && !isNumber(S[I + 1], N))
      return; // a size the checks of the declaration speak for
    Dims.push_back(N);
  }
  if (Dims.empty() || In.empty() || In.front() != "{")
    return;
  InitShape W(In, Dims);
  W.walk();
  if (W.Bad.empty())
    return;
  std::string Name(D.Name);
  if (W.TooLong && Dims.size() == 1) {
    // One dimension: the count of values, as the message always said.
    unsigned Count = 1, Depth = 0;
    for (std::string_view T : In) {
      Depth += T == "{" || T == "(";
      Depth -= (T == "}" || T == ")") && Depth;
      Count += T == "," && Depth == 1;
    }
    Diags.report(Rule::DeclInit, at(In.front(), D.Range),
                 "'" + Name + "' has " + std::to_string(Dims[0]) + " elements but " +
                     std::to_string(Count) + " initial values");
    return;
  }
  std::string Shape;
  for (uint64_t N : Dims)
    Shape += "[" + (N ? std::to_string(N) : std::string()) + "]";
  Diags.report(Rule::DeclInit, at(W.Bad, D.Range),
               "initializer of '" + Name + Shape + "' has " + W.Why +
                   ": an array's initial values nest one { } list per dimension, each no "
                   "longer than its dimension ({{1, 2}, {3, 4}} for [2][2])");
}

} // namespace check
} // namespace ptxlint
