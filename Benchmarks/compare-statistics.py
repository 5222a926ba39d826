#!/usr/bin/env python3
"""roadtrip's trip statistics next to gpxpy's and GPSBabel's on every real log in ../shared.

Usage: python3 Benchmarks/compare-statistics.py [ROADTRIP_BINARY]
  (default binary: .build/release/roadtrip, else .build/debug/roadtrip)

Needs gpxpy from PyPI (`pip install gpxpy`) and, for its column and for the logs gpxpy cannot read,
`gpsbabel` (Debian package). Every GPX under ../shared/fixtures/triplogs/, GPSBabel's NMEA reference
track, and the repository's KML and TCX fixtures: a log that is not GPX is converted to GPX with
GPSBabel (`-i nmea|kml|gtrnctr -o gpx`) for gpxpy's column and for GPSBabel's own. Prints one table
per log: distance, duration, moving time, maximum speed, elevation gain/loss, as roadtrip
(`roadtrip trip stats --json`, every filter off so all three see the same points), gpxpy 1.6 and
GPSBabel 1.8 give them, and marks with `*` a figure that differs from roadtrip's by more than 1 %.
README.md ("Checked against other tools") explains every such difference.
"""
import json
import os
import shutil
import subprocess
import sys

import gpxpy

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "fixtures", "triplogs")
FIXTURES = os.path.join(HERE, "..", "Tests", "RoadTripKitTests", "Fixtures", "triplogs")
# Logs that are not GPX, with GPSBabel's name for their format.
OTHER_LOGS = [
    (os.path.join(SHARED, "gpsbabel__gpsbabel/reference/track/nmea"), "nmea"),
    (os.path.join(FIXTURES, "kml/kml22_order_location_and_when.kml"), "kml"),
    (os.path.join(FIXTURES, "tcx/sup_activity_1.tcx"), "gtrnctr"),
]
# Every filter off (a huge distanceFilter of 0 keeps all; the others need explicit large values).
NO_FILTERS = ["--desired-accuracy", "off", "--distance-filter", "off", "--maximum-age", "off",
              "--maximum-speed", "off", "--gap-time", "off", "--gap-distance", "off",
              "--desired-vertical-accuracy", "off", "--maximum-vertical-speed", "off"]


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


def as_gpx(path, babel_format):
    """`path` converted to GPX by GPSBabel (a temporary file), or None without GPSBabel."""
    if not shutil.which("gpsbabel"):
        return None
    import tempfile
    target = tempfile.NamedTemporaryFile(suffix=".gpx", delete=False).name
    out = subprocess.run(["gpsbabel", "-t", "-i", babel_format, "-f", path, "-o", "gpx", "-F", target],
                         capture_output=True, text=True)
    return target if out.returncode == 0 else None


def differs(value, reference):
    """Whether `value` differs from roadtrip's `reference` by more than 1 %."""
    if not isinstance(value, (int, float)) or not isinstance(reference, (int, float)):
        return False
    if reference == 0:
        return abs(value) > 1e-9
    return abs(value / reference - 1) > 0.01


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else next(
        (b for b in [os.path.join(HERE, "..", ".build", c, "roadtrip") for c in ("release", "debug")] if os.access(b, os.X_OK)), None)
    if not binary or not os.path.isdir(SHARED):
        print("needs a built roadtrip (swift build -c release) and ../shared/fixtures/triplogs beside the repository",
              file=sys.stderr)
        return 2
    logs = []
    for folder, _, names in sorted(os.walk(SHARED)):
        logs += [(os.path.join(folder, name), None) for name in sorted(names) if name.endswith(".gpx")]
    logs += [(path, babel) for path, babel in OTHER_LOGS if os.path.exists(path)]
    for path, babel in logs:
        gpx = path if babel is None else as_gpx(path, babel)
        try:
            reference = gpxpy_figures(gpx) if gpx else None
        except Exception as error:  # gpxpy cannot read it
            reference = {"error": str(error)}
        columns = [("roadtrip", roadtrip(binary, path)), ("gpxpy", reference),
                   ("GPSBabel", gpsbabel_figures(gpx) if gpx else None)]
        print(f"\n{os.path.relpath(path, os.path.join(HERE, '..', '..'))}")
        print(f"{'':16}" + "".join(f"{name:>15}" for name, _ in columns))
        ours = columns[0][1] or {}
        for key in ["distance m", "duration s", "moving s", "max speed m/s", "raw max m/s", "gain m", "loss m"]:
            cells = []
            for name, figures in columns:
                value = figures.get(key) if figures else None
                mark = "*" if name != "roadtrip" and differs(value, ours.get(key)) else " "
                cells.append(f"{value:14.2f}{mark}" if isinstance(value, (int, float)) else f"{'—':>14} ")
            print(f"{key:16}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
