#!/usr/bin/env bash
# Benchmarks/basemap.sh — what the offline basemap (GSHHG coastlines, issue 15) costs a build.
#
# 1. The sample site (the repository's Destinations/) built into a fresh folder: the size of the
#    home page's map.svg, of the largest destination map.svg, and of assets/basemap/ (bytes and
#    tiles), against the budgets (250 KB, 150 KB, 5 MB).
# 2. N synthetic destinations (Benchmarks/generate-destinations.py, default 4,000, seeded), built
#    $RUNS times each way, each build into a fresh output folder:
#      off    map.offlineBasemap: false
#      cold   the basemap on, its tile cache (.roadtrip-cache/basemap/) emptied before each build
#      warm   the basemap on, the tile cache kept from the build before
#    and a rebuild over the previous output with the cache warm. It prints the median wall time and
#    peak memory of each, the basemap's cost per page (warm − off) / pages — the budget is 0.1 ms —
#    and roadtrip's stage lines (--verbose) of the median warm build.
#
# Environment: N=4000  RUNS=3  SEED=2025  ROADTRIP=/path/to/roadtrip (default: swift build -c release)
#              KEEP_TMP=1 keeps the work folder.
# Needs: bash, python3, /usr/bin/time (Debian `time`), Debian's gmt-gshhg-* (./run installs them).
set -euo pipefail

N="${N:-4000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-2025}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="basemap"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"
require_positive_integer N
require_positive_integer RUNS

[ -x /usr/bin/time ] || apt_install time
[ -f /usr/share/gmt-gshhg/binned_GSHHS_c.nc ] || die "GSHHG is not installed (run ./run once, or apt-get install gmt-gshhg-low gmt-gshhg-high gmt-gshhg-full)"
if [ -z "${ROADTRIP:-}" ]; then
    say "basemap: building roadtrip (release)"
    (cd "$REPO" && swift build -c release --product roadtrip >&2)
    ROADTRIP="$REPO/.build/release/roadtrip"
fi

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
project="$WORK/site"
mkdir -p "$project/Destinations"
say "basemap: generating $N destinations"
python3 "$REPO/Benchmarks/generate-destinations.py" "$project/Destinations" "$N" "$SEED"

site_yaml() { printf 'title: "Basemap benchmark"\nlanguage: "en"\nmap:\n  offlineBasemap: %s\n' "$1" > "$project/Destinations/site.yaml"; }

# run NAME MODE: $RUNS builds; MODE off | cold | warm | rebuild. Sets MEDIAN_SECONDS, MEDIAN_KB.
run() {
    local name="$1" mode="$2" output timing="$WORK/time.txt" seconds kb i
    : > "$WORK/$name.seconds"; : > "$WORK/$name.kb"; : > "$WORK/$name.runs"
    next_output; output="$OUTPUT"
    if [ "$mode" = rebuild ]; then "$ROADTRIP" build --source "$project" --output "$output" --quiet; fi
    for i in $(seq 1 "$RUNS"); do
        if [ "$mode" != rebuild ]; then next_output; output="$OUTPUT"; fi
        [ "$mode" = cold ] && rm -rf "$project/.roadtrip-cache/basemap"
        sync
        /usr/bin/time -f '%e %M' -o "$timing" "$ROADTRIP" build --source "$project" --output "$output" --verbose \
            > "$WORK/$name-$i.log" 2>&1 || { tail -n 20 "$WORK/$name-$i.log" >&2; die "$name failed"; }
        read -r seconds kb < <(tail -n 1 "$timing")
        echo "$seconds" >> "$WORK/$name.seconds"; echo "$kb" >> "$WORK/$name.kb"
        echo "$seconds $i" >> "$WORK/$name.runs"
    done
    MEDIAN_SECONDS=$(median < "$WORK/$name.seconds")
    MEDIAN_KB=$(median < "$WORK/$name.kb")
}

site_yaml false
say "basemap: off x$RUNS"; run off off; off_s=$MEDIAN_SECONDS; off_kb=$MEDIAN_KB
site_yaml true
say "basemap: cold x$RUNS"; run cold cold; cold_s=$MEDIAN_SECONDS; cold_kb=$MEDIAN_KB
say "basemap: warm x$RUNS"; run warm warm; warm_s=$MEDIAN_SECONDS; warm_kb=$MEDIAN_KB
say "basemap: rebuild x$RUNS"; run rebuild rebuild; rebuild_s=$MEDIAN_SECONDS; rebuild_kb=$MEDIAN_KB
site_yaml false
say "basemap: rebuild without the basemap x$RUNS"; run rebuild-off rebuild; rebuild_off_s=$MEDIAN_SECONDS

pages=$((N + 1))
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
per_page() { awk -v a="$1" -v b="$2" -v p="$pages" 'BEGIN { printf "%.3f", (a - b) * 1000 / p }'; }
printf '# offline basemap — %s destinations, median of %s builds, %s CPU(s)\n' "$N" "$RUNS" "$(nproc)"
printf '| build | seconds | peak MB | basemap ms/page |\n|---|---|---|---|\n'
printf '| off (map.offlineBasemap: false), fresh folder | %s | %s | — |\n' "$off_s" "$(mb "$off_kb")"
printf '| on, tile cache empty, fresh folder | %s | %s | %s |\n' "$cold_s" "$(mb "$cold_kb")" "$(per_page "$cold_s" "$off_s")"
printf '| on, tile cache warm, fresh folder | %s | %s | %s |\n' "$warm_s" "$(mb "$warm_kb")" "$(per_page "$warm_s" "$off_s")"
printf '| on, rebuild over the output | %s | %s | %s |\n' "$rebuild_s" "$(mb "$rebuild_kb")" "$(per_page "$rebuild_s" "$rebuild_off_s")"
printf '| off, rebuild over the output | %s | — | — |\n\n' "$rebuild_off_s"
median_run=$(sort -g "$WORK/warm.runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
printf 'stage lines of the median warm build:\n'
grep -E '^\[[0-9]+/[0-9]+\]' "$WORK/warm-$median_run.log" | sed 's/^/    /'
median_run=$(sort -g "$WORK/off.runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
printf 'stage lines of the median build without the basemap:\n'
grep -E '^\[[0-9]+/[0-9]+\]' "$WORK/off-$median_run.log" | sed 's/^/    /'
