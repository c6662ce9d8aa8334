"""Ingest from the page: a generated card copied to a destination and a backup, verified, named from a template and
imported into the open project; followed to its end; checked through the CLI's --json and the files."""
import os
import subprocess

from conftest import SAMPLES
from test_light_table import wait_for
from test_spanish import spanish
from test_table2 import serious


def open_ingest(page):
    page.keyboard.press("o")
    page.locator("#project-list").wait_for()
    page.get_by_role("button", name="Ingest cards…").click()
    page.locator("#ingest-cards").wait_for()


def test_a_card_is_copied_verified_named_and_imported_from_the_page(table, page):
    card = os.path.join(table.folder, "card")
    subprocess.run([SAMPLES, "--card", "4", card], check=True, capture_output=True)
    before = len(table.json("table"))
    page.locator('[data-ref="table:1"]').click()
    open_ingest(page)
    assert serious(page) == [], "the ingest panel"
    page.fill("#ingest-cards", card)
    page.fill("#ingest-to", os.path.join(table.folder, "photos-a"))
    page.fill("#ingest-backups", os.path.join(table.folder, "photos-b"))
    page.fill("#ingest-job", "smith")
    page.fill("#ingest-name", "{job}_{seq:3}")
    page.click("#ingest-start")
    status = page.locator("#ingest-status")
    assert wait_for(lambda: "copied 4 photos (5 files" in (status.text_content() or "")), status.text_content()
    assert wait_for(lambda: len(table.json("table")) == before + 4), "imported into the open project"
    for root in ("photos-a", "photos-b"):
        folder = os.path.join(table.folder, root, "2026", "2026-05-02_smith")
        assert sorted(os.listdir(folder)) == ["smith_001.JPG", "smith_001.xmp", "smith_002.JPG", "smith_003.JPG",
                                              "smith_004.JPG"], root
    paths = [s["path"] for s in table.json("table")]
    assert any(p.endswith("/photos-a/2026/2026-05-02_smith/smith_003.JPG") for p in paths), "the primary copies"
    page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length > 10")
    page.click("#ingest-start")
    assert wait_for(lambda: "nothing new to copy" in (status.text_content() or "")), "a card ingested before"


def test_the_ingest_panel_reads_in_spanish_and_says_why_it_refuses(table, page):
    spanish(page)
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("o")
    page.locator("#project-list").wait_for()
    page.get_by_role("button", name="Descargar tarjetas…").click()
    page.locator("#ingest-cards").wait_for()
    assert page.locator("#panel h2").text_content().startswith("Descargar tarjetas")
    assert serious(page) == [], "in Spanish"
    status = page.locator("#ingest-status")
    page.fill("#ingest-cards", os.path.join(table.folder, "no-card"))
    page.click("#ingest-start")
    assert wait_for(lambda: "rellena el destino" in (status.text_content() or "")), "in the page's words, in Spanish"
    page.fill("#ingest-to", os.path.join(table.folder, "out"))
    page.click("#ingest-start")
    assert wait_for(lambda: "no se copió nada" in (status.text_content() or "")), status.text_content()


def test_each_file_an_ingest_could_not_import_is_named_with_its_reason(table, page):
    """The page said "failed 1" and never which file, nor why."""
    card = os.path.join(table.folder, "card")
    subprocess.run([SAMPLES, "--card", "2", card], check=True, capture_output=True)
    first = next(os.path.join(root, f) for root, _, files in os.walk(card) for f in sorted(files) if f.endswith(".JPG"))
    data = open(first, "rb").read()
    open(os.path.join(os.path.dirname(first), "CUT_0001.JPG"), "wb").write(data[: len(data) // 2])
    page.locator('[data-ref="table:1"]').click()
    open_ingest(page)
    page.fill("#ingest-cards", card)
    page.fill("#ingest-to", os.path.join(table.folder, "photos"))
    page.click("#ingest-start")
    problem = page.locator("#ingest-problems li.error")
    problem.first.wait_for()
    assert "CUT_0001" in problem.first.text_content() and "truncated" in problem.first.text_content(), \
        problem.all_text_contents()
