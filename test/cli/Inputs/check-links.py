"""Checks the relative markdown links of the given files (for doc-links.test).
Usage: check-links.py SOURCE_ROOT FILE...   Exit 1 listing every broken link."""
import os
import re
import sys

root = sys.argv[1]
broken = []
for rel in sys.argv[2:]:
    path = os.path.join(root, rel)
    text = open(path, encoding="utf-8").read()
    # Drop fenced code blocks: their brackets are PTX, not links.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
        if not os.path.exists(dest):
            broken.append("%s: %s (no such file)" % (rel, target))
            continue
        if anchor and dest.endswith(".md"):
            headings = re.findall(r"^#+\s+(.*)$", open(dest, encoding="utf-8").read(), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            if anchor not in slugs:
                broken.append("%s: %s (no heading for #%s)" % (rel, target, anchor))
print("\n".join(broken) if broken else "all links resolve")
sys.exit(1 if broken else 0)
