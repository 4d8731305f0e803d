"""The room service has one publisher: the hub, and beside it the pushes. A push is only queued here, and a failure
to queue one never keeps the hub from its frames."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from app.engine import Event
from app.push.sender import Pushes
from app.realtime.hub import Hub

if TYPE_CHECKING:
    from app.rooms.service import Room, Viewer

log = logging.getLogger("veillee.push")


class HubAndPushes:
    def __init__(self, hub: Hub, pushes: Pushes) -> None:
        self.hub = hub
        self.pushes = pushes

    def publish(self, room: Room, events: list[Event]) -> None:
        self.hub.publish(room, events)
        try:
            self.pushes.publish(room, events)
        except Exception:
            log.exception("pushes of room %s not queued", room.id)

    async def kick(self, room_id: str, viewer: Viewer, reason: str = "substituted") -> None:
        await self.hub.kick(room_id, viewer, reason)
