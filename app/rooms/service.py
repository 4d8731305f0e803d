"""The room service: the only writer of a room's event log.

A command runs under the room's lock: decide on the in-memory state, append the events in one transaction that
checks the expected sequence number (the database serialises writers, even across processes), commit, and only
then publish and re-arm the room's timer. A rejected or rolled-back command sends nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets as pysecrets
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import Command, Event, GameState, Rejected, replay
from app.engine.core import apply, new_state
from app.engine.model import MJ, SYSTEM
from app.engine.ruleset import get_ruleset
from app.rooms.secrets import hash_token, new_code, new_token, same_hash
from app.store import repository as repo
from app.store.db import Database

log = logging.getLogger("veillee.rooms")
Viewer = int | str
Extra = Callable[[AsyncSession], Awaitable[None]]
Prepare = Callable[["Room"], Awaitable[dict[str, Any]]]


class Publisher(Protocol):
    def publish(self, room: Room, events: list[Event]) -> None: ...

    async def kick(self, room_id: str, viewer: Viewer) -> None: ...


class Arming(Protocol):
    def arm(self, room_id: str, at: float | None) -> None: ...


@dataclass
class Room:
    id: str
    code: str
    ruleset: str
    mj_token_hash: str
    state: GameState
    events: list[Event]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    cids: set[str] = field(default_factory=set)


def to_row(event: Event) -> dict[str, Any]:
    return {"type": event.type, "at": event.at, "data": {"data": event.data, "to": event.to, "rng": event.rng}}


def from_row(row: Any) -> Event:
    body = row.data
    return Event(type=row.type, at=row.at, data=body.get("data", {}), to=body.get("to"), rng=body.get("rng"))


def scoped_cid(sender: str, cid: str) -> str:
    """A client id as stored: scoped to its sender, hashed to fit the column whatever the sender's name."""
    return f"{sender[:24]}:{hashlib.blake2b(cid.encode('utf-8', 'replace'), digest_size=16).hexdigest()}"


