"""The village's day roles of the official game beyond the seeds (issue 14; Nouvelle Lune and Personnages):
Ange, Bouc émissaire, Idiot du village (the role), Villageois-Villageois, Juge bègue, Chevalier à l'épée rouillée,
Servante dévouée. docs/rules/thiercelieux.md ("Issue 14") gives each printed rule and every interpretation.

None of them wakes at night, so none has a night step (nothing to hide in the night's timing). Their rules meet
the day's flow at a few named points, each a call in flow.py: the first turn (`first_turn`), a death
(`on_death`), a tie (`scapegoat`), who votes (`allowed_voters`), a lynch (`spare_idiot`, `ask_servant`), the end of
the day (`second_vote`), victory (`ange_result`, `with_ange`). Their two steps, the dead Bouc's choice and the
Servante's, are rows of day_steps.DAY_STEPS (`scapegoat_open`, `servant_open` and her floor `servant_pause`). The
Chevalier's rust is a row of dawn's priority table (dawn.RESOLUTION). This module never calls flow: its functions
say what happened (True: the day comes first, the Servante is asked; the condemned after her answer) and flow.py
goes on from there.
"""

from __future__ import annotations

import random
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Player, Prompt
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.night_plan import night_cards
from app.engine.rulesets.thiercelieux.roles import (
    has_power,
    holds,
    wolfish,
)
from app.engine.rulesets.thiercelieux.scratch_facts import ServantAsked, ServantDone
from app.engine.rulesets.thiercelieux.state import Death, lovers, marks, scratch, village

ANGE = "ange"
SCAPEGOAT = "bouc-emissaire"
IDIOT = "idiot-du-village"
VV = "villageois-villageois"
JUDGE = "juge-begue"
KNIGHT = "chevalier-epee-rouillee"
SERVANT = "servante-devouee"
# Their cards and weights are in roles.py's tables, with every other card.


# -- the first turn (Ange, Villageois-Villageois) ------------------------------------------------------------------
def ange_day_first(s: GameState) -> bool:
    return ANGE in s.composition and bool(s.options.get("ange_day_first", True))


def first_turn(ctx: Ctx) -> bool:
    """After the deal: the Villageois-Villageois's card lies face up; with an Ange in play the game opens with the
    village's debate and vote (option `ange_day_first`): the day begins here, True (flow.first_turn goes on to
    the day's debate); else False, and the flow begins the first night."""
    for p in ctx.s.by_position():
        if p.role == VV and not p.revealed:  # (an undone first day finds it face up already)
            # His card shows a villager on both sides: everyone knows him innocent.
            ctx.emit("revealed", {"seat": p.seat})
            ctx.announce("vv_shown", seat=p.seat)
    if not ange_day_first(ctx.s):
        return False
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    ctx.announce("ange_day_first")
    return True


def card_given(ctx: Ctx, seat: int, card: str) -> None:
    """The MJ gave a card during the game (`set_role`): the Villageois-Villageois's is face up at once."""
    if card == VV and ctx.s.players[seat].alive and not ctx.s.players[seat].revealed:
        ctx.emit("revealed", {"seat": seat})
        ctx.announce("vv_shown", seat=seat)


def first_turn_death(s: GameState, cause: str) -> bool:
    """The Ange's "premier tour": the first day's (first) vote, or the first night."""
    if cause == "vote":
        return s.day == 1 and village(s).second_vote != 1
    return cause == "night" and s.night == 1


def ange_result(s: GameState) -> int | None:
    """The Ange who won, when his win ends the game (option `ange_victory`: ends)."""
    seat = village(s).ange_won
    return seat if isinstance(seat, int) and s.options.get("ange_victory", "ends") == "ends" else None


def with_ange(s: GameState, winners: list[int]) -> list[int]:
    """The game went on after the Ange's win (`ange_victory`: goes_on): he is among the winners whoever wins."""
    seat = village(s).ange_won
    return sorted({*winners, seat}) if isinstance(seat, int) else winners


# -- deaths (Ange, Chevalier, Bouc émissaire) ---------------------------------------------------------------------
def on_death(ctx: Ctx, p: Player, cause: str, source: str) -> None:
    """What a death sets going for these roles; called by flow.kill once the player is dead."""
    s = ctx.s
    if ANGE in (p.role, p.original_role) and first_turn_death(s, cause) and village(s).ange_won is None:
        ctx.fact(F.AngeWon(p.seat))
    if holds(s, p, KNIGHT) and source == "wolves" and has_power(s, p):
        wolf = left_wolf(s, p.seat)
        if wolf is not None:
            # His rusty sword gives the wolf tetanus: he dies the next night. Only the MJ knows which wolf.
            ctx.fact(F.Rusted(wolf, s.night + 1), to=MJ_ONLY)
    if scratch(s).scapegoat == p.seat and cause == "vote":
        # The Bouc, dead of a tie, names who may vote on the next day: a consequence, like the hunter's shot.
        ctx.emit("queue", {"queue": [*s.queue, {"kind": "bouc", "seat": p.seat}]}, to=[])


