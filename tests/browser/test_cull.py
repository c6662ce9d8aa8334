"""Deciding faster on the light table: stacks folded to their suggested frame, B keeps it, G opens a stack, 6–9 set
colour labels, hide-blurry and best-of-stack views, the loupe's clipping and focus-peaking overlays; results are
checked through the CLI's --json."""
import json
import os
import re
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import SAMPLES, open_page, serving


@pytest.fixture
def cull():
    def prepare(t, folder):
        subprocess.run([SAMPLES, "--cull", "2", "--size", "800x600", os.path.join(folder, "photos")], check=True,
                       capture_output=True)
        t.soft = next(row["file"].split("/")[-1] for row in json.load(open(os.path.join(folder, "photos",
                      "labels.json"))) if row.get("soft"))
    yield from serving("apolo-cull-", "wedding", "photos/single", "photos/burst", prepare=prepare)


@pytest.fixture
def desk(browser, cull):
    yield from open_page(browser, cull.url, '[data-place="table"] .badge.stack')


def table_frames(page):
    return page.locator('[data-place="table"] .slide')


def test_a_burst_is_one_frame_g_opens_it_and_b_keeps_its_best(cull, desk):
    assert table_frames(desk).count() == 7, "ten photos, the burst of four folded to one frame"
    assert desk.locator('[data-place="table"] .badge.blurry').count() == 4, "two gaussian and two motion copies"
    stacked = desk.locator('[data-place="table"] .slide:has(.badge.stack)')
    assert stacked.count() == 1 and stacked.locator(".badge.best").count() == 1, "the folded stack shows its best"
    assert "stack of 4" in stacked.get_attribute("aria-label")
    stacked.click()
    desk.keyboard.press("g")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 10")
    assert desk.locator('[data-place="table"] .badge.stack.open').count() == 4
    focus = desk.locator('[data-place="table"] .badge.focus')
    assert focus.count() == 4, "each frame of the open stack shows its focus next to the sharpest"
    assert focus.all_text_contents().count("100%") == 1
    soft = desk.locator(f'[data-place="table"] .slide[aria-label^="{cull.soft}"]')
    assert "softer than the sharpest frame of its stack" in soft.get_attribute("aria-label")
    desk.keyboard.press("g")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 7")
    best = stacked.get_attribute("data-id")
    desk.route("**/api/analysis*", lambda route: route.abort())   # the badge must go without asking again
    desk.keyboard.press("b")
    desk.wait_for_function("() => !document.querySelector('[data-place=\"table\"] .badge.stack')", timeout=5000)
    desk.unroute("**/api/analysis*")
    files = [s["file"] for s in cull.json("table")]
    assert len(files) == 7 and cull.soft not in files, files
    assert [s["id"] for s in cull.json("table") if s["file"].startswith("burst")] == [best]
    desk.keyboard.press("Control+z")
    desk.wait_for_selector('[data-place="table"] .badge.stack')
    assert len(cull.json("table")) == 10, "one undo step brings the burst back"


def test_b_on_a_discarded_frame_names_it_by_its_file(cull, desk):
    """B on a frame B had discarded named it by its 64-character id."""
    desk.locator('[data-place="table"] .slide:has(.badge.stack)').click()
    desk.keyboard.press("b")
    rejected = desk.locator('[data-place="table"] .slide.rejected').first
    rejected.wait_for()
    rejected.click()
    desk.keyboard.press("b")
    message = desk.locator("#message")
    message.filter(has_text="is discarded, so in no stack").wait_for()
    text = message.text_content()
    assert ".jpg" in text and not re.search(r"[0-9a-f]{64}", text), text


def test_frames_are_stacked_by_hand_and_taken_apart(cull, desk):
    """No way to stack frames by hand in the page: Ctrl+G stacks the chosen frames, Ctrl+Shift+G takes it apart."""
    singles = desk.locator('[data-place="table"] .slide:not(:has(.badge.stack))')
    first, second = singles.nth(0), singles.nth(1)
    ids = [first.get_attribute("data-id"), second.get_attribute("data-id")]
    first.click()
    second.click(modifiers=["Control"])
    desk.keyboard.press("Control+g")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .badge.stack').length === 2")
    stacks = cull.json("stack", "list")
    assert any(set(ids) <= {m["id"] for m in s["photos"]} for s in stacks), stacks
    desk.locator(f'[data-place="table"] .slide[data-id="{ids[0]}"]').click()
    desk.keyboard.press("Control+Shift+g")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .badge.stack').length === 1")


