"""Room timers. The deadline itself lives in the database (rooms.deadline_at); a task per room sleeps until it
and sends a `tick`. On start-up every overdue or pending deadline is re-armed, and an overdue one fires at once.
A tick is idempotent: if nothing is due, the engine does nothing."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("veillee.timers")
RETRIES = 50  # about 20 minutes of retries before a room's timer gives up (it is re-armed at the next start-up)
RETRY_FIRST = 0.2
RETRY_MAX = 30.0


def backoff(failed: int) -> float:
    """The pause before the next try at a deadline that already failed `failed` times."""
    return float(min(RETRY_MAX, RETRY_FIRST * 2 ** (failed - 1)))


class Timers:
    def __init__(self, fire: Callable[[str], Awaitable[None]], clock: Callable[[], float] = time.time) -> None:
        self.fire = fire
        self.clock = clock
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.due: dict[str, float] = {}
        # A room's deadline and how many tries at it failed (a busy database, a bug in a rule): the tick's own
        # command re-arms the room for the same deadline, and that timer must wait its turn, not fire at once.
        self.failures: dict[str, tuple[float, int]] = {}

    def arm(self, room_id: str, at: float | None) -> None:
        if self.due.get(room_id) == at and room_id in self.tasks:
            return
        old = self.tasks.pop(room_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self.due.pop(room_id, None)
        if room_id in self.failures and self.failures[room_id][0] != at:
            del self.failures[room_id]  # another deadline: the failures of the last one no longer count
        if at is None:
            return
        self.due[room_id] = at
        self.tasks[room_id] = asyncio.get_running_loop().create_task(self._wait(room_id, at))

    def _failed(self, room_id: str, at: float) -> int:
        found = self.failures.get(room_id)
        return found[1] if found is not None and found[0] == at else 0

    async def _wait(self, room_id: str, at: float) -> None:
        delay = at - self.clock()
        if delay > 0:
            await asyncio.sleep(delay)
        # Small slack: the engine compares with the time it reads itself.
        await asyncio.sleep(0.005)
        me = asyncio.current_task()
        assert me is not None
        while True:
            failed = self._failed(room_id, at)
            if failed >= RETRIES:
                log.error("timer of room %s gives up after %d failed ticks (the next command re-arms it)",
                          room_id, failed)
                if self.tasks.get(room_id) is me:
                    self.tasks.pop(room_id, None)
                    self.due.pop(room_id, None)
                self.failures[room_id] = (at, RETRIES - 1)  # a re-arm tries once more, after the longest pause
                return
            if failed:
                await asyncio.sleep(backoff(failed))
            if self.tasks.get(room_id) is me:
                # Free the slot first: the tick's own command re-arms the room (maybe for this very time).
                self.tasks.pop(room_id, None)
                self.due.pop(room_id, None)
            # Counted before the try, so that a timer the tick re-arms for this deadline waits its pause.
            self.failures[room_id] = (at, failed + 1)
            try:
                await self.fire(room_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                # A busy database, a lost connection, a bug in a rule: the deadline is still due, so try again
                # rather than let the game freeze (a tick is idempotent), and the room takes other commands meanwhile.
                log.exception("timer of room %s failed (attempt %d)", room_id, failed + 1)
                if room_id in self.tasks:
                    return  # armed again meanwhile: that timer takes over, after its pause
                self.tasks[room_id], self.due[room_id] = me, at  # a new arm() cancels this retry
                continue
            if self._failed(room_id, at) == failed + 1:
                del self.failures[room_id]
            return

    async def close(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.tasks.clear()
