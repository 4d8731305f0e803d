"""What a Reptiliens game keeps beyond the engine's general state, typed (`GameState.own`), and the handlers of
its own events. Each event says who learns it (its `to`); the state itself is never in a view.

Two kinds of events:
- facts of the game, named for what they say: `rp-learn` (a seat learns another's card), `rp-fellows` (seats
  learn they share a group), `rp-personal`, `rp-converted`, `rp-lovers`, `rp-coins`, `rp-charmed`, `rp-used`,
  `rp-executed`, `rp-show`, `rp-radiant`, `rp-conversation`, `rp-outcome`;
- the driver's bookkeeping, always for the MJ alone: typed facts (facts.py), one per thing that happened, each
  saying how it changes this state. Older logs wrote it through the generic setter `rp-set` (a field, dotted for
  the night's and the day's scratch, and its value), which the fact book's upgrade (facts.upgrade_set) still folds.
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel, Field

from app.engine.evolve import handles
from app.engine.model import GameState, RulesetState

KEY = "reptiliens"
CAMP, SPECIALTY = "camp", "specialty"
SPECIALTY2 = "specialty2"  # a second specialty, inherited (§9 "cumule ainsi 2 pouvoirs de spécialité"; dead.py)


class Invocation(BaseModel):
    """The invoked action under way (§2: one at a time)."""

    seat: int
    power: str
    kind: str  # what everyone is told (cards.ANNOUNCED)
    stage: str = "target"  # target, then the show's "answers"
    guesses: dict[int, str] = Field(default_factory=dict)  # Poirot's show: seat -> the camp card he named


class Animal(BaseModel):
    """A trainer's animal (§5): before a house, or at the morgue before a corpse (attacks.Observer)."""

    owner: int
    house: int | None = None
    corpse: int | None = None


class OfficeEffect(BaseModel):
    """A night's effect on the public offices, applied in the morning (§12 "Modifications des postes publics")."""

    power: str  # rp-farce, rp-echange-postes, rp-adoration, rp-caricature
    seats: list[int] = Field(default_factory=list)  # the swapped pair (Cortex's pick first), the adored, the target
    direction: str | None = None  # the farce's: clockwise or counterclockwise


class Tonight(BaseModel):
    """The night's bookkeeping, renewed when a night begins and read by the day that follows it."""

    pack: dict[str, Any] | None = None  # the concertation's PackDecision: house, squatter, decided_by, failure
    asleep: list[int] = Field(default_factory=list)  # in a heavy sleep until dawn (Marchand de sable, abduction)
    declarations: list[dict[str, Any]] = Field(default_factory=list)  # the long actions, in the steps' order
    rendezvous: int | None = None  # the house the lovers chose
    militia: int | None = None  # the house the ghosts defend (part 2 builds the ghosts)
    dying: list[list[Any]] = Field(default_factory=list)  # [seat, cause]: they die at dawn, named then
    places: dict[int, list[Any]] = Field(default_factory=dict)  # seat -> [house, long action, asleep] (for the MJ)
    attack: dict[str, Any] | None = None  # what the attack did, for the MJ
    charmed: list[int] = Field(default_factory=list)  # charmed this night
    owed: dict[int, int] = Field(default_factory=dict)  # a fortune changed tonight (a kill, a theft), shown at dawn
    animals: list[Animal] = Field(default_factory=list)  # the trainers' animals, reported at the attack
    # The thermal cameras, named the next morning (§6 "où il avait placé la caméra"): owner, house, occupancy
    cameras: list[dict[str, Any]] = Field(default_factory=list)
    offices: OfficeEffect | None = None  # the office line's effect, applied in the morning
    must_move: list[int] = Field(default_factory=list)  # the Artiste's victims, told in the morning (part 2 moves)


