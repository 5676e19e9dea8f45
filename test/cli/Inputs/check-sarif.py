#!/usr/bin/env python3
"""Checks a SARIF log against the SARIF 2.1.0 rules ptx-lint's output relies
on (the schema's required properties, types, enumerations and minimums for
the objects ptx-lint writes, and the cross-references: ruleIndex, artifact
index, uriBaseId), and ptx-lint's own promises (helpUri is https, fixes
say what they do). Prints "ok" or the first violation and exits 1.

Usage: check-sarif.py LOG.sarif
"""
import json
import sys

LEVELS = {"none", "note", "warning", "error"}


class Bad(Exception):
    pass


def need(cond, where, what):
    if not cond:
        raise Bad("%s: %s" % (where, what))


def obj(v, where, required=(), allowed=None):
    need(isinstance(v, dict), where, "must be an object")
    for k in required:
        need(k in v, where, "missing required property '%s'" % k)
    if allowed is not None:
        for k in v:
            need(k in allowed, where, "property '%s' is not in the SARIF 2.1.0 schema here" % k)
    return v


def string(v, where):
    need(isinstance(v, str), where, "must be a string")


def integer(v, where, minimum):
    need(isinstance(v, int) and not isinstance(v, bool) and v >= minimum, where,
         "must be an integer >= %d" % minimum)


def message(v, where):
    obj(v, where, ("text",), {"text", "markdown", "id", "arguments", "properties"})
    string(v["text"], where + ".text")


def region(v, where):
    obj(v, where, (), {"startLine", "startColumn", "endLine", "endColumn", "charOffset",
                       "charLength", "byteOffset", "byteLength", "snippet", "message",
                       "sourceLanguage", "properties"})
    for k in ("startLine", "startColumn", "endLine", "endColumn"):
        if k in v:
            integer(v[k], where + "." + k, 1)
    need("startLine" in v or "charOffset" in v or "byteOffset" in v, where,
         "a region needs startLine, charOffset or byteOffset")


def artifact_location(v, where, base_ids, n_artifacts):
    obj(v, where, (), {"uri", "uriBaseId", "index", "description", "properties"})
    if "uri" in v:
        string(v["uri"], where + ".uri")
    if "uriBaseId" in v:
        need(v["uriBaseId"] in base_ids, where, "uriBaseId '%s' is not in originalUriBaseIds"
             % v["uriBaseId"])
        need(not v["uri"].startswith("/") and "://" not in v["uri"], where,
             "a uri with a uriBaseId must be relative")
    if "index" in v:
        integer(v["index"], where + ".index", -1)
        need(v["index"] < n_artifacts, where, "index beyond the artifacts array")


def check(log):
    obj(log, "log", ("version", "runs"), {"$schema", "version", "runs", "inlineExternalProperties",
                                          "properties"})
    need(log["version"] == "2.1.0", "log.version", "must be 2.1.0")
    need(isinstance(log["runs"], list), "log.runs", "must be an array")
    for ri, run in enumerate(log["runs"]):
        w = "runs[%d]" % ri
        obj(run, w, ("tool",))
        driver = obj(obj(run["tool"], w + ".tool", ("driver",))["driver"], w + ".tool.driver",
                     ("name",))
        string(driver["name"], w + ".tool.driver.name")
        rules = driver.get("rules", [])
        ids = set()
        for i, rule in enumerate(rules):
            rw = "%s.tool.driver.rules[%d]" % (w, i)
            obj(rule, rw, ("id",), {"id", "name", "shortDescription", "fullDescription", "help",
                                    "helpUri", "defaultConfiguration", "properties",
                                    "messageStrings", "deprecatedIds", "guid", "relationships"})
            need(rule["id"] not in ids, rw, "duplicate rule id")
            ids.add(rule["id"])
            for m in ("shortDescription", "fullDescription", "help"):
                if m in rule:
                    message(rule[m], rw + "." + m)
            if "helpUri" in rule:
                need(rule["helpUri"].startswith("https://"), rw + ".helpUri", "must be an https URI")
            if "defaultConfiguration" in rule:
                need(rule["defaultConfiguration"].get("level", "warning") in LEVELS, rw,
                     "bad defaultConfiguration.level")
        for i, inv in enumerate(run.get("invocations", [])):
            obj(inv, "%s.invocations[%d]" % (w, i), ("executionSuccessful",))
            need(isinstance(inv["executionSuccessful"], bool), w, "executionSuccessful: bool")
        base_ids = set()
        for k, v in run.get("originalUriBaseIds", {}).items():
            obj(v, "%s.originalUriBaseIds.%s" % (w, k), ("uri",))
            need(v["uri"].endswith("/"), w, "a base URI must end with '/'")
            base_ids.add(k)
        arts = run.get("artifacts", [])
        for i, a in enumerate(arts):
            artifact_location(obj(a, "%s.artifacts[%d]" % (w, i))["location"],
                              "%s.artifacts[%d].location" % (w, i), base_ids, len(arts))
        if "columnKind" in run:
            need(run["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints"), w, "columnKind")
        for i, res in enumerate(run.get("results", [])):
            rw = "%s.results[%d]" % (w, i)
            obj(res, rw, ("message",))
            message(res["message"], rw + ".message")
            need(res.get("level", "warning") in LEVELS, rw, "bad level")
            if "ruleIndex" in res:
                integer(res["ruleIndex"], rw + ".ruleIndex", -1)
                need(rules[res["ruleIndex"]]["id"] == res.get("ruleId"), rw,
                     "ruleIndex and ruleId disagree")
            for j, loc in enumerate(res.get("locations", []) + res.get("relatedLocations", [])):
                lw = "%s.location[%d]" % (rw, j)
                pl = obj(loc, lw)["physicalLocation"]
                artifact_location(pl["artifactLocation"], lw + ".artifactLocation", base_ids,
                                  len(arts))
                if "region" in pl:
                    region(pl["region"], lw + ".region")
            for j, fix in enumerate(res.get("fixes", [])):
                fw = "%s.fixes[%d]" % (rw, j)
                obj(fix, fw, ("artifactChanges",), {"description", "artifactChanges",
                                                     "properties"})
                if "description" in fix:
                    message(fix["description"], fw + ".description")
                    need(fix["description"]["text"] != "apply fix-it", fw,
                         "the description should say what the fix does")
                need(len(fix["artifactChanges"]) >= 1, fw, "needs an artifactChange")
                for k, ch in enumerate(fix["artifactChanges"]):
                    cw = "%s.artifactChanges[%d]" % (fw, k)
                    obj(ch, cw, ("artifactLocation", "replacements"))
                    artifact_location(ch["artifactLocation"], cw, base_ids, len(arts))
                    need(len(ch["replacements"]) >= 1, cw, "needs a replacement")
                    for rep in ch["replacements"]:
                        region(obj(rep, cw, ("deletedRegion",))["deletedRegion"], cw)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        log = json.load(f)
    try:
        check(log)
    except (Bad, KeyError, TypeError, IndexError) as e:
        print("invalid SARIF: %s" % e)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
