//===- CheckSymbols.cpp - symbol resolution over the whole module ---------===//
//
// What ptxas 13.0 accepts, probed case by case (docs/spec-ptxas-differences.md,
// test/symbols/):
//  - registers and variables are declared before use ("Label expected for
//    forward reference"); labels may be used before their definition, but
//    only within the { } scope that defines them and its inner scopes;
//  - a duplicate in one scope is an error (parameters and the body's
//    top-level declarations share one scope; a range %r<4> and %r<8> clash,
//    %r<100> and %r1<5> do not); labels share the namespace of registers;
//  - a function is declared before a call, a .calltargets list or an
//    initializer names it; a prototype after the definition is a duplicate;
//  - special registers: the table of lib/Spec/SpecialRegisters.cpp (gates as
//    ptxas enforces them; .w of a vector special register is accepted);
//  - DWARF sections may reference undefined labels (ptxas does not check).
//
// This file: special registers, uses, scopes and reports; the declaration
// checks are in CheckSymbolsDecl.cpp, what both use in SymbolsShared.h.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckSymbols.h"
#include "Check/CheckUtil.h"
#include "Check/SymbolsShared.h"
#include "Spec/Addressing.h"
#include "Spec/IsaTables.h"
#include "Spec/Names.h"
#include "Spec/SpecialRegisters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace ptxlint {
namespace check {

namespace symbols {

bool isVectorSelector(llvm::StringRef Sel) {
  return Sel.size() == 1 && llvm::StringRef("xyzwrgba").contains(Sel[0]);
}

} // namespace symbols

using namespace symbols;

//===----------------------------------------------------------------------===//
// Uses
//===----------------------------------------------------------------------===//

void SymbolChecker::addUse(llvm::StringMap<Uses> &Map, llvm::StringRef Name, SourceRange R,
                           UseKind K) {
  auto Ins = Map.try_emplace(Name);
  Uses &U = Ins.first->second;
  if (Ins.second) {
    U.First = R;
    U.Kind = K;
  } else if (U.More.size() < 3) {
    U.More.push_back(R);
  }
  ++U.Count;
  if (K != UseKind::Operand)
    return;
  if (U.ValueCount++ == 0)
    U.FirstValue = R;
  else if (U.MoreValues.size() < 3)
    U.MoreValues.push_back(R);
}

void SymbolChecker::mergeInto(llvm::StringMap<Uses> &To, llvm::StringRef Name, Uses &F) {
  auto Ins = To.try_emplace(Name);
  Uses &T = Ins.first->second;
  if (Ins.second) {
    T = std::move(F);
    return;
  }
  // The value uses, earliest first.
  if (F.ValueCount) {
    if (!T.ValueCount || F.FirstValue.Begin < T.FirstValue.Begin) {
      std::swap(T.FirstValue, F.FirstValue);
      std::swap(T.MoreValues, F.MoreValues);
      std::swap(T.ValueCount, F.ValueCount);
    }
    if (F.ValueCount && T.MoreValues.size() < 3)
      T.MoreValues.push_back(F.FirstValue);
    for (SourceRange M : F.MoreValues)
      if (T.MoreValues.size() < 3)
        T.MoreValues.push_back(M);
    T.ValueCount += F.ValueCount;
  }
  // Keep the earliest use first.
  if (F.First.Begin < T.First.Begin) {
    std::swap(T.First, F.First);
    std::swap(T.Kind, F.Kind);
    std::swap(T.Hint, F.Hint);
  }
  if (T.More.size() < 3)
    T.More.push_back(F.First);
  for (SourceRange M : F.More)
    if (T.More.size() < 3)
      T.More.push_back(M);
  T.Count += F.Count;
}

void SymbolChecker::mergeInto(llvm::StringMap<Uses> &To, llvm::StringMap<Uses> &From) {
  for (auto &E : From)
    mergeInto(To, E.getKey(), E.getValue());
  From.clear();
}

bool SymbolChecker::checkSpecial(llvm::StringRef Name, SourceRange R, CheckContext *Ctx) {
  llvm::StringRef Base = Name, Sel;
  size_t Dot = Name.find('.');
  if (Dot != llvm::StringRef::npos) {
    Base = Name.take_front(Dot);
    Sel = Name.drop_front(Dot + 1);
  }
  const SregInfo *S = findSreg(Base);
  if (!S)
    return false;
  if (!Sel.empty()) {
    if (!S->Vector)
      Diags.report(Rule::SregSelector, S->Spec, R,
                   "special register " + Base.str() + " has no component '." + Sel.str() +
                       "'; it is a scalar");
    else if (Sel.size() != 1 || !llvm::StringRef("xyzw").contains(Sel[0]))
      Diags.report(Rule::SregSelector, S->Spec, R,
                   "unknown component '." + Sel.str() + "' of " + Base.str() +
                       "; expected .x, .y or .z (.w reads 0)");
  }
  if (!Ctx)
    return true;
  std::string Shown = sregDisplay(*S);
  if (S->Ver.isValid() && Ctx->Version.isValid() && Ctx->Version < S->Ver) {
    std::string Msg = "special register " + Shown + " " + requiresPtxText(S->Ver, Ctx->Version);
    reportGate(Shown + "@version", R, Msg, S->Spec, Ctx->VersionRange, S->Ver.str(),
               "module PTX ISA version is set here");
  }
  if (S->MinSm && Ctx->Tgt.isValid() && Ctx->Tgt.Sm < S->MinSm) {
    std::string Msg =
        "special register " + Shown + " " + requiresTargetText({smT(S->MinSm)}, Ctx->Tgt);
    reportGate(Shown + "@target", R, Msg, S->Spec, Ctx->TargetRange, smT(S->MinSm).str(),
               "module target is set here");
  }
  return true;
}

void SymbolChecker::reportGate(llvm::StringRef Key, SourceRange R, std::string Message,
                               std::string Spec, SourceRange FixAt, std::string Fix,
                               const char *FixNote) {
  auto Ins = Gates.try_emplace(Key);
  Gate &G = Ins.first->second;
  if (Ins.second) {
    G.First = R;
    G.Message = std::move(Message);
    G.Spec = std::move(Spec);
    G.FixAt = FixAt;
    G.Fix = std::move(Fix);
    G.FixNote = FixNote;
  } else if (G.More.size() < 3) {
    G.More.push_back(R);
  }
  ++G.Count;
}

void SymbolChecker::checkSelector(llvm::StringRef Base, llvm::StringRef Sel, const RegisterInfo &B,
                                  SourceRange R) {
  std::string Msg;
  if (B.VectorWidth <= 1) {
    // Scalars take the video selectors of the video instructions (which
    // instruction takes which is IsaVideoSelectors.cpp's business).
    if (spec::isVideoSelectorShape(Sel))
      return;
    Msg = "'" + Base.str() + "' is a scalar register: '." + Sel.str() +
          "' is neither a vector component nor a video selector (.b0-.b3, .h0, .h1; .hxy, "
          "x and y from 0 to 3; .bxyzw, x to w from 0 to 7)";
  } else if (!isVectorSelector(Sel)) {
    Msg = "unknown component '." + Sel.str() + "' of vector register '" + Base.str() +
          "'; expected .x, .y, .z, .w (or .r, .g, .b, .a)";
  } else {
    size_t Index = llvm::StringRef("xyzw").find(Sel[0]);
    if (Index == llvm::StringRef::npos)
      Index = llvm::StringRef("rgba").find(Sel[0]);
    if (Index < B.VectorWidth)
      return;
    // ptxas -arch compute_NN accepts it and ptxas -arch sm_NN crashes on it.
    Msg = "component '." + Sel.str() + "' is beyond the " + std::to_string(B.VectorWidth) +
          " elements of .v" + std::to_string(B.VectorWidth) + " register '" + Base.str() +
          "' (ptxas crashes compiling it)";
  }
  Diagnostic &Diag = Diags.report(Rule::SymbolSelector, R, Msg);
  if (B.DeclRange.isValid())
    Diag.Notes.push_back({B.DeclRange, "declared here"});
}

void SymbolChecker::reportLabelOperand(llvm::StringRef Name, SourceRange Def, SourceRange Use,
                                       unsigned Count, llvm::ArrayRef<SourceRange> More) {
  std::string Msg = "label '" + Name.str() +
                    "' is not a value: labels are operands of bra, brx.idx (through "
                    ".branchtargets) and call (.callprototype, .calltargets) only";
  if (Count > 1)
    Msg += " (used " + std::to_string(Count) + " times; the first use is shown" +
           (More.empty() ? "" : ", the next ones as notes") + ")";
  Diagnostic &Diag = Diags.report(Rule::IsaOperandKind, LabelSpec, Use, Msg);
  if (Def.isValid())
    Diag.Notes.push_back({Def, "label defined here"});
  for (SourceRange M : More)
    Diag.Notes.push_back({M, "also used here"});
}

bool SymbolChecker::checkFunctionOperand(llvm::StringRef Name, SourceRange R, UseKind K, Place P,
                                         const ModuleSym &F) {
  // ptxas 13.0 takes a function name as a value (mov, add, selp, st, setp,
  // cvta.to ...) and refuses it in an address, a vector, a branch and the
  // instructions of NoFunctionOperands (test/symbols/label-operands.test).
  const char *Why = nullptr;
  if (K != UseKind::Operand)
    return false;
  if (P == Place::Value && !MovOddType.empty()) {
    // ptxas 13.0 (compute_NN and sm_NN): warning "Unexpected instruction
    // types specified for 'mov instruction with function address operand'".
    Diagnostic &Diag =
        Diags.report(Severity::Warning, Rule::IsaOperandType, LabelSpec, R,
                     "a function's address is an integer of .u32, .b32, .u64 or .b64: mov" +
                         MovOddType.str() + " of function '" + Name.str() +
                         "' draws a ptxas warning; write mov.u64 (mov.u32 in a "
                         "32-bit module)");
    if (F.Range.isValid())
      Diag.Notes.push_back({F.Range, "function declared here"});
    return true;
  }
  if (P == Place::Expr && !ParseOnly) {
    // ptxas 13.0 -arch sm_NN (with -c too): fatal "Cannot take address of
    // function 'f' in arithmetic expressions"; only -arch compute_NN takes
    // `f+4`. Reported by default, as a 32-bit address in a 64-bit module is.
    Diagnostic &Diag = Diags.report(
        Rule::IsaOperandKind, LabelSpec, R,
        "function name '" + Name.str() +
            "' in an arithmetic expression: ptxas -arch sm_NN cannot take a function's address "
            "in one; move its address into a register (mov.u64 %rd, " +
            Name.str() + ") and add to it");
    if (F.Range.isValid())
      Diag.Notes.push_back({F.Range, "function declared here"});
    return true;
  }
  if (P == Place::Address)
    Why = "is not an address: take its address with mov into a register first";
  else if (P == Place::Element)
    Why = "cannot be a vector element: move its address into a register first";
  else if (NoFunctionOperands)
    Why = "cannot be an operand of this instruction: move its address into a register first";
  else if (FirstOperand)
    Why = "cannot be the first operand, a destination or a register source: write a register "
          "there (a function's address is a source operand of mov, add, selp, st ...)";
  if (!Why)
    return false;
  Diagnostic &Diag =
      Diags.report(Rule::IsaOperandKind, LabelSpec, R, "function name '" + Name.str() + "' " + Why);
  if (F.Range.isValid())
    Diag.Notes.push_back({F.Range, "function declared here"});
  return true;
}

void SymbolChecker::checkVariableValue(llvm::StringRef Name, const RegisterInfo *V, SourceRange R) {
  // A variable names its address, which these instructions do not take as a
  // value, bare or indexed (ptxas 13.0: "must be register"; mov and cvta
  // take it, and every instruction takes `gv+4`).
  if (!V || V->StateSpace.empty() || V->StateSpace == ".reg" || V->StateSpace == ".sreg")
    return;
  std::string Msg = "'" + Name.str() + "' is a " + V->StateSpace.str() + " variable: ";
  if (InCvtaTo) // ptxas 13.0: "Argument 1 of instruction 'cvta.to': must be register"
    Msg += "cvta.to converts a generic address held in a register; 'mov.u64 %rd, " + Name.str() +
           "' gives its " + V->StateSpace.str() + " address without a conversion";
  else
    Msg += "this operand must be a register or a constant (mov or cvta its address into a "
           "register)";
  Diagnostic &Diag = Diags.report(Rule::IsaOperandKind, R, Msg);
  if (V->DeclRange.isValid())
    Diag.Notes.push_back({V->DeclRange, "declared here"});
}

void SymbolChecker::reportParamAddress(llvm::StringRef Name, const RegisterInfo &V, SourceRange R) {
  // ptxas 13.0: "Illegal to take address of parameter 'p'" for mov and cvta
  // of a .param variable declared in a body (a call's argument or return
  // slot); the function's own parameters' addresses can be taken
  // (test/symbols/param-address.test).
  Diagnostic &Diag = Diags.report(
      Rule::IsaOperandKind, R,
      "cannot take the address of '" + Name.str() +
          "', a .param variable declared in a function body: such a variable is a call's "
          "argument or return value, written with st.param and read with ld.param (the "
          "addresses of the function's own parameters and of .local, .shared, .global and "
          ".const variables can be taken)");
  if (V.DeclRange.isValid())
    Diag.Notes.push_back({V.DeclRange, "declared here"});
}

void SymbolChecker::checkFloatAddress(const Operand &Op) {
  // `gv+4` is an address, an integer, which a floating-point operand is not
  // (ptxas 13.0: "Arguments mismatch" for add.f32, st.global.f32, setp.eq.f32
  // and selp.f32; test/symbols/variable-operands-isa.ptx).
  llvm::StringRef Text = Op.Text;
  llvm::StringRef Name = Text.take_until([](char C) { return C == '+' || C == ' ' || C == '\t'; });
  const RegisterInfo *V = Syms.lookup(Name);
  if (!V || V->StateSpace.empty() || V->StateSpace == ".reg" || V->StateSpace == ".sreg")
    return;
  Diags.report(Rule::IsaOperandKind, Op.Range,
               "'" + Text.str() + "' is an address (of the " + V->StateSpace.str() + " variable '" +
                   Name.str() +
                   "'), an integer: a floating-point operand must be a register or a constant");
}

void SymbolChecker::resolveName(llvm::StringRef Name, SourceRange R, UseKind K, CheckContext *Ctx,
                                Place P) {
  if (Name.empty() || Name == "_")
    return;
  if (K == UseKind::Call || K == UseKind::CallTarget || K == UseKind::Alias) {
    auto It = ModuleSyms.find(Name);
    if (It != ModuleSyms.end() && It->second.IsFunction)
      return;
    if (K == UseKind::Call && Syms.lookup(Name))
      return; // an indirect call through a register
    addUse(Late, Name, R, K);
    return;
  }
  if (const RegisterInfo *V = Syms.lookup(Name)) {
    if (K == UseKind::Operand && P == Place::Value && NoVariableValues)
      checkVariableValue(Name, V, R);
    else if (K == UseKind::Operand && P == Place::Value && TakesAddress &&
             V->StateSpace == ".param" && V->Role == ParamRole::None && V->DeclRange.isValid() &&
             V->DeclRange.Begin >= HeaderEnd) // a body .param (not one shadowing a parameter)
      reportParamAddress(Name, *V, R);
    return;
  }
  size_t Dot = Name.find('.');
  if (Dot != llvm::StringRef::npos) {
    llvm::StringRef Base = Name.take_front(Dot), Sel = Name.drop_front(Dot + 1);
    if (const RegisterInfo *B = Syms.lookup(Base)) {
      checkSelector(Base, Sel, *B, R);
      return;
    }
  }
  if ((Name[0] == '%' || Name == "WARP_SZ") && checkSpecial(Name, R, Ctx))
    return;
  if (auto It = ModuleSyms.find(Name); It != ModuleSyms.end()) {
    // A branch target names a label, which may have a function's name
    // (ptxas takes `L: bra L;` beside `.func L`): resolved with the labels.
    bool Branch = K == UseKind::Label && InBranch && InFunction && Depth;
    if (!Branch) {
      if (It->second.IsFunction)
        checkFunctionOperand(Name, R, K, P, It->second);
      return;
    }
  }
  if (!InFunction || !Depth) {
    addUse(Late, Name, R, K);
    return;
  }
  for (size_t I = Depth; I-- > 0;)
    if (auto L = Scopes[I].Labels.find(Name); L != Scopes[I].Labels.end()) {
      if (K == UseKind::Operand)
        reportLabelOperand(Name, L->second, R);
      return;
    }
  addUse(Scopes[Depth - 1].Pending, Name, R, K);
}

void SymbolChecker::resolveExprText(llvm::StringRef Text, SourceRange R, CheckContext *Ctx,
                                    Place P) {
  forEachIdentifier(Text, [&](llvm::StringRef Name) {
    SourceRange NR = File.rangeOf(Name);
    resolveName(Name, NR.isValid() ? NR : R, UseKind::Operand, Ctx, P);
  });
}

void SymbolChecker::resolveOperand(const Operand &Op, UseKind K, CheckContext *Ctx, Place P) {
  switch (Op.Kind) {
  case OperandKind::Name:
    resolveName(Op.Text, Op.Range, K, Ctx, P);
    return;
  case OperandKind::Expr:
    if (P == Place::Value && NoVariableValues && FloatOnly)
      checkFloatAddress(Op);
    resolveExprText(Op.Text, Op.Range, Ctx, P == Place::Value ? Place::Expr : P);
    return;
  case OperandKind::Address:
    if (Op.ArrayIndex && !Op.Elements.empty())
      if (const RegisterInfo *Info = Syms.lookup(Op.Elements[0].Text); Info && !Info->IsArray)
        Diags.report(Rule::IsaOperandKind, Op.Range,
                     "'" + std::string(Op.Elements[0].Text) +
                         "' is not an array: index an array (a[i]) or write an address, [" +
                         std::string(Op.Elements[0].Text) + "+offset]");
    if (Op.ArrayIndex && P == Place::Value && NoVariableValues && !Op.Elements.empty())
      checkVariableValue(Op.Elements[0].Text, Syms.lookup(Op.Elements[0].Text),
                         Op.Elements[0].Range);
    for (const Operand &E : Op.Elements)
      resolveOperand(E, UseKind::Operand, Ctx, Place::Address);
    return;
  case OperandKind::Vector:
    for (const Operand &E : Op.Elements)
      resolveOperand(E, UseKind::Operand, Ctx, Place::Element);
    return;
  case OperandKind::PredPair:
  case OperandKind::List:
    for (const Operand &E : Op.Elements)
      resolveOperand(E, UseKind::Operand, Ctx);
    return;
  case OperandKind::Sink:
  case OperandKind::IntImm:
  case OperandKind::FloatImm:
    return;
  }
}

void SymbolChecker::checkGuard(const Instruction &I, CheckContext &Ctx) {
  if (I.Guard.empty())
    return;
  SourceRange R = File.rangeOf(I.Guard);
  if (!R.isValid())
    R = I.GuardRange;
  if (const RegisterInfo *Info = Syms.lookup(I.Guard)) {
    if (Info->Type != ".pred" && Info->StateSpace == ".reg") {
      Diagnostic &Diag =
          Diags.report(Rule::SymbolGuard, R,
                       "guard '" + std::string(I.Guard) + "' is a " +
                           (Info->Type.empty() ? "non-predicate" : Info->Type.str()) +
                           " register; a guard must be a .pred register");
      if (Info->DeclRange.isValid())
        Diag.Notes.push_back({Info->DeclRange, "declared here"});
    }
    return;
  }
  resolveName(I.Guard, R, UseKind::Operand, &Ctx);
}

static bool hasQualifier(const Instruction &I, llvm::StringRef Q) {
  return llvm::any_of(I.Qualifiers, [&](std::string_view X) { return llvm::StringRef(X) == Q; });
}

const SymbolChecker::OpcodeFacts &SymbolChecker::opcodeFacts(llvm::StringRef Op) {
  size_t H =
      Op.empty() ? 0 : (Op.size() * 7 + size_t(uint8_t(Op.front())) * 3 + uint8_t(Op.back())) % 64;
  OpcodeSlot &Slot = OpcodeCache[H];
  if (Slot.Facts && Slot.Op == Op)
    return *Slot.Facts;
  auto Ins = OpcodeRows.try_emplace(Op);
  OpcodeFacts &F = Ins.first->second;
  // The map's own copy of the name: stable while the map lives.
  Slot = {Ins.first->first(), &F};
  if (!Ins.second)
    return F;
  F.Row = spec::findIsaOpcode(Op);
  F.Addr = spec::addressingOf(Op);
  // Where a syntax line of the opcode takes an address (its operand letters,
  // IsaForm::Kinds); positions past 63 take none.
  if (F.Row)
    for (const spec::IsaForm &Form : F.Row->forms())
      for (size_t K = 0; K < Form.Kinds.size() && K < 64; ++K)
        if (Form.Kinds[K] == 'A' || Form.Kinds[K] == 'a')
          F.AddressAt |= uint64_t(1) << K;
  return F;
}

void SymbolChecker::onInstruction(const Instruction &I, CheckContext &Ctx) {
  llvm::StringRef Op = I.Opcode;
  // Which instructions refuse a function name or a variable as an operand,
  // and which transfer control, are facts of the ISA tables
  // (spec/isa/corrections.txt, ptxas 13.0's verdicts).
  NoFunctionOperands = NoVariableValues = false;
  const OpcodeFacts &Facts = opcodeFacts(Op);
  const spec::IsaOpcode *Row = Facts.Row;
  spec::IsaControl Control = Row ? Row->Control : spec::IsaControl::None;
  InBranch = Control == spec::IsaControl::Branch || Control == spec::IsaControl::BranchList;
  MovOddType = "";
  if (Row) {
    NoVariableValues = Row->NoVariableValues && (Row->NoVariableValuesWith.empty() ||
                                                 hasQualifier(I, Row->NoVariableValuesWith));
    NoFunctionOperands = Row->NoFunctionOperands && (Row->FunctionOperandsWith.empty() ||
                                                     !hasQualifier(I, Row->FunctionOperandsWith));
    // The `novariable cvta+.to` row: only with .to (cvta.to).
    InCvtaTo = NoVariableValues && !Row->NoVariableValuesWith.empty();
    if (!Row->FunctionAddressTypes.empty() && !I.Qualifiers.empty() &&
        !spec::isWordOf(Row->FunctionAddressTypes, I.Qualifiers.back()))
      MovOddType = I.Qualifiers.back();
  } else {
    InCvtaTo = false;
  }
  // mov and cvta (not cvta.to) take a symbol's address: of a body .param,
  // ptxas 13.0 "Illegal to take address of parameter".
  const spec::AddressingRow *Addr = Facts.Addr;
  TakesAddress = Addr && (Addr->Moves || (Addr->SymbolOperand && !InCvtaTo));
  checkGuard(I, Ctx);
  if (Control == spec::IsaControl::Call) {
    // call (rets), f, (args);  call (rets), %rd, (args), proto_or_targets;
    bool SawTarget = false, Indirect = false;
    for (const Operand &Op : I.Operands) {
      if (Op.Kind == OperandKind::Name && !SawTarget) {
        SawTarget = true;
        Indirect = Syms.lookup(Op.Text) != nullptr;
        if (!Indirect)
          resolveName(Op.Text, Op.Range, UseKind::Call, &Ctx);
        continue;
      }
      resolveOperand(Op, Op.Kind == OperandKind::Name ? UseKind::Label : UseKind::Operand, &Ctx);
    }
    return;
  }
  if (InBranch && InFunction && Depth)
    checkBranchList(I, Control == spec::IsaControl::BranchList);
  LastLabel.clear();
  bool IsBranch = InBranch;
  FloatOnly = false;
  if (NoVariableValues) {
    bool Int = false;
    for (llvm::StringRef Q : I.Qualifiers) {
      Int |= Q.size() > 2 && (Q[1] == 'u' || Q[1] == 's' || Q[1] == 'b') && llvm::isDigit(Q[2]);
      FloatOnly |= Q.startswith(".f") || Q.startswith(".bf");
    }
    FloatOnly &= !Int;
  }
  bool NoVariables = NoVariableValues;
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &Op = I.Operands[K];
    // Where a syntax line of the instruction has an address (st's first
    // operand), an indexed variable (`q[4]`) is one, and a bare one is the
    // operand-kind check's (IsaOperandForms.cpp): a value elsewhere.
    NoVariableValues = NoVariables && (K >= 64 || !(Facts.AddressAt >> K & 1));
    FirstOperand = K == 0 && !IsBranch;
    resolveOperand(Op, IsBranch && Op.Kind == OperandKind::Name ? UseKind::Label : UseKind::Operand,
                   &Ctx);
  }
  FirstOperand = false;
  NoVariableValues = NoVariables;
}

