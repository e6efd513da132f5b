"""The page's words: every key in English and in Chinese, with the same facts, and every
reason the engine gives, every combination and every key the page's scripts use."""

import json
import re
from pathlib import Path

import pytest

from dizhu.combos import Kind
from dizhu.reasons import REASONS

STATIC = Path(__file__).resolve().parents[1] / "dizhu" / "web" / "static"
CATALOGS = {name: json.loads((STATIC / "i18n" / f"{name}.json").read_text())
            for name in ("en", "zh")}
FACT = re.compile(r"\{(\w+)\}")
USED_KEY = re.compile(r"""\bt\(\s*["']([\w.-]+)["']""")
HTML_KEY = re.compile(r'data-i18n(?:-title|-label)?="([\w.-]+)"')


def test_both_languages_have_the_same_keys_and_facts():
    en, zh = CATALOGS["en"], CATALOGS["zh"]
    assert set(en) == set(zh), set(en) ^ set(zh)
    wrong = {k for k in en if set(FACT.findall(en[k])) != set(FACT.findall(zh[k]))}
    assert not wrong, wrong
    assert all(v.strip() for c in CATALOGS.values() for v in c.values())


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_reason_and_combination_can_be_said(language):
    words = CATALOGS[language]
    missing = [code for code in REASONS if f"reason.{code}" not in words]
    missing += [kind.label for kind in Kind if f"kind.{kind.label}" not in words]
    assert not missing


def test_every_key_the_page_uses_is_in_the_catalogs():
    used = set()
    for path in STATIC.glob("*.js"):
        used |= set(USED_KEY.findall(path.read_text()))
    used |= set(HTML_KEY.findall((STATIC / "index.html").read_text()))
    missing = sorted(k for k in used if k not in CATALOGS["en"])
    assert not missing


HALF_WIDTH = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef][?!:;,()]"
                        r"|[?!:;,(][\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
"""ASCII punctuation touching a Chinese character (or full-width punctuation)."""


def test_the_chinese_words_take_full_width_punctuation():
    """Tester's defect 20: "抢地主吗?" with a half-width question mark; every string of the
    Chinese catalogs, the page's and How to play's, punctuates its Chinese full width."""
    help_zh = json.loads((STATIC / "help" / "zh.json").read_text())
    wrong = {key: words for key, words in {**CATALOGS["zh"], **help_zh}.items()
             if isinstance(words, str) and HALF_WIDTH.search(FACT.sub("", words))}
    assert wrong == {}
