"""Sharing with clients: two reviewers open a share's link on a phone and a tablet, give their names, heart and
comment, and send; the owner's CLI lists each person's picks and the owner's page shows the hearts. A reviewer
reaches nothing else of the project, a revoked link closes at once, and a password is asked and checked."""
import json
import os
import urllib.request

from conftest import SHOTS
from test_light_table import wait_for
from test_table2 import serious

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}


def share(table, *options):
    table.cli("shelf", "create", "best")
    for _ in range(4):
        table.cli("slide", "move", "table:1", "--to", "best")
    table.cli("share", "create", "best", "--title", "Smith wedding — pick 2", *options)
    made = table.json("share", "show", "1")
    assert made["link"].startswith(table.base + "/s/1/#"), made["link"]
    return made


def reviewer(browser, link, size, locale="en-GB"):
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=size == PHONE, locale=locale)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    return context, page, errors


def named(page, name):
    page.locator("#ask-input").wait_for()
    page.fill("#ask-input", name)
    page.click("#ask-ok")
    page.locator("#grid .frame").first.wait_for()


def heart(page, n):
    page.locator("#grid .frame").nth(n).locator(".heart").click()
    page.wait_for_selector(f"#grid .frame:nth-child({n + 1}).picked")


def test_two_reviewers_heart_comment_and_send_and_the_owner_lists_each_persons_picks(table, page, browser):
    link = share(table, "--max-picks", "2")["link"]
    ana, ana_page, ana_errors = reviewer(browser, link, PHONE)
    named(ana_page, "Ana")
    assert ana_page.locator("#title").text_content() == "Smith wedding — pick 2"
    assert ana_page.locator("#grid .frame").count() == 4
    assert "IMG_" not in ana_page.content(), "file names are hidden unless the share shows them"
    heart(ana_page, 0)
    heart(ana_page, 2)
    ana_page.locator("#grid .frame").nth(3).locator(".heart").click()
    assert wait_for(lambda: "at most 2" in ana_page.locator("#note").text_content()), "the limit is said"
    assert ana_page.locator("#count").text_content() == "♥ 2 of 2"
    ana_page.locator("#grid .frame .open").nth(2).click()
    ana_page.locator("#loupe").wait_for()
    ana_page.fill("#comment", "this one for the album cover")
    ana_page.locator("#comment").blur()
    assert wait_for(lambda: "Comment saved" in ana_page.locator("#note").text_content())
    assert serious(ana_page) == [], "the reviewer's loupe on a phone"
    ana_page.click("#close")
    os.makedirs(SHOTS, exist_ok=True)
    ana_page.screenshot(path=os.path.join(SHOTS, "share-phone.png"))
    assert serious(ana_page) == [], "the reviewer's page on a phone"
    hooks = os.path.join(table.env["APOLO_HOME"], "hooks")
    os.makedirs(hooks, exist_ok=True)
    told = os.path.join(table.folder, "told.json")
    with open(os.path.join(hooks, "post-submit"), "w") as hook:
        hook.write(f"#!/bin/sh\ncat > '{told}'\n")
    os.chmod(os.path.join(hooks, "post-submit"), 0o755)
    ana_page.click("#send")
    ana_page.click("#ask-ok")
    assert wait_for(lambda: "Sent on" in ana_page.locator("#note").text_content())
    assert wait_for(lambda: os.path.exists(told) and os.path.getsize(told) > 0), "the post-submit hook ran"
    event = json.load(open(told))
    assert event["event"] == "post-submit" and event["details"]["reviewer"] == "Ana"
    assert len(event["details"]["picks"]) == 2, event
    assert ana_page.locator("#grid .frame .heart").first.is_disabled(), "sent picks are locked"

    luis, luis_page, luis_errors = reviewer(browser, link, TABLET, locale="es-ES")
    named(luis_page, "Luis")
    assert luis_page.locator("#send").text_content() == "Enviar mis elecciones"
    heart(luis_page, 0)
    picks = table.json("share", "picks", "1")
    assert [(p["position"], p["by"]) for p in picks] == [(1, ["Ana", "Luis"]), (3, ["Ana"])], picks
    assert picks[1]["comments"] == [{"name": "Ana", "text": "this one for the album cover"}]
    shown = table.json("share", "show", "1")
    sent = {r["name"]: r.get("submitted") is not None for r in shown["reviewers"]}
    assert sent == {"Ana": True, "Luis": False}, sent
    names = table.cli("share", "picks", "1", "--by", "luis", "--names").stdout.split()
    assert names == [table.json("shelf", "show", "best")[0]["file"]], names
    hearts = page.locator('[data-shelf="best"] .slide .badge.heart')
    assert wait_for(lambda: hearts.count() == 2 and "Ana, Luis" in (hearts.first.get_attribute("title") or ""), 8), \
        "the owner's frames show the hearts and who gave them"
    assert hearts.first.text_content() == "♥2"
    for context in (ana, luis):
        context.close()
    assert not ana_errors and not luis_errors, ana_errors + luis_errors