/// bra and brx.idx against the .branchtargets lists (ptxas 13.0: "Label
/// with '.branchtargets' directive expected for argument 1 of instruction
/// 'brx.idx'", "Arguments mismatch" where the list comes after, "Label
/// expected for argument 0 of instruction 'bra'" for a list).
void SymbolChecker::checkBranchList(const Instruction &I, bool Brx) {
  size_t K = Brx ? 1 : 0;
  if (I.Operands.size() <= K || I.Operands[K].Kind != OperandKind::Name)
    return;
  const Operand &Op = I.Operands[K];
  llvm::StringRef Name = Op.Text;
  bool IsList = BranchLists.contains(Name);
  if (!Brx) {
    if (IsList)
      Diags.report(Rule::IsaOperandKind, LabelSpec, Op.Range,
                   "'" + Name.str() +
                       "' labels a .branchtargets list, which only brx.idx takes: branch to "
                       "one of its labels");
    return;
  }
  if (IsList || Syms.lookup(Name))
    return;
  for (size_t D = Depth; D-- > 0;)
    if (Scopes[D].Labels.count(Name)) {
      reportBrxTarget(Name, Op.Range, false);
      return;
    }
  BrxUses.try_emplace(Name, Op.Range);
}

void SymbolChecker::reportBrxTarget(llvm::StringRef Name, SourceRange Use, bool Later) {
  std::string Msg =
      "brx.idx takes the label of a .branchtargets list declared before it; '" + Name.str() + "' ";
  if (Later)
    Msg += "is defined after it: declare the list before the brx.idx (a label of code goes "
           "into a list, 'ts: .branchtargets L1, L2;')";
  else
    Msg += "is a label, not such a list: write 'ts: .branchtargets " + Name.str() +
           ", ...;' before the brx.idx and branch through ts";
  Diags.report(Rule::IsaOperandKind, LabelSpec, Use, Msg);
}

