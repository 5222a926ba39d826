#!/usr/bin/env bash
# Benchmarks/basemap.sh — what the offline basemap (GSHHG coastlines, issue 15) costs a build.
#
# 1. The sample site (the repository's Destinations/) built into a fresh folder: the size of the
#    home page's map.svg, of the largest destination map.svg, and of assets/basemap/ (bytes and
#    tiles), against the budgets (250 KB, 150 KB, 5 MB).
# 2. N synthetic destinations (Benchmarks/generate-destinations.py, default 4,000, seeded), built
#    $RUNS times each way, each build into a fresh output folder, "off" and "warm" in turn:
#      off    map.offlineBasemap: false
#      cold   the basemap on, its tile cache (.roadtrip-cache/basemap/) emptied before each build
#      warm   the basemap on, the tile cache kept from the build before
#    and rebuilds over the previous output with the cache warm, on and off in turn. It prints the
#    median wall time and peak memory of each, the basemap's cost per page — the median over the
#    pairs run in turn of (on − off) / pages; the budget is 0.1 ms — and roadtrip's stage lines
#    (--verbose) of the median warm and off builds.
#
# Environment: N=4000  RUNS=5  SEED=2025  ROADTRIP=/path/to/roadtrip (default: swift build -c release --static-swift-stdlib, as ./run builds it)
#              KEEP_TMP=1 keeps the work folder.
# Needs: bash, python3, /usr/bin/time (Debian `time`), Debian's gmt-gshhg-* (./run installs them).
set -euo pipefail

N="${N:-4000}"
RUNS="${RUNS:-5}"
SEED="${SEED:-2025}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="basemap"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"
require_positive_integer N
require_positive_integer RUNS

[ -x /usr/bin/time ] || apt_install time
[ -f /usr/share/gmt-gshhg/binned_GSHHS_c.nc ] || die "GSHHG is not installed (run ./run once, or apt-get install gmt-gshhg-low gmt-gshhg-high gmt-gshhg-full)"
[ -n "${ROADTRIP:-}" ] || build_release_roadtrip

WORK="$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-basemap.XXXXXX")"
if [ "${KEEP_TMP:-0}" = 1 ]; then say "basemap: keeping $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
fresh=0
# next_output: sets OUTPUT to a folder no build has written (a variable, not $(…): a subshell
# would not keep the count).
next_output() { fresh=$((fresh + 1)); OUTPUT="$WORK/out-$fresh"; }

