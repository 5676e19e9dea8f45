//===- Spec.h - the spec tables of the matrix instructions ------*- C++ -*-===//
//
// The data model of every matrix-instruction family (PTX ISA 9.7.14), in one
// place. The checker, the rules reference, the exhaustive test generator and
// the on-device harness all derive from these tables.
//
// A family (mma, mma.sp, wmma.load, ldmatrix, ...) is a set of concrete
// Forms. Each table file builds its forms the way LLVM's IntrinsicsNVVM.td
// does (MMA_OPS / NVVM_MMA_SUPPORTED): cartesian products of qualifier
// options, then one exclusion rule per spec sentence. An excluded combination
// is kept, as a RejectedForm naming the rule that excluded it, so that the
// checker can say *why* a combination is invalid instead of "no such form".
//
// A Form is concrete: its qualifiers are one value per slot, except that a
// slot may be Optional (absent is fine: `.satfinite`), Defaulted (absent
// means DefaultValue: `.scale_vec::2X` for `.kind::mxf4`) or SpecRequired
// (the spec demands it, ptxas accepts its absence: a warning). A slot that
// is optional and has several values (f64 rounding `.rn/.rz/.rm/.rp`) lists
// them all in Values; a required slot has exactly one value.
//
// Qualifier order: qualifiers are matched as a SET, except within an
// "order group": tokens from the same vocabulary (types, layouts) are
// positional, so the i-th type qualifier is bound to the i-th type slot of
// the form (`.f32.f16.f16.f32` is .dtype .atype .btype .ctype). The canonical
// order is the order of Form::Quals; another order is reported as a note.
//
// Naming: qualifier values are written with their leading dot, exactly as in
// PTX (".m16n8k16", ".kind::f8f6f4", ".scale_vec::2X"). Slot names are the
// spec's placeholder names with a dot (".shape", ".alayout", ".ctype").
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_SPEC_H
#define PTXLINT_LIB_SPEC_SPEC_H

#include "Spec/Interned.h"
#include "ptxlint/Rules.h"
#include "ptxlint/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ptxlint {
namespace spec {

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

/// One instruction family: one opcode plus the qualifiers that select it.
enum class Family : uint8_t {
  Mma,       ///< mma.sync.aligned (9.7.14.5.14)
  MmaSp,     ///< mma.sp / mma.sp::ordered_metadata (9.7.14.6.3)
  WmmaLoad,  ///< wmma.load.{a,b,c} (9.7.14.4.3)
  WmmaStore, ///< wmma.store.d (9.7.14.4.4)
  WmmaMma,   ///< wmma.mma (9.7.14.4.5)
  Ldmatrix,  ///< ldmatrix (9.7.14.5.15)
  Stmatrix,  ///< stmatrix (9.7.14.5.16)
  Movmatrix, ///< movmatrix (9.7.14.5.17)
};
constexpr unsigned NumFamilies = 8;

/// "mma", "mma.sp", "wmma.load", ... (for messages).
llvm::StringRef familyName(Family F);
/// Rule-id prefix: "mma", "mma-sp", "wmma-load", "ldmatrix", ...
llvm::StringRef familyRulePrefix(Family F);
/// The main spec section of the family ("9.7.14.5.14").
llvm::StringRef familySection(Family F);
/// Every family, in enum order.
llvm::ArrayRef<Family> allFamilies();

//===----------------------------------------------------------------------===//
// Qualifier slots
//===----------------------------------------------------------------------===//

/// How a slot may appear in an instruction.
enum class Presence : uint8_t {
  Required,     ///< must be written (ptxas rejects its absence)
  Optional,     ///< may be written or not (`.satfinite`, f64 rounding)
  Defaulted,    ///< may be omitted; omitted means DefaultValue
  SpecRequired, ///< the spec requires it, ptxas accepts its absence (warning)
};

/// Order groups: qualifiers of one group are positional among themselves.
/// Free qualifiers (distinct vocabulary: shapes, `.sync`, `.kind::*`) may be
/// written in any order ptxas accepts (see docs/differences/mma.md).
enum class OrderGroup : uint8_t {
  Free,   ///< matched by value, as a set
  Layout, ///< `.row`/`.col`: .alayout then .blayout
  Type,   ///< element types: .dtype .atype .btype .ctype (then .stype)
};

/// One qualifier slot of a concrete form.
struct QualSlot {
  std::string Slot;                ///< ".shape", ".alayout", ".ctype", ".sync"
  std::vector<std::string> Values; ///< the accepted values (one for Required)
  Presence Pres = Presence::Required;
  OrderGroup Group = OrderGroup::Free;
  std::string DefaultValue; ///< for Defaulted slots: the implied value

