# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""Every Chinese character the page shows is in its own font ("Dizhu CJK"), on a machine
without a Chinese font of its own: the words of the catalogs (tests/test_fonts.py) and
what the page writes from facts, dates above all, in a real browser."""

import re

import pytest

from .browsing import (  # noqa: F401
    LAYOUTS,
    Person,
    browser,
    close_pages,
    seeded_match,
    server,
)
from .test_fonts import CJK, FONTS

try:
    from fontTools.ttLib import TTFont
except ImportError:  # the test extra has it
    TTFont = None


@pytest.fixture(scope="module")
def held() -> set[str]:
    """The characters both faces of the page's font hold."""
    if TTFont is None:
        pytest.fail("fontTools is needed to read the font: pip install -e '.[test]'")
    faces = [set(map(chr, TTFont(str(FONTS / f"dizhu-cjk-{w}.woff2")).getBestCmap()))
             for w in ("regular", "bold")]
    return faces[0] & faces[1]


DATES = """async (language) => {
    const i18n = await import('/static/i18n.js');
    await i18n.setLanguage(language);
    const dates = [];
    for (let month = 0; month < 12; month++) for (const day of [1, 9, 10, 28])
        for (const hour of [0, 9, 12, 13, 23])
            dates.push(i18n.dateText(new Date(2026, month, day, hour, 5).getTime() / 1000));
    return dates;
}"""


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_date_the_page_writes_is_in_its_font(browser, server, held, language):
    """Defect 3: a date of every month, early and late days, every part of the day, as the
    page writes it in each language: every Chinese character of it is in the font (the
    browser's own date words, 年, 月 and 日, were not)."""
    person = Person(browser, server, lang=language)
    person.goto_lobby()
    dates = person.page.evaluate(DATES, language)
    assert len(set(dates)) == len(dates) == 240
    assert all("2026" in d and d.endswith(":05") for d in dates)
    chinese = {c for d in dates for c in CJK.findall(d)}
    assert chinese == ({"年", "月", "日"} if language == "zh" else set())
    assert chinese <= held


@LAYOUTS
def test_every_chinese_character_of_the_lobby_is_in_the_font(browser, server, held, how):
    """The lobby in Chinese with a match in its list (its date, its players, its rules):
    every character of its text is in the font."""
    seeded_match(server, "four", "fonts")
    person = Person(browser, server, **{**how, "lang": "zh"})
    person.goto_lobby()
    page = person.page
    page.wait_for_selector("#unfinished li .match-text")
    text = page.evaluate("document.body.innerText")
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d", text), text
    missing = sorted(set(CJK.findall(text)) - held)
    assert not missing, missing
