"""The offline vector basemap checked against the world, not against itself (issue 15, item 5).

A table of places whose answer (land or water) is known from geography, not from GSHHG or from
roadtrip, is built into one site: one destination per place, its map centred on the place. Each
map.svg is rendered by an independent SVG renderer (librsvg's rsvg-convert) and the centre pixel
is classified by the basemap's palette: land #f3f1ea, water #cfe0ea (sea, lakes and ponds share
it). A handful of the same maps are also rendered by Chromium. Every place is kept at least about
2 km from any shore, border or river at the map's resolution (GSHHG is ~40 m accurate at full
resolution, ~200 m high, ~1 km intermediate, ~5 km low, ~25 km crude), so a disagreement is a bug
in the basemap, not a matter of where exactly a coastline runs. (The answers come from geography;
the margins were measured once, by hand, against GSHHG's raw vertices: the distance from each place
to the nearest shoreline, river and border vertex at the resolution its map uses.)
"""
import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree
from io import BytesIO

import pytest
from PIL import Image
from selenium.webdriver.support.ui import WebDriverWait

from conftest import os_output_path, roadtrip_binary, unavailable

GSHHG = "/usr/share/gmt-gshhg"
SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
LAND, WATER = "land", "water"
PALETTE = {LAND: (0xF3, 0xF1, 0xEA), WATER: (0xCF, 0xE0, 0xEA)}
# Colours the centre must not be: a river or border stroke means the place was badly chosen.
OTHER_COLOURS = {"river stroke": (0x9F, 0xC0, 0xD6), "border stroke": (0x9A, 0x8C, 0x9E)}
# Largest RGB distance from a palette colour still taken as that colour (antialiasing, colour management).
TOLERANCE = 12

CITY = 0.05      # ~11 m/px over 500 px: full resolution
BORDER = 0.3     # ~67 m/px: full resolution, the border itself ~10-15 km off-centre, inside the map
HIGH = 1.0       # ~220 m/px: high resolution
INTERMEDIATE = 5.0   # ~1.1 km/px
LOW = 20.0       # ~4.4 km/px
CRUDE = 60.0     # >12.5 km/px

