"""The night: its order is data (presets below), each step a pair of small handlers (open, close) that the engine's
flow runs (`NightStep`, a `StepSpec` of app/engine/flow.py); the table of every step's is manifest.STEPS."""

from __future__ import annotations

from functools import partial
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import Action, Hidden, StepSpec
from app.engine.night_length import plausible_range
from app.engine.prompts import MJ_SEAT, tally, team_choice
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.roles import ROLES, has_power, holds, is_wolf, wolfish
from app.engine.rulesets.thiercelieux.scratch_facts import (
    Infected,
    PetiteFilleSaw,
    PetiteFilleSubstituted,
    QuestionOpened,
    WitchHealed,
    WitchPoisoned,
    WolvesChose,
)
from app.engine.rulesets.thiercelieux.state import lovers, marks, scratch, spare_cards

# Official order: 003 (tour de préparation, tour normal) with 004's recommended order for the other roles
# (RULES-NOTES "Night order presets"). The forum preset follows 001's list. The MJ may edit either.
NIGHT_ORDERS: dict[str, list[str]] = {
    "official": ["voleur", "cupidon", "enfant-sauvage", "chien-loup", "amoureux", "soeurs", "freres",
                 "francs-macons", "apprenti", "assassin", "ancien",
                 "comedien", "marchand-de-sable", "renard", "salvateur",
                 "somnambule", "casanova", "louveteau", "voyante", "loups",
                 "infect", "grand-mechant-loup", "hamsters", "vampires", "loup-blanc", "tueur", "sorciere",
                 "gitane", "esprits", "corbeau", "berger",
                 "joueur-de-flute", "magicien", "chaman"],
    "forum": ["voleur", "cupidon", "enfant-sauvage", "chien-loup", "amoureux", "soeurs", "freres",
              "francs-macons", "apprenti", "assassin", "ancien", "comedien", "renard", "voyante",
              "salvateur", "marchand-de-sable", "somnambule", "casanova", "louveteau", "joueur-de-flute", "loups",
              "infect", "grand-mechant-loup", "hamsters", "vampires", "loup-blanc", "tueur", "sorciere", "gitane",
              "esprits", "corbeau", "berger", "magicien",
              "chaman"],
}
# Every night step, whatever the order: the keys of manifest.STEPS (tests/thiercelieux/test_manifest.py).
NIGHT_STEPS = frozenset(key for order in NIGHT_ORDERS.values() for key in order)
FIRST_NIGHT_ONLY = {"voleur", "cupidon", "amoureux", "francs-macons", "apprenti", "assassin", "ancien",
                    "enfant-sauvage", "chien-loup"}  # the last two: official_night.py

# DESIGN: "at night, steps that do not depend on each other can run in parallel online". With the room option
# `night_parallel`, neighbouring steps of this set share one stage: their questions are asked together, and
# their answers are taken in the night order when the stage ends, as if one after the other. None of them asks
# anything that a step of the same stage decides. Every other step is a stage of its own, because it reads what
# the step just before decided (the Sorcière and the Infect read the wolves' victim, Amoureux reads Cupidon's
# choice) or changes who wakes and as what (the Voleur's swap, the Marchand de sable's sleeper, the Louveteau
# turned, the vampires' bite, the Loup Blanc's and the Magicien's own rules).
PARALLEL = frozenset({"francs-macons", "apprenti", "assassin", "ancien", "salvateur", "somnambule", "casanova",
                      "voyante", "loups", "hamsters", "tueur", "corbeau", "berger", "joueur-de-flute"})
TOGETHER = "ensemble"  # the key of a stage of several steps


def stages(steps: list[str], parallel: bool) -> list[list[str]]:
    """The night's steps grouped into stages (one step each unless the night runs in parallel)."""
    out: list[list[str]] = []
    for key in steps:
        if parallel and key in PARALLEL and out and out[-1][0] in PARALLEL:
            out[-1].append(key)
        else:
            out.append([key])
    return out


# The packs vote together, often after a chat: their steps get half as long again. By key only, never by holder.
LONGER: dict[str, float] = {"loups": 1.5, "vampires": 1.5, "hamsters": 1.5}


def night_bounds(key: str, options: dict[str, Any]) -> tuple[float, float]:
    """The bounds of night step `key`'s length, from the room's options and the key alone (never its holder).

    A live step lasts a time drawn in [plausible_min, plausible_max] (by default 40 % and two thirds of
    `night_step`), half as long again for a pack, never more than `night_step`; a forum step lasts `night_step`.
    A stage of several steps draws in the widest bounds of its steps' (flow.open_keys)."""
    if options.get("schedule") == "forum":
        cap = float(options["night_step"])
        return cap, cap
    return plausible_range(options, LONGER.get(key, 1.0))


