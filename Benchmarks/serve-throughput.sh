#!/usr/bin/env bash
# Benchmarks/serve-throughput.sh — `roadtrip serve` against `python3 -m http.server` and nginx on the
# same files, in the same run (issue 5, "Performance"), and the time from saving a Markdown file to
# the live-reload event.
#
# 1. Copies the repository's Destinations/ and Themes/ into a temporary project and builds it with
#    `roadtrip build`. For each target size (an HTML page of 10 KB, an SVG of 50 KB, a GeoJSON of
#    200 KB; KB = 1000 bytes) it takes the generated file of that kind closest in size, when one lies
#    within ±20 % of the target. Otherwise it adds a synthetic destination to the project and tunes it
#    until its file lies within ±5 %: `serve-benchmark-map` with N points of interest (its map.svg),
#    `serve-benchmark-track` with a trip log of N one-second fixes (its trips/drive/track.geojson).
#    The exact paths and byte sizes are printed. The files are never written into Output/ by hand
#    (`roadtrip serve --output DIR/Output` rebuilds Output/ when it starts).
# 2. Serves <project>/Output, one server at a time, each on a free port on 127.0.0.1:
#      roadtrip  `roadtrip serve --source DIR --output DIR/Output --port PORT --no-watch` (without
#                --output it would build into and serve DIR/.roadtrip-cache/serve/)
#      python    `python3 -m http.server PORT --bind 127.0.0.1 --directory DIR/Output`
#      nginx     a generated configuration (see make_nginx_conf: 2 workers with worker_processes auto,
#                sendfile on, access_log off), run as the current user with every path in the
#                temporary folder, so no system configuration is read or touched
#    checks that each server answers 200 with the file's bytes (roadtrip may add its live-reload script
#    to HTML pages), then runs `wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency` on each file.
# 3. Prints one row per server and file: requests/s, latency percentiles p50/p90/p99 (ms) and errors
#    (connect, read, write and timeout socket errors + HTTP status ≥ 400, as wrk counts them), then the
#    throughput ratios roadtrip/python and nginx/roadtrip per file, the servers' peak resident memory,
#    and PASS/FAIL for the issue's targets: zero errors, at least 10× Python's requests/s, and within
#    2× of nginx (nginx/roadtrip ≤ 2).
# 4. Reload: starts `roadtrip serve --source DIR --output DIR/Output --port PORT` (watching), follows
#    /__roadtrip/events (python3's http.client), appends a sentence to one destination's index.md EDITS times
#    (1 s apart) and prints the median time from the file's close to the `event: reload` line (ms).
#
# Environment:
#   DURATION=10      seconds of wrk per row      CONNECTIONS=32   wrk connections    THREADS=2  wrk threads
#   EDITS=5          reload measurements
#   ROADTRIP=/path/to/roadtrip           use this binary, skip swift build
#   SKIP_ROADTRIP=1 / SKIP_PYTHON=1 / SKIP_NGINX=1   leave a server out (roadtrip still builds the site)
#   SKIP_RELOAD=1                        skip the save → reload measurement
#   KEEP_TMP=1                           keep the temporary folder (project, wrk and server logs)
#
# Needs: bash, python3, curl, wrk (Debian `wrk`), nginx (Debian `nginx`), and the Swift toolchain unless
# ROADTRIP is set; missing Debian packages are installed with apt-get. Everything listens on 127.0.0.1
# only. Progress goes to standard error, the tables to standard output; the exit status is 0 when every
# measurement ran, whatever the verdict.
set -euo pipefail

DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
EDITS="${EDITS:-5}"
SKIP_ROADTRIP="${SKIP_ROADTRIP:-0}"
SKIP_PYTHON="${SKIP_PYTHON:-0}"
SKIP_NGINX="${SKIP_NGINX:-0}"
SKIP_RELOAD="${SKIP_RELOAD:-0}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="serve-throughput"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