# (id, latitude, longitude, span in degrees (latitudeDelta = longitudeDelta), expected, why)
POINTS = [
    # City centres, far from the sea; the rivers that GSHHG draws are all > 1 km away.
    ("paris", 48.8800, 2.3400, CITY, LAND, "Paris, 9th arrondissement, ~2 km north of the Seine, ~150 km from the Channel"),
    ("madrid", 40.4169, -3.7035, CITY, LAND, "Madrid, Puerta del Sol, centre of the Iberian meseta"),
    ("nairobi", -1.2864, 36.8172, CITY, LAND, "Nairobi CBD, Kenyan highlands at 1,700 m"),
    ("denver", 39.7392, -104.9903, CITY, LAND, "Denver, Colorado State Capitol; Cherry Creek / South Platte > 1 km west"),
    ("ulaanbaatar", 47.9185, 106.9176, CITY, LAND, "Ulaanbaatar, Sukhbaatar Square; the Tuul river ~2.5 km south"),
    ("uluru", -25.3444, 131.0369, CITY, LAND, "Uluru, central Australia, ~700 km from any coast"),
    ("brasilia", -15.7801, -47.9292, CITY, LAND, "Brasilia, TV tower on the Eixo Monumental; Lake Paranoa > 5 km east"),
    ("johannesburg", -26.2041, 28.0473, CITY, LAND, "Johannesburg CBD, Highveld, ~500 km from the sea"),
    # Islands in the sea.
    ("taveuni", -16.8300, -179.9500, CITY, LAND, "Taveuni, Fiji: the ridge of the island east of 180 deg, ~5 km from both coasts"),
    ("taveuni-west-of-180", -16.9000, 179.9900, CITY, LAND,
     "Taveuni, Fiji: the south-western half, across the 180 deg meridian (east longitude), ~3.5 km inland"),
    ("mauna-kea", 19.8207, -155.4681, CITY, LAND, "Mauna Kea summit, Island of Hawai'i, ~28 km from the coast"),
    ("vatnajokull", 64.5500, -16.8000, CITY, LAND, "Vatnajokull ice cap, Iceland: glacier on land, ~50 km from the sea"),
    ("antananarivo", -18.8792, 47.5079, CITY, LAND, "Antananarivo, central plateau of Madagascar"),
    ("sigiriya", 7.9570, 80.7603, CITY, LAND, "Sigiriya rock, central Sri Lanka, ~70 km from the coast"),
    # Islands in lakes, and a lake on an island in a lake.
    ("manitoulin", 45.7070, -82.1250, CITY, LAND,
     "Manitoulin Island (in Lake Huron, GSHHG level 3), farmland between Lake Mindemoya and the south shore"),
    ("lake-manitou", 45.7500, -81.9500, CITY, WATER,
     "Lake Manitou, the largest lake on an island in a lake (on Manitoulin; GSHHG level 4), ~3 km from its shores"),
    ("olkhon", 53.1550, 107.4000, CITY, LAND, "Olkhon Island in Lake Baikal (GSHHG level 3), mid-island, ~6 km from both shores"),
    ("samosir", 2.6000, 98.8200, CITY, LAND, "Samosir, the island in Lake Toba (joined to Sumatra by an isthmus), ~7 km from the lake"),
    # Lakes.
    ("lake-geneva", 46.4500, 6.5500, CITY, WATER, "Lake Geneva, centre of the Grand Lac between Lausanne and Evian, ~5 km from shore"),
    ("lake-victoria", -0.5000, 33.0000, CITY, WATER, "Lake Victoria, Ugandan waters, ~35 km from any shore or island, away from the borders"),
    ("lake-baikal", 53.5000, 108.0000, CITY, WATER, "Lake Baikal, between Olkhon's northern tip and the Svyatoy Nos peninsula"),
    ("lake-titicaca", -15.8000, -69.4000, CITY, WATER, "Lake Titicaca, Lago Mayor, ~20 km from shore, ~5 km from the Peru-Bolivia line"),
    ("lake-superior", 47.8000, -86.5000, CITY, WATER, "Lake Superior, eastern basin, ~40 km from shore, ~20 km from the US-Canada line"),
    ("lake-tanganyika", -6.5000, 29.8000, CITY, WATER, "Lake Tanganyika, ~11 km from shore, ~13 km from the DRC-Tanzania line"),
    ("caspian-sea", 42.0000, 50.5000, CITY, WATER, "Caspian Sea (a lake in GSHHG), middle basin, ~140 km from shore"),
    ("lake-ladoga", 61.0000, 31.5000, CITY, WATER, "Lake Ladoga, centre, ~30 km from shore and the Valaam islands"),
    ("lake-toba", 2.8000, 98.6200, CITY, WATER, "Lake Toba, northern basin west of Samosir, ~8 km from shore"),
    ("lake-ontario", 43.6000, -77.8000, HIGH, WATER, "Lake Ontario, centre, ~27 km from shore (high resolution)"),
    # Both sides of a fjord: the Sognefjord is ~4.5 km wide at Ortnevik.
    ("sognefjord", 61.1350, 6.1500, CITY, WATER, "Sognefjord, mid-fjord off Ortnevik, ~2 km from both shores"),
    ("sognefjord-south-shore", 61.0900, 6.1500, CITY, LAND, "Mountains south of the Sognefjord above Ortnevik, ~2.4 km from the water"),
    ("sognefjord-north-shore", 61.1750, 6.1100, CITY, LAND, "Mountains north of the Sognefjord, ~2.3 km from the water"),
    # Either side of land borders (no river on the border there).
    ("canada-saskatchewan", 49.0500, -103.0000, BORDER, LAND, "Saskatchewan prairie, 5.5 km north of the 49th parallel border"),
    ("usa-north-dakota", 48.9500, -103.0000, BORDER, LAND, "North Dakota prairie, 5.5 km south of the 49th parallel border"),
    ("germany-erzgebirge", 50.5800, 13.0000, BORDER, LAND, "Annaberg-Buchholz, Saxony, ~9 km north-west of the Czech border on the Ore Mountains ridge"),
    ("czechia-chomutov", 50.4600, 13.4100, BORDER, LAND, "Chomutov, Czechia, ~15 km south-east of the German border"),
    # Open sea in several oceans.
    ("north-atlantic", 40.0000, -40.0000, CITY, WATER, "Open North Atlantic, ~750 km west of the Azores"),
    ("south-atlantic", -30.0000, -15.0000, CITY, WATER, "Open South Atlantic, ~800 km north of Tristan da Cunha"),
    ("equatorial-pacific", 0.0000, -140.0000, CITY, WATER, "Open equatorial Pacific, ~870 km north of the Marquesas"),
    ("indian-ocean", -20.0000, 80.0000, CITY, WATER, "Open Indian Ocean, ~1,600 km from the Chagos"),
    ("southern-ocean", -60.0000, 100.0000, CITY, WATER, "Southern Ocean, ~580 km north of the Antarctic coast"),
    ("mediterranean", 35.0000, 18.0000, CITY, WATER, "Ionian Sea, ~300 km from Sicily and Greece"),
    ("north-sea", 56.0000, 3.0000, CITY, WATER, "Central North Sea, ~280 km from Britain"),
    # Near the antimeridian.
    ("chukotka-east", 67.0000, 179.9500, CITY, LAND, "Chukotka tundra, just west of 180 deg, ~80 km from the coast"),
    ("chukotka-west", 67.0000, -179.9500, CITY, LAND, "Chukotka tundra, just east of 180 deg, ~80 km from the coast"),
    ("bering-sea-west", 59.0000, 179.5000, CITY, WATER, "Bering Sea, ~360 km south of Cape Navarin"),
    ("bering-sea-east", 58.0000, -178.0000, CITY, WATER, "Bering Sea basin, ~380 km from St Matthew Island"),
    ("pacific-east-of-180", 5.0000, -179.9900, CITY, WATER, "Central Pacific just east of 180 deg, ~600 km from the Phoenix Islands"),
    ("pacific-west-of-180", 5.0000, 179.9900, CITY, WATER, "Central Pacific just west of 180 deg, ~600 km from the Phoenix Islands"),
    ("ross-ice-shelf", -81.0000, 179.9000, CITY, LAND,
     "Ross Ice Shelf, ~300 km inside its ice front and ~200 km from the grounding line: land, as the ice front counts as the coast"),
    # Near the Web Mercator limit (+-85.05 deg).
    ("arctic-ocean-0", 84.5000, 0.0000, CITY, WATER, "Arctic Ocean north of the Fram Strait, ~340 km from Greenland"),
    ("arctic-ocean-120e", 84.5000, 120.0000, CITY, WATER, "Arctic Ocean north of Severnaya Zemlya, ~480 km from land"),
    ("north-greenland", 81.5000, -40.0000, CITY, LAND, "Northern Greenland ice sheet, ~90 km from the north coast's fjords"),
    ("ellesmere", 82.5000, -72.0000, CITY, LAND, "Northern Ellesmere Island, Grant Land mountains, ~50 km from the Arctic coast"),
    ("antarctica-interior", -84.5000, 0.0000, CITY, LAND, "Antarctic plateau, Queen Maud Land interior, ~600 km from the coast"),
    # Continent and ocean spans: the coarser GSHHG resolutions, places far from any coast.
    ("kansas", 38.5000, -98.5000, INTERMEDIATE, LAND, "Central Kansas, Great Plains"),
    ("gulf-of-mexico", 25.0000, -90.0000, INTERMEDIATE, WATER, "Central Gulf of Mexico, ~270 km from Yucatan"),
    ("antarctica-east", -75.0000, 90.0000, 10.0, LAND, "East Antarctic ice sheet between Vostok and the coast, ~700 km inland"),
    ("central-australia", -25.0000, 134.0000, LOW, LAND, "Central Australia, ~770 km from the coast"),
    ("indian-ocean-south", -30.0000, 80.0000, LOW, WATER, "Southern Indian Ocean, ~900 km from Amsterdam Island"),
    ("central-siberia", 65.0000, 105.0000, LOW, LAND, "Central Siberian Plateau, Evenkia, ~1,000 km from the Arctic coast"),
    ("chad-sahara", 17.0000, 19.0000, CRUDE, LAND, "Borkou, northern Chad, ~480 km from Lake Chad, ~1,000 km from the sea"),
    ("south-pacific", -40.0000, -130.0000, CRUDE, WATER, "South Pacific, ~1,700 km south of Pitcairn"),
]

