"""A socket's frame budget: a token bucket held by the connection itself.

Checking it costs a subtraction. `Budgets` holds one per key for the per-address limits. The `limits` memory
store keeps a list per key and a thread that rescans every key every 10 ms while hits arrive, holding the GIL:
one key per socket made it a sixth of the server's time at 12,000 sockets.
"""

from __future__ import annotations

import time

from limits import parse


class Budget:
    """`rule` (e.g. "20/second") frames in any window of that length, with bursts up to the same amount."""

    __slots__ = ("capacity", "rate", "stamp", "tokens")

    def __init__(self, rule: str) -> None:
        item = parse(rule)
        self.capacity = float(item.amount)
        self.rate = item.amount / item.get_expiry()
        self.tokens = self.capacity
        self.stamp = time.monotonic()

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def left(self) -> float:
        self._refill()
        return self.tokens

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


class Budgets:
    """Budgets by key (a client address, a room and seat…), for the HTTP and chat rate limits. A key whose bucket
    has filled up again is forgotten at the next prune: memory follows the clients active in the last minutes.
    (It replaces the `limits` memory store, which started a thread at each hit after a quiet 10 ms and rescanned
    every key in it, holding the GIL: a fifth of the server's time while 12,000 players joined.)"""

    PRUNE_EVERY = 60.0

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, ...], Budget] = {}
        self.pruned = time.monotonic()

    def bucket(self, rule: str, keys: tuple[str, ...]) -> Budget:
        now = time.monotonic()
        if now - self.pruned > self.PRUNE_EVERY:
            self.pruned = now
            self.buckets = {k: b for k, b in self.buckets.items() if b.left() < b.capacity}
        key = (rule, *keys)
        found = self.buckets.get(key)
        if found is None:
            found = self.buckets[key] = Budget(rule)
        return found
