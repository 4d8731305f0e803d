"""What a room's events push, and to whom.

Public pushes go to every subscriber of the room alike: the game starts, the night falls, the game ends, a vote
closes soon, a message of the MJ to everyone. Personal ones go to one seat: a question waiting for it, a message of
the MJ to it alone. At a live table a phone that buzzes alone gives its owner's role away (the Voyante's phone rings
as the night's first step opens), so personal pushes follow the room's option `personal_pushes`: "auto" (the
default) allows them in a long game only (a forum game, or steps counted in hours), "on" and "off" decide."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from app.engine import Event, GameState
from app.engine.model import MJ

Kind = Literal["started", "night", "ended", "vote_closing", "prompt", "mj"]
LONG_STEP = 3600.0  # a step option of an hour or more makes a long game (Reptiliens' week over hours)
STEP_OPTIONS = ("night_step", "debate", "vote", "turn")
MAX_TEXT = 140  # the MJ's words in a push, at most (a notification shows two or three lines)
# Events after which the vote reminder is armed again (or dropped): the step, the phase or the clock changed.
CLOCK_EVENTS = frozenset({"step", "phase", "ended", "paused", "resumed", "step_resumed", "step_deadline",
                          "step_suspended"})


@dataclass(frozen=True)
class Push:
    kind: Kind
    seq: int  # the event's place in the room's log: with the kind, what processes claim (one sends)
    seats: tuple[int | str, ...] | None = None  # None: every subscriber; else these seats (MJ: the MJ's)
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def personal(self) -> bool:
        return self.seats is not None


def long_game(state: GameState) -> bool:
    options = state.options
    if options.get("schedule") == "forum":
        return True
    return any(isinstance(options.get(k), int | float) and float(options[k]) >= LONG_STEP for k in STEP_OPTIONS)


def personal_allowed(state: GameState) -> bool:
    choice = state.options.get("personal_pushes", "auto")
    if choice == "on":
        return True
    if choice == "off":
        return False
    return long_game(state)


def vote_step(key: str) -> bool:
    return "vote" in key


def pushes_of(state: GameState, events: list[Event], had_phase: Callable[[], bool]) -> list[Push]:
    """The pushes of `events`, just committed to a room whose state (after them) is `state`; `had_phase` tells
    whether the log before them held a phase (asked only to tell the game's first phase)."""
    out: list[Push] = []
    first = state.seq - len(events) + 1
    started = False
    personal = personal_allowed(state)
    for i, e in enumerate(events):
        seq = first + i
        if e.type == "announce" and e.to is None and e.data.get("key") == "game_started":
            started = True
            out.append(Push("started", seq))
        elif e.type == "phase" and e.to is None:
            if not started and not had_phase():
                started = True  # a ruleset that announces no start (Soupçons): its first phase is the start
                out.append(Push("started", seq))
            elif e.data.get("phase") == "night" and not started:
                out.append(Push("night", seq, params=(("night", int(e.data.get("night") or 0)),)))
        elif e.type == "ended":
            out.append(Push("ended", seq))
        elif e.type == "said" and e.data.get("mj") is True:
            text = str(e.data.get("text", ""))
            text = text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"
            if e.to is None:
                out.append(Push("mj", seq, params=(("text", text),)))
            elif personal:
                seats = tuple(s for s in e.to if isinstance(s, int) and s >= 0)
                if seats:
                    out.append(Push("mj", seq, seats, (("text", text),)))
        elif e.type == "prompt_opened" and personal:
            prompt: dict[str, Any] = e.data.get("prompt") or {}
            if prompt.get("optional"):
                continue
            seats_: tuple[int | str, ...] = tuple(s for s in prompt.get("to") or () if isinstance(s, int))
            if prompt.get("to_mj"):
                seats_ += (MJ,)
            if seats_:
                out.append(Push("prompt", seq, seats_))
    return out
