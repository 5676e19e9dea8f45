"""Prints the diagnostic and summary lines of README.md's example output
block (the ```text block after the set-up commands), for readme-example.test."""
import re
import sys

text = open(sys.argv[1]).read()
block = re.search(r"```text\n(examples/mma-bad\.ptx:.*?)```", text, re.S)
if block:
    for line in block.group(1).splitlines():
        if line.startswith("examples/") or re.match(r"\d+ files?, ", line):
            print(line)
