//===- MatchMemo.cpp - clean form matches, once per spelling --------------===//

#include "Check/MatchMemo.h"

#include "llvm/ADT/StringMap.h"

#include <string>

namespace ptxlint {
namespace check {

namespace {
llvm::StringMap<CleanMatch> &memo() {
  thread_local llvm::StringMap<CleanMatch> Memo;
  return Memo;
}
} // namespace

void cleanMatchKey(const Instruction &I, spec::Family Fam, const MatchOptions &Opts,
                   llvm::SmallString<128> &Key) {
  Key.push_back(static_cast<char>(Fam));
  for (unsigned K : Opts.Skip) {
    Key += '\x02';
    Key += std::to_string(K);
  }
  for (llvm::StringRef Q : I.Qualifiers) {
    Key += '\x01';
    Key += Q;
  }
}

const CleanMatch *findCleanMatch(llvm::StringRef Key) {
  llvm::StringMap<CleanMatch> &M = memo();
  auto It = M.find(Key);
  return It == M.end() ? nullptr : &It->second;
}

void rememberCleanMatch(llvm::StringRef Key, const spec::Form &F, const Binding &B) {
  llvm::StringMap<CleanMatch> &M = memo();
  if (M.size() >= 4096)
    M.clear();
  M.try_emplace(Key, CleanMatch{&F, B});
}

} // namespace check
} // namespace ptxlint