void SymbolChecker::onLabel(const Statement &S) {
  if (!InFunction || !Depth)
    return;
  llvm::StringRef Name = S.LabelName;
  LastLabel.set(Name, File.text());
  if (auto It = BrxUses.find(Name); It != BrxUses.end()) {
    reportBrxTarget(Name, It->second, true);
    BrxUses.erase(It);
  }
  SourceRange R = File.rangeOf(Name);
  if (!R.isValid())
    R = S.Range;
  auto Ins = Scopes[Depth - 1].Labels.try_emplace(Name, R);
  if (!Ins.second) {
    Diagnostic &Diag = Diags.report(Rule::SymbolDuplicate, LabelSpec, R,
                                    "duplicate definition of label '" + Name.str() + "'");
    Diag.Notes.push_back({Ins.first->second, "previous definition is here"});
    return;
  }
  Declarator D;
  D.Name = Name;
  if (const RegisterInfo *Prev = Syms.findConflict(D)) {
    Diagnostic &Diag =
        Diags.report(Rule::SymbolDuplicate, LabelSpec, R,
                     "label '" + Name.str() + "' has the name of a declaration in its scope");
    if (Prev->DeclRange.isValid())
      Diag.Notes.push_back({Prev->DeclRange, "declared here"});
  }
}

