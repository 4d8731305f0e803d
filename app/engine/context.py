"""The working copy a command is decided on: every change is emitted as an event and folded at once."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Container, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import orjson

from app.engine.afk import PromptsMissed
from app.engine.audience import Member
from app.engine.errors import Rejected
from app.engine.evolve import evolve
from app.engine.facts import Fact
from app.engine.model import ROLE, Event, GameState, Prompt
from app.engine.options import engine_options
from app.engine.rng import MASK, Rng

if TYPE_CHECKING:
    from app.engine.ruleset import Ruleset

T = TypeVar("T")
MJ_ONLY: list[int] = []
MAX_MESSAGE_ID = 2**53  # message ids are numbers a browser holds exactly


class Ctx:
    def __init__(self, state: GameState, at: float, ruleset: Ruleset) -> None:
        self.s = state
        self.at = at
        self.ruleset = ruleset
        self.events: list[Event] = []
        self._rng_mark = state.rng

    # -- events ---------------------------------------------------------------------------------------------
    def emit(self, type_: str, data: dict[str, Any] | None = None, to: Sequence[Member] | None = None) -> Event:
        rng = self.s.rng if self.s.rng != self._rng_mark else None
        self._rng_mark = self.s.rng
        event = Event.trusted(type_, data or {}, None if to is None else sorted(set(to)), float(self.at), rng)
        evolve(self.s, event)
        self.events.append(event)
        return event

    def fact(self, fact: Fact, to: Sequence[Member] | None = None) -> Event:
        """Emit a typed fact (app/engine/facts.py) as the event of its type and fields."""
        return self.emit(fact.type, fact.data(), to)

    def flush_rng(self) -> None:
        """A draw that no event carried yet is recorded, so a replay's generator stays in step."""
        if self.s.rng != self._rng_mark:
            self.emit("rng", to=MJ_ONLY)

    def announce(self, key: str, to: Sequence[Member] | None = None, **params: Any) -> None:
        """A line of narration (translated by the client from its catalogue)."""
        self.emit("announce", {"key": key, "params": params}, to=to)

    # -- randomness (the generator's state lives in the game state) ------------------------------------------
    def _rng(self) -> Rng:
        return Rng(self.s.rng)

    def below(self, n: int) -> int:
        r = self._rng()
        out = r.below(n)
        self.s.rng = r.state
        return out

    def uniform(self, low: float, high: float) -> float:
        r = self._rng()
        out = r.uniform(low, high)
        self.s.rng = r.state
        return out

    def chance(self, p: float) -> bool:
        return self.uniform(0.0, 1.0) < p

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        r = self._rng()
        out = r.shuffle(list(items))
        self.s.rng = r.state
        return out

    # -- identifiers ----------------------------------------------------------------------------------------
    # Every viewer receives some prompt and message ids. A global counter would count what the viewer may not see
    # (a seer's prompt before a pack's, a pack's messages before the village's), so an id is a keyed hash
    # of what the prompt or message itself holds (its content and time, never a count), keyed by the generator's
    # state, which only the MJ's stream ever holds. Two games that differ only in hidden things give the same
    # ids. Nothing is drawn, so seeded games keep their draws; the id travels in its event, so a replay never
    # computes one.
    def _keyed(self, kind: str, content: Any, attempt: int) -> bytes:
        # orjson: the prompt's content is most of a prompt's opening cost with the standard library (20 µs of 34).
        data = orjson.dumps([kind, content, attempt], option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS,
                            default=str)
        key = (self.s.rng & MASK).to_bytes(8, "big")
        return hashlib.blake2b(data, key=key, digest_size=8).digest()

    def prompt_id(self, content: Any, taken: Container[str]) -> str:
        """A short id ("p" and 10 base32 letters: 50 bits), drawn again on the rare collision."""
        for attempt in range(1000):
            pid = "p" + base64.b32encode(self._keyed("prompt", content, attempt)).decode()[:10].lower()
            if pid not in taken:
                return pid
        raise AssertionError("no free prompt id")  # pragma: no cover - 1000 collisions of 50-bit ids

    def message_id(self, content: Any, taken: Container[int]) -> int:
        """A chat message id: an int below 2**53 (JS-safe), since the MJ's `hide` and `relay` and the pages use
        numbers; drawn again on the rare collision."""
        for attempt in range(1000):
            mid = int.from_bytes(self._keyed("message", content, attempt), "big") % MAX_MESSAGE_ID
            if mid and mid not in taken:
                return mid
        raise AssertionError("no free message id")  # pragma: no cover

    # -- steps and prompts ----------------------------------------------------------------------------------
    def open_step(self, key: str, duration: float | None) -> None:
        """Start a step with a public countdown (None: none). A step of hidden length is opened through
        night_length.open_hidden, which draws its length and calls this."""
        deadline = None if duration is None else self.at + duration
        # `wake`: the engine's next tick, usually the deadline (public); carried here rather than by a `timer` event
        # of its own, one event fewer a step. `settle` still corrects it when something comes sooner (a hidden
        # min_end, a pause).
        data: dict[str, Any] = {"key": key, "started": self.at, "deadline": deadline}
        if deadline is not None and self.s.paused_at is None:
            data["wake"] = deadline
        self.emit("step", data)

    def open_prompt(self, **fields: Any) -> Prompt:
        given = fields.pop("id", None)
        if "deadline" not in fields and self.s.step is not None:
            fields["deadline"] = self.s.step.deadline
        prompt = Prompt(id=given or "", **fields)
        data = prompt.model_dump(mode="json")  # dumped once: hashed without its id, then carried by the event
        if not given:
            del data["id"]
            data = {"id": self.prompt_id([self.at, data], self.s.prompts), **data}
        to = None if prompt.visibility == "public" else prompt.to  # a public vote is opened before everyone
        self.emit("prompt_opened", {"prompt": data}, to=to)
        return self.s.prompts[data["id"]]

    def name_prompt(self, prompt: Prompt, name: str) -> bool:
        """Give the prompt just opened a name the ruleset finds it by (`RulesetState.prompt_named`), carried by the
        event that opened it rather than an event of its own: a Reptiliens night names a prompt a step. Only right
        after `open_prompt`; False (nothing done) when its event is no longer the last one."""
        last = self.events[-1] if self.events else None
        if last is None or last.type != "prompt_opened" or last.data["prompt"]["id"] != prompt.id or self.s.own is None:
            return False
        last.data["name"] = name
        self.s.own.prompt_named(name, prompt.id)  # what folding the named event does (evolve)
        return True

    def close_prompt(self, prompt: Prompt) -> None:
        if not prompt.closed:
            self.emit("prompt_closed", {"prompt": prompt.id}, to=None if prompt.visibility == "public" else prompt.to)
            self._count_missed(prompt)

    def _count_missed(self, prompt: Prompt) -> None:
        """A player who misses `afk_after` prompts in a row is flagged to the MJ (who may seat a substitute)."""
        limit = engine_options(self.s).afk_after
        if not limit or prompt.to_mj or prompt.optional:
            return
        for seat in prompt.to:
            player = self.s.players.get(seat)
            if player is None or (not player.alive and not prompt.dead_may_answer):
                continue
            missed = int(player.tags.get("afk_missed", 0))
            now = 0 if seat in prompt.answers else missed + 1
            if now != missed:
                self.fact(PromptsMissed(seat, now), to=MJ_ONLY)
            if now == limit:
                self.announce("afk_flagged", to=MJ_ONLY, seat=seat, missed=now)

    # -- the step stack: an invoked action sets the current step aside, runs its own, then the step resumes --------
    def suspend(self) -> None:
        """Set the current step aside (its prompts keep their answers, its clocks stand still). One invocation at a
        time: a second is refused while one runs."""
        if self.s.stack:
            raise Rejected("invocation_running", "Another invoked action is under way; wait until it is over.")
        self.emit("step_suspended", {"at": self.at, "key": self.s.step.key if self.s.step else None})

    def resume(self) -> None:
        """Back to the step set aside, where it was: its deadlines move on by the time it spent aside."""
        if not self.s.stack:
            raise AssertionError("no step to resume")  # pragma: no cover - a ruleset bug
        step = self.s.stack[-1].step
        self.emit("step_resumed", {"shift": self.at - self.s.stack[-1].at, "key": step.key if step else None})

    # -- cards ---------------------------------------------------------------------------------------------------
    def set_card(self, seat: int, card: str, slot: str | None = None, original: bool = False,
                 to: Sequence[Member] | None = None) -> None:
        """Give `seat` a card in `slot` (the ruleset's main one by default). Its holder learns it; everyone does
        when that card lies face up already."""
        slot = slot or self.ruleset.slots[0]
        held = self.s.players[seat].cards.get(slot)
        data: dict[str, Any] = {"seat": seat, "role": card}
        if slot != ROLE:
            data["slot"] = slot
        if original:
            data["original"] = True
        if to is None:
            to = None if held is not None and held["revealed"] else [seat]
        self.emit("role_set", data, to=to)

    def died(self, seat: int, cause: str, **extra: Any) -> None:
        """`seat` dies of `cause`; the cards the ruleset says turn (`turned_on_death`) are shown to everyone."""
        p = self.s.players[seat]
        turned = {slot: p.cards[slot]["current"] for slot in self.ruleset.turned_on_death(self.s, seat, cause)
                  if slot in p.cards}
        data: dict[str, Any] = {"seat": seat, "cause": cause}
        if ROLE in turned:
            data["role"] = turned.pop(ROLE)  # the one-card form, as every older log has it
        if turned:
            data["cards"] = turned
        self.emit("died", {**data, **extra})

    def step_prompts(self) -> list[Prompt]:
        if self.s.step is None:
            return []
        return [self.s.prompts[p] for p in self.s.step.prompts if p in self.s.prompts]
