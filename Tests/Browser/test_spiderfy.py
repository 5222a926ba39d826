"""Pins never hide each other (issue 17, item 5), in headless Chromium.

A site of its own, built by the real binary: one destination with ten POIs at one coordinate, a POI
at the place a photo was taken (the photo's pin beside it), and a POI on its own. Each pin must be
the element at its own drawn centre (so a click there is that pin's), open its own callout, stay
reachable after zooming in and back out, and a pin that is apart from the others must stay on its
coordinate. A second site puts ten POIs on a destination near its map's edge: the spread round it
is moved inside, every pin still reachable. True pixels are computed here from the page's configuration (Web Mercator on 256-px
tiles, the zoom the SVG states), independently of the page script.
"""
import math
import os
import re
import shutil

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, Handler, build_site, map_config, new_project, roadtrip_binary, serve

# gps-north-east.jpg was taken at 46°3'25.5" N, 14°30'20.25" E (Tests/RoadTripKitTests/Fixtures/photos).
PHOTO = (46 + 3 / 60 + 25.5 / 3600, 14 + 30 / 60 + 20.25 / 3600)
STALLS = [f"poi-{n}" for n in range(1, 11)]
HEAD = 22  # a POI's or photo's pin: the head's centre is 22 px above the tip (PinShape.regular)


def spread_destination():
    lines = ["---", "title: Spread", "subtitle: Pins that would hide each other", "latitude: 46.05", "longitude: 14.49",
             "itinerary: false", "pois:"]
    lines += [f'  - {{ title: "Stall {n}", subtitle: "Market stall {n}", latitude: 46.05, longitude: 14.46 }}'
              for n in range(1, 11)]
    lines.append(f'  - {{ title: "Hilltop", subtitle: "Where the photo was taken", latitude: {PHOTO[0]:.10f}, '
                 f'longitude: {PHOTO[1]:.10f} }}')
    lines.append('  - { title: "Bridge", subtitle: "On its own", latitude: 46.04, longitude: 14.50 }')
    return "\n".join(lines + ["---", "", "Ten market stalls at one place.", ""])


def build_and_serve(binary, work, project, title, handler):
    """Serves `work`/Output with `handler`, then builds `project` into it, titled `title`, with the
    test tiles from that server; (server, base URL, output folder)."""
    output = os.path.join(work, "Output")
    server, base = serve(output, handler)
    with open(os.path.join(project, "Destinations", "site.yaml"), "w") as handle:
        handle.write(f'title: "{title}"\nmap:\n  tileLayers:\n    standard: {{ url: "{base}/tiles/standard/{{z}}/{{x}}/{{y}}.png", '
                     f'attribution: "Test tiles", maxZoom: 18 }}\n')
    build_site(binary, project, output)
    return server, base, output


class SpreadHandler(Handler):
    """This site and the test tiles, beside the shared test site."""
    site = None


@pytest.fixture(scope="module")
def spread_site():
    """Builds the one-destination site and serves it; yields its base URL."""
    binary = roadtrip_binary()
    work, project = new_project("roadtrip-spiderfy-")
    os.makedirs(os.path.join(project, "Destinations", "spread", "photos"))
    shutil.copy(os.path.join(ROOT, "Tests", "RoadTripKitTests", "Fixtures", "photos", "gps-north-east.jpg"),
                os.path.join(project, "Destinations", "spread", "photos", "hilltop.jpg"))
    with open(os.path.join(project, "Destinations", "spread", "index.md"), "w") as handle:
        handle.write(spread_destination())
    server, base, _ = build_and_serve(binary, work, project, "Spread", SpreadHandler)
    yield base
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def spread_page(spread_site, driver):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.get(spread_site + "/spread/index.html")
    driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] svg")
    return driver