bool SymbolChecker::checkBranchTarget(llvm::StringRef Name, SourceRange R) {
  // ptxas 13.0: "Illegal branch target, label expected" for a function, a
  // variable, a parameter or a register in a .branchtargets list, even where
  // the function has a label of a function's name (test/symbols/branchtargets.test).
  SourceRange Decl;
  std::string What;
  if (const RegisterInfo *V = Syms.lookup(Name)) {
    What = V->StateSpace == ".reg" || V->StateSpace.empty()
               ? "a register"
               : "a " + V->StateSpace.str() + " variable";
    Decl = V->DeclRange;
  } else if (auto It = ModuleSyms.find(Name); It != ModuleSyms.end()) {
    What = It->second.IsFunction ? "a function" : "a variable";
    Decl = It->second.Range;
  } else {
    return false;
  }
  Diagnostic &Diag = Diags.report(Rule::IsaOperandKind, BranchTargetsSpec, R,
                                  ".branchtargets lists labels of this function, the targets of "
                                  "brx.idx; '" +
                                      Name.str() + "' is " + What +
                                      " (ptxas: 'Illegal branch target, label expected')");
  if (Decl.isValid())
    Diag.Notes.push_back({Decl, "declared here"});
  return true;
}

void SymbolChecker::onDirective(const Directive &D) {
  bool Branch = D.Name == ".branchtargets", Calls = D.Name == ".calltargets",
       Alias = D.Name == ".alias";
  if (Branch && !LastLabel.empty())
    BranchLists.insert(LastLabel.str());
  LastLabel.clear();
  if (!Branch && !Calls && !Alias)
    return;
  for (llvm::StringRef A : D.Args) {
    if (A.empty() || !isIdentStart(A[0]))
      continue;
    SourceRange R = File.rangeOf(A);
    if (Branch && checkBranchTarget(A, R.isValid() ? R : D.Range))
      continue;
    resolveName(A, R.isValid() ? R : D.Range,
                Branch ? UseKind::Label : (Alias ? UseKind::Alias : UseKind::CallTarget), nullptr);
  }
}

