"""The facts of a Thiercelieux game that mark a seat or the village (app/engine/facts.py), one per thing that
happened, each changing the typed marks (marks.py, kept in state.py). Their audience is chosen where they are
emitted, as the generic setters' was: the seat concerned for what it alone knows, the MJ for his bookkeeping, the
table for what everyone saw. A fact its audience reads in the journal carries its `line` (the announcement it
reads as), in place of a twin `announce` event.

Logs written before these facts set the same marks through the generic `tag {seat, key, value}` and
`flag {key, value}` events; `upgrade_tag` and `upgrade_flag` fold them into the same marks (`OldMark`,
`OldVillageFact`: never emitted). A key that is no mark of this ruleset (the engine's `afk_missed`) is left to the
engine's own handler."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app.engine.facts import Fact, Line
from app.engine.model import GameState
from app.engine.rulesets.thiercelieux.marks import MARK_KEYS, VILLAGE_KEYS
from app.engine.rulesets.thiercelieux.state import marked, village


# -- a seat's cards and camp --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnedWolf(Fact):
    """The seat now wakes with the wolves: infected, a hidden wolf camp card, a cub or a traitor turned, a wild
    child whose model died, a wolf-dog who chose the wolves."""

    type = "th_turned_wolf"
    seat: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).wolf = True


@dataclass(frozen=True, slots=True)
class Bitten(Fact):
    """The vampires bit the seat: it is one of them (004)."""

    type = "th_bitten"
    seat: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).vampire = True


@dataclass(frozen=True, slots=True)
class CampCardDealt(Fact):
    """The small complication's hidden camp card (004)."""

    type = "th_camp_card"
    seat: int
    card: str

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).camp_card = self.card


@dataclass(frozen=True, slots=True)
class SecondCardDealt(Fact):
    """The great complication's second hidden card (004)."""

    type = "th_second_card"
    seat: int
    card: str

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).second_role = self.card


@dataclass(frozen=True, slots=True)
class CardBorrowed(Fact):
    """The Comédien plays this card's power until the next night (None: it has ended)."""

    type = "th_borrowed"
    line = Line("comedien_plays", {"role": "card"}, needs=("card",))
    seat: int
    card: str | None

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).borrowed = self.card


@dataclass(frozen=True, slots=True)
class Charmed(Fact):
    """The Joueur de flûte charmed the seat."""

    type = "th_charmed"
    seat: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).charmed = True


# -- what a seat learnt ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardSeen(Fact):
    """The Voyante saw `target`'s card (as she is shown it)."""

    type = "th_seen"
    line = Line("seer_saw", {"seat": "target", "role": "role"})
    seat: int
    target: int
    role: str | None

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.seen = {**(mine.seen or {}), str(self.target): self.role}


@dataclass(frozen=True, slots=True)
class Confessed(Fact):
    """The confessor heard `target`'s confession today: his card."""

    type = "th_confessed"
    line = Line("confession_saw", {"seat": "target", "role": "role"})
    seat: int
    target: int
    role: str | None
    day: int

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.confessed = self.day
        mine.seen = {**(mine.seen or {}), str(self.target): self.role}


@dataclass(frozen=True, slots=True)
class PackGlimpsed(Fact):
    """The Petite Fille caught sight of these wolves."""

    type = "th_pf_seen"
    line = Line("petite_fille_saw", {"seats": "wolves"})
    seat: int
    wolves: list[int]

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.pf_seen = sorted({*(mine.pf_seen or []), *self.wolves})


@dataclass(frozen=True, slots=True)
class MasonsMet(Fact):
    type = "th_masons"
    seat: int
    masons: list[int]

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).masons = list(self.masons)


@dataclass(frozen=True, slots=True)
class KinMet(Fact):
    """The Deux Sœurs (`sisters`) or Trois Frères (`brothers`) the seat has recognised so far."""

    type = "th_kin"
    seat: int
    kin: str
    members: list[int]

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        if self.kin == "sisters":
            mine.sisters = list(self.members)
        else:
            mine.brothers = list(self.members)


@dataclass(frozen=True, slots=True)
class CouplePaired(Fact):
    """Cupidon learns the couple he made."""

    type = "th_cupid_pair"
    seat: int
    pair: list[int]

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).cupid_pair = list(self.pair)


@dataclass(frozen=True, slots=True)
class FellInLove(Fact):
    """The seat learns its lover (and the lover's card, when lovers share them: 004)."""

    type = "th_in_love"
    line = Line("you_are_in_love", {"partner": "lover"})
    seat: int
    lover: int
    role: str | None

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.lover = self.lover
        if self.role is not None:
            mine.lover_role = self.role


@dataclass(frozen=True, slots=True)
class MasterChosen(Fact):
    type = "th_master"
    seat: int
    master: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).master = self.master


