#!/usr/bin/env python3
"""check-layers.py SRCROOT - the library's layers, checked on #include lines.

The build enforces the layers (cmake/Layers.cmake gives each layer an include
path of only what it may see); this script checks the same matrix on the
sources without a build, so a wrong include is named with its file and line
even where a build would find the header some other way:

  * each file of lib/<Dir>/ includes only headers of its own layer, the
    public headers (include/ptxlint/) of layers it depends on, and the
    internal headers (lib/<Dir>/) of dependencies that export them;
  * the parser's internals (lib/Parse/) are seen by lib/Parse alone;
  * a public header includes only the C++ standard library and public
    headers its layer may see: never LLVM, ANTLR or a lib/ header;
  * the dependencies below match those declared in cmake/Layers.cmake.

Prints the matrix and every violation; exits 1 if there is one.
"""
import os
import re
import sys

# layer: (lib/ folder, public headers, exports its lib/ folder, public deps, private deps)
# A layer may depend only on layers above it in this list.
LAYERS = [
    ("support", "Support", ["Span.h", "Source.h", "Diagnostic.h", "Target.h", "Options.h",
                            "Severity.h", "Rules.h", "Rules.def", "rules", "Fix.h"], True, [], []),
    ("ast", "AST", ["AST.h"], True, ["support"], []),
    ("spec", "Spec", [], True, ["support"], []),
    ("parse", "Parse", ["Parser.h"], False, ["ast", "support"], []),
    ("check", "Check", [], True, ["parse", "ast", "spec", "support"], []),
    ("emit", "Emit", ["Emitter.h"], True, ["ast", "support"], ["parse"]),
    # The rule selectors of lib/Check (the registry itself, with each rule's
    # section and anchor, is public: include/ptxlint/Rules.h, in support).
    ("registry", None, [], False, ["support"], []),
    ("output", "Output", ["Output.h"], True, ["support"], ["registry"]),
    ("verify", "Verify", ["Verify.h"], True, ["support"], ["registry"]),
    ("lint", "Lint", ["Lint.h"], False, ["support"], ["check", "parse", "ast", "spec"]),
    ("cuda", "Cuda", ["InlineAsm.h"], False, ["lint"], ["check", "parse", "ast", "spec", "support"]),
    ("exec", "Exec", [], True, ["spec", "ast", "support"], ["lint", "emit", "parse"]),
    ("capi", "CAPI", ["ptxlint.h"], False, [], ["lint", "cuda", "output", "verify", "registry",
                                                "support"]),
]
REGISTRY_HEADERS = ["Check/RuleSelect.h"]
# Generated or third-party headers a layer includes by file name.
PRIVATE_EXTRA = {
    "spec": {"IsaTables.inc"},
    "parse": {"PTXLexer.h", "PTXParser.h", "antlr4-runtime.h"},
}

INFO = {name: dict(dir=d, pub=p, exp=e, pubdeps=pd, privdeps=vd) for name, d, p, e, pd, vd in LAYERS}
ORDER = [l[0] for l in LAYERS]


def exports(layer, seen=None):
    """Headers a layer's dependents see: its own exports and, through its
    public dependencies, theirs."""
    info = INFO[layer]
    out = {"ptxlint/" + h for h in info["pub"]}
    if layer == "registry":
        out |= set(REGISTRY_HEADERS)
    if info["exp"]:
        out.add(info["dir"] + "/*")
    for d in info["pubdeps"]:
        out |= exports(d)
    return out


def visible(layer):
    info = INFO[layer]
    out = {"ptxlint/" + h for h in info["pub"]} | PRIVATE_EXTRA.get(layer, set())
    if info["dir"]:
        out.add(info["dir"] + "/*")
    for d in info["pubdeps"] + info["privdeps"]:
        out |= exports(d)
    return out


def allowed(header, vis):
    if header in vis:
        return True
    head = header.split("/")[0]
    return "/" in header and head + "/*" in vis and head != "ptxlint"


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield n, m.group(1), m.group(2)


def public_layer(header):
    for name in ORDER:
        if header in INFO[name]["pub"]:
            return name
    return None


def cmake_deps(root):
    """The dependencies cmake/Layers.cmake declares, per layer."""
    text = open(os.path.join(root, "cmake", "Layers.cmake")).read()
    out = {}
    for m in re.finditer(r"^ptxlint_layer\(([^)]*)\)", text, re.M):
        words = m.group(1).split()
        name, mode, deps = words[0], None, {"PUBLIC_DEPS": [], "PRIVATE_DEPS": []}
        for w in words[1:]:
            if w.isupper():
                mode = w
            elif mode in deps:
                deps[mode].append(w)
        out[name] = (deps["PUBLIC_DEPS"], deps["PRIVATE_DEPS"])
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    bad = []
    for i, name in enumerate(ORDER):
        info = INFO[name]
        for d in info["pubdeps"] + info["privdeps"]:
            if ORDER.index(d) >= i:
                bad.append("layer %s depends on %s, which is not below it" % (name, d))
        print("%-8s -> %s" % (name, " ".join(info["pubdeps"] + info["privdeps"]) or "(nothing)"))
    declared = cmake_deps(root)
    for name in ORDER:
        if name == "registry":
            continue
        want = (INFO[name]["pubdeps"], INFO[name]["privdeps"])
        got = declared.get(name)
        if got is None:
            bad.append("cmake/Layers.cmake: no ptxlint_layer(%s ...)" % name)
        elif (sorted(got[0]), sorted(got[1])) != (sorted(want[0]), sorted(want[1])):
            bad.append("cmake/Layers.cmake: %s declares %s, this script %s" % (name, got, want))
    # Every folder of lib/ is a layer.
    lib = os.path.join(root, "lib")
    dirs = {INFO[n]["dir"]: n for n in ORDER if INFO[n]["dir"]}
    for d in sorted(os.listdir(lib)):
        if os.path.isdir(os.path.join(lib, d)) and d not in dirs:
            bad.append("lib/%s is not a layer (add it to cmake/Layers.cmake and here)" % d)
    files = 0
    for d, name in sorted(dirs.items()):
        vis = visible(name)
        folder = os.path.join(lib, d)
        if not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if not f.endswith((".cpp", ".h", ".inc")):
                continue
            files += 1
            rel = "lib/%s/%s" % (d, f)
            for n, kind, h in includes(os.path.join(folder, f)):
                if kind == "<" or h.startswith("llvm/") or h.startswith("llvm-c/"):
                    continue
                if not allowed(h, vis):
                    bad.append("%s:%d: layer %s may not include \"%s\"" % (rel, n, name, h))
    inc = os.path.join(root, "include", "ptxlint")
    for f in sorted(os.listdir(inc)):
        if not f.endswith(".h"):
            continue
        files += 1
        rel = "include/ptxlint/" + f
        owner = public_layer(f)
        if owner is None:
            bad.append("%s: public header of no layer (list it in cmake/Layers.cmake and here)" % rel)
            continue
        vis = visible(owner)
        for n, kind, h in includes(os.path.join(inc, f)):
            if re.match(r"(llvm|llvm-c|antlr4|clang|mlir)[/-]", h) or "antlr" in h.lower():
                bad.append("%s:%d: public header includes \"%s\" (public headers use only the "
                           "C++ standard library)" % (rel, n, h))
            elif kind == '"' and (not h.startswith("ptxlint/") or not allowed(h, vis)):
                bad.append("%s:%d: public header of layer %s may not include \"%s\""
                           % (rel, n, owner, h))
    for b in bad:
        print("error: " + b)
    print("%d files, %d violations" % (files, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
