"""The destination page's photo gallery and its lightbox in Chromium (issue 17, item 4).

A project of its own, built by the real binary: one destination near Ljubljana with the Cerknica
trip log and four fixture photos (`Tests/RoadTripKitTests/Fixtures/photos/`) — two with GPS on the
map, one placed from the trip log, one not on the map. Checked: a thumbnail opens the lightbox at
that photo with focus inside; → and ← step through the photos and the counter; a touch swipe does
too; Escape closes it and gives focus back to the thumbnail; activating a photo's pin on the map
(a click, or Enter) opens the lightbox at that photo; nothing is logged to the console; without
JavaScript the thumbnails are plain links to the web copies.
"""
import http.server
import os
import shutil
import subprocess
import tempfile
import threading

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Handler, roadtrip_binary, wait_until

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "RoadTripKitTests", "Fixtures")
# In file-name order, which is the gallery's: gps-north-east (GPS, near Ljubljana), no-gps (placed
# from the trip log), orientation-6 (no GPS, no time: not on the map), portrait-new-york (GPS).
PHOTOS = ["gps-north-east.jpg", "no-gps.jpg", "orientation-6.jpg", "portrait-new-york.jpg"]


class GalleryHandler(Handler):
    """The conftest's server (test tiles under /tiles/) for this module's own output folder."""
    folder = None

    def __init__(self, *args, **kwargs):
        http.server.SimpleHTTPRequestHandler.__init__(self, *args, directory=GalleryHandler.folder, **kwargs)


