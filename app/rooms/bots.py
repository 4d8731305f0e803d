"""Seats played by the server ("play against bots to learn").

A bot is an ordinary seat listed in the room's `bots` option. Nothing runs for it outside the engine, so a game
with bots replays exactly, survives a restart and needs no extra task. In Soupçons, when a question is put to a
bot seat, the ruleset gives its step the short `bot_delay` instead of a person's time, and when that time is up the
engine plays the same random legal move it plays for anyone whose time ran out (with the game's own generator). In
Thiercelieux and Reptiliens the engine answers for the bot from the bot seat's own view, once its answer is due
(app/engine/bots.py, and each ruleset's bot.py). This module only seats and unseats bots, for rulesets whose options
have a `bots` list (soupcons, thiercelieux, reptiliens).
"""

from __future__ import annotations

from app.engine import Rejected
from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.engine.text import name_keys
from app.rooms.service import Room, RoomService

BOT_NAMES = ["Ada", "Basile", "Cyrano", "Dolores", "Eliott", "Fantine", "Gaspard", "Hortense"]


def supports_bots(ruleset: str) -> bool:
    return "bots" in get_ruleset(ruleset).options_model.model_fields


def bot_name(taken: set[str]) -> str:
    """A bot's name none of whose look-alike keys (app.engine.text.name_keys) is in `taken`."""
    for name in BOT_NAMES:
        if not name_keys(f"Bot {name}") & taken:
            return f"Bot {name}"
    n = 1
    while name_keys(f"Bot {n}") & taken:
        n += 1
    return f"Bot {n}"


async def add_bots(rooms: RoomService, room: Room, count: int) -> list[int]:
    """Seat `count` bots (before the start); returns their seats."""
    if not supports_bots(room.ruleset):
        raise Rejected("no_bots", "This game has no bots.")
    if room.state.phase != "lobby":
        raise Rejected("wrong_phase", "Bots take their seats before the start.", phase=room.state.phase)
    rules = get_ruleset(room.ruleset)
    free = rules.max_players - len(room.state.players)
    if count < 1 or count > free:
        raise Rejected("room_full", f"There is room for {free} more player(s).", max=rules.max_players)
    seats: list[int] = []
    for _ in range(count):
        taken = set().union(*(name_keys(p.name) for p in room.state.players.values()))
        seat, _token = await rooms.join(room, bot_name(taken))  # nobody holds a bot's token
        seats.append(seat)
    bots = sorted({*room.state.options.get("bots", []), *seats})
    await rooms.submit(room, MJ, "configure", {"options": {"bots": bots}})
    return seats


async def remove_bot(rooms: RoomService, room: Room, seat: int) -> None:
    bots = list(room.state.options.get("bots", []))
    if seat not in bots or seat not in room.state.players:
        raise Rejected("not_a_bot", f"Seat {seat} is not a bot.", seat=seat)
    # The list first, then the seat: whoever sees the seat gone (the console, which then asks) sees the list without
    # it, never a bot list naming a seat that left.
    await rooms.submit(room, MJ, "configure", {"options": {"bots": [s for s in bots if s != seat]}})
    await rooms.submit(room, MJ, "leave", {"seat": seat})
