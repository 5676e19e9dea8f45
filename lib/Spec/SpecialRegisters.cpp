//===- SpecialRegisters.cpp - the special registers of chapter 10 ---------===//
//
// Every special register of PTX ISA 9.0 chapter 10 (and WARP_SZ, 4.4) with
// the PTX ISA version and target ptxas 13.0 requires for it.
//
//===----------------------------------------------------------------------===//

#include "Spec/SpecialRegisters.h"

#include "llvm/ADT/StringMap.h"

namespace ptxlint {
namespace spec {

namespace {

// Gates below PTX ISA 6.3 / sm_75 cannot be observed (ptxas 13 supports no
// older target), so only the ones it enforces today are listed: probed with
// every register at .version 6.3/sm_75, 7.0/sm_80, 7.8/sm_80 and 9.0/sm_75.
const SpecialRegister Registers[] = {
    {"%tid", 0, "", true, {}, 0, "10.1"},
    {"%ntid", 0, "", true, {}, 0, "10.2"},
    {"%laneid", 0, "", false, {}, 0, "10.3"},
    {"%warpid", 0, "", false, {}, 0, "10.4"},
    {"%nwarpid", 0, "", false, {}, 0, "10.5"},
    {"%ctaid", 0, "", true, {}, 0, "10.6"},
    {"%nctaid", 0, "", true, {}, 0, "10.7"},
    {"%smid", 0, "", false, {}, 0, "10.8"},
    {"%nsmid", 0, "", false, {}, 0, "10.9"},
    {"%gridid", 0, "", false, {}, 0, "10.10"},
    {"%is_explicit_cluster", 0, "", false, {7, 8}, 90, "10.11"},
    {"%clusterid", 0, "", true, {7, 8}, 90, "10.12"},
    {"%nclusterid", 0, "", true, {7, 8}, 90, "10.13"},
    {"%cluster_ctaid", 0, "", true, {7, 8}, 90, "10.14"},
    {"%cluster_nctaid", 0, "", true, {7, 8}, 90, "10.15"},
    {"%cluster_ctarank", 0, "", false, {7, 8}, 90, "10.16"},
    {"%cluster_nctarank", 0, "", false, {7, 8}, 90, "10.17"},
    {"%lanemask_eq", 0, "", false, {}, 0, "10.18"},
    {"%lanemask_le", 0, "", false, {}, 0, "10.19"},
    {"%lanemask_lt", 0, "", false, {}, 0, "10.20"},
    {"%lanemask_ge", 0, "", false, {}, 0, "10.21"},
    {"%lanemask_gt", 0, "", false, {}, 0, "10.22"},
    {"%clock", 0, "", false, {}, 0, "10.23"},
    {"%clock_hi", 0, "", false, {}, 0, "10.23"},
    {"%clock64", 0, "", false, {}, 0, "10.24"},
    {"%pm", 8, "", false, {}, 0, "10.25"},
    {"%pm", 8, "_64", false, {}, 0, "10.26"},
    {"%envreg", 32, "", false, {}, 0, "10.27"},
    {"%globaltimer", 0, "", false, {}, 0, "10.28"},
    {"%globaltimer_lo", 0, "", false, {}, 0, "10.28"},
    {"%globaltimer_hi", 0, "", false, {}, 0, "10.28"},
    {"%reserved_smem_offset_begin", 0, "", false, {7, 6}, 80, "10.29"},
    {"%reserved_smem_offset_end", 0, "", false, {7, 6}, 80, "10.29"},
    {"%reserved_smem_offset_cap", 0, "", false, {7, 6}, 80, "10.29"},
    {"%reserved_smem_offset_", 2, "", false, {7, 6}, 80, "10.29"},
    {"%total_smem_size", 0, "", false, {}, 0, "10.30"},
    {"%aggr_smem_size", 0, "", false, {8, 1}, 90, "10.31"},
    {"%dynamic_smem_size", 0, "", false, {}, 0, "10.32"},
    {"%current_graph_exec", 0, "", false, {8, 0}, 0, "10.33"},
    {"WARP_SZ", 0, "", false, {}, 0, "4.4"},
};

constexpr SpecialRegisterReader Readers[] = {
    // Opcode, Types, ReadAt, IntegerTypesOnly, OwnSize
    {"cvt", 2, 1, true, false},
    {"mov", 1, 0, false, true},
};

} // namespace

llvm::ArrayRef<SpecialRegister> specialRegisters() { return Registers; }

const SpecialRegisterReader *specialRegisterReader(llvm::StringRef Opcode) {
  for (const SpecialRegisterReader &R : Readers)
    if (R.Opcode == Opcode)
      return &R;
  return nullptr;
}

const SpecialRegister *findSpecialRegister(llvm::StringRef Name) {
  // Plain names through one hash lookup (this runs for every %tid.x).
  static const llvm::StringMap<const SpecialRegister *> Plain = [] {
    llvm::StringMap<const SpecialRegister *> M;
    for (const SpecialRegister &S : Registers)
      if (!S.Count)
        M.try_emplace(S.Name, &S);
    return M;
  }();
  auto It = Plain.find(Name);
  if (It != Plain.end())
    return It->second;
  for (const SpecialRegister &S : Registers) {
    if (!S.Count)
      continue;
    llvm::StringRef Rest = Name;
    if (!Rest.consume_front(S.Name) || !Rest.consume_back(S.Suffix))
      continue;
    unsigned Index = 0;
    if (Rest.empty() || (Rest.size() > 1 && Rest[0] == '0') || Rest.getAsInteger(10, Index))
      continue;
    if (Index < S.Count)
      return &S;
  }
  return nullptr;
}

std::string specialRegisterDisplay(const SpecialRegister &S) {
  if (!S.Count)
    return S.Name;
  return std::string(S.Name) + "<" + std::to_string(S.Count) + ">" + S.Suffix;
}

} // namespace spec
} // namespace ptxlint
