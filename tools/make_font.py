"""Make the page's subset font: every CJK character the page can show, from Noto Sans CJK SC
(SIL Open Font License 1.1), renamed "Dizhu CJK" (the licence reserves the original names
for unmodified fonts) and written as WOFF2 to dizhu/web/static/fonts/.

    python3 -m pip install fonttools brotli
    apt-get install fonts-noto-cjk        # or pass --source with a Noto Sans (CJK) SC file
    python3 tools/make_font.py            # regenerate after adding Chinese words
    python3 tools/make_font.py --list     # only print the characters it would keep

The characters come from the page's files (dizhu/web/static: HTML, scripts, stylesheets,
the language catalogs and the help page's texts), from the package's Python sources (the
server sends ruleset names such as 抢地主) and from the puzzles' titles.
tests/test_fonts.py checks that the shipped font holds every one of them, so a new Chinese
word without a new font fails the tests.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from dizhu.interrupt import run_script

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "dizhu"
STATIC = PACKAGE / "web" / "static"
FONTS = STATIC / "fonts"
FAMILY = "Dizhu CJK"
TEXT_SUFFIXES = {".html", ".js", ".css", ".json", ".svg"}

CJK = re.compile(
    "[\u2e80-\u2fdf"   # CJK radicals
    "\u3000-\u303f"    # CJK symbols and punctuation: 、。「」
    "\u3400-\u4dbf"    # extension A
    "\u4e00-\u9fff"    # unified ideographs
    "\uf900-\ufaff"    # compatibility ideographs
    "\ufe30-\ufe4f"    # compatibility forms
    "\uff00-\uffef]"   # full-width forms: ，：（）！？
)
"""What the font is for; fonts.css's unicode-range names the same blocks."""

SOURCES = [
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc"),     # Debian fonts-noto-cjk
    Path("/usr/share/fonts/opentype/noto/NotoSansCJKsc-{weight}.otf"),
    Path("/usr/share/fonts/noto-cjk/NotoSansCJK-{weight}.ttc"),          # Arch, Fedora
    Path("/usr/share/fonts/google-noto-cjk/NotoSansCJK-{weight}.ttc"),
]
WEIGHTS = {"Regular": 400, "Bold": 700}


def page_files() -> list[Path]:
    """Every text file of the page, and the package's Python sources."""
    files = [p for p in STATIC.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES]
    files += PACKAGE.rglob("*.py")
    files += (PACKAGE / "puzzles" / "data").glob("*.json")  # the puzzles' titles
    return sorted(files)


def characters(files: list[Path] | None = None) -> set[str]:
    """The CJK characters in ``files`` (default: the page's)."""
    found: set[str] = set()
    for path in files if files is not None else page_files():
        found.update(CJK.findall(path.read_text(encoding="utf-8")))
    return found


def open_source(path: Path):
    """The Simplified Chinese face of a Noto CJK file (a collection holds several)."""
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for font in TTCollection(str(path), lazy=False).fonts:
            if font["name"].getDebugName(1).endswith(" SC"):
                return font
        raise SystemExit(f"{path} has no Simplified Chinese (SC) face")
    return TTFont(str(path), lazy=False)


def find_source(weight: str, given: Path | None) -> Path:
    if given is not None:
        return given
    for pattern in SOURCES:
        path = Path(str(pattern).format(weight=weight))
        if path.exists():
            return path
    raise SystemExit(f"no Noto Sans CJK {weight} found: apt-get install fonts-noto-cjk, "
                     "or pass --source")


def rename(font, weight: str, source_name: str) -> None:
    """Give the subset its own name (OFL: a modified font may not use the reserved name)
    and say where it comes from; the copyright and licence entries stay."""
    names = font["name"]
    postscript = f"DizhuCJK-{weight}"
    for name_id, text in {
        1: FAMILY, 2: weight, 3: f"{postscript};subset of {source_name}",
        4: f"{FAMILY} {weight}", 6: postscript, 16: FAMILY, 17: weight,
        10: f"A subset of {source_name} holding the Chinese characters of the dizhu page, "
            "made by tools/make_font.py. SIL Open Font License 1.1.",
    }.items():
        names.removeNames(nameID=name_id)
        names.setName(text, name_id, 3, 1, 0x409)
    names.names = [n for n in names.names if n.platformID == 3]


def make(weight: str, chars: set[str], source: Path, out: Path) -> int:
    from fontTools import subset

    font = open_source(source)
    source_name = font["name"].getDebugName(4)
    options = subset.Options()
    options.flavor = "woff2"
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.layout_features = ["*"]
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(map(ord, chars)))
    subsetter.subset(font)
    rename(font, weight, source_name)
    font.flavor = "woff2"
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a Noto Sans CJK SC Regular (.ttc/.otf)")
    parser.add_argument("--bold-source", type=Path, help="the Bold of the same")
    parser.add_argument("--list", action="store_true", help="print the characters and stop")
    args = parser.parse_args(argv)
    chars = characters()
    if args.list:
        print("".join(sorted(chars)))
        print(f"{len(chars)} characters", file=sys.stderr)
        return 0
    given = {"Regular": args.source, "Bold": args.bold_source}
    for weight in WEIGHTS:
        out = FONTS / f"dizhu-cjk-{weight.lower()}.woff2"
        size = make(weight, chars, find_source(weight, given[weight]), out)
        print(f"{out.relative_to(REPO)}: {len(chars)} characters, {size:,} bytes")
    return 0


if __name__ == "__main__":
    run_script(main)
