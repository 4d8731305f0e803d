"""Who an event or a chat channel reaches: seats, and the crowds that are not seats.

An audience is None (everyone) or a list of members. A member is a seat (an int, 0 and up) or a `Crowd`: every
spectator, or (in a channel's audience only) the writer of each message. A crowd is never a seat: code names it
`Crowd.SPECTATORS`, and `seats_in` keeps only the seats.

The stored form is unchanged: logs, snapshots and the frames the MJ receives (`to`) have always held -2 for the
spectators, so a crowd's value is that stored number (an IntEnum: written as -2, compared equal to -2, sorted
before the seats). Events read back are upgraded (`Event.to`'s validator: `upgrade`) so that in memory the marker is
the crowd itself; an old log holding -2 loads to the same audience, and a new one is written exactly as before."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import TypeGuard


class Crowd(IntEnum):
    """A member of an audience that is not a seat. Its value is its stored form (negative, so never a seat;
    -1 is the MJ's key in prompt answers, not an audience member)."""

    SPECTATORS = -2  # every spectator (stored as -2 since the first chat)
    WRITER = -3  # in a channel's audience only: the writer of each message (chat.py replaces it by the speaker)


Member = int | Crowd  # a seat or a crowd (for mypy a Crowd is an int: the union documents, `is_seat` tells)
Audience = list[Member] | None  # None: public
# A chat channel's rule: (its audience, who may write: seats, "mj", "spectator"); channels.py.
ChannelRule = tuple[list[Member] | None, set[int | str]]

_CROWDS = {c.value: c for c in Crowd}


def is_seat(member: Member) -> TypeGuard[int]:
    return not isinstance(member, Crowd)


def seats_in(members: Iterable[Member]) -> list[int]:
    """The seats of an audience, without its crowds."""
    return [m for m in members if is_seat(m)]


def upgrade(members: list[int]) -> list[Member]:
    """A stored audience read back: its crowds' numbers (-2) become the crowds. Untouched when it holds none (the
    common case: no copy)."""
    if not members or min(members) >= 0:
        return members
    return [_CROWDS.get(m, m) for m in members]
