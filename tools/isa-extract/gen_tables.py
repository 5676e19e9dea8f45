#!/usr/bin/env python3
"""Generate the C++ instruction tables from spec/isa/*.txt.

Reads the extracted tables (instructions.txt, written by extract.py from the
PTX ISA text) and the reviewed hand corrections (corrections.txt, where
ptxas differs from the text), and writes one C++ include file with constant
arrays that lib/Spec/IsaTables.cpp compiles: opcodes sorted by name, their
sections, forms (required literal qualifiers, every qualifier the form
takes, operand counts) and qualifier gates. Run by the build
(add_custom_command) into the build tree.

Usage: gen_tables.py INSTRUCTIONS CORRECTIONS OUTPUT
"""

import re
import sys
from pathlib import Path

from extract import split_top  # the one bracket-aware splitter of the extractor


# The `operands` check names of spec/isa/corrections.txt and their bits of
# IsaOpcode::OperandChecks (spec::opcheck, lib/Spec/IsaTables.h).
OPERAND_CHECKS = {"barrier": "Barrier", "tensormap": "Tensormap", "movvector": "MovVector",
                  "tensorcoords": "TensorCoordinates", "cpasyncsize": "CpAsyncSize",
                  "waitgroup": "WaitGroup", "atom": "Atom", "reduction": "Reduction",
                  "txq": "TextureQuery", "texture": "Texture", "surface": "Surface",
                  "surfacestore": "SurfaceStore", "surfacereduce": "SurfaceReduce",
                  "cvtrounding": "CvtRounding", "builtincall": "BuiltinCall",
                  "regcount": "RegCount"}
# The `family` names (IsaOpcode::Family, spec::IsaFamilyCheck) and the
# `control` kinds (IsaOpcode::Control, spec::IsaControl).
FAMILY_CHECKS = {"mma": "Mma", "wmma": "Wmma", "wgmma": "Wgmma", "ldmatrix": "Ldmatrix",
                 "stmatrix": "Stmatrix", "movmatrix": "Movmatrix"}
CONTROLS = {"call": "Call", "branch": "Branch", "branchlist": "BranchList"}
VIDEO_SELECTORS = {"scalar": "Scalar", "mad": "Mad", "simd2": "Simd2", "simd4": "Simd4"}

class Section:
    def __init__(self, num, anchor, kind):
        self.num, self.anchor, self.kind = num, anchor, kind
        self.title = ""
        self.mnemonics = []
        self.ptx = None
        self.target = "?"
        self.qptx, self.qtarget = [], []
        self.forms = []  # dicts: opcode, slots, ops
        self.sets = {}


def version_code(v):
    if not v or v == "?":
        return 0
    a, b = v.split(".")
    return int(a) * 100 + int(b)


def parse_instructions(path):
    sections, cur, form, block_sets = [], None, None, {}
    for line in Path(path).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        key = words[0]
        if key == "section":
            cur = Section(words[1], words[2], words[3])
            sections.append(cur)
        elif key == "title":
            cur.title = line.split(None, 1)[1]
        elif key == "mnemonic":
            cur.mnemonics = words[1:]
        elif key == "ptx":
            cur.ptx = words[1]
        elif key == "target":
            cur.target = " ".join(words[1:])
        elif key == "qptx":
            cur.qptx.append((words[1], words[2]))
        elif key == "qtarget":
            cur.qtarget.append((words[1], words[2]))
        elif key == "block":
            block_sets = {}
        elif key == "form":
            head, _, ops = line.split(None, 1)[1].partition(" | ")
            hw = head.split()
            form = {"opcode": hw[0], "slots": hw[1:], "ops": None, "text": ops.strip(),
                    "sets": block_sets}
            cur.forms.append(form)
        elif key == "ops":
            form["ops"] = None if words[1] == "?" else (int(words[1]), int(words[2]))
        elif key == "set":
            name, _, members = line.split(None, 1)[1].partition(" = ")
            cur.sets.setdefault(name.strip(), []).extend(members.split())
            block_sets[name.strip()] = members.split()
    # 'vop.dtype.atype.btype d, a, b' with 'vop = { vadd, vsub, ... }' (9.7.18):
    # a form whose opcode is a set of the block stands for one form per member.
    for sec in sections:
        forms = []
        for f in sec.forms:
            members = f["sets"].get(f["opcode"])
            if members and all(m.startswith(".") for m in members):
                forms.extend(dict(f, opcode=m[1:]) for m in members)
            else:
                forms.append(f)
        sec.forms = [expand_composite(f, sec.sets) for f in forms]
    return sections


