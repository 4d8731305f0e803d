"""Reptiliens' typed facts (issue 25, item 3): the generic setter `rp-set` shrinks to the fields not yet given a
fact, every fact folds from its event as it applies directly, and an old `rp-set` folds as it always did."""

from __future__ import annotations

import gzip
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from app.engine.context import MJ_ONLY, Ctx
from app.engine.evolve import evolve
from app.engine.facts import Fact
from app.engine.model import Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.state import own
from app.sim import play

PACKAGE = Path(__file__).resolve().parent.parent / "app" / "engine" / "rulesets" / "reptiliens"
SETV = re.compile(r"""\bsetv\(ctx, "([^"]+)\"""")
OTHER_SETTER = re.compile(r"""\bsetp\b|emit\(\s*["'](pending|tag|flag|rp-set)["']""")
# The fields still written by `steps.setv` (rp-set): each group given facts leaves this list.
REMAINING = frozenset({
    "applications", "bourreau_out", "charms", "day.accused", "day.allowed",
    "day.ballots", "day.condemned", "day.direction", "day.law", "day.pardoned", "day.proposals", "day.ranks",
    "day.session", "day.turns", "day.voters", "day.weddings", "defended", "festival", "ghost_senator", "i",
    "invocation", "legacies", "mourned", "night", "night.animals", "night.asleep", "night.attack", "night.cameras",
    "night.charmed", "night.declarations", "night.dying", "night.militia", "night.must_move", "night.offices",
    "night.owed", "night.pack", "night.places", "night.rendezvous", "office_variants", "offices_in_play",
    "offices_removed", "plan", "spouses",
    "street", "to_fill", "turned",
})


def test_only_the_remaining_fields_go_through_the_generic_setter() -> None:
    fields: set[str] = set()
    other: list[str] = []
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        fields |= set(SETV.findall(text))
        other += [f"{path.name}:{i}" for i, line in enumerate(text.splitlines(), 1)
                  if OTHER_SETTER.search(line)]
    assert fields == REMAINING
    assert len(other) <= 1, other  # steps.setv itself, until it goes


@cache
def _game() -> GameState:
    return play("reptiliens", 11, 12).state


def base() -> GameState:
    """A finished 12-player bot game: dead and living seats, prompts by role."""
    return _game().clone()


def samples(s: GameState) -> list[Fact]:
    """One of each fact of the book, plausible in the state `s`."""
    o = own(s)
    dead = next(seat for seat in sorted(s.players) if not s.players[seat].alive)
    alive = next(seat for seat in sorted(s.players) if s.players[seat].alive)
    return [
        F.CardsSetAside(cards={"camp": ["rp-villageois"], "specialty": []}),
        F.DeathRecorded(seat=alive),
        F.DeathRecorded(seat=dead),
        F.FateAsked(seat=dead, prompt="p-test"),
        F.QuestionClosed(seat=dead),
        F.FateChosen(seat=dead, fate="spirit"),
        F.RevivedBeforeChoosing(seat=dead),
        F.Revived(seat=dead),
        F.SpecialtyInherited(heir=alive, card="rp-cortex"),
        F.DreamBegan(fact="rp-test"),
        F.DreamEnded(),
        F.PromptRemembered(role="test", prompt="p-test"),
        F.PromptForgotten(role=next(iter(o.prompts), "test")),
        F.CarnageSet(on=not o.carnage),
        F.PackMet(),
        F.RomanticDecided(known=not o.romantic_known),
        F.SpareLifeSpent(),
        F.RichestNamed(seat=alive),
        F.RichestNamed(seat=None),
        F.SpecialSessionHeld(day=s.day),
        F.PlayersActed(night=s.night),
        F.DeathCountChanged(night=s.night, dead=len(o.dead)),
    ]


def test_every_fact_of_the_book_has_a_sample() -> None:
    assert {type(f) for f in samples(base())} == set(get_ruleset("reptiliens").fact_book.facts)


def _dump(s: GameState) -> dict[str, Any]:
    return s.model_dump(mode="json", exclude={"seq", "checkpoint"})


