#!/usr/bin/env bash
# Benchmarks/compare-hugo.sh — roadtrip against Hugo on the same synthetic Markdown, in the same run.
#
# For each N in $SIZES (default: 250 1000 4000) this script
#   1. generates N synthetic destinations (deterministic: seeded pseudo-random numbers, so a given
#      SEED and N always give byte-identical files), each an index.md with YAML front matter
#      (title, subtitle, latitude, longitude, date, order, tags, weather, events, 5 inline POIs)
#      and about 300 words of Markdown (headings, lists, links, emphasis, quotes, dashes);
#   2. lays the same files out twice: as a roadtrip project (Destinations/<slug>/index.md plus a copy of
#      the repository's Themes/default) and as a Hugo site (content/destinations/<slug>/index.md plus a
#      minimal theme written below: title, subtitle, body, POI list from front matter, home page list);
#   3. builds each once untimed (filling Hugo's --cacheDir and roadtrip's basemap tile cache, as a
#      site's first build does), then $RUNS times (default 3) into a fresh output folder each (clean),
#      the two builders in turn (A B, B A, …: the same state of the file system for both), then each
#      $RUNS times over the previous output (rebuild) under /usr/bin/time, and
#   4. builds each $RUNS times more after adding one sentence to one destination's index.md before
#      each run (edit: what an author waits for after saving a page; roadtrip makes that page from
#      its last file and skips its other steps), and $RUNS times after changing that destination's
#      title instead (retitle: a change other pages show; roadtrip runs every step), and
#   5. prints the median wall time per page (ms/page), the median whole edit and retitle builds (ms),
#      the median peak resident memory (MB), the ratio roadtrip/Hugo of the time per page (below 1:
#      roadtrip is faster), and roadtrip's stage lines of its median clean, rebuild, edit and retitle runs.
#
# "pages" is N destination pages + 1 home page: the pages both builders render from the content.
# Each builder also writes files the other does not (roadtrip: SVG maps and GeoJSON; Hugo: sitemap);
# they are part of the measured build.
#
# Environment:
#   SIZES="250 1000 4000"  destination counts       RUNS=3         builds per builder and size
#   SEED=2025              generator seed           SKIP_ROADTRIP=1 / SKIP_HUGO=1  measure one side only
#   ROADTRIP=/path/to/roadtrip   use this binary instead of `swift build -c release --product roadtrip --static-swift-stdlib`, as ./run builds it
#   KEEP_TMP=1             keep the temporary work folder (its path is printed)
#   BIG_INPUTS=0           leave out the big-input benchmarks run after the table (by default this
#                          script also runs Benchmarks/triplog-throughput.sh — the 1,000,000-point log,
#                          roadtrip and the xmllint floor only, and its one-destination site build —
#                          and Benchmarks/photo-thumbnails.sh with the same binary, and prints their
#                          tables, so that a speed-up of small pages is never paid by big inputs)
#   BIG_RUNS=3             runs of each big-input benchmark
#
# Needs: bash, python3, /usr/bin/time (Debian package `time`), hugo (Debian package `hugo`), and for the
# roadtrip half the Swift toolchain. Missing Debian packages are installed with apt-get.
set -euo pipefail

SIZES="${SIZES:-250 1000 4000}"
RUNS="${RUNS:-3}"
SEED="${SEED:-2025}"
SKIP_ROADTRIP="${SKIP_ROADTRIP:-0}"
SKIP_HUGO="${SKIP_HUGO:-0}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="compare-hugo"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

require_positive_integer RUNS
for n in $SIZES; do case "$n" in ''|*[!0-9]*|0*) die "SIZES must be positive integers, got '$n'";; esac; done

# --- tools -------------------------------------------------------------------------------------------
need=()
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ "$SKIP_HUGO" != 1 ] && ! command -v hugo >/dev/null 2>&1; then need+=(hugo); fi
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"

