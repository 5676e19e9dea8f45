#!/usr/bin/env python3
"""Re-runs every reproducer of issue 9 ("never crash, never abort, never lose
an input") against a build and prints one line per reproducer:

    ok    NAME: what was checked  [regression test]
    FAIL  NAME: what went wrong   [regression test]
    open  NAME: measured, above the goal, owned elsewhere (not a failure)

Usage: issue9_reproducers.py BUILD_DIR [--full] [--sanitizer]

Without --full the inputs are scaled down (seconds, for the lit test
test/fuzz/issue9-reproducers.test); --full uses the issue's sizes (the
nesting at 9,800-48,000 levels, 512 KB statements, 2 MB lines, 10^6
diagnostics: minutes). --sanitizer skips what cannot run under ASan (address
space limits) and every memory measurement; it is implied when BUILD_DIR's
CMakeCache.txt says PTXLINT_SANITIZE. Exit status 1 if any FAIL.
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading

BUILD = os.path.abspath(sys.argv[1])
FULL = "--full" in sys.argv

def sanitized():
    """Whether BUILD is a sanitizer build (CMakeCache.txt's PTXLINT_SANITIZE)."""
    try:
        for line in open(os.path.join(BUILD, "CMakeCache.txt")):
            if line.startswith("PTXLINT_SANITIZE:"):
                return line.split("=", 1)[1].strip().upper() not in ("", "OFF", "0", "FALSE", "NO")
    except OSError:
        pass
    return False


SAN = "--sanitizer" in sys.argv or sanitized()
LINT = os.path.join(BUILD, "bin", "ptx-lint")
SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TMP = tempfile.mkdtemp(prefix="issue9-")
HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n"
failures = 0


def report(ok, name, what, test, status=None):
    global failures
    status = status or ("ok" if ok else "FAIL")
    failures += status == "FAIL"
    print("%-5s %s: %s  [%s]" % (status, name, what, test), flush=True)


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w" if isinstance(text, str) else "wb") as f:
        f.write(text)
    return path


def run(args, stdin=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE, limit_kb=None,
        close=(), timeout=600):
    """Runs ptx-lint; returns (rc, stdout, stderr, 0)."""
    def pre():
        if limit_kb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_kb * 1024, limit_kb * 1024))
        for fd in close:
            os.close(fd)
    p = subprocess.Popen([LINT] + args, stdin=stdin, stdout=stdout, stderr=stderr,
                         preexec_fn=pre)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        raise
    return p.returncode, out or b"", err or b"", 0


def run_measured(args, **kw):
    """Runs ptx-lint under /usr/bin/time (the child's own peak RSS: os.wait4
    would count the forked Python before exec); output to a file. Returns
    (rc, bytes written to stdout, stderr, peak RSS in KiB)."""
    out_path, err_path, rss_path = (os.path.join(TMP, n) for n in ("out", "err", "rss"))
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        rc = subprocess.call(["/usr/bin/time", "-o", rss_path, "-f", "%M", LINT] + args,
                             stdout=out, stderr=err, **kw)
    rss = int(open(rss_path).read().split()[-1])
    return rc, os.path.getsize(out_path), open(err_path, "rb").read(), rss


def crashed(rc, err):
    return rc < 0 or rc in (134, 139) or b"LLVM ERROR" in err or b"pure virtual" in err or \
        b"Sanitizer" in err or b"runtime error" in err or b"PLEASE submit" in err


# --- 1. nesting: one error at the limit, no stack overflow -------------------
def nesting():
    n = 48000 if FULL else 3000
    for name, stmt in [
        ("parentheses (fast path)", "add.s32 %r1, %r2, " + "(" * n + "1" + ")" * n + ";"),
        ("braces (fast path)", "mov.b32 %r1, " + "{" * n + "%r2" + "}" * n + ";"),
        ("call list (fast path)", "call " + "(" * n + "%r2" + ")" * n + ", f;"),
        ("unary chain (grammar)", "add.s32 %r1, %r2, " + "- " * n + "1;"),
        ("conditional chain (grammar)", "add.s32 %r1, %r2, " + "1?" * n + "1" + ":1" * n + ";"),
        ("array size (grammar)", ".reg .b32 x[" + "(" * n + "1" + ")" * n + "];"),
        ("initializer braces (grammar)", ".local .b32 y[1] = " + "{" * n + "1" + "}" * n + ";"),
    ]:
        path = write("nest.ptx", HEADER + ".visible .entry k()\n{\n" + stmt + "\nret;\n}\n")
        rc, out, err, _ = run(["--format=gcc", path])
        ok = rc == 1 and out.count(b"nesting too deep") == 1 and not crashed(rc, err)
        report(ok, "nesting: " + name, "%d levels: exit %d, one 'nesting too deep'" % (n, rc),
               "test/parse/nesting-limit.test")


