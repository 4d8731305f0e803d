"""Seats the server plays, answered inside the engine (Thiercelieux since issue 14, Reptiliens since issue 22).

Nothing runs for a bot outside the engine. Its answers are the engine's own `answered` events, given inside the
commands that make them due: a question put to bots alone is answered as soon as it opens; one put to people too
(a vote, the pack's victim) once every living person asked has answered, so that the bots follow the village and
the pack rather than lead them; a power usable at any moment of a step (optional) as the step ends, unless the
ruleset says its bots answer it at once (`Brain.at_once`) or never (`Brain.never`); and whatever is still
unanswered when its step ends. A game with bots therefore replays from its log, goes on after a server restart
(the step's deadline is in the database like any other), and needs no task of its own.

A bot decides from its seat's view only (`app.engine.views.view`, what its phone would show), never the state: the
ruleset's `Brain.decide(view, prompt, rnd, avoid)` is a pure function of that view and a seed drawn from the
game's generator. Each ruleset's bot module (thiercelieux/bot.py, reptiliens/bot.py) holds its brain and calls
`play` and `before_close` from its Ruleset's hooks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.engine.context import Ctx
from app.engine.core import COMMANDS, answer_as
from app.engine.errors import Rejected
from app.engine.model import Command, GameState, Prompt
from app.engine.prompts import check_shape
from app.engine.views import view

View = dict[str, Any]
PromptView = dict[str, Any]
# (view, prompt as the view shows it, a generator seeded from the game's, answers the engine already refused)
Decide = Callable[[View, PromptView, random.Random, frozenset[str]], Any]


@dataclass(frozen=True)
class Brain:
    """A ruleset's bots: how they answer, and which optional questions (by step) they answer as soon as they are
    due rather than as the step ends (`at_once`: nothing secret in being asked, a marriage request), or never
    (`never`: a power whose use at a step's last instant would mean nothing, or would end the step twice)."""

    decide: Decide
    at_once: frozenset[str] = frozenset()
    never: frozenset[str] = frozenset()

    def play(self, ctx: Ctx, closing: bool = False) -> None:
        play(ctx, self, closing)

    def before_close(self, ctx: Ctx) -> bool:
        return before_close(ctx, self)


# -- what a view tells any bot ----------------------------------------------------------------------------------------
def me_of(seen: View, prompt: PromptView) -> int:
    """The seat that answers: the prompt's `as` (a player's character, 004), else the viewer's seat."""
    return int(prompt.get("as", (seen.get("me") or {}).get("seat", -1)))


def my_seats(seen: View) -> set[int]:
    return {p["seat"] for p in seen.get("players", []) if p.get("me")}


def leaders(counts: Counter[int], among: list[int]) -> list[int]:
    """The most named of `among` (none when nobody is named)."""
    found = {k: v for k, v in counts.items() if k in among and v > 0}
    if not found:
        return []
    top = max(found.values())
    return sorted(k for k, v in found.items() if v == top)


def followed(seen: View, prompt: PromptView, rnd: random.Random, among: list[int]) -> list[int]:
    """A team's pick as the others gave it (a pack's bot follows its people, else its bots): one of the most named
    of `among`, or [] when nobody named any."""
    bots = set(seen.get("options", {}).get("bots", []))
    me = me_of(seen, prompt)
    answers = {int(k): v for k, v in (prompt.get("answers") or {}).items() if int(k) != me and v}
    for members in ([s for s in answers if s not in bots], list(answers)):
        best = leaders(Counter(t for s in members for t in answers[s] if t in among), among)
        if best:
            return [rnd.choice(best)]
    return []


def any_pick(seen: View, options: list[int], low: int, high: int, rnd: random.Random) -> list[int]:
    """A legal pick with nothing better to go on: others rather than oneself, mostly as many as allowed."""
    others = [o for o in options if o not in my_seats(seen)]
    pool = others if len(others) >= low else options
    high = min(high, len(pool))
    count = high if rnd.random() < 0.7 else rnd.randint(min(low, high), high)
    return rnd.sample(pool, count)


def by_kind(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str], pick: Decide, confirm: Decide,
            choice: Decide) -> Any:
    """A brain's answer by the question's kind: its own `pick`, `confirm` and `choice`; a number or a text within
    the question's bounds."""
    handler = {"pick": pick, "confirm": confirm, "choice": choice}.get(str(prompt.get("kind")))
    return handler(seen, prompt, rnd, avoid) if handler is not None else number_or_text(prompt, rnd)


def number_or_text(prompt: PromptView, rnd: random.Random) -> Any:
    """A question of a kind no bot reasons about: a number within its bounds, or a short text within its length."""
    if prompt.get("kind") == "number":
        return rnd.randint(int(prompt.get("min", 0)), int(prompt.get("max", 0)))
    if prompt.get("kind") == "text":
        low, high = max(1, int(prompt.get("min", 1))), max(1, int(prompt.get("max", 1)))
        return ("Zzz" + "." * low)[:high]
    raise ValueError(f"unknown prompt kind {prompt.get('kind')!r}")


# -- answering in the engine ----------------------------------------------------------------------------------------
_BUSY: set[int] = set()  # the contexts a bot is answering in: its own answers do not call the bots again


def bot_players(state: GameState) -> list[int]:
    return [s for s in state.options.get("bots", []) if s in state.players]