if [ "$SKIP_ROADTRIP" != 1 ]; then
    [ -d "$REPO/Themes/default" ] || die "$REPO/Themes/default is missing: roadtrip needs its default theme (or set SKIP_ROADTRIP=1)"
    [ -n "${ROADTRIP:-}" ] || build_release_roadtrip
    [ -x "$ROADTRIP" ] || die "roadtrip binary not found at $ROADTRIP"
fi

# --- work folder, removed on exit ------------------------------------------------------------------------
make_work_folder roadtrip-bench

# --- the generator: Benchmarks/generate-destinations.py (seeded; shared with apply-window.sh) -------------

# --- the Hugo site skeleton (minimal theme equivalent to what the default roadtrip theme shows) -----------
make_hugo_site() {  # $1: site folder
    local site="$1" layouts="$1/themes/minimal/layouts"
    mkdir -p "$layouts/_default" "$site/content/destinations"
    cat > "$site/config.toml" <<'TOML'
baseURL = "/"
languageCode = "en"
title = "Road Trip benchmark"
theme = "minimal"
# Only what roadtrip also renders from the content: destination pages, a home page, 404 and sitemap.
disableKinds = ["taxonomy", "term", "RSS", "section"]
[permalinks]
  destinations = "/:filename/"
[markup.goldmark.renderer]
  unsafe = false
TOML
    cat > "$layouts/_default/baseof.html" <<'HTML'
<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if not .IsHome }}{{ .Title }} · {{ end }}{{ .Site.Title }}</title>
</head>
<body>
<header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
HTML
    cat > "$layouts/_default/single.html" <<'HTML'
{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
{{ with .Params.subtitle }}<p class="subtitle">{{ . }}</p>{{ end }}
<p class="coordinate">{{ .Params.latitude }}, {{ .Params.longitude }}</p>
{{ .Content }}
{{ with .Params.pois }}
<h2>Points of interest</h2>
<ul class="pois">
{{ range . }}<li>{{ .title }}{{ with .subtitle }} — {{ . }}{{ end }} <span class="coordinate">{{ .latitude }}, {{ .longitude }}</span></li>
{{ end }}</ul>
{{ end }}
{{ with .Params.events }}
<h2>Events</h2>
<ul class="events">{{ range . }}<li><a href="{{ .url }}">{{ .title }}</a></li>{{ end }}</ul>
{{ end }}
{{ with .Params.weather }}<p><a href="{{ . }}">Weather</a></p>{{ end }}
</article>
{{ end }}
HTML
    cat > "$layouts/index.html" <<'HTML'
{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
<ul class="destinations">
{{ range (where .Site.RegularPages "Section" "destinations").ByParam "order" }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ with .Params.subtitle }} — {{ . }}{{ end }}</li>
{{ end }}</ul>
{{ end }}
HTML
    cat > "$layouts/_default/list.html" <<'HTML'
{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
HTML
    cat > "$layouts/404.html" <<'HTML'
{{ define "main" }}<h1>Page not found</h1><p><a href="{{ "/" | relURL }}">All destinations</a></p>{{ end }}
HTML
}

# --- measuring ---------------------------------------------------------------------------------------------

# run_timed NAME FOLDER RUN EXPECTED_PAGES -- COMMAND...   one timed build of COMMAND, @OUT@ in its
# arguments replaced by FOLDER, under /usr/bin/time; its seconds and peak KB are appended to NAME's
# records ($WORK/NAME.seconds, $WORK/NAME.kb) and its output kept in $WORK/NAME.RUN.log. The first run
# checks that at least EXPECTED_PAGES index.html files were written (a build that wrote nothing must
# not pass as a fast one).
run_timed() {
    local name="$1" folder="$2" run="$3" expected="$4"; shift 5
    local timing="$WORK/time.txt" log="$WORK/$name.$run.log" seconds kb pages
    sync
    if ! /usr/bin/time -f '%e %M' -o "$timing" "${@//@OUT@/$folder}" > "$log" 2>&1; then
        say "compare-hugo: $name failed (run $run):"; tail -n 20 "$log" >&2; cat "$timing" >&2; exit 1
    fi
    tail -n 1 "$timing" > "$timing.last"
    read -r seconds kb < "$timing.last" || die "cannot read $timing"
    printf '%s %s\n' "$seconds" "$run" >> "$WORK/$name.seconds"; echo "$kb" >> "$WORK/$name.kb"
    if [ "$run" -eq 1 ]; then
        pages=$( (find "$folder" -name index.html 2>/dev/null || true) | wc -l)
        [ "$pages" -ge "$expected" ] || die "$name wrote $pages index.html files, expected at least $expected"
    fi
}

# warm_up NAME FOLDER -- COMMAND...   one untimed build of COMMAND into FOLDER (@OUT@), its output in
# $WORK/NAME.warmup.log.
warm_up() {
    local name="$1" folder="$2"; shift 3
    if ! "${@//@OUT@/$folder}" > "$WORK/$name.warmup.log" 2>&1; then
        say "compare-hugo: $name failed (warm-up):"; tail -n 20 "$WORK/$name.warmup.log" >&2; exit 1
    fi
}

# medians NAME   sets MEDIAN_SECONDS, MEDIAN_KB and MEDIAN_LOG (the output of the run whose time is the
# median) from NAME's records.
medians() {
    local name="$1" run
    MEDIAN_SECONDS=$(awk '{ print $1 }' "$WORK/$name.seconds" | median)
    MEDIAN_KB=$(median < "$WORK/$name.kb")
    run=$(sort -n "$WORK/$name.seconds" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
    MEDIAN_LOG="$WORK/$name.$run.log"
}

# measure NAME OUTPUT_DIR EXPECTED_PAGES MODE -- COMMAND...   sets MEDIAN_SECONDS, MEDIAN_KB and MEDIAN_LOG
# The command's arguments may contain @OUT@, replaced by the run's output folder. One untimed build
# first, then $RUNS timed ones over the previous output:
# MODE "rebuild": with the content unchanged (the edit-and-rebuild loop of an author; roadtrip skips
#   files whose bytes did not change, Hugo rewrites them).
# MODE "edit": as "rebuild", but before each run one sentence is appended to the Markdown file
#   $EDIT_FILE (one destination's index.md): the rebuild after an author saved one page.
# MODE "retitle": as "edit", but the destination's title is changed instead (front matter: its
#   neighbours' pagers, the home page, the feed and the maps show it; roadtrip runs every step).
# Clean builds are measured by measure_clean, both builders in turn.
measure() {
    local name="$1" output="$2" expected="$3" mode="$4"; shift 5
    local run
    : > "$WORK/$name.seconds"; : > "$WORK/$name.kb"
    rm -rf "$output"
    warm_up "$name" "$output" -- "$@"
    for run in $(seq 1 "$RUNS"); do
        [ "$mode" != edit ] || printf '\nA sentence added before run %s.\n' "$run" >> "$EDIT_FILE"
        [ "$mode" != retitle ] || sed -i "s/^title: .*/title: Retitled $run/" "$EDIT_FILE"
        run_timed "$name" "$output" "$run" "$expected" -- "$@"
    done
    medians "$name"
}

# measure_clean EXPECTED_PAGES   the clean builds of both builders: CLEAN_NAMES[i] runs the command
# CLEAN_COMMAND_<i> (an array; @OUT@ is its output folder) into CLEAN_OUTPUTS[i].<run>, a fresh folder
# each run, never one just deleted (on this VM, ext4 with discard, creating files where a tree was just
# deleted is up to ten times slower; nothing is deleted before the script ends, see below). First one
# untimed build of each into a folder of its own, as Hugo's --cacheDir and roadtrip's basemap tiles are
# filled by a site's first build; then the timed runs alternate between the builders (A B, B A, A B, …),
# so that both meet the same state of the file system: creating the cache's thousands of files, or
# the previous builder's output, slows the next few builds on this VM, whichever builder runs them.
measure_clean() {
    local expected="$1" run index order
    for index in "${!CLEAN_NAMES[@]}"; do
        : > "$WORK/${CLEAN_NAMES[$index]}.seconds"; : > "$WORK/${CLEAN_NAMES[$index]}.kb"
        local -n warm="CLEAN_COMMAND_$index"
        warm_up "${CLEAN_NAMES[$index]}" "${CLEAN_OUTPUTS[$index]}.warmup" -- "${warm[@]}"
        unset -n warm
    done
    for run in $(seq 1 "$RUNS"); do
        order=("${!CLEAN_NAMES[@]}")
        if [ $((run % 2)) -eq 0 ]; then order=($(printf '%s\n' "${order[@]}" | sort -rn)); fi
        for index in "${order[@]}"; do
            local -n timed="CLEAN_COMMAND_$index"
            run_timed "${CLEAN_NAMES[$index]}" "${CLEAN_OUTPUTS[$index]}.$run" "$run" "$expected" -- "${timed[@]}"
            unset -n timed
        done
    done
    # The clean runs' folders stay until the script ends (make_work_folder's exit trap): ext4 allocates inodes slowly
    # for minutes after a large tree is deleted (recently_deleted() in the kernel's inode
    # allocator was 35 % of a 250-destination build's samples measured right after a deletion),
    # which would slow whichever builder runs next — deleting nothing until the end keeps every
    # run, of either builder, on the same footing.
}

rows=(); stages=()
for n in $SIZES; do
    say "compare-hugo: N=$n: generating"
    python3 "$REPO/Benchmarks/generate-destinations.py" "$WORK/content-$n" "$n" "$SEED"
    pages=$((n + 1))
    rt_ms="n/a"; rt_mb="n/a"; hugo_ms="n/a"; hugo_mb="n/a"; ratio="n/a"
    rt_rebuild_ms="n/a"; hugo_rebuild_ms="n/a"; rebuild_ratio="n/a"; rt_edit_ms="n/a"; hugo_edit_ms="n/a"
    rt_retitle_ms="n/a"; hugo_retitle_ms="n/a"
    # The destination an author edits between the "edit" runs: the first one generated.
    edited="$(cd "$WORK/content-$n" && for d in */; do [ -f "$d/index.md" ] && { printf '%s' "${d%/}"; break; }; done)"
    [ -n "$edited" ] || die "no destination to edit in $WORK/content-$n"

    # Both builders' sources first, then their clean builds in turn (measure_clean), then each
    # one's rebuilds, edits and retitles.
    CLEAN_NAMES=(); CLEAN_OUTPUTS=(); CLEAN_COMMAND_0=(); CLEAN_COMMAND_1=()
    project="$WORK/roadtrip-$n"; site="$WORK/hugo-$n"
    # Each builder's command, the same for all its runs (a clean one adds roadtrip's --no-cache).
    roadtrip_build=("${ROADTRIP:-}" build --source "$project" --output @OUT@)
    hugo_build=(hugo --source "$site" --destination @OUT@ --cacheDir "$WORK/hugo-cache" --quiet)
    if [ "$SKIP_ROADTRIP" != 1 ]; then
        make_roadtrip_project "$project"
        cp -R "$WORK/content-$n/." "$project/Destinations/"
        # Without --quiet: the stage lines of the median run are printed after the table. A clean
        # build reads nothing the previous runs stored in .roadtrip-cache/build/ (--no-cache: it
        # still stores its own, as a first build does); the basemap's tiles come from their cache,
        # filled by the warm-up build, as Hugo's --cacheDir serves its resources.
        declare -n rt_clean="CLEAN_COMMAND_${#CLEAN_NAMES[@]}"
        rt_clean=("${roadtrip_build[@]}" --no-cache)
        unset -n rt_clean
        CLEAN_NAMES+=("roadtrip-$n"); CLEAN_OUTPUTS+=("$WORK/out-roadtrip-$n")
    fi
    if [ "$SKIP_HUGO" != 1 ]; then
        make_hugo_site "$site"
        cp -R "$WORK/content-$n/." "$site/content/destinations/"
        declare -n hugo_clean="CLEAN_COMMAND_${#CLEAN_NAMES[@]}"
        hugo_clean=("${hugo_build[@]}")
        unset -n hugo_clean
        CLEAN_NAMES+=("hugo-$n"); CLEAN_OUTPUTS+=("$WORK/out-hugo-$n")
    fi
    say "compare-hugo: N=$n: clean builds x$RUNS (${CLEAN_NAMES[*]}, in turn)"
    measure_clean "$pages"

    if [ "$SKIP_ROADTRIP" != 1 ]; then
        medians "roadtrip-$n"
        rt_ms=$(awk -v s="$MEDIAN_SECONDS" -v p="$pages" 'BEGIN { printf "%.3f", s * 1000 / p }')
        rt_mb=$(awk -v k="$MEDIAN_KB" 'BEGIN { printf "%.1f", k / 1024 }')
        stages+=("N=$n, clean (median run):" "$(grep -E '^\[[0-9]+/[0-9]+\]' "$MEDIAN_LOG" | sed 's/^/    /')")
        say "compare-hugo: N=$n: roadtrip rebuild, edit, retitle x$RUNS"
        measure "roadtrip-$n-rebuild" "$WORK/out-roadtrip-$n" "$pages" rebuild -- "${roadtrip_build[@]}"
        rt_rebuild_ms=$(awk -v s="$MEDIAN_SECONDS" -v p="$pages" 'BEGIN { printf "%.3f", s * 1000 / p }')
        stages+=("N=$n, rebuild (median run):" "$(grep -E '^\[[0-9]+/[0-9]+\]' "$MEDIAN_LOG" | sed 's/^/    /')")
        EDIT_FILE="$project/Destinations/$edited/index.md"
        measure "roadtrip-$n-edit" "$WORK/out-roadtrip-$n" "$pages" edit -- "${roadtrip_build[@]}"
        rt_edit_ms=$(awk -v s="$MEDIAN_SECONDS" 'BEGIN { printf "%.0f", s * 1000 }')
        stages+=("N=$n, one destination edited (median run):" "$(grep -E '^\[[0-9]+/[0-9]+\]' "$MEDIAN_LOG" | sed 's/^/    /')")
        measure "roadtrip-$n-retitle" "$WORK/out-roadtrip-$n" "$pages" retitle -- "${roadtrip_build[@]}"
        rt_retitle_ms=$(awk -v s="$MEDIAN_SECONDS" 'BEGIN { printf "%.0f", s * 1000 }')
        stages+=("N=$n, one destination retitled (median run):" "$(grep -E '^\[[0-9]+/[0-9]+\]' "$MEDIAN_LOG" | sed 's/^/    /')")
    fi

    if [ "$SKIP_HUGO" != 1 ]; then
        medians "hugo-$n"
        hugo_ms=$(awk -v s="$MEDIAN_SECONDS" -v p="$pages" 'BEGIN { printf "%.3f", s * 1000 / p }')
        hugo_mb=$(awk -v k="$MEDIAN_KB" 'BEGIN { printf "%.1f", k / 1024 }')
        say "compare-hugo: N=$n: hugo rebuild, edit, retitle x$RUNS"
        measure "hugo-$n-rebuild" "$WORK/out-hugo-$n" "$pages" rebuild -- "${hugo_build[@]}"
        hugo_rebuild_ms=$(awk -v s="$MEDIAN_SECONDS" -v p="$pages" 'BEGIN { printf "%.3f", s * 1000 / p }')
        EDIT_FILE="$site/content/destinations/$edited/index.md"
        measure "hugo-$n-edit" "$WORK/out-hugo-$n" "$pages" edit -- "${hugo_build[@]}"
        hugo_edit_ms=$(awk -v s="$MEDIAN_SECONDS" 'BEGIN { printf "%.0f", s * 1000 }')
        measure "hugo-$n-retitle" "$WORK/out-hugo-$n" "$pages" retitle -- "${hugo_build[@]}"
        hugo_retitle_ms=$(awk -v s="$MEDIAN_SECONDS" 'BEGIN { printf "%.0f", s * 1000 }')
    fi

    if [ "$rt_ms" != "n/a" ] && [ "$hugo_ms" != "n/a" ]; then
        ratio=$(awk -v a="$rt_ms" -v b="$hugo_ms" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
        rebuild_ratio=$(awk -v a="$rt_rebuild_ms" -v b="$hugo_rebuild_ms" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
    fi
    rows+=("$n $pages $rt_ms $hugo_ms $ratio $rt_rebuild_ms $hugo_rebuild_ms $rebuild_ratio $rt_edit_ms $hugo_edit_ms $rt_retitle_ms $hugo_retitle_ms $rt_mb $hugo_mb")
done

hugo_version="skipped"; [ "$SKIP_HUGO" = 1 ] || hugo_version="$(hugo version | awk '{ print $2 }')"
printf '# roadtrip vs Hugo %s — median of %s builds, seed %s, %s CPU(s)\n' "$hugo_version" "$RUNS" "$SEED" "$(nproc)"
printf '# clean: into a fresh output folder each run; rebuild: over the previous output, content unchanged;\n'
printf '# edit: over the previous output after one sentence was added to one destination (whole build, ms);\n'
printf '# retitle: the same after that destination'"'"'s title changed (whole build, ms)\n'
format='%6s %6s %14s %12s %6s %16s %14s %8s %13s %10s %16s %13s %10s %10s\n'
# shellcheck disable=SC2059
printf "$format" N pages "clean roadtrip" "clean hugo" ratio "rebuild roadtrip" "rebuild hugo" ratio "edit roadtrip" "edit hugo" \
    "retitle roadtrip" "retitle hugo" "roadtrip MB" "hugo MB"
# shellcheck disable=SC2059
printf "$format" "" "" "ms/page" "ms/page" "" "ms/page" "ms/page" "" "ms" "ms" "ms" "ms" "peak" "peak"
for row in "${rows[@]}"; do
    # shellcheck disable=SC2086,SC2059
    printf "$format" $row
done
if [ ${#stages[@]} -gt 0 ]; then
    printf '\n# roadtrip stage lines\n'
    printf '%s\n' "${stages[@]}"
fi

# --- big inputs, in the same run: the trip-log and photo benchmarks -------------------------------------------
if [ "${BIG_INPUTS:-1}" != 0 ] && [ "$SKIP_ROADTRIP" != 1 ]; then
    say "compare-hugo: big inputs (BIG_INPUTS=0 leaves them out)"
    printf '\n# big inputs (Benchmarks/triplog-throughput.sh, Benchmarks/photo-thumbnails.sh)\n'
    RUNS="${BIG_RUNS:-3}" ROADTRIP="$ROADTRIP" SKIP_GPXPY=1 SKIP_GPSBABEL=1 bash "$REPO/Benchmarks/triplog-throughput.sh"
    benchmarks="${BENCHMARKS:-$(dirname "$ROADTRIP")/roadtrip-benchmarks}"
    if [ ! -x "$benchmarks" ]; then
        say "compare-hugo: swift build -c release --product roadtrip-benchmarks --static-swift-stdlib"
        (cd "$REPO" && swift build -c release --product roadtrip-benchmarks --static-swift-stdlib >&2)
        benchmarks="$REPO/.build/release/roadtrip-benchmarks"
    fi
    BENCHMARKS="$benchmarks" bash "$REPO/Benchmarks/photo-thumbnails.sh"
fi
