# Benchmarks/common.sh — helpers shared by the benchmark scripts (sourced, not run).
# Before sourcing, set BENCHMARK to the script's name; it prefixes every message.

# say TEXT…: a progress line on standard error (the result table goes to standard output).
say() { printf '%s\n' "$*" >&2; }

# die TEXT…: the message, then exit 1.
die() { say "$BENCHMARK: $*"; exit 1; }

# require_positive_integer NAME: dies unless the variable NAME holds a positive decimal integer.
require_positive_integer() {
    local value="${!1}"
    # Decimal digits without a leading zero: "0", "00" and "010" are refused.
    case "$value" in ''|*[!0-9]*|0*) die "$1 must be a positive integer, got '$value'";; esac
}

# apt_install PACKAGE…: installs Debian packages, through sudo when not root.
apt_install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    say "$BENCHMARK: installing Debian packages: $*"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# median < NUMBERS: the median of one number per line (the mean of the middle two for an even count).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# build_release_roadtrip: sets ROADTRIP to a release build of the repository's roadtrip, linked as
# ./run links it (swift build -c release --product roadtrip --static-swift-stdlib).
build_release_roadtrip() {
    say "$BENCHMARK: swift build -c release --product roadtrip --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip --static-swift-stdlib >&2)
    ROADTRIP="$REPO/.build/release/roadtrip"
}

# make_roadtrip_project FOLDER: an empty roadtrip project there — Destinations/site.yaml (title,
# language en) and a copy of the repository's Themes/default — for a benchmark's destinations.
make_roadtrip_project() {
    mkdir -p "$1/Destinations" "$1/Themes"
    cp -R "$REPO/Themes/default" "$1/Themes/default"
    printf 'title: "Road Trip benchmark"\nlanguage: "en"\n' > "$1/Destinations/site.yaml"
}

# make_work_folder PREFIX: sets WORK to a new temporary folder ($TMPDIR or /tmp, PREFIX.XXXXXX),
# removed when the script exits — kept, and its path printed, with KEEP_TMP=1 — and makes Ctrl-C
# exit with status 130.
make_work_folder() {
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")"
    trap 'if [ "${KEEP_TMP:-0}" = 1 ]; then say "$BENCHMARK: kept $WORK"; else rm -rf "$WORK"; fi' EXIT
    trap 'exit 130' INT TERM
}
