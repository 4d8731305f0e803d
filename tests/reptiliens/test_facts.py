"""Reptiliens' typed facts (issue 25, item 3): nothing emits the generic setter `rp-set` any more, every fact
folds from its event as it applies directly, and an old `rp-set` folds as it always did."""

from __future__ import annotations

import gzip
import re
from functools import cache
from typing import Any

import pytest

from app.engine.context import MJ_ONLY, Ctx
from app.engine.core import replay
from app.engine.evolve import evolve
from app.engine.facts import Fact
from app.engine.model import Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.state import Tonight, own
from app.sim import Game, play
from tests.support.paths import ROOT, TESTS

PACKAGE = ROOT / "app" / "engine" / "rulesets" / "reptiliens"
SETTER = re.compile(r"""\bset[vp]\b|emit\(\s*["'](pending|tag|flag|rp-set)["']""")
LOGS = TESTS / "data" / "logs"


def test_no_module_of_the_ruleset_writes_through_a_generic_setter() -> None:
    found = [f"{path.name}:{i}" for path in sorted(PACKAGE.glob("*.py"))
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if SETTER.search(line)]
    assert found == []


@cache
def _game() -> Game:
    return play("reptiliens", 11, 12)


def base() -> GameState:
    """A finished 12-player bot game: dead and living seats, prompts by role."""
    return _game().state.clone()


def test_a_whole_game_emits_no_generic_setter() -> None:
    """Every fact of the driver's bookkeeping is typed: a game emits no `rp-set`, and each of its facts is in the
    book (so the evolve handlers fold it)."""
    types = {e.type for e in _game().events}
    fact_book = get_ruleset("reptiliens").fact_book
    assert fact_book is not None
    book = {f.type for f in fact_book.facts}
    assert "rp-set" not in types
    assert len(types & book) > 40


SAMPLES = 81  # len(samples(...)): a literal, so that collecting the tests plays no game


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
        F.NightFell(),
        F.NightBegan(plan=["rp-test"]),
        F.SleepsEnded(),
        F.FestivalBegan(),
        F.DayBegan(plan=["rp-a", "rp-b"]),
        F.DayBegan(plan=["rp-fete"], festival=True),
        F.DayPartDone(),
        F.MilitiaChose(house=alive),
        F.PackDecided(house=alive, squatter=True, decided_by="alpha", failure=None),
        F.PackDecided(house=None, squatter=False, decided_by=None, failure="disagreement"),
        F.RendezvousChosen(house=alive),
        F.FellAsleep(seat=alive),
        F.Charmed(musician=alive, target=dead),
        F.CharmedTold(),
        F.Declared(declaration={"kind": "sleep", "sleeper": alive}),
        F.AttackResolved(places=[[alive, alive, None, False], [dead, alive, "rp-test", True]], failure=None,
                         victims=[alive], houses=[{"house": alive, "attackers": [dead], "candidates": [alive],
                                                   "victim": alive, "failure": None}]),
        F.AnimalsPlaced(animals=[{"owner": alive, "house": alive, "corpse": None},
                                 {"owner": alive, "house": None, "corpse": dead}]),
        F.CameraReported(owner=alive, house=dead, occupancy="vide"),
        F.OfficesShaken(power="rp-farce", seats=[], direction="clockwise"),
        F.SenatorKeptByTheDead(seat=dead),
        F.SculptedToMove(seats=[alive]),
        F.StreetLaidOut(street=sorted(s.players)),
        F.HouseMoved(street=list(reversed(o.street))),
        F.Doomed(seat=alive, cause="rp-attaque"),
        F.NightDeadNamed(),
        F.FortunesOwed(coins=[[alive, 3], [dead, 0]]),
        F.OwedShown(),
        F.AccountsClosed(seat=alive),
        F.LegacyPaid(dead=dead),
        F.Mourned(dead=dead),
        F.InvocationBegan(seat=alive, power="rp-showman", kind="rp-show"),
        F.InvocationEnded(),
        F.SessionChosen(kind="purge"),
        F.VoteOpened(voters=[alive]),
        F.VotingOrderSet(direction="counterclockwise", turns=[alive, dead]),
        F.BallotGiven(seat=alive, ballot=[dead]),
        F.BallotGiven(seat=dead, ballot=None),
        F.ProsecutorAsked(accused=[alive], condemned=dead),
        F.Accused(seats=[alive, dead]),
        F.TrialOpened(waiting=[dead]),
        F.Condemned(seat=alive),
        F.Pardoned(seat=alive),
        F.CondemnationOver(),
        F.LawProposersRanked(ranks=[[alive, 2], [dead, 0]]),
        F.LawsProposed(laws=[{"key": "rp-test", "text": None, "by": alive}, {"key": "k", "text": "t", "by": dead}]),
        F.LawSubmitted(key="rp-test", text="words", by=alive),
        F.LawAdopted(key="rp-test", text=None, by=alive),
        F.VotersTicked(seats=[alive]),
        F.WeddingChanged(requester=alive, changes={"partner": dead, "forced": False, "stage": "consent"}),
        F.Married(a=alive, b=dead),
        F.OfficesDrawn(in_play=["rp-president"], variants={"rp-test": "v"}),
        F.OfficeBroughtIn(office="rp-bourreau"),
        F.OfficeRemoved(office=next(iter(o.offices_in_play), "rp-test")),
        F.ApplicationsClosed(),
        F.ScrutateurTurned(day=s.day),
        F.VacancyQueued(office="rp-test", resigned=alive, applicants=[dead]),
        F.VacancyQueued(office="rp-x", resigned=None, applicants=None),
        F.VacancyDropped(office="rp-test"),
        F.VacanciesTaken(count=1),
    ]