def expand_composite(form, section_sets):
    """A required set of one member written as several qualifiers, some of
    them sets ('.fence_qualifiers = .to_proxy::from_proxy.release.scope',
    '.cp_qualifiers = .global.shared::cta'), is one place per qualifier: the
    parts are each required, a part that names a set is that set."""
    slots = []
    for slot in form["slots"]:
        inner = slot[1:-1] if slot.startswith("<") else None
        members = (form["sets"].get(inner) or section_sets.get(inner)) if inner else None
        parts = re.findall(r"\.[^.]+", members[0]) if members and len(members) == 1 else []
        if len(parts) < 2:
            slots.append(slot)
            continue
        for p in parts:
            slots.append("<" + p + ">" if p in form["sets"] or p in section_sets else p)
    return dict(form, slots=slots)


def parse_corrections(path):
    """Lines: 'qual OPCODE .q ...', 'noops OPCODE', 'opcode NAME SECTION',
    'nocheck OPCODE' (opcode known, qualifiers not checked), 'minops OPCODE N'
    (as few as N operands), 'maxops SECTION N' (as many as N in every form of the
    section), 'needs SECTION...
    .q .t...' (.q takes only these types), 'excludes SECTION... .q... : .x...' (no .q
    is written with any .x), 'opsgate SECTION... N X.Y sm_NN+'
    (N or more operands need the version and target), 'gate SECTION... .q
    VALUE...' ('.a+.b': both written; '.a>.b': both, .a first), 'novariable
    OPCODE[+.q]...' (a variable is no value operand; with .q only), 'nofunction OPCODE[!.q]...' (a
    function name is no operand, unless .q is written), 'modefirst OPCODE... .m...'
    (the modes come before the type), 'compare OPCODE...' (the comparison checks
    apply), 'owncount OPCODE...' (the comparison checks count the operands, not
    the syntax lines), 'ownpolicy OPCODE...' (the instruction's own checks count
    its cache policy), 'nokinds OPCODE+.q...' (operand kinds not checked with .q),
    'operands CHECK OPCODE...' (the opcodes run the instruction's own operand
    check CHECK, one of OPERAND_CHECKS; builtincall's OPCODE+.q: with .q written only), 'family CHECK OPCODE...' (the opcodes go
    to the matrix family check CHECK, one of FAMILY_CHECKS), 'control KIND
    OPCODE...' (how the opcodes transfer control, one of CONTROLS), 'fnaddrtypes
    OPCODE .t...' (the types with which OPCODE takes a function's address silently),
    'entryonly DIRECTIVE...' (directives of a kernel's header only), 'sink OPCODE [.q...]'
    (OPCODE takes `_` as its whole destination, with one of the .q written if any),
    'pairrequired OPCODE...' (where every fitting syntax line writes d|p, the d|p is required),
    'videosel KIND OPCODE...' (the video selectors the opcodes take, one of VIDEO_SELECTORS),
    'nameword SECTION... .w...' (a form's literal first word .w is part of the name);
    evidence in comments above each line."""
    corr = {"qual": {}, "noops": set(), "opcode": [], "nocheck": set(), "notarget": set(),
            "noptx": set(), "optional": {}, "required": {}, "minops": {}, "maxops": {}, "anyorder": set(), "gate": [],
            "addset": [], "needs": [], "opsgate": {}, "removed": {}, "novariable": {},
            "nofunction": {}, "modefirst": {}, "compare": set(), "owncount": set(),
            "ownpolicy": set(), "nokinds": {}, "operands": {}, "family": {}, "control": {},
            "fnaddrtypes": {}, "entryonly": set(), "sink": {}, "builtinwith": {},
            "pairrequired": set(), "videosel": {}, "nameword": {}}
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        w = line.split()
        if w[0] == "qual":
            corr["qual"].setdefault(w[1], set()).update(w[2:])
        elif w[0] in ("noops", "nocheck", "notarget", "noptx", "anyorder"):
            corr[w[0]].update(w[1:])
        elif w[0] == "optional":
            corr["optional"].setdefault(w[1], set()).update(w[2:])
        elif w[0] == "required":  # required OPCODE <.set>...: an optional place ptxas requires
            corr["required"].setdefault(w[1], set()).update(w[2:])
        elif w[0] in ("minops", "maxops"):  # minops|maxops OPCODE|SECTION N
            corr[w[0]][w[1]] = int(w[2])
        elif w[0] == "opcode":
            corr["opcode"].append((w[1], w[2]))
        elif w[0] == "addset":  # addset SECTION .set AFTER VALUE...
            corr["addset"].append((w[1], w[2], w[3], w[4:]))
        elif w[0] == "needs":  # needs SECTION... .q .t ...
            k = next(i for i, x in enumerate(w) if x.startswith("."))
            corr["needs"].extend((sec, w[k], w[k + 1:]) for sec in w[1:k])
        elif w[0] == "excludes":  # excludes SECTION... .q ... : .x ...
            k = next(i for i, x in enumerate(w) if x.startswith("."))
            c = w.index(":")
            # A needs row whose members start with '!': .q is written with none of them.
            corr["needs"].extend((sec, q, ["!" + x for x in w[c + 1:]])
                                 for sec in w[1:k] for q in w[k:c])
        elif w[0] == "opsgate":  # opsgate SECTION... N X.Y sm_NN+
            secs = [x for x in w[1:] if re.match(r"^\d+(\.\d+)+$", x) and x.count(".") > 1]
            n, ptx, sm = w[1 + len(secs):]
            for sec in secs:
                corr["opsgate"][sec] = (int(n), version_code(ptx), int(sm[3:].rstrip("+")))
        elif w[0] == "novariable":  # novariable OPCODE[+.q]...
            for x in w[1:]:
                op, _, only = x.partition("+")
                corr["novariable"][op] = only
        elif w[0] == "nofunction":  # nofunction OPCODE[!.q]...
            for x in w[1:]:
                op, _, unless = x.partition("!")
                corr["nofunction"][op] = unless
        elif w[0] == "modefirst":  # modefirst OPCODE... .m...
            k = next(i for i, x in enumerate(w) if x.startswith("."))
            for op in w[1:k]:
                corr["modefirst"][op] = " ".join(w[k:])
        elif w[0] == "nokinds":  # nokinds OPCODE+.q...
            for x in w[1:]:
                op, _, q = x.partition("+")
                corr["nokinds"][op] = q
        elif w[0] == "operands":  # operands CHECK OPCODE...
            if w[1] not in OPERAND_CHECKS:
                sys.exit(f"corrections: operands {w[1]}: not one of {' '.join(OPERAND_CHECKS)}")
            for x in w[2:]:  # OPCODE, or OPCODE+.q: with .q written only (builtincall)
                op, _, q = x.partition("+")
                if q and w[1] != "builtincall":
                    sys.exit(f"corrections: operands {w[1]} {x}: only builtincall takes +.q")
                if q:
                    corr["builtinwith"][op] = q
                corr["operands"].setdefault(op, []).append(OPERAND_CHECKS[w[1]])
        elif w[0] in ("family", "control", "videosel"):  # family CHECK OPCODE..., ...
            names = {"family": FAMILY_CHECKS, "control": CONTROLS,
                     "videosel": VIDEO_SELECTORS}[w[0]]
            if w[1] not in names:
                sys.exit(f"corrections: {w[0]} {w[1]}: not one of {' '.join(names)}")
            for op in w[2:]:
                if op in corr[w[0]]:
                    sys.exit(f"corrections: {w[0]} {op}: given twice")
                corr[w[0]][op] = names[w[1]]
        elif w[0] == "nameword":  # nameword SECTION... .w...
            for sec in (x for x in w[1:] if not x.startswith(".")):
                corr["nameword"].setdefault(sec, set()).update(x for x in w[1:] if x.startswith("."))
        elif w[0] == "fnaddrtypes":  # fnaddrtypes OPCODE .t...
            corr["fnaddrtypes"][w[1]] = " ".join(w[2:])
        elif w[0] == "sink":  # sink OPCODE [.q...]: takes `_` as its destination (with a .q)
            corr["sink"][w[1]] = " ".join(w[2:]) or "*"
        elif w[0] in ("compare", "owncount", "ownpolicy", "entryonly", "pairrequired"):
            corr[w[0]].update(w[1:])
        elif w[0] == "removed":  # removed SECTION... X.Y sm_NN+
            for sec in w[1:-2]:
                corr["removed"][sec] = (version_code(w[-2]), int(w[-1][3:].rstrip("+")))
        elif w[0] == "gate":  # gate SECTION... .q X.Y|sm_NN+ ...
            k = next(i for i, x in enumerate(w) if x.startswith("."))
            secs, q = w[1:k], w[k]
            for sec in secs:
                corr["gate"].extend((sec, q, v) for v in w[2 + len(secs):])
        else:
            sys.exit(f"corrections: unknown line '{line}'")
    return corr


