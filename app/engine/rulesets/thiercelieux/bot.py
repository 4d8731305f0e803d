"""Bots for Thiercelieux (issue 14): seats the server plays, listed in the room option `bots`.

As in Soupçons, nothing runs for a bot outside the engine: app/engine/bots.py answers for it inside the commands
that make its answers due (when, and why that keeps games replayable and restart-proof, is said there). A night step
lasts its drawn length whoever answers, so a bot's speed says nothing of its card.

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

from app.engine import bots as machinery
from app.engine.bots import PromptView, View, any_pick, by_kind, followed, leaders, me_of, my_seats
from app.engine.context import Ctx
from app.engine.rulesets.thiercelieux.roles import ROLES, VILLAGE, WOLVES, is_wolf

VOTES = frozenset({"vote", "revote"})
PACKS = frozenset({"loups", "vampires", "hamsters"})  # a team's victim: never one of the team
# Harmful choices a bot makes against the enemies it knows, or now and then at random when it may pass.
HARMFUL = frozenset({"sorciere-poison", "chasseur", "corbeau", "tueur", "assassin", "chatelain-kill", "loup-blanc",
                     "captain-tiebreak"})
FOLLOW_MAJORITY = 0.75  # how often a villager bot joins the vote's current leader
USE_HARM = 0.3  # how often a bot that may pass uses a harmful power with nobody in particular to aim at
YES = {"sorciere-heal": 0.7, "infect": 0.4, "petite-fille-peek": 0.5, "loups-lycanthropie": 0.3}


# -- what a view tells a bot ----------------------------------------------------------------------------------------
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


# -- deciding ---------------------------------------------------------------------------------------------------
def decide(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str] = frozenset()) -> Any:
    """The bot's answer to `prompt` (as its view shows it), from that view and `rnd` alone. `avoid`: answers
    (as strings) the engine already refused."""
    return by_kind(seen, prompt, rnd, avoid, pick, confirm, choice)


def choice(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> Any:
    return rnd.choice([o for o in prompt.get("options", []) if str(o) not in avoid] or list(prompt.get("options", [])))


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


def pack_pick(seen: View, prompt: PromptView, rnd: random.Random, targets: list[int]) -> list[int]:
    """A pack's victim: what the pack's people chose (a bot follows them), else its bots, else anyone but the
    pack and those it spares; never a wolf."""
    if not targets:
        return []
    aimed = [t for t in targets if t in enemies(seen)]
    return followed(seen, prompt, rnd, targets) or [rnd.choice(aimed or targets)]


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


# -- answering in the engine (app/engine/bots.py) -------------------------------------------------------------------
BRAIN = machinery.Brain(decide)


def play(ctx: Ctx, closing: bool = False) -> None:
    """Answer, for every bot, the questions now due (`closing`: the step is ending, answer all of its own)."""
    machinery.play(ctx, BRAIN, closing)


def before_close(ctx: Ctx) -> bool:
    """The step is ending: the bots answer what it still waits for; True when that moved the game on."""
    return machinery.before_close(ctx, BRAIN)


def random_seats(players: int, rnd: random.Random) -> list[int]:
    """The simulator's tables (`random_setup`): bots play some seats of one game in three, people the others."""
    if rnd.random() >= 1 / 3:
        return []
    return sorted(rnd.sample(range(players), rnd.randint(1, players)))
