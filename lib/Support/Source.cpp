//===- Source.cpp - SourceFile line table ----------------------------------===//
#include "ptxlint/Source.h"

#include <algorithm>

using namespace ptxlint;

SourceFile::SourceFile(std::string Name, std::string Text)
    : Name(std::move(Name)), OwnedText(std::move(Text)), Text(OwnedText) {}

SourceFile::SourceFile(std::string Name, std::unique_ptr<llvm::MemoryBuffer> Buffer)
    : Name(std::move(Name)), OwnedBuffer(std::move(Buffer)) {
  if (OwnedBuffer)
    Text = OwnedBuffer->getBuffer();
}

void SourceFile::buildLineTable() const {
  std::call_once(LineTableOnce, [this] {
    LineStarts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        LineStarts.push_back(static_cast<uint32_t>(I + 1));
  });
}

LineCol SourceFile::lineCol(uint32_t Offset) const {
  buildLineTable();
  if (Offset > Text.size())
    Offset = static_cast<uint32_t>(Text.size());
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = static_cast<unsigned>(It - LineStarts.begin());
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

llvm::StringRef SourceFile::lineText(unsigned Line) const {
  buildLineTable();
  if (Line == 0 || Line > LineStarts.size())
    return {};
  size_t B = LineStarts[Line - 1];
  size_t E = Line < LineStarts.size() ? LineStarts[Line] : Text.size();
  llvm::StringRef L = Text.slice(B, E);
  return L.rtrim("\r\n");
}
