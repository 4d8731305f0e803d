"""Issue 22, item 11: one clock. Every viewer of a Reptiliens game (each seat, a spectator, the MJ's console) counts
down to the same moment for the step under way, through the opening, the nights and the days, with an MJ or
without: the step's deadline, which the plausible length policy set for everyone (manifest.STEPS), and which every
question of the step shares, the MJ's own judgment calls among them.

Seed 000 §12 "Il posera de toute façon toutes les questions": every step is called, held or not, for a length that
tells nobody who holds its card; a viewer whose clock said otherwise would learn it (or be misled)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.bots import random_answer
from app.engine.model import MJ, SPECTATOR, Command, Event
from app.engine.prompts import MJ_SEAT
from app.engine.views import view
from app.sim import Game, play
from tests.support.viewers import viewers

CLOCKS = {"mj_time": 120, "night_step": 45, "plausible_min": None, "plausible_max": None}


class Clocked(Game):
    """A bots' game (app/sim.py) that, after every command, reads the clock every viewer is shown."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.steps: set[tuple[str, str]] = set()  # (phase, step key) seen, to know the game went through them all
        self.mj_asked = 0
        super().__init__(ruleset, seed, players, options)

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        s = self.state
        if s.phase not in ("night", "day") or s.step is None:
            return events
        self.steps.add((s.phase, s.step.key))
        step = {"key": s.step.key, "started": s.step.started, "deadline": s.step.deadline}
        in_step = set(s.step.prompts)
        for viewer in viewers(MJ, SPECTATOR, *sorted(s.players)):
            v = view(s, viewer)
            assert v["step"] == step, f"{viewer} counts down to {v['step']}, not the step's {step}"
            for pv in v["prompts"]:
                if pv["id"] in in_step and not pv.get("suspended"):
                    # A question of the step under way, the MJ's too: the step's own clock.
                    assert pv["deadline"] == step["deadline"], (viewer, pv["step"], pv["deadline"], step)
                    self.mj_asked += bool(pv.get("to_mj")) and viewer == MJ
        if s.step.min_end is not None and s.step.deadline is not None:
            # The hidden earliest end never outlasts the public deadline: nobody's clock runs out before the step.
            assert s.step.min_end <= s.step.deadline + 1e-9
        return events


class ClockedWithMj(Clocked):
    """The same, with an MJ who answers half of his questions (at random) as time passes."""

    def tick(self) -> None:
        rnd = random.Random(int(self.at * 1000))
        seen = view(self.state, MJ)
        for pv in seen["prompts"]:
            if pv.get("to_mj") and str(MJ_SEAT) not in pv["answers"] and rnd.random() < 0.5:
                self.try_do(Command(type="answer", by=MJ, at=self.at,
                                    args={"prompt": pv["id"], "answer": random_answer(pv, rnd, None, seen)}))
        super().tick()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("moderation", ["auto", "mj"])
def test_every_viewer_counts_down_to_the_same_deadline(seed: int, moderation: str) -> None:
    kind = ClockedWithMj if moderation == "mj" else Clocked
    game = play("reptiliens", seed, 9, {**CLOCKS, "moderation": moderation}, kind=kind)
    assert game.state.phase == "ended"
    phases = {phase for phase, _ in game.steps}
    keys = {key for _, key in game.steps}
    assert phases == {"night", "day"}
    assert "rp-ouverture-conditions" in keys and "rp-concertation" in keys
    # A game may stop before the first vote (a radiant conversion, §3): then it never had a vote to count down to.
    assert "rp-vote" in keys or (game.state.result or {}).get("stop"), "the game had no vote and did not stop early"
    if moderation == "mj":
        assert game.mj_asked, "the MJ was asked nothing: the MJ's clock was never compared"


def test_a_step_of_the_mjs_judgment_calls_shows_his_time_to_everyone() -> None:
    """With an MJ, "Conditions de victoire personnelle" waits for him up to `mj_time` (manifest.MJ_CALLS): that is
    the step's deadline, on every phone as on the console, whatever cards were dealt."""
    game = Clocked("reptiliens", 5, 8, {**CLOCKS, "moderation": "mj"})
    game.do(Command(type="start", by=MJ, at=game.at))
    s = game.state
    assert s.step is not None and s.step.key == "rp-ouverture-conditions"
    assert s.step.deadline == pytest.approx(s.step.started + 120)
    console = view(s, MJ)
    asked = [p for p in console["prompts"] if p["id"] in s.step.prompts]
    assert asked and all(p["to_mj"] and p["deadline"] == s.step.deadline for p in asked)
    assert all(view(s, seat)["step"]["deadline"] == s.step.deadline for seat in s.players)
