//===- OutOfMemory.h - memory exhaustion is an exception --------*- C++ -*-===//
//
// installBadAllocHandler is public (ptxlint/Lint.h, for hosts); the layers
// below the front door call it through this header.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_SUPPORT_OUTOFMEMORY_H
#define PTXLINT_SUPPORT_OUTOFMEMORY_H

namespace ptxlint {

/// Makes LLVM's reports of a failed allocation throw std::bad_alloc
/// (ptxlint/Lint.h declares the same function).
void installBadAllocHandler();

} // namespace ptxlint

#endif // PTXLINT_SUPPORT_OUTOFMEMORY_H
