//===- MmaSpTables.cpp - spec tables of mma.sp (9.7.14.6.3) -----*- C++ -*-===//
#include "Spec/Spec.h"

namespace ptxlint {
namespace spec {
void buildMmaSpForms(FormSet &Out) {}
} // namespace spec
} // namespace ptxlint
