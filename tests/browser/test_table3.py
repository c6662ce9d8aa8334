"""A screen full of photos, messages read whole, the keyboard from the first key."""
import os
import subprocess
import sys

import pytest

from conftest import SAMPLES, answer, loaded, serving, settled, shot, shown_again, unshowable
from test_light_table import wait_for

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from frames import GUTTER, IN_VIEW  # noqa: E402  (the benchmark's own count of frames in view)


@pytest.fixture
def crowded():
    """60 photos on the table and two shelves of five in the rack."""
    def prepare(t, folder):
        subprocess.run([SAMPLES, "--count", "70", os.path.join(folder, "photos")], check=True, capture_output=True)
    for t in serving("apolo-crowded-", "crowd", "photos", prepare=prepare):
        for shelf in ("picks", "maybe"):
            t.cli("shelf", "create", shelf)
            for _ in range(5):
                t.cli("slide", "move", "table:1", "--to", shelf)
        yield t


def opened(browser, url, width, height):
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(url)
    page.wait_for_selector('[data-shelf="maybe"] .slide')
    page.wait_for_selector('[data-place="table"] .slide img')
    loaded(page)   # the first screen is drawn first, then redrawn once the whole project is there
    return page


def test_a_place_the_first_screen_cut_to_the_view_is_whole_once_the_project_is_there(crowded, browser):
    """The first screen makes only the frames in view (the table's 60 photos are all in its answer); the whole
    project's answer makes the rest, though the table's slides did not change."""
    page = opened(browser, crowded.url, 1280, 720)
    assert page.locator('[data-place="table"] .slide').count() == 60
    page.context.close()


@pytest.mark.parametrize("width,height,least", [(1280, 720, 20), (1440, 900, 30)])
def test_a_laptop_screen_shows_a_screen_full_of_frames_beside_two_shelves(crowded, browser, width, height, least):
    page = opened(browser, crowded.url, width, height)
    assert page.locator('[data-shelf="picks"] .slide').first.is_visible(), "the rack's shelves are in view"
    seen = page.evaluate(IN_VIEW)
    assert seen >= least, f"{seen} frames fully in view at {width}x{height}"
    assert page.evaluate(GUTTER) <= 12, "rows fill the width: no dead gutter on the right"
    shot(page, f"table3-{width}x{height}")
    page.context.close()


def test_the_first_key_acts_on_the_tables_first_slide(crowded, browser):
    page = opened(browser, crowded.url, 1280, 720)
    page.wait_for_function("() => document.activeElement?.dataset?.ref === 'table:1'")
    page.keyboard.press("3")
    assert wait_for(lambda: crowded.json("table")[0]["rating"] == 3), "the first key rated the first slide"
    page.context.close()


