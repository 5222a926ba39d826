#!/usr/bin/env python3
"""Independent reference for roadtrip's sustained maximum speed (TripStatistics.maximumSpeed), run
from this folder with pyproj: python3 sustained.py cerknicko-jezero.csv garmin-activity.csv

Per segment: for each timed fix i, the window is the shortest run of steps ending at i lasting at
least W = 10 s (first fix j = the latest with t_i - t_j >= W); its speed is the WGS 84 geodesic
distance from fix j to fix i over t_i - t_j. The segment's candidates are the middle value of each
three consecutive windows (one or two windows: the lower). The maximum is the highest candidate, or
the average moving speed (steps of at least 0.5 m/s, along the track) when that is higher."""
import sys, csv
from pyproj import Geod

g = Geod(ellps="WGS84")
W = 10.0


def load(path):
    segs = {}
    for row in csv.DictReader(open(path)):
        segs.setdefault(int(row["segment"]), []).append(
            (float(row["time"]), float(row["latitude"]), float(row["longitude"])))
    return [segs[k] for k in sorted(segs)]


for path in sys.argv[1:]:
    best = None
    moving_time = moving_distance = 0.0
    for seg in load(path):
        for (t0, la0, lo0), (t1, la1, lo1) in zip(seg, seg[1:]):
            d = g.inv(lo0, la0, lo1, la1)[2]
            if t1 > t0 and d / (t1 - t0) >= 0.5:
                moving_time += t1 - t0
                moving_distance += d
        windows = []
        for i in range(1, len(seg)):
            j = 0
            while j + 1 < i and seg[i][0] - seg[j + 1][0] >= W:
                j += 1
            duration = seg[i][0] - seg[j][0]
            if duration < W or duration <= 0:
                continue
            windows.append(g.inv(seg[j][2], seg[j][1], seg[i][2], seg[i][1])[2] / duration)
        candidates = [sorted(windows[k:k + 3])[1] for k in range(len(windows) - 2)]
        if 0 < len(windows) < 3:
            candidates = [min(windows)]
        for c in candidates:
            best = c if best is None else max(best, c)
    average = moving_distance / moving_time if moving_time > 0 else None
    print(path, "windows", repr(best), "average moving", repr(average),
          "maximum", repr(max(x for x in (best, average) if x is not None)))
