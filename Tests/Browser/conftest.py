"""Fixtures for roadtrip's browser tests (DESIGN §5.1; issue: the destination page as a map).

A real headless Chromium (Debian's chromium + chromium-driver) driven by Selenium, pointed at the
system chromedriver so nothing is downloaded (shared notes/browser-testing.md). The site under test is
the repository's sample site plus a generated 50-POI destination, built by the real `roadtrip`
binary into a temporary folder, with its tile layers pointed at a tile server in this process, so
tiles load without any network. Pages and tiles are served from 127.0.0.1.

A check that cannot run here (no roadtrip binary, no Chromium, no Selenium) is skipped with the
reason, or fails with it when the environment variable CI is set (any non-empty value): a CI run
must run every check. `./run test` installs everything these tests need.
"""
import http.server
import importlib.util
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Debian's browser and its driver (command: package), found on PATH as `./run test` finds them.
BROWSER_COMMANDS = {"chromium": "chromium", "chromedriver": "chromium-driver"}
CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
OUTPUT = os.environ.get("ROADTRIP_BROWSER_OUTPUT", os.path.join(ROOT, ".build", "browser-tests"))
# PyPI packages the tests import (module: package); `./run test` installs them into .build/test-venv.
PYPI_MODULES = {"selenium": "selenium", "PIL": "pillow"}


def unavailable(reason):
    """Ends the calling test or fixture because something it needs is missing: a skip giving
    `reason`, or a failure giving it when CI is set."""
    if os.environ.get("CI"):
        pytest.fail(f"cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def pytest_sessionstart(session):
    """Stops before collection when a PyPI module the test files import is missing (collecting
    them would only give import errors): exit 0 saying what is skipped, or 1 under CI."""
    missing = [package for module, package in PYPI_MODULES.items() if importlib.util.find_spec(module) is None]
    if not missing:
        return
    under_ci = bool(os.environ.get("CI"))
    packages = " and ".join(missing) + (" is" if len(missing) == 1 else " are")
    pytest.exit(f"browser tests {'cannot run under CI' if under_ci else 'skipped'}: PyPI's {packages} not installed "
                f"for {sys.executable} (./run test installs them into .build/test-venv)", returncode=1 if under_ci else 0)


def roadtrip_binary():
    """The roadtrip executable under test: $ROADTRIP, else the debug build; `unavailable` if it is not built."""
    binary = os.environ.get("ROADTRIP") or os.path.join(ROOT, ".build", "debug", "roadtrip")
    if not os.access(binary, os.X_OK):
        unavailable(f"roadtrip is not built at {binary} (run ./run test, or swift build first)")
    return binary

# Each map type gets tiles of its own colours, so screenshots show which layer is on.
# The labels overlay is transparent but for its squares, as real label tiles are.
TILE_COLOURS = {"standard": ((236, 228, 208, 255), (214, 204, 178, 255)),
                "satellite": ((46, 84, 52, 255), (30, 62, 40, 255)),
                "labels": ((255, 255, 255, 0), (200, 60, 60, 200))}


def png(width, height, first, second):
    """A checkerboard RGBA PNG (RFC 2083: IHDR colour type 6, one zlib IDAT, IEND), 32-px squares."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            row += bytes(first if ((x // 32) + (y // 32)) % 2 == 0 else second)
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")


TILES = {name: png(256, 256, *colours) for name, colours in TILE_COLOURS.items()}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder `site` and the test tiles under /tiles/; a subclass with a `site` of its
    own serves another site beside this one (test_spiderfy.py)."""
    site = None
    tile_requests = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=type(self).site, **kwargs)

    def do_GET(self):
        if self.path.startswith("/tiles/"):
            parts = self.path.split("/")
            Handler.tile_requests.append(self.path)
            body = TILES.get(parts[2], TILES["standard"])
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


def fifty_poi_destination():
    lines = ["---", "title: Fifty Stops", "subtitle: A page with 50 points of interest",
             "latitude: 59.9139", "longitude: 10.7522", "region: fit", "itinerary: false", "pois:"]
    for i in range(50):
        lines.append(f"  - {{ title: \"Stop {i + 1}\", subtitle: \"Number {i + 1}\", "
                     f"latitude: {59.88 + (i % 10) * 0.007:.4f}, longitude: {10.70 + (i // 10) * 0.02:.4f} }}")
    return "\n".join(lines + ["---", "", "Fifty pins to measure the page script's start-up.", ""])


