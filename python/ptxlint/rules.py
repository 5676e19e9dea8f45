"""The rule registry, and the rule selectors the command line also takes."""

import ctypes
from dataclasses import dataclass
from typing import Dict, List, Optional

from . import _capi

SEVERITIES = ("note", "warning", "error")


@dataclass(frozen=True)
class Rule:
    id: str  # "mma-target"
    spec: str  # PTX ISA section, "" when none
    severity: str  # the usual severity of its diagnostics
    summary: str  # the constraint, one line
    example: str  # PTX that triggers it
    fix: str  # how to fix it
    on_by_default: bool
    rationale: str = ""  # why it matters
    corrected: str = ""  # the example, written correctly
    fix_safe: bool = False  # its fix-its keep the meaning (ptx-lint --fix applies them)


_cache: Optional[Dict[str, Rule]] = None


def all_rules() -> List[Rule]:
    """Every registered rule, sorted by id."""
    return list(_registry().values())


def find(rule_id: str) -> Optional[Rule]:
    return _registry().get(rule_id)


def _registry() -> Dict[str, Rule]:
    global _cache
    if _cache is None:
        lib = _capi.load()
        rules = {}
        for i in range(lib.ptxlint_rule_count()):
            sev = lib.ptxlint_rule_severity(i)
            r = Rule(lib.ptxlint_rule_id(i).decode(), lib.ptxlint_rule_spec(i).decode(),
                     SEVERITIES[sev] if 0 <= sev < 3 else "error",
                     lib.ptxlint_rule_summary(i).decode(), lib.ptxlint_rule_example(i).decode(),
                     lib.ptxlint_rule_fix(i).decode(), bool(lib.ptxlint_rule_on_by_default(i)),
                     lib.ptxlint_rule_rationale(i).decode(),
                     lib.ptxlint_rule_corrected_example(i).decode(),
                     bool(lib.ptxlint_rule_fix_safe(i)))
            rules[r.id] = r
        _cache = rules
    return _cache


def validate_selector(selector: str) -> None:
    """Raises ptxlint.PtxLintError for a selector that matches no rule
    ("unknown rule 'mma-targt'; did you mean 'mma-target'?")."""
    from . import PtxLintError
    if not isinstance(selector, str):
        raise TypeError("a rule selector is a string, e.g. 'mma-target' or 'mma-*'")
    lib = _capi.load()
    buf = ctypes.create_string_buffer(512)
    if not lib.ptxlint_rule_selector_check(selector.encode(), buf, len(buf)):
        raise PtxLintError(buf.value.decode())
