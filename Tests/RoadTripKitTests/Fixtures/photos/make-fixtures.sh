#!/bin/sh
# Regenerates the photo fixtures of PhotoTests.swift (see README.md). Needs Debian's libvips-tools
# (`vips`) and libimage-exiftool-perl (`exiftool`). Run from this folder.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A 64×48 picture whose left half is dark and right half light, so a turn is visible.
vips black "$work/dark.v" 32 48 --bands 3
vips linear "$work/dark.v" "$work/darkgrey.v" 1 40 --uchar
vips linear "$work/dark.v" "$work/light.v" 1 220 --uchar
vips join "$work/darkgrey.v" "$work/light.v" "$work/base.v" horizontal
vips copy "$work/base.v" "$work/base.jpg[Q=90,strip]"

tag() { # tag OUT EXIFTOOL-ARGS...
    out=$1; shift
    cp "$work/base.jpg" "$out"
    exiftool -q -overwrite_original "$@" "$out"
}

tag gps-north-east.jpg -Model="Test Camera X" -Orientation#=1 \
    -GPSLatitude="46 3 25.5" -GPSLatitudeRef=N -GPSLongitude="14 30 20.25" -GPSLongitudeRef=E \
    -GPSAltitude=295.5 -GPSAltitudeRef#=0 -GPSImgDirection=123.5 -GPSImgDirectionRef=T \
    -DateTimeOriginal="2024:06:01 14:30:00" -OffsetTimeOriginal="+02:00"
tag gps-south-west.jpg -GPSLatitude="22 54 30" -GPSLatitudeRef=S -GPSLongitude="43 10 45" -GPSLongitudeRef=W \
    -GPSAltitude=12 -GPSAltitudeRef#=1 -GPSImgDirection=270 -GPSImgDirectionRef=M \
    -DateTimeOriginal="2024:06:01 09:15:30"
tag gps-north-west.jpg -GPSLatitude="40 44 54" -GPSLatitudeRef=N -GPSLongitude="73 59 9" -GPSLongitudeRef=W
tag gps-south-east.jpg -GPSLatitude="33 51 36" -GPSLatitudeRef=S -GPSLongitude="151 12 36" -GPSLongitudeRef=E
tag no-gps.jpg -DateTimeOriginal="2024:06:01 10:00:00" -OffsetTimeOriginal="-05:30"
tag orientation-6.jpg -Orientation#=6
tag orientation-8.jpg -Orientation#=8
tag impossible-latitude.jpg -GPSLatitude#=91 -GPSLatitudeRef=N -GPSLongitude="14 0 0" -GPSLongitudeRef=E

# A HEIC with GPS (libvips copies the JPEG's EXIF into the HEIF container).
vips copy gps-north-east.jpg "heic-gps.heic[Q=50]"

# Bad files: JPEG start-of-image marker followed by garbage; a JPEG whose last 60 bytes (of its
# scan data and end marker) are missing; a PNG named .jpg.
{ printf '\377\330\377\340'; head -c 400 /dev/zero | tr '\0' 'x'; } > corrupt.jpg
full=$(wc -c < gps-north-east.jpg)
head -c $((full - 60)) gps-north-east.jpg > truncated.jpg  # cut inside the entropy-coded scan
vips copy "$work/base.v" "$work/png.png"
cp "$work/png.png" png-renamed.jpg
