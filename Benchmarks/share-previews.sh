#!/usr/bin/env bash
# Benchmarks/share-previews.sh — what the share previews (og:image PNGs, issue 17 item 8) cost a build.
#
# For the sample site (the repository's Destinations/) and for N synthetic destinations
# (Benchmarks/generate-destinations.py, seeded), each with `baseURL: https://example.org/trip/`:
#   cold      the PNGs' cache (.roadtrip-cache/og/) emptied before the build: every PNG rasterised
#   cold-1cpu the same on one core (taskset -c 0): how much the parallel rasterising gains
#   warm      a rebuild over the cold build's output, the cache kept: nothing rasterised
#   none      a rebuild with no baseURL: no previews at all (the basemap's tile cache is warm in all)
# $RUNS times each, in turn. It prints the median of: the draw-previews step (ms), ms per PNG, the
# render-pages step (which draws the previews' SVG) and the whole build (wall ms), and the PNGs'
# total and largest size.
#
# Environment: N=300  RUNS=3  SEED=2025  ROADTRIP=/path/to/roadtrip (default: swift build -c release --static-swift-stdlib, as ./run builds it)
#              KEEP_TMP=1 keeps the work folder.
# Needs: bash, python3, taskset (util-linux), Debian's gmt-gshhg-* for the basemap (./run installs them).
set -euo pipefail

N="${N:-300}"
RUNS="${RUNS:-3}"
SEED="${SEED:-2025}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="share-previews"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"
require_positive_integer N
require_positive_integer RUNS

if [ -z "${ROADTRIP:-}" ]; then
    say "share-previews: building roadtrip (release)"
    (cd "$REPO" && swift build -c release --product roadtrip --static-swift-stdlib >&2)
    ROADTRIP="$REPO/.build/release/roadtrip"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-share-previews.XXXXXX")"
if [ "${KEEP_TMP:-0}" = 1 ]; then say "share-previews: keeping $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi

# step LOG NAME: the milliseconds of build step NAME in the progress lines of LOG.
step() { sed -n "s/^\[[0-9]*\/[0-9]*\] $2: .* … \([0-9.]*\) ms$/\1/p" "$1"; }

# build PROJECT KIND [taskset…]: one build of PROJECT into PROJECT/Output, its log in $LOG; prints
# "KIND draw-previews-ms render-pages-ms wall-ms previews".
build() {
    local project="$1" kind="$2"
    shift 2
    LOG="$WORK/last.log"
    local start end
    start=$(date +%s%N)
    "$@" "$ROADTRIP" build --source "$project" >"$LOG" 2>&1 || { cat "$LOG" >&2; die "build failed"; }
    end=$(date +%s%N)
    local previews
    previews=$(sed -n 's/.* draw-previews: \([0-9,]*\) previews .*/\1/p' "$LOG" | tr -d ,)
    echo "$kind $(step "$LOG" draw-previews) $(step "$LOG" render-pages) $(( (end - start) / 1000000 )) ${previews:-0}"
}

# measure NAME PROJECT: the four kinds of build, $RUNS rounds, medians printed as a table row each.
measure() {
    local name="$1" project="$2" results="$WORK/$1.results"
    : >"$results"
    with_base_url() { printf 'title: "Road Trip"\nbaseURL: https://example.org/trip/\n' >"$project/Destinations/site.yaml"; }
    without_base_url() { printf 'title: "Road Trip"\n' >"$project/Destinations/site.yaml"; }
    without_base_url
    build "$project" warmup >/dev/null  # draws the basemap's tiles into their cache
    for _ in $(seq "$RUNS"); do
        with_base_url
        rm -rf "$project/.roadtrip-cache/og"
        build "$project" cold >>"$results"
        rm -rf "$project/.roadtrip-cache/og"
        build "$project" cold-1cpu taskset -c 0 >>"$results"
        build "$project" warm >>"$results"
        without_base_url
        build "$project" none >>"$results"
    done
    with_base_url
    build "$project" warm >/dev/null
    local sizes
    sizes=$(find "$project/Output" -name og.png -printf '%s\n' | awk '{ s += $1; if ($1 > m) m = $1 } END { printf "%d PNGs, %.1f MB in all, largest %d KB", NR, s / 1e6, m / 1000 }')
    for kind in cold cold-1cpu warm none; do
        local draw render wall count
        draw=$(awk -v k="$kind" '$1 == k { print $2 }' "$results" | median)
        render=$(awk -v k="$kind" '$1 == k { print $3 }' "$results" | median)
        wall=$(awk -v k="$kind" '$1 == k { print $4 }' "$results" | median)
        count=$(awk -v k="$kind" '$1 == k { print $5; exit }' "$results")
        local per="-"
        [ "$count" -gt 0 ] && per=$(awk -v d="$draw" -v c="$count" 'BEGIN { printf "%.1f", d / c }')
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$kind" "$count" "$draw" "$per" "$render" "$wall"
    done
    say "share-previews: $name: $sizes"
}

mkdir -p "$WORK/sample" "$WORK/synthetic/Destinations"
cp -R "$REPO/Destinations" "$WORK/sample/Destinations"
python3 "$REPO/Benchmarks/generate-destinations.py" "$WORK/synthetic/Destinations" "$N" "$SEED"

echo "| site | build | previews | draw-previews ms | ms per PNG | render-pages ms | build wall ms |"
echo "|---|---|---|---|---|---|---|"
measure sample "$WORK/sample"
measure "$N destinations" "$WORK/synthetic"
