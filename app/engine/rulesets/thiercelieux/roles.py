"""The roles of Les Loups-Garous de Thiercelieux (seeds 003, 004, 001, and the official booklets of issue 14): data,
not code paths. Every card, weight and prerequisite is listed here as a literal; no other module adds to these tables
(tests/thiercelieux/test_manifest.py). Which handlers run each night step: manifest.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.model import GameState, Player
from app.engine.ruleset import Role as BaseRole
from app.engine.rulesets.thiercelieux.state import marks, village


@dataclass(frozen=True)
class Role(BaseRole):
    wolf: bool = False  # wakes with the wolves, seen as a wolf

    def info(self) -> dict[str, Any]:
        return {**super().info(), "wolf": self.wolf}


VILLAGE = "village"
WOLVES = "wolves"
LOVERS = "lovers"
# Solitary roles win alone (001, 004); each is its own camp.
WHITE_WOLF = "loup-blanc"
PIPER = "joueur-de-flute"
KILLER = "tueur"
ASSASSIN = "assassin"
VAMPIRES = "vampires"
HAMSTERS = "hamsters"
SECT = "sectaire"  # the Abominable Sectaire's camp: he wins alone (official_solo.py)
POWER = frozenset({"power"})  # lost with the others' when the village kills the Ancien (has_power)

ROLES: dict[str, Role] = {
    r.key: r
    for r in [
        # 003
        Role("villageois", VILLAGE, unique=False),
        Role("loup-garou", WOLVES, wolf=True, unique=False, night_steps=("loups",)),
        Role("voyante", VILLAGE, night_steps=("voyante",), tags=frozenset({"power"})),
        Role("sorciere", VILLAGE, night_steps=("sorciere",), tags=frozenset({"power"})),
        Role("chasseur", VILLAGE, tags=frozenset({"power"})),
        Role("cupidon", VILLAGE, night_steps=("cupidon",), tags=frozenset({"power"})),
        Role("petite-fille", VILLAGE, night_steps=("loups",), tags=frozenset({"power"})),
        Role("voleur", VILLAGE, night_steps=("voleur",)),
        # 001
        Role("chaman", VILLAGE, night_steps=("chaman",), tags=frozenset({"power"})),  # 001: "chaque nuit"
        Role("salvateur", VILLAGE, night_steps=("salvateur",), tags=frozenset({"power"})),
        Role("corbeau", VILLAGE, night_steps=("corbeau",), tags=frozenset({"power"})),
        Role("ancien", VILLAGE, night_steps=("ancien",)),
        Role("joueur-de-flute", PIPER, night_steps=("joueur-de-flute",)),
        Role("loup-blanc", WHITE_WOLF, wolf=True, night_steps=("loups", "loup-blanc")),
        # 004: "Le maître loup ou loup blanc" — the same card under its other name.
        Role("maitre-loup", WHITE_WOLF, wolf=True, night_steps=("loups", "loup-blanc")),
        Role("infect-pere-des-loups", WOLVES, wolf=True, night_steps=("loups", "infect")),
        # 004
        Role("franc-macon", VILLAGE, unique=False, night_steps=("francs-macons",)),
        Role("apprenti", VILLAGE, night_steps=("apprenti",)),
        Role("assassin", ASSASSIN, night_steps=("assassin",)),
        Role("tueur", KILLER, night_steps=("tueur",)),
        Role("marchand-de-sable", VILLAGE, night_steps=("marchand-de-sable",), tags=frozenset({"power"})),
        Role("somnambule", VILLAGE, night_steps=("somnambule",)),
        Role("casanova", VILLAGE, night_steps=("casanova",)),
        Role("berger", VILLAGE, night_steps=("berger",), tags=frozenset({"power"})),
        Role("magicien", VILLAGE, night_steps=("magicien",), tags=frozenset({"power"})),
        Role("louveteau", VILLAGE, night_steps=("louveteau",)),
        Role("traitre", VILLAGE),
        Role("vampire", VAMPIRES, unique=False, night_steps=("vampires",)),
        Role("hamster-garou", HAMSTERS, unique=False, night_steps=("hamsters",)),
        # The official day roles (official_day.py): none wakes at night.
        Role("ange", VILLAGE),  # alone for his first turn; a villager after it (official_day.ange_result)
        Role("bouc-emissaire", VILLAGE, tags=POWER),
        Role("idiot-du-village", VILLAGE, tags=POWER),
        Role("villageois-villageois", VILLAGE),
        Role("juge-begue", VILLAGE, tags=POWER),
        Role("chevalier-epee-rouillee", VILLAGE, tags=POWER),
        Role("servante-devouee", VILLAGE, tags=POWER),
        # The official night roles (official_night.py).
        Role("deux-soeurs", VILLAGE, unique=False, night_steps=("soeurs",)),
        Role("trois-freres", VILLAGE, unique=False, night_steps=("freres",)),
        Role("renard", VILLAGE, night_steps=("renard",), tags=POWER),
        Role("montreur-d-ours", VILLAGE, tags=POWER),  # no night step: his bear speaks at dawn
        Role("enfant-sauvage", VILLAGE, night_steps=("enfant-sauvage",)),
        Role("chien-loup", VILLAGE, night_steps=("chien-loup",)),
        Role("comedien", VILLAGE, night_steps=("comedien",), tags=POWER),
        # The official wolves and solitaries (official_solo.py).
        Role("grand-mechant-loup", WOLVES, wolf=True, night_steps=("loups", "grand-mechant-loup")),
        Role("abominable-sectaire", SECT),
        Role("gitane", VILLAGE, night_steps=("gitane", "esprits"), tags=POWER),
    ]
}
SOLO = {WHITE_WOLF, PIPER, KILLER, ASSASSIN, SECT}
# Camps that threaten the village: while one of them has a living member, the village has not won. The Sectaire
# is a camp of one (camp_of, the pages' solitary cards) but no threat: the village wins once the wolves and the
# killers are gone, whichever groups are left (the Sectaire then loses).
THREATS = {WOLVES, VAMPIRES, HAMSTERS} | (SOLO - {SECT})

# Recommendations of the seeds, shown to the MJ as warnings they may override (001: "Prérequis: 16 Joueurs"); the
# Grand Méchant Loup's second victim every night is for large villages (docs/rules/thiercelieux.md).
PREREQUISITES: dict[str, int] = {"loup-blanc": 16, "maitre-loup": 16, "infect-pere-des-loups": 16,
                                 "grand-mechant-loup": 12}
WHITE_WOLVES = {"loup-blanc", "maitre-loup"}

# How the set-up pages list the cards (GET /api/rulesets/thiercelieux: `card_order`; a card not listed comes after,
# by key): wolves first, then the village's powers, then the loners and other packs, then the plain villagers.
CARD_ORDER: list[str] = [
    "loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "chaman",
    "infect-pere-des-loups", "salvateur", "corbeau", "ancien", "franc-macon", "apprenti", "marchand-de-sable",
    "somnambule", "casanova", "berger", "magicien", "louveteau", "traitre", "loup-blanc", "joueur-de-flute", "assassin",
    "tueur", "vampire", "hamster-garou",
    # The official roles beyond the seeds (issue 14): the wolves' first, then the night's, the day's, the solitaries'.
    "grand-mechant-loup", "enfant-sauvage", "chien-loup", "deux-soeurs", "trois-freres", "renard", "montreur-d-ours",
    "comedien", "gitane", "ange", "bouc-emissaire", "idiot-du-village", "juge-begue", "chevalier-epee-rouillee",
    "servante-devouee", "villageois-villageois", "abominable-sectaire", "villageois"]
# The cards of the official rulebook's box (003) and the Chaman (`base_cards`): the pages keep them in sight and fold
# the others under "More roles".
BASE_CARDS: list[str] = ["loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "chaman",
                         "villageois"]


def is_wolf(role: str | None) -> bool:
    return role is not None and role in ROLES and ROLES[role].wolf


def holds(state: GameState, player: Player, role: str) -> bool:
    """Holds this card: his card, his second hidden card in the great complication (004), or the card whose power
    the Comédien plays until the next night (official_night.py)."""
    if player.role == role:
        return True
    mine = marks(state, player.seat)
    return mine.second_role == role or mine.borrowed == role


def wolfish(state: GameState, player: Player) -> bool:
    """Wakes with the wolves: a wolf card (either of two, 004), or converted (infected, lycanthropy, a cub or a
    traitor turned, or a hidden wolf camp card in the small complication)."""
    if is_wolf(player.role):
        return True
    mine = marks(state, player.seat)
    return is_wolf(mine.second_role) or bool(mine.wolf)


def camp_of(state: GameState, player: Player) -> str:
    role = ROLES.get(player.role or "")
    if role is not None and role.camp in SOLO:
        return role.camp
    if marks(state, player.seat).vampire or (role is not None and role.camp == VAMPIRES):
        return VAMPIRES
    if wolfish(state, player):
        return WOLVES
    if role is not None and role.camp == HAMSTERS:
        return HAMSTERS
    return VILLAGE


def has_power(state: GameState, player: Player) -> bool:
    """Villagers lose their powers when the village kills the Ancien (001, 004)."""
    role = ROLES.get(player.role or "")
    if role is None or "power" not in role.tags:
        return True
    return not (village(state).powers_lost and camp_of(state, player) == VILLAGE)


def wolves_for(players: int) -> int:
    """1 to 6 wolves depending on the number of players (001), about one in four or five."""
    for limit, wolves in ((6, 1), (11, 2), (17, 3), (23, 4), (29, 5)):
        if players <= limit:
            return wolves
    return 6


def suggested(players: int) -> list[str]:
    """A composition for `players` seats (003's advice: add powers as the village grows)."""
    comp = ["loup-garou"] * wolves_for(players)
    for threshold, role in ((5, "voyante"), (6, "sorciere"), (8, "chasseur"), (9, "cupidon"),
                            (10, "petite-fille"), (11, "salvateur"), (13, "ancien"), (14, "corbeau"),
                            (15, "joueur-de-flute")):
        if players >= threshold:
            comp.append(role)
    if players >= 16:
        comp[comp.index("loup-garou")] = "loup-blanc"
    comp += ["villageois"] * (players - len(comp))
    if players >= 12:
        # The Voleur takes a villager's place and brings two more Simple Villageois cards (003).
        comp[comp.index("villageois")] = "voleur"
        comp += ["villageois", "villageois"]
    return comp


# A rough weight per card for the balance indicator: positive helps the village, negative the others.
WEIGHTS: dict[str, int] = {
    "villageois": 1, "loup-garou": -6, "voyante": 7, "sorciere": 4, "chasseur": 3, "cupidon": -3,
    "petite-fille": 5, "voleur": -1, "chaman": 2, "salvateur": 3, "corbeau": 2, "ancien": 0,
    "joueur-de-flute": -4, "loup-blanc": -8, "maitre-loup": -8, "infect-pere-des-loups": -9, "franc-macon": 2,
    "apprenti": 2,
    "assassin": -5, "tueur": -6, "marchand-de-sable": 2, "somnambule": 1, "casanova": -1, "berger": 3,
    "magicien": 2, "louveteau": -2, "traitre": -4, "vampire": -5, "hamster-garou": -5,
    # official_day.py's, official_night.py's and official_solo.py's
    "ange": -1, "bouc-emissaire": 1, "idiot-du-village": 2, "villageois-villageois": 2, "juge-begue": 3,
    "chevalier-epee-rouillee": 2, "servante-devouee": 2,
    "deux-soeurs": 2, "trois-freres": 2, "renard": 4, "montreur-d-ours": 4, "enfant-sauvage": -1, "chien-loup": -2,
    "comedien": 3,
    "grand-mechant-loup": -8, "abominable-sectaire": -3, "gitane": 2,
}
