"""Phases of a Thiercelieux game: night steps, dawn, consequences, election, debate, vote; deaths and victory.

The night's steps (manifest.STEPS, with a ruleset's packs') run on the engine's flow (app/engine/flow.py): tonight's
stages are its `plan`, each opened for its plausible hidden length and held there (night_length.py), then closed.
The day's steps (day_steps.DAY_STEPS: dawn, election, debate, vote, the consequences…) run on it too, as a chain:
this module says which opens (`open_day_step`, once the facts its `open` reads are emitted: VoteOpened, VoteTied…)
and the engine opens it with its countdown and closes it with its spec's `close`, which opens what comes next.

Every transition goes through `proceed`, which first empties the queue of consequences (hunter's shot, captain's
successor) and checks victory, so no rule can be skipped by the order code happens to run in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import begin_plan, next_group, open_group
from app.engine.flow import finish_step as finish_spec
from app.engine.flow import open_step as open_spec
from app.engine.model import GameState, Prompt
from app.engine.prompts import tally
from app.engine.rulesets.thiercelieux import characters, day_roles, dead, official_day, official_night
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.dawn import morning, night_deaths
from app.engine.rulesets.thiercelieux.night import mj_pick, stages
from app.engine.rulesets.thiercelieux.official_solo import sect_victory
from app.engine.rulesets.thiercelieux.packs import night_of  # manifest.STEPS with a ruleset's packs; no cycle
from app.engine.rulesets.thiercelieux.roles import (
    HAMSTERS,
    LOVERS,
    PIPER,
    SOLO,
    THREATS,
    VAMPIRES,
    VILLAGE,
    WOLVES,
    camp_of,
    has_power,
    holds,
    wolfish,
)
from app.engine.rulesets.thiercelieux.scratch_facts import (
    Accused,
    ClearerCalled,
    ConsequenceOpened,
    ConsequencesFirst,
    DayScheduled,
    DebateInterrupted,
    QuestionOpened,
    ScapegoatBlamed,
    StillStanding,
    VoteOpened,
    VoteTied,
)
from app.engine.rulesets.thiercelieux.state import CAPTAIN, captain, living_captain, lovers, marks, scratch, village


def opt(ctx: Ctx, key: str) -> Any:
    return ctx.s.options[key]


# -- the first turn ---------------------------------------------------------------------------------------------
def first_turn(ctx: Ctx) -> None:
    """After the deal: the first night, or the Ange's day first (official_day.first_turn)."""
    if official_day.first_turn(ctx):
        proceed(ctx, "day_main")
    else:
        begin_night(ctx)


# -- night ------------------------------------------------------------------------------------------------------
def begin_night(ctx: Ctx) -> None:
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "night", "night": ctx.s.night + 1})
    fakes = ctx.s.options.get("fake_roles", [])
    if fakes and ctx.s.night == 1:
        # 004: roles that do not exist are called too, and shown to the wolves so that they can claim them.
        pack = [p.seat for p in ctx.s.players.values() if p.alive and wolfish(ctx.s, p)]
        ctx.announce("fake_roles", to=pack, roles=fakes)
    ctx.announce("night_falls", night=ctx.s.night)
    night = night_of(ctx.ruleset)  # the built-in steps and the ruleset's packs' (packs.py)
    # The engine's flow opens each stage for its plausible hidden length (NightStep) and holds it there.
    if not begin_plan(ctx, night.steps, stages(night.tonight(ctx), bool(ctx.s.options.get("night_parallel")))):
        dawn(ctx)


def open_night_step(ctx: Ctx) -> None:
    """The night's next stage, once the one before and its consequences are over; dawn after the last."""
    if not open_group(ctx, night_of(ctx.ruleset).steps):
        dawn(ctx)


# -- dawn -------------------------------------------------------------------------------------------------------
def dawn(ctx: Ctx) -> None:
    deaths = night_deaths(ctx)
    night = scratch(ctx.s)  # the `phase` event renews it: this one stays the night's
    pf_seen = night.pf_seen
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    open_day_step(ctx, "dawn")
    ctx.announce("day_breaks", day=ctx.s.day)
    for seat, source in deaths:
        kill(ctx, seat, "night", source)
    if not deaths:
        ctx.announce("no_death")
    morning(ctx, night, {seat for seat, _ in deaths})
    official_night.dawn(ctx)  # the Montreur d'ours' bear, once the night's dead are known
    if pf_seen is not None:
        pf = pf_seen["seat"]
        ctx.fact(F.PackGlimpsed(pf, list(pf_seen["wolves"])), to=[pf])


