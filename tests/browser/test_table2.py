"""The light table 2.0: the rack and the table in view together, frame sizes, rows, languages, dialogs, axe-core."""
import os
import subprocess

from axe_playwright_python.sync_playwright import Axe

from conftest import SAMPLES, settled, shot, shown_again, touch_drag, unshowable
from test_light_table import ids, wait_for

FOCUSED = "() => document.activeElement?.dataset?.ref ?? null"


def in_view(page, selector):
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + 20 <= size["height"] and box["x"] >= 0


def test_the_shelf_rack_stays_in_view_wherever_the_table_is_scrolled(table, page):
    table.cli("shelf", "create", "best")
    page.wait_for_selector('[data-shelf="best"]')
    page.set_viewport_size({"width": 1024, "height": 768})
    for where in ("0", "el.scrollHeight / 2", "el.scrollHeight"):
        page.locator("#bench").evaluate(f"(el) => el.scrollTo(0, {where})")
        assert in_view(page, '[data-shelf="best"] h2'), f"the shelf is in view with the table at {where}"
        assert in_view(page, '#bench [data-place="table"], #bench .slide')
    page.drag_and_drop('[data-ref="table:3"]', '[data-shelf="best"] .strip')
    assert wait_for(lambda: len(ids(table, "best")) == 1), "dropped on the rack with the table scrolled"


def test_frames_grow_and_shrink_and_the_size_is_remembered(table, page):
    width = lambda: page.locator('[data-ref="table:1"] img').bounding_box()["width"]
    before = width()
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("+")
    page.keyboard.press("=")
    assert width() == before + 32
    page.keyboard.press("-")
    assert width() == before + 16
    page.reload()
    page.wait_for_selector('[data-place="table"] .slide')
    assert width() == before + 16, "remembered in this browser"
    page.locator("#size").fill("320")
    assert width() == 320
    shot(page, "big-frames")


def test_arrow_keys_move_by_rows_and_the_focused_slide_is_the_active_element(table, page):
    page.locator('[data-ref="table:1"]').click()
    columns = page.evaluate("() => { const f = [...document.querySelectorAll('#bench .slide')];"
                            " return f.filter((x) => x.offsetTop === f[0].offsetTop).length; }")
    assert 1 < columns < 10
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED) == f"table:{1 + columns}"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == "table:1"
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == "table:10"
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == "table:1"
    assert page.evaluate("() => document.querySelectorAll('.slide[tabindex=\"0\"]').length") == 1, "one tab stop"


def test_alt_arrows_move_the_focused_slide_within_its_shelf(table, page):
    table.cli("shelf", "create", "s")
    for _ in range(3):
        table.cli("slide", "move", "table:1", "--to", "s")
    a, b, c = ids(table, "s")
    page.wait_for_selector('[data-ref="s:3"]')
    page.locator('[data-ref="s:1"]').click()
    page.keyboard.press("Alt+ArrowRight")
    assert wait_for(lambda: ids(table, "s") == [b, a, c])
    page.wait_for_function(FOCUSED + " === 's:2'")
    page.keyboard.press("Alt+ArrowRight")
    assert wait_for(lambda: ids(table, "s") == [b, c, a])
    page.keyboard.press("Alt+ArrowLeft")
    assert wait_for(lambda: ids(table, "s") == [b, a, c])


def test_the_help_is_a_dialog_esc_closes_it_and_focus_returns(table, page):
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("?")
    help_dialog = page.get_by_role("dialog", name="Keys")
    help_dialog.wait_for()
    assert page.evaluate("() => document.activeElement.id") == "help"
    assert "rate the focused or selected slides" in help_dialog.text_content()
    page.keyboard.press("Escape")
    help_dialog.wait_for(state="hidden")
    assert page.evaluate(FOCUSED) == "table:2"


def test_enter_and_space_activate_the_buttons(table, page):
    page.get_by_role("button", name="Keys (?)").focus()
    page.keyboard.press("Enter")
    page.get_by_role("dialog", name="Keys").wait_for()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="History").focus()
    page.keyboard.press("Space")
    page.locator("#history-list").wait_for()