for setting in "DURATION=$DURATION" "CONNECTIONS=$CONNECTIONS" "THREADS=$THREADS" "EDITS=$EDITS"; do
    case "${setting#*=}" in ''|*[!0-9]*|0) die "${setting%%=*} must be a positive integer, got '${setting#*=}'";; esac
done
[ "$THREADS" -le "$CONNECTIONS" ] || die "THREADS ($THREADS) must not exceed CONNECTIONS ($CONNECTIONS): wrk gives each thread at least one connection"

# --- tools -------------------------------------------------------------------------------------------
need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
if [ "$SKIP_NGINX" != 1 ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then need+=(nginx); fi
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

if [ -z "${ROADTRIP:-}" ]; then
    say "serve-throughput: swift build -c release --product roadtrip --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip --static-swift-stdlib >&2)
    ROADTRIP="$(cd "$REPO" && swift build -c release --show-bin-path)/roadtrip"
fi
[ -x "$ROADTRIP" ] || die "no roadtrip binary at $ROADTRIP"
for folder in Destinations Themes; do [ -d "$REPO/$folder" ] || die "$REPO/$folder is missing: the benchmark serves the sample site"; done

# --- work folder and servers, cleaned up on exit -----------------------------------------------------------
TMP="$(mktemp -d "${TMPDIR:-/tmp}/serve-throughput.XXXXXX")"
CHILD_PIDS=()

# stop_child PID: SIGTERM, up to 10 s to exit, then SIGKILL; forgets the PID (a server, wrk, reload.py).
stop_child() {
    local pid="$1" waited=0 kept=() other
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
        if kill -0 "$pid" 2>/dev/null; then say "serve-throughput: process $pid ignored SIGTERM for 10 s, sending SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
    fi
    wait "$pid" 2>/dev/null || true
    for other in ${CHILD_PIDS[@]+"${CHILD_PIDS[@]}"}; do [ "$other" = "$pid" ] || kept+=("$other"); done
    CHILD_PIDS=(${kept[@]+"${kept[@]}"})
}

# in_background OUTFILE ERRFILE COMMAND...: runs the command with standard output to OUTFILE and
# standard error to ERRFILE ("-": left as it is), and waits for it with `wait`, which a trapped signal
# interrupts at once (a foreground child would delay the trap until it ends).
in_background() {
    local out="$1" err="$2" pid status=0; shift 2
    if [ "$err" = - ]; then "$@" > "$out" & else "$@" > "$out" 2> "$err" & fi
    pid=$!
    CHILD_PIDS+=("$pid")
    wait "$pid" || status=$?
    stop_child "$pid"
    return "$status"
}

cleanup() {
    local pid
    for pid in ${CHILD_PIDS[@]+"${CHILD_PIDS[@]}"}; do stop_child "$pid"; done
    if [ "${KEEP_TMP:-0}" = 1 ]; then say "serve-throughput: kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PROJECT="$TMP/project"
OUTPUT="$PROJECT/Output"
mkdir -p "$PROJECT"
cp -R "$REPO/Destinations" "$REPO/Themes" "$PROJECT/"

# --- helpers in python3 ----------------------------------------------------------------------------------
cat > "$TMP/synthesize.py" <<'PY'
"""Write one synthetic destination into <project>/Destinations (deterministic for a given count).

    synthesize.py PROJECT pins COUNT    serve-benchmark-map: COUNT points of interest (its map.svg grows)
    synthesize.py PROJECT track COUNT   serve-benchmark-track: a GPX 1.1 trip log of COUNT fixes, one per
                                        second, about 20 m apart (its trips/drive/track.geojson grows)
"""
import datetime
import math
import os
import random
import sys

project, kind, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(2025)
METRES_PER_DEGREE = 111_195.0   # mean Earth radius 6371.0088 km × π / 180; only to step the path

if kind == "pins":
    folder = os.path.join(project, "Destinations", "serve-benchmark-map")
    os.makedirs(folder, exist_ok=True)
    lines = ["---", 'title: "Serve benchmark: map"', 'subtitle: "Synthetic points of interest"',
             "latitude: 46.95", "longitude: 7.45", "pois:"]
    for i in range(1, count + 1):
        lines += [f'  - title: "Stop {i}"', f'    subtitle: "Synthetic point {i}"',
                  f"    latitude: {46.95 + rng.uniform(-0.05, 0.05):.6f}",
                  f"    longitude: {7.45 + rng.uniform(-0.08, 0.08):.6f}"]
    lines += ["---", "", "A synthetic destination whose map is the SVG of the serve benchmark.", ""]
    with open(os.path.join(folder, "index.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
elif kind == "track":
    folder = os.path.join(project, "Destinations", "serve-benchmark-track")
    os.makedirs(os.path.join(folder, "trips"), exist_ok=True)
    with open(os.path.join(folder, "index.md"), "w", encoding="utf-8") as handle:
        handle.write('---\ntitle: "Serve benchmark: track"\nlatitude: 46.5\nlongitude: 7.5\n---\n\n'
                     "A synthetic destination whose trip log is the GeoJSON of the serve benchmark.\n")
    lat, lon, heading = 46.5, 7.5, 0.0
    start = datetime.datetime(2024, 6, 1, 6, 0, 0)
    points = []
    for i in range(count):
        heading = (heading + rng.gauss(0, 3)) % 360
        lat += 20 * math.cos(math.radians(heading)) / METRES_PER_DEGREE
        lon += 20 * math.sin(math.radians(heading)) / (METRES_PER_DEGREE * math.cos(math.radians(lat)))
        time = (start + datetime.timedelta(seconds=i)).isoformat()
        points.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><time>{time}Z</time></trkpt>\n')
    with open(os.path.join(folder, "trips", "drive.gpx"), "w", encoding="utf-8") as handle:
        handle.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                     '<gpx version="1.1" creator="serve-throughput.sh" xmlns="http://www.topografix.com/GPX/1/1">\n'
                     "  <trk>\n    <name>Synthetic drive</name>\n    <trkseg>\n")
        handle.writelines(points)
        handle.write("    </trkseg>\n  </trk>\n</gpx>\n")
else:
    sys.exit(f"synthesize.py: unknown kind {kind!r}")
PY

# Prints the save → `event: reload` latencies in milliseconds, one per line (details on standard error).
cat > "$TMP/reload.py" <<'PY'
"""reload.py BASE_URL MARKDOWN PAGE_PATH EDITS

Opens BASE_URL/__roadtrip/events (http.client; a reader thread stamps every line of the stream with
time.monotonic() as it arrives), then EDITS times: appends a sentence to MARKDOWN, takes the time after
close(), and waits (at most 30 s) for the next line starting with `event: reload`; prints the difference
in milliseconds, checks that BASE_URL/PAGE_PATH now contains the sentence, and waits 1 s.
"""
import http.client
import queue
import sys
import threading
import time
import urllib.parse
import urllib.request

base, markdown, page, edits = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
address = urllib.parse.urlsplit(base)
connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
connection.request("GET", "/__roadtrip/events", headers={"Accept": "text/event-stream"})
stream = connection.getresponse()          # returns once the status line and headers are in
if stream.status != 200:
    sys.exit(f"reload.py: /__roadtrip/events answered {stream.status} {stream.reason}")
lines = queue.Queue()


def read():
    try:
        for raw in iter(stream.readline, b""):
            lines.put((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\r\n")))
    except Exception:                       # a timeout, a reset, the stream closed mid-chunk at exit
        pass
    lines.put((time.monotonic(), None))


def next_line(deadline):
    try:
        return lines.get(timeout=max(0.0, deadline - time.monotonic()))
    except queue.Empty:
        return None, None


threading.Thread(target=read, daemon=True).start()
time.sleep(0.2)                             # let the server register the client before the first save
for edit in range(1, edits + 1):
    while not lines.empty():                # anything before this save is not its reload
        lines.get_nowait()
    sentence = f"Serve benchmark edit {edit} at {time.time():.6f}."
    with open(markdown, "a", encoding="utf-8") as handle:
        handle.write(f"\n{sentence}\n")
    saved = time.monotonic()
    deadline = saved + 30
    while True:
        stamp, line = next_line(deadline)
        if line is None:
            sys.exit(f"reload.py: no `event: reload` within 30 s of edit {edit}"
                     + (" (the stream closed)" if stamp is not None else ""))
        if line.startswith("event: reload") or line.startswith("event:reload"):
            break
    milliseconds = (stamp - saved) * 1000
    with urllib.request.urlopen(base + page, timeout=10) as response:
        fresh = sentence in response.read().decode("utf-8", "replace")
    print(f"serve-throughput: edit {edit}: {milliseconds:.1f} ms"
          + ("" if fresh else " (the page did not show the edit yet)"), file=sys.stderr)
    print(f"{milliseconds:.3f}", flush=True)
    time.sleep(1)
connection.close()
PY

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
size_of() { stat -c %s "$1"; }

# --- the site and the three files ---------------------------------------------------------------------------
build_site() {
    "$ROADTRIP" build --source "$PROJECT" --quiet > "$TMP/build.log" 2>&1 \
        || { cat "$TMP/build.log" >&2; die "roadtrip build failed"; }
}

# closest EXTENSION TARGET: the Output-relative path of the file of that extension closest in size.
closest() {
    (cd "$OUTPUT" && find . -type f -name "*.$1" -printf '%s %P\n') \
        | awk -v t="$2" '{ d = $1 - t; if (d < 0) d = -d } NR == 1 || d < best { best = d; path = $2 } END { print path }'
}
within() { awk -v s="$1" -v t="$2" -v p="$3" 'BEGIN { exit !(s >= t * (1 - p / 100) && s <= t * (1 + p / 100)) }'; }

# tune KIND PATH TARGET COUNT: regenerates the synthetic destination until Output/PATH is within ±5 %.
tune() {
    local kind="$1" path="$2" target="$3" count="$4" attempt size
    for attempt in 1 2 3 4 5 6; do
        python3 "$TMP/synthesize.py" "$PROJECT" "$kind" "$count"
        build_site
        [ -f "$OUTPUT/$path" ] || die "roadtrip build did not write $path for the synthetic destination"
        size=$(size_of "$OUTPUT/$path")
        say "serve-throughput: $kind $count → $path, $size bytes (attempt $attempt)"
        if within "$size" "$target" 5; then return 0; fi
        count=$(awk -v c="$count" -v s="$size" -v t="$target" 'BEGIN { n = int(c * t / s + 0.5); print (n < 1 ? 1 : n) }')
    done
    die "could not bring $path within 5 % of $target bytes"
}

say "serve-throughput: building the sample site in $PROJECT"
build_site
KINDS=(html svg geojson)
declare -A TARGET=([html]=10000 [svg]=50000 [geojson]=200000) FILE=() ORIGIN=()
for kind in "${KINDS[@]}"; do
    FILE[$kind]="$(closest "$kind" "${TARGET[$kind]}")"
    ORIGIN[$kind]="sample site"
    if [ -n "${FILE[$kind]}" ] && within "$(size_of "$OUTPUT/${FILE[$kind]}")" "${TARGET[$kind]}" 20; then continue; fi
    case "$kind" in
        svg)     FILE[$kind]="serve-benchmark-map/map.svg"; ORIGIN[$kind]="synthetic: points of interest"
                 tune pins "${FILE[$kind]}" "${TARGET[$kind]}" 100 ;;
        geojson) FILE[$kind]="serve-benchmark-track/trips/drive/track.geojson"; ORIGIN[$kind]="synthetic: trip log"
                 tune track "${FILE[$kind]}" "${TARGET[$kind]}" 8000 ;;
        *)       [ -n "${FILE[$kind]}" ] || die "the site has no .$kind file"
                 say "serve-throughput: warning: no .$kind file within 20 % of ${TARGET[$kind]} bytes; using the closest" ;;
    esac
done
build_site   # the final project, as every server will serve it
for kind in "${KINDS[@]}"; do [ -f "$OUTPUT/${FILE[$kind]}" ] || die "Output/${FILE[$kind]} disappeared in the last build"; done

# --- servers ------------------------------------------------------------------------------------------------
# make_nginx_conf FOLDER PORT: a minimal nginx.conf serving $OUTPUT; every path nginx writes is in FOLDER.
make_nginx_conf() {
    local folder="$1" port="$2" user=""
    mkdir -p "$folder"
    # Workers switch to `user` only when the master runs as root; make them the current user so that
    # they can read the temporary folder (mktemp -d makes it 0700).
    [ "$(id -u)" -ne 0 ] || user="user $(id -un) $(id -gn);"
    cat > "$folder/nginx.conf" <<NGINX
$user
worker_processes auto;
daemon off;
pid $folder/nginx.pid;
error_log $folder/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    types {
        text/html html;
        image/svg+xml svg;
        application/geo+json geojson;
        application/gpx+xml gpx;
        application/json json;
        application/xml xml;
        text/css css;
        text/javascript js;
    }
    default_type application/octet-stream;
    charset utf-8;
    client_body_temp_path $folder/client_body;
    proxy_temp_path $folder/proxy;
    fastcgi_temp_path $folder/fastcgi;
    uwsgi_temp_path $folder/uwsgi;
    scgi_temp_path $folder/scgi;
    server {
        listen 127.0.0.1:$port;
        server_name localhost;
        root $OUTPUT;
        index index.html;
    }
}
NGINX
}

# start_server NAME PORT COMMAND...: starts it in the background (log: $TMP/NAME.log), sets SERVER_PID.
start_server() {
    local name="$1" port="$2"; shift 2
    "$@" > "$TMP/$name.log" 2>&1 &
    SERVER_PID=$!
    CHILD_PIDS+=("$SERVER_PID")
    wait_until_serving "$name" "$port" "$SERVER_PID"
}

# wait_until_serving NAME PORT PID: polls http://127.0.0.1:PORT/ for up to 60 s (roadtrip builds first).
wait_until_serving() {
    local name="$1" port="$2" pid="$3" tries=0
    until curl -s -o /dev/null "http://127.0.0.1:$port/"; do
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$TMP/$name.log" >&2; die "$name exited before serving on port $port"; }
        tries=$((tries + 1))
        [ "$tries" -lt 600 ] || { tail -n 20 "$TMP/$name.log" >&2; die "$name did not serve on port $port within 60 s"; }
        sleep 0.1
    done
}

# check_file NAME PORT KIND: the server must answer 200 with the file's bytes; sets SERVED_BYTES.
check_file() {
    local name="$1" port="$2" kind="$3" url status type
    url="http://127.0.0.1:$port/${FILE[$kind]}"
    read -r status SERVED_BYTES type < <(curl -s -o "$TMP/body" -w '%{http_code} %{size_download} %{content_type}\n' "$url")
    [ "$status" = 200 ] || die "$name answered $status for $url"
    if ! cmp -s "$TMP/body" "$OUTPUT/${FILE[$kind]}"; then
        # roadtrip injects its live-reload script into pages it serves: more bytes, never fewer.
        if [ "$name" != roadtrip ] || [ "$kind" != html ] || [ "$SERVED_BYTES" -le "$(size_of "$OUTPUT/${FILE[$kind]}")" ]; then
            die "$name served $SERVED_BYTES bytes for $url that differ from Output/${FILE[$kind]}"
        fi
    fi
    say "serve-throughput: $name $kind: 200, $SERVED_BYTES bytes, Content-Type: ${type:-none}"
}

# peak_rss_kib PID: VmHWM of the process plus that of its children (nginx's workers), in KiB.
peak_rss_kib() {
    local total=0 pid kib
    for pid in "$1" $(pgrep -P "$1" || true); do
        kib=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
        total=$((total + ${kib:-0}))
    done
    echo "$total"
}

cat > "$TMP/report.lua" <<'LUA'
-- One machine-readable line at the end of a wrk run (latency in microseconds, duration in microseconds).
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format("RESULT %d %d %d %d %d %d %d %d %d %d %d\n",
        summary.requests, summary.duration, summary.bytes,
        e.connect, e.read, e.write, e.timeout, e.status,
        latency:percentile(50), latency:percentile(90), latency:percentile(99)))
