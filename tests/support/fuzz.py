"""Random games of every ruleset, played through the engine alone while every kind of sender sends every kind of
command, legal or not (tests/engine/test_fuzz_rulesets.py).

`fuzz_game(ruleset, seed)` plays one short game: a random table size within the ruleset's bounds, random room
options (draws, moderation, lovers, pre-assigned cards, bots, a host who plays…), then a random mix of answers a
seat's own view offers, garbage answers, ticks at random virtual times and random commands of every type the engine
knows, with random arguments (well-formed or not), from seats alive or dead, the MJ, the server, a spectator and
seats that do not exist. Commands are decided in place as the room service decides them (`decide_on`, which
`apply` runs on a copy): the engine may only return events or raise `Rejected`; anything else raises `Crash`, which
says how to reproduce it. After each accepted command one view is built and the events are folded into a second
state; at the end every view builds and both states are equal (cheap consistency checks).
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field
from typing import Any

from app.bots import random_answer
from app.engine.channels import SPECTATORS
from app.engine.core import COMMANDS, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM, Command, Event, GameState
from app.engine.ruleset import Ruleset, get_ruleset
from app.engine.views import extra_part, omniscient, prompts_part, view
from app.rooms.inplace import decide_in_place, detached, fold
from app.sim_setups import random_setup as sim_setup
from tests.support.viewers import viewers

RULESETS = ("thiercelieux", "reptiliens", "soupcons")
T0 = 1_000_000.0
# Small tables keep a game short; each ruleset's own minimum is always in range.
MAX_TABLE = 8
# Fast clocks, in each ruleset's own option names (a key a ruleset does not know is left out).
FAST: dict[str, Any] = {
    "night_step": 6, "plausible_min": 1, "plausible_max": 3, "dawn": 1, "election": 8, "debate": 4, "vote": 8,
    "reaction": 4, "lovers_talk": 2, "mj_time": 8, "death_choice": 5, "ballot_time": 3, "session_choice": 4,
    "law_time": 6, "condemned_window": 3, "invoke_time": 4, "show_time": 6, "festival": 4, "heritage": 4,
    "move_time": 4, "marriages": 6, "pickpocket": 4, "turn": 6, "reply": 4, "bot_delay": 1,
}
NAN, INF = float("nan"), float("inf")
# Values nobody should send; each must be refused cleanly wherever it lands.
GARBAGE: list[Any] = [
    None, True, False, 0, -1, -2, 1.5, NAN, INF, -INF, 2**63, 10**30, -(10**30), "", " ", "x", "\ud800", "a\x00b",
    "\u202eevil", "y" * 300, [], [0], [None], [[1]], [NAN], list(range(60)), {}, {"a": 1}, {"seat": {"seat": 1}},
    {"options": {"x": [1]}}, "mj", "system", "spectator", "rp-villageois", "loup-garou", "village",
]
EXTRA_KEYS = ("seat", "to", "with", "office", "power", "prompt", "answer", "target", "coins", "on", "slot")


class Crash(AssertionError):
    """An exception other than Rejected escaped the engine."""


@dataclass
class Stats:
    games: int = 0
    commands: int = 0
    accepted: int = 0
    started: int = 0
    ended: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


def ruleset_commands(rules: Ruleset) -> list[str]:
    """Every command type the engine accepts for this ruleset: the engine's own, and the ruleset's."""
    names = set(COMMANDS)
    if rules.key == "thiercelieux":
        names.add("set_captain")
    if rules.key == "reptiliens":
        from app.engine.rulesets.reptiliens.manifest import COMMANDS as RP_COMMANDS

        names |= set(RP_COMMANDS) | {"rp-carnage", "rp-converse"}
    return sorted(names)


def ruleset_powers(rules: Ruleset) -> list[str]:
    if rules.key == "reptiliens":
        from app.engine.rulesets.reptiliens.cards import POWERS
        from app.engine.rulesets.reptiliens.manifest import OFFICE_POWERS

        return sorted({p.key for p in POWERS} | set(OFFICE_POWERS))
    return ["shot", "heal"]


class Fuzzer:
    def __init__(self, ruleset: str, seed: int, max_commands: int = 120) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.rnd = random.Random(f"{ruleset}/{seed}")
        self.rules = get_ruleset(ruleset)
        self.max_commands = max_commands
        self.commands = ruleset_commands(self.rules)
        self.powers = ruleset_powers(self.rules)
        self.known = set(self.rules.options_model.model_fields)
        self.stats = Stats()
        self.at = T0
        self.state: GameState  # the working state, decided on in place
        self.committed: GameState  # the fold of the accepted commands' events
        self.events: list[Event] = []

    # -- sending ---------------------------------------------------------------------------------------------
    def send(self, type_: str, by: int | str, args: dict[str, Any] | None = None) -> bool:
        """Apply one command; True if accepted. Anything but Rejected is a Crash with how to reproduce it.
        Decided in place on the working state as the room service does (app/rooms/inplace.py): the events of an
        accepted command are folded into the committed state; a refusal that changed the working state has it
        cloned again from the committed one."""
        cmd = Command(type=type_, by=by, at=self.at, args=args or {})
        self.stats.commands += 1
        self.stats.kinds[type_] = self.stats.kinds.get(type_, 0) + 1
        before = self.state.seq, self.state.rng
        try:
            events = decide_in_place(self.state, cmd)
        except Rejected:
            if (self.state.seq, self.state.rng) != before:
                self.state = self.committed.clone()
            return False
        except Exception as exc:
            self.state = self.committed.clone()
            raise Crash(self.describe(cmd, exc)) from exc
        kept = [detached(e) for e in events]
        try:
            fold(self.committed, kept)
        except Exception as exc:
            raise Crash("folding the events: " + self.describe(cmd, exc)) from exc
        self.events.extend(kept)
        self.stats.accepted += 1
        self.check(cmd)
        return True

    def describe(self, cmd: Command, exc: BaseException) -> str:
        s = self.state
        step = s.step.key if s.step is not None else None
        return (f"{type(exc).__name__}: {exc}\n  reproduce: fuzz_game({self.ruleset!r}, {self.seed})\n"
                f"  command: {cmd.type} by {cmd.by!r} at {cmd.at} args={cmd.args!r:.400}\n"
                f"  state: phase {s.phase}, night {s.night}, day {s.day}, step {step}, "
                f"{len(s.players)} seats, options {dict(sorted(s.options.items()))!r:.600}\n"
                + "".join(traceback.format_exception(exc)[-12:]))

    def check(self, cmd: Command) -> None:
        """Cheap consistency: one view builds, the sender's or anyone's (every seat's at the end of the game)."""
        viewers: list[int | str] = [MJ, SPECTATOR, *self.state.players]
        if isinstance(cmd.by, int) and cmd.by in self.state.players:
            viewers += [cmd.by] * 4
        viewer = self.rnd.choice(viewers)
        try:
            view(self.state, viewer)
        except Exception as exc:
            raise Crash(f"view of {viewer!r} after the command: " + self.describe(cmd, exc)) from exc

    # -- what to send ----------------------------------------------------------------------------------------
    def garbage(self) -> Any:
        return self.rnd.choice(GARBAGE)

    def seat_or_junk(self) -> Any:
        rnd = self.rnd
        seats = list(self.state.players)
        if seats and rnd.random() < 0.75:
            return rnd.choice(seats)
        return rnd.choice([99, -1, SPECTATORS, len(seats), 10**9, None, "0", 0.0, True])

    def sender(self) -> int | str:
        rnd = self.rnd
        s = self.state
        living = s.living()
        dead = [x for x, p in s.players.items() if not p.alive]
        r = rnd.random()
        if r < 0.35 and living:
            return rnd.choice(living)
        if r < 0.45 and dead:
            return rnd.choice(dead)
        if r < 0.7:
            return MJ
        if r < 0.8:
            return SYSTEM
        if r < 0.9:
            return SPECTATOR
        return rnd.choice([99, -1, SPECTATORS, len(s.players)])

    def option_value(self) -> tuple[str, Any]:
        rnd = self.rnd
        key = rnd.choice(sorted(self.known)) if rnd.random() < 0.85 else rnd.choice(["nope", "x" * 80])
        default = self.rules.options_model.model_fields[key].default if key in self.known else None
        if rnd.random() < 0.5:
            return key, self.garbage()
        if isinstance(default, bool):
            return key, not default
        if isinstance(default, int | float):
            return key, rnd.choice([0, 1, 2, 5, default, default * 2])
        if isinstance(default, str):
            return key, rnd.choice(["mj", "auto", "rng", "drawn", "none", "official", default])
        return key, rnd.choice([[], [0], None, {}])

    def prompt_id(self) -> Any:
        open_ = [p for p in self.state.prompts.values() if not p.closed]
        if open_ and self.rnd.random() < 0.8:
            return self.rnd.choice(open_).id
        if self.state.prompts and self.rnd.random() < 0.5:
            return self.rnd.choice(list(self.state.prompts))
        return self.garbage()

    def card(self) -> Any:
        roles = sorted(self.rules.roles)
        return self.rnd.choice(roles) if roles and self.rnd.random() < 0.8 else self.garbage()

    def args_for(self, type_: str) -> dict[str, Any]:
        """Arguments of the right shape most of the time, then some of them spoiled."""
        rnd = self.rnd
        s = self.state
        seat = self.seat_or_junk
        args: dict[str, Any]
        if type_ in ("join",):
            args = {"seat": rnd.choice([len(s.players), len(s.players) + 1, 99, *s.players]),
                    "name": rnd.choice(["Zoé", "P0", "Nouveau", f"N{rnd.randint(0, 9)}"])}
        elif type_ in ("rename", "substitute"):
            args = {"seat": seat(), "name": rnd.choice(["Zoé", "P1", "Bob", "  "])}
        elif type_ == "reorder":
            order = list(s.players)
            rnd.shuffle(order)
            args = {"order": order}
        elif type_ == "configure":
            args = {}
            if rnd.random() < 0.8:
                args["options"] = dict(self.option_value() for _ in range(rnd.randint(1, 3)))
            if rnd.random() < 0.3:
                args["composition"] = [self.card() for _ in range(rnd.randint(0, 10))]
        elif type_ == "answer":
            args = {"prompt": self.prompt_id(), "answer": self.garbage() if rnd.random() < 0.5 else
                    [rnd.choice(list(s.players) or [0])]}
            if rnd.random() < 0.3:
                args["seat"] = seat()
            if rnd.random() < 0.1:
                args["reason"] = rnd.choice(["parce que", "", 5, "\x00"])
        elif type_ == "close_prompt":
            args = {"prompt": self.prompt_id()}
        elif type_ == "extend":
            args = {"seconds": rnd.choice([-30, -1, 0, 5, 60, 1e9, NAN])}
        elif type_ in ("kill", "revive", "handover", "leave", "set_captain"):
            args = {"seat": seat()}
        elif type_ == "set_role":
            args = {"seat": seat(), "role": self.card()}
            if rnd.random() < 0.4:
                args["slot"] = rnd.choice([*self.rules.slots, "nope"])
        elif type_ == "set_office":
            offices = list(self.rules.offices) or ["captain"]
            args = {"office": rnd.choice(offices), "seat": seat() if rnd.random() < 0.8 else None}
        elif type_ == "invoke":
            args = {"power": rnd.choice(self.powers) if rnd.random() < 0.85 else self.garbage()}
            if rnd.random() < 0.4:
                args["seat"] = seat()
        elif type_ == "rematch":
            args = {"code": rnd.choice(["ABCDEF12", "", "a b"])}
        elif type_ == "say":
            args = {"channel": rnd.choice(["village", "wolves", "dead", "spectators", "mj", "rp-reptiliens", "x"]),
                    "text": rnd.choice(["bonjour", "", "\ud800"])}
            if rnd.random() < 0.3:
                args["name"] = "Zoé"
        elif type_ in ("hide", "relay"):
            args = {"message": rnd.choice(list(s.messages)) if s.messages and rnd.random() < 0.7 else 1}
            if type_ == "relay":
                args["text"] = "les esprits parlent"
        elif type_ == "rp-give":
            args = {"to": seat(), "coins": rnd.choice([1, 2, 0, -1, 10**12])}
        elif type_ == "rp-converse":
            args = {"with": seat()}
        elif type_ == "rp-carnage":
            args = {"on": rnd.random() < 0.5}
        elif type_ in ("rp-postuler", "rp-retirer-poste"):
            args = {"office": rnd.choice(list(self.rules.offices) or ["x"])}
        else:
            args = {}
        # Spoil it: a value replaced, a key dropped, a key nobody expects.
        r = rnd.random()
        if r < 0.25 and args:
            args[rnd.choice(list(args))] = self.garbage()
        elif r < 0.32 and args:
            args.pop(rnd.choice(list(args)))
        elif r < 0.4:
            args[rnd.choice(EXTRA_KEYS)] = self.garbage()
        return args

    def chaos(self) -> None:
        rnd = self.rnd
        if rnd.random() < 0.03:
            type_ = rnd.choice(["bogus", "", "x" * 100, "Answer", "tick "])
        else:
            type_ = rnd.choice(self.commands)
            # A game the MJ ends or starts again is short: those come rarely.
            while type_ in ("end", "undo") and rnd.random() < 0.9:
                type_ = rnd.choice(self.commands)
        self.send(type_, self.sender(), self.args_for(type_))

    def legit_answer(self) -> None:
        """A seat (or the MJ) answers one of its open prompts from its own view, well-formed; now and then
        garbage in place of the answer, or from someone else."""
        rnd = self.rnd
        s = self.state
        viewer: int | str = MJ if rnd.random() < 0.25 or not s.players else rnd.choice(list(s.players))
        # The viewer's prompts, and their secrets for the answers the rules allow (`secrets.show_legal`,
        # Reptiliens), without the rest of the view (the checks build whole ones).
        sees_all, mine = omniscient(s, viewer), s.seats_of(viewer)
        seen: dict[str, Any] = {"prompts": prompts_part(s, viewer, sees_all, mine)}
        if self.ruleset == "reptiliens":
            seen.update(extra_part(s, viewer, sees_all, mine))
        prompts = [p for p in seen["prompts"] if p.get("mine")]
        if not prompts:
            return
        prompt = rnd.choice(prompts)
        me = prompt.get("as")
        answer = random_answer(prompt, rnd, me if isinstance(me, int) else None, seen)
        if rnd.random() < 0.1:
            answer = self.garbage()
        by: int | str = viewer
        if rnd.random() < 0.05:
            by = self.sender()
        args: dict[str, Any] = {"prompt": prompt["id"], "answer": answer}
        if viewer == MJ and rnd.random() < 0.2 and isinstance(me, int):
            args["seat"] = me
        self.send("answer", by, args)

    def tick(self) -> None:
        """Time passes: to the wake-up the engine asked for, before it, or long after it."""
        rnd = self.rnd
        wake = self.state.wake_at
        r = rnd.random()
        if wake is not None and r < 0.7:
            self.at = max(self.at, wake + rnd.choice([0.0, 0.0, 0.001, 1.0]))
        elif r < 0.85:
            self.at += rnd.uniform(0.0, 3.0)
        else:
            self.at += rnd.choice([60.0, 3600.0, 86_400.0])
        self.send("tick", SYSTEM if rnd.random() < 0.95 else self.sender())

    # -- a game ----------------------------------------------------------------------------------------------
    def room_options(self, n: int) -> tuple[list[str] | None, dict[str, Any]]:
        rnd = self.rnd
        composition: list[str] | None = None
        options: dict[str, Any] = {}
        if rnd.random() < 0.7:
            composition, options = sim_setup(self.rules.key, n, rnd)
            options = {k: v for k, v in options.items() if k in self.known}
        options.update({k: v for k, v in FAST.items() if k in self.known})
        choices: dict[str, list[Any]] = {
            "moderation": ["mj", "auto"], "draws": ["rng", "mj"], "lovers": ["mj", "drawn", "none"],
            "hide_invokers": [True, False], "hide_fortunes": [True, False], "captain": [True, False],
            "mj_ends_debate": [True, False], "dead_chat": [True, False], "afk_after": [0, 1, 2],
            "host_sees_cards": [True, False], "carnage": [True, False], "max_rounds": [0, 3, 30],
        }
        for key, values in choices.items():
            if key in self.known and rnd.random() < 0.5:
                options[key] = rnd.choice(values)
        if "bots" in self.known and rnd.random() < 0.2:
            options["bots"] = rnd.sample(range(n), rnd.randint(1, n))
        if "host_plays" in self.known and rnd.random() < 0.12:
            options["host_plays"] = True
            options.update({k: v for k, v in (("moderation", "auto"), ("draws", "rng")) if k in self.known})
        return composition, options

    def preassign(self, n: int, composition: list[str]) -> dict[str, str]:
        """Some seats' cards, or every one (a table dealt by hand)."""
        rnd = self.rnd
        slots = self.rules.slots
        decks: dict[str, list[str]] = {slot: [] for slot in slots}
        if self.ruleset == "reptiliens":
            from app.engine.rulesets.reptiliens.setup import split

            camp, specialty = split(composition)
            decks = {slots[0]: list(camp), slots[1]: list(specialty)}
        else:
            decks[slots[0]] = list(composition)
        every = rnd.random() < 0.5
        preset: dict[str, str] = {}
        for slot, deck in decks.items():
            rnd.shuffle(deck)
            for seat in range(n):
                if deck and (every or rnd.random() < 0.4):
                    preset[str(seat) if slot == slots[0] else f"{seat}.{slot}"] = deck.pop()
        return preset

    def lobby(self) -> bool:
        """Seat the table and configure it; True once the game has started."""
        rnd = self.rnd
        rules = self.rules
        n = rnd.randint(rules.min_players, max(rules.min_players, min(rules.max_players, MAX_TABLE)))
        composition, options = self.room_options(n)
        try:
            self.committed, self.events = new_state(self.ruleset, self.seed, options, at=self.at)
        except Rejected:
            options = {k: v for k, v in FAST.items() if k in self.known}
            self.committed, self.events = new_state(self.ruleset, self.seed, options, at=self.at)
        self.state = self.committed.clone()
        for seat in range(n):
            self.send("join", SYSTEM, {"seat": seat, "name": f"P{seat}"})
        if composition is None and rnd.random() < 0.5:
            composition = rules.suggested_composition(n)
        if composition:
            args: dict[str, Any] = {"composition": composition}
            if rnd.random() < 0.4:
                args["options"] = {"preassigned": self.preassign(n, composition)}
            if not self.send("configure", MJ, args):
                self.send("configure", MJ, {"composition": composition})
        for _ in range(rnd.randint(0, 6)):
            self.chaos()
            if self.state.phase != "lobby":
                break
        if self.state.phase == "lobby" and not self.send("start", MJ):
            # Chaos may have emptied seats or spoiled the composition: the suggested one, then anything.
            self.send("configure", MJ, {"composition": rules.suggested_for(self.state)})
            while len(self.state.players) < rules.min_players:
                seat = max([-1, *self.state.players]) + 1
                if not self.send("join", SYSTEM, {"seat": seat, "name": f"Q{seat}"}):
                    break
            self.send("configure", MJ, {"composition": rules.suggested_for(self.state)})
            self.send("start", MJ)
        return self.state.phase != "lobby"

    def play(self) -> Stats:
        self.stats.games += 1
        if self.lobby():
            self.stats.started += 1
        rnd = self.rnd
        for _ in range(self.max_commands):
            if self.state.phase == "ended" and rnd.random() < 0.7:
                break
            r = rnd.random()
            if r < 0.45:
                self.legit_answer()
            elif r < 0.65:
                self.tick()
            else:
                self.chaos()
            self.at += rnd.choice([0.0, 0.0, 0.01, 0.3])
        if self.state.phase == "ended":
            self.stats.ended += 1
        # Every seat's view builds at the end, and the log folds to the state the commands were decided on.
        cmd = Command(type="(end of game)", by=SYSTEM, at=self.at)
        for viewer in viewers(*self.state.players, MJ, SPECTATOR):
            try:
                view(self.state, viewer)
            except Exception as exc:
                raise Crash(f"view of {viewer!r} at the end: " + self.describe(cmd, exc)) from exc
        if self.state.model_dump() != self.committed.model_dump():
            raise Crash("the events do not fold to the decided state: " + self.describe(cmd, AssertionError()))
        return self.stats


def fuzz_game(ruleset: str, seed: int, max_commands: int = 120) -> Stats:
    return Fuzzer(ruleset, seed, max_commands).play()
