//===- CheckSection.cpp - the data lines of a .section ---------------------===//
#include "Check/CheckSection.h"
#include "Check/CheckIsa.h"
#include "Check/CheckUtil.h"
#include "Spec/SectionData.h"
#include "Support/IntLiteral.h"

#include "llvm/ADT/StringExtras.h"

#include <limits>

namespace ptxlint {
namespace check {

using spec::SectionDataForm;

namespace {

void gate(CheckContext &Ctx, SectionDataForm F, SourceRange R) {
  PtxVersion Need = spec::sectionDataFormVersion(F);
  if (!Ctx.Version.isValid() || !(Ctx.Version < Need))
    return;
  reportGate(Ctx, Rule::IsaPtxVersion, ruleInfo(Rule::SectionDataType).Spec, R,
             spec::sectionDataFormName(F).str() + " " + requiresPtxText(Need, Ctx.Version), false,
             Need, Target());
}

std::string typeNames() {
  std::string S;
  for (const spec::SectionDataType &T : spec::sectionDataTypes())
    S += (S.empty() ? "" : ", ") + T.Name.str();
  return S;
}

std::string rangeText(const spec::SectionDataType &T) {
  if (T.Max == std::numeric_limits<uint64_t>::max())
    return "from " + std::to_string(T.Min);
  return std::to_string(T.Min) + ".." + std::to_string(T.Max);
}

} // namespace

void SectionChecker::onLine(const Directive &Piece, bool Continues, CheckContext &Ctx) {
  if (Piece.IsLabel)
    return;
  if (!InLine) {
    SawLabel = AfterPlus = false;
    Minus = SourceRange();
    llvm::StringRef Name = Piece.Name;
    Type = spec::findSectionDataType(Name);
    if (!Type)
      Ctx.Diags.report(Rule::SectionDataType, Ctx.File.rangeOf(Piece.Name),
                       "'" + Name.str() + "' is not a data type of a .section; use one of " +
                           typeNames());
    else if (Ctx.Version.isValid() && Ctx.Version < Type->Introduced)
      reportGate(Ctx, Rule::IsaPtxVersion, ruleInfo(Rule::SectionDataType).Spec,
                 Ctx.File.rangeOf(Piece.Name),
                 Name.str() + " data in a .section " +
                     requiresPtxText(Type->Introduced, Ctx.Version),
                 false, Type->Introduced, Target());
  }
  InLine = Continues;
  if (!Type)
    return;
  for (llvm::StringRef Tok : Piece.Args)
    onToken(Tok, Ctx);
}

void SectionChecker::onToken(llvm::StringRef Tok, CheckContext &Ctx) {
  if (Tok.empty() || Tok == ",")
    return;
  if (Tok == "-") {
    if (SawLabel)
      gate(Ctx, SectionDataForm::LabelMinusLabel, Ctx.File.rangeOf(Tok));
    else
      Minus = Ctx.File.rangeOf(Tok);
    return;
  }
  if (Tok == "+") {
    gate(Ctx, SectionDataForm::LabelPlusImm, Ctx.File.rangeOf(Tok));
    AfterPlus = true;
    return;
  }
  if (llvm::isDigit(Tok.front()))
    onInteger(Tok, Ctx);
  else
    onLabel(Tok, Ctx);
}

void SectionChecker::onInteger(llvm::StringRef Tok, CheckContext &Ctx) {
  // The usual DWARF byte, short and plain: decimal, in range.
  if (!Minus.isValid() && !AfterPlus && Tok.size() <= 4 && Tok[0] != '0') {
    uint64_t V = 0;
    bool Plain = true;
    for (char C : Tok) {
      Plain &= llvm::isDigit(C);
      V = V * 10 + uint64_t(C - '0');
    }
    if (Plain && V <= Type->Max)
      return;
  }
  SourceRange R = Ctx.File.rangeOf(Tok);
  bool Negative = Minus.isValid();
  if (Negative) {
    R = Minus.cover(R);
    Minus = SourceRange();
    gate(Ctx, SectionDataForm::Negative, R);
  }
  IntLiteral L = decodeIntLiteral(Tok);
  if (Negative && L.Unsigned) { // ptxas: "Parsing error near '1U'"
    Ctx.Diags.report(Rule::Syntax, Ctx.File.rangeOf(Tok),
                     "unexpected '" + Tok.str() + "' after '-': a negative number has no U suffix");
    return;
  }
  std::string Written(R.isValid() ? Ctx.File.slice(R) : std::string_view(Tok));
  if (L.State == IntLiteral::Overflows) {
    Ctx.Diags.report(Rule::SectionDataRange, R,
                     "the integer " + Written + " does not fit in 64 bits (constant overflow)");
    return;
  }
  if (AfterPlus) { // a label's offset: ptxas takes any 64-bit value
    AfterPlus = false;
    return;
  }
  constexpr uint64_t I64Max = uint64_t(std::numeric_limits<int64_t>::max());
  if (Negative && (L.State != IntLiteral::Fits || L.Value > I64Max)) {
    // ptxas reads -N as N negated, N a signed 64-bit number: a parse error.
    Ctx.Diags.report(Rule::SectionDataRange, R,
                     "the negative number " + Written +
                         " does not fit in 64 bits: -N needs N at most 9223372036854775807");
    return;
  }
  bool Fits = Negative ? -static_cast<int64_t>(L.Value) >= Type->Min : L.Value <= Type->Max;
  if (!Fits)
    Ctx.Diags.report(Rule::SectionDataRange, R,
                     "the value " + Written + " is out of range for " + Type->Name.str() +
                         " data (" + rangeText(*Type) + ")");
}

void SectionChecker::onLabel(llvm::StringRef Tok, CheckContext &Ctx) {
  if (!SawLabel && !Type->TakesLabels)
    Ctx.Diags.report(Rule::SectionDataType, Ctx.File.rangeOf(Tok),
                     "a label in a .section needs .b32 or .b64 data, not " + Type->Name.str());
  SawLabel = true;
}

} // namespace check
} // namespace ptxlint
