"""One file per body line: the lines of FILE between the markers
`// begin cases` and `// end cases`, each alone after the lines before the
first marker (the declarations), judged by ptxas (-arch ARCH) and by ptx-lint
(--arch ARCH). Prints one line per case: its line number in FILE, 'reject' or
'accept' for each, so that a test diffs the two columns."""
import os
import subprocess
import sys
import tempfile

ptxas, lint, arch, path = sys.argv[1:5]
lines = open(path).read().split("\n")
begin = next(i for i, l in enumerate(lines) if "// begin cases" in l)
end = next(i for i, l in enumerate(lines) if "// end cases" in l)
with tempfile.TemporaryDirectory() as d:
    for k in range(begin + 1, end):
        text = "\n".join(lines[:begin] + [""] * (k - begin) + [lines[k]] + lines[end + 1:]) + "\n"
        f = os.path.join(d, "case.ptx")
        open(f, "w").write(text)
        p = subprocess.run([ptxas, "-arch", arch, f, "-o", "/dev/null"], capture_output=True)
        q = subprocess.run([lint, "--format=gcc", "--min-severity=error", "--arch=" + arch, f],
                           capture_output=True)
        print(k + 1, "reject" if p.returncode else "accept", "reject" if q.returncode else "accept")
