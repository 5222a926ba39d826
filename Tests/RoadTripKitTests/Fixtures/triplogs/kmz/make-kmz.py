#!/usr/bin/env python3
"""Writes the KMZ fixtures beside this script (deterministic: fixed dates, deflate level 9).

A KMZ is a zip archive whose main document is the first .kml file at its root, usually doc.kml
(Google's KML reference, "KMZ Files"); the images a document uses sit beside it. No real KMZ
with a licence that allows copying was found, so these are made from the OpenTracks KML fixture
(../kml/kml22_order_location_and_when.kml, Apache-2.0) the way Google Earth and OpenTracks zip a
KML: doc.kml first, then its images.
"""
import pathlib, zipfile

here = pathlib.Path(__file__).resolve().parent
kml = (here.parent / "kml" / "kml22_order_location_and_when.kml").read_bytes()
empty_kml = b'<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>\n'
png = bytes.fromhex("89504e470d0a1a0a")  # a PNG signature standing in for an image the document uses

def write(name, entries):
    with zipfile.ZipFile(here / name, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for entry, data in entries:
            info = zipfile.ZipInfo(entry, date_time=(2024, 6, 1, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)

write("opentracks.kmz", [("doc.kml", kml), ("images/track.png", png)])
write("root-document-first.kmz", [("notes.txt", b"not a document\n"), ("overlays/empty.kml", empty_kml), ("doc.kml", kml)])
write("document-in-folder.kmz", [("files/track.kml", kml)])
write("no-document.kmz", [("readme.txt", b"hello\n"), ("images/a.png", png)])
bad_when = b"""<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>
<when>2024-06-01T07:00:00Z</when><gx:coord>8.5 47.25 400</gx:coord>
<when>yesterday</when><gx:coord>8.5 47.5 401</gx:coord>
</gx:Track></Placemark></kml>
"""
write("bad-when.kmz", [("doc.kml", bad_when)])
(here / "cut-short.kmz").write_bytes((here / "opentracks.kmz").read_bytes()[:200])
