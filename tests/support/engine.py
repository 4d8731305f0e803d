"""A scripted Thiercelieux game for the engine tests, and the secrecy checks shared by the test modules.

`Script(roles)` seats one player per entry of `roles` (seat i gets roles[i], through `options.preassigned`),
adds `spare` cards to the composition (the Voleur's two extra cards), uses fast clocks, and starts the game. Time
moves only when a test says so (`wait`, `later`, `run_until`), or when a night step has nothing left to answer:
a night step lasts its drawn length whatever its holders do, so the script then jumps to its end, as the table
would wait for it (`hurry`; `Script(..., hurry=False)` keeps the clock where the test puts it). After every
accepted command the projections of every seat and of a spectator are checked for leaks (`Secrets`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from app.engine.channels import SPECTATORS
from app.engine.core import new_state
from app.engine.model import MJ, SYSTEM, Event, GameState
from app.engine.prompts import is_complete
from app.engine.rulesets.thiercelieux.manifest import FACT_BOOK, STEPS
from app.engine.rulesets.thiercelieux.night import TOGETHER
from app.engine.rulesets.thiercelieux.roles import is_wolf, wolfish
from app.engine.rulesets.thiercelieux.state import marks
from app.engine.views import SPECTATOR, event_visible, public_event, view
from tests.support.scripted import Scripted

RULESET = "thiercelieux"
FAST: dict[str, Any] = {
    "night_step": 60,
    "dawn": 1,
    "election": 60,
    "debate": 5,
    "vote": 60,
    "reaction": 30,
}
T0 = 1_000.0


class Script(Scripted):
    def __init__(
        self,
        roles: Sequence[str],
        spare: Sequence[str] = (),
        options: dict[str, Any] | None = None,
        seed: int = 7,
        start: bool = True,
        hurry: bool = True,
    ) -> None:
        self.state, self.events = new_state(RULESET, seed, at=T0)
        self.at = T0
        self.hurry = hurry
        self.secrets = Secrets()
        # With two characters each (004), roles[n + i] is the card of player i's second character (seat n + i).
        for seat in range(len(roles) // int((options or {}).get("characters", 1))):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        opts = {**FAST, "captain": False, **(options or {})}
        opts["preassigned"] = {str(seat): role for seat, role in enumerate(roles)}
        self.do("configure", MJ, options=opts, composition=[*roles, *spare])
        if start:
            self.do("start", MJ)

    # -- commands -------------------------------------------------------------------------------------------
    def check(self, events: list[Event]) -> None:
        self.secrets.check(self.state, events)

    def do(self, type_: str, by: int | str = MJ, **args: Any) -> list[Event]:
        events = super().do(type_, by, **args)
        while self.hurry and self.night_step_answered():
            assert self.state.step is not None and self.state.step.deadline is not None
            self.at = self.state.step.deadline
            events += super().do("tick", SYSTEM)
        return events

    def night_step_answered(self) -> bool:
        """A night step (or stage) is open, not paused, and all its questions are answered (or it has none)."""
        s, step = self.state, self.state.step
        if s.phase != "night" or s.paused_at is not None or step is None or step.deadline is None:
            return False
        if step.key not in STEPS and step.key != TOGETHER:
            return False  # a hunter's shot at night, say: it ends when he has shot
        asked = [s.prompts[p] for p in step.prompts if p in s.prompts and not s.prompts[p].optional]
        return self.at < step.deadline and all(is_complete(p) for p in asked)

    def answer_rejected(self, seat: int, step: str, answer: Any) -> str:
        return self.rejected("answer", seat, prompt=self.prompt(step).id, answer=answer)

    def tick(self) -> list[Event]:
        return self.do("tick", SYSTEM)

    # -- time -----------------------------------------------------------------------------------------------
    def wait(self) -> list[Event]:
        """Jump to the engine's next wake-up and tick."""
        assert self.state.wake_at is not None, "the engine asked for no tick"
        self.at = max(self.at, self.state.wake_at)
        return self.tick()

    def later(self, seconds: float) -> list[Event]:
        self.at += seconds
        return self.tick()

    def run_until(
        self, key: str, *, night: int | None = None, day: int | None = None, limit: int = 200
    ) -> None:
        """Let time run (unanswered prompts time out) until step `key` is open (on that night / day)."""
        for _ in range(limit):
            step = self.state.step
            if (
                step is not None
                and step.key == key
                and (night is None or (self.state.phase == "night" and self.state.night == night))
                and (day is None or (self.state.phase == "day" and self.state.day == day))
            ):
                return
            assert self.state.phase != "ended", f"the game ended before step {key!r}: {self.state.result}"
            self.wait()
        raise AssertionError(f"step {key!r} never came")

    # -- reading --------------------------------------------------------------------------------------------
    @property
    def step(self) -> str | None:
        return self.state.step.key if self.state.step else None

    @property
    def deadline(self) -> float:
        """The current step's public deadline."""
        assert self.state.step is not None and self.state.step.deadline is not None
        return self.state.step.deadline

    def open_steps(self) -> set[str]:
        return {p.step for p in self.open_prompts()}

    def opened(self, since: int = 0) -> list[str]:
        """The steps of the prompts opened since event index `since` (a step with nothing to ask is over at
        once in these fast games, so this is how a test sees what it asked)."""
        return [e.data["prompt"]["step"] for e in self.events[since:] if e.type == "prompt_opened"]

    def steps_run(self, since: int = 0) -> list[str]:
        return [e.data["key"] for e in self.events[since:] if e.type == "step"]

    def alive(self, seat: int) -> bool:
        return self.state.players[seat].alive

    def living(self) -> list[int]:
        return sorted(self.state.living())

    def dead(self) -> list[int]:
        return sorted(s for s, p in self.state.players.items() if not p.alive)

    def role(self, seat: int) -> str | None:
        return self.state.players[seat].role

    def deaths(self) -> list[dict[str, Any]]:
        """Every `died` event so far: {"seat", "cause", "role"}."""
        return [e.data for e in self.events if e.type == "died"]

    def causes(self) -> dict[int, str]:
        return {d["seat"]: d["cause"] for d in self.deaths()}

    def announcements(self, key: str | None = None, viewer: int | str | None = None) -> list[dict[str, Any]]:
        """The params of every announcement (of `key`), optionally only those `viewer` may see: an `announce`
        event, or a fact that reads as one in the journal (its `line`)."""
        out = []
        for e in self.events:
            line = told(e)
            if line is None or (key is not None and line[0] != key):
                continue
            if viewer is not None and not event_visible(e, viewer, self.state):
                continue
            out.append(line[1])
        return out

    def view(self, viewer: int | str) -> dict[str, Any]:
        return view(self.state, viewer)

    def seen_roles(self, viewer: int | str) -> dict[int, str]:
        """The roles `viewer`'s projection shows, by seat."""
        return {p["seat"]: p["role"] for p in self.view(viewer)["players"] if p["role"] is not None}

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result


