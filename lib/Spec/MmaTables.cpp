//===- MmaTables.cpp - spec tables of mma (9.7.14.5.14) ---------*- C++ -*-===//
#include "Spec/Spec.h"

namespace ptxlint {
namespace spec {
void buildMmaForms(FormSet &Out) {}
} // namespace spec
} // namespace ptxlint
