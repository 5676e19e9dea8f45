#!/usr/bin/env python3
"""Lists every chapter 9.7 instruction section and chapter 11 directive of
the PTX ISA that the tables miss, and checks the data file is up to date.

1. Re-extracts the tables from the ISA text and compares them with the
   checked-in spec/isa/instructions.txt (a stale data file fails).
2. Every section of 9.7 (9.7.1-9.7.19) and 11 whose text has a Syntax block
   must have its entry, with at least one syntax line.
3. Every opcode and directive the entries name must be known to ptx-lint:
   a module with one instruction per opcode must draw no isa-unknown-opcode.

Usage: check_coverage.py SPEC_DIR PTX_LINT WORK_DIR
"""

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import extract  # noqa: E402
import gen_tables  # noqa: E402

DATA = HERE.parent.parent / "spec" / "isa" / "instructions.txt"


def main():
    spec, lint, work = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    work.mkdir(parents=True, exist_ok=True)
    problems = []
    if extract.extract(spec) != DATA.read_text():
        problems.append("spec/isa/instructions.txt is stale: rerun tools/isa-extract/extract.py")
    sections = {s.num: s for s in gen_tables.parse_instructions(DATA)}
    files = {}
    expected = 0
    for num, title, anchor, fname, line in extract.load_sections(spec):
        if fname not in files:
            files[fname] = (spec / fname).read_text().splitlines()
        body = extract.section_text(files[fname], line - 1)
        if not extract.code_blocks(extract.named_block(body, "Syntax")):
            continue
        expected += 1
        s = sections.get(num)
        if s is None:
            problems.append(f"missing section {num} ({anchor})")
        elif not s.forms:
            problems.append(f"section {num} ({anchor}) has no syntax line")
    opcodes = sorted({f["opcode"] for s in sections.values() if s.kind == "instruction"
                      for f in s.forms if re.match(r"^[a-z]", f["opcode"])})
    module = work / "opcodes.ptx"
    module.write_text(".version 9.0\n.target sm_100a\n.address_size 64\n.entry k()\n{\n" +
                      "".join(f"{op};\n" for op in opcodes) + "}\n")
    out = subprocess.run([lint, "--format=gcc", str(module)], capture_output=True,
                         text=True).stdout
    for m in re.finditer(r"unknown instruction '([^']+)'", out):
        problems.append(f"opcode {m.group(1)} is in the data file but not in ptx-lint's tables")
    directives = [m for s in sections.values() if s.kind == "directive" for m in s.mnemonics]
    print(f"{expected} sections with syntax in 9.7 and 11, {len(sections)} in the tables, "
          f"{len(opcodes)} opcodes, {len(directives)} directives")
    for p in problems:
        print("MISSING:", p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
