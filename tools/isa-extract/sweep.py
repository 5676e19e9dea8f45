#!/usr/bin/env python3
"""Differential sweep of the whole-ISA tables against ptxas.

Generates, from spec/isa/instructions.txt, every valid form of every
instruction (each member of each qualifier set in turn), the gates (one PTX
ISA version and one target below a section's own) and systematic mutants
(opcode typos and upper case, unknown qualifiers, duplicated and dropped
qualifiers, one operand more or less), writes them many to a module
(ptxas -arch compute_NN parse-only), and compares per line whether ptx-lint
and ptxas report an error. A sample of lines is re-run one case per module
to check that batching does not change ptxas's per-line verdicts.

Usage: sweep.py --lint PTX_LINT --ptxas PTXAS [--sample N] [--seed S]
                [--max-per-form K] [--known FILE] [--report FILE] [--fail-on-false-errors]
Exit status 1 when ptx-lint reports an error ptxas does not (a false error)
on a line not listed in --known.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen_tables  # noqa: E402

DATA = HERE.parent.parent / "spec" / "isa"
REGS = (".reg .b16 %h<8>; .reg .b32 %r<16>; .reg .b64 %rd<16>; .reg .f32 %f<8>;"
        " .reg .f64 %fd<8>; .reg .pred %p<8>;")
TARGET_PTX = {"sm_75": (6, 3), "sm_80": (7, 0), "sm_86": (7, 1), "sm_87": (7, 4), "sm_89": (7, 8),
              "sm_90": (7, 8), "sm_90a": (8, 0), "sm_100": (8, 6), "sm_100a": (8, 6),
              "sm_103a": (8, 8), "sm_110a": (9, 0), "sm_120": (8, 7), "sm_120a": (8, 7),
              "sm_121a": (8, 8), "sm_100f": (8, 8)}
KNOWN_TARGETS = [75, 80, 86, 87, 89, 90, 100, 103, 110, 120, 121]


def reg_for(quals):
    """A register whose type suits the instruction type written last."""
    for q in reversed(quals):
        if q in (".f32",):
            return "%f"
        if q in (".f64",):
            return "%fd"
        if q in (".u64", ".s64", ".b64"):
            return "%rd"
        if q in (".u16", ".s16", ".b16", ".f16", ".bf16"):
            return "%h"
        if q == ".pred":
            return "%p"
    return "%r"


def operands(text, quals, count):
    """Concrete operands for a syntax line's operand text."""
    r = reg_for(quals)
    out = []
    parts = [p for p in gen_tables_split(text) if p and not p.startswith("{,")][:count]
    for i, p in enumerate(parts):
        p = re.sub(r"\[\|p\]|\{\.\w+\}", "", p).strip()
        if p.startswith("["):
            out.append("[%rd1]")
        elif p.startswith("{") and "," in p:
            n = len(p.split(","))
            out.append("{" + ", ".join(f"{r}{k + 1}" for k in range(n)) + "}")
        elif re.match(r"^(p|q|pred|\{!\}c|!?c)$", p) or "|" in p:
            out.append("%p1" if "|" not in p else f"{r}1|%p1")
        elif re.search(r"imm|count|size|nanosec|n$|^\d", p):
            out.append("1")
        else:
            out.append(f"{r}{i + 1}")
    while len(out) < count:
        out.append(f"{r}{len(out) + 1}")
    return out


def gen_tables_split(text):
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    parts.append(cur.strip())
    return parts


def target_of(sec):
    t = sec.target
    if t in ("all", "?"):
        return "sm_90", None
    m = re.match(r"^sm_(\d+)\+$", t)
    if m:
        sm = max(int(m.group(1)), 75)
        lower = [k for k in KNOWN_TARGETS if k < int(m.group(1))]
        return f"sm_{sm}", (f"sm_{lower[-1]}" if lower else None)
    first = t.split()[0].rstrip("+")
    return first, "sm_90" if first != "sm_90" and not first.startswith("sm_90") else "sm_89"


def version_below(v):
    if not v or v == "?":
        return None
    a, b = map(int, v.split("."))
    known = ([(1, i) for i in range(6)] + [(2, i) for i in range(4)] + [(3, i) for i in range(3)]
             + [(4, i) for i in range(4)] + [(5, 0)] + [(6, i) for i in range(6)]
             + [(7, i) for i in range(9)] + [(8, i) for i in range(9)] + [(9, 0)])
    below = [k for k in known if k < (a, b)]
    return "%d.%d" % below[-1] if below and below[-1] >= (6, 3) else None


def instance(form, sec, pick):
    """Qualifiers of one concrete form: pick(slot_index, members) -> member or None."""
    quals = []
    for i, slot in enumerate(form["slots"]):
        opt = slot.startswith("[")
        members = gen_tables.raw_members(slot, form["sets"], sec.sets)
        members = [m for m in members if m != ".none"]
        if not members or any(m.startswith("<?") for m in members):
            return None
        m = pick(i, members, opt)
        if m:
            quals.extend(gen_tables.split_member(m))
    return quals


