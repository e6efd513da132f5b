# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The lobby's levels in a real browser: each said with what it does, in the page's
language, and the strongest (which ``strongest`` names, as the server says) marked."""

import pytest

from dizhu.bots import strongest_level
from dizhu.session import LEVELS
from dizhu.words import level_name, say

from .browsing import Person, browser, close_pages, server  # noqa: F401 (fixtures)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_lobby_says_each_level_and_marks_the_strongest(browser, server, lang):
    person = Person(browser, server, lang=lang)
    person.goto_lobby()
    page = person.page
    shown = [tuple(option) for option in page.eval_on_selector_all(
        "#bot-1 option", "os => os.map(o => [o.value, o.text])")]
    strongest = strongest_level()
    marked = say("level.strongest", lang, level=level_name(strongest, lang))
    assert marked == {"en": f"{strongest} (strongest)",
                      "zh": f"{level_name(strongest, 'zh')}（最强）"}[lang]
    assert shown == [*((level, marked if level == strongest else level_name(level, lang))
                       for level in LEVELS), ("friend", say("lobby.friend", lang))]
    titles = page.eval_on_selector_all("#bot-1 option", "os => os.map(o => o.title)")
    assert titles == [*(say(f"level.note.{level}", lang) for level in LEVELS), ""]
    for level in LEVELS:  # what each level does, a sentence in the page's language
        page.select_option("#bot-1", level)
        page.select_option("#bot-2", level)
        note = page.text_content("#level-note")
        named = marked if level == strongest else level_name(level, lang)
        assert note == say("lobby.level_note", lang, level=named,
                           note=say(f"level.note.{level}", lang))
    assert not person.errors
