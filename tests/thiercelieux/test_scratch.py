"""Thiercelieux's phase scratch is typed (issue 25, item 3): typed facts set it, never the engine's `pending`; older
logs, snapshots and undo checkpoints, which hold it in `pending`, still load into it, and the MJ sees the same."""

from __future__ import annotations

import gzip
import json
import re

from app.engine.context import MJ_ONLY
from app.engine.evolve import evolve
from app.engine.model import MJ, Event, GameState
from app.engine.rulesets.thiercelieux import manifest, scratch_facts
from app.engine.rulesets.thiercelieux.scratch import Scratch
from app.engine.rulesets.thiercelieux.state import own, scratch
from app.engine.views import view
from tests.support.engine import Script
from tests.support.paths import ROOT, TESTS
from tests.support.thiercelieux import play_night
from tests.support.viewers import viewers

PACKAGE = ROOT / "app" / "engine" / "rulesets" / "thiercelieux"
LOGS = TESTS / "data" / "logs"
W, V, WITCH, SEER, SALV = "loup-garou", "villageois", "sorciere", "voyante", "salvateur"


def mid_night() -> Script:
    """The second night at the witch's step: the wolves chose, the Salvateur protected, the seer saw."""
    g = Script([W, SEER, SALV, V, V, V, WITCH])
    play_night(g, {"voyante": [0], "loups": [5], "salvateur": [3], "sorciere-heal": False, "sorciere-poison": []})
    g.wait()
    return g


def test_no_setter_of_pending_is_left_in_the_ruleset() -> None:
    setter = re.compile(r"""\bsetp\b|emit\(\s*["']pending["']|\.pending\b""")
    for path in PACKAGE.glob("*.py"):
        if path.name in ("scratch.py", "scratch_facts.py", "state.py", "__init__.py"):
            continue  # they read old `pending` data on purpose (upgrades, the MJ's view)
        assert not setter.search(path.read_text(encoding="utf-8")), path.name


def test_the_facts_set_the_scratch_for_the_mj_alone() -> None:
    g = Script([W, SEER, SALV, V, V, V, WITCH])
    play_night(g, {"voyante": [0], "loups": [5], "salvateur": [3]}, until="sorciere")
    # the scratch's facts (the book also holds the marks', which some seats learn)
    kinds = {kind.type for kind in manifest.FACT_BOOK.facts if kind.__module__ == scratch_facts.__name__}
    facts = [e for e in g.events if e.type in kinds]
    assert facts and all(e.to == MJ_ONLY for e in facts)
    assert not [e for e in g.events if e.type == "pending"] and g.state.pending == {}
    s = scratch(g.state)
    plan = g.state.plan  # the night's plan is the engine's (app/engine/flow.py)
    assert s.victim == 5 and s.protected == 3 and s.seer_seen == W and plan is not None and plan.groups
    pending = view(g.state, MJ)["mj"]["pending"]
    assert pending["victim"] == 5 and pending["protected"] == 3 and "wolves_prompt" in pending
    assert pending["salvateur_prompt"] == s.prompts["salvateur"] and pending["i"] == plan.at
    assert pending["steps"] == plan.groups and plan.current() == ["sorciere"]


def test_a_new_phase_renews_the_scratch() -> None:
    g = mid_night()
    assert g.state.phase == "day" and scratch(g.state).victim is None and g.state.plan is None


def old_shape(state: GameState) -> GameState:
    """The state as an engine before typed facts would have written it: the scratch in `pending`, the night's plan
    with it (`steps`, `i`), a snapshot of version 3 (STATE_VERSION 4 moved the plan to the engine's `plan`)."""
    data = state.model_dump(mode="json")
    plan = {} if state.plan is None else {"steps": state.plan.groups, "i": state.plan.at}
    data["pending"] = {**plan, **scratch(state).as_pending()}
    data["plan"], data["version"] = None, 3
    del data["own"]["scratch"]
    return GameState.model_validate(data)


def test_a_snapshot_taken_before_facts_is_read_into_the_typed_scratch() -> None:
    g = Script([W, SEER, SALV, V, V, V, WITCH])
    play_night(g, {"voyante": [0], "loups": [5], "salvateur": [3]}, until="sorciere")
    old = old_shape(g.state)
    assert old.pending and own(old).scratch == Scratch()  # not moved yet: moved on the first read
    for viewer in viewers(*sorted(g.state.players), MJ):
        assert view(old, viewer) == view(g.state, viewer)
    assert scratch(old) == scratch(g.state) and old.pending == {} and old.plan == g.state.plan is not None


def test_a_snapshot_of_version_3_moves_the_nights_plan_to_the_engines() -> None:
    """Snapshots of STATE_VERSION 3 kept the night's plan in the typed scratch (`steps`, `i`): it is `plan` now."""
    g = Script([W, SEER, SALV, V, V, V, WITCH])
    play_night(g, {"voyante": [0], "loups": [5], "salvateur": [3]}, until="sorciere")
    assert g.state.plan is not None
    data = g.state.model_dump(mode="json")
    data["own"]["scratch"].update(steps=g.state.plan.groups, i=g.state.plan.at)
    data["plan"], data["version"] = None, 3
    old = GameState.model_validate(data)
    assert old.plan == g.state.plan and old.model_dump() == g.state.model_dump()
    for viewer in viewers(*sorted(g.state.players), MJ):
        assert view(old, viewer) == view(g.state, viewer)