//===----------------------------------------------------------------------===//
// Scopes and reports
//===----------------------------------------------------------------------===//

void SymbolChecker::onScopeBegin() {
  if (!InFunction)
    return;
  ++Depth;
  if (Scopes.size() < Depth)
    Scopes.resize(Depth);
  Scopes[Depth - 1].clearLabels();
  Scopes[Depth - 1].Pending.clear();
}

void SymbolChecker::resolvePendingLabels(LabelScope &S) {
  if (S.Pending.empty())
    return;
  // nvcc -G labels most lines ($L__tmp12) and branches to a few: look the
  // uses up among the labels. Where one would be reported, the labels'
  // order below (the reports' order, as it was).
  if (S.Pending.size() < S.Labels.size()) {
    llvm::SmallVector<llvm::StringRef, 16> Found;
    bool Report = false;
    for (const auto &P : S.Pending)
      if (S.Labels.count(P.getKey())) {
        Found.push_back(P.getKey());
        Report |= P.getValue().ValueCount != 0;
      }
    if (!Report) {
      for (llvm::StringRef K : Found)
        S.Pending.erase(K); // K stays valid until its own entry goes
      return;
    }
  }
  for (const auto &L : S.Labels) {
    auto It = S.Pending.find(L.getKey());
    if (It == S.Pending.end())
      continue;
    const Uses &U = It->second;
    if (U.ValueCount)
      reportLabelOperand(L.getKey(), L.getValue(), U.FirstValue, U.ValueCount, U.MoreValues);
    S.Pending.erase(It);
  }
}

