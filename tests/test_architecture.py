"""The dependency direction of the package, enforced: each module imports only from the
layers below it (modules of one layer may import each other only within ``bots``)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dizhu"

LAYERS = [
    {"cards"},
    {"combos"},
    {"universe"},
    {"movegen"},
    {"rules", "auction", "scoring"},
    {"deal"},
    {"view", "record", "perft", "stats"},
    {"match"},
    {"bots"},
    {"arena"},
    {"cli", "__init__"},
    {"__main__"},
]


def layer_of(module: str) -> int:
    for i, layer in enumerate(LAYERS):
        if module in layer:
            return i
    raise AssertionError(f"module {module} has no layer: add it to LAYERS")


def package_imports(path: Path) -> set[str]:
    """The top-level dizhu modules (or ``bots``) a file imports."""
    inside_bots = path.parent.name == "bots"
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        if node.level == 0 and module.startswith("dizhu."):
            found.add(module.split(".")[1])
        elif node.level == 1:
            found.add("bots" if inside_bots else module.split(".")[0])
        elif node.level == 2:
            found.add(module.split(".")[0])
    return found - {""}


def test_modules_import_only_lower_layers():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = "bots" if path.parent.name == "bots" else path.stem
        mine = layer_of(name)
        for other in package_imports(path):
            if other == name:
                continue
            if layer_of(other) >= mine:
                problems.append(f"{path.relative_to(PACKAGE)} imports {other}")
    assert not problems


def test_rules_live_in_the_engine():
    """Bots, the arena and the command line ask the engine; they never classify cards or
    generate plays themselves (no tables of combinations outside the engine)."""
    engine = {"cards", "combos", "universe", "movegen", "rules", "auction", "scoring", "deal"}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = "bots" if path.parent.name == "bots" else path.stem
        if name in engine:
            continue
        text = path.read_text()
        for marker in ("_run_start", "CHAIN_LIMITS", "def readings", "def beats"):
            assert marker not in text, f"{path.name} re-implements a rule ({marker})"
