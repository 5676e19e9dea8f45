#!/usr/bin/env python3
"""ptxlint_ctypes.py - use libptxlint's C API (ptxlint.h) from Python.

A code generator written in Python can check each PTX instruction it emits
for its target, and get structured diagnostics back, without a subprocess:

    lint = PtxLint()                      # loads libptxlint.so
    for d in lint.check_instruction(text, target="sm_90a", version="8.7"):
        print(d.severity, d.rule, d.spec, d.line, d.column, d.message)

Run as a script, it checks a few instructions and a small module and prints
what the library reports; it exits 0 when the library caught the mistakes it
should and passed the correct code.

The library is found through --lib PATH, the PTXLINT_LIBRARY environment
variable, `pkg-config --variable=libdir ptxlint`, or the system's search path.
Only the standard library is used.
"""

import argparse
import ctypes
import ctypes.util
import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import List, Optional

NO_OFFSET = 0xFFFFFFFF
SEVERITIES = {0: "note", 1: "warning", 2: "error"}


class Location(ctypes.Structure):
    """ptxlint_location: byte offsets [begin, end) and 1-based line/column."""
    _fields_ = [("begin", ctypes.c_uint32), ("end", ctypes.c_uint32),
                ("line", ctypes.c_uint32), ("column", ctypes.c_uint32),
                ("end_line", ctypes.c_uint32), ("end_column", ctypes.c_uint32)]


@dataclass
class FixIt:
    begin: Optional[int]
    end: Optional[int]
    replacement: str


@dataclass
class Diagnostic:
    severity: str          # "error", "warning" or "note"
    rule: str              # stable rule id, e.g. "mma-invalid-qualifier"
    spec: str              # PTX ISA section, e.g. "9.7.14.5.14" ("" if none)
    message: str
    line: int              # 1-based; 0 when the diagnostic has no location
    column: int
    begin: Optional[int]   # byte offsets into the checked text (None: no location)
    end: Optional[int]
    fixits: List[FixIt] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)

    def snippet(self, text):
        """The checked text at this diagnostic's location (offsets count bytes)."""
        if self.begin is None:
            return ""
        return _byte_slice(text, self.begin, self.end)

    def __str__(self):
        where = "%d:%d: " % (self.line, self.column) if self.line else ""
        tag = self.rule + (", PTX ISA " + self.spec if self.spec else "")
        return "%s%s: %s [%s]" % (where, self.severity, self.message, tag)


class PtxLintError(Exception):
    pass


def _find_library(explicit=None):
    candidates = []
    if explicit:
        candidates.append(explicit)
    if os.environ.get("PTXLINT_LIBRARY"):
        candidates.append(os.environ["PTXLINT_LIBRARY"])
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "ptxlint"],
                                capture_output=True, text=True, check=True).stdout.strip()
        if libdir:
            candidates.append(os.path.join(libdir, "libptxlint.so"))
    except (OSError, subprocess.CalledProcessError):
        pass
    found = ctypes.util.find_library("ptxlint")
    if found:
        candidates.append(found)
    for c in candidates:
        try:
            return ctypes.CDLL(c)
        except OSError:
            continue
    raise PtxLintError("libptxlint.so not found (tried: %s); pass --lib or set PTXLINT_LIBRARY"
                       % (", ".join(candidates) or "nothing"))


