//===- Parser.cpp - public parse entry points (no ANTLR here) -------------===//
#include "Parse/FastStatement.h"
#include "Parse/ParseDriver.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstring>

using namespace ptxlint;

ParseSink::~ParseSink() = default;

bool ptxlint::parse(const SourceFile &File, ParseSink *Sink, DiagnosticEngine &Diags,
                    const ParseOptions &Opts) {
  return parsedriver::runParse(File, Sink, Diags, Opts, nullptr, parsedriver::UnitMode::File);
}

std::unique_ptr<Module> ptxlint::parseModule(const SourceFile &File, DiagnosticEngine &Diags,
                                             const ParseOptions &Opts) {
  auto M = std::make_unique<Module>();
  parsedriver::runParse(File, nullptr, Diags, Opts, M.get(), parsedriver::UnitMode::File);
  return M;
}

namespace {
/// Keeps the first instruction seen.
class FirstInstruction : public ParseSink {
public:
  const Instruction *Inst = nullptr;
  unsigned Count = 0;
  void onStatement(const Statement &S) override {
    if (S.Kind == StmtKind::Instruction) {
      ++Count;
      if (!Inst)
        Inst = S.Inst;
    }
  }
};
} // namespace

const Instruction *ptxlint::parseInstruction(const SourceFile &File, ASTContext &Ctx,
                                             DiagnosticEngine &Diags) {
  FirstInstruction Sink;
  bool Ok = parsedriver::runParse(File, &Sink, Diags, ParseOptions(), nullptr,
                                  parsedriver::UnitMode::SingleInstruction, &Ctx);
  if (!Ok)
    return nullptr;
  if (!Sink.Inst) {
    Diags.report(Rule::Syntax, {0, static_cast<uint32_t>(File.size())}, "expected an instruction");
    return nullptr;
  }
  return Sink.Inst;
}

namespace {
bool isSpaceChar(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f'; }
} // namespace

const Instruction *ptxlint::parseInstructionFast(const SourceFile &File, ASTContext &Ctx) {
  std::string_view Text = File.text();
  uint32_t B = 0;
  while (B < Text.size() && isSpaceChar(Text[B]))
    ++B;
  uint32_t End = 0;
  const Instruction *I = parsedriver::parseInstructionAt(File, B, Ctx, End);
  if (!I)
    return nullptr;
  while (End < Text.size() && isSpaceChar(Text[End]))
    ++End;
  return End == Text.size() ? I : nullptr;
}

namespace {
/// Counts what checkLooksLikeText looks for, one window at a time.
struct TextScan {
  size_t Bad = 0, Size = 0;
  std::string Why;
  /// Also the facts later passes want (SourceFile::ByteFacts), while each
  /// window is in the cache: the file is then read once before parsing.
  bool High = false, Marker = false;
  bool feed(llvm::StringRef Bytes, size_t Offset) {
    Size += Bytes.size();
    if (const void *Nul = std::memchr(Bytes.data(), 0, Bytes.size())) {
      size_t At = static_cast<const char *>(Nul) - Bytes.data();
      Why = "contains a NUL byte at offset " + std::to_string(Offset + At) + " (binary file?)";
      return false;
    }
    // Branch-free, so the compiler can vectorize it: control characters
    // other than \t \n \v \f \r (9 to 13), and the bytes' union. Counted
    // in bytes, 240 at a time (a multiple of the vector width, at most 255):
    // a vector of byte counters, no widening.
    const unsigned char *P = reinterpret_cast<const unsigned char *>(Bytes.data());
    unsigned char Or = 0;
    for (size_t Left = Bytes.size(); Left;) {
      size_t K = std::min<size_t>(Left, 240);
      unsigned char N = 0;
      for (size_t J = 0; J < K; ++J) {
        unsigned char C = P[J];
        N += (C < 0x20) & (static_cast<unsigned char>(C - 9) > 4);
        Or |= C;
      }
      Bad += N;
      P += K;
      Left -= K;
    }
    High |= (Or & 0x80) != 0;
    // Windows never split a line, so the marker is never split either.
    Marker = Marker || Bytes.contains("ptx-lint-disable");
    return true;
  }
  std::string result() const {
    if (!Why.empty())
      return Why;
    if (Size && Bad * 100 > Size)
      return "contains many control characters (binary file?)";
    return "";
  }
};
} // namespace

std::string ptxlint::checkLooksLikeText(std::string_view Bytes) {
  TextScan S;
  S.feed(Bytes, 0);
  return S.result();
}

std::string ptxlint::checkLooksLikeText(const SourceFile &File) {
  // The command line checks a file before linting it, and lintFile checks
  // it again: the second call reads nothing.
  if (SourceFile::ByteFacts F = File.byteFacts(); F.Known && F.LooksLikeText)
    return "";
  TextScan S;
  bool Whole = true;
  File.forEachWindow([&](llvm::StringRef W, size_t Off) { return Whole = S.feed(W, Off); });
  std::string Why = S.result();
  if (Whole)
    File.setByteFacts(S.High, S.Marker, Why.empty());
  return Why;
}

bool ptxlint::parseRegisterDeclarationsFast(std::string_view Decls, ASTContext &Ctx,
                                            std::vector<const VarDecl *> &Out) {
  size_t Before = Out.size();
  size_t P = 0;
  for (;;) {
    if (!parsedriver::skipSpaceAndComments(Decls, P))
      break;
    if (P == Decls.size())
      return true;
    uint32_t End = 0;
    const VarDecl *V = parsedriver::parseRegDeclAt(Decls, static_cast<uint32_t>(P), Ctx, End);
    if (!V)
      break;
    Out.push_back(V);
    P = End;
  }
  Out.resize(Before);
  return false;
}
