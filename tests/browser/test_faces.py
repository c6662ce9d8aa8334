"""Faces on the light table: a real portrait's face and eyes in the loupe's facts and its face strip (at 100%; E
hides it), and the view filter that hides closed eyes (in both languages, with no serious accessibility violation); results checked through the CLI."""
import os

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import open_page, serving, shot

PORTRAIT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "Tests", "Fixtures", "faces", "astronaut.jpg")


@pytest.fixture
def portraits():
    yield from serving("apolo-faces-", "portraits", PORTRAIT)


@pytest.fixture
def sitter(browser, portraits):
    yield from open_page(browser, portraits.url, '[data-place="table"] .slide')


def test_the_loupe_names_the_face_and_its_eyes_and_the_view_can_hide_closed_eyes(portraits, sitter):
    faces = portraits.json("table")[0]["faces"]
    assert len(faces) == 1 and faces[0]["eyes"] == "open", faces
    sitter.locator('[data-place="table"] .slide').first.click()
    # the page asks for the measures once the hands have rested 1.5 s; the loupe shows what it has when it opens
    sitter.wait_for_function("() => document.querySelector('[data-place=\"table\"] .slide')"
                             "?.getAttribute('aria-label')?.includes('1 face')", timeout=15000)
    sitter.keyboard.press("Space")
    sitter.locator("#loupe-facts").get_by_text("1 (eyes: open)").wait_for()
    tile = sitter.locator("#loupe-faces .face")
    tile.wait_for()
    label = tile.get_attribute("aria-label")
    assert tile.count() == 1 and "eyes open" in label and " at " in label and "%" in label, label
    box = tile.bounding_box()
    face = faces[0]["box"]
    width = sitter.evaluate("async () => { const i = new Image(); i.src = document.querySelector('#loupe-faces .face')"
                            ".style.backgroundImage.slice(5, -2); await i.decode(); return i.naturalWidth; }")
    scale = int(label.split(" at ")[1].split("%")[0]) / 100
    assert abs(box["width"] - face[2] * width * scale) < 0.05 * box["width"] + 4, (box, face, label)
    shot(sitter, "faces-loupe")
    results = Axe().run(sitter)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    sitter.keyboard.press("e")
    assert sitter.locator("#loupe-faces").is_hidden(), "E hides the face strip"
    sitter.keyboard.press("e")
    tile.wait_for()
    assert sitter.locator('[data-place="table"] .badge.eyes').count() == 0, "open eyes carry no badge"
    sitter.keyboard.press("Escape")
    sitter.locator('[data-opens="view"]').click()
    box = sitter.locator("#view-hide-closed-eyes")
    box.check()
    assert sitter.locator('[data-place="table"] .slide').count() == 1, "open eyes stay in view"
    results = Axe().run(sitter)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def two_sitters(t, folder):
    """The portrait and a copy without its metadata (so without its capture time: not one burst with it)."""
    import subprocess
    os.makedirs(os.path.join(folder, "two"))
    subprocess.run(["vips", "copy", PORTRAIT, os.path.join(folder, "two", "copy.jpg[strip,Q=90]")], check=True)
    subprocess.run(["cp", PORTRAIT, os.path.join(folder, "two", "astronaut.jpg")], check=True)


@pytest.fixture
def pair():
    yield from serving("apolo-faces2-", "pair", "two", prepare=two_sitters)


def test_compare_shows_each_frames_faces_at_100_percent_the_same_person_side_by_side(pair, browser):
    page = next(open_page(browser, pair.url, '[data-place="table"] .slide'))
    assert all(len(s.get("faces") or []) == 1 for s in pair.json("table")), pair.json("table")
    page.wait_for_function("() => [...document.querySelectorAll('[data-place=\"table\"] .slide')]"
                           ".every((s) => s.getAttribute('aria-label')?.includes('1 face'))", timeout=15000)
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("c")
    strips = page.locator("#compare .compared .faces")
    page.locator("#compare .compared .faces .face").nth(1).wait_for()
    assert strips.count() == 2 and page.locator("#compare .face-slot").count() == 2, "one row: the same face"
    tops = [page.locator("#compare .compared .faces .face").nth(k).bounding_box()["y"] for k in (0, 1)]
    assert abs(tops[0] - tops[1]) < 2, f"side by side: {tops}"
    assert "eyes open" in page.locator("#compare .face").first.get_attribute("aria-label")
    shot(page, "faces-compare")
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    page.keyboard.press("e")
    assert page.locator("#compare .faces").count() == 0, "E hides the strips in compare too"


FAR = os.path.join(os.path.dirname(PORTRAIT), "astronaut-far.jpg")


@pytest.fixture
def far(browser):
    yield from serving("apolo-far-", "far", FAR)


def test_l_looks_at_the_chosen_photo_whole_for_small_faces(far, browser):
    """Two faces of about 45 px in a 4,500 px photo: none found by the analysis; L finds both, and says so."""
    assert far.json("table")[0]["faces"] == [], "the analysis alone sees no face this small"
    for page in open_page(browser, far.url, '[data-place="table"] .slide'):
        page.locator('[data-place="table"] .slide').first.click()
        page.keyboard.press("l")
        page.locator("#message").get_by_text("Looking at 1 photo whole for faces from 40 px").wait_for()
        page.locator("#message").get_by_text("Looked for small faces: 2 faces on those photos now").wait_for(
            timeout=30000)
        page.wait_for_function("() => document.querySelector('[data-place=\"table\"] .slide')"
                               "?.getAttribute('aria-label')?.includes('2 faces')", timeout=10000)
        assert len(far.json("table")[0]["faces"]) == 2
        page.keyboard.press("l")
        page.locator("#message").get_by_text("Already looked at whole for small faces").wait_for()


def test_l_is_refused_in_words_by_a_server_that_measures_nothing(table, page):
    """`apolo serve --no-analyze` (the fixture's) measures nothing: L says so and what to run instead."""
    page.locator('[data-place="table"] .slide').first.click()
    page.keyboard.press("l")
    message = page.locator("#message.error")
    message.get_by_text("apolo analyze --small-faces").wait_for()
    assert "measures nothing" in message.text_content(), message.text_content()
