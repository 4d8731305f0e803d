"""A socket's frame budget: a token bucket held by the connection itself.

Checking it costs a subtraction. The shared `limits` memory store used for HTTP rate limits keeps a list per key
and a thread that rescans every key every 10 ms while hits arrive, holding the GIL: one key per socket made it a
sixth of the server's time at 12,000 sockets.
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
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
