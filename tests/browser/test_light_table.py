"""What a user does on the light table, checked afterwards through the CLI's --json."""
import json
import time
import urllib.error
import urllib.request

from conftest import answer, shot


def ids(table, place):
    """The photo ids of a place, in order, as the CLI lists them."""
    if place == "table":
        return [s["id"] for s in table.json("table")]
    return [s["id"] for s in table.json("shelf", "show", place)]


def wait_for(check, seconds=5):
    end = time.time() + seconds
    while time.time() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(table, path, method="GET", body=None, headers=None, token=True):
    h = {"Host": table.base.split("//")[1]}
    if token:
        h["X-Apolo-Token"] = table.token
    if body is not None:
        h["Content-Type"] = "application/json"
    h.update(headers or {})
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    req = urllib.request.Request(table.base + path, data=data, method=method, headers=h)
    try:
        with OPENER.open(req, timeout=10) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


def test_every_request_needs_the_token_the_address_and_the_same_origin(table):
    before = table.cli("project", "show", "--json").stdout
    assert request(table, "/api/state", token=False)[0] == 403
    assert request(table, "/api/state", token=False, headers={"Cookie": "apolo_token=" + table.token})[0] == 403
    assert request(table, "/api/state", headers={"Host": "evil.example:80"})[0] == 421
    rev = json.loads(request(table, "/api/state")[1])["revision"]
    rate = {"commands": [["rate", "table:1", "5"]], "expect": rev}
    assert request(table, "/api/run", "POST", rate, headers={"Origin": "http://evil.example"})[0] == 403
    assert request(table, "/api/run", "POST", b"{not json", headers={})[0] == 400
    assert request(table, "/api/run", "POST", b"[" * 100000 + b"]" * 100000)[0] in (400, 413)
    assert request(table, "/api/run", "POST", {"commands": [["rate", "table:1", "5"]], "expect": "0" * 32})[0] == 409
    assert request(table, "/api/run", "POST", {"commands": [["export"]], "expect": rev})[0] == 422
    assert request(table, "/thumb/" + "../../etc/passwd")[0] == 404
    assert request(table, "/api/run", "PUT", rate)[0] == 405
    assert table.cli("project", "show", "--json").stdout == before, "no refused request changed anything"
    status, _, headers = request(table, "/?token=" + table.token, token=False)
    assert status == 303 and headers["Location"] == "/#token=" + table.token and "Set-Cookie" not in headers


def test_the_page_shows_the_table_shelves_albums_and_the_tray(table, page):
    table.cli("shelf", "create", "best")
    table.cli("slide", "move", "table:1", "--to", "best")
    table.cli("shelf", "create", "trip")
    table.cli("slide", "move", "table:1", "--to", "trip")
    table.cli("album", "compress", "trip")
    table.cli("slide", "discard", "table:1")
    page.wait_for_selector('[data-album="trip"] .slide', timeout=5000)
    expected = len(ids(table, "table")) + 1   # the reject keeps its place, dimmed
    page.wait_for_function(f"() => document.querySelectorAll('[data-place=\"table\"] .slide').length === {expected}", timeout=5000)
    assert page.locator('[data-shelf="best"] .slide').count() == 1
    first = page.locator('[data-place="table"] .slide').first
    assert "rejected" in first.get_attribute("class") and first.get_attribute("data-id") == table.json("table", "--discarded")[0]["id"]
    second = page.locator('[data-place="table"] .slide').nth(1)
    assert second.get_attribute("data-ref") == "table:1" and len(second.get_attribute("data-id")) == 64
    assert page.locator('[data-place="discarded"]').count() == 0, "the tray shows only when the view hides rejects"
    page.wait_for_function("() => [...document.querySelectorAll('.slide img')].slice(0, 6).every(i => i.complete && i.naturalWidth > 0)")
    shot(page, "light-table")


def test_dragging_a_slide_from_the_table_onto_a_shelf_and_back(table, page):
    table.cli("shelf", "create", "best")
    page.wait_for_selector('[data-shelf="best"]')
    moved = page.locator('[data-ref="table:3"]').get_attribute("data-id")
    page.drag_and_drop('[data-ref="table:3"]', '[data-shelf="best"] .strip')
    assert wait_for(lambda: ids(table, "best") == [moved])
    second = page.locator('[data-ref="table:1"]').get_attribute("data-id")
    page.wait_for_selector('[data-shelf="best"] .slide')
    page.drag_and_drop('[data-ref="table:1"]', '[data-ref="best:1"]', target_position={"x": 5, "y": 80})
    assert wait_for(lambda: ids(table, "best") == [second, moved]), "dropped before best:1, where the marker was"
    page.drag_and_drop('[data-ref="best:2"]', '[data-place="table"] .strip')
    assert wait_for(lambda: ids(table, "best") == [second])
    assert moved in ids(table, "table")


