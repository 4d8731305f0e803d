"""How a game of Les Reptiliens de Quinte-Bourg ends and who wins (seed 000 §3, §4; RULES-NOTES `reptiliens`,
"End of the game"), as pure functions over a frozen summary of the game.

`stops(facts)` says whether the game stops now and why; `winners(facts, stop)` gives every seat's result with its
reasons. Neither reads the engine's state: the ruleset fills `Facts` from its own (camps, conversions, lovers,
offices, coins, charms, executions, Poirot's show, Shéhérazade's conversion). Reasons are i18n keys with params
named as the pages read them (`seat`, `seats`, `target`, `role` become names). docs/rules/reptiliens.md, section
"Victory", maps each sentence of the seed to the code here and lists the interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal

from app.engine.rulesets.reptiliens.cards import (
    CAMP_BY_KEY,
    CARD_BY_KEY,
    DOMINANCE,
    PERSONAL_VICTORIES,
    VICTORY_BY_KEY,
)
from app.engine.rulesets.reptiliens.offices import OFFICE_BY_KEY

Param = int | str | tuple[int, ...]
Result = Literal["won", "consolation", "lost"]
Verdict = Literal["win", "continue", "shame"]  # the outcome of Poirot's show

# Camps (cards.CAMPS, in dominance order) and personal conditions (cards.PERSONAL_VICTORIES).
AMOUREUX, IDEALISTES, SETHS, SOURIS = "rp-amoureux", "rp-idealistes", "rp-seths", "rp-souris"
REPTILIENS, MARTYRE, MUSICIENS, VILLAGEOIS = "rp-reptiliens", "rp-martyre", "rp-musiciens", "rp-villageois"
CUPIDE, MELOMANE, SHOWMAN, PENTAPHILE = "rp-cupide", "rp-melomane", "rp-showman", "rp-pentaphile"
ROMANTIQUE, PERFECT_MATCHEUR, FIFTY_EIGHT = "rp-romantique", "rp-perfect-matcheur", "rp-58-ard"
DETECTIVES, MATHEMATICIENS = "rp-detectives", "rp-mathematiciens"
SETH = "rp-seth"

# The camps a conversion adds: the MJ's at the opening and the Conversion noire (Reptiliens), the Conversion
# radieuse (Idéalistes). A lover stays in the Amoureux' camp by dominance, so nothing is removed.
CONVERSIONS = frozenset({REPTILIENS, IDEALISTES})
# §4 Shéhérazade: "Si elle convertit la Reptilienne noire, la Reptilienne rouge ou Seth ; la partie s'arrête."
RADIANT_STOPS = frozenset({"rp-reptilienne-noire", "rp-reptilienne-rouge", SETH})
# §3 "OC": a final victory of the Reptiliens (R) or of the Villageois (V).
CONSOLATION_CAMP: Mapping[str, str] = MappingProxyType({"R": REPTILIENS, "V": VILLAGEOIS})

# Text keys (victory.rp-* of the Reptiliens catalogue): reasons, and labels for the end screen.
WON = "victory.rp-won."  # + a camp or personal condition key
STOP_LIVING = "victory.rp-stop.living"
STOP_RADIANT = "victory.rp-stop.radiant"
HUMILIATED = "victory.rp-humiliated"
CONSOLATION = "victory.rp-consolation."  # + R or V
RESULT = "victory.rp-result."  # + won, consolation, lost (labels for the end screen)
WHY, NOBODY = "victory.rp-why", "victory.rp-nobody"  # the end screen's heading of the stop reasons; no winner
TEXT_KEYS: tuple[str, ...] = (
    *(WON + camp for camp in DOMINANCE),
    *(WON + v.key for v in PERSONAL_VICTORIES),
    STOP_LIVING, STOP_RADIANT, HUMILIATED, CONSOLATION + "R", CONSOLATION + "V",
    RESULT + "won", RESULT + "consolation", RESULT + "lost", WHY, NOBODY,
)


@dataclass(frozen=True)
class Reason:
    """Why a game stopped or a seat won: an i18n key and its params (compared, not hashed)."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()}}


# -- Poirot's show ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Show:
    """Poirot's show (§4 Poirot): how many players answered "Erreur" and "Grosse erreur"."""

    errors: int = 0
    gross: int = 0


def show_verdict(show: Show) -> Verdict:
    """§4: at most one error → the game stops and Poirot wins; two or three → it goes on; a gross error or at least
    four → he dies of shame. A single gross error is shame though it is also "at most one error" (RULES-NOTES)."""
    if show.gross or show.errors >= 4:
        return "shame"
    return "win" if show.errors <= 1 else "continue"


