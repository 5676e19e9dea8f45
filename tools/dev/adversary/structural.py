"""Directive, declaration, call, control-flow and whole-file mutants."""

import re

from mutate import (ALIGNS, LINKAGE, NUMBERS, PERF, SPACES, TARGETS, TYPES, VERSIONS,
                    line_kind, token_mutants, tokens)


def with_line(lines, i, new):
    return lines[:i] + new.split("\n") + lines[i + 1:]


def directive_mutants(lines, i, rng):
    s = lines[i]
    st = s.strip()
    out = []
    if st.startswith(".version"):
        for v in VERSIONS:
            out.append(("version", with_line(lines, i, ".version " + v)))
    elif st.startswith(".target"):
        for t in TARGETS:
            out.append(("target", with_line(lines, i, ".target " + t)))
    elif st.startswith(".address_size"):
        for a in ["32", "64", "16", "0", "128"]:
            out.append(("address-size", with_line(lines, i, ".address_size " + a)))
        out.append(("address-size", lines[:i] + lines[i + 1:]))
    return out


def reg_mutants(lines, i, rng):
    s = lines[i]
    m = re.match(r"(\s*\.reg\s+)(\.v\d\s+)?(\.\w+)(\s+)(%?[\w$]+)(<(\d+)>)?(.*)$", s)
    if not m:
        return []
    pre, vec, ty, sp, name, rng_txt, n, rest = m.groups()
    vec = vec or ""
    rng_txt = rng_txt or ""
    out = []
    for t in rng.sample(TYPES, 6):
        out.append(("reg-type", with_line(lines, i, pre + vec + t + sp + name + rng_txt + rest)))
    for v in [".v2 ", ".v4 ", ".v8 ", ".v3 "]:
        out.append(("reg-vector", with_line(lines, i, pre + v + ty + sp + name + rng_txt + rest)))
    if rng_txt:
        for k in ["0", "1", "100000", "2000000000", "4294967296", "-1", ""]:
            out.append(("reg-range", with_line(lines, i, pre + vec + ty + sp + name + "<" + k + ">" + rest)))
    out.append(("reg-name", with_line(lines, i, pre + vec + ty + sp + name + "x" + rng_txt + rest)))
    out.append(("reg-name", with_line(lines, i, pre + vec + ty + sp + "%1" + name.lstrip("%") + rng_txt + rest)))
    out.append(("reg-align", with_line(lines, i, pre + ".align 8 " + vec + ty + sp + name + rng_txt + rest)))
    out.append(("reg-duplicate", lines[:i + 1] + [s] + lines[i + 1:]))
    return out