class PtxLint:
    """The C API, wrapped. Safe to use from many Python threads (the library
    holds no global state; ctypes releases the GIL during each call)."""

    def __init__(self, library=None):
        lib = _find_library(library)
        c_char_p, c_void_p, c_size_t = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t
        sigs = {
            "ptxlint_version": ([], c_char_p),
            "ptxlint_api_version": ([], ctypes.c_int),
            "ptxlint_status_string": ([ctypes.c_int], c_char_p),
            "ptxlint_options_create": ([], c_void_p),
            "ptxlint_options_destroy": ([c_void_p], None),
            "ptxlint_options_disable_rule": ([c_void_p, c_char_p], ctypes.c_int),
            "ptxlint_options_enable_rule": ([c_void_p, c_char_p], ctypes.c_int),
            "ptxlint_options_set_warnings_as_errors": ([c_void_p, ctypes.c_int], None),
            "ptxlint_lint_buffer": ([c_char_p, c_char_p, c_size_t, c_void_p,
                                     ctypes.POINTER(c_void_p)], ctypes.c_int),
            "ptxlint_check_instruction": ([c_char_p, c_char_p, c_char_p, c_char_p, c_void_p,
                                           ctypes.POINTER(c_void_p)], ctypes.c_int),
            "ptxlint_result_destroy": ([c_void_p], None),
            "ptxlint_result_count": ([c_void_p], c_size_t),
            "ptxlint_result_errors": ([c_void_p], ctypes.c_uint),
            "ptxlint_result_warnings": ([c_void_p], ctypes.c_uint),
            "ptxlint_result_text": ([c_void_p], c_char_p),
            "ptxlint_diag_severity": ([c_void_p, c_size_t], ctypes.c_int),
            "ptxlint_diag_rule": ([c_void_p, c_size_t], c_char_p),
            "ptxlint_diag_spec": ([c_void_p, c_size_t], c_char_p),
            "ptxlint_diag_message": ([c_void_p, c_size_t], c_char_p),
            "ptxlint_diag_location": ([c_void_p, c_size_t], Location),
            "ptxlint_diag_fixit_count": ([c_void_p, c_size_t], c_size_t),
            "ptxlint_diag_fixit_location": ([c_void_p, c_size_t, c_size_t], Location),
            "ptxlint_diag_fixit_replacement": ([c_void_p, c_size_t, c_size_t], c_char_p),
            "ptxlint_diag_note_count": ([c_void_p, c_size_t], c_size_t),
            "ptxlint_diag_note_message": ([c_void_p, c_size_t, c_size_t], c_char_p),
        }
        for name, (args, res) in sigs.items():
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = res
        self._lib = lib
        self.version = lib.ptxlint_version().decode()
        self.api_version = lib.ptxlint_api_version()

    # -- checks ----------------------------------------------------------------

    def check_instruction(self, text, target=None, version=None, decls=None,
                          disable=(), warnings_as_errors=False):
        """Checks one instruction as if compiled for target at PTX ISA version."""
        return self._run(lambda opts, out: self._lib.ptxlint_check_instruction(
            text.encode(), _enc(target), _enc(version), _enc(decls), opts, out),
            disable, warnings_as_errors)

    def lint_module(self, text, name="<buffer>", disable=(), warnings_as_errors=False):
        """Checks a whole PTX module held in memory."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        return self._run(lambda opts, out: self._lib.ptxlint_lint_buffer(
            name.encode(), data, len(data), opts, out), disable, warnings_as_errors)

    def format_text(self, text, target=None, version=None):
        """ptx-lint's text rendering (source line, caret, fix-its) of a check."""
        lib = self._lib
        out = ctypes.c_void_p()
        status = lib.ptxlint_check_instruction(text.encode(), _enc(target), _enc(version),
                                               None, None, ctypes.byref(out))
        self._raise_for(status)
        try:
            return lib.ptxlint_result_text(out).decode()
        finally:
            lib.ptxlint_result_destroy(out)

    # -- internals ---------------------------------------------------------------

    def _raise_for(self, status):
        if status != 0:
            raise PtxLintError(self._lib.ptxlint_status_string(status).decode())

    def _run(self, call, disable, warnings_as_errors):
        lib = self._lib
        opts = None
        if disable or warnings_as_errors:
            opts = lib.ptxlint_options_create()
            for rule in disable:
                lib.ptxlint_options_disable_rule(opts, rule.encode())
            lib.ptxlint_options_set_warnings_as_errors(opts, int(warnings_as_errors))
        out = ctypes.c_void_p()
        try:
            self._raise_for(call(opts, ctypes.byref(out)))
            return [self._diag(out, i) for i in range(lib.ptxlint_result_count(out))]
        finally:
            lib.ptxlint_result_destroy(out)  # NULL is ignored
            lib.ptxlint_options_destroy(opts)

    def _diag(self, res, i):
        lib = self._lib
        loc = lib.ptxlint_diag_location(res, i)
        has_loc = loc.begin != NO_OFFSET
        fixits = []
        for j in range(lib.ptxlint_diag_fixit_count(res, i)):
            floc = lib.ptxlint_diag_fixit_location(res, i, j)
            fixits.append(FixIt(floc.begin if floc.begin != NO_OFFSET else None,
                                floc.end if floc.begin != NO_OFFSET else None,
                                lib.ptxlint_diag_fixit_replacement(res, i, j).decode()))
        notes = [lib.ptxlint_diag_note_message(res, i, j).decode()
                 for j in range(lib.ptxlint_diag_note_count(res, i))]
        return Diagnostic(
            severity=SEVERITIES.get(lib.ptxlint_diag_severity(res, i), "unknown"),
            rule=lib.ptxlint_diag_rule(res, i).decode(),
            spec=lib.ptxlint_diag_spec(res, i).decode(),
            message=lib.ptxlint_diag_message(res, i).decode(),
            line=loc.line, column=loc.column,
            begin=loc.begin if has_loc else None, end=loc.end if has_loc else None,
            fixits=fixits, notes=notes)


