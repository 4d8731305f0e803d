"""Play whole games through the engine alone, time jumping to each deadline: random players answer from their own
views (`bot_round`), or, with `bots=True`, every seat is a server bot (the room option `bots`: the ruleset's own bot
code answers inside the engine, as in a room)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, TypeVar, overload

from app.bots import random_answer
from app.engine.core import decide_on, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SYSTEM, Command, Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.views import extra_part, omniscient, prompts_part
from app.sim_setups import random_setup

LOVERS = ("mj", "drawn", "none")  # the `lovers` option a game draws when the set-up does not say (Reptiliens)
FAST = {"night_step": 30, "plausible_min": 1, "plausible_max": 3, "dawn": 1, "election": 30, "debate": 5,
        "vote": 30, "reaction": 10}


class Game:
    """A game driven in virtual time; `events` is its whole log."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.state, self.events = new_state(ruleset, seed, options)
        self.at = 1_000_000.0
        for seat in range(players):
            self.do(Command(type="join", by=SYSTEM, at=self.at, args={"seat": seat, "name": self.name(seat)}))

    def name(self, seat: int) -> str:
        return f"P{seat}"

    def do(self, cmd: Command) -> list[Event]:
        """`apply`, without its copy: decide on the state itself, keeping only a plain snapshot to restore when the
        command is refused (about one in six of a random player's). Validating a copy was 70% of a command's cost."""
        saved = self.state.model_dump()
        try:
            events = decide_on(self.state, cmd)
        except BaseException:
            self.state = GameState.model_validate(saved)  # the refused decision may have changed part of it
            raise
        self.events.extend(events)
        return events

    def try_do(self, cmd: Command) -> bool:
        try:
            self.do(cmd)
            return True
        except Rejected:
            return False

    def tick(self) -> None:
        wake = self.state.wake_at
        if wake is not None:
            self.at = max(self.at, wake)
        self.do(Command(type="tick", by=SYSTEM, at=self.at))


def bot_round(game: Game, rnd: random.Random, skip: float = 0.1, invoke: float = 0.02, give: float = 0.01) -> None:
    """Every seat with an open prompt answers (or, sometimes, stays silent) from its own view; now and then a seat
    uses a power its view says it may invoke (`secrets.invocable`), or gives coins to a player its view says it may
    (`secrets.may_give`, Reptiliens). A seat's whole view is projected only when it has something to do: its open
    prompts come first; then only the parts of its view a random player reads, its prompts and its secrets (a 40-seat
    game spent 85% of its time projecting whole views; the views themselves are checked by the fuzz tests)."""
    state: GameState = game.state
    bots = set(state.options.get("bots") or [])  # seats the server plays answer inside the engine
    for seat in [p.seat for p in state.players.values() if p.controller is None and p.seat not in bots]:
        wants_power, wants_gift = rnd.random() < invoke, rnd.random() < give
        if not (wants_power or wants_gift or _has_prompt(game.state, seat)):
            continue
        seen = _seen(game.state, seat)
        powers = (seen.get("secrets") or {}).get("invocable") or []
        if powers and wants_power:
            game.try_do(Command(type="invoke", by=seat, at=game.at, args={"power": rnd.choice(powers)}))
            seen = _seen(game.state, seat)
        mine = seen.get("secrets") or {}
        if mine.get("may_give") and wants_gift:  # Reptiliens §7: a gift, now and then
            args = {"to": rnd.choice(mine["may_give"]), "coins": rnd.randint(1, max(1, int(mine.get("coins", 1))))}
            game.try_do(Command(type="rp-give", by=seat, at=game.at, args=args))
            seen = _seen(game.state, seat)
        for prompt in seen["prompts"]:
            if not prompt["mine"] or str(prompt["as"]) in prompt["answers"] or rnd.random() < skip:
                continue
            for _ in range(4):
                answer = random_answer(prompt, rnd, prompt["as"], seen)
                cmd = Command(type="answer", by=seat, at=game.at, args={"prompt": prompt["id"], "answer": answer})
                if game.try_do(cmd):
                    break
            game.at += rnd.uniform(0.0, 0.5)


