"""The itinerary as a reader sees it in Chromium (issue 16): the route on the home page's overview
map, drawn under the numbered pins and moving with them as the map zooms; the itinerary table; a
stop's line on its page, whose links lead along the trip.

Expected values: the stop order, days and nights of the sample's front matter (Bergen arrives June
14 with 2 nights, …, Tromsø leaves June 30), and the pins' screen positions read from the page.
"""
import re

from selenium.webdriver.common.by import By

from conftest import wait_until

# The sample's Norwegian stops in front-matter order, and the days each covers (day 1 = June 14).
STOPS = ["Bergen", "Ålesund", "Geirangerfjord", "Trondheim", "Bodø", "Lofoten", "Tromsø"]
DAYS = ["1–3", "3–5", "5–7", "7–10", "10–12", "12–16", "16–17"]


def true_place(driver, slug):
    """The screen position (CSS px) of a destination's coordinate on the map: its pin's tip, or,
    when the pin is spread away from pins that would hide it, the end of its leader line."""
    return driver.execute_script("""
        var pin = document.querySelector('[data-annotation-id="destination-' + arguments[0] + '"]'), svg = pin.ownerSVGElement;
        var tip = pin.getAttribute('transform').match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/).slice(1).map(Number);
        var legs = svg.querySelector('.pin-legs'), d = legs && legs.style.display !== 'none' ? legs.querySelector('.pin-leg').getAttribute('d') : '';
        (d.match(/M[^M]+/g) || []).forEach(function (line) {
            var n = line.match(/[-\\d.]+/g).map(Number);
            if (Math.abs(n[0] - tip[0]) < 0.01 && Math.abs(n[1] - tip[1]) < 0.01) tip = [n[2], n[3]];
        });
        var s = svg.createSVGPoint(); s.x = tip[0]; s.y = tip[1]; s = s.matrixTransform(svg.getScreenCTM());
        return [s.x, s.y];""", slug)


def route_start(driver, index):
    """The screen position of the first point of the index-th route line of the overview."""
    return driver.execute_script(
        "var p = document.querySelectorAll('.tracks .route')[arguments[0]], m = p.getScreenCTM(),"
        " q = p.getPointAtLength(0); var s = p.ownerSVGElement.createSVGPoint(); s.x = q.x; s.y = q.y;"
        " s = s.matrixTransform(m); return [s.x, s.y];", index)


def test_the_route_and_the_table_on_the_home_page(page):
    driver = page("index.html")
    rows = driver.find_elements(By.CSS_SELECTOR, ".itinerary-table tbody tr")
    assert [row.find_element(By.CSS_SELECTOR, "th a").text for row in rows] == STOPS
    assert [row.find_element(By.CSS_SELECTOR, "td").text for row in rows] == DAYS
    # The pins of the main trip carry their numbers; the route's six planned legs are dashed, the
    # Slovenian trip's one leg is its recording, solid.
    marks = [driver.find_element(By.CSS_SELECTOR, f'[data-annotation-id="destination-{slug}"] .pin-mark').text
             for slug in ["bergen", "alesund", "tromso"]]
    assert marks == ["1", "2", "7"]
    planned = driver.find_elements(By.CSS_SELECTOR, ".tracks .route-planned")
    recorded = driver.find_elements(By.CSS_SELECTOR, ".tracks .route-recorded")
    assert len(planned) == 6 and len(recorded) >= 1
    assert all(line.get_attribute("stroke-dasharray") == "8 6" for line in planned)
    assert all(not line.get_attribute("stroke-dasharray") for line in recorded)

    # The first leg starts at Bergen's place (its pin's tip, or its leader line's end while the pin
    # is spread apart from its neighbours), before and after zooming in twice: the route moves with the map.
    def starts_at_bergen():
        (x, y), (px, py) = route_start(driver, 0), true_place(driver, "bergen")
        return abs(x - px) < 2 and abs(y - py) < 2
    assert starts_at_bergen(), (route_start(driver, 0), true_place(driver, "bergen"))
    before = driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map]").get_attribute("data-region")
    for _ in range(2):
        driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-in]").click()
    assert wait_until(lambda: driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map]").get_attribute("data-region") != before)
    assert wait_until(starts_at_bergen), (route_start(driver, 0), true_place(driver, "bergen"))

    totals = {item.get_attribute("data-statistic"): item.find_element(By.TAG_NAME, "dd").text
              for item in driver.find_elements(By.CSS_SELECTOR, ".itinerary-totals > div")}
    assert totals["stops"] == "7" and totals["days"] == "17" and totals["nights"] == "16"
    links = [a.get_attribute("href").rsplit("/", 1)[-1] for a in driver.find_elements(By.CSS_SELECTOR, ".itinerary .downloads a")]
    assert links == ["itinerary.ics", "itinerary.gpx", "itinerary.geojson"]
    # The named trip: its page, then its exports.
    trips = driver.find_elements(By.CSS_SELECTOR, ".trips a")
    assert [a.text for a in trips] == ["Slovenian Karst", "iCalendar", "GPX", "GeoJSON"]
    assert trips[0].get_attribute("href").endswith("/itineraries/slovenian-karst/index.html")


def test_a_stops_line_leads_along_the_trip(page):
    driver = page("alesund/index.html")
    line = driver.find_element(By.CSS_SELECTOR, ".itinerary-line")
    assert re.fullmatch(r"Days 3–5 of 17 · 236 km from Bergen · next: Geirangerfjord, 68 km", line.text), line.text
    line.find_element(By.LINK_TEXT, "Geirangerfjord").click()
    assert wait_until(lambda: driver.current_url.endswith("/geirangerfjord/index.html"))
    assert driver.find_element(By.CSS_SELECTOR, ".itinerary-line").text.startswith("Days 5–7 of 17 · 68 km from Ålesund")
    driver.find_element(By.CSS_SELECTOR, ".itinerary-line a").click()
    assert wait_until(lambda: driver.current_url.endswith("/index.html#itinerary-heading"))
