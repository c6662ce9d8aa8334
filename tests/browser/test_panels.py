"""The light table's panels (filter, projects, history, export), compare, 100%, touch, and the deltas a change
answers with; each checked afterwards through the CLI."""
import hashlib
import json
import os
import subprocess
import time

from conftest import SAMPLES, answer, settled, shot, touch_drag
from test_light_table import ids, request, wait_for


def slides(page):
    """Every slide on the page as (ref, id, rating)."""
    return page.evaluate("() => [...document.querySelectorAll('.slide')].map(s => [s.dataset.ref, s.dataset.id, s.dataset.rating])")


def test_changes_answered_with_deltas_leave_the_page_as_a_reload_shows_it(table, page):
    table.cli("shelf", "create", "best")
    page.wait_for_selector('[data-shelf="best"]')
    page.drag_and_drop('[data-ref="table:3"]', '[data-shelf="best"] .strip')
    page.wait_for_selector('[data-shelf="best"] .slide')
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("3")
    page.wait_for_selector('[data-ref="table:1"][data-rating="3"]')
    page.keyboard.press("x")
    page.wait_for_selector('[data-place="table"] .slide.rejected')
    seen = slides(page)
    page.reload()
    page.wait_for_selector('[data-place="table"] .slide.rejected')
    assert slides(page) == seen, "a reject in its place, as a reload shows it"
    assert [s[1] for s in seen if s[0].startswith("table:")] == ids(table, "table")
    page.keyboard.press("Control+z")
    page.wait_for_function("() => !document.querySelector('.slide.rejected')")
    settled(page)
    seen = slides(page)
    page.reload()
    page.wait_for_selector('[data-shelf="best"] .slide')
    assert slides(page) == seen
    assert [s[1] for s in seen if s[0].startswith("table:")] == ids(table, "table")


def test_a_selection_dragged_within_a_shelf_lands_in_its_order_where_the_marker_was(table, page):
    table.cli("shelf", "create", "s")
    for _ in range(5):
        table.cli("slide", "move", "table:1", "--to", "s")
    a, b, c, d, e = ids(table, "s")
    page.wait_for_selector('[data-ref="s:5"]')
    page.locator('[data-ref="s:1"]').click()
    page.locator('[data-ref="s:2"]').click(modifiers=["Shift"])
    page.drag_and_drop('[data-ref="s:1"]', '[data-ref="s:5"]', target_position={"x": 5, "y": 80})
    assert wait_for(lambda: ids(table, "s") == [c, d, a, b, e]), ids(table, "s")
    assert "ran 2 commands from the light table" in table.cli("history").stdout


def test_the_filter_highlights_matches_live_then_makes_them_a_shelf(table, page):
    table.cli("tag", "add", "table:2,table:4,table:5", "Sunset")
    table.cli("rate", "table:4", "4")
    page.wait_for_selector('[data-ref="table:4"][data-rating="4"]')
    wanted = [ids(table, "table")[1], ids(table, "table")[3]]
    page.locator('[data-ref="table:5"]').click()   # a reject on the table matches nothing, as for the server
    page.keyboard.press("x")
    page.wait_for_selector('.slide.rejected')
    page.keyboard.press("f")
    page.select_option("#filter-scope", "table")
    page.fill("#filter-tags", "sunset")
    page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 2")
    assert page.locator("#filter-count").inner_text().startswith("2 matches")
    page.select_option("#filter-rating", ">3")
    page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 1")
    shot(page, "filter")
    page.select_option("#filter-rating", "")
    page.fill("#filter-camera", "no such camera")
    page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 0")
    page.get_by_role("button", name="New shelf…").click()   # no match: said, and no empty shelf made
    answer(page, "nothing")
    page.locator("#message").filter(has_text="no shelf 'nothing' was made").wait_for()
    assert "nothing" not in [s["name"] for s in table.json("shelf", "list")]
    page.fill("#filter-camera", "")
    page.fill("#filter-from", "2099-01-01")
    page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 0")
    page.fill("#filter-from", "")
    page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 2")
    page.get_by_role("button", name="New shelf…").click()
    answer(page, "sunsets")
    page.wait_for_selector('[data-shelf="sunsets"] .slide')
    assert ids(table, "sunsets") == wanted