  // Version-dependent presence (the spec's "PTX ISA notes" on a qualifier),
  // checked by the matcher on the written qualifiers. Invalid: no such note.
  /// Writing the qualifier before this version is an error (`.aligned` on
  /// wmma before 6.3: "<prefix>-ptx-version").
  PtxVersion Introduced;
  /// Leaving it out from this version on is an error (`.aligned` on wmma
  /// from 6.3: "<prefix>-missing-qualifier"; it was implicit before).
  PtxVersion RequiredFrom;
  /// Writing it is a warning before Removed (deprecated in Deprecated) and an
  /// error from Removed (`.satfinite` on floating-point wmma.mma), with the
  /// rule RemovedRule (Rule::WmmaMmaSatfinite).
  PtxVersion Deprecated, Removed;
  ptxlint::Rule RemovedRule = ptxlint::Rule::Internal;
  std::string RemovedWhat; ///< "'.satfinite' on floating-point wmma.mma"
  std::string RemovedNote; ///< what ptxas says besides ("ptxas warns that ...")

  bool isOmittable() const { return Pres != Presence::Required; }
  bool accepts(llvm::StringRef V) const;
  bool operator==(const QualSlot &O) const;
};

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// The syntactic shape an operand must have.
enum class OperandShape : uint8_t {
  Vector,       ///< {%r0, %r1, ...}: Count registers (a 1-register fragment
                ///< may also be written as a bare register where ptxas allows)
  Scalar,       ///< one register (or immediate where ImmAllowed)
  Address,      ///< [addr]
  SelectorPair, ///< {byte-id, thread-id}: two u16 values, registers or immediates
  Immediate,    ///< an integer constant only (mma.sp selector f)
};

/// A range of integer values an immediate may take. Outside Hard: error
/// (ptxas rejects); inside Hard but outside Valid: warning (spec-undefined).
struct ImmRange {
  int64_t HardMin = INT64_MIN, HardMax = INT64_MAX;
  int64_t ValidMin = INT64_MIN, ValidMax = INT64_MAX;
  /// When non-empty: the only values ptxas accepts (e.g. byte-id {0, 2} for
  /// .scale_vec::2X); anything else is an error.
  std::vector<int64_t> HardValues;
  std::string Spec;   ///< section stating the range (e.g. "9.7.14.6.1")
  std::string Reason; ///< "the sparsity selector of m16n8k16 .f16 selects a thread pair"
  /// ptxas compares the value in its low 32 bits ("unexpected value '1',
  /// expected to be 0"): 0x100000000 passes as 0. Otherwise in 64 bits.
  bool Low32 = false;
  bool isRestricted() const {
    return HardMin != INT64_MIN || HardMax != INT64_MAX || ValidMin != INT64_MIN ||
           ValidMax != INT64_MAX || !HardValues.empty();
  }
  bool operator==(const ImmRange &O) const;
};

/// One operand of a form.
struct OperandSpec {
  std::string Name; ///< "d", "a", "b", "c", "e", "f", "scale-a-data", "p", "stride"
  OperandShape Shape = OperandShape::Vector;
  unsigned Count = 1; ///< registers in the vector (2 for SelectorPair)
  /// Declared register types accepted (".b32", ".f16x2", ...); empty = any.
  std::vector<std::string> RegTypes;
  bool ImmAllowed = false; ///< an immediate may stand for a register
  bool RegAllowed = true;  ///< a register may be written (false: Immediate)
  bool Optional = false;   ///< may be left out (wmma stride)
  bool IsDest = false;     ///< written by the instruction
  /// Element type of the matrix this fragment holds (".f16", ".e4m3", ".u8",
  /// ".b32" for metadata); empty for addresses. Used to generate data.
  std::string ElemType;
  /// Elements packed per register (2 for f16x2, 4 for u8, 8 for u4 ...).
  unsigned ElemsPerReg = 1;
  /// Immediate ranges: for Scalar/Immediate one entry; for SelectorPair one
  /// per element (byte-id, thread-id).
  std::vector<ImmRange> Ranges;
  /// Other register counts ptxas takes for this vector although the spec
  /// gives Count (a warning, not an error).
  std::vector<unsigned> PtxasAlsoCounts;
  bool operator==(const OperandSpec &O) const;
};

//===----------------------------------------------------------------------===//
// Gates
//===----------------------------------------------------------------------===//

/// A target that carries a feature: an arch-specific one (sm_100a: only
/// that target), a family-specific one (sm_120f: that member of the family,
/// a or f, and with FamilyOrHigher the later members too) or a generic one
/// (sm_90: sm_90 or higher, any suffix).
struct SpecificTarget {
  Target T;         ///< sm_120a, sm_120f, sm_100a, sm_90 ...
  PtxVersion Since; ///< first PTX ISA version that allows it on this target
  /// For 'f' targets: also every later member of the family (sm_121a/f for
  /// sm_120f). For 'a' targets: only that exact target.
  bool FamilyOrHigher = false;
};

/// Which targets carry a feature. This is the one target model of ptx-lint:
/// the matrix forms' gates, the whole-ISA sections' target lists (anyOf)
/// and the checks' own requirements all answer through allows().
struct TargetGate {
  /// Generic requirement: sm_MinSm or higher, any suffix. 0: no generic
  /// target carries it (only the Specific list).
  unsigned MinSm = 0;
  /// When non-empty, only these targets (and not MinSm) carry the feature.
  std::vector<SpecificTarget> Specific;