def test_a_long_message_is_read_whole_and_the_bar_stays_one_line(crowded, browser):
    page = opened(browser, crowded.url, 1280, 720)
    bar = page.locator("#bar").bounding_box()["height"]
    page.select_option("#language", "es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    assert page.locator("#bar").bounding_box()["height"] == bar, "Spanish words do not wrap the bar"
    page.select_option("#language", "en")
    crowded.cli("album", "compress", "picks")
    page.locator('[data-album="picks"] .slide').first.click()
    page.keyboard.press("x")
    message = page.locator("#message")
    message.filter(has_text="was refused").wait_for()
    whole = message.evaluate("(m) => m.scrollWidth <= m.clientWidth && m.scrollHeight <= m.clientHeight + 1")
    text = message.text_content()
    assert whole and "locked" in text and len(text) > 60, text
    assert page.locator("#bar").bounding_box()["height"] == bar, "the message has its own line, not the bar"
    page.context.close()


def test_frames_show_a_label_as_a_stripe_and_a_name_cut_in_the_middle(crowded, browser):
    crowded.cli("label", "table:1", "green")
    first = crowded.json("table")[0]["file"]
    page = opened(browser, crowded.url, 1440, 900)
    frame = page.locator('[data-ref="table:1"]')
    frame.and_(page.locator('[data-label="green"]')).wait_for()
    assert "gradient" in frame.evaluate("(f) => getComputedStyle(f).backgroundImage"), "a stripe of its colour"
    frame.click()
    for _ in range(10):   # 112 px to 272: larger than the 256 px thumbnails
        page.keyboard.press("+")
    tail = frame.locator(".name .tail")
    assert tail.is_visible() and tail.text_content() == first[-8:], "the end of the name, where burst frames differ"
    src = frame.locator("img").get_attribute("src")
    assert "/preview/" in src, f"a frame larger than its thumbnail shows the preview: {src}"
    for _ in range(10):
        page.keyboard.press("-")
    assert "/thumb/" in frame.locator("img").get_attribute("src")
    page.context.close()


def test_the_loupe_is_worked_and_left_by_touch_alone_on_an_upright_tablet(table, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 1366}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(table.url)
    page.locator('[data-ref="table:2"]').dblclick()
    page.wait_for_selector("#loupe:not([hidden]) #loupe-image")
    first = table.json("table")[1]["id"]
    tools = page.locator("#loupe-tools button")
    assert tools.count() >= 14
    for i in range(tools.count()):
        box = tools.nth(i).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, f"{tools.nth(i).get_attribute('aria-label')}: {box}"
    photo, facts = page.locator("#loupe-image").bounding_box(), page.locator("#loupe-facts").bounding_box()
    assert facts["y"] >= photo["y"] + photo["height"] - 1, "upright: the facts are below the photo, not beside it"
    page.locator("#loupe-image").tap()
    settled(page)
    assert not page.locator("#loupe-frame").evaluate("(f) => f.classList.contains('actual')"), "a tap is not 100%"
    page.get_by_role("button", name="Colour label green").tap()
    assert wait_for(lambda: {s["id"]: s.get("label") for s in table.json("table")}[first] == "green")
    page.get_by_role("button", name="4 stars (4)").tap()   # then the loupe advances (A)
    assert wait_for(lambda: {s["id"]: s["rating"] for s in table.json("table")}[first] == 4), "rated by a button"
    shot(page, "loupe-touch")
    page.get_by_role("button", name="Close the loupe (Esc)").tap()
    page.wait_for_selector("#loupe", state="hidden")
    page.locator('[data-ref="table:2"]').dblclick()
    page.wait_for_selector("#loupe:not([hidden]) #loupe-image")
    cdp, box = context.new_cdp_session(page), page.locator("#loupe-image").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + 25 * k}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_selector("#loupe", state="hidden")   # a swipe down puts the photo back
    context.close()


def test_the_view_shows_any_of_several_labels_and_the_filter_panel_shelves_a_label(table, page):
    table.cli("label", "table:1", "green")
    table.cli("label", "table:3", "red")
    page.wait_for_selector('[data-ref="table:3"][data-label="red"]')
    page.click('[data-opens="view"]')
    page.check("#view-label-green")
    page.check("#view-label-red")
    page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 2")
    assert "label red, green" in page.locator("#chips").text_content(), "one chip, in the labels' order"
    page.click('[data-opens="view"]')
    page.keyboard.press("\\")
    page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length > 2")
    page.click('[data-opens="filter"]')
    page.select_option("#filter-scope", "table")
    page.select_option("#filter-label", "red")
    page.locator("#filter-count").filter(has_text="1 match").wait_for()
    page.get_by_role("button", name="New shelf…").click()
    answer(page, "reds")
    assert wait_for(lambda: "reds" in [s["name"] for s in table.json("shelf", "list")])
    assert [s.get("label") for s in table.json("shelf", "show", "reds")] == ["red"]
    shot(page, "filter-by-label")


def test_keys_reach_every_panel_and_r_jumps_between_rack_and_table(table, page):
    table.cli("shelf", "create", "best")
    table.cli("slide", "move", "table:4", "--to", "best")
    page.wait_for_selector('[data-ref="best:1"]')
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("r")
    page.wait_for_function("() => document.activeElement?.dataset?.ref === 'best:1'")
    page.keyboard.press("r")
    page.wait_for_function("() => document.activeElement?.dataset?.ref === 'table:2'")   # back where it was
    for key, panel in (("h", "history"), ("v", "view"), ("e", "export"), ("o", "projects")):
        page.keyboard.press(key)
        page.wait_for_selector(f'#panel[data-panel="{panel}"]:not([hidden])')
        page.keyboard.press("Escape")
        page.wait_for_selector("#panel", state="hidden")
    page.locator('[data-ref="table:2"]').focus()
    page.keyboard.press("n")
    answer(page, "keyed")
    assert wait_for(lambda: "keyed" in [s["name"] for s in table.json("shelf", "list")])