@dataclass(frozen=True, slots=True)
class ModelChosen(Fact):
    type = "th_model"
    line = Line("model_chosen", {"seat": "model"})
    seat: int
    model: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).model = self.model


@dataclass(frozen=True, slots=True)
class QuestionAsked(Fact):
    """The Gitane's spirits were asked this question."""

    type = "th_asked"
    seat: int
    question: str

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.asked = [*(mine.asked or []), self.question]


# -- powers spent, counters --------------------------------------------------------------------------------------
POWERS_SPENT = {"heal": "heal_used", "poison": "poison_used", "infect": "infect_used", "fox": "fox_lost",
                "servant": "servant_used", "idiot": "idiot_revealed"}


@dataclass(frozen=True, slots=True)
class PowerSpent(Fact):
    """A once-a-game power is gone: a potion (`heal`, `poison`), the infection, the Renard's flair, the Servante's
    devotion, the Idiot's pardon (he is revealed)."""

    type = "th_power_spent"
    seat: int
    power: str

    def apply(self, state: GameState) -> None:
        setattr(marked(state, self.seat), POWERS_SPENT[self.power], True)


@dataclass(frozen=True, slots=True)
class JudgeSignalled(Fact):
    """The Juge bègue gave his signal today (to him: his power is spent)."""

    type = "th_judge_used"
    seat: int
    day: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).judge_used = self.day


@dataclass(frozen=True, slots=True)
class LifeLost(Fact):
    """The Ancien survived an attack: `lives` left."""

    type = "th_life_lost"
    seat: int
    lives: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).lives = self.lives


@dataclass(frozen=True, slots=True)
class SheepSent(Fact):
    """The Berger's sheep went out: `sheep` left."""

    type = "th_sheep"
    seat: int
    sheep: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).sheep = self.sheep


@dataclass(frozen=True, slots=True)
class Struck(Fact):
    """The Assassin struck today."""

    type = "th_struck"
    seat: int
    day: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).struck = self.day


@dataclass(frozen=True, slots=True)
class Rusted(Fact):
    """This wolf ate the Chevalier's rust: he dies on `night`'s dawn."""

    type = "th_rusted"
    seat: int
    night: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).rusted = self.night


@dataclass(frozen=True, slots=True)
class Hesitated(Fact):
    """The seat changed its vote today: it votes against itself (004)."""

    type = "th_hesitated"
    seat: int
    day: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).hesitated = self.day


@dataclass(frozen=True, slots=True)
class Croaked(Fact):
    """Turned into a frog: silent on `day`, asleep on `night`."""

    type = "th_frog"
    seat: int
    day: int
    night: int

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        mine.frog_day, mine.frog_night = self.day, self.night


@dataclass(frozen=True, slots=True)
class LastChoice(Fact):
    """Tonight's choice of a power that may not pick the same player two nights running (`mark`: last_protected,
    last_walk, last_visit; `target` None: no choice, the next night is free)."""

    type = "th_last_choice"
    seat: int
    mark: str
    target: int | None

    def apply(self, state: GameState) -> None:
        setattr(marked(state, self.seat), self.mark, self.target)


@dataclass(frozen=True, slots=True)
class PowersInherited(Fact):
    """The Servante took a card whose powers were already spent (`marks`: the dead's, by name)."""

    type = "th_inherited"
    seat: int
    marks: dict[str, Any]

    def apply(self, state: GameState) -> None:
        mine = marked(state, self.seat)
        for key, value in self.marks.items():
            setattr(mine, key, value)


# -- the dead ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BecameGhost(Fact):
    type = "th_ghost"
    line = Line("became_ghost", {"seat": "seat"})
    seat: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).ghost = True


@dataclass(frozen=True, slots=True)
class GhostDeclined(Fact):
    type = "th_ghost_declined"
    seat: int

    def apply(self, state: GameState) -> None:
        marked(state, self.seat).ghost_declined = True


# -- the village ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RavenMarked(Fact):
    """The Corbeau's mark on today's vote (None: it is spent)."""

    type = "th_raven"
    line = Line("raven_marks", {"seat": "seat"}, needs=("seat",))
    seat: int | None

    def apply(self, state: GameState) -> None:
        village(state).raven = self.seat


@dataclass(frozen=True, slots=True)
class LastDeath(Fact):
    """Who died last, and on which day (the stalemate's count)."""

    type = "th_last_death"
    seat: int
    day: int

    def apply(self, state: GameState) -> None:
        v = village(state)
        v.last_dead, v.last_death_day = self.seat, self.day


@dataclass(frozen=True, slots=True)
class PowersLost(Fact):
    """The village killed the Ancien: the villagers lose their powers."""

    type = "th_powers_lost"
    line = Line("powers_lost")

    def apply(self, state: GameState) -> None:
        village(state).powers_lost = True


