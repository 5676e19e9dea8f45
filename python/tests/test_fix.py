"""ptxlint.fix / apply_fixes and fix safety: the same edits as ptx-lint --fix."""

import os
import subprocess

import ptxlint
from ptxlint import rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXABLE = os.path.join(ROOT, "test", "cli", "Inputs", "fixable.ptx")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_fix_safety_is_carried():
    res = list(ptxlint.check_instruction(
        "ldmatrix.sync.m8n8.aligned.x1.shared.b16 {%r0}, [%rd0];", target="sm_90",
        ptx_version="8.0"))
    res += ptxlint.check_instruction(
        "ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0}, [%rd0];", target="sm_90",
        ptx_version="8.0")
    by_rule = {d.rule: d for d in res}
    assert by_rule["ldmatrix-qualifier-order"].fix_safe
    assert by_rule["ldmatrix-qualifier-order"].fixits
    assert not by_rule["ldmatrix-unknown-qualifier"].fix_safe  # a did-you-mean
    assert by_rule["ldmatrix-unknown-qualifier"].fixits
    assert by_rule["ldmatrix-unknown-qualifier"].to_dict()["fix_safe"] is False


def test_fix_matches_the_command(tmp_path):
    text = read(FIXABLE)
    fixed, left = ptxlint.fix(text)
    assert fixed != text
    # What is left has no safe fix, and the fixed problems are gone.
    assert not any(d.fix_safe and d.fixits for d in left)
    assert sorted(d.rule for d in left) == ["ldmatrix-missing-qualifier",
                                            "ldmatrix-unknown-qualifier",
                                            "ldmatrix-unknown-qualifier"]
    exe = os.environ.get("PTXLINT_EXECUTABLE") or ptxlint.executable()
    if exe:
        path = tmp_path / "k.ptx"
        path.write_text(text)
        subprocess.run([exe, "--fix", "-q", str(path)], check=False, capture_output=True)
        assert path.read_text() == fixed


def test_unsafe_fixes_and_overlaps():
    text = read(FIXABLE)
    fixed, left = ptxlint.fix(text, unsafe=True)
    assert ".x3" not in fixed
    assert [d.rule for d in left] == ["ldmatrix-unknown-qualifier"]  # .foo: no fix
    # .sync.m8n8.aligned.aligned needs two passes (the repetition, then the
    # order); the suppressed repetition stays.
    once = ptxlint.apply_fixes(text, ptxlint.lint(text))
    assert "ldmatrix.sync.m8n8.aligned.x1" in once
    safe, _ = ptxlint.fix(text)
    assert "ldmatrix.sync.m8n8.aligned" not in safe
    assert once.count(".aligned.aligned") == 1 and safe.count(".aligned.aligned") == 1
    assert ptxlint.apply_fixes(text, []) == text


def test_suppression_comments_are_honoured():
    text = read(FIXABLE)
    res = ptxlint.lint(text)
    lines = [d.line for d in res if d.rule == "ldmatrix-duplicate-qualifier"]
    assert 19 not in lines and 13 in lines


def test_rule_docs():
    r = rules.find("mma-qualifier-order")
    assert r.fix_safe and r.rationale and r.corrected
    assert not ptxlint.check_instruction(r.corrected.split(":", 1)[-1].strip(),
                                         target="sm_120a", ptx_version="9.0")
    for r in rules.all_rules():
        assert r.rationale and r.corrected, r.id
