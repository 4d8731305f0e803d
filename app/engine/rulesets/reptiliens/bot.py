"""Bots for Les Reptiliens de Quinte-Bourg (issue 22): seats the server plays, listed in the room option `bots`, so
that five friends can fill a table of ten.

As in Thiercelieux, nothing runs for a bot outside the engine: app/engine/bots.py answers for it inside the commands
that make its answers due (a question put to bots alone at once, one put to people too once they have answered,
whatever is left as its step ends), so a game with bots replays from its log and survives a restart. A night step
lasts its drawn length whoever answers, so a bot's speed says nothing of its cards. The marriage requests, which
every free player is asked, are answered at once (`Brain.at_once`); the Président's "close the debate" and the
pack's "index and little finger" are left to people (`Brain.never`).

A bot decides from its seat's view only (`app.engine.views.view`: its cards, its `secrets` — fellows, lover,
coins, the powers it may invoke —, the cards the rules showed it, the village's public part), never the state:
`decide(view, prompt, rnd, avoid)` is a pure function of them and a seed drawn from the game's generator. It plays
plausibly where that is cheap — a Reptilian never aims at its pack, a villager votes against a Reptilian it saw and
otherwise mostly follows the ballots given so far, a pack's or a couple's bots follow its people, a dead bot passes
its specialty on to a fellow or turns the card that helps its camp — and otherwise answers at random within the
question's bounds.

Unasked, now and then as a step opens (`act`), a bot invokes a power its view lists (`secrets.invocable`), gives a
coin (`secrets.may_give`) or applies to a vacant office (`secrets.may_apply`): the engine's own commands, run inside
the command that opened the step, at a moment the view says they are allowed, so they replay like the rest.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from app.engine import bots as machinery
from app.engine.bots import PromptView, View, any_pick, by_kind, followed, leaders, my_seats
from app.engine.context import Ctx
from app.engine.model import Command
from app.engine.rulesets.reptiliens import dead, laws, marriages, sessions
from app.engine.rulesets.reptiliens.cards import CARD_BY_KEY
from app.engine.rulesets.reptiliens.invoke import KILLS, SHOW_ANSWERS_STEP
from app.engine.views import view

PACK, FINGERS, MILITIA, LOVERS = "rp-concertation", "rp-concertation-squat", "rp-milice", "rp-amoureux-signes"
REPTILIENS = "rp-reptiliens"
SHOW = "rp-show"  # Poirot names a camp card for a seat
PLAIN_GUESS = "rp-villageois"  # what Poirot's bot names for a card it has not seen: the most common one
FOLLOW_MAJORITY = 0.75  # how often a bot without a suspect joins the ballots' leader
ACT = 0.01  # the chance, as a step opens, that a bot considers acting unasked (invoke, give, apply)
NO_SHOW = frozenset({"rp-showman"})  # naming every seat's card: a bot would only die of shame
BRAIN_AT_ONCE = frozenset({marriages.REQUEST, marriages.CONSENT, marriages.FEE, marriages.PAYMENT,
                           marriages.WITNESSES})
BRAIN_NEVER = frozenset({sessions.CLOSE, FINGERS, marriages.FORCED})


# -- what a view tells a bot ----------------------------------------------------------------------------------------
def secrets(seen: View) -> dict[str, Any]:
    return seen.get("secrets") or {}


def reptilian_card(card: str | None) -> bool:
    found = CARD_BY_KEY.get(card or "")
    return bool(found and found.reptilian)


def is_reptilian(seen: View) -> bool:
    """A Reptilian card, or converted to the pack (secrets.converted)."""
    return reptilian_card((seen.get("me") or {}).get("role")) or REPTILIENS in secrets(seen).get("converted", [])


def friends(seen: View) -> set[int]:
    """Itself, its fellows (the pack, the couple, the Souris, ...), its beloved."""
    out = set(my_seats(seen))
    for seats in secrets(seen).get("fellows", {}).values():
        out |= set(seats)
    lover = secrets(seen).get("lover")
    if isinstance(lover, int):
        out.add(lover)
    return out


def known_reptilians(seen: View) -> set[int]:
    """The other seats whose Reptilian card the view shows (a snoop's find, a turned card)."""
    return {p["seat"] for p in seen.get("players", []) if not p.get("me") and reptilian_card(p.get("role"))}


def enemies(seen: View) -> set[int]:
    """Whom the bot is against: for the village, the Reptilians it saw; a Reptilian knows nobody in particular."""
    return set() if is_reptilian(seen) else known_reptilians(seen) - friends(seen)


def living(seen: View) -> set[int]:
    return {p["seat"] for p in seen.get("players", []) if p.get("alive")}


def ballots(seen: View, prompt: PromptView) -> Counter[int]:
    """The village's ballots so far: those announced in turn (`village.session.ballots`) and this question's own
    public answers; a ranked ballot counts its first name."""
    counts: Counter[int] = Counter()
    given = ((seen.get("village") or {}).get("session") or {}).get("ballots") or []
    answers = [entry[1] for entry in given if isinstance(entry, list) and len(entry) == 2]
    answers += list((prompt.get("answers") or {}).values())
    for ballot in answers:
        if isinstance(ballot, list) and ballot:
            counts[int(ballot[0])] += 1
    return counts


# -- deciding ---------------------------------------------------------------------------------------------------
def decide(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str] = frozenset()) -> Any:
    """The bot's answer to `prompt` (as its view shows it), from that view and `rnd` alone. `avoid`: answers
    (as strings) the engine already refused."""
    return by_kind(seen, prompt, rnd, avoid, pick, confirm, choice)