def drawn(driver):
    """Each pin's drawn tip (SVG pixels), from its transform, by annotation id."""
    pins = driver.execute_script(
        "return [...document.querySelectorAll('svg [data-annotation-id]')]"
        ".map(p => [p.getAttribute('data-annotation-id'), p.getAttribute('transform')])")
    positions = {}
    for pin_id, transform in pins:
        x, y = map(float, re.match(r"translate\(([-\d.]+),([-\d.]+)\)", transform).groups())
        positions[pin_id] = (x, y)
    return positions


def true_pixel(driver, annotation):
    """Where `annotation`'s coordinate falls in the SVG's pixels: Web Mercator (EPSG:3857) on 256-px
    tiles at the zoom the SVG states, the region's centre in the middle of the viewport."""
    config = map_config(driver)
    zoom = float(driver.find_element(By.CSS_SELECTOR, "svg.roadtrip-map").get_attribute("data-zoom"))
    centre = [float(v) for v in driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map]").get_attribute("data-region").split(",")]
    world = 256 * 2 ** zoom

    def project(latitude, longitude):
        phi = math.radians(latitude)
        return (longitude + 180) / 360 * world, (1 - math.log(math.tan(phi) + 1 / math.cos(phi)) / math.pi) / 2 * world
    x, y = project(annotation["latitude"], annotation["longitude"])
    cx, cy = project(centre[0], centre[1])
    return x - cx + config["viewport"]["width"] / 2, y - cy + config["viewport"]["height"] / 2


def head_centre(driver, pin_id, tip):
    """Where the head of the pin drawn with its tip at `tip` (SVG pixels) is in the page's
    viewport (CSS pixels): the SVG may be drawn smaller than its viewBox, and a pin grown."""
    return driver.execute_script("""
        var svg = document.querySelector('[data-roadtrip-map] svg'), box = svg.getBoundingClientRect();
        var scale = box.width / svg.viewBox.baseVal.width;
        var pin = svg.querySelector('[data-annotation-id="' + arguments[0] + '"]');
        var grow = +(pin.getAttribute('transform').match(/scale\\(([\\d.]+)\\)/) || [0, 1])[1];
        return [box.left + arguments[1] * scale, box.top + (arguments[2] - arguments[3] * grow) * scale];
    """, pin_id, tip[0], tip[1], HEAD)


def hit(driver, pin_id, tip):
    """The annotation id of the element at the head centre of `pin_id`'s pin drawn at `tip`
    (`document.elementFromPoint`), or what else is there."""
    x, y = head_centre(driver, pin_id, tip)
    return driver.execute_script("""
        var element = document.elementFromPoint(arguments[0], arguments[1]);
        var owner = element && element.closest('[data-annotation-id]');
        return owner ? owner.getAttribute('data-annotation-id') : (element ? element.tagName + '.' + element.getAttribute('class') : null);
    """, x, y)


def click_pin_head(driver, pin_id, tip):
    """A real mouse click on the head of `pin_id`'s pin drawn at `tip`."""
    x, y = head_centre(driver, pin_id, tip)
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(x), round(y)).click()
    actions.perform()


def zoom(driver, action, times):
    button = driver.find_element(By.CSS_SELECTOR, f"[data-action={action}]")
    for _ in range(times):
        button.click()


def test_ten_pins_at_one_place_are_each_reachable_and_open_their_own_callout(spread_page):
    driver = spread_page
    config = {a["id"]: a for a in map_config(driver)["annotations"]}
    positions = drawn(driver)
    # One coordinate, ten places: every two at least a pin's size (31 px) apart.
    stalls = [positions[pin] for pin in STALLS]
    for i, a in enumerate(stalls):
        for b in stalls[:i]:
            assert math.dist(a, b) >= 31 - 0.02
    callout = driver.find_element(By.CSS_SELECTOR, ".map-callout")
    for pin in STALLS:
        assert hit(driver, pin, positions[pin]) == pin
        click_pin_head(driver, pin, positions[pin])
        assert callout.is_displayed() and callout.get_attribute("data-annotation-id") == pin
        assert config[pin]["title"] in callout.text
        # The callout opens at the pin as drawn, not at the stall's true place.
        left, top = driver.execute_script("return [parseFloat(arguments[0].style.left), parseFloat(arguments[0].style.top)]", callout)
        assert left == pytest.approx(positions[pin][0] / 800 * 100, abs=0.01)
        assert top == pytest.approx(positions[pin][1] / 500 * 100, abs=0.01)
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        assert not callout.is_displayed()


