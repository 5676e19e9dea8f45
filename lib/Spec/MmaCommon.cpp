//===- MmaCommon.cpp - shared builders of the mma/mma.sp tables -*- C++ -*-===//
//
// Form construction, register types and gates shared by MmaTables.cpp and
// MmaSpTables.cpp. Register-type sets come from probing ptxas 13.0 (every
// declared type against every fragment kind); docs/differences/mma.md has
// the evidence.
//
//===----------------------------------------------------------------------===//
#include "Spec/MmaCommon.h"
#include "Spec/MadeOnce.h"

#include "llvm/ADT/SmallString.h"

namespace ptxlint {
namespace spec {
namespace mma {

std::vector<std::string> fragmentRegTypes(const std::string &E) {
  // f16 pairs: the packed type or untyped bits; not .u32/.s32/.f32.
  if (E == ".f16")
    return {".f16x2", ".b32"};
  // bf16 and tf32: only .b32 (ptxas has no .bf16x2 registers and rejects
  // .f32 for tf32 fragments).
  if (E == ".bf16" || E == ".tf32")
    return {".b32"};
  if (E == ".f32")
    return {".f32", ".b32"};
  if (E == ".s32")
    return {".s32", ".u32", ".b32"};
  if (E == ".f64")
    return {".f64", ".b64", ".u64", ".s64"};
  // Byte, nibble and bit containers (u8/s8, u4/s4, b1, fp8/fp6/fp4) and
  // metadata / scale data: any 32-bit register.
  return {".b32", ".u32", ".s32", ".f32", ".f16x2"};
}

unsigned elemsPerReg(const std::string &E, const std::string &Kind) {
  if (E == ".f16" || E == ".bf16")
    return 2;
  if (E == ".u8" || E == ".s8" || E == ".e4m3" || E == ".e5m2" || E == ".e3m2" || E == ".e2m3")
    return 4;
  if (E == ".e2m1") // padded to a byte except with mxf4/mxf4nvf4 (9.7.14.5.14)
    return (Kind == ".kind::mxf4" || Kind == ".kind::mxf4nvf4") ? 8 : 4;
  if (E == ".u4" || E == ".s4")
    return 8;
  if (E == ".b1")
    return 32;
  return 1;
}

static std::vector<std::string> scalarRegTypes32() { return {".b32", ".u32", ".s32", ".f32"}; }

std::vector<ImmRange> selectorRangesA(const std::string &ScaleVec) {
  // Table 37 (9.7.14.3); ptxas rejects any other immediate value.
  ImmRange Byte, Thread;
  Byte.Spec = Thread.Spec = "9.7.14.3";
  if (ScaleVec == ".scale_vec::1X")
    Byte.HardValues = {0, 1, 2, 3};
  else if (ScaleVec == ".scale_vec::2X")
    Byte.HardValues = {0, 2};
  else
    Byte.HardValues = {0};
  Byte.Reason = "byte-id selects the scale bytes for " + ScaleVec;
  Thread.HardValues = {0, 1};
  Thread.Reason = "thread-id-a selects a thread pair of the quad";
  return {Byte, Thread};
}

std::vector<ImmRange> selectorRangesB(const std::string &ScaleVec) {
  std::vector<ImmRange> R = selectorRangesA(ScaleVec);
  R[1].HardValues = {0, 1, 2, 3};
  R[1].Reason = "thread-id-b selects one thread of the quad";
  return R;
}

namespace {
/// Where ptxas 13.0 implements a matrix multiply by a call to a built-in
/// function. Probed with `ptxas -arch sm_NN` on every target from sm_75 to
/// sm_121a: a vector component in a source is "Parsing error near '.x'" in
/// <builtin> (a special register "Call argument '%laneid' has illegal state
/// space") from this sm on and accepted below it (docs/differences/mma.md,
/// "Matrix multiplies lowered to a built-in call").
struct BuiltinLoweringRow {
  const char *Variant; ///< "" dense mma (and wmma.mma), ".sp" (not ordered_metadata)
  const char *AType;
  const char *BitOp; ///< "" for any
  const char *Shape; ///< "" for any
  unsigned FromSm;
  bool DestVectorCrash; ///< a whole vector register as d crashes ptxas
  /// The operands passed to the built-in (refused: special registers,
  /// components, whole vector registers; .pred in a, b, e). A whole vector
  /// register in any of them crashes ptxas 13.0 (segmentation fault, with
  /// -arch compute_NN and sm_NN alike).
  const char *Args;
};
const BuiltinLoweringRow BuiltinLoweringTable[] = {
    {"", ".s4", "", "", 90, true, "a b c"},
    {"", ".u4", "", "", 90, true, "a b c"},
    {"", ".b1", ".xor", "", 90, true, "a b c"},
    {"", ".b1", ".and", "", 100, true, "a b c"},
    {".sp", ".s4", "", "", 90, true, "a b c e"},
    {".sp", ".u4", "", "", 90, true, "a b c e"},
    // Found by the issue-10 sweep (sm_80 .. sm_121a): ::ordered_metadata
    // lowers sub-byte types like .sp does ('%laneid' in c: "Call argument
    // has illegal state space" from sm_90), and .f16 m8n8k4 is a built-in
    // from sm_80 on ("Parsing error near '.x'" for a component in a, b, c;
    // a whole .v2/.v4 register in a, b or c crashes ptxas on sm_80, sm_90
    // and sm_120a, .f16 and .f32 accumulators alike; session 9 re-probe:
    // an earlier row said the built-in takes it).
    {".sp::ordered_metadata", ".s4", "", "", 90, true, "a b c e"},
    {".sp::ordered_metadata", ".u4", "", "", 90, true, "a b c e"},
    {"", ".f16", "", ".m8n8k4", 80, true, "a b c"},
    // mma.sp (not ::ordered_metadata) of .f16 and 8-bit integers; not
    // .bf16, .tf32, .e4m3/.e5m2.
    {".sp", ".f16", "", "", 100, false, "a e"},
    {".sp", ".s8", "", "", 100, false, "a e"},
    {".sp", ".u8", "", "", 100, false, "a e"},
};
} // namespace

Form makeMmaForm(Family Fam, const MmaDesc &D) {
  Form F;
  F.Fam = Fam;
  F.Opcode = "mma";
  F.Shape = D.Shape;
  F.Sparse = !D.SpVariant.empty();
  F.Spec = F.Sparse ? "9.7.14.6.3" : "9.7.14.5.14";
  F.FragmentSpec = D.FragSpec;
  F.AType = D.AType;
  F.BType = D.BType;
  F.CType = D.CType;
  F.DType = D.DType;
  F.SType = D.SType;
  F.BuiltinOn = builtinLowering(D.SpVariant, D.AType, D.BitOp, D.Shape, &F.BuiltinDestVectorCrash,
                                &F.BuiltinArgs);

  if (F.Sparse)
    pushReq(F, ".spvariant", D.SpVariant);
  pushReq(F, ".sync", ".sync");
  pushReq(F, ".aligned", ".aligned");
  pushReq(F, ".shape", D.Shape);
  pushReq(F, ".alayout", D.ALayout, OrderGroup::Layout);
  pushReq(F, ".blayout", D.BLayout, OrderGroup::Layout);
  if (!D.Kind.empty())
    pushReq(F, ".kind", D.Kind);
  if (D.BlockScale)
    pushReq(F, ".block_scale", ".block_scale");
  if (!D.ScaleVec.empty())
    F.Quals.push_back(D.ScaleVecRequired ? req(".scale_vec_size", D.ScaleVec)
                                         : dflt(".scale_vec_size", D.ScaleVec));
  if (D.Rounding)
    pushQual(F, "opt .rnd", [] { return opt(".rnd", {".rn", ".rz", ".rm", ".rp"}); });
  if (D.Satfinite)
    pushQual(F, "opt .satfinite", [] { return opt(".satfinite", {".satfinite"}); });
  pushReq(F, ".dtype", D.DType, OrderGroup::Type);
  pushReq(F, ".atype", D.AType, OrderGroup::Type);
  pushReq(F, ".btype", D.BType, OrderGroup::Type);
  pushReq(F, ".ctype", D.CType, OrderGroup::Type);
  if (!D.SType.empty())
    pushReq(F, ".stype", D.SType, OrderGroup::Type);
  if (!D.BitOp.empty()) {
    pushReq(F, ".bitOp", D.BitOp);
    pushReq(F, ".popc", ".popc");
  }

  static const std::vector<std::string> Any32 = fragmentRegTypes(".b32");
  auto MakeFrag = [&](const char *Name, unsigned N, const std::string &T, bool Dest) {
    std::vector<std::string> Types = fragmentRegTypes(T);
    bool IsAB = Name[0] == 'a' || Name[0] == 'b';
    // ptxas 13.0 is stricter or looser than the element type in places
    // (docs/differences/mma.md): block-scaled A/B take .b32 only, A of
    // m8n8k16 integers only integer types; sparse bf16/tf32 A/B and .f32
    // accumulators take any 32-bit type.
    if (IsAB && D.BlockScale)
      Types = {".b32"};
    else if (IsAB && Name[0] == 'a' && D.Shape == ".m8n8k16")
      Types = {".b32", ".u32", ".s32"};
    else if (!D.SpVariant.empty() &&
             (D.AType == ".f16" || D.AType == ".bf16" || D.AType == ".tf32") &&
             ((IsAB && D.AType != ".f16") || (!IsAB && T == ".f32")))
      Types = Any32;
    OperandSpec O = vecOperand(Name, N, Types, T, elemsPerReg(T, D.Kind), Dest);
    // ptxas accepts constants inside source fragments, never in d.
    O.ImmAllowed = !Dest;
    return O;
  };
  // A fragment made once for everything MakeFrag reads.
  thread_local MadeOnce<OperandSpec> Frags;
  auto Frag = [&](const char *Name, unsigned N, const std::string &T, bool Dest) {
    llvm::SmallString<96> Key;
    for (llvm::StringRef S : {llvm::StringRef(Name), llvm::StringRef(T), llvm::StringRef(D.Shape),
                              llvm::StringRef(D.AType), llvm::StringRef(D.Kind)}) {
      Key += S;
      Key += '\0';
    }
    Key += std::to_string(N);
    Key += Dest ? 'd' : 's';
    Key += D.BlockScale ? 'b' : '-';
    Key += D.SpVariant.empty() ? '-' : 'p';
    return Frags.get(Key, [&] { return MakeFrag(Name, N, T, Dest); });
  };
  F.Operands.pushInterned(Frag("d", D.ND, D.DType, true));
  F.Operands.pushInterned(Frag("a", D.NA, D.AType, false));
  F.Operands.pushInterned(Frag("b", D.NB, D.BType, false));
  F.Operands.pushInterned(Frag("c", D.NC, D.CType, false));
  if (F.Sparse) {
    OperandSpec E;
    E.Name = "e";
    E.Shape = OperandShape::Scalar;
    // ptxas: any 32-bit register (.f16x2 too); never an immediate.
    E.RegTypes = fragmentRegTypes(".b32");
    E.ElemType = ".b32";
    F.Operands.push_back(E);
    OperandSpec Sel;
    Sel.Name = "f";
    Sel.Shape = OperandShape::Immediate;
    Sel.RegAllowed = false;
    Sel.ImmAllowed = true;
    Sel.ElemType = ".u32";
    F.Operands.push_back(Sel); // ranges filled by MmaSpTables.cpp
  }
  if (D.BlockScale) {
    for (int Side = 0; Side < 2; ++Side) {
      OperandSpec S;
      S.Name = Side ? "scale-b-data" : "scale-a-data";
      S.Shape = OperandShape::Scalar;
      S.RegTypes = Any32; // .f16x2 too
      S.ElemType = D.SType;
      S.ElemsPerReg = 4;
      F.Operands.push_back(S);
      OperandSpec P;
      P.Name = Side ? "{byte-id-b, thread-id-b}" : "{byte-id-a, thread-id-a}";
      P.Shape = OperandShape::SelectorPair;
      P.Count = 2;
      // .f16 only mixed with .b16 (vector typing), never alone.
      P.RegTypes = {".b16", ".u16", ".s16"};
      P.ImmAllowed = true;
      P.ElemType = ".u16";
      std::string SV = D.ScaleVec.empty() ? ".scale_vec::1X" : D.ScaleVec;
      P.Ranges = Side ? selectorRangesB(SV) : selectorRangesA(SV);
      F.Operands.push_back(P);
    }
  }
  return F;
}

Gate gate(std::string Feature, PtxVersion V, unsigned MinSm, std::vector<SpecificTarget> Specific,
          std::string Spec) {
  Gate G;
  G.Feature = std::move(Feature);
  G.Spec = std::move(Spec);
  G.MinPtx = V;
  G.Targets.MinSm = Specific.empty() ? MinSm : 0;
  G.Targets.Specific = std::move(Specific);
  return G;
}

static SpecificTarget st(unsigned Sm, char Suffix, bool Family, PtxVersion Since = {}) {
  SpecificTarget S;
  S.T.Sm = Sm;
  S.T.Suffix = Suffix;
  S.FamilyOrHigher = Family;
  S.Since = Since;
  return S;
}

std::vector<SpecificTarget> sm120Family() {
  // "requires sm_120a and is supported on sm_120f from PTX ISA 8.8"; sm_120f
  // itself needs PTX 8.8, and ptxas takes sm_121a/sm_121f as family members.
  return {st(120, 'a', false), st(120, 'f', true, PtxVersion(8, 8))};
}

std::vector<SpecificTarget> sm100to120Families() {
  // ptxas 13.0 accepts .kind::f8f6f4 with .e4m3/.e5m2 on sm_100a/f, sm_103a/f,
  // sm_110a/f, sm_120a/f and sm_121a/f (the spec names only sm_120a).
  return {st(100, 'f', true), st(110, 'f', true), st(120, 'f', true)};
}

} // namespace mma

namespace {
/// The fragments in which ptxas 13.0 takes a vector of .pred registers only
/// (`{%p0, %p1}`) where the form is not lowered to a built-in call, probed
/// with `ptxas -arch sm_121a` (and sm_80) on every form's a, b, c and d
/// (test/diff/variants-mma.test, docs/differences/mma.md, "Vectors of .pred
/// registers"). Every other fragment of mma, mma.sp and wmma refuses it:
/// "Arguments mismatch for instruction 'mma'" or "Unexpected instruction
/// types specified for 'mma'". Block-scaled forms refuse it everywhere.
struct PredVectorRow {
  Family Fam;
  const char *Operands; ///< space-separated operand names
  const char *ATypes;   ///< space-separated multiplicand types
  const char *CType;    ///< "" for any
};
const PredVectorRow PredVectorTable[] = {
    {Family::Mma, "a b", ".s8 .u8 .s4 .u4 .b1 .e4m3 .e5m2 .e3m2 .e2m3 .e2m1", ""},
    {Family::MmaSp, "a b", ".bf16 .tf32 .s8 .u8 .s4 .u4 .e4m3 .e5m2 .e3m2 .e2m3 .e2m1", ""},
    {Family::MmaSp, "c d", ".f16 .bf16 .tf32", ".f32"},
};

bool inList(llvm::StringRef List, llvm::StringRef Word) {
  llvm::SmallVector<llvm::StringRef, 12> Words;
  List.split(Words, ' ', -1, false);
  return llvm::is_contained(Words, Word);
}
} // namespace

bool takesPredicateVector(const Form &F, llvm::StringRef Operand) {
  if (F.Fam == Family::Ldmatrix || F.Fam == Family::Stmatrix || F.Fam == Family::Movmatrix)
    return true;
  if (!F.SType.empty())
    return false;
  for (const PredVectorRow &R : PredVectorTable)
    if (R.Fam == F.Fam && inList(R.Operands, Operand) && inList(R.ATypes, F.AType) &&
        (!*R.CType || F.CType == R.CType))
      return true;
  return false;
}

TargetGate builtinLowering(llvm::StringRef Variant, llvm::StringRef AType, llvm::StringRef BitOp,
                           llvm::StringRef Shape, bool *DestVectorCrash, std::string *Args) {
  TargetGate G;
  for (const mma::BuiltinLoweringRow &R : mma::BuiltinLoweringTable)
    if (Variant == R.Variant && AType == R.AType && (!*R.BitOp || BitOp == R.BitOp) &&
        (!*R.Shape || Shape == R.Shape)) {
      G.MinSm = R.FromSm;
      if (DestVectorCrash)
        *DestVectorCrash = R.DestVectorCrash;
      if (Args)
        *Args = R.Args;
    }
  return G;
}

namespace {
// Each type's own gate, as ptxas reports it for a stray one: "Feature '.b1'
// requires .target sm_75 or higher", "Feature '.bf16' requires PTX ISA
// .version 7.0 or later" (sm_75 itself needs PTX ISA 6.3).
const StrayType StrayTypes[] = {
    {".b1", 75, PtxVersion(6, 3)},   {".s4", 75, PtxVersion(6, 3)},   {".u4", 75, PtxVersion(6, 3)},
    {".bf16", 80, PtxVersion(7, 0)}, {".tf32", 80, PtxVersion(7, 0)},
};

bool isOneOf(const std::string &T, std::initializer_list<const char *> Set) {
  for (const char *S : Set)
    if (T == S)
      return true;
  return false;
}
} // namespace

const StrayType *strayType(llvm::StringRef T) {
  for (const StrayType &S : StrayTypes)
    if (T == S.Type)
      return &S;
  return nullptr;
}

bool ignoresStrayType(const Form &F) {
  // Probed with ptxas 13.0: each valid form with each of the five types
  // appended, at its minimum and newest version/target.
  switch (F.Fam) {
  case Family::Mma:
    // Every form but those whose A/B type is itself one of the stray types
    // (.bf16, .tf32, .b1: "Incorrect instruction type" / "Unexpected number
    // of instruction types"); the .s4/.u4 forms take it.
    return !isOneOf(F.AType, {".bf16", ".tf32", ".b1"});
  case Family::MmaSp:
    // f16 and the fp8/fp6/fp4 kinds only: bf16/tf32 forms refuse it
    // ("Incorrect instruction type"), integer ones too ("Unexpected number
    // of instruction types specified for Sparse mma").
    return !isOneOf(F.AType, {".bf16", ".tf32", ".s8", ".u8", ".s4", ".u4"});
  case Family::WmmaLoad:
  case Family::WmmaStore:
    // Only the .s32 accumulator of the sub-byte and single-bit shapes.
    return (F.Shape == ".m8n8k32" || F.Shape == ".m8n8k128") &&
           (F.CType == ".s32" || F.DType == ".s32");
  default:
    // wmma.mma, ldmatrix and stmatrix refuse it ("Unexpected instruction
    // types"); movmatrix's check handles it itself.
    return false;
  }
}

namespace mma {

namespace {
/// Width of one element of T in a fragment (its container: the fp6/fp4
/// types take a byte except in the e2m1 block-scale kinds).
unsigned fragmentElementBits(const std::string &T, const std::string &Kind) {
  if (T == ".f64")
    return 64;
  if (T == ".f32" || T == ".s32" || T == ".tf32")
    return 32;
  if (T == ".f16" || T == ".bf16")
    return 16;
  if (T == ".s4" || T == ".u4")
    return 4;
  if (T == ".b1")
    return 1;
  if (T == ".e2m1" && (Kind == ".kind::mxf4" || Kind == ".kind::mxf4nvf4"))
    return 4;
  return 8; // .s8/.u8 and the fp8/fp6 types, .e2m1 in .kind::f8f6f4
}
} // namespace

void deriveFragmentCounts(MmaDesc &D) {
  unsigned M = 0, N = 0, K = 0;
  llvm::StringRef S(D.Shape);
  S.consume_front(".m");
  std::pair<llvm::StringRef, llvm::StringRef> MN = S.split('n'), NK = MN.second.split('k');
  MN.first.getAsInteger(10, M);
  NK.first.getAsInteger(10, N);
  NK.second.getAsInteger(10, K);
  unsigned RegBits = D.AType == ".f64" ? 64 : 32;
  unsigned QuadPairs = D.Shape == ".m8n8k4" && D.AType != ".f64" ? 4 : 1;
  auto Regs = [&](unsigned R, unsigned C, unsigned W) {
    return R * C * W * QuadPairs / (32 * RegBits);
  };
  unsigned KA = D.SpVariant.empty() ? K : K / 2;
  D.NA = Regs(M, KA, fragmentElementBits(D.AType, D.Kind));
  D.NB = Regs(N, K, fragmentElementBits(D.BType, D.Kind));
  D.NC = Regs(M, N, fragmentElementBits(D.CType, D.Kind));
  D.ND = Regs(M, N, fragmentElementBits(D.DType, D.Kind));
}

} // namespace mma

llvm::ArrayRef<TypedFragment> mmaTypedFragments() {
  // Found by the outside sweep (tools/dev/matrix-outside.py); each row was
  // probed element by element with ptxas 13.0 -arch sm_NN on sm_75, sm_80,
  // sm_90, sm_100 and sm_120 (docs/differences/mma.md).
  static const char *const M8n8k16Low = "\"Arguments mismatch for instruction '_mma'\"";
  static const char *const M8n8k16High =
      "\"Argument 1 of instruction 'mma': must be register or constant\" for a component, "
      "\"Vector with elements of different types are not allowed\" for a .pred register";
  static const char *const F64Dest =
      "\"Special register argument not allowed for instruction 'mov'\"";
  static const TypedFragment Rows[] = {
      // m8n8k16 with 8-bit inputs below sm_100 is ptxas's '_mma': a and b are
      // 32-bit integer registers (.f32, .f16x2, .pred and .f32 components
      // fail; .b32 components and %laneid pass).
      {".s8", ".m8n8k16", "a b", 0, 100, 0, ".b32 .s32 .u32", true, true, true, true, true,
       M8n8k16Low},
      {".u8", ".m8n8k16", "a b", 0, 100, 0, ".b32 .s32 .u32", true, true, true, true, true,
       M8n8k16Low},
      // From sm_100 on: b takes any 32-bit register; a refuses a .pred
      // register and a vector component, c a vector component.
      {".s8", ".m8n8k16", "a", 100, 0, 0, ".b32 .s32 .u32", true, true, true, false, true,
       M8n8k16High},
      {".u8", ".m8n8k16", "a", 100, 0, 0, ".b32 .s32 .u32", true, true, true, false, true,
       M8n8k16High},
      {".s8", ".m8n8k16", "c", 100, 0, 0, "", true, true, true, false, true,
       "\"Argument 3 of instruction 'mma': must be register or constant\""},
      {".u8", ".m8n8k16", "c", 100, 0, 0, "", true, true, true, false, true,
       "\"Argument 3 of instruction 'mma': must be register or constant\""},
      // f64 m16n8k* from sm_100 on: no special register (%clock64) in d
      // (m8n8k4 takes it).
      {".f64", ".m16n8k4", "d", 100, 0, 0, "", false, true, true, true, true, F64Dest},
      {".f64", ".m16n8k8", "d", 100, 0, 0, "", false, true, true, true, true, F64Dest},
      {".f64", ".m16n8k16", "d", 100, 0, 0, "", false, true, true, true, true, F64Dest},
  };
  return Rows;
}

} // namespace spec
} // namespace ptxlint
