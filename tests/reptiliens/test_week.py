"""The week of Les Reptiliens de Quinte-Bourg (seed 000 §1, §2, §12; RULES-NOTES "Calendar"): each night's table
called whole, held or not, for a plausible hidden length; the dawn; the day's reports, debate, vote, the
condemned's window and the execution; the Sunday festival."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.flow import Hidden
from app.engine.model import MJ
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens.manifest import STEPS
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]


def step_range(options: dict[str, Any], key: str) -> tuple[float, float]:
    """The bounds the engine draws the step's hidden length in (app/engine/flow.py)."""
    length = STEPS[key].length
    assert isinstance(length, Hidden)
    return length.bounds(options)


def night_steps(t: Table, night: int) -> list[str]:
    """The steps run on `night` (the opening's apart)."""
    out, current = [], 0
    opening = {s.key for s in K.OPENING} | {"rp-donne"}
    for e in t.events:
        if e.type == "phase":
            current = e.data.get("night", current) if e.data["phase"] == "night" else -1
        elif e.type == "step" and current == night and e.data["key"] not in opening:
            out.append(e.data["key"])
    return out


@pytest.mark.parametrize("first", ["mon", "thu"])
def test_every_step_of_each_nights_table_is_called(first: K.Weekday) -> None:
    """§12 "Il posera de toute façon les toutes questions des rôles potentiellement présents, même si le rôle appelé
    n'a en fait pas été attribué à un joueur, ou s'il est indisponible (sommeil lourd, etc.)." Night N's weekday
    comes from the room's first weekday."""
    t = Table(SIX, options={"first_weekday": first})
    t.run_until("rp-concertation", night=8)
    for night in range(1, 8):
        day = K.weekday_of_night(night, first)
        expected = [s.key for s in K.NIGHTS[day] if s.key != K.DAWN.key]
        assert night_steps(t, night) == expected, (night, day)


def test_a_step_lasts_its_drawn_length_whoever_holds_the_card() -> None:
    """RULES-NOTES: "a night step for an absent or dead role still takes a plausible, randomised time"."""
    options = {"night_step": 30, "plausible_min": 10, "plausible_max": 20}
    without = Table(SIX, options=options, hurry=False)
    with_sandman = Table(SIX, ["rp-marchand-de-sable"], options=options, hurry=False)
    for t in (without, with_sandman):
        t.run_until("rp-sommeil", night=1)
        step = t.state.step
        assert step is not None and step.deadline is not None and 10 <= step.deadline - step.started <= 20
    assert with_sandman.open_prompts("rp-sommeil") and not without.open_prompts("rp-sommeil")
    assert step_range(options | {"lovers_talk": 30}, "rp-amoureux-signes") == (30, 30)  # §4 "30 secondes"
    assert step_range(options, "rp-concertation") == (15, 30)  # a pack's vote: half as long again, capped


@pytest.mark.parametrize("first", ["mon", "tue", "wed", "thu", "fri", "sat"])
def test_a_nights_steps_are_all_different(first: K.Weekday) -> None:
    """A night's plan has one step a group, and a night an older engine began stands at its open step's key
    (week.caught_up), so no key may come twice in one night, the deal and the opening included."""
    for night in range(1, 8):
        keys = [s.key for s in K.steps_for_night(night, first)]
        if night == 1:
            keys += ["rp-donne", *(s.key for s in K.OPENING)]
        assert len(keys) == len(set(keys)), (night, first)


def test_answering_early_does_not_end_a_night_step() -> None:
    t = Table(SIX, ["rp-marchand-de-sable"], hurry=False)
    t.run_until("rp-sommeil", night=1)
    end = t.state.step.deadline  # type: ignore[union-attr]
    t.answer(0, "rp-sommeil", [3])
    assert t.step == "rp-sommeil" and t.state.wake_at == end


def test_the_day_opens_with_the_nights_dead() -> None:
    """§2 "le mort est annoncé seulement le matin"; §12 "Bilan des morts"."""
    t = Table(SIX)
    t.play_night({"rp-concertation": [4]})
    assert t.state.phase == "day" and not t.alive(4)
    died = next(e for e in t.events if e.type == "died")
    assert died.data == {"seat": 4, "cause": "rp-nuit"}  # no card yet: he chooses which (§9, dead.py)
    assert t.step == "rp-bilan-morts" and t.prompt("rp-choix-mort").to == [4]
    assert t.announced("rp-charmes") == [{"count": 0}]


def test_the_vote_executes_the_most_voted() -> None:
    """§6 Président: "une phase de vote, où les personnes autorisées à voter ... désignent une personne qu'ils
    aimeraient voir exécutée". The most votes among the ballots cast; a tie executes nobody until the Président's
    tie-break (part 2)."""
    t = Table(SIX)
    t.play_night({})
    t.vote({0: 5, 1: 5, 2: 3}, window=False)
    assert t.step == "rp-condamne" and t.announced("rp-condamne") == [{"seat": 5}]
    window = t.prompt("rp-condamne")
    assert window.kind == "text" and window.to == [5]
    assert window.deadline == t.state.step.started + 15  # type: ignore[union-attr]  # §2 "15 secondes"
    t.answer(5, "rp-condamne", "Je suis innocent !")
    assert t.announced("rp-dernier-message") == [{"seat": 5, "text": "Je suis innocent !"}]
    assert not t.alive(5) and t.deaths()[-1]["cause"] == "rp-execution"
    assert t.own.executed == [5]


