//===- OutOfMemory.cpp - memory exhaustion is an exception, not an abort --===//
//
// LLVM reports a failed allocation of its own containers (SmallVector growth,
// StringMap) through report_bad_alloc_error, which aborts the process when
// no handler is installed, as Debian's LLVM is built without exceptions. The
// library must never abort its host, so its entry points install a handler
// that throws std::bad_alloc instead; it unwinds to the entry point, which
// turns it into LintResult::OutOfMemory (PTXLINT_ERROR_OUT_OF_MEMORY in the C
// API, "out of memory" and exit 2 in the command).
//
//===----------------------------------------------------------------------===//

#include "Support/OutOfMemory.h"

#include "llvm/Support/ErrorHandling.h"

#include <mutex>
#include <new>

namespace ptxlint {

static void throwBadAlloc(void *, const char *, bool) { throw std::bad_alloc(); }

void installBadAllocHandler() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::install_bad_alloc_error_handler(throwBadAlloc);
    // glibc loads libgcc_s the first time an exception unwinds through one
    // of its frames (pthread_once under std::call_once, which builds the
    // spec tables), and that load fails, fatally, when memory is exhausted:
    // exactly when std::bad_alloc is thrown. Make it happen now.
    std::once_flag Warm;
    try {
      std::call_once(Warm, [] { throw 0; });
    } catch (int) {
    }
  });
}

} // namespace ptxlint
