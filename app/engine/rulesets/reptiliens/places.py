"""Houses and where everyone spends the night in Les Reptiliens de Quinte-Bourg (seed 000 §2, §5, §7; RULES-NOTES
`reptiliens`; docs/rules/reptiliens.md "Houses, nights and attacks").

Pure functions over small frozen inputs, independent of the engine's state: the ruleset turns what happened at the
night's steps into `Declaration`s and asks `where_everyone_sleeps` where each living player is at the attack step.

A house is named by its owner's seat: every player owns one, keeps it when he dies, and moving (marriage, the
Artiste's victim) rebuilds it elsewhere in the ring of houses, "the street".
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Literal

from app.engine.rulesets.reptiliens.cards import LONG_PRIORITY

# The long actions of the §2 table (cards.LONG_ACTIONS), highest priority first.
HEAVY_SLEEP = "rp-sommeil-lourd"
ABDUCTION = "rp-enlevement"
SCULPTING = "rp-sculpter"
FIGHTING = "rp-se-battre"
COPULATING = "rp-copuler"
SLEEPING_TOGETHER = "rp-dormir-ensemble"
SQUATTING = "rp-squatter"
ATTACKING = "rp-attaquer"
AT_HOME = "rp-dormir-chez-soi"

Side = Literal["clockwise", "counterclockwise"]


# -- the street ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Street:
    """The houses in a ring, clockwise, each named by its owner's seat (RULES-NOTES: "Houses form a ring ('the
    street'), first in seat order"). A dead owner's house stays, so it stays a neighbour and can be entered."""

    houses: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.houses)) != len(self.houses):
            raise ValueError(f"a seat owns one house: {self.houses}")

    @classmethod
    def of(cls, seats: Iterable[int]) -> Street:
        """The street at the start: one house per seat, in seat order (clockwise = increasing seats)."""
        return cls(tuple(sorted(set(seats))))

    def __contains__(self, owner: object) -> bool:
        return owner in self.houses

    def _index(self, owner: int) -> int:
        try:
            return self.houses.index(owner)
        except ValueError:
            raise ValueError(f"seat {owner} has no house in the street") from None

    def next_to(self, owner: int, side: Side = "clockwise") -> int | None:
        """The house beside `owner`'s on `side`; None when his is the only house."""
        if len(self.houses) < 2:
            self._index(owner)
            return None
        step = 1 if side == "clockwise" else -1
        return self.houses[(self._index(owner) + step) % len(self.houses)]

    def neighbours(self, owner: int) -> tuple[int, ...]:
        """The houses on either side of `owner`'s, counter-clockwise first (the thieves' "maison voisine"); a
        street of two houses gives one neighbour, a street of one none."""
        sides = (self.next_to(owner, "counterclockwise"), self.next_to(owner, "clockwise"))
        return tuple(dict.fromkeys(h for h in sides if h is not None))

    def are_neighbours(self, a: int, b: int) -> bool:
        return a != b and b in self.neighbours(a)

    def moved(self, mover: int, beside: int, side: Side = "clockwise") -> Street:
        """The street once `mover` has rebuilt his house next to `beside`'s, on its `side` (a marriage, §8; the
        Artiste's victim, §12). The other houses keep their order."""
        if mover == beside:
            raise ValueError(f"seat {mover} cannot move next to his own house")
        self._index(mover)
        self._index(beside)
        rest = [h for h in self.houses if h != mover]
        at = rest.index(beside)
        rest.insert(at + 1 if side == "clockwise" else at, mover)
        return Street(tuple(rest))


def seat_neighbours(seats: Sequence[int], living: Collection[int], seat: int) -> tuple[int, ...]:
    """The players "assis à ses côtés" (§5, the snoops): the nearest living seat on each side around the table,
    counter-clockwise first. `seats` is the table in clockwise order (increasing seats). Seats, unlike houses, do
    not move, and the dead have left the table (§9 "le coin des morts")."""
    if seat not in seats:
        raise ValueError(f"seat {seat} is not at the table")
    at, n = seats.index(seat), len(seats)
    ccw = next((seats[(at - k) % n] for k in range(1, n) if seats[(at - k) % n] in living), None)
    cw = next((seats[(at + k) % n] for k in range(1, n) if seats[(at + k) % n] in living), None)
    return tuple(dict.fromkeys(s for s in (ccw, cw) if s is not None))