def new_project(prefix):
    """A new temporary folder named with `prefix` holding `project/` with the repository's themes
    (so the build uses the theme being tested); (that folder, the project folder)."""
    work = tempfile.mkdtemp(prefix=prefix)
    project = os.path.join(work, "project")
    shutil.copytree(os.path.join(ROOT, "Themes"), os.path.join(project, "Themes"))
    return work, project


def serve(output, handler=Handler):
    """Serves the folder `output` and the test tiles from 127.0.0.1 on a free port, in a thread of
    its own, with `handler` (a subclass of Handler, whose `site` it sets); (server, base URL)."""
    handler.site = output
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def build_site(binary, project, output):
    """Builds the project folder `project` into `output` with the roadtrip `binary`, quietly; fails
    the calling test or fixture with the build's errors if it does not succeed."""
    result = subprocess.run([binary, "build", "--source", project, "--output", output, "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="session")
def site():
    """Builds the test site and serves it; yields (base URL, output folder)."""
    binary = roadtrip_binary()
    work, project = new_project("roadtrip-browser-")
    shutil.copytree(os.path.join(ROOT, "Destinations"), os.path.join(project, "Destinations"))
    os.makedirs(os.path.join(project, "Destinations", "fifty-stops"))
    with open(os.path.join(project, "Destinations", "fifty-stops", "index.md"), "w") as handle:
        handle.write(fifty_poi_destination())

    output = os.path.join(work, "Output")
    os.makedirs(output)
    server, base = serve(output)
    with open(os.path.join(project, "Destinations", "site.yaml"), "w") as handle:
        handle.write(f"""title: "Road Trip (browser tests)"
map:
  fitPadding: 40
  tileLayers:
    standard: {{ url: "{base}/tiles/standard/{{z}}/{{x}}/{{y}}.png", attribution: "Test tiles", maxZoom: 18 }}
    satellite: {{ url: "{base}/tiles/satellite/{{z}}/{{x}}/{{y}}.png", attribution: "Test imagery", maxZoom: 18 }}
    hybrid: {{ url: "{base}/tiles/satellite/{{z}}/{{x}}/{{y}}.png", overlay: "{base}/tiles/labels/{{z}}/{{x}}/{{y}}.png", attribution: "Test imagery", maxZoom: 18 }}
share:
  nearbyPlaces: true
""")
    build_site(binary, project, output)
    yield base, output
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def driver():
    for command, package in BROWSER_COMMANDS.items():
        if not shutil.which(command):
            unavailable(f"{command} is not on PATH (Debian's {package}; ./run test installs it)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    os.environ.setdefault("SE_MANAGER_PATH", "/nonexistent")  # never let Selenium Manager download
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--no-first-run", "--no-default-browser-check",
                     "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    temporary = tempfile.mkdtemp(prefix="roadtrip-chromium-")
    service = Service(executable_path=CHROMEDRIVER, env=dict(os.environ, TMPDIR=temporary))
    browser = webdriver.Chrome(service=service, options=options)
    browser.execute_cdp_cmd("Network.enable", {})
    yield browser
    browser.quit()
    shutil.rmtree(temporary, ignore_errors=True)


@pytest.fixture
def page(site, driver):
    """Opens a page of the test site with a clean slate: the browser's own window size (a test may
    have narrowed it; pins grow, and so spread further, on a narrow map), no geolocation override,
    permissions granted, no blocked URLs, no stored map type, scripts enabled, console log drained."""
    base, _ = site

    def open_page(path, permission="granted"):
        if driver.get_window_size() != {"width": 1280, "height": 1000}:
            driver.set_window_size(1280, 1000)
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        driver.execute_cdp_cmd("Browser.resetPermissions", {})
        driver.execute_cdp_cmd("Browser.setPermission", {
            "permission": {"name": "geolocation"}, "setting": permission, "origin": base})
        driver.get(base + "/404.html")
        driver.execute_script("try { localStorage.clear(); } catch (e) {}")
        driver.get_log("browser")
        driver.get(base + "/" + path)
        return driver
    return open_page


def map_config(driver):
    return json.loads(driver.find_element("css selector", ".roadtrip-map-config").get_attribute("textContent"))


def wait_until(condition, seconds=15):
    """Polls `condition` every 50 ms until it is true or `seconds` pass; its last value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def os_output_path(name):
    os.makedirs(OUTPUT, exist_ok=True)
    return os.path.join(OUTPUT, name)
