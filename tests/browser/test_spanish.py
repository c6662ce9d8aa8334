"""apolo's own messages in the page's language: what a change did, why one was refused, and History, from the
catalogue the command line uses too (never English words matched and replaced). Checked through the CLI's --json."""
import re

from test_light_table import wait_for

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
