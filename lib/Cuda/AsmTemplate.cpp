//===- AsmTemplate.cpp - one inline asm template, expanded and checked ----===//
//
// The expansion follows nvcc 13.0 (checked on its -ptx output): "h" is a
// .b16 register, "r" .b32, "l" .b64, "f" .f32, "d" .f64, "q" .b128; "n"/"i" put the
// value in the text; %% is %, %= a number unique to the statement; a % not
// followed by a digit, '[', '%' or '=' stays as written (so %laneid works),
// and an operand number past the list is an error. Basic asm is verbatim.
//
//===----------------------------------------------------------------------===//

#include "Cuda/AsmTemplate.h"

#include "Check/Checker.h"
#include "ptxlint/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace ptxlint {
namespace cuda {

using llvm::StringRef;

OperandClass classifyConstraint(StringRef C, char *Letter) {
  C = C.ltrim("=+&");
  if (Letter)
    *Letter = C.empty() ? 0 : C[0];
  if (C.size() != 1)
    return OperandClass::Unsupported;
  switch (C[0]) {
  case 'h':
    return OperandClass::B16;
  case 'r':
    return OperandClass::B32;
  case 'l':
    return OperandClass::B64;
  case 'f':
    return OperandClass::F32;
  case 'd':
    return OperandClass::F64;
  case 'q': // CUDA 12.8: a 128-bit operand (__int128)
    return OperandClass::B128;
  case 'n':
  case 'i':
    return OperandClass::Immediate;
  default:
    return OperandClass::Unsupported;
  }
}

bool looksLikePtx(StringRef T) {
  static const llvm::StringSet<> Opcodes = [] {
    llvm::StringSet<> S;
    for (StringRef Op :
         {"abs",          "activemask",    "add",       "addc",       "alloca",
          "and",          "applypriority", "atom",      "bar",        "barrier",
          "bfe",          "bfi",           "bfind",     "bmsk",       "bra",
          "brev",         "brkpt",         "brx",       "call",       "clusterlaunchcontrol",
          "clz",          "cnot",          "copysign",  "cos",        "cp",
          "createpolicy", "cvt",           "cvta",      "discard",    "div",
          "dp2a",         "dp4a",          "elect",     "ex2",        "exit",
          "fence",        "fma",           "fns",       "getctarank", "griddepcontrol",
          "isspacep",     "istypep",       "ld",        "ldmatrix",   "ldu",
          "lg2",          "lop3",          "mad",       "mad24",      "madc",
          "mapa",         "match",         "max",       "mbarrier",   "membar",
          "min",          "mma",           "mov",       "movmatrix",  "mul",
          "mul24",        "multimem",      "nanosleep", "neg",        "not",
          "or",           "pmevent",       "popc",      "prefetch",   "prefetchu",
          "prmt",         "rcp",           "red",       "redux",      "rem",
          "ret",          "rsqrt",         "sad",       "selp",       "set",
          "setmaxnreg",   "setp",          "shf",       "shfl",       "shl",
          "shr",          "sin",           "slct",      "sqrt",       "st",
          "stackrestore", "stacksave",     "stmatrix",  "sub",        "subc",
          "suld",         "suq",           "sured",     "sust",       "szext",
          "tanh",         "tcgen05",       "tensormap", "testp",      "tex",
          "tld4",         "trap",          "txq",       "vabsdiff",   "vabsdiff2",
          "vabsdiff4",    "vadd",          "vadd2",     "vadd4",      "vavrg2",
          "vavrg4",       "vmad",          "vmax",      "vmax2",      "vmax4",
          "vmin",         "vmin2",         "vmin4",     "vote",       "vset",
          "vset2",        "vset4",         "vshl",      "vshr",       "vsub",
          "vsub2",        "vsub4",         "wgmma",     "wmma",       "xor"})
      S.insert(Op);
    return S;
  }();
  size_t I = 0, N = T.size();
  while (I < N) {
    char C = T[I];
    if (llvm::isSpace(C) || C == '{' || C == '}' || C == ';') {
      ++I;
      continue;
    }
    if (T.substr(I).startswith("//")) {
      I = T.find('\n', I);
      continue;
    }
    if (T.substr(I).startswith("/*")) {
      size_t E = T.find("*/", I + 2);
      I = E == StringRef::npos ? N : E + 2;
      continue;
    }
    // A directive (.reg, .pragma ...) or a predicate guard: skip its word.
    if (C == '.' || C == '@') {
      while (I < N && !llvm::isSpace(T[I]) && T[I] != ';')
        ++I;
      if (C == '.') // skip to the end of the declaration
        I = std::min(T.find(';', I), N);
      continue;
    }
    size_t B = I;
    while (I < N && (llvm::isAlnum(T[I]) || T[I] == '_' || T[I] == '$' || T[I] == '%'))
      ++I;
    if (I < N && T[I] == ':' && I > B) { // a label
      ++I;
      continue;
    }
    if (I == B) // punctuation: not PTX we know how to read
      return false;
    // PTX opcodes nearly always carry a qualifier ("mov.u32", "bar.sync");
    // x86 "mov %1, %0" or "call f" does not, and is host code.
    StringRef Op = T.slice(B, I);
    bool Bare = Op == "exit" || Op == "ret" || Op == "trap" || Op == "brkpt";
    return Opcodes.count(Op) != 0 && (Bare || (I < N && T[I] == '.'));
  }
  return true;
}

Diagnostic makeAsmDiagnostic(Severity Sev, Rule Id, SourceRange Range, std::string Message) {
  Diagnostic D;
  D.Sev = Sev;
  D.setRule(Id);
  D.Range = Range;
  D.Message = std::move(Message);
  return D;
}

namespace {

/// The PTX text checkAsmTemplate builds, with the origin of each byte.
struct Expansion {
  std::string Text;
  std::vector<SourceRange> Origin; ///< invalid outside the template
  std::vector<bool> Unknown;       ///< bytes whose value is not known (an "n" operand)
  size_t TemplateBegin = 0, TemplateEnd = 0;
  /// The .reg declaration of each operand's register: [begin, end) and K.
  std::vector<std::pair<SourceRange, unsigned>> Decls;
  void add(StringRef S, SourceRange From = {}, bool Unk = false) {
    Text.append(S.begin(), S.end());
    Origin.insert(Origin.end(), S.size(), From);
    Unknown.insert(Unknown.end(), S.size(), Unk);
  }
};

const char *const RegPrefix[] = {"%rs_", "%r_", "%rd_", "%f_", "%fd_", "%rq_"};
const char *const RegType[] = {".b16", ".b32", ".b64", ".f32", ".f64", ".b128"};

/// An integer literal's value as PTX text ("16", "-1", "0x10"), or "".
std::string immediateText(StringRef Expr) {
  StringRef E = Expr.trim();
  while (E.consume_front("(") && E.consume_back(")"))
    E = E.trim();
  bool Neg = E.consume_front("-");
  E = E.rtrim("uUlL");
  unsigned long long V;
  if (E.empty() || E.getAsInteger(0, V))
    return "";
  return (Neg ? "-" : "") + std::to_string(V);
}

/// Resolves a matching constraint ("0") to the operand it names, once.
unsigned resolveMatch(const AsmInput &In, unsigned K) {
  StringRef C = In.Operands[K].Constraint;
  unsigned Target;
  if (!C.empty() && llvm::isDigit(C[0]) && !C.getAsInteger(10, Target) &&
      Target < In.Operands.size())
    return Target;
  return K;
}

/// Appends the text a placeholder for operand K becomes.
void addOperand(const AsmInput &In, unsigned K, SourceRange From, Expansion &X) {
  unsigned R = resolveMatch(In, K);
  OperandClass Cls = classifyConstraint(In.Operands[R].Constraint);
  if (Cls == OperandClass::Immediate) {
    std::string V = immediateText(In.Operands[K].Expr);
    X.add(V.empty() ? "0" : V, From, /*Unk=*/V.empty());
    return;
  }
  if (Cls == OperandClass::Unsupported) {
    X.add("%r_unknown", From, /*Unk=*/true);
    return;
  }
  X.add(std::string(RegPrefix[static_cast<int>(Cls)]) + std::to_string(R), From);
}

/// The message for an operand reference that names no operand: by name
/// (ByName) or by a number past the last operand.
std::string noSuchOperand(bool ByName, const std::string &Name, StringRef What, size_t NumOperands,
                          char Mark) {
  std::string Msg;
  if (ByName) {
    Msg += "no operand is named '";
    Msg += Name;
    Msg += "' in this asm statement ('";
    Msg += What;
    Msg += "')";
    return Msg;
  }
  Msg += "operand ";
  Msg += What;
  Msg += " does not exist: the asm statement has ";
  Msg += std::to_string(NumOperands);
  Msg += NumOperands == 1 ? " operand" : " operands";
  if (NumOperands != 0) {
    Msg += " (";
    Msg += Mark;
    Msg += "0 to ";
    Msg += Mark;
    Msg += std::to_string(NumOperands - 1);
    Msg += ")";
  }
  return Msg;
}

/// Names a template may use without declaring them: the compiler's own
/// registers (%r12, %rd3, %f1, %p2 ...: nvcc and LLVM declare them, and how
/// many is not known here), mangled C++ names and the parameter names the
/// compiler makes (`_Z3fooPi_param_0`).
bool compilerName(StringRef N) {
  if (N.startswith("_Z") || N.contains("_param_") || N.startswith("__cudaparm"))
    return true;
  if (!N.consume_front("%"))
    return false;
  StringRef Letters = N.take_while([](char C) { return llvm::isAlpha(C); });
  StringRef Digits = N.drop_front(Letters.size());
  static const StringRef Prefixes[] = {"r", "rd", "rs", "rq", "rl", "f", "fd", "h", "hh", "p", "b"};
  return !Digits.empty() && llvm::all_of(Digits, [](char C) { return llvm::isDigit(C); }) &&
         llvm::is_contained(Prefixes, Letters);
}

/// Whether a name the template uses but does not declare may be declared
/// outside it (see AsmInput::Outer).
bool declaredOutside(const OuterNames *Outer, StringRef N, bool IsLabel) {
  if (compilerName(N))
    return true;
  if (!Outer)
    return !IsLabel && !N.startswith("%");
  if (Outer->Asm.count(N.str()))
    return true;
  return !IsLabel && Outer->Cxx.count(N.str());
}

/// The statements of a template, comments dropped: split at ';', '{', '}'.
std::vector<StringRef> templateStatements(StringRef T, std::string &Buf) {
  Buf.clear();
  for (size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I).startswith("//")) {
      I = T.find('\n', I);
      if (I == StringRef::npos)
        break;
    } else if (T.substr(I).startswith("/*")) {
      I = T.find("*/", I + 2);
      if (I == StringRef::npos)
        break;
      ++I;
      Buf += ' ';
      continue;
    }
    Buf += T[I];
  }
  std::vector<StringRef> Out;
  StringRef S(Buf);
  while (!S.empty()) {
    size_t E = S.find_first_of(";{}");
    Out.push_back(S.take_front(E).trim());
    S = E == StringRef::npos ? StringRef() : S.drop_front(E + 1);
  }
  return Out;
}

bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$' || C == '%'; }

/// Adds the names of a declaration's list (`p, q`, `%r<4>`, `buf[16] = {0}`).
void declaredVariables(StringRef List, std::set<std::string> &Out) {
  llvm::SmallVector<StringRef, 8> Parts;
  List.split(Parts, ',');
  for (StringRef P : Parts) {
    P = P.trim();
    StringRef Name = P.take_while(isNameChar);
    if (Name.empty())
      continue;
    unsigned N = 0;
    StringRef Rest = P.drop_front(Name.size()).ltrim();
    if (Rest.consume_front("<") && !Rest.consumeInteger(10, N) && Rest.startswith(">")) {
      for (unsigned I = 0; I < std::min(N, 4096u); ++I)
        Out.insert(Name.str() + std::to_string(I));
      continue;
    }
    Out.insert(Name.str());
  }
}

} // namespace

void declaredNames(StringRef Template, std::set<std::string> &Out) {
  std::string Buf;
  for (StringRef S : templateStatements(Template, Buf)) {
    // Labels first: `L1: bra L2`, `$done:` (not a `::` qualifier).
    for (;;) {
      StringRef Name = S.take_while(isNameChar);
      StringRef Rest = S.drop_front(Name.size()).ltrim();
      if (Name.empty() || !Rest.startswith(":") || Rest.startswith("::"))
        break;
      Out.insert(Name.str());
      S = Rest.drop_front(1).ltrim();
    }
    static const char *const Spaces[] = {".reg",   ".local", ".shared",  ".global", ".const",
                                         ".param", ".tex",   ".sampler", ".surf"};
    StringRef First = S.take_until([](char C) { return llvm::isSpace(C); });
    if (!llvm::is_contained(Spaces, First))
      continue;
    // Skip the directive's qualifiers (.v2 .b32, .align 8) up to the names.
    S = S.drop_front(First.size()).ltrim();
    while (S.startswith(".")) {
      StringRef Q = S.take_until([](char C) { return llvm::isSpace(C); });
      S = S.drop_front(Q.size()).ltrim();
      if (Q == ".align" || Q.startswith(".ptr")) // .align N
        S = S.drop_while([](char C) { return llvm::isDigit(C); }).ltrim();
    }
    declaredVariables(S, Out);
  }
}

