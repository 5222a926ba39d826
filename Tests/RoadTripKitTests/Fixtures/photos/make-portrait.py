"""Regenerates portrait-new-york.jpg (see README.md) with Pillow (PyPI's pillow, in the test venv:
`.build/test-venv/bin/python make-portrait.py`, run from this folder).

A 1701×1277 JPEG stored on its side (EXIF Orientation 6: turn 90° clockwise to show it), so the
upright picture is 1277×1701 and its copies are portrait: the thumbnail fits 400 px and the web
copy 1600 px on the longer (upright) edge. Dark left half, light right half, like the other
fixtures; quality 30 keeps the file small.
"""
from PIL import Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational

picture = Image.new("RGB", (1701, 1277), (40, 40, 40))
ImageDraw.Draw(picture).rectangle([850, 0, 1700, 1276], fill=(220, 220, 220))
exif = Image.Exif()
exif[0x0112] = 6                      # Orientation: rotate 90° CW to display
exif[0x0110] = "Test Camera Y"        # Model
photo = exif.get_ifd(0x8769)          # Exif IFD
photo[0x9003] = "2024:07:04 12:00:00" # DateTimeOriginal
photo[0x9011] = "-04:00"              # OffsetTimeOriginal: New York's daylight time (EDT)
gps = exif.get_ifd(0x8825)            # GPS IFD: 40° 44′ 54″ N, 73° 59′ 9″ W (Manhattan)
gps[0] = b"\x02\x03\x00\x00"          # GPSVersionID 2.3
gps[1], gps[2] = "N", (IFDRational(40, 1), IFDRational(44, 1), IFDRational(54, 1))
gps[3], gps[4] = "W", (IFDRational(73, 1), IFDRational(59, 1), IFDRational(9, 1))
picture.save("portrait-new-york.jpg", quality=30, optimize=True, exif=exif)
