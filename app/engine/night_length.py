"""The rule that hides which cards are dealt: a night step lasts a time drawn when it opens, whoever holds its card,
alive or not, answered or not, so that its length tells nobody whether anyone was called. One rule for every
ruleset (Thiercelieux's flow.py and Reptiliens' week.py read it here)."""

from __future__ import annotations

from typing import Any


def plausible_range(options: dict[str, Any], factor: float = 1.0) -> tuple[float, float]:
    """The bounds a night step's length is drawn in: [plausible_min, plausible_max] (unset: 40 % and two thirds of
    `night_step`), `factor` times as long for a step that needs it (a pack's talk), never more than `night_step`."""
    cap = float(options["night_step"])
    given = options.get("plausible_min"), options.get("plausible_max")
    low = 0.4 * cap if given[0] is None else float(given[0])
    high = 2 * cap / 3 if given[1] is None else float(given[1])
    low, high = min(low, high), max(low, high)
    return min(low * factor, cap), min(high * factor, cap)
