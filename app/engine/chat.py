"""Chat: messages are events like the rest, sent only to the members of their channel at the moment they are
written. Membership follows the game (a converted player joins a pack's channel from then on; the dead leave the
living's channels), because the audience is computed when the message is written.

Audiences are lists of seats; SPECTATORS stands for every spectator. The MJ reads every channel.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.core import clean_name, command, need_mj, need_mj_sees_all, override
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, Command, GameState
from app.engine.options import engine_options
from app.engine.ruleset import Ruleset, get_ruleset
from app.engine.text import check_text, visible
from app.engine.views import omniscient

MAX_TEXT = 500
SPECTATORS = -2  # the audience marker for spectators (-1 is the MJ's key in prompt answers)
SELF = -3  # in a channel's audience: the writer of each message (a private line to the MJ)


def general_channels(state: GameState) -> dict[str, list[int] | None]:
    """Channels every ruleset has: a thread between each seat and the MJ, the dead, the spectators."""
    # One thread per player (a second character has none: its player talks through his own), unless there is no
    # MJ to read it (the ruleset says: a host who plays, say).
    channels: dict[str, list[int] | None] = {} if not get_ruleset(state.ruleset).mj_threads(state) else {
        f"mj:{seat}": [seat] for seat, p in state.players.items() if p.controller is None}
    if state.phase != "lobby" and engine_options(state).dead_chat:
        channels["dead"] = [p.seat for p in state.players.values() if not p.alive]
    channels["spectators"] = [SPECTATORS]
    return channels


def writers(state: GameState, channel: str, audience: list[int] | None) -> set[int | str]:
    """Who may write in a general channel (game channels say so themselves)."""
    if channel.startswith("mj:"):
        return {int(channel[3:]), MJ}
    if channel == "spectators":
        return {SPECTATOR, MJ}
    return {*(audience or []), MJ}


def channel_rules(state: GameState, ruleset: Ruleset) -> dict[str, tuple[list[int] | None, set[int | str]]]:
    """channel -> (audience, writers); once per version of the state (every viewer's projection asks)."""
    rules: dict[str, tuple[list[int] | None, set[int | str]]] = state.remember(
        "channels", lambda: _channel_rules(state, ruleset))
    return rules


def _channel_rules(state: GameState, ruleset: Ruleset) -> dict[str, tuple[list[int] | None, set[int | str]]]:
    rules: dict[str, tuple[list[int] | None, set[int | str]]] = {}
    for name, audience in general_channels(state).items():
        rules[name] = (audience, writers(state, name, audience))
    rules.update(ruleset.chat_channels(state))
    return rules


def channels_of(state: GameState, ruleset: Ruleset, viewer: int | str) -> list[dict[str, Any]]:
    """The channels a viewer reads or writes now, for its view (the MJ who sees all: all of them)."""
    out = []
    seats = state.seats_of(viewer)  # once, not per channel: a room has a private thread per player
    for name, rule in channel_rules(state, ruleset).items():
        reads, writes = _relation(state, viewer, name, rule, seats)
        if reads or writes:
            out.append({"name": name, "write": writes})
    return out


def _relation(state: GameState, viewer: int | str, name: str, rule: tuple[list[int] | None, set[int | str]],
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


def chat_text(value: Any, empty: str) -> str:
    """The text of a message: some visible text (not only spaces, zero-width or blank characters), at most
    MAX_TEXT characters, all of them printable. Its invisible characters stay: a joiner draws a family emoji."""
    if not isinstance(value, str) or not value.strip():
        raise Rejected("empty_message", empty)
    text = check_text(value.strip())
    if not visible(text):
        raise Rejected("empty_message", empty)
    if len(text) > MAX_TEXT:
        raise Rejected("message_too_long", f"A message holds at most {MAX_TEXT} characters.", max=MAX_TEXT)
    return text


@command("say")
def _say(ctx: Ctx, cmd: Command) -> None:
    channel = cmd.args.get("channel")
    text = chat_text(cmd.args.get("text"), "A message needs some text.")
    author: dict[str, Any]
    if cmd.by == MJ:
        author = {"mj": True}
    elif cmd.by == SPECTATOR:
        author = {"spectator": clean_name(cmd.args.get("name") or "?")}
    else:
        author = {}
    # Everything above reads only the command. From here on, a channel that does not exist, one the writer may
    # not know of and one it only reads get the same answer: a probe learns nothing (say, whether a pack
    # exists now).
    rule = channel_rules(ctx.s, ctx.ruleset).get(channel) if isinstance(channel, str) else None
    if not isinstance(channel, str) or rule is None or not _relation(ctx.s, cmd.by, channel, rule)[1]:
        raise Rejected("cannot_write", "You cannot write in this channel now.")
    audience, allowed = rule
    # A player with two characters (004) speaks as the one who belongs to the channel.
    speaker = next((s for s in ctx.s.seats_of(cmd.by) if s in allowed), cmd.by)
    if audience is not None and SELF in audience:
        audience = [x for x in audience if x != SELF] + ([speaker] if isinstance(speaker, int) else [])
    if isinstance(speaker, int):
        author = {"seat": speaker}
    data = {"channel": channel, "text": text, **author}
    mid = ctx.message_id([ctx.at, data], ctx.s.messages)
    ctx.emit("said", {"id": mid, **data}, to=audience)
    for seat, copy_channel in ctx.ruleset.chat_copies(ctx.s, channel):
        # Someone hears without seeing who speaks (a spy at a pack's door).
        ctx.emit("said", {"id": mid, "channel": copy_channel, "text": text, "anonymous": True}, to=[seat])


def _message(ctx: Ctx, mid: Any) -> dict[str, Any] | None:
    """A message the MJ may act on: one that exists and that they received (a host who does not see all receives
    only public ones), so that a hidden message answers exactly like a missing one."""
    if not isinstance(mid, int) or isinstance(mid, bool):
        return None
    found = ctx.s.messages.get(mid)
    if found is None or not (found["to"] is None or omniscient(ctx.s, MJ)):
        return None
    return found


@command("hide")
def _hide(ctx: Ctx, cmd: Command) -> None:
    """The MJ hides a message: its text is no longer sent to anyone; the log keeps that it was hidden."""
    need_mj(cmd)
    mid = cmd.args.get("message")
    found = _message(ctx, mid)
    if found is None:
        raise Rejected("no_such_message", "There is no such message.")
    if mid in ctx.s.hidden:
        raise Rejected("already_hidden", "That message is already hidden.")
    ctx.emit("hidden", {"id": mid}, to=found["to"])
    override(ctx, "hide", message=mid)


@command("relay")
def _relay(ctx: Ctx, cmd: Command) -> None:
    """The MJ passes a message on, in their own words, where the ruleset says (`Ruleset.relay_to`: the dead
    speaking to a medium)."""
    need_mj_sees_all(ctx, cmd)  # who hears it is a secret
    mid = cmd.args.get("message")
    source = _message(ctx, mid)
    target = ctx.ruleset.relay_to(ctx.s, source["channel"]) if source is not None else None
    if source is None or target is None or mid in ctx.s.hidden:
        raise Rejected("no_such_message", "There is no such message to pass on.")
    text = chat_text(cmd.args.get("text"), "Give the text to pass on (you may rephrase it).")
    channel, listeners = target
    if not listeners:
        raise Rejected("nobody_listens", "Nobody can hear it now.")
    override(ctx, "relay", message=mid)
    data = {"channel": channel, "text": text, "relayed": mid}
    ctx.emit("said", {"id": ctx.message_id([ctx.at, data], ctx.s.messages), **data}, to=listeners)


__all__ = ["MAX_TEXT", "MJ_ONLY", "SELF", "SPECTATORS"]
