"""The soupcons catalogues (static/i18n/soupcons/{fr,en}.json): same keys and placeholders in both languages, no
empty text, nothing that silently replaces a text of the main catalogue, and a text for every key the soupcons
pages and the ruleset can need."""

from __future__ import annotations

import json
import re

import pytest

from app.i18n import LANGS, arguments, catalogue
from tests.support.paths import ROOT

OWN = {lang: json.loads((ROOT / "static" / "i18n" / "soupcons" / f"{lang}.json").read_text(encoding="utf-8"))
       for lang in LANGS}
MAIN = {lang: json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
PAGES = ["static/js/rulesets/soupcons.js", "static/js/soupcons_home.js", "templates/soupcons.html",
         "templates/soupcons_home.html", "templates/soupcons_mj.html"]
# Keys built at run time (`sc.end.${camp}`, …): every value they can take.
DYNAMIC = (
    [f"sc.nth.{n}" for n in (1, 2, 3)]
    + [f"sc.table.{side}" for side in ("nuit", "jour", "gone")]
    + [f"sc.effect.{e}" for e in ("jour", "removed", "nothing")]
    + [f"sc.end.{c}" for c in ("innocents", "serpents")] + [f"sc.end.{c}.why" for c in ("innocents", "serpents")]
    + [f"sc.end.short.{c}" for c in ("innocents", "serpents", "none")]
    + [f"sc.history.{o}" for o in ("accepted", "forced", "refused")]
    + [f"sc.door.{d}" for d in ("open", "closed")]
    + [f"camp.{c}" for c in ("serpents", "innocents")] + [f"role.{r}" for r in ("serpent", "innocent")]
    + [f"role.{r}.desc" for r in ("serpent", "innocent")] + [f"end.win.{c}" for c in ("serpents", "innocents")]
    + [f"ui.conn.{s}" for s in ("connecting", "online", "reconnecting", "offline")]
)


def placeholders(text: str) -> set[str]:
    return arguments(text)  # ICU MessageFormat: the names in plural and select branches too


def source(paths: list[str]) -> str:
    return "\n".join((ROOT / p).read_text(encoding="utf-8") for p in paths)


def test_same_keys_and_placeholders_in_both_languages() -> None:
    fr, en = OWN["fr"], OWN["en"]
    assert sorted(set(fr) ^ set(en)) == []
    assert [k for k in fr if placeholders(fr[k]) != placeholders(en[k])] == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_text_and_no_text_of_the_main_catalogue_replaced(lang: str) -> None:
    assert [k for k, v in OWN[lang].items() if not isinstance(v, str) or not v.strip()] == []
    assert sorted(set(OWN[lang]) & set(MAIN[lang])) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_of_the_pages_and_the_ruleset_has_a_text(lang: str) -> None:
    merged = catalogue(lang)
    pages = source(PAGES)
    literal = set(re.findall(r"\bt\(\s*[\"']([a-z][a-zA-Z0-9_.\-]*)[\"']", pages))
    quoted = set(re.findall(r"[\"'](sc\.[a-z0-9_.\-]+)[\"']", pages))  # keys chosen in a ternary
    engine = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "app/engine/rulesets/soupcons").glob("*.py"))
    engine += (ROOT / "app/rooms/bots.py").read_text(encoding="utf-8")
    steps = set(re.findall(r"step=\"([a-z-]+)\"", engine))
    opened = set(re.findall(r"(?:open_step|StepSpec)\(\"([a-z-]+)\"", engine))  # flow.py's table declares them
    codes = set(re.findall(r"Rejected\(\s*\"([a-z_]+)\"", engine))
    assert steps and opened and codes and len(literal) > 50
    wanted = (literal | quoted | set(DYNAMIC) | {f"pstep.{s}" for s in steps} | {f"prompt.{s}" for s in steps}
              | {f"step.{s}" for s in opened} | {f"error.{c}" for c in codes})
    assert sorted(k for k in wanted if k not in merged) == []
