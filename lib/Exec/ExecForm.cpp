//===- ExecForm.cpp - decode matrix-instruction qualifiers for the harness -===//
#include "Exec/ExecForm.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace exec {

using spec::ElemKind;

std::string ExecForm::text() const {
  std::string S = Opcode;
  for (const std::string &Q : Quals)
    S += Q;
  return S;
}

std::string ExecForm::fileName() const {
  std::string S;
  for (char Ch : text()) {
    if (Ch == ':')
      continue;
    S += (Ch == '.') ? '_' : Ch;
  }
  return S;
}

namespace {
bool parseShape(llvm::StringRef Q, unsigned &M, unsigned &N, unsigned &K) {
  // ".m16n8k16"
  if (!Q.consume_front(".m"))
    return false;
  size_t NPos = Q.find('n'), KPos = Q.find('k');
  if (NPos == llvm::StringRef::npos || KPos == llvm::StringRef::npos || KPos < NPos)
    return false;
  return !Q.substr(0, NPos).getAsInteger(10, M) &&
         !Q.substr(NPos + 1, KPos - NPos - 1).getAsInteger(10, N) &&
         !Q.substr(KPos + 1).getAsInteger(10, K);
}
/// A qualifier that is not a type, layout or shape: what it sets in F.
/// .sync, .aligned, .popc, .load, .store, .mma: structure only.
void applyQualifier(ExecForm &F, llvm::StringRef Q) {
  if (Q == ".satfinite")
    F.Satfinite = true;
  else if (Q == ".rn") {
    F.HasRnd = true;
    F.Rnd = Rounding::RN;
  } else if (Q == ".rz") {
    F.HasRnd = true;
    F.Rnd = Rounding::RZ;
  } else if (Q == ".rm") {
    F.HasRnd = true;
    F.Rnd = Rounding::RM;
  } else if (Q == ".rp") {
    F.HasRnd = true;
    F.Rnd = Rounding::RP;
  } else if (Q == ".xor")
    F.Op = MatmulProblem::BitOp::Xor;
  else if (Q == ".and")
    F.Op = MatmulProblem::BitOp::And;
  else if (Q == ".sp")
    F.Kind = ExecKind::MmaSp;
  else if (Q == ".sp::ordered_metadata") {
    F.Kind = ExecKind::MmaSp;
    F.Ordered = true;
  } else if (Q.startswith(".kind::"))
    F.KindQual = Q.str();
  else if (Q == ".block_scale")
    F.BlockScale = true;
  else if (Q.startswith(".scale_vec::"))
    F.ScaleVec = Q.back() == 'X' ? Q.drop_back()[Q.size() - 2] - '0' : 0;
  else if (Q == ".x1")
    F.Num = 1;
  else if (Q == ".x2")
    F.Num = 2;
  else if (Q == ".x4")
    F.Num = 4;
  else if (Q == ".trans")
    F.Trans = true;
  else if (Q == ".global" || Q == ".shared" || Q == ".shared::cta")
    F.StateSpace = Q.str();
  else if (Q == ".b8x16")
    F.DstFmt = Q.str();
  else if (Q == ".b6x16_p32" || Q == ".b4x16_p64")
    F.SrcFmt = Q.str();
  else if (Q == ".a" || Q == ".b" || Q == ".c" || Q == ".d")
    F.WmmaMatrix = Q[1];
}

/// The rest of a wmma form, from its qualifiers' types and layouts.
std::optional<ExecForm> wmmaForm(ExecForm &F, llvm::ArrayRef<std::string> Quals,
                                 const std::vector<ElemKind> &Types,
                                 const std::vector<bool> &Layouts, bool HasShape,
                                 std::string &Why) {
  llvm::StringRef Op = Quals.empty() ? "" : llvm::StringRef(Quals[0]);
  if (!HasShape) {
    Why = "wmma without a shape";
    return std::nullopt;
  }
  if (Op == ".mma") {
    F.Kind = ExecKind::WmmaMma;
    if (Layouts.size() == 2) {
      F.ARow = Layouts[0];
      F.BRow = Layouts[1];
    }
    if (Types.size() == 2) { // .f16 multiplicands: .dtype.ctype
      F.D = Types[0], F.C = Types[1], F.A = F.B = ElemKind::F16;
    } else if (Types.size() == 4) {
      F.D = Types[0], F.A = Types[1], F.B = Types[2], F.C = Types[3];
    } else {
      Why = "wmma.mma: unexpected type qualifiers";
      return std::nullopt;
    }
    return F;
  }
  if (Op == ".load" || Op == ".store") {
    F.Kind = Op == ".load" ? ExecKind::WmmaLoad : ExecKind::WmmaStore;
    if (Layouts.size() != 1 || Types.size() != 1 || !F.WmmaMatrix) {
      Why = "wmma.load/store: expected one layout, one type and a matrix";
      return std::nullopt;
    }
    F.WmmaRow = Layouts[0];
    ElemKind T = Types[0];
    if (F.WmmaMatrix == 'a')
      F.A = T;
    else if (F.WmmaMatrix == 'b')
      F.B = T;
    else
      F.C = F.D = T;
    return F;
  }
  Why = "unknown wmma operation";
  return std::nullopt;
}
} // namespace