def test_a_chosen_gap_stacks_frames_by_time_and_off_brings_the_bursts_back(cull, desk):
    """Frames of one scene a second or so apart stayed loose: the View panel stacks them by a gap (stack auto)."""
    assert table_frames(desk).count() == 7
    cull.cli("time", "shift", "table:4", "-39m57s")   # sharp-1, now 3 s after motion-0: another scene, another look
    desk.reload()
    desk.locator('[data-place="table"] .badge.stack').wait_for()
    assert table_frames(desk).count() == 7, "3 s apart and unlike: no burst"
    desk.click('[data-opens="view"]')
    desk.select_option("#view-stack-gap", "5s")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 6")
    assert len(cull.json("stack", "list")) == 2, "the burst, and the two frames 3 s apart"
    desk.click('[data-opens="view"]') if not desk.locator("#view-stack-gap").is_visible() else None
    desk.select_option("#view-stack-gap", "off")
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 7")


def test_keys_6_to_9_label_again_takes_the_label_off_and_the_menu_has_purple(cull, desk):
    first = table_frames(desk).first
    first.click()
    desk.keyboard.press("8")
    first_ref = first.get_attribute("data-ref")
    desk.locator(f'[data-ref="{first_ref}"] .badge.label[data-label="green"]').wait_for()
    assert cull.json("table")[0]["label"] == "green"
    desk.locator(f'[data-ref="{first_ref}"]').click()
    desk.keyboard.press("8")
    desk.wait_for_function(f"() => !document.querySelector('[data-ref=\"{first_ref}\"] .badge.label')")
    assert "label" not in cull.json("table")[0]
    desk.locator(f'[data-ref="{first_ref}"]').click()
    desk.get_by_role("combobox", name="Colour label of the chosen slides").select_option("purple")
    desk.locator(f'[data-ref="{first_ref}"] .badge.label[data-label="purple"]').wait_for()
    assert cull.json("table")[0]["label"] == "purple", "purple from the label menu"


def test_views_hide_blurry_and_show_the_best_of_each_stack(cull, desk):
    desk.get_by_role("button", name="View", exact=True).click()
    desk.get_by_label("Hide blurry photos").check()
    desk.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 3")
    assert desk.locator(".badge.blurry").count() == 0
    desk.get_by_label("Hide blurry photos").uncheck()
    desk.get_by_label("Best of each stack only").check()
    desk.keyboard.press("Escape")
    assert desk.locator("#chips").text_content().count("best of stacks") == 1
    results = Axe().run(desk)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)[:2000]


def test_the_loupe_opened_at_once_gets_the_measures_while_it_is_open(browser, cull):
    """The loupe opened in the page's first moments (before the measures arrive) shows them once they do, without
    closing; so does stepping on without a pause."""
    for page in open_page(browser, cull.url, '[data-place="table"] .slide'):
        page.keyboard.press("Space")
        facts = page.locator("#loupe-facts")
        facts.get_by_text(re.compile(r"\d — sharp")).wait_for()
        assert "not measured yet" not in facts.inner_text()
        page.keyboard.press("Escape")
        page.locator('[data-place="table"] .badge.stack').first.wait_for()


def test_the_loupe_shows_its_measures_and_the_clipping_and_peaking_overlays(cull, desk):
    table_frames(desk).first.click()
    desk.keyboard.press("Space")
    facts = desk.locator("#loupe-facts")
    facts.get_by_text(re.compile(r"\d — sharp")).wait_for()
    desk.wait_for_function("() => document.getElementById('loupe-image')?.complete")
    desk.keyboard.press("j")
    desk.locator("canvas.overlay.clipping").wait_for(state="attached")
    desk.keyboard.press("p")
    desk.locator("canvas.overlay.peaking").wait_for(state="attached")
    assert desk.locator("canvas.overlay").count() == 1
    desk.keyboard.press("p")
    assert desk.locator("canvas.overlay").count() == 0


def test_axe_finds_nothing_serious_in_spanish_with_stacks_open_and_folded(cull, desk):
    desk.select_option("#language", "es")
    desk.wait_for_function("() => document.documentElement.lang === 'es'")
    desk.locator(".badge.stack").first.wait_for()
    results = Axe().run(desk)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)[:2000]
    desk.locator(".badge.stack").first.click()
    desk.locator(".badge.stack.open").first.wait_for()
    results = Axe().run(desk)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)[:2000]
