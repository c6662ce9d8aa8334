"""People on the page: the People panel lists the faces grouped into people (tiles, names, counts) in English and
Spanish; a tile marks its person's photos; a person is named and their photos put on a shelf through the same
commands as the CLI's; the filter panel combines a person with other criteria; axe finds no serious violation."""
import os

import pytest

from conftest import ROOT, open_page, serving, settled, shot
from test_table2 import serious

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
PHOTOS = ["faces/astronaut.jpg", "faces/astronaut-burst-2.jpg", "deciding/white-backdrop.jpg",
          "deciding/portrait.jpg", "deciding/portrait-overexposed.jpg", "deciding/eyes-closed.jpg"]


@pytest.fixture
def people():
    yield from serving("apolo-people-", "people", *[os.path.join(FIXTURES, p) for p in PHOTOS])


def ids(table, files):
    by_file = {s["file"]: s["id"] for s in table.json("table")}
    return {by_file[os.path.basename(f)] for f in files}


def test_the_people_panel_names_marks_filters_and_shelves_people(people, browser):
    astronaut = next(p for p in people.json("people") if p["faces"] == 3)
    for page in open_page(browser, people.url, '[data-place="table"] .slide'):
        page.keyboard.press("w")
        panel = page.get_by_role("dialog", name="People")
        panel.wait_for()
        tiles = page.locator("#people-list .person")
        tiles.first.wait_for()
        assert tiles.count() == 2
        label = f"Person {astronaut['person']}, 3 photos"
        assert tiles.first.get_attribute("aria-label") == label, "most faces first, by number until named"
        assert "background-image" in (tiles.first.locator(".person-face").get_attribute("style") or "")
        assert serious(page) == [], "the People panel"
        shot(page, "people-panel")

        tiles.first.click()
        marked = {s.get_attribute("data-id") for s in page.locator(".slide.match").all()}
        assert marked == ids(people, PHOTOS[:3]), "a tile marks the photos its person is in"

        page.locator("#people-list li").first.get_by_role("button", name="Name…").click()
        page.locator("#ask-input").fill("Eileen")
        page.keyboard.press("Enter")
        page.locator("#people-list .person", has_text="Eileen").wait_for()
        assert people.json("people")[0]["name"] == "Eileen", "named through person name, as the CLI names"

        page.locator("#people-list li", has_text="Eileen").get_by_role("button", name="Filter…").click()
        page.locator("#filter-person").wait_for()
        page.wait_for_function("() => document.querySelector('#filter-person').selectedOptions[0]?.text === 'Eileen'")
        page.select_option("#filter-scope", "table")
        page.wait_for_function("() => document.querySelector('#filter-count').textContent.startsWith('3 ')")
        page.select_option("#filter-measured", "sharp")
        assert serious(page) == [], "the filter panel with a person"
        settled(page)


def test_the_people_panel_speaks_spanish(people, browser):
    for page in open_page(browser, people.url, '[data-place="table"] .slide'):
        page.select_option("#language", "es")
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.keyboard.press("w")
        page.get_by_role("dialog", name="Personas").wait_for()
        page.locator("#people-list .person").first.wait_for()
        assert page.locator("#people-list .person").first.get_attribute("aria-label").startswith("Persona ")
        assert page.locator("#people-group").inner_text() == "Agrupar caras nuevas"
        assert serious(page) == [], "the People panel in Spanish"


@pytest.fixture
def burst():
    yield from serving("apolo-burst-", "burst", *[os.path.join(FIXTURES, "faces", f"astronaut-burst-{n}.jpg")
                                                  for n in (1, 2, 3)])


def test_the_group_shot_panel_shows_each_person_in_each_frame(burst, browser):
    for page in open_page(browser, burst.url, '[data-place="table"] .slide'):
        page.locator(".badge.stack").first.wait_for()
        page.locator('[data-place="table"] .slide').first.click()
        page.keyboard.press("y")
        page.get_by_role("dialog", name="Group shot").wait_for()
        matrix = page.locator("#group-matrix")
        matrix.wait_for()
        assert matrix.locator("thead th").count() == 4, "who, then the three frames"
        assert matrix.locator("tbody tr").count() == 1
        assert matrix.locator("td.good").count() == 1 and matrix.locator("td.good.suggested").count() == 1
        assert "everyone good" in page.locator("#group-summary").inner_text()
        assert serious(page) == [], "the group-shot panel"
        shot(page, "group-shot")
        page.keyboard.press("Escape")
        page.select_option("#language", "es")
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.locator('[data-place="table"] .slide').first.click()
        page.keyboard.press("y")
        page.get_by_role("dialog", name="Foto de grupo").wait_for()
        page.locator("#group-matrix").wait_for()
        assert "todos bien" in page.locator("#group-summary").inner_text()
        assert serious(page) == [], "the group-shot panel in Spanish"


def test_a_guest_finds_themselves_on_a_find_me_share(people, browser):
    from test_share import PHONE, named, reviewer
    people.cli("shelf", "create", "best")
    for _ in PHOTOS:
        people.cli("slide", "move", "table:1", "--to", "best")
    people.cli("share", "create", "best", "--title", "The party", "--find-me", "on")
    shown = people.cli("share", "show", "1").stdout
    assert "guests find themselves" in shown, shown
    link = people.json("share", "show", "1")["link"]
    for locale, button, label in (("en-GB", "Find me", "Person 1, in 3 photos"),
                                  ("es-ES", "Buscarme", "Persona 1, en 3 fotos")):
        context, page, errors = reviewer(browser, link, PHONE, locale)
        named(page, "Eileen")
        find = page.locator("#find-me")
        find.wait_for()
        assert find.inner_text() == button
        find.click()
        faces = page.locator("#face-list .guest")
        faces.first.wait_for()
        assert faces.count() == 2 and faces.first.get_attribute("aria-label") == label
        faces.first.click()
        page.wait_for_function("() => document.querySelectorAll('#grid .frame:not([hidden])').length === 3")
        visible = page.locator("#grid .frame:not([hidden])")
        assert visible.count() == 3
        assert serious(page) == [], f"find me ({locale})"
        if locale == "en-GB":
            shot(page, "share-find-me")
        page.locator("#show-all").click()
        page.wait_for_function("() => document.querySelectorAll('#grid .frame:not([hidden])').length === 6")
        context.close()
        assert not errors, errors
    plain = people.cli("share", "create", "best", "--title", "No faces").stdout
    state_faces = people.json("share", "show", "2")
    assert "guests find themselves" not in people.cli("share", "show", "2").stdout, plain
    assert state_faces["findMe"] is False
