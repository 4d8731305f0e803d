"""The cards of Les Reptiliens de Quinte-Bourg (seed 000 §2–§5), as data: two decks, every name of every card, the
powers, the long-action priority table (§2) and the camps' dominance table (§3). No game logic: the ruleset reads
these tables; docs/rules/reptiliens.md maps each seed section to them and lists the interpretations.

Keys: every key starts with "rp-". The translation catalogues of all rulesets are merged into one flat dictionary
(app/i18n.py) and Thiercelieux already owns role.voleur, role.assassin, role.villageois, step.amoureux, ...
Specialty families, whose cards bear several names, have English keys (rp-thief) so that they never read like one
of their French names (rp-voleur).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from app.engine.rulesets.reptiliens.calendar import FRI, MON, NIGHT_DAYS, SAT, THU, TUE, WED, Weekday
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE, NOTAIRE, PRESIDENT, PROCUREUR, SENATEUR

Deck = Literal["camp", "specialty"]
Kind = Literal["aIn", "aPo", "aLo"]  # §1: invoked, ponctual, long
Consolation = Literal["R", "V"]  # §3 "OC": a final victory of the Reptiliens (R) or of the Villageois (V)
# What a power designates; the prompts of the ruleset are built from it.
Target = Literal[
    "none", "player", "two-players", "reptilian", "ghost", "dead", "house", "house-not-own", "lover-house",
    "seat-neighbour", "house-or-corpse", "direction", "every-seat",
]
Concerns = Literal["targets", "self-and-target", "self", "everyone"]


# -- powers -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Power:
    key: str
    kind: Kind
    section: str
    target: Target = "none"
    once: bool = False  # "À tout moment mais une seule fois"
    announced_as: str | None = None  # aIn: what the MJ announces (§2), an ANNOUNCED key
    self_long: str | None = None  # the long action its user spends the night in
    target_long: tuple[str, ...] = ()  # the long actions it imposes on its target(s)
    invoker_shown: bool = False  # §2: Shéhérazade and Poirot turn their card instead of raising a hand
    as_ghost: bool = False  # usable by a ghost (§2, §9: the Résurrection only)
    cost: str | None = None  # coins it costs, a cost key explained in the docs


# §2: the MJ announces only the kind of an invoked action.
ANNOUNCED: tuple[str, ...] = (
    "rp-mise-a-mort", "rp-conversion-noire", "rp-resurrection", "rp-conversion-radieuse", "rp-show", "rp-enquete",
)

POWERS: tuple[Power, ...] = (
    # invoked (aIn), §2 and §4–§5
    Power("rp-conversion-radieuse", "aIn", "§4", "player", once=True, announced_as="rp-conversion-radieuse",
          invoker_shown=True),
    Power("rp-resurrection", "aIn", "§4", "ghost", once=True, announced_as="rp-resurrection", as_ghost=True),
    Power("rp-repticide", "aIn", "§4", "reptilian", once=True, announced_as="rp-mise-a-mort"),
    Power("rp-morsure", "aIn", "§4", "player", once=True, announced_as="rp-mise-a-mort"),
    Power("rp-conversion-noire", "aIn", "§4", "player", once=True, announced_as="rp-conversion-noire"),
    Power("rp-showman", "aIn", "§4", "every-seat", once=True, announced_as="rp-show", invoker_shown=True),
    # First kill: the whole fortune (even 0); then 2 coins each; 2 each from the start when inherited (§5).
    Power("rp-assassinat", "aIn", "§5", "player", announced_as="rp-mise-a-mort", cost="rp-cout-assassinat"),
    # §6 Procureur "Avec adjoint": an office's power, no card's (manifest.OFFICE_POWERS, cameras.py); 1 coin.
    Power("rp-enquete", "aIn", "§6", "player", announced_as="rp-enquete", cost="rp-cout-enquete"),
    # ponctual (aPo)
    Power("rp-gestes", "aPo", "§4", "none"),  # 30 seconds of gestures
    Power("rp-concertation", "aPo", "§4", "house"),  # pointing at a fellow's house reaches its squatter (§7)
    Power("rp-echange-postes", "aPo", "§4", "player"),  # Cortex one person, then Minus one
    Power("rp-charme", "aPo", "§4", "player"),
    Power("rp-revelateur", "aPo", "§5", "dead"),
    Power("rp-stalkeur", "aPo", "§5", "player"),
    Power("rp-investigation", "aPo", "§5", "seat-neighbour"),
    Power("rp-dressage", "aPo", "§5", "house-or-corpse"),
    Power("rp-larcin", "aPo", "§5", "house"),
    Power("rp-sommeil", "aPo", "§5", "player", target_long=("rp-sommeil-lourd",)),
    Power("rp-caricature", "aPo", "§5", "player"),
    Power("rp-querelle", "aPo", "§5", "two-players", target_long=("rp-se-battre",)),
    Power("rp-farce", "aPo", "§5", "direction"),
    Power("rp-allumeuse", "aPo", "§5", "two-players", target_long=("rp-copuler",)),
    Power("rp-adoration", "aPo", "§5", "player"),
    # long (aLo)
    Power("rp-rendez-vous", "aLo", "§4", "lover-house", self_long="rp-dormir-ensemble"),
    Power("rp-attaque", "aLo", "§4", "house", self_long="rp-attaquer"),
    # The abductee is both abducted and in a heavy sleep (§2 table, both lines name the Psychopathe/Toqué).
    Power("rp-enlevement", "aLo", "§5", "player", self_long="rp-enlevement",
          target_long=("rp-sommeil-lourd", "rp-enlevement")),
    Power("rp-squat", "aLo", "§5", "house-not-own", self_long="rp-squatter"),
    Power("rp-sculpture", "aLo", "§5", "player", self_long="rp-sculpter"),
    # the dead's (§9), which no card gives
    Power("rp-milice", "aPo", "§9", "house"),  # never the same house two nights running
    Power("rp-reve", "aPo", "§9", "none"),  # 5 seconds of signs; the MJ chooses the information
)
POWER_BY_KEY: Mapping[str, Power] = MappingProxyType({p.key: p for p in POWERS})


# -- the long actions of §2, highest priority first -------------------------------------------------------------
@dataclass(frozen=True)
class LongAction:
    key: str
    concerns: Concerns  # the seed's column "Concerne"
    imposed_by: tuple[str, ...]  # card keys, the seed's "(Imposé par)"


REPTILIAN_CARDS = ("rp-reptilien", "rp-reptilienne-alpha", "rp-reptilienne-noire", "rp-reptilienne-rouge", "rp-seth")

LONG_ACTIONS: tuple[LongAction, ...] = (
    LongAction("rp-sommeil-lourd", "targets", ("rp-marchand-de-sable", "rp-kidnapper")),
    LongAction("rp-enlevement", "self-and-target", ("rp-kidnapper",)),
    LongAction("rp-sculpter", "self", ("rp-artiste",)),
    LongAction("rp-se-battre", "targets", ("rp-eris",)),
    LongAction("rp-copuler", "targets", ("rp-freyja",)),
    LongAction("rp-dormir-ensemble", "self", ("rp-amoureux",)),
    LongAction("rp-squatter", "self", ("rp-laura",)),
    LongAction("rp-attaquer", "self", REPTILIAN_CARDS),  # "Reptiliens, dont Seth"; converts too
    LongAction("rp-dormir-chez-soi", "everyone", ()),
)
LONG_PRIORITY: tuple[str, ...] = tuple(a.key for a in LONG_ACTIONS)


# -- camps and victories (§3) -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Camp:
    key: str
    consolation: Consolation | None  # the seed's column "OC"
    know_each_other: bool  # §4, §11
    stops_game: bool  # met → the game stops at once; else checked only when it stops (RULES-NOTES "End")
    offices: tuple[str, ...] = ()  # three of these held by the camp wins (Souris)


# The seed's table order is the dominance order: a seat in several camps wins by the first of them.
CAMPS: tuple[Camp, ...] = (
    Camp("rp-amoureux", "V", True, True),  # the two last living (2 living also stops the game)
    Camp("rp-idealistes", "V", False, False),  # at least half of the starting players alive at the end
    Camp("rp-seths", "R", True, True),  # two living, Seth one of them
    Camp("rp-souris", "R", True, True, (PRESIDENT, NOTAIRE, SENATEUR, CHEF_MILICE)),
    Camp("rp-reptiliens", None, True, True),  # every non-Reptilian and Seth dead
    Camp("rp-martyre", "R", False, True),  # executed by a day session
    Camp("rp-musiciens", "V", False, True),  # every living charmed
    Camp("rp-villageois", None, False, True),  # every Reptilian, Seth included, dead
)
DOMINANCE: tuple[str, ...] = tuple(c.key for c in CAMPS)
CAMP_BY_KEY: Mapping[str, Camp] = MappingProxyType({c.key: c for c in CAMPS})


@dataclass(frozen=True)
class PersonalVictory:
    key: str
    stops_game: bool  # as Camp.stops_game
    shared: bool = False  # held by several seats who know each other and win together
    offices: tuple[str, ...] = ()


PERSONAL_VICTORIES: tuple[PersonalVictory, ...] = (
    PersonalVictory("rp-cupide", True),  # all the coins; the other Cupides lose
    PersonalVictory("rp-melomane", False),  # the Musiciens win
    PersonalVictory("rp-showman", True),  # Poirot's show with at most one error
    PersonalVictory("rp-pentaphile", False),  # living count a multiple of 5
    PersonalVictory("rp-romantique", False),  # the Amoureux win
    PersonalVictory("rp-perfect-matcheur", False),  # as many Reptilians as non-Reptilians among the living
    PersonalVictory("rp-58-ard", False),  # 5 or 8 living
    PersonalVictory("rp-detectives", True, True, (PRESIDENT, PROCUREUR, SENATEUR, CHEF_MILICE)),
    PersonalVictory("rp-mathematiciens", True, True, (PROCUREUR, NOTAIRE, SENATEUR, CHEF_MILICE)),
)
VICTORY_BY_KEY: Mapping[str, PersonalVictory] = MappingProxyType({v.key: v for v in PERSONAL_VICTORIES})


# -- cards and names ----------------------------------------------------------------------------------------------
Schedule = tuple[tuple[str, tuple[Weekday, ...]], ...]  # (power key, the nights it is called), in week order


@dataclass(frozen=True)
class Name:
    """A name a card is dealt under. For a specialty the name decides its nights (§12 tables)."""

    key: str
    fr: str  # as the seed writes it (without the article of "L'Artiste")
    schedule: Schedule = ()

    @property
    def weekdays(self) -> tuple[Weekday, ...]:
        days = {day for _, nights in self.schedule for day in nights}
        return tuple(day for day in NIGHT_DAYS if day in days)


@dataclass(frozen=True)
class Card:
    key: str
    deck: Deck
    section: str  # where the seed describes it
    names: tuple[Name, ...]
    camp: str | None = None  # camp cards: the camp they belong to (a specialty has none)
    reptilian: bool = False  # counts as a Reptilian: attacks, animals, victory conditions
    # At most one in a composition. For a specialty family: each of its names at most once.
    unique: bool = True
    dealt: bool = True  # False: given by the MJ at the opening, on top of the dealt cards (Amoureux, §4)
    powers: tuple[str, ...] = ()
    personal_victories: tuple[str, ...] = ()
    mj_picks_personal: bool = False  # §4: the MJ gives one or both of `personal_victories` at the opening
    shown_to_camp: bool = False  # §11: shown to its fellows when the camp wakes (Minus, Cortex, the alpha)

    @property
    def name_keys(self) -> tuple[str, ...]:
        return tuple(n.key for n in self.names)

    @property
    def invoked(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if POWER_BY_KEY[p].kind == "aIn")

    @property
    def ponctual(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if POWER_BY_KEY[p].kind == "aPo")

    @property
    def long_action(self) -> str | None:
        """The long action (§2 table) its holder spends a night in when using it, if any."""
        own = {POWER_BY_KEY[p].self_long for p in self.powers}
        return next((a for a in LONG_PRIORITY if a in own), None)

    @property
    def imposes(self) -> tuple[str, ...]:
        """The long actions it imposes on its targets, in priority order."""
        imposed = {a for p in self.powers for a in POWER_BY_KEY[p].target_long}
        return tuple(a for a in LONG_PRIORITY if a in imposed)

    @property
    def kinds(self) -> frozenset[Kind]:
        return frozenset(POWER_BY_KEY[p].kind for p in self.powers)


EVERY_NIGHT = NIGHT_DAYS
MINUS_CORTEX_NIGHTS = (TUE, THU, SAT)  # "3 nuits par semaine"
REPTILIAN_POWERS = ("rp-concertation", "rp-attaque")  # §4 "Reptiliens - aPo aLo": every Reptilian, Seth too


def _one(key: str, fr: str, *schedule: tuple[str, tuple[Weekday, ...]]) -> tuple[Name, ...]:
    return (Name(key, fr, schedule),)


def _every_night(*powers: str) -> Schedule:
    return tuple((p, EVERY_NIGHT) for p in powers)


def _reptilian(key: str, fr: str, *powers: str, shown: bool = False, unique: bool = True) -> Card:
    return Card(key, "camp", "§4", (Name(key, fr, _every_night(*REPTILIAN_POWERS)),), "rp-reptiliens",
                reptilian=True, unique=unique, powers=(*REPTILIAN_POWERS, *powers), shown_to_camp=shown)


def _villageois(key: str, fr: str, victories: tuple[str, ...], *powers: str) -> Card:
    """Holmes, Monk, Poirot, Pach, Rappaz, Sesiano: villagers the MJ gives personal conditions (§4, §11)."""
    return Card(key, "camp", "§4", _one(key, fr), "rp-villageois", powers=powers, personal_victories=victories,
                mj_picks_personal=True)


def _family(powers: tuple[str, ...], *names: tuple[str, str, tuple[Weekday, ...]]) -> tuple[Name, ...]:
    """The names of a specialty family: every power of the card on the nights of the name."""
    return tuple(Name(key, fr, tuple((p, days) for p in powers)) for key, fr, days in names)


CAMP_CARDS: tuple[Card, ...] = (
    Card("rp-amoureux", "camp", "§4", _one("rp-amoureux", "Amoureux", *_every_night("rp-gestes", "rp-rendez-vous")),
         "rp-amoureux", unique=False, dealt=False, powers=("rp-gestes", "rp-rendez-vous")),
    Card("rp-sheherazade", "camp", "§4", _one("rp-sheherazade", "Shéhérazade"), "rp-idealistes",
         powers=("rp-conversion-radieuse",)),
    Card("rp-prophete", "camp", "§4", _one("rp-prophete", "Prophète"), "rp-idealistes",
         powers=("rp-resurrection",)),
    # Seth is a Reptilian (he attacks with them) whose camp is the Seths.
    Card("rp-seth", "camp", "§4", _one("rp-seth", "Seth", *_every_night(*REPTILIAN_POWERS)), "rp-seths",
         reptilian=True, powers=(*REPTILIAN_POWERS, "rp-repticide")),
    Card("rp-fennec", "camp", "§4", _one("rp-fennec", "Fennec"), "rp-seths", powers=("rp-morsure",)),
    Card("rp-souris", "camp", "§4", _one("rp-souris", "Souris"), "rp-souris", unique=False),
    Card("rp-minus", "camp", "§4", _one("rp-minus", "Minus", ("rp-echange-postes", MINUS_CORTEX_NIGHTS)),
         "rp-souris", powers=("rp-echange-postes",), shown_to_camp=True),
    Card("rp-cortex", "camp", "§4", _one("rp-cortex", "Cortex", ("rp-echange-postes", MINUS_CORTEX_NIGHTS)),
         "rp-souris", powers=("rp-echange-postes",), shown_to_camp=True),
    _reptilian("rp-reptilien", "Reptilien", unique=False),
    _reptilian("rp-reptilienne-alpha", "Reptilienne alpha", shown=True),
    _reptilian("rp-reptilienne-noire", "Reptilienne noire", "rp-conversion-noire"),
    _reptilian("rp-reptilienne-rouge", "Reptilienne rouge", "rp-repticide"),
    Card("rp-martyre", "camp", "§4", _one("rp-martyre", "Martyre"), "rp-martyre"),
    Card("rp-orphee", "camp", "§4", _one("rp-orphee", "Orphée", *_every_night("rp-charme")), "rp-musiciens",
         powers=("rp-charme",)),
    Card("rp-sirene", "camp", "§4", _one("rp-sirene", "Sirène", *_every_night("rp-charme")), "rp-musiciens",
         powers=("rp-charme",)),
    Card("rp-villageois", "camp", "§4", _one("rp-villageois", "Villageois"), "rp-villageois", unique=False),
    # "humilie ainsi les autres villageois cupides": there may be several.
    Card("rp-cupide", "camp", "§4", _one("rp-cupide", "Cupide"), "rp-villageois", unique=False,
         personal_victories=("rp-cupide",)),
    _villageois("rp-holmes", "Holmes", ("rp-detectives", "rp-melomane")),
    _villageois("rp-monk", "Monk", ("rp-detectives", "rp-pentaphile")),
    # His show is his only while the MJ gave him Showman.
    _villageois("rp-poirot", "Poirot", ("rp-detectives", "rp-showman"), "rp-showman"),
    _villageois("rp-pach", "Pach", ("rp-mathematiciens", "rp-perfect-matcheur")),
    _villageois("rp-rappaz", "Rappaz", ("rp-mathematiciens", "rp-58-ard")),
    _villageois("rp-sesiano", "Sesiano", ("rp-mathematiciens", "rp-romantique")),
)

MON_THU, TUE_FRI, WED_SAT = (MON, THU), (TUE, FRI), (WED, SAT)
INVENTIONS = ("rp-revelateur", "rp-stalkeur")  # one of the two, on each of its nights

SPECIALTY_CARDS: tuple[Card, ...] = (
    # "2 nuits par semaine"; the nights of each name: §12 tables, RULES-NOTES.
    Card("rp-inventor", "specialty", "§5", _family(
        INVENTIONS,
        ("rp-ingenieure", "Ingénieure", MON_THU),
        ("rp-technophile", "Technophile", WED_SAT),
        ("rp-scientifique", "Scientifique", TUE_FRI),
        ("rp-savant", "Savant", (TUE, SAT)),
        ("rp-bricoleur", "Bricoleur", (WED, FRI)),
        ("rp-inventeur", "Inventeur", MON_THU),
    ), powers=INVENTIONS),
    Card("rp-snoop", "specialty", "§5", _family(
        ("rp-investigation",),
        ("rp-fureteur", "Fureteur", MON_THU),
        ("rp-indiscrete", "Indiscrète", TUE_FRI),
        ("rp-journaliste", "Journaliste", WED_SAT),
        ("rp-reporter", "Reporter", WED_SAT),
        ("rp-voyeur", "Voyeur", (MON, FRI)),
        ("rp-curieux", "Curieux", (TUE, THU)),
    ), powers=("rp-investigation",)),
    Card("rp-trainer", "specialty", "§5", _family(
        ("rp-dressage",),
        ("rp-dresseur-d-ours", "Dresseur d'ours", TUE_FRI),
        ("rp-dresseur-de-rapace", "Dresseur de rapace", WED_SAT),
        ("rp-dresseur-de-chien", "Dresseur de chien", MON_THU),
    ), powers=("rp-dressage",)),
    Card("rp-thief", "specialty", "§5", _family(
        ("rp-larcin",),
        ("rp-voleur", "Voleur", MON_THU),
        ("rp-cambrioleur", "Cambrioleur", WED_SAT),
        ("rp-brigand", "Brigand", TUE_FRI),
    ), powers=("rp-larcin",)),
    # An invoked action: the three names differ only by name.
    Card("rp-killer", "specialty", "§5", _family(
        (),
        ("rp-assassin", "Assassin", ()),
        ("rp-meurtrier", "Meurtrier", ()),
        ("rp-tueur", "Tueur", ()),
    ), powers=("rp-assassinat",)),
    Card("rp-marchand-de-sable", "specialty", "§5",
         _one("rp-marchand-de-sable", "Marchand de sable", *_every_night("rp-sommeil")), powers=("rp-sommeil",)),
    # "3 nuits par semaine": Psychopathe Mon/Wed/Fri, Toqué Tue/Thu/Sat.
    Card("rp-kidnapper", "specialty", "§5", _family(
        ("rp-enlevement",),
        ("rp-psychopathe", "Psychopathe", (MON, WED, FRI)),
        ("rp-toque", "Toqué", (TUE, THU, SAT)),
    ), powers=("rp-enlevement",)),
    Card("rp-laura", "specialty", "§5", _one("rp-laura", "Laura de la Riponne", *_every_night("rp-squat")),
         powers=("rp-squat",)),
    Card("rp-artiste", "specialty", "§5",
         _one("rp-artiste", "Artiste", ("rp-caricature", (FRI,)), ("rp-sculpture", WED_SAT)),
         powers=("rp-sculpture", "rp-caricature")),
    Card("rp-eris", "specialty", "§5", _one("rp-eris", "Éris", ("rp-farce", (MON,)), ("rp-querelle", TUE_FRI)),
         powers=("rp-querelle", "rp-farce")),
    Card("rp-freyja", "specialty", "§5",
         _one("rp-freyja", "Freyja", ("rp-allumeuse", MON_THU), ("rp-adoration", (WED,))),
         powers=("rp-allumeuse", "rp-adoration")),
)

CARDS: tuple[Card, ...] = CAMP_CARDS + SPECIALTY_CARDS
CARD_BY_KEY: Mapping[str, Card] = MappingProxyType({c.key: c for c in CARDS})
NAMES: tuple[Name, ...] = tuple(n for c in CARDS for n in c.names)
NAME_BY_KEY: Mapping[str, Name] = MappingProxyType({n.key: n for n in NAMES})
CARD_OF_NAME: Mapping[str, Card] = MappingProxyType({n.key: c for c in CARDS for n in c.names})
