"""The event loop's health: how long it was held up, and a garbage-collection policy that keeps full collections
from holding it up.

A server holding thousands of sockets and rooms keeps millions of long-lived objects. CPython's full collection
scans them all (seconds at 12,000 sockets), and it comes when enough survivors piled up: a pause of the whole event
loop every minute or so. So every `freeze_every` seconds the policy collects the young generations and then
freezes the survivors (`gc.freeze()`): from then on no automatic collection scans them, and an automatic full
collection only ever scans what survived since the last sweep. Reference counting still frees them when they
die; only a reference cycle that dies after being frozen waits for the occasional whole collection
(`full_every`, after unfreezing), the one pause the policy allows, rare and scheduled.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

from prometheus_client import Gauge, Histogram

log = logging.getLogger("veillee.pauses")
LAG = Histogram("veillee_loop_lag_seconds", "How late the event loop ran a 10 ms timer",
                buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))
LAG_MAX = Gauge("veillee_loop_lag_max_seconds", "The longest event-loop hold-up seen since the start")
# Not the number of frozen objects: `gc.get_freeze_count()` walks the whole permanent generation, millions of objects
# scattered in memory, and calling it after each sweep was itself the 0.5-1.3 s hold-up of the bench.
GC_PAUSE = Histogram("veillee_gc_pause_seconds", "How long each garbage collection held the loop, by generation",
                     ["generation"], buckets=(0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0))
_gc_started = 0.0


def _time_gc(phase: str, info: dict[str, int]) -> None:
    global _gc_started
    if phase == "start":
        _gc_started = time.perf_counter()
    else:
        GC_PAUSE.labels(str(info.get("generation", 2))).observe(time.perf_counter() - _gc_started)


class LoopWatch:
    """A timer that wakes every `interval` seconds and measures how late it wakes: the loop's hold-ups."""

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.max_lag = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.interval)
            lag = max(0.0, loop.time() - before - self.interval)
            LAG.observe(lag)
            if lag > self.max_lag:
                self.max_lag = lag
                LAG_MAX.set(lag)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


# CPython considers an automatic collection of the old generation every 10 collections of the middle one, and
# makes it when what reached the old generation outnumbers a quarter of it: with everything frozen the old
# generation is nearly empty, so it came every 10 middle collections. While 12,000 players joined (the bench),
# that was 29 full collections of the growing unfrozen heap in 27 s, 5.8 s of the event loop: a fifth of a join's
# cost. Under the policy the old generation is only ever collected whole, every `full_every`.
OLD_GENERATION_EVERY = 1000


class GcPolicy:
    """Young collections as usual, survivors frozen every `freeze_every` s, a whole collection every `full_every`
    s (0: never), and no other collection of the old generation."""

    def __init__(self, freeze_every: float = 10.0, full_every: float = 3600.0) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self._task: asyncio.Task[None] | None = None
        self._thresholds: tuple[int, int, int] | None = None
        self.last_pause = 0.0

    def start(self) -> None:
        gc.collect()
        gc.freeze()  # modules, settings, the rooms loaded at start: long-lived by nature
        self._thresholds = gc.get_threshold()
        young, middle, _old = self._thresholds
        gc.set_threshold(young, middle, OLD_GENERATION_EVERY)
        if _time_gc not in gc.callbacks:
            gc.callbacks.append(_time_gc)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_every)
            whole = bool(self.full_every) and time.monotonic() - last_full >= self.full_every
            if whole:
                gc.unfreeze()
                last_full = time.monotonic()
            self.sweep(whole)

    def sweep(self, whole: bool = False) -> None:
        """Collect the young generations (a whole collection when `whole`), then freeze what survived. The young
        generations are small, so this takes well under a millisecond; what reached the old generation since the
        last sweep is frozen without being scanned (measured: 300,000 such objects cost 47 ms to scan, 0 to
        freeze), and a cycle among it that died waits for the whole collection."""
        t0 = time.perf_counter()
        gc.collect(2 if whole else 1)
        gc.freeze()
        self.last_pause = time.perf_counter() - t0
        log.debug("gc sweep: %.1f ms", self.last_pause * 1000)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(_time_gc)
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
        gc.unfreeze()
