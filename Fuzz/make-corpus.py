#!/usr/bin/env python3
"""Fills Fuzz/Corpus/<harness>/ with seeds made from the project's own files (run from anywhere):
the test fixtures (Tests/RoadTripKitTests/Fixtures, with their copy of the bad inputs), the sample
site (Destinations/), the default theme's layouts and the Mustache spec's templates. Only files of
the repository: ../shared/fixtures holds trip logs that must not be copied into it (GPSBabel's are
GPL-2.0, see its PROVENANCE.md), and a seed is a copy.

Seeds are kept small (a long file is cut to its first lines, closed again where the format needs
it) so that the whole Fuzz/Corpus stays under 2 MB and libFuzzer's default -max_len stays short.
Each seed is named after its source; running the script again rewrites the same files. It never
removes a file, so the seeds written by hand for what no fixture holds (named `hand-*`) and the
minimised crashes kept as regression seeds (named `regression-*`) stay.
"""
import json
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
FIXTURES = ROOT / "Tests" / "RoadTripKitTests" / "Fixtures"
MAX_BYTES = 12_000  # per seed


def seed(harness, name, data):
    folder = CORPUS / harness
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (folder / name.replace("/", "_")).write_bytes(data)


def head(path, max_bytes=MAX_BYTES):
    """The file's first whole lines, at most max_bytes."""
    data = path.read_bytes()
    if len(data) <= max_bytes:
        return data
    cut = data.rfind(b"\n", 0, max_bytes)
    return data[: cut + 1 if cut > 0 else max_bytes]


def files(folder, *patterns):
    if not folder.is_dir():
        return []
    found = set()
    for pattern in patterns:
        found.update(p for p in folder.rglob(pattern) if p.is_file())
    return sorted(found)


def gpx_head(path):
    """A GPX cut to about MAX_BYTES at a point's end, with its open elements closed again."""
    data = path.read_bytes()
    if len(data) <= MAX_BYTES:
        return data
    for end_tag in (b"</trkpt>", b"</rtept>", b"</wpt>"):
        cut = data.rfind(end_tag, 0, MAX_BYTES)
        if cut > 0:
            body = data[: cut + len(end_tag)]
            closing = {b"</trkpt>": b"\n</trkseg></trk></gpx>\n", b"</rtept>": b"\n</rte></gpx>\n",
                       b"</wpt>": b"\n</gpx>\n"}[end_tag]
            return body + closing
    return data[:MAX_BYTES]


def exif_blocks(jpeg):
    """The payload of each APP1 'Exif' segment of a JPEG ('Exif\\0\\0' + TIFF), as libexif loads it."""
    data = jpeg.read_bytes()
    blocks = []
    index = 2
    while data[:2] == b"\xff\xd8" and index + 4 <= len(data) and data[index] == 0xFF:
        marker = data[index + 1]
        if marker in (0xD9, 0xDA):
            break
        (length,) = struct.unpack(">H", data[index + 2 : index + 4])
        payload = data[index + 4 : index + 2 + length]
        if marker == 0xE1 and payload.startswith(b"Exif\0\0"):
            blocks.append(payload)
        index += 2 + length
    return blocks


