"""ptxlint.lint / ptxlint.check_instruction: structured diagnostics."""

import concurrent.futures
import os
import time

import pytest

import ptxlint
from ptxlint import rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MMA_BAD = os.path.join(ROOT, "examples", "mma-bad.ptx")

GOOD_MMA = ("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
            "{%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};")
DECLS = ".reg .f32 %f<8>; .reg .b32 %r<6>;"
CLEAN = """.version 7.8
.target sm_80
.address_size 64

.visible .entry k()
{
  .reg .b32 %r<4>;
  mov.u32 %r0, 0;
  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r0];
  ret;
}
"""


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_example_module_has_the_readme_diagnostics():
    text = read(MMA_BAD)
    res = ptxlint.lint(text, name="examples/mma-bad.ptx")
    assert (res.errors, res.warnings, res.ok) == (3, 0, False)
    got = [(d.line, d.column, d.severity, d.rule) for d in res]
    assert got == [(13, 39, "error", "mma-target"),
                   (16, 2, "error", "ldmatrix-missing-qualifier"),
                   (16, 28, "error", "ldmatrix-unknown-qualifier")]
    mma = res[0]
    assert mma.spec == "9.7.14.5.14"
    assert mma.message.startswith("`.f16` mma with shape .m16n8k16 requires sm_80")
    assert mma.range.slice(text) == ".f16"
    assert (mma.range.line, mma.range.end_line, mma.range.end_column) == (13, 13, 43)
    assert [(n.message, n.line) for n in mma.notes] == [("module target is set here", 4)]
    assert mma.notes[0].range.slice(text) == "sm_75"
    x3 = res[2]
    assert x3.range.slice(text) == ".x3"
    assert [(f.range.slice(text), f.replacement) for f in x3.fixits] == [(".x3", ".x1")]
    # Result.text is the command's text output.
    assert "examples/mma-bad.ptx:16:28: error: unknown qualifier '.x3'" in res.text
    assert str(x3).startswith("16:28: error: unknown qualifier")
    assert x3.to_dict()["fixits"][0]["replacement"] == ".x1"


def test_clean_module_and_target_override():
    assert ptxlint.lint(CLEAN).ok and len(ptxlint.lint(CLEAN)) == 0
    # ldmatrix needs sm_75: checked as sm_70 it is an error.
    res = ptxlint.lint(CLEAN, target="sm_70")
    assert not res.ok
    assert any(d.rule.startswith("ldmatrix") or d.rule.startswith("target") for d in res)


def test_ptx_version_override():
    res = ptxlint.lint(CLEAN, ptx_version="6.0")
    assert not res.ok
    assert "target-version" in {d.rule for d in res}


def test_bytes_and_utf8_offsets_are_bytes():
    text = CLEAN.replace("{\n", "{\n  // caf\u00e9 \u2713\n", 1).replace(".x4", ".x3")
    res = ptxlint.lint(text.encode())
    d = [d for d in res if d.rule == "ldmatrix-unknown-qualifier"][0]
    assert d.range.slice(text) == ".x3"
    assert d.range.slice(text.encode()) == ".x3"


def test_check_instruction():
    assert ptxlint.check_instruction(GOOD_MMA, target="sm_80", ptx_version="7.0",
                                     decls=DECLS).ok
    old = ptxlint.check_instruction(GOOD_MMA, target="sm_75", ptx_version="7.0")
    assert [d.rule for d in old if d.severity == "error"] == ["mma-target"]
    mixed = ptxlint.check_instruction(GOOD_MMA.replace(".f32.f16.f16.f32", ".f32.bf16.f16.f32"),
                                      target="sm_80", ptx_version="7.0")
    assert not mixed.ok
    d = mixed[0]
    assert d.range.slice(GOOD_MMA.replace(".f32.f16.f16.f32", ".f32.bf16.f16.f32"))
    short = ptxlint.check_instruction(GOOD_MMA.replace("{%f0, %f1, %f2, %f3}", "{%f0, %f1, %f2}"),
                                      target="sm_80", ptx_version="7.0")
    assert not short.ok
    # Register types come from decls: a .b64 accumulator is wrong.
    wrong = ptxlint.check_instruction(GOOD_MMA, target="sm_80", ptx_version="7.0",
                                      decls=".reg .b64 %f<8>; .reg .b32 %r<6>;")
    assert not wrong.ok


