"""pytest set-up: test the package of this checkout (python/ptxlint) with the
library and command of a CMake build. The lit test test/python/pytest.test
sets PTXLINT_LIBRARY and PTXLINT_EXECUTABLE; run by hand, the package finds
build/ of the checkout itself (_capi.py)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
