"""The public offices of Les Reptiliens de Quinte-Bourg (seed 000 §6), as data: the victory conditions of §3 and
the calendar name them. Their rules (vacancy, succession, rotation, powers) are issue 13's (part 2)."""

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

OFFICES: tuple[Office, ...] = (
    Office(SCRUTATEUR, "Scrutateur", "special", "§6"),
    Office(CHEF_MILICE, "Chef de la milice fantôme", "special", "§6"),  # held by a ghost only
    Office(PRESIDENT, "Président", "mandatory", "§6"),
    Office(PROCUREUR, "Procureur", "mandatory", "§6"),
    Office(NOTAIRE, "Notaire", "mandatory", "§6"),
    Office(SENATEUR, "Sénateur", "mandatory", "§6"),
    Office("rp-pretre", "Prêtre", "optional", "§6", (
        OfficeVariant("rp-pretre-capitaliste", "Prêtre capitaliste"),
        OfficeVariant("rp-pretre-traditionnel", "Prêtre traditionnel"),
    )),
    # "Les jours impairs" / "Les jours pairs" (§1: impairs = Mon, Wed, Fri; pairs = Tue, Thu, Sat).
    Office("rp-adjoint", "Adjoint", "optional", "§6", (
        OfficeVariant("rp-adjoint-randy", "Adjoint Randy", ODD_DAYS),
        OfficeVariant("rp-adjoint-armish", "Adjoint Armish", EVEN_DAYS),
    )),
    Office("rp-pickpocket", "Pickpocket", "optional", "§6", (
        OfficeVariant("rp-pickpocket-mirko", "Pickpocket Mirko", ODD_DAYS),
        OfficeVariant("rp-pickpocket-mirka", "Pickpocket Mirka", EVEN_DAYS),
    )),
    Office("rp-bourreau", "Bourreau", "optional", "§6"),
)
OFFICE_BY_KEY: Mapping[str, Office] = MappingProxyType({office.key: office for office in OFFICES})
