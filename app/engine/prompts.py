"""Generic prompt rules: is an answer well-formed, is a prompt complete, what did a team settle on."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.errors import Rejected
from app.engine.model import Prompt
from app.engine.text import check_text

MJ_SEAT = -1  # the key under which the MJ's own answer to a prompt is stored


def check_shape(prompt: Prompt, answer: Any) -> Any:
    """Return the normalised answer or raise a rejection saying what is wrong with it. A rejection never quotes
    the options: the MJ may answer for a seat, and a seat's options can be its secrets (a hand of cards)."""
    if prompt.kind == "confirm":
        if not isinstance(answer, bool):
            raise Rejected("bad_answer", "This question takes yes or no (true / false).")
        return answer
    if prompt.kind == "choice":
        if isinstance(answer, bool) or answer not in prompt.options:
            raise Rejected("bad_answer", "Choose one of the options of the question.")
        return answer
    if prompt.kind == "number":
        return check_number(prompt, answer)
    if prompt.kind == "text":
        return check_free_text(prompt, answer)
    if isinstance(answer, int) and not isinstance(answer, bool):
        answer = [answer]
    if answer is None:
        answer = []
    if not isinstance(answer, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in answer):
        raise Rejected("bad_answer", "Pick a list of seat numbers.")
    if len(answer) < prompt.min or len(answer) > prompt.max:
        raise Rejected(
            "wrong_count",
            f"Pick between {prompt.min} and {prompt.max} players.",
            min=prompt.min,
            max=prompt.max,
        )
    if len(set(answer)) != len(answer):
        raise Rejected("bad_answer", "The same player was picked twice.")
    for seat in answer:
        if seat not in prompt.options:
            raise Rejected("target_not_allowed", f"Seat {seat} cannot be picked here.", seat=seat)
    return answer


def check_number(prompt: Prompt, answer: Any) -> int:
    """A whole number from `min` to `max` (coins): 3 and 3.0 are three, 3.5 and "3" are no number."""
    if isinstance(answer, float) and answer.is_integer():
        answer = int(answer)
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise Rejected("bad_number", "This question takes a whole number.")
    if not prompt.min <= answer <= prompt.max:
        raise Rejected("out_of_range", f"Give a number from {prompt.min} to {prompt.max}.", min=prompt.min,
                       max=prompt.max)
    return answer


def check_free_text(prompt: Prompt, answer: Any) -> str:
    """Text of `min` to `max` characters once trimmed (a law, a last message), with no control character but line
    breaks and tabs."""
    if not isinstance(answer, str):
        raise Rejected("bad_answer", "This question takes some text.")
    text = check_text(answer.strip())
    if len(text) > prompt.max:
        raise Rejected("text_too_long", f"At most {prompt.max} characters.", max=prompt.max)
    if len(text) < prompt.min:
        raise Rejected("text_too_short" if text else "empty_answer", f"At least {prompt.min} characters.",
                       min=prompt.min)
    return text


def is_complete(prompt: Prompt) -> bool:
    if prompt.closed:
        return True
    if prompt.to_mj:
        return MJ_SEAT in prompt.answers
    if prompt.policy == "first":
        return bool(prompt.answers)
    if not prompt.to:
        return True
    if not all(seat in prompt.answers for seat in prompt.to):
        return False
    if prompt.policy == "team":
        return len({_key(prompt.answers[s]) for s in prompt.to}) == 1
    return True


def _key(answer: Any) -> str:
    return repr(sorted(answer)) if isinstance(answer, list) else repr(answer)


def team_choice(prompt: Prompt) -> list[int] | None:
    """The team's pick when every member who answered agrees; None otherwise."""
    picks = [tuple(sorted(a)) for a in prompt.answers.values() if a]
    if picks and len(set(picks)) == 1 and len(picks) == len([s for s in prompt.to if s in prompt.answers]):
        return list(picks[0])
    return None


def tally(prompt: Prompt, weights: dict[int, int] | None = None) -> Counter[int]:
    counts: Counter[int] = Counter()
    for seat, answer in prompt.answers.items():
        for target in answer or []:
            counts[target] += (weights or {}).get(seat, 1)
    return counts
