//===- MmaTables.cpp - spec tables of mma (9.7.14.5.14) ---------*- C++ -*-===//
//
// Every form of dense `mma`, built as cartesian products of the syntax
// lines' options (shape x layouts x types x ...), each product filtered by
// exclusion rules, one per spec sentence (the IntrinsicsNVVM.td MMA_OPS /
// NVVM_MMA_SUPPORTED pattern). Excluded combinations the spec names are kept
// as RejectedForms so the checker can quote the sentence.
//
// Fragment sizes (registers per thread of d, a, b, c) come from the fragment
// sections 9.7.14.5.1-13; gates from "PTX ISA Notes" and "Target ISA Notes"
// of 9.7.14.5.14, corrected where ptxas 13.0 disagrees (docs/differences/mma.md).
//
//===----------------------------------------------------------------------===//
#include "Spec/MmaCommon.h"

#include <functional>

namespace ptxlint {
namespace spec {

using namespace mma;

namespace {

const char *const MmaSec = "9.7.14.5.14";

/// One shape of one type class: fragment sizes and its gate.
struct ShapeRow {
  const char *Shape;
  unsigned NA, NB;
  unsigned NC32; ///< c/d registers with 32-bit (or f64) accumulators
  unsigned NC16; ///< c/d registers with .f16 accumulators (0: none)
  PtxVersion V;
  unsigned Sm;
  const char *FragSpec;
};

/// Builds forms from one cartesian product; Why returns "" to keep a
/// combination, or the reason it is excluded.
struct Product {
  FormSet &Out;
  void add(const MmaDesc &D, const std::vector<Gate> &Gates, const std::string &Why = "",
           const std::string &Rule = "", const std::string &BadSlot = "",
           RejectKind Kind = RejectKind::Excluded) {
    Form F = makeMmaForm(Family::Mma, D);
    for (const Gate &G : Gates)
      addGate(F, G);
    if (Why.empty())
      Out.Forms.push_back(std::move(F));
    else
      addRejected(Out, std::move(F), Rule, MmaSec, Why, BadSlot, Kind);
  }
};

unsigned accCount(const ShapeRow &S, const std::string &T) { return T == ".f16" ? S.NC16 : S.NC32; }

const std::vector<std::string> F16F32 = {".f16", ".f32"};
const std::vector<std::string> RowCol = {".row", ".col"};

} // namespace

void buildMmaForms(FormSet &Out) {
  // ldmatrix's formats: ptxas 13.0 accepts and ignores them on mma; it
  // accepts a repeated .sync or .satfinite.
  ignoreLdmatrixFormats(Out, "qualifier '{q}' has no meaning for {f}; ptxas ignores it");
  Out.Repeatable = {".sync", ".satfinite"};
  Product P{Out};
  const std::string Mma = "mma";

  // --- Half precision: .f16 x .f16 with .f16/.f32 accumulators -----------
  // 9.7.14.5.1 / .7 / .8; PTX ISA notes: m8n8k4 6.4, m16n8k8 6.5, m16n8k16
  // 7.0; Target ISA notes: sm_70, sm_75, sm_80.
  const ShapeRow F16Rows[] = {
      {".m8n8k4", 2, 2, 8, 4, {6, 4}, 70, "9.7.14.5.1"},
      {".m16n8k8", 2, 1, 4, 2, {6, 5}, 75, "9.7.14.5.7"},
      {".m16n8k16", 4, 2, 4, 2, {7, 0}, 80, "9.7.14.5.8"},
  };
  for (const ShapeRow &S : F16Rows)
    for (const std::string &AL : RowCol)
      for (const std::string &BL : RowCol)
        for (const std::string &DT : F16F32)
          for (const std::string &CT : F16F32) {
            MmaDesc D;
            D.Shape = S.Shape;
            D.ALayout = AL;
            D.BLayout = BL;
            D.DType = DT;
            D.AType = D.BType = ".f16";
            D.CType = CT;
            D.NA = S.NA;
            D.NB = S.NB;
            D.NC = accCount(S, CT);
            D.ND = accCount(S, DT);
            D.FragSpec = S.FragSpec;
            std::vector<Gate> G = {
                gate(std::string("`.f16` mma with shape ") + S.Shape, S.V, S.Sm)};
            bool IsK4 = std::string(S.Shape) == ".m8n8k4";
            if (!IsK4 && (AL != ".row" || BL != ".col"))
              continue; // only m8n8k4 takes other layouts; diagnosed by slot
            if (IsK4 && CT == ".f32" && DT == ".f16")
              P.add(D, G, "with shape .m8n8k4, .dtype must be .f32 when .ctype is .f32",
                    "mma-type-combination", ".dtype");
            else if (std::string(S.Shape) == ".m16n8k8" && DT != CT)
              P.add(D, G, "with shape .m16n8k8, .dtype must be the same as .ctype",
                    "mma-type-combination", ".dtype");
            else if (!IsK4 && DT != CT) // ptxas; the spec says so for m16n8k8 only
              P.add(D, G,
                    std::string("with shape ") + S.Shape + ", .dtype must be the same as .ctype",
                    "mma-type-combination", ".dtype");
            else
              P.add(D, G);
          }

  // ptxas 13.0 also takes m8n8k4 with .bf16 inputs (.f32 accumulators, any
  // layouts, the f16 fragment sizes) from PTX ISA 7.0 on sm_80 and later
  // targets; the spec lists only .f16 for m8n8k4 (9.7.14.5.14).
  for (const std::string &AL : RowCol)
    for (const std::string &BL : RowCol) {
      MmaDesc D;
      D.Shape = ".m8n8k4";
      D.ALayout = AL;
      D.BLayout = BL;
      D.DType = D.CType = ".f32";
      D.AType = D.BType = ".bf16";
      D.NA = D.NB = 2;
      D.NC = D.ND = 8;
      D.FragSpec = "9.7.14.5.1";
      P.add(D, {gate("`.bf16` mma with shape .m8n8k4", {7, 0}, 80)},
            "`.bf16` with shape .m8n8k4 is not in the spec's syntax (ptxas takes it as on sm_80 "
            "and later, with the .f16 fragment sizes)",
            "mma-ptxas-only", ".atype", RejectKind::PtxasOnly);
    }

  // --- Alternate floating point: .bf16 / .tf32 (f32 accumulators) --------
  // 9.7.14.5.6-8; PTX ISA 7.0, sm_80.
  struct AltRow {
    const char *Shape;
    const char *Type;
    unsigned NA, NB;
    const char *FragSpec;
  };
  const AltRow AltRows[] = {
      {".m16n8k4", ".tf32", 2, 1, "9.7.14.5.6"},
      {".m16n8k8", ".tf32", 4, 2, "9.7.14.5.7"},
      {".m16n8k8", ".bf16", 2, 1, "9.7.14.5.7"},
      {".m16n8k16", ".bf16", 4, 2, "9.7.14.5.8"},
  };
  for (const AltRow &R : AltRows) {
    MmaDesc D;
    D.Shape = R.Shape;
    D.DType = D.CType = ".f32";
    D.AType = D.BType = R.Type;
    D.NA = R.NA;
    D.NB = R.NB;
    D.NC = D.ND = 4;
    D.FragSpec = R.FragSpec;
    std::vector<Gate> G = {
        gate(std::string("`") + R.Type + "` mma with shape " + R.Shape, {7, 0}, 80)};
    P.add(D, G);
    if (std::string(R.Shape) == ".m16n8k8") {
      // "m16n8k8: .atype must be the same as .btype" (bf16 x tf32 mixes).
      MmaDesc X = D;
      X.BType = std::string(R.Type) == ".bf16" ? ".tf32" : ".bf16";
      P.add(X, G, "with shape .m16n8k8, .atype must be the same as .btype", "mma-type-combination",
            ".btype");
    }
  }

  // --- Double precision: .f64 (9.7.14.5.2, .6, .7, .8) --------------------
  const ShapeRow F64Rows[] = {
      {".m8n8k4", 1, 1, 2, 0, {7, 0}, 80, "9.7.14.5.2"},
      {".m16n8k4", 2, 1, 4, 0, {7, 8}, 90, "9.7.14.5.6"},
      {".m16n8k8", 4, 2, 4, 0, {7, 8}, 90, "9.7.14.5.7"},
      {".m16n8k16", 8, 4, 4, 0, {7, 8}, 90, "9.7.14.5.8"},
  };
  for (const ShapeRow &S : F64Rows) {
    MmaDesc D;
    D.Shape = S.Shape;
    D.DType = D.AType = D.BType = D.CType = ".f64";
    D.Rounding = true;
    D.NA = S.NA;
    D.NB = S.NB;
    D.NC = D.ND = S.NC32;
    D.FragSpec = S.FragSpec;
    P.add(D, {gate(std::string("`.f64` mma with shape ") + S.Shape, S.V, S.Sm)});
  }

  // --- fp8 without .kind: .e4m3/.e5m2 (9.7.14.5.8, .10) -------------------
  // m16n8k32 with .f32 accumulators: PTX 8.4; m16n8k16 and .f16 d/c: 8.7;
  // sm_89.
  const std::vector<std::string> F8 = {".e4m3", ".e5m2"};
  const ShapeRow F8Rows[] = {
      // fp8 m16n8k16 fragments are in the table of 9.7.14.5.9 (with .u8/.s8).
      {".m16n8k16", 2, 1, 4, 2, {8, 7}, 89, "9.7.14.5.9"},
      {".m16n8k32", 4, 2, 4, 2, {8, 4}, 89, "9.7.14.5.10"},
  };
  for (const ShapeRow &S : F8Rows)
    for (const std::string &AT : F8)
      for (const std::string &BT : F8)
        for (const std::string &DT : F16F32)
          for (const std::string &CT : F16F32) {
            MmaDesc D;
            D.Shape = S.Shape;
            D.DType = DT;
            D.AType = AT;
            D.BType = BT;
            D.CType = CT;
            D.NA = S.NA;
            D.NB = S.NB;
            D.NC = accCount(S, CT);
            D.ND = accCount(S, DT);
            D.FragSpec = S.FragSpec;
            std::vector<Gate> G = {
                gate(std::string("`.e4m3`/`.e5m2` mma with shape ") + S.Shape, S.V, S.Sm)};
            if (DT == ".f16" || CT == ".f16")
              G.push_back(gate("`.f16` .dtype/.ctype with `.e4m3`/`.e5m2` mma", {8, 7}, 89));
            if (DT != CT) { // ptxas rejects mixed accumulators
              P.add(D, G, "with `.e4m3`/`.e5m2` types, .dtype must be the same as .ctype",
                    "mma-type-combination", ".dtype");
              continue;
            }
            Form F = makeMmaForm(Family::Mma, D);
            for (const Gate &X : G)
              addGate(F, X);
            // ptxas 13.0 does not check the size of b for m16n8k16 fp8.
            if (D.Shape == ".m16n8k16")
              F.Operands.update(2, [](OperandSpec &O) { O.PtxasAlsoCounts = {2, 4}; });
            Out.Forms.push_back(std::move(F));
          }

  // --- .kind::f8f6f4 (9.7.14.5.10): any pair of fp8/fp6/fp4 types ---------
  const std::vector<std::string> F8F6F4 = {".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"};
  auto IsF6F4 = [](const std::string &T) { return T == ".e3m2" || T == ".e2m3" || T == ".e2m1"; };
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4)
      for (const std::string &DT : F16F32)
        for (const std::string &CT : F16F32) {
          MmaDesc D;
          D.Shape = ".m16n8k32";
          D.Kind = ".kind::f8f6f4";
          D.DType = DT;
          D.AType = AT;
          D.BType = BT;
          D.CType = CT;
          D.NA = 4;
          D.NB = 2;
          D.NC = CT == ".f16" ? 2 : 4;
          D.ND = DT == ".f16" ? 2 : 4;
          D.FragSpec = "9.7.14.5.10";
          // ptxas takes the 8-bit types with .f32 accumulators from PTX 8.6
          // (on sm_100a, which 8.6 introduced); the spec says 8.7.
          bool F8Only = !IsF6F4(AT) && !IsF6F4(BT);
          std::vector<Gate> G = {gate("`.kind::f8f6f4`",
                                      F8Only && DT == ".f32" ? PtxVersion(8, 6) : PtxVersion(8, 7),
                                      0, sm100to120Families())};
          if (IsF6F4(AT) || IsF6F4(BT))
            G.push_back(gate("`.e3m2`/`.e2m3`/`.e2m1` mma", {8, 7}, 0, sm120Family()));
          if (DT != CT) // ptxas rejects mixed accumulators
            P.add(D, G, "with `.kind::f8f6f4`, .dtype must be the same as .ctype",
                  "mma-type-combination", ".dtype");
          else
            P.add(D, G);
        }