def test_old_facts_of_the_plan_still_fold_into_the_engines() -> None:
    """Logs written before the engine drove the night hold `th_night_plan` and `th_stage` (and before facts, the
    `pending` keys `steps` and `i`): each folds into the engine's `plan`."""
    for events in (
        [Event(type="th_night_plan", data={"steps": [["loups"], ["sorciere"]]}), Event(type="th_stage", data={"i": 0}),
         Event(type="th_stage", data={"i": 1})],
        [Event(type="pending", data={"key": "steps", "value": [["loups"], ["sorciere"]]}),
         Event(type="pending", data={"key": "i", "value": 0}), Event(type="pending", data={"key": "i", "value": 1})],
    ):
        g = Script([W, SEER, SALV, V, V, V, WITCH])
        g.wait()  # the first night's plan, then the day's (none)
        g.state.plan = None
        for event in events:
            evolve(g.state, event)
        assert g.state.plan is not None and g.state.plan.groups == [["loups"], ["sorciere"]] and g.state.plan.at == 1
        assert g.state.pending == {}


def test_an_undo_checkpoint_taken_before_facts_restores_the_scratch() -> None:
    """Undo goes back to the state before the phase began: a checkpoint of the old shape holds its scratch in
    `pending`, which the restored state reads into its typed scratch."""
    g = Script([W, SEER, SALV, V, V, V, WITCH])
    play_night(g, {"voyante": [0], "loups": [5], "salvateur": [3], "sorciere-heal": False, "sorciere-poison": []})
    assert g.state.phase == "day"
    checkpoint = GameState.model_validate_json(g.state.checkpoint or "")
    night = scratch(checkpoint).model_copy(deep=True)
    assert night.victim == 5  # the checkpoint is the night's last state, before the day began
    state = g.state.model_copy(deep=True)
    state.checkpoint = old_shape(checkpoint).model_dump_json(exclude={"checkpoint"})
    evolve(state, Event(type="undone", data={}))
    assert scratch(state) == night and state.pending == {}


def test_old_logs_hold_pending_events_that_fold_into_the_scratch() -> None:
    """The recorded logs were written with `pending` events (tests/engine/test_views_unchanged.py checks every view);
    folded today, they leave nothing in the engine's `pending`."""
    with gzip.open(LOGS / "thiercelieux-1.jsonl.gz", "rt", encoding="utf-8") as lines:
        events = [Event.model_validate(json.loads(line)) for line in lines]
    assert any(e.type == "pending" for e in events)
    state = GameState()
    seen_victim = False
    for event in events:
        evolve(state, event)
        assert state.pending == {}
        seen_victim = seen_victim or scratch(state).victim is not None if state.own is not None else seen_victim
    assert seen_victim


def test_every_kind_of_old_key_goes_back_out_as_it_came_in() -> None:
    """Scratch.put (older logs and snapshots) and Scratch.as_pending (the MJ's view) are inverse on every kind of
    key: a prompt by name, a pick step's pick, a kin step called, a plain field, the séance."""
    old = {"wolves_prompt": "p1", "soeurs_mj_prompt": "p2", "somnambule": {"by": 1, "target": 2}, "soeurs_called": True,
           "victim": 3, "healed": True, "charms": [],
           "seance": {"medium": 4, "question": "voisin"}, "item": {"kind": "hunter", "seat": 2}, "debate_left": 12.5}
    s = Scratch()
    for key, value in old.items():
        s.put(key, value)
    assert s.as_pending() == old
    s.put("somnambule", None)
    s.put("victim", None)
    assert "somnambule" not in s.as_pending() and "victim" not in s.as_pending()


def test_a_revotes_candidates_are_in_the_scratch_before_its_step_and_not_in_pending() -> None:
    """The day's steps open from the scratch (day_steps.py): a vote's round and candidates are a fact emitted before
    its step. A first round's event is as it always was; the candidates stay out of the MJ's `pending`."""
    first, again = scratch_facts.VoteOpened(1), scratch_facts.VoteOpened(2, [0, 2])
    assert first.data() == {"round": 1} and again.data() == {"round": 2, "candidates": [0, 2]}
    g = Script([W, V, V, V, V])
    g.run_until("vote", day=1)
    state = g.state.model_copy(deep=True)
    evolve(state, Event(type=again.type, data=again.data(), at=g.at, to=MJ_ONLY))
    assert scratch(state).candidates == [0, 2] and scratch(state).vote_round == 2
    assert "candidates" not in scratch(state).as_pending()
    evolve(state, Event(type=first.type, data=first.data(), at=g.at, to=MJ_ONLY))  # a later first round: the living
    assert scratch(state).candidates is None and scratch(state).vote_round == 1