# -- deaths and their consequences ---------------------------------------------------------------------------
def kill(ctx: Ctx, seat: int, cause: str, source: str | None = None) -> None:
    s = ctx.s
    p = s.players[seat]
    if not p.alive:
        return
    died: dict[str, Any] = {}
    if s.options.get("cards", "one") != "one":
        # 004's complications: the dead show every card, the hidden camp included.
        died.update(second_role=marks(s, seat).second_role, wolf=wolfish(s, p))
    ctx.died(seat, cause, **died)
    ctx.fact(F.LastDeath(seat, s.day))  # the day: the stalemate's count (`stalemate`)
    source = source or cause
    if opt(ctx, "captain") and opt(ctx, "captain_mode") == "first_dead" and not village(s).captain_named:
        # 004: the mayor is not elected: the first dead names him (with the successor's prompt).
        ctx.fact(F.CaptainNamed())
        ctx.emit("queue", {"queue": [*s.queue, {"kind": "successor", "seat": seat}]}, to=[])
    if holds(s, p, "ancien") and not village(s).powers_lost:
        # 001: killed by the village (vote, poison, hunter), the Ancien takes the villagers' powers with him;
        # 004's variant: only by the vote.
        by_village = {"vote"} if opt(ctx, "ancien_powers") == "vote" else {"vote", "poison", "hunter"}
        if source in by_village:
            ctx.fact(F.PowersLost())
    if opt(ctx, "idiot_du_village") and not village(s).idiot and camp_of(s, p) == VILLAGE:
        # 004: the first dead villager becomes the village idiot: no vote, but he still debates.
        ctx.fact(F.IdiotSpared(seat))
    for apprentice in s.players.values():
        if apprentice.alive and apprentice.role == "apprenti" and marks(s, apprentice.seat).master == seat:
            # 004: the apprentice takes his master's card when the master dies.
            ctx.emit("role_set", {"seat": apprentice.seat, "role": p.role}, to=[apprentice.seat])
            ctx.announce("apprentice_inherits", to=[apprentice.seat], role=p.role)
    official_day.on_death(ctx, p, cause, source)  # the Ange's win, the Chevalier's rust, the Bouc's choice
    official_night.on_death(ctx, seat)  # the Enfant sauvage whose model this was
    for prompt in list(s.prompts.values()):
        if not prompt.closed and seat in prompt.to and not prompt.dead_may_answer:
            ctx.emit("prompt_dropped", {"prompt": prompt.id, "seat": seat}, to=prompt.to)
    dead.ask_ghost(ctx, seat)  # 004: with `ghosts`, "tous les morts peuvent décider de devenir fantômes"
    queue = list(s.queue)
    if holds(s, p, "chasseur") and has_power(s, p):
        queue.append({"kind": "hunter", "seat": seat})
    if captain(s) == seat:
        # The captain's office falls vacant; the dying captain names his successor (a queued consequence).
        queue.append({"kind": "successor", "seat": seat})
        ctx.emit("office", {"office": CAPTAIN, "seat": None})
    if queue != s.queue:
        ctx.emit("queue", {"queue": queue}, to=[])
    if seat in lovers(s):
        partner = next(x for x in lovers(s) if x != seat)
        kill(ctx, partner, "grief")


def set_captain(ctx: Ctx, seat: int | None) -> None:
    ctx.emit("office", {"office": CAPTAIN, "seat": seat})
    if seat is not None:
        ctx.announce("new_captain", seat=seat)


def proceed(ctx: Ctx, nxt: str) -> None:
    if ctx.s.queue:
        ctx.fact(ConsequencesFirst(nxt), to=MJ_ONLY)
        open_consequence(ctx)
        return
    if check_victory(ctx):
        return
    TRANSITIONS[nxt](ctx)


def after_queue(s: GameState) -> str:
    """Where the flow goes once the consequences are dealt with (set by `proceed`)."""
    nxt = scratch(s).after_queue
    assert nxt is not None, "no consequence under way"
    return nxt


def open_consequence(ctx: Ctx) -> None:
    item, rest = ctx.s.queue[0], ctx.s.queue[1:]
    ctx.emit("queue", {"queue": rest}, to=[])
    ctx.fact(ConsequenceOpened(item), to=MJ_ONLY)
    kind = item["kind"]
    open_day_step(ctx, official_day.SCAPEGOAT if kind == "bouc" else "chasseur" if kind == "hunter" else "successeur")


def consequence_open(ctx: Ctx) -> None:
    """The hunter's shot or the successor's name: the dead is asked, once the consequence's step is open."""
    item = scratch(ctx.s).item
    assert item is not None  # open_consequence set it
    seat = item["seat"]
    living = [x for x in ctx.s.living() if x != seat]
    key = "chasseur" if item["kind"] == "hunter" else "successeur"
    if living:
        ctx.open_prompt(step=key, kind="pick", to=[seat], options=living, min=1, max=1, dead_may_answer=True)


def finish_consequence(ctx: Ctx) -> None:
    item = scratch(ctx.s).item
    assert item is not None  # open_consequence set it
    seat = item["seat"]
    prompts = ctx.step_prompts()
    answer = prompts[0].answers.get(seat) if prompts else None
    target = answer[0] if answer else None
    if item["kind"] == "hunter":
        if target is not None and ctx.s.players[target].alive:
            ctx.announce("hunter_shoots", seat=seat, target=target)
            kill(ctx, target, "hunter")
        else:
            ctx.announce("hunter_no_shot", seat=seat)
    else:
        living = [x for x in ctx.s.living() if x != seat]
        if target is None and living:
            target = ctx.choice(living)
        if target is not None and ctx.s.players[target].alive:
            set_captain(ctx, target)
    proceed(ctx, after_queue(ctx.s))


# -- victory ---------------------------------------------------------------------------------------------------
def mixed_couple(state: GameState) -> bool:
    """A couple across camps (003: a wolf and a villager) has its own goal: to be the last two alive."""
    if len(lovers(state)) != 2:
        return False
    a, b = (camp_of(state, state.players[x]) for x in lovers(state))
    return a != b


# The solitaries' own victories, checked after the piper's: each returns (camp, winners) or None.
SOLO_WINS: tuple[Callable[[GameState], tuple[str, list[int]] | None], ...] = (
    sect_victory,  # official_solo.py: the Abominable Sectaire
)


