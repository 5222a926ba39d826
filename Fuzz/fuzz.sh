#!/bin/sh
# Runs roadtrip's libFuzzer harnesses (README.md, "Fuzzing"); `./run fuzz` calls it.
#
#   Fuzz/fuzz.sh [SECONDS] [HARNESS...] [-libFuzzerFlag...]
#
# Builds Fuzz/ (SwiftPM, release, -sanitize=fuzzer,address) into .build/fuzz/build, then runs each
# named harness (default: all, in `roadtrip-fuzz list` order) for SECONDS seconds (default 10),
# one after the other, and prints one line per harness: executions, executions per second,
# coverage at the end (libFuzzer's cov: and ft:) and the crashes it found. Arguments starting
# with `-` go to libFuzzer (e.g. -fork=2 -ignore_crashes=1, -use_value_profile=1).
#
# Files, all under .build/fuzz/ (git-ignored):
#   corpus/<harness>/     the working corpus: libFuzzer adds what it finds; Fuzz/Corpus/<harness>/ seeds it
#   artifacts/<harness>/  crash-*, leak-*, timeout-*, oom-* inputs, kept across runs
#   logs/<harness>.log    libFuzzer's output of the last run
# Exit status: 0 when no harness crashed, 1 when one did (or failed to run), 2 for bad usage.
#
# ROADTRIP_FUZZ_CONFIGURATION=debug builds without optimisation (slower to fuzz, but the stack traces
# keep every frame).
set -eu
cd "$(dirname "$0")/.."

seconds=10
harnesses=""
flags=""
for argument in "$@"; do
    case "$argument" in
        -*) flags="$flags $argument" ;;
        *[!0-9]*) harnesses="$harnesses $argument" ;;
        *) seconds="$argument" ;;
    esac
done

configuration="${ROADTRIP_FUZZ_CONFIGURATION:-release}"
case "$configuration" in
    release | debug) ;;
    *) echo "fuzz: ROADTRIP_FUZZ_CONFIGURATION must be release or debug" >&2; exit 2 ;;
esac
scratch=.build/fuzz/build
echo "fuzz: building Fuzz/ ($configuration, -sanitize=fuzzer,address)"
# The build tool plugin's ThemeEmbedder is built with the same flags; LeakSanitizer would fail it
# for what its top-level code still holds at exit.
ASAN_OPTIONS=detect_leaks=0 swift build --package-path Fuzz --scratch-path "$scratch" -c "$configuration" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
binary="$scratch/$configuration/roadtrip-fuzz"

all=$("$binary" list)
[ -n "$harnesses" ] || harnesses="$all"
for harness in $harnesses; do
    case " $(echo $all) " in
        *" $harness "*) ;;
        *) echo "fuzz: no harness '$harness' (harnesses: $(echo $all))" >&2; exit 2 ;;
    esac
done

# The readers that take a file get it in memory: /dev/shm when it is there.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then tmp_base=/dev/shm; else tmp_base="${TMPDIR:-/tmp}"; fi
ROADTRIP_FUZZ_TMP=$(mktemp -d "$tmp_base/roadtrip-fuzz.XXXXXX")
trap 'rm -rf "$ROADTRIP_FUZZ_TMP"' EXIT
export ROADTRIP_FUZZ_TMP
# The Swift runtime's backtracer would take SIGABRT/SIGSEGV from libFuzzer's and ASan's handlers.
SWIFT_BACKTRACE=enable=no
LSAN_OPTIONS="suppressions=$(pwd)/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export SWIFT_BACKTRACE LSAN_OPTIONS

count_artifacts() {
    find "$1" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l | tr -d ' '
}

summary=.build/fuzz/summary.txt
mkdir -p .build/fuzz/logs
printf '%-24s %8s %12s %8s %7s %8s  %s\n' harness seconds executions exec/s cov ft crashes > "$summary"
failed=0
for harness in $harnesses; do
    corpus=.build/fuzz/corpus/$harness
    artifacts=.build/fuzz/artifacts/$harness
    log=.build/fuzz/logs/$harness.log
    mkdir -p "$corpus" "$artifacts" "Fuzz/Corpus/$harness"
    before=$(count_artifacts "$artifacts")
    started=.build/fuzz/logs/$harness.started
    touch "$started"  # artifacts newer than this are this run's
    echo "fuzz: $harness for ${seconds}s (log: $log)"
    status=0
    # shellcheck disable=SC2086 # $flags is a list of libFuzzer flags
    "$binary" "$harness" -max_total_time="$seconds" -timeout=30 -print_final_stats=1 \
        -dict="Fuzz/Dictionaries/$harness.dict" -artifact_prefix="$artifacts/" $flags \
        "$corpus" "Fuzz/Corpus/$harness" > "$log" 2>&1 || status=$?
    found=$(( $(count_artifacts "$artifacts") - before ))
    # The last status line (`#123 DONE cov: 1 ft: 2 … exec/s: 3`, or -fork's `#123: cov: …`).
    line=$(grep -E '^#[0-9]+:?[[:space:]].*cov: ' "$log" | tail -n 1 || true)
    field() { echo "$line" | sed -n "s|.* $1 \([0-9][0-9]*\).*|\1|p"; }
    executions=$(echo "$line" | sed -n 's/^#\([0-9][0-9]*\).*/\1/p')
    result="$found"
    if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then result="exit $status, see $log"; fi
    [ "$status" -eq 0 ] && [ "$found" -eq 0 ] || failed=1
    printf '%-24s %8s %12s %8s %7s %8s  %s\n' "$harness" "$seconds" "${executions:-?}" "$(field 'exec/s:')" \
        "$(field 'cov:')" "$(field 'ft:')" "$result" | tee -a "$summary"
    if [ "$found" -gt 0 ]; then
        find "$artifacts" -type f -newer "$started" | head -n 5 | sed 's/^/    new: /'
        grep -E 'broken promise|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|Fatal error|SUMMARY' "$log" | head -n 5 | sed 's/^/    /'
    fi
done
echo
cat "$summary"
if [ "$failed" -ne 0 ]; then
    echo "fuzz: crashes found; inputs in .build/fuzz/artifacts/<harness>/ (the README section Fuzzing says how to reproduce and minimise)" >&2
    exit 1
fi
