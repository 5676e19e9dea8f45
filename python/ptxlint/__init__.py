"""ptxlint: check NVIDIA PTX from Python.

    import ptxlint
    result = ptxlint.lint(ptx_text, target="sm_90a", ptx_version="8.7")
    for d in result:
        print(d.line, d.column, d.severity, d.rule, d.message)
    ptxlint.check_instruction("ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0,%r1,%r2}, [%r4];",
                              target="sm_80", ptx_version="7.8")

Both return a Result: a list of Diagnostic (severity, rule, spec, message,
line, column, range, fixits, notes) with .errors, .warnings, .ok and .text
(ptx-lint's text rendering). Offsets in ranges are byte offsets into the
UTF-8 text that was checked; lines and columns are 1-based (columns count
bytes). The same installation provides the `ptx-lint` command
(`python3 -m ptxlint` runs it too).

The binding is ctypes over the library's C API (see _capi.py for why).
"""

from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Tuple, Union

from . import _capi

__all__ = ["lint", "check_instruction", "apply_fixes", "fix", "Diagnostic", "FixIt", "Note",
           "Range", "Result", "PtxLintError", "library_version", "executable"]

SEVERITIES = ("note", "warning", "error")


class PtxLintError(ValueError):
    """A malformed argument (target, PTX version, rule selector)."""


@dataclass(frozen=True)
class Range:
    """A half-open byte range [begin, end) of the checked text, with the
    1-based line and column of each end (end_column is exclusive)."""
    begin: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int

    def slice(self, text: Union[str, bytes]) -> str:
        data = text.encode() if isinstance(text, str) else bytes(text)
        return data[self.begin:self.end].decode(errors="replace")


@dataclass(frozen=True)
class FixIt:
    """Replace the text at range by replacement (an empty range inserts)."""
    range: Optional[Range]
    replacement: str


@dataclass(frozen=True)
class Note:
    message: str
    range: Optional[Range]

    @property
    def line(self) -> int:
        return self.range.line if self.range else 0


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # "error", "warning" or "note"
    rule: str  # stable rule id, e.g. "mma-type-combination"
    spec: str  # PTX ISA section, "" when none
    message: str
    range: Optional[Range]  # None: the diagnostic has no location
    fixits: Tuple[FixIt, ...] = field(default_factory=tuple)
    notes: Tuple[Note, ...] = field(default_factory=tuple)
    # The fixits are one edit; safe: it keeps the meaning (ptx-lint --fix
    # applies it); unsafe: a guess, or a higher .target/.version.
    fix_safe: bool = False

    @property
    def line(self) -> int:
        """1-based line; 0 when there is no location."""
        return self.range.line if self.range else 0

    @property
    def column(self) -> int:
        """1-based column in bytes; 0 when there is no location."""
        return self.range.column if self.range else 0

    def __str__(self) -> str:
        where = "%d:%d: " % (self.line, self.column) if self.range else ""
        tag = self.rule + (", PTX ISA " + self.spec if self.spec else "")
        return "%s%s: %s [%s]" % (where, self.severity, self.message, tag)

    def to_dict(self) -> dict:
        """A plain dict (JSON-serialisable) with the same fields."""
        def rng(r):
            return None if r is None else r.__dict__.copy()
        return {"severity": self.severity, "rule": self.rule, "spec": self.spec,
                "message": self.message, "line": self.line, "column": self.column,
                "range": rng(self.range),
                "fixits": [{"range": rng(f.range), "replacement": f.replacement}
                           for f in self.fixits],
                "fix_safe": self.fix_safe,
                "notes": [{"message": n.message, "range": rng(n.range)} for n in self.notes]}


class Result(list):
    """The diagnostics of one check, in report order."""

    def __init__(self, diags: Iterable[Diagnostic], errors: int, warnings: int, text: str):
        super().__init__(diags)
        self.errors = errors
        self.warnings = warnings
        self.text = text  # ptx-lint's text output ("" when clean)

    @property
    def ok(self) -> bool:
        """True when there is no error (warnings and notes allowed)."""
        return self.errors == 0

    def __repr__(self) -> str:
        return "<ptxlint.Result %d errors, %d warnings, %d diagnostics>" % (
            self.errors, self.warnings, len(self))