def victory(state: GameState) -> tuple[str | None, list[int]] | None:
    """The camp that has won and its players (dead ones included), or None while the game goes on."""
    players = state.players
    alive = state.living()
    if not alive:
        return None, []
    couple = set(lovers(state))
    for seat in alive:
        if players[seat].role == "joueur-de-flute":
            # 001: the piper wins at once, alone, when every other living player is charmed (his lover apart).
            partner = next((x for x in couple if x != seat), None) if seat in couple else None
            if all(marks(state, x).charmed for x in alive if x not in (seat, partner)):
                return PIPER, [seat]
    for rule in SOLO_WINS:
        found = rule(state)
        if found is not None:
            return found
    mixed = mixed_couple(state)
    cupid = [p.seat for p in players.values() if p.role == "cupidon"] if state.options.get("cupid_with_lovers") else []
    if mixed and couple <= set(alive) and set(alive) <= couple | set(cupid):
        return LOVERS, sorted({*couple, *cupid})
    if len(alive) == 1 and camp_of(state, players[alive[0]]) in SOLO:
        return camp_of(state, players[alive[0]]), alive  # 001, 004: the solitary roles must be the last survivor
    if len(alive) > 1 and characters.enabled(state) and len({state.player_of(x) for x in alive}) == 1:
        # 004, two characters each: one player left has nobody to play against (his characters may sit in two
        # camps, and no rule lets one end the other). The camp that threatened the village has outlived it, else
        # the village wins; the last player wins with either of his characters.
        left = [camp_of(state, players[x]) for x in alive]
        camp = next((c for c in left if c in THREATS), VILLAGE)
        return camp, sorted({*(p.seat for p in players.values() if camp_of(state, p) == camp), *alive})
    apart = (couple if mixed else set()) | set(cupid if mixed else [])
    camps = [camp_of(state, players[x]) for x in alive]
    if not THREATS & set(camps):
        return VILLAGE, sorted(p.seat for p in players.values() if camp_of(state, p) == VILLAGE and p.seat not in apart)
    for camp in (WOLVES, VAMPIRES, HAMSTERS):
        # A pack wins when everyone alive belongs to it (003 for the wolves; 004 for vampires and hamsters).
        wins = all(c == camp for c in camps)
        if camp == WOLVES and state.options.get("wolves_win_one_villager") and WOLVES in camps:
            # 004 variant: one villager left is as good as none.
            others = [c for c in camps if c not in (WOLVES, VILLAGE)]
            wins = not others and camps.count(VILLAGE) <= 1
        if wins:
            return camp, sorted(p.seat for p in players.values() if camp_of(state, p) == camp and p.seat not in apart)
    return None


def won_now(ctx: Ctx) -> None:
    """After a death outside the order of the steps (the Assassin's signal, the Châtelain's order, the MJ): the game
    ends at once if it is won. When a hunter's shot or a successor is pending and the village is debating, the
    debate stops for them ("with his last breath") and then resumes for the time it had left; during a vote or at
    night they wait for the end of the step, which would otherwise lose the answers given."""
    s = ctx.s
    if s.phase not in ("night", "day"):
        return
    if not s.queue:
        check_victory(ctx)
        return
    step = s.step
    if s.phase == "day" and step is not None and step.key == "debate":
        ctx.fact(DebateInterrupted(None if step.deadline is None else max(step.deadline - ctx.at, 1.0)), to=MJ_ONLY)
        for prompt in ctx.step_prompts():
            ctx.close_prompt(prompt)
        proceed(ctx, "debate_resumed")


def resume_debate(ctx: Ctx) -> None:
    open_day_step(ctx, "debate")  # for the time it had left (debate_seconds)


def check_victory(ctx: Ctx) -> bool:
    if not any(wolfish(ctx.s, p) for p in ctx.s.players.values() if p.alive):
        for p in ctx.s.by_position():
            if p.alive and p.role == "traitre" and not marks(ctx.s, p.seat).wolf:
                # 004: the traitor becomes a wolf when every wolf is dead.
                ctx.fact(F.TurnedWolf(p.seat), to=[p.seat])
                ctx.announce("traitor_turns", to=[p.seat])
    ange = official_day.ange_result(ctx.s)
    result = ("ange", [ange]) if ange is not None else victory(ctx.s)
    if result is None:
        return False
    camp, winners = result[0], official_day.with_ange(ctx.s, result[1])
    ctx.emit("ended", {"camp": camp, "winners": winners, "reason": "victory",
                       "roles": {str(p.seat): p.role for p in ctx.s.players.values()}})
    return True


# -- day --------------------------------------------------------------------------------------------------------
def open_day_step(ctx: Ctx, key: str) -> None:
    """Open a day step: the engine's flow reads its spec in the ruleset's table (Thiercelieux.steps, the day's from
    day_steps.DAY_STEPS, which imports this module: hence the ruleset's table and not an import)."""
    open_spec(ctx, ctx.ruleset.steps, key)


def forum_schedule(ctx: Ctx) -> dict[str, float]:
    """The day ends at the next `day_end` (room time zone) that leaves time to vote before the lock (001)."""
    zone = ZoneInfo(opt(ctx, "timezone"))
    hours, minutes = (int(x) for x in opt(ctx, "day_end").split(":"))
    lock, late = 60 * int(opt(ctx, "vote_lock")), 60 * int(opt(ctx, "vote_late"))
    end = datetime.fromtimestamp(ctx.at, zone).replace(hour=hours, minute=minutes, second=0, microsecond=0)
    while end.timestamp() - lock <= ctx.at:
        end = (end + timedelta(days=1)).replace(hour=hours, minute=minutes)
    ends_at = end.timestamp()
    return {"ends_at": ends_at, "locks_at": ends_at - lock, "closes_at": ends_at - late}


