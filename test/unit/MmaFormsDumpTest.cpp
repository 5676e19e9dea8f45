//===- MmaFormsDumpTest.cpp - the mma/mma.sp tables, field by field -------===//
//
// Every form and rejected combination of mma and mma.sp written out field by
// field, and the dump's size and FNV-1a hash compared with the values below:
// a refactoring of lib/Spec/MmaTables.cpp or MmaSpTables.cpp must leave them
// unchanged (issue 11). A change of the tables' content changes them too:
// write the dump before and after (PTXLINT_FORMS_DUMP=FILE runs this test
// and writes it there), read the diff, then update the values.
//
//===----------------------------------------------------------------------===//
#include "Spec/Spec.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace ptxlint;
using namespace ptxlint::spec;

namespace {

std::string str(PtxVersion V) {
  return V.isValid() ? std::to_string(V.Major) + "." + std::to_string(V.Minor) : "-";
}

std::string str(const TargetGate &T) {
  std::string S = "sm" + std::to_string(T.MinSm);
  for (const SpecificTarget &X : T.Specific)
    S += " " + std::to_string(X.T.Sm) + (X.T.Suffix ? std::string(1, X.T.Suffix) : "") + "@" +
         str(X.Since) + (X.FamilyOrHigher ? "+" : "");
  return S;
}

std::string list(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += X + ",";
  return S;
}

void dumpOperand(std::ostream &OS, const OperandSpec &O) {
  OS << "  op " << O.Name << " shape=" << int(O.Shape) << " n=" << O.Count
     << " regs=" << list(O.RegTypes) << " imm=" << O.ImmAllowed << " reg=" << O.RegAllowed
     << " opt=" << O.Optional << " dest=" << O.IsDest << " elem=" << O.ElemType
     << " per=" << O.ElemsPerReg << " also=";
  for (unsigned C : O.PtxasAlsoCounts)
    OS << C << ",";
  OS << "\n";
  for (const ImmRange &R : O.Ranges) {
    OS << "   range " << R.HardMin << ".." << R.HardMax << " valid " << R.ValidMin << ".."
       << R.ValidMax << " low32=" << R.Low32 << " spec=" << R.Spec << " why=" << R.Reason
       << " values=";
    for (int64_t V : R.HardValues)
      OS << V << ",";
    OS << "\n";
  }
}

void dumpForm(std::ostream &OS, const Form &F) {
  OS << "form " << int(F.Fam) << " " << F.Opcode << " " << F.mnemonic() << " a=" << F.AType
     << " b=" << F.BType << " c=" << F.CType << " d=" << F.DType << " s=" << F.SType
     << " shape=" << F.Shape << " sparse=" << F.Sparse << " minptx=" << str(F.MinPtx)
     << " spec=" << F.Spec << " frag=" << F.FragmentSpec << " depr=" << F.Deprecated
     << " adv=" << F.Advisory << " builtin=" << str(F.BuiltinOn)
     << " dcrash=" << F.BuiltinDestVectorCrash << " args=" << F.BuiltinArgs << "\n";
  for (const QualSlot &Q : F.Quals)
    OS << "  slot " << Q.Slot << " " << list(Q.Values) << " pres=" << int(Q.Pres)
       << " group=" << int(Q.Group) << " dflt=" << Q.DefaultValue << " intro=" << str(Q.Introduced)
       << " req=" << str(Q.RequiredFrom) << " depr=" << str(Q.Deprecated)
       << " rem=" << str(Q.Removed) << " " << Q.RemovedWhat << " " << Q.RemovedNote << "\n";
  for (const OperandSpec &O : F.Operands)
    dumpOperand(OS, O);
  for (const Gate &G : F.Gates)
    OS << "  gate " << G.Feature << " spec=" << G.Spec << " ptx=" << str(G.MinPtx) << " "
       << str(G.Targets) << "\n";
}

std::string dump(Family Fam) {
  std::ostringstream OS;
  const FormSet &S = formsOf(Fam);
  for (const Form &F : S.Forms)
    dumpForm(OS, F);
  for (const RejectedForm &R : S.Rejected) {
    OS << "rejected " << int(R.Kind) << " " << ruleId(R.Rule) << " " << R.Spec << " " << R.Reason
       << " " << R.BadSlot << "\n";
    dumpForm(OS, R.F);
  }
  OS << "repeatable " << list(S.Repeatable) << "\n";
  for (const auto &I : S.Ignored)
    OS << "ignored " << I.Value << " " << I.Beside << " " << I.Message << " " << I.MinSm << "\n";
  return OS.str();
}

uint64_t fnv1a(const std::string &S) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : S) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
}

TEST(MmaFormsDump, UnchangedByRefactoring) {
  std::string D = dump(Family::Mma) + dump(Family::MmaSp);
  if (const char *Path = std::getenv("PTXLINT_FORMS_DUMP"))
    std::ofstream(Path) << D;
  EXPECT_EQ(D.size(), 806152u); // session 9: no scrash= (always true)
  EXPECT_EQ(fnv1a(D), 12532861418916647079ull);
}

} // namespace