# -- what happened at the night's steps ---------------------------------------------------------------------------
# One declaration per long action given or imposed that night, in the order the steps called them. A declaration
# may name a seat killed later in the night: the others still went where it sent them.
@dataclass(frozen=True)
class HeavySleep:
    """The Marchand de sable's target (§5): acts no more until dawn; at home unless abducted."""

    action: ClassVar[str] = HEAVY_SLEEP
    sleeper: int

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.sleeper,)

    @property
    def houses(self) -> tuple[int, ...]:
        return ()


@dataclass(frozen=True)
class Abduction:
    """The Psychopathe/Toqué and his target, both at the abductor's house, the target in a heavy sleep (§5;
    RULES-NOTES: "chez elle" is a slip for his house)."""

    action: ClassVar[str] = ABDUCTION
    abductor: int
    victim: int

    def __post_init__(self) -> None:
        if self.abductor == self.victim:
            raise ValueError("an abductor cannot abduct himself")

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.abductor, self.victim)

    @property
    def houses(self) -> tuple[int, ...]:
        return (self.abductor,)


@dataclass(frozen=True)
class Sculpture:
    """The Artiste spends the night in `house`, the house of the person he designated (§5)."""

    action: ClassVar[str] = SCULPTING
    artist: int
    house: int

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.artist,)

    @property
    def houses(self) -> tuple[int, ...]:
        return (self.house,)


@dataclass(frozen=True)
class _Pair:
    """Two players meeting at one of their two houses, `at`, chosen by the first."""

    action: ClassVar[str]
    # True: if either is unavailable nobody goes (Éris, Freyja: "le MJ annonce que son action a échoué").
    joint: ClassVar[bool] = True
    first: int
    second: int
    at: int

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"{type(self).__name__} needs two different players")
        if self.at not in (self.first, self.second):
            raise ValueError(f"{type(self).__name__} takes place at the house of one of the two")

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.first, self.second)

    @property
    def houses(self) -> tuple[int, ...]:
        return (self.at,)


@dataclass(frozen=True)
class Fight(_Pair):
    """Éris' two targets fight at the house the first chose (§5 Querelle)."""

    action: ClassVar[str] = FIGHTING


@dataclass(frozen=True)
class Copulation(_Pair):
    """Freyja's two targets couple at the house the first chose (§5 Allumeuse)."""

    action: ClassVar[str] = COPULATING


@dataclass(frozen=True)
class Rendezvous(_Pair):
    """The Amoureux sleep at the house of one of them (§4). Each goes on his own: a lover held elsewhere does not
    keep the other from the meeting place."""

    action: ClassVar[str] = SLEEPING_TOGETHER
    joint: ClassVar[bool] = False


@dataclass(frozen=True)
class Squat:
    """Laura de la Riponne spends the night in a house other than hers, empty or not (§5)."""

    action: ClassVar[str] = SQUATTING
    squatter: int
    house: int

    def __post_init__(self) -> None:
        if self.squatter == self.house:
            raise ValueError("Laura never sleeps at home")

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.squatter,)

    @property
    def houses(self) -> tuple[int, ...]:
        return (self.house,)


@dataclass(frozen=True)
class Attack:
    """The pack's attack (§7): every living Reptilian (Seth, converts, lovers holding such a card) heads for the
    house the pack chose (attacks.pack_target, then PackDecision.declaration)."""

    action: ClassVar[str] = ATTACKING
    attackers: frozenset[int]
    house: int

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.attackers))

    @property
    def houses(self) -> tuple[int, ...]:
        return (self.house,)


Declaration = HeavySleep | Abduction | Sculpture | Fight | Copulation | Rendezvous | Squat | Attack


# -- the night ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """Where a living player spends the night, and why (for the MJ's console)."""

    house: int  # the owner's seat
    action: str  # the long action (§2 key) that took him there: the highest that applied
    asleep: bool = False  # in a heavy sleep (the Marchand's target, an abductee): acts no more until dawn
    overruled: tuple[str, ...] = ()  # his other long actions that night, outranked or failed, in priority order