  // --- Block scaling (9.7.14.3 Table 36; 9.7.14.5.10, .11) ----------------
  const std::vector<Gate> BSGate = {
      gate("`.kind::mx*` with `.block_scale`", {8, 7}, 0, sm120Family())};
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4) {
      MmaDesc D;
      D.Shape = ".m16n8k32";
      D.Kind = ".kind::mxf8f6f4";
      D.BlockScale = true;
      D.ScaleVec = ".scale_vec::1X";
      D.SType = ".ue8m0";
      D.DType = D.CType = ".f32";
      D.AType = AT;
      D.BType = BT;
      D.NA = 4;
      D.NB = 2;
      D.NC = D.ND = 4;
      D.FragSpec = "9.7.14.5.10";
      P.add(D, BSGate);
    }
  // ptxas also takes the block-scaling kinds without .block_scale (and no
  // scale operands) for .e4m3/.e5m2, like .kind::f8f6f4; the spec's syntax
  // has no such form.
  for (const char *Kind : {".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"})
    for (const char *AT : {".e4m3", ".e5m2"})
      for (const char *BT : {".e4m3", ".e5m2"})
        for (const std::string &DT : F16F32) {
          MmaDesc D;
          D.Shape = ".m16n8k32";
          D.Kind = Kind;
          D.DType = D.CType = DT;
          D.AType = AT;
          D.BType = BT;
          D.NA = 4;
          D.NB = 2;
          D.NC = D.ND = DT == ".f16" ? 2 : 4;
          D.FragSpec = "9.7.14.5.10";
          P.add(D, {gate(std::string("`") + Kind + "`", {8, 7}, 0, sm100to120Families())},
                std::string("`") + Kind +
                    "` without `.block_scale` is not in the spec's syntax (ptxas takes it as "
                    "`.kind::f8f6f4`)",
                "mma-ptxas-only", ".kind", RejectKind::PtxasOnly);
        }
  // Table 36 rows of the e2m1 kinds, as a product of .kind x .scale_vec x
  // .stype with the rows the table does not list excluded.
  for (const char *Kind : {".kind::mxf4", ".kind::mxf4nvf4"})
    for (const char *SV : {".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X"})
      for (const char *ST : {".ue8m0", ".ue4m3"}) {
        MmaDesc D;
        D.Shape = ".m16n8k64";
        D.Kind = Kind;
        D.BlockScale = true;
        D.ScaleVec = SV;
        D.SType = ST;
        D.DType = D.CType = ".f32";
        D.AType = D.BType = ".e2m1";
        D.NA = 4;
        D.NB = 2;
        D.NC = D.ND = 4;
        D.FragSpec = "9.7.14.5.11";
        std::string K = Kind, S = SV, T = ST;
        bool Valid = (K == ".kind::mxf4" && S == ".scale_vec::2X" && T == ".ue8m0") ||
                     (K == ".kind::mxf4nvf4" && S == ".scale_vec::2X" && T == ".ue8m0") ||
                     (K == ".kind::mxf4nvf4" && S == ".scale_vec::4X" && T == ".ue4m3");
        // mxf4 defaults to 2X; mxf4nvf4 must say its .scale_vec_size.
        D.ScaleVecRequired = K == ".kind::mxf4nvf4";
        if (Valid) {
          P.add(D, BSGate);
        } else {
          std::string Bad =
              (S == ".scale_vec::2X" || (K == ".kind::mxf4nvf4" && S == ".scale_vec::4X"))
                  ? ".stype"
                  : ".scale_vec_size";
          P.add(D, BSGate,
                K + " takes " +
                    (K == ".kind::mxf4" ? std::string(".scale_vec::2X with .ue8m0")
                                        : std::string(".scale_vec::2X with .ue8m0 or "
                                                      ".scale_vec::4X with .ue4m3")) +
                    " (Table 36)",
                "mma-block-scale-combination", Bad);
        }
      }