def forum(ctx: Ctx) -> bool:
    return bool(opt(ctx, "schedule") == "forum")


def day_main(ctx: Ctx) -> None:
    schedule = None
    if forum(ctx):
        schedule = forum_schedule(ctx)
        ctx.fact(DayScheduled(schedule), to=MJ_ONLY)
        ctx.announce("day_schedule", None, **schedule)
    if ctx.s.day >= int(opt(ctx, "captain_day")) and opt(ctx, "captain") and captain(ctx.s) is None \
            and not village(ctx.s).captain_elected and opt(ctx, "captain_mode") == "election":
        open_day_step(ctx, "election")
        return
    debate(ctx)


def election_open(ctx: Ctx) -> None:
    living = ctx.s.living()
    schedule = scratch(ctx.s).schedule
    if schedule is not None:
        # 001: the first mayor is elected by secret ballot, sent to the MJ, on the first day.
        # A ballot says why to the MJ alone, as 001's private messages do, when there is an MJ to read it.
        ctx.open_prompt(step="election", kind="pick", to=characters.one_per_player(ctx.s, living),
                        options=living, min=0, max=1, locks_at=schedule["locks_at"],
                        info={} if opt(ctx, "host_plays") else {"reason": "for"})
    else:
        ctx.open_prompt(step="election", kind="pick", to=characters.one_per_player(ctx.s, living),
                        options=living, min=0, max=1, visibility="public", info={"reason": "for"})
    if opt(ctx, "moderation") == "mj":
        # The MJ may settle a tie; without an answer, chance does.
        p = ctx.open_prompt(step="election-mj", kind="pick", to_mj=True, options=living, min=0, max=1,
                            policy="first", optional=True)
        ctx.fact(QuestionOpened("election_mj", p.id), to=MJ_ONLY)
    # The day's powers act "à tout moment durant le jour" (004), the election included; the Protecteur
    # names his protégé before the village's vote, in the debate.
    open_day_powers(ctx, before_vote=False)


def election_seconds(ctx: Ctx) -> float:
    return scheduled_seconds(ctx) or float(opt(ctx, "election"))


def finish_election(ctx: Ctx) -> None:
    prompts = [p for p in ctx.step_prompts() if p.step == "election"]
    counts = tally(prompts[0]) if prompts else None
    living = ctx.s.living()
    judged = mj_pick(ctx, scratch(ctx.s).prompts.get("election_mj"))
    if counts:
        top = max(counts.values())
        tied = sorted(t for t, c in counts.items() if c == top and ctx.s.players[t].alive) or living
        winner = judged if judged in tied and len(tied) > 1 else ctx.choice(tied)
    else:
        # Nobody voted; the honour cannot be refused (003), so the MJ or chance names the captain.
        winner = judged if judged in living else ctx.choice(living)
    ctx.announce("election_result", counts={str(k): v for k, v in (counts or {}).items()})
    ctx.fact(F.CaptainElected())
    set_captain(ctx, winner)
    # In a forum game the first day is the election's (001); then night falls at the announced time.
    proceed(ctx, "nightfall" if forum(ctx) else "debate")


def scheduled_seconds(ctx: Ctx) -> float | None:
    """A forum day's election or vote ends when late votes close (None: not a forum day)..."""
    schedule = scratch(ctx.s).schedule
    return None if schedule is None else max(float(schedule["closes_at"]) - ctx.at, 0.01)


def vote_lock(ctx: Ctx) -> float | None:
    """...and not before votes lock even if everyone has voted: its floor, told to the MJ alone (day_steps.py)."""
    schedule = scratch(ctx.s).schedule
    return None if schedule is None else float(schedule["locks_at"])


def stalemate(ctx: Ctx) -> bool:
    """`stalemate_days` days without a death (the seeds have no rule: an MJ would stop such a game, and in
    automatic mode nobody else can): the game ends, nobody winning."""
    days = int(opt(ctx, "stalemate_days"))
    last = village(ctx.s).last_death_day
    if last is None:  # nobody died yet, or a game begun before the count: from its first death on
        last = 0 if all(p.alive for p in ctx.s.players.values()) else ctx.s.day
    if days <= 0 or ctx.s.day - int(last) < days:
        return False
    ctx.announce("stalemate", days=days)
    ctx.emit("ended", {"camp": None, "winners": [], "reason": "stalemate",
                       "roles": {str(p.seat): p.role for p in ctx.s.players.values()}})
    return True


def nightfall(ctx: Ctx) -> None:
    """Night comes now, or in a forum game at the hour announced in the morning."""
    if stalemate(ctx):
        return
    if official_day.second_vote(ctx):
        start_vote(ctx)  # the Juge bègue's signal: a second vote at once
        return
    schedule = scratch(ctx.s).schedule
    if schedule is not None and schedule["ends_at"] > ctx.at:
        open_day_step(ctx, "dusk")
        return
    begin_night(ctx)


def dusk_seconds(ctx: Ctx) -> float:
    schedule = scratch(ctx.s).schedule
    assert schedule is not None  # nightfall opens dusk on a forum day only
    return float(schedule["ends_at"]) - ctx.at


def debate(ctx: Ctx) -> None:
    if forum(ctx):
        # A forum day is its own debate: the vote is open all day.
        open_vote(ctx)
        return
    open_day_step(ctx, "debate")


