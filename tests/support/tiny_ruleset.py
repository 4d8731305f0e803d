"""A ruleset of a few lines that only the engine tests register (`registered`), to try what the engine carries for
any game without Thiercelieux: two cards a seat, an office, a power invoked at any moment, number and text
questions, the ruleset's own typed state and events.

The table: each seat holds a camp card ("red" or "blue": the reds know each other's) and a specialty card
("smith", "baker"…, nobody else's ever shown); a death turns the camp card only. The game is one day: a public
vote, with a question of coins (a number) and a law (a text) to the first seat. A seat holding the "gunner"
specialty may invoke a shot at any moment: the vote is set aside while the gunner aims, then resumes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, cast

from pydantic import Field

from app.engine.context import Ctx
from app.engine.errors import Rejected
from app.engine.evolve import OWN_HANDLERS, handles
from app.engine.model import GameState, RulesetState
from app.engine.options import EngineOptions
from app.engine.ruleset import RULESETS, Role, Ruleset, register

KEY = "tiny"
CAMP, SPECIALTY = "camp", "specialty"
MAYOR = "mayor"


class Options(EngineOptions):
    vote: float = 60.0
    aim: float = 20.0


class Tiny(RulesetState):
    shots: list[int] = Field(default_factory=list)  # who shot whom, in order (the ruleset's own typed state)
    aimed_tonight: int = 0  # forgotten at each phase (`new_phase`)

    def new_phase(self) -> None:
        self.aimed_tonight = 0


def own(state: GameState) -> Tiny:
    return cast(Tiny, state.own)


def _shot(s: GameState, d: dict[str, Any]) -> None:
    own(s).shots.append(d["target"])
    own(s).aimed_tonight += 1


class TinyRules(Ruleset):
    key = KEY
    min_players = 2
    options_model = Options
    state_model = Tiny
    slots = (CAMP, SPECIALTY)
    offices = (MAYOR,)
    roles: ClassVar[dict[str, Role]] = {r.key: r for r in (
        Role("red", "reds", unique=False), Role("blue", "blues", unique=False), Role("gunner", "none"),
        Role("smith", "none", unique=False), Role("baker", "none", unique=False))}

    def check_composition(self, state: GameState) -> None:
        return None

    def start(self, ctx: Ctx) -> None:
        for i, p in enumerate(ctx.s.by_position()):
            ctx.set_card(p.seat, "red" if i % 2 == 0 else "blue", CAMP, original=True)
            ctx.set_card(p.seat, "gunner" if i == 1 else "smith", SPECIALTY, original=True)
        ctx.emit("phase", {"phase": "day", "day": 1})
        ctx.open_step("vote", float(ctx.s.options["vote"]))
        living = ctx.s.living()
        ctx.open_prompt(step="vote", kind="pick", to=living, options=living, min=0, max=1, visibility="public")
        first = living[0]
        ctx.open_prompt(step="coins", kind="number", to=[first], min=0, max=5)
        ctx.open_prompt(step="law", kind="text", to=[first], min=1, max=20)

    def invoke(self, ctx: Ctx, seat: int, power: str, args: dict[str, Any]) -> None:
        if power != "shot" or ctx.s.players[seat].card(SPECIALTY) != "gunner" or not ctx.s.players[seat].alive:
            raise Rejected("no_such_power", "There is no such power to invoke.")
        ctx.suspend()
        ctx.announce("invoked", kind="shot")
        ctx.open_step("aim", float(ctx.s.options["aim"]))
        targets = [x for x in ctx.s.living() if x != seat]
        ctx.open_prompt(step="aim", kind="pick", to=[seat], options=targets, min=1, max=1)

    def finish_step(self, ctx: Ctx) -> None:
        step = ctx.s.step
        assert step is not None
        prompts = ctx.step_prompts()
        for prompt in prompts:
            ctx.close_prompt(prompt)
        if step.key == "aim":
            answer = next(iter(prompts[0].answers.values()), None) if prompts else None
            if answer:
                ctx.emit("shot", {"target": answer[0]})
                self.kill(ctx, answer[0], "shot")
            ctx.resume()
            return
        ctx.emit("ended", {"camp": None, "winners": [], "reason": "over"})

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None:
        ctx.died(seat, cause)

    def turned_on_death(self, state: GameState, seat: int, cause: str) -> list[str]:
        return [CAMP]  # the specialty stays face down

    def role_of_viewer_known(self, state: GameState, viewer: int, seat: int, slot: str = CAMP) -> str | None:
        reds = state.players[viewer].card(CAMP) == "red" and state.players[seat].card(CAMP) == "red"
        return "red" if slot == CAMP and reds else None

    def set_office(self, ctx: Ctx, office: str, seat: int | None) -> None:
        if seat is not None and not ctx.s.players[seat].alive:
            raise Rejected("dead", "A dead player holds no office.")
        ctx.emit("office", {"office": office, "seat": seat})


@contextmanager
def registered() -> Iterator[TinyRules]:
    """The tiny ruleset in the registry for the time of a test, and gone afterwards."""
    rules = TinyRules()
    register(rules)
    handles("shot", ruleset=KEY)(_shot)
    try:
        yield rules
    finally:
        RULESETS.pop(KEY, None)
        OWN_HANDLERS.pop(KEY, None)
