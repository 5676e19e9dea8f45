"""Single-change mutants of a whole PTX file, over every line (stdlib only).

Every mutator takes (lines, index, rng) and returns a list of (kind, new_lines)
candidates; whole-file mutators take (lines, rng).  `candidates()` collects
them all, `line_kind()` names what a line is.  Nothing here knows what
ptx-lint checks: the changes are the ones a person editing PTX by hand, a
buggy generator or a bad merge would make.
"""

import re

TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|//.*|0[fFdD][0-9a-fA-F]{8,16}|0[xX][0-9a-fA-F]+[uU]?'
    r"|\d+\.\d*(?:[eE][-+]?\d+)?|\d+[uU]?|[.%$A-Za-z_][\w$.%]*|\S"
)

VERSIONS = (
    ["1.%d" % i for i in range(5)] + ["2.%d" % i for i in range(4)]
    + ["3.%d" % i for i in range(3)] + ["4.%d" % i for i in range(4)]
    + ["5.0"] + ["6.%d" % i for i in range(6)] + ["7.%d" % i for i in range(9)]
    + ["8.%d" % i for i in range(9)] + ["9.0", "9.1", "9.2"]
    + ["8", "8.", "08.0", "8.10", "10.0", "9.a"]
)
SM = ["10", "20", "30", "35", "50", "52", "53", "60", "61", "62", "70", "72",
      "75", "80", "86", "87", "88", "89", "90", "100", "101", "103", "110",
      "120", "121"]
TARGETS = (
    ["sm_" + s for s in SM]
    + ["sm_%sa" % s for s in SM if int(s) >= 90]
    + ["sm_%sf" % s for s in SM if int(s) >= 100]
    + ["sm_80a", "sm_89f", "compute_90", "sm_90, debug", "sm_80, texmode_unified",
       "sm_80, texmode_independent", "sm_75, map_f64_to_f32", "debug",
       "texmode_unified", "sm_90a, debug, texmode_independent", "sm_80, sm_90",
       "sm_80,", "SM_80", "sm_80, texmode_unified, texmode_independent"]
)
TYPES = [".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
         ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2",
         ".f32", ".f64", ".pred", ".tf32", ".e4m3", ".u128", ".f128"]
QUALS = [".rn", ".rz", ".ftz", ".sat", ".approx", ".full", ".wide", ".lo", ".hi",
         ".global", ".shared", ".shared::cta", ".local", ".const", ".param",
         ".volatile", ".relaxed", ".acquire", ".release", ".gpu", ".sys", ".cta",
         ".uni", ".sync", ".aligned", ".v2", ".v4", ".v8", ".b32", ".u64", ".f32",
         ".s16", ".pred", ".L2::128B", ".nc", ".ca", ".cg"]
NUMBERS = ["0", "1", "-1", "3", "7", "31", "32", "64", "255", "256", "1024",
           "65536", "4294967296", "0x7fffffff", "0f3F800000", "1.5", "0d3FF0000000000000"]
REGS = ["%r1", "%rd1", "%f1", "%p1", "%fd1", "%rs1", "%tid.x", "%laneid", "%r99999",
        "%zz1", "_"]
ALIGNS = ["0", "1", "2", "3", "4", "8", "16", "32", "1024", "6"]
PERF = [".maxntid 128", ".maxntid 128, 1, 1", ".maxntid 0", ".maxntid 64, 64, 64",
        ".reqntid 64, 2", ".reqntid 1025", ".maxnreg 0", ".maxnreg 16", ".maxnreg 255",
        ".maxnreg 300", ".minnctapersm 2", ".minnctapersm 0", ".maxclusterrank 4",
        ".reqnctapercluster 2, 1, 1", ".reqnctapercluster 0", ".explicitcluster",
        ".noreturn", ".pragma \"nounroll\";", ".pragma \"foo\";", ".maxntid 128\n.reqntid 128",
        ".maxntid 128\n.maxntid 64", ".minnctapersm 4\n.maxntid 256"]
LINKAGE = [".extern", ".weak", ".visible", ".common", ".extern .weak"]
SPACES = [".global", ".shared", ".const", ".local", ".param", ".tex", ".reg"]