def debate_open(ctx: Ctx) -> None:
    open_day_powers(ctx, before_vote=True)


def debate_seconds(ctx: Ctx) -> float | None:
    """The debate's countdown, or once a consequence interrupted it (won_now) the time it had left."""
    if scratch(ctx.s).after_queue == "debate_resumed":
        left = scratch(ctx.s).debate_left
        return None if left is None else float(left)
    return debate_length(ctx)


def debate_length(ctx: Ctx) -> float | None:
    """The debate's countdown; none when the MJ ends it (a meneur at the table reads the room, not a clock)."""
    if opt(ctx, "moderation") == "mj" and opt(ctx, "mj_ends_debate"):
        return None
    return float(opt(ctx, "debate"))


def voters(ctx: Ctx) -> list[int]:
    """The living, but a frog sits the day out (004); one ballot per player when each plays two characters."""
    living = [x for x in ctx.s.living() if marks(ctx.s, x).frog_day != ctx.s.day]
    living = official_day.allowed_voters(ctx.s, living)  # the revealed Idiot, the Bouc's choice
    return characters.one_per_player(ctx.s, living)


def open_day_powers(ctx: Ctx, before_vote: bool) -> None:
    """What may be done at any moment of the day: the Assassin's signal, and Le Village's day cards (004)."""
    open_assassin(ctx)
    day_roles.open_prompts(ctx, before_vote)


def open_assassin(ctx: Ctx) -> None:
    """004: the Assassin kills by day with a discreet signal; online, a secret action that kills at once."""
    for p in ctx.s.by_position():
        if p.alive and p.role == "assassin" and marks(ctx.s, p.seat).struck != ctx.s.day:
            targets = [x for x in ctx.s.living() if x != p.seat]
            ctx.open_prompt(step="assassin", kind="pick", to=[p.seat], options=targets, min=0, max=1,
                            policy="first", optional=True)


def open_vote(ctx: Ctx, candidates: list[int] | None = None, round_: int = 1) -> None:
    """The vote's round and candidates (None: the living), then its step ("vote", or "revote" after a tie)."""
    ctx.fact(VoteOpened(round_, candidates), to=MJ_ONLY)
    open_day_step(ctx, "vote" if round_ == 1 else "revote")


def vote_seconds(ctx: Ctx) -> float:
    return scheduled_seconds(ctx) or float(opt(ctx, "vote"))


def vote_open(ctx: Ctx) -> None:
    living = voters(ctx)
    round_, candidates = scratch(ctx.s).vote_round or 1, scratch(ctx.s).candidates
    schedule = scratch(ctx.s).schedule
    locks_at = schedule["locks_at"] if schedule is not None and round_ == 1 else None
    shield = day_roles.shielded(ctx.s)
    options = [x for x in candidates or ctx.s.living() if x != shield]
    # A vote may say why ("je vote contre X parce que…", 001): `info.reason` tells the pages which way it reads.
    ctx.open_prompt(step="vote" if round_ == 1 else "revote", kind="pick", to=living, options=options,
                    min=0 if opt(ctx, "allow_abstain") else 1, max=1, visibility="public", locks_at=locks_at,
                    info={"reason": "against"})
    # In a forum game the day is the vote: the Protecteur may still name someone while it is open.
    open_day_powers(ctx, before_vote=locks_at is not None)
    official_day.open_judge(ctx, round_)


def tallies(s: GameState, sees_all: bool) -> dict[str, dict[str, dict[str, int]]]:
    """The live count of each open vote whose ballots the viewer sees (public ones; every one for those who see
    all), as its end will count it: `counts` per candidate (weighted, with the votes nobody casts), `weights` of
    the ballots that count more than one, and `bonus`, those extra votes. The election counts one each."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for p in s.prompts.values():
        if p.closed or p.kind != "pick" or p.step not in ("vote", "revote", "election"):
            continue
        if p.visibility != "public" and not sees_all:
            continue
        if p.step == "election":
            counts, weights, bonus = tally(p), {}, {}
        else:
            counts = vote_count(s, p)
            weights = {v: w for v, w in vote_weights(s).items() if v in p.to}
            bonus = vote_bonus(s, p)
        out[p.id] = {"counts": {str(k): v for k, v in sorted(counts.items()) if v},
                     "weights": {str(k): v for k, v in weights.items()},
                     "bonus": {str(k): v for k, v in bonus.items()}}
    return out


def vote_weights(s: GameState) -> dict[int, int]:
    """Ballots that count more than one: the living captain's, twice (001, 003, 004), unless the room says not."""
    seat = living_captain(s)
    return {seat: 2} if seat is not None and s.options.get("captain_double", True) else {}


def vote_bonus(s: GameState, prompt: Prompt) -> dict[int, int]:
    """Votes nobody casts: the Corbeau's two against the player he marked, in the day's first round (001)."""
    raven = village(s).raven
    if (scratch(s).vote_round in (None, 1) and isinstance(raven, int) and raven in s.players
            and s.players[raven].alive and raven in prompt.options):
        return {raven: 2}
    return {}


def vote_count(s: GameState, prompt: Prompt) -> Counter[int]:
    """The count of a village vote exactly as its end will make it: the captain's weight, the Corbeau's votes, and
    nothing against the Protecteur's choice (004). The live count on the pages is this one."""
    counts = tally(prompt, vote_weights(s))
    for seat, extra in vote_bonus(s, prompt).items():
        counts[seat] += extra
    day_roles.drop_shielded(s, counts)
    return counts


