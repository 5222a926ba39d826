#!/usr/bin/env bash
# Benchmarks/triplog-throughput.sh — trip-log read + filter + statistics throughput (issue 4,
# "Performance"): roadtrip against gpxpy and GPSBabel on the same 1-million-point GPX, with
# `xmllint --stream` as the parsing floor, in the same run.
#
# 1. Generates a realistic drive as GPX 1.1 in a temporary folder (python3, seeded, so the same SEED
#    and POINTS give a byte-identical file): one fix per second, a smooth path (speed changes with
#    acceleration limits, stops, curves from a random-walk turn rate), correlated GPS noise of a few
#    metres, rare multipath spikes of ~300 m, `ele` over rolling terrain with noise, `hdop` on most
#    points (a few above 8), a new `trkseg` after every 10 h of driving (with a 14 h night gap).
# 2. Builds roadtrip (`swift build -c release --product roadtrip --static-swift-stdlib`, as ./run builds it, unless ROADTRIP names a binary).
# 3. Runs each tool RUNS times (default 3) under `/usr/bin/time -f '%e %M'` and prints, per tool, the
#    median wall time, MB/s (file bytes / 10^6 / s), points/s and the median peak resident set
#    (MiB). What each tool does:
#      xmllint   `xmllint --stream --noout FILE`: libxml2's streaming reader, nothing else (the floor)
#      roadtrip  `roadtrip trip stats FILE --json`: read (xmlTextReader) + default-preset filters +
#                TripStatistics (geodesic distance, moving time, maximum speed sustained over 10 s, elevation)
#      gpxpy     parse + length_2d() + get_moving_data() + get_uphill_downhill() (gpxpy from PyPI)
#      gpsbabel  `gpsbabel -i gpx -f FILE -x position,distance=10m -x track,speed -o unicsv -F /dev/null`:
#                read, the distance filter, per-point speed synthesis, written as CSV to /dev/null
#                (GPSBabel has no statistics output; this is its closest read + filter + compute)
# 4. A site build with the same GPX (issue 14, "build streams large logs"): two one-destination
#    sites, the same but for the GPX in the second's `trips/`, each built RUNS times into a fresh
#    output folder; prints both median peak resident sets, their difference (the target is at most
#    50 MB) and the median build times.
# 5. With PERF=1, records one roadtrip run with `perf record -g` and prints the top symbols.
#
# Environment:
#   POINTS=1000000   track points        RUNS=3        runs per tool        SEED=2025   generator seed
#   ROADTRIP=/path/to/roadtrip           use this binary, skip swift build
#   SKIP_GPXPY=1 / SKIP_GPSBABEL=1       leave a peer out       PERF=1   profile roadtrip (needs perf)
#   SKIP_BUILD=1                          leave the site-build memory measurement out
#   KEEP_TMP=1                            keep the temporary folder (its path is printed)
#
# Needs: bash, python3, /usr/bin/time (Debian `time`), xmllint (Debian `libxml2-utils`), gpsbabel
# (Debian `gpsbabel`), gpxpy (PyPI); missing Debian packages are installed with apt-get and gpxpy
# with pip. Progress goes to standard error, the table to standard output.
set -euo pipefail

POINTS="${POINTS:-1000000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-2025}"
SKIP_GPXPY="${SKIP_GPXPY:-0}"
SKIP_GPSBABEL="${SKIP_GPSBABEL:-0}"
PERF="${PERF:-0}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="triplog-throughput"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

require_positive_integer RUNS
require_positive_integer POINTS

# --- tools -------------------------------------------------------------------------------------------
need=()
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
if [ "$SKIP_GPSBABEL" != 1 ] && ! command -v gpsbabel >/dev/null 2>&1; then need+=(gpsbabel); fi
if [ "$PERF" = 1 ] && ! command -v perf >/dev/null 2>&1; then need+=(linux-perf); fi
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"
if [ "$SKIP_GPXPY" != 1 ] && ! python3 -c 'import gpxpy' 2>/dev/null; then
    say "triplog-throughput: pip install gpxpy"
    python3 -m pip install --quiet --user gpxpy 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages gpxpy
