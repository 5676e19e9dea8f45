//===- RawVerify.h - --verify-diagnostics on llvm::raw_ostream --*- C++ -*-===//
//
// verifyDiagnostics writing its mismatches to an llvm::raw_ostream (the
// command's stream); ptxlint/Verify.h offers std::ostream.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_VERIFY_RAWVERIFY_H
#define PTXLINT_VERIFY_RAWVERIFY_H

#include "ptxlint/Verify.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace ptxlint {

VerifyResult verifyDiagnostics(const SourceFile &F, llvm::ArrayRef<Diagnostic> Diags,
                               llvm::raw_ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_VERIFY_RAWVERIFY_H