void SymbolChecker::onScopeEnd() {
  if (!InFunction || Depth <= 1)
    return;
  LabelScope &S = Scopes[Depth - 1];
  resolvePendingLabels(S);
  // The hint of a use left unresolved is computed while the scope's names
  // are still known (callseq blocks declare param0, retval0, prototype_0).
  for (auto &E : S.Pending)
    if (E.getValue().Hint.empty())
      E.getValue().Hint = hintFor(E.getKey(), E.getValue().Kind, &S);
  mergeInto(Scopes[Depth - 2].Pending, S.Pending);
  S.clearLabels();
  --Depth;
}

std::string SymbolChecker::hintFor(llvm::StringRef Name, UseKind K, const LabelScope *Inner) const {
  // One- and two-letter names are each other's neighbours: no guess.
  if (Name.size() <= 2)
    return {};
  std::vector<llvm::StringRef> Names;
  // Members of ranges with the same index: %rx1 -> %rd1.
  size_t D = Name.size();
  while (D > 0 && Name[D - 1] >= '0' && Name[D - 1] <= '9')
    --D;
  std::vector<std::string> Members;
  if (D < Name.size())
    Syms.collectRangeMembers(Name.drop_front(D), Members);
  Names.reserve(Members.size());
  for (const std::string &M : Members)
    Names.push_back(M);
  if (!Scopes.empty())
    for (const auto &L : Scopes[0].Labels)
      Names.push_back(L.getKey());
  if (Inner)
    for (const auto &L : Inner->Labels)
      Names.push_back(L.getKey());
  if (K != UseKind::Label) {
    Syms.collectNames(Names, 2);
    for (const auto &M : ModuleSyms)
      if (!M.getValue().IsFunction)
        Names.push_back(M.getKey());
    for (const SregInfo &S : spec::specialRegisters())
      if (!S.Count)
        Names.push_back(S.Name);
  }
  return didYouMean(Name, Names);
}

