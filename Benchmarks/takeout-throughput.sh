#!/usr/bin/env bash
# Benchmarks/takeout-throughput.sh — reading Google location history (Takeout's Records.json) with
# `roadtrip trip stats`: throughput (MB/s) and peak memory, with `cat` as the I/O floor, in the same
# run; and whether memory stays flat as the file grows (the reader streams: it never holds a JSON
# tree, and `trip stats` keeps no fixes).
#
# 1. Generates, deterministically (python3, seeded: the same SEED and RECORDS give a byte-identical
#    file), a Records.json as Takeout writes it (2-space indentation, `"key": value`): one record
#    every ~60 s from 2014-01-01 along a wandering path, each with latitudeE7, longitudeE7,
#    accuracy, altitude, verticalAccuracy, source, deviceTag, platformType and timestamp; most with
#    velocity and heading; one in five with an `activity` list (skipped by the reader). The default
#    1,500,000 records make about 500 MB covering three years. A file of a tenth as many records is
#    written too, for the memory comparison.
# 2. Builds roadtrip (`swift build -c release --product roadtrip --static-swift-stdlib`, as ./run builds it, unless ROADTRIP names a binary).
# 3. Runs each case RUNS times (default 3) under `/usr/bin/time -v` and prints the median wall time,
#    MB/s (file bytes / 10^6 / s) and the median peak resident set size ("Maximum resident set size"):
#      cat          `cat FILE > /dev/null`: reading the bytes (the floor)
#      read only    `roadtrip trip stats FILE --json --from 2100-01-01`: every record parsed, none in
#                   the range, so nothing is filtered (the reader alone)
#      stats        `roadtrip trip stats FILE --json`: every fix read, filtered (default preset) and
#                   measured (geodesics) on a second thread
#      one day      `… --from 2016-07-02 --to 2016-07-02`: the days of one trip out of the years
#    then the peak memory of `stats` on the small and the large file: "flat" when the large one's
#    is within 16 MB of the small one's.
#
# Environment:
#   RECORDS=1500000   records       RUNS=3   runs per case       SEED=2025   generator seed
#   ROADTRIP=/path/to/roadtrip      use this binary, skip swift build
#   KEEP_TMP=1                      keep the temporary folder (its path is printed)
#
# Needs: bash, python3, /usr/bin/time (Debian `time`, installed with apt-get when missing).
# Progress goes to standard error, the table to standard output.
set -euo pipefail

RECORDS="${RECORDS:-1500000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-2025}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="takeout-throughput"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

require_positive_integer RECORDS
require_positive_integer RUNS
[ -x /usr/bin/time ] || apt_install time
command -v python3 >/dev/null 2>&1 || apt_install python3

if [ -z "${ROADTRIP:-}" ]; then
    say "takeout-throughput: swift build -c release --product roadtrip --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip --static-swift-stdlib >&2)
    ROADTRIP="$(cd "$REPO" && swift build -c release --show-bin-path)/roadtrip"
fi
[ -x "$ROADTRIP" ] || die "no roadtrip binary at $ROADTRIP"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/takeout-throughput.XXXXXX")"
if [ "${KEEP_TMP:-0}" = 1 ]; then say "takeout-throughput: keeping $TMP"; else trap 'rm -rf "$TMP"' EXIT; fi
LARGE="$TMP/Records.json"
SMALL="$TMP/Records-small.json"