class RoomService:
    def __init__(self, db: Database, snapshot_every: int = 50, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.codes: dict[str, str] = {}
        self.publisher: Publisher | None = None
        self.timers: Arming | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self.process = uuid.uuid4().hex[:12]  # this process's name on the bus

    # -- rooms ---------------------------------------------------------------------------------------------
    async def create_room(self, ruleset: str, options: dict[str, Any] | None = None,
                          composition: list[str] | None = None) -> tuple[Room, str]:
        """A new lobby; returns the room and the MJ's secret token (shown once, stored hashed)."""
        get_ruleset(ruleset)
        at = self.clock()
        state, events = new_state(ruleset, pysecrets.randbits(63), options, at)
        if composition is not None:
            state, more = apply(state, Command(type="configure", by=MJ, at=at, args={"composition": composition}))
            events += more
        token = new_token()
        return await self._insert(ruleset, hash_token(token), state, events, []), token

    async def _insert(self, ruleset: str, mj_token_hash: str, state: GameState, events: list[Event],
                      seats: list[tuple[int, str, str]]) -> Room:
        """Store a new room under a fresh code, with its first events and its seats' (seat, token hash, name)."""
        room_id = uuid.uuid4().hex
        at = self.clock()
        for _ in range(5):
            code = new_code()
            try:
                async with self.db.writing() as s:
                    await repo.create_room(s, room_id=room_id, code=code, ruleset=ruleset,
                                           mj_token_hash=mj_token_hash, at=at)
                    await repo.append_events(s, room_id, 0, [to_row(e) for e in events], None)
                    for seat, token_hash, name in seats:
                        await repo.upsert_seat_token(s, room_id, seat, token_hash, name, at)
                    await s.commit()
                break
            except IntegrityError:  # a code collision, however unlikely: draw another
                continue
        else:  # pragma: no cover
            raise RuntimeError("could not draw a free room code")
        room = Room(room_id, code, ruleset, mj_token_hash, state, events)
        self.rooms[room_id] = room
        self.codes[code] = room_id
        return room

    async def by_code(self, code: str) -> Room | None:
        room_id = self.codes.get(code)
        if room_id is None:
            async with self.db.session() as s:
                row = await repo.get_room_by_code(s, code)
            if row is None:
                return None
            room_id = row.id
        return await self.get(room_id)

    async def get(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        async with lock:
            if room_id in self.rooms:
                return self.rooms[room_id]
            room = await self._load(room_id)
            if room is not None:
                self.rooms[room_id] = room
                self.codes[room.code] = room_id
            return room

    async def _load(self, room_id: str) -> Room | None:
        """State from the latest snapshot plus the events after it; the full log is kept for the streams."""
        async with self.db.session() as s:
            row = await repo.get_room(s, room_id)
            if row is None:
                return None
            rows = await repo.load_events(s, room_id)
            snap = await repo.latest_snapshot(s, room_id)
        events = [from_row(r) for r in rows]
        get_ruleset(row.ruleset)  # its package registers any event handler of its own before the replay
        if snap is not None and snap.seq <= len(events):
            state = GameState.model_validate(snap.state)
            state = replay(events[snap.seq:], state)
        else:
            state = replay(events)
        cids = {r.cid for r in rows if r.cid}
        return Room(row.id, row.code, row.ruleset, row.mj_token_hash, state, events, cids=cids)

    async def forget(self, room_id: str) -> None:
        """Drop the in-memory copy (tests use it to prove a room reloads from the database)."""
        room = self.rooms.pop(room_id, None)
        if room is not None:
            self.codes.pop(room.code, None)

    # -- who is speaking ---------------------------------------------------------------------------------------
    async def authenticate(self, room: Room, token: str | None) -> Viewer:
        """The MJ's token, a seat's token, or nothing (a spectator). A wrong token is refused, not downgraded."""
        if not token:
            return "spectator"
        digest = hash_token(token)
        if same_hash(digest, room.mj_token_hash):
            return MJ
        async with self.db.session() as s:
            seat = await repo.seat_by_token_hash(s, room.id, digest)
        if seat is None:
            raise Rejected("bad_token", "This link is not valid for this room (a substitute may have your seat).")
        return seat.seat

    # -- commands -----------------------------------------------------------------------------------------------
    async def submit(self, room: Room, by: Viewer, type_: str, args: dict[str, Any] | None = None,
                     cid: str | None = None, extra: Extra | None = None, prepare: Prepare | None = None,
                     sender: str | None = None) -> list[Event]:
        """Apply a command once: a client id already applied *for the same sender* is acknowledged without being
        applied again (client ids are scoped per sender, so one seat cannot swallow another's command by reusing
        its id). `sender` names the sender when `by` does not single it out (a spectator's connection).
        `prepare` computes the arguments under the room's lock (a join picks its seat there)."""
        if by == "spectator" and type_ != "say":
            raise Rejected("spectator", "Spectators watch (and chat among themselves); they do not act.")
        key = scoped_cid(sender if sender is not None else str(by), cid) if cid else None
        pulled: list[Event] = []
        appended: list[Event] = []
        async with room.lock:
            try:
                for _attempt in range(3):
                    if key is not None and key in room.cids:
                        break
                    if prepare is not None:
                        args = await prepare(room)
                    cmd = Command(type=type_, by=by, at=self.clock(), args=args or {})
                    state, events = self._decide(room, cmd)
                    if not events and extra is None:
                        break
                    try:
                        await self._append(room, state, events, key, extra)
                    except repo.SeqConflict:
                        # Another process wrote first: take its events and decide again on the fresh state, so
                        # that simultaneous commands are serialised, never refused as stale.
                        pulled += await self._pull(room)
                        continue
                    except (SQLAlchemyError, OSError) as exc:
                        # Nothing was stored and the room's copy is untouched: the sender may simply retry.
                        log.warning("room %s: command %s not stored: %s", room.id, type_, exc)
                        raise Rejected("busy", "The server is busy; nothing was changed, please try again.") from None
                    room.state = state
                    room.events.extend(events)
                    appended = events
                    if key is not None:
                        room.cids.add(key)
                    break
                else:
                    raise Rejected("stale", "The game is very busy; please try again.")
            finally:
                # Under the lock, right after the commit: every viewer's frames are queued in commit order.
                if self.publisher is not None and (pulled or appended):
                    self.publisher.publish(room, pulled + appended)
        if self.timers is not None:
            self.timers.arm(room.id, None if room.state.phase == "ended" else room.state.wake_at)
        return appended

    @staticmethod
    def _decide(room: Room, cmd: Command) -> tuple[GameState, list[Event]]:
        """The engine's decision; a bug in a rule refuses the command (nothing is stored) instead of failing the
        socket or the request that carried it."""
        try:
            return apply(room.state, cmd)
        except Rejected:
            raise
        except Exception:
            log.exception("room %s: command %s failed in the engine", room.id, cmd.type)
            raise Rejected("command_failed", "This command could not be carried out; nothing was changed.") from None

    async def _append(self, room: Room, state: GameState, events: list[Event], cid: str | None,
                      extra: Extra | None) -> None:
        expected = room.state.seq
        async with self.db.writing() as s:
            try:
                await repo.append_events(s, room.id, expected, [to_row(e) for e in events], cid)
            except repo.SeqConflict:
                await s.rollback()
                raise
            if extra is not None:
                await extra(s)
            await repo.set_deadline(s, room.id, state.wake_at)
            if state.phase == "ended":
                await repo.set_finished(s, room.id)
            await repo.notify_room(s, "veillee_rooms", f"{self.process}:{room.id}:{state.seq}")
            if state.seq // self.snapshot_every > expected // self.snapshot_every:
                await repo.save_snapshot(s, room.id, state.seq, state.model_dump(mode="json"))
            await s.commit()

    async def join(self, room: Room, name: str) -> tuple[int, str]:
        """Take the next free seat; returns it with the seat's secret token. The seat is picked under the room's
        lock (and again if another process wrote first), so simultaneous joins all get a seat."""
        token = new_token()
        picked: list[int] = []

        async def pick(room: Room) -> dict[str, Any]:
            # Never a seat that ever had a token (a player who left keeps his row, and a rematch copies a group's):
            # an old link must not open a newcomer's seat.
            async with self.db.session() as s:
                rows = await repo.seats(s, room.id)
            seat = max([-1, *room.state.players, *(x.seat for x in rows)]) + 1
            picked[:] = [seat]
            return {"seat": seat, "name": name}

        async def save_token(s: AsyncSession) -> None:
            await repo.upsert_seat_token(s, room.id, picked[0], hash_token(token), name[:40], self.clock())

        await self.submit(room, SYSTEM, "join", extra=save_token, prepare=pick)
        return picked[0], token

    async def substitute(self, room: Room, seat: int, name: str | None) -> str:
        """A substitute takes the seat: a new token replaces the old one, which stops working at once."""
        if seat not in room.state.players:
            raise Rejected("no_such_seat", f"There is no seat {seat}.", seat=seat)
        if room.state.players[seat].controller is not None:
            # A second character (004) has no token: its player's first seat speaks for it.
            raise Rejected("second_character", "This seat is a player's second character: substitute the player.",
                           seat=room.state.players[seat].controller)
        token = new_token()
        final_name = name or room.state.players[seat].name

        async def save_token(s: AsyncSession) -> None:
            await repo.upsert_seat_token(s, room.id, seat, hash_token(token), final_name[:40], self.clock())

        await self.submit(room, SYSTEM, "substitute", {"seat": seat, "name": final_name}, extra=save_token)
        if self.publisher is not None:
            await self.publisher.kick(room.id, seat)
        return token

    async def rematch(self, room: Room) -> Room:
        """A new room for the same group: same seats, names and secret links (the token hashes are copied), same
        MJ, same options and composition. The old room tells everyone where to go."""
        if room.state.phase != "ended":
            raise Rejected("wrong_phase", "A rematch starts once the game is over.")
        options = {k: v for k, v in room.state.options.items() if k != "preassigned"}
        at = self.clock()
        state, events = new_state(room.ruleset, pysecrets.randbits(63), options, at)
        for p in room.state.by_position():
            if p.controller is not None:
                continue  # a second character (004) is seated again at the start
            join = Command(type="join", by=SYSTEM, at=at, args={"seat": p.seat, "name": p.name})
            state, more = apply(state, join)
            events += more
        configure = Command(type="configure", by=MJ, at=at, args={"composition": room.state.composition})
        state, more = apply(state, configure)
        events += more
        async with self.db.session() as s:
            seats = [(x.seat, x.token_hash, x.name) for x in await repo.seats(s, room.id)]
        new_room = await self._insert(room.ruleset, room.mj_token_hash, state, events, seats)
        await self.submit(room, SYSTEM, "rematch", {"code": new_room.code})
        return new_room

    async def catch_up(self, room_id: str, seq: int) -> None:
        """Another process committed events up to `seq`: read them, fold them, push them to our sockets."""
        room = self.rooms.get(room_id)
        if room is None:
            return
        async with room.lock:
            if room.state.seq >= seq:
                return
            events = await self._pull(room)
            if self.publisher is not None and events:
                self.publisher.publish(room, events)
        if self.timers is not None:
            self.timers.arm(room.id, None if room.state.phase == "ended" else room.state.wake_at)

    async def _pull(self, room: Room) -> list[Event]:
        """Fold the events other processes appended since our copy (the caller holds the room's lock)."""
        async with self.db.session() as s:
            rows = await repo.load_events(s, room.id, after_seq=room.state.seq)
        events = [from_row(r) for r in rows]
        room.state = replay(events, room.state.clone())
        room.events.extend(events)
        room.cids.update(r.cid for r in rows if r.cid)
        return events

    async def tick(self, room_id: str) -> None:
        room = await self.get(room_id)
        if room is None:
            return
        try:
            await self.submit(room, SYSTEM, "tick")
        except Rejected as exc:
            if exc.rejection.code in ("busy", "stale"):
                raise RuntimeError(f"tick of room {room_id} not stored ({exc.rejection.code})") from None
            log.warning("tick refused in room %s: %s", room_id, exc.rejection.code)

    async def pending_deadlines(self) -> list[tuple[str, float]]:
        async with self.db.session() as s:
            return await repo.rooms_with_deadline(s)