def options_of(prompt: PromptView, avoid: frozenset[str]) -> list[Any]:
    return [o for o in prompt.get("options", []) if str(o) not in avoid] or list(prompt.get("options", []))


def pick(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> list[int]:
    step = str(prompt.get("step"))
    low, high = int(prompt.get("min", 1)), int(prompt.get("max", 1))
    options = options_of(prompt, avoid)
    spare = friends(seen)
    if prompt.get("policy") == "team":
        return team_pick(seen, prompt, rnd, options)
    if step == sessions.VOTE:
        return vote(seen, prompt, rnd, options, low, high)
    if step == marriages.REQUEST:
        partners = [o for o in options if o in spare]
        return [rnd.choice(partners or options)] if options and rnd.random() < 0.15 else []
    if step == sessions.PROSECUTOR:  # the accused of a Purge, among the tied: enemies first, friends last
        ranked = sorted(options, key=lambda o: (o not in enemies(seen), o in spare, rnd.random()))
        return ranked[:high]
    if step in (dead.HEIR, "rp-legs", "rp-scrutateur-choix"):  # a gift of a specialty, coins, an office
        mine = [o for o in options if o in spare and o not in my_seats(seen)]
        return [rnd.choice(mine or options)] if options else []
    if step == "rp-resurrection":
        mine = [o for o in options if o in spare]
        return [rnd.choice(mine or options)]
    if step in KILLS or step == "rp-conversion-noire" or step == "rp-pickpocket":
        aimed = [o for o in options if o in enemies(seen)]
        if step == "rp-repticide":
            aimed = [o for o in options if o in known_reptilians(seen) and o not in spare] or aimed
        targets = aimed or [o for o in options if o not in spare] or options
        return [rnd.choice(targets)] if targets and high else []
    return any_pick(seen, options, low, high, rnd)


def team_pick(seen: View, prompt: PromptView, rnd: random.Random, options: list[int]) -> list[int]:
    """A team's choice (the pack's house, the militia's, the lovers' meeting place): what its people chose (a bot
    follows them), else its bots, else a house of its own choosing; for the pack, never a fellow's house nor its
    beloved's while another is left."""
    if not options:
        return []
    spare = friends(seen) if prompt.get("step") == PACK else set()
    followable = [o for o in options if o not in spare] or options
    alive = living(seen)
    return followed(seen, prompt, rnd, followable) or [rnd.choice(
        [o for o in followable if o in enemies(seen)] or [o for o in followable if o in alive] or followable)]


def vote(seen: View, prompt: PromptView, rnd: random.Random, options: list[int], low: int,
         high: int) -> list[int]:
    """Against a Reptilian it saw, never against a friend; else mostly with the ballots' leader; else anyone. A
    ranked ballot (Condorcet) puts the choice first and ranks the others after it, friends last."""
    spare = friends(seen)
    candidates = [o for o in options if o not in spare] or [o for o in options if o not in my_seats(seen)]
    if not candidates:
        return options[:low]
    aimed = [o for o in candidates if o in enemies(seen)]
    best = leaders(ballots(seen, prompt), candidates)
    if aimed:
        first = (leaders(ballots(seen, prompt), aimed) or [rnd.choice(aimed)])[0]
    elif best and rnd.random() < FOLLOW_MAJORITY:
        first = rnd.choice(best)
    else:
        first = rnd.choice(candidates)
    if high <= 1:
        return [first]
    rest = sorted((o for o in options if o != first), key=lambda o: (o in spare, rnd.random()))
    return [first, *rest][:max(low, min(high, 1 + rnd.randint(0, len(rest))))]


def choice(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> Any:
    step = prompt.get("step")
    options = options_of(prompt, avoid)
    info = prompt.get("info") or {}
    if step == dead.CHOICE:
        return death_choice(seen, options, rnd)
    if step == SHOW_ANSWERS_STEP:
        legal = [o for o in secrets(seen).get("show_legal") or [] if o in options]
        return legal[-1] if legal else options[0]  # the truth, as the MJ answers for a player who does not
    if step == SHOW:
        known = next((p.get("role") for p in seen.get("players", []) if p["seat"] == info.get("seat")), None)
        return known if known in options else PLAIN_GUESS if PLAIN_GUESS in options else rnd.choice(options)
    if step == sessions.TRIAL:
        accused = info.get("seat")
        execute = accused in enemies(seen) or (accused not in friends(seen) and rnd.random() < 0.5)
        wanted = sessions.EXECUTE if execute else sessions.SPARE
        return wanted if wanted in options else rnd.choice(options)
    if step == laws.PART:  # mostly no law; else one the server applies (a free text waits for an MJ)
        plain = [o for o in options if o in laws.SERVER_LAWS]
        if laws.NONE in options and (rnd.random() < 0.8 or not plain):
            return laws.NONE
        return rnd.choice(plain or options)
    if step == sessions.SPECIAL:
        return sessions.NORMAL if sessions.NORMAL in options and rnd.random() < 0.7 else rnd.choice(options)
    if step == marriages.FEE:
        return rnd.choice([o for o in options if o != marriages.REFUSE] or options)
    if step == "rp-reve":  # a spirit signs the village's dream: the truth, unless it is of the pack
        truth = str(info.get("answer"))
        return truth if truth in options and not is_reptilian(seen) else rnd.choice(options)
    return rnd.choice(options)


def death_choice(seen: View, options: list[str], rnd: random.Random) -> str:
    """§9: its specialty to a living fellow now and then; else a ghost (who votes with the militia) or a spirit,
    turning the card that helps its camp: a villager shows its camp card, a Reptilian hides it if it can."""
    heirs = friends(seen) & living(seen) - my_seats(seen)
    passing = [o for o in options if o.startswith(f"{dead.INHERITANCE}:")]
    if passing and heirs and rnd.random() < 0.5:
        return rnd.choice(passing)
    fate = dead.GHOST if rnd.random() < 0.55 else dead.SPIRIT
    mine = [o for o in options if o.startswith(f"{fate}:")] or [o for o in options if o not in passing] or options
    camp = [o for o in mine if o.endswith(":camp")]
    other = [o for o in mine if o not in camp]
    preferred = (other or camp) if is_reptilian(seen) else (camp or other)
    return rnd.choice(preferred)


def confirm(seen: View, prompt: PromptView, rnd: random.Random, avoid: frozenset[str]) -> bool:
    step = prompt.get("step")
    info = prompt.get("info") or {}
    if step == marriages.CONSENT:
        return info.get("seat") in friends(seen) or rnd.random() < 0.4
    if step == marriages.PAYMENT:
        return True
    if step == sessions.PARDON:
        return info.get("seat") in friends(seen)
    if step in BRAIN_NEVER:
        return False
    return rnd.random() < 0.5


BRAIN = machinery.Brain(decide, at_once=BRAIN_AT_ONCE, never=BRAIN_NEVER)


# -- acting unasked -------------------------------------------------------------------------------------------------
def move(seen: View, rnd: random.Random) -> tuple[str, dict[str, Any]] | None:
    """What the bot does unasked, from its view: invoke a power it may now (a Repticide only with a Reptilian in
    sight, a Résurrection only for a fellow's ghost), give a coin (to a fellow, or now and then to anyone), apply
    to a vacant office, or nothing."""
    mine = secrets(seen)
    ghosts = set(((seen.get("village") or {}).get("dead") or {}).get("ghosts") or [])
    wanted = {"rp-repticide": bool(known_reptilians(seen) - friends(seen)),
              "rp-resurrection": bool(ghosts & friends(seen))}
    moves: list[tuple[str, dict[str, Any]]] = [("invoke", {"power": p}) for p in mine.get("invocable") or []
                                               if p not in NO_SHOW and wanted.get(p, True)]
    givable = mine.get("may_give") or []
    to = [s for s in givable if s in friends(seen)] or (givable if rnd.random() < 0.2 else [])
    if to:
        moves.append(("rp-give", {"to": rnd.choice(to), "coins": 1}))
    if mine.get("may_apply"):
        moves.append(("rp-postuler", {"office": rnd.choice(mine["may_apply"])}))
    return rnd.choice(moves) if moves else None


def act(ctx: Ctx) -> None:
    """As a step opens, now and then, a bot acts unasked (`move`): one invocation at a time, whose designation it
    answers at once (its own question)."""
    s = ctx.s
    seats = machinery.bot_players(s)
    if not seats or machinery.busy(ctx) or s.phase not in ("night", "day") or s.paused_at is not None or s.stack:
        return
    rnd = random.Random(ctx.below(1 << 62))  # one draw of the game's generator: the game replays
    for seat in seats:
        if rnd.random() >= ACT:
            continue
        chosen = move(view(s, seat), rnd)
        if chosen is None or not machinery.command(ctx, Command(type=chosen[0], by=seat, at=ctx.at, args=chosen[1])):
            continue
        BRAIN.play(ctx)
        if ctx.s.phase == "ended" or ctx.s.stack:
            return
