//===- MmaTables.cpp - spec tables of mma (9.7.14.5.14) ---------*- C++ -*-===//
//
// Every form of dense `mma`, built as cartesian products of the syntax
// lines' options (shape x layouts x types x ...), each product filtered by
// exclusion rules, one per spec sentence (the IntrinsicsNVVM.td MMA_OPS /
// NVVM_MMA_SUPPORTED pattern). Excluded combinations the spec names are kept
// as RejectedForms so the checker can quote the sentence.
//
// Fragment sizes (registers per thread of d, a, b, c) follow from the shape
// and types (deriveFragmentCounts, the fragment sections 9.7.14.5.1-13); gates from "PTX ISA Notes"
// and "Target ISA Notes" of 9.7.14.5.14, corrected where ptxas 13.0 disagrees
// (docs/differences/mma.md).
//
//===----------------------------------------------------------------------===//
#include "Spec/MmaCommon.h"

namespace ptxlint {
namespace spec {

using namespace mma;

namespace {

const char *const MmaSec = "9.7.14.5.14";

/// One shape of one type class: its gate and fragment section (fragment
/// sizes: deriveFragmentCounts).
struct ShapeRow {
  const char *Shape;
  PtxVersion V;
  unsigned Sm;
  const char *FragSpec;
};

/// One exclusion of a product: a spec (or ptxas) sentence, the rule it is
/// reported under and the slot to point at.
struct Exclusion {
  std::string Why;
  ptxlint::Rule Rule = ptxlint::Rule::Internal;
  std::string BadSlot;
  RejectKind Kind = RejectKind::Excluded;
};

/// Builds forms from one cartesian product: add() keeps a combination,
/// exclude() records it as a RejectedForm (the checker quotes the reason).
struct Product {
  FormSet &Out;
  Form make(MmaDesc D, const std::vector<Gate> &Gates) {
    if (!D.NA) // a would-be form may keep the sizes of the form it varies
      deriveFragmentCounts(D);
    Form F = makeMmaForm(Family::Mma, D);
    for (const Gate &G : Gates)
      addGate(F, G);
    return F;
  }
  void add(const MmaDesc &D, const std::vector<Gate> &Gates) {
    Out.Forms.push_back(make(D, Gates));
  }
  void exclude(const MmaDesc &D, const std::vector<Gate> &Gates, const Exclusion &X) {
    addRejected(Out, make(D, Gates), X.Rule, MmaSec, X.Why, X.BadSlot, X.Kind);
  }
  void addOrExclude(const MmaDesc &D, const std::vector<Gate> &Gates, const Exclusion &X) {
    if (X.Why.empty())
      add(D, Gates);
    else
      exclude(D, Gates, X);
  }
};

const std::vector<std::string> F16F32 = {".f16", ".f32"};
const std::vector<std::string> RowCol = {".row", ".col"};
const std::vector<std::string> F8 = {".e4m3", ".e5m2"};
const std::vector<std::string> F8F6F4 = {".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"};

bool isF6F4(const std::string &T) { return T == ".e3m2" || T == ".e2m3" || T == ".e2m1"; }

/// A descriptor with shape, types and fragment section; layouts .row/.col.
MmaDesc desc(const char *Shape, const std::string &D, const std::string &A, const std::string &B,
             const std::string &C, const char *FragSpec) {
  MmaDesc X;
  X.Shape = Shape;
  X.DType = D;
  X.AType = A;
  X.BType = B;
  X.CType = C;
  X.FragSpec = FragSpec;
  return X;
}

/// The exclusions of the half-precision product (shape x layouts x .dtype x
/// .ctype): only m8n8k4 takes layouts other than .row.col (the caller skips
/// those: the matcher diagnoses them by slot); m8n8k4 wants .f32 .dtype with
/// .f32 .ctype; the other shapes the same .dtype as .ctype (the spec says so
/// for m16n8k8, ptxas for m16n8k16 too).
Exclusion halfExclusion(const std::string &Shape, const std::string &DT, const std::string &CT) {
  if (Shape == ".m8n8k4")
    return CT == ".f32" && DT == ".f16"
               ? Exclusion{"with shape .m8n8k4, .dtype must be .f32 when .ctype is .f32",
                           Rule::MmaTypeCombination, ".dtype"}
               : Exclusion{};
  if (DT == CT)
    return {};
  return {"with shape " + Shape + ", .dtype must be the same as .ctype", Rule::MmaTypeCombination,
          ".dtype"};
}

// --- Half precision: .f16 x .f16 with .f16/.f32 accumulators -------------
// 9.7.14.5.1 / .7 / .8; PTX ISA notes: m8n8k4 6.4, m16n8k8 6.5, m16n8k16
// 7.0; Target ISA notes: sm_70, sm_75, sm_80.
void addHalfForms(Product &P) {
  const ShapeRow Rows[] = {
      {".m8n8k4", {6, 4}, 70, "9.7.14.5.1"},
      {".m16n8k8", {6, 5}, 75, "9.7.14.5.7"},
      {".m16n8k16", {7, 0}, 80, "9.7.14.5.8"},
  };
  for (const ShapeRow &S : Rows)
    for (const std::string &AL : RowCol)
      for (const std::string &BL : RowCol)
        for (const std::string &DT : F16F32)
          for (const std::string &CT : F16F32) {
            if (std::string(S.Shape) != ".m8n8k4" && (AL != ".row" || BL != ".col"))
              continue; // only m8n8k4 takes other layouts; diagnosed by slot
            MmaDesc D = desc(S.Shape, DT, ".f16", ".f16", CT, S.FragSpec);
            D.ALayout = AL;
            D.BLayout = BL;
            P.addOrExclude(D, {gate(std::string("`.f16` mma with shape ") + S.Shape, S.V, S.Sm)},
                           halfExclusion(S.Shape, DT, CT));
          }
}

// ptxas 13.0 also takes m8n8k4 with .bf16 inputs (.f32 accumulators, any
// layouts, the f16 fragment sizes) from PTX ISA 7.0 on sm_80 and later
// targets; the spec lists only .f16 for m8n8k4 (9.7.14.5.14).
void addBf16M8n8k4Forms(Product &P) {
  for (const std::string &AL : RowCol)
    for (const std::string &BL : RowCol) {
      MmaDesc D = desc(".m8n8k4", ".f32", ".bf16", ".bf16", ".f32", "9.7.14.5.1");
      D.ALayout = AL;
      D.BLayout = BL;
      P.exclude(D, {gate("`.bf16` mma with shape .m8n8k4", {7, 0}, 80)},
                {"`.bf16` with shape .m8n8k4 is not in the spec's syntax (ptxas takes it as on "
                 "sm_80 and later, with the .f16 fragment sizes)",
                 Rule::MmaPtxasOnly, ".atype", RejectKind::PtxasOnly});
    }
}

// --- Alternate floating point: .bf16 / .tf32 (f32 accumulators) ----------
// 9.7.14.5.6-8; PTX ISA 7.0, sm_80. Excluded: "m16n8k8: .atype must be the
// same as .btype" (the bf16 x tf32 mixes).
void addAltFloatForms(Product &P) {
  struct AltRow {
    const char *Shape, *Type, *FragSpec;
  };
  const AltRow Rows[] = {
      {".m16n8k4", ".tf32", "9.7.14.5.6"},
      {".m16n8k8", ".tf32", "9.7.14.5.7"},
      {".m16n8k8", ".bf16", "9.7.14.5.7"},
      {".m16n8k16", ".bf16", "9.7.14.5.8"},
  };
  for (const AltRow &R : Rows) {
    MmaDesc D = desc(R.Shape, ".f32", R.Type, R.Type, ".f32", R.FragSpec);
    std::vector<Gate> G = {
        gate(std::string("`") + R.Type + "` mma with shape " + R.Shape, {7, 0}, 80)};
    P.add(D, G);
    if (std::string(R.Shape) == ".m16n8k8") {
      deriveFragmentCounts(D); // the mix keeps the sizes of its .atype
      D.BType = std::string(R.Type) == ".bf16" ? ".tf32" : ".bf16";
      P.exclude(D, G,
                {"with shape .m16n8k8, .atype must be the same as .btype", Rule::MmaTypeCombination,
                 ".btype"});
    }
  }
}

// --- Double precision: .f64 (9.7.14.5.2, .6, .7, .8) ----------------------
void addF64Forms(Product &P) {
  const ShapeRow Rows[] = {
      {".m8n8k4", {7, 0}, 80, "9.7.14.5.2"},
      {".m16n8k4", {7, 8}, 90, "9.7.14.5.6"},
      {".m16n8k8", {7, 8}, 90, "9.7.14.5.7"},
      {".m16n8k16", {7, 8}, 90, "9.7.14.5.8"},
  };
  for (const ShapeRow &S : Rows) {
    MmaDesc D = desc(S.Shape, ".f64", ".f64", ".f64", ".f64", S.FragSpec);
    D.Rounding = true;
    P.add(D, {gate(std::string("`.f64` mma with shape ") + S.Shape, S.V, S.Sm)});
  }
}

// --- fp8 without .kind: .e4m3/.e5m2 (9.7.14.5.8, .10) ---------------------
// m16n8k32 with .f32 accumulators: PTX 8.4; m16n8k16 and .f16 d/c: 8.7;
// sm_89. Excluded (ptxas): mixed accumulators.
void addFp8Forms(Product &P) {
  const ShapeRow Rows[] = {
      // fp8 m16n8k16 fragments are in the table of 9.7.14.5.9 (with .u8/.s8).
      {".m16n8k16", {8, 7}, 89, "9.7.14.5.9"},
      {".m16n8k32", {8, 4}, 89, "9.7.14.5.10"},
  };
  for (const ShapeRow &S : Rows)
    for (const std::string &AT : F8)
      for (const std::string &BT : F8)
        for (const std::string &DT : F16F32)
          for (const std::string &CT : F16F32) {
            MmaDesc D = desc(S.Shape, DT, AT, BT, CT, S.FragSpec);
            std::vector<Gate> G = {
                gate(std::string("`.e4m3`/`.e5m2` mma with shape ") + S.Shape, S.V, S.Sm)};
            if (DT == ".f16" || CT == ".f16")
              G.push_back(gate("`.f16` .dtype/.ctype with `.e4m3`/`.e5m2` mma", {8, 7}, 89));
            if (DT != CT) {
              P.exclude(D, G,
                        {"with `.e4m3`/`.e5m2` types, .dtype must be the same as .ctype",
                         Rule::MmaTypeCombination, ".dtype"});
              continue;
            }
            Form F = P.make(D, G);
            // ptxas 13.0 does not check the size of b for m16n8k16 fp8.
            if (D.Shape == ".m16n8k16")
              F.Operands.update(2, [](OperandSpec &O) { O.PtxasAlsoCounts = {2, 4}; });
            P.Out.Forms.push_back(std::move(F));
          }
}

// --- .kind::f8f6f4 (9.7.14.5.10): any pair of fp8/fp6/fp4 types -----------
// ptxas takes the 8-bit types with .f32 accumulators from PTX 8.6 (on
// sm_100a, which 8.6 introduced); the spec says 8.7. Excluded (ptxas): mixed
// accumulators.
void addF8F6F4Forms(Product &P) {
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4)
      for (const std::string &DT : F16F32)
        for (const std::string &CT : F16F32) {
          MmaDesc D = desc(".m16n8k32", DT, AT, BT, CT, "9.7.14.5.10");
          D.Kind = ".kind::f8f6f4";
          bool F8Only = !isF6F4(AT) && !isF6F4(BT);
          std::vector<Gate> G = {gate("`.kind::f8f6f4`",
                                      F8Only && DT == ".f32" ? PtxVersion(8, 6) : PtxVersion(8, 7),
                                      0, sm100to120Families())};
          if (!F8Only)
            G.push_back(gate("`.e3m2`/`.e2m3`/`.e2m1` mma", {8, 7}, 0, sm120Family()));
          P.addOrExclude(D, G,
                         DT == CT ? Exclusion{}
                                  : Exclusion{"with `.kind::f8f6f4`, .dtype must be the same as "
                                              ".ctype",
                                              Rule::MmaTypeCombination, ".dtype"});
        }
}

const std::vector<Gate> &blockScaleGates() {
  static const std::vector<Gate> G = {
      gate("`.kind::mx*` with `.block_scale`", {8, 7}, 0, sm120Family())};
  return G;
}

// --- Block scaling with .kind::mxf8f6f4 (9.7.14.3 Table 36; 9.7.14.5.10) ---
void addMxf8f6f4Forms(Product &P) {
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4) {
      MmaDesc D = desc(".m16n8k32", ".f32", AT, BT, ".f32", "9.7.14.5.10");
      D.Kind = ".kind::mxf8f6f4";
      D.BlockScale = true;
      D.ScaleVec = ".scale_vec::1X";
      D.SType = ".ue8m0";
      P.add(D, blockScaleGates());
    }
}

// ptxas also takes the block-scaling kinds without .block_scale (and no
// scale operands) for .e4m3/.e5m2, like .kind::f8f6f4; the spec's syntax
// has no such form.
void addKindsWithoutBlockScale(Product &P) {
  for (const char *Kind : {".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"})
    for (const std::string &AT : F8)
      for (const std::string &BT : F8)
        for (const std::string &DT : F16F32) {
          MmaDesc D = desc(".m16n8k32", DT, AT, BT, DT, "9.7.14.5.10");
          D.Kind = Kind;
          P.exclude(D, {gate(std::string("`") + Kind + "`", {8, 7}, 0, sm100to120Families())},
                    {std::string("`") + Kind +
                         "` without `.block_scale` is not in the spec's syntax (ptxas takes it "
                         "as `.kind::f8f6f4`)",
                     Rule::MmaPtxasOnly, ".kind", RejectKind::PtxasOnly});
        }
}

/// Table 36's rows of the e2m1 kinds: "" for a listed (.kind, .scale_vec,
/// .stype), else why not. mxf4 defaults to 2X with .ue8m0; mxf4nvf4 takes 2X
/// with .ue8m0 or 4X with .ue4m3.
Exclusion table36(const std::string &K, const std::string &SV, const std::string &ST) {
  bool Nv = K == ".kind::mxf4nvf4";
  if ((SV == ".scale_vec::2X" && ST == ".ue8m0") ||
      (Nv && SV == ".scale_vec::4X" && ST == ".ue4m3"))
    return {};
  std::string Bad =
      (SV == ".scale_vec::2X" || (Nv && SV == ".scale_vec::4X")) ? ".stype" : ".scale_vec_size";
  return {K + " takes " +
              (Nv ? ".scale_vec::2X with .ue8m0 or .scale_vec::4X with .ue4m3"
                  : ".scale_vec::2X with .ue8m0") +
              " (Table 36)",
          Rule::MmaBlockScaleCombination, Bad};
}

// --- Block scaling with the e2m1 kinds (9.7.14.3 Table 36; 9.7.14.5.11) ---
// A product of .kind x .scale_vec x .stype with the rows the table does not
// list excluded.
void addMxf4Forms(Product &P) {
  for (const char *Kind : {".kind::mxf4", ".kind::mxf4nvf4"})
    for (const char *SV : {".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X"})
      for (const char *ST : {".ue8m0", ".ue4m3"}) {
        MmaDesc D = desc(".m16n8k64", ".f32", ".e2m1", ".e2m1", ".f32", "9.7.14.5.11");
        D.Kind = Kind;
        D.BlockScale = true;
        D.ScaleVec = SV;
        D.SType = ST;
        // mxf4 defaults to 2X; mxf4nvf4 must say its .scale_vec_size.
        D.ScaleVecRequired = std::string(Kind) == ".kind::mxf4nvf4";
        P.addOrExclude(D, blockScaleGates(), table36(Kind, SV, ST));
      }
}

// --- Integer: .u8/.s8 and .u4/.s4 (9.7.14.5.3, .4, .9-.11) ----------------
void addIntegerForms(Product &P) {
  struct IntRow {
    ShapeRow S;
    bool Byte;
  };
  const IntRow Rows[] = {
      {{".m8n8k16", {6, 5}, 75, "9.7.14.5.3"}, true},
      {{".m16n8k16", {7, 0}, 80, "9.7.14.5.9"}, true},
      {{".m16n8k32", {7, 0}, 80, "9.7.14.5.10"}, true},
      {{".m8n8k32", {6, 5}, 75, "9.7.14.5.4"}, false},
      {{".m16n8k32", {7, 0}, 80, "9.7.14.5.10"}, false},
      {{".m16n8k64", {7, 0}, 80, "9.7.14.5.11"}, false},
  };
  for (const IntRow &R : Rows) {
    std::vector<std::string> Ts =
        R.Byte ? std::vector<std::string>{".u8", ".s8"} : std::vector<std::string>{".u4", ".s4"};
    for (const std::string &AT : Ts)
      for (const std::string &BT : Ts) {
        MmaDesc D = desc(R.S.Shape, ".s32", AT, BT, ".s32", R.S.FragSpec);
        D.Satfinite = true;
        P.add(D, {gate(std::string(R.Byte ? "`.u8`/`.s8`" : "`.u4`/`.s4`") + " mma with shape " +
                           R.S.Shape,
                       R.S.V, R.S.Sm)});
      }
  }
}

// --- Single bit: .b1 with .xor/.and .popc (9.7.14.5.5, .12, .13) ---------
void addSingleBitForms(Product &P) {
  const ShapeRow Rows[] = {
      {".m8n8k128", {7, 0}, 75, "9.7.14.5.5"},
      {".m16n8k128", {7, 0}, 80, "9.7.14.5.12"},
      {".m16n8k256", {7, 0}, 80, "9.7.14.5.13"},
  };
  for (const ShapeRow &S : Rows)
    for (const char *Op : {".xor", ".and"}) {
      MmaDesc D = desc(S.Shape, ".s32", ".b1", ".b1", ".s32", S.FragSpec);
      D.BitOp = Op;
      std::vector<Gate> G = {gate(std::string("`.b1` mma with shape ") + S.Shape, S.V, S.Sm)};
      if (std::string(Op) == ".and")
        G.push_back(gate("`.and` in single-bit mma", {7, 1}, 80));
      P.add(D, G);
    }
}

} // namespace

void buildMmaForms(FormSet &Out) {
  // ldmatrix's formats: ptxas 13.0 accepts and ignores them on mma; it
  // accepts a repeated .sync or .satfinite.
  ignoreLdmatrixFormats(Out, "qualifier '{q}' has no meaning for {f}; ptxas ignores it");
  Out.Repeatable = {".sync", ".satfinite"};
  Product P{Out};
  addHalfForms(P);
  addBf16M8n8k4Forms(P);
  addAltFloatForms(P);
  addF64Forms(P);
  addFp8Forms(P);
  addF8F6F4Forms(P);
  addMxf8f6f4Forms(P);
  addKindsWithoutBlockScale(P);
  addMxf4Forms(P);
  addIntegerForms(P);
  addSingleBitForms(P);
}

} // namespace spec
} // namespace ptxlint
