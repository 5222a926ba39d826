"""A map on a 360-px-wide phone screen and in full screen (issue 17, item 7), in Chromium.

At 360 CSS px the 800-px map is drawn at 0.42 of its size, so its 10-unit scale bar and credits
would be 4 px tall: the script scales them back to at least 10 px on screen (bars still
measuring what they say), and the controls wrap inside the screen at 44 px high (WCAG 2.2
target size). Expected values: the scale bar's screen length computed here from the map's zoom
and latitude (Web Mercator: 2πR·cos φ / (256·2^z) metres a pixel, R = 6,378,137 m) and the
canvas's width; the fullscreen state from the Fullscreen API (`document.fullscreenElement`).
"""
import math

from selenium.webdriver.common.by import By

from conftest import wait_until


def phone(driver, on=True):
    if on:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def rect(driver, element):
    return driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];", element)


def test_scale_bar_credits_and_controls_at_360_px(page, site):
    driver = page("404.html")
    phone(driver)
    try:
        driver.get(site[0] + "/bergen/index.html")
        canvas = driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] .map-canvas")
        width = driver.execute_script("return arguments[0].getBoundingClientRect().width", canvas)
        assert width <= 360
        label = driver.find_element(By.CSS_SELECTOR, ".scale-metric text")
        assert wait_until(lambda: rect(driver, label)[3] - rect(driver, label)[1] >= 10)
        for selector in [".scale-imperial text", "text.attribution", "text.basemap-credit"]:
            for text in driver.find_elements(By.CSS_SELECTOR, "[data-roadtrip-map] " + selector):
                left, top, right, bottom = rect(driver, text)
                assert bottom - top >= 10, (selector, bottom - top)
                assert left >= 0 and right <= 360.5, (selector, left, right)
        credits = driver.find_elements(By.CSS_SELECTOR, "[data-roadtrip-map] text.attribution, [data-roadtrip-map] text.basemap-credit")
        if len(credits) == 2:
            assert rect(driver, credits[1])[1] >= rect(driver, credits[0])[3] - 0.5, "the two credit lines overlap"
        # The metric bar still measures its label: its screen length from the map's zoom and latitude.
        svg = driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] svg")
        zoom = float(svg.get_attribute("data-zoom"))
        latitude = float(driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map]").get_attribute("data-region").split(",")[0])
        metres_per_map_pixel = 2 * math.pi * 6378137 * math.cos(math.radians(latitude)) / (256 * 2 ** zoom)
        metres = float(driver.find_element(By.CSS_SELECTOR, ".scale-metric").get_attribute("data-metres"))
        bar = driver.find_element(By.CSS_SELECTOR, ".scale-metric path")
        left, _, right, _ = rect(driver, bar)
        expected = metres / metres_per_map_pixel * width / 800
        assert abs((right - left) - expected) < 1.5, (right - left, expected)
        # Controls: on the screen and at least 44 px high.
        for button in driver.find_elements(By.CSS_SELECTOR, ".map-controls button"):
            if not button.is_displayed():
                continue
            left, top, right, bottom = rect(driver, button)
            assert left >= 0 and right <= 360.5, (button.text, left, right)
            assert bottom - top >= 44 - 0.5, (button.text, bottom - top)
    finally:
        phone(driver, False)


def test_fullscreen_button(page):
    driver = page("bergen/index.html")
    button = driver.find_element(By.CSS_SELECTOR, "[data-action=fullscreen]")
    assert button.is_displayed() and button.text == "Full screen"
    button.click()
    assert wait_until(lambda: driver.execute_script(
        "return document.fullscreenElement === document.querySelector('[data-roadtrip-map]')"))
    assert wait_until(lambda: button.text == "Exit full screen")
    assert button.get_attribute("aria-pressed") == "true"
    button.click()
    assert wait_until(lambda: driver.execute_script("return document.fullscreenElement === null"))
    # The button follows the `fullscreenchange` event, which the browser fires after
    # `fullscreenElement` changes (on the next animation frame): wait for it, as on entering.
    assert wait_until(lambda: button.text == "Full screen")
    assert wait_until(lambda: button.get_attribute("aria-pressed") == "false")


def test_no_page_scrolls_sideways_at_360_px(page, site):
    """Every kind of page fits a 360-px screen: the document is no wider than the viewport (a
    trip page's 800-px charts used to make it 856 px wide, from a fresh-clone tester)."""
    driver = page("404.html")
    phone(driver)
    try:
        for path in ["index.html", "bergen/index.html", "cerknica/trips/lake-loop/index.html",
                     "zurich/trips/eth-hoenggerberg/index.html", "tags/index.html", "book/index.html"]:
            driver.get(site[0] + "/" + path)
            widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            assert widths[0] <= widths[1], (path, widths)
        # The chart still maps a pixel column to its time: the cursor follows the keyboard.
        driver.get(site[0] + "/cerknica/trips/lake-loop/index.html")
        chart = driver.find_element(By.CSS_SELECTOR, "figure[data-track-profile] svg")
        assert rect(driver, chart)[2] <= 360
    finally:
        phone(driver, on=False)


def test_the_scale_bar_and_credits_let_clicks_through_to_pins(page):
    """They are drawn over the pins; on a phone a spread pin can lie under the scale bar's label
    (a fresh-clone tester's 360-px page), and the click must reach the pin."""
    driver = page("bergen/index.html")
    events = driver.execute_script(
        "return ['.scale-bar', '.scale-bar text', '.attribution'].map(function (s) {"
        " var e = document.querySelector('[data-roadtrip-map] ' + s); return e && getComputedStyle(e).pointerEvents; })")
    assert events == ["none", "none", "none"], events
    # A pin moved under the scale bar's label is the element at that point.
    hit = driver.execute_script("""
        var svg = document.querySelector('[data-roadtrip-map] svg'), label = svg.querySelector('.scale-bar text');
        var pin = svg.querySelector('[data-annotation-id="destination"]'), r = label.getBoundingClientRect();
        var m = svg.getScreenCTM().inverse(), p = svg.createSVGPoint();
        p.x = r.left + r.width / 2; p.y = r.top + r.height / 2 + 12; p = p.matrixTransform(m);
        pin.setAttribute('transform', 'translate(' + p.x + ',' + p.y + ')');
        var e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!(e && e.closest('[data-annotation-id="destination"]'));""")
    assert hit
