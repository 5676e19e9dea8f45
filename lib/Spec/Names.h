//===- Names.h - small lists of names the checks test against -*- C++ -*-===//
//
// The lists of names that lib/Check reads and that are facts of PTX ISA 9.0
// (or of ptxas 13.0), each with its section: state spaces, register
// declaration types, cvt's type classes and packed-type registers, the video byte/half selectors,
// tensormap.replace's .field3 fields, wmma's sub-opcodes and matrices, the
// .func-only directives and the fields of an opaque (texture, sampler,
// surface) initializer. lib/Check names none of them itself
// (docs/architecture.md, "Issue 11 status").
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SPEC_NAMES_H
#define PTXLINT_LIB_SPEC_NAMES_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {
namespace spec {

/// The state spaces an instruction's qualifier may name (5.1, Table 7), as
/// prefixes: `.shared::cta` is `.shared` (CheckIsaQualifiers.cpp).
inline constexpr llvm::StringLiteral StateSpaceQualifiers[] = {".const",  ".global", ".local",
                                                               ".shared", ".param",  ".tex"};

/// The types a `.reg` declaration may name, in the order diagnostics list
/// them (5.2.1 fundamental types, and .f16x2 of 9.7.4); .b128 is listed
/// apart (IsaOperandsTypes.cpp validRegs).
inline constexpr const char *RegisterDeclTypes[] = {
    ".pred", ".b8",  ".b16", ".b32", ".b64", ".u8",    ".u16", ".u32", ".u64",
    ".s8",   ".s16", ".s32", ".s64", ".f16", ".f16x2", ".f32", ".f64"};

/// A type of cvt's and its class: 'f' floating point, 'i' integer
/// (9.7.9.21; cvt's rounding rules, IsaAddress.cpp checkCvtRounding).
struct CvtType {
  const char *Name;
  char Cls;
  unsigned Bits;
};
inline constexpr CvtType CvtTypes[] = {{".f16", 'f', 16}, {".bf16", 'f', 16}, {".f32", 'f', 32},
                                       {".f64", 'f', 64}, {".u8", 'i', 8},    {".u16", 'i', 16},
                                       {".u32", 'i', 32}, {".u64", 'i', 64},  {".s8", 'i', 8},
                                       {".s16", 'i', 16}, {".s32", 'i', 32},  {".s64", 'i', 64}};

/// The register types cvt takes for an operand of a packed narrow type, or
/// of the type beside one (9.7.9.21; ptxas 13.0 "Arguments mismatch for
/// instruction 'cvt'" for a .u16 or .f16 d of cvt.rn.satfinite.e4m3x2.f32, a
/// .u32 source of .f16x2, a .b16 d of .e2m1x2: sample H,
/// test/isa/cvt-packed-registers.test). Null-terminated; null for a type
/// whose operands are not checked this way (IsaAddress.cpp).
inline const char *const *cvtPackedRegisters(llvm::StringRef T) {
  static const char *const B16[] = {".b16", nullptr};
  static const char *const B8[] = {".b8", nullptr};
  static const char *const F16x2[] = {".b32", ".f16x2", nullptr};
  static const char *const BF16x2[] = {".b32", ".bf16x2", nullptr};
  static const char *const F32[] = {".f32", ".b32", nullptr};
  if (T == ".e4m3x2" || T == ".e5m2x2" || T == ".e2m3x2" || T == ".e3m2x2" || T == ".ue8m0x2")
    return B16;
  if (T == ".e2m1x2")
    return B8;
  if (T == ".f16x2")
    return F16x2;
  if (T == ".bf16x2")
    return BF16x2;
  if (T == ".f32")
    return F32;
  return nullptr;
}

/// The tcgen05.mma kinds that take no scale-input-d (9.7.16.10.9: the
/// optional immediate after enable-input-d): ptxas 13.0 -arch sm_100a "Illegal
/// modifier '.kind::f8f6f4' for instruction 'tcgen05.mma' with 'arg
/// scale-inp-d-imm'" (.mma and .mma.sp; .kind::f16, .tf32 and .i8 take it;
/// IsaOperandsTensor.cpp, test/isa-operands/tcgen05-scale-input-d.test).
inline constexpr llvm::StringLiteral Tcgen05NoScaleInputKinds[] = {".kind::f8f6f4"};

/// The byte and half-word selectors a scalar register takes in the video
/// instructions (9.7.18.1: `%r1.b0`, `%r2.h1`), without their dot.
inline constexpr const char *VideoSelectors[] = {"b0", "b1", "b2", "b3", "h0", "h1"};
/// The destination masks of the SIMD video instructions (9.7.18.2): the
/// half-words of vadd2 ... vset2, the bytes of vadd4 ... vset4.
inline constexpr const char *Simd2DestMasks[] = {"h0", "h1", "h10"};
inline constexpr const char *Simd4DestMasks[] = {"b0",   "b1",   "b10",  "b2",   "b20",
                                                 "b21",  "b210", "b3",   "b30",  "b31",
                                                 "b310", "b32",  "b320", "b321", "b3210"};
/// The secondary operations of the scalar video instructions (9.7.18.1).
inline constexpr const char *VideoSecondaryOps[] = {".add", ".min", ".max"};
/// A selector ptxas knows as a video selector, without its dot: .b and one
/// to four byte numbers 0-7, or .h and one or two half-word numbers 0-3
/// (`.h4`, `.b8000`: "Unknown video selector"). Which fits where is
/// IsaVideoSel's.
inline bool isVideoSelectorShape(llvm::StringRef S) {
  if (S.size() < 2 || (S[0] != 'b' && S[0] != 'h') || S.size() > (S[0] == 'b' ? 5u : 3u))
    return false;
  char Max = S[0] == 'b' ? '7' : '3';
  return llvm::all_of(S.drop_front(), [Max](char C) { return C >= '0' && C <= Max; });
}

/// tensormap.replace's .field3 fields (9.7.9.26): their new_val is an
/// immediate (ptxas 13.0: "Integer constant expression expected").
inline constexpr const char *TensormapField3[] = {
    ".elemtype", ".interleave_layout", ".swizzle_mode", ".swizzle_atomicity", ".fill_mode"};
/// The largest new_val of each .field3 (ptxas 13.0 -arch sm_100a, PTX ISA 8.8: "Argument 1
/// of instruction 'tensormap.replace': value '16' expected to be in range [0..15] when
/// .elemtype modifier is used"; sample K, test/isa/s13-async-multimem.test), in the order
/// of TensormapField3.
inline constexpr int TensormapField3Max[] = {15, 2, 3, 3, 1};
/// tensormap.replace's .field2 fields (9.7.9.26), whose ord is 0..4 ("value '5' expected to
/// be in range [0..4] when .box_dim modifier is used"; sample K).
inline constexpr const char *TensormapField2[] = {".box_dim", ".global_dim", ".global_stride",
                                                  ".element_stride"};
inline constexpr int TensormapOrdMax = 4;

/// tcgen05.alloc's nCols (9.7.16.7.1): a power of 2 from 32 to 512; tcgen05.dealloc's a
/// multiple of 32 (ptxas 13.0 -arch sm_100a: "value '16' out of range, expected to be in range
/// [32..512]", "value must be power of 2", "unexpected value '100', expected to be multiple of
/// 32"; sample K, test/isa/s13-async-multimem.test).
inline constexpr int Tcgen05AllocMinColumns = 32;
inline constexpr int Tcgen05AllocMaxColumns = 512;
inline constexpr int Tcgen05DeallocColumnGranule = 32;

/// wmma's sub-opcodes (9.7.14.4.3-5), the qualifier right after `wmma`.
inline constexpr const char *WmmaOperations[] = {".load", ".store", ".mma"};
/// The matrices of wmma.load (.a .b .c) and wmma.store (.d), which ptxas
/// reads as part of the name (wmma.load.a).
inline constexpr const char *WmmaLoadMatrices[] = {".a", ".b", ".c"};
inline constexpr const char *WmmaStoreMatrices[] = {".d"};

/// A directive of a device function's header only (11.4.6, 11.4.8-9).
struct FuncOnlyDirective {
  llvm::StringLiteral Name;
  /// The message's text after the name when a kernel's header names it.
  const char *EntryReason;
  /// Refused in a function body and at module scope too (ptxas 13.0:
  /// "Parsing error near '.abi_preserve'"; test/symbols/func-only-directives.test).
  bool HeaderOnly;
  /// ptxas 13.0 refuses it on a function with a return list ("Invalid
  /// directive '.noreturn' for function 'f'").
  bool RefusesReturnList;
};
inline constexpr FuncOnlyDirective FuncOnlyDirectives[] = {
    // ptxas 13.0: "Parsing error near '.abi_preserve'" in a kernel's header.
    {".abi_preserve", "applies to device functions (.func) only, not to a kernel (.entry)", true,
     false},
    {".abi_preserve_control", "applies to device functions (.func) only, not to a kernel (.entry)",
     true, false},
    {".noreturn", "applies to a .func only; a kernel (.entry) always returns", true, true},
};
/// The row of directive N; null when N is no .func-only directive.
inline const FuncOnlyDirective *findFuncOnlyDirective(llvm::StringRef N) {
  for (const FuncOnlyDirective &D : FuncOnlyDirectives)
    if (N == D.Name)
      return &D;
  return nullptr;
}

/// The named fields of a texture, sampler or surface initializer (5.3,
/// Tables 10 and 11: `= { filter_mode = nearest, width = 8 }`).
inline constexpr llvm::StringLiteral OpaqueInitializerFields[] = {"width",
                                                                  "height",
                                                                  "depth",
                                                                  "channel_data_type",
                                                                  "channel_order",
                                                                  "normalized_coords",
                                                                  "force_unnormalized_coords",
                                                                  "filter_mode",
                                                                  "addr_mode_0",
                                                                  "addr_mode_1",
                                                                  "addr_mode_2",
                                                                  "array_size",
                                                                  "num_mipmap_levels",
                                                                  "num_samples",
                                                                  "memory_layout"};

/// The state spaces a declaration starts with (5.1, Table 7; .sreg for the
/// special registers' own declarations); `.shared::cta` and `.param::entry`
/// are theirs too (CheckDecls.cpp isStateSpace). X(Name) a row: a list of
/// literals, so that a StringSwitch over it compares each at its known length,
/// as fast as one written out (every token of a declaration is looked up).
#define PTXLINT_DECLARATION_STATE_SPACES(X)                                                        \
  X(".reg") X(".sreg") X(".const") X(".global") X(".local") X(".param") X(".shared") X(".tex")

/// The fundamental types a variable is declared with and their size in bits
/// (5.2.1; .f16x2 and .b128 too; CheckDecls.cpp fundamentalBits). X(Name, Bits)
/// a row, as above.
// clang-format off
#define PTXLINT_FUNDAMENTAL_TYPES(X)                                                               \
  X(".b8", 8) X(".u8", 8) X(".s8", 8) X(".b16", 16) X(".u16", 16) X(".s16", 16) X(".f16", 16)     \
  X(".b32", 32) X(".u32", 32) X(".s32", 32) X(".f32", 32) X(".f16x2", 32) X(".b64", 64)           \
  X(".u64", 64) X(".s64", 64) X(".f64", 64) X(".b128", 128)
// clang-format on

/// The linkage directives a declaration may start with (11.6: .extern,
/// .visible, .weak, .common; CheckDecls.cpp isLinkage). X(Name) a row.
#define PTXLINT_LINKAGE_DIRECTIVES(X) X(".extern") X(".visible") X(".weak") X(".common")

/// The opaque types (5.3: texture, sampler and surface references;
/// CheckDecls.cpp isOpaqueType). X(Name) a row.
#define PTXLINT_OPAQUE_TYPES(X) X(".texref") X(".samplerref") X(".surfref")

/// The functions ptxas 13.0 supplies itself: a call to one needs no
/// definition in the module (CheckDeclsCalls.cpp; cudaLaunchDevice and the
/// like are not among them). X(Name) a row.
#define PTXLINT_PTXAS_BUILTIN_FUNCTIONS(X) X("vprintf") X("malloc") X("free") X("__assertfail")

/// The type names a declaration or an instruction commonly spells (5.2,
/// 5.3): SymbolTable.cpp keeps a declared register's type as a pointer to
/// one of these when it is one (a token's text otherwise).
inline constexpr llvm::StringLiteral CommonTypeNames[] = {
    ".pred", ".b8",     ".b16",    ".b32",    ".b64",    ".b128",       ".u8",
    ".u16",  ".u32",    ".u64",    ".s8",     ".s16",    ".s32",        ".s64",
    ".f16",  ".f16x2",  ".bf16",   ".bf16x2", ".f32",    ".f64",        ".e4m3",
    ".e5m2", ".e4m3x2", ".e5m2x2", ".tf32",   ".texref", ".samplerref", ".surfref"};

} // namespace spec
} // namespace ptxlint

#endif // PTXLINT_LIB_SPEC_NAMES_H
