"""No keypress is ever lost: keys typed with no pause all land, in order, checked through the CLI's --json."""
import fcntl
import os

from conftest import settled, shot
from test_light_table import wait_for


def test_ten_ratings_typed_with_no_pause_all_land_and_the_loupe_advances(table, page):
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Space")
    page.locator('[data-view="loupe"]').wait_for(state="visible")
    page.keyboard.type("3333333333", delay=0)
    assert wait_for(lambda: [s["rating"] for s in table.json("table")] == [3] * 10, seconds=15), table.json("table")
    page.wait_for_function("() => document.querySelector('#pending').hidden")
    assert table.cli("history").stdout.count("rated") == 10, "one step per key"


def test_five_discards_typed_with_no_pause_discard_five_slides(table, page):
    before = [s["id"] for s in table.json("table")]
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.type("xxxxx", delay=0)
    assert wait_for(lambda: len(table.json("table", "--discarded")) == 5, seconds=15)
    discarded = [s["id"] for s in table.json("table", "--discarded")]
    assert discarded == before[:5], "each X on the slide the one before left"
    assert [s["id"] for s in table.json("table")] == before[5:]


def test_ratings_and_discards_mixed_land_in_the_order_typed(table, page):
    before = [s["id"] for s in table.json("table")]
    initial = {s["id"]: s["rating"] for s in table.json("table")}
    page.locator('[data-ref="table:1"]').click()
    # rate table:1, discard it (the keyboard moves on to the next), rate that one, move on and rate the next
    page.keyboard.type("4x2", delay=0)
    page.keyboard.press("ArrowRight", delay=0)
    page.keyboard.type("5", delay=0)
    page.wait_for_function("() => document.querySelector('#pending').hidden", timeout=15000)
    ratings = {s["id"]: s["rating"] for s in table.json("table")}
    discarded = table.json("table", "--discarded")
    assert [(s["id"], s["rating"]) for s in discarded] == [(before[0], 4)]
    assert ratings[before[1]] == 2 and ratings[before[2]] == 5, (ratings, before)
    assert all(ratings[i] == initial[i] for i in before[3:])
    shot(page, "after-fast-typing")


def test_a_refused_change_stops_the_queue_and_says_which(table, page):
    table.cli("shelf", "create", "s")
    table.cli("slide", "move", "table:1", "--to", "s")
    table.cli("album", "compress", "s")
    rating = table.json("album", "show", "s")[0]["rating"]
    page.locator('[data-album="s"] .slide').click()
    # the project's lock is held (as by a long command), so the discard is still on its way when 4 is typed
    with open(os.path.join(table.env["APOLO_HOME"], "projects", ".trip.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        page.keyboard.type("x" + str(5 - rating), delay=0)
        page.locator("#pending").filter(has_text="saving 1").wait_for()
        fcntl.flock(lock, fcntl.LOCK_UN)
    message = page.locator("#message")
    message.filter(has_text="was refused").wait_for()
    file = table.json("album", "show", "s")[0]["file"]
    text = message.text_content()
    assert text.startswith(f"x (discard {file}) was refused:") and "locked" in text, "which key, on which photo, why"
    assert "s:1" not in text and "slide discard" not in text, "in the page's words, not the command's"
    assert "1 later change was not made" in message.text_content()
    settled(page)
    assert table.json("album", "show", "s")[0]["rating"] == rating, "the rating typed after the refused discard"
    assert page.locator("#pending").is_hidden()


def test_a_rating_still_on_its_way_is_not_undone_on_screen_by_the_answer_to_the_one_before(table, page):
    page.locator('[data-ref="table:1"]').click()
    page.evaluate("""() => { window.seen = []; new MutationObserver(() => window.seen.push(
        document.querySelector('[data-ref="table:1"]')?.dataset.rating)).observe(document.getElementById('bench'),
        { subtree: true, attributes: true, childList: true }); }""")
    with open(os.path.join(table.env["APOLO_HOME"], "projects", ".trip.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        page.keyboard.type("23", delay=0)
        page.locator("#pending").filter(has_text="saving 2").wait_for()
        fcntl.flock(lock, fcntl.LOCK_UN)
    page.wait_for_function("() => document.getElementById('pending').hidden")
    assert table.json("table")[0]["rating"] == 3
    seen = page.evaluate("window.seen")
    after = seen[seen.index("3"):]
    assert "2" not in after, f"the frame went back to 2 while 3 was on its way: {seen}"