def var_mutants(lines, i, rng):
    s = lines[i]
    out = []
    m = re.search(r"\.align\s+(\d+)", s)
    if m:
        for a in ALIGNS:
            out.append(("var-align", with_line(lines, i, s[:m.start(1)] + a + s[m.end(1):])))
    else:
        sp = re.search(r"\.(global|shared|const|local)\s", s)
        if sp:
            for a in rng.sample(ALIGNS, 4):
                out.append(("var-align", with_line(lines, i, s[:sp.end()] + ".align " + a + " " + s[sp.end():])))
    m = re.search(r"\[(\d*)\]", s)
    if m:
        for k in ["0", "", "1", "100000000", "4294967297", "-2"]:
            out.append(("var-array", with_line(lines, i, s[:m.start(1)] + k + s[m.end(1):])))
        out.append(("var-array", with_line(lines, i, s[:m.start()] + s[m.end():])))
        out.append(("var-array", with_line(lines, i, s[:m.end()] + "[2]" + s[m.end():])))
    m = re.search(r"=\s*\{(.*)\}", s)
    if m:
        items = [x.strip() for x in m.group(1).split(",")]
        many = ", ".join(items + items + ["0"])
        out.append(("var-init", with_line(lines, i, s[:m.start(1)] + many + s[m.end(1):])))
        out.append(("var-init", with_line(lines, i, s[:m.start(1)] + s[m.end(1):])))
        out.append(("var-init", with_line(lines, i, s[:m.start(1)] + m.group(1).replace(items[0], "1.5", 1) + s[m.end(1):])))
        out.append(("var-init", with_line(lines, i, s[:m.start(1)] + m.group(1).replace(items[0], "0f3F800000", 1) + s[m.end(1):])))
        out.append(("var-init", with_line(lines, i, s[:m.start(1)] + m.group(1).replace(items[0], "undefined_sym", 1) + s[m.end(1):])))
    elif re.search(r"\.(global|const)\s", s) and s.rstrip().endswith(";"):
        arr = re.search(r"\[(\d+)\]", s)
        init = " = {1, 2}" if arr else " = 5"
        out.append(("var-init", with_line(lines, i, s.rstrip()[:-1] + init + ";")))
        out.append(("var-init", with_line(lines, i, s.rstrip()[:-1] + " = {};")))
    tm = re.search(r"\s(\.[usbf]\d+)\s", s)
    if tm:
        for t in rng.sample(TYPES, 4):
            out.append(("var-type", with_line(lines, i, s[:tm.start(1)] + t + s[tm.end(1):])))
    sm = re.search(r"\.(global|shared|const|local)\b", s)
    if sm:
        for sp in SPACES:
            out.append(("var-space", with_line(lines, i, s[:sm.start()] + sp + s[sm.end():])))
    for lk in LINKAGE:
        base = re.sub(r"^\s*(\.(extern|visible|weak|common)\s+)+", "", s)
        out.append(("linkage", with_line(lines, i, lk + " " + base.lstrip())))
    out.append(("var-duplicate", lines[:i + 1] + [s] + lines[i + 1:]))
    return out


def param_mutants(lines, i, rng):
    s = lines[i]
    m = re.match(r"(\s*\.param\s+)(.*?)(\s+[\w$]+)(\[\d+\])?(,?)\s*$", s)
    if not m:
        return []
    pre, attrs, name, arr, comma = m.groups()
    arr = arr or ""
    out = []
    for t in rng.sample(TYPES, 4):
        out.append(("param-type", with_line(lines, i, pre + t + name + arr + comma)))
    for extra in [".align 8 ", ".align 3 ", ".ptr.global .align 16 ", ".ptr .align 8 ",
                  ".ptr.shared.align 4 "]:
        out.append(("param-attr", with_line(lines, i, pre + extra + attrs + name + arr + comma)))
    out.append(("param-array", with_line(lines, i, pre + attrs + name + "[0]" + comma)))
    out.append(("param-array", with_line(lines, i, pre + attrs + name + "[4]" + comma)))
    out.append(("param-remove", lines[:i] + lines[i + 1:]))
    out.append(("param-duplicate", lines[:i + 1] + [pre + attrs + name + arr + ","] + lines[i + 1:]))
    out.append(("param-add", lines[:i] + [pre + ".b32 extra_param_0,"] + lines[i:]))
    out.append(("param-comma", with_line(lines, i, s.rstrip().rstrip(",") if comma else s.rstrip() + ",")))
    return out


