"""ctypes declarations of libptxlint's C API (include/ptxlint/ptxlint.h).

Why ctypes over the C API rather than a compiled extension (pybind11,
nanobind): the C API is the library's stable boundary (opaque handles, no
exceptions, PTXLINT_C_API_VERSION), so one build of libptxlint.so serves
every Python 3 interpreter, the wheel is tagged py3-none-<platform> and
nothing has to be compiled against Python's headers. The price is the cost
of a ctypes call (about a microsecond); a check makes a handful of calls
per diagnostic, far below the cost of the check itself (measured in
python/tests/test_api.py::test_call_cost and docs/python.md).
"""

import ctypes
import ctypes.util
import os
import subprocess

NO_OFFSET = 0xFFFFFFFF
API_VERSION = 3  # the PTXLINT_C_API_VERSION this module was written for

STATUS_OK = 0


class Location(ctypes.Structure):
    _fields_ = [("begin", ctypes.c_uint32), ("end", ctypes.c_uint32),
                ("line", ctypes.c_uint32), ("column", ctypes.c_uint32),
                ("end_line", ctypes.c_uint32), ("end_column", ctypes.c_uint32)]


_HERE = os.path.dirname(os.path.abspath(__file__))


def _installed_config():
    """Paths written by the CMake install (ptxlint/_install.py), if any."""
    try:
        from . import _install  # type: ignore
    except ImportError:
        return {}
    return {"library": getattr(_install, "LIBRARY", None),
            "executable": getattr(_install, "EXECUTABLE", None)}


def _checkout_build_dirs():
    """build directories of the checkout this package sits in (python/ptxlint)."""
    root = os.path.dirname(os.path.dirname(_HERE))
    if not os.path.isfile(os.path.join(root, "include", "ptxlint", "ptxlint.h")):
        return []
    dirs = []
    if os.environ.get("BUILD_DIR"):
        dirs.append(os.path.join(root, os.environ["BUILD_DIR"]))
    dirs.append(os.path.join(root, "build"))
    return dirs


def library_candidates():
    """Where libptxlint.so is looked for, in order."""
    cands = []
    if os.environ.get("PTXLINT_LIBRARY"):
        cands.append(os.environ["PTXLINT_LIBRARY"])
    cands.append(os.path.join(_HERE, "_native", "libptxlint.so"))
    lib = _installed_config().get("library")
    if lib:
        cands.append(lib)
    for d in _checkout_build_dirs():
        cands.append(os.path.join(d, "lib", "libptxlint.so"))
    return cands


def executable_candidates():
    """Where the ptx-lint command is looked for, in order."""
    cands = []
    if os.environ.get("PTXLINT_EXECUTABLE"):
        cands.append(os.environ["PTXLINT_EXECUTABLE"])
    cands.append(os.path.join(_HERE, "_native", "ptx-lint"))
    exe = _installed_config().get("executable")
    if exe:
        cands.append(exe)
    for d in _checkout_build_dirs():
        cands.append(os.path.join(d, "bin", "ptx-lint"))
    return cands


def find_executable():
    for c in executable_candidates():
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def _system_library():
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "ptxlint"],
                             capture_output=True, text=True, timeout=10)
        if out.returncode == 0 and out.stdout.strip():
            path = os.path.join(out.stdout.strip(), "libptxlint.so")
            if os.path.exists(path):
                return path
    except (OSError, subprocess.SubprocessError):
        pass
    return ctypes.util.find_library("ptxlint")


_lib = None


def load():
    """Loads libptxlint.so once and declares the C API's signatures."""
    global _lib
    if _lib is not None:
        return _lib
    tried = []
    lib = None
    for cand in library_candidates() + [_system_library()]:
        if not cand:
            continue
        if os.path.sep in cand and not os.path.exists(cand):
            tried.append("%s (missing)" % cand)
            continue
        try:
            lib = ctypes.CDLL(cand)
            break
        except OSError as e:
            tried.append("%s (%s)" % (cand, e))
    if lib is None:
        raise ImportError(
            "libptxlint.so not found; install the package with `pip install .` in a "
            "ptx-lint checkout, or set PTXLINT_LIBRARY. Tried: " + "; ".join(tried))
    _declare(lib)
    if lib.ptxlint_api_version() < API_VERSION:
        raise ImportError("libptxlint C API version %d is older than %d"
                          % (lib.ptxlint_api_version(), API_VERSION))
    _lib = lib
    return lib


def _declare(lib):
    c = ctypes
    vp, sz, u32, cs, i = c.c_void_p, c.c_size_t, c.c_uint32, c.c_char_p, c.c_int
    sigs = {
        "ptxlint_version": (cs, []),
        "ptxlint_api_version": (i, []),
        "ptxlint_status_string": (cs, [i]),
        "ptxlint_options_create": (vp, []),
        "ptxlint_options_destroy": (None, [vp]),
        "ptxlint_options_disable_rule": (i, [vp, cs]),
        "ptxlint_options_enable_rule": (i, [vp, cs]),
        "ptxlint_options_set_warnings_as_errors": (None, [vp, i]),
        "ptxlint_options_set_run_checks": (None, [vp, i]),
        "ptxlint_options_set_target": (i, [vp, cs]),
        "ptxlint_options_set_version": (i, [vp, cs]),
        "ptxlint_options_set_arch": (i, [vp, cs]),
        "ptxlint_lint_buffer": (i, [cs, c.c_char_p, sz, vp, c.POINTER(vp)]),
        "ptxlint_check_instruction": (i, [cs, cs, cs, cs, vp, c.POINTER(vp)]),
        "ptxlint_result_destroy": (None, [vp]),
        "ptxlint_result_count": (sz, [vp]),
        "ptxlint_result_errors": (c.c_uint, [vp]),
        "ptxlint_result_warnings": (c.c_uint, [vp]),
        "ptxlint_result_text": (cs, [vp]),
        "ptxlint_diag_severity": (i, [vp, sz]),
        "ptxlint_diag_rule": (cs, [vp, sz]),
        "ptxlint_diag_spec": (cs, [vp, sz]),
        "ptxlint_diag_message": (cs, [vp, sz]),
        "ptxlint_diag_location": (Location, [vp, sz]),
        "ptxlint_diag_fixit_count": (sz, [vp, sz]),
        "ptxlint_diag_fixit_location": (Location, [vp, sz, sz]),
        "ptxlint_diag_fixit_replacement": (cs, [vp, sz, sz]),
        "ptxlint_diag_fixit_safe": (i, [vp, sz]),
        "ptxlint_diag_note_count": (sz, [vp, sz]),
        "ptxlint_diag_note_location": (Location, [vp, sz, sz]),
        "ptxlint_diag_note_message": (cs, [vp, sz, sz]),
        "ptxlint_rule_count": (sz, []),
        "ptxlint_rule_id": (cs, [sz]),
        "ptxlint_rule_spec": (cs, [sz]),
        "ptxlint_rule_summary": (cs, [sz]),
        "ptxlint_rule_example": (cs, [sz]),
        "ptxlint_rule_fix": (cs, [sz]),
        "ptxlint_rule_rationale": (cs, [sz]),
        "ptxlint_rule_corrected_example": (cs, [sz]),
        "ptxlint_rule_fix_safe": (i, [sz]),
        "ptxlint_rule_severity": (i, [sz]),
        "ptxlint_rule_on_by_default": (i, [sz]),
        "ptxlint_rule_selector_check": (i, [cs, c.POINTER(c.c_char), sz]),
    }
    for name, (res, args) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