# .cc: ptxas 13.0 accepts add.cc.cc, sub.cc.cc, addc.cc.cc, subc.cc.cc, mad.lo.cc.cc,
# madc.lo.cc.cc (test/isa-operands/extended-precision.test).
REPEATABLE = {".sat", ".approx", ".sync", ".uni", ".cc"}
TYPE_RE = re.compile(r"^\.(?:[subf]\d+(?:x\d+)?|bf16(?:x2)?|tf32|e\dm\d(?:x\d)?|pred)$")


def split_member(m):
    """'.async.shared::cta' (a set member of two qualifiers) -> its qualifiers."""
    return re.findall(r"\.[^.]+", m)


def raw_members(slot, sets, fallback):
    inner = slot.strip("[]")
    if inner.startswith("<?") and inner[2:-1] in fallback:  # defined in a sibling block
        return fallback[inner[2:-1]]
    if not inner.startswith("<") or inner.startswith("<?"):
        return [inner]
    names = inner[1:-1].split("|")
    if len(names) > 1:
        return names
    return sets.get(names[0]) or fallback.get(names[0], [])


def slot_members(slot, sets, fallback):
    """(required, members, complete) of one slot: sets of its syntax block,
    else of its section."""
    opt = slot.startswith("[")
    inner = slot[1:-1] if opt else slot
    if inner.startswith("<?") and inner[2:-1] in fallback:  # defined in a sibling block
        inner = "<" + inner[2:]
    if inner.startswith("<?"):
        return (not opt, [], False)
    if inner.startswith("<"):
        names = inner[1:-1].split("|")
        if len(names) > 1:  # '.shared .shared::cta': alternatives written inline
            return (not opt, names, True)
        members = sets.get(names[0]) or fallback.get(names[0], [])
        return (not opt, [q for m in members for q in split_member(m)], bool(members))
    return (not opt, split_member(inner), True)


