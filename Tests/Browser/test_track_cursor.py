"""The trip page's speed and elevation chart linked to its map (issue 17, item 3), in Chromium, on
the sample's Cerknica lake loop (253 fixes in 8 segments, with altitudes).

- The keyboard: Home puts the cursor on the first sample, whose marker on the map must sit exactly
  on the place of the map's own "Start" pin (placed by the map code from the annotation, not from
  the chart's data; the end of its leader line when the pin is spread); End on the "End" pin's.
- Home then Shift+End selects the whole trip: every figure of the selection's readout must read as
  the page's Statistics list says (computed by the Swift statistics at build time).
- The mouse: hovering at the pixel of a chosen time shows the sample nearest that time (worked out
  here from the chart's data attributes and the profile's times); dragging between two pixels
  selects the samples nearest their times, and the selected stretch is drawn on the map through
  each of them.
- Escape clears; no console errors; without JavaScript the readout stays hidden.
"""
import json
import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_until

PAGE = "cerknica/trips/lake-loop/index.html"


def duration(seconds):
    total = round(max(0, seconds))
    return f"{total // 3600}:{total // 60 % 60:02d}:{total % 60:02d}"


def chart_state(driver):
    figure = driver.find_element(By.CSS_SELECTOR, "figure[data-track-profile]")
    svg = figure.find_element(By.CSS_SELECTOR, "svg")
    profile = json.loads(figure.find_element(By.CSS_SELECTOR, ".roadtrip-track-profile").get_attribute("textContent"))
    axis = {name: float(svg.get_attribute(f"data-{name}")) for name in ["time-start", "time-end", "plot-left", "plot-right"]}
    return figure, svg, profile, axis


def readout(figure):
    element = figure.find_element(By.CSS_SELECTOR, ".chart-readout")
    return None if element.get_attribute("hidden") is not None else element.text


def marker_position(driver):
    return driver.execute_script(
        "var m = document.querySelector('.track-cursor');"
        "return m.getAttribute('visibility') === 'hidden' ? null : [+m.getAttribute('cx'), +m.getAttribute('cy')];")


def pin_position(driver, annotation_id):
    """Where the map puts the annotation's coordinate: its pin's place, or when the pin is spread
    away from others, the far end of its leader line (the true place)."""
    transform = driver.find_element(By.CSS_SELECTOR, f'[data-roadtrip-map] [data-annotation-id="{annotation_id}"]').get_attribute("transform")
    drawn = tuple(float(v) for v in re.match(r"translate\(([-\d.]+),([-\d.]+)\)", transform).groups())
    legs = driver.find_elements(By.CSS_SELECTOR, "[data-roadtrip-map] .pin-leg")
    for leg in re.findall(r"M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)", legs[0].get_attribute("d") or "") if legs else []:
        if (float(leg[0]), float(leg[1])) == drawn:
            return float(leg[2]), float(leg[3])
    return drawn


def offset_for_time(svg, axis, seconds):
    """The offset from the chart's centre (CSS px) of the pixel column standing for `seconds`."""
    width = svg.rect["width"]
    view_width = float(svg.get_dom_attribute("viewBox").split()[2])
    x = axis["plot-left"] + (seconds - axis["time-start"]) / (axis["time-end"] - axis["time-start"]) * (axis["plot-right"] - axis["plot-left"])
    return x * width / view_width - width / 2


def nearest(times, seconds):
    return min(range(len(times)), key=lambda i: (abs(times[i] - seconds), i))


def test_keyboard_cursor_sits_on_the_start_and_end_pins(page):
    driver = page(PAGE)
    figure, svg, profile, _ = chart_state(driver)
    assert svg.get_attribute("role") == "slider" and svg.get_attribute("tabindex") == "0"
    assert readout(figure) is None and marker_position(driver) is None
    svg.send_keys(Keys.HOME)
    # Within 0.05 px: both positions are written with 2 decimals, and the profile's coordinates
    # have 6 (0.1 m, a hundredth of a pixel at this map's zoom).
    assert readout(figure).startswith("0:00:00 from the start: 0.00 km (0.00 mi)")
    start = pin_position(driver, "start")
    assert all(abs(a - b) < 0.05 for a, b in zip(marker_position(driver), start)), (marker_position(driver), start)
    svg.send_keys(Keys.END)
    end = pin_position(driver, "end")
    assert all(abs(a - b) < 0.05 for a, b in zip(marker_position(driver), end)), (marker_position(driver), end)
    assert svg.get_attribute("aria-valuenow") == str(len(profile["time"]) - 1)
    assert readout(figure).startswith(duration(profile["time"][-1]) + " from the start: 4.35 km (2.70 mi)")
    svg.send_keys(Keys.ESCAPE)
    assert readout(figure) is None and marker_position(driver) is None


