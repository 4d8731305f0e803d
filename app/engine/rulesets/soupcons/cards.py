"""The cards of `soupcons` (seed 002) and the pure rules on them: the set-up table, what a received card does to
the table, and when the game is over.

Card ids: `M0`…`M9` are the Masque cards (their value is the number), `S1`…`S3` the Serpent cards. Only their
holder (and, at the moment of a gift, the giver) ever sees an id; everyone else sees hand counts.
The table is the circle of Nuit/Jour cards, in increasing order: `[{"v": 1, "side": "nuit"}, …]`; a card put back
in the box stays in the list as `"side": "gone"`, so that the circle keeps its shape on screen.
"""

from __future__ import annotations

from typing import Any

NUIT, JOUR, GONE = "nuit", "jour", "gone"
SERPENT = "serpent"

# players -> (highest Masque value, highest Nuit/Jour value, Serpent cards). RULES-NOTES "soupcons": the scanned
# table decoded; 2n+1 cards in every case, so one player gets 3 and the others 2.
SETUP: dict[int, tuple[int, int, int]] = {3: (5, 5, 1), 4: (6, 6, 2), 5: (8, 8, 2), 6: (9, 9, 3)}
REMOVE_LOWEST_JOUR_FROM = 5  # "Si vous jouez à 5 ou 6, remettez dans la boîte la plus petite carte … Jour"

Table = list[dict[str, Any]]


def deck(players: int) -> list[str]:
    masks, _, serpents = SETUP[players]
    return [f"M{v}" for v in range(masks + 1)] + [f"S{i}" for i in range(1, serpents + 1)]


def initial_table(players: int) -> Table:
    return [{"v": v, "side": NUIT} for v in range(1, SETUP[players][1] + 1)]


def announcements(players: int) -> list[str]:
    """What a giver may say a card is: any Masque value of this game, or a Serpent (true or not)."""
    return [str(v) for v in range(SETUP[players][0] + 1)] + [SERPENT]


def value(card: str) -> int | None:
    return int(card[1:]) if card.startswith("M") else None


def is_serpent(card: str) -> bool:
    return card.startswith("S")


def camp_of(hand: list[str]) -> str:
    return "serpents" if any(is_serpent(c) for c in hand) else "innocents"


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda c: (is_serpent(c), int(c[1:])))


def truth(card: str) -> str:
    """The announcement that would be true for this card."""
    v = value(card)
    return SERPENT if v is None else str(v)


def effect(table: Table, card: str) -> tuple[str, int | None, Table]:
    """What receiving `card` does: ("jour" | "removed" | "nothing", the value that changed, the new table)."""
    v = value(card)
    new = [dict(c) for c in table]
    for c in new:
        if v is not None and c["v"] == v and c["side"] != GONE:
            if c["side"] == NUIT:
                c["side"] = JOUR
                return "jour", v, new
            c["side"] = GONE
            return "removed", v, new
    return "nothing", None, new


def remove_lowest_jour(table: Table) -> tuple[int | None, Table]:
    new = [dict(c) for c in table]
    for c in sorted(new, key=lambda c: c["v"]):
        if c["side"] == JOUR:
            c["side"] = GONE
            return c["v"], new
    return None, new


def outcome(table: Table) -> str | None:
    """"innocents" when every card left shows Jour (le jour se lève), "serpents" when a single card is left and it
    shows Nuit (la nuit dure pour toujours), else None. An empty table counts as all-Jour; it cannot happen, since
    the last Jour card would have ended the game before being removed."""
    live = [c for c in table if c["side"] != GONE]
    if all(c["side"] == JOUR for c in live):
        return "innocents"
    if len(live) == 1 and live[0]["side"] == NUIT:
        return "serpents"
    return None