fi

if [ -z "${ROADTRIP:-}" ]; then
    say "triplog-throughput: swift build -c release --product roadtrip --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip --static-swift-stdlib >&2)
    ROADTRIP="$(cd "$REPO" && swift build -c release --show-bin-path)/roadtrip"
fi
[ -x "$ROADTRIP" ] || die "no roadtrip binary at $ROADTRIP"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/triplog-throughput.XXXXXX")"
if [ "${KEEP_TMP:-0}" = 1 ]; then say "triplog-throughput: keeping $TMP"; else trap 'rm -rf "$TMP"' EXIT; fi
FILE="$TMP/drive.gpx"

# --- the drive -----------------------------------------------------------------------------------------
say "triplog-throughput: generating $POINTS points into $FILE"
python3 - "$FILE" "$POINTS" "$SEED" <<'PY'
import math, random, sys, datetime
path, total, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
R = 6371008.8                      # mean Earth radius (m), only to step the synthetic path
lat, lon = 44.0, 5.0               # Provence
heading, turn_rate, speed, target = 0.0, 0.0, 0.0, 25.0
noise_n = noise_e = 0.0            # AR(1) GPS error (m)
distance = 0.0
segment_length = 36_000            # 10 h of driving per trkseg
t = datetime.datetime(2024, 6, 1, 6, 0, 0, tzinfo=datetime.timezone.utc)
one_second = datetime.timedelta(seconds=1)
night = datetime.timedelta(hours=14)
out = open(path, "w", encoding="utf-8", newline="\n")
out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<gpx version="1.1" creator="triplog-throughput.sh" xmlns="http://www.topografix.com/GPX/1/1">\n'
          '  <trk>\n    <name>Synthetic drive</name>\n    <trkseg>\n')
chunk = []
for i in range(total):
    if i and i % segment_length == 0:
        chunk.append('    </trkseg>\n    <trkseg>\n')
        t += night
    # speed: a new target every ~10 min (50, 90 or 130 km/h), a stop every ~30 min
    if rng.random() < 1 / 600:
        target = rng.choice([13.9, 25.0, 36.1])
    if rng.random() < 1 / 1800:
        target = 0.0
    if target == 0.0 and speed < 0.1 and rng.random() < 1 / 60:
        target = rng.choice([13.9, 25.0])
    speed += max(-3.0, min(1.5, target - speed))
    speed = max(0.0, speed)
    # curves: a random-walk turn rate (degrees/s), tighter when slow
    turn_rate = 0.97 * turn_rate + rng.gauss(0, 0.15)
    limit = 3.0 if speed < 15 else 1.0
    turn_rate = max(-limit, min(limit, turn_rate))
    heading = (heading + turn_rate) % 360
    step = speed
    distance += step
    lat += math.degrees(step * math.cos(math.radians(heading)) / R)
    lon += math.degrees(step * math.sin(math.radians(heading)) / (R * math.cos(math.radians(lat))))
    lon = (lon + 180) % 360 - 180
    lat = max(-80.0, min(80.0, lat))
    noise_n = 0.9 * noise_n + rng.gauss(0, 1.5)
    noise_e = 0.9 * noise_e + rng.gauss(0, 1.5)
    spike = 300.0 if rng.random() < 1 / 5000 else 0.0
    fix_lat = lat + math.degrees((noise_n + spike) / R)
    fix_lon = lon + math.degrees(noise_e / (R * math.cos(math.radians(lat))))
    ele = 300 + 200 * math.sin(distance / 7000) + 80 * math.sin(distance / 1900) + rng.gauss(0, 2)
    point = f'      <trkpt lat="{fix_lat:.7f}" lon="{fix_lon:.7f}">\n        <ele>{ele:.1f}</ele>\n' \
            f'        <time>{t:%Y-%m-%dT%H:%M:%S}Z</time>\n'
    r = rng.random()
    if r < 0.01:
        point += f'        <hdop>{rng.uniform(8, 20):.1f}</hdop>\n'
    elif r < 0.8:
        point += f'        <hdop>{rng.uniform(0.6, 3.0):.1f}</hdop>\n'
    chunk.append(point + '      </trkpt>\n')
    t += one_second
    if len(chunk) >= 10_000:
        out.write("".join(chunk))
        chunk = []