@pytest.fixture
def burst():
    """A burst of four camera-like frames of 1600 × 1200, one defocused, shown as its stack opened."""
    def prepare(t, folder):
        subprocess.run([SAMPLES, "--cull", "2", "--size", "1600x1200", os.path.join(folder, "photos")], check=True,
                       capture_output=True)
    yield from serving("apolo-burst-", "kiss", "photos/burst", prepare=prepare)


def test_compare_shows_facts_on_an_opaque_backdrop_and_pans_every_frame_together_at_100(burst, browser):
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(burst.url)
    page.locator('[data-place="table"] .badge.stack').first.wait_for()
    page.keyboard.press("g")   # open the stack: its four frames
    page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 4")
    page.locator('[data-ref="table:1"]').click()
    page.locator('[data-ref="table:2"]').click(modifiers=["Shift"])
    page.keyboard.press("c")
    page.wait_for_selector("#compare:not([hidden]) .compared .facts")
    assert page.locator("#compare").evaluate("(c) => getComputedStyle(c).backgroundColor") == "rgb(8, 8, 9)"
    facts = page.locator(".compared .facts").all_text_contents()
    assert all("sharpness" in f and "% of the sharpest here" in f for f in facts), facts
    page.keyboard.press("z")
    panes = page.locator("#compare.actual .compared .pane")
    assert panes.count() == 2
    page.wait_for_function("() => [...document.querySelectorAll('#compare .pane img')].every((i) => i.complete"
                           " && i.naturalWidth === 1600)")
    page.wait_for_function("() => [...document.querySelectorAll('#compare .pane')].every((p) => 'placed' in p.dataset)")
    panes.nth(0).evaluate("(p) => { p.scrollLeft = 0; p.scrollTop = 0; }")
    page.wait_for_function("() => [...document.querySelectorAll('#compare .pane')].every((p) => p.scrollLeft === 0)")
    panes.nth(0).evaluate("(p) => { p.scrollLeft = p.scrollWidth - p.clientWidth; }")
    page.wait_for_function("() => { const [a, b] = document.querySelectorAll('#compare .pane');"
                           " return b.scrollLeft > 0 && Math.abs(b.scrollLeft - (b.scrollWidth - b.clientWidth)) < 2"
                           " && a.scrollLeft > 0; }")
    shot(page, "compare-100-linked")
    page.keyboard.press("z")
    page.wait_for_selector("#compare:not(.actual)")
    page.context.close()


def test_an_unshowable_photo_is_not_asked_for_again_on_live_updates_from_the_cli(browser, table):
    photo = unshowable(table)
    asked = []
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.on("request", lambda r: asked.append(r.url) if f"/thumb/{photo['id']}" in r.url else None)
    page.goto(table.url)
    page.locator(f'[data-id="{photo["id"]}"] .unshowable').wait_for()
    for n in range(1, 6):   # five changes made on the command line, each shown live
        table.cli("rate", "table:2", str(n))
        page.wait_for_function(f"() => document.querySelector('[data-ref=\"table:2\"]')?.dataset.rating === '{n}'")
    assert len(asked) <= 2, f"the picture and its reason once, not again on every live update: {asked}"
    page.context.close()
    shown_again(photo)


def test_the_header_counts_the_slides_shown_and_the_export_panel_counts_in_words(table, page):
    table.cli("rate", "table:2", "4")
    page.wait_for_selector('[data-ref="table:2"][data-rating="4"]')
    slides = table.json("table")
    total, rated = len(slides), sum(1 for s in slides if s["rating"] >= 3)
    page.click('[data-opens="view"]')
    page.select_option("#view-stars", "3")
    heading = page.locator('[data-place="table"] h2')
    heading.filter(has_text=f"{rated} of {total} slides shown").wait_for()
    page.keyboard.press("Escape")
    page.keyboard.press("\\")
    heading.filter(has_text=f"{total} slides").wait_for()
    table.cli("shelf", "create", "one")
    table.cli("slide", "move", "table:1", "--to", "one")
    table.cli("album", "compress", "one")
    page.wait_for_selector('[data-album="one"]')
    page.click('[data-opens="export"]')
    page.locator('#panel[data-panel="export"] .hint').filter(has_text="album").wait_for()
    hint = page.locator('#panel[data-panel="export"] .hint').first.text_content()
    assert hint.startswith("1 album, 1 photo,") and "(s)" not in hint, hint


