"""The village screen's spoken texts (issue 27): static/i18n/narration/{fr,en}.json, merged into every page's
catalogue like a ruleset's own (app/i18n.py `catalogue`).

The screen's narration (static/js/screen/lines.js) looks them up by these keys:
- `say.announce.<key>`: the words for the ear of the announcement `<key>` (night falling, day breaking: the
  ruleset's own announcement of it, so that it is said once), said instead of its journal line; it takes the
  announcement's own params;
- `say.open.<step>`: the public step `<step>` opens (the stream's `step` event, `data.key`); `say.close.<step>`: it
  ends (a night step: its holders go back to sleep).
A step's text takes only {n}, {weekday} (Reptiliens) and {name} (whose turn it is, where the turn is public): never who
holds a card, never whether a card is in play, since a step opens whoever holds it. The params come from the
ruleset page's hook `sayParams(v)` (static/js/types/hooks.d.ts).

Every step the engine can open is found from the rulesets' step tables (`Ruleset.steps`, their parallel groups, and
Reptiliens' invocations), and checked against the steps a spectator's stream carried in a few whole games."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import icu
import pytest
from fastapi.testclient import TestClient

from app.engine.flow import Hidden
from app.engine.model import SPECTATOR, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import invoke
from app.engine.views import event_visible, view
from app.i18n import LANGS, arguments, catalogue, translate
from app.main import create_app
from app.sim import Game, play
from app.sim_setups import random_setup
from app.web.api import ruleset_info
from tests.support.paths import ROOT, TESTS

NARRATION = ROOT / "static" / "i18n" / "narration"
OWN = {lang: json.loads((NARRATION / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
RULESETS = ("thiercelieux", "reptiliens", "soupcons")
PARAMS = {"n", "weekday", "name"}
# Steps that deliberately say nothing when they open.
SILENT = {
    "dawn",  # Thiercelieux: day breaking is `say.announce.day_breaks`, said as the day phase begins, just before it
}
# Steps whose opening names the seat whose turn it is ({name}): a public turn, never a card's holder.
TURNS = {
    "rp-vote",  # §6: the ballots are given aloud in turn (village.session.turn in every view)
    "sc-offer", "sc-reply",  # Soupçons: the giver, then the receiver (soupcons.giver / target in every view)
}
# Whole games whose spectators' streams are read (ruleset, seed, players, random set-up with variants).
GAMES = [("thiercelieux", 1, 8, False), ("thiercelieux", 2, 12, True), ("thiercelieux", 7, 10, True),
         ("reptiliens", 4, 8, False), ("reptiliens", 5, 11, True), ("soupcons", 6, 4, False)]
NODE = shutil.which("node")
# As tests/web/test_texts_render.py: skipped without Node.js on a developer's machine, a failure in CI.
NEEDS_NODE = pytest.mark.skipif(NODE is None and not os.environ.get("CI"), reason="node (Node.js) is not installed")


class Narrated(Game):
    """A game that keeps what the screen hears: after each command, the public cues it carried (an announcement
    with words for the ear, a step opens) with the spectator's view once they are folded in."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.cues: list[dict[str, Any]] = []
        super().__init__(ruleset, seed, players, options)

    def name(self, seat: int) -> str:
        return f"Emma{seat}" if seat % 2 else f"P{seat}"  # French elides before a vowel: "Au tour d'Emma1"

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        cues = [{"kind": "open", "key": e.data["key"]} if e.type == "step"
                else {"kind": "announce", "key": e.data["key"], "params": e.data.get("params") or {}}
                for e in events if event_visible(e, SPECTATOR, self.state)
                and (e.type == "step" or (e.type == "announce" and f"say.announce.{e.data.get('key')}" in OWN["fr"]))]
        if cues:
            self.cues.append({"cues": cues, "view": view(self.state, SPECTATOR)})
        return events


def declared_steps(ruleset: str) -> set[str]:
    """Every key a `step` event of the ruleset can carry: its step table's keys, the names its steps open under when
    several run at once (a Thiercelieux night in parallel: "ensemble"), and the steps it opens outside the table
    (Reptiliens' invoked actions, app/engine/rulesets/reptiliens/invoke.py)."""
    steps = get_ruleset(ruleset).steps
    found = set(steps) | {spec.group for spec in steps.values() if spec.group is not None}
    if ruleset == "reptiliens":
        found |= set(invoke.STEP_KEYS)
    return found


