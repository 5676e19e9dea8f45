#!/usr/bin/env python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schema next to this file
(python3-jsonschema), then checks what the schema cannot say and ptx-lint
promises: an https helpUri on every rule that has one, help.markdown,
invocations, ruleIndex agreeing with ruleId, uriBaseId resolving through
originalUriBaseIds. Prints "ok" or each problem; exit 1 on any problem."""

import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))


def extra_checks(log):
    errs = []
    for r, run in enumerate(log["runs"]):
        rules = run["tool"]["driver"].get("rules", [])
        for i, rule in enumerate(rules):
            uri = rule.get("helpUri")
            if uri is not None and not uri.startswith("https://"):
                errs.append("runs[%d].rules[%d] (%s): helpUri is not https: %s"
                            % (r, i, rule["id"], uri))
            if not rule.get("help", {}).get("markdown"):
                errs.append("runs[%d].rules[%d] (%s): no help.markdown" % (r, i, rule["id"]))
        if not run.get("invocations"):
            errs.append("runs[%d]: no invocations" % r)
        bases = run.get("originalUriBaseIds", {})
        for k, res in enumerate(run.get("results", [])):
            idx = res.get("ruleIndex")
            if idx is not None and (idx >= len(rules) or rules[idx]["id"] != res.get("ruleId")):
                errs.append("runs[%d].results[%d]: ruleIndex and ruleId disagree" % (r, k))
            for loc in res.get("locations", []):
                base = loc["physicalLocation"]["artifactLocation"].get("uriBaseId")
                if base is not None and base not in bases:
                    errs.append("runs[%d].results[%d]: uriBaseId %s not in originalUriBaseIds"
                                % (r, k, base))
    return errs


def main(paths):
    with open(os.path.join(HERE, "sarif-schema-2.1.0.json"), encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        errs = ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(root)", e.message)
                for e in sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))]
        if not errs:
            errs = extra_checks(log)
        for e in errs[:20]:
            print("invalid SARIF: %s: %s" % (path, e))
        bad += bool(errs)
    if not bad:
        print("ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
