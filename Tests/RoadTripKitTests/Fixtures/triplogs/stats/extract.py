#!/usr/bin/env python3
"""Extracts the statistics fixtures from two real GPX tracks and prints gpxpy's figures for them.

Run from this folder (gpxpy 1.6.2, Python 3.11):
    python3 extract.py /work/shared/fixtures/triplogs
It writes cerknicko-jezero.csv (all 296 trkpt, 8 tracks) and garmin-activity.csv (the first 300
of 988 trkpt) with the columns segment,time,latitude,longitude,elevation: segment is the 0-based
index of the (track, trkseg) pair in file order, time is seconds since 1970-01-01T00:00:00Z,
latitude/longitude are Python float reprs (round-trip exact as IEEE doubles), elevation in metres.
"""
import sys, os
import gpxpy, gpxpy.gpx

MAX_POINTS = {"cerknicko-jezero": None, "garmin-activity": 300}
SOURCES = {
    "cerknicko-jezero": "tkrajina__gpxpy/test_files/cerknicko-jezero.gpx",
    "garmin-activity": "georust__gpx/tests/fixtures/garmin-activity.gpx",
}

root = sys.argv[1]
for name, path in SOURCES.items():
    with open(os.path.join(root, path), encoding="utf-8") as f:
        source = gpxpy.parse(f)
    # Rebuild a GPX holding exactly the points written to the CSV, one track per segment kept.
    kept = gpxpy.gpx.GPX()
    rows = []
    limit = MAX_POINTS[name]
    count = 0
    segment_index = 0
    for track in source.tracks:
        for segment in track.segments:
            if limit is not None and count >= limit:
                break
            points = segment.points if limit is None else segment.points[: limit - count]
            if not points:
                continue
            new_track = gpxpy.gpx.GPXTrack()
            new_segment = gpxpy.gpx.GPXTrackSegment(points=list(points))
            new_track.segments.append(new_segment)
            kept.tracks.append(new_track)
            for p in points:
                rows.append((segment_index, p.time.timestamp(), repr(p.latitude), repr(p.longitude),
                             "" if p.elevation is None else repr(p.elevation)))
            count += len(points)
            segment_index += 1
    with open(name + ".csv", "w", encoding="utf-8") as out:
        out.write("segment,time,latitude,longitude,elevation\n")
        for r in rows:
            t = r[1]
            out.write(f"{r[0]},{int(t) if t == int(t) else t},{r[2]},{r[3]},{r[4]}\n")
    bounds = kept.get_time_bounds()
    md = kept.get_moving_data()
    md_raw = kept.get_moving_data(raw=True)
    up = kept.get_uphill_downhill()
    print(name, "points", count, "segments", segment_index)
    print("  length_2d", repr(kept.length_2d()), "length_3d", repr(kept.length_3d()))
    print("  get_duration", kept.get_duration(), "time bounds", bounds.start_time, bounds.end_time,
          "elapsed", (bounds.end_time - bounds.start_time).total_seconds())
    print("  uphill/downhill", repr(up.uphill), repr(up.downhill))
    print("  moving_data", md)
    print("  moving_data raw", md_raw)
    b = kept.get_bounds()
    print("  bounds", b.min_latitude, b.max_latitude, b.min_longitude, b.max_longitude)

# Independent figures from the CSVs with pyproj's geodesic (Karney, like roadtrip's Geodesic):
# per-segment sums of step distances, the moving rule (speed >= threshold), the raw and the
# median-of-5 step speeds, and the plain sum of positive/negative altitude differences.
import csv, statistics
from pyproj import Geod
geod = Geod(ellps="WGS84")
for name in SOURCES:
    segments = {}
    with open(name + ".csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            segments.setdefault(int(row["segment"]), []).append(
                (float(row["time"]), float(row["latitude"]), float(row["longitude"]),
                 float(row["elevation"]) if row["elevation"] else None))
    total = 0.0
    moving = {0.5: [0.0, 0.0], 1 / 3.6: [0.0, 0.0]}
    raw_max = 0.0
    robust_max = 0.0
    up = down = 0.0
    for points in segments.values():
        speeds = []
        for (t1, la1, lo1, e1), (t2, la2, lo2, e2) in zip(points, points[1:]):
            _, _, d = geod.inv(lo1, la1, lo2, la2)
            total += d
            if e1 is not None and e2 is not None:
                up += max(e2 - e1, 0)
                down += max(e1 - e2, 0)
            if t2 > t1:
                v = d / (t2 - t1)
                speeds.append(v)
                for threshold, acc in moving.items():
                    if v >= threshold:
                        acc[0] += t2 - t1
                        acc[1] += d
        raw_max = max([raw_max] + speeds)
        if len(speeds) >= 5:
            robust_max = max([robust_max] + [statistics.median(speeds[i:i + 5]) for i in range(len(speeds) - 4)])
        elif speeds:
            robust_max = max(robust_max, sorted(speeds)[(len(speeds) - 1) // 2])
    print(name, "pyproj distance", repr(total))
    for threshold, (time, dist) in moving.items():
        print("  moving (>= %.6f m/s): time %r distance %r" % (threshold, time, dist))
    print("  raw max speed", repr(raw_max), "median-of-5 max", repr(robust_max))
    print("  unsmoothed up/down", repr(up), repr(down))

# Elevation gain/loss with hysteresis, written independently of the Swift code: a list of
# confirmed turning points; a new one is confirmed when the altitude has come back >= h from the
# running extreme since the last one; the final run counts when it has moved >= h.
def zigzag(elevations, h):
    pivots = []          # confirmed turning points
    low = high = elevations[0]
    trend = 0            # 0 undecided, +1 rising, -1 falling
    extreme = None
    for e in elevations[1:]:
        if trend == 0:
            low, high = min(low, e), max(high, e)
            if e - low >= h and e > low:
                pivots.append(low); trend, extreme = 1, e
            elif high - e >= h and e < high:
                pivots.append(high); trend, extreme = -1, e
        elif trend * (e - extreme) > 0:
            extreme = e
        elif abs(extreme - e) >= h and e != extreme:
            pivots.append(extreme); trend, extreme = -trend, e
    if trend != 0:
        pivots.append(extreme)
    gain = sum(max(b - a, 0) for a, b in zip(pivots, pivots[1:]))
    loss = sum(max(a - b, 0) for a, b in zip(pivots, pivots[1:]))
    return gain, loss

for name in SOURCES:
    segments = {}
    with open(name + ".csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["elevation"]:
                segments.setdefault(int(row["segment"]), []).append(float(row["elevation"]))
    totals = [zigzag(e, 5) for e in segments.values()]
    print(name, "hysteresis 5 m gain/loss", repr(sum(t[0] for t in totals)), repr(sum(t[1] for t in totals)))