def test_a_spanish_browser_gets_the_page_in_spanish_and_can_switch(browser, table):
    context = browser.new_context(locale="es-ES", viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(table.url)
    page.wait_for_selector('[data-place="table"] .slide')
    assert page.get_by_role("button", name="Deshacer").count() == 1
    assert page.get_by_role("region", name="Estantería").count() == 1
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert "Mesa" in page.locator('[data-place="table"] h2').text_content()
    page.keyboard.press("?")
    assert "puntuar" in page.get_by_role("dialog", name="Teclas").text_content()
    page.keyboard.press("Escape")
    shot(page, "spanish")
    page.get_by_label("Idioma").select_option("en")
    assert page.get_by_role("button", name="Undo").count() == 1
    context.close()


def test_a_photo_that_cannot_be_shown_says_why_and_is_asked_for_once(browser, table):
    photo = unshowable(table)
    asked = []
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.on("request", lambda r: asked.append(r.url) if f"/thumb/{photo['id']}" in r.url else None)
    page.goto(table.url)
    frame = page.locator(f'[data-id="{photo["id"]}"] .unshowable')
    frame.wait_for()
    assert "missing" in frame.text_content() or "cannot" in frame.text_content(), frame.text_content()
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("3")
    assert wait_for(lambda: table.json("table")[1]["rating"] == 3)
    settled(page)
    assert len(asked) <= 2, f"the picture and its reason, not again on every redraw: {asked}"
    page.context.close()
    shown_again(photo)


def serious(page):
    results = Axe().run(page)
    found = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found]


def test_axe_finds_no_serious_violation_on_the_table_the_loupe_compare_the_help_and_the_panels(table, page):
    table.cli("shelf", "create", "best")
    table.cli("slide", "move", "table:1", "--to", "best")
    page.wait_for_selector('[data-shelf="best"] .slide')
    assert serious(page) == [], "the table"
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Space")
    page.get_by_role("dialog", name="Loupe").wait_for()
    assert serious(page) == [], "the loupe"
    page.keyboard.press("Escape")
    page.locator('[data-ref="table:2"]').click(modifiers=["Shift"])
    page.keyboard.press("c")
    page.locator('[data-view="compare"]').wait_for()
    assert serious(page) == [], "compare"
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    assert serious(page) == [], "the help"
    page.keyboard.press("Escape")
    for name in ("Filter", "History", "Export", "Projects"):
        page.get_by_role("button", name=name, exact=True).click()
        page.locator("#panel").wait_for()
        assert serious(page) == [], f"the {name} panel"


def test_compare_is_a_survey_rate_and_discard_inside_it(table, page):
    first, second = [s["id"] for s in table.json("table")][:2]
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("c")
    page.get_by_role("dialog", name="Compare").wait_for()
    page.keyboard.press("ArrowRight")   # the second of the two
    page.keyboard.press("4")
    assert wait_for(lambda: next(s for s in table.json("table") if s["id"] == second)["rating"] == 4)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("x")
    assert wait_for(lambda: [s["id"] for s in table.json("table", "--discarded")] == [first])
    page.wait_for_function("() => document.querySelectorAll('#compare .compared').length === 1")
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name="Compare").wait_for(state="hidden")


def test_the_filter_panel_lists_a_shelf_made_after_it_opened(table, page):
    page.get_by_role("button", name="Filter", exact=True).click()
    page.locator("#filter-into").wait_for()
    table.cli("shelf", "create", "later")
    page.wait_for_function("() => [...document.querySelectorAll('#filter-into option')]"
                           ".some((o) => o.value === 'later')")


def test_a_project_opened_on_the_command_line_is_announced(table, page):
    table.cli("project", "new", "second")
    page.locator("#message").filter(has_text="second").wait_for()
    assert page.locator("#project").text_content() == "second"


def test_a_refusal_names_the_page_button_not_the_command(table, page):
    table.cli("shelf", "create", "s")
    table.cli("slide", "move", "table:1", "--to", "s")
    table.cli("album", "compress", "s")
    page.wait_for_selector('[data-album="s"] .slide')
    page.locator('[data-ref="table:1"]').drag_to(page.locator('[data-album="s"] .strip'))
    message = page.locator("#message")
    message.filter(has_text="locked").wait_for()
    assert "apolo album reopen" not in message.text_content() and "↺" in message.text_content()


