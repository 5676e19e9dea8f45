//===- Variants.cpp - operand forms, spellings and configurations --------===//
//
// The cases of issue 10: not what the spec tables derive (Generator.cpp,
// Mutants.cpp) but the ways real code writes the same instruction, each
// judged by ptxas:
//
//  - every operand position written as each operand kind: a whole vector
//    register (.v2/.v4), its components (%v.x, %v.r), a special register,
//    a sink, a negated register or predicate, a .pred register, immediates
//    of every literal kind (decimal, negative, hex, octal, 0f, 0d, decimal
//    float, 64-bit, constant expression), a one-element vector, a vector
//    where a scalar goes, and one element of every other declared type
//    (mixed register sizes within one vector);
//  - every address form ([%r], [%rd+8], [sym], [sym+4], [[%rd]], [{%rd}],
//    [%rd+%rd], [sym+%r], undeclared bases, an absolute address);
//  - spellings: whitespace and comments between the opcode's parts and
//    between operands, a break inside a name, letter case, a guard;
//  - several errors on one line (a gate and a qualifier error together);
//  - every target ptxas 13.0 knows, at every PTX ISA version that has it,
//    for one form of each distinct set of gates.
//
// Cases judged by the whole-ISA checks (unknown opcode, undeclared symbol,
// guard type) carry the tag words `upper-opcode`, `undeclared` and
// `guard-b32`; run_diff.py keeps the `undeclared` ones out of its
// batch-vs-single sample (one diagnostic per cause).
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace ptxgen {

namespace {

/// "%r0" -> "r": the register's prefix without '%'.
std::string bareName(StringRef Type) { return StringRef(prefixOf(Type)).drop_front().str(); }

/// A vector register of N elements of Type ("%v4r0"); ptx-gen declares
/// .v2 and .v4 of every register type but .pred.
std::string vecReg(StringRef Type, unsigned N, unsigned Idx = 0) {
  return "%v" + std::to_string(N) + bareName(Type) + std::to_string(Idx);
}

/// Splits "{a, b, c}" into its elements (no nesting in generated text).
std::vector<std::string> elements(StringRef Op) {
  std::vector<std::string> R;
  if (!Op.startswith("{") || !Op.endswith("}"))
    return R;
  SmallVector<StringRef, 8> Parts;
  Op.drop_front().drop_back().split(Parts, ',');
  for (StringRef P : Parts)
    R.push_back(P.trim().str());
  return R;
}

std::string braced(const std::vector<std::string> &Els) { return "{" + join(Els, ", ") + "}"; }

std::string upper(StringRef S) { return S.upper(); }

/// The literal spellings of an integer value V (0 <= V < 8).
std::vector<std::pair<std::string, std::string>> intSpellings(int64_t V) {
  std::string D = std::to_string(V);
  return {{"hex", "0x" + utohexstr(uint64_t(V))},
          {"octal", V == 0 ? "00" : "0" + std::to_string(V)},
          {"unsigned", D + "U"},
          {"expr", "(" + D + "+0)"},
          {"expr-mul", "(1*" + D + ")"},
          {"paren", "(" + D + ")"},
          {"64bit", "0x1" +
                        std::string(8 - std::min<size_t>(8, utohexstr(uint64_t(V)).size()), '0') +
                        utohexstr(uint64_t(V))},
          {"float0f", V == 0 ? "0f00000000" : "0f3F800000"},
          {"float0d", V == 0 ? "0d0000000000000000" : "0d3FF0000000000000"},
          {"float-dec", D + ".0"},
          {"neg-zero", "-" + D}};
}

/// Literal kinds written where a register (fragment element) goes.
const std::pair<const char *, const char *> ImmKinds[] = {
    {"dec", "1"},
    {"zero", "0"},
    {"neg", "-1"},
    {"hex", "0x10"},
    {"octal", "010"},
    {"float0f", "0f3F800000"},
    {"float0d", "0d3FF0000000000000"},
    {"float-dec", "1.0"},
    {"64bit", "0x100000000"},
    {"expr", "(1+1)"},
};

/// The variants of a vector operand written Cur, of type T; VB(Off): the
/// number of the vector register to use (see variants()).
template <typename WithFn, typename VBFn>
void vectorVariants(WithFn &With, const std::string &Cur, const std::string &T, VBFn &VB) {
  std::vector<std::string> Els = elements(Cur);
  if (Els.empty())
    return;
  unsigned N = Els.size();
  auto First = [&](const std::string &E, StringRef Tag, const std::string &Desc, bool Iso = false) {
    std::vector<std::string> X = Els;
    X[0] = E;
    With(braced(X), Tag, "first element " + Desc, Iso);
  };
  auto All = [&](const std::function<std::string(unsigned)> &Fn, StringRef Tag,
                 const std::string &Desc) {
    std::vector<std::string> X;
    for (unsigned J = 0; J < N; ++J)
      X.push_back(Fn(J));
    With(braced(X), Tag, "every element " + Desc);
  };
  if (T != ".pred") {
    // Whole vector registers, and their components (.v4 only below 64
    // bits: a .v4 of a 64-bit type exceeds ptxas's 128-bit limit).
    bool Wide = StringRef(T).endswith("64");
    unsigned VW = Wide ? 2 : 4;
    for (unsigned VN : {2u, 4u}) {
      if (VN > VW)
        continue;
      if (VN == N)
        With(vecReg(T, VN, VB(0)), "vreg",
             "a whole .v" + std::to_string(VN) + " " + T + " register");
      else if (N == 1 || N == 8 || VN == 2)
        With(vecReg(T, VN, VB(0)), "vreg" + std::to_string(VN),
             "a whole .v" + std::to_string(VN) + " register for " + std::to_string(N) +
                 " elements");
    }
    if (N == 8 && !Wide) {
      unsigned P = VB(0);
      With("{" + vecReg(T, 4, P) + ", " + vecReg(T, 4, P + 1) + "}", "vreg-pair",
           "two .v4 registers in braces");
    }
    if (N == 2 || (N == 4 && !Wide))
      With("{" + vecReg(T, N, VB(0)) + "}", "vreg-braced", "a whole vector register in braces");
    const char *Comp = "xyzw";
    unsigned CB = VB(2);
    All([&](unsigned J) { return vecReg(T, VW, CB + (J / VW) % 2) + "." + Comp[J % VW]; }, "comp",
        "a component of a vector register (%v.x)");
    First(vecReg(T, 2, VB(2)) + ".r", "comp-r", "a component written %v.r");
    // (Not `.z` of a .v2: ptxas 13.0 crashes on it for some targets and
    // forms, and then whether it crashes depends on the rest of the
    // file; docs/differences/wmma-ldst.md.)
    // Another type's vector register whole.
    std::string Other = T == ".f32" ? ".b32" : T == ".b32" ? ".f32" : ".b32";
    if (N == 2 || (N == 4 && !Wide))
      With(vecReg(Other, N, VB(0)), "vreg-type" + Other, "a whole " + Other + " vector register");
  }
  First("%laneid", "sreg-laneid", "the special register %laneid");
  First("%clock64", "sreg-clock64", "the special register %clock64");
  First("%tid.x", "sreg-tid", "the special register %tid.x");
  All([](unsigned) { return std::string("%laneid"); }, "sreg-all", "%laneid");
  First("_", "sink", "a sink _");
  All([](unsigned) { return std::string("_"); }, "sink-all", "a sink _");
  First("!" + Els[0], "negreg", "negated (!%r)", true);
  First("!%p0", "negpred", "a negated predicate", true);
  First("%p0", "pred", "a .pred register");
  All([](unsigned J) { return "%p" + std::to_string(J); }, "pred-all", "a .pred register");
  for (const RegKind &RK : RegKinds)
    if (StringRef(RK.Type) != T && StringRef(RK.Type) != ".pred")
      First(std::string(RK.Prefix) + "60", std::string("mix") + RK.Type,
            std::string("a ") + RK.Type + " register (mixed types)");
  for (const auto &IK : ImmKinds)
    First(IK.second, std::string("imm-") + IK.first, std::string("the constant ") + IK.second);
  for (const char *V : {"0f00000000", "(1+1)", "0x100000000"})
    All([&](unsigned) { return std::string(V); }, std::string("immall-") + V,
        std::string("the constant ") + V);
  if (N > 1)
    With(Els[0], "bare", "one register without braces");
  With("%nosuchreg", "undeclared-bare", "an undeclared register");
  First("%nosuchreg", "undeclared", "an undeclared register");
}

/// The variants of an address operand written Cur.
template <typename WithFn> void addressVariants(WithFn &With, const std::string &Cur) {
  bool Shared = Cur == "[gen_smem]";
  std::string Sym = Shared ? "gen_smem" : Cur == "[gen_gmem]" ? "gen_gmem" : "";
  With("[%rd0]", "reg64", "[%rd]");
  With("[%rdu0]", "regu64", "[.u64 register]");
  With("[%r0]", "reg32", "[%r] (32-bit register)");
  With("[%rd0+8]", "reg-plus", "[%rd+8]");
  With("[%rd0+-8]", "reg-plus-neg", "[%rd+-8]");
  With("[%rd0-8]", "reg-minus", "[%rd-8]", true);
  With("[%rd0+0x10]", "reg-plus-hex", "[%rd+0x10]");
  With("[%rd0+(2*8)]", "reg-plus-expr", "[%rd+(2*8)]");
  With("[%v2rd6.x]", "comp", "a vector component as base", true);
  With("[%clock64]", "sreg", "a special register as base");
  With("[16]", "absolute", "an absolute address");
  if (!Sym.empty()) {
    With("[" + Sym + "+4]", "sym-plus", "[sym+4]");
    With("[" + Sym + "+(2*8)]", "sym-plus-expr", "[sym+(2*8)]");
  } else {
    With("[gen_smem]", "sym-smem", "[shared symbol]");
    With("[gen_gmem]", "sym-gmem", "[global symbol]");
  }
  std::string Base = Sym.empty() ? "%rd0" : Sym;
  With("[[%rd0]]", "nested", "[[%rd]]", true);
  With("[{%rd0}]", "braced", "[{%rd}]", true);
  With("[%rd0+%rd1]", "reg-plus-reg", "[%rd+%rd]", true);
  With("[" + Base + "+%r0]", "sym-plus-reg", "[base+%r]", true);
  With("[nosuchsym]", "undeclared-sym", "[undeclared symbol]");
  With("[%nosuchreg]", "undeclared-reg", "[undeclared register]");
  With("%rd0", "nobrackets", "a register without brackets");
}

} // namespace

void Generator::variants(const Form &F, Config Hi) {
  Inst B = base(F, Hi.V);
  bool IsoOk = !CiSample || IsoDone.insert(FamName + "/operands").second;
  auto Add = [&](const Inst &I, StringRef Tag, std::string Desc, bool Iso = false) {
    if (Iso && !IsoOk)
      return;
    Case C = mk(F, I, Hi, "variant", "?", "var:" + Tag.str(), std::move(Desc));
    C.Isolated = Iso;
    add(std::move(C));
  };
  // Output position of each operand (optional ones are left out in B).
  std::vector<int> Pos(F.Operands.size(), -1);
  {
    int P = 0;
    for (size_t K = 0; K < F.Operands.size(); ++K)
      if (!F.Operands[K].Optional)
        Pos[K] = P++;
  }
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const OperandSpec &O = F.Operands[K];
    if (Pos[K] < 0 || size_t(Pos[K]) >= B.Ops.size())
      continue;
    const std::string Cur = B.Ops[Pos[K]];
    auto With = [&](const std::string &Text, StringRef Tag, const std::string &Desc,
                    bool Iso = false) {
      if (Text == Cur)
        return;
      Inst I = B;
      I.Ops[Pos[K]] = Text;
      Add(I, "op-" + O.Name + "-" + Tag.str(), "operand " + O.Name + ": " + Desc, Iso);
    };
    std::string T = firstType(O);
    // Vector registers: sources use %v..4/5 whole and %v..6/7 for
    // components; every destination case gets its own (%v..8 to %v..127,
    // round robin). ptxas 13.0 crashes (SIGSEGV) generating code when one
    // vector register is read on one line and written on a later one, or
    // written as mma's d on two lines, so the cases of a batch must not
    // share written vector registers
    // (docs/differences/mma.md#ptxas-crashes-on-vector-registers).
    auto VB = [&](unsigned SrcOff) -> unsigned {
      return O.IsDest ? 8 + 2 * (DestSeq++ % 60) : 4 + SrcOff;
    };
    switch (O.Shape) {
    case OperandShape::Vector:
      vectorVariants(With, Cur, T, VB);
      break;
    case OperandShape::Scalar: {
      With("{" + Cur + "}", "vec1", "a one-element vector");
      With((Twine("{") + Cur + ", " + Cur + "}").str(), "vec2", "a two-element vector");
      if (T != ".pred") {
        With(vecReg(T, 2, VB(2)) + ".x", "comp", "a vector component");
        With(vecReg(T, 2, VB(0)), "vreg", "a whole .v2 register");
      }
      With("%laneid", "sreg-laneid", "%laneid");
      With("%clock64", "sreg-clock64", "%clock64");
      With("_", "sink", "a sink");
      With("!" + Cur, "negreg", "negated");
      With("!%p0", "negpred", "a negated predicate");
      With("%p0", "pred", "a .pred register");
      for (const auto &IK : ImmKinds)
        With(IK.second, std::string("imm-") + IK.first, std::string("the constant ") + IK.second);
      With("{1}", "vec1-imm", "a one-element vector of a constant");
      With("%nosuchreg", "undeclared", "an undeclared register");
      break;
    }
    case OperandShape::Immediate: {
      int64_t V = defaultImm(O, 0);
      if (V < 0 || V > 7)
        break;
      for (const auto &S : intSpellings(V))
        With(S.second, "imm-" + S.first,
             "the selector " + std::to_string(V) + " written " + S.second);
      With("{" + std::to_string(V) + "}", "vec1", "a one-element vector");
      With("%r0", "reg", "a register");
      With("%laneid", "sreg", "%laneid");
      With("_", "sink", "a sink");
      With("-" + std::to_string(V + 1), "negative", "a negative selector");
      break;
    }
    case OperandShape::SelectorPair: {
      std::vector<std::string> Els = elements(Cur);
      if (Els.size() != 2)
        break;
      for (unsigned E = 0; E < 2; ++E) {
        int64_t V = defaultImm(O, E);
        auto Set = [&](const std::string &X, StringRef Tag, const std::string &Desc) {
          std::vector<std::string> Y = Els;
          Y[E] = X;
          With(braced(Y), "el" + std::to_string(E) + "-" + Tag.str(),
               "element " + std::to_string(E) + " " + Desc);
        };
        if (V >= 0 && V <= 7)
          for (const auto &S : intSpellings(V))
            Set(S.second, S.first, "written " + S.second);
        Set("%laneid", "sreg", "%laneid");
        Set("_", "sink", "a sink");
        Set("%h0", "b16", "a .b16 register");
        Set("%r0", "b32", "a .b32 register");
        Set(vecReg(".b16", 2, VB(2)) + ".x", "comp", "a vector component");
        Set("%p0", "pred", "a .pred register");
      }
      // (Not a whole .v2 .b16 register: ptxas 13.0 crashes on it, e.g.
      // block-scale mma's {byte-id-b, thread-id-b} written %v2h;
      // docs/differences/mma.md.)
      With("{" + Els[0] + "}", "vec1", "one element");
      With(Els[0], "scalar", "a scalar");
      break;
    }
    case OperandShape::Address:
      addressVariants(With, Cur);
      break;
    }
  }
}