# The maps also rendered in Chromium: land and water, near the antimeridian and the Mercator limit.
CHROMIUM_POINTS = ["paris", "lake-geneva", "taveuni-west-of-180", "arctic-ocean-0", "manitoulin"]

POINTS_BY_ID = {point[0]: point for point in POINTS}
SLUGS = {point[0]: f"p{index:02d}" for index, point in enumerate(POINTS)}


def destination(name, latitude, longitude, span):
    return (f"---\ntitle: \"{name}\"\nlatitude: {latitude}\nlongitude: {longitude}\n"
            f"span: {{ latitudeDelta: {span}, longitudeDelta: {span} }}\n---\n\nA place with a known answer.\n")


def has_class(element, name):
    return name in (element.get("class") or "").split()


def stripped_svg(text):
    """The map with only the basemap left: the pins are removed (the destination's pin tip sits
    exactly on the centre pixel), and so are the raster tiles (`<g class="tiles">`, unreachable
    anyway), the scale bar and the `<text>` credits, which could only cover the basemap."""
    ElementTree.register_namespace("", SVG)
    ElementTree.register_namespace("xlink", XLINK)
    root = ElementTree.fromstring(text.encode("utf-8"))  # also checks the SVG is well-formed XML
    assert root.tag == f"{{{SVG}}}svg", root.tag
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{{{SVG}}}text" or (
                    child.tag == f"{{{SVG}}}g" and any(has_class(child, c) for c in ("pins", "tiles", "scale-bar"))):
                parent.remove(child)
    assert not any(element.tag == f"{{{SVG}}}image" for element in root.iter()), "a raster <image> is left"
    return root, ElementTree.tostring(root, encoding="unicode")