def radiant_stops_game(card: str) -> bool:
    """Whether Shéhérazade's story to the holder of `card` stops the game (then she does not die: "Sinon,
    Shéhérazade meurt"; the target is converted all the same, before the winners are counted)."""
    return card in RADIANT_STOPS


# -- the summary of a game ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    seat: int
    card: str  # the dealt camp card (cards.CAMP_CARDS), kept whatever the conversions
    alive: bool = True
    lover: bool = False  # chosen by the MJ at the opening (§11): the Amoureux' camp on top of the dealt card
    converted: tuple[str, ...] = ()  # camps gained (CONVERSIONS)
    personal: tuple[str, ...] = ()  # conditions the MJ gave at the opening (§11); Cupide's comes with his card
    offices: tuple[str, ...] = ()  # offices held now (offices.OFFICES); a ghost may hold the militia chief's
    coins: int = 0
    charmed: bool = False  # by Orphée or the Sirène
    executed: bool = False  # by a day session (the Martyre's condition)
    show: Show | None = None  # Poirot's show, once done

    def __post_init__(self) -> None:
        card = CARD_BY_KEY.get(self.card)
        if card is None or card.deck != "camp" or not card.dealt:
            raise ValueError(f"seat {self.seat}: {self.card!r} is not a dealt camp card")
        if not set(self.converted) <= CONVERSIONS:
            raise ValueError(f"seat {self.seat}: a conversion adds only {sorted(CONVERSIONS)}")
        if not set(self.personal) <= set(card.personal_victories):
            raise ValueError(f"seat {self.seat}: {self.card} has no condition among {self.personal}")
        if not set(self.offices) <= OFFICE_BY_KEY.keys():
            raise ValueError(f"seat {self.seat}: unknown office in {self.offices}")

    @cached_property  # asked for every seat by every condition; a Seat never changes
    def camps(self) -> tuple[str, ...]:
        """Every camp the seat belongs to, dominant first (§3: camps accumulate, the table's order decides)."""
        own = {CARD_BY_KEY[self.card].camp, *self.converted, *([AMOUREUX] if self.lover else [])}
        return tuple(c for c in DOMINANCE if c in own)

    @property
    def camp(self) -> str:
        return self.camps[0]

    @property
    def reptilian(self) -> bool:
        """RULES-NOTES: Reptilian cards, Seth, anyone converted; a lover holding one too; dead or alive."""
        return CARD_BY_KEY[self.card].reptilian or REPTILIENS in self.converted

    @cached_property
    def conditions(self) -> tuple[str, ...]:
        """Personal conditions: those the MJ gave, or the card's own when the MJ gives none (Cupide)."""
        card = CARD_BY_KEY[self.card]
        own = set(self.personal if card.mj_picks_personal else card.personal_victories)
        return tuple(v.key for v in PERSONAL_VICTORIES if v.key in own)


@dataclass(frozen=True)
class Radiant:
    """Shéhérazade's Conversion radieuse: who told the story, to whom."""

    by: int
    target: int


@dataclass(frozen=True)
class Facts:
    seats: tuple[Seat, ...]
    # Every coin still in the game: held, or waiting for the Notaire or a widow (a dead man keeps none). Coins
    # spent on killings and inquiries are "retirées du jeu". None: the seats' coins.
    coins_in_game: int | None = None
    radiant: Radiant | None = None  # her story stops the game when told to the rouge, the noire or Seth
    started: int | None = None  # players who began the game; None: every seat

    def __post_init__(self) -> None:
        if len({s.seat for s in self.seats}) != len(self.seats):
            raise ValueError("a seat appears twice")

    @property
    def living(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.alive)

    @property
    def coins(self) -> int:
        return sum(s.coins for s in self.seats) if self.coins_in_game is None else self.coins_in_game

    @property
    def starting(self) -> int:
        return len(self.seats) if self.started is None else self.started

    def seat(self, seat: int) -> Seat:
        found = next((s for s in self.seats if s.seat == seat), None)
        if found is None:
            raise KeyError(seat)
        return found


# -- conditions ---------------------------------------------------------------------------------------------------
def _members(facts: Facts, camp: str) -> tuple[Seat, ...]:
    """A camp's members, dominant or not: a Souris in love still holds offices for the Souris (§11 "ils font
    toujours également partie de leurs camps précédents")."""
    return tuple(s for s in facts.seats if camp in s.camps)


def _offices_held(members: tuple[Seat, ...], among: tuple[str, ...]) -> tuple[int, ...] | None:
    """The members holding offices of `among`, if they hold three of them (§3 "trois postes parmi ceux de")."""
    holders = [s for s in members if set(s.offices) & set(among)]
    held = {o for s in holders for o in s.offices if o in among}
    return tuple(s.seat for s in holders) if len(held) >= 3 else None