def _seen(state: GameState, seat: int) -> dict[str, Any]:
    """The parts of `seat`'s view a random player reads: its prompts and the ruleset's part (its secrets)."""
    sees_all, mine = omniscient(state, seat), state.seats_of(seat)
    return {"prompts": prompts_part(state, seat, sees_all, mine), **extra_part(state, seat, sees_all, mine)}


def _has_prompt(state: GameState, seat: int) -> bool:
    """Whether `seat` sees an open prompt of its own it has not answered (the prompts of its view, alone)."""
    prompts = prompts_part(state, seat, omniscient(state, seat), state.seats_of(seat))
    return any(p["mine"] and str(p["as"]) not in p["answers"] for p in prompts)


G = TypeVar("G", bound=Game)


@overload
def play(ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None, max_rounds: int = 3000,
         composition: list[str] | None = None) -> Game: ...


@overload
def play(ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None, max_rounds: int = 3000,
         composition: list[str] | None = None, *, kind: type[G]) -> G: ...


def play(ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None, max_rounds: int = 3000,
         composition: list[str] | None = None, *, kind: type[Game] = Game) -> Game:
    """A whole game of bots, in virtual time; `kind`: a subclass of Game that watches it (the tests')."""
    rnd = random.Random(seed)
    known = get_ruleset(ruleset).options_model.model_fields
    opts = {**{k: v for k, v in FAST.items() if k in known}, **(options or {})}  # each ruleset has its own clocks
    game = kind(ruleset, seed, players, opts)
    if composition:
        game.do(Command(type="configure", by=MJ, at=game.at, args={"composition": composition}))
    game.do(Command(type="start", by=MJ, at=game.at))
    for _ in range(max_rounds):
        if game.state.phase == "ended":
            return game
        bot_round(game, rnd)
        game.tick()
    raise RuntimeError(f"game {seed} did not end after {max_rounds} rounds")


def simulate(ruleset: str, games: int, seed: int, players: int | None = None,
             roles: str | None = None, bots: bool = False) -> dict[str, Any]:
    """`roles="all"`: each game draws a random composition from every role, and random variants. `bots`: every
    seat is a server bot (for rulesets whose options have a `bots` list)."""
    rules = get_ruleset(ruleset)
    if bots and "bots" not in rules.options_model.model_fields:
        raise ValueError(f"{ruleset} has no server bots")
    rnd = random.Random(seed)
    wins: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    lovers: Counter[str] = Counter()
    finished = errors = 0
    for i in range(games):
        n = players or rnd.randint(rules.min_players, min(rules.max_players, 18))
        composition, options = random_setup(ruleset, n, rnd) if roles == "all" else (None, {})
        if "lovers" in rules.options_model.model_fields and "lovers" not in options:
            options = {**options, "lovers": rnd.choice(LOVERS)}  # Reptiliens §4: some tables have no lovers
        if "lovers" in options:
            lovers[str(options["lovers"])] += 1
        if bots:
            options = {**options, "bots": list(range(n))}
        try:
            game = play(ruleset, seed * 100_003 + i, n, options, composition=composition)
        except Exception as exc:
            errors += 1
            print(f"game {i}: error {type(exc).__name__}: {exc}")
            continue
        finished += 1
        dealt.update(e.data["role"] for e in game.events if e.type == "role_set" and e.data.get("original"))
        result = game.state.result or {}
        wins[str(result.get("camp"))] += 1
        print(f"game {i}: {n} players, {game.state.night} nights, {game.state.day} days, winner {result.get('camp')}")
    never = sorted(set(rules.roles) - set(dealt))
    out = {"games": games, "finished": finished, "errors": errors, "wins": dict(wins), "never_dealt": never}
    return {**out, "lovers": dict(lovers)} if lovers else out


if __name__ == "__main__":  # pragma: no cover
    from app import games

    games.install()
    print(json.dumps(simulate("thiercelieux", 5, 1)))
