"""A seat moving to another device: its owner opened their personal link elsewhere (docs/protocol.md, "Personal
links"). The server gives the seat a new token; this event tells the seat (and the MJ) and closes the old
device's sockets on every process, as a substitution does."""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.core import command, need_seat, need_system
from app.engine.model import Command


@command("handover", system=True)
def _handover(ctx: Ctx, cmd: Command) -> None:
    need_system(cmd)
    seat = need_seat(ctx, cmd.args.get("seat"))
    ctx.announce("handed_over", to=[seat], seat=seat)