/// Whitespace, comments, letter case and guards around the same instruction.
void Generator::spellings(const Form &F, Config Hi) {
  Inst B = base(F, Hi.V);
  bool IsoOk = !CiSample || IsoDone.insert(FamName + "/spellings").second;
  auto Add = [&](const std::string &Text, StringRef Tag, std::string Desc, bool Iso = false) {
    if (Iso && !IsoOk)
      return;
    Case C = mk(F, B, Hi, "variant", "?", "var:" + Tag.str(), std::move(Desc));
    C.Text = Text;
    C.Isolated = Iso;
    add(std::move(C));
  };
  std::string Ops = " " + join(B.Ops, ", ") + ";";
  std::string Quals = join(B.Quals, "");
  Add(B.Opcode + " " + Quals + Ops, "ws-opcode", "a space between the opcode and its qualifiers");
  Add(B.Opcode + "\t" + Quals + Ops, "tab-opcode", "a tab between the opcode and its qualifiers");
  Add(B.Opcode + "/*c*/" + Quals + Ops, "cmt-opcode", "a comment after the opcode");
  Add(B.Opcode + join(B.Quals, " ") + Ops, "ws-quals", "spaces between the qualifiers");
  Add(B.Opcode + join(B.Quals, "/**/") + Ops, "cmt-quals", "comments between the qualifiers");
  Add(B.Opcode + " " + join(B.Quals, "  ") + Ops, "ws-all", "spaces around every qualifier");
  if (!B.Quals.empty()) {
    std::string Q0 = B.Quals[0];
    std::string Rest = join(std::vector<std::string>(B.Quals.begin() + 1, B.Quals.end()), "");
    Add(B.Opcode + ". " + Q0.substr(1) + Rest + Ops, "ws-after-dot", "a space after a dot", true);
    if (Q0.size() > 3)
      Add(B.Opcode + Q0.substr(0, 3) + " " + Q0.substr(3) + Rest + Ops, "ws-in-name",
          "a space inside a qualifier", true);
    Add(B.Opcode + upper(Q0) + Rest + Ops, "case-qual", "an upper-case qualifier");
  }
  if (B.Opcode.size() > 2)
    Add(B.Opcode.substr(0, 2) + " " + B.Opcode.substr(2) + Quals + Ops, "ws-in-opcode",
        "a space inside the opcode", true);
  Add(upper(B.Opcode) + Quals + Ops, "upper-opcode", "an upper-case opcode");
  Add(upper(B.Opcode + Quals) + Ops, "upper-opcode-all", "the whole mnemonic upper-case");
  std::string Cap = B.Opcode;
  Cap[0] = char(toupper(Cap[0]));
  Add(Cap + Quals + Ops, "upper-opcode-cap", "a capitalised opcode");
  Add(B.Opcode + Quals + " " + join(B.Ops, ",") + ";", "ws-ops-none", "no spaces in operands");
  Add(B.Opcode + Quals + " " + join(B.Ops, " /*x*/ , ") + " ;", "cmt-ops",
      "comments between the operands");
  std::string Packed;
  for (char Ch : Ops)
    if (Ch != ' ')
      Packed += Ch;
  Add(B.Opcode + Quals + " " + Packed, "ws-packed", "no whitespace inside the operands");
  Add("@%p0 " + B.text(), "guard", "a predicate guard");
  Add("@!%p0 " + B.text(), "guard-neg", "a negated predicate guard");
  Add("@%r0 " + B.text(), "guard-b32", "a .b32 guard");
}

