"""Issue 22, the opening of Les Reptiliens de Quinte-Bourg: the MJ's deal when every card is pre-assigned, an MJ who
deals no Amoureux, and the small tables."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import setup
from app.engine.rulesets.reptiliens.offices import MANDATORY
from app.engine.rulesets.reptiliens.state import own
from app.sim import play
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]


def e_len(step: dict[str, Any]) -> float | None:
    """The length of a step, from its `step` event."""
    return None if step.get("deadline") is None else float(step["deadline"] - step["started"])


@pytest.mark.parametrize("moderation", ["mj", "auto"])
@pytest.mark.parametrize("specialties", [["rp-voleur", "rp-laura", "rp-fureteur", "rp-journaliste", "rp-curieux",
                                          "rp-reporter"], []])
def test_the_mjs_deal_with_every_card_pre_assigned_goes_on(moderation: str, specialties: list[str]) -> None:
    """RULES-NOTES "Chance": the MJ draws the cards at the table; what he pre-assigned is given, the rest he tells the
    server. With every card pre-assigned he has nothing to draw: he says "go on" and the opening follows."""
    t = Table(SIX, specialties, options={"draws": "mj", "moderation": moderation}, start=False)
    t.do("start", MJ)
    assert t.step == "rp-donne"
    assert [p.step for p in t.open_prompts() if p.to_mj and p.step == "rp-mj-suite"] == ["rp-mj-suite"]
    t.mj("rp-mj-suite", True)
    t.wait()
    assert t.step != "rp-donne" and t.state.phase == "night"
    assert [t.state.players[s].card("camp") for s in range(6)] == SIX
    expected: list[str | None] = list(specialties) if specialties else [None] * 6
    assert [t.state.players[s].card("specialty") for s in range(6)] == expected


# -- an MJ may deal no Amoureux (§4 "Il repère alors deux amoureux conformes à son plan de jeu") ----------------------
def test_the_mj_may_name_nobody() -> None:
    """§4 "Il repère alors deux amoureux conformes à son plan de jeu": his plan may have none. He answers
    "personne" (an empty pick): nobody is told anything, and the lovers' night steps are still called."""
    t = Table(SIX, lovers=())
    assert t.own.lovers == []
    assert not [e for e in t.events if e.type == "rp-lovers"]
    assert not [e for e in t.events if e.type == "rp-fellows" and e.data["group"] == "rp-amoureux"]
    assert all("lover" not in t.view(seat)["secrets"] for seat in range(6))
    t.run_until("rp-vote", day=1)
    called = [e.data for e in t.events if e.type == "step" and e.data["key"] == "rp-amoureux-signes"]
    assert len(called) == 1 and e_len(called[0]) == pytest.approx(t.state.options["lovers_talk"])  # "30 secondes"
    assert not [p for p in t.state.prompts.values() if p.step == "rp-amoureux-signes"]


