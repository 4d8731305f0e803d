"""Random legal Thiercelieux games, checked after every single command.

Each example plays a whole game through the engine alone: 5 to 16 seats, a random composition and random room
options; seats answer their own prompts at random (sometimes staying silent), dead seats keep trying to act, and
time jumps to each wake-up the engine asks for. After every command (accepted or refused): the dead never act,
exactly the right prompts are open, nobody sees a secret, and a game that is won is over; at the end, the winners
follow the rules and the log replays to the final state.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import random_answer
from app.engine.core import apply, new_state, replay
from app.engine.errors import Rejected
from app.engine.model import MJ, SYSTEM, Command, Event, GameState, Prompt
from app.engine.rulesets.thiercelieux.roles import is_wolf, wolves_for
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from app.engine.rulesets.thiercelieux.state import lovers as lovers_of
from app.engine.rulesets.thiercelieux.state import marks, scratch
from app.engine.views import view
from tests.support.engine import FAST, T0, Secrets

SPECIALS = ["voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur"]
MAX_COMMANDS = 5000
SETTLING = {"voleur", "dawn", "chasseur", "successeur", "captain-tiebreak"}
STEP_PROMPTS = {"loups": {"loups", "petite-fille-peek", "petite-fille-houses"},
                "sorciere": {"sorciere-heal", "sorciere-poison"}}


def composition(n: int, specials: list[str], spare: tuple[str, str]) -> list[str]:
    wolves = wolves_for(n)
    comp = ["loup-garou"] * wolves + specials[: n - wolves - 1]
    comp += ["villageois"] * (n - len(comp))
    if "voleur" in comp:
        comp += list(spare)  # the Voleur brings two more cards
    return comp


# -- what the rules say ------------------------------------------------------------------------------------------
def expected_prompts(state: GameState) -> dict[str, list[int]]:
    """The prompts a freshly opened step must show, by prompt step, with their addressees."""
    assert state.step is not None
    key, living = state.step.key, state.living()
    players = state.players

    def holders(role: str) -> list[int]:
        return [s for s in living if players[s].role == role]

    out: dict[str, list[int]] = {}
    if key in ("voleur", "cupidon", "voyante"):
        for seat in holders(key):
            out[key] = [seat]
    elif key == "loups":
        pack = [s for s in living if is_wolf(players[s].role)]
        if pack:
            out["loups"] = pack
        for seat in holders("petite-fille"):
            out[f"petite-fille-{state.options['petite_fille']}"] = [seat]
    elif key == "sorciere":
        for seat in holders("sorciere"):
            mine = marks(state, seat)
            if not mine.heal_used and scratch(state).victim is not None:
                out["sorciere-heal"] = [seat]
            if not mine.poison_used:
                out["sorciere-poison"] = [seat]
    elif key in ("election", "vote", "revote"):
        out[key] = living
    elif key == "captain-tiebreak":
        captain = captain_of(state)
        assert captain is not None
        out[key] = [captain]
    elif key in ("chasseur", "successeur"):
        seat = (scratch(state).item or {})["seat"]
        if [s for s in living if s != seat]:
            out[key] = [seat]
    else:
        assert key in ("amoureux", "dawn", "debate"), f"unknown step {key}"
    return {k: sorted(v) for k, v in out.items()}


def mixed_couple(state: GameState) -> bool:
    if len(lovers_of(state)) != 2:
        return False
    a, b = (is_wolf(state.players[s].role) for s in lovers_of(state))
    return a != b


def should_be_over(state: GameState) -> bool:
    living = state.living()
    wolves = [s for s in living if is_wolf(state.players[s].role)]
    lovers_alone = mixed_couple(state) and sorted(living) == sorted(lovers_of(state))
    return not living or not wolves or len(wolves) == len(living) or lovers_alone


def check_result(state: GameState) -> None:
    result = state.result
    assert result is not None and result["reason"] == "victory"
    living = sorted(state.living())
    wolves_alive = [s for s in living if is_wolf(state.players[s].role)]
    apart = set(lovers_of(state)) if mixed_couple(state) else set()
    everyone = state.players.values()
    camp = result["camp"]
    if camp == "village":
        assert not wolves_alive
        assert result["winners"] == sorted(p.seat for p in everyone if not is_wolf(p.role) and p.seat not in apart)
    elif camp == "wolves":
        assert living and wolves_alive == living
        assert result["winners"] == sorted(p.seat for p in everyone if is_wolf(p.role) and p.seat not in apart)
    elif camp == "lovers":
        assert mixed_couple(state) and living == sorted(lovers_of(state)) == result["winners"]
    else:
        assert camp is None and living == [] and result["winners"] == []  # everyone died at once


# -- the referee -------------------------------------------------------------------------------------------------
class Referee:
    def __init__(self) -> None:
        self.secrets = Secrets()
        self.last_step: tuple[Any, ...] | None = None
        self.steps_seen: set[str] = set()

    def after(self, before: GameState, state: GameState, events: list[Event]) -> None:
        # The dead never act: every answer comes from a living seat, or from the dead hunter / captain.
        for e in events:
            if e.type == "answered" and e.data["seat"] >= 0:
                prompt = before.prompts[e.data["prompt"]]
                assert before.players[e.data["seat"]].alive or prompt.dead_may_answer, e.data

        open_prompts = [p for p in state.prompts.values() if not p.closed]
        if state.phase == "ended":
            assert not open_prompts and state.step is None and state.wake_at is None
            check_result(state)
        else:
            assert state.phase in ("night", "day") and state.step is not None
            assert state.wake_at is not None, "nothing will ever happen again"
            # Exactly the right prompts: only the current step's, addressed to the living (or the dying).
            for p in open_prompts:
                assert p.id in state.step.prompts, f"prompt {p.step} open outside step {state.step.key}"
                if p.to_mj:
                    continue  # the MJ's own judgment calls (moderation "mj") ask no seat
                assert p.step in STEP_PROMPTS.get(state.step.key, {state.step.key})
                for seat in p.to:
                    assert state.players[seat].alive or p.dead_may_answer, f"dead seat {seat} asked {p.step}"
                    if p.dead_may_answer:
                        assert not state.players[seat].alive
            ident = (state.phase, state.night, state.day, state.step.key, state.step.started,
                     tuple(state.step.prompts))
            if ident != self.last_step:
                self.last_step = ident
                self.steps_seen.add(state.step.key)
                fresh = [state.prompts[p] for p in state.step.prompts]
                assert all(not p.answers for p in fresh)
                got: dict[str, list[int]] = {}
                for p in fresh:
                    if p.to_mj:
                        continue
                    assert p.step not in got, f"two {p.step} prompts"
                    got[p.step] = sorted(p.to)
                assert got == expected_prompts(state), (state.step.key, got, expected_prompts(state))
                # A won game is over, once the deaths' consequences are settled. (Before the Voleur's choice,
                # every wolf card may lie among the two spare cards: he may still take one.)
                if state.step.key not in SETTLING and not state.queue:
                    assert not should_be_over(state), f"the game goes on though it is won ({state.step.key})"
        self.secrets.check(state, events)


class Table:
    """One game and its referee; every command goes through `do`."""

    def __init__(self, n: int, seed: int, options: dict[str, Any], comp: list[str]) -> None:
        self.rnd = random.Random(seed)
        self.referee = Referee()
        self.commands = 0
        self.state, self.events = new_state("thiercelieux", seed + 2**40, at=T0)
        self.at = T0
        for seat in range(n):
            self.do(Command(type="join", by=SYSTEM, at=self.at, args={"seat": seat, "name": f"P{seat}"}))
        self.do(Command(type="configure", by=MJ, at=self.at,
                        args={"options": {**FAST, **options}, "composition": comp}))
        self.do(Command(type="start", by=MJ, at=self.at))

    def do(self, cmd: Command) -> list[Event]:
        before = self.state
        self.commands += 1
        self.state, events = apply(before, cmd)
        self.events.extend(events)
        if self.state.phase != "lobby":
            self.referee.after(before, self.state, events)
        return events

    def try_answer(self, by: int | str, prompt: str, answer: Any, seat: int | None = None) -> str | None:
        args: dict[str, Any] = {"prompt": prompt, "answer": answer}
        if seat is not None:
            args["seat"] = seat
        try:
            self.do(Command(type="answer", by=by, at=self.at, args=args))
        except Rejected as exc:
            self.referee.after(self.state, self.state, [])  # a refusal changes nothing
            return exc.rejection.code
        return None

    def play_round(self) -> None:
        rnd = self.rnd
        for seat in sorted(self.state.players):
            for prompt in view(self.state, seat)["prompts"]:
                if not prompt["mine"] or str(seat) in prompt["answers"] or rnd.random() < 0.15:
                    continue
                if self.state.prompts[prompt["id"]].closed:
                    continue  # an earlier answer this round closed the step
                for _ in range(4):
                    code = self.try_answer(seat, prompt["id"], random_answer(prompt, rnd, seat))
                    if code is None:
                        break
                    # A well-formed answer to one's own open prompt is refused only by a rule of the game.
                    assert code in ("lover_vote", "lover_harm", "cupid_vote", "self_vote", "prompt_closed"), code
                self.at += rnd.uniform(0.0, 0.5)
        if self.state.phase == "ended":
            return  # an answer ended the game (a hunter's shot, a vote)
        self.dead_try_to_act()
        wake = self.state.wake_at
        assert wake is not None
        self.at = max(self.at, wake)
        self.do(Command(type="tick", by=SYSTEM, at=self.at))

    def dead_try_to_act(self) -> None:
        dead = [s for s, p in self.state.players.items() if not p.alive]
        open_prompts = [p for p in self.state.prompts.values() if not p.closed]
        if not dead or not open_prompts:
            return
        seat, prompt = self.rnd.choice(dead), self.rnd.choice(open_prompts)
        if prompt.dead_may_answer and seat in prompt.to:
            return  # the dead hunter or captain may speak
        answer = well_formed(prompt)
        assert self.try_answer(seat, prompt.id, answer) in ("dead", "no_such_prompt")
        assert self.try_answer(MJ, prompt.id, answer, seat=seat) in ("dead", "no_such_prompt")


def well_formed(prompt: Prompt) -> Any:
    if prompt.kind == "confirm":
        return True
    if prompt.kind == "choice":
        return prompt.options[0]
    return list(prompt.options[: max(prompt.min, 1)])


OPTIONS = st.fixed_dictionaries(
    {
        "petite_fille": st.sampled_from(["peek", "houses"]),
        "petite_fille_risk": st.sampled_from([0.0, 0.3, 1.0]),
        "wolves_disagree": st.sampled_from(["nobody", "plurality"]),
        "captain": st.booleans(),
        "allow_abstain": st.booleans(),
    }
)


@settings(max_examples=30, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(5, 16),
    seed=st.integers(0, 2**32),
    options=OPTIONS,
    specials=st.permutations(SPECIALS).flatmap(lambda p: st.integers(0, len(p)).map(lambda k: p[:k])),
    spare=st.sampled_from([("villageois", "villageois"), ("loup-garou", "villageois"),
                           ("loup-garou", "loup-garou")]),
)
def test_random_games_follow_the_rules(n: int, seed: int, options: dict[str, Any], specials: list[str],
                                       spare: tuple[str, str]) -> None:
    table = Table(n, seed, options, composition(n, specials, spare))
    while table.state.phase != "ended":
        assert table.commands < MAX_COMMANDS, "the game never ends"
        table.play_round()
    assert replay(table.events).model_dump() == table.state.model_dump()