def capi_small_stack():
    """The C API on a 1 MB thread stack (a code generator's thread)."""
    if SAN:
        # Python is not instrumented: an ASan library cannot be loaded into it
        # without preloading the runtime; RobustnessTest covers it there.
        report(True, "C API on a 1 MB thread stack", "not run in a sanitizer build",
               "test/unit/RobustnessTest.cpp CApiHoldsOnASmallStack", "skip")
        return
    os.environ.setdefault("PTXLINT_LIBRARY", os.path.join(BUILD, "lib", "libptxlint.so"))
    sys.path.insert(0, os.path.join(SRC, "python"))
    import ptxlint  # noqa: E402
    got = {}
    n = 20000 if FULL else 1500

    def body():
        text = HEADER + ".visible .entry k()\n{\nadd.s32 %r1, %r2, " + "(" * n + "1" + \
            ")" * n + ";\n.local .b32 y[1] = " + "{" * n + "1" + "}" * n + ";\nret;\n}\n"
        got["r"] = ptxlint.lint(text)
    threading.stack_size(1 << 20 if not SAN else 8 << 20)
    t = threading.Thread(target=body)
    t.start()
    t.join()
    r = got.get("r")
    ok = r is not None and sum("nesting too deep" in d.message for d in r) == 2
    report(ok, "C API on a 1 MB thread stack", "%d levels: %s" % (n, r),
           "test/unit/RobustnessTest.cpp CApiHoldsOnASmallStack")


# --- 2. output failures: exit 2, one message --------------------------------
def output_failures():
    bad = os.path.join(SRC, "examples", "mma-bad.ptx")
    clean = os.path.join(SRC, "test", "cli", "Inputs", "clean.ptx")
    full = open("/dev/full", "wb")
    cases = [
        ("report > /dev/full", [bad], dict(stdout=full)),
        ("closed stdout", [bad], dict(close=(1,))),
        ("closed stderr", [bad], dict(stdout=subprocess.DEVNULL, close=(2,))),
        ("--emit > /dev/full", ["--emit", clean], dict(stdout=full)),
        ("--emit -o /dev/full", ["--emit", clean, "-o", "/dev/full"], {}),
        ("-o /dev/full", [bad, "-o", "/dev/full"], {}),
    ]
    for name, args, kw in cases:
        rc, _, err, _ = run(args, **kw)
        ok = rc == 2 and not crashed(rc, err) and err.count(b"error:") <= 1
        report(ok, "output: " + name, "exit %d, %r" % (rc, err[:80]), "test/cli/robust-io.test")


# --- 3. -o never aliases an input ------------------------------------------
def aliasing():
    for name, args in [("lint", ["-"]), ("--emit", ["--emit", "-"])]:
        path = write("k.ptx", open(os.path.join(SRC, "examples", "mma-bad.ptx")).read())
        before = open(path, "rb").read()
        with open(path, "rb") as stdin:
            rc, _, err, _ = run(args + ["-o", path], stdin=stdin)
        ok = rc == 2 and open(path, "rb").read() == before and b"standard input" in err
        report(ok, "aliasing: %s - -o k.ptx < k.ptx" % name, "exit %d, file intact" % rc,
               "test/cli/robust-io.test")


# --- 4. memory of one statement, of diagnostics, of output ------------------
def memory(name, text, args, goal_factor, test, owner=None, check_out=None):
    if SAN:
        return
    path = write("mem.ptx", text)
    rc, out_bytes, err, rss = run_measured(args + [path])
    size_kb = len(text) / 1024.0
    goal = goal_factor * size_kb + 10 * 1024  # a small multiple plus the fixed part
    ok = not crashed(rc, err) and rss <= goal and (check_out is None or check_out(out_bytes))
    what = "%.0f KB in: %.1f MiB peak (goal %.1f MiB), %d bytes out, exit %d" % (
        size_kb, rss / 1024.0, goal / 1024.0, out_bytes, rc)
    report(ok, "memory: " + name, what, test, None if ok or not owner else "open")


