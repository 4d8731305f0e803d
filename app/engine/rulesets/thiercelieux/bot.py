"""Bots for Thiercelieux (issue 14): seats the server plays, listed in the room option `bots`.

As in Soupçons, nothing runs for a bot outside the engine. Its answers are the engine's own `answered` events,
given inside the commands that make them due: a question put to bots alone is answered as soon as it opens; one
put to people too (a vote, the pack's victim) once every living person asked has answered, so that the bots follow
the village and the pack rather than lead them; a power usable at any moment of a step (optional) as the step ends;
and whatever is still unanswered when its step ends. A game with
bots therefore replays from its log, goes on after a server restart (the step's deadline is in the database like
any other), and needs no task of its own. A night step lasts its drawn length whoever answers, so a bot's speed
says nothing of its card.

A bot decides from its seat's view only (`app.engine.views.view`, what its phone would show), never the state:
`decide(view, prompt, rnd)` is a pure function of that view and a seed drawn from the game's generator. It plays
plausibly where that is cheap (the pack never targets a wolf, a seer votes against a wolf she saw, a villager mostly
follows the vote's majority, a pack's bots follow its people) and otherwise answers at random within the question's
own bounds, never an option the page would grey out (`disabled`, asks.py): questions of steps it has never heard of
get a legal answer by their kind (pick, choice, confirm, number, text).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from app.engine.context import Ctx
from app.engine.core import answer_as
from app.engine.errors import Rejected
from app.engine.model import Command, GameState, Prompt
from app.engine.prompts import check_shape
from app.engine.rulesets.thiercelieux.roles import ROLES, VILLAGE, WOLVES, is_wolf
from app.engine.views import view

View = dict[str, Any]
PromptView = dict[str, Any]

VOTES = frozenset({"vote", "revote"})
PACKS = frozenset({"loups", "vampires", "hamsters"})  # a team's victim: never one of the team
# Harmful choices a bot makes against the enemies it knows, or now and then at random when it may pass.
HARMFUL = frozenset({"sorciere-poison", "chasseur", "corbeau", "tueur", "assassin", "chatelain-kill", "loup-blanc",
                     "captain-tiebreak"})
FOLLOW_MAJORITY = 0.75  # how often a villager bot joins the vote's current leader
USE_HARM = 0.3  # how often a bot that may pass uses a harmful power with nobody in particular to aim at
YES = {"sorciere-heal": 0.7, "infect": 0.4, "petite-fille-peek": 0.5, "loups-lycanthropie": 0.3}


# -- what a view tells a bot ----------------------------------------------------------------------------------------
def me_of(seen: View, prompt: PromptView) -> int:
    """The seat that answers: the prompt's `as` (a player's character, 004), else the viewer's seat."""
    return int(prompt.get("as", (seen.get("me") or {}).get("seat", -1)))


def my_seats(seen: View) -> set[int]:
    return {p["seat"] for p in seen.get("players", []) if p.get("me")}


def my_camp(seen: View) -> str:
    secrets = seen.get("secrets") or {}
    if "camp" in secrets:
        return str(secrets["camp"])
    role = (seen.get("me") or {}).get("role")
    return ROLES[role].camp if role in ROLES else VILLAGE


def known_roles(seen: View) -> dict[int, str]:
    """The other seats whose card the view shows (the pack's, a seer's finds, a mason's brothers, a lover's)."""
    mine = my_seats(seen)
    return {p["seat"]: p["role"] for p in seen.get("players", []) if p.get("role") and p["seat"] not in mine}


def known_wolves(seen: View) -> set[int]:
    return {seat for seat, role in known_roles(seen).items() if is_wolf(role)}


def enemies(seen: View) -> set[int]:
    """Seats known to be against this bot: wolves for the village, any other known threat too; nobody of its
    own camp (a wolf bot's pack is its friends)."""
    camp = my_camp(seen)
    out = set()
    for seat, role in known_roles(seen).items():
        theirs = WOLVES if is_wolf(role) else ROLES[role].camp if role in ROLES else VILLAGE
        if theirs != camp and (theirs != VILLAGE or camp != VILLAGE):
            out.add(seat)
    return out


def friends(seen: View) -> set[int]:
    """Seats this bot must spare: its own, its beloved, and for a wolf its pack."""
    out = set(my_seats(seen))
    lover = (seen.get("secrets") or {}).get("lover")
    if isinstance(lover, int):
        out.add(lover)
    if wakes_with_wolves(seen):
        out |= known_wolves(seen)  # a Loup Blanc or a converted vampire too hides among the pack
    return out


def wakes_with_wolves(seen: View) -> bool:
    secrets = seen.get("secrets") or {}
    return my_camp(seen) == WOLVES or is_wolf((seen.get("me") or {}).get("role")) or bool(secrets.get("converted"))