def cases_for(sections, max_per_form, rng):
    """(kind, version, target, line) for every case."""
    out = []
    for sec in sections:
        if sec.kind != "instruction":
            continue
        tgt, tgt_below = target_of(sec)
        ver = "9.0"
        for form in sec.forms:
            if form["ops"] is None or form["opcode"] in ("call",):
                continue
            base = instance(form, sec, lambda i, m, opt: None if opt else m[0])
            if base is None:
                continue
            op = form["opcode"]
            n = form["ops"][0]

            def line(quals, nops=n, opcode=op):
                return f"{opcode}{''.join(quals)} {', '.join(operands(form['text'], quals, nops))};"

            b = line(base)
            first = len(out)
            out.append(("valid", ver, tgt, b))
            variants = []
            for i, slot in enumerate(form["slots"]):
                members = gen_tables.raw_members(slot, form["sets"], sec.sets)
                for m in members[1:] if not slot.startswith("[") else members:
                    if m == ".none" or m.startswith("<?"):
                        continue
                    q = instance(form, sec, lambda j, ms, opt, i=i, m=m:
                                 m if j == i else (None if opt else ms[0]))
                    if q is not None:
                        variants.append(q)
            rng.shuffle(variants)
            for q in variants[:max_per_form]:
                out.append(("valid", ver, tgt, line(q)))
            # Mutants of the base form.
            if len(op) > 2:
                typo = op[1] + op[0] + op[2:] if op[0] != op[1] else op + "x"
                out.append(("opcode-typo", ver, tgt, line(base, opcode=typo)))
            out.append(("opcode-upper", ver, tgt, line(base, opcode=op.upper())))
            if base:
                k = rng.randrange(len(base))
                bad = base[:k] + [base[k] + "x"] + base[k + 1:]
                out.append(("qualifier-replace", ver, tgt, line(bad)))
                out.append(("qualifier-duplicate", ver, tgt, line(base + [base[-1]])))
                out.append(("qualifier-drop", ver, tgt, line(base[:-1])))
                if len(base) > 1:
                    out.append(("qualifier-swap", ver, tgt,
                                line(base[:-2] + [base[-1], base[-2]])))
            out.append(("operand-more", ver, tgt, line(base, nops=form["ops"][1] + 1)))
            if n > 0:
                out.append(("operand-less", ver, tgt, line(base, nops=n - 1)))
            vb = version_below(sec.ptx)
            # Only where the target itself exists at that version.
            if vb and tuple(map(int, vb.split("."))) >= TARGET_PTX.get(tgt, (9, 0)):
                out.append(("gate-version", vb, tgt, line(base)))
            if tgt_below:
                out.append(("gate-target", ver, tgt_below, line(base)))
            out[first:] = [c + (b if c[0] != "valid" else c[3],) for c in out[first:]]
    return out


def module(version, target, lines):
    body = "\n".join(lines)
    return (f".version {version}\n.target {target}\n.address_size 64\n"
            f".visible .entry k()\n{{\n{REGS}\n{body}\nret;\n}}\n")


HEADER_LINES = 6  # lines before the first case in module()