/// Several errors on one line: a version gate, a target gate and a
/// qualifier error at once (every one must be reported).
void Generator::multiErrors(const Form &F, const std::vector<Config> &Mins) {
  if (Mins.empty())
    return;
  Inst B = base(F, Mins.front().V);
  Inst Bad = B;
  Bad.Quals.push_back(".foo");
  for (const Gate &G : F.Gates) {
    if (G.MinPtx.isValid()) {
      PtxVersion Low = prevVersion(G.MinPtx);
      for (const TargetInfo &I : knownTargets())
        if (I.T.Sm >= 53 && !(Low < PtxVersion(4, 2)) && targetExistsAt(I.T, Low)) {
          Case C = mk(F, Bad, Config{Low, I.T}, "variant", "reject", "var:multi-version-qual",
                      "an unknown qualifier, below the PTX version gate, on the lowest target");
          add(std::move(C));
          break;
        }
    }
  }
}

/// Every target ptxas knows, at every PTX ISA version that has it, for one
/// form of each distinct gate set. (The kernel's declarations need PTX ISA
/// 4.2 and sm_53 for .f16x2 registers, far below every matrix gate.)
void Generator::targetSweep(const Form &F) {
  for (const TargetInfo &I : knownTargets())
    for (PtxVersion V : allVersions()) {
      if (I.T.Sm < 53 || V < PtxVersion(4, 2))
        continue;
      if (!targetExistsAt(I.T, V) ||
          (!AllConfigs && !(V == introduced(I.T)) && !(V == latestPtxVersion()) &&
           !(V == F.MinPtx) && !(V == prevVersion(F.MinPtx))))
        continue;
      add(mk(F, base(F, V), Config{V, I.T}, "variant", "?", "var:config",
             "the form on " + I.T.str() + " at PTX ISA " + V.str()));
    }
}

} // namespace ptxgen