def test_a_tie_executes_nobody() -> None:
    t = Table(SIX)
    t.play_night({})
    t.vote({0: 5, 1: 4})
    assert t.announced("rp-egalite") == [{"seats": [4, 5]}] and all(t.alive(s) for s in range(6))
    t.run_until("rp-concertation", night=2)  # the day's later parts (the marriages' requests) take their time
    assert all(t.alive(s) for s in range(6))


def test_the_vote_is_public_and_only_the_living_vote() -> None:
    t = Table(SIX)
    t.play_night({"rp-concertation": [4]})
    t.run_until("rp-vote")
    assert t.own.day.voters == [0, 1, 2, 3, 5]
    ballot = t.prompt("rp-vote")
    assert ballot.to == [0] and ballot.visibility == "public"  # in turn (§6), from the first seat without a Président
    t.answer(0, "rp-vote", [5])
    assert t.announced("rp-bulletin", SPECTATOR) == [{"seat": 0, "seats": [5]}]
    assert t.view(SPECTATOR)["village"]["session"]["ballots"] == [[0, [5]]]


def test_dawn_ends_heavy_sleep() -> None:
    """§12 "Aube : fin des sommeils lourds"."""
    t = Table(SIX, ["rp-marchand-de-sable"], hurry=False)
    t.run_until("rp-sommeil", night=1)
    t.answer(0, "rp-sommeil", [3])
    t.run_until("rp-attaque", night=1)
    assert t.own.night.asleep == [3] and t.view(3)["secrets"]["asleep"]
    t.run_until("rp-invention", night=1)
    assert t.own.night.asleep == []


def test_the_sunday_festival() -> None:
    """§1 "Dimanche : C'est la fête au village. Pas de morts, pas d'exécution. Tout le monde peut se déplacer et
    discuter avec qui il veut. Mais tout le monde est également libre d'espionner ce que font les autres..." """
    t = Table(SIX, options={"first_weekday": "sat"})
    t.play_night({})
    if "rp-debat" not in t.steps_run():  # Saturday's day has its session (run_until fails if it never comes)
        t.run_until("rp-debat")
    t.run_until("rp-fete")
    since = len(t.events)
    assert t.state.day == 1 and t.state.phase == "day" and t.view(2)["village"]["week"]["festival"]
    living = [s for s in t.state.living() if s != 2]
    assert t.view(2)["secrets"]["may_converse"] == living  # the page offers whom the server says
    t.do("rp-converse", 2, **{"with": 3})
    assert 3 not in t.view(2)["secrets"]["may_converse"] and 2 not in t.view(3)["secrets"]["may_converse"]
    assert t.rejected("rp-converse", 2, **{"with": 3}) == "already_open"
    channel = "rp-fete-2-3"
    assert {c["name"]: c["write"] for c in t.view(2)["channels"]}[channel] is True
    assert {c["name"]: c["write"] for c in t.view(4)["channels"]}[channel] is False  # he listens
    t.do("say", 3, channel=channel, text="On se voit ce soir ?")
    said = t.events[-1]
    assert said.type == "said" and set(said.to or []) == {0, 1, 2, 3, 4, 5}
    t.wait()
    assert t.state.phase == "night" and t.state.night == 2 and K.weekday_of_night(2, "sat") == "mon"
    assert "rp-debat" not in t.steps_run(since) and not any(e.type == "died" for e in t.events[since:])
    assert t.rejected("rp-converse", 2, **{"with": 4}) == "wrong_phase"


def test_the_mj_switches_carnage() -> None:
    """§7 "Mode carnage" (RULES-NOTES: "Carnage mode is switched on by the MJ")."""
    t = Table(SIX)
    assert t.rejected("rp-carnage", 2, on=True) == "mj_only"
    t.do("rp-carnage", MJ, on=True)
    assert t.own.carnage and t.view(3)["village"]["carnage"] and t.announced("rp-carnage-on")


def test_the_view_names_the_coming_nights_weekday_and_the_mj_sees_whom_each_step_calls() -> None:
    """The week's table on the pages (RULES-NOTES "Calendar"): by day, `village.week.tonight` names the weekday of
    the coming night, whose table `village.tonight` lists; the MJ sees whom each step would call now (the living and
    awake holders of its names, or its group), the players do not."""
    t = Table(SIX, ["rp-marchand-de-sable", None, None, None, None, None], lovers=(2, 3))
    t.run_until("rp-sommeil", night=1)
    week = t.view(4)["village"]["week"]
    assert week["weekday"] == week["tonight"] == "mon"
    calls = {row["key"]: row["seats"] for row in t.view(MJ)["mj"]["reptiliens"]["tonight"]}
    assert calls["rp-sommeil"] == [0] and calls["rp-concertation"] == [0, 1] and calls["rp-amoureux-signes"] == [2, 3]
    assert calls["rp-milice"] == [] and [r["key"] for r in t.view(MJ)["mj"]["reptiliens"]["tonight"]] == list(calls)
    assert "mj" not in t.view(4) or not t.view(4).get("mj")
    t.run_until("rp-debat", day=1)
    week = t.view(SPECTATOR)["village"]["week"]
    assert week["weekday"] == "mon" and week["tonight"] == "tue"
