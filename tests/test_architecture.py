"""The dependency direction of the package, enforced: each module imports only from the
layers below it (modules of one layer import each other only within a subpackage)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dizhu"

LAYERS = [
    {"reasons", "interrupt"},
    {"cards"},
    {"combos"},
    {"patterns", "universe", "core"},
    {"movegen"},
    {"wild"},
    {"auction", "scoring"},
    {"rules"},
    {"rulesets"},
    {"position"},
    {"deal"},
    {"actions", "perft", "stats", "pool", "solve"},
    {"puzzles"},
    {"view", "record"},
    {"encoding"},
    {"match", "sampling"},
    {"bots"},
    {"coach"},
    {"reports"},
    {"arena"},
    {"legs"},
    {"env"},
    {"tournament"},
    {"session"},
    {"words"},
    {"web", "tui"},
    {"cli", "__init__"},
    {"__main__"},
]


SUBPACKAGES = ("bots", "web", "rulesets", "session", "tui", "env", "solve", "encoding", "cli",
               "puzzles", "coach")
"""Packages inside dizhu, each one layer (their modules import each other freely)."""


def layer_of(module: str) -> int:
    for i, layer in enumerate(LAYERS):
        if module in layer:
            return i
    raise AssertionError(f"module {module} has no layer: add it to LAYERS")


def package_imports(path: Path) -> set[str]:
    """The top-level dizhu modules (or subpackages) a file imports."""
    sub = path.parent.name if path.parent.name in SUBPACKAGES else None
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        if node.level == 0 and module.startswith("dizhu."):
            found.add(module.split(".")[1])
        elif node.level == 1:
            found.add(sub or module.split(".")[0])
        elif node.level == 2:
            found.add(module.split(".")[0])
    return found - {""}


def test_modules_import_only_lower_layers():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.parent.name if path.parent.name in SUBPACKAGES else path.stem
        mine = layer_of(name)
        for other in package_imports(path):
            if other == name:
                continue
            if layer_of(other) >= mine:
                problems.append(f"{path.relative_to(PACKAGE)} imports {other}")
    assert not problems


def test_rules_live_in_the_engine():
    """Bots, the arena and the command line ask the engine; they never classify cards,
    generate plays, clear tricks or assume three seats themselves."""
    engine = {"reasons", "cards", "combos", "patterns", "universe", "movegen", "wild", "rules",
              "rulesets", "auction", "scoring", "position", "deal", "solve"}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.parent.name if path.parent.name in SUBPACKAGES else path.stem
        if name in engine:
            continue
        text = path.read_text()
        for marker in ("_run_start", "chain_limits", "def readings", "def beats",
                       "passes ==", "% 3", "range(3)"):
            assert marker not in text, f"{path.name} re-implements a rule ({marker})"


def test_the_page_decides_no_rule():
    """The browser page shows what the server sends: no rank order to compare cards by,
    no combination tables, no legality checks of its own."""
    static = PACKAGE / "web" / "static"
    scripts = sorted(static.glob("*.js"))
    assert scripts
    for path in scripts:
        text = path.read_text()
        for marker in ("3456789TJQKA2", "beats(", "isLegal", "legalPlays", "readings("):
            assert marker not in text, f"{path.name} decides a rule ({marker})"


def fresh_python(code: str) -> list[str]:
    """The lines ``code`` prints in a fresh interpreter that finds this checkout's dizhu."""
    import subprocess
    import sys

    root = PACKAGE.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""})
    return done.stdout.splitlines()


def test_import_dizhu_loads_the_engine_alone():
    """``import dizhu`` loads the engine: no bots, arena, processes or event loop until a
    name of theirs is asked for (then it is there), and no observation encoding nor NumPy."""
    code = ("import sys, dizhu\n"
            "heavy = ('dizhu.bots', 'dizhu.arena', 'dizhu.pool', 'dizhu.tournament', "
            "'dizhu.web', 'dizhu.env', 'dizhu.encoding', 'numpy', 'subprocess', 'asyncio', "
            "'multiprocessing', 'concurrent.futures')\n"
            "print(sorted(m for m in heavy if m in sys.modules))\n"
            "assert dizhu.make_bot('easy') and dizhu.ArenaSpec and 'random' in dizhu.BOTS\n"
            "print(sorted(m for m in ('dizhu.bots', 'dizhu.arena') if m in sys.modules))\n")
    assert fresh_python(code)[:2] == ["[]", "['dizhu.arena', 'dizhu.bots']"]


def test_a_view_encodes_without_gymnasium_or_pettingzoo():
    """The observation encoding is the engine's: with Gymnasium and PettingZoo not to be
    found, a seat view encodes (both encodings) and a bot's view gives its action mask."""
    code = ("import sys\n"
            "class Blocked:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] in ('gymnasium', 'pettingzoo'):\n"
            "            raise ImportError(name)\n"
            "sys.meta_path.insert(0, Blocked())\n"
            "import dizhu\n"
            "from dizhu.encoding import Encoder\n"
            "deal = dizhu.Deal.shuffled(3)\n"
            "view = dizhu.seat_view(deal, deal.to_move)\n"
            "for name, size in (('summary', 141), ('history', 457)):\n"
            "    vector = Encoder('classic', encoding=name).encode(view)\n"
            "    assert vector.shape == (size,) and vector.dtype.name == 'float32'\n"
            "mask = Encoder('classic').mask(view)\n"
            "assert int(mask.sum()) == len(view.legal) > 0\n"
            "try:\n"
            "    import dizhu.env\n"
            "except ImportError as e:\n"
            "    print('env:', e)\n"
            "print(sorted(m for m in ('gymnasium', 'pettingzoo') if m in sys.modules))\n")
    lines = fresh_python(code)
    assert lines[0].startswith("env: dizhu.env needs PettingZoo, Gymnasium and NumPy")
    assert lines[1] == "[]"