class NightStep(StepSpec):
    """A night step as the engine's flow runs it: its handlers, `open` (its questions) and `close` (their answers
    taken); its length the plausible hidden one (`Hidden`: drawn in `night_bounds`, whoever holds its card, alive
    or not, answered or not); its group TOGETHER if it may share a stage (PARALLEL)."""

    __slots__ = ()

    def __init__(self, key: str, open: Action, close: Action) -> None:
        super().__init__(key, open, close, Hidden(partial(night_bounds, key)),
                         TOGETHER if key in PARALLEL else None)


def awake(ctx: Ctx, seat: int) -> bool:
    """Not put to sleep by the Marchand de sable, not a frog tonight (004)."""
    return scratch(ctx.s).asleep != seat and marks(ctx.s, seat).frog_night != ctx.s.night


def holders(ctx: Ctx, role: str) -> list[int]:
    """The living holders of a card who can use it tonight."""
    return [p.seat for p in ctx.s.by_position()
            if p.alive and holds(ctx.s, p, role) and awake(ctx, p.seat) and has_power(ctx.s, p)]


def wolves(ctx: Ctx) -> list[int]:
    return [p.seat for p in ctx.s.by_position() if p.alive and wolfish(ctx.s, p) and awake(ctx, p.seat)]


def answer_of(ctx: Ctx, pid: str | None, seat: int) -> object:
    if pid is None or pid not in ctx.s.prompts:
        return None
    return ctx.s.prompts[pid].answers.get(seat)


# -- Voleur (first night): may swap with one of the two spare cards; must take a wolf if both are wolves. --------
def voleur_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "voleur"):
        cards = spare_cards(ctx.s)
        if not cards:
            continue  # a Voleur the MJ brought in (set_role) where no card was left aside: nothing to take
        picks = [str(i) for i in range(len(cards))]
        options = picks if all(is_wolf(c) for c in cards) else ["keep", *picks]
        p = ctx.open_prompt(step="voleur", kind="choice", to=[seat], options=options, info={"cards": cards})
        ctx.fact(QuestionOpened("voleur", p.id), to=MJ_ONLY)


def voleur_close(ctx: Ctx) -> None:
    pid = scratch(ctx.s).prompts.get("voleur")
    if pid is None:
        return
    prompt = ctx.s.prompts[pid]
    seat = prompt.to[0] if prompt.to else None
    if seat is None:
        return
    choice = prompt.answers.get(seat)
    if choice is None:
        # Silence keeps the card, unless both spare cards are wolves: then one is drawn for him.
        choice = ctx.choice(list(prompt.options)) if "keep" not in prompt.options else "keep"
    if choice == "keep":
        return
    i = int(str(choice))
    cards = list(spare_cards(ctx.s))
    if not 0 <= i < len(cards):
        return
    new_role = cards[i]
    cards[i] = "voleur"
    ctx.emit("spare_cards", {"cards": cards}, to=MJ_ONLY)
    ctx.set_card(seat, new_role)
    ctx.announce("thief_swapped", to=[seat], role=new_role)


# -- Cupidon (first night): two lovers, himself allowed. ---------------------------------------------------------
def cupidon_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "cupidon"):
        p = ctx.open_prompt(step="cupidon", kind="pick", to=[seat], options=ctx.s.living(), min=2, max=2)
        ctx.fact(QuestionOpened("cupidon", p.id), to=MJ_ONLY)
    if "cupidon" not in ctx.s.composition and ctx.s.options.get("mj_lovers") and not ctx.s.options.get("host_plays"):
        # 004: no Cupidon; the MJ chooses the lovers (or, with no MJ to answer, chance does). A host who plays
        # is no MJ: chance chooses (cupidon_close).
        p = ctx.open_prompt(step="cupidon-mj", kind="pick", to_mj=True, options=ctx.s.living(), min=2, max=2,
                            policy="first", optional=True)
        ctx.fact(QuestionOpened("cupidon_mj", p.id), to=MJ_ONLY)


