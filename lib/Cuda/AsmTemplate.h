//===- AsmTemplate.h - one inline asm template, expanded and checked -*- C++ -*-===//
//
// An inline asm statement reaches ptxas as its template with each
// placeholder replaced by a register nvcc declared for the operand (%0 with
// "=f" becomes a .f32 register, "l" a .b64 one ...), %% as %, %= as a
// number. checkAsmTemplate builds exactly that inside a function of its own,
// runs the checker on it and maps every diagnostic back through the byte
// origins of the template, so that a diagnostic lands on the characters of
// the string literal (escapes and placeholders included) it is about.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CUDA_ASMTEMPLATE_H
#define PTXLINT_LIB_CUDA_ASMTEMPLATE_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace ptxlint {
namespace cuda {

/// Decoded template bytes, each with the source bytes it was decoded from
/// (two for "\n", one for a plain character).
struct TemplateText {
  std::string Bytes;
  std::vector<SourceRange> Origin;
  void append(char C, SourceRange From) {
    Bytes.push_back(C);
    Origin.push_back(From);
  }
};

/// One operand of an extended asm statement, outputs first.
struct AsmOperand {
  std::string Name;       ///< from "[name]", or empty
  std::string Constraint; ///< as written: "=r", "+f", "n", "0"
  SourceRange ConstraintRange;
  /// The constraint is this macro (`__LDG_PTR(p)`); Constraint is empty
  /// until the caller resolves it.
  std::string ConstraintMacro;
  std::string Expr; ///< the C++ expression, as written (an immediate's value)
  SourceRange ExprRange;
};

/// What a placeholder becomes, from its constraint.
enum class OperandClass : uint8_t { B16, B32, B64, F32, F64, B128, Immediate, Unsupported };

/// The class of a constraint ("=r", "+&f", "n"; a matching digit is
/// resolved by the caller); Letter gets the constraint letter.
OperandClass classifyConstraint(llvm::StringRef Constraint, char *Letter = nullptr);

/// Names declared outside one asm template, in its file: a template may use
/// them without declaring them.
struct OuterNames {
  std::set<std::string> Cxx; ///< identifiers of the C/C++ code (variables, functions)
  std::set<std::string> Asm; ///< what the file's asm templates declare (.reg ..., labels)
};

/// Adds to Out the names Template declares: variables of its state-space
/// directives (`.reg .pred p, q;`, `%r<4>` as %r0..%r3) and its labels.
void declaredNames(llvm::StringRef Template, std::set<std::string> &Out);

struct AsmInput {
  TemplateText Template;
  std::vector<AsmOperand> Operands;
  /// Extended asm (with a ':' part): placeholders are replaced. Basic asm
  /// (`asm("membar.gl;")`) reaches ptxas verbatim, as with nvcc.
  bool Extended = true;
  /// LLVM/Triton spelling: $0, $$ (and % is literal) instead of %0, %%.
  bool DollarPlaceholders = false;
  /// nvcc's dialect (CUDA sources): %[name] is an error ("symbolic operand
  /// reference not supported"). LLVM and GCC accept it.
  bool Nvcc = false;
  /// The number %= becomes.
  unsigned UniqueId = 0;
  /// Where diagnostics that point at no template byte go (the asm keyword).
  SourceRange Anchor;
  /// The names declared in the template's file outside it; null when the
  /// template is checked alone, where a name without '%' that is not a label
  /// may be a variable or function of the module.
  const OuterNames *Outer = nullptr;
};

/// A diagnostic of the inline asm layer (no spec section: the rules are
/// about CUDA's asm statements, not the PTX ISA).
Diagnostic makeAsmDiagnostic(Severity Sev, Rule Id, SourceRange Range, std::string Message);

/// Expands In and checks it for T (invalid: no target gating) at version V
/// (invalid: no version gating). Diagnostics are in In's origin coordinates;
/// rules and severities are filtered by the caller.
std::vector<Diagnostic> checkAsmTemplate(const AsmInput &In, Target T, PtxVersion V,
                                         const LintOptions &Opts);

/// True when the first instruction of the template is a PTX opcode with a
/// qualifier ("mov.u32"; exit, ret, trap and brkpt alone), or it holds no
/// instruction: host assembly (x86 "rdtsc", "mov %1, %0") is not PTX.
bool looksLikePtx(llvm::StringRef Template);

} // namespace cuda
} // namespace ptxlint

#endif // PTXLINT_LIB_CUDA_ASMTEMPLATE_H
