#!/usr/bin/env bash
# apply-window.sh — how long a killed `roadtrip build` can leave the output folder holding a mix of
# the previous build's files and the new build's (issue 12 item 4).
#
# A build stages every changed file outside the live folder first; only its apply phase (renames
# and removals inside the output folder) changes what a reader of the folder sees. `roadtrip build
# --verbose` times that phase itself (monotonic clock, from the first change to the output folder to
# the last) and prints `apply phase (…): X ms`; this script reads that line.
#
# For the repository's sample site and a synthetic site of N destinations
# (Benchmarks/generate-destinations.py, the generator compare-hugo.sh uses), each run measures:
#   first build      no output folder yet: the whole staging folder is renamed into place
#   every page       over the previous output with the other --base-url (/a/ ↔ /b/): every page
#                    changed (maps, GeoJSON and assets do not depend on it and stay)
#   nothing changed  the same build again: only the manifest is replaced
# and, when a private mount namespace is allowed (unshare), "every page" again with the output folder
# on its own tmpfs mount point, where the staging folder is inside the output folder.
# After each "every page" build it times `sync`: what flushing the build's writes to disk costs, the
# price an fsync policy would add to every build.
#
# Environment:
#   N=4000              synthetic destinations       RUNS=5      runs per row (median and maximum)
#   SEED=2025           generator seed               ROADTRIP=/path/to/roadtrip   skip swift build
#   SKIP_MOUNT=1        leave out the tmpfs rows     KEEP_TMP=1  keep the work folder (path printed)
#
# Needs: bash, python3; for the tmpfs rows unshare and mount (util-linux) and either root or
# unprivileged user namespaces. Prints one table on standard output, progress on standard error.
set -euo pipefail

N="${N:-4000}"
RUNS="${RUNS:-5}"
SEED="${SEED:-2025}"
SKIP_MOUNT="${SKIP_MOUNT:-0}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="apply-window"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

require_positive_integer RUNS
require_positive_integer N
command -v python3 >/dev/null 2>&1 || apt_install python3

[ -n "${ROADTRIP:-}" ] || build_release_roadtrip
[ -x "$ROADTRIP" ] || die "roadtrip binary not found at $ROADTRIP"

make_work_folder roadtrip-apply

# build PROJECT OUTPUT BASE_URL: one verbose build; sets APPLY_MS, WRITTEN, REMOVED, FILES.
build() {
    local log="$WORK/build.log"
    if ! "$ROADTRIP" build --source "$1" --output "$2" --base-url "$3" --verbose > "$log" 2>&1; then
        say "$BENCHMARK: build failed:"; tail -n 20 "$log" >&2; exit 1
    fi
    APPLY_MS=$(sed -n 's/^ *apply phase ([^)]*): \([0-9.]*\) ms$/\1/p' "$log")
    [ -n "$APPLY_MS" ] || die "no 'apply phase' line in the build's --verbose output (is $ROADTRIP older than this script?)"
    local write
    write=$(grep '^\[[0-9]*/[0-9]*\] write-output: ' "$log" | tr -d ,)
    FILES=$(sed 's/^\[[0-9]*\/[0-9]*\] write-output: \([0-9]*\) files\{0,1\} .*/\1/' <<< "$write")
    WRITTEN=$(sed 's/.*(\([0-9]*\) written.*/\1/' <<< "$write")
    REMOVED=$(sed 's/.* \([0-9]*\) removed).*/\1/' <<< "$write")
}

