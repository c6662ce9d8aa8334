"""Rejects stay in place: a discarded frame keeps its place on the table, dimmed and marked, until the view hides
rejects; undo puts the keyboard back on the frame it restored. Checked through the CLI's --json."""
from conftest import shot
from test_light_table import ids, wait_for

FOCUSED = "() => document.activeElement?.dataset?.id"


def frame(page, photo):
    return page.locator(f'[data-place="table"] .slide[data-id="{photo}"]')


def discarded(table):
    return [s["id"] for s in table.json("table", "--discarded")]


def test_a_discarded_frame_keeps_its_place_dimmed_and_the_numbers_do_not_move(table, page):
    before = ids(table, "table")
    page.locator('[data-ref="table:3"]').click()
    page.keyboard.press("x")
    assert wait_for(lambda: discarded(table) == [before[2]])
    reject = frame(page, before[2])
    page.wait_for_function(f"() => document.querySelector('[data-id=\"{before[2]}\"]')?.classList.contains('rejected')")
    assert reject.get_attribute("data-index") == "2", "still the third frame"
    assert "discarded" in reject.get_attribute("aria-label")
    numbers = page.locator('[data-place="table"] .slide figcaption b').all_text_contents()
    assert numbers == [str(n) for n in range(1, len(before) + 1)], "no frame renumbered"
    assert page.evaluate(FOCUSED) == before[3], "the keyboard moved on to the next frame"
    assert page.locator('[data-place="discarded"]').count() == 0, "no tray: its photo is on the table"
    assert "1 discarded" in page.locator('[data-place="table"] h2').text_content()
    # the next frames are still named as the command line names them
    assert frame(page, before[3]).get_attribute("data-ref") == "table:3"
    page.keyboard.press("5")
    assert wait_for(lambda: table.json("table")[2]["rating"] == 5), "5 rated the frame after the reject"
    shot(page, "rejects-in-place")


def test_hiding_rejects_takes_them_to_the_tray_and_u_brings_one_back(table, page):
    before = ids(table, "table")
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("x")
    assert wait_for(lambda: discarded(table) == [before[1]])
    frame(page, before[1]).and_(page.locator(".rejected")).wait_for()
    page.keyboard.press("v")
    page.check("#view-hide-rejects")
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-place="discarded"]')
    assert frame(page, before[1]).count() == 0, "hidden from the table"
    page.locator('[data-place="discarded"] summary').click()
    page.locator(f'[data-place="discarded"] .slide[data-id="{before[1]}"]').click()
    page.keyboard.press("u")
    assert wait_for(lambda: discarded(table) == [])
    page.locator("#chips .chip").click()   # the view again: rejects in place
    page.wait_for_function("() => !document.querySelector('[data-place=\"discarded\"]')")
    page.locator('[data-ref="table:4"]').click()
    page.keyboard.press("x")
    assert wait_for(lambda: discarded(table) == [before[3]])
    frame(page, before[3]).and_(page.locator(".rejected")).click()
    page.keyboard.press("u")
    assert wait_for(lambda: discarded(table) == []), "U on a dimmed frame on the table restores it"


def test_undo_puts_the_keyboard_back_on_the_restored_frame(table, page):
    before = ids(table, "table")
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("x")
    assert wait_for(lambda: discarded(table) == [before[1]])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.activeElement?.dataset?.id === '{before[4]}'")
    page.keyboard.press("Control+z")
    assert wait_for(lambda: discarded(table) == [])
    page.wait_for_function(f"() => document.activeElement?.dataset?.id === '{before[1]}'", timeout=5000)
    assert not frame(page, before[1]).evaluate("f => f.classList.contains('rejected')")


def test_a_reject_dragged_onto_a_shelf_is_restored_and_placed(table, page):
    table.cli("shelf", "create", "best")
    table.cli("slide", "discard", "table:1")
    photo = discarded(table)[0]
    reject = frame(page, photo).and_(page.locator(".rejected"))
    reject.wait_for()
    page.wait_for_selector('[data-shelf="best"]')
    reject.drag_to(page.locator('[data-shelf="best"] .strip'))
    assert wait_for(lambda: ids(table, "best") == [photo])
    assert discarded(table) == []


def test_a_refused_key_is_in_history_and_try_again_makes_it_on_the_photo_meant(table, page):
    page.route("**/api/version", lambda route: route.fulfill(json={"version": "frozen"}))   # it does not hear of it
    meant = page.locator('[data-ref="table:3"]').get_attribute("data-id")
    file = next(s["file"] for s in table.json("table") if s["id"] == meant)
    table.cli("slide", "discard", "table:1")   # table:3 names another photo now
    page.locator('[data-ref="table:3"]').click()
    page.keyboard.press("4")
    message = page.locator("#message")
    message.filter(has_text="was refused").wait_for()
    assert message.text_content().startswith(f"4 (★★★★ on {file}) was refused:"), message.text_content()
    assert all(s["rating"] == 0 for s in table.json("table")), "nothing was rated"
    page.locator("#retry").click()
    assert wait_for(lambda: next(s for s in table.json("table") if s["id"] == meant)["rating"] == 4), \
        "made again on the photo the key was meant for, not on what table:3 names now"
    assert sum(s["rating"] for s in table.json("table")) == 4
    page.locator("#retry").wait_for(state="hidden")
    page.keyboard.press("h")
    refused = page.locator("#history-refused li")
    refused.first.wait_for()
    assert f"★★★★ on {file}" in refused.first.text_content() and "apolo" not in refused.first.text_content()
