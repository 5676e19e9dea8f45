//===- LdStMatrixTables.cpp - ldmatrix/stmatrix/movmatrix tables ----------===//
//
// Every form of ldmatrix (9.7.14.5.15), stmatrix (9.7.14.5.16) and movmatrix
// (9.7.14.5.17): cartesian products of the syntax lines' options, filtered
// by one exclusion rule per spec sentence. Exclusions the spec states are
// kept as RejectedForms so the check can quote the sentence.
//
// ptxas 13.0 behaviour these rows encode (docs/differences/wmma-ldst.md):
// every 32-bit register type is accepted for the fragments (not 16- or
// 64-bit ones); a sink `_` may stand for an ldmatrix destination register;
// stmatrix sources may be immediates; the new 8.6 shapes and types are
// accepted on the sm_100/sm_110/sm_120 families' a and f targets only.
//
//===----------------------------------------------------------------------===//
#include "Spec/MadeOnce.h"
#include "Spec/Spec.h"

namespace ptxlint {
namespace spec {

namespace {

const char *const LdSec = "9.7.14.5.15";
const char *const StSec = "9.7.14.5.16";
const char *const MovSec = "9.7.14.5.17";

/// Declared types ptxas accepts for a fragment register: any 32-bit type.
const std::vector<std::string> &fragmentRegTypes() {
  static const std::vector<std::string> T = {".b32", ".u32", ".s32", ".f32", ".f16x2"};
  return T;
}

const std::vector<std::string> &addressRegTypes() {
  static const std::vector<std::string> T = {".b64", ".u64", ".s64", ".b32", ".u32", ".s32"};
  return T;
}

/// Targets of the 8.6 additions (ldmatrix .m16n16/.m8n16, .b8, format
/// conversion; stmatrix .m16n8, .b8): the spec's Target ISA notes, with
/// sm_101a renamed sm_110a in PTX ISA 9.0 and the f targets from 8.8.
TargetGate newShapeTargets() {
  auto T = [](unsigned Sm, char Suffix) {
    Target X;
    X.Sm = Sm;
    X.Suffix = Suffix;
    return X;
  };
  TargetGate G;
  // Listed in the order messages should read; sm_101a/f (PTX ISA 8.6-8.8)
  // is the same target as sm_110a/f (renamed in 9.0).
  G.Specific = {
      {T(100, 'a'), {8, 6}, false}, {T(110, 'a'), {9, 0}, false}, {T(120, 'a'), {8, 6}, false},
      {T(100, 'f'), {8, 8}, true},  {T(110, 'f'), {9, 0}, true},  {T(120, 'f'), {8, 8}, true},
      {T(101, 'a'), {8, 6}, false}, {T(101, 'f'), {8, 8}, true},
  };
  return G;
}

Gate gate(std::string Feature, llvm::StringRef Sec, PtxVersion V, unsigned MinSm) {
  Gate G;
  G.Feature = std::move(Feature);
  G.Spec = Sec.str();
  G.MinPtx = V;
  G.Targets.MinSm = MinSm;
  return G;
}

const char *const IgnoredMessage =
    "'{q}' has no meaning for {f}; ptxas 13.0 accepts and ignores it";

/// ptxas 13.0 accepts a repeated .sync (a warning).
void repeatableSync(FormSet &Out) { Out.Repeatable = {".sync"}; }

/// What ldmatrix and stmatrix share beyond their forms (ptxas 13.0,
/// docs/differences/wmma-ldst.md): a repeated .sync; .row and .col ignored;
/// `.x8` taken with .m8n8 without checking the registers (the rule of the
/// family, Out.Fam).
void quirks(FormSet &Out) {
  repeatableSync(Out);
  for (const char *Q : {".row", ".col"})
    Out.Ignored.push_back(
        {Q, "", std::string(IgnoredMessage) + " (a column-major matrix is written with .trans)",
         0});
  Out.UncheckedValues.push_back(
      {".x8",
       Out.Fam == Family::Stmatrix ? Rule::StmatrixUndocumentedNum : Rule::LdmatrixUndocumentedNum,
       "'.x8' is not a documented .num (the spec has .x1, .x2, .x4); ptxas accepts it without "
       "checking the number of registers"});
}

Gate newGate(std::string Feature, llvm::StringRef Sec) {
  Gate G;
  G.Feature = std::move(Feature);
  G.Spec = Sec.str();
  G.MinPtx = {8, 6};
  G.Targets = newShapeTargets();
  return G;
}

OperandSpec addressOperand() {
  OperandSpec P;
  P.Name = "p";
  P.Shape = OperandShape::Address;
  P.RegTypes = addressRegTypes();
  return P;
}

/// One ldmatrix/stmatrix form: `op.sync.aligned.shape.num{.trans}{.ss}.types`.
struct LdStDesc {
  bool Store = false;
  std::string Shape, Num;
  bool Trans = false;
  bool Cta = false;               ///< `.shared::cta` (else the optional `.shared`)
  std::vector<std::string> Types; ///< {".b16"} or {".b8x16", ".b6x16_p32"}
  unsigned Regs = 1;
};

Form makeLdSt(const LdStDesc &D) {
  llvm::StringRef Sec = D.Store ? StSec : LdSec;
  Form F;
  F.Fam = D.Store ? Family::Stmatrix : Family::Ldmatrix;
  F.Opcode = D.Store ? "stmatrix" : "ldmatrix";
  // Each slot and operand is made once (MadeOnce.h): the same ones recur.
  pushReq(F, ".sync", ".sync");
  pushReq(F, ".aligned", ".aligned");
  pushReq(F, ".shape", D.Shape);
  pushReq(F, ".num", D.Num);
  if (D.Trans)
    pushReq(F, ".trans", ".trans");
  if (D.Cta)
    pushReq(F, ".ss", ".shared::cta");
  else
    pushQual(F, "opt .ss .shared", [] { return opt(".ss", {".shared"}); });
  if (D.Types.size() == 1) {
    pushReq(F, ".type", D.Types[0], OrderGroup::Type);
  } else {
    pushReq(F, ".dst_fmt", D.Types[0], OrderGroup::Type);
    pushReq(F, ".src_fmt", D.Types[1], OrderGroup::Type);
  }
  bool B16 = D.Types[0] == ".b16";
  thread_local MadeOnce<OperandSpec> Ops;
  std::string RKey = "r" + std::to_string(D.Regs) + (B16 ? "h" : "b") + (D.Store ? "s" : "l");
  const OperandSpec *R = Ops.get(RKey, [&] {
    OperandSpec O = vecOperand("r", D.Regs, fragmentRegTypes(), B16 ? ".b16" : ".b8", B16 ? 2 : 4,
                               /*IsDest=*/!D.Store);
    O.ImmAllowed = D.Store; // ptxas accepts immediates in stmatrix sources
    return O;
  });
  const OperandSpec *Addr = Ops.get("address", [] { return addressOperand(); });
  F.Operands.pushInterned(D.Store ? Addr : R);
  F.Operands.pushInterned(D.Store ? R : Addr);
  F.Shape = D.Shape;
  F.Spec = Sec.str();
  F.FragmentSpec = Sec.str();
  if (D.Store)
    addGate(F, gate("stmatrix", Sec, {7, 8}, 90));
  else
    addGate(F, gate("ldmatrix", Sec, {6, 5}, 75));
  if (D.Cta)
    addGate(F, gate("the ::cta sub-qualifier", Sec, {7, 8}, 0));
  if (D.Shape != ".m8n8")
    addGate(F, newGate("shape " + D.Shape, Sec));
  if (D.Types[0] == ".b8")
    addGate(F, newGate(std::string("type .b8 with ") + F.Opcode, Sec));
  if (D.Types.size() == 2)
    addGate(F, newGate("the .dst_fmt/.src_fmt qualifiers", Sec));
  return F;
}

unsigned numMatrices(llvm::StringRef Num) { return Num == ".x1" ? 1 : Num == ".x2" ? 2 : 4; }

} // namespace

// Declared in Spec.h by the spec owner (dispatch in Forms.cpp); repeated
// here so this file compiles on its own.
void buildLdmatrixForms(FormSet &Out);
void buildStmatrixForms(FormSet &Out);
void buildMovmatrixForms(FormSet &Out);

//===----------------------------------------------------------------------===//
// ldmatrix (9.7.14.5.15)
//===----------------------------------------------------------------------===//

void buildLdmatrixForms(FormSet &Out) {
  quirks(Out);
  const std::vector<std::vector<std::string>> TypeOpts = {
      {".b16"}, {".b8"}, {".b8x16", ".b6x16_p32"}, {".b8x16", ".b4x16_p64"}};
  for (const char *Shape : {".m8n8", ".m16n16", ".m8n16"})
    for (const char *Num : {".x1", ".x2", ".x4"})
      for (bool Trans : {false, true})
        for (bool Cta : {false, true})
          for (const std::vector<std::string> &Types : TypeOpts) {
            llvm::StringRef S = Shape;
            LdStDesc D;
            D.Shape = Shape;
            D.Num = Num;
            D.Trans = Trans;
            D.Cta = Cta;
            D.Types = Types;
            unsigned N = numMatrices(Num);
            // "For matrix shape 16x16, two destination registers r0 and r1
            // of type .b32 must be specified" per matrix; 8x8 and 8x16: one.
            D.Regs = S == ".m16n16" ? 2 * N : N;
            Form F = makeLdSt(D);
            bool Fmt = Types.size() == 2;
            // Table "matrix load case for each .shape": .m8n8 is 16-bit only.
            if (S == ".m8n8" && Types[0] != ".b16") {
              addRejected(Out, std::move(F), Rule::LdmatrixType, LdSec,
                          "shape .m8n8 loads 16-bit elements: .type must be .b16",
                          Fmt ? ".dst_fmt" : ".type");
              continue;
            }
            // .m16n16 holds 8-, 6- or 4-bit elements.
            if (S == ".m16n16" && Types[0] == ".b16") {
              addRejected(Out, std::move(F), Rule::LdmatrixType, LdSec,
                          "shape .m16n16 loads 8-bit (or 6-/4-bit) elements: use .b8 or "
                          ".b8x16 with a .src_fmt",
                          ".type");
              continue;
            }
            // .m8n16 holds 6- or 4-bit elements only (the syntax line has
            // .dst_fmt.src_fmt and no .type).
            if (S == ".m8n16" && !Fmt) {
              addRejected(Out, std::move(F), Rule::LdmatrixType, LdSec,
                          "shape .m8n16 loads 6-bit or 4-bit data: it requires "
                          ".b8x16.b6x16_p32 or .b8x16.b4x16_p64",
                          ".type");
              continue;
            }
            // "When .shape is .m16n16, only .x1 and .x2 are valid values for .num".
            if (S == ".m16n16" && N == 4) {
              addRejected(Out, std::move(F), Rule::LdmatrixNum, LdSec,
                          "shape .m16n16 allows only .x1 and .x2", ".num");
              continue;
            }
            // "for 16x16 matrices, .trans is mandatory".
            if (S == ".m16n16" && !Trans) {
              addRejected(Out, std::move(F), Rule::LdmatrixTrans, LdSec,
                          "shape .m16n16 requires .trans", ".shape");
              continue;
            }
            // The .m8n16 syntax line has no .trans (ptxas: "Modifier .trans
            // not allowed for shape '.m8n16'").
            if (S == ".m8n16" && Trans) {
              addRejected(Out, std::move(F), Rule::LdmatrixTrans, LdSec,
                          ".trans is not allowed with shape .m8n16", ".trans");
              continue;
            }
            Out.Forms.push_back(std::move(F));
          }
}

//===----------------------------------------------------------------------===//
// stmatrix (9.7.14.5.16)
//===----------------------------------------------------------------------===//

void buildStmatrixForms(FormSet &Out) {
  quirks(Out);
  ignoreLdmatrixFormats(Out, IgnoredMessage);
  for (const char *Shape : {".m8n8", ".m16n8"})
    for (const char *Num : {".x1", ".x2", ".x4"})
      for (bool Trans : {false, true})
        for (bool Cta : {false, true})
          for (const char *Type : {".b16", ".b8"}) {
            llvm::StringRef S = Shape;
            LdStDesc D;
            D.Store = true;
            D.Shape = Shape;
            D.Num = Num;
            D.Trans = Trans;
            D.Cta = Cta;
            D.Types = {Type};
            D.Regs = numMatrices(Num);
            Form F = makeLdSt(D);
            // ".m16n8 shape is valid only for .b8 type".
            if (S == ".m16n8" && llvm::StringRef(Type) != ".b8") {
              addRejected(Out, std::move(F), Rule::StmatrixType, StSec,
                          "shape .m16n8 is valid only with .type .b8", ".type");
              continue;
            }
            // "Each matrix element holds 16-bit ... data": .m8n8 is .b16
            // (ptxas: "Incorrect instruction type specified for stmatrix
            // with shape '.m8n8'").
            if (S == ".m8n8" && llvm::StringRef(Type) != ".b16") {
              addRejected(Out, std::move(F), Rule::StmatrixType, StSec,
                          "shape .m8n8 stores 16-bit elements: .type must be .b16", ".type");
              continue;
            }
            // "for 16x8 matrices, .trans is mandatory".
            if (S == ".m16n8" && !Trans) {
              addRejected(Out, std::move(F), Rule::StmatrixTrans, StSec,
                          "shape .m16n8 requires .trans", ".shape");
              continue;
            }
            Out.Forms.push_back(std::move(F));
          }
}

//===----------------------------------------------------------------------===//
// movmatrix (9.7.14.5.17)
//===----------------------------------------------------------------------===//

void buildMovmatrixForms(FormSet &Out) {
  // ptxas 13.0 accepts a repeated .sync and ignores .row, .col, ldmatrix's
  // formats and, beside .b16 only, a second type (alone they are
  // "Unexpected instruction types"); .bf16 and .tf32 are still gated
  // ("Feature '.bf16' requires .target sm_80").
  repeatableSync(Out);
  for (const char *Q : {".row", ".col"})
    Out.Ignored.push_back({Q, "", IgnoredMessage, 0});
  ignoreLdmatrixFormats(Out, IgnoredMessage);
  for (const char *Q : {".bf16", ".tf32", ".s4", ".u4", ".b1"})
    Out.Ignored.push_back(
        {Q, ".b16", IgnoredMessage,
         llvm::StringRef(Q) == ".bf16" || llvm::StringRef(Q) == ".tf32" ? 80u : 0u});
  Form F;
  F.Fam = Family::Movmatrix;
  F.Opcode = "movmatrix";
  F.Quals = {req(".sync", ".sync"), req(".aligned", ".aligned"), req(".shape", ".m8n8"),
             req(".trans", ".trans"), req(".type", ".b16", OrderGroup::Type)};
  OperandSpec D;
  D.Name = "d";
  D.Shape = OperandShape::Scalar;
  D.RegTypes = fragmentRegTypes();
  D.IsDest = true;
  D.ElemType = ".b16";
  D.ElemsPerReg = 2;
  OperandSpec A = D;
  A.Name = "a";
  A.IsDest = false;
  F.Operands = {D, A};
  F.Shape = ".m8n8";
  F.Spec = MovSec;
  F.FragmentSpec = MovSec;
  addGate(F, gate("movmatrix", MovSec, {7, 8}, 75));
  Out.Forms.push_back(std::move(F));
}

} // namespace spec
} // namespace ptxlint
