#!/usr/bin/env python3
"""Which instructions take a variable or a function name as a value operand,
by ptxas's verdicts (issue 11: the facts go to spec/isa/corrections.txt as
`novariable` and `nofunction` lines).

For every valid form of every instruction (sweep.py's generator) that ptxas
accepts, each plain register operand after the first is replaced by a
.global variable (`gv`, its address), a .shared one (`sv`) and a function
name (`fn`), one module per case. Prints, per opcode (and first qualifier),
how many such cases ptxas accepts and rejects, and the lines to paste:

  symbol_operands.py --ptxas PTXAS [-j 2] [--only OPCODE,...]
"""
import argparse, collections, multiprocessing, os, random, re, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen_tables  # noqa: E402
import sweep  # noqa: E402

SYMS = {"var": "gv", "shared": "sv", "func": "fn"}


def module(target, line):
    return (f".version 9.0\n.target {target}\n.address_size 64\n.global .align 8 .b64 gv;\n"
            f".shared .align 8 .b64 sv;\n.func fn()\n{{\nret;\n}}\n"
            f".visible .entry k()\n{{\n{sweep.REGS}\n{line}\nret;\n}}\n")


def judge(args):
    ptxas, target, line = args
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(module(target, line))
    try:
        p = subprocess.run([ptxas, "-arch", "compute_" + target[3:], f.name, "-o", os.devnull],
                           capture_output=True, text=True, timeout=60)
        if p.returncode < 0 or "Segmentation" in p.stderr:
            return None, ""
        msg = next((l for l in p.stderr.splitlines() if "error" in l), "")
        return p.returncode == 0, re.sub(r"^.*line \d+; ", "", msg)
    except subprocess.TimeoutExpired:
        return None, ""
    finally:
        os.unlink(f.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    sections = gen_tables.parse_instructions(sweep.DATA / "instructions.txt")
    cases = sweep.cases_for(sections, 2, random.Random(1))
    bases = {}
    for kind, _, tgt, text, _ in cases:
        op = text.split()[0].split(".")[0]
        if kind == "valid" and (not only or op in only):
            bases.setdefault(text, tgt)
    with multiprocessing.Pool(args.j) as pool:
        items = list(bases.items())
        ok = pool.map(judge, [(args.ptxas, t, l) for l, t in items])
        good = [(l, t) for (l, t), (v, _) in zip(items, ok) if v]
        probes = []
        for line, tgt in good:
            head, _, rest = line.rstrip(";").partition(" ")
            ops = sweep.gen_tables_split(rest)
            for i, o in enumerate(ops):
                if i == 0 or not re.fullmatch(r"%[a-z]+\d+", o):
                    continue
                for kind, sym in SYMS.items():
                    new = ops[:i] + [sym] + ops[i + 1:]
                    probes.append((head, i, kind, f"{head} {', '.join(new)};", tgt))
        res = pool.map(judge, [(args.ptxas, t, l) for _, _, _, l, t in probes])
    table = collections.defaultdict(lambda: collections.Counter())
    for (head, i, kind, line, _), (v, msg) in zip(probes, res):
        key = head.split(".")[0]
        if key in ("cvta",) and ".to" in head.split("."):
            key += "!to"
        table[(key, kind)]["accept" if v else ("unknown" if v is None else "reject")] += 1
        if args.v:
            print(f"{'accept' if v else 'reject' if v is False else 'unknown'}\t{line}\t{msg}")
    for (key, kind), c in sorted(table.items()):
        print(f"{key}\t{kind}\t{dict(c)}")
    print(f"bases {len(bases)}, accepted {len(good)}, probes {len(probes)}", file=sys.stderr)


if __name__ == "__main__":
    main()