def tokens(line):
    """(start, end, text) of each token of a line, comments excluded."""
    return [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(line)
            if not m.group().startswith("//")]


def line_kind(lines, i):
    s = lines[i].strip()
    if not s or s.startswith("//"):
        return "blank/comment"
    w = s.split()[0].rstrip(";")
    if w in (".version", ".target", ".address_size"):
        return "module-directive"
    if w in (".loc", ".file"):
        return "loc/file"
    if w == ".section" or (in_section(lines, i) and s not in ("{", "}")):
        return "debug-section"
    if w in (".maxntid", ".reqntid", ".maxnreg", ".minnctapersm", ".maxclusterrank",
             ".reqnctapercluster", ".explicitcluster", ".pragma", ".noreturn"):
        return "perf-directive"
    if re.search(r"\.(entry|func)\b", s):
        return "prototype"
    if w == ".param" or s.startswith(".param") or (s.startswith(")") or s.startswith("(")):
        return "param"
    if w == ".reg":
        return "reg-decl"
    if re.match(r"(\.(extern|visible|weak|common)\s+)*\.(global|shared|const|local|tex)\b", s):
        return "var-decl"
    if s in ("{", "}"):
        return "brace"
    if re.match(r"^[$\w]+:", s):
        return "label"
    body = re.sub(r"^@!?%?\w+\s+", "", s)
    op = body.split()[0] if body.split() else ""
    if op.startswith("call") or op.startswith("prototype"):
        return "call"
    if op.split(".")[0] in ("bra", "brx", "ret", "exit", "trap"):
        return "control-flow"
    return "instruction"


def in_section(lines, i):
    depth = 0
    for j in range(i, -1, -1):
        s = lines[j].strip()
        if s.startswith(".section"):
            return depth <= 0
        if s == "}":
            depth += 1
        if s == "{":
            depth -= 1
        if re.search(r"\.(entry|func)\b", s):
            return False
    return False


def replace_span(line, a, b, text):
    return line[:a] + text + line[b:]


def token_mutants(lines, i, rng, pool):
    """Delete, duplicate, swap, replace one token; change one character; insert."""
    line = lines[i]
    toks = tokens(line)
    out = []
    if not toks:
        return out

    def put(kind, new):
        if new != line:
            out.append((kind, lines[:i] + [new] + lines[i + 1:]))

    a, b, t = toks[rng.randrange(len(toks))]
    put("tok-delete", replace_span(line, a, b, ""))
    put("tok-duplicate", replace_span(line, a, b, t + " " + t if t[0].isalnum() or t[0] in "%$" else t + t))
    if len(toks) > 1:
        k = rng.randrange(len(toks) - 1)
        (a1, b1, t1), (a2, b2, t2) = toks[k], toks[k + 1]
        put("tok-swap", line[:a1] + t2 + line[b1:a2] + t1 + line[b2:])
    if pool:
        put("tok-replace", replace_span(line, a, b, rng.choice(pool)))
    # one character
    idx = [k for k, c in enumerate(line) if c.isalpha()]
    if idx:
        k = rng.choice(idx)
        put("char-case", line[:k] + line[k].swapcase() + line[k + 1:])
    idx = [k for k, c in enumerate(line) if c.isdigit()]
    if idx:
        k = rng.choice(idx)
        d = str((int(line[k]) + rng.randrange(1, 10)) % 10)
        put("char-digit", line[:k] + d + line[k + 1:])
    idx = [k for k, c in enumerate(line) if c in ".,;[]{}()" and not in_string(line, k)]
    if idx:
        k = rng.choice(idx)
        put("char-drop-punct", line[:k] + line[k + 1:])
    # insertion after a random token
    a, b, t = toks[rng.randrange(len(toks))]
    if t.startswith(".") or re.match(r"^[a-z]", t):
        put("insert-qualifier", replace_span(line, b, b, rng.choice(QUALS)))
    a, b, t = toks[rng.randrange(len(toks))]
    put("insert-number", replace_span(line, b, b, " " + rng.choice(NUMBERS)))
    put("insert-register", replace_span(line, b, b, ", " + rng.choice(REGS)))
    return out


def in_string(line, k):
    return line[:k].count('"') % 2 == 1


def sub_once(pattern, repl, text):
    return re.sub(pattern, repl, text, count=1)