def classify(pixel):
    """(`land` | `water` | None, description) for an RGB(A) pixel, by the nearest palette colour."""
    rgb = tuple(pixel[:3])

    def distance(colour):
        return sum((a - b) ** 2 for a, b in zip(rgb, colour)) ** 0.5
    name, best = min(PALETTE.items(), key=lambda item: distance(item[1]))
    if distance(best) <= TOLERANCE and (len(pixel) < 4 or pixel[3] == 255):
        return name, f"{name} #{'%02x%02x%02x' % rgb}"
    other, colour = min(OTHER_COLOURS.items(), key=lambda item: distance(item[1]))
    guess = f", nearest {other}" if distance(colour) <= TOLERANCE else ""
    return None, f"neither land nor water: rgba{tuple(pixel)}{guess}"


def centre_pixels(image, width, height, scale=1.0):
    """The four pixels around the map's centre point (width/2, height/2), which is a pixel corner."""
    cx, cy = round(width / 2 * scale), round(height / 2 * scale)
    return [image.getpixel((x, y)) for x in (cx - 1, cx) for y in (cy - 1, cy)]


def check_centre(point, pixels, renderer, saved):
    """All four centre pixels must be the expected colour."""
    name, latitude, longitude, span, expected, why = point
    classes = [classify(pixel) for pixel in pixels]
    observed = {kind for kind, _ in classes}
    assert observed == {expected}, (
        f"{renderer}: {name} ({latitude}, {longitude}, span {span} deg; {why}) should be {expected}, "
        f"the centre pixels are {[description for _, description in classes]} (image: {saved})")


