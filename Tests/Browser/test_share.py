"""Share actions in headless Chromium (issue 6, "Sharing"): the Web Share button appears only where the
browser has navigator.share and hands it the page's data; the e-mail link is an RFC 6068 mailto URI.

navigator.share is replaced before any page script runs (CDP Page.addScriptToEvaluateOnNewDocument):
removed for the "no Web Share" case, a recording stub for the "Web Share" case. Expected values are the
pages' own titles and the site's share texts ("Next stop: <destination>", "I'm currently in <locality>!").
"""
import contextlib
from urllib.parse import unquote

from selenium.webdriver.common.by import By

REMOVE_SHARE = "delete Navigator.prototype.share; delete navigator.share;"
STUB_SHARE = """
window.sharedData = [];
Object.defineProperty(Navigator.prototype, "share", { configurable: true, writable: true,
  value: function (data) { window.sharedData.push(data); return Promise.resolve(); } });
"""


@contextlib.contextmanager
def before_page_scripts(driver, source):
    identifier = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})


def share_button(driver):
    return driver.find_element(By.CSS_SELECTOR, "button[data-share-title]")


def test_web_share_button_is_hidden_without_navigator_share(page, driver):
    with before_page_scripts(driver, REMOVE_SHARE):
        page("tromso/index.html")
        assert driver.execute_script("return typeof navigator.share") == "undefined"
        button = share_button(driver)
        assert button.get_attribute("hidden") is not None
        assert not button.is_displayed()


def test_web_share_button_shares_the_page(page, driver):
    with before_page_scripts(driver, STUB_SHARE):
        for path, title, text in [
            ("tromso/index.html", "Tromsø", "Next stop: Tromsø"),
            # The trip's text names the town nearest its last fix (GeoNames' "Zurich").
            ("zurich/trips/eth-hoenggerberg/index.html", "A walk on the Hönggerberg · Zürich", "I'm currently in Zurich!"),
        ]:
            page(path)
            button = share_button(driver)
            assert button.is_displayed(), path
            button.click()
            shared = driver.execute_script("return window.sharedData")
            # Without baseURL the page carries no URL of its own; the script shares the page's address.
            assert shared == [{"title": title, "text": text, "url": driver.current_url}], path


def test_email_link_is_a_mailto_uri(page, driver):
    page("tromso/index.html")
    href = driver.find_element(By.CSS_SELECTOR, "a.share-email").get_attribute("href")
    assert href.startswith("mailto:?subject=")
    assert " " not in href and "+" not in href
    fields = dict(field.split("=", 1) for field in href[len("mailto:?"):].split("&"))
    assert {name: unquote(value) for name, value in fields.items()} == {
        "subject": "Tromsø",
        "body": "Next stop: Tromsø\r\nNear Tromsø, Norway\r\nRoad Trip (browser tests): tromso/",
    }
    # The sample site sets no share.links and no baseURL: no link to any other site.
    assert driver.find_elements(By.CSS_SELECTOR, ".share a:not(.share-email)") == []
