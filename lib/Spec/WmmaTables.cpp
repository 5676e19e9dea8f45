//===- WmmaTables.cpp - spec tables of wmma.load/store/mma (9.7.14.4) -----===//
//
// Every form of wmma.load (9.7.14.4.3), wmma.store (9.7.14.4.4) and wmma.mma
// (9.7.14.4.5), built as cartesian products of the syntax lines' options and
// filtered by one exclusion rule per spec sentence. Fragment sizes are the
// tables of 9.7.14.4.1; register types, sinks, immediates and the gates were
// established with ptxas 13.0 (docs/differences/wmma-ldst.md).
//
// Canonical qualifier order is the order of the syntax lines
// (`wmma.load.a.sync.aligned.layout.shape{.ss}.atype`), which is also what
// nvcc and LLVM emit; the spec's own examples write the shape before the
// layout, which ptxas accepts (the matcher reports it as a note).
//
// What ptxas 13.0 does beyond the syntax lines is data here too, handled by
// the generic matcher: `.aligned` is an error before PTX ISA 6.3 and
// required from 6.3 (alignedSlot()), `.satfinite` on floating-point wmma.mma
// is a ptxas warning before 6.5 and an error from 6.5 (makeMma), ignored and
// repeatable qualifiers, the `.popc` order and the 5.1 alias (quirks()).
// Only the sub-opcode (`.load`/`.store`/`.mma` directly followed by
// `.a`/`.b`/`.c`/`.d`, one name to ptxas) is lib/Check/CheckWmma.cpp's.
//
// Combinations ptxas accepts although the spec does not list them are kept
// as RejectedForms of kind PtxasOnly (the matcher reports them as warnings,
// not errors); they never appear in enumerateForms().
//
//===----------------------------------------------------------------------===//
#include "Spec/MmaCommon.h"
#include "Spec/Spec.h"

#include <tuple>