def refused(seen: View, prompt: PromptView) -> set[str]:
    """Options the page greys out for this seat (asks.py), as strings."""
    by_seat = (seen.get("disabled") or {}).get(prompt["id"]) or {}
    return set(by_seat.get(str(me_of(seen, prompt)), {}))


def legal(seen: View, prompt: PromptView, avoid: frozenset[str]) -> list[Any]:
    gone = refused(seen, prompt) | avoid
    return [o for o in prompt.get("options", []) if str(o) not in gone]


def current_counts(seen: View, prompt: PromptView) -> Counter[int]:
    """The vote as the view counts it (the live tally, captain's weight included), else its visible ballots."""
    tally = (seen.get("tallies") or {}).get(prompt["id"])
    if tally is not None:
        return Counter({int(k): int(v) for k, v in tally.get("counts", {}).items()})
    counts: Counter[int] = Counter()
    for answer in (prompt.get("answers") or {}).values():
        for target in answer if isinstance(answer, list) else []:
            counts[target] += 1
    return counts


def leaders(counts: Counter[int], among: list[int]) -> list[int]:
    found = {k: v for k, v in counts.items() if k in among and v > 0}
    if not found:
        return []
    top = max(found.values())
    return sorted(k for k, v in found.items() if v == top)


# -- deciding ---------------------------------------------------------------------------------------------------
def decide(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str] = frozenset()) -> Any:
    """The bot's answer to `prompt` (as its view shows it), from that view and `rnd` alone. `avoid`: answers
    (as strings) the engine already refused."""
    kind = prompt.get("kind")
    if kind == "pick":
        return pick(seen, prompt, rnd, avoid)
    if kind == "confirm":
        return confirm(seen, prompt, rnd, avoid)
    if kind == "choice":
        options = [o for o in prompt.get("options", []) if str(o) not in avoid] or list(prompt.get("options", []))
        return rnd.choice(options)
    if kind == "number":
        return rnd.randint(int(prompt.get("min", 0)), int(prompt.get("max", 0)))
    if kind == "text":
        low, high = max(1, int(prompt.get("min", 1))), max(1, int(prompt.get("max", 1)))
        return ("Zzz" + "." * low)[:high]
    raise ValueError(f"unknown prompt kind {kind!r}")


