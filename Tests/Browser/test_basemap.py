"""The offline basemap in Chromium (issue 15): with the raster tile server unreachable the map is
still a map — the build's SVG tiles are there, follow zooming and panning, and the status line says
"Offline map (online tiles unavailable)" once — and the same holds for a page opened from file://.
"""
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import map_config

OFFLINE_MESSAGE = "Offline map (online tiles unavailable)"


def status_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] [role=status]").text


def loaded_basemap_tiles(driver):
    """The basemap tiles shown that loaded: (src, left, top, width, height, tile) in CSS pixels of the
    canvas, `tile` the image's "z/x/y" (a solid tile's src is the shared land.svg or sea.svg)."""
    return driver.execute_script("""
        var canvas = document.querySelector('.map-canvas').getBoundingClientRect();
        return Array.from(document.querySelectorAll('.map-tiles img.map-tile-basemap'))
          .filter(function (img) { return img.complete && img.naturalWidth > 0 && img.style.visibility === 'visible'; })
          .map(function (img) { var r = img.getBoundingClientRect();
            return [img.getAttribute('src'), r.left - canvas.left, r.top - canvas.top, r.width, r.height,
                    img.getAttribute('data-tile')]; });""")


def canvas_size(driver):
    return driver.execute_script(
        "var r = document.querySelector('.map-canvas').getBoundingClientRect(); return [r.width, r.height];")


def assert_covered(driver):
    """Loaded basemap tiles cover the canvas's centre and its four corners (inset 2 px)."""
    WebDriverWait(driver, 10).until(lambda d: loaded_basemap_tiles(d))
    width, height = canvas_size(driver)
    tiles = loaded_basemap_tiles(driver)
    for x, y in [(width / 2, height / 2), (2, 2), (width - 2, 2), (2, height - 2), (width - 2, height - 2)]:
        assert any(left <= x <= left + w and top <= y <= top + h for _, left, top, w, h, _ in tiles), (x, y, tiles)
    return tiles