end
LUA

declare -A RPS=() P50=() P90=() P99=() ERRORS=() DETAIL=() BYTES=() PEAK=()
SERVERS=()

# measure NAME PORT: wrk on each file; fills RPS, P50, P90, P99 (ms), ERRORS and BYTES for NAME|kind.
measure() {
    local name="$1" port="$2" kind log requests duration connect reads writes timeout status p50 p90 p99
    for kind in "${KINDS[@]}"; do
        check_file "$name" "$port" "$kind"
        BYTES[$name|$kind]="$SERVED_BYTES"
        log="$TMP/wrk-$name-$kind.log"
        say "serve-throughput: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s $name $kind"
        in_background "$log" "$log.stderr" timeout $((DURATION + 60)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" \
            --latency -s "$TMP/report.lua" "http://127.0.0.1:$port/${FILE[$kind]}" \
            || { cat "$log" "$log.stderr" >&2; die "wrk failed on $name $kind"; }
        read -r requests duration _ connect reads writes timeout status p50 p90 p99 < <(awk '$1 == "RESULT" { $1 = ""; print }' "$log") \
            || { cat "$log" >&2; die "no RESULT line from wrk on $name $kind"; }
        RPS[$name|$kind]=$(awk -v r="$requests" -v d="$duration" 'BEGIN { printf "%.0f", (d > 0 ? r / (d / 1e6) : 0) }')
        P50[$name|$kind]=$(awk -v u="$p50" 'BEGIN { printf "%.2f", u / 1000 }')
        P90[$name|$kind]=$(awk -v u="$p90" 'BEGIN { printf "%.2f", u / 1000 }')
        P99[$name|$kind]=$(awk -v u="$p99" 'BEGIN { printf "%.2f", u / 1000 }')
        ERRORS[$name|$kind]=$((connect + reads + writes + timeout + status))
        DETAIL[$name|$kind]="connect $connect, read $reads, write $writes, timeout $timeout, status ≥ 400 $status"
        say "serve-throughput: $name $kind: ${RPS[$name|$kind]} requests/s, p99 ${P99[$name|$kind]} ms, ${ERRORS[$name|$kind]} errors"
    done
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$TMP/$name.log" >&2; die "$name exited during the benchmark"; }
    PEAK[$name]=$(peak_rss_kib "$SERVER_PID")
    SERVERS+=("$name")
}

if [ "$SKIP_ROADTRIP" != 1 ]; then
    port=$(free_port)
    say "serve-throughput: roadtrip serve on 127.0.0.1:$port"
    start_server roadtrip "$port" "$ROADTRIP" serve --source "$PROJECT" --output "$OUTPUT" --port "$port" --no-watch
    grep -q "http://127.0.0.1:$port/" "$TMP/roadtrip.log" \
        || say "serve-throughput: warning: roadtrip serve did not print http://127.0.0.1:$port/"
    measure roadtrip "$port"
    stop_child "$SERVER_PID"
fi
if [ "$SKIP_PYTHON" != 1 ]; then
    port=$(free_port)
    say "serve-throughput: python3 -m http.server on 127.0.0.1:$port"
    start_server python "$port" python3 -m http.server "$port" --bind 127.0.0.1 --directory "$OUTPUT"
    measure python "$port"
    stop_child "$SERVER_PID"
fi
if [ "$SKIP_NGINX" != 1 ]; then
    port=$(free_port)
    make_nginx_conf "$TMP/nginx" "$port"
    "$NGINX" -t -q -p "$TMP/nginx" -e "$TMP/nginx/error.log" -c "$TMP/nginx/nginx.conf" 2>"$TMP/nginx-t.log" \
        || { cat "$TMP/nginx-t.log" >&2; die "nginx rejected $TMP/nginx/nginx.conf"; }
    say "serve-throughput: nginx on 127.0.0.1:$port"
    start_server nginx "$port" "$NGINX" -p "$TMP/nginx" -e "$TMP/nginx/error.log" -c "$TMP/nginx/nginx.conf"
    measure nginx "$port"
    stop_child "$SERVER_PID"
fi

# --- save → reload ----------------------------------------------------------------------------------------
RELOAD=""
if [ "$SKIP_ROADTRIP" != 1 ] && [ "$SKIP_RELOAD" != 1 ]; then
    edited=""
    for folder in "$PROJECT"/Destinations/*/; do
        slug="$(basename "$folder")"
        if [ -f "$folder/index.md" ] && [ -f "$OUTPUT/$slug/index.html" ] && [ "${slug#serve-benchmark}" = "$slug" ]; then edited="$slug"; break; fi
    done
    [ -n "$edited" ] || die "no destination with Destinations/<slug>/index.md and Output/<slug>/index.html to edit"
    port=$(free_port)
    say "serve-throughput: roadtrip serve (watching) on 127.0.0.1:$port; $EDITS edits of Destinations/$edited/index.md"
    start_server roadtrip-watch "$port" "$ROADTRIP" serve --source "$PROJECT" --output "$OUTPUT" --port "$port"
    in_background "$TMP/reload.ms" - python3 "$TMP/reload.py" "http://127.0.0.1:$port" "$PROJECT/Destinations/$edited/index.md" "/$edited/" "$EDITS" \
        || die "the reload measurement failed (server log: $TMP/roadtrip-watch.log; KEEP_TMP=1 keeps it)"
    stop_child "$SERVER_PID"
    RELOAD="$(median < "$TMP/reload.ms") $(sort -g "$TMP/reload.ms" | head -n 1) $(sort -g "$TMP/reload.ms" | tail -n 1)"
fi

# --- the tables -------------------------------------------------------------------------------------------
label() {
    case "$1" in
        roadtrip) echo "roadtrip serve" ;;
        python)   echo "python3 -m http.server $(python3 -c 'import platform; print(platform.python_version())')" ;;
        nginx)    echo "nginx $(dpkg-query -W -f '${Version}' nginx 2>/dev/null || "$NGINX" -v 2>&1 | sed 's/.*nginx\///')" ;;
    esac
}

echo "serve-throughput: wrk $(dpkg-query -W -f '${Version}' wrk 2>/dev/null || echo '?'), $THREADS threads, $CONNECTIONS connections, ${DURATION} s per row, 127.0.0.1, $(nproc) CPU(s)"
printf '%-8s %-52s %9s  %s\n' file "path (in Output/)" bytes origin
for kind in "${KINDS[@]}"; do
    printf '%-8s %-52s %9s  %s\n' "$kind" "${FILE[$kind]}" "$(size_of "$OUTPUT/${FILE[$kind]}")" "${ORIGIN[$kind]}"
done
echo
printf '%-32s %-8s %9s %10s %9s %9s %9s %8s\n' server file bytes "req/s" "p50 ms" "p90 ms" "p99 ms" errors
for kind in "${KINDS[@]}"; do
    for name in ${SERVERS[@]+"${SERVERS[@]}"}; do
        printf '%-32s %-8s %9s %10s %9s %9s %9s %8s\n' "$(label "$name")" "$kind" "${BYTES[$name|$kind]}" \
            "${RPS[$name|$kind]}" "${P50[$name|$kind]}" "${P90[$name|$kind]}" "${P99[$name|$kind]}" "${ERRORS[$name|$kind]}"
    done
done
for kind in "${KINDS[@]}"; do
    for name in ${SERVERS[@]+"${SERVERS[@]}"}; do
        [ "${ERRORS[$name|$kind]}" = 0 ] || echo "  errors, $name $kind: ${DETAIL[$name|$kind]}"
    done
done
echo
printf 'peak resident memory (VmHWM, MB):'
for name in ${SERVERS[@]+"${SERVERS[@]}"}; do printf ' %s %s' "$name" "$(awk -v k="${PEAK[$name]}" 'BEGIN { printf "%.1f", k / 1024 }')"; done
echo

has() { [ -n "${PEAK[$1]:-}" ]; }
if has roadtrip; then
    echo
    printf '%-8s %16s %16s\n' file "roadtrip/python" "nginx/roadtrip"
    errors=0; python_ok=1; nginx_ok=1; worst_python=""; worst_nginx=""
    for kind in "${KINDS[@]}"; do
        errors=$((errors + ${ERRORS[roadtrip|$kind]}))
        over_python="n/a"; over_nginx="n/a"
        if has python; then
            over_python=$(awk -v a="${RPS[roadtrip|$kind]}" -v b="${RPS[python|$kind]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            awk -v r="$over_python" 'BEGIN { exit !(r >= 10) }' || python_ok=0
            worst_python=$(printf '%s\n' "$over_python" ${worst_python:+"$worst_python"} | sort -g | head -n 1)
        fi
        if has nginx; then
            over_nginx=$(awk -v a="${RPS[nginx|$kind]}" -v b="${RPS[roadtrip|$kind]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 999) }')
            awk -v r="$over_nginx" 'BEGIN { exit !(r <= 2) }' || nginx_ok=0
            worst_nginx=$(printf '%s\n' "$over_nginx" ${worst_nginx:+"$worst_nginx"} | sort -g | tail -n 1)
        fi
        [ "$over_python" = "n/a" ] || over_python="${over_python}x"
        [ "$over_nginx" = "n/a" ] || over_nginx="${over_nginx}x"
        printf '%-8s %16s %16s\n' "$kind" "$over_python" "$over_nginx"
    done
    verdict() { if [ "$1" = 1 ]; then echo PASS; else echo FAIL; fi; }
    [ "$errors" -eq 0 ] && errors_ok=1 || errors_ok=0
    line="targets: zero errors $(verdict "$errors_ok") ($errors)"
    if has python; then line="$line; at least 10x python $(verdict "$python_ok") (lowest ${worst_python}x)"; fi
    if has nginx; then line="$line; within 2x of nginx $(verdict "$nginx_ok") (nginx/roadtrip up to ${worst_nginx}x)"; fi
    overall=PASS
    [ "$errors_ok" = 1 ] && { ! has python || [ "$python_ok" = 1 ]; } && { ! has nginx || [ "$nginx_ok" = 1 ]; } || overall=FAIL
    echo "$line: $overall"
fi

if [ -n "$RELOAD" ]; then
    read -r reload_median reload_min reload_max <<< "$RELOAD"
    echo
    printf 'reload: save of Destinations/%s/index.md → "event: reload" on /__roadtrip/events: median %.0f ms of %s edits (min %.0f, max %.0f)\n' \
        "$edited" "$reload_median" "$EDITS" "$reload_min" "$reload_max"
fi