def test_bad_arguments_raise():
    with pytest.raises(ptxlint.PtxLintError, match="target"):
        ptxlint.check_instruction(GOOD_MMA, target="sm_9O", ptx_version="7.0")
    with pytest.raises(ptxlint.PtxLintError, match="version"):
        ptxlint.lint(CLEAN, ptx_version="eight")
    with pytest.raises(TypeError):
        ptxlint.check_instruction(GOOD_MMA, target=80)
    with pytest.raises(ptxlint.PtxLintError, match="did you mean 'mma-target'"):
        ptxlint.lint(CLEAN, disable=["mma-targt"])
    with pytest.raises(ptxlint.PtxLintError, match="matches no rule"):
        ptxlint.lint(CLEAN, disable="nothing-*")


def test_rule_selectors():
    text = read(MMA_BAD)
    assert {d.rule for d in ptxlint.lint(text, disable="ldmatrix-*")} == {"mma-target"}
    assert ptxlint.lint(text, disable=["all"]).ok
    assert {d.rule for d in ptxlint.lint(text, disable="*-target,ldmatrix-missing-?ualifier")} \
        == {"ldmatrix-unknown-qualifier"}
    # enable applies after disable: the later setting wins.
    res = ptxlint.lint(text, disable="ldmatrix-*", enable="ldmatrix-unknown-qualifier")
    assert {d.rule for d in res} == {"mma-target", "ldmatrix-unknown-qualifier"}


def test_warnings_as_errors_and_syntax_only():
    renamed = ".version 9.0\n.target sm_100f\n.address_size 64\n"
    plain = ptxlint.lint(CLEAN)
    assert plain.warnings == 0
    syntax = ptxlint.lint(CLEAN.replace("mov.u32", "mov.u32 mov"), syntax_only=True)
    assert not syntax.ok and {d.rule for d in syntax} == {"syntax"}
    res = ptxlint.lint(read(os.path.join(ROOT, "test", "cli", "Inputs", "renamed.ptx")))
    if res.warnings:
        promoted = ptxlint.lint(read(os.path.join(ROOT, "test", "cli", "Inputs", "renamed.ptx")),
                                warnings_as_errors=True)
        assert promoted.errors == res.errors + res.warnings and promoted.warnings == 0
    assert renamed  # (kept for readability of the inputs above)


def test_rule_registry():
    all_rules = rules.all_rules()
    assert len(all_rules) > 50
    assert [r.id for r in all_rules] == sorted(r.id for r in all_rules)
    r = rules.find("ldmatrix-unknown-qualifier")
    assert r.spec == "9.7.14.5.15" and r.severity == "error" and r.summary and r.example
    assert rules.find("no-such-rule") is None


def test_threads_give_the_same_answers():
    text = read(MMA_BAD)
    want = [d.to_dict() for d in ptxlint.lint(text)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda _: [d.to_dict() for d in ptxlint.lint(text)], range(64)))
    assert all(g == want for g in got)


def test_garbage_never_crashes():
    import random
    rng = random.Random(13)
    base = read(MMA_BAD).encode()
    for _ in range(200):
        data = bytearray(base)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        res = ptxlint.lint(bytes(data))
        assert isinstance(res, ptxlint.Result)
    assert isinstance(ptxlint.lint(""), ptxlint.Result)


def test_call_cost(capsys):
    """The ctypes boundary costs little next to the check itself."""
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        ptxlint.check_instruction(GOOD_MMA, target="sm_80", ptx_version="7.0", decls=DECLS)
    per_call = (time.perf_counter() - t0) / n
    with capsys.disabled():
        print("\ncheck_instruction (clean mma, via ctypes): %.1f us per call" % (per_call * 1e6))
    assert per_call < 0.005


def test_arch_is_ptxas_arch_and_target_is_as_if():
    old = CLEAN.replace(".target sm_80", ".target sm_72")
    # As ptxas -arch sm_75: the module's own sm_72 gates ldmatrix.
    assert "ldmatrix-target" in {d.rule for d in ptxlint.lint(old, arch="sm_75")}
    # As if the module said .target sm_75: clean.
    assert ptxlint.lint(old, target="sm_75").ok
    res = ptxlint.lint(CLEAN, arch="sm_75")
    assert [d.rule for d in res] == ["target-arch"] and not res.ok
    with pytest.raises(ptxlint.PtxLintError, match="arch"):
        ptxlint.lint(CLEAN, arch="sm_7")