def test_offline_the_basemap_zooms_and_pans_and_the_status_is_a_note(page, site):
    driver = page("bergen/index.html")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/tiles/*"]})
    # A phone's width: the map is shown at about half its 800-unit viewport.
    driver.set_window_size(420, 900)
    driver.get(site[0] + "/bergen/index.html")
    WebDriverWait(driver, 10).until(lambda d: status_text(d) != "")
    assert status_text(driver) == OFFLINE_MESSAGE
    assert driver.page_source.count(OFFLINE_MESSAGE) == 1
    status = driver.find_element(By.CSS_SELECTOR, "[data-roadtrip-map] [role=status]")
    assert "map-status-note" in status.get_attribute("class")
    basemap = map_config(driver)["offlineBasemap"]
    first = assert_covered(driver)
    assert all("/assets/basemap/" in src for src, *_ in first)
    # Neighbours overlap by one screen pixel whatever the map's shown size (CSS calc: a tile is
    # 1 px wider than the step to the next one), so no hairline of background shows between them
    # (one unit of the 800-unit viewport was 0.45 px on a phone).
    lefts = sorted({round(left, 3) for _, left, *_ in first})
    steps = [b - a for a, b in zip(lefts, lefts[1:])]
    assert steps, first
    width = first[0][3]
    assert all(abs(width - (step + 1)) < 0.05 for step in steps), (width, steps)  # layout rounds to 1/64 px
    # Zoom in past the pyramid's deepest level: its tiles are scaled, still covering the map.
    canvas = driver.find_element(By.CSS_SELECTOR, ".map-canvas")
    for _ in range(3):
        driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-in]").click()
        assert_covered(driver)
    deepest = {int(tile.split("/")[0]) for *_, tile in loaded_basemap_tiles(driver)}
    assert deepest == {basemap["maxZoom"]}
    # Back out, and three levels further: the coarser level of the pyramid for that zoom appears
    # (floor of the zoom, within the pyramid's levels), covering the whole map.
    for _ in range(6):
        driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-out]").click()
    zoom = float(driver.find_element(By.CSS_SELECTOR, "svg.roadtrip-map").get_attribute("data-zoom"))
    expected = max(basemap["minZoom"], min(basemap["maxZoom"], int(zoom)))
    assert expected < basemap["maxZoom"]
    WebDriverWait(driver, 10).until(lambda d: all(
        tile.startswith(f"{expected}/") for *_, tile in loaded_basemap_tiles(d)) and loaded_basemap_tiles(d))
    assert_covered(driver)
    # Pan a little (an arrow key moves 80 px; the pyramid has 128 px to spare): still covered.
    canvas.send_keys(Keys.ARROW_RIGHT)
    assert_covered(driver)
    canvas.send_keys(Keys.ARROW_DOWN)
    assert_covered(driver)
    assert status_text(driver) == OFFLINE_MESSAGE


def test_from_file_the_page_and_map_svg_draw_the_basemap(page, site):
    _, output = site
    driver = page("bergen/index.html")
    driver.get("file://" + os.path.join(output, "bergen", "index.html"))
    assert_covered(driver)
    # The standalone map.svg embeds its tiles: it needs no other file.
    driver.get("file://" + os.path.join(output, "bergen", "map.svg"))
    assert driver.find_elements(By.CSS_SELECTOR, ".basemap-vector .basemap-land")
    assert driver.find_element(By.CSS_SELECTOR, ".basemap-credit").text.startswith("Coastlines © GSHHG")


def test_without_javascript_the_basemap_is_under_the_raster_tiles(page, site):
    driver = page("bergen/index.html")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(site[0] + "/bergen/index.html")
    spans = driver.find_elements(By.CSS_SELECTOR, ".map-tiles .map-tile")
    kinds = ["map-tile-basemap" in span.get_attribute("class") for span in spans]
    assert True in kinds and False in kinds
    assert kinds == sorted(kinds, reverse=True)  # basemap first: the raster tiles draw over it
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_dark_mode_recolours_the_basemap(page, site):
    """Under prefers-color-scheme: dark the tiles use the dark palette (BasemapTileSVG.darkStyle:
    sea #1c2a33, land #2e3032), in the light scheme the light one (sea #cfe0ea, land #f3f1ea):
    the most common colours of the offline map are those."""
    import io
    from PIL import Image
    light = {(0xcf, 0xe0, 0xea), (0xf3, 0xf1, 0xea)}
    dark = {(0x1c, 0x2a, 0x33), (0x2e, 0x30, 0x32)}
    driver = page("bergen/index.html")
    try:
        for scheme, palette in [("dark", dark), ("light", light)]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/tiles/*"]})
            driver.get(site[0] + "/bergen/index.html")
            assert_covered(driver)
            # The SVG layer above the tiles holds pins and text only; hide it to see the basemap.
            driver.execute_script("document.querySelector('.map-canvas svg').style.visibility = 'hidden'")
            shot = Image.open(io.BytesIO(driver.find_element(By.CSS_SELECTOR, ".map-canvas").screenshot_as_png)).convert("RGB")
            common = {colour for _, colour in sorted(shot.getcolors(1 << 24), reverse=True)[:2]}
            assert common <= palette, (scheme, common)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_solid_tiles_show_the_shared_land_and_sea_files(page, site):
    """Tiles that draw nothing but land or nothing but sea have no file of their own: the map's
    configuration lists its pyramid's (by fill) and the script shows the fill's one file, land.svg
    or sea.svg, in their place — loaded like any tile, offline too — and every other tile as its own
    {z}/{x}-{y}.svg."""
    driver = page("bergen/index.html")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/tiles/*"]})
    driver.get(site[0] + "/bergen/index.html")
    solid = map_config(driver)["offlineBasemap"]["solidTiles"]
    fills = {key: fill for fill in ("land", "sea") for key in solid.get(fill, [])}
    assert fills and solid["url"].endswith("/assets/basemap/{fill}.svg")
    seen = set()
    for _ in range(4):  # the native level, then coarser ones, where open sea and inland tiles are
        for src, *_, tile in assert_covered(driver):
            fill = fills.get(tile)
            z, x, y = tile.split("/")
            expected = f"/assets/basemap/{fill}.svg" if fill else f"/assets/basemap/{z}/{x}-{y}.svg"
            assert src.endswith(expected), (tile, src)
            if fill:
                seen.add(fill)
        driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-out]").click()
    assert seen, "no solid tile shown at four levels"
