"""The dependency direction of the package, enforced: each module imports only from
the layers below it, and nothing outside the engine layers re-implements a rule."""

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
    {"view", "record", "perft"},
    {"match"},
    {"cli", "__init__"},
    {"__main__"},
]


def layer_of(module: str) -> int:
    for i, layer in enumerate(LAYERS):
        if module in layer:
            return i
    raise AssertionError(f"module {module} has no layer: add it to LAYERS")


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dizhu."):
            found.add(node.module.split(".")[1])
    return found - {""}


def test_modules_import_only_lower_layers():
    problems = []
    for path in sorted(PACKAGE.glob("*.py")):
        mine = layer_of(path.stem)
        for other in imports_of(path):
            if layer_of(other) >= mine and other != path.stem:
                problems.append(f"{path.stem} imports {other}")
    assert not problems