  // --- Integer: .u8/.s8 and .u4/.s4 (9.7.14.5.3, .4, .9-.11) --------------
  struct IntRow {
    ShapeRow S;
    bool Byte;
  };
  const IntRow IntRows[] = {
      {{".m8n8k16", 1, 1, 2, 0, {6, 5}, 75, "9.7.14.5.3"}, true},
      {{".m16n8k16", 2, 1, 4, 0, {7, 0}, 80, "9.7.14.5.9"}, true},
      {{".m16n8k32", 4, 2, 4, 0, {7, 0}, 80, "9.7.14.5.10"}, true},
      {{".m8n8k32", 1, 1, 2, 0, {6, 5}, 75, "9.7.14.5.4"}, false},
      {{".m16n8k32", 2, 1, 4, 0, {7, 0}, 80, "9.7.14.5.10"}, false},
      {{".m16n8k64", 4, 2, 4, 0, {7, 0}, 80, "9.7.14.5.11"}, false},
  };
  for (const IntRow &R : IntRows) {
    std::vector<std::string> Ts =
        R.Byte ? std::vector<std::string>{".u8", ".s8"} : std::vector<std::string>{".u4", ".s4"};
    for (const std::string &AT : Ts)
      for (const std::string &BT : Ts) {
        MmaDesc D;
        D.Shape = R.S.Shape;
        D.DType = D.CType = ".s32";
        D.AType = AT;
        D.BType = BT;
        D.Satfinite = true;
        D.NA = R.S.NA;
        D.NB = R.S.NB;
        D.NC = D.ND = R.S.NC32;
        D.FragSpec = R.S.FragSpec;
        P.add(D, {gate(std::string(R.Byte ? "`.u8`/`.s8`" : "`.u4`/`.s4`") + " mma with shape " +
                           R.S.Shape,
                       R.S.V, R.S.Sm)});
      }
  }