@dataclass(frozen=True)
class Night:
    """Where everyone is at the attack step. `places` holds every living seat, `occupants` every house of the
    street (empty ones too), so that each living player is in exactly one house."""

    places: Mapping[int, Place]
    occupants: Mapping[int, frozenset[int]]
    attack_house: int | None = None  # where the pack headed, if it attacks tonight
    failed: tuple[Declaration, ...] = ()  # declarations that took no effect (for the MJ's "action a échoué")

    def house_of(self, seat: int) -> int:
        return self.places[seat].house

    def at_home(self, seat: int) -> bool:
        """The Stalkeur's question (§5): did he spend the night (his long action) at home?"""
        return self.places[seat].house == seat


def _rank(declaration: Declaration) -> int:
    return LONG_PRIORITY.index(declaration.action)


def _check(street: Street, living: frozenset[int], declarations: tuple[Declaration, ...]) -> None:
    if not living <= set(street.houses):
        raise ValueError(f"every living player owns a house: {sorted(living - set(street.houses))} do not")
    for d in declarations:
        for seat in (*d.seats, *d.houses):
            if seat not in street:
                raise ValueError(f"{d} names seat {seat}, who has no house")
    if sum(isinstance(d, Attack) for d in declarations) > 1:
        raise ValueError("the pack attacks once a night")


def where_everyone_sleeps(street: Street, living: Iterable[int], declarations: Iterable[Declaration]) -> Night:
    """The one place each living player spends the night (§2: "exactement une action longue"), by the priority
    table: Sommeil lourd > Enlèvement > Sculpter > Se battre > Copuler > Dormir ensemble > Squatter > Attaquer >
    Dormir chez soi. At equal priority the earlier declaration wins (the steps' order). A sleeper acts no more: his
    own long actions lapse and he stays at home, unless abducted. A fight or a coupling with a target held by a
    higher long action (or an earlier one of the same rank) fails for both (§5 "indisponible"). An attacker held
    elsewhere goes there instead (§7)."""
    alive = frozenset(living)
    given = tuple(declarations)
    _check(street, alive, given)

    asleep = {d.sleeper for d in given if isinstance(d, HeavySleep)}
    held: dict[int, tuple[int, str]] = {}  # seat -> (house, long action)
    claimed: dict[int, set[str]] = {}  # every long action given to or imposed on a seat tonight
    failed: list[Declaration] = []
    attack_house: int | None = None

    def busy(seat: int) -> bool:
        return seat in held or seat in asleep

    for d in sorted(given, key=_rank):  # stable: the steps' order within a rank
        for seat in d.seats:
            claimed.setdefault(seat, set()).add(d.action)
        if isinstance(d, HeavySleep):
            continue
        if isinstance(d, Abduction):
            # A sleeping abductor does not act; a victim already abducted (or abducting) is out of reach.
            if busy(d.abductor) or d.victim in held:
                failed.append(d)
                continue
            held[d.abductor] = (d.abductor, ABDUCTION)
            held[d.victim] = (d.abductor, ABDUCTION)
            asleep.add(d.victim)
        elif isinstance(d, Sculpture | Squat):
            actor = d.artist if isinstance(d, Sculpture) else d.squatter
            if busy(actor):
                failed.append(d)
            else:
                held[actor] = (d.house, d.action)
        elif isinstance(d, _Pair):
            if d.joint and (busy(d.first) or busy(d.second)):
                failed.append(d)
                continue
            for seat in d.seats:
                if not busy(seat):
                    held[seat] = (d.at, d.action)
        else:  # Attack
            attack_house = d.house
            for seat in d.attackers:
                if not busy(seat):
                    held[seat] = (d.house, ATTACKING)

    places: dict[int, Place] = {}
    for seat in sorted(alive):
        house, action = held.get(seat, (seat, HEAVY_SLEEP if seat in asleep else AT_HOME))
        lost = claimed.get(seat, set()) - {action} - ({HEAVY_SLEEP} if seat in asleep else set())
        places[seat] = Place(house, action, seat in asleep, tuple(a for a in LONG_PRIORITY if a in lost))
    occupants = {h: frozenset(s for s, p in places.items() if p.house == h) for h in street.houses}
    return Night(MappingProxyType(places), MappingProxyType(occupants), attack_house, tuple(failed))