def call(url, body=None, cookie=None, token=None, language=None):
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if language:
        request.add_header("X-Apolo-Language", language)
    if cookie:
        request.add_header("Cookie", cookie)
    if token:
        request.add_header("X-Apolo-Token", token)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_a_reviewer_reaches_only_their_share_and_a_revoked_link_closes_at_once(table, page):
    made = share(table)
    base, key = made["link"].split("#")
    status, headers, _ = call(base + "api/open", {"token": key})
    assert status == 200
    cookie = headers["Set-Cookie"].split(";")[0]
    assert "Path=/s/1/" in headers["Set-Cookie"] and "HttpOnly" in headers["Set-Cookie"]
    assert "SameSite=Strict" in headers["Set-Cookie"]
    wrong = key[:-1] + ("A" if key[-1] != "A" else "B")   # never the same key by chance (1 in 64)
    assert call(base + "api/open", {"token": wrong})[0] == 404, "a wrong key opens nothing"
    for path in ("/api/state", "/api/projects", "/api/history", "/api/export/manifest"):
        assert call(table.base + path, cookie=cookie)[0] == 403, path
    assert call(table.base + "/s/2/api/state", cookie=cookie)[0] == 401, "another share: no session of it"
    assert call(base + "api/state", cookie=cookie)[0] == 200
    assert call(base + "download/" + "0" * 64, cookie=cookie)[0] == 404, "a photo not in the share"
    photo = table.json("shelf", "show", "best")[0]
    assert b"Exif\x00\x00" in open(photo["path"], "rb").read(65536), "the original carries EXIF"
    for kind in ("thumb", "preview"):
        status, _, picture = call(base + f"{kind}/{photo['id']}", cookie=cookie)
        assert status == 200 and picture[:2] == b"\xff\xd8", kind
        assert b"Exif\x00\x00" not in picture, f"a client's {kind} carries none of the original's EXIF (or GPS)"
    assert call(base + f"download/{photo['id']}", cookie=cookie)[0] == 403, "downloads are off unless allowed"
    table.cli("share", "revoke", "1")
    status, _, body = call(base + "api/state", cookie=cookie)
    assert status == 410 and b"closed" in body, (status, body)
    status, _, body = call(base + "api/state", cookie=cookie, language="es")
    assert status == 410 and "está cerrado" in body.decode(), "said in the reviewer's language"
    table.cli("undo")
    assert call(base + "api/state", cookie=cookie)[0] == 200, "undo opens it again"


def test_a_password_is_asked_checked_and_tried_a_limited_number_of_times(table, page, browser):
    table.cli("shelf", "create", "best")
    table.cli("slide", "move", "table:1", "--to", "best")
    run = table.cli_input("secret words\n", "share", "create", "best", "--title", "Proofs", "--password")
    assert "link:" in run.stdout
    link = table.json("share", "show", "1")["link"]
    context, reviewer_page, errors = reviewer(browser, link, PHONE)
    reviewer_page.locator("#ask-input[type=password]").wait_for()
    reviewer_page.fill("#ask-input", "wrong")
    reviewer_page.click("#ask-ok")
    assert wait_for(lambda: "not the password" in reviewer_page.locator("#ask-error").text_content())
    reviewer_page.fill("#ask-input", "secret words")
    reviewer_page.click("#ask-ok")
    named(reviewer_page, "Ana")
    port = table.base.rsplit(":", 1)[1]
    assert table.stop() == 0
    table.start("--no-analyze", "--port", port)
    heart(reviewer_page, 0)   # after a restart: opened again with the password's proof, not asked again
    assert reviewer_page.locator("#ask").is_hidden()
    context.close()
    assert not errors, errors
    base, key = link.split("#")
    codes = [call(base + "api/open", {"token": key, "password": f"guess {i}"})[0] for i in range(6)]
    assert codes == [401] * 5 + [429], codes   # 5 wrong guesses an address in 15 minutes (the server restarted)
    assert call(base + "api/open", {"token": key, "pass": "0" * 64})[0] == 401, "a made-up proof: asked the password"
    document = open(os.path.join(table.env["APOLO_HOME"], "projects", "trip.json")).read()
    assert "secret words" not in document and "pbkdf2-sha256" in document


def test_a_reviewers_page_goes_on_after_the_server_restarts(table, page, browser):
    link = share(table)["link"]
    context, reviewer_page, errors = reviewer(browser, link, PHONE)
    named(reviewer_page, "Ana")
    port = table.base.rsplit(":", 1)[1]
    assert table.stop() == 0
    table.start("--no-analyze", "--port", port)
    heart(reviewer_page, 1)
    assert wait_for(lambda: "hearted" in reviewer_page.locator("#note").text_content())
    picks = table.json("share", "picks", "1")
    assert [(p["position"], p["by"]) for p in picks] == [(2, ["Ana"])], picks
    context.close()
    assert not errors, errors


def test_the_reviewers_loupe_goes_on_by_a_swipe_and_closes_by_a_swipe_down(table, page, browser):
    link = share(table)["link"]
    context, reviewer_page, errors = reviewer(browser, link, PHONE)
    named(reviewer_page, "Ana")
    reviewer_page.locator("#grid .frame .open").first.click()
    title = reviewer_page.locator("#loupe-title")
    assert wait_for(lambda: "1 / 4" in title.text_content())
    cdp = context.new_cdp_session(reviewer_page)
    box = reviewer_page.locator("#stage").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def finger(points):
        for kind, (px, py) in zip(["touchStart"] + ["touchMove"] * (len(points) - 2) + ["touchEnd"], points):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd"
                                                  else [{"x": px, "y": py}]})

    finger([(x + 100, y), (x + 40, y), (x - 20, y), (x - 80, y), (x - 80, y)])
    assert wait_for(lambda: "2 / 4" in title.text_content()), title.text_content()
    reviewer_page.locator("#heart").click()
    reviewer_page.fill("#comment", "kept however the loupe is left")   # typed, then a swipe: no blur first
    finger([(x, y - 100), (x, y - 20), (x, y + 60), (x, y + 140), (x, y + 140)])
    assert wait_for(lambda: reviewer_page.locator("#loupe").is_hidden()), "a swipe down leaves the loupe"
    assert wait_for(lambda: any(c["text"] == "kept however the loupe is left" for p in table.json("share", "picks", "1")
                                for c in p.get("comments", []))), table.json("share", "picks", "1")
    context.close()
    assert not errors, errors