# sync_ms: milliseconds `sync` takes now.
sync_ms() {
    local start end
    start=$(date +%s%N); sync; end=$(date +%s%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}

rows=()
# row SITE SCENARIO VALUES_FILE [SYNC_FILE]: one table row from one apply time per line.
row() {
    local median maximum sync="-"
    median=$(median < "$3")
    maximum=$(sort -g "$3" | tail -n 1)
    if [ -n "${4:-}" ]; then sync=$(median < "$4"); fi
    rows+=("$(printf '%-14s %-24s %7s %8s %8s %12s %10s %10s' "$1" "$2" "$FILES" "$WRITTEN" "$REMOVED" "$median" "$maximum" "$sync")")
}

# measure SITE PROJECT OUTPUT: the three scenarios, RUNS times each.
measure() {
    local site="$1" project="$2" output="$3" run
    : > "$WORK/first"; : > "$WORK/every"; : > "$WORK/sync"; : > "$WORK/same"
    for run in $(seq 1 "$RUNS"); do
        rm -rf "$output"; sync
        build "$project" "$output" /a/; echo "$APPLY_MS" >> "$WORK/first"
    done
    row "$site" "first build" "$WORK/first"
    local base=/a/
    for run in $(seq 1 "$RUNS"); do
        if [ "$base" = /a/ ]; then base=/b/; else base=/a/; fi
        sync
        build "$project" "$output" "$base"; echo "$APPLY_MS" >> "$WORK/every"
        sync_ms >> "$WORK/sync"
    done
    row "$site" "every page" "$WORK/every" "$WORK/sync"
    for run in $(seq 1 "$RUNS"); do
        build "$project" "$output" "$base"; echo "$APPLY_MS" >> "$WORK/same"
    done
    row "$site" "nothing changed" "$WORK/same"
}

# measure_on_own_mount SITE PROJECT: "every page" with the output folder on its own tmpfs mount.
measure_on_own_mount() {
    local site="$1" project="$2" mountpoint="$WORK/mount-$1" unshare=()
    [ "$SKIP_MOUNT" != 1 ] || return 0
    if unshare --mount --map-root-user true 2>/dev/null; then unshare=(unshare --mount --map-root-user)
    elif unshare --mount true 2>/dev/null; then unshare=(unshare --mount)
    else say "$BENCHMARK: unshare is not permitted here: no tmpfs rows"; return 0; fi
    mkdir -p "$mountpoint"
    # In the namespace: mount a tmpfs on the output folder, build /a/ once, then alternate RUNS times.
    # Each line printed is "APPLY_MS FILES WRITTEN REMOVED".
    "${unshare[@]}" bash -c '
        set -eu
        mount -t tmpfs roadtrip-apply "$3"
        base=/a/
        for run in $(seq 0 "$4"); do
            "$1" build --source "$2" --output "$3" --base-url "$base" --verbose > "$5" 2>&1 || { cat "$5" >&2; exit 1; }
            if [ "$run" -gt 0 ]; then
                apply=$(sed -n "s/^ *apply phase ([^)]*): \([0-9.]*\) ms$/\1/p" "$5")
                write=$(grep "^\[[0-9]*/[0-9]*\] write-output: " "$5" | tr -d ,)
                echo "$apply $(sed "s/^\[[0-9]*\/[0-9]*\] write-output: \([0-9]*\) files\{0,1\} (\([0-9]*\) written.* \([0-9]*\) removed).*/\1 \2 \3/" <<< "$write")"
            fi
            if [ "$base" = /a/ ]; then base=/b/; else base=/a/; fi
        done
        # Only the manifest may stay: a staging folder or lock file left behind is printed.
        ls -A "$3" | grep "^\.roadtrip-" | grep -vx "\.roadtrip-manifest" | sed "s|^|apply-window: left in the output folder: |" >&2 || true
    ' _ "$ROADTRIP" "$project" "$mountpoint" "$RUNS" "$WORK/mount.log" > "$WORK/mount.lines"
    awk '{ print $1 }' "$WORK/mount.lines" > "$WORK/mount.apply"
    read -r _ FILES WRITTEN REMOVED < <(tail -n 1 "$WORK/mount.lines")
    row "$site" "every page, own tmpfs" "$WORK/mount.apply"
}

# --- the sample site --------------------------------------------------------------------------------
sample="$WORK/sample"
mkdir -p "$sample"
cp -R "$REPO/Destinations" "$sample/Destinations"
cp -R "$REPO/Themes" "$sample/Themes"
say "$BENCHMARK: sample site x$RUNS"
measure sample "$sample" "$WORK/out-sample"
measure_on_own_mount sample "$sample"

# --- the synthetic site -----------------------------------------------------------------------------
synthetic="$WORK/synthetic"
mkdir -p "$synthetic/Themes"
cp -R "$REPO/Themes/default" "$synthetic/Themes/default"
say "$BENCHMARK: generating $N destinations"
python3 "$REPO/Benchmarks/generate-destinations.py" "$synthetic/Destinations" "$N" "$SEED"
printf 'title: "Road Trip benchmark"\nlanguage: "en"\n' > "$synthetic/Destinations/site.yaml"
say "$BENCHMARK: $N destinations x$RUNS"
measure "synthetic-$N" "$synthetic" "$WORK/out-synthetic"
measure_on_own_mount "synthetic-$N" "$synthetic"

printf '# apply phase of roadtrip build (%s), median and maximum of %s runs, %s CPU(s), %s\n' \
    "$("$ROADTRIP" --version)" "$RUNS" "$(nproc)" "$(df -T "$WORK" | awk 'NR == 2 { print $2 }')"
printf '# apply ms: from the first change to the output folder to the last (the build'"'"'s own timing)\n'
printf '# sync ms: `sync` right after the build, what flushing its writes costs\n'
printf '%-14s %-24s %7s %8s %8s %12s %10s %10s\n' site scenario files written removed "apply ms" "max ms" "sync ms"
for line in "${rows[@]}"; do printf '%s\n' "$line"; done