@pytest.fixture(scope="module")
def built():
    """Builds one site with a destination per point; yields (output folder, scratch folder)."""
    if not shutil.which("rsvg-convert"):
        unavailable("rsvg-convert is not on PATH (Debian's librsvg2-bin)")
    if not os.path.isfile(os.path.join(GSHHG, "binned_GSHHS_f.nc")):
        unavailable(f"GSHHG's coastlines are not in {GSHHG} (Debian's gmt-gshhg-full; ./run test installs them)")
    binary = roadtrip_binary()
    work = tempfile.mkdtemp(prefix="roadtrip-basemap-pixels-")
    destinations = os.path.join(work, "project", "Destinations")
    os.makedirs(destinations)
    with open(os.path.join(destinations, "site.yaml"), "w") as handle:
        # Raster tiles from a port nothing listens on: only the vector basemap can draw.
        handle.write('title: "Basemap pixels"\nmap:\n  tileLayers:\n'
                     '    standard: { url: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "None", maxZoom: 18 }\n')
    for point in POINTS:
        folder = os.path.join(destinations, SLUGS[point[0]])
        os.makedirs(folder)
        with open(os.path.join(folder, "index.md"), "w") as handle:
            handle.write(destination(*point[:4]))
    output = os.path.join(work, "Output")
    result = subprocess.run([binary, "build", "--source", os.path.join(work, "project"), "--output", output, "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"roadtrip build exited {result.returncode}: {result.stderr}"
    scratch = os.path.join(work, "scratch")
    os.makedirs(scratch)
    yield output, scratch
    shutil.rmtree(work, ignore_errors=True)


def prepared(built, name):
    """(root of the stripped SVG, its path, width, height) for point `name`."""
    output, scratch = built
    slug = SLUGS[name]
    with open(os.path.join(output, slug, "map.svg"), encoding="utf-8") as handle:
        root, text = stripped_svg(handle.read())
    path = os.path.join(scratch, f"{slug}.svg")
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    return root, path, float(root.get("width")), float(root.get("height"))


def resolutions(root):
    return sorted({element.get("data-gshhg-resolution") for element in root.iter() if element.get("data-gshhg-resolution")})


@pytest.mark.parametrize("point", POINTS, ids=[point[0] for point in POINTS])
def test_centre_pixel_in_librsvg(built, point):
    name = point[0]
    root, path, width, height = prepared(built, name)
    assert root.find(f".//{{{SVG}}}g[@class='basemap-vector']") is not None, "the map has no vector basemap"
    png = path[:-4] + ".png"
    result = subprocess.run(["rsvg-convert", "--format", "png", "--output", png, path], capture_output=True, text=True)
    assert result.returncode == 0, f"rsvg-convert exited {result.returncode}: {result.stderr}"
    image = Image.open(png).convert("RGBA")
    assert image.size == (round(width), round(height)), image.size
    pixels = centre_pixels(image, width, height)
    saved = os_output_path(f"basemap-pixels-{name}.png")
    if {classify(pixel)[0] for pixel in pixels} != {point[4]}:
        shutil.copyfile(png, saved)
    check_centre(point, pixels, f"librsvg (GSHHG resolution {','.join(resolutions(root))})", saved)


@pytest.mark.parametrize("name", CHROMIUM_POINTS)
def test_centre_pixel_in_chromium(built, driver, name):
    point = POINTS_BY_ID[name]
    _, path, width, height = prepared(built, name)
    page = path[:-4] + ".html"
    with open(page, "w", encoding="utf-8") as handle:
        # The SVG as an image at the page's top-left corner, at its own size.
        handle.write(f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{name}</title></head>'
                     f'<body style="margin:0;background:#ff00ff"><img id="map" src="{os.path.basename(path)}" '
                     f'width="{width:g}" height="{height:g}" style="display:block" alt=""></body></html>')
    # The basemap has a dark-mode palette: ask for the light one that this test classifies.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    try:
        driver.get("file://" + page)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "var i = document.getElementById('map'); return i.complete && i.naturalWidth > 0;"))
        ratio, left, top = driver.execute_script(
            "var r = document.getElementById('map').getBoundingClientRect();"
            "return [window.devicePixelRatio, r.left, r.top];")
        assert (left, top) == (0, 0), (left, top)
        image = Image.open(BytesIO(driver.get_screenshot_as_png())).convert("RGBA")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    pixels = centre_pixels(image, width, height, ratio)
    saved = os_output_path(f"basemap-pixels-{name}-chromium.png")
    if {classify(pixel)[0] for pixel in pixels} != {point[4]}:
        image.save(saved)
    check_centre(point, pixels, f"Chromium (devicePixelRatio {ratio})", saved)
