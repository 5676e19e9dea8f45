//===- Compare.cpp - set and setp: comparisons and type pairs -------------===//
//
// The tables of Compare.h, from ptxas 13.0's answers (test/isa/set-setp.test).
//
//===----------------------------------------------------------------------===//

#include "Spec/Compare.h"

#include "llvm/ADT/STLExtras.h"

namespace ptxlint {
namespace spec {

namespace {

using llvm::StringLiteral;

constexpr StringLiteral CompareOps[] = {".eq",  ".ne",  ".lt",  ".le",  ".gt",  ".ge",
                                        ".lo",  ".ls",  ".hi",  ".hs",  ".equ", ".neu",
                                        ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"};
constexpr StringLiteral BoolOps[] = {".and", ".or", ".xor"};

// The comparisons of each kind of type.
constexpr StringLiteral Bit = ".eq .ne";
constexpr StringLiteral Unsigned = ".eq .ne .lt .le .gt .ge .lo .ls .hi .hs";
constexpr StringLiteral Signed = ".eq .ne .lt .le .gt .ge";
constexpr StringLiteral Float = ".eq .ne .lt .le .gt .ge .equ .neu .ltu .leu .gtu .geu .num .nan";

// set's source types per destination type: a .u32/.s32 destination takes
// every source type, .f32 all but the 16-bit floating-point ones, .u16/.s16
// only .f16 and .bf16, .f16 neither .bf16 nor the packed types, .bf16 not
// the packed types, a packed destination only its own type; a .b
// destination, and .u64, .s64, .f64, none ("Unexpected instruction types
// specified for 'set'").
constexpr StringLiteral AnySource = ".b16 .b32 .b64 .u16 .u32 .u64 .s16 .s32 .s64 .f32 .f64 .f16 "
                                    ".bf16 .f16x2 .bf16x2";
constexpr StringLiteral WideSource = ".b16 .b32 .b64 .u16 .u32 .u64 .s16 .s32 .s64 .f32 .f64";
constexpr StringLiteral HalfSource = ".f16 .bf16";
constexpr StringLiteral F16Source = ".b16 .b32 .b64 .u16 .u32 .u64 .s16 .s32 .s64 .f32 .f64 .f16";
constexpr StringLiteral Bf16Source = ".b16 .b32 .b64 .u16 .u32 .u64 .s16 .s32 .s64 .f32 .f64 "
                                     ".f16 .bf16";

constexpr CompareType Types[] = {
    // Type      Comparisons  SetSources    SetFtz
    {".b16", Bit, "", false},
    {".b32", Bit, "", false},
    {".b64", Bit, "", false},
    {".u16", Unsigned, HalfSource, false},
    {".u32", Unsigned, AnySource, false},
    {".u64", Unsigned, "", false},
    {".s16", Signed, HalfSource, false},
    {".s32", Signed, AnySource, false},
    {".s64", Signed, "", false},
    {".f32", Float, WideSource, true},
    {".f64", Float, "", false},
    {".f16", Float, F16Source, true},
    {".bf16", Float, Bf16Source, false},
    {".f16x2", Float, ".f16x2", true},
    {".bf16x2", Float, ".bf16x2", false},
};

} // namespace

llvm::ArrayRef<StringLiteral> compareOps() { return CompareOps; }
llvm::ArrayRef<StringLiteral> compareBoolOps() { return BoolOps; }
llvm::ArrayRef<CompareType> compareTypes() { return Types; }

const CompareType *compareType(llvm::StringRef T) {
  for (const CompareType &R : Types)
    if (R.Type == T)
      return &R;
  return nullptr;
}

bool isCompareOp(llvm::StringRef Q) { return llvm::is_contained(CompareOps, Q); }
bool isCompareBoolOp(llvm::StringRef Q) { return llvm::is_contained(BoolOps, Q); }

} // namespace spec
} // namespace ptxlint