  bool isRestricted() const { return MinSm != 0 || !Specific.empty(); }
  /// True when T (at PTX ISA version V; invalid: any) carries the feature.
  /// Targets are compared as written: a gate that means the renamed sm_101*
  /// too lists it (the matrix tables do), or is asked with currentName(T).
  bool allows(Target T, PtxVersion V) const;
  /// The gate of a target list as the ISA text and the checks write it:
  /// "sm_NN" (sm_NN or higher), "sm_NNa" (that target), "sm_NNf" (that
  /// member of its family or a later one, a or f), each under its current
  /// name.
  static TargetGate anyOf(llvm::ArrayRef<Target> Targets);
  /// "sm_90 or higher", "sm_120a, or sm_120f and later family members
  /// (PTX ISA 8.8)".
  std::string describe() const;
  /// The target to suggest in a fix ("sm_120a").
  Target suggest() const;
  bool operator==(const TargetGate &O) const;
};

/// T under its current name: sm_101, sm_101a and sm_101f were renamed
/// sm_110* in PTX ISA 9.0 (lib/Spec/Targets.cpp), the names the ISA uses.
Target currentName(Target T);

/// Whether T carries a feature available on any of AnyOf (see
/// TargetGate::anyOf), T read under its current name. An invalid T (an
/// unknown target) carries everything: the module-level check reports it.
bool anyOfAllows(llvm::ArrayRef<Target> AnyOf, Target T);

/// One sub-feature gate: a spec sentence of "PTX ISA notes" / "Target ISA
/// notes" that applies to the form.
struct Gate {
  std::string Feature; ///< "`.f64` mma with shape .m16n8k16"
  std::string Spec;    ///< "9.7.14.5.14"
  PtxVersion MinPtx;   ///< invalid: no version requirement
  TargetGate Targets;
  bool operator==(const Gate &O) const;
};

// Equality and hashing over every field, for interning (Interned.h). A field
// added to one of these structs must be added to both (Forms.cpp).
size_t hashValue(const QualSlot &Q);
size_t hashValue(const OperandSpec &O);
size_t hashValue(const Gate &G);

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

/// One valid concrete form of a family.
struct Form {
  Family Fam = Family::Mma;
  std::string Opcode;          ///< "mma", "wmma", "ldmatrix"
  InternedVec<QualSlot> Quals; ///< in canonical order (shared elements)
  InternedVec<OperandSpec> Operands;
  /// Element types of A, B, C, D (".f16"...; "" where there is no such matrix)
  /// and of the scale matrices (block scaling).
  std::string AType, BType, CType, DType, SType;
  std::string Shape; ///< ".m16n8k16" ("" where none)
  bool Sparse = false;
  InternedVec<Gate> Gates;
  PtxVersion MinPtx; ///< max over Gates
  std::string Spec;  ///< section of the syntax line
  /// Section(s) of the fragment layout ("9.7.14.5.8").
  std::string FragmentSpec;
  /// Deprecation: non-empty means ptxas warns; the text says why/what instead.
  std::string Deprecated;
  std::string Advisory; ///< a note (e.g. "prefer mma.sp::ordered_metadata")
  /// Targets on which ptxas 13.0 implements the form by a call to a built-in
  /// function instead of an instruction (sub-byte and single-bit mma, mma.sp
  /// and wmma.mma from sm_90 or sm_100 on: builtinLowering()). The call's
  /// arguments must be plain registers of the fragment's type: special
  /// registers and vector components in the sources, .pred registers in a,
  /// b and e are errors, a whole vector register in a source crashes ptxas.
  /// Unrestricted: never.
  TargetGate BuiltinOn;
  /// On those targets a whole vector register crashes ptxas as d too (in a
  /// source always).
  bool BuiltinDestVectorCrash = false;
  /// The sources passed to the built-in ("a b c", "a e"): only they refuse
  /// special registers, components and whole vector registers.
  std::string BuiltinArgs;

