"""004, "Variantes à plusieurs cartes": "chaque joueur joue les rôles de 2 personnages différents et a 2 cartes
cachées. Les joueurs désignent une carte, votent contre une carte, etc..."

At the start each player gets a second character: a seat of its own ("<name> · 2", next to the first around the
table) with its own hidden card, woken by it, designated, voted against and killed on its own. The player answers
and speaks for both (the engine's `controller`); he is out of the game when both are dead. The players vote once
each, against a card: one ballot per player who has a living character, cast by the captain when he holds that
card (so it counts double), else by his first living character.
"""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.model import GameState
from app.engine.rulesets.thiercelieux.state import captain

SECOND = " · 2"


def enabled(state: GameState) -> bool:
    return bool(state.options.get("characters", 1) == 2)


def add_characters(ctx: Ctx) -> None:
    """Seat every player's second character right after the first."""
    s = ctx.s
    firsts = s.by_position()
    base = max(s.players) + 1
    order: list[int] = []
    for i, p in enumerate(firsts):
        ctx.emit("character_added", {"seat": base + i, "name": f"{p.name}{SECOND}", "controller": p.seat})
        order += [p.seat, base + i]
    ctx.emit("reordered", {"order": order})


def second_seats(state: GameState) -> list[int]:
    """The seats the second characters will take at the start (the MJ may pre-assign their cards)."""
    if not enabled(state) or state.phase != "lobby" or not state.players:
        return []
    base = max(state.players) + 1
    return list(range(base, base + len(state.players)))


def one_per_player(state: GameState, seats: list[int]) -> list[int]:
    """One ballot per player among `seats` (the characters that may vote), in the table's order."""
    if not enabled(state):
        return seats
    chosen: dict[int, int] = {}
    for seat in seats:
        player = state.player_of(seat)
        if player not in chosen or seat == captain(state):
            chosen[player] = seat
    kept = set(chosen.values())
    return [seat for seat in seats if seat in kept]


def same_player(state: GameState, a: int, b: int) -> bool:
    return state.player_of(a) == state.player_of(b)
