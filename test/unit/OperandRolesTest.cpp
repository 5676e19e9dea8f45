//===- OperandRolesTest.cpp - invariants of the operand-role tables --------===//
//
// Spec/OperandRoles.h and Spec/Addressing.h are looked up by binary search:
// their rows must stay sorted by opcode, every opcode must be one the ISA
// tables know, and every role letter must name a role. The special registers
// and their readers (Spec/SpecialRegisters.h) are found by name.
//
//===----------------------------------------------------------------------===//
#include "Spec/OperandRoles.h"
#include "Spec/Addressing.h"
#include "Spec/IsaTables.h"
#include "Spec/SpecialRegisters.h"

#include "gtest/gtest.h"

#include <string>

using namespace ptxlint;
using namespace ptxlint::spec;

namespace {

TEST(OperandRoles, RowsSortedByOpcodeAndKnown) {
  llvm::ArrayRef<OperandRoleRow> Rows = operandRoleRows();
  ASSERT_FALSE(Rows.empty());
  for (size_t K = 1; K < Rows.size(); ++K)
    EXPECT_LE(llvm::StringRef(Rows[K - 1].Opcode), llvm::StringRef(Rows[K].Opcode))
        << "row " << K << " (" << std::string(Rows[K].Opcode) << ") is out of order";
  for (const OperandRoleRow &R : Rows) {
    EXPECT_NE(findIsaOpcode(R.Opcode), nullptr) << std::string(R.Opcode);
    llvm::StringRef L = R.Roles;
    ASSERT_FALSE(L.empty()) << std::string(R.Opcode);
    if (L.size() == 2 && L[1] == '*')
      L = L.take_front();
    for (char C : L)
      EXPECT_TRUE(C == '-' || operandRoleOf(C) != OperandRole::Optional)
          << std::string(R.Opcode) << ": unknown role letter " << C;
    EXPECT_LE(R.MinOps, L.size()) << std::string(R.Opcode);
    if (R.Arity == RoleArity::Any)
      EXPECT_TRUE(R.TypeU32) << std::string(R.Opcode) << ": no type to read the operands by";
  }
}

TEST(OperandRoles, LookupFindsEveryRowOfAnOpcode) {
  EXPECT_EQ(operandRoleRows("add").size(), 3u);
  EXPECT_EQ(operandRoleRows("mul").size(), 4u);
  EXPECT_EQ(operandRoleRows("bar").size(), 6u);
  EXPECT_TRUE(operandRoleRows("tcgen05").empty());
  EXPECT_TRUE(operandRoleRows("").empty());
  EXPECT_TRUE(operandRoleRows("zzz").empty());
  RoleType T;
  ASSERT_TRUE(roleTypeOf(".bf16x2", T));
  EXPECT_EQ(T, RoleType::BF16x2);
  EXPECT_FALSE(roleTypeOf(".tf32", T));
}

TEST(Addressing, RowsSortedAndKnown) {
  llvm::ArrayRef<AddressingRow> Rows = addressingRows();
  for (size_t K = 1; K < Rows.size(); ++K)
    EXPECT_LT(llvm::StringRef(Rows[K - 1].Opcode), llvm::StringRef(Rows[K].Opcode));
  for (const AddressingRow &R : Rows) {
    EXPECT_NE(findIsaOpcode(R.Opcode), nullptr) << std::string(R.Opcode);
    EXPECT_EQ(addressingOf(R.Opcode), &R);
  }
  EXPECT_EQ(addressingOf("add"), nullptr);
  EXPECT_TRUE(spaceReaches("", ".global"));
  EXPECT_FALSE(spaceReaches("", ".param"));
  EXPECT_TRUE(spaceReaches(".shared::cluster", ".shared"));
  EXPECT_FALSE(spaceReaches(".global", ".shared"));
}

TEST(SpecialRegisters, FoundByNameAndReaders) {
  for (const SpecialRegister &S : specialRegisters()) {
    std::string Name = S.Count ? std::string(S.Name) + std::to_string(S.Count - 1) + S.Suffix
                               : std::string(S.Name);
    EXPECT_EQ(findSpecialRegister(Name), &S) << Name;
  }
  EXPECT_EQ(findSpecialRegister("%envreg32"), nullptr);
  EXPECT_EQ(findSpecialRegister("%envreg01"), nullptr);
  EXPECT_EQ(specialRegisterDisplay(*findSpecialRegister("%pm3_64")), "%pm<8>_64");
  ASSERT_NE(specialRegisterReader("mov"), nullptr);
  EXPECT_TRUE(specialRegisterReader("mov")->OwnSize);
  ASSERT_NE(specialRegisterReader("cvt"), nullptr);
  EXPECT_TRUE(specialRegisterReader("cvt")->IntegerTypesOnly);
  EXPECT_EQ(specialRegisterReader("add"), nullptr);
  for (const char *Op : {"mov", "cvt"})
    EXPECT_NE(findIsaOpcode(Op), nullptr) << Op;
}

} // namespace