  // --- Single bit: .b1 with .xor/.and .popc (9.7.14.5.5, .12, .13) -------
  const ShapeRow B1Rows[] = {
      {".m8n8k128", 1, 1, 2, 0, {7, 0}, 75, "9.7.14.5.5"},
      {".m16n8k128", 2, 1, 4, 0, {7, 0}, 80, "9.7.14.5.12"},
      {".m16n8k256", 4, 2, 4, 0, {7, 0}, 80, "9.7.14.5.13"},
  };
  for (const ShapeRow &S : B1Rows)
    for (const char *Op : {".xor", ".and"}) {
      MmaDesc D;
      D.Shape = S.Shape;
      D.DType = D.CType = ".s32";
      D.AType = D.BType = ".b1";
      D.BitOp = Op;
      D.NA = S.NA;
      D.NB = S.NB;
      D.NC = D.ND = S.NC32;
      D.FragSpec = S.FragSpec;
      std::vector<Gate> G = {gate(std::string("`.b1` mma with shape ") + S.Shape, S.V, S.Sm)};
      if (std::string(Op) == ".and")
        G.push_back(gate("`.and` in single-bit mma", {7, 1}, 80));
      P.add(D, G);
    }
  (void)Mma;
}

} // namespace spec
} // namespace ptxlint