chunk.append('    </trkseg>\n  </trk>\n</gpx>\n')
out.write("".join(chunk))
out.close()
PY
BYTES=$(stat -c %s "$FILE")
say "triplog-throughput: $(awk -v b="$BYTES" 'BEGIN { printf "%.1f MB", b / 1e6 }')"

cat > "$TMP/gpxpy_stats.py" <<'PY'
import sys
import gpxpy
with open(sys.argv[1], encoding="utf-8") as handle:
    gpx = gpxpy.parse(handle)
points = sum(len(s.points) for t in gpx.tracks for s in t.segments)
moving = gpx.get_moving_data()
updown = gpx.get_uphill_downhill()
print(f"gpxpy {gpxpy.__version__}: {points} points, length_2d {gpx.length_2d():.1f} m, moving {moving.moving_time:.0f} s, "
      f"max speed {moving.max_speed:.2f} m/s, up {updown.uphill:.1f} m, down {updown.downhill:.1f} m")
PY

# --- measuring -----------------------------------------------------------------------------------------
# measure NAME CHECK COMMAND...: RUNS runs; appends "NAME median_s median_kib" to $TMP/results.
# CHECK is a shell snippet run on the first run's standard output ($TMP/out) that must succeed.
measure() {
    local name="$1" check="$2"; shift 2
    local times=() rss=() run
    for run in $(seq 1 "$RUNS"); do
        /usr/bin/time -f '%e %M' -o "$TMP/time" "$@" >"$TMP/out" 2>"$TMP/err" \
            || { cat "$TMP/err" >&2; die "$name failed"; }
        if [ "$run" = 1 ]; then
            (eval "$check") || { head -c 2000 "$TMP/out" >&2; die "$name: unexpected output"; }
        fi
        read -r t m < "$TMP/time"
        times+=("$t"); rss+=("$m")
        say "triplog-throughput: $name run $run: ${t} s, $((m / 1024)) MiB"
    done
    local mt mr
    mt=$(printf '%s\n' "${times[@]}" | median)
    mr=$(printf '%s\n' "${rss[@]}" | median)
    printf '%s\t%s\t%s\n' "$name" "$mt" "$mr" >> "$TMP/results"
}

: > "$TMP/results"
measure "xmllint --stream --noout (floor)" 'true' xmllint --stream --noout "$FILE"
measure "roadtrip trip stats --json" \
    "grep -q '\"fixes\":{\"total\":$POINTS,' \"\$TMP/out\"" "$ROADTRIP" trip stats "$FILE" --json
ROADTRIP_OUT="$(cat "$TMP/out")"
if [ "$SKIP_GPXPY" != 1 ]; then
    measure "gpxpy $(python3 -c 'import gpxpy; print(gpxpy.__version__)')" \
        "grep -q ': $POINTS points' \"\$TMP/out\"" python3 "$TMP/gpxpy_stats.py" "$FILE"
    GPXPY_OUT="$(cat "$TMP/out")"
fi
if [ "$SKIP_GPSBABEL" != 1 ]; then
    measure "$(gpsbabel -V | awk 'NF { print "GPSBabel", $NF }')" 'true' \
        gpsbabel -i gpx -f "$FILE" -x position,distance=10m -x track,speed -o unicsv -F /dev/null
fi

# --- the table -----------------------------------------------------------------------------------------
echo "triplog-throughput: $POINTS points, $(awk -v b="$BYTES" 'BEGIN { printf "%.1f MB", b / 1e6 }'), median of $RUNS runs"
awk -F '\t' -v bytes="$BYTES" -v points="$POINTS" '
    BEGIN { printf "%-34s %9s %9s %12s %9s %8s\n", "tool", "median s", "MB/s", "points/s", "peak MB", "x floor" }
    NR == 1 { floor = $2 }
    {
        s = ($2 > 0 ? $2 : 0.01)
        printf "%-34s %9.2f %9.1f %12.0f %9.1f %8.2f\n", $1, $2, bytes / 1e6 / s, points / s, $3 / 1024, s / (floor > 0 ? floor : 0.01)
    }' "$TMP/results"