@cache
def streamed_steps(ruleset: str) -> frozenset[str]:
    """The step keys the spectators' streams carried in a few whole games of the ruleset."""
    seen: set[str] = set()
    for key, seed, players, drawn in GAMES:
        if key != ruleset:
            continue
        composition, options = random_setup(key, players, random.Random(seed)) if drawn else (None, {})
        game = play(key, seed, players, options, composition=composition)
        seen |= {e.data["key"] for e in game.events if e.type == "step" and event_visible(e, SPECTATOR, game.state)}
    return frozenset(seen)


def test_both_languages_have_the_same_keys_and_params() -> None:
    fr, en = OWN["fr"], OWN["en"]
    assert sorted(set(fr) ^ set(en)) == []
    assert [k for k in fr if arguments(fr[k]) != arguments(en[k])] == []
    assert [k for lang in LANGS for k, v in OWN[lang].items() if not isinstance(v, str) or not v.strip()] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_is_icu_and_takes_only_the_known_params(lang: str) -> None:
    for key, text in OWN[lang].items():
        icu.MessageFormat(text, icu.Locale(lang))  # raises on a text ICU cannot read (the server's formatter)
        if key.startswith("say.announce."):
            # The announcement's own params (its journal line's), no other.
            assert arguments(text) <= arguments(catalogue(lang)[f"announce.{key.removeprefix('say.announce.')}"]), key
        else:
            assert arguments(text) <= PARAMS, key
        filled = translate(lang, key, n=2, weekday="Mardi", name="Emma", night=2, day=2)
        assert "{" not in filled and "}" not in filled, key


def test_every_key_follows_the_scheme() -> None:
    steps = set().union(*(declared_steps(r) for r in RULESETS))
    announcements = {f"say.{k}" for k in catalogue("fr") if k.startswith("announce.")}
    allowed = announcements | {f"say.{edge}.{step}" for edge in ("open", "close") for step in steps}
    assert sorted(set(OWN["fr"]) - allowed) == []
    # Night falling and day breaking, in Thiercelieux and on each weekday of Quinte-Bourg.
    phases = {"say.announce.night_falls", "say.announce.day_breaks",
              *(f"say.announce.rp-{when}-{d}" for when in ("nuit", "jour") for d in ("mon", "tue", "wed", "thu",
                                                                                      "fri", "sat"))}
    assert sorted(phases - set(OWN["fr"])) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_step_the_engine_opens_is_said(ruleset: str) -> None:
    declared = declared_steps(ruleset)
    # The tables hold every step the games opened: a step opened elsewhere would go unsaid.
    assert sorted(streamed_steps(ruleset) - declared) == []
    assert len(streamed_steps(ruleset)) >= 2
    for lang in LANGS:
        unsaid = sorted(k for k in declared - SILENT if f"say.open.{k}" not in OWN[lang])
        assert unsaid == [], lang
    assert sorted(k for k in SILENT if f"say.open.{k}" in OWN["fr"]) == []


def test_every_closing_has_its_opening_and_every_night_step_closes() -> None:
    for lang in LANGS:
        closes = [k.removeprefix("say.close.") for k in OWN[lang] if k.startswith("say.close.")]
        assert sorted(k for k in closes if f"say.open.{k}" not in OWN[lang]) == [], lang
    # A Thiercelieux night step wakes someone: he goes back to sleep, whoever he is.
    night = {k for k, spec in get_ruleset("thiercelieux").steps.items() if isinstance(spec.length, Hidden)}
    night |= {"ensemble"}
    assert sorted(k for k in night if f"say.close.{k}" not in OWN["fr"]) == []


def test_no_text_names_who_holds_a_card() -> None:
    """{name} is said only where the turn is public; the night and day texts take the night's number or weekday."""
    for lang in LANGS:
        for key, text in OWN[lang].items():
            step = key.split(".", 2)[2] if key.startswith(("say.open.", "say.close.")) else None
            if "name" in arguments(text):
                assert key.startswith("say.open.") and step in TURNS, key
            if "weekday" in arguments(text):
                assert key.startswith("say.announce.rp-"), key
    assert all(f"say.open.{k}" in OWN["fr"] and "name" in arguments(OWN["fr"][f"say.open.{k}"]) for k in TURNS)