# --- the history --------------------------------------------------------------------------------------
generate() {  # generate FILE COUNT
    python3 - "$1" "$2" "$SEED" <<'PY'
import datetime, math, random, sys
path, total, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
t = datetime.datetime(2014, 1, 1, tzinfo=datetime.timezone.utc)
lat, lon, bearing = 48.137, 11.575, 0.0
sources = ["WIFI", "GPS", "CELL"]
with open(path, "w", encoding="utf-8", newline="\n") as out:
    out.write('{\n  "locations": [')
    chunk = []
    for i in range(total):
        t += datetime.timedelta(milliseconds=rng.randint(30_000, 90_000))
        bearing += rng.gauss(0, 20)
        step = rng.random() * 0.0008
        lat = max(-89.0, min(89.0, lat + step * math.cos(math.radians(bearing))))
        lon = (lon + step * math.sin(math.radians(bearing)) + 180.0) % 360.0 - 180.0
        lines = [
            '{',
            f'    "latitudeE7": {round(lat * 1e7)},',
            f'    "longitudeE7": {round(lon * 1e7)},',
            f'    "accuracy": {rng.randint(3, 60)},',
        ]
        if rng.random() < 0.8:
            lines.append(f'    "velocity": {rng.randint(0, 35)},')
            lines.append(f'    "heading": {rng.randint(0, 359)},')
        lines.append(f'    "altitude": {rng.randint(400, 700)},')
        lines.append(f'    "verticalAccuracy": {rng.randint(2, 30)},')
        if rng.random() < 0.2:
            stamp = (t + datetime.timedelta(seconds=5)).strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randint(0, 999):03d}Z"
            lines.append('    "activity": [{')
            lines.append('      "activity": [{')
            lines.append('        "type": "STILL",')
            lines.append(f'        "confidence": {rng.randint(50, 100)}')
            lines.append('      }, {')
            lines.append('        "type": "IN_VEHICLE",')
            lines.append(f'        "confidence": {rng.randint(0, 50)}')
            lines.append('      }],')
            lines.append(f'      "timestamp": "{stamp}"')
            lines.append('    }],')
        lines.append(f'    "source": "{sources[i % 3]}",')
        lines.append(f'    "deviceTag": {1234567890 + (i % 2)},')
        lines.append('    "platformType": "ANDROID",')
        lines.append(f'    "timestamp": "{t.strftime("%Y-%m-%dT%H:%M:%S.")}{t.microsecond // 1000:03d}Z"')
        lines.append('  }')
        chunk.append("\n".join(lines))
        if len(chunk) == 10_000:
            out.write(", ".join(chunk))
            chunk = []
            if i + 1 < total:
                out.write(", ")
    if chunk:
        out.write(", ".join(chunk))
    out.write("]\n}\n")
PY
}
say "takeout-throughput: generating $RECORDS records into $LARGE"
generate "$LARGE" "$RECORDS"
generate "$SMALL" "$((RECORDS / 10 > 0 ? RECORDS / 10 : 1))"
BYTES=$(stat -c %s "$LARGE")
SMALL_BYTES=$(stat -c %s "$SMALL")
say "takeout-throughput: $(awk -v b="$BYTES" 'BEGIN { printf "%.1f MB", b / 1e6 }'), small $(awk -v b="$SMALL_BYTES" 'BEGIN { printf "%.1f MB", b / 1e6 }')"

# --- measuring -------------------------------------------------------------------------------------------
# measure NAME FILE COMMAND...: RUNS runs under /usr/bin/time -v; appends "NAME bytes median_s median_kib".
measure() {
    local name="$1" file="$2"; shift 2
    local times=() rss=() run elapsed kib
    for run in $(seq "$RUNS"); do
        /usr/bin/time -v -o "$TMP/time" "$@" >"$TMP/out" 2>"$TMP/err" || {
            cat "$TMP/err" >&2
            die "$name failed"
        }
        # "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:05.12" → seconds.
        elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$TMP/time")
        kib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$TMP/time")
        times+=("$elapsed"); rss+=("$kib")
        say "takeout-throughput: $name run $run: ${elapsed} s, $((kib / 1024)) MB peak"
    done
    printf '%s\t%s\t%s\t%s\n' "$name" "$(stat -c %s "$file")" \
        "$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median)" >> "$TMP/results"
}

cd "$TMP"  # outside any project: UTC and the default preset, whatever folder the script is run from
: > "$TMP/results"
cat "$LARGE" > /dev/null  # into the page cache, so every case reads from memory
measure "cat (floor)" "$LARGE" sh -c 'cat "$1" > /dev/null' sh "$LARGE"
measure "roadtrip read only" "$LARGE" "$ROADTRIP" trip stats "$LARGE" --json --from 2100-01-01
measure "roadtrip trip stats" "$LARGE" "$ROADTRIP" trip stats "$LARGE" --json
measure "roadtrip stats, one day" "$LARGE" "$ROADTRIP" trip stats "$LARGE" --json --from 2016-07-02 --to 2016-07-02
measure "roadtrip trip stats, small file" "$SMALL" "$ROADTRIP" trip stats "$SMALL" --json

echo "takeout-throughput: $RECORDS records, $(awk -v b="$BYTES" 'BEGIN { printf "%.1f MB", b / 1e6 }'), median of $RUNS runs"
awk -F'\t' '
    BEGIN { printf "%-32s %9s %9s %9s %9s\n", "case", "MB", "median s", "MB/s", "peak MB" }
    { s = ($3 > 0 ? $3 : 0.01); printf "%-32s %9.1f %9.2f %9.1f %9.1f\n", $1, $2 / 1e6, $3, $2 / 1e6 / s, $4 / 1024
      peak[$1] = $4 }
    END {
        large = peak["roadtrip trip stats"]; small = peak["roadtrip trip stats, small file"]
        verdict = (large - small <= 16 * 1024) ? "flat" : "NOT flat"
        printf "memory: trip stats peaks at %.1f MB on the large file, %.1f MB on a tenth of it: %s\n", large / 1024, small / 1024, verdict
    }' "$TMP/results"