def test_view_filters_show_only_what_passes_as_chips_and_backslash_clears_them(table, page):
    table.cli("rate", "table:2", "4")
    table.cli("rate", "table:5", "5")
    table.cli("tag", "add", "table:5", "keep")
    page.wait_for_selector('[data-ref="table:5"][data-rating="5"]')
    page.get_by_role("button", name="View", exact=True).click()
    rated = [f"table:{i + 1}" for i, s in enumerate(table.json("table")) if s["rating"] >= 4]
    shown = "() => [...document.querySelectorAll('#bench [data-place=\"table\"] .slide')].map((f) => f.dataset.ref)"
    page.locator("#view-stars").select_option("4")
    page.wait_for_function(f"() => ({shown})().join() === '{','.join(rated)}'")
    assert page.locator("#chips .chip").count() == 1
    page.get_by_label("Without tag", exact=True).fill("keep")
    rated.remove("table:5")
    page.wait_for_function(f"() => ({shown})().join() === '{','.join(rated)}'")
    assert "table:2" in page.evaluate(shown), "the numbers stay the places'"
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("3")   # rating the one shown still works, on the right slide
    assert wait_for(lambda: table.json("table")[1]["rating"] == 3)
    page.keyboard.press("\\")
    page.wait_for_function("() => document.querySelectorAll('#bench [data-place=\"table\"] .slide').length === 10")
    assert page.locator("#chips .chip").count() == 0
    assert table.cli("history").stdout.count("light table") == 1, "a view is not an edit"


def test_a_pinch_zooms_the_loupe_a_finger_pans_it_and_a_step_resets_it(table, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    page.goto(table.url)
    page.wait_for_selector('[data-place="table"] .slide')
    page.wait_for_function("() => window.apolo?.whole?.() === true")
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Space")
    page.get_by_role("dialog", name="Loupe").wait_for()
    cdp = context.new_cdp_session(page)
    box = page.locator("#loupe-frame").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def touch(kind, *points):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    touch("touchStart", (cx - 50, cy), (cx + 50, cy))
    for k in range(1, 11):
        touch("touchMove", (cx - 50 - 10 * k, cy), (cx + 50 + 10 * k, cy))   # 100 px apart to 300 px: 3×
    touch("touchEnd")
    scale = "() => new DOMMatrix(getComputedStyle(document.getElementById('loupe-image')).transform).a"
    assert abs(page.evaluate(scale) - 3) < 0.2, page.evaluate(scale)
    other = page.locator('[data-ref="table:2"]').get_attribute("data-id")
    table.cli("rate", "table:2", "2")   # the page shows a change from elsewhere: the zoom stays
    page.wait_for_selector(f'[data-id="{other}"][data-rating="2"]', state="attached")
    assert abs(page.evaluate(scale) - 3) < 0.2, "a refreshed state keeps the pinch's zoom"
    touch("touchStart", (cx, cy))
    for k in range(1, 6):
        touch("touchMove", (cx + 20 * k, cy))
    touch("touchEnd")
    assert page.evaluate("() => new DOMMatrix(getComputedStyle(document.getElementById('loupe-image')).transform).e") > 50
    assert page.locator("#loupe-facts dd").first.text_content().startswith("1 of "), "a pan is not a swipe"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => getComputedStyle(document.getElementById('loupe-image')).transform") == "none"
    context.close()


def test_at_100_percent_a_mouse_drag_pans_and_does_not_leave_100_percent(table, page):
    big = os.path.join(table.folder, "big")
    subprocess.run([SAMPLES, "--count", "1", "--size", "3000x2000", big], check=True, capture_output=True)
    table.cli("import", "--quiet", "--no-analyze", big)
    photo = next(s for s in table.json("table") if s["path"].startswith(big))
    page.locator(f'[data-id="{photo["id"]}"]').click()
    page.keyboard.press("Space")
    page.keyboard.press("z")
    page.wait_for_function("() => document.getElementById('loupe-image').src.includes('/full/')"
                           " && document.getElementById('loupe-image').naturalWidth === 3000")
    # the 100% view is centred once the full picture is decoded: measure from there
    page.wait_for_function("() => document.getElementById('loupe-frame').scrollLeft > 100")
    page.wait_for_function("() => { const f = document.getElementById('loupe-frame'), at = f.scrollLeft;"
                           " return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame("
                           "() => done(f.scrollLeft === at)))); }")   # the centring has come to rest
    scroll = page.evaluate("() => document.getElementById('loupe-frame').scrollWidth")
    assert scroll == 3000, f"every pixel of the 100% view can be reached: {scroll} of 3000"
    left = page.evaluate("() => document.getElementById('loupe-frame').scrollLeft")
    box = page.locator("#loupe-frame").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 200, y, steps=8)   # the picture follows the mouse: its left part comes into view
    page.mouse.up()
    assert page.evaluate("() => document.getElementById('loupe-frame').scrollLeft") < left - 100
    assert page.locator('[data-view="loupe"]').get_attribute("data-zoom") == "100", "a drag is not a click"
    table.cli("rate", "table:1", "4")   # the page shows a change from elsewhere: 100% stays, where it was
    page.wait_for_selector('[data-ref="table:1"][data-rating="4"]', state="attached")
    assert page.locator('[data-view="loupe"]').get_attribute("data-zoom") == "100"
    assert "/full/" in page.evaluate("() => document.getElementById('loupe-image').src")


