"""Build step of the Python package (metadata: pyproject.toml).

`pip install .` / `pip wheel .` run CMake on this checkout (configuring the
build directory when it has no CMakeCache.txt, else building incrementally)
and put libptxlint.so and the ptx-lint executable into ptxlint/_native/.
The package loads the library through ctypes (python/ptxlint/_capi.py says
why), so the wheel is tagged py3-none-<platform>: any Python 3, this OS.

Environment: PTXLINT_BUILD_DIR (default: BUILD_DIR, else build/ in this
checkout), JOBS (parallel build jobs; default: the CPU count),
PTXLINT_PREBUILT=1 (do not run CMake: package what PTXLINT_BUILD_DIR holds).
"""

import os
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))

# What CMake needs, with the Debian package that provides it.
PREREQUISITES = [
    ("cmake", "cmake"), ("ninja", "ninja-build"), ("c++", "g++"), ("java", "default-jre-headless"),
]
PREREQUISITE_FILES = [
    ("/usr/share/java/antlr4.jar", "antlr4"),
    ("/usr/include/antlr4-runtime/antlr4-runtime.h", "libantlr4-runtime-dev"),
    ("/usr/lib/llvm-14/lib/cmake/llvm/LLVMConfig.cmake", "llvm-dev (LLVM 14)"),
]


def fail(msg):
    sys.stderr.write("\nptxlint: %s\n\n" % msg)
    raise SystemExit(1)


def check_prerequisites():
    missing = [pkg for tool, pkg in PREREQUISITES if shutil.which(tool) is None]
    missing += [pkg for path, pkg in PREREQUISITE_FILES if not os.path.exists(path)]
    if missing:
        fail("cannot build ptx-lint: missing %s. On Debian or Ubuntu: "
             "sudo apt-get install %s (or run .ci/run setup, which installs them)"
             % (", ".join(missing), " ".join(p.split()[0] for p in missing)))


def build_native():
    """Builds libptxlint.so and ptx-lint; returns their paths."""
    bdir = os.environ.get("PTXLINT_BUILD_DIR") or os.environ.get("BUILD_DIR") or "build"
    bdir = os.path.join(ROOT, bdir)
    lib = os.path.join(bdir, "lib", "libptxlint.so")
    exe = os.path.join(bdir, "bin", "ptx-lint")
    if os.environ.get("PTXLINT_PREBUILT"):
        # Packagers and the tests: take what an earlier CMake build made.
        for path in (lib, exe):
            if not os.path.exists(path):
                fail("PTXLINT_PREBUILT is set but %s does not exist" % path)
        return lib, exe
    jobs = os.environ.get("JOBS") or str(os.cpu_count() or 2)
    if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
        check_prerequisites()
        os.makedirs(bdir, exist_ok=True)
        cmd = ["cmake", "-S", ROOT, "-B", bdir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"]
        if subprocess.call(cmd) != 0:
            fail("cmake could not configure %s (see above); the prerequisites are listed "
                 "in README.md (Set up)" % bdir)
    cmd = ["cmake", "--build", bdir, "-j", jobs, "--target", "ptx-lint", "ptxlint_shared"]
    if subprocess.call(cmd) != 0:
        fail("building ptx-lint failed (see above)")
    for path in (lib, exe):
        if not os.path.exists(path):
            fail("the build did not produce %s" % path)
    return lib, exe


class BuildPyWithNative(build_py):
    def run(self):
        super().run()
        lib, exe = build_native()
        dest = os.path.join(self.build_lib, "ptxlint", "_native")
        os.makedirs(dest, exist_ok=True)
        # The real file behind the libptxlint.so -> .so.0 -> .so.X.Y.Z links.
        shutil.copyfile(os.path.realpath(lib), os.path.join(dest, "libptxlint.so"))
        shutil.copy2(exe, os.path.join(dest, "ptx-lint"))
        docs = os.path.join(ROOT, "docs", "rules.md")
        if os.path.exists(docs):
            shutil.copyfile(docs, os.path.join(dest, "rules.md"))


class BinaryDistribution(Distribution):
    """Platform-specific (it carries a shared object and an executable)."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": BuildPyWithNative}
try:
    from wheel.bdist_wheel import bdist_wheel

    class BdistWheelAnyPython(bdist_wheel):
        """py3-none-<platform>: no extension module, so any Python 3."""

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = BdistWheelAnyPython
except ImportError:  # no wheel package: pip install still works (legacy path)
    pass

# setuptools' own build tree stays out of CMake's build/ directory.
setup(cmdclass=cmdclass, distclass=BinaryDistribution,
      options={"build": {"build_base": os.path.join("build", "python")}})