def test_after_zooming_in_and_out_the_ten_are_still_reachable_and_zoomed_out_everything_spreads(spread_page):
    driver = spread_page
    before = drawn(driver)
    zoom(driver, "zoom-in", 4)
    zoom(driver, "zoom-out", 4)
    after = drawn(driver)
    for pin in STALLS:
        assert after[pin] == pytest.approx(before[pin], abs=0.02)
        assert hit(driver, pin, after[pin]) == pin
    # Three levels out, the whole destination is a few pixels across: every pin joins one spread,
    # and each is still the element at its own centre.
    zoom(driver, "zoom-out", 3)
    far = drawn(driver)
    for pin, tip in far.items():
        assert hit(driver, pin, tip) == pin, pin
    assert len(set(far.values())) == len(far) == 14
    # The destination keeps its place on its own map; the 13 others have a leader line each.
    config = {a["id"]: a for a in map_config(driver)["annotations"]}
    assert far["destination"] == pytest.approx(true_pixel(driver, config["destination"]), abs=0.05)
    legs = driver.execute_script("return document.querySelector('.pin-legs .pin-leg').getAttribute('d')")
    assert legs.count("M") == 13
    # Back in, the groups separate again: the pins apart return to their true places.
    zoom(driver, "zoom-in", 3)
    assert drawn(driver)["poi-12"] == pytest.approx(true_pixel(driver, config["poi-12"]), abs=0.05)


def test_pins_apart_stay_on_their_coordinates(spread_page):
    """The destination and the bridge are apart from every other pin: drawn on their true pixels,
    with no leader line; the stalls' leader lines all end on the stalls' true pixel."""
    driver = spread_page
    config = {a["id"]: a for a in map_config(driver)["annotations"]}
    positions = drawn(driver)
    for pin in ["destination", "poi-12"]:
        assert positions[pin] == pytest.approx(true_pixel(driver, config[pin]), abs=0.05), pin
    legs = driver.execute_script("return document.querySelector('.pin-legs .pin-leg').getAttribute('d')")
    lines = [tuple(map(float, m)) for m in re.findall(r"M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)", legs)]
    assert len(lines) == 12  # ten stalls, the hilltop and the photo
    stall = true_pixel(driver, config["poi-1"])
    for pin in STALLS:
        line = next(line for line in lines if line[:2] == pytest.approx(positions[pin], abs=0.01))
        assert line[2:] == pytest.approx(stall, abs=0.05)


def test_a_photo_and_a_poi_at_one_place_are_both_clickable(spread_page):
    driver = spread_page
    config = {a["id"]: a for a in map_config(driver)["annotations"]}
    positions = drawn(driver)
    photo = next(pin for pin in config if pin.startswith("photo-"))
    assert config[photo]["latitude"] == pytest.approx(config["poi-11"]["latitude"], abs=1e-6)
    assert math.dist(positions[photo], positions["poi-11"]) >= 31 - 0.02
    assert hit(driver, photo, positions[photo]) == photo
    assert hit(driver, "poi-11", positions["poi-11"]) == "poi-11"
    click_pin_head(driver, "poi-11", positions["poi-11"])
    callout = driver.find_element(By.CSS_SELECTOR, ".map-callout")
    assert callout.get_attribute("data-annotation-id") == "poi-11" and "Hilltop" in callout.text