def main():
    bad_inputs = [FIXTURES / "bad-inputs"]

    for path in files(ROOT / "Destinations", "index.md") + [p for d in bad_inputs for p in files(d, "*.md")]:
        seed("front-matter", f"{path.parent.name}-{path.name}", head(path))
    for path in files(ROOT / "Destinations", "site.yaml"):
        seed("site-yaml", path.name, head(path))
    for path in files(ROOT / "Destinations", "*.yaml"):
        if path.name != "site.yaml":
            seed("sidecar", f"{path.parent.name}-{path.name}", head(path))
    for path in files(ROOT / "Destinations", "pois.json") + [p for d in bad_inputs for p in files(d, "pois-*.json")]:
        seed("pois-json", f"{path.parent.name}-{path.name}", head(path))
    plists = files(ROOT / "Destinations", "*.plist") + files(FIXTURES / "content", "*.plist")
    plists += [p for d in bad_inputs for p in files(d, "plist-*.plist")]
    for path in plists:
        seed("plist", f"{path.parent.name}-{path.name}", head(path))

    layouts = files(ROOT / "Themes" / "default" / "layouts", "*.mustache")
    for path in layouts + [p for d in bad_inputs for p in files(d, "template-*.mustache")]:
        seed("mustache", f"{path.parent.name}-{path.name}", head(path))
    for spec in files(FIXTURES / "mustache-spec", "*.json"):
        if spec.name.startswith("~lambdas"):
            continue
        for number, test in enumerate(json.loads(spec.read_text())["tests"]):
            seed("mustache", f"spec-{spec.stem.lstrip('~')}-{number}", test["template"])

    gpx = files(FIXTURES / "triplogs" / "gpx", "*.gpx")
    gpx += [p for d in bad_inputs for p in files(d, "gpx-*.gpx")]
    for path in gpx:
        seed("gpx", path.name, gpx_head(path))
    for path in [p for d in bad_inputs for p in files(d, "*.nmea")]:
        seed("nmea", f"{path.parent.name}-{path.name}", head(path))
    # KML and TCX are cut at a line boundary without closing their elements: a file cut short is an
    # input the readers must handle (they keep the points read before the cut).
    for path in files(FIXTURES / "triplogs" / "kml", "*.kml"):
        seed("kml", path.name, head(path))
    # KMZ seeds are whole zip archives (bytes: a zip cut short loses its central directory).
    for path in files(FIXTURES / "triplogs" / "kmz", "*.kmz"):
        seed("kmz", path.name, path.read_bytes())
    for path in files(FIXTURES / "triplogs" / "tcx", "*.tcx"):
        seed("tcx", path.name, head(path, 6000))
    for harness, sources in [("triplog-sniffed", gpx[:4] + files(FIXTURES / "triplogs" / "kml", "*.kml")
                              + [p for d in bad_inputs for p in files(d, "*.nmea")])]:
        for path in sources:
            seed(harness, path.name, head(path, 4000))
    for path in files(FIXTURES / "triplogs" / "csv", "opentracks*.csv"):
        seed("csv-opentracks", path.name, head(path))

    recording = FIXTURES / "triplogs" / "csv" / "sensorlogger-2023-03-17_15-50-47"
    seed("csv-sensorlogger", "Location.csv", head(recording / "Location.csv", 4000))
    for path in [p for d in bad_inputs for p in files(d, "csv-*.csv")]:
        seed("csv-sensorlogger", path.name, head(path))
    parts = []
    for name in ["Location.csv", "TotalAcceleration.csv", "Accelerometer.csv", "Gravity.csv"]:
        source = recording / name
        parts.append(head(source, 1500) if source.exists() else b"")
    compass = b"time,seconds_elapsed,magneticBearing\n1679068248793000000,1.594,359.5\n1679068249793000000,2.594,0.5\n"
    seed("sensorlogger-recording", "total-acceleration", b"\0".join(parts[:2] + [b"", b"", compass]))
    seed("sensorlogger-recording", "accelerometer-and-gravity", b"\0".join([parts[0], b"", parts[2], parts[3], compass]))

    for path in files(FIXTURES / "contacts", "*.vcf") + files(ROOT / "Destinations", "*.vcf"):
        seed("vcard", f"{path.parent.name}-{path.name}", head(path))
    for path in files(FIXTURES / "photos", "*.jpg"):
        for number, block in enumerate(exif_blocks(path)):
            seed("exif", f"{path.stem}-{number}", block)

    total = sum(p.stat().st_size for p in CORPUS.rglob("*") if p.is_file())
    print(f"make-corpus: {sum(1 for p in CORPUS.rglob('*') if p.is_file())} seeds, {total:,} bytes in {CORPUS}")
    if total > 2_000_000:
        sys.exit("make-corpus: the corpus is over 2 MB; cut MAX_BYTES")


main()