namespace ptxlint {
namespace spec {

namespace {

const char *const FragSec = "9.7.14.4.1";
const char *const LoadSec = "9.7.14.4.3";
const char *const StoreSec = "9.7.14.4.4";
const char *const MmaSec = "9.7.14.4.5";

const std::vector<std::string> RowCol = {".row", ".col"};

/// `.aligned`: "considered implicit" before PTX ISA 6.3; ptxas rejects it
/// written before 6.3 ("Feature '.aligned modifier for wmma' requires PTX
/// ISA .version 6.3 or later") and requires it from 6.3.
QualSlot alignedSlot() {
  QualSlot Q = opt(".aligned", {".aligned"});
  Q.Introduced = Q.RequiredFrom = {6, 3};
  return Q;
}

/// What every wmma family shares beyond its forms (ptxas 13.0,
/// docs/differences/wmma-ldst.md).
void quirks(FormSet &Out) {
  ignoreLdmatrixFormats(Out, "'{q}' is an ldmatrix format qualifier with no meaning for {f}; "
                             "ptxas 13.0 accepts and ignores it");
  Out.Repeatable = {".sync"};
  // ptxas takes PTX ISA 6.0 wmma at the undocumented 5.1.
  Out.AliasWritten = {5, 1};
  Out.AliasTreatedAs = {6, 0};
}

/// A class of element types sharing gates (the spec's "PTX ISA Notes" and
/// "Target ISA Notes" are per class, not per type).
enum class TypeClass { F16, Int8, SubByte, Bit, BF16, TF32, F64 };

Gate classGate(TypeClass C, llvm::StringRef Sec) {
  Gate G;
  G.Spec = Sec.str();
  switch (C) {
  case TypeClass::F16:
    G.Feature = "floating point wmma";
    G.MinPtx = {6, 0};
    G.Targets.MinSm = 70;
    break;
  case TypeClass::Int8:
    G.Feature = "integer wmma";
    G.MinPtx = {6, 3};
    G.Targets.MinSm = 72;
    break;
  case TypeClass::SubByte:
    G.Feature = "sub-byte integer wmma";
    G.MinPtx = {6, 3};
    G.Targets.MinSm = 75;
    break;
  case TypeClass::Bit:
    G.Feature = "single-bit wmma";
    G.MinPtx = {6, 3};
    G.Targets.MinSm = 75;
    break;
  case TypeClass::BF16:
  case TypeClass::TF32:
    G.Feature = "alternate floating point precision wmma";
    G.MinPtx = {7, 0};
    G.Targets.MinSm = 80;
    break;
  case TypeClass::F64:
    G.Feature = "double precision wmma";
    G.MinPtx = {7, 0};
    G.Targets.MinSm = 80;
    break;
  }
  return G;
}

/// `.m8n32k16` and `.m32n8k16` came one version after wmma itself.
void addShapeGate(Form &F, llvm::StringRef Shape, llvm::StringRef Sec) {
  if (Shape != ".m8n32k16" && Shape != ".m32n8k16")
    return;
  Gate G;
  G.Feature = "shape " + Shape.str();
  G.Spec = Sec.str();
  G.MinPtx = {6, 1};
  addGate(F, G);
}

/// `.shared::cta` (PTX ISA notes of every wmma instruction).
void addCtaGate(Form &F, llvm::StringRef Sec) {
  Gate G;
  G.Feature = "the ::cta sub-qualifier";
  G.Spec = Sec.str();
  G.MinPtx = {7, 8};
  addGate(F, G);
}

/// Preview feature note (PTX ISA notes of 9.7.14.4.3-5).
const char *const PreviewNote =
    "sub-byte and single-bit wmma are preview features: details may change in "
    "future PTX ISA versions";

} // namespace

//===----------------------------------------------------------------------===//
// Register types ptxas 13.0 accepts (docs/differences/wmma-ldst.md)
//===----------------------------------------------------------------------===//

namespace {

/// Which operand a fragment is: ptxas's accepted register types differ.
enum class WmmaRole { LoadStore, MmaMultiplicand, MmaAccumulator };

std::vector<std::string> fragRegTypes(llvm::StringRef ElemType, WmmaRole Role) {
  if (ElemType == ".f16")
    return {".b32", ".f16x2"};
  if (ElemType == ".f32")
    return {".b32", ".f32"};
  if (ElemType == ".s32" || ElemType == ".s8" || ElemType == ".u8")
    return {".b32", ".s32", ".u32"};
  if (ElemType == ".bf16" || ElemType == ".tf32")
    return {".b32"};
  if (ElemType == ".s4" || ElemType == ".u4" || ElemType == ".b1") {
    // wmma.load takes any 32-bit register here; wmma.mma only integer ones.
    if (Role == WmmaRole::LoadStore)
      return {".b32", ".s32", ".u32", ".f32", ".f16x2"};
    return {".b32", ".s32", ".u32"};
  }
  if (ElemType == ".f64") {
    // wmma.mma's c and d also take .u64 and .s64 (a and b do not): a ptxas
    // quirk.
    if (Role == WmmaRole::MmaAccumulator)
      return {".f64", ".b64", ".u64", ".s64"};
    return {".f64", ".b64"};
  }
  return {};
}

const std::vector<std::string> &addressRegTypes() {
  static const std::vector<std::string> T = {".b64", ".u64", ".s64", ".b32", ".u32", ".s32"};
  return T;
}

} // namespace

//===----------------------------------------------------------------------===//
// Fragment table (9.7.14.4.1), as data
//===----------------------------------------------------------------------===//

namespace {

/// Registers per thread of A and B for one (shape, multiplicand type).
struct FragRow {
  const char *Shape;
  const char *MulType; ///< .atype/.btype
  TypeClass Class;
  unsigned NA, NB;
};

const FragRow FragRows[] = {
    // .f16 multiplicands: eight .f16x2 each; .f16 accumulators four
    // .f16x2, .f32 eight .f32 (9.7.14.4.1 "Floating point fragments").
    {".m16n16k16", ".f16", TypeClass::F16, 8, 8},
    {".m8n32k16", ".f16", TypeClass::F16, 8, 8},
    {".m32n8k16", ".f16", TypeClass::F16, 8, 8},
    // .u8/.s8 ("Integer fragments").
    {".m16n16k16", ".s8", TypeClass::Int8, 2, 2},
    {".m16n16k16", ".u8", TypeClass::Int8, 2, 2},
    {".m8n32k16", ".s8", TypeClass::Int8, 1, 4},
    {".m8n32k16", ".u8", TypeClass::Int8, 1, 4},
    {".m32n8k16", ".s8", TypeClass::Int8, 4, 1},
    {".m32n8k16", ".u8", TypeClass::Int8, 4, 1},
    // .bf16 ("Floating point fragments for .bf16 data format").
    {".m16n16k16", ".bf16", TypeClass::BF16, 4, 4},
    {".m8n32k16", ".bf16", TypeClass::BF16, 2, 8},
    {".m32n8k16", ".bf16", TypeClass::BF16, 8, 2},
    // .tf32 ("Floating point fragments for .tf32 data format").
    {".m16n16k8", ".tf32", TypeClass::TF32, 4, 4},
    // .f64 ("Double precision floating point fragments").
    {".m8n8k4", ".f64", TypeClass::F64, 1, 1},
    // Sub-byte and single-bit ("Sub-byte integer and single-bit fragments").
    {".m8n8k32", ".s4", TypeClass::SubByte, 1, 1},
    {".m8n8k32", ".u4", TypeClass::SubByte, 1, 1},
    {".m8n8k128", ".b1", TypeClass::Bit, 1, 1},
};

TypeClass cls(TypeClass T) { return T; }

/// Accumulator registers of a shape for accumulator type T.
unsigned accCount(llvm::StringRef Shape, llvm::StringRef T) {
  if (Shape == ".m8n8k4" || Shape == ".m8n8k32" || Shape == ".m8n8k128")
    return 2; // one .f64 pair, or two .s32
  return T == ".f16" ? 4 : 8;
}

unsigned elemsPerReg(llvm::StringRef T) {
  if (T == ".f16" || T == ".bf16")
    return 2;
  if (T == ".s8" || T == ".u8")
    return 4;
  if (T == ".s4" || T == ".u4")
    return 8;
  if (T == ".b1")
    return 32;
  return 1;
}

/// Element type as seen by the data generator (".f16" fragments live in
/// .f16x2 registers; tf32 in .b32).
std::string elemType(llvm::StringRef T) { return T.str(); }

/// The state-space variants of one form: generic/.global/.shared (the slot
/// is optional) and `.shared::cta` (PTX ISA 7.8).
template <typename Fn> void forEachSpace(Fn &&Make) {
  Make(opt(".ss", {".global", ".shared"}), false);
  Make(req(".ss", ".shared::cta"), true);
}

OperandSpec addressOperand() {
  OperandSpec P;
  P.Name = "p";
  P.Shape = OperandShape::Address;
  P.RegTypes = addressRegTypes();
  return P;
}

OperandSpec strideOperand() {
  OperandSpec S;
  S.Name = "stride";
  S.Shape = OperandShape::Scalar;
  S.RegTypes = {".b32", ".u32", ".s32"};
  S.ImmAllowed = true;
  S.Optional = true;
  S.ElemType = ".u32";
  return S;
}

} // namespace

//===----------------------------------------------------------------------===//
// wmma.load (9.7.14.4.3)
//===----------------------------------------------------------------------===//

namespace {

/// One load/store form.
Form makeLoadStore(Family Fam, llvm::StringRef Matrix, llvm::StringRef Layout,
                   llvm::StringRef Shape, llvm::StringRef Type, unsigned Count,
                   const QualSlot &Space, bool Cta, TypeClass C) {
  bool IsLoad = Fam == Family::WmmaLoad;
  llvm::StringRef Sec = IsLoad ? LoadSec : StoreSec;
  Form F;
  F.Fam = Fam;
  F.Opcode = "wmma";
  F.Quals.push_back(req(".op", IsLoad ? ".load" : ".store"));
  F.Quals.push_back(req(".matrix", Matrix));
  F.Quals.push_back(req(".sync", ".sync"));
  F.Quals.push_back(alignedSlot());
  F.Quals.push_back(req(".layout", Layout, OrderGroup::Layout));
  F.Quals.push_back(req(".shape", Shape));
  F.Quals.push_back(Space);
  std::string TypeSlot = !IsLoad          ? ".type"
                         : Matrix == ".a" ? ".atype"
                         : Matrix == ".b" ? ".btype"
                                          : ".ctype";
  F.Quals.push_back(req(TypeSlot, Type, OrderGroup::Type));

  OperandSpec R = vecOperand("r", Count, fragRegTypes(Type, WmmaRole::LoadStore), elemType(Type),
                             elemsPerReg(Type), /*IsDest=*/IsLoad);
  // Stored fragments may hold immediates (ptxas accepts them); loaded ones
  // must be registers or sinks.
  R.ImmAllowed = !IsLoad;
  if (IsLoad) {
    F.Operands.push_back(R);
    F.Operands.push_back(addressOperand());
  } else {
    F.Operands.push_back(addressOperand());
    F.Operands.push_back(R);
  }
  F.Operands.push_back(strideOperand());

  if (Matrix == ".a")
    F.AType = Type.str();
  else if (Matrix == ".b")
    F.BType = Type.str();
  else if (Matrix == ".c")
    F.CType = Type.str();
  else
    F.DType = Type.str();
  F.Shape = Shape.str();
  F.Spec = Sec.str();
  F.FragmentSpec = FragSec;
  addGate(F, classGate(C, Sec));
  addShapeGate(F, Shape, Sec);
  if (Cta)
    addCtaGate(F, Sec);
  // The preview-feature note is given once per computation, on wmma.mma,
  // not on every load and store of its fragments.
  return F;
}

/// Accumulator types per shape for wmma.load.c / wmma.store.d.
struct AccRow {
  const char *Shape;
  std::vector<const char *> Types;
  TypeClass Class; ///< for the gate of the accumulator form
};

const AccRow AccRows[] = {
    {".m16n16k16", {".f16", ".f32", ".s32"}, TypeClass::F16},
    {".m8n32k16", {".f16", ".f32", ".s32"}, TypeClass::F16},
    {".m32n8k16", {".f16", ".f32", ".s32"}, TypeClass::F16},
    {".m16n16k8", {".f32"}, TypeClass::TF32},
    {".m8n8k4", {".f64"}, TypeClass::F64},
    {".m8n8k32", {".s32"}, TypeClass::SubByte},
    {".m8n8k128", {".s32"}, TypeClass::Bit},
};

/// The class that gates an accumulator form: .s32 on the 16-bit shapes is
/// integer wmma (sm_72, PTX 6.3).
TypeClass accClass(const AccRow &R, llvm::StringRef T) {
  if (R.Class == TypeClass::F16 && T == ".s32")
    return TypeClass::Int8;
  return R.Class;
}

void buildLoadStore(FormSet &Out, Family Fam) {
  quirks(Out);
  bool IsLoad = Fam == Family::WmmaLoad;
  llvm::StringRef Sec = IsLoad ? LoadSec : StoreSec;

  // Multiplicands (wmma.load.a / .b only).
  if (IsLoad) {
    for (const FragRow &Row : FragRows)
      for (const char *M : {".a", ".b"})
        for (const std::string &L : RowCol)
          forEachSpace([&](const QualSlot &Space, bool Cta) {
            TypeClass C = cls(Row.Class);
            unsigned N = llvm::StringRef(M) == ".a" ? Row.NA : Row.NB;
            Form F = makeLoadStore(Fam, M, L, Row.Shape, Row.MulType, N, Space, Cta, C);
            // 9.7.14.4.3 "Sub-byte loads" / "Single-bit loads": A is
            // .row-only and B .col-only.
            bool SubByte = C == TypeClass::SubByte || C == TypeClass::Bit;
            if (SubByte && llvm::StringRef(M) == ".a" && L != ".row")
              return addRejected(Out, std::move(F), Rule::WmmaLoadLayout, Sec,
                                 "sub-byte and single-bit matrix A must be loaded with .row",
                                 ".layout");
            if (SubByte && llvm::StringRef(M) == ".b" && L != ".col")
              return addRejected(Out, std::move(F), Rule::WmmaLoadLayout, Sec,
                                 "sub-byte and single-bit matrix B must be loaded with .col",
                                 ".layout");
            Out.Forms.push_back(std::move(F));
          });
  }

  // Accumulators: wmma.load.c / wmma.store.d.
  const char *M = IsLoad ? ".c" : ".d";
  for (const AccRow &Row : AccRows)
    for (const char *T : Row.Types)
      for (const std::string &L : RowCol)
        forEachSpace([&](const QualSlot &Space, bool Cta) {
          Out.Forms.push_back(makeLoadStore(Fam, M, L, Row.Shape, T, accCount(Row.Shape, T), Space,
                                            Cta, accClass(Row, T)));
        });

  // ptxas 13.0 also accepts .f32 accumulators for the sub-byte shapes
  // (two registers), which the spec does not list: a warning.
  for (const char *Shape : {".m8n8k32", ".m8n8k128"})
    for (const std::string &L : RowCol)
      forEachSpace([&](const QualSlot &Space, bool Cta) {
        Form F = makeLoadStore(Fam, M, L, Shape, ".f32", 2, Space, Cta,
                               llvm::StringRef(Shape) == ".m8n8k32" ? TypeClass::SubByte
                                                                    : TypeClass::Bit);
        addRejected(Out, std::move(F), IsLoad ? Rule::WmmaLoadPtxasOnly : Rule::WmmaStorePtxasOnly,
                    Sec,
                    std::string("the accumulator of ") + Shape +
                        " is .s32 in the spec; ptxas accepts .f32 but its meaning is "
                        "undocumented",
                    IsLoad ? ".ctype" : ".type", RejectKind::PtxasOnly);
      });
}

//===----------------------------------------------------------------------===//
// wmma.mma (9.7.14.4.5)
//===----------------------------------------------------------------------===//

struct MmaDesc {
  std::string Op; ///< ".xor"/".and" for single-bit, else ""
  std::string ALayout, BLayout, Shape;
  std::vector<std::string> Types; ///< as written: d c (f16) or d a b c
  std::string AType, BType, CType, DType;
  unsigned ND, NA, NB, NC;
  bool Satfinite = false;
  bool Rounding = false;
  TypeClass Class;
};

Form makeMma(const MmaDesc &D) {
  Form F;
  F.Fam = Family::WmmaMma;
  F.Opcode = "wmma";
  F.Quals.push_back(req(".mma", ".mma"));
  if (!D.Op.empty()) {
    F.Quals.push_back(req(".op", D.Op));
    F.Quals.push_back(req(".popc", ".popc"));
  }
  F.Quals.push_back(req(".sync", ".sync"));
  F.Quals.push_back(alignedSlot());
  F.Quals.push_back(req(".alayout", D.ALayout, OrderGroup::Layout));
  F.Quals.push_back(req(".blayout", D.BLayout, OrderGroup::Layout));
  F.Quals.push_back(req(".shape", D.Shape));
  if (D.Rounding)
    F.Quals.push_back(opt(".rnd", {".rn", ".rz", ".rm", ".rp"}));
  if (D.Types.size() == 4)
    F.BuiltinOn =
        builtinLowering("", D.Types[1], D.Op, D.Shape, &F.BuiltinDestVectorCrash, &F.BuiltinArgs);
  if (D.Types.size() == 2) {
    F.Quals.push_back(req(".dtype", D.Types[0], OrderGroup::Type));
    F.Quals.push_back(req(".ctype", D.Types[1], OrderGroup::Type));
  } else {
    F.Quals.push_back(req(".dtype", D.Types[0], OrderGroup::Type));
    F.Quals.push_back(req(".atype", D.Types[1], OrderGroup::Type));
    F.Quals.push_back(req(".btype", D.Types[2], OrderGroup::Type));
    F.Quals.push_back(req(".ctype", D.Types[3], OrderGroup::Type));
  }
  if (D.Satfinite) {
    QualSlot S = opt(".satfinite", {".satfinite"});
    if (D.DType != ".s32") { // PTX ISA notes of 9.7.14.4.5
      S.Deprecated = {6, 4};
      S.Removed = {6, 5};
      S.RemovedRule = Rule::WmmaMmaSatfinite;
      S.RemovedWhat = "'.satfinite' on floating-point wmma.mma";
      S.RemovedNote = "ptxas warns that it may produce unexpected results on sm_70 and later";
    }
    F.Quals.push_back(S);
  }

  auto Frag = [&](const char *Name, unsigned N, const std::string &T, bool Dest) {
    bool Acc = Name[0] == 'c' || Name[0] == 'd';
    OperandSpec O = vecOperand(
        Name, N, fragRegTypes(T, Acc ? WmmaRole::MmaAccumulator : WmmaRole::MmaMultiplicand),
        elemType(T), elemsPerReg(T), Dest);
    // ptxas accepts immediates inside the source fragments (not in d).
    O.ImmAllowed = !Dest;
    return O;
  };
  F.Operands.push_back(Frag("d", D.ND, D.DType, true));
  F.Operands.push_back(Frag("a", D.NA, D.AType, false));
  F.Operands.push_back(Frag("b", D.NB, D.BType, false));
  F.Operands.push_back(Frag("c", D.NC, D.CType, false));
  F.AType = D.AType;
  F.BType = D.BType;
  F.CType = D.CType;
  F.DType = D.DType;
  F.Shape = D.Shape;
  F.Spec = MmaSec;
  F.FragmentSpec = FragSec;
  // The stronger .and gate first: the matcher reports the first failing one.
  if (D.Op == ".and") {
    Gate G;
    G.Feature = "the .and operation of single-bit wmma.mma";
    G.Spec = MmaSec;
    G.MinPtx = {7, 1};
    G.Targets.MinSm = 80;
    addGate(F, G);
  }
  addGate(F, classGate(D.Class, MmaSec));
  addShapeGate(F, D.Shape, MmaSec);
  if (D.Class == TypeClass::SubByte || D.Class == TypeClass::Bit)
    F.Advisory = PreviewNote;
  return F;
}

void buildMma(FormSet &Out) {
  quirks(Out);
  Out.Ignored.push_back(
      {".pred", "", "'{q}' is not a type of wmma.mma; ptxas 13.0 accepts and ignores it", 0});
  Out.Repeatable.push_back(".satfinite");
  Out.Order.push_back({{".xor", ".and"}, ".popc", Rule::WmmaMmaPopcOrder});
  auto Reject = [&](const MmaDesc &D, ptxlint::Rule Rule, std::string Why, const char *Slot,
                    RejectKind Kind = RejectKind::Excluded) {
    addRejected(Out, makeMma(D), Rule, MmaSec, std::move(Why), Slot, Kind);
  };
  for (const FragRow &Row : FragRows) {
    TypeClass C = cls(Row.Class);
    std::string T = Row.MulType;
    for (const std::string &AL : RowCol)
      for (const std::string &BL : RowCol) {
        MmaDesc D;
        D.ALayout = AL;
        D.BLayout = BL;
        D.Shape = Row.Shape;
        D.Class = C;
        D.AType = D.BType = T;
        D.NA = Row.NA;
        D.NB = Row.NB;
        bool SubByte = C == TypeClass::SubByte || C == TypeClass::Bit;
        // "wmma.mma.sync.aligned.row.col.shape..." is the only layout pair
        // the sub-byte and single-bit syntax lines have.
        bool BadLayout = SubByte && (AL != ".row" || BL != ".col");
        auto Emit = [&](const MmaDesc &X) {
          if (BadLayout)
            return Reject(X, Rule::WmmaMmaLayout,
                          "sub-byte and single-bit wmma.mma requires .row.col layouts",
                          AL != ".row" ? ".alayout" : ".blayout");
          Out.Forms.push_back(makeMma(X));
        };
        switch (C) {
        case TypeClass::F16:
          // ".dtype.ctype" only: .atype/.btype are implied .f16 (ptxas
          // rejects them written out, see the differences doc).
          for (const char *DT : {".f16", ".f32"})
            for (const char *CT : {".f16", ".f32"}) {
              MmaDesc X = D;
              X.Types = {DT, CT};
              X.DType = DT;
              X.CType = CT;
              X.ND = accCount(Row.Shape, DT);
              X.NC = accCount(Row.Shape, CT);
              X.Satfinite = true; // removed in 6.5 (makeMma)
              Emit(X);
            }
          break;
        case TypeClass::Int8:
        case TypeClass::SubByte:
        case TypeClass::Bit: {
          MmaDesc X = D;
          X.Types = {".s32", T, T, ".s32"};
          X.DType = X.CType = ".s32";
          X.ND = X.NC = accCount(Row.Shape, ".s32");
          if (C == TypeClass::Bit) {
            for (const char *Op : {".xor", ".and"}) {
              MmaDesc Y = X;
              Y.Op = Op;
              Emit(Y);
            }
          } else {
            X.Satfinite = true;
            Emit(X);
          }
          break;
        }
        case TypeClass::BF16:
        case TypeClass::TF32: {
          MmaDesc X = D;
          X.Types = {".f32", T, T, ".f32"};
          X.DType = X.CType = ".f32";
          X.ND = X.NC = 8;
          Emit(X);
          break;
        }
        case TypeClass::F64: {
          MmaDesc X = D;
          X.Types = {".f64", ".f64", ".f64", ".f64"};
          X.DType = X.CType = ".f64";
          X.ND = X.NC = 2;
          X.Rounding = true;
          Emit(X);
          break;
        }
        }
      }
  }

  // "the values for .atype and .btype must be the same" (integer and
  // sub-byte wmma): the mixed pairs, so the check can quote the sentence.
  for (const char *Shape : {".m16n16k16", ".m8n32k16", ".m32n8k16", ".m8n8k32"}) {
    bool Sub = llvm::StringRef(Shape) == ".m8n8k32";
    const char *P = Sub ? ".s4" : ".s8";
    const char *Q = Sub ? ".u4" : ".u8";
    for (auto AB : {std::make_pair(P, Q), std::make_pair(Q, P)}) {
      MmaDesc X;
      X.ALayout = ".row";
      X.BLayout = ".col";
      X.Shape = Shape;
      X.Class = Sub ? TypeClass::SubByte : TypeClass::Int8;
      X.Types = {".s32", AB.first, AB.second, ".s32"};
      X.AType = AB.first;
      X.BType = AB.second;
      X.DType = X.CType = ".s32";
      X.ND = X.NC = Sub ? 2 : 8;
      X.NA = X.NB = 1;
      X.Satfinite = true;
      Reject(X, Rule::WmmaMmaTypeCombination,
             "integer and sub-byte wmma.mma requires .atype and .btype to be the same", ".btype");
    }
  }

  // ptxas 13.0 accepts double precision wmma.mma with shapes .m16n16k16
  // (eight .f64 each) and .m16n16k8 (8/4/4/8) that the spec does not have;
  // wmma.load cannot produce those fragments.
  for (auto S : {std::make_tuple(".m16n16k16", 8u, 8u), std::make_tuple(".m16n16k8", 4u, 4u)})
    for (const std::string &AL : RowCol)
      for (const std::string &BL : RowCol) {
        MmaDesc X;
        X.ALayout = AL;
        X.BLayout = BL;
        X.Shape = std::get<0>(S);
        X.Class = TypeClass::F64;
        X.Types = {".f64", ".f64", ".f64", ".f64"};
        X.AType = X.BType = X.CType = X.DType = ".f64";
        X.ND = X.NC = 8;
        X.NA = std::get<1>(S);
        X.NB = std::get<2>(S);
        X.Rounding = true;
        Reject(X, Rule::WmmaMmaPtxasOnly,
               "double precision wmma.mma is .m8n8k4 only in the spec; ptxas accepts " + X.Shape +
                   " but its meaning is undocumented",
               ".shape", RejectKind::PtxasOnly);
      }
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

// Declared in Spec.h by the spec owner (dispatch in Forms.cpp); repeated
// here so this file compiles on its own.
void buildWmmaLoadForms(FormSet &Out);
void buildWmmaStoreForms(FormSet &Out);
void buildWmmaMmaForms(FormSet &Out);
unsigned wmmaDefaultStride(llvm::StringRef Shape, llvm::StringRef Matrix, llvm::StringRef Layout);
unsigned wmmaElementBits(llvm::StringRef Type);
llvm::ArrayRef<TypedFragment> wmmaTypedFragments();

void buildWmmaLoadForms(FormSet &Out) { buildLoadStore(Out, Family::WmmaLoad); }
void buildWmmaStoreForms(FormSet &Out) { buildLoadStore(Out, Family::WmmaStore); }
void buildWmmaMmaForms(FormSet &Out) { buildMma(Out); }

unsigned wmmaDefaultStride(llvm::StringRef Shape, llvm::StringRef Matrix, llvm::StringRef Layout) {
  // 9.7.14.4.2 "Default value for stride": the leading dimension.
  struct Dims {
    const char *Shape;
    unsigned M, N, K;
  };
  static const Dims Table[] = {{".m16n16k16", 16, 16, 16}, {".m8n32k16", 8, 32, 16},
                               {".m32n8k16", 32, 8, 16},   {".m8n8k32", 8, 8, 32},
                               {".m8n8k128", 8, 8, 128},   {".m16n16k8", 16, 16, 8},
                               {".m8n8k4", 8, 8, 4}};
  for (const Dims &D : Table) {
    if (Shape != D.Shape)
      continue;
    bool Row = Layout == ".row";
    if (Matrix == ".a") // M x K
      return Row ? D.K : D.M;
    if (Matrix == ".b") // K x N
      return Row ? D.N : D.K;
    return Row ? D.N : D.M; // C/D: M x N
  }
  return 0;
}

llvm::ArrayRef<TypedFragment> wmmaTypedFragments() {
  // Found by the outside sweep (tools/dev/matrix-outside.py); each row was
  // checked element by element with ptxas 13.0 -arch sm_NN.
  static const TypedFragment Rows[] = {
      // f16 inputs below sm_80: the first 4 (m16n16k16) or 2 (m32n8k16)
      // elements of b are .b32 or .f16x2 (%s0, %f0, %p0, 1, 1.0 fail; the
      // later elements and m8n32k16 take anything).
      {".f16", ".m16n16k16", "b", 0, 80, 4, ".b32 .f16x2", true, false, false},
      {".f16", ".m32n8k16", "b", 0, 80, 2, ".b32 .f16x2", true, false, false},
      // tf32 inputs on every target: b is .b32 only.
      {".tf32", ".m16n16k8", "b", 0, 0, 0, ".b32", true, false, false},
      // tf32 inputs: no sink anywhere in d (every position probed).
      {".tf32", ".m16n16k8", "d", 0, 0, 0, "", true, true, true, true, false,
       "\"Sink '_' not allowed as a source operand\""},
      // 8-bit integer inputs below sm_80: 32-bit integer registers and integer
      // constants, no special registers.
      {".s8", ".m16n16k16", "a b", 0, 80, 0, ".b32 .s32 .u32", false, true, false},
      {".u8", ".m16n16k16", "a b", 0, 80, 0, ".b32 .s32 .u32", false, true, false},
      {".s8", ".m32n8k16", "b", 0, 80, 0, ".b32 .s32 .u32", false, true, false},
      {".u8", ".m32n8k16", "b", 0, 80, 0, ".b32 .s32 .u32", false, true, false},
      // .f64 on every target: no special register (%clock64 too), no integer
      // constant or constant expression.
      {".f64", ".m8n8k4", "a b", 0, 0, 0, ".f64 .b64", false, false, true},
  };
  return Rows;
}

unsigned wmmaElementBits(llvm::StringRef Type) {
  if (Type == ".b1")
    return 1;
  if (Type == ".s4" || Type == ".u4")
    return 4;
  if (Type == ".s8" || Type == ".u8")
    return 8;
  if (Type == ".f16" || Type == ".bf16")
    return 16;
  if (Type == ".f64")
    return 64;
  return 32; // .f32, .s32, .tf32
}

} // namespace spec
} // namespace ptxlint