@pytest.fixture(scope="module")
def gallery_site():
    """Builds the photo project and serves it; yields the base URL."""
    binary = roadtrip_binary()
    work = tempfile.mkdtemp(prefix="roadtrip-gallery-")
    folder = os.path.join(work, "Destinations", "ljubljana")
    os.makedirs(os.path.join(folder, "photos"))
    os.makedirs(os.path.join(folder, "trips"))
    for name in PHOTOS:
        shutil.copy(os.path.join(FIXTURES, "photos", name), os.path.join(folder, "photos", name))
    shutil.copy(os.path.join(FIXTURES, "triplogs", "gpx", "cerknicko-jezero.gpx"), os.path.join(folder, "trips", "lake.gpx"))
    with open(os.path.join(folder, "photos", "captions.yaml"), "w") as handle:
        handle.write('gps-north-east.jpg: "Hilltop at dusk"\nportrait-new-york.jpg: "Fifth Avenue"\n')
    # The destination a little south-west of the hilltop photo (46.0571, 14.5056), so that its pin
    # and the photo's are apart and both in the map's view.
    with open(os.path.join(folder, "index.md"), "w") as handle:
        handle.write("---\ntitle: Ljubljana\nlatitude: 46.05\nlongitude: 14.49\n---\nThe capital.\n")
    output = os.path.join(work, "Output")
    GalleryHandler.folder = output
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), GalleryHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    # no-gps.jpg (15:30Z on 1 June 2024) moved by the camera clock offset onto the trip log's
    # time, as in PhotosTests.swift.
    with open(os.path.join(work, "Destinations", "site.yaml"), "w") as handle:
        handle.write(f"""title: Gallery
timeZone: Europe/Ljubljana
photos:
  cameraClockOffset: -436236600
map:
  tileLayers:
    standard: {{ url: "{base}/tiles/standard/{{z}}/{{x}}/{{y}}.png", attribution: "Test tiles", maxZoom: 18 }}
""")
    result = subprocess.run([binary, "build", "--source", work, "--quiet"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    yield base
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def gallery_page(gallery_site, driver):
    """Opens the destination page with scripts on and the console drained."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.get(gallery_site + "/404.html")
    driver.get_log("browser")
    driver.get(gallery_site + "/ljubljana/index.html")
    driver.find_element(By.CSS_SELECTOR, ".gallery")
    return driver


def lightbox(driver):
    """What the lightbox shows: whether it is open, the counter, the photo's URL, its caption's
    first line and whether the focused element is inside it."""
    return driver.execute_script("""
        var d = document.querySelector('dialog.lightbox');
        if (!d) return null;
        return { open: d.open, counter: d.querySelector('.lightbox-counter').textContent,
                 src: d.querySelector('img').getAttribute('src'),
                 title: d.querySelector('.photo-title').textContent,
                 focusInside: d.contains(document.activeElement), modal: d.matches(':modal') };""")


def thumbnail_link(driver, index):
    return driver.find_elements(By.CSS_SELECTOR, ".gallery-link")[index]


def severe_errors(driver):
    """Console errors, but for the favicon the test server does not have (a photo or script that
    failed to load is one)."""
    return [entry for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"]]


def test_a_thumbnail_opens_the_lightbox_and_the_keys_step_and_close(gallery_page):
    driver = gallery_page
    link = thumbnail_link(driver, 1)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    assert wait_until(lambda: (lightbox(driver) or {}).get("open"))
    shown = lightbox(driver)
    assert shown["modal"] and shown["focusInside"], shown
    assert shown["counter"] == "2 of 4" and shown["src"].endswith("/ljubljana/photos/no-gps.jpg") and shown["title"] == "no-gps.jpg", shown
    # The lightbox's image takes the thumbnail's srcset (both copies, with their widths).
    srcset = driver.execute_script("return document.querySelector('dialog.lightbox img').getAttribute('srcset')")
    assert srcset == link.find_element(By.TAG_NAME, "img").get_attribute("srcset")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    assert lightbox(driver)["counter"] == "3 of 4" and lightbox(driver)["src"].endswith("/photos/orientation-6.jpg")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    shown = lightbox(driver)
    assert shown["counter"] == "4 of 4" and shown["title"] == "Fifth Avenue", shown
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()  # round to the first
    assert lightbox(driver)["counter"] == "1 of 4" and lightbox(driver)["title"] == "Hilltop at dusk"
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    assert lightbox(driver)["counter"] == "4 of 4"
    # Tab and Shift+Tab go round the dialog's three buttons and stay inside it (the page behind
    # it is inert).
    assert driver.switch_to.active_element.get_attribute("class") == "lightbox-close"
    focused = []
    for backwards in [False] * 4 + [True] * 4:
        chain = ActionChains(driver)
        (chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT) if backwards else chain.send_keys(Keys.TAB)).perform()
        assert lightbox(driver)["focusInside"]
        focused.append(driver.switch_to.active_element.get_attribute("class").replace("lightbox-", ""))
    assert focused == ["previous", "next", "close", "previous", "close", "next", "previous", "close"]
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert wait_until(lambda: not lightbox(driver)["open"])
    assert driver.switch_to.active_element == link
    assert severe_errors(driver) == []


def test_the_buttons_and_the_counter(gallery_page):
    driver = gallery_page
    thumbnail_link(driver, 0).click()
    assert wait_until(lambda: (lightbox(driver) or {}).get("open"))
    assert lightbox(driver)["counter"] == "1 of 4"
    driver.find_element(By.CSS_SELECTOR, ".lightbox-next").click()
    assert lightbox(driver)["counter"] == "2 of 4"
    driver.find_element(By.CSS_SELECTOR, ".lightbox-previous").click()
    driver.find_element(By.CSS_SELECTOR, ".lightbox-previous").click()
    assert lightbox(driver)["counter"] == "4 of 4"
    driver.find_element(By.CSS_SELECTOR, ".lightbox-close").click()
    assert wait_until(lambda: not lightbox(driver)["open"])
    assert driver.switch_to.active_element == thumbnail_link(driver, 0)


def test_one_photo_has_nothing_to_step_to(gallery_page):
    """A gallery of one photo (the others taken out of the page here) shows no previous/next
    buttons and no "1 of 1" (from a fresh-clone tester), and Tab stays on the close button."""
    driver = gallery_page
    driver.execute_script("document.querySelectorAll('.gallery figure').forEach(function (f, i) { if (i) f.remove(); })")
    thumbnail_link(driver, 0).click()
    assert wait_until(lambda: (lightbox(driver) or {}).get("open"))
    shown = [b.is_displayed() for b in driver.find_elements(By.CSS_SELECTOR, ".lightbox-previous, .lightbox-next, .lightbox-counter")]
    assert shown == [False, False, False]
    for keys in [Keys.TAB, Keys.TAB]:
        ActionChains(driver).send_keys(keys).perform()
        assert driver.switch_to.active_element.get_attribute("class") == "lightbox-close"
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert driver.switch_to.active_element.get_attribute("class") == "lightbox-close"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert wait_until(lambda: not lightbox(driver)["open"])


def swipe(driver, element, dx):
    """A one-finger touch swipe of dx CSS pixels across the middle of element (W3C WebDriver
    actions with a touch pointer: Chromium dispatches pointerdown, pointermove, pointerup)."""
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down()
    for step in range(1, 6):
        actions.pointer_action.move_to(element, dx * step // 5, 0)
    actions.pointer_action.pointer_up()
    actions.perform()


def test_a_swipe_steps_through_the_photos(gallery_page):
    driver = gallery_page
    thumbnail_link(driver, 0).click()
    assert wait_until(lambda: (lightbox(driver) or {}).get("open"))
    image = driver.find_element(By.CSS_SELECTOR, "dialog.lightbox img")
    swipe(driver, image, -150)  # finger moves left: the next photo
    assert wait_until(lambda: lightbox(driver)["counter"] == "2 of 4"), lightbox(driver)
    swipe(driver, image, 150)  # right: the previous one
    assert wait_until(lambda: lightbox(driver)["counter"] == "1 of 4"), lightbox(driver)
    swipe(driver, image, 20)  # too short to be a swipe
    assert lightbox(driver)["counter"] == "1 of 4" and lightbox(driver)["open"]
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert severe_errors(driver) == []


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_photo_pin_opens_the_lightbox_at_its_photo(gallery_page, how):
    driver = gallery_page
    # The hilltop photo is the first of the gallery and its pin is photo-1; the portrait's, photo-4.
    figure = driver.find_element(By.CSS_SELECTOR, ".gallery figure[data-annotation-id='photo-1']")
    assert figure.find_element(By.CSS_SELECTOR, ".photo-title").text == "Hilltop at dusk"
    pin = driver.find_element(By.CSS_SELECTOR, "svg .pin[data-annotation-id='photo-1']")
    assert pin.get_attribute("tabindex") == "0"  # in the map's view
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pin)
    if how == "click":
        ActionChains(driver).move_to_element(pin).click().perform()
    else:
        driver.execute_script("arguments[0].focus()", pin)
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    assert wait_until(lambda: (lightbox(driver) or {}).get("open"))
    shown = lightbox(driver)
    assert shown["counter"] == "1 of 4" and shown["title"] == "Hilltop at dusk" and shown["focusInside"], shown
    # No callout opened under the lightbox.
    assert not driver.find_element(By.CSS_SELECTOR, ".map-callout").is_displayed()
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert wait_until(lambda: not lightbox(driver)["open"])
    assert driver.switch_to.active_element == pin
    # A pin that is not a photo's still opens its callout.
    driver.execute_script("arguments[0].focus()", driver.find_element(By.CSS_SELECTOR, "svg .pin[data-annotation-id='destination']"))
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    # The key reaches the page's handler asynchronously: under load (CI's two cores) the first
    # look could come before the callout opened.
    assert wait_until(lambda: driver.find_element(By.CSS_SELECTOR, ".map-callout").is_displayed())
    assert not lightbox(driver)["open"]
    assert severe_errors(driver) == []


def test_without_javascript_the_thumbnails_are_plain_links(gallery_page, gallery_site):
    driver = gallery_page
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(gallery_site + "/ljubljana/index.html")
        links = driver.find_elements(By.CSS_SELECTOR, ".gallery-link")
        assert [link.get_attribute("href").rsplit("/", 2)[-2:] for link in links] == [
            ["photos", "gps-north-east.jpg"], ["photos", "no-gps.jpg"], ["photos", "orientation-6.jpg"],
            ["photos", "portrait-new-york.jpg"]]
        links[3].click()
        assert wait_until(lambda: driver.current_url.endswith("/ljubljana/photos/portrait-new-york.jpg"))
        assert not driver.find_elements(By.CSS_SELECTOR, "dialog")
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