std::optional<ExecForm> parseExecForm(llvm::StringRef Mnemonic, std::string &Why) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Mnemonic.split(Parts, '.', -1, false);
  if (Parts.empty()) {
    Why = "empty mnemonic";
    return std::nullopt;
  }
  std::vector<std::string> Quals;
  for (size_t I = 1; I < Parts.size(); ++I)
    Quals.push_back("." + Parts[I].str());
  return parseExecForm(Parts[0], Quals, Why);
}

std::optional<ExecForm> parseExecForm(llvm::StringRef Opcode, llvm::ArrayRef<std::string> Quals,
                                      std::string &Why) {
  ExecForm F;
  F.Opcode = Opcode.str();
  F.Quals.assign(Quals.begin(), Quals.end());
  std::vector<ElemKind> Types;
  std::vector<bool> Layouts;
  bool HasShape = false;
  for (const std::string &QS : Quals) {
    llvm::StringRef Q = QS;
    ElemKind T = spec::parseElemKind(Q);
    if (T != ElemKind::Invalid) {
      Types.push_back(T);
      continue;
    }
    if (Q == ".row" || Q == ".col") {
      Layouts.push_back(Q == ".row");
      continue;
    }
    if (Q.startswith(".m") && Q.contains('k') && parseShape(Q, F.M, F.N, F.K)) {
      HasShape = true;
      continue;
    }
    if (Q == ".m8n8" || Q == ".m16n16" || Q == ".m8n16" || Q == ".m16n8") {
      F.LdShape = Q.str();
      continue;
    }
    applyQualifier(F, Q);
  }
  if (F.KindQual == ".kind::f8f6f4" || F.KindQual == ".kind::mxf8f6f4")
    F.Pack = spec::Packing::Container8;
  if (F.BlockScale && F.ScaleVec == 0)
    F.ScaleVec = F.KindQual == ".kind::mxf8f6f4" ? 1 : 2; // defaults (9.7.14.5.14)

  if (Opcode == "mma") {
    if (!HasShape) {
      Why = "mma without a shape";
      return std::nullopt;
    }
    if (Layouts.size() == 2) {
      F.ARow = Layouts[0];
      F.BRow = Layouts[1];
    }
    if (Types.size() < 4) {
      Why = "mma needs .dtype.atype.btype.ctype";
      return std::nullopt;
    }
    F.D = Types[0], F.A = Types[1], F.B = Types[2], F.C = Types[3];
    if (Types.size() > 4)
      F.S = Types[4];
    if (F.Kind != ExecKind::MmaSp)
      F.Kind = ExecKind::Mma;
    return F;
  }
  if (Opcode == "wmma")
    return wmmaForm(F, Quals, Types, Layouts, HasShape, Why);
  if (Opcode == "ldmatrix" || Opcode == "stmatrix" || Opcode == "movmatrix") {
    F.Kind = Opcode == "ldmatrix"   ? ExecKind::Ldmatrix
             : Opcode == "stmatrix" ? ExecKind::Stmatrix
                                    : ExecKind::Movmatrix;
    if (F.LdShape.empty()) {
      Why = Opcode.str() + " without a shape";
      return std::nullopt;
    }
    F.A = Types.empty() ? (F.DstFmt.empty() ? ElemKind::Invalid : ElemKind::B8) : Types[0];
    if (F.A == ElemKind::Invalid && !F.DstFmt.empty())
      F.A = ElemKind::B8;
    if (F.A != ElemKind::B16 && F.A != ElemKind::B8 && F.DstFmt.empty()) {
      Why = Opcode.str() + ": unexpected element type";
      return std::nullopt;
    }
    if (!F.DstFmt.empty())
      F.A = ElemKind::B8;
    return F;
  }
  Why = "not a matrix instruction";
  return std::nullopt;
}

} // namespace exec
} // namespace ptxlint
