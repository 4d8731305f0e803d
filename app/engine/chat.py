"""Chat: messages are events like the rest, sent only to the members of their channel at the moment they are
written (who reads and writes which channel: channels.py)."""

from __future__ import annotations

from typing import Any

from app.engine.audience import upgrade
from app.engine.channels import SELF, SPECTATORS, channel_rules, relation
from app.engine.context import MJ_ONLY, Ctx
from app.engine.core import clean_name, command, need_mj, need_mj_sees_all, override
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, Command
from app.engine.sight import omniscient
from app.engine.text import check_text, visible

MAX_TEXT = 500


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
    if not isinstance(channel, str) or rule is None or not relation(ctx.s, cmd.by, channel, rule)[1]:
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
    ctx.emit("hidden", {"id": mid}, to=None if found["to"] is None else upgrade(found["to"]))  # a snapshot's -2
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
