"""The push sender: a room's events become pushes in `publish` (synchronous, under the room's lock, so it only
queues), and a background task sends them, so a slow or dead push service never holds a room's loop up.

The queue is bounded (PUSH_QUEUE): past it a push is dropped and logged, never waited for. Each push is encrypted
(RFC 8291, aes128gcm) and signed (RFC 8292, VAPID) by pywebpush's async API on one aiohttp session whose resolver
refuses private addresses (app/push/endpoints.py). A push service's 404 or 410 means the subscription is gone: it is
deleted. Other failures are logged with the status and the endpoint's host, never the payload."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp
from pywebpush import WebPushException, webpush_async

from app.engine import Event
from app.engine.model import MJ
from app.push import subscriptions as subs
from app.push.endpoints import BadEndpoint, PublicResolver, check_endpoint
from app.push.keys import Keys, load_or_create
from app.push.kinds import CLOCK_EVENTS, Push, pushes_of, vote_step
from app.push.texts import payload
from app.settings import Settings
from app.store.db import Database

if TYPE_CHECKING:
    from app.rooms.service import Room

log = logging.getLogger("veillee.push")
SENDS_AT_ONCE = 8
SEND_TIMEOUT = 20.0
# How long a push service keeps a push for a phone that is off (TTL, seconds), and how urgent it is (RFC 8030):
# a question or a closing vote must wake the phone; the rest can wait for its next wake-up.
TTL = {"started": 6 * 3600, "night": 6 * 3600, "ended": 24 * 3600, "prompt": 6 * 3600, "mj": 12 * 3600}
URGENCY = {"prompt": "high", "vote_closing": "high", "night": "normal", "started": "normal", "ended": "normal",
           "mj": "normal"}


@dataclass(frozen=True)
class Job:
    room_id: str
    code: str
    mj_token_hash: str
    push: Push
    claim: tuple[int, str]  # (seq, kind): what one process alone sends
    seated: frozenset[int]  # the room's seats then: one that left the table gets nothing more


class Pushes:
    def __init__(self, db: Database, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.settings = settings
        self.clock = clock
        self.queue: asyncio.Queue[Job] = asyncio.Queue(settings.push_queue)
        self.keys: Keys | None = None
        self.session: aiohttp.ClientSession | None = None
        self.worker: asyncio.Task[None] | None = None
        self.reminders: dict[str, asyncio.Task[None]] = {}
        self._vapid: Any = None

    async def start(self) -> None:
        self.keys = await load_or_create(self.db)
        self._vapid = self.keys.vapid()
        connector = aiohttp.TCPConnector(resolver=PublicResolver(self.settings.push_allow_local), limit=SENDS_AT_ONCE)
        self.session = aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=SEND_TIMEOUT))
        self.worker = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        for task in [*self.reminders.values(), *([self.worker] if self.worker else [])]:
            task.cancel()
        await asyncio.gather(*self.reminders.values(), *([self.worker] if self.worker else []),
                             return_exceptions=True)
        self.reminders.clear()
        if self.session is not None:
            await self.session.close()

    @property
    def public_key(self) -> str:
        assert self.keys is not None, "Pushes.start() first"
        return self.keys.public_key

    # -- from the room's loop: queue only ---------------------------------------------------------------------
    def publish(self, room: Room, events: list[Event]) -> None:
        if self.worker is None:
            return
        base = len(room.events) - len(events)

        def had_phase() -> bool:
            return any(room.events[i].type == "phase" for i in range(base))

        for push in pushes_of(room.state, events, had_phase):
            self._queue(Job(room.id, room.code, room.mj_token_hash, push, (push.seq, push.kind),
                            frozenset(room.state.players)))
        if any(e.type in CLOCK_EVENTS for e in events):
            self._rearm(room)

    def _queue(self, job: Job) -> None:
        try:
            self.queue.put_nowait(job)
        except asyncio.QueueFull:
            log.warning("push queue full: a %s push of room %s dropped", job.push.kind, job.room_id)

    def _rearm(self, room: Room) -> None:
        """The reminder of the room's vote: dropped whenever its clock changes, then armed again if the step now
        running is a vote long enough (at least twice PUSH_VOTE_REMINDER) for a reminder to matter."""
        old = self.reminders.pop(room.id, None)
        if old is not None:
            old.cancel()
        state, lead = room.state, self.settings.push_vote_reminder
        step = state.step
        if state.phase == "ended" or state.paused_at is not None or step is None or step.deadline is None \
                or not vote_step(step.key) or step.deadline - step.started < 2 * lead:
            return
        delay = step.deadline - lead - self.clock()
        if delay <= 0:
            return
        job = Job(room.id, room.code, room.mj_token_hash, Push("vote_closing", state.seq),
                  (0, f"vote:{int(step.deadline)}"), frozenset(state.players))
        task = asyncio.get_running_loop().create_task(self._remind(delay, job))
        self.reminders[room.id] = task
        task.add_done_callback(lambda t: self.reminders.get(room.id) is t and self.reminders.pop(room.id, None))

    async def resume(self, load: Callable[[str], Awaitable[Room | None]], room_ids: Iterable[str]) -> None:
        """After a restart: arm again the vote reminders the last process held in memory, for the rooms with a
        running deadline (`room_ids`) that someone gets pushes from. A room another process reminds already is
        claimed once (`subs.claim`), so two processes send one push."""
        for room_id in sorted(await subs.rooms_among(self.db, room_ids)):
            try:
                room = await load(room_id)
                if room is not None and room.id not in self.reminders:
                    self._rearm(room)
            except Exception:
                log.exception("the vote reminder of room %s not armed again", room_id)

    async def _remind(self, delay: float, job: Job) -> None:
        await asyncio.sleep(delay)
        self._queue(job)

    # -- the background task -------------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            job = await self.queue.get()
            try:
                await self._deliver(job)
            except Exception:
                log.exception("a %s push of room %s failed", job.push.kind, job.room_id)

    async def _deliver(self, job: Job) -> None:
        targets = [t for t in await subs.targets(self.db, job.room_id, job.mj_token_hash)
                   if t.seat is None or t.seat in job.seated]
        if job.push.seats is not None:
            wanted = job.push.seats
            targets = [t for t in targets if (MJ if t.seat is None else t.seat) in wanted]
        if not targets or not await subs.claim(self.db, job.room_id, *job.claim):
            return
        await asyncio.gather(*(self._send(job, t) for t in targets))

    async def _send(self, job: Job, target: subs.Target) -> None:
        host = urlsplit(target.endpoint).hostname
        try:
            check_endpoint(target.endpoint, self.settings.push_allow_local)
        except BadEndpoint:
            await subs.drop(self.db, target.id)
            return
        lead = self.settings.push_vote_reminder
        data = json.dumps(payload(job.push, target.lang, job.code, lead), ensure_ascii=False)
        kind = job.push.kind
        ttl = int(lead) if kind == "vote_closing" else TTL[kind]
        try:
            await webpush_async({"endpoint": target.endpoint, "keys": {"p256dh": target.p256dh, "auth": target.auth}},
                                data=data, vapid_private_key=self._vapid,
                                vapid_claims={"sub": self.settings.vapid_subject}, ttl=ttl,
                                headers={"Urgency": URGENCY[kind]},
                                aiohttp_session=self.session)
        except WebPushException as exc:
            status = exc.response.status if exc.response is not None and hasattr(exc.response, "status") else None
            if status in (404, 410):
                await subs.drop(self.db, target.id)  # the browser unsubscribed, or the push service forgot it
            else:
                log.warning("push to %s refused (HTTP %s)", host, status)
        except (aiohttp.ClientError, OSError, TimeoutError, ValueError) as exc:
            log.warning("push to %s failed: %s", host, type(exc).__name__)
