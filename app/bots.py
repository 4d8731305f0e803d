"""Bots that play legal random moves from what their own view shows them (the simulator and the demo use it)."""

from __future__ import annotations

import random
from typing import Any


def random_answer(prompt: dict[str, Any], rnd: random.Random, me: int | None = None,
                  seen: dict[str, Any] | None = None) -> Any:
    """A random well-formed answer to a prompt as a view shows it; the engine may still reject it on a rule. The
    whole view (`seen`), when given, may say which answers the rules allow (`secrets.show_legal`, Reptiliens)."""
    kind = prompt["kind"]
    if kind == "confirm":
        return rnd.random() < 0.5
    if kind == "choice":
        legal = ((seen or {}).get("secrets") or {}).get("show_legal")
        if legal and set(legal) <= set(prompt["options"]):
            return rnd.choice(legal)
        return rnd.choice(prompt["options"])
    if kind == "number":
        return rnd.randint(prompt["min"], prompt["max"])
    if kind == "text":
        return "x" * rnd.randint(max(1, prompt["min"]), max(1, min(prompt["max"], 40)))
    options = [o for o in prompt["options"] if o != me] or list(prompt["options"])
    low, high = prompt["min"], min(prompt["max"], len(options))
    count = rnd.randint(min(low, high), high) if high > 0 else 0
    if prompt.get("policy") == "team" and prompt.get("answers"):
        # Follow the pack's first pick most of the time, so that wolves agree as real players would.
        first = next(iter(prompt["answers"].values()))
        if first and rnd.random() < 0.8:
            return list(first)
    return rnd.sample(options, count)
