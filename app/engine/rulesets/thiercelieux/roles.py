"""The roles of Les Loups-Garous de Thiercelieux (seed 003): data, not code paths."""

from __future__ import annotations

from app.engine.ruleset import Role

VILLAGE = "village"
WOLVES = "wolves"
LOVERS = "lovers"

ROLES: dict[str, Role] = {
    r.key: r
    for r in [
        Role("villageois", VILLAGE, unique=False),
        Role("loup-garou", WOLVES, wolf=True, unique=False, night_steps=("loups",)),
        Role("voyante", VILLAGE, night_steps=("voyante",)),
        Role("sorciere", VILLAGE, night_steps=("sorciere",)),
        Role("chasseur", VILLAGE),
        Role("cupidon", VILLAGE, night_steps=("cupidon",)),
        Role("petite-fille", VILLAGE, night_steps=("loups",)),
        Role("voleur", VILLAGE, night_steps=("voleur",)),
        Role("chaman", VILLAGE),
    ]
}


def is_wolf(role: str | None) -> bool:
    return role is not None and role in ROLES and ROLES[role].wolf


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
                            (10, "petite-fille")):
        if players >= threshold:
            comp.append(role)
    comp += ["villageois"] * (players - len(comp))
    if players >= 12:
        # The Voleur takes a villager's place and brings two more Simple Villageois cards (003).
        comp[comp.index("villageois")] = "voleur"
        comp += ["villageois", "villageois"]
    return comp