def test_projects_are_made_opened_and_discarded_from_the_page(table, page):
    page.click('[data-opens="projects"]')
    page.wait_for_selector("#project-list li")
    page.get_by_role("button", name="New…").click()
    answer(page, "second")
    page.wait_for_function("() => document.querySelector('#project').textContent === 'second'")
    assert [p["name"] for p in table.json("project", "list") if p["open"]] == ["second"]
    assert page.locator('[data-place="table"] .slide').count() == 0
    page.locator("#project-list li", has_text="trip").get_by_role("button", name="Open").click()
    page.wait_for_selector('[data-place="table"] .slide')
    page.locator("#project-list li", has_text="second").get_by_role("button", name="Discard").click()
    answer(page)
    assert wait_for(lambda: [p["name"] for p in table.json("project", "list")] == ["trip"])
    refused = request(table, "/api/project", "POST", {"action": "discard", "name": "trip", "confirmed": True})
    assert refused[0] == 422 and b"open project" in refused[1]


def test_the_history_list_undoes_and_redoes_up_to_a_step(table, page):
    for n in ("1", "2", "3"):
        table.cli("rate", "table:1", n)
    page.wait_for_selector('[data-ref="table:1"][data-rating="3"]')
    page.click('[data-opens="history"]')
    page.wait_for_selector("#history-list li.here")
    assert page.locator("#history-list li").count() == 5, "the start, the import and three ratings"
    page.locator("#history-list li").nth(2).click()
    assert wait_for(lambda: table.json("table")[0]["rating"] == 1)
    page.wait_for_function("() => document.querySelectorAll('#history-list li')[2].classList.contains('here')")
    page.locator("#history-list li").nth(4).click()
    assert wait_for(lambda: table.json("table")[0]["rating"] == 3)


def test_export_from_the_page_shows_progress_the_folder_and_the_manifest(table, page):
    originals = {p: (hashlib.sha256(open(p, "rb").read()).hexdigest(), os.stat(p).st_mtime_ns)
                 for p in (s["path"] for s in table.json("table")[:3])}
    table.cli("shelf", "create", "best")
    for _ in range(3):
        table.cli("slide", "move", "table:1", "--to", "best")
    table.cli("album", "compress", "best")
    page.wait_for_selector('[data-album="best"] .slide')
    target = os.path.join(table.folder, "out")
    page.click('[data-opens="export"]')
    page.fill("#export-to", target)
    page.fill("#export-size", "300")
    page.click("#export-start")
    page.wait_for_function("() => document.querySelector('#export-status').textContent.includes('exported 3 photos')", timeout=30000)
    assert page.locator("#export-progress").get_attribute("value") == "3"
    shot(page, "export")
    folder = os.path.join(target, "trip")
    assert sorted(f for f in os.listdir(folder) if not f.startswith(".")) == sorted(
        ["apolo-export.json"] + [f"00{i}-best-" + os.path.basename(p) for i, p in enumerate(originals, 1)])
    link = page.locator("#export-manifest")
    assert "token" not in (link.get_attribute("href") or ""), "the token never goes into an address the history keeps"
    manifest = json.loads(request(table, "/api/export/manifest")[1])
    assert [f["sequence"] for f in manifest["files"]] == [1, 2, 3]
    for path, (digest, mtime) in originals.items():
        assert hashlib.sha256(open(path, "rb").read()).hexdigest() == digest and os.stat(path).st_mtime_ns == mtime
    page.click("#export-start")   # again, without --force
    page.wait_for_function("() => document.querySelector('#export-status').textContent.includes('is not empty')")
    error = json.loads(request(table, "/api/export")[1])["error"]
    assert "tick “Replace an earlier export”" in error and "--force" not in error, error   # the page's words
    assert request(table, "/api/export", "POST", {"words": ["rate", "table:1", "5"]})[0] == 400


