"""The caption panel: what is typed applies to every chosen slide, codes and variables shown as they will read;
metadata templates; the view's words filter. Checked through the CLI's --json."""
import os

from conftest import shot
from test_light_table import wait_for
from test_spanish import spanish
from test_table2 import serious


def meta(table, n):
    return table.json("table")[n].get("meta", {})


def test_what_is_typed_applies_to_every_chosen_slide_as_it_will_read(table, page):
    with open(os.path.join(table.env["APOLO_HOME"], "codes.txt"), "w") as codes:
        codes.write("b\tAna Bride\ng\tLuis Groom\n")
    first = table.json("table")[0]
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("m")
    page.locator('#panel[data-panel="caption"]').wait_for()
    assert "2" in page.locator("#panel h2").text_content(), "the panel names the two chosen slides"
    page.fill("#caption-title", "Alfama, {date}")
    page.fill("#caption-caption", "\\b\\ and \\g\\ at {time}")
    preview = page.locator("#caption-preview")
    expected = f"Ana Bride and Luis Groom at {first['captured'][11:19]}"
    assert wait_for(lambda: expected in preview.text_content()), preview.text_content()
    page.fill("#caption-caption", "\\x\\ waves")
    assert wait_for(lambda: "\\x\\" in preview.text_content() and "error" in preview.get_attribute("class"))
    page.fill("#caption-caption", "\\b\\ at {time}")
    page.locator("#caption-more summary").click()
    page.fill("#caption-city", "Lisbon")
    shot(page, "caption-panel")
    page.get_by_role("button", name="Apply", exact=True).click()
    assert wait_for(lambda: meta(table, 1).get("city") == "Lisbon"), "applied to both chosen slides"
    assert meta(table, 0) == {"title": "Alfama, " + first["captured"][:10], "city": "Lisbon",
                              "caption": "Ana Bride at " + first["captured"][11:19]}
    assert "set the title, caption, city of 2 photos" in page.locator("#message").text_content()
    assert meta(table, 2) == {}, "the third slide was not chosen"
    page.locator("#caption-title").wait_for()
    assert page.input_value("#caption-city") == "Lisbon", "the panel shows the values now kept"
    page.locator("#undo").click()
    assert wait_for(lambda: meta(table, 0) == {}), "undo as for every edit"


def test_a_template_is_applied_from_the_panel_and_words_filter_the_view(table, page):
    table.cli("template", "new", "studio", "--field", "creator=Ana Pérez", "--keywords", "wedding")
    page.locator('[data-ref="table:3"]').click()
    page.keyboard.press("m")
    page.locator("#caption-template").wait_for()
    page.select_option("#caption-template", "studio")
    page.get_by_role("button", name="Apply template").click()
    assert wait_for(lambda: meta(table, 2).get("creator") == "Ana Pérez")
    assert "wedding" in table.json("table")[2]["tags"]
    page.keyboard.press("Escape")
    page.keyboard.press("v")
    page.fill("#view-words", "pérez")
    page.wait_for_function("() => document.querySelectorAll('[data-place=\"table\"] .slide').length === 1")
    assert page.locator("#chips .chip").text_content().startswith("words: pérez")


def test_axe_finds_nothing_serious_in_the_caption_panel_in_both_languages(table, page):
    table.cli("template", "new", "studio", "--field", "creator=Ana")
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("m")
    page.locator("#caption-template").wait_for()
    page.locator("#caption-more summary").click()
    assert serious(page) == [], "English"
    page.keyboard.press("Escape")
    spanish(page)
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("m")
    page.locator("#caption-template").wait_for()
    assert page.locator("#panel h2").text_content().startswith("Pie de foto de")
    assert serious(page) == [], "Spanish"
