"""The ptx-lint command of the same installation."""

import os
import subprocess
import sys

import ptxlint

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MMA_BAD = os.path.join(ROOT, "examples", "mma-bad.ptx")


def run(*args):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    return subprocess.run([sys.executable, "-m", "ptxlint"] + list(args), capture_output=True,
                          text=True, env=env, cwd=ROOT)


def test_executable_is_found():
    assert ptxlint.executable() and os.access(ptxlint.executable(), os.X_OK)


def test_python_m_ptxlint_runs_the_command():
    p = run("--format=gcc", "examples/mma-bad.ptx")
    assert p.returncode == 1
    assert p.stdout.splitlines()[0].startswith("examples/mma-bad.ptx:13:39: error: ")
    assert "1 file, 3 errors, 0 warnings" in p.stderr
    assert run("--version").returncode == 0


def test_command_and_library_agree():
    p = run("--format=gcc", "--quiet", MMA_BAD)
    lines = [ln for ln in p.stdout.splitlines() if ": error: " in ln]
    res = ptxlint.lint(open(MMA_BAD).read())
    assert len(lines) == res.errors
    for line, d in zip(lines, res):
        assert ":%d:%d: %s: %s" % (d.line, d.column, d.severity, d.message) in line
