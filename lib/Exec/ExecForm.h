//===- ExecForm.h - one instruction form as the exec harness sees it -*- C++ -*-===//
//
// The qualifiers of a matrix instruction, decoded into what a harness needs:
// shape, element types, layouts and modifiers. Built from an instruction's
// opcode and qualifier list (a parsed file for --exec, a spec-table form's
// mnemonic for --exec-all), so both paths share one decoder.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_EXEC_EXECFORM_H
#define PTXLINT_LIB_EXEC_EXECFORM_H

#include "Exec/Numerics.h"
#include "Spec/Layouts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ptxlint {
namespace exec {

enum class ExecKind : uint8_t {
  Mma,
  MmaSp,
  WmmaMma,
  WmmaLoad,
  WmmaStore,
  Ldmatrix,
  Stmatrix,
  Movmatrix,
};

struct ExecForm {
  ExecKind Kind = ExecKind::Mma;
  std::string Opcode;             ///< "mma", "wmma", "ldmatrix", ...
  std::vector<std::string> Quals; ///< with leading dots, as written

  unsigned M = 0, N = 0, K = 0;
  spec::ElemKind A = spec::ElemKind::Invalid, B = spec::ElemKind::Invalid,
                 C = spec::ElemKind::Invalid, D = spec::ElemKind::Invalid,
                 S = spec::ElemKind::Invalid; ///< S: block-scale type
  bool ARow = true, BRow = false;
  bool Satfinite = false;
  bool HasRnd = false;
  Rounding Rnd = Rounding::RN;
  MatmulProblem::BitOp Op = MatmulProblem::BitOp::None;
  bool Ordered = false; ///< mma.sp::ordered_metadata
  spec::Packing Pack = spec::Packing::Dense;
  std::string KindQual; ///< ".kind::f8f6f4" ...
  bool BlockScale = false;
  unsigned ScaleVec = 0; ///< 1, 2 or 4 (block scaling)

  // wmma.load / wmma.store
  char WmmaMatrix = 0;    ///< 'a', 'b', 'c', 'd'
  bool WmmaRow = true;    ///< its .row/.col
  std::string StateSpace; ///< "", ".global", ".shared", ".shared::cta"

  // ldmatrix / stmatrix / movmatrix
  std::string LdShape; ///< ".m8n8", ".m16n16", ".m8n16", ".m16n8"
  unsigned Num = 1;    ///< .x1/.x2/.x4
  bool Trans = false;
  std::string SrcFmt, DstFmt;

  /// "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
  std::string text() const;
  /// A short name usable as a file name.
  std::string fileName() const;
};

/// Decodes an instruction's qualifiers. Returns nullopt (Why says why) for
/// instructions that are not matrix instructions or that the harness does
/// not know how to drive.
std::optional<ExecForm> parseExecForm(llvm::StringRef Opcode, llvm::ArrayRef<std::string> Quals,
                                      std::string &Why);
/// Same, from "mma.sync.aligned...." text.
std::optional<ExecForm> parseExecForm(llvm::StringRef Mnemonic, std::string &Why);

} // namespace exec
} // namespace ptxlint

#endif // PTXLINT_LIB_EXEC_EXECFORM_H