def told(e: Event) -> tuple[str, dict[str, Any]] | None:
    """The announcement an event reads as in the journal (key, params): an `announce`, or a Thiercelieux fact with
    a line (mark_facts.py), or None."""
    if e.type == "announce":
        return e.data["key"], e.data["params"]
    return FACT_BOOK.line_of(e.type, e.data)


# -- secrecy -------------------------------------------------------------------------------------------------
FORBIDDEN_KEYS = {"rng", "seed", "spare_cards", "pending", "queue", "preassigned", "min_end", "wake_at", "mj"}
MJ_ONLY_EVENTS = {"created", "preassigned", "spare_cards", "pending", "queue", "rng", "timer", "step_timer",
                  "override", "cards_in_play", "afk_missed",
                  # Thiercelieux's marks for the MJ alone (mark_facts.py): the Ancien's lives, the rust, the Juge's
                  # signal, the Comédien's cards
                  "th_life_lost", "th_rusted", "th_judge_signal", "th_stage_cards"}
# The marks a seat is told privately (thiercelieux/mark_facts.py), which `Secrets` learns from.
MARKS_TOLD = {"th_bitten", "th_masons", "th_kin", "th_in_love"}


def _keys(obj: Any) -> Iterable[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


class Secrets:
    """What each seat may know of the others' cards, rebuilt from the log (never from the views it checks).

    The rules tell a seat a card in these ways: the seer's probe, what the Petite Fille saw from a house, the
    wolves recognising each other (a converted player, infected, turned by lycanthropy, a grown cub or a traitor
    turned, knows the pack and is known by it as a Loup-Garou), the francs-maçons recognising each other on the
    first night, and the lovers showing each other their cards (`lovers_share_roles`, 004). Each is learnt from
    the private event that told it. Feed it every event (`learn`), then `check` the projections.
    """

    def __init__(self) -> None:
        self.known: dict[int, dict[int, set[str]]] = {}
        self.lover: dict[int, int] = {}

    def learn(self, events: Iterable[Event]) -> None:
        for e in events:
            if not e.to:
                continue
            if e.type in MARKS_TOLD:
                self.learn_mark(e)
                continue
            line = told(e)
            if line is None:
                continue
            key, params = line
            for seat in e.to:
                mine = self.known.setdefault(seat, {})
                if key in ("seer_saw", "confession_saw"):  # the Voyante, and Le Village's Confesseur
                    mine.setdefault(params["seat"], set()).add(params["role"])
                elif key == "petite_fille_saw":
                    for wolf in params["seats"]:
                        mine.setdefault(wolf, set()).add("loup-garou")

    def learn_mark(self, e: Event) -> None:
        """Marks told privately (thiercelieux/mark_facts.py): the masons' list, the kin, the lover and his card."""
        seat = e.data["seat"]
        if e.type == "th_bitten":  # 004: the bitten and the vampires who bit him know him one of them
            for knower in e.to or ():
                self.known.setdefault(knower, {}).setdefault(seat, set()).add("vampire")
            return
        if e.to != [seat]:
            return
        mine = self.known.setdefault(seat, {})
        if e.type == "th_masons":
            for mason in e.data["masons"]:
                mine.setdefault(mason, set()).add("franc-macon")
        elif e.type == "th_kin":  # the Deux Sœurs, the Trois Frères (official_night.py)
            for kin in e.data["members"]:
                mine.setdefault(kin, set()).add("deux-soeurs" if e.data["kin"] == "sisters" else "trois-freres")
        elif e.type == "th_in_love":
            self.lover[seat] = e.data["lover"]
            if e.data["role"] is not None:
                mine.setdefault(e.data["lover"], set()).add(e.data["role"])

    def allowed(self, state: GameState, viewer: int, seat: int) -> set[str]:
        """What the viewer may know of the seat's card; a player with two characters (004) knows what either knows."""
        out: set[str] = set()
        for mine in state.seats_of(viewer):
            out |= self.allowed_one(state, mine, seat)
        return out

    def allowed_one(self, state: GameState, viewer: int, seat: int) -> set[str]:
        out = set(self.known.get(viewer, {}).get(seat, set()))
        me, other = state.players[viewer], state.players[seat]
        if state.options.get("cards") == "small" and other.role:
            out.add(other.role)  # 004's small complication: the power card lies face up
        def vampire(p: Any) -> bool:
            return p.role == "vampire" or marks(state, p.seat).vampire is True

        if vampire(me) and vampire(other):
            out.add("vampire")  # 004: the vampires wake together; the bitten joins them
        if me.role == "hamster-garou" and other.role == "hamster-garou":
            out.add("hamster-garou")  # 004: the hamsters-garous wake together
        if wolfish(state, me) and wolfish(state, other) and other.role:
            # The wolves wake together and recognise each other; a converted player is a Loup-Garou to them,
            # and so is the Loup Blanc, whom the pack believes one of its own (001).
            white = {"loup-blanc", "maitre-loup"}
            disguised = other.role in white and me.role not in white
            out.add(other.role if is_wolf(other.role) and not disguised else "loup-garou")
        return out

    def check(self, state: GameState, new_events: Sequence[Event] = ()) -> None:
        """No projection holds a secret its viewer may not know; no event addressed elsewhere reaches a
        viewer; no view holds the generator's state or the MJ's data. Only meaningful while the game runs
        (once over, everything is public) and without `dead_see_all`."""
        self.learn(new_events)
        if state.phase == "ended" or state.options.get("dead_see_all"):
            return
        viewers: list[int | str] = [*sorted(state.players), SPECTATOR]
        for viewer in viewers:
            self.check_view(state, viewer)
            for e in new_events:
                self.check_event(state, e, viewer)

    @staticmethod
    def check_event(state: GameState, e: Event, viewer: int | str) -> None:
        visible = event_visible(e, viewer, state)
        seats = state.seats_of(viewer)
        member = any(s in e.to for s in seats) or (viewer == SPECTATOR and SPECTATORS in e.to) \
            if e.to is not None else True
        if e.to is not None and not member:
            assert not visible, f"{e.type} {e.data} reaches {viewer}"
        if not visible:
            return
        assert e.type not in MJ_ONLY_EVENTS, f"{e.type} reaches {viewer}"
        keys = set(_keys(public_event(e)))
        if e.type == "said":
            keys.discard("mj")  # `mj: true` marks a message written by the MJ, not the MJ's view
        leaked = FORBIDDEN_KEYS & keys
        assert not leaked, f"{e.type} shows {leaked} to {viewer}"
        if e.type == "role_set":
            seat = e.data["seat"]
            face_up = state.options.get("cards") == "small" and e.data.get("original")  # 004: a visible power card
            card = state.players[seat].cards.get(e.data.get("slot", "role"))  # each slot face up or not on its own
            revealed = card is not None and card["revealed"]
            assert seat in seats or revealed or face_up, f"{viewer} learns the card of {seat}"

    def check_view(self, state: GameState, viewer: int | str) -> None:
        v = view(state, viewer)
        leaked = FORBIDDEN_KEYS & set(_keys(v))
        assert not leaked, f"{viewer} sees {leaked}"
        if state.rng >= 10**6:  # a small seed would match any number in the text
            assert str(state.rng) not in json.dumps(v), f"the generator's state reaches {viewer}"
        seats = state.seats_of(viewer)
        for p in v["players"]:
            real = state.players[p["seat"]]
            if p["role"] is None or real.revealed or p["seat"] in seats:
                continue
            if state.options.get("cards") == "small" and p["role"] == real.role:
                continue  # 004's small complication: power cards lie face up, for spectators too
            assert isinstance(viewer, int), f"a spectator sees the card of living seat {p['seat']}"
            assert p["role"] in self.allowed(state, viewer, p["seat"]), (
                f"seat {viewer} sees seat {p['seat']} as {p['role']} though the rules never told it"
            )
        for pv in v["prompts"]:
            prompt = state.prompts[pv["id"]]
            mine = any(s in prompt.to for s in seats)
            assert mine or prompt.visibility == "public", f"{viewer} sees the private prompt {prompt.step}"
            if not mine and prompt.visibility != "public":
                # (A public question's context is public too: the accused of a verdict.)
                assert pv["info"] == {}, f"{viewer} sees the context of {prompt.step}"
            if not mine or prompt.visibility == "self":
                others = {int(k) for k in pv["answers"]} - set(seats)
                assert prompt.visibility == "public" or not others, f"{viewer} sees others' answers"
        for character in v.get("characters", []):
            assert character["seat"] in seats[1:], f"{viewer} is shown a character it does not play"
        secrets = v.get("secrets", {})
        if "peek" in secrets:
            me = state.players[viewer]  # type: ignore[index]
            # Her card, or (004's complications) the power card a wolf or a villager holds beside his own.
            assert "petite-fille" in (me.role, marks(state, me.seat).second_role)
            assert state.options["petite_fille"] == "peek"
            assert state.phase == "night"
            wolves = {s for s, p in state.players.items() if is_wolf(p.role)}
            assert all(isinstance(n, int) for n in secrets["peek"].values())
            assert not {int(k) for k in secrets["peek"]} & wolves, "the peek shows a wolf's seat"