def test_rating_discarding_and_undo_with_the_keyboard(table, page):
    target = page.locator('[data-ref="table:2"]')
    photo = target.get_attribute("data-id")
    target.click()
    page.keyboard.press("4")
    assert wait_for(lambda: next(s for s in table.json("table") if s["id"] == photo)["rating"] == 4)
    page.wait_for_selector(f'[data-id="{photo}"][data-rating="4"]')
    page.keyboard.press("x")
    assert wait_for(lambda: photo in [s["id"] for s in table.json("table", "--discarded")])
    page.keyboard.press("Control+z")
    assert wait_for(lambda: photo not in [s["id"] for s in table.json("table", "--discarded")])
    page.keyboard.press("Control+Shift+z")
    assert wait_for(lambda: photo in [s["id"] for s in table.json("table", "--discarded")])
    shot(page, "after-keyboard")
    # pressed before the first answer comes, the second undo waits its turn: both steps are undone
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert wait_for(lambda: next((s for s in table.json("table") if s["id"] == photo), {}).get("rating") == 0)
    assert photo not in [s["id"] for s in table.json("table", "--discarded")]


def test_a_selection_is_rated_in_one_step(table, page):
    page.locator('[data-ref="table:1"]').click()
    page.locator('[data-ref="table:3"]').click(modifiers=["Shift"])
    page.keyboard.press("2")
    assert wait_for(lambda: [s["rating"] for s in table.json("table")][:3] == [2, 2, 2])
    assert "rated 3 photos" in table.cli("history").stdout


def test_the_loupe_steps_through_a_place(table, page):
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Space")
    loupe = page.locator('[data-view="loupe"]')
    loupe.wait_for(state="visible")
    first = page.locator("#loupe-image").get_attribute("src")
    page.wait_for_function("() => document.querySelector('#loupe-image').complete && document.querySelector('#loupe-image').naturalWidth > 0")
    shot(page, "loupe")
    page.keyboard.press("ArrowRight")
    assert page.locator("#loupe-image").get_attribute("src") != first
    page.keyboard.press("5")
    assert wait_for(lambda: table.json("table")[1]["rating"] == 5)
    page.keyboard.press("Escape")
    loupe.wait_for(state="hidden")


def test_a_change_from_the_command_line_appears_live(table, page):
    photo = page.locator('[data-ref="table:2"]').get_attribute("data-id")
    table.cli("rate", "table:2", "3")
    page.wait_for_selector(f'[data-id="{photo}"][data-rating="3"]', timeout=3000)
    table.cli("shelf", "create", "from-cli")
    page.wait_for_selector('[data-shelf="from-cli"]', timeout=3000)


def test_a_stale_page_changes_nothing_and_shows_the_current_state(table, page):
    page.route("**/api/version", lambda route: route.fulfill(json={"version": "frozen"}))   # it does not hear of the change
    photo = page.locator('[data-ref="table:1"]').get_attribute("data-id")
    table.cli("slide", "discard", "table:1")   # table:1 is now another photo
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("5")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('changed since this page last showed it')")
    assert all(s["rating"] == 0 for s in table.json("table")), "nothing was rated"
    assert page.locator(f'[data-place="table"] .rejected[data-id="{photo}"]').count() == 1, "the page shows the current state"


def test_shelves_and_albums_from_the_page(table, page):
    page.click("#new-shelf")
    answer(page, "keepers")
    page.wait_for_selector('[data-shelf="keepers"]')
    page.drag_and_drop('[data-ref="table:1"]', '[data-shelf="keepers"] .strip')
    page.wait_for_selector('[data-shelf="keepers"] .slide')
    page.get_by_role("button", name="Compress keepers into a locked album").click()
    page.wait_for_selector('[data-album="keepers"] .slide')
    assert [a["name"] for a in table.json("album", "list")] == ["keepers"]
    page.get_by_role("button", name="Reopen keepers as a shelf").click()
    page.wait_for_selector('[data-shelf="keepers"]')
    assert table.json("album", "list") == []


def test_a_port_in_use_or_a_bad_address_is_refused_in_words(table):
    port = table.base.rsplit(":", 1)[1]
    busy = table.cli("serve", "--no-open", "--port", port, check=False)
    assert busy.returncode == 4 and "address already in use" in busy.stderr, busy.stderr
    bad = table.cli("serve", "--no-open", "--listen", "300.1.1.1", check=False)
    assert bad.returncode == 2 and "--listen takes an IP address" in bad.stderr, bad.stderr