def cupidon_close(ctx: Ctx) -> None:
    mj_pid = scratch(ctx.s).prompts.get("cupidon_mj")
    by_chance = ("cupidon" not in ctx.s.composition and ctx.s.options.get("mj_lovers")
                 and ctx.s.options.get("host_plays"))
    if mj_pid is not None or by_chance:
        answered = ctx.s.prompts[mj_pid].answers.get(MJ_SEAT) if mj_pid is not None else None
        pair = answered or sorted(ctx.shuffle(ctx.s.living())[:2])
        ctx.emit("lovers", {"seats": list(pair)}, to=MJ_ONLY)
        return
    pid = scratch(ctx.s).prompts.get("cupidon")
    if pid is None:
        return
    prompt = ctx.s.prompts[pid]
    if not prompt.to:
        return
    cupid = prompt.to[0]
    pair = prompt.answers.get(cupid)
    if not pair:
        # Cupidon fell asleep: the arrows fly anyway (the rules need a couple once he is in play), through his
        # own heart when he must choose himself (004).
        if ctx.s.options.get("cupid_self"):
            pair = sorted([cupid, ctx.choice([x for x in ctx.s.living() if x != cupid])])
        else:
            pair = sorted(ctx.shuffle(ctx.s.living())[:2])
    ctx.emit("lovers", {"seats": list(pair)}, to=[cupid])
    ctx.fact(F.CouplePaired(cupid, list(pair)), to=[cupid])


def amoureux_open(ctx: Ctx) -> None:
    a, b = [*lovers(ctx.s), None, None][:2]
    if a is None or b is None:
        return
    # The lovers wake, recognise each other and go back to sleep; they do not learn each other's role.
    # 004 variant (`lovers_share_roles`): the lovers may show each other their cards.
    share = bool(ctx.s.options.get("lovers_share_roles"))
    ctx.fact(F.FellInLove(a, b, ctx.s.players[b].role if share else None), to=[a])
    ctx.fact(F.FellInLove(b, a, ctx.s.players[a].role if share else None), to=[b])


def nothing(ctx: Ctx) -> None:
    return None


# -- Loups-Garous (with the Petite Fille). ----------------------------------------------------------------------
def loups_open(ctx: Ctx) -> None:
    pack = wolves(ctx)
    if pack:
        targets = [s for s in ctx.s.living() if s not in pack]
        # RULES-NOTES: when the pack disagrees, a leader may decide: the first wolf around the table, whom the
        # pack is shown.
        info = {"leader": pack[0]} if ctx.s.options.get("wolves_disagree") == "leader" else {}
        p = ctx.open_prompt(step="loups", kind="pick", to=pack, options=targets, min=1, max=1, policy="team",
                            visibility="addressees", info=info)
        ctx.fact(QuestionOpened("wolves", p.id), to=MJ_ONLY)
        if ctx.s.options.get("lycanthropy"):
            lyc = ctx.open_prompt(step="loups-lycanthropie", kind="confirm", to=pack, policy="team",
                                  visibility="addressees")
            ctx.fact(QuestionOpened("lycanthropy", lyc.id), to=MJ_ONLY)
        if ctx.s.options.get("moderation") == "mj":
            # A judgment call: if the pack does not agree in time, the MJ's pick (if any) stands.
            mj = ctx.open_prompt(step="loups-mj", kind="pick", to_mj=True, options=targets, min=0, max=1,
                                 policy="first", optional=True)
            ctx.fact(QuestionOpened("wolves_mj", mj.id), to=MJ_ONLY)
    for seat in holders(ctx, "petite-fille"):
        if ctx.s.options.get("petite_fille") == "houses":
            homes = [s for s in ctx.s.living() if s != seat]
            p = ctx.open_prompt(step="petite-fille-houses", kind="pick", to=[seat], options=homes, min=0, max=1)
        else:
            p = ctx.open_prompt(step="petite-fille-peek", kind="confirm", to=[seat])
        ctx.fact(QuestionOpened("pf", p.id), to=MJ_ONLY)


def mj_pick(ctx: Ctx, pid: str | None) -> int | None:
    """The seat the MJ picked on an optional judgment prompt, if they did."""
    if pid is None or pid not in ctx.s.prompts:
        return None
    answer = ctx.s.prompts[pid].answers.get(MJ_SEAT)
    return answer[0] if answer else None


