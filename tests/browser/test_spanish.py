"""apolo's own messages in the page's language: what a change did, why one was refused, and History, from the
catalogue the command line uses too (never English words matched and replaced). Checked through the CLI's --json."""
import re

from test_light_table import wait_for
from conftest import settled

ENGLISH = re.compile(r"\b(rated|discarded|undid|redid|refused|locked|table|shelf|slides?|photos?|restores?)\b")


def spanish(page):
    page.select_option("#language", "es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")


def said(page, start):
    message = page.locator("#message")
    try:
        message.filter(has_text=start).wait_for(timeout=5000)
    except Exception:
        raise AssertionError(f"the message is {message.text_content()!r}, not {start!r}…") from None
    text = message.text_content()
    assert text.startswith(start), text
    return text


def test_what_a_change_did_and_undo_are_said_in_spanish_on_the_page_and_in_history(table, page):
    spanish(page)
    file = table.json("table")[1]["file"]
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("4")
    said(page, f"puntuación de '{file}': ★★★★☆")
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("x")
    text = said(page, f"descartada '{file}' de la mesa (atenuada en su sitio: U sobre ella la recupera)")
    assert not ENGLISH.search(text.replace(file, "")), text
    page.keyboard.press("Control+z")
    text = said(page, "deshecho el paso ")
    assert re.match(rf"deshecho el paso \d+: descartada '{re.escape(file)}' de la mesa", text), text
    assert "apolo" not in text and "[" not in text, "the page's words: no command"
    assert wait_for(lambda: not table.json("table", "--discarded"))
    title = page.locator("#undo").get_attribute("title")
    assert title == f"Deshacer: puntuación de '{file}': ★★★★☆ (Ctrl+Z)", title
    page.keyboard.press("h")
    steps = page.locator("#history-list li:not(.start)")
    steps.first.wait_for()
    texts = [t.replace(file, "") for t in steps.all_text_contents()]
    assert any(" puntuación de '': ★★★★☆" in t for t in texts) and any(" descartada '' de la mesa" in t for t in texts), texts
    assert not any(ENGLISH.search(t) for t in texts), texts
    english = table.cli("history").stdout
    assert f"rated '{file}'" in english and "puntuación" not in english, "the command line keeps its own language"


def test_a_refusal_says_which_key_and_why_in_spanish(table, page):
    table.cli("shelf", "create", "s")
    table.cli("slide", "move", "table:1", "--to", "s")
    table.cli("album", "compress", "s")
    file = table.json("album", "show", "s")[0]["file"]
    spanish(page)
    page.locator('[data-album="s"] .slide').click()
    page.keyboard.press("x")
    text = said(page, f"no se hizo x (descartar {file}): el álbum 's' está cerrado; reábrelo antes con ↺ en el álbum")
    assert not ENGLISH.search(text.replace(file, "")), text
    assert page.locator("#retry").is_visible() and page.locator("#retry").text_content() == "Reintentar"


# English words that may stand in Spanish text: names of formats and marks
NEUTRAL = {"jpeg", "raw", "exif", "xmp", "iptc", "html", "json", "ctrl", "apolo"}   # key names are translated

WORDS = """async () => {
  const { MESSAGES } = await import('/js/messages.js');
  const words = (table) => new Set(Object.values(table).flatMap((v) => String(v).toLowerCase().match(/\\p{L}{4,}/gu) ?? []));
  const es = words(MESSAGES.es);
  return [...words(MESSAGES.en)].filter((w) => !es.has(w));
}"""

SHOWN = """() => {
  const seen = (el) => el.checkVisibility?.() ?? !!el.offsetParent;
  const texts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.parentElement && seen(n.parentElement)) texts.push(n.data);
  document.querySelectorAll('[title], [aria-label], [placeholder]').forEach((el) => { if (seen(el)) {
    texts.push(el.title ?? '', el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? ''); } });
  return texts.join(' \\n ');
}"""


def english_in(page, table, english):
    names = " ".join(s["file"] + " " + (s.get("camera") or "") for s in table.json("table"))
    names = set(re.findall(r"\w{4,}", names.lower()))
    text = page.evaluate(SHOWN).lower()
    return sorted({w for w in re.findall(r"\w{4,}", text) if w in english and w not in names and w not in NEUTRAL})