echo
cat > "$TMP/summary.py" <<'PY'
import json, sys
d = json.load(sys.stdin)
print(f"roadtrip: distance {d['distance']:.1f} m, moving {d['movingTime']:.0f} s, max speed {d['maximumSpeed']:.2f} m/s "
      f"(raw {d['rawMaximumSpeed']:.2f}), up {d['elevationGain']:.1f} m, down {d['elevationLoss']:.1f} m; {d['report'][0]}")
PY
printf '%s' "$ROADTRIP_OUT" | python3 "$TMP/summary.py"
[ -z "${GPXPY_OUT:-}" ] || echo "$GPXPY_OUT"

# --- a site build with the log -----------------------------------------------------------------------------
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    for site in without with; do
        mkdir -p "$TMP/site-$site/Destinations/drive/trips"
        printf -- '---\ntitle: Drive\nlatitude: 44\nlongitude: 5\n---\nA long drive.\n' > "$TMP/site-$site/Destinations/drive/index.md"
    done
    ln -s "$FILE" "$TMP/site-with/Destinations/drive/trips/drive.gpx"
    : > "$TMP/build-results"
    # --no-cache for both: the two builds then run the same steps and differ only by the log. (A
    # trip log is never kept by the stored build, but a destination without one is: without
    # --no-cache the second and third builds of the site without the log skipped every step and
    # opened neither the gazetteer nor libproj, so the difference counted those too.)
    for site in without with; do
        times=(); rss=()
        for run in $(seq 1 "$RUNS"); do
            /usr/bin/time -f '%e %M' -o "$TMP/time" "$ROADTRIP" build --no-cache --source "$TMP/site-$site" \
                --output "$TMP/out-$site-$run" --quiet 2>"$TMP/err" || { cat "$TMP/err" >&2; die "build of the site $site the log failed"; }
            read -r t m < "$TMP/time"
            times+=("$t"); rss+=("$m")
            say "triplog-throughput: build $site the log, run $run: ${t} s, $((m / 1024)) MiB"
            rm -rf "$TMP/out-$site-$run"
        done
        printf '%s\t%s\t%s\n' "$site" "$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median)" >> "$TMP/build-results"
    done
    echo
    awk -F '\t' '
        { t[$1] = $2; m[$1] = $3 / 1024 }
        END {
            printf "roadtrip build, one destination: %.1f MB peak, %.2f s without the log; %.1f MB, %.2f s with it\n", m["without"], t["without"], m["with"], t["with"]
            printf "the log adds %.1f MB to the peak (target: at most 50 MB): %s\n", m["with"] - m["without"], (m["with"] - m["without"] <= 50 ? "met" : "NOT met")
        }' "$TMP/build-results"
fi

# --- where roadtrip's time goes --------------------------------------------------------------------------
if [ "$PERF" = 1 ]; then
    say "triplog-throughput: perf record -g on one roadtrip run"
    perf record -q -g -o "$TMP/perf.data" "$ROADTRIP" trip stats "$FILE" --json >/dev/null 2>"$TMP/perf.err" \
        || { cat "$TMP/perf.err" >&2; die "perf record failed"; }
    echo
    echo "roadtrip: self time by library (perf report --no-children --sort dso)"
    perf report -q -i "$TMP/perf.data" --stdio --no-children --sort dso -g none 2>/dev/null \
        | sed -e '/^$/d' -e 's/[[:space:]-]*$//' | head -10
    echo
    echo "roadtrip: top symbols (perf report --no-children, self time)"
    perf report -q -i "$TMP/perf.data" --stdio --no-children --sort dso,symbol -g none --percent-limit 1.5 2>/dev/null \
        | sed -e '/^$/d' -e 's/[[:space:]-]*$//' | cut -c 1-150 | head -30
fi