class Wedding(BaseModel):
    """A marriage request under way (§8, marriages.py), keyed by its requester in `Today.weddings`."""

    partner: int
    forced: bool = False  # the Prêtre traditionnel's forced marriage: no consent asked
    price: int | None = None  # the Prêtre's fee once set (the requester pays it)
    witnesses: list[int] = Field(default_factory=list)  # without a Prêtre: the consenting witnesses so far
    stage: str = "consent"  # consent, priest, payment, witnesses, done, failed


class Law(BaseModel):
    """A law proposed for the day (§6 Sénateur, §10): one of laws.py's keys, its words when free, its proposer."""

    key: str
    text: str | None = None
    by: int


class Today(BaseModel):
    """The day's bookkeeping."""

    condemned: int | None = None  # the vote's choice, in his 15-second window
    # The session and the law (sessions.py, laws.py), for this day only.
    session: str = "normale"  # the Président's choice: normale, paix, purge (§6)
    ranks: dict[int, int] = Field(default_factory=dict)  # who may propose the law, by §6's order (0 best)
    proposals: list[Law] = Field(default_factory=list)  # best first; then the one before the Sénateur
    law: Law | None = None  # the law of the day, accepted by the Sénateur
    allowed: list[int] | None = None  # a real-world law: the living the MJ ticked as voters
    voters: list[int] = Field(default_factory=list)  # who may vote, fixed when the vote opens
    direction: str | None = None  # the Président's: the order in which the ballots after his are announced
    ballots: list[list[Any]] = Field(default_factory=list)  # given in turn (sessions.py): [seat, ballot or None]
    turns: list[int] = Field(default_factory=list)  # the voters still to vote, in the Président's direction
    accused: list[int] = Field(default_factory=list)  # a Purge's trial: the accused still to judge, in order
    pardoned: int | None = None  # the condemned the Bourreau pardoned
    weddings: dict[int, Wedding] = Field(default_factory=dict)  # requester -> his request of today (marriages.py)


