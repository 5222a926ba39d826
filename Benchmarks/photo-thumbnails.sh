#!/usr/bin/env bash
# Benchmarks/photo-thumbnails.sh — photo thumbnails (issue 7, "Benchmark"): thumbnails and web copies
# per second for COUNT real-size JPEGs, and peak memory.
#
# 1. Installs libvips-tools/libvips-dev/libexif-dev with apt-get when missing; builds the benchmark
#    executable (`swift build -c release --product roadtrip-benchmarks --static-swift-stdlib`, as ./run builds it, unless BENCHMARKS names a
#    binary).
# 2. Makes COUNT distinct WIDTH×HEIGHT JPEGs (Q 90) with `vips`: one Gaussian-noise image (σ 40 around
#    mid-grey: a worst case for JPEG, no smooth sky) blurred slightly so files are camera-sized, with
#    a brightness offset per photo so that every file's bytes, and so its SHA-256 cache key, differ.
# 3. Runs `roadtrip-benchmarks photo-thumbnails DIR`: every photo through ThumbnailMaker (400 px
#    thumbnail + 1600 px web copy, metadata stripped) into an empty cache, then all again (all from
#    the cache); prints both rates and peak RSS (VmHWM).
#
# Environment:
#   COUNT=200  WIDTH=4000  HEIGHT=3000           the photos
#   BENCHMARKS=/path/to/roadtrip-benchmarks      use this binary, skip swift build
#   KEEP_TMP=1                                   keep the generated photos (path on standard error)
set -euo pipefail

COUNT="${COUNT:-200}"
WIDTH="${WIDTH:-4000}"
HEIGHT="${HEIGHT:-3000}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

BENCHMARK="photo-thumbnails"
# shellcheck source=Benchmarks/common.sh
. "$REPO/Benchmarks/common.sh"

for pair in "COUNT=$COUNT" "WIDTH=$WIDTH" "HEIGHT=$HEIGHT"; do
    case "${pair#*=}" in ''|*[!0-9]*|0) die "${pair%%=*} must be a positive integer, got '${pair#*=}'";; esac
done

command -v vips >/dev/null 2>&1 || apt_install libvips-tools
pkg-config --exists vips libexif 2>/dev/null || apt_install pkg-config libvips-dev libexif-dev

if [ -z "${BENCHMARKS:-}" ]; then
    say "photo-thumbnails: swift build -c release --product roadtrip-benchmarks --static-swift-stdlib"
    (cd "$REPO" && swift build -c release --product roadtrip-benchmarks --static-swift-stdlib >&2)
    BENCHMARKS="$(cd "$REPO" && swift build -c release --show-bin-path)/roadtrip-benchmarks"
fi
[ -x "$BENCHMARKS" ] || die "no roadtrip-benchmarks binary at $BENCHMARKS"

work="$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-photos.XXXXXX")"
if [ "${KEEP_TMP:-}" = 1 ]; then say "photo-thumbnails: keeping $work"; else trap 'rm -rf "$work"' EXIT; fi

say "photo-thumbnails: making $COUNT ${WIDTH}x${HEIGHT} JPEGs in $work"
vips gaussnoise "$work/noise.v" "$WIDTH" "$HEIGHT" --sigma 40 --mean 128
vips gaussblur "$work/noise.v" "$work/blurred.v" 0.8
vips bandjoin "$work/blurred.v $work/blurred.v $work/blurred.v" "$work/base.v"
for i in $(seq 1 "$COUNT"); do
    vips linear "$work/base.v" "$work/photo-$(printf '%04d' "$i").jpg[Q=90]" 1 $(( i % 50 )) --uchar
done
rm -f "$work"/*.v

"$BENCHMARKS" photo-thumbnails "$work"
