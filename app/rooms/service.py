"""The room service: the only writer of a room's event log.

A command runs under the room's lock and goes to the process's writer (app/store/writer.py), which commits the
commands of many rooms together. Inside that transaction, the room's row locked, the events other processes
appended since this copy are folded into the room's working state, then the command is decided on it, in place
(app/rooms/inplace.py), and its events appended: a command is never decided on a stale copy, so it is never
refused as stale nor lost. Once the transaction is over, the others' events and then the command's own join the
room's committed state and log and are published, and the timer is re-armed, still under the room's lock. A
refused or failed command publishes nothing of its own and leaves the committed state as it was; the working
state is cloned again from it (the only copy of a whole state, on that rare path).

Between commands, the bus (app/realtime/bus.py) brings what other processes commit: `heard` reads it, folds it and
publishes it under each room's lock, or leaves it to the command that holds the lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets as pysecrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from app.engine import Command, Event, GameState, Rejected, replay
from app.engine.core import apply, new_state
from app.engine.model import MJ, SYSTEM
from app.engine.ruleset import get_ruleset
from app.rooms.inplace import decide_in_place, detached, fold
from app.rooms.secrets import hash_token, new_code, new_token, same_hash
from app.store import repository as repo
from app.store.db import Database
from app.store.writer import Job, Reader, WriteFailed, Writer

log = logging.getLogger("veillee.rooms")
Viewer = int | str
SeatRow = tuple[int, str, str, float]  # seat, token hash, name, at
Extra = Callable[[dict[str, Any]], list[SeatRow]]  # the seat tokens a command writes with its events, from its args
Prepare = Callable[["Room"], dict[str, Any]]
BUS_CHANNEL = "veillee_rooms"
WRITER_LANES = 4  # PostgreSQL: transactions in flight at once, each for its own share of the rooms
BUSY = "The server is busy; nothing was changed, please try again."
FAILED = "This command could not be carried out; nothing was changed."


class Publisher(Protocol):
    def publish(self, room: Room, events: list[Event]) -> None: ...

    async def kick(self, room_id: str, viewer: Viewer, reason: str = "substituted") -> None: ...


class Arming(Protocol):
    def arm(self, room_id: str, at: float | None) -> None: ...


@dataclass(eq=False)
class Room:
    id: str
    code: str
    ruleset: str
    mj_token_hash: str
    state: GameState  # the committed state: what readers see; always the fold of `events`
    events: list[Event]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    cids: set[str] = field(default_factory=set)
    last_seat: int = -1  # the highest seat that ever had a token: never given again
    heard: int = 0  # the last seq the bus announced: above `state.seq`, this copy has events to catch up
    # Seat token hashes already checked against the database, and their seat: a socket's hello needs no query.
    # A seat that changes hands (substitute, hand-over) is forgotten when its event is committed or caught up.
    tokens: dict[str, int] = field(default_factory=dict)
    # The state commands are decided on, in place, under the lock. Equal to `state` between commands; shares no
    # object with it or with the log.
    work: GameState = field(init=False)
    # The last refusal changed nothing in `work` (no event, no draw): it need not be cloned again (_restore).
    intact: bool = False

    def __post_init__(self) -> None:
        self.work = self.state.clone()


def sender_of(by: Viewer) -> str:
    """Who sent a command, for the log: a seat number, mj, system or spectator (never a token)."""
    return f"seat {by}" if isinstance(by, int) else str(by)


def to_row(event: Event) -> dict[str, Any]:
    return {"type": event.type, "at": event.at, "data": {"data": event.data, "to": event.to, "rng": event.rng}}


def from_row(row: Any) -> Event:
    body = row.data
    return Event(type=row.type, at=row.at, data=body.get("data", {}), to=body.get("to"), rng=body.get("rng"))


def scoped_cid(sender: str, cid: str) -> str:
    """A client id as stored: scoped to its sender, hashed to fit the column whatever the sender's name."""
    return f"{sender[:24]}:{hashlib.blake2b(cid.encode('utf-8', 'replace'), digest_size=16).hexdigest()}"


