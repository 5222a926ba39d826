#!/usr/bin/env python3
"""Independent reference for roadtrip's distanceFilter (DESIGN §4.2), next to GPSBabel and gpxpy.

Usage: python3 Benchmarks/filter-reference.py [GPX] [DISTANCE_M]
  (defaults: <project>/../shared/fixtures/triplogs/tkrajina__gpxpy/test_files/cerknicko-jezero.gpx, 10)

Needs pyproj and gpxpy from PyPI (`pip install pyproj gpxpy`); runs `gpsbabel` (Debian package
gpsbabel) when it is on PATH. Prints one line per tool: how many track points each keeps.

DESIGN's rule, reimplemented here with pyproj's Geod (Karney's geodesic on WGS 84): within each
source track segment, in time order, keep a point when its geodesic distance from the last KEPT
point is >= the threshold; the first point of every segment is kept (nothing is measured across a
segment break). Every other filter is off.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import gpxpy
import pyproj

HERE = os.path.dirname(os.path.abspath(__file__))
# The project's ../shared (issue 4), else the shared folder of the development machine.
DEFAULT_GPX = os.path.join(HERE, "..", "..", "shared", "fixtures", "triplogs", "tkrajina__gpxpy",
                           "test_files", "cerknicko-jezero.gpx")
if not os.path.exists(DEFAULT_GPX):
    DEFAULT_GPX = "/work/shared/fixtures/triplogs/tkrajina__gpxpy/test_files/cerknicko-jezero.gpx"


def segments(path):
    with open(path, encoding="utf-8") as handle:
        gpx = gpxpy.parse(handle)
    return gpx, [[(p.latitude, p.longitude, p.time) for p in s.points]
                 for t in gpx.tracks for s in t.segments if s.points]


def design_rule(segs, threshold):
    geod = pyproj.Geod(ellps="WGS84")
    kept = 0
    for seg in segs:
        seg = sorted(seg, key=lambda p: p[2])  # stable; times are strictly increasing here anyway
        last = None
        for lat, lon, _ in seg:
            if last is not None:
                _, _, distance = geod.inv(last[1], last[0], lon, lat)
                if distance < threshold:
                    continue
            kept += 1
            last = (lat, lon)
    return kept


def gpsbabel_rule(segs, threshold):
    """GPSBabel 1.8 position.cc on a track: drop while great-circle distance on a sphere of radius
    6378137 m (grtcirc.cc) is <= the threshold from the last kept point; per track."""
    import math
    kept = 0
    for seg in segs:
        last = None
        for lat, lon, _ in seg:
            if last is not None:
                p1, p2 = math.radians(last[0]), math.radians(lat)
                dl = math.radians(lon - last[1])
                # haversine, as gcdist does
                a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
                distance = 2 * math.asin(min(1, math.sqrt(a))) * 6378137.0
                if distance <= threshold:
                    continue
            kept += 1
            last = (lat, lon)
    return kept


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_GPX
    threshold = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    gpx, segs = segments(path)
    total = sum(len(s) for s in segs)
    print(f"input: {os.path.basename(path)}: {total} track points in {len(segs)} non-empty segments")
    print(f"pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str}), gpxpy {gpxpy.__version__}")
    print(f"DESIGN rule (pyproj Geod WGS84, keep at >= {threshold:g} m): {design_rule(segs, threshold)} kept")
    print(f"GPSBabel's rule reimplemented (sphere, drop at <= {threshold:g} m): "
          f"{gpsbabel_rule(segs, threshold)} kept")
    gpx.reduce_points(min_distance=threshold)
    print(f"gpxpy reduce_points(min_distance={threshold:g}): "
          f"{sum(len(s.points) for t in gpx.tracks for s in t.segments)} kept")
    if shutil.which("gpsbabel"):
        version = subprocess.run(["gpsbabel", "-V"], capture_output=True, text=True).stdout.strip()
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.gpx")
            for unit in ("m", ""):
                subprocess.run(["gpsbabel", "-i", "gpx", "-f", path, "-x", f"position,distance={threshold:g}{unit}",
                                "-o", "gpx", "-F", out], check=True)
                with open(out, encoding="utf-8") as handle:
                    count = handle.read().count("<trkpt")
                label = f"distance={threshold:g}{unit}" + ("" if unit else " (feet: GPSBabel's default unit)")
                print(f"{version}: -x position,{label}: {count} kept")


if __name__ == "__main__":
    main()