def memories():
    k = 512 * 1024 if FULL else 64 * 1024
    n = k // 5
    memory("initializer of 1+1", HEADER + ".global .b32 x[%d] = {" % n + "1+1, " * (n - 1) +
           "1+1};\n", ["--quiet"], 20, "test/parse/large-initializer.test")
    memory(".pragma of strings", HEADER + ".pragma " + '"a", ' * (k // 5) + '"a";\n',
           ["--quiet"], 20, "lexer engineer (issue 9, per-statement memory)", owner="lexer")
    memory("call list", HEADER + ".func f(.param .b32 a)\n{\nret;\n}\n.visible .entry k()\n{\n"
           ".reg .b32 %r<2>;\ncall f, (" + "%r1, " * (k // 5) + "%r1);\nret;\n}\n",
           ["--quiet"], 20, "lexer engineer (issue 9, per-statement memory)", owner="lexer")
    lines = 800000 if FULL else 50000
    memory("--emit of one large function", HEADER + ".visible .entry k()\n{\n.reg .b32 %r<4>;\n" +
           "add.s32 %r1, %r2, %r3;\n" * lines + "ret;\n}\n", ["--emit", "-o", os.devnull],
           0.5, "docs/performance.md (streaming --emit)")
    errors = 1000000 if FULL else 20000
    memory("%d diagnostics in one file" % errors, HEADER + ".visible .entry k()\n{\n"
           ".reg .b32 %r<4>;\n" + "add.s32 %r1, %r2, %r3.x;\n" * errors + "ret;\n}\n",
           ["--quiet", "--format=gcc"], 20, "test/cli/many-diagnostics.test")
    reps = 35000 if FULL else 3500
    long_line = ".visible .entry k()\n{\n.reg .b32 %r<5>;\n" + "add.s32 %r1, %r2, 1; " * reps + \
        "add.s32 %r1 %r2; " * 201 + "\nret;\n}\n"
    memory("201 errors on a %d KB line" % (len(long_line) // 1024), HEADER + long_line, [], 20,
           "test/cli/long-line.test", check_out=lambda b: b < 201 * 1024)


def stream_input():
    """Stream input holds at most about --max-file-size."""
    if SAN:
        return
    size = (64 if FULL else 8) << 20
    path = write("stream.ptx", HEADER + ("// " + "x" * 97 + "\n") * (size // 100))
    with open(path, "rb") as f:
        rc, _, err, rss = run_measured(["--quiet", "-", "--max-file-size=%d" % (size // 2)],
                                       stdin=f)
    ok = rc == 2 and b"too large" in open(os.path.join(TMP, "out"), "rb").read() + err and \
        rss < (size // 2 // 1024) * 1.6 + 10 * 1024
    report(ok, "stream input over --max-file-size", "%d MiB piped, limit %d MiB: %.1f MiB peak" % (
        size >> 20, size >> 21, rss / 1024.0), "test/cli/bad-input.test")


# --- 5. out of memory, directory walks, threads ------------------------------
def limits():
    if SAN:
        return
    big = write("big.ptx", HEADER + ".global .b32 x[200000] = {" + "1?1:1, " * 199999 + "1};\n")
    rc, out, err, _ = run(["-j1", big], limit_kb=100000)
    ok = rc == 2 and b"out of memory" in out and not crashed(rc, err)
    report(ok, "out of memory (ulimit -v)", "exit %d, %r" % (rc, out[:70]),
           "test/cli/out-of-memory.test")
    clean = os.path.join(SRC, "test", "cli", "Inputs", "clean.ptx")
    rc, _, err, _ = run(["-j16"] + [clean] * 16, limit_kb=60000)
    ok = rc == 2 and b"worker threads" in err and not crashed(rc, err)
    report(ok, "thread creation fails (-j16 under ulimit -v)", "exit %d, %r" % (rc, err[:70]),
           "test/cli/thread-failure.test")


def walks():
    d = os.path.join(TMP, "walk")
    os.makedirs(os.path.join(d, "sub"))
    shutil.copy(os.path.join(SRC, "test", "cli", "Inputs", "clean.ptx"), os.path.join(d, "sub"))
    os.mkfifo(os.path.join(d, "fifo.ptx"))
    try:
        rc, _, err, _ = run([d], timeout=60)
        ok = rc == 0 and b"not a regular file" in err
    except subprocess.TimeoutExpired:
        rc, ok = "hang", False
    report(ok, "FIFO named *.ptx in a walk", "exit %s, skipped with a note" % rc,
           "test/cli/robust-io.test")
    # Unreadable subdirectories: test/cli/unreadable-dir.test (runs as nobody under root).


# --- 6. round trip, verify overflow, byte order mark -------------------------
def small_ones():
    path = write("rem.ptx", HEADER + ".visible .entry k()\n{\n.reg .b32 %r<4>;\n"
                 "add.s32 %r1, %r2, 10 % 3;\nret;\n}\n")
    rc, out, err, _ = run(["--emit", path])
    ok = rc == 0 and b"10 % 3" in out
    report(ok, "--emit prints '10 % 3'", "exit %d" % rc, "test/parse/remainder-and-bom.test")
    path = write("rem2.ptx", HEADER + ".visible .entry k()\n{\n.reg .b32 %r<4>;\n"
                 "add.s32 %r1, %r2, %r3 % 4;\nret;\n}\n")
    rc, out, err, _ = run(["--format=gcc", path])
    ok = rc == 1 and b"remainder" in out
    report(ok, "'%r3 % 4' rejected", "exit %d" % rc, "test/parse/remainder-and-bom.test")
    path = write("verify.ptx", HEADER + "// expected-error@+9223372036854775807 {{x}}\n")
    rc, out, err, _ = run(["--verify-diagnostics", path])
    ok = rc == 1 and not crashed(rc, err) and b"outside the file" in out
    report(ok, "expected-error@+9223372036854775807", "exit %d" % rc,
           "test/cli/verify-line-overflow.test")
    path = write("bom.ptx", b"\xef\xbb\xbf" + HEADER.encode())
    rc, out, err, _ = run([path])
    ok = rc == 1 and b"byte order mark" in out
    report(ok, "UTF-8 byte order mark", "exit %d" % rc, "test/parse/remainder-and-bom.test")


try:
    nesting()
    capi_small_stack()
    output_failures()
    aliasing()
    memories()
    stream_input()
    limits()
    walks()
    small_ones()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
print("%d failed" % failures)
sys.exit(1 if failures else 0)