def finish_vote(ctx: Ctx) -> None:
    s = ctx.s
    prompts = ctx.step_prompts()
    prompt = prompts[0]
    round_ = scratch(s).vote_round or 1
    chief = living_captain(s)
    counts = vote_count(s, prompt)
    raven = village(s).raven
    if raven is not None and round_ == 1:
        ctx.fact(F.RavenMarked(None))
    ctx.announce("vote_result", counts={str(k): v for k, v in counts.items()}, round=round_)
    if not counts:
        ctx.announce("nobody_eliminated")
        proceed(ctx, "nightfall")
        return
    top = max(counts.values())
    tied = sorted(t for t, c in counts.items() if c == top)
    if len(tied) == 1:
        condemn(ctx, tied[0])
        return
    scape = official_day.scapegoat(s, day_roles.shielded(s))
    if scape is not None:
        ctx.announce("scapegoat_dies", seat=scape, seats=tied)
        ctx.fact(ScapegoatBlamed(scape), to=MJ_ONLY)
        eliminate(ctx, scape)
        return
    cap_pick = (prompt.answers.get(chief) or [None])[0] if chief is not None else None
    if opt(ctx, "tie_rule") == "revote" and round_ == 1:
        cap_pick = None  # 004: a tie means a second round, whatever the captain voted
    if cap_pick in tied:
        ctx.announce("captain_breaks_tie", seat=cap_pick)
        condemn(ctx, cap_pick)
    elif cap_pick is not None:
        # The captain voted for someone else: he chooses among the tied (001).
        ctx.fact(VoteTied(tied), to=MJ_ONLY)
        open_day_step(ctx, "captain-tiebreak")
    elif round_ == 1:
        ctx.announce("tie_revote", seats=tied)
        open_vote(ctx, tied, 2)
    else:
        ctx.announce("tie_nobody", seats=tied)
        proceed(ctx, "nightfall")


def tiebreak_open(ctx: Ctx) -> None:
    chief = living_captain(ctx.s)
    assert chief is not None  # finish_vote asks the living captain
    ctx.open_prompt(step="captain-tiebreak", kind="pick", to=[chief], options=scratch(ctx.s).tied or [], min=1, max=1)


def finish_tiebreak(ctx: Ctx) -> None:
    prompts = ctx.step_prompts()
    tied = scratch(ctx.s).tied or []
    answer = next(iter(prompts[0].answers.values()), None) if prompts else None
    target = answer[0] if answer else ctx.choice(tied)
    ctx.announce("captain_breaks_tie", seat=target)
    condemn(ctx, target)


