//===- FixFiles.cpp - --fix writes the fixed files back --------------------===//

#include "Driver.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ptxlint {

bool writeFileAtomically(StringRef Path, StringRef Text, std::string &Err) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    Real = Path;
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Real, St)) {
    Err = "cannot write fixes to '" + Path.str() + "': " + EC.message();
    return false;
  }
  // The temporary file sits beside the original, so the rename is atomic:
  // a reader sees the old file or the new one, never half of it.
  SmallString<256> Tmp;
  int FD = -1;
  if (std::error_code EC = sys::fs::createUniqueFile(Real + ".ptx-lint-fix-%%%%%%", FD, Tmp)) {
    Err = "cannot write fixes to '" + Path.str() + "': " + EC.message();
    return false;
  }
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      Err = "cannot write fixes to '" + Path.str() + "': " + OS.error().message();
      OS.clear_error();
      sys::fs::remove(Tmp);
      return false;
    }
  }
  sys::fs::setPermissions(Tmp, St.permissions());
  if (std::error_code EC = sys::fs::rename(Tmp, Real)) {
    Err = "cannot write fixes to '" + Path.str() + "': " + EC.message();
    sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

} // namespace ptxlint
