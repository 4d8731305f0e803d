"""The week of Les Reptiliens de Quinte-Bourg (seed 000 §1, §11, §12, decoded by RULES-NOTES `reptiliens`).

Pure data plus three pure helpers. Monday to Saturday each have a night then a day; Sunday is the village
festival, a day with no night, no death and no execution. Nights are numbered from 1 and follow one another
Monday..Saturday, then Monday again (Sunday has no night). The weekday of night 1 is a room option.

Actors are name keys of cards.py (this module does not import it, so that cards.py can import the week; the
tests check both agree) or a group of seats (`Group`), e.g. the ghosts, who hold no card for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, get_args

Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
MON: Weekday = "mon"
TUE: Weekday = "tue"
WED: Weekday = "wed"
THU: Weekday = "thu"
FRI: Weekday = "fri"
SAT: Weekday = "sat"
SUN: Weekday = "sun"
WEEK: tuple[Weekday, ...] = get_args(Weekday)
NIGHT_DAYS: tuple[Weekday, ...] = (MON, TUE, WED, THU, FRI, SAT)  # Sunday: no night (RULES-NOTES "Calendar")
FESTIVAL: Weekday = SUN  # §1 "C'est la fête au village. Pas de morts, pas d'exécution."
ODD_DAYS: tuple[Weekday, ...] = (MON, WED, FRI)  # §1 "Jours impairs : lundis - mercredis - vendredis"
EVEN_DAYS: tuple[Weekday, ...] = (TUE, THU, SAT)  # §1 "Jours pairs : mardis - jeudis - samedis"

# Seats that act together without a card for it (or beyond their cards: converts count as Reptilians).
Group = Literal["ghosts", "spirits", "reptilians", "lovers", "seths", "souris", "detectives", "mathematiciens"]

# Name keys the steps call (cards.py holds their data). Kept here as literals so the week stands alone.
REPTILIAN_NAMES = ("rp-reptilien", "rp-reptilienne-alpha", "rp-reptilienne-noire", "rp-reptilienne-rouge", "rp-seth")
LOVERS = ("rp-amoureux",)
ORPHEE_SIRENE = ("rp-orphee", "rp-sirene")
MINUS_CORTEX = ("rp-cortex", "rp-minus")  # §4: Cortex names a person first, then Minus
VILLAGEOIS_WITH_CONDITIONS = ("rp-monk", "rp-holmes", "rp-poirot", "rp-pach", "rp-rappaz", "rp-sesiano")  # §11 order


@dataclass(frozen=True)
class Step:
    """One line of a table: who is called and what they do. Every step is called every night it exists, held
    or not, its holders alive or not (§12 "Il posera de toute façon toutes les questions")."""

    key: str
    actors: tuple[str, ...] = ()  # name keys called, in the order they act
    group: Group | None = None  # seats called beyond the cards (converts, ghosts, ...)
    powers: tuple[str, ...] = ()  # power keys of cards.POWERS exercised at this step
    moves: bool = False  # the seed's "*": the MJ notes where the actors will spend the night
    every_night: bool = False  # the same step with the same actors on all six nights (RULES-NOTES "Every night")
    optional: bool = False  # opening only: "le cas échéant" / "peut": the MJ may skip it


# -- the steps common to every night (§12, identical lines in the three tables) -----------------------------------
GHOSTS = Step("rp-milice", group="ghosts", powers=("rp-milice",), every_night=True)
REPTILIANS = Step("rp-concertation", REPTILIAN_NAMES, "reptilians", ("rp-concertation",), moves=True, every_night=True)
# Amoureux appear twice: they talk and choose the place (3rd line), later they meet there (11th line).
LOVERS_TALK = Step("rp-amoureux-signes", LOVERS, "lovers", ("rp-gestes", "rp-rendez-vous"), moves=True,
                   every_night=True)
SANDMAN = Step("rp-sommeil", ("rp-marchand-de-sable",), powers=("rp-sommeil",), every_night=True)
MUSICIANS = Step("rp-charme", ORPHEE_SIRENE, powers=("rp-charme",), every_night=True)
LOVERS_MEET = Step("rp-retrouvailles", LOVERS, "lovers", ("rp-rendez-vous",), moves=True, every_night=True)
LAURA = Step("rp-squat", ("rp-laura",), powers=("rp-squat",), moves=True, every_night=True)
ATTACK = Step("rp-attaque", REPTILIAN_NAMES, "reptilians", ("rp-attaque",), moves=True, every_night=True)
# "Aube : fin des sommeils lourds": a marker, no one is called. The inventors come after it (see below).
DAWN = Step("rp-aube", every_night=True)
SPIRITS = Step("rp-reve", group="spirits", powers=("rp-reve",))


def _snoops(*names: str) -> Step:
    return Step("rp-investigation", names, powers=("rp-investigation",))


def _thief(name: str) -> Step:
    return Step("rp-larcin", (name,), powers=("rp-larcin",))


def _kidnapper(name: str) -> Step:
    return Step("rp-enlevement", (name,), powers=("rp-enlevement",), moves=True)


def _trainer(name: str) -> Step:
    return Step("rp-dressage", (name,), powers=("rp-dressage",))


def _inventors(*names: str) -> Step:
    # "Stalkeur XOR Révélateur": one of the two inventions, chosen at the step.
    return Step("rp-invention", names, powers=("rp-revelateur", "rp-stalkeur"))


FREYJA_NIGHT = Step("rp-allumeuse", ("rp-freyja",), powers=("rp-allumeuse",), moves=True)
ERIS_NIGHT = Step("rp-querelle", ("rp-eris",), powers=("rp-querelle",), moves=True)
ARTISTE_NIGHT = Step("rp-sculpture", ("rp-artiste",), powers=("rp-sculpture",), moves=True)
# The 9th line, "Exercent leurs effets sur les postes publics": one office power per night.
ERIS_OFFICES = Step("rp-farce", ("rp-eris",), powers=("rp-farce",))
MINUS_CORTEX_OFFICES = Step("rp-echange-postes", MINUS_CORTEX, powers=("rp-echange-postes",))
FREYJA_OFFICES = Step("rp-adoration", ("rp-freyja",), powers=("rp-adoration",))
ARTISTE_OFFICES = Step("rp-caricature", ("rp-artiste",), powers=("rp-caricature",))


def _night(snoops: Step, thief: Step, kidnapper: Step, long_power: Step, offices: Step, trainer: Step,
           inventors: Step, *after: Step) -> tuple[Step, ...]:
    """The 15 lines every table shares, with the cells that change from night to night."""
    return (GHOSTS, REPTILIANS, LOVERS_TALK, SANDMAN, snoops, thief, kidnapper, long_power, offices, MUSICIANS,
            LOVERS_MEET, LAURA, trainer, ATTACK, DAWN, inventors, *after)


# §12, three tables of two columns each (the second column repeats the first where it is empty); the decoding is
# RULES-NOTES' table. The line numbers of the comments are those of each table.
NIGHTS: Mapping[Weekday, tuple[Step, ...]] = MappingProxyType({
    MON: _night(_snoops("rp-fureteur", "rp-voyeur"), _thief("rp-voleur"), _kidnapper("rp-psychopathe"),
                FREYJA_NIGHT, ERIS_OFFICES, _trainer("rp-dresseur-de-chien"),
                _inventors("rp-ingenieure", "rp-inventeur")),
    TUE: _night(_snoops("rp-indiscrete", "rp-curieux"), _thief("rp-brigand"), _kidnapper("rp-toque"),
                ERIS_NIGHT, MINUS_CORTEX_OFFICES, _trainer("rp-dresseur-d-ours"),
                _inventors("rp-scientifique", "rp-savant")),
    WED: _night(_snoops("rp-reporter", "rp-journaliste"), _thief("rp-cambrioleur"), _kidnapper("rp-psychopathe"),
                ARTISTE_NIGHT, FREYJA_OFFICES, _trainer("rp-dresseur-de-rapace"),
                _inventors("rp-technophile", "rp-bricoleur"), SPIRITS),
    THU: _night(_snoops("rp-fureteur", "rp-curieux"), _thief("rp-voleur"), _kidnapper("rp-toque"),
                FREYJA_NIGHT, MINUS_CORTEX_OFFICES, _trainer("rp-dresseur-de-chien"),
                _inventors("rp-ingenieure", "rp-inventeur")),
    FRI: _night(_snoops("rp-indiscrete", "rp-voyeur"), _thief("rp-brigand"), _kidnapper("rp-psychopathe"),
                ERIS_NIGHT, ARTISTE_OFFICES, _trainer("rp-dresseur-d-ours"),
                _inventors("rp-scientifique", "rp-bricoleur")),
    SAT: _night(_snoops("rp-reporter", "rp-journaliste"), _thief("rp-cambrioleur"), _kidnapper("rp-toque"),
                ARTISTE_NIGHT, MINUS_CORTEX_OFFICES, _trainer("rp-dresseur-de-rapace"),
                _inventors("rp-technophile", "rp-savant"), SPIRITS),
    SUN: (),
})

# §12 "Déroulement des journées", in this order, Monday to Saturday. Sunday has FESTIVAL_STEPS instead.
DAY_STEPS: tuple[str, ...] = (
    "rp-bilan-camera",  # Bilan de la caméra thermique
    "rp-bilan-charmes",  # Bilan des charmés
    "rp-postes",  # Modifications des postes publics (Minus et Cortex / Artiste / Éris / Freyja ; Scrutateur)
    "rp-bilan-morts",  # each dead turns a card and becomes a ghost, a spirit or passes on his specialty
    "rp-heritage",  # Héritage pécunier (Notaire / Époux)
    "rp-reattribution",  # … et éventuelle ré-attribution de poste (the Scrutateur fills the dead's offices)
    "rp-demenagement",  # the Artiste's victim moves where he likes
    "rp-session-speciale",  # the Président's decision: normal or special session (before the law)
    "rp-loi",  # Proposition de loi et décision du Sénateur
    "rp-execution",  # Débat, vote, exécution (et action éventuelle du Bourreau)
    "rp-mariages",  # Demandes en mariage
    "rp-pickpockets",  # Pickpockets (Mirko odd days, Mirka even days)
    "rp-plus-riche",  # Bilan du plus riche citoyen (his house is protected from the next attack)
)
# §1: no deaths, no execution; everyone may meet anyone, and anyone may watch (RULES-NOTES "Sunday online").
FESTIVAL_STEPS: tuple[str, ...] = ("rp-fete",)

# §11, in the seed's order, before night 1.
OPENING: tuple[Step, ...] = (
    Step("rp-ouverture-conditions", VILLAGEOIS_WITH_CONDITIONS),  # the MJ gives their personal conditions
    Step("rp-ouverture-detectives", group="detectives", optional=True),
    Step("rp-ouverture-mathematiciens", group="mathematiciens", optional=True),
    Step("rp-ouverture-conversion", VILLAGEOIS_WITH_CONDITIONS, optional=True),  # "peut aussi convertir l'un d'eux"
    Step("rp-ouverture-seths", ("rp-seth", "rp-fennec"), "seths"),
    Step("rp-ouverture-souris", ("rp-souris", "rp-minus", "rp-cortex"), "souris"),  # Minus, Cortex shown
    Step("rp-ouverture-reptiliens", REPTILIAN_NAMES, "reptilians"),  # Seth in, Fennec out; the alpha shown
    Step("rp-ouverture-amoureux", LOVERS, "lovers"),  # the MJ chooses them, taps their heads
    Step("rp-ouverture-romantique", ("rp-sesiano",), optional=True),  # only a Sesiano given Romantique
    Step("rp-ouverture-rappel", optional=True),  # "Un rappel ... peut être effectué"
)


def _check_night(n: int, first: Weekday) -> None:
    if n < 1:
        raise ValueError(f"nights are numbered from 1, not {n}")
    if first not in NIGHT_DAYS:
        raise ValueError(f"night 1 must fall Monday to Saturday (Sunday has no night), not {first!r}")


def weekday_of_night(n: int, first: Weekday = MON) -> Weekday:
    """The weekday of night `n` (and of day `n`, which follows it) when night 1 falls on `first`."""
    _check_night(n, first)
    return NIGHT_DAYS[(NIGHT_DAYS.index(first) + n - 1) % len(NIGHT_DAYS)]


def steps_for_night(n: int, first: Weekday = MON) -> tuple[Step, ...]:
    """The ordered steps of night `n`."""
    return NIGHTS[weekday_of_night(n, first)]


def festival_before_night(n: int, first: Weekday = MON) -> bool:
    """Whether a Sunday festival lies between day `n - 1` and night `n` (night `n` is a Monday, not the first)."""
    return n > 1 and weekday_of_night(n, first) == MON


def acts_tonight(card_name: str, weekday: Weekday) -> bool:
    """Whether the card name `card_name` (a name key) is called at a step of `weekday`'s night."""
    return any(card_name in step.actors for step in NIGHTS[weekday])


def nights_of(card_name: str) -> tuple[Weekday, ...]:
    """The weekdays on which the name `card_name` is called at night."""
    return tuple(day for day in NIGHT_DAYS if acts_tonight(card_name, day))
