"""The page's own Chinese font ("Dizhu CJK", a subset of Noto Sans CJK SC): every CJK
character the page can show is in it, so that a machine without Chinese fonts shows no
boxes; its licence ships beside it; fonts.css serves it for the characters it holds.

When this fails after adding Chinese words: ``python3 tools/make_font.py``."""

import re
from pathlib import Path

import pytest

try:
    from fontTools.ttLib import TTFont
except ImportError:  # the test extra has it
    TTFont = None

PACKAGE = Path(__file__).resolve().parents[1] / "dizhu"
STATIC = PACKAGE / "web" / "static"
FONTS = STATIC / "fonts"
FACES = {"regular": 400, "bold": 700}

CJK = re.compile("[\u2e80-\u2fdf\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                 "\ufe30-\ufe4f\uff00-\uffef]")


def used_characters() -> dict[str, set[str]]:
    """Each CJK character the page may show, with the files it is in: the catalogs, the
    help's texts, index.html, every script and stylesheet, the Python sources (the
    server sends ruleset names such as 抢地主) and the puzzles' titles."""
    files = [p for p in STATIC.rglob("*")
             if p.is_file() and p.suffix in {".html", ".js", ".css", ".json", ".svg"}]
    files += PACKAGE.rglob("*.py")
    files += (PACKAGE / "puzzles" / "data").glob("*.json")  # the puzzles' titles
    found: dict[str, set[str]] = {}
    for path in files:
        for char in CJK.findall(path.read_text(encoding="utf-8")):
            found.setdefault(char, set()).add(str(path.relative_to(PACKAGE)))
    return found


@pytest.fixture(scope="module", params=sorted(FACES))
def face(request):
    if TTFont is None:
        pytest.fail("fontTools is needed to read the font: pip install -e '.[test]'")
    path = FONTS / f"dizhu-cjk-{request.param}.woff2"
    assert path.exists(), f"{path.name} is missing: python3 tools/make_font.py"
    return request.param, TTFont(str(path))


def test_the_page_uses_chinese_and_the_sources_are_read():
    chars = used_characters()
    for word in ("斗地主", "底牌", "大王", "小王", "抢地主", "玩法说明", "飞机带大翼"):
        assert set(word) <= set(chars), word
    assert any("i18n/zh.json" in f for f in chars["炸"])
    assert any("help/zh.json" in f for f in chars["春"])


def test_every_cjk_character_the_page_uses_is_in_the_font(face):
    weight, font = face
    cmap = font.getBestCmap()
    missing = {c: sorted(files)[:3] for c, files in used_characters().items() if ord(c) not in cmap}
    assert not missing, (f"not in dizhu-cjk-{weight}.woff2 (run python3 tools/make_font.py): "
                         f"{missing}")


def test_the_font_is_named_as_its_own_and_keeps_its_licence(face):
    weight, font = face
    names = font["name"]
    assert names.getDebugName(1) == "Dizhu CJK"
    assert "Noto" not in names.getDebugName(4) and "Source" not in names.getDebugName(4)
    assert "Open Font License" in (names.getDebugName(13) or "")
    assert "Adobe" in names.getDebugName(0)
    assert font["OS/2"].usWeightClass == FACES[weight]
    assert font.flavor == "woff2"
    licence = (FONTS / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Reserved Font Name" in licence and "Noto Sans CJK SC" in licence


def test_the_font_is_small():
    for name in FACES:
        assert (FONTS / f"dizhu-cjk-{name}.woff2").stat().st_size < 400_000


def test_the_stylesheet_serves_the_font_for_every_character_it_holds():
    css = (STATIC / "fonts.css").read_text()
    faces = re.findall(r"@font-face\s*{(.*?)}", css, re.S)
    assert len(faces) == len(FACES)
    for body in faces:
        assert 'font-family: "Dizhu CJK"' in body
        url = re.search(r'url\("/static/(fonts/[\w.-]+\.woff2)"\)', body).group(1)
        assert (STATIC / url).exists()
        ranges = [(int(a, 16), int(b or a, 16))
                  for a, b in re.findall(r"U\+([0-9A-F]+)(?:-([0-9A-F]+))?", body)]
        outside = [c for c in used_characters() if not any(a <= ord(c) <= b for a, b in ranges)]
        assert not outside, outside
        assert not any(a <= ord("A") <= b or a <= ord("\u2660") <= b for a, b in ranges), \
            "the font is for Chinese only: Latin letters and suits keep the page's fonts"


def test_the_package_ships_the_font_and_the_help():
    text = (PACKAGE.parent / "pyproject.toml").read_text()
    for folder in ("fonts", "help", "i18n"):
        assert f'"static/{folder}/*"' in text, folder
