"""The facts of a Thiercelieux phase's bookkeeping (app/engine/facts.py): one per thing that happened, each setting
its part of the phase's scratch (scratch.py). They are the MJ's alone (emitted `to=MJ_ONLY`): what players learn of
them travels in announcements and prompts.

Logs written before facts set the scratch key by key through the engine's `pending` event; `upgrade_pending` turns
each into `ScratchNoted`, which sets the same field (Scratch.put). Each fact here replaces one such event, at the
same place, so a game's events keep their number and order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app.engine.facts import Fact
from app.engine.model import GameState
from app.engine.rulesets.thiercelieux.scratch import Pick, Seance, known
from app.engine.rulesets.thiercelieux.state import old_plan, scratch


# -- every phase -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class QuestionOpened(Fact):
    """A question was opened for `name` (a step or a role: "wolves", "cupidon_mj", "salvateur"…): its prompt."""

    type = "th_question"
    name: str
    prompt: str

    def apply(self, state: GameState) -> None:
        scratch(state).prompts[self.name] = self.prompt


# -- the night -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NightPlanned(Fact):
    """Older logs: the night's plan was drawn (its stages, each the steps opened together), or the stages still
    ahead were planned again. Never emitted now: the engine's `plan` event says it (app/engine/flow.py)."""

    type = "th_night_plan"
    steps: list[list[str]] | None  # None: an older `pending` unset it

    def apply(self, state: GameState) -> None:
        old_plan(state, "steps", self.steps)


@dataclass(frozen=True, slots=True)
class StageReached(Fact):
    """Older logs: the night moved to its stage `i` (past the last one: dawn). Never emitted now: the engine's
    `plan` event says it."""

    type = "th_stage"
    i: int | None

    def apply(self, state: GameState) -> None:
        old_plan(state, "i", self.i)


@dataclass(frozen=True, slots=True)
class PlayerPicked(Fact):
    """A pick step closed (more_roles.pick_step): `by` picked `target`, or nobody (None)."""

    type = "th_picked"
    step: str
    by: int
    target: int | None

    def apply(self, state: GameState) -> None:
        picks = scratch(state).picks
        if self.target is None:
            picks.pop(self.step, None)
        else:
            picks[self.step] = Pick(by=self.by, target=self.target)


@dataclass(frozen=True, slots=True)
class KinCalled(Fact):
    """The kin of step `step` (Deux Sœurs, Trois Frères) were called to meet tonight."""

    type = "th_kin_called"
    step: str

    def apply(self, state: GameState) -> None:
        s = scratch(state)
        s.called = [*(k for k in s.called if k != self.step), self.step]


@dataclass(frozen=True, slots=True)
class WolvesChose(Fact):
    """The pack's victim tonight (None: nobody), once the wolves, the MJ and the Petite Fille's fate have spoken."""

    type = "th_wolves_chose"
    victim: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).victim = self.victim


@dataclass(frozen=True, slots=True)
class PetiteFilleSubstituted(Fact):
    """The Petite Fille dies in place of the victim the pack designated."""

    type = "th_pf_substituted"

    def apply(self, state: GameState) -> None:
        scratch(state).pf_substituted = True


@dataclass(frozen=True, slots=True)
class PetiteFilleSaw(Fact):
    """001's houses: the Petite Fille (`seat`) saw these wolves (maybe none)."""

    type = "th_pf_saw"
    seat: int
    wolves: list[int]

    def apply(self, state: GameState) -> None:
        scratch(state).pf_seen = {"seat": self.seat, "wolves": list(self.wolves)}


@dataclass(frozen=True, slots=True)
class Infected(Fact):
    """The pack's victim becomes a wolf instead of dying (Infect Père des Loups, lycanthropy)."""

    type = "th_infected"
    seat: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).infected = self.seat


