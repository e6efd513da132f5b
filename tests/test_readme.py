"""The README opens with the two commands, and CI runs the second one exactly."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text()
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return block.strip().splitlines()


def test_readme_opens_with_two_commands():
    text = (REPO / "README.md").read_text()
    assert text.startswith("# dizhu\n\n```sh\n")
    run, test = readme_commands()
    assert "pip install" in run and "-m dizhu" in run
    assert "pip install" in test and "pytest" in test


def test_ci_runs_the_readme_test_command():
    script = (REPO / ".ci" / "run").read_text().splitlines()
    assert readme_commands()[1] in script