void SymbolChecker::onFunctionEnd(const Function &F) {
  if (!InFunction)
    return;
  while (Depth > 1)
    onScopeEnd();
  LabelScope &S = Scopes[0];
  resolvePendingLabels(S);
  // What is left is unknown here. Labels and %names are the function's
  // own: reported now. Other names may be declared later at module scope
  // ("used before declaration"): judged at the end of the file, with the
  // hint computed while the function's names are still known.
  for (auto &E : S.Pending) {
    Uses &U = E.getValue();
    if (U.Hint.empty()) {
      if (const SymbolTable::RangeDecl *RD = Syms.rangeFor(E.getKey()))
        U.Hint = "; '" + std::string(File.slice(RD->Info.DeclRange)) + "' declares " + RD->Prefix +
                 "0.." + RD->Prefix + std::to_string(RD->Count - 1);
      else
        U.Hint = hintFor(E.getKey(), U.Kind, nullptr);
    }
    if (U.Kind == UseKind::Label || E.getKey().startswith("%"))
      reportUnresolved(E.getKey(), U, nullptr);
    else
      mergeInto(Late, E.getKey(), U);
  }
  S.Pending.clear();
  S.clearLabels();
  BranchLists.clear();
  BrxUses.clear();
  LastLabel.clear();
  InFunction = false;
  Depth = 0;
}