def library_version() -> str:
    """The version of the loaded libptxlint, e.g. "0.1.0"."""
    return _capi.load().ptxlint_version().decode()


def executable() -> Optional[str]:
    """The path of the ptx-lint command of this installation (None if absent)."""
    return _capi.find_executable()


def _as_list(rules) -> List[str]:
    if rules is None:
        return []
    if isinstance(rules, str):
        return [r.strip() for r in rules.split(",") if r.strip()]
    return list(rules)


def _location(loc) -> Optional[Range]:
    if loc.begin == _capi.NO_OFFSET:
        return None
    return Range(loc.begin, loc.end, loc.line, loc.column, loc.end_line, loc.end_column)


def _check_status(lib, status, what=""):
    if status != _capi.STATUS_OK:
        msg = lib.ptxlint_status_string(status).decode()
        raise PtxLintError(msg + (": " + what if what else ""))


def _make_options(lib, target, ptx_version, disable, enable, warnings_as_errors, run_checks,
                  arch=None):
    from . import rules as _rules
    opts = lib.ptxlint_options_create()
    if not opts:
        raise MemoryError("ptxlint_options_create")
    try:
        for sel in _as_list(disable):
            _rules.validate_selector(sel)
            _check_status(lib, lib.ptxlint_options_disable_rule(opts, sel.encode()), sel)
        for sel in _as_list(enable):
            _rules.validate_selector(sel)
            _check_status(lib, lib.ptxlint_options_enable_rule(opts, sel.encode()), sel)
        lib.ptxlint_options_set_warnings_as_errors(opts, int(bool(warnings_as_errors)))
        lib.ptxlint_options_set_run_checks(opts, int(bool(run_checks)))
        if target:
            _check_status(lib, lib.ptxlint_options_set_target(opts, target.encode()),
                          "target %r (expected sm_NN, sm_NNa or sm_NNf)" % target)
        if ptx_version:
            _check_status(lib, lib.ptxlint_options_set_version(opts, str(ptx_version).encode()),
                          "PTX version %r (expected X.Y)" % ptx_version)
        if arch:
            _check_status(lib, lib.ptxlint_options_set_arch(opts, arch.encode()),
                          "arch %r (expected sm_NN, sm_NNa or sm_NNf)" % arch)
    except BaseException:
        lib.ptxlint_options_destroy(opts)
        raise
    return opts


def _collect(lib, res) -> Result:
    diags = []
    for i in range(lib.ptxlint_result_count(res)):
        fixits = tuple(
            FixIt(_location(lib.ptxlint_diag_fixit_location(res, i, j)),
                  lib.ptxlint_diag_fixit_replacement(res, i, j).decode())
            for j in range(lib.ptxlint_diag_fixit_count(res, i)))
        notes = tuple(
            Note(lib.ptxlint_diag_note_message(res, i, j).decode(),
                 _location(lib.ptxlint_diag_note_location(res, i, j)))
            for j in range(lib.ptxlint_diag_note_count(res, i)))
        sev = lib.ptxlint_diag_severity(res, i)
        diags.append(Diagnostic(
            severity=SEVERITIES[sev] if 0 <= sev < len(SEVERITIES) else "unknown",
            rule=lib.ptxlint_diag_rule(res, i).decode(),
            spec=lib.ptxlint_diag_spec(res, i).decode(),
            message=lib.ptxlint_diag_message(res, i).decode(),
            range=_location(lib.ptxlint_diag_location(res, i)),
            fixits=fixits, notes=notes, fix_safe=bool(lib.ptxlint_diag_fixit_safe(res, i))))
    return Result(diags, lib.ptxlint_result_errors(res), lib.ptxlint_result_warnings(res),
                  lib.ptxlint_result_text(res).decode(errors="replace"))


def _run(call, opts_args) -> Result:
    import ctypes
    lib = _capi.load()
    opts = _make_options(lib, *opts_args)
    res = ctypes.c_void_p()
    try:
        _check_status(lib, call(lib, opts, ctypes.byref(res)))
        return _collect(lib, res)
    finally:
        lib.ptxlint_result_destroy(res)
        lib.ptxlint_options_destroy(opts)