class Reptiliens(RulesetState):
    street: list[int] = Field(default_factory=list)  # houses by owner seat, clockwise (places.Street)
    aside: dict[str, list[str]] = Field(default_factory=dict)  # slot -> the cards not dealt (MJ only)
    personal: dict[int, list[str]] = Field(default_factory=dict)  # seat -> conditions the MJ gave (§11)
    converted: dict[int, list[str]] = Field(default_factory=dict)  # seat -> camps a conversion added
    lovers: list[int] = Field(default_factory=list)
    romantic_known: bool = False  # the lovers learn the Romantique (the MJ's choice, §11)
    spare_life: bool = True  # the couple's first death is undone (§4 "1ère mort de l'un d'eux")
    known: dict[int, dict[str, str]] = Field(default_factory=dict)  # viewer -> "seat.slot" -> the card as known
    fellows: dict[int, dict[str, list[int]]] = Field(default_factory=dict)  # viewer -> group -> its seats
    pack_known: bool = False  # the Reptilians have met (opening), so their channel exists
    coins: dict[int, int] = Field(default_factory=dict)  # §7 "En début de partie, chacun reçoit une pièce"
    estate: int = 0  # coins of the dead, waiting for an heir (§7 "Un mort ne garde jamais son argent"; part 2)
    legacies: dict[int, int] = Field(default_factory=dict)  # a dead seat -> his coins in the estate (coins.py)
    mourned: list[int] = Field(default_factory=list)  # dead spouses whose widow(er) has inherited (coins.py)
    spouses: dict[int, int] = Field(default_factory=dict)  # seat -> spouse, the dead kept (§8, marriages.py)
    charmed: list[int] = Field(default_factory=list)
    charms: dict[int, list[int]] = Field(default_factory=dict)  # a musician -> whom he charmed (he knows)
    used: dict[int, list[str]] = Field(default_factory=dict)  # seat -> powers used (the "une seule fois" ones)
    kills: dict[int, int] = Field(default_factory=dict)  # seat -> assassinations done (the first costs it all)
    executed: list[int] = Field(default_factory=list)
    shows: dict[int, list[int]] = Field(default_factory=dict)  # Poirot's seat -> [errors, gross errors]
    radiant: list[int] | None = None  # [Shéhérazade, her target] when her story stops the game
    carnage: bool = False
    festival: bool = False  # the Sunday festival is under way
    richest: int | None = None  # the richest citizen of the day before: his house is protected
    defended: int | None = None  # the house the militia defended last night (never twice running, §9)
    # The public offices (§6, succession.py): those in play (special, mandatory, the optional ones chosen), the
    # variant of each optional one, those taken out of play, today's applications (office -> applicants), the dead
    # handed the Sénateur by a swap (he keeps it, §6 "éventuellement du Sénateur"), the vacancies the Scrutateur must
    # fill ([office, resigned, applicants or None]).
    offices_in_play: list[str] = Field(default_factory=list)
    office_variants: dict[str, str] = Field(default_factory=dict)
    offices_removed: list[str] = Field(default_factory=list)
    applications: dict[str, list[int]] = Field(default_factory=dict)
    ghost_senator: int | None = None
    to_fill: list[list[Any]] = Field(default_factory=list)
    turned: int = 0  # the day the Scrutateur's office last turned (once a morning, a resignation's turn included)
    conversations: list[list[int]] = Field(default_factory=list)  # the festival's pairs (§1)
    special_day: int | None = None  # the last day with a special session: never two days running (§6 Président)
    bourreau_out: bool = False  # the Bourreau has pardoned: "le poste est retiré du jeu" (§6)
    # The prompts of the step open now, by role (the phase's plan of steps is the engine's, `GameState.plan`).
    prompts: dict[str, str] = Field(default_factory=dict)
    night: Tonight = Field(default_factory=Tonight)
    day: Today = Field(default_factory=Today)
    invocation: Invocation | None = None
    # The dead (§9, dead.py): in the order they died (a revived seat leaves it), what each chose ("ghost", "spirit",
    # "inheritance"), those still to choose and the question each has open (seat -> prompt id), who inherited
    # which specialty (for the Assassin's price, §5), and the village's dream under way (fact, answer; MJ only).
    dead: list[int] = Field(default_factory=list)
    fate: dict[int, str] = Field(default_factory=dict)
    choosing: list[int] = Field(default_factory=list)
    asked: dict[int, str] = Field(default_factory=dict)
    inherited: dict[int, list[str]] = Field(default_factory=dict)
    dream: dict[str, Any] | None = None
    # stalemate.py (issue 22): the last night in which, or in whose day, a player answered a question; [the night
    # since which the number of the dead has not changed, that number].
    acted: int = 0
    calm: list[int] = Field(default_factory=list)

    def prompt_named(self, name: str, prompt_id: str) -> None:
        self.prompts[name] = prompt_id  # steps.remember_prompt

    def new_phase(self) -> None:
        # What lasts one night or one day; the night's own bookkeeping (`night`) is read by the day after it and
        # renewed when the next night begins.
        self.prompts = {}
        self.day = Today()
        self.festival = False
        self.invocation = None


def own(state: GameState) -> Reptiliens:
    return cast(Reptiliens, state.own)


