"""Rewrites the `import RoadTrip<Floor>` lines of every Swift file of roadtrip's library floors so
that each file imports exactly the floors whose names it uses (grep-level, see swiftscan.py), in
pipeline order, after its other imports.
usage: python3 imports.py [--check]   (--check: print the files that would change, exit 1 if any)
A floor is Sources/RoadTrip<Floor>/, one SwiftPM target each.
Extension members used on values (not through a type name) are not seen; the compiler names the
import such a file still needs, and this script keeps an import marked `// uses extension members`."""
import os, re, sys, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiftscan, assign

SOURCES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources"))
ORDER = ["RoadTrip" + t for t in assign.ORDER]
IMPORT = re.compile(r"^(?:@\w+\s+)?(?:(?:public|package|internal)\s+)?import\s+(\w+)\s*(//.*)?$")

def floor_of(rel):
    first = rel.split(os.sep)[0]
    return first if first in ORDER else None

texts = {}
for d, _, fs in os.walk(SOURCES):
    for f in fs:
        if f.endswith(".swift"):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, SOURCES)
            if floor_of(rel):
                texts[rel] = open(p, encoding="utf-8").read()
top, members, stripped = collections.defaultdict(set), collections.defaultdict(set), {}
for rel, text in texts.items():
    s, ds = swiftscan.parse_file(rel, text)
    stripped[rel] = s
    for x in ds:
        if x["access"] in ("private", "fileprivate"):
            continue
        if x["top"] and x["kind"] != "extension":
            top[x["name"]].add(floor_of(rel))
        if x["container"] and x["kind"] != "case":
            members[(x["container"].split(".")[-1], x["name"])].add(floor_of(rel))

changed = []
for rel, text in sorted(texts.items()):
    own = floor_of(rel)
    need = set()
    for (line, w, dot, q) in swiftscan.identifiers(stripped[rel]):
        if not dot and w in top and w not in swiftscan.KEYWORDS:
            floors = top[w]
        elif dot and q:
            floors = members.get((q, w), set())
        else:
            continue
        if own in floors:
            continue  # declared in the file's own floor (an overload elsewhere does not count)
        need |= {f for f in floors if ORDER.index(f) < ORDER.index(own)}
    lines = text.split("\n")
    head, i = [], 0
    while i < len(lines) and (lines[i].strip() == "" or IMPORT.match(lines[i])):
        head.append(lines[i]); i += 1
    kept, marked = [], set()
    for l in head:
        m = IMPORT.match(l)
        if not m:
            continue
        if m.group(1) in ORDER:
            if m.group(2) and "extension members" in m.group(2):
                marked.add(m.group(1))
            continue
        kept.append(l)
    floors = [f for f in ORDER if f in need or f in marked]
    new_head = kept + [f"import {f}" + ("  // uses extension members" if f in marked and f not in need else "") for f in floors]
    new = "\n".join(new_head + ([""] if new_head else []) + lines[i:])
    if new != text:
        changed.append(rel)
        if "--check" not in sys.argv:
            open(os.path.join(SOURCES, rel), "w", encoding="utf-8").write(new)
for rel in changed:
    print(rel)
print(f"{len(changed)} file(s) {'would change' if '--check' in sys.argv else 'changed'}", file=sys.stderr)
sys.exit(1 if changed and "--check" in sys.argv else 0)
