"""Set-up of Les Reptiliens de Quinte-Bourg (seed 000 §3, §4, §5): the cards a composition may hold, its checks,
the suggested compositions, the deal, and random set-ups for the simulator.

A composition is a list of keys from two decks: camp cards (`rp-villageois`, `rp-seth`, …) and specialty cards
by the name they are dealt under (`rp-voleur`, `rp-brigand`, …: the name sets the nights, §12). It is the box
the MJ deals from: at least one camp card per seat, the camp cards beyond that set aside unseen (so that the
Reptilians "ignorent même lesquels de ces rôles ont été distribués", §4); the specialty cards are dealt one a
seat while they last (the seed has 28 names, fewer than 40 players), the rest set aside.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.model import GameState
from app.engine.options import engine_options
from app.engine.ruleset import Role
from app.engine.rulesets.reptiliens import cards as C
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import NIGHT_DAYS
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY

SPECIALTY_CAMP = "rp-specialite"  # what `Role.camp` says of a specialty card, which belongs to no camp
NO_SPECIALTY = "rp-aucune"  # the MJ's deal: this seat gets no specialty card (more players than cards)


@dataclass(frozen=True)
class RpRole(Role):
    """A card as dealt: a camp card, or a specialty card under one of its names."""

    deck: str = CAMP
    card: str = ""  # the card (cards.CARDS) this name belongs to
    reptilian: bool = False

    def info(self) -> dict[str, Any]:
        return {**super().info(), "deck": self.deck, "card": self.card, "reptilian": self.reptilian}


def _role(name: C.Name, card: C.Card) -> RpRole:
    camp = card.camp if card.deck == CAMP and card.camp else SPECIALTY_CAMP
    return RpRole(name.key, camp, unique=card.unique, deck=card.deck, card=card.key, reptilian=card.reptilian)


# Dealt cards: every camp card but the Amoureux (given at the opening), every specialty name.
ROLES: dict[str, RpRole] = {n.key: _role(n, c) for c in C.CARDS if c.dealt for n in c.names}
# Listed with them (`python -m app roles`): the Amoureux, and each specialty family under its several names.
OTHER_CARDS: dict[str, RpRole] = {
    **{c.key: RpRole(c.key, c.camp or SPECIALTY_CAMP, unique=c.unique, deck=c.deck, card=c.key)
       for c in C.CARDS if not c.dealt},
    **{c.key: RpRole(c.key, SPECIALTY_CAMP, deck=SPECIALTY, card=c.key)
       for c in C.SPECIALTY_CARDS if len(c.names) > 1},
}


def deck_of(key: str) -> str:
    return ROLES[key].deck


def card_of(key: str) -> C.Card:
    """The card a dealt key belongs to (a specialty name's family)."""
    return C.CARD_OF_NAME[key]


# -- checks ---------------------------------------------------------------------------------------------------
def split(composition: list[str]) -> tuple[list[str], list[str]]:
    """The camp cards and the specialty cards of a composition."""
    return ([k for k in composition if deck_of(k) == CAMP], [k for k in composition if deck_of(k) == SPECIALTY])


def presets(state: GameState) -> dict[tuple[int, str], str]:
    """The MJ's pre-assigned cards: (seat, slot) -> card ("<seat>" is the camp card, "<seat>.specialty")."""
    out: dict[tuple[int, str], str] = {}
    for key, card in engine_options(state).preassigned.items():
        seat, _, slot = key.partition(".")
        if not seat.isdigit() or slot not in ("", SPECIALTY):
            raise Rejected("no_such_seat", f"There is no seat {key} to pre-assign.", seat=key)
        out[(int(seat), slot or CAMP)] = card
    return out


def check(state: GameState) -> None:
    """Raise Rejected when the game cannot start with this composition and these seats."""
    n = len(state.players)
    camp = split(state.composition)[0]
    if len(camp) < n:
        raise Rejected("composition_size", f"{n} players need at least {n} camp cards, not {len(camp)}.",
                       expected=n, got=len(camp))
    for card, count in Counter(state.composition).items():
        if ROLES[card].unique and count > 1:
            raise Rejected("role_twice", f"There can be only one {card}.", role=card)
    if not any(ROLES[k].reptilian for k in camp):
        raise Rejected("no_reptilian", "A game needs at least one Reptilian card (a Reptilien, the alpha, the "
                       "noire, the rouge or Seth).")
    wanted: Counter[str] = Counter()
    for (seat, slot), card in presets(state).items():
        if seat not in state.players:
            raise Rejected("no_such_seat", f"There is no seat {seat} to pre-assign.", seat=str(seat))
        if card not in ROLES or deck_of(card) != slot:
            raise Rejected("wrong_deck", f"{card} is not a {slot} card.", role=card, slot=slot)
        wanted[card] += 1
    for card, count in wanted.items():
        if count > state.composition.count(card):
            raise Rejected("preassigned_missing", f"{card} is pre-assigned but not in the composition.", role=card)
    given = presets(state)
    if all((seat, CAMP) in given for seat in state.players) and not any(
            ROLES[given[(seat, CAMP)]].reptilian for seat in state.players):
        raise Rejected("no_reptilian", "Every seat is pre-assigned and none holds a Reptilian card.")


# -- suggestions ----------------------------------------------------------------------------------------------
# The camp cards a suggestion brings in as the table grows, then more plain Reptiliens and Villageois.
CAMP_ORDER = (
    "rp-reptilienne-alpha", "rp-sheherazade", "rp-poirot", "rp-reptilien", "rp-reptilienne-noire", "rp-martyre",
    "rp-orphee", "rp-sirene", "rp-prophete", "rp-reptilienne-rouge", "rp-holmes", "rp-monk", "rp-seth", "rp-fennec",
    "rp-pach", "rp-rappaz", "rp-sesiano", "rp-cupide", "rp-minus", "rp-cortex", "rp-souris",
)
# One name of each specialty family first (the sandman, the kidnapper, Laura and the killer change most), then
# their other names; which name comes first turns with the player count, so every name is suggested somewhere.
FAMILY_ORDER = ("rp-marchand-de-sable", "rp-kidnapper", "rp-laura", "rp-killer", "rp-thief", "rp-snoop",
                "rp-trainer", "rp-inventor", "rp-eris", "rp-freyja", "rp-artiste")


def spares(players: int) -> int:
    """Camp cards set aside unseen in a suggestion: the Reptilians cannot tell which roles were dealt (§4)."""
    return 2 + players // 6


# Small tables (3 to 5 players: the seed sets no minimum, the MJ may start one): one Reptilian card (two from 5), a
# Poirot, then the Martyre, and no card that wins a small table by itself: Shéhérazade's Idéalistes win every game
# of 4 or fewer (it ends with 2 living at the latest), Orphée and the Sirène charm a few living in as many nights.
# Their specialties leave out the killers (an invoked death at 3 ends the game) and the pairings (Éris, Freyja,
# Artiste).
ADVISED_PLAYERS = 6  # below this a table is small: composition_report warns
SMALL_CAMP: dict[int, tuple[str, ...]] = {
    3: ("rp-reptilienne-alpha", "rp-poirot", "rp-villageois", "rp-villageois", "rp-villageois"),
    4: ("rp-reptilienne-alpha", "rp-poirot", "rp-martyre", "rp-villageois", "rp-villageois", "rp-villageois"),
    5: ("rp-reptilienne-alpha", "rp-reptilien", "rp-poirot", "rp-martyre", "rp-villageois", "rp-villageois",
        "rp-villageois"),
}
SMALL_SPECIALTIES = ("rp-marchand-de-sable", "rp-voleur", "rp-fureteur", "rp-laura", "rp-dresseur-d-ours",
                     "rp-ingenieure", "rp-psychopathe")


def suggested(players: int) -> list[str]:
    if players < ADVISED_PLAYERS:
        camp = list(SMALL_CAMP[max(3, players)])
        return camp + list(SMALL_SPECIALTIES[:len(camp)])
    n = players
    box = n + spares(n)
    reptilians = max(1, (n + 2) // 4)
    villagers = max(1, n // 7)
    specials: list[str] = []

    def plain_reptilians() -> int:
        return max(0, reptilians - sum(ROLES[k].reptilian for k in specials))

    for card in CAMP_ORDER:
        if len(specials) + 1 + plain_reptilians() + villagers > box:
            break
        specials.append(card)
    camp = specials + ["rp-reptilien"] * plain_reptilians()
    camp += ["rp-villageois"] * (box - len(camp))
    names: list[str] = []
    for turn in range(6):
        for family in FAMILY_ORDER:
            own = C.CARD_BY_KEY[family].name_keys
            name = own[(n + turn) % len(own)]
            if name not in names:
                names.append(name)
    return camp + names[:min(len(names), box)]


def random_setup(players: int, rnd: random.Random) -> tuple[list[str], dict[str, Any]]:
    """A random legal composition (every card may come) and random options, for the simulator."""
    uniques = [k for k, r in ROLES.items() if r.deck == CAMP and r.unique]
    camp = rnd.sample(uniques, rnd.randint(0, min(len(uniques), players)))
    if not any(ROLES[k].reptilian for k in camp):
        camp.append(rnd.choice(["rp-reptilien", "rp-reptilienne-alpha"]) if "rp-reptilienne-alpha" not in camp
                    else "rp-reptilien")
    box = players + rnd.randint(0, 3)
    while len(camp) < box:
        camp.append(rnd.choice(["rp-villageois", "rp-villageois", "rp-reptilien", "rp-souris", "rp-cupide"]))
    names = [k for k, r in ROLES.items() if r.deck == SPECIALTY]
    specialty = rnd.sample(names, rnd.randint(0, min(len(names), players + 2)))
    options: dict[str, Any] = {
        "moderation": rnd.choice(["auto", "auto", "mj"]),
        "draws": rnd.choice(["rng", "rng", "mj"]),
        "first_weekday": rnd.choice(NIGHT_DAYS),
        "carnage": rnd.random() < 0.2,
        "no_attack_once_alpha_dead": rnd.random() < 0.3,
        "hide_invokers": rnd.random() < 0.3,
        "hide_fortunes": rnd.random() < 0.3,
        "allow_abstain": rnd.random() < 0.8,
        "auto_conversion": rnd.choice([0.0, 0.5, 1.0]),
        "lovers": rnd.choice(["mj", "mj", "drawn", "none"]),
    }
    return camp + specialty, options


# -- the deal -------------------------------------------------------------------------------------------------
def deal_slots(state: GameState) -> dict[str, list[int]]:
    """The seats the deal must still give a card of each slot (those the MJ did not pre-assign)."""
    given = presets(state)
    seats = [p.seat for p in state.by_position()]
    return {slot: [seat for seat in seats if (seat, slot) not in given] for slot in (CAMP, SPECIALTY)}


def remaining(state: GameState) -> dict[str, list[str]]:
    """The cards of each deck once the pre-assigned ones are taken out."""
    camp, specialty = split(state.composition)
    decks = {CAMP: list(camp), SPECIALTY: list(specialty)}
    for (_, slot), card in presets(state).items():
        decks[slot].remove(card)
    return decks


def deal(ctx: Ctx, chosen: dict[tuple[int, str], str] | None = None) -> None:
    """Give each seat its cards: the pre-assigned ones, then the MJ's draws (`chosen`, when the MJ draws; one
    that the deck cannot give any more is drawn by the RNG instead), then the RNG's. The camp cards left over are
    set aside, unseen (MJ only); a draw that leaves no Reptilian at the table swaps one in from the cards aside.
    With fewer specialty cards than seats, the seats that get none are drawn."""
    s = ctx.s
    given = presets(s)
    decks = remaining(s)
    chosen = dict(chosen or {})
    cards: dict[tuple[int, str], str | None] = dict(given)
    for slot, seats in deal_slots(s).items():
        deck = decks[slot]
        for seat in seats:
            pick = chosen.get((seat, slot))
            if pick is not None and pick in deck:
                deck.remove(pick)
                cards[(seat, slot)] = pick
            elif pick == NO_SPECIALTY and slot == SPECIALTY and len(deck) < len(seats):
                cards[(seat, slot)] = None
        open_seats = [seat for seat in seats if (seat, slot) not in cards]
        deck = ctx.shuffle(deck)
        if slot == SPECIALTY and len(deck) < len(open_seats):
            open_seats = ctx.shuffle(open_seats)
        for seat in open_seats:
            cards[(seat, slot)] = deck.pop() if deck else None
        decks[slot] = deck
    camp_dealt = {seat: card for (seat, slot), card in cards.items() if slot == CAMP and card}
    if not any(ROLES[c].reptilian for c in camp_dealt.values()):
        aside = [c for c in decks[CAMP] if ROLES[c].reptilian]
        free = [seat for seat in deal_slots(s)[CAMP] if not ROLES[camp_dealt[seat]].reptilian]
        if aside and free:
            seat, card = ctx.choice(free), ctx.choice(aside)
            decks[CAMP].remove(card)
            decks[CAMP].append(camp_dealt[seat])
            cards[(seat, CAMP)] = card
    for p in s.by_position():
        for slot in (CAMP, SPECIALTY):
            held = cards.get((p.seat, slot))
            if held is not None:
                ctx.set_card(p.seat, held, slot, original=True)
    ctx.fact(F.CardsSetAside({slot: sorted(deck) for slot, deck in decks.items()}), to=MJ_ONLY)


def open_mj_deal(ctx: Ctx) -> None:
    """RULES-NOTES "Chance": the MJ draws the cards at the table and tells the server who got what, a question per
    seat and card; what he leaves unanswered the RNG draws."""
    s = ctx.s
    decks = remaining(s)
    for slot, seats in deal_slots(s).items():
        if not decks[slot]:
            continue  # nothing left to draw (every card pre-assigned, or no specialty card): no question
        options = sorted(set(decks[slot]))
        if slot == SPECIALTY and len(decks[slot]) < len(seats):
            options.append(NO_SPECIALTY)
        for seat in seats:
            ctx.open_prompt(step="rp-donne", kind="choice", to_mj=True, options=options,
                            info={"seat": seat, "slot": slot})
