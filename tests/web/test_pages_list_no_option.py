"""The pages list no option: every ruleset's options form is built from the options' JSON schema the server serves
(GET /api/rulesets/<key>), so that no template or script names an option's control or hand-lists options; and what
the schema tells the pages (sections, console options, hints) matches the pages' blocks and the catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine.ruleset import RULESETS
from app.games import install
from app.i18n import LANGS
from app.main import create_app
from tests.support.paths import ROOT

SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
# String literals that are an option's name but name something else: a game's end reason (soupcons' result).
NOT_OPTIONS = {("static/js/rulesets/soupcons.js", "max_rounds")}


def schemas() -> dict[str, dict[str, Any]]:
    install()
    return {key: rules.options_model.model_json_schema() for key, rules in sorted(RULESETS.items())}


def option_names() -> set[str]:
    return {name for schema in schemas().values() for name in schema["properties"]}


def catalogue(lang: str, ruleset: str | None = None) -> dict[str, str]:
    found: dict[str, str] = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    own = ROOT / "static" / "i18n" / (ruleset or "-") / f"{lang}.json"
    if ruleset and own.exists():
        found = {**found, **json.loads(own.read_text(encoding="utf-8"))}
    return found


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_no_template_draws_an_option_control() -> None:
    """A template holds the blocks the options are drawn in, never an option's control nor a condition on one."""
    names = option_names()
    found = []
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r'name="(\w+)"|data-(?:when|enabled-when)="(\w+)=', text):
            name = match.group(1) or match.group(2)
            if name in names:
                found.append(f"{relative(path)}: {match.group(0)}")
    assert not found, found


def test_no_script_lists_options() -> None:
    """No script names an option of several words (a plain word such as `vote` or `cards` is also the name of a
    step or a card) nor holds a list of two options or more."""
    names = option_names()
    compound = {name for name in names if "_" in name}
    found = []
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"""["'`](\w+)["'`]""", text):
            name = match.group(1)
            if name in compound and (relative(path), name) not in NOT_OPTIONS:
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{relative(path)}:{line}: {name}")
        for match in re.finditer(r"\[([^\[\]]*)\]", text):
            listed = [name for name in re.findall(r"""["'](\w+)["']""", match.group(1)) if name in names]
            if len(set(listed)) >= 2:
                found.append(f"{relative(path)}: a list of options {listed}")
    assert not found, found


def test_no_script_lists_cards() -> None:
    """No script holds a list of a ruleset's cards (their order, the base box: `card_order`, `base_cards` of GET
    /api/rulesets/thiercelieux)."""
    install()
    cards = {key for rules in RULESETS.values() for key in rules.roles}
    found = []
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\[([^\[\]]*)\]", text):
            listed = {key for key in re.findall(r"""["']([\w-]+)["']""", match.group(1)) if key in cards}
            if len(listed) >= 3:
                found.append(f"{relative(path)}: a list of cards {sorted(listed)}")
    assert not found, found


def test_thiercelieux_sections_match_the_pages() -> None:
    """Every section the schema names has its block in the set-up page and the MJ console, and every block is a
    section; every option drawn has its texts in both languages (its label, and each choice's)."""
    props = schemas()["thiercelieux"]["properties"]
    sections = {prop["section"] for prop in props.values() if "section" in prop}
    assert {"moderation", "schedule", "forum", "durations", "options", "night", "cards"} <= sections
    client = TestClient(create_app())
    for url in ("/thiercelieux?lang=fr", "/thiercelieux?lang=en"):
        page = client.get(url).text
        assert set(re.findall(r'data-section="(\w+)"', page)) == sections, url
    mj = "".join((ROOT / "templates" / name).read_text(encoding="utf-8")
                 for name in ("_moderation.html", "_schedule.html", "_durations.html", "_options.html"))
    blocks = set(re.findall(r'data-section="(\w+)"', mj))
    assert "{{ group }}" in (ROOT / "templates" / "_variants.html").read_text(encoding="utf-8")
    assert blocks <= sections
    for lang in LANGS:
        texts = catalogue(lang)
        for name, prop in props.items():
            if "section" not in prop:
                continue
            assert f"opt.{name}" in texts, (lang, name)
            for value in prop.get("enum", []):
                assert f"opt.{name}.{value}" in texts, (lang, name, value)


def test_thiercelieux_schema_order_is_the_pages() -> None:
    """The schema lists the options in the pages' order: the sections' options first, a section's together."""
    props = schemas()["thiercelieux"]["properties"]
    placed = [prop["section"] for prop in props.values() if "section" in prop]
    assert list(props)[: len(placed)] == [name for name, prop in props.items() if "section" in prop]
    runs = [section for i, section in enumerate(placed) if i == 0 or placed[i - 1] != section]
    assert len(runs) == len(set(runs)), runs


def test_reptiliens_console_options_are_in_the_schema() -> None:
    """The options the Reptiliens console offers are options of the schema the console can draw, with a label."""
    install()
    rules = RULESETS["reptiliens"]
    offered = rules.describe()["console_options"]
    props = schemas()["reptiliens"]["properties"]
    for name in offered:
        prop = props[name]
        assert prop.get("type") == "boolean" or "enum" in prop or prop.get("unit") == "s", name
        for lang in LANGS:
            texts = catalogue(lang, "reptiliens")
            assert f"ui.rp-opt.{name}" in texts or f"opt.{name}" in texts, (lang, name)


@pytest.mark.parametrize("key", ["thiercelieux", "reptiliens", "soupcons"])
def test_the_served_schema_is_the_models(key: str) -> None:
    """The pages read the schema from GET /api/rulesets/<key>: the model's, its display hints included."""
    client = TestClient(create_app())
    served = client.get(f"/api/rulesets/{key}").json()
    assert served["options_schema"] == schemas()[key]