def proto_mutants(lines, i, rng):
    s = lines[i]
    out = []
    base = re.sub(r"^\s*(\.(extern|visible|weak|common)\s+)+", "", s)
    for lk in LINKAGE + [""]:
        out.append(("linkage", with_line(lines, i, (lk + " " if lk else "") + base.lstrip())))
    if ".entry" in s:
        out.append(("proto-kind", with_line(lines, i, s.replace(".entry", ".func", 1))))
        out.append(("proto-return", with_line(lines, i, s.replace(".entry", ".entry (.param .b32 rv)", 1))))
    elif ".func" in s:
        out.append(("proto-kind", with_line(lines, i, s.replace(".func", ".entry", 1))))
        out.append(("proto-return", with_line(lines, i, s.replace(".func", ".func (.param .b32 rv)", 1))))
        out.append(("proto-attr", with_line(lines, i, s.replace(".func", ".func .attribute(.unified(0x1, 0x2))", 1))))
        out.append(("proto-attr", with_line(lines, i, s + " .noreturn")))
    # rename the function (its uses keep the old name)
    nm = re.search(r"\.(entry|func)\s+(\([^)]*\)\s*)?([\w$]+)", s)
    if nm:
        out.append(("proto-rename", with_line(lines, i, s[:nm.start(3)] + nm.group(3) + "_x" + s[nm.end(3):])))
    # performance directives after the parameter list
    j = i
    while j < len(lines) and lines[j].strip() != "{" and not lines[j].strip().endswith(";"):
        j += 1
    if j < len(lines) and lines[j].strip() == "{":
        for p in PERF:
            out.append(("perf-directive", lines[:j] + p.split("\n") + lines[j:]))
    return out


def perf_mutants(lines, i, rng):
    s = lines[i]
    out = []
    for p in rng.sample(PERF, 6):
        out.append(("perf-directive", with_line(lines, i, p)))
    out.append(("perf-directive", lines[:i] + lines[i + 1:]))
    for n in NUMBERS[:8]:
        toks = [t for t in tokens(s) if re.match(r"\d", t[2])]
        if toks:
            a, b, _ = rng.choice(toks)
            out.append(("perf-directive", with_line(lines, i, s[:a] + n + s[b:])))
    return out


def loc_mutants(lines, i, rng):
    s = lines[i]
    out = []
    st = s.strip()
    if st.startswith(".loc"):
        nums = re.findall(r"\d+", st)
        for new in [".loc 99 1 1", ".loc 1 0 0", ".loc 1 -1 0", ".loc 1 1", ".loc 1",
                    ".loc 0 1 1", st + ", function_name $L__undefined, inlined_at 1 2 3",
                    st + " extra", ".loc 1 4294967296 1"]:
            out.append(("loc", with_line(lines, i, "\t" + new)))
    elif st.startswith(".file"):
        for new in [".file 1 \"a.cu\"", ".file 0 \"a.cu\"", ".file 1", ".file \"a.cu\"",
                    st + ", 1700000000, 123", st + ", -5, 1", ".file 1 a.cu"]:
            out.append(("file", with_line(lines, i, new)))
        out.append(("file", lines[:i + 1] + [s] + lines[i + 1:]))
    return out


def section_mutants(lines, i, rng):
    s = lines[i]
    st = s.strip()
    out = []
    if st.startswith(".section"):
        for new in [".section .debug_foo", ".section debug_info", ".section .debug_info,",
                    ".section .text"]:
            out.append(("section", with_line(lines, i, "\t" + new)))
        return out
    for old, news in [(".b8", [".b16", ".b32", ".b64", ".u8", ".f32"]),
                      (".b32", [".b8", ".b64", ".s32"]), (".b64", [".b32", ".b8"])]:
        if st.startswith(old + " "):
            for n in news:
                out.append(("section", with_line(lines, i, s.replace(old, n, 1))))
    m = re.search(r"(\.b(32|64))\s+([\w$]+)", s)
    if m and not m.group(3).isdigit():
        out.append(("section", with_line(lines, i, s[:m.start(3)] + "undefined_label" + s[m.end(3):])))
        out.append(("section", with_line(lines, i, s[:m.end(3)] + "+4" + s[m.end(3):])))
        out.append(("section", with_line(lines, i, s[:m.end(3)] + "-" + m.group(3) + s[m.end(3):])))
    out.append(("section", with_line(lines, i, "\t.b8 256")))
    out.append(("section", with_line(lines, i, "\t.b32 4294967296")))
    out.append(("section", with_line(lines, i, "\t.b8 1,2,,3")))
    return out