def _camp_condition(facts: Facts, camp: str) -> Reason | None:
    """The reason a camp's condition (§3 table) is met, or None. The extermination conditions want someone alive:
    with nobody left, nobody wins by them (as in Thiercelieux)."""
    living = facts.living
    n = len(living)
    if camp == AMOUREUX:  # "Ils sont les deux derniers vivants."
        met = n == 2 and all(s.lover for s in living)
        return Reason(WON + camp, {"seats": tuple(s.seat for s in living)}) if met else None
    if camp == IDEALISTES:  # §4 "au moins la moitié [des joueurs ayant débuté la partie] est encore en vie"
        return Reason(WON + camp, {"living": n, "started": facts.starting}) if 2 * n >= facts.starting else None
    if camp == SETHS:  # "Il n'y a plus que deux vivants, dont Seth." Seth alone has exterminated everyone too.
        seth = next((s for s in living if s.card == SETH), None)
        return Reason(WON + camp, {"seat": seth.seat, "living": n}) if seth and n <= 2 else None
    if camp == SOURIS:
        holders = _offices_held(_members(facts, camp), CAMP_BY_KEY[camp].offices)
        return None if holders is None else Reason(WON + camp, {"seats": holders})
    if camp == REPTILIENS:  # "Tous les non-Reptiliens et Seth sont morts."
        met = n > 0 and all(s.reptilian and s.card != SETH for s in living)
        return Reason(WON + camp) if met else None
    if camp == MARTYRE:  # "Il est exécuté lors d'une session diurne."
        martyr = next((s for s in _members(facts, camp) if s.executed), None)
        return None if martyr is None else Reason(WON + camp, {"seat": martyr.seat})
    if camp == MUSICIENS:  # "Ils ont charmé tous les vivants." (§4 "pas besoin de se charmer eux-même")
        met = n > 0 and all(s.charmed or MUSICIENS in s.camps for s in living)
        return Reason(WON + camp) if met else None
    if camp == VILLAGEOIS:  # "Tous les Reptiliens (dont Seth) sont morts."
        return Reason(WON + camp) if n > 0 and not any(s.reptilian for s in living) else None
    raise ValueError(camp)


def camps_won(facts: Facts) -> dict[str, Reason]:
    """The camps whose condition is met, in dominance order. A camp that no seat, dead or alive, holds as its
    dominant camp has nobody to win for it: its condition neither stops the game nor counts as its victory."""
    dominant = {s.camp for s in facts.seats}
    met = {camp: _camp_condition(facts, camp) for camp in DOMINANCE if camp in dominant}
    return {camp: reason for camp, reason in met.items() if reason is not None}


def _personal_condition(facts: Facts, seat: Seat, key: str, won: Mapping[str, Reason]) -> Reason | None:
    """The reason one of `seat`'s personal conditions (§3 table, §4) is met, or None."""
    n = len(facts.living)
    if key == CUPIDE:  # "Il possède toutes les pièces du jeu." (a dead man keeps none)
        met = seat.alive and facts.coins > 0 and seat.coins >= facts.coins
        return Reason(WON + key, {"seat": seat.seat, "coins": facts.coins}) if met else None
    if key == SHOWMAN:
        met = seat.show is not None and show_verdict(seat.show) == "win"
        return Reason(WON + key, {"seat": seat.seat}) if met else None
    if key == MELOMANE:  # "Les musiciens gagnent la partie."
        return Reason(WON + key) if MUSICIENS in won else None
    if key == ROMANTIQUE:  # "Les amoureux gagnent la partie."
        return Reason(WON + key) if AMOUREUX in won else None
    if key == PENTAPHILE:  # "un nombre de vivants multiple de 5": 5, 10, …; nobody alive is no number of living
        return Reason(WON + key, {"living": n}) if n > 0 and n % 5 == 0 else None
    if key == FIFTY_EIGHT:  # "5 ou 8 vivants exactement"
        return Reason(WON + key, {"living": n}) if n in (5, 8) else None
    if key == PERFECT_MATCHEUR:  # "exactement 50% de Reptiliens dans les vivants" (Seth and converts included)
        reptilians = sum(s.reptilian for s in facts.living)
        met = n > 0 and 2 * reptilians == n
        return Reason(WON + key, {"reptilians": reptilians, "others": n - reptilians}) if met else None
    if key in (DETECTIVES, MATHEMATICIENS):  # they know each other and win together
        members = tuple(s for s in facts.seats if key in s.conditions)
        holders = _offices_held(members, VICTORY_BY_KEY[key].offices)
        return None if holders is None else Reason(WON + key, {"seats": holders})
    raise ValueError(key)