def test_export_of_one_shelf_from_the_page_writes_only_it_in_its_order(table, page):
    """Export took every album; Lightroom and Photo Mechanic export what is chosen."""
    table.cli("shelf", "create", "keep")
    table.cli("shelf", "create", "later")
    table.cli("slide", "move", "table:1", "--to", "later")
    for _ in range(2):
        table.cli("slide", "move", "table:1", "--to", "keep")
    table.cli("album", "compress", "keep")
    wanted = [os.path.basename(s["path"]) for s in table.json("shelf", "show", "later")]
    page.wait_for_selector('[data-shelf="later"] .slide')
    page.click('[data-opens="export"]')
    page.select_option("#export-what", "later")
    target = os.path.join(table.folder, "one")
    page.fill("#export-to", target)
    page.click("#export-start")
    page.wait_for_function("() => document.querySelector('#export-status').textContent.includes('exported 1 photo')")
    files = sorted(f for f in os.listdir(os.path.join(target, "trip")) if not f.startswith("."))
    assert files == ["001-later-" + wanted[0], "apolo-export.json"], files


def test_export_of_the_chosen_slides_from_the_page_writes_them_in_their_order(table, page):
    """A selection made on the table is what the export panel offers first, and exports in the table's order."""
    table.cli("shelf", "create", "keep")
    table.cli("slide", "move", "table:1", "--to", "keep")
    table.cli("album", "compress", "keep")
    page.wait_for_selector('[data-album="keep"] .slide')
    wanted = [os.path.basename(s["path"]) for s in table.json("table")[1:4:2]]
    page.locator('[data-ref="table:2"]').click()
    page.locator('[data-ref="table:4"]').click(modifiers=["Control"])
    page.click('[data-opens="export"]')
    assert page.locator("#export-what option:checked").text_content() == "the 2 chosen slides, in their order"
    target = os.path.join(table.folder, "chosen")
    page.fill("#export-to", target)
    page.click("#export-start")
    page.wait_for_function("() => document.querySelector('#export-status').textContent.includes('exported 2')")
    files = sorted(f for f in os.listdir(os.path.join(target, "trip")) if not f.startswith("."))
    assert files == ["001-table-" + wanted[0], "002-table-" + wanted[1], "apolo-export.json"], files


def test_compare_and_the_loupes_100_percent_view(table, page):
    page.locator('[data-ref="table:1"]').click()
    page.locator('[data-ref="table:2"]').click(modifiers=["Control"])
    page.keyboard.press("c")
    page.wait_for_selector('[data-view="compare"] figure >> nth=1')
    assert page.locator('[data-view="compare"] figure').count() == 2
    page.keyboard.press("Escape")
    page.locator('[data-view="compare"]').wait_for(state="hidden")
    big = os.path.join(table.folder, "big")
    subprocess.run([SAMPLES, "--count", "1", "--size", "3000x2000", big], check=True, capture_output=True)
    table.cli("import", "--quiet", "--no-analyze", big)
    photo = next(s for s in table.json("table") if s["path"].startswith(big))
    frame = page.locator(f'[data-place="table"] [data-id="{photo["id"]}"]')
    frame.click()
    page.keyboard.press("Space")
    natural = "() => { const i = document.querySelector('#loupe-image'); return i.complete && i.naturalWidth > 0 && i.naturalWidth; }"
    assert page.wait_for_function(natural).json_value() == 2048, "the loupe fits the 2048 px preview"
    page.keyboard.press("z")
    page.wait_for_selector('[data-view="loupe"][data-zoom="100"]')
    page.wait_for_function(f"() => document.querySelector('#loupe-image').src.includes('/full/') && ({natural})() === 3000")
    shot(page, "loupe-100")