@dataclass(frozen=True, slots=True)
class VictimSpared(Fact):
    """The pack's victim is not eaten (the Infect Père des Loups infected him)."""

    type = "th_victim_spared"

    def apply(self, state: GameState) -> None:
        scratch(state).victim = None


@dataclass(frozen=True, slots=True)
class WitchHealed(Fact):
    """The witch saved the pack's victim."""

    type = "th_healed"

    def apply(self, state: GameState) -> None:
        scratch(state).healed = True


@dataclass(frozen=True, slots=True)
class WitchPoisoned(Fact):
    """The witch poisoned `seat`."""

    type = "th_poisoned"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).poisoned = self.seat


@dataclass(frozen=True, slots=True)
class PutToSleep(Fact):
    """The Marchand de sable put `seat` to sleep: awake for nothing tonight."""

    type = "th_asleep"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).asleep = self.seat


@dataclass(frozen=True, slots=True)
class SalvateurProtected(Fact):
    """The Salvateur protects `seat` tonight (None: nobody)."""

    type = "th_protected"
    seat: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).protected = self.seat


@dataclass(frozen=True, slots=True)
class WhiteWolfChose(Fact):
    """The Loup Blanc's victim."""

    type = "th_white_victim"
    seat: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).white_victim = self.seat


@dataclass(frozen=True, slots=True)
class KillerChose(Fact):
    """The Tueur's victim."""

    type = "th_killer_victim"
    seat: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).killer_victim = self.seat


@dataclass(frozen=True, slots=True)
class HamstersChose(Fact):
    """The hamsters' victim."""

    type = "th_hamster_victim"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).hamster_victim = self.seat


@dataclass(frozen=True, slots=True)
class BigBadWolfChose(Fact):
    """The Grand Méchant Loup's victim."""

    type = "th_gml_victim"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).gml_victim = self.seat


@dataclass(frozen=True, slots=True)
class RavenChose(Fact):
    """The Corbeau marked `seat` (two votes against him the next day)."""

    type = "th_raven_chose"
    seat: int | None

    def apply(self, state: GameState) -> None:
        scratch(state).raven = self.seat


@dataclass(frozen=True, slots=True)
class Charmed(Fact):
    """The Joueur de flûte charmed these players tonight."""

    type = "th_charms"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        scratch(state).charms = list(self.seats)


@dataclass(frozen=True, slots=True)
class Frogged(Fact):
    """The Magicien turned these players into frogs tonight."""

    type = "th_frogs"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        scratch(state).frogs = list(self.seats)


@dataclass(frozen=True, slots=True)
class SeerSaw(Fact):
    """The role the Voyante saw."""

    type = "th_seer_seen"
    role: str | None

    def apply(self, state: GameState) -> None:
        scratch(state).seer_seen = self.role


@dataclass(frozen=True, slots=True)
class SeanceAsked(Fact):
    """The Gitane asks the spirits `question` through the dead `medium`."""

    type = "th_seance"
    medium: int
    question: str

    def apply(self, state: GameState) -> None:
        scratch(state).seance = Seance(medium=self.medium, question=self.question)


@dataclass(frozen=True, slots=True)
class SpiritsAnswered(Fact):
    """The spirits (the MJ, or a dead player) answered the séance's question."""

    type = "th_spirits"
    answer: bool

    def apply(self, state: GameState) -> None:
        seance = scratch(state).seance
        if seance is not None:
            scratch(state).seance = seance.model_copy(update={"answer": self.answer})


# -- the day ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DayScheduled(Fact):
    """A forum day's timetable."""

    type = "th_schedule"
    schedule: dict[str, Any]

    def apply(self, state: GameState) -> None:
        scratch(state).schedule = dict(self.schedule)


@dataclass(frozen=True, slots=True)
class DebateInterrupted(Fact):
    """A consequence interrupted the debate with `left` seconds to go (None: it had no end)."""

    type = "th_debate_left"
    left: float | None

    def apply(self, state: GameState) -> None:
        scratch(state).debate_left = self.left