  /// Canonical text: opcode and every non-omitted qualifier (Defaulted ones
  /// left out, Optional ones left out): "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32".
  std::string mnemonic() const;
  /// Same, with every Optional/Defaulted slot written with its first value.
  std::string fullMnemonic() const;
  const QualSlot *slot(llvm::StringRef Name) const;
  /// The index of the named slot in Quals, or -1.
  int slotIndex(llvm::StringRef Name) const;
  const OperandSpec *operand(llvm::StringRef Name) const;
  /// True when the target gates allow T at PTX version V.
  bool allowedOn(Target T, PtxVersion V) const;
  /// The lowest generic sm that carries every gate (0 when a specific
  /// target is needed); see also Gates.
  unsigned minSm() const;
};

/// What an excluded combination is to ptxas.
enum class RejectKind : uint8_t {
  /// The spec excludes it and ptxas rejects it: an error quoting the rule.
  Excluded,
  /// The spec excludes it and ptxas accepts it: the matcher reports a
  /// warning and goes on checking operands and gates against F (which must
  /// then be complete). Its rule id ends in "-ptxas-only".
  PtxasOnly,
};

/// A combination produced by the cartesian product and excluded by a rule.
struct RejectedForm {
  Form F; ///< the would-be form (operands may be empty)
  RejectKind Kind = RejectKind::Excluded;
  ptxlint::Rule Rule = ptxlint::Rule::Internal; ///< e.g. Rule::MmaTypeCombination
  std::string Spec;                             ///< "9.7.14.5.14"
  std::string Reason;                           ///< "m16n8k8 requires .dtype to equal .ctype"
  std::string BadSlot;                          ///< the slot to point at (".ctype"), or ""
};

/// Every form of one family, plus its vocabulary (for the matcher).
struct FormSet {
  Family Fam = Family::Mma;
  std::vector<Form> Forms;
  std::vector<RejectedForm> Rejected;
  /// Every qualifier value any form accepts, mapped to its order group and
  /// the slot names it may fill.
  struct VocabEntry {
    OrderGroup Group = OrderGroup::Free;
    std::vector<std::string> Slots;
  };
  llvm::StringMap<VocabEntry> Vocab;