void SymbolChecker::reportUnresolved(llvm::StringRef Name, Uses &U, const ModuleSym *Later) {
  if (!Later && KnownElsewhere && KnownElsewhere(Name, U.Kind == UseKind::Label))
    return;
  std::string N = "'" + Name.str() + "'";
  std::string Count;
  if (U.Count > 1)
    Count = " (used " + std::to_string(U.Count) + " times; the first use is shown" +
            (U.More.empty() ? "" : ", the next ones as notes") + ")";
  Diagnostic *D;
  if (Later) {
    std::string Msg;
    if (U.Kind == UseKind::Call || U.Kind == UseKind::CallTarget || U.Kind == UseKind::Alias)
      Msg = (U.Kind == UseKind::Call         ? "call to "
             : U.Kind == UseKind::CallTarget ? ".calltargets names "
                                             : ".alias names ") +
            N +
            " before its declaration; ptxas requires a function to be declared (a prototype "
            "is enough) before it is used";
    else if (U.Kind == UseKind::Init)
      Msg = "initializer uses " + N + " before its declaration; declare it first";
    else
      Msg = N + " is used before its declaration; declare it first";
    D = &Diags.report(Rule::SymbolBeforeDeclaration, U.First, Msg + Count);
    std::string Note = "declared here";
    if (Later->IsFunction && Later->Header.isValid()) {
      llvm::StringRef H = llvm::StringRef(File.slice(Later->Header)).trim();
      size_t Brace = H.find('{');
      if (Brace != llvm::StringRef::npos)
        H = H.take_front(Brace).rtrim();
      if (!H.empty() && H.size() <= 160 && !H.contains('\n'))
        Note += "; a prototype before the use: `" + H.str() + ";`";
    }
    D->Notes.push_back({Later->Range, Note});
  } else {
    std::string Msg;
    switch (U.Kind) {
    case UseKind::Call:
      Msg = "call to undeclared function " + N;
      break;
    case UseKind::CallTarget:
      Msg = ".calltargets names undeclared function " + N;
      break;
    case UseKind::Alias:
      Msg = ".alias names undeclared function " + N;
      break;
    case UseKind::Label: {
      Msg = "unknown label " + N;
      auto F = ModuleSyms.find(Name);
      if (F != ModuleSyms.end() && F->second.IsFunction)
        Msg += " (" + N + " is a function: bra and brx.idx jump to labels; call a function)";
      else if (U.Hint.empty())
        Msg += " (a label is visible in the { } scope that defines it and inner scopes)";
      break;
    }
    case UseKind::Init:
      Msg = "unknown symbol " + N + " in initializer";
      break;
    case UseKind::Operand:
      Msg = "unknown symbol " + N;
      break;
    }
    D = &Diags.report(Rule::SymbolUnknown, U.Kind == UseKind::Label ? LabelSpec : DeclSpec, U.First,
                      Msg + U.Hint + Count);
  }
  for (SourceRange M : U.More)
    D->Notes.push_back({M, "also used here"});
}

void SymbolChecker::onEndOfFile() {
  // A module-scope name still unknown at the end may be declared in a
  // statement the parser could not read: the syntax error is its cause.
  bool SyntaxError = false;
  for (const Diagnostic &D : Diags.diagnostics())
    SyntaxError |= D.Sev == Severity::Error && llvm::StringRef(D.Rule) == ruleId(Rule::Syntax);
  if (SyntaxError)
    Late.clear();
  for (auto &E : Late) {
    auto It = ModuleSyms.find(E.getKey());
    reportUnresolved(E.getKey(), E.getValue(), It == ModuleSyms.end() ? nullptr : &It->second);
  }
  Late.clear();
  for (auto &E : Gates) {
    Gate &G = E.getValue();
    std::string Msg = G.Message;
    if (G.Count > 1)
      Msg += " (used " + std::to_string(G.Count) + " times)";
    Diagnostic &D = Diags.report(Rule::SregGate, G.Spec, G.First, Msg);
    for (SourceRange M : G.More)
      D.Notes.push_back({M, "also used here"});
    if (G.FixAt.isValid()) {
      D.Notes.push_back({G.FixAt, G.FixNote});
      D.Fixes.push_back({G.FixAt, G.Fix});
    }
  }
  Gates.clear();
}

} // namespace check

} // namespace ptxlint
