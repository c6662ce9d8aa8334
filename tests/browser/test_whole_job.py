"""A whole job in the page, as a photographer does it: a card ingested (copied, verified, imported and measured),
culled with keys (stars, a reject, a tag key, a label), a shelf made from the filter panel, shared with a client who
hearts and sends from a phone, the owner told she sent them, the shelf made an album and exported in order. Each step
is checked through the command line beside the page; the card is never written to."""
import hashlib
import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import SAMPLES, Table, answer, open_page
from test_ingest import open_ingest
from test_light_table import wait_for
from test_share import PHONE, heart, named, reviewer


@pytest.fixture
def job():
    """An empty project served, and a generated card of six photos beside it."""
    folder = tempfile.mkdtemp(prefix="apolo-job-")
    subprocess.run([SAMPLES, "--card", "6", os.path.join(folder, "card")], check=True, capture_output=True)
    t = Table(folder)
    t.cli("project", "new", "smith")
    t.start()
    yield t
    assert t.stop() == 0
    shutil.rmtree(folder, ignore_errors=True)


def fingerprint(folder):
    """Every file under `folder` with its bytes' hash and modification time."""
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            found[path] = (hashlib.sha256(open(path, "rb").read()).hexdigest(), os.stat(path).st_mtime_ns)
    return found


def test_a_card_to_an_exported_album_with_a_client_between(job, browser):
    card = os.path.join(job.folder, "card")
    before = fingerprint(card)
    for page in open_page(browser, job.url, "#bench"):
        open_ingest(page)
        page.fill("#ingest-cards", card)
        page.fill("#ingest-to", os.path.join(job.folder, "photos"))
        page.fill("#ingest-job", "smith")
        page.click("#ingest-start")
        assert wait_for(lambda: len(job.json("table")) == 6, 30), "the card's six photos imported"
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 6")
        assert wait_for(lambda: all("focus" in s for s in job.json("table")), 30), "each photo measured"

        page.locator('[data-ref="table:2"]').click()   # the cull, by keys
        page.keyboard.press("5")
        page.locator('[data-ref="table:3"]').click()
        page.keyboard.press("4")
        page.keyboard.press("8")                        # green
        page.locator('[data-ref="table:6"]').click()
        page.keyboard.press("x")
        page.keyboard.press("v")
        page.locator("#view-tag-keys").fill("keeper")
        page.keyboard.press("Escape")
        page.locator('[data-ref="table:2"]').click()
        page.keyboard.press("Shift+Digit1")
        assert wait_for(lambda: [s["rating"] for s in job.json("table")][1:3] == [5, 4]), "stars saved"
        assert wait_for(lambda: job.json("table")[1]["tags"] == ["keeper"]), "the tag key"

        page.keyboard.press("f")   # a shelf of the photos with four stars or more (the card's sidecar gave one 4)
        page.select_option("#filter-scope", "table")
        page.select_option("#filter-rating", ">3")
        page.wait_for_function("() => document.querySelectorAll('.slide.match').length === 3")
        page.get_by_role("button", name="New shelf…").click()
        answer(page, "best")
        page.wait_for_selector('[data-shelf="best"] .slide')
        assert [s["rating"] for s in job.json("shelf", "show", "best")] == [4, 5, 4]

        job.cli("share", "create", "best", "--title", "Smith — your favourite")
        link = job.json("share", "show", "1")["link"]
        client, phone, errors = reviewer(browser, link, PHONE)
        named(phone, "Ana")
        heart(phone, 1)
        phone.click("#send")
        phone.click("#ask-ok")
        assert wait_for(lambda: "Sent on" in phone.locator("#note").text_content())
        page.locator("#message").filter(has_text="Ana sent their picks").wait_for(timeout=15000)
        client.close()
        assert not errors, errors

        page.locator('[data-shelf="best"]').get_by_role("button", name="Compress best into a locked album").click()
        assert wait_for(lambda: any(a["name"] == "best" for a in job.json("album", "list")))
        page.click('[data-opens="export"]')
        target = os.path.join(job.folder, "out")
        page.fill("#export-to", target)
        page.click("#export-start")
        page.wait_for_function("() => document.querySelector('#export-status').textContent.includes('exported 3')",
                               timeout=30000)
    exported = sorted(os.listdir(os.path.join(target, "smith")))
    assert [name[:4] for name in exported if name.endswith(".JPG")] == ["001-", "002-", "003-"], exported
    assert fingerprint(card) == before, "the card was never written to"
