"""The Reptilians' attack in Les Reptiliens de Quinte-Bourg (seed 000 §4, §7; RULES-NOTES `reptiliens`;
docs/rules/reptiliens.md "Houses, nights and attacks").

Three pure steps: `pack_target` settles the concertation at the start of the night; its `declaration` sends the
pack to the house (places.where_everyone_sleeps); `resolve_attack` then reads who is in which house at the attack
step and says who dies and what each camera and animal reports. Chance goes through an injected `choose`: the
game's RNG (`rng.choice`), or `Replay` when the MJ draws by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from app.engine.rulesets.reptiliens.places import Attack, Night

DecidedBy = Literal["agreement", "alpha"]
# Why the pack has no target: nobody chose; a disagreement the alpha did not settle (dead, or silent); the room's
# option "no attack at all once the alpha is dead"; a target only members killed tonight chose (the pack was told it,
# nobody heads there: nights.concertation_close).
PackFailure = Literal["no-choice", "disagreement", "alpha-dead", "doomed"]
# Why an attacked house gives no victim: no attacker reached it (all held elsewhere, or asleep); the ghosts'
# militia; the richest citizen's system; nobody but the attackers; nobody but Reptilians.
HouseFailure = Literal["no-attacker", "militia", "richest", "empty", "reptilians-only"]
Failure = Literal[PackFailure, HouseFailure]
Occupancy = Literal["empty", "one", "several"]  # the camera's "0 / 1 / plusieurs occupant(s)"


# -- the concertation ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PackChoice:
    """A house the pack points at, named by its owner. `squatter`: pointed at "avec l'index et l'auriculaire" (§7),
    the owner, a fellow Reptilian, is spared and whoever squats there is aimed at; meaningless on another house."""

    house: int
    squatter: bool = False


@dataclass(frozen=True)
class PackDecision:
    target: PackChoice | None
    decided_by: DecidedBy | None = None
    failure: PackFailure | None = None

    def declaration(self, attackers: Iterable[int]) -> Attack | None:
        """What places.where_everyone_sleeps needs: the living Reptilians heading for the target, if any."""
        return None if self.target is None else Attack(frozenset(attackers), self.target.house)


def pack_target(
    choices: Mapping[int, PackChoice | None],
    alpha: int | None = None,
    *,
    alpha_dead: bool = False,
    no_attack_once_alpha_dead: bool = False,
) -> PackDecision:
    """The target of the night (§7 "Ils se mettent d'accord en début de nuit sur leur cible").

    `choices`: every living Reptilian's pick, None when silent; silence is no disagreement. `alpha`: the living
    Reptilienne alpha's seat; `alpha_dead`: she was dealt and has died (RULES-NOTES: with the alpha dead a disputed
    attack fails; the room's option `no_attack_once_alpha_dead`: no attack at all). An alpha never dealt settles
    nothing either, but does not stop the attacks."""
    if alpha is not None and alpha_dead:
        raise ValueError("the alpha is either alive (her seat) or dead")
    if alpha_dead and no_attack_once_alpha_dead:
        return PackDecision(None, failure="alpha-dead")
    pack = set(choices)

    def normal(choice: PackChoice) -> PackChoice:
        # The two fingers only mean something on a fellow's house: elsewhere both gestures aim at the same people.
        return PackChoice(choice.house, choice.squatter and choice.house in pack)

    picked = {normal(c) for c in choices.values() if c is not None}
    if not picked:
        return PackDecision(None, failure="no-choice")
    if len(picked) == 1:
        return PackDecision(picked.pop(), "agreement")
    alpha_choice = choices.get(alpha) if alpha is not None else None
    if alpha_choice is None:
        return PackDecision(None, failure="disagreement")
    return PackDecision(normal(alpha_choice), "alpha")


# -- the attack ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Observer:
    """A thermal camera (the Adjoint's, or the Procureur's without Adjoint, §6) or an animal (§5) placed before a
    house, or an animal at the morgue before a corpse. `owner`: whose it is, to route the report."""

    kind: Literal["camera", "animal"]
    house: int | None = None
    corpse: int | None = None
    owner: int | None = None

    def __post_init__(self) -> None:
        if (self.house is None) == (self.corpse is None):
            raise ValueError("an observer watches a house or a corpse")
        if self.kind == "camera" and self.house is None:
            raise ValueError("a camera watches a house")


@dataclass(frozen=True)
class Report:
    """What an observer tells. Everyone present at the attack step counts, attackers and victims included, and a
    camera reports whether or not an attack took place (RULES-NOTES)."""

    observer: Observer
    present: int | None = None  # how many were in the house (the MJ's figure); None at the morgue
    occupancy: Occupancy | None = None  # a camera's public report
    reptilian: bool | None = None  # an animal's: at least one Reptilian there, or the corpse was one


@dataclass(frozen=True)
class HouseAttack:
    """One attacked house: the pack's target, or in carnage mode any house an awake Reptilian is in."""

    house: int
    attackers: frozenset[int]  # the awake Reptilians there (known to the MJ only: §7 "ils ne savent pas ...")
    candidates: tuple[int, ...]  # who could die there: the non-Reptilians, and a fellow the pack designated
    victim: int | None
    failure: HouseFailure | None


