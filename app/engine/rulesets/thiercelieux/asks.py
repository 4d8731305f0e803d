"""What a page shows with a question, decided here so that no page holds a rule of the game.

* `disabled`: for each open vote and each seat that answers it, the options the rules refuse with the code the
  answer would be refused with (`self_vote`, `lover_vote`, `cupid_vote`, `shielded`, `vote_final`): the page greys
  out those buttons and says why, the same check as `Thiercelieux.validate_answer`; and for the other questions,
  what love refuses a lover (flow.love_refusals, 003): harming the beloved (`lover_harm`: a victim, a poison, a
  shot...), acting against him as a vote (`lover_vote`: the Corbeau's mark, the captain's tie-break, the standing
  vote's clearing, a guilty verdict, whose option key is "true").
* `notes`: lines to read with a question (the witch's victim, the pack's leader), each `{"key", "seat"?}`; the
  page shows the text `prompt.note.<key>` with the seat's name.

Both are keyed by prompt id and computed for the seats a viewer answers for (the MJ: every addressee).
"""

from __future__ import annotations

from typing import Any

from app.engine.model import GameState, Prompt
from app.engine.rulesets.thiercelieux import flow

VOTES = ("vote", "revote")
# flow.validate_vote's answer → the rejection code of validate_answer.
CODES = {"hesitated": "vote_final"}


def refusals(state: GameState, prompt: Prompt, seat: int) -> dict[str, str]:
    """The options of a vote `seat` may not choose, with why."""
    every, some = flow.vote_refusals(state, seat)
    out = {}
    for option in prompt.options:
        problem = every or some.get(option)
        if problem is not None:
            out[str(option)] = CODES.get(problem, problem)
    return out


def notes(state: GameState, prompt: Prompt) -> list[dict[str, Any]]:
    info = prompt.info
    if prompt.step == "sorciere-heal":
        return [{"key": "witch_victim", "seat": info.get("victim")}]
    if prompt.step == "sorciere-poison":
        # The witch is told the victim once: with the healing potion when she still has it.
        healing = any(p.step == "sorciere-heal" and not p.closed and p.to == prompt.to for p in state.prompts.values())
        if healing:
            return []
        victim = info.get("victim")
        return [{"key": "witch_no_victim"}] if victim is None else [{"key": "witch_victim", "seat": victim}]
    if prompt.step == "loups" and info.get("leader") is not None:
        return [{"key": "wolves_leader", "seat": info["leader"]}]
    return []


def asks(state: GameState, seats: list[int] | None) -> dict[str, Any]:
    """`disabled` and `notes` of the open prompts put to `seats` (None: to anyone, for the MJ)."""
    disabled: dict[str, dict[str, dict[str, str]]] = {}
    said: dict[str, list[dict[str, Any]]] = {}
    for prompt in state.prompts.values():
        if prompt.closed:
            continue
        mine = list(prompt.to) if seats is None else [s for s in seats if s in prompt.to]
        if not mine and not (seats is None and prompt.to_mj):
            continue
        if prompt.step in VOTES and prompt.kind == "pick":
            refused = {str(s): r for s in mine if (r := refusals(state, prompt, s))}
            if refused:
                disabled[prompt.id] = refused
        else:
            refused = {str(s): r for s in mine if (r := flow.love_refusals(state, prompt, s))}
            if refused:
                disabled[prompt.id] = refused
        lines = notes(state, prompt)
        if lines:
            said[prompt.id] = lines
    return _present(disabled, said)


def _present(disabled: dict[str, Any], notes: dict[str, Any]) -> dict[str, Any]:
    """The view's keys: each only when it holds something."""
    return {key: value for key, value in (("disabled", disabled), ("notes", notes)) if value}


def for_seats(state: GameState, every: dict[str, Any], seats: list[int]) -> dict[str, Any]:
    """`asks(state, seats)`, taken from `asks(state, None)` (computed once per version of the state for the MJ):
    a seat's refusals do not depend on who else answers, and a question's notes go to whoever it is put to.
    Twelve viewers of a vote no longer check every ballot's rules twelve times."""
    def addressed(prompt_id: str) -> bool:
        prompt = state.prompts.get(prompt_id)
        return prompt is not None and any(s in prompt.to for s in seats)

    keys = [str(s) for s in seats]
    disabled = {pid: mine for pid, by_seat in every.get("disabled", {}).items()
                if (mine := {k: by_seat[k] for k in keys if k in by_seat})}
    notes = {pid: lines for pid, lines in every.get("notes", {}).items() if addressed(pid)}
    return _present(disabled, notes)
