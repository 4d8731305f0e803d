"""Issue 14: "`python -m app roles --ruleset thiercelieux --lang fr` lists every role above" — the seventeen official
roles beyond the seeds, each once, with its French name, its description and its camp's texts."""

from __future__ import annotations

import subprocess
import sys
import unicodedata

import pytest

from app.engine.ruleset import get_ruleset
from app.i18n import LANGS, translate
from tests.support.paths import ROOT

# The list, as the French names read (accents, case and apostrophes aside): the Deux Sœurs and the Trois
# Frères are each a card of a sister or a brother.
OFFICIAL = [
    "ange", "bouc emissaire", "idiot du village", "soeur", "frere", "renard", "montreur d'ours", "juge begue",
    "chevalier a l'epee rouillee", "enfant sauvage", "chien-loup", "grand mechant loup", "comedien",
    "servante devouee", "abominable sectaire", "villageois-villageois", "gitane",
]


def plain(text: str) -> str:
    text = text.lower().replace("œ", "oe").replace("’", "'")
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def matches(official: str, name: str) -> bool:
    """`name` is that role: the whole name, or (sisters, brothers) the plural's word in it."""
    name = plain(name)
    if official in ("soeur", "frere"):
        return official in name.split() or f"{official}s" in name.split()
    return name == official or name.removeprefix("l'").removeprefix("le ").removeprefix("la ") == official


@pytest.fixture(scope="module")
def listed() -> list[str]:
    """The names `python -m app roles --ruleset thiercelieux --lang fr` prints, one a line."""
    out = subprocess.run([sys.executable, "-m", "app", "roles", "--ruleset", "thiercelieux", "--lang", "fr"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=120).stdout
    return [line.split("\t")[0] for line in out.splitlines() if line.strip()]


@pytest.mark.parametrize("official", OFFICIAL)
def test_the_roles_listing_has_each_official_role_once(official: str, listed: list[str]) -> None:
    found = [name for name in listed if matches(official, name)]
    assert len(found) == 1, (official, found)


@pytest.mark.parametrize("lang", LANGS)
def test_each_official_role_has_its_texts(lang: str) -> None:
    rules = get_ruleset("thiercelieux")
    by_name = {plain(translate("fr", f"role.{r.key}")): r for r in rules.roles.values()}
    for official in OFFICIAL:
        role = next((r for name, r in by_name.items() if matches(official, name)), None)
        assert role is not None, official
        for key in (f"role.{role.key}", f"role.{role.key}.desc", f"camp.{role.camp}"):
            assert translate(lang, key) != key, (official, key)