# --- 1. the sample site -------------------------------------------------------------------------
mkdir -p "$WORK/sample"
cp -R "$REPO/Destinations" "$WORK/sample/Destinations"
"$ROADTRIP" build --source "$WORK/sample" --output "$WORK/sample-out" --quiet
home_bytes=$(stat -c %s "$WORK/sample-out/map.svg")
largest=$(find "$WORK/sample-out" -mindepth 2 -maxdepth 2 -name map.svg -printf '%s %P\n' | sort -n | tail -n 1)
tiles_bytes=$(find "$WORK/sample-out/assets/basemap" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
tiles_count=$(find "$WORK/sample-out/assets/basemap" -type f | wc -l)
printf '# offline basemap — sample site\n'
printf '| file | bytes | budget |\n|---|---|---|\n'
printf '| map.svg (home) | %s | 256000 |\n' "$home_bytes"
printf '| %s (largest destination map) | %s | 153600 |\n' "${largest#* }" "${largest%% *}"
printf '| assets/basemap/ (%s tiles) | %s | 5242880 |\n\n' "$tiles_count" "$tiles_bytes"

# --- 2. N synthetic destinations ----------------------------------------------------------------
# Two projects with the same destinations, one with the basemap and one without, so that their
# builds can alternate: this VM's speed drifts by tens of percent within minutes, and a pair of
# builds run back to back sees the same machine. The cost per page is the median of the pairs'
# differences.
project_on="$WORK/site-on"
project_off="$WORK/site-off"
mkdir -p "$project_on/Destinations"
say "basemap: generating $N destinations"
python3 "$REPO/Benchmarks/generate-destinations.py" "$project_on/Destinations" "$N" "$SEED"
cp -R "$project_on" "$project_off"
site_yaml() { printf 'title: "Basemap benchmark"\nlanguage: "en"\nmap:\n  offlineBasemap: %s\n' "$2" > "$1/Destinations/site.yaml"; }
site_yaml "$project_on" true
site_yaml "$project_off" false

# build NAME PROJECT OUTPUT I: one timed build (--verbose, its log kept); appends its seconds and
# peak kB to NAME.seconds and NAME.kb and "seconds I" to NAME.runs.
build() {
    local name="$1" project="$2" output="$3" i="$4" timing="$WORK/time.txt" seconds kb
    sync
    /usr/bin/time -f '%e %M' -o "$timing" "$ROADTRIP" build --source "$project" --output "$output" --verbose \
        > "$WORK/$name-$i.log" 2>&1 || { tail -n 20 "$WORK/$name-$i.log" >&2; die "$name failed"; }
    read -r seconds kb < <(tail -n 1 "$timing")
    echo "$seconds" >> "$WORK/$name.seconds"; echo "$kb" >> "$WORK/$name.kb"
    echo "$seconds $i" >> "$WORK/$name.runs"
}
reset() { local name; for name in "$@"; do : > "$WORK/$name.seconds"; : > "$WORK/$name.kb"; : > "$WORK/$name.runs"; done; }
median_of() { median < "$WORK/$1.seconds"; }
median_kb() { median < "$WORK/$1.kb"; }
# pair_cost A B: the median over the runs of (A's seconds − B's seconds) × 1000 / pages.
pages=$((N + 1))
pair_cost() {
    paste "$WORK/$1.seconds" "$WORK/$2.seconds" | awk -v p="$pages" '{ printf "%.6f\n", ($1 - $2) * 1000 / p }' | median
}

# The first build with the basemap fills the tile cache, which the warm builds reuse.
next_output; "$ROADTRIP" build --source "$project_on" --output "$OUTPUT" --quiet
say "basemap: warm and off, alternating, x$RUNS each, fresh folders"
reset warm off
for i in $(seq 1 "$RUNS"); do
    next_output; build off "$project_off" "$OUTPUT" "$i"
    next_output; build warm "$project_on" "$OUTPUT" "$i"
done
say "basemap: rebuilds over the previous output, alternating, x$RUNS each"
reset rebuild rebuild-off
next_output; rebuild_on_output="$OUTPUT"; "$ROADTRIP" build --source "$project_on" --output "$rebuild_on_output" --quiet
next_output; rebuild_off_output="$OUTPUT"; "$ROADTRIP" build --source "$project_off" --output "$rebuild_off_output" --quiet
for i in $(seq 1 "$RUNS"); do
    build rebuild-off "$project_off" "$rebuild_off_output" "$i"
    build rebuild "$project_on" "$rebuild_on_output" "$i"
done

# Cold builds last: each deletes the tile cache (10,000 files at 4,000 destinations), and ext4 is
# slow to create files for a while after many were deleted (recently freed inodes are skipped), which
# would tax the builds after it, the basemap's more than the others (more files).
say "basemap: cold x$RUNS (the tile cache emptied before each build)"
reset cold
for i in $(seq 1 "$RUNS"); do
    rm -rf "$project_on/.roadtrip-cache/basemap"
    next_output; build cold "$project_on" "$OUTPUT" "$i"
done

mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
printf '# offline basemap — %s destinations, median of %s builds, %s CPU(s)\n' "$N" "$RUNS" "$(nproc)"
printf 'basemap ms/page: the median of the differences of builds run in turn (cold: against the median off build)\n'
printf '| build | seconds | peak MB | basemap ms/page |\n|---|---|---|---|\n'
printf '| off (map.offlineBasemap: false), fresh folder | %s | %s | — |\n' "$(median_of off)" "$(mb "$(median_kb off)")"
printf '| on, tile cache empty, fresh folder | %s | %s | %s |\n' "$(median_of cold)" "$(mb "$(median_kb cold)")" \
    "$(awk -v a="$(median_of cold)" -v b="$(median_of off)" -v p="$pages" 'BEGIN { printf "%.3f", (a - b) * 1000 / p }')"
printf '| on, tile cache warm, fresh folder | %s | %s | %s |\n' "$(median_of warm)" "$(mb "$(median_kb warm)")" "$(printf '%.3f' "$(pair_cost warm off)")"
printf '| on, rebuild over the output | %s | %s | %s |\n' "$(median_of rebuild)" "$(mb "$(median_kb rebuild)")" "$(printf '%.3f' "$(pair_cost rebuild rebuild-off)")"
printf '| off, rebuild over the output | %s | — | — |\n\n' "$(median_of rebuild-off)"
median_run=$(sort -g "$WORK/warm.runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
printf 'stage lines of the median warm build:\n'
grep -E '^\[[0-9]+/[0-9]+\]' "$WORK/warm-$median_run.log" | sed 's/^/    /'
median_run=$(sort -g "$WORK/off.runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
printf 'stage lines of the median build without the basemap:\n'
grep -E '^\[[0-9]+/[0-9]+\]' "$WORK/off-$median_run.log" | sed 's/^/    /'
