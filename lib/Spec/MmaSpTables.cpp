//===- MmaSpTables.cpp - spec tables of mma.sp (9.7.14.6.3) -----*- C++ -*-===//
//
// Every form of `mma.sp` and `mma.sp::ordered_metadata`: cartesian products
// of the syntax lines of 9.7.14.6.3 with one exclusion rule per spec
// sentence; fragment sizes from the shape and types (deriveFragmentCounts,
// 9.7.14.6.2.1-8: matrix A holds half the registers of the dense form; B, C
// and D as for dense mma of the same K);
// sparsity-selector ranges from 9.7.14.6.1, split into what ptxas rejects
// (error) and what the spec calls undefined (warning).
//
//===----------------------------------------------------------------------===//
#include "Spec/MmaCommon.h"

namespace ptxlint {
namespace spec {

using namespace mma;

namespace {

const char *const SpSec = "9.7.14.6.3";

/// One sparse shape of one type class.
struct SpRow {
  const char *Shape;
  /// Sparsity selector values the spec defines (9.7.14.6.1): 0..MaxSel.
  int64_t MaxSel;
  const char *SelWhy;
  const char *FragSpec;
};

void setSelector(Form &F, const SpRow &R) {
  for (size_t I = 0; I < F.Operands.size(); ++I) {
    if (F.Operands[I].Name != "f")
      continue;
    ImmRange Range;
    // ptxas enforces the spec's range, except for m16n8k32 .f16 with .f32
    // accumulators, where it takes 0..3 (2 and 3 are spec-undefined).
    Range.HardMin = 0;
    Range.HardMax =
        (F.Shape == ".m16n8k32" && F.AType == ".f16" && F.CType == ".f32") ? 3 : R.MaxSel;
    Range.ValidMin = 0;
    Range.ValidMax = R.MaxSel;
    Range.Spec = "9.7.14.6.1";
    Range.Reason = R.SelWhy;
    // A selector that must be 0: the floating-point forms compare it in its
    // low 32 bits ("unexpected value '1', expected to be 0"; 0x100000000
    // passes), the integer ones in 64 ("value '4294967296' out of range").
    bool Int = F.AType == ".s8" || F.AType == ".u8" || F.AType == ".s4" || F.AType == ".u4";
    Range.Low32 = R.MaxSel == 0 && !Int;
    F.Operands.update(I, [&](OperandSpec &O) { O.Ranges = {Range}; });
  }
}

struct SpProduct {
  FormSet &Out;
  void add(const MmaDesc &D, const SpRow &R, std::vector<Gate> Gates, const std::string &Why = "",
           ptxlint::Rule Rule = ptxlint::Rule::Internal, const std::string &BadSlot = "",
           RejectKind Kind = RejectKind::Excluded) {
    MmaDesc X = D;
    deriveFragmentCounts(X);
    Form F = makeMmaForm(Family::MmaSp, X);
    setSelector(F, R);
    Gates.insert(Gates.begin(), gate("`mma.sp`", {7, 1}, 80, {}, SpSec));
    if (D.SpVariant == ".sp::ordered_metadata")
      Gates.push_back(gate("`mma.sp::ordered_metadata`", {8, 5}, 80, {}, SpSec));
    else
      F.Advisory = "prefer `mma.sp::ordered_metadata`: ptxas advises that `.sp` is expected "
                   "to have substantially reduced performance on some future architectures";
    for (Gate &G : Gates) {
      G.Spec = SpSec;
      addGate(F, G);
    }
    if (Why.empty())
      Out.Forms.push_back(std::move(F));
    else
      addRejected(Out, std::move(F), Rule, SpSec, Why, BadSlot, Kind);
  }
};

const char *const Pair = "the selector picks a thread pair of the quad: 0 (T0, T1) or 1 (T2, T3)";
const char *const One = "one thread of the quad holds the metadata: 0 to 3";
const char *const All = "all threads of the quad hold metadata: the selector must be 0";

const std::vector<std::string> Variants = {".sp", ".sp::ordered_metadata"};
const std::vector<std::string> F16F32 = {".f16", ".f32"};
const std::vector<std::string> F8F6F4 = {".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"};
const SpRow F8Row = {".m16n8k64", 0, All, "9.7.14.6.2.6"};
const SpRow F4Row = {".m16n8k128", 0, All, "9.7.14.6.2.8"};

bool isF6F4(const std::string &T) { return T == ".e3m2" || T == ".e2m3" || T == ".e2m1"; }

/// A sparse descriptor: variant, shape, types, fragment section.
MmaDesc spDesc(const std::string &V, const SpRow &R, const std::string &D, const std::string &A,
               const std::string &B, const std::string &C) {
  MmaDesc X;
  X.SpVariant = V;
  X.Shape = R.Shape;
  X.DType = D;
  X.AType = A;
  X.BType = B;
  X.CType = C;
  X.FragSpec = R.FragSpec;
  return X;
}

/// Targets by suffix: sm_NNa of each of Sms.
std::vector<SpecificTarget> archTargets(std::initializer_list<unsigned> Sms) {
  std::vector<SpecificTarget> Out;
  for (unsigned Sm : Sms) {
    SpecificTarget T;
    T.T.Sm = Sm;
    T.T.Suffix = 'a';
    Out.push_back(T);
  }
  return Out;
}

// --- .f16 (9.7.14.6.2.1-2) -------------------------------------------------
// Excluded: .dtype other than .ctype.
void addSparseHalfForms(SpProduct &P) {
  const SpRow Rows[] = {
      {".m16n8k16", 3, One, "9.7.14.6.2.1"},
      {".m16n8k32", 1, Pair, "9.7.14.6.2.2"},
  };
  for (const std::string &V : Variants)
    for (const SpRow &R : Rows)
      for (const std::string &DT : F16F32)
        for (const std::string &CT : F16F32) {
          MmaDesc D = spDesc(V, R, DT, ".f16", ".f16", CT);
          if (DT != CT)
            P.add(D, R, {},
                  std::string("with shape ") + R.Shape + ", .dtype must be the same as .ctype",
                  Rule::MmaSpTypeCombination, ".dtype");
          else
            P.add(D, R, {});
        }
}

// --- .bf16 / .tf32 (9.7.14.6.2.1-4) ----------------------------------------
void addSparseAltFloatForms(SpProduct &P) {
  struct AltRow {
    SpRow R;
    const char *Type;
  };
  const AltRow Rows[] = {
      {{".m16n8k16", 3, One, "9.7.14.6.2.1"}, ".bf16"},
      {{".m16n8k32", 1, Pair, "9.7.14.6.2.2"}, ".bf16"},
      {{".m16n8k8", 3, One, "9.7.14.6.2.4"}, ".tf32"},
      {{".m16n8k16", 1, Pair, "9.7.14.6.2.3"}, ".tf32"},
  };
  for (const std::string &V : Variants)
    for (const AltRow &A : Rows)
      P.add(spDesc(V, A.R, ".f32", A.Type, A.Type, ".f32"), A.R, {});
}

// --- .e4m3 / .e5m2 without .kind (9.7.14.6.2.6) ----------------------------
// ptxas: f16 accumulators need sm_120a/sm_120f (the spec says sm_120) and
// reject plain .sp (excluded).
void addSparseFp8Forms(SpProduct &P) {
  for (const std::string &V : Variants)
    for (const char *AT : {".e4m3", ".e5m2"})
      for (const char *BT : {".e4m3", ".e5m2"})
        for (const std::string &DT : F16F32) {
          MmaDesc D = spDesc(V, F8Row, DT, AT, BT, DT);
          std::vector<Gate> G = {gate("`.e4m3`/`.e5m2` mma.sp", {8, 4}, 89)};
          if (DT == ".f16")
            G.push_back(
                gate("`.f16` .dtype/.ctype with `.e4m3`/`.e5m2` mma.sp", {8, 7}, 0, sm120Family()));
          if (DT == ".f16" && V == ".sp")
            P.add(D, F8Row, G,
                  "`.f16` accumulators with `.e4m3`/`.e5m2` require mma.sp::ordered_metadata",
                  Rule::MmaSpTypeCombination, ".spvariant");
          else
            P.add(D, F8Row, G);
        }
}

// --- .kind::f8f6f4 (ordered metadata only; 9.7.14.6.2.6) -------------------
// As for dense mma: ptxas takes the 8-bit types on the sm_100, sm_110 and
// sm_120 families (with .f32 accumulators from PTX 8.6), fp6/fp4 and .f16
// accumulators only on sm_120a and the sm_120f family.
void addSparseF8F6F4Forms(SpProduct &P) {
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4)
      for (const std::string &DT : F16F32) {
        MmaDesc D = spDesc(".sp::ordered_metadata", F8Row, DT, AT, BT, DT);
        D.Kind = ".kind::f8f6f4";
        bool F8Only = !isF6F4(AT) && !isF6F4(BT);
        std::vector<Gate> G = {gate("`.kind::f8f6f4` mma.sp",
                                    F8Only && DT == ".f32" ? PtxVersion(8, 6) : PtxVersion(8, 7), 0,
                                    sm100to120Families())};
        if (!F8Only)
          G.push_back(gate("`.e3m2`/`.e2m3`/`.e2m1` mma.sp", {8, 7}, 0, sm120Family()));
        if (DT == ".f16")
          G.push_back(
              gate("`.f16` accumulators in mma.sp with `.kind::f8f6f4`", {8, 7}, 0, sm120Family()));
        P.add(D, F8Row, G);
      }
}

// ptxas also takes the block-scaling kinds without .block_scale for
// .e4m3/.e5m2, like .kind::f8f6f4: mxf8f6f4 where f8f6f4 goes, the e2m1
// kinds on every 'a' target of the sm_100, sm_110 and sm_120 families
// (never an 'f' target: "Feature '.kind::mxf4 with .sp modifier' not
// supported"), with .f16 accumulators on sm_120a and sm_121a only.
void addSparseKindsWithoutBlockScale(SpProduct &P) {
  const std::vector<SpecificTarget> ATargets = archTargets({100, 103, 110, 120, 121});
  const std::vector<SpecificTarget> Sm120aSm121a = archTargets({120, 121});
  for (const char *Kind : {".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"})
    for (const char *AT : {".e4m3", ".e5m2"})
      for (const char *BT : {".e4m3", ".e5m2"})
        for (const std::string &DT : F16F32) {
          MmaDesc D = spDesc(".sp::ordered_metadata", F8Row, DT, AT, BT, DT);
          D.Kind = Kind;
          bool Mx8 = std::string(Kind) == ".kind::mxf8f6f4";
          std::vector<SpecificTarget> On = !Mx8           ? (DT == ".f16" ? Sm120aSm121a : ATargets)
                                           : DT == ".f16" ? sm120Family()
                                                          : sm100to120Families();
          P.add(D, F8Row, {gate(std::string("`") + Kind + "` mma.sp", {8, 7}, 0, On)},
                std::string("`") + Kind +
                    "` without `.block_scale` is not in the spec's syntax (ptxas takes it as "
                    "`.kind::f8f6f4`)",
                Rule::MmaSpPtxasOnly, ".kind", RejectKind::PtxasOnly);
        }
}

// --- Block scaling with .kind::mxf8f6f4 (ordered metadata; Table 36) -------
void addSparseMxf8f6f4Forms(SpProduct &P) {
  for (const std::string &AT : F8F6F4)
    for (const std::string &BT : F8F6F4) {
      MmaDesc D = spDesc(".sp::ordered_metadata", F8Row, ".f32", AT, BT, ".f32");
      D.Kind = ".kind::mxf8f6f4";
      D.BlockScale = true;
      D.ScaleVec = ".scale_vec::1X";
      D.SType = ".ue8m0";
      P.add(D, F8Row,
            {gate("`.kind::mxf8f6f4` mma.sp with `.block_scale`", {8, 7}, 0, sm120Family())});
    }
}

// --- Block scaling with the e2m1 kinds: Table 36's rows --------------------
// "Qualifiers .kind::mxf4nvf4 and .kind::mxf4 are supported on sm_120a,
// sm_121a" (not on the f targets: ptxas agrees).
void addSparseMxf4Forms(SpProduct &P) {
  struct BsRow {
    const char *Kind, *SV, *ST;
    bool SVRequired;
  };
  const BsRow Rows[] = {{".kind::mxf4", ".scale_vec::2X", ".ue8m0", false},
                        {".kind::mxf4nvf4", ".scale_vec::2X", ".ue8m0", true},
                        {".kind::mxf4nvf4", ".scale_vec::4X", ".ue4m3", true}};
  for (const BsRow &B : Rows) {
    MmaDesc D = spDesc(".sp::ordered_metadata", F4Row, ".f32", ".e2m1", ".e2m1", ".f32");
    D.Kind = B.Kind;
    D.BlockScale = true;
    D.ScaleVec = B.SV;
    D.ScaleVecRequired = B.SVRequired;
    D.SType = B.ST;
    P.add(D, F4Row,
          {gate(std::string("`") + B.Kind + "` mma.sp", {8, 7}, 0, archTargets({120, 121}))});
  }
}

// --- Integer (9.7.14.6.2.5-8) ----------------------------------------------
void addSparseIntegerForms(SpProduct &P) {
  struct IntRow {
    SpRow R;
    bool Byte;
  };
  const IntRow Rows[] = {
      {{".m16n8k32", 1, Pair, "9.7.14.6.2.5"}, true},
      {{".m16n8k64", 0, All, "9.7.14.6.2.6"}, true},
      {{".m16n8k64", 1, Pair, "9.7.14.6.2.7"}, false},
      {{".m16n8k128", 0, All, "9.7.14.6.2.8"}, false},
  };
  for (const std::string &V : Variants)
    for (const IntRow &I : Rows) {
      std::vector<std::string> Ts =
          I.Byte ? std::vector<std::string>{".u8", ".s8"} : std::vector<std::string>{".u4", ".s4"};
      for (const std::string &AT : Ts)
        for (const std::string &BT : Ts) {
          MmaDesc D = spDesc(V, I.R, ".s32", AT, BT, ".s32");
          D.Satfinite = true;
          P.add(D, I.R, {});
        }
    }
}

} // namespace

void buildMmaSpForms(FormSet &Out) {
  // ldmatrix's formats: ptxas 13.0 accepts and ignores them on mma; it
  // accepts a repeated .sync or .satfinite.
  ignoreLdmatrixFormats(Out, "qualifier '{q}' has no meaning for {f}; ptxas ignores it");
  Out.Repeatable = {".sync", ".satfinite"};
  SpProduct P{Out};
  addSparseHalfForms(P);
  addSparseAltFloatForms(P);
  addSparseFp8Forms(P);
  addSparseF8F6F4Forms(P);
  addSparseKindsWithoutBlockScale(P);
  addSparseMxf8f6f4Forms(P);
  addSparseMxf4Forms(P);
  addSparseIntegerForms(P);
}

} // namespace spec
} // namespace ptxlint