@dataclass(frozen=True, slots=True)
class ConsequenceOpened(Fact):
    """The consequence dealt with now (a hunter's shot, a successor, the Bouc's choice)."""

    type = "th_consequence"
    item: dict[str, Any]

    def apply(self, state: GameState) -> None:
        scratch(state).item = dict(self.item)


@dataclass(frozen=True, slots=True)
class ConsequencesFirst(Fact):
    """Consequences wait: the flow goes on to `next` once they are dealt with."""

    type = "th_after_queue"
    next: str

    def apply(self, state: GameState) -> None:
        scratch(state).after_queue = self.next


@dataclass(frozen=True, slots=True)
class VoteOpened(Fact):
    """A village vote opens, round 1, or 2 after a tie against `candidates` (None: the living). Emitted before its
    step opens, so that the step's `open` (flow.vote_open) reads them."""

    type = "th_vote_round"
    round: int
    candidates: list[int] | None = None

    def data(self) -> dict[str, Any]:
        # A first round's event as it always was: {"round": 1}.
        out = Fact.data(self)
        if self.candidates is None:
            del out["candidates"]
        return out

    def apply(self, state: GameState) -> None:
        scratch(state).vote_round = self.round
        scratch(state).candidates = None if self.candidates is None else list(self.candidates)


@dataclass(frozen=True, slots=True)
class ScapegoatBlamed(Fact):
    """The vote tied: the Bouc émissaire dies instead."""

    type = "th_scapegoat"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).scapegoat = self.seat


@dataclass(frozen=True, slots=True)
class VoteTied(Fact):
    """The vote tied between these players: the captain chooses among them."""

    type = "th_tied"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        scratch(state).tied = list(self.seats)


@dataclass(frozen=True, slots=True)
class StillStanding(Fact):
    """004 "C'est sûrement pas lui": who still stands."""

    type = "th_standing"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        scratch(state).standing = list(self.seats)


@dataclass(frozen=True, slots=True)
class ClearerCalled(Fact):
    """004 "C'est sûrement pas lui": `seat` clears someone now."""

    type = "th_clearer"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).clearer = self.seat


@dataclass(frozen=True, slots=True)
class Accused(Fact):
    """004's trial: `seat` pleads before the verdict."""

    type = "th_accused"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).accused = self.seat


@dataclass(frozen=True, slots=True)
class Condemned(Fact):
    """The village lynches `seat`, unless the Châtelain pardons him."""

    type = "th_condemned"
    seat: int

    def apply(self, state: GameState) -> None:
        scratch(state).condemned = self.seat


@dataclass(frozen=True, slots=True)
class ServantAsked(Fact):
    """The lynch of `condemned` waits for the Servante dévouée."""

    type = "th_servant_for"
    condemned: int

    def apply(self, state: GameState) -> None:
        scratch(state).servant_for = self.condemned


@dataclass(frozen=True, slots=True)
class ServantDone(Fact):
    """The Servante dévouée had her chance at `condemned`'s card (once per lynch)."""

    type = "th_servant_done"
    condemned: int

    def apply(self, state: GameState) -> None:
        scratch(state).servant_done = self.condemned


# -- older logs ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ScratchNoted(Fact):
    """A key of the phase's scratch, as a log written before facts set it (`pending`); never emitted."""

    type = "th_old_pending"
    key: str
    value: Any

    def apply(self, state: GameState) -> None:
        scratch(state).put(self.key, self.value)


def upgrade_pending(state: GameState, data: dict[str, Any]) -> Iterable[Fact] | None:
    key, value = data["key"], data.get("value")
    if not known(key):
        return None  # not Thiercelieux's: the engine's handler keeps it in `pending`
    if key == "steps":
        return [NightPlanned(value)]  # the night's plan: the engine's now
    if key == "i":
        return [StageReached(value)]
    return [ScratchNoted(key, value)]