def test_the_rule_books_phrases() -> None:
    """The meneur's phrases of 003 (Tour normal) and the screen's own for Thiercelieux."""
    fr, en = OWN["fr"], OWN["en"]
    assert fr["say.announce.night_falls"] == "La nuit tombe sur Thiercelieux. Tout le monde ferme les yeux."
    assert fr["say.announce.day_breaks"] == ("Le jour se lève sur Thiercelieux. Tout le monde se réveille et ouvre "
                                             "les yeux.")
    assert en["say.announce.night_falls"] == "Night falls on Thiercelieux. Everyone closes their eyes."
    assert fr["say.open.voyante"] == ("La Voyante se réveille et désigne le joueur dont elle veut connaître la vraie "
                                      "personnalité.")
    assert fr["say.close.voyante"] == "La Voyante se rendort."
    assert translate("fr", "say.announce.rp-nuit-tue").startswith("Mardi. La nuit tombe sur Quinte-Bourg")
    # French elides before a name, as on the pages (app/i18n.py `elide`, static/js/shell/i18n.js).
    assert translate("fr", "say.open.sc-offer", name="Emma") == "Au tour d'Emma d'offrir une carte."
    assert translate("en", "say.open.rp-vote", name="Emma") == "Emma's turn to vote."


def test_french_signs_never_start_a_line() -> None:
    """The catalogues' rule (tests/web/test_wording.py): a non-breaking space before « : ; ! ? »."""
    assert {k: v for k, v in OWN["fr"].items() if re.search(r" [:;!?»]", v) or "« " in v} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_carry_them(lang: str) -> None:
    """The merged catalogue holds them without replacing a text of another, and every page embeds it."""
    others = [ROOT / "static" / "i18n" / f"{lang}.json",
              *(p for p in (ROOT / "static" / "i18n").glob(f"*/{lang}.json") if p.parent != NARRATION)]
    for path in others:
        assert sorted(set(OWN[lang]) & set(json.loads(path.read_text(encoding="utf-8")))) == [], path
    merged = catalogue(lang)
    assert all(merged[k] == v for k, v in OWN[lang].items())
    page = TestClient(create_app()).get(f"/thiercelieux?lang={lang}").text
    found = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', page, re.S)
    assert found is not None
    assert json.loads(found.group(1))["say.open.voyante"] == OWN[lang]["say.open.voyante"]


@NEEDS_NODE
@pytest.mark.parametrize("ruleset", RULESETS)
def test_what_the_screen_says_of_whole_games(ruleset: str, tmp_path: Path) -> None:
    """The texts said at each cue of whole games, with the page hook's values (`sayParams`) from the spectator's view
    of that moment, as the pages format them: every one finished, the weekday and whose turn filled in."""
    assert NODE is not None
    cues: list[dict[str, Any]] = []
    for key, seed, players, drawn in GAMES:
        if key == ruleset:
            composition, options = random_setup(key, players, random.Random(seed)) if drawn else (None, {})
            cues += play(key, seed, players, options, composition=composition, kind=Narrated).cues
    said: dict[str, list[str]] = {}
    for lang in LANGS:
        path = tmp_path / f"{lang}.json"
        data = {"lang": lang, "ruleset": ruleset, "catalogue": catalogue(lang), "cues": cues,
                "rulesetData": asyncio.run(ruleset_info(ruleset))}
        path.write_text(json.dumps(data, default=str), encoding="utf-8")
        done = subprocess.run([NODE, str(TESTS / "js" / "say_texts.mjs"), str(path)], capture_output=True, text=True,
                              timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
        result = json.loads(done.stdout)
        assert result["problems"] == [], (lang, result["problems"][:20])
        said[lang] = result["said"]
        assert len(said[lang]) > 20, lang
    fr = said["fr"]
    if ruleset == "thiercelieux":
        assert "La nuit tombe sur Thiercelieux. Tout le monde ferme les yeux." in fr
        assert "Le village vote. Chacun désigne le joueur qu'il veut éliminer." in fr
    if ruleset == "reptiliens":
        assert any(re.fullmatch(r"(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi)\. La nuit tombe sur .*", x) for x in fr)
        assert any(re.fullmatch(r"Au tour d(e P|'Emma)\d+ de voter\.", x) for x in fr)
    if ruleset == "soupcons":
        assert any(re.fullmatch(r"Au tour d(e P|'Emma)\d+ d'offrir une carte\.", x) for x in fr)