namespace {

/// Builds the PTX; placeholder errors go to Out.
Expansion expand(const AsmInput &In, std::vector<Diagnostic> &Out) {
  Expansion X;
  X.add(".version 9.0\n.target sm_90\n.address_size 64\n.visible .func __ptxlint_inline_asm()\n"
        "{\n");
  for (unsigned K = 0; K < In.Operands.size(); ++K) {
    OperandClass Cls = classifyConstraint(In.Operands[K].Constraint);
    if (Cls == OperandClass::Immediate || Cls == OperandClass::Unsupported ||
        resolveMatch(In, K) != K)
      continue;
    int C = static_cast<int>(Cls);
    auto Begin = static_cast<uint32_t>(X.Text.size());
    X.add(std::string(".reg ") + RegType[C] + " " + RegPrefix[C] + std::to_string(K) + ";\n");
    X.Decls.push_back({SourceRange(Begin, static_cast<uint32_t>(X.Text.size())), K});
  }
  X.add("\n");
  X.TemplateBegin = X.Text.size();
  const std::string &B = In.Template.Bytes;
  const char Mark = In.DollarPlaceholders ? '$' : '%';
  bool NamedReported = false;
  for (size_t I = 0; I < B.size();) {
    SourceRange At = In.Template.Origin[I];
    if (!In.Extended || B[I] != Mark || I + 1 >= B.size()) {
      X.add(StringRef(&B[I], 1), At);
      ++I;
      continue;
    }
    char Next = B[I + 1];
    if (Next == Mark) {
      X.add(StringRef(&B[I], 1), At.cover(In.Template.Origin[I + 1]));
      I += 2;
      continue;
    }
    if (Next == '=' && !In.DollarPlaceholders) {
      X.add(std::to_string(In.UniqueId), At.cover(In.Template.Origin[I + 1]));
      I += 2;
      continue;
    }
    size_t E = I + 1;
    int Index = -1;
    std::string Name;
    if (Next == '[' || (Next == '{' && In.DollarPlaceholders)) {
      size_t Close = B.find(Next == '[' ? ']' : '}', I + 2);
      if (Close == std::string::npos) {
        X.add(StringRef(&B[I], 1), At);
        ++I;
        continue;
      }
      Name = B.substr(I + 2, Close - I - 2);
      E = Close + 1;
      if (Next == '{' && StringRef(Name).getAsInteger(10, Index))
        Index = -1; // ${0:modifier} and friends: not a plain operand
      for (unsigned K = 0; Next == '[' && K < In.Operands.size(); ++K)
        if (In.Operands[K].Name == Name)
          Index = static_cast<int>(K);
    } else if (llvm::isDigit(Next)) {
      while (E < B.size() && llvm::isDigit(B[E]))
        ++E;
      if (StringRef(B).slice(I + 1, E).getAsInteger(10, Index))
        Index = INT32_MAX;
    } else {
      X.add(StringRef(&B[I], 1), At); // %laneid: as written
      ++I;
      continue;
    }
    SourceRange From = At.cover(In.Template.Origin[E - 1]);
    if (In.Nvcc && Next == '[') {
      if (!NamedReported) // one cause, one diagnostic
        Out.push_back(makeAsmDiagnostic(
            Severity::Error, Rule::AsmOperand, From,
            "nvcc does not support named operands ('" + StringRef(B).slice(I, E).str() +
                "': \"symbolic operand reference not supported\"); use the operand's number"));
      NamedReported = true;
      X.add("%r_unknown", From, /*Unk=*/true);
      I = E;
      continue;
    }
    if (Index < 0 || static_cast<size_t>(Index) >= In.Operands.size()) {
      Out.push_back(makeAsmDiagnostic(
          Severity::Error, Rule::AsmOperand, From,
          noSuchOperand(Index < 0, Name, StringRef(B).slice(I, E), In.Operands.size(), Mark)));
      X.add("%r_unknown", From, /*Unk=*/true);
    } else {
      addOperand(In, static_cast<unsigned>(Index), From, X);
    }
    I = E;
  }
  X.TemplateEnd = X.Text.size();
  // A newline first: a template ending in a // comment does not hide the '}'.
  X.add("\n}\n");
  return X;
}

/// Names the placeholder instead of the register it became ("%f_0" -> "%0"):
/// the user wrote %0.
std::string placeholderNames(StringRef Msg) {
  std::string Out;
  for (size_t I = 0; I < Msg.size(); ++I) {
    if (Msg[I] == '%') {
      size_t J = I + 1;
      while (J < Msg.size() && llvm::isAlpha(Msg[J]))
        ++J;
      StringRef Prefix = Msg.slice(I, J);
      if (J < Msg.size() && Msg[J] == '_' && J + 1 < Msg.size() && llvm::isDigit(Msg[J + 1]) &&
          llvm::is_contained(RegPrefix, (Prefix + "_").str())) {
        Out += '%';
        I = J; // the digits follow
        continue;
      }
    }
    Out += Msg[I];
  }
  return Out;
}

/// Maps a range of the expansion to the template's origins. Returns false
/// when the range touches a byte whose value is unknown.
bool mapRange(const Expansion &X, const AsmInput &In, SourceRange R, SourceRange &Out) {
  if (!R.isValid() || R.Begin < X.TemplateBegin || X.TemplateBegin == X.TemplateEnd) {
    Out = In.Anchor;
    return true;
  }
  if (R.Begin >= X.TemplateEnd) { // past the template: at its last byte
    SourceRange Last = X.Origin[X.TemplateEnd - 1];
    Out = SourceRange(Last.End, Last.End);
    return true;
  }
  uint32_t End = std::min<uint32_t>(std::max(R.End, R.Begin + 1), X.TemplateEnd);
  for (uint32_t I = R.Begin; I < End; ++I)
    if (X.Unknown[I])
      return false;
  SourceRange First = X.Origin[R.Begin], Last = X.Origin[End - 1];
  Out = R.End == R.Begin ? SourceRange(First.Begin, First.Begin)
                         : SourceRange(First.Begin, std::max(First.End, Last.End));
  return true;
}

} // namespace

