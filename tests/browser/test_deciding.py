"""Flags a photographer can trust, on the page: real photos (Tests/Fixtures/deciding) judged as the command line
judges them, each badge saying why; a shallow depth of field and a white backdrop carry no flag."""
import os

import pytest

from conftest import ROOT, open_page, serving
from test_table2 import serious

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "deciding")


@pytest.fixture
def judged():
    yield from serving("apolo-judged-", "judged", FIXTURES)


def frame(page, table, file):
    photo = next(s for s in table.json("table") if s["file"] == file)
    return page.locator(f'[data-id="{photo["id"]}"]')


def test_each_flag_says_why_and_intended_looks_carry_none(judged, browser):
    for page in open_page(browser, judged.url, '[data-place="table"] .slide'):
        page.locator(".badge.stack").first.wait_for()   # the two portraits are one burst: open it
        while page.locator(".badge.stack:not(.open)").count():
            page.locator(".badge.stack:not(.open)").first.click()
        soft = frame(page, judged, "scene-defocused.jpg").locator(".badge.blurry")
        soft.wait_for()
        assert soft.get_attribute("title").startswith("soft: "), soft.get_attribute("title")
        blown = frame(page, judged, "portrait-overexposed.jpg").locator(".badge.clipped")
        assert blown.get_attribute("title").startswith("a face lost detail"), blown.get_attribute("title")
        frame(page, judged, "eyes-closed.jpg").locator(".badge.eyes").wait_for()
        for file in ("petals-shallow-depth.jpg", "white-backdrop.jpg", "portrait.jpg", "scene-sharp.jpg"):
            flags = frame(page, judged, file).locator(".badge.blurry, .badge.clipped, .badge.unsure")
            assert flags.count() == 0, f"{file}: {flags.count()} flags"
        assert serious(page) == [], "the badges, in English"
