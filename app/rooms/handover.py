"""A player takes their seat on another device with their personal link (docs/protocol.md, "Personal links").

The link carries the seat's token. Opening it elsewhere gives the seat a new token (compared and swapped in the
database, so a seat a substitute took meanwhile is never taken back), then the `handover` event tells the seat and
closes the old device's sockets on every process, with the reason `handed_over`: the old link and the old page
stop working at once. A finished room that was rematched hands over the seat of the newest room of the group
instead, where the game goes on.
"""

from __future__ import annotations

import asyncio
import logging

from app.engine import Rejected
from app.engine.model import SYSTEM
from app.rooms.secrets import hash_token, new_token
from app.rooms.service import Room, RoomService
from app.store import repository as repo

log = logging.getLogger("veillee.rooms")
MAX_REMATCHES = 50  # a group's rooms followed at most (each rematch is a new room with the same links)
NOT_YOURS = "This link no longer opens a seat: it was used on another device, or a substitute took the seat."


def rematch_of(room: Room) -> str | None:
    """The code of the room the group moved to when this one was over, or None."""
    if room.state.phase != "ended":
        return None
    for event in reversed(room.events):
        if event.type == "rematch":
            code = event.data.get("code")
            return code if isinstance(code, str) else None
    return None


async def newest_room(rooms: RoomService, room: Room, token: str) -> tuple[Room, int]:
    """The newest room of the group where `token` still opens a seat (this one, or a rematch of it), and that seat.
    Raises `bad_token` when it opens no seat here."""
    seat = await rooms.authenticate(room, token)
    if not isinstance(seat, int):
        raise Rejected("not_a_seat", "A personal link opens a player's seat.")
    for _ in range(MAX_REMATCHES):
        code = rematch_of(room)
        following = await rooms.by_code(code) if code else None
        if following is None:
            break
        try:
            there = await rooms.authenticate(following, token)
        except Rejected:
            break  # the seat moved on in the new room already: this one is the newest the link opens
        if not isinstance(there, int):
            break
        room, seat = following, there
    return room, seat


async def hand_over(rooms: RoomService, room: Room, token: str) -> tuple[Room, int, str]:
    """Move the seat `token` opens to a new token (another device). Returns the room (the newest of the group),
    the seat and its new token."""
    room, seat = await newest_room(rooms, room, token)
    if seat not in room.state.players:  # left the lobby: nothing to take
        raise Rejected("bad_token", NOT_YOURS)
    fresh = new_token()
    async with rooms.db.writing() as s:
        swapped = await repo.swap_seat_token(s, room.id, seat, hash_token(token), hash_token(fresh))
        await s.commit()
    if not swapped:
        raise Rejected("bad_token", NOT_YOURS)
    # Whatever this process remembers of the old token goes now (the event below clears it on every process).
    cached = getattr(room, "tokens", None)
    if isinstance(cached, dict):
        for digest in [d for d, s in cached.items() if s == seat]:
            del cached[digest]
    # The new token works from now on and the old one no longer does; the event closes the old sockets.
    for attempt in range(5):
        try:
            await rooms.submit(room, SYSTEM, "handover", {"seat": seat})
            break
        except Rejected as exc:
            if exc.rejection.code != "busy":
                log.warning("room %s: hand-over of seat %s not announced: %s", room.id, seat, exc.rejection.code)
                break
            await asyncio.sleep(0.05 * 2**attempt)
    return room, seat, fresh
