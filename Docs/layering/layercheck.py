"""Layering check for the RoadTripKit split (grep-level, no compiler).
usage: python3 layercheck.py [ROOT]   (default ROOT: Sources/RoadTripKit)
Files under ROOT/RoadTrip<Target>/... are assigned to <Target> by their first path component
(the layout after step 1 of PLAN.md); other paths use the table in assign.py (the layout before it,
including the line-range splits). Prints every use of a top-level name or a Type.member declared
in a higher target, and exits 1 if there is any.
Since every floor became a SwiftPM target of its own (PLAN.md, status), the compiler enforces this
and Sources/RoadTripKit holds only the umbrella's re-exports: the script is kept for the plan's
record and for scanning a tree of the old layout."""
import os, sys, json, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiftscan, assign

ROOT = os.path.normpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "RoadTripKit"))
R = assign.RANK

def target_of(rel, line):
    first = rel.split("/")[0]
    if first.startswith("RoadTrip") and first[8:] in R:
        return first[8:]
    return assign.target_of(rel, line)

texts = {}
for d, _, fs in os.walk(ROOT):
    for f in fs:
        if f.endswith(".swift"):
            p = os.path.join(d, f)
            texts[os.path.relpath(p, ROOT)] = open(p, encoding="utf-8").read()
decls, stripped = [], {}
for rel, text in texts.items():
    if rel.split("/")[0] in ("Exports.swift",):
        continue
    s, ds = swiftscan.parse_file(rel, text)
    stripped[rel] = s
    for x in ds:
        x["target"] = target_of(rel, x["line"])
    decls += ds
top = collections.defaultdict(list)
members = collections.defaultdict(list)
for x in decls:
    if x["top"] and x["kind"] != "extension" and x["access"] not in ("private", "fileprivate"):
        top[x["name"]].append(x)
    if x["container"] and x["kind"] != "case":
        members[(x["container"].split(".")[-1], x["name"])].append(x)
hits = set()
for rel, s in stripped.items():
    for (line, w, dot, q) in swiftscan.identifiers(s):
        tu = target_of(rel, line)
        cands = []
        if not dot and w in top and w not in swiftscan.KEYWORDS:
            cands = [x for x in top[w] if not (x["file"] == rel and x["target"] == tu)]
        elif dot and q:
            cands = [x for x in members.get((q, w), []) if x["file"] != rel or x["target"] != tu]
        for x in cands:
            if R[x["target"]] > R[tu]:
                hits.add((R[tu], rel, line, (q + "." if dot and q else "") + w, x["target"], f'{x["file"]}:{x["line"]}'))
for h in sorted(hits):
    print(f"{assign.ORDER[h[0]]}\t{h[1]}:{h[2]}\t{h[3]}\t-> {h[4]} ({h[5]})")
print(f"{len(hits)} upward reference(s)", file=sys.stderr)
sys.exit(1 if hits else 0)