def syntax_text(opcode, slots):
    """'add', ['[.sat]', '.s32'] -> 'add{.sat}.s32' (the ISA's own notation)."""
    out = opcode
    for slot in slots:
        opt = slot.startswith("[")
        inner = slot[1:-1] if opt else slot
        if inner.startswith("<"):
            inner = inner[1:-1].lstrip("?").split("|")[0]
        out += "{" + inner + "}" if opt else inner
    return out


# Optional operands that an instruction takes exactly when it writes a
# qualifier (ptxas 13.0: "Arguments mismatch for instruction 'cp.async'" for
# `cp.async...L2::cache_hint [d], [s], 4;`, and ".L2::cache_hint modifier
# required for instruction 'cp.async' with 5 arguments"; a .multicast::cluster
# copy without its ctaMask and a .cp_mask one without its byteMask are errors
# too; test/isa-operands/operand-forms.test).
CONDITIONAL_OPERANDS = {"cache-policy": "c", "ctaMask": "m", "byteMask": "k"}


def operand_kinds(ops):
    """One letter per operand of a syntax line: A an address ([a]), T a
    bracketed list ([tex, c]), P a destination with a predicate (d|p,
    d[|p]), R any other; lower case where optional ({, e}), and c, m, k the
    conditional ones above. None where the text is not a plain list."""
    ops = ops.strip()
    if not ops:
        return ""
    ops = re.sub(r"\{\s*\.[A-Za-z_]+\s*\}", "", ops)  # '{.unified}'
    ops = re.sub(r"\{\s*,([^{}]*)\}",
                 lambda m: "".join(", ?" + x.strip() for x in m.group(1).split(",") if x.strip()),
                 ops)
    out = ""
    for part in split_top(ops):
        if not part:
            continue
        opt = part.startswith("?")
        p = re.sub(r"\s*\+\s*", "+", part.lstrip("?").strip())  # 'sh + imm'
        if p.startswith("{") and not p.startswith("{!}") and "," not in p:
            return None  # '{ disable-output-lane }': an optional vector
        if re.search(r"[^\w\s\[\]{}|\-+,.:!_]", p) or (" " in p and p[0] not in "[{"):
            return None
        k = ("T" if "," in p else "A") if p.startswith("[") else "P" if "|" in p else "R"
        out += CONDITIONAL_OPERANDS.get(p, k.lower()) if opt else k
    return out


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def target_spec(t):
    """'all' -> ('', 0); 'sm_90+' -> ('', 90); 'sm_90a' / list -> (list, 0); '?' -> None."""
    if t == "?":
        return None
    if t == "all":
        return ("", 0)
    m = re.match(r"^sm_(\d+)\+$", t)
    if m:
        return ("", int(m.group(1)))
    return (t, 0)


