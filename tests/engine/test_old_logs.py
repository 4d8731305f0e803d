"""Logs and snapshots written before cards by slot, offices and the step stack (docs/architecture.md, "Cards,
offices and the step stack") still replay and load: the same cards, the same living, the same captain, lovers and
spare cards, the same result, and every viewer shown the same thing. tests/fixtures/record_games.py recorded the
games with the engine of that time (state fields `captain`, `lovers`, `spare_cards`, one card per player)."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from app.engine.core import replay
from app.engine.evolve import evolve
from app.engine.model import MJ, Event, GameState
from app.engine.rulesets.thiercelieux.state import captain, lovers, marks, spare_cards, village
from app.engine.views import view
from tests.support.paths import TESTS

GAMES: dict[str, Any] = json.loads(gzip.decompress((TESTS / "fixtures" / "old_logs.json.gz")
                                                   .read_bytes()))


def tags(state: GameState) -> dict[str, dict[str, Any]]:
    """Each seat's tags as the recorder kept them: Soupçons' hands and doors, which were tags, are its typed state
    since its setters became facts (issue 25), and read back in that shape."""
    if state.ruleset == "soupcons":
        from app.engine.rulesets.soupcons.state import own

        found: dict[str, dict[str, Any]] = own(state).bookkeeping(state)["tags"]
        return found
    if state.ruleset == "thiercelieux":  # its marks, tags until they became facts (issue 25)
        return {str(s): {**p.tags, **marks(state, s).shown()} for s, p in state.players.items()}
    return {str(s): p.tags for s, p in state.players.items()}


def flags(state: GameState) -> dict[str, Any]:
    """The village's facts as the recorder kept them: Thiercelieux's are its typed state since they became facts."""
    if state.ruleset == "thiercelieux":
        return {**state.flags, **village(state).shown()}
    return state.flags


def summary(state: GameState) -> dict[str, Any]:
    """The recorder's summary (record_games.summary), read from today's state."""
    thiercelieux = state.ruleset == "thiercelieux"
    held = tags(state)
    return {
        "phase": state.phase, "night": state.night, "day": state.day, "seq": state.seq,
        "players": {str(s): {"role": p.role, "original_role": p.original_role, "alive": p.alive,
                             "revealed": p.revealed, "tags": held[str(s)]} for s, p in state.players.items()},
        "captain": captain(state) if thiercelieux else None,
        "lovers": lovers(state) if thiercelieux else [],
        "spare_cards": spare_cards(state) if thiercelieux else [],
        "result": state.result, "flags": flags(state), "step": state.step.key if state.step else None,
        "prompts": sorted(state.prompts),
    }


def seen(state: GameState) -> dict[str, Any]:
    """What each viewer is shown (record_games.seen), the captain read from the seat's offices."""
    out: dict[str, Any] = {}
    viewers: list[int | str] = [*state.players, "spectator", MJ]
    for viewer in viewers:
        v = view(state, viewer)
        out[str(viewer)] = {
            "players": {str(p["seat"]): [p["role"], p["alive"], "captain" in p["offices"]] for p in v["players"]},
            "me": [v["me"]["role"], v["me"]["original_role"]] if "me" in v else None,
            "prompts": sorted(p["id"] for p in v["prompts"]),
            # `spirits` (the living Chaman's, and the MJ's) is listed since issue 26 (item 3), after the recording.
            "channels": sorted(c["name"] for c in v["channels"] if c["name"] != "spirits"),
        }
    return out


def events(game: dict[str, Any]) -> list[Event]:
    return [Event.model_validate(e) for e in game["events"]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_old_log_replays_to_the_same_game(name: str) -> None:
    game = GAMES[name]
    state = replay(events(game))
    assert summary(state) == game["final"]["summary"]
    assert seen(state) == game["final"]["seen"]
    half = game["half"]
    middle = replay(events(game)[:half["seq"]])
    assert summary(middle) == half["summary"]
    assert seen(middle) == half["seen"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_old_snapshot_loads_and_the_game_goes_on_from_it(name: str) -> None:
    game = GAMES[name]
    final = GameState.model_validate(game["final"]["state"])
    assert summary(final) == game["final"]["summary"]
    half = game["half"]
    assert "captain" in half["state"] and "role" in next(iter(half["state"]["players"].values()))  # the old form
    loaded = GameState.model_validate(half["state"])
    assert summary(loaded) == half["summary"]
    assert seen(loaded) == half["seen"]
    assert summary(replay(events(game)[half["seq"]:], loaded)) == game["final"]["summary"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_old_checkpoint_is_undone_to(name: str) -> None:
    """The undo checkpoint inside an old snapshot is an old state too: going back to it reads it the new way."""
    loaded = GameState.model_validate(GAMES[name]["half"]["state"])
    before = json.loads(GAMES[name]["half"]["state"]["checkpoint"])
    evolve(loaded, Event(type="undone", data={"phase": loaded.phase, "number": loaded.day}))
    assert (loaded.phase, loaded.day, loaded.night) == (before["phase"], before["day"], before["night"])
    for seat, p in before["players"].items():
        assert (loaded.players[int(seat)].role, loaded.players[int(seat)].alive) == (p["role"], p["alive"])
    if loaded.ruleset == "thiercelieux":
        assert (captain(loaded), lovers(loaded), spare_cards(loaded)) == (
            before["captain"], before["lovers"], before["spare_cards"])