def test_show_on_map_opens_the_callout_at_the_drawn_pin_and_focus_follows_the_list(spread_page):
    driver = spread_page
    driver.find_element(By.CSS_SELECTOR, "li[data-annotation-id='poi-7'] .annotation-show").click()
    callout = driver.find_element(By.CSS_SELECTOR, ".map-callout")
    assert callout.is_displayed() and callout.get_attribute("data-annotation-id") == "poi-7"
    # The map is centred on the stall's true place; the pin and its callout are where it is drawn.
    region = [float(v) for v in driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map]").get_attribute("data-region").split(",")]
    assert region[:2] == pytest.approx([46.05, 14.46], abs=1e-7)
    tip = drawn(driver)["poi-7"]
    assert tip != pytest.approx((400, 250), abs=1)
    assert float(driver.execute_script("return arguments[0].style.left", callout)[:-1]) == pytest.approx(tip[0] / 8, abs=0.01)
    assert driver.switch_to.active_element.get_attribute("data-annotation-id") == "poi-7"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    # The pins are in the list's order in the document, so Tab goes through them in that order.
    listed = [li.get_attribute("data-annotation-id") for li in driver.find_elements(By.CSS_SELECTOR, "li[data-annotation-id]")]
    pins = [p.get_attribute("data-annotation-id") for p in driver.find_elements(By.CSS_SELECTOR, "svg [data-annotation-id]")]
    assert pins == listed
    driver.execute_script("document.querySelector('svg [data-annotation-id=destination]').focus()")
    reached = ["destination"]
    for _ in range(5):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        reached.append(driver.switch_to.active_element.get_attribute("data-annotation-id"))
    assert reached == listed[:6]


class EdgeHandler(Handler):
    """The edge site and the test tiles."""
    site = None


def edge_destination():
    """The tester's map: ten POIs on the destination's coordinate and one 0.01° off, `region: fit`,
    so the destination is 40 px above the map's bottom edge and a spread round it would cross it."""
    lines = ["---", "title: Edge", "latitude: 46.05", "longitude: 14.5", "region: fit", "pois:"]
    lines += [f'  - {{ title: "P{n}", latitude: 46.05, longitude: 14.5 }}' for n in range(1, 11)]
    lines.append('  - { title: "Far", latitude: 46.06, longitude: 14.51 }')
    return "\n".join(lines + ["---", ""])


@pytest.fixture(scope="module")
def edge_site():
    """Builds the edge site and serves it; yields its base URL and the build's `map.svg`."""
    work, project = new_project("roadtrip-spiderfy-edge-")
    os.makedirs(os.path.join(project, "Destinations", "x"))
    with open(os.path.join(project, "Destinations", "x", "index.md"), "w") as handle:
        handle.write(edge_destination())
    server, base, output = build_and_serve(roadtrip_binary(), work, project, "Edge", EdgeHandler)
    with open(os.path.join(output, "x", "map.svg")) as handle:
        svg = handle.read()
    yield base, svg
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


def test_a_spread_round_the_destination_near_an_edge_stays_inside_and_reachable(edge_site, driver):
    """The group moves inside, the destination with it: every pin is inside the map, the element at
    its own head's centre, and where the build drew it."""
    base, svg = edge_site
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.get(base + "/x/index.html")
    driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] svg")
    config = map_config(driver)
    width, height = config["viewport"]["width"], config["viewport"]["height"]
    positions = drawn(driver)
    built = {m[0]: (float(m[1]), float(m[2])) for m in re.findall(
        r'data-annotation-id="([^"]+)" transform="translate\(([-\d.]+),([-\d.]+)\)"', svg)}
    assert len(positions) == 12
    for pin, tip in positions.items():
        assert tip == pytest.approx(built[pin], abs=0.02), pin
        assert 0 <= tip[0] <= width and 0 <= tip[1] <= height, (pin, tip)
        assert hit(driver, pin, tip) == pin, (pin, tip)
    # The destination moved with its group, up from its true place (a leader line to it).
    destination = {a["id"]: a for a in config["annotations"]}["destination"]
    place = true_pixel(driver, destination)
    assert positions["destination"][0] == pytest.approx(place[0], abs=0.05)
    assert positions["destination"][1] < place[1] - 1
