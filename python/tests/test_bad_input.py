"""Adversarial input through the Python package (the C API) and its
command: each gets a clear diagnostic or a clean result, never a crash or
a hang; the library and the command agree on the cause (issue 9)."""

import os
import subprocess
import sys

import pytest

import ptxlint

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"


def body(stmts):
    return HEAD + ".entry k()\n{\n" + stmts + "\nret;\n}\n"


def command(tmp_path, data, *args):
    path = tmp_path / "in.ptx"
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    return subprocess.run([sys.executable, "-m", "ptxlint", "--format=gcc", *args, str(path)],
                          capture_output=True, text=True, env=env, timeout=120)


CASES = [
    # name, input, rule of the one error expected (None: clean), message part
    ("nul", body("ret;\0"), "io", "NUL byte"),
    ("crlf", body("ret;").replace("\n", "\r\n"), None, None),
    ("lone-cr", body("ret;").replace("\n", "\r"), None, None),
    ("non-ascii-comment", body("// caf\u00e9"), "syntax", "non-ASCII character (C3 A9) in a comment"),
    ("long-identifier", body(".reg .b32 %" + "a" * 1000000 + ";"), None, None),
    ("million-operands", body(".reg .b32 %r<4>;\nadd.s32 %r1" + ", %r2" * 1000000 + ";"),
     "isa-operand-count", "found 1000001"),
    ("nested-scopes", HEAD + ".entry k()\n" + "{" * 100000 + "\nret;\n" + "}" * 100000 + "\n",
     "syntax", "scopes nested too deep"),
    ("nested-vector", body("mov.b32 %r1, " + "{" * 100000 + "%r2" + "}" * 100000 + ";"),
     "syntax", "nesting too deep"),
    ("nested-parens", body("add.s32 %r1, %r2, " + "(" * 100000 + "1" + ")" * 100000 + ";"),
     "syntax", "nesting too deep"),
    ("nested-init", HEAD + ".global .b32 x[1] = " + "{" * 100000 + "1" + "}" * 100000 + ";\n",
     "syntax", "nesting too deep"),
    ("unclosed-params", HEAD + ".entry k(" + "(" * 100000 + "\n{\nret;\n}\n", "syntax", None),
]


@pytest.mark.parametrize("name,text,rule,part", CASES, ids=[c[0] for c in CASES])
def test_library(name, text, rule, part):
    res = ptxlint.lint(text)
    errors = [d for d in res if d.severity == "error"]
    if rule is None:
        assert res.ok, [str(d) for d in errors]
        return
    assert errors and errors[0].rule == rule
    if part:
        assert part in errors[0].message
    # One cause, one error (the unclosed list may add its own follow-ups).
    if name != "unclosed-params":
        assert len(errors) == 1, [str(d) for d in errors]


@pytest.mark.parametrize("name,text,rule,part", CASES, ids=[c[0] for c in CASES])
def test_command(tmp_path, name, text, rule, part):
    p = command(tmp_path, text)
    assert "PLEASE" not in p.stderr and "Stack dump" not in p.stderr
    if rule is None:
        assert p.returncode == 0, p.stdout[:500]
        return
    assert p.returncode == (2 if rule == "io" else 1), p.stdout[:500]
    first = p.stdout.splitlines()[0]
    assert first.endswith("[%s]" % rule) or "[%s," % rule in first, first[:300]
    if part:
        assert part in first


def test_invalid_utf8(tmp_path):
    data = (body("// caf") + "").encode().replace(b"caf", b"caf\xe9")
    # The command refuses the file as not text (exit 2); the library, given
    # bytes, reports the byte where ptxas stops.
    p = command(tmp_path, data)
    assert p.returncode == 2 and "not UTF-8 text: invalid byte 0xE9" in p.stdout
    res = ptxlint.lint(data)
    assert [d.rule for d in res] == ["syntax"]
    assert "non-ASCII character (E9) in a comment" in res[0].message


def test_directory_and_fifo(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    (tmp_path / "d.ptx").mkdir()
    (tmp_path / "d.ptx" / "k.ptx").write_text(body("ret;"))
    os.mkfifo(tmp_path / "d.ptx" / "pipe.ptx")
    p = subprocess.run([sys.executable, "-m", "ptxlint", str(tmp_path / "d.ptx")],
                       capture_output=True, text=True, env=env, timeout=60)
    # The FIFO found in a walk is skipped with a note; the file is checked.
    assert p.returncode == 0, p.stdout + p.stderr
    assert "1 file, 0 errors" in p.stderr
