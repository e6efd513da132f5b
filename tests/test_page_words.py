"""The page's word function (static/i18n.js), run by Node.js on the real catalogs."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "dizhu" / "web" / "static"

HARNESS = """
import { readFileSync } from "node:fs";
globalThis.fetch = async (url) => ({
  json: async () => JSON.parse(readFileSync(STATIC + url.replace("/static", ""), "utf8")),
});
globalThis.document = { documentElement: {}, querySelectorAll: () => [],
                        dispatchEvent: () => {} };
globalThis.CustomEvent = class { constructor(name, options) { this.detail = options; } };
globalThis.navigator = { language: "en" };
const { setLanguage, t } = await import(STATIC + "/i18n.js");
const out = {};
for (const language of ["en", "zh"]) {
  await setLanguage(language);
  out[language] = CALLS.map(([key, facts]) => t(key, facts));
}
console.log(JSON.stringify(out));
"""


def say(calls: list) -> dict[str, list[str]]:
    """The page's words for each (key, facts), in English and in Chinese."""
    node = shutil.which("node")
    assert node, "Node.js runs the page's word function: apt-get install nodejs"
    script = HARNESS.replace("STATIC +", f"{json.dumps(str(STATIC))} +", ) \
        .replace("CALLS", json.dumps(calls))
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize(("key", "many", "one"), [
    ("seat.cards", "3 cards", "1 card"),
    ("lobby.played", "3 deals played", "1 deal played"),
])
def test_one_of_a_thing_is_said_in_the_singular(key, many, one):
    words = say([[key, {"n": 3}], [key, {"n": 1}], [key, {"n": "<b>1</b>", "count": 1}]])
    assert words["en"] == [many, one, one.replace("1", "<b>1</b>", 1)]
    assert words["zh"][0].replace("3", "") == words["zh"][1].replace("1", "")  # no plural
