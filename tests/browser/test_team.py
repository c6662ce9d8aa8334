"""A second culler: the owner invites Ana with `serve --invite Ana --role culler`; both pages are open at once. Each
sees the other's changes live, the history names who made each step, a culler cannot export or open projects, and
undo on a page never takes back someone else's step."""
import subprocess

import pytest

from conftest import SAMPLES, Table, open_page
from test_light_table import wait_for


@pytest.fixture
def team(tmp_path):
    t = Table(str(tmp_path))
    subprocess.run([SAMPLES, str(tmp_path / "photos")], check=True, capture_output=True)
    t.cli("project", "new", "trip")
    t.cli("import", "--quiet", "--no-analyze", str(tmp_path / "photos" / "lisbon"))
    t.start("--no-analyze", "--invite", "Ana", "--role", "culler", "--invite", "Bo", "--role", "reviewer")
    lines = [t.server.stdout.readline().strip() for _ in range(2)]
    t.people = {line.split(" (")[0]: line.split(": ", 1)[1] for line in lines}
    yield t
    assert t.stop() == 0


def test_a_culler_and_the_owner_work_at_once_and_each_step_names_who_made_it(team, browser):
    assert team.people["Ana"].split("#token=")[1] != team.token, "a person's link never carries the owner's token"
    owner = open_page(browser, team.url, '[data-place="table"] .slide')
    ana = open_page(browser, team.people["Ana"], '[data-place="table"] .slide')
    owner_page, ana_page = next(owner), next(ana)
    assert ana_page.locator("#me").text_content() == "Ana · culler"
    assert ana_page.locator('[data-opens="export"]').is_hidden() and ana_page.locator("#undo").is_visible()
    ana_page.locator('[data-ref="table:2"]').click()
    ana_page.keyboard.press("4")
    assert wait_for(lambda: team.json("table")[1]["rating"] == 4)
    owner_stars = owner_page.locator('[data-ref="table:2"] .stars')
    assert wait_for(lambda: owner_stars.text_content() == "★★★★☆", 5), "the owner sees Ana's change live"
    owner_page.locator('[data-ref="table:3"]').click()
    owner_page.keyboard.press("2")
    assert wait_for(lambda: team.json("table")[2]["rating"] == 2)
    history = team.json("history")
    assert [step.get("by") for step in history[-2:]] == ["Ana", None], history[-2:]
    assert "Ana" in team.cli("history").stdout
    ana_stars = ana_page.locator('[data-ref="table:3"] .stars')
    assert wait_for(lambda: ana_stars.text_content() == "★★☆☆☆", 5), "Ana sees the owner's change live"
    ana_page.keyboard.press("Control+z")
    message = ana_page.locator("#message")
    assert wait_for(lambda: "was made by the owner" in (message.text_content() or "")), message.text_content()
    assert team.json("table")[2]["rating"] == 2, "Ana's undo did not take back the owner's step"
    owner_page.keyboard.press("Control+z")
    assert wait_for(lambda: team.json("table")[2]["rating"] == 0), "the owner undoes their own step"
    for page in (owner, ana):
        next(page, None)


def test_people_reach_only_what_their_role_allows(team, browser):
    import urllib.request
    ana_token = team.people["Ana"].split("#token=")[1]
    bo = open_page(browser, team.people["Bo"], '[data-place="table"] .slide')
    bo_page = next(bo)
    assert bo_page.locator("#me").text_content() == "Bo · looking only"
    assert bo_page.locator("#undo").is_hidden() and bo_page.locator('[data-opens="projects"]').is_hidden()
    before = team.json("table")[0]["rating"]
    bo_page.locator('[data-ref="table:1"]').click()
    bo_page.keyboard.press("5")
    message = bo_page.locator("#message")
    assert wait_for(lambda: "only the owner and cullers" in (message.text_content() or "")), message.text_content()
    assert team.json("table")[0]["rating"] == before != 5
    request = urllib.request.Request(team.base + "/api/projects", headers={"X-Apolo-Token": ana_token})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403 and b"culler" in refused.value.read()
    next(bo, None)