def upgrade_snapshot(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot written when the phase's plan of steps was this state's (`plan`, its keys, and `i`, where the day
    stood; a night stood at its open step's key): the engine's plan now, one step a group (GameState._upgrade)."""
    mine = data.get("own")
    if not isinstance(mine, dict) or "plan" not in mine:
        return data
    mine = dict(mine)
    keys, i = list(mine.pop("plan") or []), int(mine.pop("i", 0) or 0)
    data["own"] = mine
    if keys and data.get("plan") is None and data.get("phase") in ("night", "day"):
        at = i if data.get("phase") == "day" else 0
        steps = [data.get("step"), *(item.get("step") for item in reversed(data.get("stack") or []))]
        for step in steps:  # the open step, or the one an invocation suspended
            if isinstance(step, dict) and step.get("key") in keys and data.get("phase") == "night":
                at = keys.index(step["key"])
                break
        data["plan"] = {"groups": [[key] for key in keys], "at": at}
    return data


@handles("rp-learn", ruleset=KEY)
def _learn(s: GameState, d: dict[str, Any]) -> None:
    """`viewers` learn the card of `seat` in `slot` as `card` (the pack sees a fellow as a plain Reptilien)."""
    for viewer in d["viewers"]:
        if viewer != d["seat"]:
            own(s).known.setdefault(viewer, {})[f"{d['seat']}.{d['slot']}"] = d["card"]


@handles("rp-fellows", ruleset=KEY)
def _fellows(s: GameState, d: dict[str, Any]) -> None:
    """`viewers` (by default `seats`) learn that `seats` form `group` (§11: the camps that know each other)."""
    for viewer in d.get("viewers", d["seats"]):
        own(s).fellows.setdefault(viewer, {})[d["group"]] = list(d["seats"])


@handles("rp-personal", ruleset=KEY)
def _personal(s: GameState, d: dict[str, Any]) -> None:
    own(s).personal[d["seat"]] = list(d["conditions"])


@handles("rp-converted", ruleset=KEY)
def _converted(s: GameState, d: dict[str, Any]) -> None:
    camps = own(s).converted.setdefault(d["seat"], [])
    if d["camp"] not in camps:
        camps.append(d["camp"])


@handles("rp-lovers", ruleset=KEY)
def _lovers(s: GameState, d: dict[str, Any]) -> None:
    own(s).lovers = list(d["seats"])


@handles("rp-coins", ruleset=KEY)
def _coins(s: GameState, d: dict[str, Any]) -> None:
    own(s).coins[d["seat"]] = d["coins"]
    if "estate" in d:
        gained = d["estate"] - own(s).estate
        if gained > 0:  # a death (fates.kill): the dead's coins wait for his heir (coins.py)
            own(s).legacies[d["seat"]] = own(s).legacies.get(d["seat"], 0) + gained
        own(s).estate = d["estate"]


@handles("rp-charmed", ruleset=KEY)
def _charmed(s: GameState, d: dict[str, Any]) -> None:
    if d["seat"] not in own(s).charmed:
        own(s).charmed.append(d["seat"])


@handles("rp-used", ruleset=KEY)
def _used(s: GameState, d: dict[str, Any]) -> None:
    powers = own(s).used.setdefault(d["seat"], [])
    if d["power"] not in powers:
        powers.append(d["power"])
    if d["power"] == "rp-assassinat":
        own(s).kills[d["seat"]] = own(s).kills.get(d["seat"], 0) + 1


@handles("rp-executed", ruleset=KEY)
def _executed(s: GameState, d: dict[str, Any]) -> None:
    own(s).executed.append(d["seat"])


@handles("rp-show", ruleset=KEY)
def _show(s: GameState, d: dict[str, Any]) -> None:
    own(s).shows[d["seat"]] = [d["errors"], d["gross"]]


@handles("rp-radiant", ruleset=KEY)
def _radiant(s: GameState, d: dict[str, Any]) -> None:
    own(s).radiant = [d["seat"], d["target"]]


@handles("rp-conversation", ruleset=KEY)
def _conversation(s: GameState, d: dict[str, Any]) -> None:
    pair = sorted(d["seats"])
    if pair not in own(s).conversations:
        own(s).conversations.append(pair)


@handles("rp-outcome", ruleset=KEY)
def _outcome(s: GameState, d: dict[str, Any]) -> None:
    """After `ended`: the end screen's whole outcome (victory.Outcome.view) beside the engine's result."""
    s.result = {**(s.result or {}), **d["outcome"]}
