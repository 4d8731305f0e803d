"""A tiny deterministic PRNG (splitmix64) whose whole state is one integer kept in the game state.

The stdlib `random` module keeps hidden global state; here every draw is a pure function of the game state, so a
game replays exactly from its events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def step(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


class Rng:
    """A cursor over the generator; `state` is written back to the game state by the caller."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        # Rejection sampling avoids modulo bias.
        limit = MASK - (MASK % n)
        while True:
            self.state, out = step(self.state)
            if out < limit:
                return out % n

    def uniform(self, low: float, high: float) -> float:
        self.state, out = step(self.state)
        return low + (high - low) * (out / float(MASK))

    def chance(self, p: float) -> bool:
        return self.uniform(0.0, 1.0) < p

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffle(list(items))[:k]