def note_seats(room: Room, events: list[Event]) -> None:
    for e in events:
        if e.type == "joined":
            room.last_seat = max(room.last_seat, e.data["seat"])


Kick = tuple[int, str]  # a seat whose sockets must close, and why: "substituted", "handed_over" or "left"


def substituted(events: list[Event]) -> list[Kick]:
    """Seats a substitute took in these events, that their owner took on another device (a hand-over), or that left
    the table (`leave`: by themself or taken off it by the host): their sockets must close, on every process. A
    seat that left keeps its number and its token's row (never given to a newcomer); its page is told why."""
    kicks: list[Kick] = []
    for e in events:
        if e.type == "announce" and e.data.get("key") in ("substituted", "handed_over") \
                and "seat" in e.data.get("params", {}):
            kicks.append((e.data["params"]["seat"], e.data["key"]))
        elif e.type == "left":
            kicks.append((e.data["seat"], "left"))
    return kicks


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
        postgres = db.kind == "postgresql"
        self.writer = Writer(db, self.process, BUS_CHANNEL if postgres else None, WRITER_LANES if postgres else 1)
        self.reader = Reader(db)
        self._background: set[asyncio.Task[Any]] = set()

    async def close(self) -> None:
        await self.writer.close()
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)

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
                      seats: list[SeatRow]) -> Room:
        """Store a new room under a fresh code, with its first events and its seats."""
        room_id = uuid.uuid4().hex
        at = self.clock()
        for _ in range(5):
            code = new_code()
            try:
                async with self.db.writing() as s:
                    await repo.create_room(s, room_id=room_id, code=code, ruleset=ruleset,
                                           mj_token_hash=mj_token_hash, at=at)
                    await repo.append_events(s, [repo.Append(room_id, 0, [to_row(e) for e in events],
                                                             deadline=state.wake_at, seats=seats)])
                    await s.commit()
                break
            except IntegrityError:  # a code collision, however unlikely: draw another
                continue
        else:  # pragma: no cover
            raise RuntimeError("could not draw a free room code")
        room = Room(room_id, code, ruleset, mj_token_hash, state, events,
                    last_seat=max([-1, *(seat for seat, *_ in seats)]))
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
                if self.db.kind == "postgresql":
                    # What another process committed while we read (its bus message found no room here yet).
                    self._spawn(self.catch_up(room_id))
            return room

    async def _load(self, room_id: str) -> Room | None:
        """State from the latest snapshot plus the events after it; the full log is kept for the streams."""
        async with self.db.session() as s:
            row = await repo.get_room(s, room_id)
            if row is None:
                return None
            rows = await repo.load_events(s, room_id)
            snap = await repo.latest_snapshot(s, room_id)
            last_seat = await repo.last_seat(s, room_id)
        events = [from_row(r) for r in rows]
        get_ruleset(row.ruleset)  # its package registers any event handler of its own before the replay
        if snap is not None and snap.seq <= len(events):
            state = GameState.model_validate(snap.state)
            state = replay(events[snap.seq:], state)
        else:
            state = replay(events)
        cids = {r.cid for r in rows if r.cid}
        last_seat = max([last_seat, *(e.data["seat"] for e in events if e.type == "joined")])
        return Room(row.id, row.code, row.ruleset, row.mj_token_hash, state, events, cids=cids, last_seat=last_seat)

    async def forget(self, room_id: str) -> None:
        """Drop the in-memory copy (tests use it to prove a room reloads from the database)."""
        room = self.rooms.pop(room_id, None)
        if room is not None:
            self.codes.pop(room.code, None)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._background.discard)

    # -- who is speaking ---------------------------------------------------------------------------------------
    async def authenticate(self, room: Room, token: str | None) -> Viewer:
        """The MJ's token, a seat's token, or nothing (a spectator). A wrong token is refused, not downgraded."""
        if not token:
            return "spectator"
        digest = hash_token(token)
        if same_hash(digest, room.mj_token_hash):
            return MJ
        known = room.tokens.get(digest)
        if known is not None:
            return known
        seq = room.state.seq
        async with self.db.session() as s:
            seat = await repo.seat_by_token_hash(s, room.id, digest)
        if seat is None:
            raise Rejected("bad_token", "This link is not valid for this room (a substitute may have your seat).")
        # Remembered only if nothing was committed during the read (a substitute could have taken the seat).
        if seq == room.state.seq and not any(s == seat.seat for s in room.tokens.values()):
            room.tokens[digest] = seat.seat
        return seat.seat

    # -- commands -----------------------------------------------------------------------------------------------
    async def submit(self, room: Room, by: Viewer, type_: str, args: dict[str, Any] | None = None,
                     cid: str | None = None, extra: Extra | None = None, prepare: Prepare | None = None,
                     sender: str | None = None) -> list[Event]:
        """Apply a command once: a client id already applied *for the same sender* is acknowledged without being
        applied again (client ids are scoped per sender, so one seat cannot swallow another's command by reusing
        its id). `sender` names the sender when `by` does not single it out (a spectator's connection).
        `prepare` computes the arguments under the room's lock, on the room's latest state (a join picks its seat
        there); `extra` gives the seat tokens to write with the command's events."""
        if by == "spectator" and type_ != "say":
            raise Rejected("spectator", "Spectators watch (and chat among themselves); they do not act.")
        key = scoped_cid(sender if sender is not None else str(by), cid) if cid else None
        # Once queued, a command runs to its end even if its sender goes away: its outcome must reach the room's
        # state, its log and every other socket.
        task = asyncio.get_running_loop().create_task(self._command(room, by, type_, args, key, extra, prepare))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await asyncio.shield(task)

    async def _command(self, room: Room, by: Viewer, type_: str, args: dict[str, Any] | None, key: str | None,
                       extra: Extra | None, prepare: Prepare | None) -> list[Event]:
        pulled: list[Event] = []  # committed by other processes, read by the transaction: in `work` only, so far
        decided: list[Event] = []

        def decide(rows: list[repo.EventRow]) -> repo.Append | None:
            # In the writer's transaction, the room's row locked: nothing can be appended before this decision.
            # Only the working state changes here; the committed one, and the sockets, once the transaction is over.
            decided.clear()
            room.intact = False
            if rows:
                events = [from_row(r) for r in rows]
                fold(room.work, [detached(e) for e in events])
                pulled.extend(events)
                room.cids.update(r.cid for r in rows if r.cid)
                note_seats(room, events)
            if key is not None and key in room.cids:
                return None
            final = prepare(room) if prepare is not None else (args or {})
            events = self._decide(room, Command(type=type_, by=by, at=self.clock(), args=final))
            if not events:
                return None
            decided.extend(detached(e) for e in events)
            expected, work = room.state.seq + len(pulled), room.work
            snapshot = None
            if (expected + len(events)) // self.snapshot_every > expected // self.snapshot_every:
                snapshot = work.model_dump(mode="json")
            return repo.Append(room.id, expected, [to_row(e) for e in decided], key, work.wake_at,
                               work.phase == "ended", extra(final) if extra is not None else [], snapshot)

        def undo() -> list[Kick]:
            # What others committed stays; this command's decision goes.
            kicks = self._committed(room, pulled)
            pulled.clear()
            self._restore(room)
            return kicks

        kicks: list[Kick] = []
        try:
            async with room.lock:
                try:
                    alone = False
                    while True:
                        try:
                            append = await self.writer.write(Job(room.id, room.state.seq, decide, alone))
                            break
                        except WriteFailed as exc:
                            kicks += undo()
                            if exc.alone:
                                # Nothing of it was stored and the room is as it was: the sender may simply retry.
                                log.warning("room %s: command %s not stored: %s", room.id, type_, exc.cause)
                                raise Rejected("busy", BUSY) from None
                            alone = True  # a neighbour's failure, perhaps: again, in a transaction of its own
                        except Rejected:
                            kicks += undo()
                            raise
                        except Exception:  # a bug (or the database behind this copy): refused, nothing changed
                            kicks += undo()
                            log.exception("room %s (%s): command %s by %s failed", room.id, room.code, type_,
                                          sender_of(by))
                            raise Rejected("command_failed", FAILED) from None
                    mine = decided if append is not None else []
                    if key is not None and mine:
                        room.cids.add(key)
                    # Under the lock, right after the commit: every viewer's frames are queued in commit order.
                    kicks += self._committed(room, pulled + mine)
                    return mine
                finally:
                    await self._kick(room, kicks)
                    self._arm(room)
        finally:
            self._released(room)

    def _decide(self, room: Room, cmd: Command) -> list[Event]:
        """The engine's decision, in place on the working state; a bug in a rule refuses the command (nothing is
        stored) instead of failing the socket or the request that carried it. The caller restores the working
        state."""
        # The state changes only through events (each one counts in `seq`) and the generator's draws: a refusal
        # that moved neither left `work` as it was, and most refusals come before the first event.
        before = room.work.seq, room.work.rng
        try:
            return decide_in_place(room.work, cmd)
        except Rejected:
            room.intact = (room.work.seq, room.work.rng) == before
            raise
        except Exception:
            # The room, the command and who sent it (never its arguments: an answer may be a seat's secret); the
            # sender reads FAILED, the room goes on from its committed state.
            log.exception("room %s (%s): command %s by %s failed in the engine", room.id, room.code, cmd.type,
                          sender_of(cmd.by))
            raise Rejected("command_failed", FAILED) from None

    @staticmethod
    def _restore(room: Room) -> None:
        """The working state, exactly as the committed one: a clone, unless the refusal left it untouched."""
        if room.intact:
            room.intact = False
            return
        room.work = room.state.clone()

    def _committed(self, room: Room, events: list[Event]) -> list[Kick]:
        """Committed events join the room's committed state and log, and are published, in one synchronous step:
        a socket attached at any moment gets each event exactly once. Returns the seats a substitute took."""
        if not events:
            return []
        fold(room.state, events)
        room.events.extend(events)
        note_seats(room, events)
        if self.publisher is not None:
            self.publisher.publish(room, events)
        kicks = substituted(events)
        if kicks:
            gone = {seat for seat, _reason in kicks}
            room.tokens = {h: seat for h, seat in room.tokens.items() if seat not in gone}
        return kicks

    def _absorb(self, room: Room, rows: list[repo.EventRow]) -> list[Kick]:
        """Events other processes committed, read outside any command (the caller holds the room's lock)."""
        events = [from_row(r) for r in rows]
        fold(room.work, [detached(e) for e in events])
        room.cids.update(r.cid for r in rows if r.cid)
        return self._committed(room, events)

    async def _kick(self, room: Room, seats: list[Kick]) -> None:
        if self.publisher is not None:
            for seat, reason in seats:
                await self.publisher.kick(room.id, seat, reason)

    def _arm(self, room: Room) -> None:
        if self.timers is not None:
            self.timers.arm(room.id, None if room.state.phase == "ended" else room.state.wake_at)

    async def join(self, room: Room, name: str) -> tuple[int, str]:
        """Take the next free seat; returns it with the seat's secret token. The seat is picked inside the
        transaction, on the room's latest state, so simultaneous joins (on any process) all get a seat."""
        token = new_token()
        picked: list[int] = []

        def pick(room: Room) -> dict[str, Any]:
            # Never a seat that ever had a token (a player who left keeps his row, and a rematch copies a group's):
            # an old link must not open a newcomer's seat.
            seat = max([room.last_seat, *room.work.players]) + 1
            picked[:] = [seat]
            return {"seat": seat, "name": name}

        def seat_token(args: dict[str, Any]) -> list[SeatRow]:
            return [(args["seat"], hash_token(token), name[:40], self.clock())]

        events = await self.submit(room, SYSTEM, "join", extra=seat_token, prepare=pick)
        if events and room.events and room.events[-1] is events[-1]:  # nothing committed since: the seat is his
            room.tokens[hash_token(token)] = picked[0]  # his socket's hello, a moment later, needs no query
        return picked[0], token

    async def substitute(self, room: Room, seat: int, name: str | None) -> str:
        """A substitute takes the seat: a new token replaces the old one, which stops working at once, and the
        seat's sockets close on every process (each one kicks them when it folds the substitution)."""
        if seat not in room.state.players:
            raise Rejected("no_such_seat", f"There is no seat {seat}.", seat=seat)
        if room.state.players[seat].controller is not None:
            # A second character (004) has no token: its player's first seat speaks for it.
            raise Rejected("second_character", "This seat is a player's second character: substitute the player.",
                           seat=room.state.players[seat].controller)
        token = new_token()
        final_name = name or room.state.players[seat].name

        def seat_token(_args: dict[str, Any]) -> list[SeatRow]:
            return [(seat, hash_token(token), final_name[:40], self.clock())]

        await self.submit(room, SYSTEM, "substitute", {"seat": seat, "name": final_name}, extra=seat_token)
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
            seats = [(x.seat, x.token_hash, x.name, at) for x in await repo.seats(s, room.id)]
        new_room = await self._insert(room.ruleset, room.mj_token_hash, state, events, seats)
        await self.submit(room, SYSTEM, "rematch", {"code": new_room.code})
        return new_room

    async def heard(self, announced: list[tuple[str, int]]) -> None:
        """The bus: another process committed events to these rooms, up to these seqs. A room busy with a command
        is left to it: the command's transaction reads them first, and whoever releases the room's lock looks
        again (`_released`), so a bus message never queues in front of a command."""
        behind = []
        for room_id, seq in announced:
            room = self.rooms.get(room_id)
            if room is None:
                continue
            room.heard = max(room.heard, seq)
            if room.state.seq < room.heard and not room.lock.locked():
                behind.append(room)
        await self._catch_up(behind)

    async def catch_up(self, room_id: str) -> None:
        """Whatever another process committed to the room that this copy lacks."""
        room = self.rooms.get(room_id)
        if room is not None:
            await self._catch_up([room])

    async def catch_up_all(self) -> None:
        """Every room held here, after the bus was deaf for a while (it reconnected)."""
        await self._catch_up(list(self.rooms.values()))

    async def _catch_up(self, rooms: list[Room], pause: float = 0.0) -> None:
        """Read the rooms' new events (one query), fold them and push them to our sockets, under each room's lock,
        so that each socket gets each event once, in log order. Locks are taken in id order: two catch-ups never
        wait for each other in a circle (a command holds one lock only). A failed read is tried again later,
        with a growing pause."""
        held: list[Room] = []
        failed = False
        try:
            for room in sorted(rooms, key=lambda r: r.id):
                await room.lock.acquire()
                held.append(room)
            try:
                rows = await self.reader.after({room.id: room.state.seq for room in held}) if held else {}
            except (SQLAlchemyError, OSError) as exc:
                log.warning("could not catch up %d rooms: %s", len(held), exc)
                failed, rows = True, {}
            for room in held:
                if rows.get(room.id):
                    await self._kick(room, self._absorb(room, rows[room.id]))
        finally:
            for room in held:
                room.lock.release()
                self._arm(room)
                if not failed:
                    self._released(room)
        if failed:
            pause = min(30.0, max(0.5, pause * 2))
            await asyncio.sleep(pause)
            await self._catch_up(held, pause)

    def _released(self, room: Room) -> None:
        """After the room's lock: what the bus announced meanwhile and nobody read yet is read now."""
        if room.heard > room.state.seq and not room.lock.locked():
            self._spawn(self._catch_up([room]))

    async def tick(self, room_id: str) -> None:
        room = await self.get(room_id)
        if room is None:
            return
        try:
            await self.submit(room, SYSTEM, "tick")
        except Rejected as exc:
            if exc.rejection.code in ("busy", "command_failed"):
                # The deadline is still due: the timer tries again, after a growing pause (app/realtime/timers.py).
                raise RuntimeError(f"tick of room {room_id} not carried out ({exc.rejection.code})") from None
            log.warning("tick refused in room %s: %s", room_id, exc.rejection.code)

    async def pending_deadlines(self) -> list[tuple[str, float]]:
        async with self.db.session() as s:
            return await repo.rooms_with_deadline(s)
