"""What every viewer sees stays the same while the engine changes shape (issue 25, "Done means").

Recorded games of the three rulesets are played again in virtual time (app/sim.py: the bots answer from their own
views, so a game goes the same way only if every view does). After every command, each viewer's view (every seat,
the MJ, a spectator) and the events it is sent are hashed; the digests were recorded before the engine was
reshaped (tests/data/views/<ruleset>.json) and must match, command by command. The same games' event logs are kept
(tests/data/logs/<game>.jsonl.gz): the engine of today must still load them and project the same views from them.

Views and frames are recorded apart. `VEILLEE_RECORD=frames` records the frames again and keeps the views pinned
(they must still match): for a change of the events themselves that shows players nothing new (a generic setter
replaced by a typed fact, issue 25 item 3). `VEILLEE_RECORD=1` records everything again: only for a change that is
meant to alter what players see. Either is said in its commit."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
from typing import Any

import pytest

from app.engine.core import replay
from app.engine.model import MJ, SPECTATOR, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.views import event_visible, omniscient, public_event, view
from app.sim import Game, play
from app.sim_setups import random_setup as sim_setup
from tests.support.paths import TESTS
from tests.support.viewers import viewers

DATA = TESTS / "data"
RECORD = os.environ.get("VEILLEE_RECORD", "")  # "1": everything, "frames": the frames only
# (seed, players, random set-up, options) per ruleset: a plain table, a drawn composition, an MJ where there is one.
GAMES: dict[str, list[tuple[int, int, bool, dict[str, Any]]]] = {
    "thiercelieux": [(1, 8, False, {}), (2, 10, True, {}), (3, 9, True, {"moderation": "mj"}), (8, 14, True, {}),
                     (9, 16, True, {}), (10, 12, True, {"moderation": "mj"}), (11, 18, True, {})],
    "reptiliens": [(4, 8, False, {}), (5, 11, True, {}), (12, 8, False, {"moderation": "mj"}), (13, 15, True, {})],
    "soupcons": [(6, 4, False, {}), (7, 6, False, {})],
}


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False).encode()


class Watched(Game):
    """A game that hashes, after every command it takes, what each viewer sees and is sent."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.views: list[str] = []  # per command: a digest of every viewer's view
        self.frames: list[str] = []  # per command: a digest of the events every viewer is sent
        super().__init__(ruleset, seed, players, options)

    def viewers(self) -> list[Any]:
        return [*sorted(self.state.players), MJ, SPECTATOR]

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        seen, sent = hashlib.sha256(canonical(cmd.type)), hashlib.sha256(canonical(cmd.type))
        for viewer in self.viewers():
            sees_all = omniscient(self.state, viewer)
            sent.update(canonical([public_event(e, with_audience=sees_all) for e in events
                                   if event_visible(e, viewer, self.state)]))
            seen.update(canonical(view(self.state, viewer)))
        self.views.append(seen.hexdigest()[:16])
        self.frames.append(sent.hexdigest()[:16])
        return events


def game_id(ruleset: str, seed: int) -> str:
    return f"{ruleset}-{seed}"


def played(ruleset: str, seed: int, players: int, random_setup: bool, given: dict[str, Any]) -> Watched:
    rules = get_ruleset(ruleset)
    composition, options = sim_setup(rules.key, players, random.Random(seed)) if random_setup else (None, {})
    return play(ruleset, seed, players, {**options, **given}, composition=composition, kind=Watched)


def final_views(events: list[Event]) -> str:
    """The digest of every viewer's view of the state the log folds into."""
    state = replay(events)
    h = hashlib.sha256()
    for viewer in viewers(*sorted(state.players), MJ, SPECTATOR):
        h.update(canonical(view(state, viewer)))
    return h.hexdigest()


CASES = [(ruleset, *game) for ruleset, games in GAMES.items() for game in games]


@pytest.mark.parametrize(("ruleset", "seed", "players", "random_setup", "given"), CASES,
                         ids=[game_id(c[0], c[1]) for c in CASES])
def test_every_viewer_sees_what_was_recorded(ruleset: str, seed: int, players: int, random_setup: bool,
                                             given: dict[str, Any]) -> None:
    game = played(ruleset, seed, players, random_setup, given)
    assert game.state.phase == "ended"
    path = DATA / "views" / f"{game_id(ruleset, seed)}.json"
    log = DATA / "logs" / f"{game_id(ruleset, seed)}.jsonl.gz"
    got: dict[str, Any] = {"commands": len(game.views), "final": final_views(game.events), "views": game.views,
           "frames": game.frames}
    if RECORD == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        log.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=0) + "\n", encoding="utf-8")
        with gzip.open(log, "wt", encoding="utf-8") as out:
            for event in game.events:
                out.write(event.model_dump_json() + "\n")
    want = json.loads(path.read_text(encoding="utf-8"))
    first = next((i for i, (a, b) in enumerate(zip(got["views"], want["views"], strict=False)) if a != b), None)
    assert first is None, f"what the viewers see differs from command {first} on (of {want['commands']})"
    assert (got["commands"], got["final"]) == (want["commands"], want["final"])
    if RECORD == "frames":
        path.write_text(json.dumps({**want, "frames": got["frames"]}, indent=0) + "\n", encoding="utf-8")
        return
    first = next((i for i, (a, b) in enumerate(zip(got["frames"], want["frames"], strict=False)) if a != b), None)
    assert first is None, f"the events the viewers are sent differ from command {first} on"


@pytest.mark.parametrize(("ruleset", "seed"), [(c[0], c[1]) for c in CASES], ids=[game_id(c[0], c[1]) for c in CASES])
def test_a_recorded_log_still_loads_into_the_same_views(ruleset: str, seed: int) -> None:
    """A log written by the engine as it was (the store's events, as JSON) folds into the same state: every
    viewer's view of it is the one recorded."""
    with gzip.open(DATA / "logs" / f"{game_id(ruleset, seed)}.jsonl.gz", "rt", encoding="utf-8") as lines:
        events = [Event.model_validate_json(line) for line in lines]
    want = json.loads((DATA / "views" / f"{game_id(ruleset, seed)}.json").read_text(encoding="utf-8"))
    assert events[0].type == "created" and replay(events).phase == "ended"
    assert final_views(events) == want["final"]