def acting(state: GameState, prompt: Prompt, player: int) -> list[int]:
    """The player's characters this question is put to and who may answer it (the living, or the dead when it
    asks them)."""
    return [x for x in state.seats_of(player) if x in prompt.to
            and (state.players[x].alive or prompt.dead_may_answer)]


def people_done(state: GameState, prompt: Prompt, bots: set[int]) -> bool:
    """Every person (not a bot) the question is put to, and who can answer it, has answered."""
    return all(x in prompt.answers for x in prompt.to if state.player_of(x) not in bots
               and (state.players[x].alive or prompt.dead_may_answer))


def due(state: GameState, prompt: Prompt, player: int, bots: set[int], closing: bool, brain: Brain) -> bool:
    """Whether the bot `player` answers `prompt` now."""
    if prompt.closed or prompt.to_mj or prompt.step in brain.never:
        return False
    seats = acting(state, prompt, player)
    if not seats or (prompt.policy == "first" and prompt.answers):
        return False
    ending = closing and state.step is not None and prompt.id in state.step.prompts
    if prompt.optional and not ending and prompt.step not in brain.at_once:
        # A power a seat may use at any moment of its step (the Assassin's strike by day): used, if at all, as the
        # step ends, so that its first instant does not tell the table that a bot holds the card.
        return False
    if not (ending or people_done(state, prompt, bots)):
        return False
    if any(x not in prompt.answers for x in seats):
        return True
    if prompt.policy != "team":
        return False
    # A pack's bot that answered before its people did, or before they changed their minds, follows them again.
    said = {repr(prompt.answers[x]) for x in prompt.to if x in prompt.answers and state.player_of(x) not in bots}
    return len(said) == 1 and repr(prompt.answers[seats[0]]) not in said


def next_due(state: GameState, bots: list[int], among: set[int], done: set[tuple[str, int]], closing: bool,
             brain: Brain) -> tuple[str, int] | None:
    """The first (question, bot) pair due now, in the order of the questions, then of the bots. Looked for again
    after every answer, since an answer may open or close questions: a question no bot may answer is passed over
    at once (a table of 36 bots made the search the simulation's hot spot)."""
    aside = set(state.suspended_prompts()) if state.stack else set()
    for pid, p in list(state.prompts.items()):
        if pid in aside or p.closed or p.to_mj or p.step in brain.never:
            continue
        for b in bots:
            if (pid, b) not in done and due(state, p, b, among, closing, brain):
                return pid, b
    return None


def play(ctx: Ctx, brain: Brain, closing: bool = False) -> None:
    """Answer, for every bot, the questions now due (`closing`: the step is ending, answer all of its own)."""
    s = ctx.s
    if id(ctx) in _BUSY or s.phase in ("lobby", "ended") or s.paused_at is not None or not s.options.get("bots"):
        return
    bots = bot_players(s)
    if not bots:
        return
    _BUSY.add(id(ctx))
    try:
        done: set[tuple[str, int]] = set()
        among = set(bots)
        while True:
            todo = next_due(ctx.s, bots, among, done, closing, brain)
            if todo is None:
                return
            done.add(todo)
            answer(ctx, *todo, brain)
            if ctx.s.phase == "ended":
                return
    finally:
        _BUSY.discard(id(ctx))


def command(ctx: Ctx, cmd: Command) -> bool:
    """A bot's move unasked (an invocation, a gift), run inside the command under way as the engine runs any: False
    when the rules refuse it. The handlers refuse before they change anything, so a refusal leaves no trace."""
    handler = COMMANDS.get(cmd.type)
    try:
        if handler is None:
            ctx.ruleset.command(ctx, cmd)
        else:
            handler(ctx, cmd)
    except Rejected:
        return False
    return True


def busy(ctx: Ctx) -> bool:
    """Whether bots are answering in this context already (a ruleset's own bot moves wait until they are done)."""
    return id(ctx) in _BUSY


def answer(ctx: Ctx, pid: str, player: int, brain: Brain) -> None:
    """The bot's answer, decided from its own view, given as the engine gives any answer. A refused answer is
    tried again without it (twice); then the bot stays silent, like a player whose time runs out."""
    seen = view(ctx.s, player)
    shown = next((p for p in seen["prompts"] if p["id"] == pid), None)
    if shown is None:
        return
    rnd = random.Random(ctx.below(1 << 62))  # one draw of the game's generator: the game replays
    avoid: frozenset[str] = frozenset()
    cmd = Command(type="answer", by=player, at=ctx.at, args={"prompt": pid})
    for _ in range(3):
        given = brain.decide(seen, shown, rnd, avoid)
        prompt = ctx.s.prompts[pid]
        try:
            normal = check_shape(prompt, given)
            for seat in acting(ctx.s, prompt, player):
                if not ctx.s.prompts[pid].closed:
                    answer_as(ctx, cmd, ctx.s.prompts[pid], seat, normal)
            return
        except Rejected:
            avoid = avoid | {str(given[0]) if isinstance(given, list) and len(given) == 1 else str(given)}


def before_close(ctx: Ctx, brain: Brain) -> bool:
    """The step is ending: the bots answer what it still waits for. True when their answers already moved the game
    on (an Assassin's strike ended it, a death opened a hunter's step): the step that was ending is not closed."""
    step = ctx.s.step
    play(ctx, brain, closing=True)
    return ctx.s.phase == "ended" or ctx.s.step is not step
