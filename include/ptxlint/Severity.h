//===- Severity.h - the severity of a diagnostic ----------------*- C++ -*-===//
#ifndef PTXLINT_SEVERITY_H
#define PTXLINT_SEVERITY_H

#include <cstdint>

namespace ptxlint {

enum class Severity : uint8_t { Note, Warning, Error };

} // namespace ptxlint

#endif // PTXLINT_SEVERITY_H