  /// A qualifier ptxas accepts and ignores, anywhere and any number of
  /// times: a warning ("<prefix>-ignored-qualifier") with a fix that removes
  /// it; the matcher then leaves it out.
  struct IgnoredQual {
    std::string Value; ///< ".b8x16"
    /// Ignored only when this qualifier is written too (movmatrix's extra
    /// types beside .b16); "" for always.
    std::string Beside;
    /// The message; "{q}" stands for the qualifier, "{f}" for the family.
    std::string Message;
    /// Ignored, yet gated: the target must be sm_MinSm or higher
    /// ("<prefix>-target"; ptxas: "Feature '.bf16' requires .target sm_80").
    unsigned MinSm = 0;
  };
  std::vector<IgnoredQual> Ignored;

  /// Free qualifiers ptxas accepts written more than once (a repeated
  /// `.sync`): a warning, "<prefix>-redundant-qualifier", with a fix that
  /// removes the repetition. Any other repeated free qualifier is an error
  /// ("<prefix>-duplicate-qualifier").
  std::vector<std::string> Repeatable;
  /// The message; "{q}" stands for the qualifier.
  std::string RepeatMessage = "'{q}' is written more than once (ptxas accepts the repetition)";

  /// An order ptxas imposes on free qualifiers: After must not be written
  /// before any of Before (wmma.mma's `.popc` after `.xor`/`.and`): an error
  /// of rule Rule (Rule::WmmaMmaPopcOrder), and no qualifier-order note.
  struct OrderRule {
    std::vector<std::string> Before;
    std::string After;
    ptxlint::Rule Rule = ptxlint::Rule::Internal;
  };
  std::vector<OrderRule> Order;

  /// A qualifier value after which ptxas checks nothing (ldmatrix's `.x8`):
  /// a warning of rule Rule (Rule::LdmatrixUndocumentedNum), and no further
  /// matching.
  struct Unchecked {
    std::string Value;
    ptxlint::Rule Rule = ptxlint::Rule::Internal;
    std::string Message;
  };
  std::vector<Unchecked> UncheckedValues;

  /// ptxas takes the forms of PTX ISA TreatedAs at the undocumented version
  /// Written (wmma: 6.0 forms at 5.1): their gates are checked as if the
  /// module were at TreatedAs.
  PtxVersion AliasWritten, AliasTreatedAs;

