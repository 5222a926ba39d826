#!/usr/bin/env python3
"""roadtrip's trip statistics next to gpxpy's and GPSBabel's on the real tracks in ../shared.

Usage: python3 Benchmarks/compare-statistics.py [ROADTRIP_BINARY]
  (default binary: .build/release/roadtrip, else .build/debug/roadtrip)

Needs gpxpy from PyPI (`pip install gpxpy`) and, for its column, `gpsbabel` (Debian package).
Prints one table per track: distance, duration, moving time, maximum speed, elevation gain/loss,
as roadtrip (`roadtrip trip stats --json`, every filter off so all three see the same points),
gpxpy 1.6 and GPSBabel 1.8 give them. README.md ("Trip statistics against gpxpy and GPSBabel")
explains the differences.
"""
import json
import os
import shutil
import subprocess
import sys

import gpxpy

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "fixtures", "triplogs")
TRACKS = [
    "tkrajina__gpxpy/test_files/cerknicko-jezero.gpx",
    "georust__gpx/tests/fixtures/garmin-activity.gpx",
    "gpxstudio__gpx.studio/gpx/test-data/with_tracks_and_segments.gpx",
]
# Every filter off (a huge distanceFilter of 0 keeps all; the others need explicit large values).
NO_FILTERS = ["--desired-accuracy", "1e9", "--distance-filter", "0", "--maximum-age", "1e9",
              "--maximum-speed", "1e9", "--gap-time", "1e9", "--gap-distance", "1e9"]


def roadtrip(binary, path):
    out = subprocess.run([binary, "trip", "stats", path, "--json"] + NO_FILTERS, capture_output=True, text=True)
    if out.returncode != 0:
        return None
    s = json.loads(out.stdout)
    return {"distance m": s.get("distance"), "duration s": s.get("duration"), "moving s": s.get("movingTime"),
            "max speed m/s": s.get("maximumSpeed"), "raw max m/s": s.get("rawMaximumSpeed"),
            "gain m": s.get("elevationGain"), "loss m": s.get("elevationLoss")}


def gpxpy_figures(path):
    with open(path, encoding="utf-8") as handle:
        gpx = gpxpy.parse(handle)
    moving = gpx.get_moving_data()
    up = gpx.get_uphill_downhill()
    bounds = gpx.get_time_bounds()
    duration = (bounds.end_time - bounds.start_time).total_seconds() if bounds.start_time else None
    return {"distance m": gpx.length_2d(), "duration s": duration, "moving s": moving.moving_time if moving else None,
            "max speed m/s": moving.max_speed if moving else None, "raw max m/s": None,
            "gain m": up.uphill, "loss m": up.downhill}


def gpsbabel_figures(path):
    """GPSBabel prints no statistics. Its `track,speed` filter computes each point's speed from the
    previous point of its track (great-circle distance on a sphere / Δt); the distance it implies is
    the sum of speed × Δt within each track, and its maximum is the largest of those speeds."""
    if not shutil.which("gpsbabel"):
        return None
    from datetime import datetime
    out = subprocess.run(["gpsbabel", "-t", "-i", "gpx", "-f", path, "-x", "track,speed",
                          "-o", "unicsv", "-F", "-"], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    lines = out.stdout.strip().splitlines()
    header = [h.strip() for h in lines[0].split(",")]
    if "Speed" not in header or "Date" not in header:
        return None
    speed_i, date_i, time_i = header.index("Speed"), header.index("Date"), header.index("Time")
    distance, maximum, previous = 0.0, 0.0, None
    for line in lines[1:]:
        cells = line.split(",")
        when = datetime.strptime(cells[date_i] + " " + cells[time_i].split(".")[0], "%Y/%m/%d %H:%M:%S")
        speed = float(cells[speed_i])
        if previous is not None and speed > 0:
            distance += speed * (when - previous).total_seconds()
        maximum = max(maximum, speed)
        previous = when
    return {"distance m": distance, "duration s": None, "moving s": None, "max speed m/s": maximum,
            "raw max m/s": None, "gain m": None, "loss m": None}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else next(
        (b for b in [os.path.join(HERE, "..", ".build", c, "roadtrip") for c in ("release", "debug")] if os.access(b, os.X_OK)), None)
    if not binary or not os.path.isdir(SHARED):
        print("needs a built roadtrip (swift build -c release) and ../shared/fixtures/triplogs beside the repository",
              file=sys.stderr)
        return 2
    for track in TRACKS:
        path = os.path.join(SHARED, track)
        if not os.path.exists(path):
            continue
        columns = [("roadtrip", roadtrip(binary, path)), ("gpxpy", gpxpy_figures(path)), ("GPSBabel", gpsbabel_figures(path))]
        print(f"\n{track}")
        print(f"{'':16}" + "".join(f"{name:>14}" for name, _ in columns))
        for key in ["distance m", "duration s", "moving s", "max speed m/s", "raw max m/s", "gain m", "loss m"]:
            cells = []
            for _, figures in columns:
                value = figures.get(key) if figures else None
                cells.append(f"{value:14.2f}" if isinstance(value, (int, float)) else f"{'—':>14}")
            print(f"{key:16}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