def ptxas_errors(ptxas, path, target):
    """(error lines, fatal line or None) of ptxas on a module; None when it gave nothing."""
    arch = "compute_" + target[3:]
    try:
        p = subprocess.run([ptxas, "-arch", arch, path, "-o", os.devnull],
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    lines = {int(m.group(1)) for m in re.finditer(r"line (\d+); (?:error|fatal)", p.stderr)}
    fatal = re.search(r"line (\d+); fatal", p.stderr)
    if p.returncode and not lines:
        return None  # a crash or fatal without a line: no per-line verdict
    return lines, int(fatal.group(1)) if fatal else None


def lint_errors(lint, path):
    p = subprocess.run([lint, "--format=gcc", path], capture_output=True, text=True)
    lines = set()
    # A gate is reported once per cause; its other places are notes.
    for m in re.finditer(r"^[^:\n]+:(\d+):\d+: (?:error: |note: also used here)", p.stdout,
                         re.M):
        lines.add(int(m.group(1)))
    return lines


def run_batch(args, cases, tmp):
    """Per case: (ptxas_error, lint_error) or None when ptxas gave no verdict.
    ptxas stops at a fatal parse error: the lines after it go to a new module."""
    groups = {}
    for idx, (kind, ver, tgt, text, _) in enumerate(cases):
        groups.setdefault((ver, tgt), []).append(idx)
    verdicts, runs = {}, 0
    for (ver, tgt), idxs in sorted(groups.items()):
        todo = idxs
        while todo:
            part = todo[:400]
            runs += 1
            path = os.path.join(tmp, f"m{runs}.ptx")
            Path(path).write_text(module(ver, tgt, [cases[i][3] for i in part]))
            res = ptxas_errors(args.ptxas, path, tgt)
            le = lint_errors(args.lint, path)
            if res is None:
                for i in part:
                    verdicts[i] = None
                todo = todo[len(part):]
                continue
            pe, fatal = res
            done = len(part)
            if fatal is not None and HEADER_LINES < fatal <= HEADER_LINES + len(part):
                done = fatal - HEADER_LINES
            for k, i in enumerate(part[:done]):
                ln = HEADER_LINES + 1 + k
                verdicts[i] = (ln in pe, ln in le)
            todo = todo[done:]
    return verdicts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lint", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--sample", type=int, default=0, help="cases to draw (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-per-form", type=int, default=6)
    ap.add_argument("--single-check", type=int, default=20,
                    help="cases re-run one per module to verify batching")
    ap.add_argument("--known", help="known differences: one case line per line")
    ap.add_argument("--report", help="write the disagreements here")
    ap.add_argument("--fail-on-false-errors", action="store_true")
    ap.add_argument("--all-bases", action="store_true",
                    help="count mutants of bases ptxas rejects too")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sections = gen_tables.parse_instructions(DATA / "instructions.txt")
    cases = cases_for(sections, args.max_per_form, rng)
    if args.sample and args.sample < len(cases):
        cases = rng.sample(cases, args.sample)
    known = set()
    if args.known:
        for ln in Path(args.known).read_text().splitlines():
            if ln.strip() and not ln.startswith("#"):
                known.add(ln.strip())
    with tempfile.TemporaryDirectory() as tmp:
        verdicts = run_batch(args, cases, tmp)
        # Batching check: a sample of cases alone in a module.
        mismatched = 0
        singles = rng.sample(sorted(verdicts), min(args.single_check, len(verdicts)))
        for i in singles:
            if verdicts[i] is None:
                continue
            kind, ver, tgt, text, _ = cases[i]
            path = os.path.join(tmp, f"single_{i}.ptx")
            Path(path).write_text(module(ver, tgt, [text]))
            res = ptxas_errors(args.ptxas, path, tgt)
            if res is not None and ((HEADER_LINES + 1) in res[0]) != verdicts[i][0]:
                mismatched += 1
                print(f"batch/single mismatch: {text}", file=sys.stderr)
    # Mutants count where ptxas accepted their base form: the generator's
    # operands are typed by a heuristic, and a base ptxas rejects for its
    # operands says nothing about the mutation.
    accepted = {cases[i][3] for i, v in verdicts.items()
                if v is not None and cases[i][0] == "valid" and not v[0]}
    if args.all_bases:
        accepted = {c[4] for c in cases}
    stats, false_errors, missed = {}, [], []
    for i, v in verdicts.items():
        kind = cases[i][0]
        if cases[i][4] not in accepted and kind != "valid":
            continue
        s = stats.setdefault(kind, [0, 0, 0, 0, 0])  # agree, lint-only, ptxas-only, no verdict, total
        s[4] += 1
        if v is None:
            s[3] += 1
            continue
        pe, le = v
        if pe == le:
            s[0] += 1
        elif le:
            s[1] += 1
            false_errors.append(cases[i])
        else:
            s[2] += 1
            missed.append(cases[i])
    total = sum(s[4] - s[3] for s in stats.values())
    agree = sum(s[0] for s in stats.values())
    print(f"{'kind':22} {'cases':>6} {'agree':>6} {'lint-only':>9} {'ptxas-only':>10}")
    for kind in sorted(stats):
        s = stats[kind]
        print(f"{kind:22} {s[4] - s[3]:6} {s[0]:6} {s[1]:9} {s[2]:10}")
    print(f"total {total} cases, agreement {agree}/{total} = {100.0 * agree / max(total, 1):.1f}%; "
          f"batch/single mismatches {mismatched}/{len(singles)}")
    ok_valid = [i for i, v in verdicts.items()
                if v is not None and cases[i][0] == "valid" and not v[0]]
    print(f"valid forms ptxas accepts: {len(ok_valid)}, ptx-lint errors on them: "
          f"{sum(1 for i in ok_valid if verdicts[i][1])}")
    mut = [s for k, s in stats.items() if k != "valid"]
    m_total = sum(s[4] - s[3] for s in mut)
    m_agree = sum(s[0] for s in mut)
    print(f"mutants and gates of accepted forms: {m_agree}/{m_total} agree "
          f"({100.0 * m_agree / max(m_total, 1):.1f}%)")
    unexplained = [c for c in false_errors if c[3] not in known]
    print(f"lint-only (false errors): {len(false_errors)}, not in the known list: {len(unexplained)}")
    if args.report:
        with open(args.report, "w") as f:
            for tag, lst in (("lint-only", false_errors), ("ptxas-only", missed)):
                for kind, ver, tgt, text, _ in lst:
                    f.write(f"{tag}\t{kind}\t{ver}\t{tgt}\t{text}\n")
    if args.fail_on_false_errors and unexplained:
        for c in unexplained[:20]:
            print("false error:", c, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
