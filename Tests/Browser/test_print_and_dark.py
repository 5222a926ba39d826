"""Dark mode and the printed trip book as a reader gets them in Chromium (issue 17, item 6).

- Dark mode: with `prefers-color-scheme: dark` emulated, the page's background is dark and its
  text light (contrast computed from the colours Chromium reports, WCAG 2.x relative luminance),
  and a trip page's chart labels are drawn light on its dark background.
- Print: `book/index.html` printed to PDF (Chromium's Page.printToPDF, read back with PyPI's
  pypdfium2) has the cover first, then each destination starting a page of its own, its title
  first on it, in the site's order; under print media no map control, status line
  or share button is shown on a destination page.
"""
import base64
import io
import re

from selenium.webdriver.common.by import By

SAMPLE_DESTINATIONS = 13


def luminance(css_colour):
    """WCAG 2.x relative luminance of an `rgb(…)`/`rgba(…)` colour."""
    red, green, blue = [int(v) / 255 for v in re.findall(r"[\d.]+", css_colour)[:3]]

    def linear(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(a, b):
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def emulate(driver, media="", dark=False):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": media, "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def test_dark_mode_pages_and_charts(page):
    driver = page("bergen/index.html")
    try:
        emulate(driver, dark=True)
        background = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        text = driver.execute_script("return getComputedStyle(document.body).color")
        assert luminance(background) < 0.05, background
        assert contrast(background, text) >= 7, (background, text)  # WCAG AAA for body text
        card_background = driver.execute_script(
            "return getComputedStyle(document.querySelector('.map-controls button')).backgroundColor")
        assert luminance(card_background) < 0.05, card_background
        driver.get(driver.current_url.replace("bergen/index.html", "zurich/trips/eth-hoenggerberg/index.html"))
        label = driver.find_element(By.CSS_SELECTOR, ".chart text")
        fill = driver.execute_script("return getComputedStyle(arguments[0]).fill", label)
        chart = driver.execute_script(
            "return getComputedStyle(document.querySelector('.chart-background')).fill")
        assert contrast(fill, chart) >= 4.5, (fill, chart)
        emulate(driver, dark=False)
        driver.refresh()
        light = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        assert luminance(light) > 0.9, light
    finally:
        emulate(driver)


def test_print_hides_controls(page):
    driver = page("bergen/index.html")
    try:
        emulate(driver, media="print")
        for selector in [".map-controls", ".map-status", ".share-actions", ".site-nav"]:
            for element in driver.find_elements(By.CSS_SELECTOR, selector):
                assert not element.is_displayed(), selector
        assert driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] svg").is_displayed()
    finally:
        emulate(driver)


def test_the_trip_book_prints_a_cover_and_a_page_per_destination(page, site):
    import pypdfium2
    driver = page("book/index.html")
    images = driver.find_elements(By.CSS_SELECTOR, "img.book-map")
    assert len(images) == 1 + SAMPLE_DESTINATIONS + 1  # cover, the sample's 13, the 50-POI test page
    # Every map image has loaded (naturalWidth > 0): the book's links to map.svg resolve.
    driver.execute_script("document.querySelectorAll('img').forEach(function (i) { i.loading = 'eager'; })")
    for image in images:
        driver.execute_script("arguments[0].scrollIntoView()", image)
    assert driver.execute_script(
        "return Array.from(document.querySelectorAll('img.book-map')).every(i => i.complete && i.naturalWidth > 0)")
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": True, "preferCSSPageSize": True})
    document = pypdfium2.PdfDocument(io.BytesIO(base64.b64decode(pdf["data"])))
    # Each destination starts a page of its own (its title first on it); the 51 POIs of the test
    # destination run onto a second page, so there are more pages than destinations.
    titles = [t.get_attribute("textContent") for t in driver.find_elements(By.CSS_SELECTOR, ".book-destination h2")]
    firsts = [document[i].get_textpage().get_text_range().strip().split("\n")[0].strip() for i in range(len(document))]
    assert len(titles) == SAMPLE_DESTINATIONS + 1 and len(document) >= len(titles) + 1
    assert firsts[0].startswith("Road Trip")
    starts = [i for i, first in enumerate(firsts) if first in titles]
    assert [firsts[i] for i in starts] == titles, firsts
    document.close()