def test_touch_a_long_press_drags_a_slide_onto_a_shelf(table, browser):
    table.cli("shelf", "create", "best")
    context = browser.new_context(viewport={"width": 1000, "height": 900}, has_touch=True)
    page = context.new_page()
    page.goto(table.url)
    page.wait_for_selector('[data-shelf="best"] .strip')
    moved = page.locator('[data-ref="table:2"]').get_attribute("data-id")
    touch_drag(context, page, page.locator('[data-ref="table:2"]'), page.locator('[data-shelf="best"] .strip'))
    assert wait_for(lambda: ids(table, "best") == [moved])
    context.close()


def test_albums_and_shelves_are_reordered_by_dragging_their_titles(table, page):
    for name in ("a", "b", "c"):
        table.cli("shelf", "create", name)
        table.cli("slide", "move", "table:1", "--to", name)
        table.cli("album", "compress", name)
    table.cli("shelf", "create", "x")
    table.cli("shelf", "create", "y")
    page.wait_for_selector('[data-album="c"] .slide')
    page.wait_for_selector('[data-shelf="y"]')
    page.set_viewport_size({"width": 1400, "height": 2400})   # every row of the rack in view at once
    page.drag_and_drop('[data-album="c"] h2', '[data-album="a"]', target_position={"x": 200, "y": 5})
    assert wait_for(lambda: [a["name"] for a in table.json("album", "list")] == ["c", "a", "b"])
    page.wait_for_function("() => [...document.querySelectorAll('[data-album]')].map(a => a.dataset.album).join() === 'c,a,b'")
    low = page.locator('[data-shelf="y"]').bounding_box()["height"] - 4   # its lower half: after it
    page.drag_and_drop('[data-shelf="x"] h2', '[data-shelf="y"]', target_position={"x": 200, "y": low})
    assert wait_for(lambda: [s["name"] for s in table.json("shelf", "list")] == ["y", "x"])


def test_a_slide_dragged_to_another_shelf_and_an_alt_drag_swaps_two(table, page):
    for name in ("one", "two"):
        table.cli("shelf", "create", name)
        table.cli("slide", "move", "table:1", "--to", name)
        table.cli("slide", "move", "table:1", "--to", name)
    (a, b), (c, d) = ids(table, "one"), ids(table, "two")
    page.wait_for_selector('[data-ref="two:2"]')
    page.set_viewport_size({"width": 1400, "height": 1800})   # both shelves in view: Playwright scrolls mid-drag
    page.drag_and_drop('[data-ref="one:1"]', '[data-ref="two:2"]', target_position={"x": 5, "y": 80})
    assert wait_for(lambda: ids(table, "one") == [b] and ids(table, "two") == [c, a, d]), (ids(table, "one"), ids(table, "two"), a, b, c, d)
    page.wait_for_selector('[data-ref="two:3"]')
    page.keyboard.down("Alt")
    page.drag_and_drop('[data-ref="one:1"]', '[data-ref="two:3"]')
    page.keyboard.up("Alt")
    assert wait_for(lambda: ids(table, "one") == [d] and ids(table, "two") == [c, a, b])


def test_a_missing_original_is_marked_and_the_loupe_shows_the_shooting_facts(table, page):
    photo = table.json("table")[1]
    moved = photo["path"] + ".away"
    os.rename(photo["path"], moved)
    try:
        page.reload()
        page.wait_for_selector(f'[data-id="{photo["id"]}"].missing .flag')
        assert page.locator(".slide.missing").count() == 1
        page.locator(f'[data-id="{photo["id"]}"]').click()
        page.keyboard.press("Space")
        page.wait_for_function("() => document.querySelector('#loupe-facts').textContent.includes('MISSING')")
        assert "shot" in page.locator("#loupe-facts").inner_text()
    finally:
        os.rename(moved, photo["path"])