def _enc(s):
    return s.encode() if s else None


def _byte_slice(text, begin, end):
    data = text.encode() if isinstance(text, str) else bytes(text)
    return data[begin:end].decode(errors="replace")


# -- the demonstration ----------------------------------------------------------------

GOOD = ("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};")
DECLS = ".reg .f32 %f<8>; .reg .b32 %r<6>;"
# A and B of different types: mma has no such form.
WRONG_TYPES = GOOD.replace(".f32.f16.f16.f32", ".f32.bf16.f16.f32")
# Three accumulator registers where m16n8k16 with .f32 needs four.
WRONG_FRAGMENT = GOOD.replace("{%f0, %f1, %f2, %f3}", "{%f0, %f1, %f2}")
MODULE = """.version 7.8
.target sm_80
.address_size 64

.visible .entry k()
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  mov.u32 %r0, 0;
  ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r1, %r2, %r3}, [%r0];
  ret;
}
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", help="path of libptxlint.so")
    ap.add_argument("--target", default="sm_80")
    ap.add_argument("--ptx", default="7.8", help="PTX ISA version")
    args = ap.parse_args(argv)

    lint = PtxLint(args.lib)
    print("libptxlint %s (C API %d)" % (lint.version, lint.api_version))
    failures = 0

    def show(title, text, diags, expect_errors):
        nonlocal failures
        errors = sum(d.severity == "error" for d in diags)
        ok = (errors > 0) == expect_errors
        failures += not ok
        print("%s %s: %d error(s)" % ("ok  " if ok else "FAIL", title, errors))
        for d in diags:
            print("       " + str(d))
            if d.begin is not None and text:
                print("       at %r" % d.snippet(text))
            for f in d.fixits:
                old = _byte_slice(text, f.begin, f.end) if f.begin is not None else ""
                print("       fix-it: replace %r with %r" % (old, f.replacement))

    show("correct mma (declared registers)", GOOD,
         lint.check_instruction(GOOD, args.target, args.ptx, decls=DECLS), False)
    show("mma with mixed A/B types", WRONG_TYPES,
         lint.check_instruction(WRONG_TYPES, args.target, args.ptx), True)
    show("mma with a short accumulator", WRONG_FRAGMENT,
         lint.check_instruction(WRONG_FRAGMENT, args.target, args.ptx), True)
    show("correct mma on sm_75 (too old)", GOOD,
         lint.check_instruction(GOOD, "sm_75", "7.0"), True)
    show("module with ldmatrix .x3", MODULE, lint.lint_module(MODULE, "k.ptx"), True)

    print("text rendering of the mixed-type check:")
    print(lint.format_text(WRONG_TYPES, args.target, args.ptx), end="")

    try:
        lint.check_instruction(GOOD, "sm_9O", args.ptx)
        print("FAIL malformed target accepted")
        failures += 1
    except PtxLintError as e:
        print("ok   malformed target rejected: %s" % e)

    print("%s" % ("OK" if failures == 0 else "FAILED: %d check(s)" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