def test_every_panel_reads_in_spanish_with_no_english_word_left(table, page):
    """Every view and panel, in Spanish, after a change and a refusal: no English word of the page's own is seen."""
    spanish(page)
    english = set(page.evaluate(WORDS))
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("3")
    said(page, "puntuación de")
    found = {"table": english_in(page, table, english)}
    for key, panel in [("h", "history"), ("v", "view"), ("f", "filter"), ("e", "export"), ("o", "projects"),
                       ("m", "caption")]:
        page.keyboard.press("Escape")
        page.locator('[data-ref="table:2"]').click()
        page.keyboard.press(key)
        page.locator(f'#panel[data-panel="{panel}"]').wait_for()
        settled(page)
        found[panel] = english_in(page, table, english)
    page.keyboard.press("Escape")
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("?")
    page.locator("#help").wait_for()
    found["help"] = english_in(page, table, english)
    page.keyboard.press("?")
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("Space")
    page.locator('[data-view="loupe"]').wait_for()
    found["loupe"] = english_in(page, table, english)
    page.keyboard.press("Escape")
    assert not any(found.values()), found


def test_axe_finds_nothing_serious_in_spanish_with_rejects_in_place_a_refusal_and_the_tray(table, page):
    from test_table2 import serious
    table.cli("shelf", "create", "s")
    table.cli("slide", "move", "table:1", "--to", "s")
    table.cli("album", "compress", "s")
    spanish(page)
    page.locator('[data-album="s"] .slide').wait_for()
    page.locator('[data-ref="table:2"]').click()
    page.keyboard.press("x")
    page.locator('[data-place="table"] .slide.rejected').wait_for()
    page.locator('[data-album="s"] .slide').click()
    page.keyboard.press("x")
    page.locator("#retry").wait_for()
    assert serious(page) == [], "the table with a reject in place and a refusal"
    page.locator('[data-place="table"] .slide.rejected').click()
    page.keyboard.press("Space")
    page.locator('[data-view="loupe"]').wait_for()
    assert serious(page) == [], "the loupe on a reject"
    page.keyboard.press("Escape")
    for key, name in (("h", "history"), ("v", "view")):
        page.locator('[data-place="table"] .slide').nth(3).click()
        page.keyboard.press(key)
        page.locator(f'#panel[data-panel="{name}"]').wait_for()
        assert serious(page) == [], name
    page.check("#view-hide-rejects")
    page.locator('[data-place="discarded"]').wait_for()
    assert serious(page) == [], "the tray, rejects hidden"


def test_an_export_from_a_spanish_page_ends_in_spanish(table, page, tmp_path):
    table.cli("shelf", "create", "best")
    for _ in range(2):
        table.cli("slide", "move", "table:1", "--to", "best")
    table.cli("album", "compress", "best")
    spanish(page)
    page.locator('[data-album="best"] .slide').first.wait_for()
    page.click('[data-opens="export"]')
    page.fill("#export-to", str(tmp_path))
    page.click("#export-start")
    status = page.locator("#export-status")
    status.filter(has_text="exportadas").wait_for(timeout=30000)
    text = status.text_content()
    assert "exportadas 2 fotos de 1 álbum en " in text, text
    assert not ENGLISH.search(text.replace(str(tmp_path), "")), text
    page.click("#export-start")   # again, into the folder it filled
    status.filter(has_text="no está vacía").wait_for(timeout=30000)
    text = status.text_content()
    assert "marca «Reemplazar una exportación anterior»" in text and "--force" not in text, text
    page.check("#export-strip")
    page.fill("#export-size", "")
    page.click("#export-start")
    refused = said(page, "Quitar metadatos se aplica a copias redimensionadas: indica un lado mayor")
    assert "--" not in refused, refused


def test_a_name_refused_from_a_spanish_page_is_refused_in_spanish(table, page):
    from conftest import answer
    table.cli("shelf", "create", "a")
    table.cli("shelf", "create", "b")
    spanish(page)
    page.locator('[data-shelf="b"]').wait_for()
    page.locator('[data-shelf="b"] button[aria-label*="b"]').filter(has_text="✎").click()
    answer(page, "a")
    text = said(page, "no se hizo «renombrar el estante b a a»: ya hay un estante llamado 'a'")
    assert not ENGLISH.search(text), text


def test_a_filter_that_finds_nothing_says_so_in_spanish_without_a_command_flag(table, page):
    """The filter's no-match (and where it would find photos) was English and named `--from table` on the page."""
    spanish(page)
    page.keyboard.press("f")   # the shelves hold nothing yet; every photo of the table matches
    page.get_by_role("button", name="Nuevo estante…").click()
    page.fill("#ask-input", "vacío")
    page.keyboard.press("Enter")
    message = page.locator("#message")
    message.filter(has_text="ninguna foto coincide en los estantes").wait_for()
    text = message.text_content()
    assert "--from" not in text and "coinciden en la mesa" in text and "no se creó el estante 'vacío'" in text, text