@dataclass(frozen=True)
class AttackResult:
    failure: Failure | None  # why the pack's target claimed no victim (for the MJ only); None if it did
    attacks: tuple[HouseAttack, ...]  # the pack's target first, then the carnage houses by owner seat
    victims: tuple[int, ...]
    reports: tuple[Report, ...]  # one per observer, in the given order


def richest_citizen(fortunes: Mapping[int, int]) -> int | None:
    """§7: the living player strictly richer than each other one at the end of the day, if any. `fortunes`: the
    living players' coins. His house (not his person) is safe from the next attack."""
    if not fortunes:
        return None
    top = max(fortunes.values())
    rich = [seat for seat, coins in fortunes.items() if coins == top]
    return rich[0] if len(rich) == 1 else None


class DrawNeeded(Exception):
    """The MJ has a victim to draw among `candidates` (RULES-NOTES: a draw "becomes an MJ prompt when the room says
    the MJ draws")."""

    def __init__(self, candidates: list[int]) -> None:
        super().__init__(f"the MJ draws among {candidates}")
        self.candidates = candidates


class Replay:
    """A `choose` for a room where the MJ draws: it replays his answers in order and raises DrawNeeded at the first
    draw without one. The ruleset prompts the MJ, appends the answer and resolves again (the functions are pure, so
    the attack replays identically up to that draw)."""

    def __init__(self, answers: Iterable[int] = ()) -> None:
        self._answers = list(answers)
        self._next = 0

    def __call__(self, candidates: list[int]) -> int:
        if self._next == len(self._answers):
            raise DrawNeeded(candidates)
        self._next += 1
        return self._answers[self._next - 1]


def _occupancy(n: int) -> Occupancy:
    return "empty" if n == 0 else "one" if n == 1 else "several"


def _report(observer: Observer, night: Night, reptilians: Collection[int]) -> Report:
    if observer.corpse is not None:
        return Report(observer, reptilian=observer.corpse in reptilians)
    assert observer.house is not None  # __post_init__
    here = night.occupants[observer.house]
    if observer.kind == "camera":
        return Report(observer, len(here), occupancy=_occupancy(len(here)))
    # The animal knows real Reptilians: a fellow the pack designated is "temporairement" a non-Reptilian only
    # for the attack.
    return Report(observer, len(here), reptilian=any(s in reptilians for s in here))


def resolve_attack(
    night: Night,
    decision: PackDecision,
    reptilians: Collection[int],
    *,
    choose: Callable[[list[int]], int],
    militia: int | None = None,
    richest: int | None = None,
    carnage: bool = False,
    observers: Sequence[Observer] = (),
) -> AttackResult:
    """The attack step (§7). `night`: where_everyone_sleeps with `decision.declaration(...)`. `reptilians`: every
    seat counting as a Reptilian, dead or alive (Seth, converts, lovers holding such a card). `militia`: the house
    the ghosts defend; `richest`: the richest citizen's seat (richest_citizen), whose house is protected. `choose`
    draws one victim among several candidates (sorted); it is called only when there is a choice.

    The attack takes place in a house where at least one awake Reptilian is; there, the victim is one of the
    non-Reptilians present, or the fellow the pack designated (he counts as a non-Reptilian, and not as an
    attacker, in that house only). Carnage mode (an MJ switch): every awake Reptilian attacks the house he is in,
    one victim a house."""
    target = decision.target
    if (None if target is None else target.house) != night.attack_house:
        raise ValueError("the night was not placed for this decision: pass decision.declaration(...) to it")
    for house in (militia, richest, *(o.house for o in observers)):
        if house is not None and house not in night.occupants:
            raise ValueError(f"there is no house {house} in the street")

    living_reptilians = {s for s in night.places if s in reptilians}
    designated = None
    if target is not None and not target.squatter and target.house in living_reptilians:
        designated = target.house

    def attack(house: int) -> HouseAttack:
        present = night.occupants[house]
        own = {s for s in present if s in living_reptilians and not (house == night.attack_house and s == designated)}
        attackers = frozenset(s for s in own if not night.places[s].asleep)
        candidates = tuple(sorted(present - own))
        failure: HouseFailure | None = None
        if not attackers:
            failure = "no-attacker"
        elif house == militia:
            failure = "militia"
        elif house == richest:
            failure = "richest"
        elif not candidates:
            failure = "empty" if present == attackers else "reptilians-only"
        if failure is not None:
            return HouseAttack(house, attackers, candidates, None, failure)
        victim = candidates[0] if len(candidates) == 1 else choose(list(candidates))
        if victim not in candidates:
            raise ValueError(f"the victim must be one of {candidates}, not {victim}")
        return HouseAttack(house, attackers, candidates, victim, None)

    houses = [] if target is None else [target.house]
    if carnage:
        awake = {night.places[s].house for s in living_reptilians if not night.places[s].asleep}
        houses += sorted(awake - set(houses))
    attacks = tuple(attack(h) for h in houses)
    failure: Failure | None = decision.failure if target is None else attacks[0].failure  # the target comes first
    return AttackResult(
        failure,
        attacks,
        tuple(a.victim for a in attacks if a.victim is not None),
        tuple(_report(o, night, reptilians) for o in observers),
    )
