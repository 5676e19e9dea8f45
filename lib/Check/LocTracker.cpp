//===- LocTracker.cpp - source origins of diagnostics from .file/.loc -----===//

#include "Check/LocTracker.h"
#include "Check/CheckUtil.h"

#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

using llvm::StringRef;

void LocTracker::onDirective(const Directive &D) {
  if (D.Name != ".file" || D.Args.size() < 2)
    return;
  unsigned N;
  if (decimalFails(D.Args[0], N))
    return;
  StringRef Name = D.Args[1];
  if (Name.size() >= 2 && Name.front() == '"' && Name.back() == '"')
    Name = Name.drop_front().drop_back();
  Files[N] = Name.str();
}

void LocTracker::onFunctionBoundary() {
  attach();
  LocPending = false;
  Current.clear();
}

void LocTracker::noteLoc(const Directive &D) {
  // Streamed statements die after the checks; their arguments' text does
  // not when it is the file's (a parser may make other text: read it now).
  std::string_view Text = File.text();
  for (std::string_view A : D.Args)
    if (A.data() < Text.data() || A.data() + A.size() > Text.data() + Text.size()) {
      LocPending = false;
      setLoc(llvm::makeArrayRef(D.Args.begin(), D.Args.end()), D.Range.End);
      return;
    }
  PendingArgs.assign(D.Args.begin(), D.Args.end());
  PendingEnd = D.Range.End;
  LocPending = true;
}

void LocTracker::setLoc(llvm::ArrayRef<std::string_view> Args, uint32_t End) {
  Current.clear();
  // Args as written: 1 17 22 , function_name $L__info_string0 , inlined_at 1 30 5
  auto AddFrame = [&](size_t I, const char *Msg) {
    unsigned F, L, C = 0;
    if (I + 1 >= Args.size() || decimalFails(Args[I], F) || decimalFails(Args[I + 1], L) || L == 0)
      return false;
    if (I + 2 < Args.size() && decimalFails(Args[I + 2], C))
      C = 0;
    Current.push_back({F, L, C, Msg});
    return true;
  };
  if (!AddFrame(0, "generated from here"))
    return;
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I] == "inlined_at")
      AddFrame(I + 1, "inlined from here");
  LocEnd = End;
}

void LocTracker::attachNew() {
  readPendingLoc();
  std::vector<Diagnostic> &All = Diags.mutableDiagnostics();
  for (; Seen < All.size(); ++Seen) {
    Diagnostic &D = All[Seen];
    if (Current.empty() || !D.Origin.empty() || !D.Range.isValid() || D.Range.Begin < LocEnd)
      continue;
    for (const Frame &F : Current) {
      auto It = Files.find(F.FileIndex);
      if (It == Files.end())
        Unnamed.push_back({Seen, D.Origin.size(), F.FileIndex});
      D.Origin.push_back(
          {It == Files.end() ? std::string() : It->second, F.Line, F.Column, F.Message});
    }
    // nvcc brackets inline asm with comments: say so when the diagnosed
    // PTX is between them, since the source line is then an asm statement.
    StringRef Between = llvm::StringRef(File.text()).slice(LocEnd, D.Range.Begin);
    size_t Begin = Between.rfind("// begin inline asm");
    if (Begin != StringRef::npos && Between.find("// end inline asm", Begin) == StringRef::npos)
      D.Origin[0].Message = "in inline asm here";
  }
}

void LocTracker::onEndOfFile() {
  attach();
  std::vector<Diagnostic> &All = Diags.mutableDiagnostics();
  for (const Pending &P : Unnamed) {
    if (P.Diag >= All.size() || P.Frame >= All[P.Diag].Origin.size())
      continue;
    auto It = Files.find(P.FileIndex);
    // A .loc whose file is never named: the index is all there is to say.
    All[P.Diag].Origin[P.Frame].File =
        It != Files.end() ? It->second : "<.file " + std::to_string(P.FileIndex) + ">";
  }
  Unnamed.clear();
}

} // namespace check
} // namespace ptxlint