def left_wolf(s: GameState, seat: int) -> int | None:
    """The first living wolf on `seat`'s left: the next seats around the table (as 004's "voisin de gauche")."""
    order = [p.seat for p in s.by_position()]
    start = order.index(seat)
    for k in range(1, len(order)):
        other = s.players[order[(start + k) % len(order)]]
        if other.alive and wolfish(s, other):
            return other.seat
    return None


def rust(ctx: Ctx, apply: bool = True) -> list[Death]:
    """The wolf the Chevalier wounded dies of tetanus at the end of the next night, whatever protects him."""
    return [(p.seat, "rust") for p in ctx.s.by_position() if p.alive and marks(ctx.s, p.seat).rusted == ctx.s.night]



# -- the vote (Bouc émissaire, Idiot du village, Juge bègue) ------------------------------------------------------
def scapegoat(s: GameState, shield: int | None) -> int | None:
    """On a tie the Bouc émissaire dies, tied or not, before any captain or second round decides."""
    for p in s.by_position():
        if p.alive and holds(s, p, SCAPEGOAT) and has_power(s, p) and p.seat != shield:
            return p.seat
    return None


def scapegoat_open(ctx: Ctx) -> None:
    """The dead Bouc's question, once his step is open (the consequence under way: flow.open_consequence)."""
    item = scratch(ctx.s).item
    assert item is not None  # the consequence open now (flow.open_consequence)
    seat, living = item["seat"], ctx.s.living()
    if living:
        ctx.open_prompt(step=SCAPEGOAT, kind="pick", to=[seat], options=living, min=1, max=len(living),
                        dead_may_answer=True)


def finish_scapegoat(ctx: Ctx) -> None:
    """The dead Bouc's choice is taken; the flow then goes on where his death interrupted it."""
    item = scratch(ctx.s).item
    assert item is not None  # the consequence open now (flow.open_consequence)
    seat = item["seat"]
    prompts = ctx.step_prompts()
    chosen = prompts[0].answers.get(seat) if prompts else None
    if chosen:
        # Public: the village must know who votes tomorrow. Silence lets everyone vote.
        ctx.fact(F.VotersChosen(ctx.s.day + 1, sorted(chosen)))
        ctx.announce("scapegoat_chose", seat=seat, seats=sorted(chosen))


def allowed_voters(s: GameState, living: list[int]) -> list[int]:
    """Who votes today: not a revealed Idiot du village; only those the dead Bouc named, if one of them lives."""
    out = [x for x in living if not marks(s, x).idiot_revealed]
    mark = village(s).voters
    if isinstance(mark, dict) and mark.get("day") == s.day:
        chosen = [x for x in out if x in mark["seats"]]
        out = chosen or out
    return out


def open_judge(ctx: Ctx, round_: int) -> None:
    """The Juge bègue's signal, secret, during the day's first vote; once in the game. Not in a forum game,
    whose day ends at a set hour."""
    s = ctx.s
    if round_ != 1 or village(s).second_vote == s.day or s.options.get("schedule") == "forum":
        return
    for p in s.by_position():
        if p.alive and holds(s, p, JUDGE) and has_power(s, p) and not marks(s, p.seat).judge_used:
            ctx.open_prompt(step=JUDGE, kind="confirm", to=[p.seat], policy="first", optional=True)


