# -*- Python -*-
# lit configuration for ptx-lint (outside the LLVM tree, like MLIR's
# examples/standalone). Substitutions:
#   %ptxlint   the built ptx-lint        %FileCheck / FileCheck  LLVM FileCheck
#   %corpus    the real-PTX corpus dir   %ptxas                  ptxas (REQUIRES: ptxas)
#   %python    the Python running lit    not                     LLVM's not (on PATH)
# Features: ptxas, corpus, isa-spec (%isaspec), pre-commit, git, clang-format (and, optional,
# nvcc and cuda-headers for test/cuda). With CI=true in the
# environment, a missing ptxas, corpus, pre-commit or clang-format fails the
# run instead of skipping.
# PTXLINT_NO_PTXAS=1 pretends ptxas is missing (to see what is skipped).

import os
import shutil

import lit.formats

config.name = "ptx-lint"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".ptx", ".test"]
# Inputs/ hold files that tests read; they are not tests themselves.
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ptxlint_obj_root, "test")

in_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# Tools: FileCheck, not, count from LLVM; ptx-lint from the build.
path = [config.ptxlint_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(p for p in path if p)
config.environment["LC_ALL"] = "C"
for var in ("HOME", "CUDA_HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

ptxlint = os.path.join(config.ptxlint_tools_dir, "ptx-lint")
config.substitutions.append(("%ptxlint", ptxlint))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.ptxlint_src_root))


def require_or_skip(feature, found, what):
    """Adds a feature, or explains (and in CI fails) why tests needing it cannot run."""
    if found:
        config.available_features.add(feature)
    elif in_ci:
        lit_config.fatal("%s not found, and CI=true: tests that REQUIRE %s must run in CI"
                         % (what, feature))
    else:
        lit_config.warning("%s not found: tests that REQUIRE %s are skipped (UNSUPPORTED)"
                           % (what, feature))


# The corpus of real PTX (every file must lint with zero errors).
corpus = os.path.abspath(config.corpus_dir)
config.substitutions.append(("%corpus", corpus))
require_or_skip("corpus", os.path.isdir(corpus), "PTX corpus %s (PTXLINT_CORPUS_DIR)" % corpus)

# The PTX ISA 9.0 reference the whole-ISA tables are extracted from (next to
# the corpus: ../shared/spec/isa-9.0).
isa_spec = os.path.join(os.path.dirname(corpus), "spec", "isa-9.0")
config.substitutions.append(("%isaspec", isa_spec))
require_or_skip("isa-spec", os.path.isfile(os.path.join(isa_spec, "INDEX.md")),
                "PTX ISA reference %s" % isa_spec)


def find_ptxas():
    # PTXLINT_NO_PTXAS=1 runs the suite as on a machine without CUDA.
    if os.environ.get("PTXLINT_NO_PTXAS"):
        return None
    if config.ptxas_hint and os.access(config.ptxas_hint, os.X_OK):
        return config.ptxas_hint
    dirs = [os.environ.get("PATH", "")]
    if os.environ.get("CUDA_HOME"):
        dirs.append(os.path.join(os.environ["CUDA_HOME"], "bin"))
    dirs.append("/usr/local/cuda/bin")
    return shutil.which("ptxas", path=os.pathsep.join(dirs))


ptxas = find_ptxas()
require_or_skip("ptxas", ptxas, "ptxas (looked in PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)")
if ptxas:
    config.substitutions.append(("%ptxas", ptxas))

git = shutil.which("git")
if git:
    config.available_features.add("git")
require_or_skip("pre-commit", shutil.which("pre-commit") and git, "pre-commit (and git)")

# The style check: every C++ file formatted with the checkout's .clang-format.
clang_format = shutil.which("clang-format") or shutil.which("clang-format-14")
require_or_skip("clang-format", clang_format, "clang-format")
if clang_format:
    config.substitutions.append(("%clang-format", clang_format))

# A sanitizer build (PTXLINT_SANITIZE): tests that limit the address space
# (ASan reserves terabytes of shadow) say UNSUPPORTED: sanitizer.
if getattr(config, "sanitizer", "").upper() not in ("", "OFF", "0", "FALSE", "NO"):
    config.available_features.add("sanitizer")
    config.available_features.add("sanitizer-" + config.sanitizer)

# The libFuzzer targets of a -DPTXLINT_FUZZ=ON build (fuzz/README.md): their
# seed corpora, regressions included, run as tests.
fuzz_dir = os.path.join(config.ptxlint_obj_root, "fuzz")
if os.path.exists(os.path.join(fuzz_dir, "ptxlint-FuzzFile")):
    config.available_features.add("fuzz")
    config.substitutions.append(("%fuzzdir", fuzz_dir))
# CUDA (test/cuda): nvcc for the -lineinfo recipe, the toolkit's headers as
# real sources with inline asm. Optional: tests that need them are skipped.
if ptxas:
    nvcc = os.path.join(os.path.dirname(ptxas), "nvcc")
    if os.access(nvcc, os.X_OK):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))
        cuda_include = os.path.join(os.path.dirname(os.path.dirname(ptxas)), "include")
        if os.path.isfile(os.path.join(cuda_include, "cuda_fp16.hpp")):
            config.available_features.add("cuda-headers")
            config.substitutions.append(("%cuda_include", cuda_include))
# Real third-party CUDA sources (test/cuda/Inputs/third_party): fetched, not
# stored (README.md there says how); the tests that lint them run when every
# file of its SHA256SUMS is present with that content.
third_party = os.path.join(config.test_source_root, "cuda", "Inputs", "third_party")


def third_party_present():
    import hashlib
    sums = os.path.join(third_party, "SHA256SUMS")
    if not os.path.isfile(sums):
        return False
    with open(sums) as f:
        rows = [l.split() for l in f if l.strip()]
    for digest, name in rows:
        path = os.path.join(third_party, name)
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as g:
            if hashlib.sha256(g.read()).hexdigest() != digest:
                return False
    return bool(rows)


if third_party_present():
    config.available_features.add("third-party-cuda")
# Tests that take minutes (a from-scratch build by the pre-commit hook).
if os.environ.get("PTXLINT_SLOW_TESTS", "").lower() in ("1", "true", "yes"):
    config.available_features.add("slow-tests")
for var in ("CCACHE_DIR", "PTXLINT_SLOW_TESTS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# The Python package (python/ptxlint) and its pytest tests.
try:
    import subprocess
    has_pytest = subprocess.run([config.python_executable, "-c", "import pytest"],
                                capture_output=True).returncode == 0
except OSError:
    has_pytest = False
require_or_skip("pytest", has_pytest, "pytest for %s (python3-pytest)" % config.python_executable)
# SARIF validation against the 2.1.0 schema (test/cli/sarif-schema.test).
try:
    has_jsonschema = subprocess.run([config.python_executable, "-c", "import jsonschema"],
                                    capture_output=True).returncode == 0
except OSError:
    has_jsonschema = False
require_or_skip("jsonschema", has_jsonschema,
                "jsonschema for %s (python3-jsonschema)" % config.python_executable)
config.substitutions.append(("%libdir", os.path.join(config.ptxlint_obj_root, "lib")))