def lint(text: Union[str, bytes], *, target: Optional[str] = None,
         ptx_version: Optional[str] = None, arch: Optional[str] = None, name: str = "<buffer>",
         disable=None, enable=None, warnings_as_errors: bool = False,
         syntax_only: bool = False) -> Result:
    """Checks a whole PTX module.

    target / ptx_version: check as if the module said `.target` / `.version`
    this ("sm_90a", "8.7"); None keeps the module's own. arch: the GPU the
    module will be compiled for, as `ptxas -arch` (the module's .target still
    gates its instructions; a .target ptxas -arch refuses is an error). disable / enable:
    rule selectors (ids, "mma-*" prefixes, or a comma-separated string), as
    the command's --disable / --enable take. name is the file name used in
    Result.text.
    """
    data = text.encode() if isinstance(text, str) else bytes(text)
    return _run(lambda lib, opts, out: lib.ptxlint_lint_buffer(
        name.encode(), data, len(data), opts, out),
        (target, ptx_version, disable, enable, warnings_as_errors, not syntax_only, arch))


def check_instruction(instruction: str, *, target: Optional[str] = None,
                      ptx_version: Optional[str] = None, decls: Optional[str] = None,
                      disable=None, enable=None, warnings_as_errors: bool = False) -> Result:
    """Checks one instruction as if it appeared in a function compiled for
    target at PTX ISA ptx_version (None: not checked against it). decls
    declares the registers it uses (".reg .f32 %f<8>;"); without it every
    register is taken to have an acceptable type. Ranges are into
    instruction."""
    for what, val in (("target", target), ("ptx_version", ptx_version)):
        if val is not None and not isinstance(val, str):
            raise TypeError("%s must be a string, e.g. 'sm_90a' / '8.7'" % what)

    def call(lib, opts, out):
        return lib.ptxlint_check_instruction(
            instruction.encode(), target.encode() if target else None,
            ptx_version.encode() if ptx_version else None,
            decls.encode() if decls else None, opts, out)
    return _run(call, (None, None, disable, enable, warnings_as_errors, True))


def apply_fixes(text: Union[str, bytes], diagnostics: Iterable[Diagnostic], *,
                unsafe: bool = False) -> str:
    """Applies the fix-its of diagnostics (of lint(text)) to text, as
    ptx-lint --fix does: each diagnostic's fixits as one edit, safe ones
    only unless unsafe=True; an edit that overlaps one taken before it is
    left out (lint the result again to get it: fix() does)."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    taken = []  # (begin, end, replacement bytes)

    def clash(a, b):
        if a[0] == a[1] or b[0] == b[1]:
            return a[0] <= b[1] and b[0] <= a[1]
        return a[0] < b[1] and b[0] < a[1]

    for d in diagnostics:
        if not d.fixits or not (d.fix_safe or unsafe):
            continue
        unit = []
        for f in d.fixits:
            if f.range is None or f.range.end > len(data) or f.range.begin > f.range.end:
                unit = None
                break
            unit.append((f.range.begin, f.range.end, f.replacement.encode()))
        if not unit or any(clash(a, b) for i, a in enumerate(unit) for b in unit[i + 1:]):
            continue
        new = [e for e in unit if e not in taken]
        if any(clash(e, t) for e in new for t in taken):
            continue
        taken.extend(new)
    out, at = [], 0
    for b, e, r in sorted(taken, key=lambda x: (x[0], x[1])):
        out += [data[at:b], r]
        at = e
    out.append(data[at:])
    return b"".join(out).decode(errors="surrogateescape")


def fix(text: Union[str, bytes], *, unsafe: bool = False, **lint_args) -> Tuple[str, Result]:
    """Lints text, applies the safe fix-its (all with unsafe=True), lints
    again and repeats until nothing changes (at most 8 times), as ptx-lint
    --fix does. Returns the fixed text and the diagnostics left in it.
    lint_args are lint()'s keyword arguments."""
    cur = text.decode() if isinstance(text, bytes) else text
    result = lint(cur, **lint_args)
    for _ in range(8):
        fixed = apply_fixes(cur, result, unsafe=unsafe)
        if fixed == cur:
            break
        cur = fixed
        result = lint(cur, **lint_args)
    return cur, result