def qual_gates(sec):
    """Qualifier -> (min ptx code, min sm) from the section's notes."""
    def expand(q):
        for f in sec.forms:
            for s in f["slots"]:
                inner = s.strip("[]")
                if inner == "<" + q + ">":
                    return sec.sets.get(q, [])
        return sec.sets.get(q, [q])
    gates = {}
    for q, v in sec.qptx:
        for m in expand(q):
            p, s = gates.get(m, (0, 0))
            gates[m] = (max(p, version_code(v)), s)
    lists = {}
    for q, t in sec.qtarget:
        # 'sm_100f|sm_110f|sm_120f': only these targets (a gate line's list);
        # the lowest is also the minimum.
        sms = [int(re.match(r"sm_(\d+)", x).group(1)) for x in t.split("|")]
        for m in expand(q):
            p, s = gates.get(m, (0, 0))
            gates[m] = (p, max(s, min(sms)))
            if "|" in t or t[-1] in "af":
                lists[m] = " ".join(t.split("|"))
    return {m: (p, s, lists.get(m, "")) for m, (p, s) in gates.items()}


def generate(sections, corr):
    out = ["// Generated by tools/isa-extract/gen_tables.py from spec/isa/instructions.txt and",
           "// spec/isa/corrections.txt. Do not edit.", ""]
    # opcode -> list of (section index, form)
    opcodes = {}
    for si, sec in enumerate(sections):
        if sec.kind == "directive":
            for m in sec.mnemonics:
                opcodes.setdefault(m, []).append((si, None))
            continue
        for f in sec.forms:
            opcodes.setdefault(f["opcode"], []).append((si, f))
    for name, secnum in corr["opcode"]:
        si = next(i for i, s in enumerate(sections) if s.num == secnum)
        opcodes.setdefault(name, []).append((si, None))

    sec_rows, form_rows, strs = [], [], []
    lits, vocab, slot_rows, slot_members_list = [], [], [], []
    need_rows, need_members = [], []
    known = {s.num for s in sections}
    for sec in [r[0] for r in corr["needs"]] + list(corr["opsgate"]) + list(corr["removed"]):
        if sec not in known:
            sys.exit(f"corrections: needs/opsgate {sec}: no such section")

    def add_list(dst, items):
        start = len(dst)
        dst.extend(items)
        return start, len(items)

    for sec, q, v in corr["gate"]:
        target = next(s for s in sections if s.num == sec)
        (target.qtarget if v.startswith("sm_") else target.qptx).append((q, v))
    for si, sec in enumerate(sections):
        ts = target_spec(sec.target)
        if sec.num in corr["notarget"]:
            ts = None
        gates = qual_gates(sec)
        ptx = 0 if sec.num in corr["noptx"] else version_code(sec.ptx)
        gb, gc = add_list(strs, sorted(gates.items()))
        needs = sorted((q, ts_) for s_, q, ts_ in corr["needs"] if s_ == sec.num)
        nb = len(need_rows)
        for q, ts_ in needs:
            need_rows.append((q, add_list(need_members, sorted(ts_))))
        og = corr["opsgate"].get(sec.num, (0, 0, 0))
        og = og + corr["removed"].get(sec.num, (0, 0))
        sec_rows.append((sec, ptx, ts, gb, gc, (nb, len(needs)), og))

    op_rows = []
    for name in sorted(set(corr["novariable"]) | set(corr["nofunction"]) | set(corr["modefirst"])
                       | corr["compare"] | corr["owncount"] | corr["ownpolicy"]
                       | set(corr["nokinds"]) | set(corr["operands"]) | set(corr["family"])
                       | set(corr["control"]) | set(corr["fnaddrtypes"]) | corr["entryonly"]
                       | set(corr["sink"]) | corr["pairrequired"] | set(corr["videosel"])):
        if name not in opcodes:
            sys.exit(f"corrections: novariable/nofunction/modefirst/compare/owncount/ownpolicy/"
                     f"nokinds/operands/family/control/fnaddrtypes/entryonly/sink/pairrequired/"
                     f"videosel {name}: "
                     f"no such opcode")
    for name in sorted(opcodes):
        entries = opcodes[name]
        forms_begin = len(form_rows)
        union, complete = set(), name not in corr["nocheck"]
        for si, f in entries:
            if f is None:
                complete = False
                form_rows.append((si, (0, 0), (0, 0), None, name, (0, 0), "", "-"))
                continue
            req, allq = [], set()
            slots_begin = len(slot_rows)
            lenient = corr["optional"].get(name, set()) | corr["optional"].get(
                sections[si].num, set())
            # 'qual' corrections: qualifiers ptxas takes too, each an optional place.
            extra = ["[" + q + "]" for q in sorted(corr["qual"].get(name, ()))]
            for slot in f["slots"] + extra:
                if slot in lenient:
                    slot = "[" + slot + "]"
                if slot.strip("[]") in corr["required"].get(name, ()):
                    slot = slot.strip("[]")
                r, members, ok = slot_members(slot, f["sets"], sections[si].sets)
                if not ok:
                    complete = False
                if ".none" in members:  # '.vec = { none, .v2, .v4 }': may be left out
                    r, members = False, [m for m in members if m != ".none"]
                allq.update(members)
                if r and len(members) == 1:
                    req.append(members[0])
                # A member written as two qualifiers ('.async.global') fills
                # two places; a literal may be repeated ('.sat.sat', ptxas).
                # ptxas rejects a repeated qualifier ("Duplicate .ftz modifier",
                # "Multiple rounding modifiers specified") except these.
                literal = slot.strip("[]") in REPEATABLE
                cap = 0 if literal else max((len(split_member(m)) for m in raw_members(
                    slot, f["sets"], sections[si].sets)), default=1)
                slot_rows.append((add_list(slot_members_list, sorted(set(members))), r, cap))
            allq.update(corr["qual"].get(name, ()))
            union.update(allq)
            # The word after the opcode that names the section's instruction
            # ('barrier.cluster'), when the form writes it first: ptxas reads it
            # as part of the name and rejects it elsewhere.
            name_word = ""
            # ... or a literal first word a `nameword` line names (sust.b, sust.p).
            if f["slots"] and f["slots"][0] in corr["nameword"].get(sections[si].num, ()):
                name_word = f["slots"][0]
            for mn in sections[si].mnemonics:
                parts = mn.split(".")
                if (parts[0] == name and len(parts) > 1 and f["slots"]
                        and f["slots"][0] == "." + parts[1]
                        and sections[si].num not in corr["anyorder"]):
                    name_word = "." + parts[1]
            ops = None if name in corr["noops"] or sections[si].num in corr["noops"] else f["ops"]
            if ops and name in corr["minops"]:
                ops = (min(ops[0], corr["minops"][name]), ops[1])
            if ops and sections[si].num in corr["maxops"]:
                ops = (ops[0], max(ops[1], corr["maxops"][sections[si].num]))
            kinds = operand_kinds(f["text"])
            form_rows.append((si, add_list(lits, req), add_list(vocab, sorted(allq)), ops,
                              syntax_text(name, f["slots"]),
                              (slots_begin, len(slot_rows) - slots_begin), name_word,
                              "-" if kinds is None else kinds))
        union.update(corr["qual"].get(name, ()))
        ub, uc = add_list(vocab, sorted(union))
        op_rows.append((name, forms_begin, len(form_rows) - forms_begin, ub, uc, complete))

    out.append("static constexpr llvm::StringLiteral IsaLiterals[] = {")
    out.extend(f"    {cstr(s)}," for s in lits or [""])
    out.append("};")
    out.append("static constexpr llvm::StringLiteral IsaVocab[] = {")
    out.extend(f"    {cstr(s)}," for s in vocab or [""])
    out.append("};")
    out.append("static constexpr llvm::StringLiteral IsaSlotMembers[] = {")
    out.extend(f"    {cstr(x)}," for x in slot_members_list or [""])
    out.append("};")
    out.append("static const IsaSlot IsaSlots[] = {")
    out.extend(f"    {{{b}, {c}, {'true' if r else 'false'}, {cap}}},"
               for (b, c), r, cap in slot_rows or [((0, 0), False, 0)])
    out.append("};")
    out.append("static const IsaQualGate IsaQualGates[] = {")
    out.extend(f"    {{{cstr(q)}, {p}, {s}, {cstr(tl)}}},"
               for q, (p, s, tl) in strs or [("", (0, 0, ""))])
    out.append("};")
    out.append("static constexpr llvm::StringLiteral IsaNeedMembers[] = {")
    out.extend(f"    {cstr(x)}," for x in need_members or [""])
    out.append("};")
    out.append("static const IsaQualNeed IsaQualNeeds[] = {")
    out.extend(f"    {{{cstr(q)}, {b}, {c}}}," for q, (b, c) in need_rows or [("", (0, 0))])
    out.append("};")
    out.append("static const IsaSection IsaSections[] = {")
    for sec, ptx, ts, gb, gc, (nb, nc), (on, op, osm, rp, rsm) in sec_rows:
        known = ts is not None
        tl, sm = ts if ts else ("", 0)
        title = sec.title.split(":", 1)[-1].strip()
        out.append(f"    {{{cstr(sec.num)}, {cstr(sec.anchor)}, {cstr(title)}, {ptx}, "
                   f"{'true' if known else 'false'}, {sm}, {cstr(tl)}, {gb}, {gc}, "
                   f"{'true' if sec.kind == 'directive' else 'false'}, {nb}, {nc}, "
                   f"{'true' if any('+' in q or '>' in q for q, _ in strs[gb:gb + gc]) else 'false'}, "
                   f"{{{on}, {op}, {osm}}}, {rp}, {rsm}}},")
    out.append("};")
    out.append("static const IsaForm IsaForms[] = {")
    for si, (lb, lc), (vb, vc), ops, text, (sb, sc), nw, kinds in form_rows:
        mn, mx = ops if ops else (-1, -1)
        out.append(f"    {{{si}, {lb}, {lc}, {vb}, {vc}, {mn}, {mx}, {cstr(text)}, {sb}, {sc}, "
                   f"{cstr(nw)}, {cstr(kinds)}}},")
    out.append("};")
    out.append("static const IsaOpcode IsaOpcodes[] = {")
    for name, fb, fc, ub, uc, complete in op_rows:
        novar = "true" if name in corr["novariable"] else "false"
        nofn = "true" if name in corr["nofunction"] else "false"
        out.append(f"    {{{cstr(name)}, {fb}, {fc}, {ub}, {uc}, {'true' if complete else 'false'}, "
                   f"{novar}, {cstr(corr['novariable'].get(name, ''))}, {nofn}, "
                   f"{cstr(corr['nofunction'].get(name, ''))}, "
                   f"{cstr(corr['modefirst'].get(name, ''))}, "
                   f"{'true' if name in corr['compare'] else 'false'}, "
                   f"{'true' if name in corr['owncount'] else 'false'}, "
                   f"{'true' if name in corr['ownpolicy'] else 'false'}, "
                   f"{cstr(corr['nokinds'].get(name, ''))}, "
                   f"{' | '.join('opcheck::' + c for c in corr['operands'].get(name, [])) or '0'}, "
                   f"IsaFamilyCheck::{corr['family'].get(name, 'None')}, "
                   f"IsaControl::{corr['control'].get(name, 'None')}, "
                   f"{cstr(corr['fnaddrtypes'].get(name, ''))}, "
                   f"{'true' if name in corr['entryonly'] else 'false'}, "
                   f"{cstr(corr['sink'].get(name, ''))}, "
                   f"{cstr(corr['builtinwith'].get(name, ''))}, "
                   f"{'true' if name in corr['pairrequired'] else 'false'}, "
                   f"IsaVideoSel::{corr['videosel'].get(name, 'None')}}},")
    out.append("};")
    return "\n".join(out) + "\n"


def apply_addset(sections, rows):
    """addset SECTION .set AFTER VALUE...: in the blocks of SECTION whose .set
    holds AFTER, the VALUEs too (a syntax block that leaves out members its
    own tables list)."""
    for sec_id, name, after, values in rows:
        found = False
        for sec in sections:
            if sec.num != sec_id:
                continue
            for f in sec.forms:
                members = f["sets"].get(name)
                if members is not None and after in members:
                    members.extend(v for v in values if v not in members)
                    found = True
        if not found:
            sys.exit(f"corrections: addset {sec_id} {name} {after}: no such block")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sections = parse_instructions(sys.argv[1])
    corr = parse_corrections(sys.argv[2])
    apply_addset(sections, corr["addset"])
    text = generate(sections, corr)
    p = Path(sys.argv[3])
    if not p.exists() or p.read_text() != text:
        p.write_text(text)


if __name__ == "__main__":
    main()