std::vector<Diagnostic> checkAsmTemplate(const AsmInput &In, Target T, PtxVersion V,
                                         const LintOptions &Opts) {
  std::vector<Diagnostic> Out;
  Expansion X = expand(In, Out);
  SourceFile File("<inline asm>", X.Text);
  DiagnosticEngine DE;
  LintOptions CheckOpts = Opts;
  CheckOpts.TargetOverride.reset();
  CheckOpts.Version.reset();
  check::Checker C(File, DE, CheckOpts);
  C.setFixedContext(V, T, /*AssumeDeclared=*/false);
  const OuterNames *Outer = In.Outer;
  C.resolveNames([Outer](StringRef N, bool IsLabel) { return declaredOutside(Outer, N, IsLabel); });
  try {
    parse(File, &C, DE);
  } catch (...) {
    DE.report(Rule::Internal, SourceRange(),
              "internal error while checking the inline asm; please report it with this input");
  }
  for (const Diagnostic &D : DE.diagnostics()) {
    Diagnostic M = D;
    M.Message = placeholderNames(D.Message);
    if (!mapRange(X, In, D.Range, M.Range))
      continue;
    M.Fixes.clear();
    for (const FixIt &F : D.Fixes) {
      SourceRange R;
      // A fix applies to the source only where the template is the source's
      // bytes one for one (no escape, no placeholder in the range).
      if (F.Range.isValid() && F.Range.Begin >= X.TemplateBegin && F.Range.End <= X.TemplateEnd &&
          mapRange(X, In, F.Range, R) && R.End - R.Begin == F.Range.End - F.Range.Begin)
        M.Fixes.push_back({R, F.Replacement});
    }
    M.Notes.clear();
    for (const DiagNote &N : D.Notes) {
      // "declared here" at a placeholder's register: its constraint declared it.
      for (const auto &Decl : X.Decls)
        if (N.Range.isValid() && N.Range.Begin >= Decl.first.Begin &&
            N.Range.Begin < Decl.first.End && In.Operands[Decl.second].ConstraintRange.isValid())
          M.Notes.push_back({In.Operands[Decl.second].ConstraintRange,
                             "%" + std::to_string(Decl.second) + " is a ." +
                                 StringRef(RegType[static_cast<int>(classifyConstraint(
                                               In.Operands[Decl.second].Constraint))])
                                     .drop_front()
                                     .str() +
                                 " register because of its constraint"});
      // Notes about the wrapper (its .target, the placeholder declarations)
      // would point at text the user never wrote.
      if (!N.Range.isValid() || N.Range.Begin < X.TemplateBegin || N.Range.Begin >= X.TemplateEnd)
        continue;
      SourceRange R;
      if (mapRange(X, In, N.Range, R))
        M.Notes.push_back({R, N.Message});
    }
    Out.push_back(std::move(M));
  }
  return Out;
}

} // namespace cuda
} // namespace ptxlint