def loups_close(ctx: Ctx) -> None:
    s = ctx.s
    pid = scratch(s).prompts.get("wolves")
    victim: int | None = None
    if pid is not None:
        prompt = s.prompts[pid]
        choice = team_choice(prompt)
        judged = mj_pick(ctx, scratch(s).prompts.get("wolves_mj"))
        if choice:
            victim = choice[0]
        elif judged is not None:
            victim = judged
        elif prompt.answers and s.options.get("wolves_disagree") == "leader":
            pick = prompt.answers.get(prompt.info.get("leader", -1))
            victim = pick[0] if pick else None
        elif prompt.answers and s.options.get("wolves_disagree") == "plurality":
            counts = tally(prompt)
            top = max(counts.values())
            victim = ctx.choice(sorted(t for t, c in counts.items() if c == top))
        if victim is None:
            ctx.announce("wolves_no_agreement", to=prompt.to)
        else:
            ctx.announce("wolves_chose", to=prompt.to, seat=victim)
    designated = victim
    pf_pid = scratch(s).prompts.get("pf")
    if pf_pid is not None and s.prompts[pf_pid].to:
        pf = s.prompts[pf_pid].to[0]
        answer = s.prompts[pf_pid].answers.get(pf)
        pack = wolves(ctx)
        if s.options.get("petite_fille") == "houses":
            victim = petite_fille_houses(ctx, pf, answer, victim, pack)
        elif answer is True and pack and ctx.chance(float(s.options.get("petite_fille_risk", 0.2))):
            # Caught peeking: she dies in silence instead of the designated victim (003).
            ctx.announce("petite_fille_caught", to=[*pack, pf], seat=pf)
            victim = pf
    if victim != designated:
        # 001: the Salvateur saves the Petite Fille only from an attack aimed at her.
        ctx.fact(PetiteFilleSubstituted(), to=MJ_ONLY)
    lyc = scratch(s).prompts.get("lycanthropy")
    if lyc is not None and victim is not None and victim == designated:
        answers = s.prompts[lyc].answers
        if s.prompts[lyc].to and all(answers.get(w) is True for w in s.prompts[lyc].to):
            # 004 lycanthropy: the pack turns its victim into a wolf instead of devouring him.
            ctx.fact(Infected(victim), to=MJ_ONLY)
            victim = None
    ctx.fact(WolvesChose(victim), to=MJ_ONLY)


def petite_fille_houses(ctx: Ctx, pf: int, answer: object, victim: int | None, pack: list[int]) -> int | None:
    """001's table: at a wolf's house she sees that wolf; at the victim's she dies in their place; next door to
    the victim she sees every wolf; anywhere else she sees nothing. Houses stand side by side in seat order."""
    host = answer[0] if isinstance(answer, list) and answer else None
    if host is None:
        return victim
    seen: list[int] = []
    if host == victim:
        victim = pf
    elif host in pack:
        seen = [host]
    elif victim is not None:
        order = [p.seat for p in ctx.s.by_position()]
        i, j = order.index(host), order.index(victim)
        if abs(i - j) == 1:
            seen = list(pack)
    ctx.fact(PetiteFilleSaw(pf, seen), to=MJ_ONLY)
    return victim


# -- Sorcière: one healing and one poison potion for the whole game; both may be used the same night. -------------
def sorciere_open(ctx: Ctx) -> None:
    victim = scratch(ctx.s).victim
    for seat in holders(ctx, "sorciere"):
        mine = marks(ctx.s, seat)
        if not mine.heal_used and victim is not None:
            p = ctx.open_prompt(step="sorciere-heal", kind="confirm", to=[seat], info={"victim": victim})
            ctx.fact(QuestionOpened("heal", p.id), to=MJ_ONLY)
        if not mine.poison_used:
            others = [s for s in ctx.s.living() if s != seat]
            p = ctx.open_prompt(step="sorciere-poison", kind="pick", to=[seat], options=others, min=0, max=1,
                                info={"victim": victim})
            ctx.fact(QuestionOpened("poison", p.id), to=MJ_ONLY)
        if victim is None or mine.heal_used:
            ctx.announce("witch_sees", to=[seat], seat=victim)


def sorciere_close(ctx: Ctx) -> None:
    for key, potion in (("heal", "heal"), ("poison", "poison")):
        pid = scratch(ctx.s).prompts.get(key)
        if pid is None or not ctx.s.prompts[pid].to:
            continue
        witch = ctx.s.prompts[pid].to[0]
        answer = ctx.s.prompts[pid].answers.get(witch)
        if key == "heal" and answer is True:
            ctx.fact(F.PowerSpent(witch, potion), to=[witch])
            ctx.fact(WitchHealed(), to=MJ_ONLY)
        elif key == "poison" and answer:
            ctx.fact(F.PowerSpent(witch, potion), to=[witch])
            ctx.fact(WitchPoisoned(answer[0]), to=MJ_ONLY)


def step_cards(key: str) -> set[str]:
    """The cards whose presence in the composition makes a step run."""
    if key == "amoureux":
        return {"cupidon", "@mj_lovers"}
    if key == "cupidon":
        return {"cupidon", "@mj_lovers"}
    if key == "loups":
        return {r.key for r in ROLES.values() if r.wolf}
    return {r.key for r in ROLES.values() if key in r.night_steps}


def steps_for(order: list[str], night: int, composition: list[str]) -> list[str]:
    """A step runs when one of its cards is in the composition (public), held or not, dead or alive, so that
    timing reveals nothing; first-night steps run on the first night only."""
    cards = set(composition)
    out = []
    for key in order:
        if key in FIRST_NIGHT_ONLY and night != 1:
            continue
        if not step_cards(key) & cards:
            continue
        out.append(key)
    return out