def test_ctrl_c_stops_the_server_cleanly_after_a_page_export_with_hooks(table, tmp_path):
    hooks = os.path.join(table.env["APOLO_HOME"], "hooks")
    os.makedirs(hooks, exist_ok=True)
    for event in ("pre-export", "post-export"):
        with open(os.path.join(hooks, event), "w") as f:
            f.write(f"#!/bin/sh\ncat > /dev/null\necho ran >> {tmp_path}/{event}\n")
        os.chmod(os.path.join(hooks, event), 0o755)
    table.cli("shelf", "create", "best")
    table.cli("slide", "move", "table:1", "--to", "best")
    table.cli("album", "compress", "best")
    status = request(table, "/api/export", "POST", {"options": {"to": str(tmp_path / "out")}})[0]
    assert status == 202
    deadline = time.time() + 20
    while time.time() < deadline and json.loads(request(table, "/api/export")[1])["running"]:
        time.sleep(0.1)
    assert json.loads(request(table, "/api/export")[1])["message"].startswith("exported 1 photo")
    assert os.path.exists(tmp_path / "pre-export") and os.path.exists(tmp_path / "post-export")
    assert table.stop() == 0, "Ctrl-C after the hooks ran still stops apolo serve cleanly"


def test_enter_in_a_name_dialog_answers_it_once(table, page):
    """Enter made the shelf and opened the dialog again (the key's default clicked the button focus went back to)."""
    for opener, name in (("#new-shelf", "once"), ("#new-shelf", "twice")):
        page.click(opener)
        page.wait_for_selector("#ask:not([hidden])")
        page.fill("#ask-input", name)
        page.keyboard.press("Enter")
        assert page.locator("#ask").is_hidden(), "the dialog closed and stayed closed"
        page.wait_for_selector(f'[data-shelf="{name}"]')
    assert [s["name"] for s in table.json("shelf", "list")] == ["once", "twice"]
    page.click('[data-opens="filter"]')
    page.select_option("#filter-scope", "table")
    page.get_by_role("button", name="New shelf…").click()
    page.fill("#ask-input", "all")
    page.keyboard.press("Enter")
    assert page.locator("#ask").is_hidden()
    page.wait_for_selector('[data-shelf="all"]')


def test_axe_finds_nothing_serious_with_empty_shelves_in_both_languages(table, page):
    """An empty shelf was a list box holding only "drop slides here": a serious violation (aria-required-children)."""
    from test_spanish import spanish
    from test_table2 import serious
    table.cli("shelf", "create", "keepers")
    table.cli("shelf", "create", "maybe")
    page.wait_for_selector('[data-shelf="maybe"] .empty')
    assert serious(page) == [], "English"
    spanish(page)
    page.wait_for_selector('[data-shelf="maybe"] .empty')
    assert serious(page) == [], "Spanish"


def test_a_tag_every_photo_has_makes_no_badge_on_every_frame(table, page):
    """A template's keywords on every photo made "#3" on every frame; a frame counts only the tags of its own."""
    count = len(table.json("table"))
    table.cli("tag", "add", f"table:1-{count}", "smith", "wedding")
    table.cli("tag", "add", "table:2", "cake")
    page.reload()
    page.wait_for_selector('[data-place="table"] .slide')
    badges = page.locator('[data-place="table"] .badge.tags')
    badges.first.wait_for()
    assert badges.count() == 1 and badges.first.text_content() == "#1", badges.all_text_contents()
    assert badges.first.get_attribute("title") == "cake"


def test_file_names_under_every_frame_at_the_default_size_as_a_setting(table, page):
    """At the default frame size no frame showed its name (Photo Mechanic's contact sheet shows it under each)."""
    name = page.locator('[data-place="table"] .slide figcaption .name').first
    assert not name.is_visible(), "off by default: the frame shows its name only when it has room"
    page.click('[data-opens="view"]')
    page.locator("#view-captions").check()
    name.wait_for(state="visible")
    page.keyboard.press("Escape")
    shot(page, "names-under-frames")
    assert page.evaluate("() => localStorage.getItem('apolo-captions')") == "1"
    page.reload()
    page.locator('[data-place="table"] .slide figcaption .name').first.wait_for(state="visible")
    page.locator('[data-place="table"] .slide').first.click()
    page.keyboard.press("i")
    page.wait_for_function("() => !document.body.classList.contains('captions')")
    assert not page.locator('[data-place="table"] .slide figcaption .name').first.is_visible()