@pytest.mark.parametrize("index", range(22))
def test_a_fact_folds_from_its_event_as_it_applies(index: int) -> None:
    """Emitted (Ctx.fact -> Event), stored as JSON and folded again: the same state as the fact applied directly."""
    s = base()
    fact = samples(s)[index]
    direct = s.clone()
    fact.apply(direct)
    emitted = s.clone()
    event = Ctx(emitted, 2_000.0, get_ruleset("reptiliens")).fact(fact, to=MJ_ONLY)
    assert (event.type, event.data, event.to) == (fact.type, fact.data(), [])
    stored = s.clone()
    evolve(stored, Event.model_validate_json(event.model_dump_json()))
    assert _dump(emitted) == _dump(direct)
    assert _dump(stored) == _dump(direct)


def fold(s: GameState, events: list[tuple[str, dict[str, Any]]]) -> GameState:
    out = s.clone()
    for type_, data in events:
        evolve(out, Event.model_validate_json(Event(type=type_, data=data, to=[]).model_dump_json()))
    return out


def test_old_setters_fold_as_the_facts_that_replace_them() -> None:
    s = base()
    o = own(s)
    dead = next(seat for seat in sorted(s.players) if not s.players[seat].alive)

    def rp_set(field: str, value: Any) -> tuple[str, dict[str, Any]]:
        return ("rp-set", {"field": field, "value": value})

    pairs: list[tuple[list[tuple[str, dict[str, Any]]], Fact]] = [
        ([rp_set("dead", [*(x for x in o.dead if x != dead), dead]),
          rp_set("fate", {k: v for k, v in o.fate.items() if k != dead}),
          rp_set("choosing", [*o.choosing, dead])], F.DeathRecorded(dead)),
        ([rp_set("fate", {**o.fate, dead: "ghost"}), rp_set("choosing", [x for x in o.choosing if x != dead]),
          rp_set("asked", {k: v for k, v in o.asked.items() if k != dead})], F.FateChosen(dead, "ghost")),
        ([rp_set("asked", {**o.asked, dead: "p-x"})], F.FateAsked(dead, "p-x")),
        ([rp_set("dead", [x for x in o.dead if x != dead]),
          rp_set("fate", {k: v for k, v in o.fate.items() if k != dead})], F.Revived(dead)),
        ([rp_set("inherited", {**o.inherited, dead: [*o.inherited.get(dead, []), "rp-minus"]})],
         F.SpecialtyInherited(dead, "rp-minus")),
        ([rp_set("aside", {"camp": ["rp-seth"]})], F.CardsSetAside({"camp": ["rp-seth"]})),
        ([rp_set("calm", [3, 2])], F.DeathCountChanged(3, 2)),
        ([rp_set("richest", None)], F.RichestNamed(None)),
        ([rp_set("spare_life", False)], F.SpareLifeSpent()),
        ([rp_set("dream", {"fact": "f"})], F.DreamBegan("f")),
        ([rp_set("prompts", {**o.prompts, "r": "p-y"})], F.PromptRemembered("r", "p-y")),
    ]
    for old, fact in pairs:
        assert _dump(fold(s, old)) == _dump(fold(s, [(fact.type, fact.data())])), fact


def test_an_old_setter_of_any_field_folds_as_before() -> None:
    """A field given no fact yet, a dotted one, and a typed value coming back from JSON (int keys, a model)."""
    s = base()
    after = own(fold(s, [("rp-set", {"field": "night.owed", "value": {"3": 2}}),
                         ("rp-set", {"field": "day.proposals", "value": [{"key": "k", "by": 1}]})]))
    assert after.night.owed == {3: 2} and after.day.proposals[0].by == 1


def test_the_recorded_old_logs_hold_the_generic_setter() -> None:
    """tests/test_views_unchanged.py loads these logs: every `rp-set` in them folds through the upgrade."""
    path = Path(__file__).resolve().parent / "data" / "logs" / "reptiliens-12.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        fields = {e.data["field"] for e in map(Event.model_validate_json, lines) if e.type == "rp-set"}
    assert {"dead", "fate", "choosing", "prompts"} & fields


def test_the_mj_journal_shows_no_fact_as_a_raw_type() -> None:
    """The shell's journal shows an event type it does not know by its bare name ("rp-dead"): the page's module
    names every fact of the book among the lines it leaves out (their announcements say what happened)."""
    js = (Path(__file__).resolve().parent.parent / "static" / "js" / "rulesets" / "reptiliens.js").read_text(
        encoding="utf-8")
    silent = set(re.findall(r'case "([a-z-]+)":', js))
    assert {f.type for f in get_ruleset("reptiliens").fact_book.facts} - silent == set()