@dataclass(frozen=True, slots=True)
class IdiotSpared(Fact):
    """The village idiot was spared (004 variant)."""

    type = "th_idiot_spared"
    line = Line("village_idiot", {"seat": "seat"})
    seat: int

    def apply(self, state: GameState) -> None:
        village(state).idiot = self.seat


@dataclass(frozen=True, slots=True)
class CaptainNamed(Fact):
    """The first dead named the captain (captain_mode first_dead)."""

    type = "th_captain_named"

    def apply(self, state: GameState) -> None:
        village(state).captain_named = True


@dataclass(frozen=True, slots=True)
class CaptainElected(Fact):
    type = "th_captain_elected"

    def apply(self, state: GameState) -> None:
        village(state).captain_elected = True


@dataclass(frozen=True, slots=True)
class DayRolesDealt(Fact):
    """The village's day cards (seat as text -> card)."""

    type = "th_day_roles"
    cards: dict[str, str]

    def apply(self, state: GameState) -> None:
        village(state).day_roles = dict(self.cards)


@dataclass(frozen=True, slots=True)
class Shielded(Fact):
    """The Protecteur shielded `seat` from `day`'s vote."""

    type = "th_shield"
    line = Line("shielded", {"seat": "seat"})
    seat: int
    day: int

    def apply(self, state: GameState) -> None:
        village(state).shield = {"seat": self.seat, "day": self.day}


@dataclass(frozen=True, slots=True)
class ChatelainKilled(Fact):
    type = "th_chatelain_killed"

    def apply(self, state: GameState) -> None:
        village(state).chatelain_killed = True


@dataclass(frozen=True, slots=True)
class ChatelainPardoned(Fact):
    type = "th_chatelain_pardoned"

    def apply(self, state: GameState) -> None:
        village(state).chatelain_pardoned = True


@dataclass(frozen=True, slots=True)
class SectSplit(Fact):
    """The Abominable Sectaire's two groups."""

    type = "th_sect_groups"
    groups: list[list[int]]

    def apply(self, state: GameState) -> None:
        village(state).sect_groups = [list(g) for g in self.groups]


@dataclass(frozen=True, slots=True)
class AngeWon(Fact):
    type = "th_ange_won"
    line = Line("ange_wins", {"seat": "seat"})
    seat: int

    def apply(self, state: GameState) -> None:
        village(state).ange_won = self.seat


@dataclass(frozen=True, slots=True)
class VotersChosen(Fact):
    """Who alone may vote on `day` (the Bouc émissaire's choice)."""

    type = "th_voters"
    day: int
    seats: list[int]

    def apply(self, state: GameState) -> None:
        village(state).voters = {"day": self.day, "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class SecondVoteAsked(Fact):
    """The Juge bègue signalled for a second vote today (the MJ's bookkeeping)."""

    type = "th_judge_signal"
    day: int

    def apply(self, state: GameState) -> None:
        village(state).judge_signal = self.day


@dataclass(frozen=True, slots=True)
class SecondVoteCalled(Fact):
    type = "th_second_vote"
    line = Line("second_vote")
    day: int

    def apply(self, state: GameState) -> None:
        village(state).second_vote = self.day


@dataclass(frozen=True, slots=True)
class VampiresPowerless(Fact):
    """The vampires bit a wolf: they can convert no more."""

    type = "th_vampires_powerless"
    line = Line("vampires_powerless")

    def apply(self, state: GameState) -> None:
        village(state).vampires_powerless = True


@dataclass(frozen=True, slots=True)
class StageCards(Fact):
    """The Comédien's cards left (the MJ's bookkeeping)."""

    type = "th_stage_cards"
    cards: list[str]

    def apply(self, state: GameState) -> None:
        village(state).comedien_cards = list(self.cards)


# -- older logs ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OldMark(Fact):
    """A mark as a log written before facts set it (`tag`); never emitted."""

    type = "th_old_mark"
    seat: int
    key: str
    value: Any

    def apply(self, state: GameState) -> None:
        setattr(marked(state, self.seat), self.key, self.value)


@dataclass(frozen=True, slots=True)
class OldVillageFact(Fact):
    """A village's fact as a log written before facts set it (`flag`); never emitted."""

    type = "th_old_flag"
    key: str
    value: Any

    def apply(self, state: GameState) -> None:
        setattr(village(state), self.key, self.value)


def upgrade_tag(state: GameState, data: dict[str, Any]) -> Iterable[Fact] | None:
    if data["key"] not in MARK_KEYS:
        return None  # the engine's own (afk_missed)
    return [OldMark(data["seat"], data["key"], data.get("value"))]


def upgrade_flag(state: GameState, data: dict[str, Any]) -> Iterable[Fact] | None:
    if data["key"] not in VILLAGE_KEYS:
        return None
    return [OldVillageFact(data["key"], data.get("value"))]