def test_the_whole_trip_selected_reads_as_the_statistics(page):
    driver = page(PAGE)
    figure, svg, _, _ = chart_state(driver)
    statistics = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
                  for row in driver.find_elements(By.CSS_SELECTOR, "dl.statistics > div")}
    svg.send_keys(Keys.HOME)
    svg.send_keys(Keys.SHIFT + Keys.END)
    text = readout(figure)
    selected = text.split(". Selected ", 1)[1]
    labels = r"(Distance|Duration|Moving time|Average moving speed|Maximum speed|Elevation gain / loss) (.*)"
    figures = dict(re.match(labels, part).groups() for part in selected.split(": ", 1)[1].split(" \u00b7 "))
    for label in ["Distance", "Duration", "Moving time", "Average moving speed", "Elevation gain / loss"]:
        assert figures[label] == statistics[label], label
    # The page adds the single-step peak after the sustained maximum.
    assert statistics["Maximum speed"].startswith(figures["Maximum speed"] + " over 10 s")
    # The band covers the whole plot.
    band = driver.find_element(By.CSS_SELECTOR, ".chart-selection")
    assert band.get_attribute("visibility") == "visible"
    assert abs(float(band.get_attribute("width")) - 720) < 0.01


def test_hover_and_drag_pick_the_nearest_samples(page):
    driver = page(PAGE)
    figure, svg, profile, axis = chart_state(driver)
    times = profile["time"]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", svg)
    # Hover at the column of 40 minutes.
    ActionChains(driver).move_to_element_with_offset(svg, round(offset_for_time(svg, axis, 2400)), 0).perform()
    assert wait_until(lambda: readout(figure) is not None, 5)
    # The column is whole CSS pixels: the time it stands for is within half a pixel of 2,400 s.
    seconds_per_pixel = (axis["time-end"] - axis["time-start"]) / (axis["plot-right"] - axis["plot-left"]) * float(svg.get_dom_attribute("viewBox").split()[2]) / svg.rect["width"]
    candidates = {duration(times[nearest(times, 2400 + d * seconds_per_pixel)]) for d in (-0.6, 0, 0.6)}
    assert readout(figure).split(" from the start")[0] in candidates
    # Drag from 20 min to 80 min.
    first, last = round(offset_for_time(svg, axis, 1200)), round(offset_for_time(svg, axis, 4800))
    ActionChains(driver).move_to_element_with_offset(svg, first, 0).click_and_hold() \
        .move_to_element_with_offset(svg, (first + last) // 2, 0).move_to_element_with_offset(svg, last, 0).release().perform()
    text = readout(figure)
    match = re.search(r"Selected (\d+:\d\d:\d\d)\u2013(\d+:\d\d:\d\d)", text)
    assert match, text
    starts = {duration(times[nearest(times, 1200 + d * seconds_per_pixel)]) for d in (-0.6, 0, 0.6)}
    ends = {duration(times[nearest(times, 4800 + d * seconds_per_pixel)]) for d in (-0.6, 0, 0.6)}
    assert match.group(1) in starts and match.group(2) in ends, (match.groups(), starts, ends)
    # The stretch on the map passes through every sample of it: one vertex each.
    a = [duration(t) for t in times].index(match.group(1))
    b = len(times) - 1 - [duration(t) for t in times][::-1].index(match.group(2))
    d = driver.find_element(By.CSS_SELECTOR, ".track-selection").get_attribute("d")
    assert len(re.findall(r"[ML]", d)) == b - a + 1
    # A click without a drag leaves only the cursor.
    ActionChains(driver).move_to_element_with_offset(svg, first, 0).click().perform()
    assert "Selected" not in readout(figure)
    assert driver.find_element(By.CSS_SELECTOR, ".chart-selection").get_attribute("visibility") == "hidden"
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "/tiles/" not in entry["message"]]
    assert errors == []


def test_without_javascript_the_chart_is_static(page, site):
    driver = page(PAGE)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(site[0] + "/" + PAGE)
        figure, svg, _, _ = chart_state(driver)
        assert svg.is_displayed() and svg.get_attribute("role") == "img" and svg.get_attribute("tabindex") is None
        assert not figure.find_element(By.CSS_SELECTOR, ".chart-readout").is_displayed()
        assert driver.find_elements(By.CSS_SELECTOR, ".chart-cursor, .track-cursor") == []
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