def test_the_small_bugs_of_the_list_stay_fixed(table, page):
    # the camera without its make repeated, a label as a badge, "1 shelf", the favicon, history at the current step
    dsc = next(i for i, s in enumerate(table.json("table")) if s["file"] == "DSC_2001.jpg")
    table.cli("label", f"table:{dsc + 1}", "red")
    frame = page.locator(f'[data-ref="table:{dsc + 1}"]')
    frame.locator('.badge.label[data-label="red"]').wait_for()
    frame.click()
    page.keyboard.press("Space")
    facts = page.locator("#loupe-facts").text_content()
    assert "NIKON Z 6" in facts and "NIKON CORPORATION" not in facts, facts
    page.keyboard.press("Escape")
    table.cli("shelf", "create", "only")
    page.get_by_role("button", name="Projects", exact=True).click()
    page.locator("#project-list li", has_text="1 shelf ·").wait_for()
    assert "1 shelves" not in page.locator("#project-list").text_content()
    assert page.locator('link[rel="icon"]').get_attribute("href") == "/favicon.svg"
    for n in range(30):
        table.cli("rate", "table:1", str(n % 5 + 1))
    page.get_by_role("button", name="History", exact=True).click()
    here = page.locator("#history-list li.here")
    here.wait_for()
    box, panel = here.bounding_box(), page.locator("#panel").bounding_box()
    assert panel["y"] <= box["y"] <= panel["y"] + panel["height"], "the current step is in view, not the oldest"


def test_touch_drags_into_the_shelf_rack_at_1024_by_768(table, browser):
    table.cli("shelf", "create", "best")
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    page.goto(table.url)
    page.wait_for_selector('[data-shelf="best"] .strip')
    page.locator("#bench").evaluate("(el) => el.scrollTo(0, el.scrollHeight)")   # the table scrolled to its end
    source = page.locator('[data-ref="table:9"]')
    moved = source.get_attribute("data-id")
    (_, y0), (_, y1) = touch_drag(context, page, source, page.locator('[data-shelf="best"] .strip'))
    assert 0 <= y1 <= 768 and 0 <= y0 <= 768, "both in view without scrolling"
    assert wait_for(lambda: ids(table, "best") == [moved])
    context.close()


def test_an_empty_rack_says_how_to_make_a_shelf(table, page):
    hint = page.locator("#rack .empty-rack")
    assert "+ Shelf" in hint.text_content()
    table.cli("shelf", "create", "first")
    page.wait_for_selector('[data-shelf="first"]')
    assert hint.count() == 0
