"""`roadtrip serve`'s live reload in a real browser (issue 5): a Markdown edit reloads the page, a
stylesheet edit swaps the stylesheet without a reload, and a broken then fixed file shows and then
clears the error overlay over the last good build."""
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest

from conftest import roadtrip_binary, wait_until

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture
def served():
    """A copy of the sample project served by `roadtrip serve --port 0`; yields (base URL, project)."""
    binary = roadtrip_binary()
    work = tempfile.mkdtemp(prefix="roadtrip-serve-browser-")
    shutil.copytree(os.path.join(ROOT, "Destinations"), os.path.join(work, "Destinations"))
    shutil.copytree(os.path.join(ROOT, "Themes"), os.path.join(work, "Themes"))
    process = subprocess.Popen([binary, "serve", "--source", work, "--port", "0", "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert match, f"serve did not start: {line} {process.stderr.read() if process.poll() is not None else ''}"
    yield match.group(0), work
    process.send_signal(2)  # SIGINT
    assert process.wait(timeout=10) == 0
    shutil.rmtree(work, ignore_errors=True)




def append(path, text):
    with open(path, "a") as handle:
        handle.write(text)


def test_markdown_edit_reloads_the_page(served, driver):
    base, project = served
    driver.get(base + "bergen/")
    driver.execute_script("window.__beforeReload = true;")
    append(os.path.join(project, "Destinations", "bergen", "index.md"), "\n\nLive reload reached the browser.\n")
    assert wait_until(lambda: "Live reload reached the browser." in driver.page_source)
    assert driver.execute_script("return window.__beforeReload === undefined;")
    # The served folder on disk (serve's own, .roadtrip-cache/serve/) never carries the script,
    # and serve leaves Output/ alone: it is never even created.
    with open(os.path.join(project, ".roadtrip-cache", "serve", "bergen", "index.html")) as handle:
        assert "__roadtrip" not in handle.read()
    assert not os.path.exists(os.path.join(project, "Output"))


def test_stylesheet_edit_swaps_without_reload(served, driver):
    base, project = served
    driver.get(base + "bergen/")
    driver.execute_script("window.__beforeSwap = true;")
    append(os.path.join(project, "Themes", "default", "assets", "roadtrip.css"),
           "\nbody { outline: 7px solid rgb(1, 2, 3); }\n")
    assert wait_until(lambda: driver.execute_script(
        "return getComputedStyle(document.body).outlineColor;") == "rgb(1, 2, 3)")
    assert driver.execute_script("return window.__beforeSwap === true;"), "the page reloaded"


def test_broken_then_fixed_front_matter_shows_and_clears_the_overlay(served, driver):
    base, project = served
    page = os.path.join(project, "Destinations", "bergen", "index.md")
    with open(page) as handle:
        good = handle.read()
    driver.get(base + "bergen/")
    title = driver.title
    with open(page, "w") as handle:
        handle.write("---\ntitle: [unclosed\n---\n")
    assert wait_until(lambda: driver.find_elements("id", "roadtrip-build-error"))
    overlay = driver.find_element("id", "roadtrip-build-error")
    assert "Destinations/bergen/index.md:" in overlay.text and "error" in overlay.text
    assert driver.title == title  # the last good build is still on screen
    # A page opened while the build is broken shows the overlay at once.
    driver.get(base + "bergen/")
    assert wait_until(lambda: driver.find_elements("id", "roadtrip-build-error"))
    with open(page, "w") as handle:
        handle.write(good + "\nFixed again.\n")
    assert wait_until(lambda: "Fixed again." in driver.page_source)
    assert not driver.find_elements("id", "roadtrip-build-error")
    # Only this server's messages: the shared driver's log still holds the earlier tests' pages
    # retrying their stopped servers' event streams (connection refused).
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
              and base + "__roadtrip" in entry["message"]]
    assert errors == []
