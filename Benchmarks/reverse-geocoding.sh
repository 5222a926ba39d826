#!/usr/bin/env bash
# Benchmarks/reverse-geocoding.sh — reverse geocoding (issue 6, "Benchmark"): roadtrip's Gazetteer
# through its spatial index against a linear scan of every city, in the same run.
#
# 1. Builds the benchmark executable (`swift build -c release --product roadtrip-benchmarks --static-swift-stdlib`, as ./run builds it, unless
#    BENCHMARKS names a binary); it links RoadTripKit and Debian's libgeonames (24,361 cities).
# 2. Runs it RUNS times (default 1). Each run: loads the gazetteer (copies every city out of
#    libgeonames and builds the k-d tree; the RSS delta of that load is printed), builds the index
#    again alone to time it and count its bytes, generates QUERIES seeded coordinates (70 % within
#    50 km of a random city, area-uniform, via the WGS 84 direct geodesic; 30 % uniform on the
#    sphere), reverse-geocodes all of them through the index, then the first LINEAR of them by a
#    brute-force geodesic scan, and checks that both give the same placemark for every one.
# 3. Prints each run's report (queries/s, µs/query, the speed-up) and, with RUNS > 1, the median
#    index queries/s.
#
# Environment:
#   QUERIES=1000000   coordinates through the index     LINEAR=2000   of them also through the scan
#   SEED=2025         generator seed                    RUNS=1        runs
#   BENCHMARKS=/path/to/roadtrip-benchmarks             use this binary, skip swift build
#
# Needs: bash, the Swift toolchain, libgeonames-dev (installed with apt-get when missing).
# Progress goes to standard error, the reports to standard output.
set -euo pipefail

QUERIES="${QUERIES:-1000000}"
LINEAR="${LINEAR:-2000}"
SEED="${SEED:-2025}"
RUNS="${RUNS:-1}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="reverse-geocoding"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

for pair in "QUERIES=$QUERIES" "LINEAR=$LINEAR" "SEED=$SEED" "RUNS=$RUNS"; do
    case "${pair#*=}" in ''|*[!0-9]*|0) die "${pair%%=*} must be a positive integer, got '${pair#*=}'";; esac
done

# --- tools -------------------------------------------------------------------------------------------
pkg-config --exists geonames 2>/dev/null || apt_install pkg-config libgeonames-dev

if [ -z "${BENCHMARKS:-}" ]; then
    say "reverse-geocoding: swift build -c release --product roadtrip-benchmarks --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip-benchmarks --static-swift-stdlib >&2)
    BENCHMARKS="$(cd "$REPO" && swift build -c release --show-bin-path)/roadtrip-benchmarks"
fi
[ -x "$BENCHMARKS" ] || die "no roadtrip-benchmarks binary at $BENCHMARKS"

# --- runs --------------------------------------------------------------------------------------------
rates=()
for run in $(seq 1 "$RUNS"); do
    say "reverse-geocoding: run $run of $RUNS ($QUERIES queries, $LINEAR through the linear scan)"
    report="$("$BENCHMARKS" --queries "$QUERIES" --linear "$LINEAR" --seed "$SEED")" \
        || { printf '%s\n' "$report"; die "run $run failed (the index and the scan disagreed, or no data)"; }
    printf '%s\n' "$report"
    rates+=("$(printf '%s\n' "$report" | awk '/^index:/ { for (i = 1; i <= NF; i++) if ($(i) == "queries/s") { gsub(",", "", $(i - 1)); print $(i - 1) } }')")
    [ "$run" = "$RUNS" ] || echo
done
if [ "$RUNS" -gt 1 ]; then
    echo
    echo "reverse-geocoding: median index queries/s over $RUNS runs: $(printf '%s\n' "${rates[@]}" | median)"
fi