def pick(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> list[int]:
    step = prompt.get("step")
    low, high = int(prompt.get("min", 1)), int(prompt.get("max", 1))
    options = legal(seen, prompt, avoid)
    spare = friends(seen)
    if step in PACKS:
        # Never a wolf; one's beloved or other character only when nobody else is left (the pack must choose).
        targets = [o for o in options if o not in spare] or [o for o in options if o not in known_wolves(seen)]
        return pack_pick(seen, prompt, rnd, targets)
    if step in VOTES:
        return vote(seen, prompt, rnd, options, low)
    if step == "election":
        return elect(seen, prompt, rnd, options)
    if step in HARMFUL:
        targets = [o for o in options if o not in spare] or options
        aimed = [o for o in targets if o in enemies(seen)]
        if aimed:
            return [rnd.choice(aimed)][:high]
        if low == 0 and rnd.random() >= USE_HARM:
            return []
        return rnd.sample(targets, min(max(low, 1), high, len(targets)))
    if step == "cupidon" and seen.get("options", {}).get("cupid_self"):
        others = [o for o in options if o not in my_seats(seen)]
        return [me_of(seen, prompt), rnd.choice(others)] if others else []  # 004: Cupidon among his lovers
    if step == "voyante":
        unknown = [o for o in options if o not in known_roles(seen) and o not in my_seats(seen)]
        return rnd.sample(unknown or options, min(max(low, 1), high, len(unknown or options)))
    return any_pick(seen, options, low, high, rnd)


def any_pick(seen: View, options: list[int], low: int, high: int, rnd: random.Random) -> list[int]:
    """A legal pick with nothing better to go on: others rather than oneself, mostly as many as allowed."""
    others = [o for o in options if o not in my_seats(seen)]
    pool = others if len(others) >= low else options
    high = min(high, len(pool))
    count = high if rnd.random() < 0.7 else rnd.randint(min(low, high), high)
    return rnd.sample(pool, count)


def pack_pick(seen: View, prompt: PromptView, rnd: random.Random, targets: list[int]) -> list[int]:
    """A pack's victim: what the pack's people chose (a bot follows them), else its bots, else anyone but the
    pack and those it spares; never a wolf."""
    if not targets:
        return []
    bots = set(seen.get("options", {}).get("bots", []))
    me = me_of(seen, prompt)
    answers = {int(k): v for k, v in (prompt.get("answers") or {}).items() if int(k) != me and v}
    for members in ([s for s in answers if s not in bots], list(answers)):
        counts = Counter(t for s in members for t in answers[s] if t in targets)
        best = leaders(counts, targets)
        if best:
            return [rnd.choice(best)]
    aimed = [t for t in targets if t in enemies(seen)]
    return [rnd.choice(aimed or targets)]


def vote(seen: View, prompt: PromptView, rnd: random.Random, options: list[int], low: int) -> list[int]:
    """Against a known enemy (a seer against the wolf she saw), never against a friend; else mostly with the
    current majority; else anyone."""
    candidates = [o for o in options if o not in friends(seen)] or [o for o in options if o not in my_seats(seen)]
    if not candidates:
        return [] if low == 0 else options[:1]
    counts = current_counts(seen, prompt)
    aimed = [o for o in candidates if o in enemies(seen)]
    if aimed:
        return [(leaders(counts, aimed) or [rnd.choice(aimed)])[0]]
    best = leaders(counts, candidates)
    if best and rnd.random() < FOLLOW_MAJORITY:
        return [rnd.choice(best)]
    return [rnd.choice(candidates)]


def elect(seen: View, prompt: PromptView, rnd: random.Random, options: list[int]) -> list[int]:
    """A captain: never a known enemy; mostly the current favourite; a wolf bot would rather have one of its own."""
    candidates = [o for o in options if o not in enemies(seen) and o not in my_seats(seen)] or options
    if not candidates:
        return []
    pack = [o for o in candidates if o in friends(seen)] if my_camp(seen) == WOLVES else []
    best = leaders(current_counts(seen, prompt), candidates)
    if best and rnd.random() < FOLLOW_MAJORITY:
        return [rnd.choice(best)]
    return [rnd.choice(pack or candidates)]


def confirm(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> bool:
    step = prompt.get("step")
    info = prompt.get("info") or {}
    if step == "sorciere-heal" and info.get("victim") in my_seats(seen):
        answer = True  # the witch saves herself
    elif step == "verdict":
        accused = info.get("accused")
        answer = accused in enemies(seen) or (accused not in friends(seen) and rnd.random() < 0.5)
    elif step in PACKS or step == "loups-lycanthropie":
        bots = set(seen.get("options", {}).get("bots", []))
        said = [v for k, v in (prompt.get("answers") or {}).items() if int(k) not in bots and isinstance(v, bool)]
        answer = said[0] if said else rnd.random() < YES.get(str(step), 0.5)
    else:
        answer = rnd.random() < YES.get(str(step), 0.5)
    blocked = {x.lower() for x in refused(seen, prompt) | avoid}  # a greyed yes is keyed "true" (asks.py)
    if str(answer).lower() in blocked:
        answer = not answer
    return answer


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


def due(state: GameState, prompt: Prompt, player: int, bots: set[int], closing: bool) -> bool:
    """Whether the bot `player` answers `prompt` now."""
    if prompt.closed or prompt.to_mj:
        return False
    seats = acting(state, prompt, player)
    if not seats or (prompt.policy == "first" and prompt.answers):
        return False
    ending = closing and state.step is not None and prompt.id in state.step.prompts
    if prompt.optional and not ending:
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


def play(ctx: Ctx, closing: bool = False) -> None:
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
        while True:
            aside = set(ctx.s.suspended_prompts()) if ctx.s.stack else set()
            todo = next(((pid, b) for pid, p in list(ctx.s.prompts.items()) if pid not in aside for b in bots
                         if (pid, b) not in done and due(ctx.s, p, b, set(bots), closing)), None)
            if todo is None:
                return
            done.add(todo)
            answer(ctx, *todo)
            if ctx.s.phase == "ended":
                return
    finally:
        _BUSY.discard(id(ctx))


def answer(ctx: Ctx, pid: str, player: int) -> None:
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
        given = decide(seen, shown, rnd, avoid)
        prompt = ctx.s.prompts[pid]
        try:
            normal = check_shape(prompt, given)
            for seat in acting(ctx.s, prompt, player):
                if not ctx.s.prompts[pid].closed:
                    answer_as(ctx, cmd, ctx.s.prompts[pid], seat, normal)
            return
        except Rejected:
            avoid = avoid | {str(given[0]) if isinstance(given, list) and len(given) == 1 else str(given)}


def before_close(ctx: Ctx) -> bool:
    """The step is ending: the bots answer what it still waits for. True when their answers already moved the game
    on (an Assassin's strike ended it, a death opened a hunter's step): the step that was ending is not closed."""
    step = ctx.s.step
    play(ctx, closing=True)
    return ctx.s.phase == "ended" or ctx.s.step is not step


def random_seats(players: int, rnd: random.Random) -> list[int]:
    """The simulator's tables (`random_setup`): bots play some seats of one game in three, people the others."""
    if rnd.random() >= 1 / 3:
        return []
    return sorted(rnd.sample(range(players), rnd.randint(1, players)))
