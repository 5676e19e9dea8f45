"""check_workflow.py USER_GUIDE SRCROOT PTXLINT: the GitHub Actions workflow
of docs/user-guide.md works as written.

Prints one line per property checked; any failure is a line starting FAIL.
"""
import re
import subprocess
import sys

import yaml  # python3-yaml (a dependency of pre-commit, which CI installs)

guide, root, ptxlint = sys.argv[1:4]
text = open(guide, encoding="utf-8").read()
blocks = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "jobs:" in b]
print("workflows: %d" % len(blocks))
wf = yaml.safe_load(blocks[0])
steps = wf["jobs"]["ptx-lint"]["steps"]
print("container: %s" % wf["jobs"]["ptx-lint"].get("container"))
for word in ("YOUR", "<", "TODO", "example.com"):
    if word in blocks[0].replace("<ptx-lint", ""):
        print("FAIL placeholder %r" % word)
runs = [s["run"] for s in steps if "run" in s]
build = [r for r in runs if ".ci/run setup" in r]
print("build steps: %d" % len(build))
# The build command, relative to the submodule, exists in this repository.
script = re.search(r"third_party/ptx-lint/(\S+) setup", build[0]).group(1)
try:
    open("%s/%s" % (root, script)).close()
    print("build script: %s" % script)
except OSError:
    print("FAIL no %s" % script)
checkout = [s for s in steps if s.get("uses", "").startswith("actions/checkout")]
print("checkout with submodules: %s" % checkout[0]["with"]["submodules"])
# Every option of every ptx-lint call is accepted by the command.
help_text = subprocess.run([ptxlint, "--help-hidden"], capture_output=True, text=True).stdout
for r in runs:
    for call in re.findall(r"(?:^|&& )ptx-lint ([^|&]*)", r):
        for opt in re.findall(r"(--[a-z-]+)", call):
            ok = re.search(r"^\s+%s\b" % re.escape(opt), help_text, re.M)
            print("%s %s" % ("option" if ok else "FAIL unknown option", opt))
# Each lint step runs, in a repository with a kernels/ directory: exit 0 or 1
# (diagnostics), never 2 (a usage or I/O problem).
import os
import shutil
import tempfile

work = tempfile.mkdtemp()
os.makedirs(os.path.join(work, "kernels"))
shutil.copy(os.path.join(root, "test/cli/Inputs/target-version.ptx"), os.path.join(work, "kernels"))
env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(ptxlint)) + os.pathsep + os.environ["PATH"])
for r in runs:
    if r.startswith("ptx-lint "):
        p = subprocess.run(["bash", "-c", r], cwd=work, env=env, capture_output=True, text=True)
        print("%s %d: %s" % ("ran" if p.returncode in (0, 1) else "FAIL exit", p.returncode, r))
sarif = os.path.join(work, "ptx-lint.sarif")
print("sarif results: %d" % len(yaml.safe_load(open(sarif))["runs"][0]["results"]))
shutil.rmtree(work)
