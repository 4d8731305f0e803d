"""The public offices of Les Reptiliens de Quinte-Bourg (seed 000 §6), as data: the victory conditions of §3 and
the calendar name them. Their rules (in play, assignment, vacancy, succession, rotation) are succession.py's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from app.engine.rulesets.reptiliens.calendar import EVEN_DAYS, ODD_DAYS, Weekday

OfficeKind = Literal["special", "mandatory", "optional"]


@dataclass(frozen=True)
class OfficeVariant:
    """A named form of an optional office; like a specialty's name, it may decide on which days it acts."""

    key: str
    fr: str  # as the seed writes it
    days: tuple[Weekday, ...] = ()  # () = no restriction


@dataclass(frozen=True)
class Office:
    key: str
    fr: str
    kind: OfficeKind
    section: str
    variants: tuple[OfficeVariant, ...] = ()


SCRUTATEUR = "rp-scrutateur"
CHEF_MILICE = "rp-chef-milice"
PRESIDENT = "rp-president"
PROCUREUR = "rp-procureur"
NOTAIRE = "rp-notaire"
SENATEUR = "rp-senateur"
PRETRE = "rp-pretre"
ADJOINT = "rp-adjoint"
PICKPOCKET = "rp-pickpocket"
BOURREAU = "rp-bourreau"

OFFICES: tuple[Office, ...] = (
    Office(SCRUTATEUR, "Scrutateur", "special", "§6"),
    Office(CHEF_MILICE, "Chef de la milice fantôme", "special", "§6"),  # held by a ghost only
    Office(PRESIDENT, "Président", "mandatory", "§6"),
    Office(PROCUREUR, "Procureur", "mandatory", "§6"),
    Office(NOTAIRE, "Notaire", "mandatory", "§6"),
    Office(SENATEUR, "Sénateur", "mandatory", "§6"),
    Office(PRETRE, "Prêtre", "optional", "§6", (
        OfficeVariant("rp-pretre-capitaliste", "Prêtre capitaliste"),
        OfficeVariant("rp-pretre-traditionnel", "Prêtre traditionnel"),
    )),
    # "Les jours impairs" / "Les jours pairs" (§1: impairs = Mon, Wed, Fri; pairs = Tue, Thu, Sat).
    Office(ADJOINT, "Adjoint", "optional", "§6", (
        OfficeVariant("rp-adjoint-randy", "Adjoint Randy", ODD_DAYS),
        OfficeVariant("rp-adjoint-armish", "Adjoint Armish", EVEN_DAYS),
    )),
    Office(PICKPOCKET, "Pickpocket", "optional", "§6", (
        OfficeVariant("rp-pickpocket-mirko", "Pickpocket Mirko", ODD_DAYS),
        OfficeVariant("rp-pickpocket-mirka", "Pickpocket Mirka", EVEN_DAYS),
    )),
    Office(BOURREAU, "Bourreau", "optional", "§6"),
)
OFFICE_BY_KEY: Mapping[str, Office] = MappingProxyType({office.key: office for office in OFFICES})
MANDATORY: tuple[str, ...] = tuple(o.key for o in OFFICES if o.kind == "mandatory")
OPTIONAL: tuple[str, ...] = tuple(o.key for o in OFFICES if o.kind == "optional")
VARIANT_BY_KEY: Mapping[str, OfficeVariant] = MappingProxyType(
    {v.key: v for o in OFFICES for v in o.variants})
# The optional offices a game plays by default, one more every two players from 8 (the MJ's choice "notamment en
# fonction du nombre de joueurs"): the Prêtre first (marriages), then the Adjoint, the Bourreau, the Pickpocket.
DEFAULT_ORDER: tuple[str, ...] = (PRETRE, ADJOINT, BOURREAU, PICKPOCKET)


def office_of_key(key: str) -> str | None:
    """The optional office a room option names, by its key or one of its variants' keys; None otherwise."""
    for office in OFFICES:
        if office.kind == "optional" and (key == office.key or key in {v.key for v in office.variants}):
            return office.key
    return None


def default_offices(players: int) -> list[str]:
    """The optional offices in play when the room does not say: none below 8 players, then one more every two."""
    return list(DEFAULT_ORDER[:max(0, min(len(DEFAULT_ORDER), (players - 6) // 2))])
