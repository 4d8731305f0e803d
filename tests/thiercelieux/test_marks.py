"""Thiercelieux's marks (issue 25, item 3): each seat's marks and the village's facts are typed state
(thiercelieux/marks.py) changed by typed facts (mark_facts.py), no longer the generic `tag` and `flag` setters.

What was written before must still load the same: a snapshot or an undo checkpoint whose marks sit in the players'
`tags` and the state's `flags` (state version 2), and a log of `tag` / `flag` events
(tests/engine/test_views_unchanged.py
replays the recorded ones; here, one of each by hand)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from app.engine.evolve import evolve
from app.engine.model import MJ, Event, GameState
from app.engine.rulesets.thiercelieux.state import marks, village
from app.engine.views import view
from app.sim import play
from app.sim_setups import random_setup
from tests.support.paths import ROOT

ENGINE = ROOT / "app" / "engine"


def played() -> GameState:
    """A drawn table of 18 (the recorded game thiercelieux-11): wolves converted, lovers, potions, a raven..."""
    composition, options = random_setup("thiercelieux", 18, random.Random(11))
    return play("thiercelieux", 11, 18, options, composition=composition).state


def as_written_before(state: GameState) -> dict[str, Any]:
    """The state as a snapshot of version 2 held it: marks in the players' tags, the village's in `flags`."""
    data = state.model_dump(mode="json")
    own = data["own"]
    for seat, mine in own.pop("marks").items():
        tags = data["players"][seat]["tags"]
        tags.update({k: v for k, v in mine.items() if v is not None})
    data["flags"].update({k: v for k, v in own.pop("village").items() if v is not None})
    data["version"] = 2
    data["checkpoint"] = None
    return data


def test_a_snapshot_written_with_tags_and_flags_loads_into_the_typed_marks() -> None:
    state = played()
    assert any(marks(state, s).shown() for s in state.players) and village(state).last_dead is not None
    old = as_written_before(state)
    assert any(p["tags"] for p in old["players"].values()) and old["flags"]
    loaded = GameState.model_validate(old)
    now = state.model_dump(mode="json")
    now["checkpoint"] = None
    assert loaded.model_dump(mode="json") == now
    assert view(loaded, MJ) == view(state, MJ) and all(view(loaded, s) == view(state, s) for s in state.players)


def test_an_undo_checkpoint_written_before_loads_too() -> None:
    state = played()
    text = json.dumps(as_written_before(state))
    holder = GameState.model_validate({**state.model_dump(mode="json"), "checkpoint": text})
    assert holder.checkpoint is not None
    back = GameState.model_validate_json(holder.checkpoint)  # what undo does with it
    assert {s: marks(back, s) for s in back.players} == {s: marks(state, s) for s in state.players}
    assert village(back) == village(state)


def test_old_tag_and_flag_events_fold_into_the_marks_and_the_engines_own_tags_stay_tags() -> None:
    state = played()
    seat = min(state.players)
    for kind, data in (("tag", {"seat": seat, "key": "sheep", "value": 7}),
                       ("tag", {"seat": seat, "key": "afk_missed", "value": 2}),
                       ("flag", {"key": "raven", "value": seat}),
                       ("tag", {"seat": seat, "key": "lover_role", "value": None})):
        evolve(state, Event(type=kind, data=data))
    assert marks(state, seat).sheep == 7 and marks(state, seat).lover_role is None
    assert village(state).raven == seat
    assert state.players[seat].tags.get("afk_missed") == 2 and "sheep" not in state.players[seat].tags
    assert view(state, MJ)["mj"]["tags"][str(seat)]["sheep"] == 7


def test_the_engine_emits_no_generic_tag_or_flag() -> None:
    setters = re.compile(r'emit\(\s*"(tag|flag)"')
    found = [str(p.relative_to(ENGINE)) for p in ENGINE.rglob("*.py") if setters.search(p.read_text())]
    assert found == []


def test_a_copy_of_the_state_shares_no_mark_with_it() -> None:
    """Marks and the village are read back as the dict a dump gives (marks.Sparse): a copy (GameState.clone, the
    state a command is decided on) must still share nothing the copy's facts could change."""
    from app.engine.rulesets.thiercelieux.marks import Marks
    from app.engine.rulesets.thiercelieux.state import marked

    state = play("thiercelieux", 1, 8).state
    mine = marked(state, 0)
    mine.pf_seen = [1, 2]
    mine.seen = {"3": "voyante"}
    village(state).sect_groups = [[0, 1], [2, 3]]
    copy = state.clone()
    marked(copy, 0).pf_seen.append(5)  # type: ignore[union-attr]
    marked(copy, 0).seen["4"] = "loup-garou"  # type: ignore[index]
    village(copy).sect_groups[0].append(9)  # type: ignore[index]
    marked(copy, 0).wolf = True
    assert marks(state, 0).pf_seen == [1, 2] and marks(state, 0).seen == {"3": "voyante"}
    assert village(state).sect_groups == [[0, 1], [2, 3]] and marks(state, 0).wolf is None
    assert GameState.model_validate_json(state.model_dump_json()).model_dump() == state.model_dump()
    try:
        Marks(not_a_mark=True)
    except ValueError as exc:
        assert "not_a_mark" in str(exc)
    else:
        raise AssertionError("an unknown mark was taken")