def judge_signals(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    ctx.close_prompt(prompt)
    if prompt.answers.get(seat) is not True:
        return
    ctx.fact(F.JudgeSignalled(seat, ctx.s.day), to=[seat])
    ctx.fact(F.SecondVoteAsked(ctx.s.day), to=MJ_ONLY)
    ctx.announce("judge_signalled", to=MJ_ONLY, seat=seat)


def second_vote(ctx: Ctx) -> bool:
    """At the day's end: the Juge bègue signalled, so the village votes again at once, without a debate. The MJ
    announces it without saying who asked."""
    s = ctx.s
    if village(s).judge_signal != s.day or village(s).second_vote == s.day:
        return False
    ctx.fact(F.SecondVoteCalled(s.day))
    return True


# -- the lynch (Idiot du village, Servante dévouée) ---------------------------------------------------------------
def ask_servant(ctx: Ctx, seat: int) -> bool:
    """Before the condemned dies, unless the Idiot du village was spared: the Servante dévouée may take his card,
    once per lynch, whenever her card is in play. True when she is asked: the flow opens her step (SERVANT) and the
    lynch waits for it (finish_servant)."""
    if scratch(ctx.s).servant_done == seat or SERVANT not in night_cards(ctx.s):
        return False
    ctx.fact(ServantAsked(seat), to=MJ_ONLY)
    return True


def spare_idiot(ctx: Ctx, seat: int) -> bool:
    s = ctx.s
    p = s.players[seat]
    if not holds(s, p, IDIOT) or marks(s, seat).idiot_revealed or not has_power(s, p):
        return False
    # The village sees his card and spares him; he stays, talks, and never votes again. A second lynch kills him.
    ctx.emit("revealed", {"seat": seat})
    ctx.fact(F.PowerSpent(seat, "idiot"))
    ctx.announce("idiot_spared", seat=seat)
    return True


def servant_of(s: GameState, condemned: int) -> int | None:
    """The Servante who may take the condemned's card: alive, not him, not in love, her power unused."""
    for p in s.by_position():
        if (p.alive and p.seat != condemned and holds(s, p, SERVANT) and has_power(s, p)
                and not marks(s, p.seat).servant_used and p.seat not in lovers(s)):
            return p.seat
    return None


def servant_pause(ctx: Ctx) -> float:
    """Whenever the card is in play, every lynch waits `reaction` seconds for her, asked or not (dead, used,
    in love), so the pause says nothing of her: her step's floor (day_steps.py), told to the MJ alone."""
    return ctx.at + float(ctx.s.options["reaction"])


def servant_open(ctx: Ctx) -> None:
    """Her question, once her step is open, if she may take the condemned's card."""
    condemned = scratch(ctx.s).servant_for
    assert condemned is not None  # ask_servant set it
    seat = servant_of(ctx.s, condemned)
    if seat is not None:
        ctx.open_prompt(step=SERVANT, kind="confirm", to=[seat], info={"condemned": condemned})


def finish_servant(ctx: Ctx) -> int:
    """The Servante's answer is taken; the condemned returned, whom the flow lynches if he still lives."""
    condemned = scratch(ctx.s).servant_for
    assert condemned is not None  # ask_servant set it
    prompts = ctx.step_prompts()
    seat = prompts[0].to[0] if prompts and prompts[0].to else None
    if (seat is not None and prompts[0].answers.get(seat) is True and ctx.s.players[seat].alive
            and ctx.s.players[condemned].alive):
        take_card(ctx, seat, condemned)
    ctx.fact(ServantDone(condemned), to=MJ_ONLY)
    return condemned


# The marks that say a card's one-time powers are spent (`servante_powers`: spent).
SPENT = ("heal_used", "poison_used", "infect_used", "sheep", "last_protected", "struck", "judge_used")


def take_card(ctx: Ctx, seat: int, condemned: int) -> None:
    """She shows her own card, gives it to the condemned (who dies with it) and takes his without showing it."""
    s = ctx.s
    role = s.players[condemned].role or "villageois"
    ctx.fact(F.PowerSpent(seat, "servant"))
    ctx.announce("servant_takes", seat=seat, target=condemned)
    ctx.set_card(condemned, SERVANT)
    ctx.set_card(seat, role)
    ctx.announce("servant_new_role", to=[seat], role=role)
    if s.options.get("servante_powers", "fresh") == "spent":
        dead = marks(s, condemned).shown()
        spent = {key: dead[key] for key in SPENT if key in dead}
        if spent:
            ctx.fact(F.PowersInherited(seat, spent), to=[seat])


def random_options(rnd: random.Random) -> dict[str, Any]:
    """The options of these roles in random games (app/sim.py `--roles all`)."""
    return {"ange_day_first": rnd.random() < 0.8, "ange_victory": rnd.choice(["ends", "goes_on"]),
            "servante_powers": rnd.choice(["fresh", "spent"])}


def answer_hooks(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """Answers that act at once: the Juge bègue's signal."""
    if prompt.step == JUDGE:
        judge_signals(ctx, prompt, seat)


def public_marks(s: GameState) -> dict[str, Any]:
    """For the pages: the revealed Idiot(s), who may vote today by the Bouc's choice, the Ange's win."""
    mark = village(s).voters
    return {
        "idiots": sorted(p.seat for p in s.players.values() if marks(s, p.seat).idiot_revealed),
        "voters_only": mark["seats"] if isinstance(mark, dict) and mark.get("day") == s.day else None,
        "ange_won": village(s).ange_won,
    }