def test_history_speaks_the_pages_words_not_commands_or_ids(table, page):
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("x")
    page.locator("#message").filter(has_text="discarded").wait_for()
    assert "apolo " not in page.locator("#message").text_content()
    page.keyboard.press("h")
    step = page.locator("#history-list li").last
    step.filter(has_text="discarded").wait_for()
    text = step.text_content()
    assert "apolo " not in text and "U on it restores it" in text, text


def test_questions_are_asked_in_the_page_and_a_cancel_changes_nothing(table, page):
    page.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(f"a browser dialog: {d.message}")))
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("t")
    question = page.get_by_role("dialog", name="Tags for table:1 (separated by commas)")
    question.wait_for()
    assert page.evaluate("() => document.activeElement.id") == "ask-input"
    page.keyboard.type("harbour, dusk")
    page.keyboard.press("Enter")
    assert wait_for(lambda: table.json("table")[0]["tags"] == ["harbour", "dusk"])
    assert page.evaluate("() => document.activeElement?.dataset?.ref") == "table:1", "the focus is back"
    page.click("#new-shelf")
    page.fill("#ask-input", "never")
    page.keyboard.press("Escape")
    page.wait_for_selector("#ask", state="hidden")
    settled(page)
    assert table.json("shelf", "list") == [], "Esc cancels: no shelf"


@pytest.mark.parametrize("language", ["en", "es"])
def test_axe_finds_nothing_serious_with_an_unshowable_photo_in_the_table_the_loupe_and_the_filter(browser, table,
                                                                                                 language):
    from test_table2 import serious
    photo = unshowable(table)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(table.url)
    page.select_option("#language", language)
    page.wait_for_function(f"() => document.documentElement.lang === '{language}'")
    page.locator(f'[data-id="{photo["id"]}"] .unshowable').wait_for()
    assert serious(page) == [], "the table"
    page.locator('[data-ref="table:1"]').dblclick()
    page.wait_for_selector("#loupe:not([hidden])")
    page.locator("#loupe-why").wait_for()
    assert page.locator("#loupe-image").evaluate("(i) => getComputedStyle(i).visibility") == "hidden", \
        "no broken picture beside the words that explain it"
    assert serious(page) == [], "the loupe"
    page.keyboard.press("Escape")
    page.keyboard.press("f")
    page.wait_for_selector("#filter-count")
    assert serious(page) == [], "the filter panel"
    page.context.close()
    shown_again(photo)


def test_a_rating_redraws_its_own_frame_not_its_shelf(crowded, browser):
    """At 50,000 photos a rating must not rebuild a shelf of frames and their pictures: the rated frame is drawn
    again in its own element."""
    page = opened(browser, crowded.url, 1280, 720)
    page.evaluate("() => document.querySelectorAll('[data-shelf=\"picks\"] .slide').forEach((f) => { f.kept = 1; })")
    page.locator('[data-ref="picks:2"]').click()
    page.keyboard.press("4")
    page.wait_for_function("() => document.getElementById('pending').hidden")
    assert wait_for(lambda: crowded.json("shelf", "show", "picks")[1]["rating"] == 4)
    kept = page.evaluate("() => [...document.querySelectorAll('[data-shelf=\"picks\"] .slide')].map((f) => !!f.kept)")
    assert kept == [True] * 5, f"every frame kept its element, the rated one too (it keeps the focus): {kept}"
    assert page.locator('[data-ref="picks:2"]').get_attribute("data-rating") == "4"
    assert page.evaluate("() => document.activeElement?.dataset?.ref") == "picks:2", "the keyboard stays on it"
    page.context.close()
