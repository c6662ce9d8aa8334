"""The access token: tied to its server, kept in the tab, never in a cookie or on a command line."""
import os
import shutil
import stat
import subprocess
import tempfile
import time

from conftest import APOLO, Table


def test_two_light_tables_in_one_browser_both_keep_working(table, browser):
    other_folder = tempfile.mkdtemp(prefix="apolo-browser-2-")
    other = Table(other_folder)
    other.cli("project", "new", "second")
    other.cli("import", "--quiet", "--no-analyze", os.path.join(table.folder, "photos", "lisbon", "day1"))
    other.start()
    try:
        context = browser.new_context()
        first, second = context.new_page(), context.new_page()
        first.goto(table.url)
        first.wait_for_selector('[data-place="table"] .slide')
        second.goto(other.url)
        second.wait_for_selector('[data-place="table"] .slide')
        assert context.cookies() == [], "no cookie for other servers on this host to receive"
        for page, t, stars in ((first, table, 2), (second, other, 4)):
            page.bring_to_front()
            page.locator('[data-place="table"] .slide').first.click()
            page.keyboard.press(str(stars))
            deadline = time.time() + 5
            while time.time() < deadline and t.json("table")[0]["rating"] != stars:
                time.sleep(0.1)
            assert t.json("table")[0]["rating"] == stars
        first.reload()
        first.wait_for_selector('[data-place="table"] .slide')
        assert "token" not in first.url, "the token leaves the address bar; a reload in the tab keeps working"
        context.close()
    finally:
        other.stop()
        shutil.rmtree(other_folder, ignore_errors=True)


def test_the_browser_is_opened_without_the_token_on_any_command_line(table):
    folder = tempfile.mkdtemp(prefix="apolo-opener-")
    log = os.path.join(folder, "log")
    opener = os.path.join(folder, "xdg-open")
    with open(opener, "w") as f:
        f.write(f'#!/bin/sh\necho "$@" > {log}\nstat -c %a "${{1#file://}}" >> {log}\ncat "${{1#file://}}" >> {log}\n')
    os.chmod(opener, 0o755)
    env = dict(table.env, DISPLAY=":99", PATH=folder + ":/usr/bin:/bin", XDG_RUNTIME_DIR=folder)
    server = subprocess.Popen([APOLO, "serve"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip().split(": ", 1)[1]
        token = url.split("token=")[1]
        deadline = time.time() + 5   # the opener writes its log in three steps: wait for all of them
        while time.time() < deadline and (not os.path.exists(log) or len(open(log).read().splitlines()) < 3):
            time.sleep(0.1)
        argv, mode, *page = open(log).read().splitlines()
        assert token not in argv and argv.startswith("file://" + folder), argv
        assert mode == "600" and url in "\n".join(page)
    finally:
        server.send_signal(2)
        server.wait(timeout=20)
    left = [f for f in os.listdir(folder) if f.endswith("-open.html")]
    shutil.rmtree(folder, ignore_errors=True)
    assert not left, "the redirect file goes with the server"


def test_the_first_screen_is_asked_for_with_the_token_before_the_page_s_modules_have_arrived(table, browser):
    """The page asks for its first screen as soon as it has read its token (index.html's own lines), not after its 40
    modules: main.js is held back here until that request has been made, and the answer is used, not asked again."""
    context = browser.new_context()
    page = context.new_page()
    held, firsts = [], []
    page.route("**/js/main.js", lambda route: held.append(route))
    page.on("request", lambda r: firsts.append(r) if "/api/state?first=" in r.url else None)
    with page.expect_request(lambda r: "/api/state?first=" in r.url, timeout=30000) as asked:
        page.goto(table.url, wait_until="commit")
    assert asked.value.headers.get("x-apolo-token"), "the request carries the tab's token"
    for _ in range(200):   # the route's handler runs when Playwright dispatches it: each round trip lets it
        if held: break
        page.evaluate("0")
    assert held, "main.js was asked for too, and is still held"
    held[0].continue_()
    page.wait_for_selector('[data-place="table"] .slide')
    page.wait_for_function("() => window.apolo.whole()")
    assert len(firsts) == 1, "the first screen's early answer is the one drawn"
    context.close()


def test_a_panel_asked_for_before_its_module_has_arrived_opens_when_it_has(table, browser):
    """The panels' modules load once the page holds the whole project: F pressed while the filter panel's module is
    still on its way opens the panel when it arrives (and the first screen never waited for it)."""
    context = browser.new_context()
    page = context.new_page()
    held = []
    page.route("**/js/filterpanel.js", lambda route: held.append(route))
    with page.expect_request(lambda r: r.url.endswith("/js/filterpanel.js"), timeout=30000):
        page.goto(table.url)   # asked for once the whole project is there
    page.wait_for_function("() => window.apolo.whole()")
    for _ in range(2000):   # the route's handler runs when Playwright dispatches it, on a round trip
        if held: break
        page.evaluate("0")
    assert held, "the filter panel's module is asked for after the first screen"
    page.locator('[data-place="table"] .slide').first.click()
    page.keyboard.press("f")
    page.keyboard.press("Escape")   # called off
    page.keyboard.press("f")        # and asked for again
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.locator('#panel[data-panel="filter"]').count() == 0, "no panel before its module"
    held[0].continue_()
    page.locator('#panel[data-panel="filter"]:not([hidden])').wait_for()
    assert page.evaluate("() => document.activeElement.closest('#panel') !== null"), "the keyboard is in the panel"
    context.close()
