"""After Locate, "You are near <locality>" from the build's gazetteer extract (issue 6), with
share.nearbyPlaces: true in the test site's config. Positions: Tromsø's city centre (GeoNames
69.6489, 18.95508) and a point in the Norwegian Sea 300 km from any town."""

from selenium.webdriver.common.by import By

from conftest import wait_until




def locate(driver, latitude, longitude):
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                           {"latitude": latitude, "longitude": longitude, "accuracy": 25})
    driver.find_element(By.CSS_SELECTOR, "[data-action=locate]").click()


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] [role=status]").text


def test_you_are_near_the_nearest_town(page):
    driver = page("tromso/index.html")
    locate(driver, 69.6500, 18.9600)
    assert wait_until(lambda: "You are near Tromsø (NO)." in status(driver)), status(driver)
    assert status(driver).startswith("Showing your position (\u00b125 m).")


def test_far_from_any_town_says_how_far(page):
    driver = page("tromso/index.html")
    locate(driver, 68.0, 4.0)
    assert wait_until(lambda: "km from" in status(driver) and "the nearest town listed" in status(driver)), status(driver)
