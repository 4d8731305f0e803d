"""Night steps in parallel (DESIGN: "at night, steps that do not depend on each other can run in parallel online
(the Voyante need not wait for the Salvateur); the witch must wait for the wolves"), room option night_parallel."""

from __future__ import annotations

from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS, PARALLEL, TOGETHER, stages
from tests.support.engine import Script
from tests.support.thiercelieux import play_night

W, V, SEER, WITCH, CUPID, SALV = "loup-garou", "villageois", "voyante", "sorciere", "cupidon", "salvateur"


def test_independent_steps_share_a_stage_and_the_witch_waits() -> None:
    steps = ["cupidon", "amoureux", "salvateur", "voyante", "loups", "sorciere", "corbeau", "joueur-de-flute"]
    assert stages(steps, True) == [["cupidon"], ["amoureux"], ["salvateur", "voyante", "loups"], ["sorciere"],
                                   ["corbeau", "joueur-de-flute"]]
    assert stages(steps, False) == [[k] for k in steps]
    # What must wait for the step before it never shares a stage: the witch and the Infect (the wolves' victim),
    # the lovers (Cupidon's choice), and whatever changes who wakes (Voleur, Marchand de sable, Louveteau).
    every = {key for order in NIGHT_ORDERS.values() for key in order}
    assert {"sorciere", "infect", "amoureux", "voleur", "marchand-de-sable", "louveteau"} <= every - PARALLEL


def test_a_parallel_night_asks_the_seer_and_the_wolves_together() -> None:
    g = Script([W, W, SEER, WITCH, SALV, V, V], options={"night_parallel": True})
    assert g.step == TOGETHER
    assert g.open_steps() == {"salvateur", "voyante", "loups"}
    # Each phone still shows only its own question; a villager's none.
    assert {p["step"] for p in g.view(2)["prompts"]} == {"voyante"}
    assert g.view(5)["prompts"] == []
    assert g.view(5)["step"]["key"] == TOGETHER
    g.answer(2, "voyante", [0])
    g.answer(4, "salvateur", [5])
    assert g.step == TOGETHER  # the stage waits for every question in it
    g.answer(0, "loups", [6])
    g.answer(1, "loups", [6])
    # The witch comes after, and sees the victim the wolves chose in the stage before.
    assert g.step == "sorciere" and g.prompt("sorciere-heal").info == {"victim": 6}
    assert g.seen_roles(2)[0] == W
    play_night(g, {"sorciere-heal": False, "sorciere-poison": []})
    assert g.causes() == {6: "night"}


def test_the_salvateur_in_the_same_stage_still_protects() -> None:
    g = Script([W, W, SEER, SALV, V, V, V], options={"night_parallel": True})
    g.answer(0, "loups", [5])
    g.answer(1, "loups", [5])
    g.answer(3, "salvateur", [5])
    play_night(g, {"voyante": [0]})
    assert g.deaths() == []


def test_a_dead_seers_step_still_shares_the_stage() -> None:
    """RULES-NOTES "All rulesets": a step for a dead role still runs, so the stages do not change when she dies."""
    g = Script([W, W, SEER, V, V, V, V], options={"night_parallel": True})
    play_night(g, {"loups": [2], "voyante": [0]})
    assert not g.alive(2)
    g.run_until(TOGETHER, night=2)
    assert g.open_steps() == {"loups"}


def test_whole_parallel_games() -> None:
    from app.sim import play

    for seed in range(6):
        state = play("thiercelieux", seed, 9, {"night_parallel": True}).state
        assert state.phase == "ended"


def test_the_sandman_keeps_his_own_stage_and_his_sleeper_misses_the_next() -> None:
    """004: "la personne que j'ai touchée ne se réveillera pas cette nuit": he acts before the stage he empties."""
    g = Script([W, W, SEER, "marchand-de-sable", V, V, V], options={"night_parallel": True})
    assert g.step == "marchand-de-sable"
    g.answer(3, "marchand-de-sable", [2])
    assert g.step == TOGETHER and g.open_steps() == {"loups"}  # the Voyante sleeps through the stage


def test_the_petite_fille_peeks_in_the_wolves_stage() -> None:
    g = Script([W, W, SEER, "petite-fille", V, V, V], options={"night_parallel": True, "petite_fille_risk": 0})
    assert g.open_steps() == {"voyante", "loups", "petite-fille-peek"}
    g.answer(3, "petite-fille-peek", True)
    g.answer(0, "loups", [5])
    assert g.view(3)["secrets"]["peek"] == {"5": 1}