def on_vote(ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None:
    s = ctx.s
    now = prompt.answers.get(seat)
    if opt(ctx, "hesitation_against_self") and previous is not None and previous != now:
        # 004: "quelqu'un qui hésite ou change son vote vote contre lui-même" — and that vote is final.
        ctx.emit("answered", {"prompt": prompt.id, "seat": seat, "answer": [seat]})
        ctx.fact(F.Hesitated(seat, s.day))
        ctx.announce("hesitated", seat=seat)
    if opt(ctx, "vote_mode") == "continuous" and not prompt.closed:
        # 004: votes are cast and changed at will; as soon as someone has a majority, the vote is over.
        weights = vote_weights(s)
        counts = tally(prompt, weights)
        day_roles.drop_shielded(s, counts)
        total = sum(weights.get(v, 1) for v in prompt.to)
        if counts and max(counts.values()) * 2 > total:
            ctx.close_prompt(prompt)


def open_standing(ctx: Ctx) -> None:
    """004 "C'est sûrement pas lui": everyone stands; the left neighbour of the last dead clears someone, who sits
    and clears another, and so on; the last one standing is eliminated."""
    order = [p.seat for p in ctx.s.by_position()]
    last = village(ctx.s).last_dead
    start = order.index(last) + 1 if last in order else 0
    living = ctx.s.living()
    current = next(order[(start + i) % len(order)] for i in range(len(order))
                   if order[(start + i) % len(order)] in living)
    # The Protecteur's choice cannot be the one eliminated: he sits down at once (004, Le Village).
    ctx.fact(StillStanding([x for x in living if x != day_roles.shielded(ctx.s)]), to=MJ_ONLY)
    next_clearer(ctx, current)


def next_clearer(ctx: Ctx, current: int) -> None:
    standing = scratch(ctx.s).standing or []
    if len(standing) <= 1:
        eliminate(ctx, standing[0]) if standing else proceed(ctx, "nightfall")
        return
    ctx.fact(ClearerCalled(current), to=MJ_ONLY)
    open_day_step(ctx, "standing")


def standing_open(ctx: Ctx) -> None:
    current, standing = scratch(ctx.s).clearer, scratch(ctx.s).standing or []
    assert current is not None  # next_clearer set it
    ctx.open_prompt(step="standing", kind="pick", to=[current], options=[x for x in standing if x != current],
                    min=1, max=1, visibility="public")


def finish_standing(ctx: Ctx) -> None:
    current = scratch(ctx.s).clearer
    assert current is not None  # next_clearer set it
    standing = scratch(ctx.s).standing or []
    prompts = ctx.step_prompts()
    options = [x for x in standing if x != current and ctx.s.players[x].alive]
    answer = prompts[0].answers.get(current) if prompts else None
    if not answer and not options:
        # The MJ killed everyone else still standing: nobody left to clear, the last one standing is eliminated.
        ctx.fact(StillStanding([x for x in standing if ctx.s.players[x].alive]), to=MJ_ONLY)
        next_clearer(ctx, current)
        return
    cleared = answer[0] if answer else ctx.choice(options)
    ctx.announce("cleared", seat=cleared, by=current)
    ctx.fact(StillStanding([x for x in standing if x != cleared and ctx.s.players[x].alive]), to=MJ_ONLY)
    next_clearer(ctx, cleared)


def open_verdict(ctx: Ctx, accused: int) -> None:
    """004: the suspect pleads, then the village votes guilty or not guilty."""
    ctx.fact(Accused(accused), to=MJ_ONLY)
    ctx.announce("accused", seat=accused)
    open_day_step(ctx, "plea")


def plea_seconds(ctx: Ctx) -> float:
    return max(float(opt(ctx, "debate")) / 2, 0.01)


def open_jury(ctx: Ctx) -> None:
    """The plea is over: the village's verdict."""
    open_day_step(ctx, "verdict")


def jury_open(ctx: Ctx) -> None:
    accused = scratch(ctx.s).accused
    assert accused is not None  # open_verdict set it
    jurors = [x for x in voters(ctx) if not characters.same_player(ctx.s, x, accused)]
    ctx.open_prompt(step="verdict", kind="confirm", to=jurors, visibility="public", info={"accused": accused})


def finish_verdict(ctx: Ctx) -> None:
    accused = scratch(ctx.s).accused
    assert accused is not None  # open_verdict set it
    prompts = ctx.step_prompts()
    answers = list(prompts[0].answers.values()) if prompts else []
    guilty, innocent = answers.count(True), answers.count(False)
    ctx.announce("verdict", seat=accused, guilty=guilty, innocent=innocent)
    if guilty > innocent and ctx.s.players[accused].alive:
        eliminate(ctx, accused)
    else:
        ctx.announce("nobody_eliminated")
        proceed(ctx, "nightfall")


def condemn(ctx: Ctx, seat: int) -> None:
    """The vote's choice: eliminated at once, or (004's trial variant) an accused who pleads before a verdict."""
    if opt(ctx, "vote_mode") == "trial":
        open_verdict(ctx, seat)
    else:
        eliminate(ctx, seat)


def start_vote(ctx: Ctx) -> None:
    if opt(ctx, "vote_mode") == "standing":
        open_standing(ctx)
    else:
        open_vote(ctx)


def eliminate(ctx: Ctx, seat: int) -> None:
    lord = day_roles.may_pardon(ctx.s)
    if lord is not None:
        # 004, Le Village: the Châtelain may pardon the person lynched, once in the game.
        day_roles.ask_pardon(ctx, lord, seat)
        open_day_step(ctx, "chatelain-grace")
        return
    lynch(ctx, seat)


def finish_pardon(ctx: Ctx) -> None:
    condemned = scratch(ctx.s).condemned
    assert condemned is not None  # day_roles.ask_pardon set it
    # Struck down meanwhile (the Assassin, the MJ): nothing left to pardon or to lynch.
    if not ctx.s.players[condemned].alive or day_roles.pardoned(ctx):
        proceed(ctx, "nightfall")
    else:
        lynch(ctx, condemned)


def lynch(ctx: Ctx, seat: int) -> None:
    if official_day.spare_idiot(ctx, seat):
        proceed(ctx, "nightfall")
        return
    if official_day.ask_servant(ctx, seat):
        open_day_step(ctx, official_day.SERVANT)
        return  # finish_servant goes on
    ctx.announce("eliminated", seat=seat)
    kill(ctx, seat, "vote")
    proceed(ctx, "nightfall")


def finish_servant(ctx: Ctx) -> None:
    condemned = official_day.finish_servant(ctx)
    if ctx.s.players[condemned].alive:
        lynch(ctx, condemned)
    else:
        proceed(ctx, "nightfall")  # struck down meanwhile (the Assassin, the MJ)


def finish_scapegoat(ctx: Ctx) -> None:
    official_day.finish_scapegoat(ctx)
    proceed(ctx, after_queue(ctx.s))


def validate_vote(state: GameState, seat: int, target: int) -> str | None:
    every, some = vote_refusals(state, seat)
    return every or some.get(target)


def vote_refusals(state: GameState, seat: int) -> tuple[str | None, dict[int, str]]:
    """Why `seat` may not vote against someone: a reason that holds for every target (hesitated: the vote is
    final), and the targets refused with theirs, the first that applies (one's own characters, the Protecteur's
    choice, Cupidon's lovers, one's beloved). One reading for the check and for the pages (asks.py)."""
    if marks(state, seat).hesitated == state.day:
        return "hesitated", {}
    out: dict[int, str] = {seat: "self_vote"}
    # With two characters each (004) the player's ballot is bound by both of his cards.
    mine = [state.players[x] for x in state.seats_of(state.player_of(seat))] or [state.players[seat]]
    if characters.enabled(state):
        for p in mine:
            out[p.seat] = "self_vote"
    shield = day_roles.shielded(state)
    if shield is not None:
        out.setdefault(shield, "shielded")
    if state.options.get("cupid_no_vote_lovers") and any(p.role == "cupidon" for p in mine):
        for lover in lovers(state):
            out.setdefault(lover, "cupid_vote")
    for p in mine:
        beloved = marks(state, p.seat).lover
        if p.seat in lovers(state) and beloved in lovers(state):
            out.setdefault(beloved, "lover_vote")
    return None, out


# 003: « Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice ». Two kinds of acts:
# - AGAINST acts as a vote against the one named: the Corbeau's two votes (001: « deux voix contre lui »), the
#   captain's choice among the tied, clearing the other of the last two standing (004's standing vote: the one left
#   is eliminated), and 004's guilty verdict (a confirm: True). Like the vote itself they always bind the lover,
#   and Cupidon with `cupid_no_vote_lovers` (`lover_vote`, `cupid_vote`).
# - HARMFUL does him harm: a death (the packs' victims, the Loup Blanc's, the Grand Méchant Loup's, the Tueur's,
#   the Assassin's, the Châtelain's, the witch's poison, the hunter's shot), a bite that turns him vampire, a
#   frog's day and night out of the game, a night asleep (`lover_harm`; the option `lovers_may_harm` lifts these).
# Protecting, seeing, visiting, charming (001 lets the piper in love leave his beloved uncharmed, nothing more) and
# the Infect's bite (it saves the pack's victim from death) do no harm. The lover is bound only once told whom he
# loves (the `lover` tag, the Amoureux step): a refusal never tells more than he knows.
HARMFUL = frozenset({"loups", "hamsters", "loup-blanc", "tueur", "assassin", "chatelain-kill", "sorciere-poison",
                     "chasseur", "vampires", "magicien", "marchand-de-sable", "grand-mechant-loup"})
AGAINST = frozenset({"corbeau", "captain-tiebreak", "standing"})
VERDICT_GUILTY = "true"  # the option key of a guilty verdict in the view's `disabled` (the page's String(true))


def beloved_of(state: GameState, seat: int) -> set[int]:
    """The beloved of `seat` as the lover knows him (the `lover` tag, told on the first night); with two characters
    each (004) both cards bind the player."""
    couple = lovers(state)
    mine = [state.players[x] for x in state.seats_of(state.player_of(seat))] or [state.players[seat]]
    known = (marks(state, p.seat).lover for p in mine if p.seat in couple)
    return {lover for lover in known if lover is not None and lover in couple}


def bound_against(state: GameState, seat: int) -> dict[int, str]:
    """Whom `seat` may never act against as a vote: his beloved (003), Cupidon's lovers (004's option)."""
    out = {b: "lover_vote" for b in beloved_of(state, seat)}
    mine = [state.players[x] for x in state.seats_of(state.player_of(seat))] or [state.players[seat]]
    if state.options.get("cupid_no_vote_lovers") and any(p.role == "cupidon" for p in mine):
        for lover in lovers(state):
            out.setdefault(lover, "cupid_vote")
    return out


def love_refusals(state: GameState, prompt: Prompt, seat: int) -> dict[str, str]:
    """The options of `prompt` that love refuses `seat`, with the code: one reading for validate_answer and for the
    pages (asks.disabled)."""
    if prompt.step == "verdict":
        code = bound_against(state, seat).get(prompt.info.get("accused", -1))
        return {VERDICT_GUILTY: code} if code else {}
    if prompt.kind != "pick":
        return {}
    if prompt.step in AGAINST:
        bound = bound_against(state, seat)
        if prompt.step == "standing":
            # Clearing someone condemns whoever is then the last one standing.
            standing = set(scratch(state).standing or [])
            last = {o: next(iter(standing - {o})) for o in prompt.options if len(standing - {o}) == 1}
            return {str(o): bound[v] for o, v in last.items() if v in bound}
        return {str(o): bound[o] for o in prompt.options if o in bound}
    if prompt.step in HARMFUL and not state.options.get("lovers_may_harm"):
        beloved = beloved_of(state, seat)
        return {str(o): "lover_harm" for o in prompt.options if o in beloved}
    return {}


def love_refusal(state: GameState, prompt: Prompt, seat: int, answer: Any) -> str | None:
    """The code refusing `seat`'s answer to `prompt` for love's sake, if any."""
    refused = love_refusals(state, prompt, seat)
    if not refused:
        return None
    chosen = [VERDICT_GUILTY] if answer is True else [str(x) for x in answer] if isinstance(answer, list) else []
    return next((refused[c] for c in chosen if c in refused), None)


# Where `proceed` goes once the consequences are dealt with and victory checked: by name, since the name waits in the
# scratch meanwhile (ConsequencesFirst, older logs' `after_queue`). How each step opens and ends: day_steps.py and
# manifest.py (the engine's flow runs them).
TRANSITIONS: dict[str, Callable[[Ctx], None]] = {
    "night_step": open_night_step,
    "day_main": day_main,
    "debate": debate,
    "debate_resumed": resume_debate,
    "vote": start_vote,
    "night": begin_night,
    "nightfall": nightfall,
}

def after_dawn(ctx: Ctx) -> None:
    proceed(ctx, "day_main")


def after_debate(ctx: Ctx) -> None:
    proceed(ctx, "vote")


def after_dusk(ctx: Ctx) -> None:
    proceed(ctx, "night")


def finish_step(ctx: Ctx) -> None:
    """The engine's flow ends the step under way: a night stage held to its drawn end, or closed, then its
    consequences and the next stage; a day step (or a consequence's, by night too) closed by its spec."""
    if finish_spec(ctx, night_of(ctx.ruleset).steps, then=next_night_step):
        return
    key = ctx.s.step.key if ctx.s.step is not None else None
    done = finish_spec(ctx, ctx.ruleset.steps)
    assert done == "closed", f"no spec for the step {key!r}"  # every step Thiercelieux opens is in its table


def next_night_step(ctx: Ctx) -> None:
    next_group(ctx)
    proceed(ctx, "night_step")
