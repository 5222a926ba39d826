#!/usr/bin/env bash
# instruction-count.sh — the user-space instructions of a clean build, counted by valgrind's
# callgrind: a measure of a change's CPU work that does not move with the VM's noise (wall time on
# this project's VM moves by a third within the hour: see README, "Tests and benchmarks"), for
# comparing two binaries of roadtrip on the same synthetic site.
#
# For N synthetic destinations (Benchmarks/generate-destinations.py, the generator compare-hugo.sh
# uses), it builds the site once with each binary (untimed: fills the basemap's tile cache), then
# RUNS times each, alternating, under callgrind — `roadtrip build -q --no-cache` into a new folder,
# each binary on its own copy of the project — and prints each run's total, each binary's median
# and, with a BASELINE, the ratio of the medians (below 1: fewer instructions than the baseline).
# The counts are of user space only (the kernel's file creation, page faults and the like are not
# in them) and of all threads together; two runs of one binary agree within 0.1 %.
#
# The binaries are copied with `strip -g` first: Debian 12's valgrind 3.19 cannot read the DWARF 5
# debug information the Swift toolchain writes (the function names stay, in the symbol table).
#
# Environment:
#   ROADTRIP=/path/to/roadtrip   the binary to count (default: swift build -c release --product
#                                roadtrip --static-swift-stdlib, as ./run builds it)
#   BASELINE=/path/to/roadtrip   a second binary to compare with (optional)
#   N=250      synthetic destinations        RUNS=2     counted builds per binary
#   SEED=2025  generator seed                KEEP_TMP=1 keep the work folder (path printed)
#
# Needs: bash, python3, valgrind and binutils (Debian packages, installed with apt-get when missing).
# Prints one table on standard output, progress on standard error. About 20 s a counted build at
# N=250 on this project's VM.
set -euo pipefail

N="${N:-250}"
RUNS="${RUNS:-2}"
SEED="${SEED:-2025}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="instruction-count"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

require_positive_integer N
require_positive_integer RUNS

need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
command -v strip >/dev/null 2>&1 || need+=(binutils)
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"

[ -n "${ROADTRIP:-}" ] || build_release_roadtrip
{ [ -f "$ROADTRIP" ] && [ -x "$ROADTRIP" ]; } || die "roadtrip binary not found at $ROADTRIP"
[ -z "${BASELINE:-}" ] || { [ -f "$BASELINE" ] && [ -x "$BASELINE" ]; } || die "baseline binary not found at $BASELINE"
[ -d "$REPO/Themes/default" ] || die "$REPO/Themes/default is missing"

make_work_folder roadtrip-instructions

say "$BENCHMARK: generating $N destinations"
python3 "$REPO/Benchmarks/generate-destinations.py" "$WORK/content" "$N" "$SEED"

# The binaries measured: "roadtrip", and "baseline" when given.
names=(roadtrip); binaries=("$ROADTRIP")
if [ -n "${BASELINE:-}" ]; then names+=(baseline); binaries+=("$BASELINE"); fi
for i in "${!names[@]}"; do
    name="${names[$i]}"
    strip -g -o "$WORK/$name" "${binaries[$i]}"
    make_roadtrip_project "$WORK/project-$name"
    cp -R "$WORK/content/." "$WORK/project-$name/Destinations/"
    say "$BENCHMARK: $name: untimed build (fills the basemap's tile cache)"
    "$WORK/$name" build -q --source "$WORK/project-$name" --output "$WORK/warm-$name" \
        || die "$name: the untimed build failed"
done

printf '%-10s %4s %16s\n' binary run instructions
for run in $(seq "$RUNS"); do
    for i in "${!names[@]}"; do
        name="${names[$i]}"
        say "$BENCHMARK: $name: counted build $run of $RUNS"
        valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.$run.callgrind" \
            "$WORK/$name" build -q --no-cache --source "$WORK/project-$name" --output "$WORK/out-$name-$run" \
            > "$WORK/$name.$run.log" 2>&1 || { tail -n 20 "$WORK/$name.$run.log" >&2; die "$name: counted build $run failed"; }
        total=$(sed -nE 's/^==[0-9]+== Collected : ([0-9]+)$/\1/p' "$WORK/$name.$run.log")
        [ -n "$total" ] || die "$name: callgrind printed no total (see $WORK/$name.$run.log)"
        echo "$total" >> "$WORK/$name.totals"
        printf '%-10s %4s %16s\n' "$name" "$run" "$total"
        # The output stays until the end: removing it unlinks its tiles, which changes their cache
        # files' status-change times, and the next build would read and check them all again.
    done
done

roadtrip_median=$(median < "$WORK/roadtrip.totals")
builds="counted build"; [ "$RUNS" = 1 ] || builds="counted builds"
printf '\n%s destinations, %s %s each: roadtrip median %.0f instructions\n' "$N" "$RUNS" "$builds" "$roadtrip_median"
if [ -n "${BASELINE:-}" ]; then
    baseline_median=$(median < "$WORK/baseline.totals")
    awk -v a="$roadtrip_median" -v b="$baseline_median" \
        'BEGIN { printf "baseline median %.0f instructions; roadtrip / baseline = %.4f\n", b, a / b }'
fi
