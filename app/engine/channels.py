"""Chat channels: which exist now, who reads and who writes each. Membership follows the game (a converted player
joins a pack's channel from then on; the dead leave the living's channels), because a message's audience is
computed when it is written. The views (what channels a viewer knows) and the chat's commands both read this
module, which reads neither of them.

An audience is None (public) or a list of seats and crowds (audience.py: `Crowd.SPECTATORS`, every spectator; SELF,
the writer of each message). The MJ reads every channel."""

from __future__ import annotations

from typing import Any

from app.engine.audience import ChannelRule, Crowd, Member
from app.engine.interfaces import Chat
from app.engine.model import MJ, SPECTATOR, GameState
from app.engine.options import engine_options
from app.engine.ruleset import get_ruleset
from app.engine.sight import omniscient

SPECTATORS = Crowd.SPECTATORS  # stored as -2 (audience.py), never a seat
SELF = Crowd.WRITER  # in a channel's audience: the writer of each message (a private line to the MJ)


def general_channels(state: GameState) -> dict[str, list[Member] | None]:
    """Channels every ruleset has: a thread between each seat and the MJ, the dead, the spectators."""
    # One thread per player (a second character has none: its player talks through his own), unless there is no
    # MJ to read it (the ruleset says: a host who plays, say).
    channels: dict[str, list[Member] | None] = {} if not get_ruleset(state.ruleset).mj_threads(state) else {
        f"mj:{seat}": [seat] for seat, p in state.players.items() if p.controller is None}
    if state.phase != "lobby" and engine_options(state).dead_chat:
        channels["dead"] = [p.seat for p in state.players.values() if not p.alive]
    channels["spectators"] = [SPECTATORS]
    return channels


def writers(state: GameState, channel: str, audience: list[Member] | None) -> set[int | str]:
    """Who may write in a general channel (game channels say so themselves)."""
    if channel.startswith("mj:"):
        return {int(channel[3:]), MJ}
    if channel == "spectators":
        return {SPECTATOR, MJ}
    return {*(audience or []), MJ}


def channel_rules(state: GameState, ruleset: Chat) -> dict[str, ChannelRule]:
    """channel -> (audience, writers); once per version of the state (every viewer's projection asks)."""
    rules: dict[str, ChannelRule] = state.remember(
        "channels", lambda: _channel_rules(state, ruleset))
    return rules


def _channel_rules(state: GameState, ruleset: Chat) -> dict[str, ChannelRule]:
    rules: dict[str, ChannelRule] = {}
    for name, audience in general_channels(state).items():
        rules[name] = (audience, writers(state, name, audience))
    rules.update(ruleset.chat_channels(state))
    return rules


def channels_of(state: GameState, ruleset: Chat, viewer: int | str) -> list[dict[str, Any]]:
    """The channels a viewer reads or writes now, for its view (the MJ who sees all: all of them, and who would
    hear what they pass on from one, `relay_to`: the pages ask the server, not the cards, who that is)."""
    out: list[dict[str, Any]] = []
    seats = state.seats_of(viewer)  # once, not per channel: a room has a private thread per player
    relays = viewer == MJ and omniscient(state, MJ)  # who hears a relay is a secret (chat.py, `relay`)
    for name, rule in channel_rules(state, ruleset).items():
        reads, writes = relation(state, viewer, name, rule, seats)
        if reads or writes:
            line: dict[str, Any] = {"name": name, "write": writes}
            target = ruleset.relay_to(state, name) if relays else None
            if target is not None:
                line["relay_to"] = target[1]
            out.append(line)
    return out


def relation(state: GameState, viewer: int | str, name: str, rule: ChannelRule,
              seats: list[int] | None = None) -> tuple[bool, bool]:
    """(reads, writes): whether a viewer reads and writes a channel now. A channel it does neither with is one it
    may not know of (a pack's channel that exists only once someone has joined the pack)."""
    audience, allowed = rule
    if viewer == MJ:
        if omniscient(state, MJ):
            return True, MJ in allowed
        # A host who does not see all (one who plays) knows the public channels and the general ones, whose existence
        # says nothing hidden; they receive only public messages.
        reads = audience is None
        return reads, MJ in allowed and (reads or name.startswith("mj:") or name in ("dead", "spectators"))
    if viewer == SPECTATOR:
        return audience is None or SPECTATORS in audience, SPECTATOR in allowed
    # A player with two characters (004) reads and writes wherever either of them may.
    seats = state.seats_of(viewer) if seats is None else seats
    writes = any(s in allowed for s in seats)
    reads = audience is None or any(s in audience for s in seats) or (SELF in audience and writes)
    return reads, writes
