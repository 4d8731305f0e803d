"""The process's writer: the commands of many rooms committed together (group commit).

A command hands the writer a `Job` and waits. While a transaction is in flight, the jobs that arrive queue up;
the next transaction takes all of them (up to `MAX_BATCH`): it locks their rooms' rows, reads the events other
processes appended since each job's copy, asks each job to decide (`Job.decide`, synchronous, inside the
transaction: it folds those events first, so a decision is never made on a stale copy), writes every decision
with one statement per table, sends the bus's NOTIFYs, and commits. Each job then learns its own fate: its
decision committed, its own rejection, or `WriteFailed` when the transaction did not go in.

A database can only fsync so often; one transaction for many commands is what makes a thousand rooms cheap
(`python -m bench.loadtest`). Jobs of one room never share a transaction: each holds its room's lock. On
PostgreSQL the rooms are shared among a few lanes, each with its own transaction in flight (`Writer`).

`Reader` does the same for reads: the catch-ups of many rooms in one query.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.store import repository as repo
from app.store.db import Database

log = logging.getLogger("veillee.writer")
MAX_BATCH = 500
Outcome = repo.Append | BaseException | None
NOTIFY_BYTES = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more


class WriteFailed(Exception):
    """The transaction that carried the job did not commit; nothing of it was written. `alone`: the job was the
    only one in it, so the failure was its own (or the database's), not a neighbour's."""

    def __init__(self, cause: BaseException, alone: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.alone = alone


@dataclass(eq=False)
class Job:
    room_id: str
    seq: int  # the last event of the room the caller's copy holds
    # Called inside the transaction with the room's rows committed after `seq` (by other processes); returns what
    # to append, or None to write nothing. An exception it raises is the job's outcome and spares the others.
    decide: Callable[[list[repo.EventRow]], repo.Append | None]
    alone: bool = False  # in a transaction of its own (after a failed batch, to learn whose failure it was)
    done: asyncio.Future[repo.Append | None] = field(init=False)

    def __post_init__(self) -> None:
        self.done = asyncio.get_running_loop().create_future()


def notify_payloads(process: str, appends: list[repo.Append]) -> list[str]:
    """`<process>` then `;<room>:<seq>` per room, cut to fit PostgreSQL's payload limit."""
    out: list[str] = []
    current = process
    for a in appends:
        part = f";{a.room_id}:{a.seq}"
        if len(current) + len(part) > NOTIFY_BYTES:
            out.append(current)
            current = process
        current += part
    if current != process:
        out.append(current)
    return out


class Writer:
    """`lanes` writers, each for its own share of the rooms (by a hash of the room's id, the same in every
    process): their transactions never lock the same rows, so they run side by side (PostgreSQL), and two
    processes serving the same rooms wait for each other one lane at a time, not for each other's whole batch.
    SQLite writes one transaction at a time anyway: one lane."""

    def __init__(self, db: Database, process: str, channel: str | None = None, lanes: int = 1) -> None:
        self.lanes = [Lane(db, process, channel) for _ in range(max(1, lanes))]

    @property
    def transactions(self) -> int:
        return sum(lane.transactions for lane in self.lanes)

    @property
    def jobs(self) -> int:
        return sum(lane.jobs for lane in self.lanes)

    async def write(self, job: Job) -> repo.Append | None:
        """Queue the job on its room's lane and wait for its fate."""
        lane = self.lanes[zlib.crc32(job.room_id.encode()) % len(self.lanes)] if len(self.lanes) > 1 else self.lanes[0]
        return await lane.write(job)

    async def close(self) -> None:
        for lane in self.lanes:
            await lane.close()


class Lane:
    def __init__(self, db: Database, process: str, channel: str | None = None) -> None:
        self.db = db
        self.process = process
        self.channel = channel  # the bus's NOTIFY channel (PostgreSQL)
        self.queue: list[Job] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0  # for the curious (and the tests): how many transactions carried how many jobs
        self.jobs = 0

    async def write(self, job: Job) -> repo.Append | None:
        """Queue the job and wait for its fate."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self.queue.append(job)
        self._wake.set()
        return await job.done

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._fail(self.queue, WriteFailed(RuntimeError("the writer stopped"), True))
        self.queue.clear()

    @staticmethod
    def _fail(jobs: list[Job], exc: BaseException) -> None:
        for job in jobs:
            if not job.done.done():
                job.done.set_exception(exc)

    def _next_batch(self) -> list[Job]:
        if self.queue[0].alone:
            return [self.queue.pop(0)]
        batch: list[Job] = []
        rest: list[Job] = []
        for job in self.queue:
            (rest if job.alone or len(batch) >= MAX_BATCH else batch).append(job)
        self.queue = rest
        return batch

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch: list[Job] = []
            done: list[tuple[Job, Outcome]] = []
            try:
                # One connection while there is work; back to the pool when idle, before the last batch's senders
                # hear of it (so that nothing holds a connection once every command is answered).
                async with self.db.connection() as conn:
                    while self.queue:
                        batch = self._next_batch()
                        outcomes, committed = await self._commit(conn, batch)
                        batch = []
                        if not committed:
                            await conn.invalidate()  # a failed transaction may have left it unusable
                        if not committed or not self.queue:
                            done = outcomes
                            break
                        self._settle(outcomes)
            except asyncio.CancelledError:
                self._fail(batch, WriteFailed(RuntimeError("the writer stopped"), True))
                self._settle(done)
                raise
            except Exception as exc:  # no connection: what waits is refused (the sender may retry)
                log.warning("the writer could not connect: %s", exc)
                self._fail(batch + self.queue, WriteFailed(exc, True))
                self.queue.clear()
            self._settle(done)
            if self.queue:
                self._wake.set()

    @staticmethod
    def _settle(outcomes: list[tuple[Job, Outcome]]) -> None:
        for job, outcome in outcomes:
            if job.done.done():
                continue
            if isinstance(outcome, BaseException):
                job.done.set_exception(outcome)
            else:
                job.done.set_result(outcome)

    async def _commit(self, conn: Any, batch: list[Job]) -> tuple[list[tuple[Job, Outcome]], bool]:
        """One transaction for the batch: each job's outcome, and whether it committed."""
        outcomes: dict[Job, Outcome] = {}
        try:
            async with self.db.transaction(conn):
                seqs = await repo.lock_rooms(conn, list({job.room_id for job in batch}))
                behind = {job.room_id: job.seq for job in batch if seqs.get(job.room_id, job.seq) != job.seq}
                pulled = await repo.events_after(conn, behind) if behind else {}
                appends: list[repo.Append] = []
                for job in batch:
                    if job.room_id not in seqs or seqs[job.room_id] < job.seq:
                        outcomes[job] = repo.SeqConflict(job.room_id, job.seq, seqs.get(job.room_id))
                        continue
                    try:
                        append = job.decide(pulled.get(job.room_id, []))
                    except Exception as exc:
                        outcomes[job] = exc
                        continue
                    outcomes[job] = append
                    if append is not None:
                        appends.append(append)
                if appends:
                    await repo.append_events(conn, appends, self.channel,
                                             notify_payloads(self.process, appends) if self.channel else ())
            committed = True
        except Exception as exc:
            log.warning("a transaction of %d commands failed: %s", len(batch), exc)
            failed = WriteFailed(exc, alone=len(batch) == 1)
            for job in batch:
                # A job's own rejection stands; a decision that was not written did not happen.
                if not isinstance(outcomes.get(job), Exception):
                    outcomes[job] = failed
            committed = False
        self.transactions += 1
        self.jobs += len(batch)
        return [(job, outcomes.get(job)) for job in batch], committed


class Reader:
    """Reads of new events, many rooms in one query: catch-ups that start in the same moment (a bus message wakes
    the rooms of a whole transaction of another process) share it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.pending: list[tuple[dict[str, int], asyncio.Future[dict[str, list[repo.EventRow]]]]] = []
        self._task: asyncio.Task[None] | None = None

    async def after(self, seqs: dict[str, int]) -> dict[str, list[repo.EventRow]]:
        """Each room's events after its seq, in order."""
        future: asyncio.Future[dict[str, list[repo.EventRow]]] = asyncio.get_running_loop().create_future()
        self.pending.append((seqs, future))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        return await future

    async def _run(self) -> None:
        while self.pending:
            await asyncio.sleep(0)  # the other catch-ups of this moment join the query
            batch, self.pending = self.pending, []
            wanted: dict[str, int] = {}
            for seqs, _ in batch:
                for room_id, seq in seqs.items():
                    wanted[room_id] = min(seq, wanted.get(room_id, seq))
            try:
                async with self.db.engine.connect() as conn:
                    rows = await repo.events_after(conn, wanted)
            except Exception as exc:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for seqs, future in batch:
                if not future.done():
                    future.set_result({room_id: [r for r in rows[room_id] if r.seq > seq]
                                       for room_id, seq in seqs.items()})
