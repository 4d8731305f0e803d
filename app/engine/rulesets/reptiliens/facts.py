"""The facts of a Reptiliens game (app/engine/facts.py) that keep the driver's books, named for what happened, each
with how it changes the state (state.py); listed in the ruleset's FactBook (__init__.py). They are the MJ's
bookkeeping: emitted to MJ_ONLY, as the generic setter they replace was. A list or a dict keyed by seat travels as
rows (`[seat, value]`), since JSON keys are strings.

Logs written before facts changed this state through `rp-set` (a field, dotted for the night's and the day's
scratch, and its value); nothing emits it any more, and `upgrade_set` folds such an event as it always was folded
(`FieldWritten`), whatever its field, so every old log gives the same state.

A fact the MJ reads in his log carries its `line` (the announcement it reads as, app/engine/facts.py `Line`), in
place of a twin MJ-only `announce` that restated it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter

from app.engine.facts import Fact, Line
from app.engine.model import GameState, Plan
from app.engine.rulesets.reptiliens.offices import BOURREAU, OFFICES
from app.engine.rulesets.reptiliens.state import (
    Animal,
    Invocation,
    Law,
    OfficeEffect,
    Reptiliens,
    Tonight,
    Wedding,
    own,
)


# -- the deal (setup.py) --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardsSetAside(Fact):
    """The cards not dealt, by slot (the MJ's alone)."""

    type = "rp-aside"
    cards: dict[str, list[str]]

    def apply(self, state: GameState) -> None:
        own(state).aside = {slot: list(deck) for slot, deck in self.cards.items()}


# -- the opening, the village's days and the stalemate's watch (opening.py, fates.py, day.py, sessions.py,
# stalemate.py) -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CarnageSet(Fact):
    """The carnage (every Reptilien kills) is on or off: the option at the start, then the MJ's switch."""

    type = "rp-carnage"
    on: bool

    def apply(self, state: GameState) -> None:
        own(state).carnage = self.on


@dataclass(frozen=True, slots=True)
class PackMet(Fact):
    """The Reptilians have met (the opening): their channel exists."""

    type = "rp-pack-met"

    def apply(self, state: GameState) -> None:
        own(state).pack_known = True


@dataclass(frozen=True, slots=True)
class RomanticDecided(Fact):
    """Whether the lovers learn the Romantique (the MJ's choice or chance, §11)."""

    type = "rp-romantic-known"
    known: bool

    def apply(self, state: GameState) -> None:
        own(state).romantic_known = self.known


@dataclass(frozen=True, slots=True)
class SpareLifeSpent(Fact):
    """The couple's first death was undone (§4): there is no second."""

    type = "rp-spare-life-spent"

    def apply(self, state: GameState) -> None:
        own(state).spare_life = False


@dataclass(frozen=True, slots=True)
class RichestNamed(Fact):
    """The richest citizen of the day (his house protected next night), or none."""

    type = "rp-richest"
    seat: int | None

    def apply(self, state: GameState) -> None:
        own(state).richest = self.seat


@dataclass(frozen=True, slots=True)
class SpecialSessionHeld(Fact):
    """Day `day` has a special session: none the next day (§6 Président)."""

    type = "rp-special-day"
    day: int

    def apply(self, state: GameState) -> None:
        own(state).special_day = self.day


@dataclass(frozen=True, slots=True)
class PlayersActed(Fact):
    """A player answered a question in night `night` or its day (stalemate.py)."""

    type = "rp-acted"
    night: int

    def apply(self, state: GameState) -> None:
        own(state).acted = self.night


@dataclass(frozen=True, slots=True)
class DeathCountChanged(Fact):
    """The number of the dead changed: `dead` since night `night` (stalemate.py)."""

    type = "rp-calm"
    night: int
    dead: int

    def apply(self, state: GameState) -> None:
        own(state).calm = [self.night, self.dead]


# -- the dead (§9, dead.py) and the village's dream (dream.py) -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DeathRecorded(Fact):
    """`seat` died: last among the dead, his fate undecided, and (`choosing`) he has his fate to choose."""

    type = "rp-dead"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.dead = [*(x for x in o.dead if x != self.seat), self.seat]
        o.fate = {k: v for k, v in o.fate.items() if k != self.seat}
        if self.seat not in o.choosing:
            o.choosing = [*o.choosing, self.seat]


@dataclass(frozen=True, slots=True)
class FateAsked(Fact):
    """`seat` is asked his fate (or his renunciation) by `prompt`."""

    type = "rp-fate-asked"
    seat: int
    prompt: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.asked = {**o.asked, self.seat: self.prompt}


@dataclass(frozen=True, slots=True)
class QuestionClosed(Fact):
    """The question `seat` had open is closed (his renunciation answered or refused for him)."""

    type = "rp-fate-unasked"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.asked = {k: v for k, v in o.asked.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class FateChosen(Fact):
    """`seat` chose his fate (ghost, spirit, inheritance): he chooses no more and his question is closed."""

    type = "rp-fate"
    seat: int
    fate: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.fate = {**o.fate, self.seat: self.fate}
        o.choosing = [x for x in o.choosing if x != self.seat]
        o.asked = {k: v for k, v in o.asked.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class RevivedBeforeChoosing(Fact):
    """`seat`, revived, has no fate to choose."""

    type = "rp-fate-void"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.choosing = [x for x in o.choosing if x != self.seat]


@dataclass(frozen=True, slots=True)
class Revived(Fact):
    """`seat` lives again: no longer among the dead, his fate forgotten."""

    type = "rp-revived"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.dead = [x for x in o.dead if x != self.seat]
        o.fate = {k: v for k, v in o.fate.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class SpecialtyInherited(Fact):
    """`heir` inherited the specialty `card` (the Assassin's price counts it, §5)."""

    type = "rp-inherited"
    heir: int
    card: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.inherited = {**o.inherited, self.heir: [*o.inherited.get(self.heir, []), self.card]}


@dataclass(frozen=True, slots=True)
class DreamBegan(Fact):
    """The village dreams of `fact`: the spirits choose their signs."""

    type = "rp-dream"
    fact: str

    def apply(self, state: GameState) -> None:
        own(state).dream = {"fact": self.fact}


@dataclass(frozen=True, slots=True)
class DreamEnded(Fact):
    """The spirits' signs are shown: the dream is over."""

    type = "rp-dream-end"

    def apply(self, state: GameState) -> None:
        own(state).dream = None


# -- the driver's prompts, by role (steps.py) ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PromptRemembered(Fact):
    """The prompt `prompt`, opened earlier in the command, is the step's for `role` (steps.remember_prompt)."""

    type = "rp-prompt"
    role: str
    prompt: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.prompts = {**o.prompts, self.role: self.prompt}


@dataclass(frozen=True, slots=True)
class PromptForgotten(Fact):
    """The step's prompt for `role` is done with (a move home asked once only, marriages.py)."""

    type = "rp-prompt-done"
    role: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.prompts = {k: v for k, v in o.prompts.items() if k != self.role}


# -- the driver: nights, days, the festival (week.py, day.py) ---------------------------------------------------------
# The phase's plan of steps is the engine's (`GameState.plan`, its `plan` event, app/engine/flow.py). The facts that
# wrote the ruleset's own (`rp-night`, `rp-day`, `rp-day-part`; `rp-set` of `plan` and `i` before them) are no longer
# emitted and fold into the engine's plan, one step a group, so that older logs load (`FieldWritten`, `upgrade_set`).
@dataclass(frozen=True, slots=True)
class NightFell(Fact):
    """A night begins: its scratch renewed, last night's militia house remembered (never defended twice running,
    §9)."""

    type = "rp-nightfall"

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.defended = o.night.militia
        o.night = Tonight()


@dataclass(frozen=True, slots=True)
class SleepsEnded(Fact):
    """Dawn: the heavy sleeps end ("Aube : fin des sommeils lourds")."""

    type = "rp-sleeps-end"

    def apply(self, state: GameState) -> None:
        own(state).night.asleep = []


@dataclass(frozen=True, slots=True)
class FestivalBegan(Fact):
    """The Sunday festival (§1) begins."""

    type = "rp-festival"

    def apply(self, state: GameState) -> None:
        own(state).festival = True


def old_plan(state: GameState, keys: list[str]) -> None:
    state.plan = Plan(groups=[[key] for key in keys])


@dataclass(frozen=True, slots=True)
class NightBegan(Fact):
    """An older log's nightfall, with its plan of steps (`NightFell` and the engine's plan now); never emitted."""

    type = "rp-night"
    plan: list[str]

    def apply(self, state: GameState) -> None:
        NightFell().apply(state)
        old_plan(state, self.plan)


@dataclass(frozen=True, slots=True)
class DayBegan(Fact):
    """An older log's day (`festival`: the Sunday festival, §1) with the parts of its order, from the first (the
    engine's plan and `FestivalBegan` now); never emitted."""

    type = "rp-day"
    plan: list[str]
    festival: bool = False

    def apply(self, state: GameState) -> None:
        if self.festival:
            FestivalBegan().apply(state)
        old_plan(state, self.plan)


@dataclass(frozen=True, slots=True)
class DayPartDone(Fact):
    """An older log's day going on to the next part of its order (the engine's `next_group` now); never emitted."""

    type = "rp-day-part"

    def apply(self, state: GameState) -> None:
        if state.plan is not None:
            state.plan.at += 1


# -- the night's powers (nights.py, animals.py, cameras.py, office_powers.py, sculpture.py, steps.declare) -------------
@dataclass(frozen=True, slots=True)
class MilitiaChose(Fact):
    """The ghosts' militia defends `house` tonight."""

    type = "rp-militia"
    house: int

    def apply(self, state: GameState) -> None:
        own(state).night.militia = self.house


@dataclass(frozen=True, slots=True)
class PackDecided(Fact):
    """The pack's concertation ended (nights.PackDecision): the house attacked, or why none."""

    type = "rp-pack"
    house: int | None
    squatter: bool
    decided_by: str | None  # attacks.DecidedBy
    failure: str | None  # attacks.PackFailure

    def apply(self, state: GameState) -> None:
        own(state).night.pack = {"house": self.house, "squatter": self.squatter, "decided_by": self.decided_by,
                                 "failure": self.failure}


@dataclass(frozen=True, slots=True)
class RendezvousChosen(Fact):
    """The lovers meet at `house` tonight."""

    type = "rp-rendezvous"
    house: int

    def apply(self, state: GameState) -> None:
        own(state).night.rendezvous = self.house


@dataclass(frozen=True, slots=True)
class FellAsleep(Fact):
    """`seat` sleeps heavily until dawn."""

    type = "rp-asleep"
    seat: int

    def apply(self, state: GameState) -> None:
        night = own(state).night
        if self.seat not in night.asleep:
            night.asleep = [*night.asleep, self.seat]


@dataclass(frozen=True, slots=True)
class Charmed(Fact):
    """`musician` charmed `target` (he knows whom); one newly charmed learns it in the morning."""

    type = "rp-charm"
    musician: int
    target: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.charms = {**o.charms, self.musician: [*o.charms.get(self.musician, []), self.target]}
        if self.target not in o.charmed and self.target not in o.night.charmed:
            o.night.charmed = [*o.night.charmed, self.target]


@dataclass(frozen=True, slots=True)
class CharmedTold(Fact):
    """The night's charmed were told so (the morning's report)."""

    type = "rp-charmed-told"

    def apply(self, state: GameState) -> None:
        own(state).night.charmed = []


@dataclass(frozen=True, slots=True)
class Declared(Fact):
    """A long action given or imposed tonight (places.Declaration), in the steps' order: its `kind` and fields."""

    type = "rp-declared"
    declaration: dict[str, Any]

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.declarations = [*night.declarations, dict(self.declaration)]


@dataclass(frozen=True, slots=True)
class AttackResolved(Fact):
    """The night's places (`[seat, house, long action, asleep]`, for the MJ) and what the attack did."""

    type = "rp-attack"
    line = Line("rp-attaque-mj", {"failure": "failure", "seats": "victims"})
    places: list[list[Any]]
    failure: str | None  # attacks.Failure
    victims: list[int]
    houses: list[dict[str, Any]]

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.places = {int(row[0]): list(row[1:]) for row in self.places}
        night.attack = {"failure": self.failure, "victims": list(self.victims), "houses": list(self.houses)}


@dataclass(frozen=True, slots=True)
class AnimalsPlaced(Fact):
    """The trainers' animals placed tonight (state.Animal's fields each)."""

    type = "rp-animals"
    animals: list[dict[str, Any]]

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.animals = [*night.animals, *(Animal.model_validate(a) for a in self.animals)]


@dataclass(frozen=True, slots=True)
class CameraReported(Fact):
    """A thermal camera's finding, named in the morning: its owner, the house watched, its occupancy."""

    type = "rp-camera"
    owner: int
    house: int
    occupancy: str

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.cameras = [*night.cameras, {"owner": self.owner, "house": self.house, "occupancy": self.occupancy}]


@dataclass(frozen=True, slots=True)
class OfficesShaken(Fact):
    """A night's power on the public offices (state.OfficeEffect), applied in the morning."""

    type = "rp-offices-effect"
    power: str
    seats: list[int]
    direction: str | None

    def apply(self, state: GameState) -> None:
        own(state).night.offices = OfficeEffect(power=self.power, seats=list(self.seats), direction=self.direction)


@dataclass(frozen=True, slots=True)
class SenatorKeptByTheDead(Fact):
    """A swap handed the Sénateur to `seat`, dead or dying: he keeps it (§6)."""

    type = "rp-ghost-senator"
    seat: int

    def apply(self, state: GameState) -> None:
        own(state).ghost_senator = self.seat


@dataclass(frozen=True, slots=True)
class SculptedToMove(Fact):
    """The Artiste's victims, told in the morning that they move."""

    type = "rp-must-move"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        own(state).night.must_move = list(self.seats)


# -- the street (places.Street) ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StreetLaidOut(Fact):
    """The houses, by owner seat clockwise, at the start (in seat order)."""

    type = "rp-street"
    street: list[int]

    def apply(self, state: GameState) -> None:
        own(state).street = list(self.street)


@dataclass(frozen=True, slots=True)
class HouseMoved(Fact):
    """A house was rebuilt elsewhere (the Artiste's victim, a married couple): the street as it is now."""

    type = "rp-moved"
    street: list[int]

    def apply(self, state: GameState) -> None:
        own(state).street = list(self.street)


# -- deaths and fortunes (fates.py, thieves.py, coins.py) ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Doomed(Fact):
    """`seat` was killed tonight (`cause`): he acts no more and dies at dawn."""

    type = "rp-doomed"
    seat: int
    cause: str

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.dying = [*night.dying, [self.seat, self.cause]]


@dataclass(frozen=True, slots=True)
class NightDeadNamed(Fact):
    """The night's dead are named: none left dying."""

    type = "rp-dying-named"

    def apply(self, state: GameState) -> None:
        own(state).night.dying = []


@dataclass(frozen=True, slots=True)
class FortunesOwed(Fact):
    """Fortunes changed unseen (`[seat, coins]` each, as they stand now), shown on the table later."""

    type = "rp-owed"
    coins: list[list[int]]

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.owed = {**night.owed, **{int(seat): int(coins) for seat, coins in self.coins}}


@dataclass(frozen=True, slots=True)
class OwedShown(Fact):
    """The fortunes owed were shown: none owed any more."""

    type = "rp-owed-shown"

    def apply(self, state: GameState) -> None:
        own(state).night.owed = {}


@dataclass(frozen=True, slots=True)
class AccountsClosed(Fact):
    """A dead man's accounts are settled: nothing owed to show for `seat`."""

    type = "rp-accounts-closed"
    seat: int

    def apply(self, state: GameState) -> None:
        night = own(state).night
        night.owed = {k: v for k, v in night.owed.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class LegacyPaid(Fact):
    """The coins `dead` left in the estate went to his heir."""

    type = "rp-legacy-paid"
    dead: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.legacies = {k: v for k, v in o.legacies.items() if k != self.dead}


@dataclass(frozen=True, slots=True)
class Mourned(Fact):
    """The widow(er) of `dead` has inherited from him."""

    type = "rp-mourned"
    dead: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.mourned = [*o.mourned, self.dead]


# -- invocations (invoke.py) ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InvocationBegan(Fact):
    """`seat` invokes `power` (announced as `kind`): the current step waits."""

    type = "rp-invocation"
    line = Line("rp-invoque-mj", {"seat": "seat", "power": "power"})
    seat: int
    power: str
    kind: str

    def apply(self, state: GameState) -> None:
        own(state).invocation = Invocation(seat=self.seat, power=self.power, kind=self.kind)


@dataclass(frozen=True, slots=True)
class ShowAnswered(Fact):
    """Poirot named a camp card for each guessed seat (`[seat, card]` each): the show's answers."""

    type = "rp-show-guesses"
    guesses: list[list[Any]]

    def apply(self, state: GameState) -> None:
        o = own(state)
        assert o.invocation is not None
        guesses = {int(seat): str(card) for seat, card in self.guesses}
        o.invocation = o.invocation.model_copy(update={"stage": "answers", "guesses": guesses})


@dataclass(frozen=True, slots=True)
class InvocationEnded(Fact):
    """The invocation is over: the step it interrupted goes on."""

    type = "rp-invocation-end"

    def apply(self, state: GameState) -> None:
        own(state).invocation = None


# -- the session and its vote (sessions.py) ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SessionChosen(Fact):
    """Today's session: normale, paix or purge (§6 Président)."""

    type = "rp-session"
    kind: str

    def apply(self, state: GameState) -> None:
        own(state).day.session = self.kind


@dataclass(frozen=True, slots=True)
class VoteOpened(Fact):
    """The vote opens for `voters` (fixed now): no ballot yet."""

    type = "rp-vote-opened"
    voters: list[int]

    def apply(self, state: GameState) -> None:
        day = own(state).day
        day.voters = list(self.voters)
        day.ballots = []


@dataclass(frozen=True, slots=True)
class VotingOrderSet(Fact):
    """The ballots are given in `direction`: `turns`, the voters still to vote, in that order."""

    type = "rp-vote-order"
    direction: str
    turns: list[int]

    def apply(self, state: GameState) -> None:
        day = own(state).day
        day.direction = self.direction
        day.turns = list(self.turns)


@dataclass(frozen=True, slots=True)
class VoterCalled(Fact):
    """`seat`, first of the turns, is called to vote."""

    type = "rp-voter-called"
    seat: int

    def apply(self, state: GameState) -> None:
        day = own(state).day
        turns = list(day.turns)
        turns.remove(self.seat)
        day.turns = turns


@dataclass(frozen=True, slots=True)
class BallotGiven(Fact):
    """`seat`'s ballot: the seats it names, or None (none given, or not counted)."""

    type = "rp-ballot"
    seat: int
    ballot: list[int] | None

    def apply(self, state: GameState) -> None:
        day = own(state).day
        day.ballots = [*day.ballots, [self.seat, self.ballot]]


@dataclass(frozen=True, slots=True)
class ProsecutorAsked(Fact):
    """A Purge's tie: `accused` are sure, the Procureur picks the rest; `condemned`, the vote's choice."""

    type = "rp-prosecutor-asked"
    accused: list[int]
    condemned: int | None

    def apply(self, state: GameState) -> None:
        day = own(state).day
        day.accused = list(self.accused)
        day.condemned = self.condemned


@dataclass(frozen=True, slots=True)
class Accused(Fact):
    """A Purge's accused, to judge in this order (none: no trial)."""

    type = "rp-accused"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        own(state).day.accused = list(self.seats)


@dataclass(frozen=True, slots=True)
class TrialOpened(Fact):
    """One accused is judged now; `waiting`, the living accused after him (none: the trials are over)."""

    type = "rp-trial"
    waiting: list[int]

    def apply(self, state: GameState) -> None:
        own(state).day.accused = list(self.waiting)


@dataclass(frozen=True, slots=True)
class Condemned(Fact):
    """`seat` is condemned: his 15-second window opens (§2)."""

    type = "rp-condemned"
    seat: int

    def apply(self, state: GameState) -> None:
        own(state).day.condemned = self.seat


@dataclass(frozen=True, slots=True)
class Pardoned(Fact):
    """The Bourreau pardoned `seat`: the office leaves the game (§6)."""

    type = "rp-pardoned"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.day.pardoned = self.seat
        o.bourreau_out = True


@dataclass(frozen=True, slots=True)
class CondemnationOver(Fact):
    """The condemned's window is over (executed or pardoned)."""

    type = "rp-condemnation-over"

    def apply(self, state: GameState) -> None:
        own(state).day.condemned = None


# -- the law (laws.py) ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LawProposersRanked(Fact):
    """Who may propose the law, by §6's order (`[seat, rank]` each, 0 best)."""

    type = "rp-law-ranks"
    ranks: list[list[int]]

    def apply(self, state: GameState) -> None:
        own(state).day.ranks = {int(seat): int(rank) for seat, rank in self.ranks}


@dataclass(frozen=True, slots=True)
class LawsProposed(Fact):
    """The laws proposed (state.Law's fields each), best first."""

    type = "rp-laws-proposed"
    laws: list[dict[str, Any]]

    def apply(self, state: GameState) -> None:
        own(state).day.proposals = [Law.model_validate(law) for law in self.laws]


@dataclass(frozen=True, slots=True)
class LawSubmitted(Fact):
    """The law `key` (its words `text` when free), proposed by `by`, goes to the Sénateur."""

    type = "rp-law-submitted"
    key: str
    text: str | None
    by: int

    def apply(self, state: GameState) -> None:
        own(state).day.proposals = [Law(key=self.key, text=self.text, by=self.by)]


@dataclass(frozen=True, slots=True)
class LawAdopted(Fact):
    """The Sénateur accepted the law: it is the law of the day."""

    type = "rp-law"
    key: str
    text: str | None
    by: int

    def apply(self, state: GameState) -> None:
        own(state).day.law = Law(key=self.key, text=self.text, by=self.by)


@dataclass(frozen=True, slots=True)
class VotersTicked(Fact):
    """A real-world law: the living the MJ ticked as voters."""

    type = "rp-voters-ticked"
    seats: list[int]

    def apply(self, state: GameState) -> None:
        own(state).day.allowed = list(self.seats)


# -- marriages (marriages.py) ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WeddingChanged(Fact):
    """`requester`'s marriage request of today changed (state.Wedding's fields given)."""

    type = "rp-wedding"
    requester: int
    changes: dict[str, Any]

    def apply(self, state: GameState) -> None:
        day = own(state).day
        was = day.weddings.get(self.requester)
        wedding = Wedding.model_validate({**(was.model_dump() if was else {}), **self.changes})
        day.weddings = {**day.weddings, self.requester: wedding}


@dataclass(frozen=True, slots=True)
class Married(Fact):
    """`a` and `b` are married (§8)."""

    type = "rp-married"
    a: int
    b: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.spouses = {**o.spouses, self.a: self.b, self.b: self.a}


# -- the public offices (succession.py) -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OfficesDrawn(Fact):
    """The offices in play (special, mandatory, the optional ones chosen) and each optional one's variant."""

    type = "rp-offices"
    in_play: list[str]
    variants: dict[str, str]

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.offices_in_play = list(self.in_play)
        o.office_variants = dict(self.variants)


@dataclass(frozen=True, slots=True)
class OfficeBroughtIn(Fact):
    """The MJ gave `office`, not in play: it enters it."""

    type = "rp-office-in"
    office: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.offices_in_play = [x.key for x in OFFICES if x.key in {*o.offices_in_play, self.office}]
        o.offices_removed = [x for x in o.offices_removed if x != self.office]


@dataclass(frozen=True, slots=True)
class OfficeRemoved(Fact):
    """`office` is taken out of play: no applications, no vacancy for it."""

    type = "rp-office-out"
    office: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.offices_in_play = [k for k in o.offices_in_play
                             if not (k == BOURREAU and o.bourreau_out) and k != self.office]
        o.offices_removed = [*o.offices_removed, self.office]
        o.applications = {k: v for k, v in o.applications.items() if k != self.office}
        o.to_fill = [e for e in o.to_fill if e[0] != self.office]


@dataclass(frozen=True, slots=True)
class ApplicationsClosed(Fact):
    """Today's applications were judged: none left."""

    type = "rp-applications-closed"

    def apply(self, state: GameState) -> None:
        own(state).applications = {}


@dataclass(frozen=True, slots=True)
class ScrutateurTurned(Fact):
    """The Scrutateur's office turned on `day` (once a morning)."""

    type = "rp-scrutateur-turned"
    day: int

    def apply(self, state: GameState) -> None:
        own(state).turned = self.day


@dataclass(frozen=True, slots=True)
class VacancyQueued(Fact):
    """`office` is vacant, for the Scrutateur to fill (`resigned`: who left it; `applicants`, if any)."""

    type = "rp-vacancy"
    office: str
    resigned: int | None
    applicants: list[int] | None

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.to_fill = [*o.to_fill, [self.office, self.resigned, self.applicants]]


@dataclass(frozen=True, slots=True)
class VacancyDropped(Fact):
    """The vacancies of `office` need no filling any more."""

    type = "rp-vacancy-dropped"
    office: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.to_fill = [e for e in o.to_fill if e[0] != self.office]


@dataclass(frozen=True, slots=True)
class VacanciesTaken(Fact):
    """The first `count` vacancies are being filled."""

    type = "rp-vacancies-taken"
    count: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.to_fill = o.to_fill[self.count:]


# -- older logs ------------------------------------------------------------------------------------------------------
@cache
def _adapter(path: str) -> TypeAdapter[Any]:
    """The type of a (dotted) field, to validate what an event sets: events come back from the store as JSON."""
    model: type[BaseModel] = Reptiliens
    *heads, last = path.split(".")
    for head in heads:
        model = model.model_fields[head].annotation  # type: ignore[assignment]
    return TypeAdapter(model.model_fields[last].annotation)  # type: ignore[arg-type]  # always annotated


@dataclass(frozen=True, slots=True)
class FieldWritten(Fact):
    """A field of the state (dotted for the night's and the day's scratch) set to `value`, as a log written before
    facts set it (`rp-set`); never emitted."""

    type = "rp-old-set"
    field: str
    value: Any

    def apply(self, state: GameState) -> None:
        target: Any = own(state)
        *heads, last = self.field.split(".")
        for head in heads:
            target = getattr(target, head)
        setattr(target, last, _adapter(self.field).validate_python(self.value))


@dataclass(frozen=True, slots=True)
class PlanWritten(Fact):
    """The ruleset's own plan (`plan`, its step keys) or the part its day stood at (`i`), as a log written before
    facts set it (`rp-set`): the engine's plan now; never emitted."""

    type = "rp-old-plan"
    field: str
    value: Any

    def apply(self, state: GameState) -> None:
        if self.field == "plan":
            old_plan(state, list(self.value))
        elif state.plan is not None:
            state.plan.at = int(self.value)


def upgrade_set(state: GameState, data: dict[str, Any]) -> Iterable[Fact]:
    if data["field"] in ("plan", "i"):
        return [PlanWritten(data["field"], data["value"])]
    return [FieldWritten(data["field"], data["value"])]

