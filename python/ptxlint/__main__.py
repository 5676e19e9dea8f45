"""`ptx-lint` (and `python3 -m ptxlint`): runs the ptx-lint command of this
installation with the same arguments, exit status and output."""

import os
import sys

from . import _capi


def main(argv=None):
    exe = _capi.find_executable()
    if exe is None:
        sys.stderr.write("ptx-lint: error: the ptx-lint executable of the ptxlint package is "
                         "missing (looked in: %s); reinstall the package\n"
                         % ", ".join(_capi.executable_candidates()))
        return 2
    args = [exe] + list(sys.argv[1:] if argv is None else argv)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(exe, args)  # replaces this process: signals, exit status and output are ptx-lint's


if __name__ == "__main__":
    sys.exit(main())