def test_the_mj_names_two_or_nobody_never_one() -> None:
    """A couple is two: one seat alone is refused, cleanly."""
    t = Table(SIX, lovers=None, start=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    prompt = t.prompt("rp-ouverture-amoureux")
    assert (prompt.min, prompt.max) == (0, 2)
    assert t.rejected("answer", MJ, prompt=prompt.id, answer=[3]) == "wrong_count"
    t.do("answer", MJ, prompt=prompt.id, answer=[3, 4])
    t.run_until("rp-concertation", night=1)
    assert t.own.lovers == [3, 4]


def test_unanswered_the_lovers_are_drawn() -> None:
    """The MJ leaves the question: the game draws two, as before."""
    t = Table(SIX, lovers=None)
    assert len(set(t.own.lovers)) == 2


@pytest.mark.parametrize("moderation", ["mj", "auto"])
def test_the_room_may_have_no_lovers(moderation: str) -> None:
    """The room's `lovers: none`: no couple, no question to the MJ (he still says when to go on, so the step lasts as
    when he chooses them), and no Romantique question either."""
    t = Table([ALPHA, R, "rp-sesiano", V, V, V], options={"lovers": "none", "moderation": moderation},
              conditions={2: "rp-romantique"}, start=False, hurry=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    mj_steps = [p.step for p in t.open_prompts() if p.to_mj and p.step != "rp-postes-depart"]
    assert mj_steps == (["rp-mj-suite"] if moderation == "mj" else [])
    if moderation == "mj":
        t.mj("rp-mj-suite", True)
    t.run_until("rp-concertation", night=1)
    assert t.own.lovers == []
    assert "rp-amoureux" not in t.view(2)["secrets"]["fellows"]


@pytest.mark.parametrize(("moderation", "lovers"), [("mj", "drawn"), ("auto", "drawn"), ("auto", "mj")])
def test_drawn_lovers(moderation: str, lovers: str) -> None:
    """`lovers: drawn`, or automatic mode with `lovers: mj`: the game's RNG draws two, no question to the MJ."""
    t = Table(SIX, options={"lovers": lovers, "moderation": moderation}, lovers=None, start=False, hurry=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    assert not t.open_prompts("rp-ouverture-amoureux")
    if moderation == "mj":
        t.mj("rp-mj-suite", True)
    t.run_until("rp-concertation", night=1)
    assert len(set(t.own.lovers)) == 2


def _night_as_seen(couple: tuple[int, ...], viewer: int) -> list[tuple[str, str | None, float | None]]:
    """Night 1 and 2 as `viewer` sees them: every event's type, step key and length."""
    t = Table(SIX, lovers=couple)
    since = len(t.events)
    t.run_until("rp-vote", day=2)
    out = []
    for e in t.events[since:]:
        if e.type in ("step", "announce", "prompt_opened", "phase") and (e.to is None or viewer in e.to):
            key = e.data.get("key") or (e.data.get("prompt") or {}).get("step")
            length = e_len(e.data) if e.type == "step" else None
            out.append((e.type, key, length))
    return out


def test_no_one_can_tell_whether_there_are_lovers() -> None:
    """Whether there are lovers stays as secret as any card: to a seat outside the couple, the nights are the same
    events, steps and lengths with a couple or with none."""
    with_couple, without = _night_as_seen((4, 5), 2), _night_as_seen((), 2)
    assert ("step", "rp-amoureux-signes", 3.0) in with_couple
    assert with_couple == without


# -- small tables (the seed sets no minimum) ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_small_table_plays_to_its_end_with_its_suggested_composition(players: int) -> None:
    """The seed sets no minimum: "La partie s'arrête si : ... Il ne reste plus que 2 joueurs vivants". A table of 3
    to 5 starts with its suggested composition (warned as small) and is played to its end; §6 "Lorsqu'il y a moins
    de joueurs que de postes obligatoires, les postes obligatoires ne sont plus remplacés"."""
    rules = get_ruleset("reptiliens")
    assert rules.min_players == 3
    box = setup.suggested(players)
    camp, specialty = setup.split(box)
    assert len(camp) == players + setup.spares(players) and len(specialty) == len(camp)
    report = rules.composition_report(players, box)
    codes = {w["code"] for w in report["warnings"]}
    assert "rp-small-table" in codes and ("rp-vacant-offices" in codes) is (players < 4)
    assert not codes & {"rp-idealistes-sure", "rp-many-reptilians", "rp-no-spare"}
    for seed in range(4):
        lovers = ("mj", "none")[seed % 2]
        game = play("reptiliens", seed, players, {"moderation": "auto", "lovers": lovers}, composition=box)
        dawn = next((i for i, e in enumerate(game.events) if e.type == "phase" and e.data["phase"] == "day"), None)
        held = {e.data["office"] for e in game.events[:dawn] if e.type == "office" and e.data["seat"] is not None}
        assert len(held & set(MANDATORY)) == min(players, len(MANDATORY))  # as many mandatory offices as players
        assert game.state.phase == "ended" and game.state.result is not None
        assert (len(own(game.state).lovers) == 2) is (lovers == "mj")


def test_small_table_warnings() -> None:
    """What a small table changes, told to the MJ before he starts."""
    rules = get_ruleset("reptiliens")
    three = rules.composition_report(3, [ALPHA, R, "rp-sheherazade", V])
    assert {"code": "rp-idealistes-sure", "players": 3} in three["warnings"]
    assert {"code": "rp-many-reptilians", "reptilians": 2, "players": 3} in three["warnings"]
    assert {"code": "rp-vacant-offices", "players": 3, "mandatory": 4} in three["warnings"]
    assert not {w["code"] for w in rules.composition_report(8, setup.suggested(8))["warnings"]} & {
        "rp-small-table", "rp-vacant-offices", "rp-idealistes-sure", "rp-many-reptilians"}


@pytest.mark.parametrize("lovers", ["mj", "drawn", "none"])
def test_the_lovers_option_is_the_mjs_secret(lovers: str) -> None:
    """"Whether there are lovers stays as secret as any card": the `lovers` option reaches the MJ alone, neither in
    a player's or a spectator's view nor in any event they receive, and the MJ's `configure` sends them the same
    stream whatever its value."""
    t = Table(SIX, options={"lovers": lovers}, lovers=None if lovers != "none" else (), start=False)
    assert t.view(MJ)["options"]["lovers"] == lovers
    shapes = []
    for viewer in (0, "spectator"):
        assert "lovers" not in t.view(viewer)["options"]
    for e in t.events:
        if e.to is None:
            assert "lovers" not in e.data.get("options", {}), e
        shapes.append((e.type, e.to is None))
    other = Table(SIX, options={"lovers": "drawn" if lovers != "drawn" else "mj"}, start=False)
    assert [(e.type, e.to is None) for e in other.events] == shapes
    t.do("start", MJ)
    assert "lovers" not in t.view(0)["options"] and t.state.options["lovers"] == lovers