def staged(s: GameState) -> list[Fact]:
    """The facts that need another before them, applied to `s` here: the show's answers an invocation under way, a
    voter called his turn to come."""
    alive = next(seat for seat in sorted(s.players) if s.players[seat].alive)
    F.InvocationBegan(seat=alive, power="rp-showman", kind="rp-show").apply(s)
    F.VotingOrderSet(direction="clockwise", turns=[alive, alive + 1]).apply(s)
    return [F.ShowAnswered(guesses=[[alive, "rp-villageois"]]), F.VoterCalled(seat=alive)]


def test_every_fact_of_the_book_has_a_sample() -> None:
    found = [type(f) for f in [*samples(base()), *staged(base())]]
    book = get_ruleset("reptiliens").fact_book
    assert book is not None and set(found) == set(book.facts)
    assert len(found) == SAMPLES + 2


def _dump(s: GameState) -> dict[str, Any]:
    return s.model_dump(mode="json", exclude={"seq", "checkpoint"})


@pytest.mark.parametrize("index", [*range(SAMPLES), -1, -2])
def test_a_fact_folds_from_its_event_as_it_applies(index: int) -> None:
    """Emitted (Ctx.fact -> Event), stored as JSON and folded again: the same state as the fact applied directly."""
    s = base()
    fact = staged(s)[-index - 1] if index < 0 else samples(s)[index]
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
    alive = next(seat for seat in sorted(s.players) if s.players[seat].alive)

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
        ([rp_set("defended", o.night.militia), rp_set("night", Tonight().model_dump()), rp_set("plan", ["a"])],
         F.NightBegan(["a"])),
        ([rp_set("plan", ["b"]), rp_set("i", 0)], F.DayBegan(["b"])),
        ([rp_set("night.owed", {**o.night.owed, alive: 4})], F.FortunesOwed([[alive, 4]])),
        ([rp_set("day.ballots", [*o.day.ballots, [alive, [dead]]])], F.BallotGiven(alive, [dead])),
        ([rp_set("street", list(reversed(o.street)))], F.HouseMoved(list(reversed(o.street)))),
        ([rp_set("invocation", {"seat": alive, "power": "p", "kind": "k"})], F.InvocationBegan(alive, "p", "k")),
        ([rp_set("day.law", {"key": "k", "text": None, "by": alive})], F.LawAdopted("k", None, alive)),
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
    """tests/engine/test_views_unchanged.py loads these logs: every `rp-set` in them folds through the upgrade."""
    path = LOGS / "reptiliens-12.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        fields = {e.data["field"] for e in map(Event.model_validate_json, lines) if e.type == "rp-set"}
    assert {"dead", "fate", "choosing", "prompts"} & fields


def test_an_old_log_folds_to_the_state_a_game_of_today_reaches() -> None:
    """A recorded log written with `rp-set` (tests/data/logs) folds into the same ruleset state as the same game
    played today with facts (tests/engine/test_views_unchanged.py: seed 4, 8 players)."""
    with gzip.open(LOGS / "reptiliens-4.jsonl.gz", "rt", encoding="utf-8") as lines:
        old = [Event.model_validate_json(line) for line in lines]
    assert any(e.type == "rp-set" for e in old)
    today = play("reptiliens", 4, 8)
    assert not any(e.type == "rp-set" for e in today.events)
    assert replay(old).own.model_dump(mode="json") == today.state.own.model_dump(mode="json")  # type: ignore[union-attr]