def _personal_won(facts: Facts, won: Mapping[str, Reason]) -> dict[int, list[tuple[str, Reason]]]:
    return {s.seat: [(key, r) for key in s.conditions if (r := _personal_condition(facts, s, key, won))]
            for s in facts.seats}


# -- stop ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Stop:
    """Why the game stops: every triggering condition met at that moment (several may be)."""

    reasons: tuple[Reason, ...]


def stops(facts: Facts) -> Stop | None:
    """Whether the game stops now (§3 "Fin de partie"): a condition that stops at once is met (every camp's but the
    Idéalistes'; Cupide, Showman, Détectives, Mathématiciens), at most two players are alive, or Shéhérazade told
    her story to the Reptilienne rouge, the Reptilienne noire or Seth. The end-only conditions (Idéalistes,
    Pentaphile, 58-ard, Perfect-Matcheur, Mélomane, Romantique) never stop it: `winners` evaluates them then."""
    reasons: list[Reason] = []
    if facts.radiant is not None:
        target = facts.seat(facts.radiant.target)
        if radiant_stops_game(target.card):
            reasons.append(Reason(STOP_RADIANT, {"seat": facts.radiant.by, "target": target.seat,
                                                 "role": target.card}))
    won = camps_won(facts)
    reasons += [r for camp, r in won.items() if CAMP_BY_KEY[camp].stops_game]
    for met in _personal_won(facts, won).values():
        # Détectives and Mathématiciens give every member the same reason: once is enough.
        reasons += [r for key, r in met if VICTORY_BY_KEY[key].stops_game and r not in reasons]
    if len(facts.living) <= 2:  # "Il ne reste plus que 2 joueurs vivants"; fewer cannot go on either
        reasons.append(Reason(STOP_LIVING, {"living": len(facts.living)}))
    return Stop(tuple(reasons)) if reasons else None


# -- outcome ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatResult:
    seat: int
    result: Result
    camp: str  # the dominant camp
    camps: tuple[str, ...]  # every camp, dominant first
    alive: bool
    reasons: tuple[Reason, ...]  # won: each condition met; consolation: the OC; lost: why, if any

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "result": self.result, "camp": self.camp, "camps": list(self.camps),
                "alive": self.alive, "reasons": [r.as_dict() for r in self.reasons]}


@dataclass(frozen=True)
class Outcome:
    stop: Stop
    camps: tuple[str, ...]  # the camps that won, in dominance order
    seats: tuple[SeatResult, ...]  # in seat order

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.result == "won")

    @property
    def consoled(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.result == "consolation")

    def view(self) -> dict[str, Any]:
        """JSON for the end screen: why it stopped, the camps that won (`camp`: the first, for a headline
        `end.win.<camp>`), the winners, and every seat with its result (`victory.rp-result.<result>`) and reasons."""
        return {"camp": self.camps[0] if self.camps else None, "camps": list(self.camps),
                "winners": list(self.winners), "consoled": list(self.consoled),
                "stop": [r.as_dict() for r in self.stop.reasons], "seats": [s.as_dict() for s in self.seats]}


def winners(facts: Facts, stop: Stop) -> Outcome:
    """Every seat's result once the game has stopped, every condition evaluated on this final state, the end-only
    ones included (RULES-NOTES). A seat wins by its dominant camp's condition or by one of its personal conditions,
    dead or alive, and may win by several; several seats and camps may win. A Cupide who owns every coin makes the
    other Cupides lose whatever they met ("Les autres cupides perdent"). A seat that wins nothing reaches its
    consolation objective when the camp its OC names won: a lesser result, not a win."""
    won = camps_won(facts)
    personal = _personal_won(facts, won)
    greedy = next((seat for seat, met in personal.items() if any(key == CUPIDE for key, _ in met)), None)
    results: list[SeatResult] = []
    for s in sorted(facts.seats, key=lambda s: s.seat):
        reasons = ([won[s.camp]] if s.camp in won else []) + [r for _, r in personal[s.seat]]
        result: Result = "won" if reasons else "lost"
        if greedy is not None and s.seat != greedy and CUPIDE in s.conditions:
            result, reasons = "lost", [Reason(HUMILIATED, {"seat": greedy})]
        elif not reasons:
            oc = CAMP_BY_KEY[s.camp].consolation
            if oc is not None and CONSOLATION_CAMP[oc] in won:
                result, reasons = "consolation", [Reason(CONSOLATION + oc)]
        results.append(SeatResult(s.seat, result, s.camp, s.camps, s.alive, tuple(reasons)))
    return Outcome(stop, tuple(won), tuple(results))