  /// Fills Vocab from Forms and Rejected (call after building).
  void finalize();
};

/// The forms of a family (built once, thread-safe, never empty for
/// families whose table file is linked).
const FormSet &formsOf(Family F);
/// Every valid concrete form of the family (= formsOf(F).Forms).
llvm::ArrayRef<Form> enumerateForms(Family F);

// Per-family table builders (one table file each); Forms.cpp's formsOf()
// calls each once and then FormSet::finalize().
void buildMmaForms(FormSet &Out);       // MmaTables.cpp
void buildMmaSpForms(FormSet &Out);     // MmaSpTables.cpp
void buildWmmaLoadForms(FormSet &Out);  // WmmaTables.cpp
void buildWmmaStoreForms(FormSet &Out); // WmmaTables.cpp
void buildWmmaMmaForms(FormSet &Out);   // WmmaTables.cpp
void buildLdmatrixForms(FormSet &Out);  // LdStMatrixTables.cpp
void buildStmatrixForms(FormSet &Out);  // LdStMatrixTables.cpp
void buildMovmatrixForms(FormSet &Out); // LdStMatrixTables.cpp

/// wmma helpers (WmmaTables.cpp): the default stride (leading dimension,
/// 9.7.14.4.2) of matrix ".a"/".b"/".c"/".d" for a shape and layout (0 when
/// unknown), and the element width in bits of a wmma type.
unsigned wmmaDefaultStride(llvm::StringRef Shape, llvm::StringRef Matrix, llvm::StringRef Layout);
unsigned wmmaElementBits(llvm::StringRef Type);

/// How ptxas 13.0 types the elements of a matrix fragment on some targets,
/// beyond the form's register types (a later phase: its '_mma' lowering,
/// "Arguments mismatch for instruction '_mma'", or the instruction's own
/// operand checks; each row probed element by element,
/// docs/differences/wmma-ldst.md and mma.md): on targets sm_FromSm up to (not
/// including) sm_BelowSm (0: no bound), each (leading) element of the named
/// operands of the forms of this a type and shape must be a register of one
/// of RegTypes (empty: any type), or what the flags allow.
struct TypedFragment {
  const char *AType;    ///< the form's a type
  const char *Shape;    ///< the form's shape
  const char *Operands; ///< "b", "a b"
  unsigned FromSm, BelowSm;
  unsigned Leading;       ///< only the first Leading elements are typed (0: all)
  const char *RegTypes;   ///< space-separated, e.g. ".b32 .f16x2"; "" any
  bool Specials;          ///< special registers (%laneid, %clock64) are taken
  bool IntConsts;         ///< integer constants and constant expressions
  bool FloatConsts;       ///< 0f, 0d and decimal floating-point constants
  bool Components = true; ///< components of vector registers (%v.x) are taken
  bool Sinks = true;      ///< sinks (`_`) are taken
  /// What ptxas says when it refuses an element, quoted.
  const char *Ptxas = "\"Arguments mismatch for instruction '_mma'\"";
};
/// wmma.mma's rows (lib/Spec/WmmaTables.cpp).
llvm::ArrayRef<TypedFragment> wmmaTypedFragments();
/// mma's rows (lib/Spec/MmaCommon.cpp).
llvm::ArrayRef<TypedFragment> mmaTypedFragments();

//===----------------------------------------------------------------------===//
// Building helpers (for table files)
//===----------------------------------------------------------------------===//

/// Makes a required slot with one value.
QualSlot req(llvm::StringRef Slot, llvm::StringRef Value, OrderGroup G = OrderGroup::Free);
/// Makes an optional slot with the given values.
QualSlot opt(llvm::StringRef Slot, std::vector<std::string> Values,
             OrderGroup G = OrderGroup::Free);
/// Makes a defaulted slot: written as Value, or omitted meaning Value.
QualSlot dflt(llvm::StringRef Slot, llvm::StringRef Value, OrderGroup G = OrderGroup::Free);
/// Makes a slot the spec requires and ptxas does not (warning when absent).
QualSlot specReq(llvm::StringRef Slot, llvm::StringRef Value, OrderGroup G = OrderGroup::Free);

/// A Vector operand of Count registers.
OperandSpec vecOperand(llvm::StringRef Name, unsigned Count, std::vector<std::string> RegTypes,
                       llvm::StringRef ElemType, unsigned ElemsPerReg, bool IsDest = false);
/// Records a combination the spec (or ptxas) excludes, with the rule that
/// excludes it, its section, the reason, and the slot to point at.
void addRejected(FormSet &Out, Form F, ptxlint::Rule Rule, llvm::StringRef Sec, std::string Reason,
                 llvm::StringRef BadSlot, RejectKind Kind = RejectKind::Excluded);
/// Marks ldmatrix's format qualifiers (.b8x16, .b6x16_p32, .b4x16_p64) as
/// ignored by ptxas in Out, with Message (see FormSet::IgnoredQual).
void ignoreLdmatrixFormats(FormSet &Out, llvm::StringRef Message);
/// Adds G to F.Gates and raises F.MinPtx.
void addGate(Form &F, const Gate &G);

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_SPEC_H
