"""The night steps of the camp cards and of the first specialties (seed 000 §4, §5, §7, §9, §12), each listed
in manifest.STEPS under the calendar's key; the other specialties' powers are in their own modules
(specialties.py lists them).

Every step is called every night it exists; a step opens questions only for holders awake tonight, and lasts its
drawn length whoever answers (week.py). What the steps decide is kept in `own.night` for the attack and the day.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.prompts import MJ_SEAT, team_choice
from app.engine.rulesets.reptiliens import animals, dead, fates
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import places as P
from app.engine.rulesets.reptiliens.attacks import PackChoice, PackDecision, pack_target, resolve_attack
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE
from app.engine.rulesets.reptiliens.opening import pack_meets
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import (
    answer,
    awake,
    callers,
    declare,
    dying,
    holder,
    is_reptilian,
    lovers,
    pack,
    prompt_of,
    remember_prompt,
)

ALPHA = "rp-reptilienne-alpha"


def others(ctx: Ctx, seat: int) -> list[int]:
    """The living players but `seat`. Those killed tonight stay among the options (named at dawn: leaving them
    out would tell who died); picking one has no effect."""
    return [x for x in ctx.s.living() if x != seat]


def houses(ctx: Ctx) -> list[int]:
    """Every house of the street, a dead owner's included (places.Street: a house stays)."""
    return sorted(own(ctx.s).street)


# -- the ghosts' militia (§9): called every night ----------------------------------------------------------------
def ghosts(state: Any) -> list[int]:
    """The dead who chose to be ghosts, in death order (dead.py)."""
    return dead.ghosts(state)


def milice_open(ctx: Ctx, step: Step) -> None:
    # The night has fallen: whoever died by day and has not chosen yet is out of time (dead.settle_all).
    dead.settle_all(ctx)
    team = ghosts(ctx.s)
    if team:
        # "Une même maison ne peut être défendue deux nuits de suite."
        options = [h for h in houses(ctx) if h != own(ctx.s).defended]
        prompt = ctx.open_prompt(step="rp-milice", kind="pick", to=team, options=options, min=1, max=1,
                                 policy="team", visibility="addressees", dead_may_answer=True,
                                 info={"chief": ctx.s.holder(CHEF_MILICE)})
        remember_prompt(ctx, "militia", prompt)


def militia_choice(votes: dict[int, int], chief: int | None) -> list[int]:
    """The houses the militia may defend: the one all the ghosts who voted agree on; when they disagree, "c'est lui
    qui tranche" (the chief's vote); a chief who did not vote: the most voted house, the tied ones to draw from."""
    picked = set(votes.values())
    if len(picked) <= 1:
        return sorted(picked)
    if chief in votes:
        return [votes[chief]]
    counts = Counter(votes.values())
    top = max(counts.values())
    return sorted(h for h, n in counts.items() if n == top)


def milice_close(ctx: Ctx, step: Step) -> None:
    prompt = prompt_of(ctx, "militia")
    if prompt is None:
        return
    votes = {seat: int(pick[0]) for seat, pick in prompt.answers.items() if pick}
    found = militia_choice(votes, ctx.s.holder(CHEF_MILICE))
    if not found:
        ctx.announce("rp-milice-aucune", to=list(prompt.to))
        return
    house = found[0] if len(found) == 1 else ctx.choice(found)
    ctx.fact(F.MilitiaChose(house), to=MJ_ONLY)
    ctx.announce("rp-milice-protege", to=list(prompt.to), seat=house)  # the ghosts see their own vote


# -- the Reptilians' concertation (§4, §7) ------------------------------------------------------------------------
def concertation_open(ctx: Ctx, step: Step) -> None:
    # Every living Reptilian is asked, one killed tonight too (leaving him out would tell the pack); only the
    # awake count. Those converted since the pack last woke meet it now.
    team = [p.seat for p in ctx.s.by_position() if p.alive and is_reptilian(ctx.s, p.seat)]
    if not team:
        return
    if any(set(team) - set(own(ctx.s).fellows.get(seat, {}).get("rp-reptiliens", [])) for seat in team):
        pack_meets(ctx)
    alpha = holder(ctx.s, ALPHA)
    info = {"alpha": alpha} if alpha in team else {}
    prompt = ctx.open_prompt(step="rp-concertation", kind="pick", to=team, options=houses(ctx), min=1, max=1,
                             policy="team", visibility="addressees", info=info)
    remember_prompt(ctx, "pack", prompt)
    # §7: pointing at a fellow's house "avec l'index et l'auriculaire" aims at whoever squats there.
    fingers = ctx.open_prompt(step="rp-concertation-squat", kind="confirm", to=team, visibility="addressees",
                              optional=True)
    remember_prompt(ctx, "fingers", fingers)


def concertation_close(ctx: Ctx, step: Step) -> None:
    """§2 "le mort est annoncé seulement le matin": a member killed tonight is alive to the pack and to himself until
    dawn. His answer counts in what the pack is told (the decision its members' visible answers make) and he hears
    it; but he acts no more: a target that no awake member chose is attacked by nobody (failure "doomed")."""
    prompt = prompt_of(ctx, "pack")
    if prompt is None:
        return
    fingers = prompt_of(ctx, "fingers")
    s = ctx.s
    gone = dying(s)
    team = [x for x in prompt.to if s.players[x].alive and x not in own(s).night.asleep]
    choices: dict[int, PackChoice | None] = {}
    for seat in team:
        pick = answer(prompt, seat)
        choices[seat] = PackChoice(pick[0], answer(fingers, seat) is True) if pick else None
    alpha = holder(s, ALPHA)
    dead = alpha is not None and not s.players[alpha].alive
    decision = pack_target(choices, alpha if alpha in team else None, alpha_dead=dead,
                           no_attack_once_alpha_dead=bool(s.options.get("no_attack_once_alpha_dead")))
    target = decision.target
    acting = decision
    if target is not None and not any(c is not None and c.house == target.house
                                      for seat, c in choices.items() if seat not in gone):
        acting = PackDecision(None, failure="doomed")
    found = acting.target
    ctx.fact(F.PackDecided(None if found is None else found.house, bool(found and found.squatter),
                           acting.decided_by, acting.failure), to=MJ_ONLY)
    if target is None:
        ctx.announce("rp-pas-de-cible", to=team)
    else:
        ctx.announce("rp-cible-squat" if target.squatter else "rp-cible", to=team, seat=target.house)


def decision_of(ctx: Ctx) -> PackDecision:
    found = own(ctx.s).night.pack
    if not found or found["house"] is None:
        return PackDecision(None, failure=(found or {}).get("failure") or "no-choice")
    return PackDecision(PackChoice(found["house"], found["squatter"]), found["decided_by"])


# -- the Amoureux (§4): 30 seconds of gestures and the house; later they meet there --------------------------------
def lovers_open(ctx: Ctx, step: Step) -> None:
    couple = lovers(ctx.s)  # both, one killed tonight too: the other must not learn it before dawn
    if len(couple) == 2:
        # "Ils choisissent chez lequel des deux ils se retrouveront": both must agree.
        prompt = ctx.open_prompt(step="rp-amoureux-signes", kind="pick", to=couple, options=sorted(couple),
                                 min=1, max=1, policy="team", visibility="addressees")
        remember_prompt(ctx, "lovers", prompt)


def lovers_close(ctx: Ctx, step: Step) -> None:
    prompt = prompt_of(ctx, "lovers")
    choice = team_choice(prompt) if prompt is not None else None
    if choice:
        ctx.fact(F.RendezvousChosen(choice[0]), to=MJ_ONLY)


def meet_close(ctx: Ctx, step: Step) -> None:
    """§12 "Se retrouvent": they sleep together at the house they chose (each goes on his own, places.Rendezvous)."""
    house = own(ctx.s).night.rendezvous
    couple = own(ctx.s).lovers
    if house is not None and len(couple) == 2:
        first, second = (couple[0], couple[1]) if couple[0] == house else (couple[1], couple[0])
        declare(ctx, "rendezvous", first=first, second=second, at=house)


# -- the Marchand de sable and the Psychopathe / Toqué (§5) ----------------------------------------------------------
def sleep(ctx: Ctx, seat: int) -> None:
    """A heavy sleep until dawn: the target acts no more; the MJ taps his head (he learns it, not from whom)."""
    night = own(ctx.s).night
    if seat not in night.asleep:
        ctx.fact(F.FellAsleep(seat), to=MJ_ONLY)
    ctx.announce("rp-sommeil-lourd", to=[seat])


def one_target_open(role: str) -> Any:
    def open_(ctx: Ctx, step: Step) -> None:
        for seat in callers(ctx.s, step.actors):
            prompt = ctx.open_prompt(step=step.key, kind="pick", to=[seat], options=others(ctx, seat), min=1, max=1)
            remember_prompt(ctx, role, prompt)
    return open_


def picked(ctx: Ctx, role: str) -> tuple[int, int] | None:
    """(who answered, the seat picked) for a one-person question still valid: alive, awake."""
    prompt = prompt_of(ctx, role)
    if prompt is None or not prompt.to:
        return None
    seat = prompt.to[0]
    pick = answer(prompt, seat)
    if not pick or not awake(ctx.s, seat):
        return None
    return seat, pick[0]


def sandman_close(ctx: Ctx, step: Step) -> None:
    found = picked(ctx, "sandman")
    if found is not None:
        declare(ctx, "sleep", sleeper=found[1])
        sleep(ctx, found[1])


def kidnap_close(ctx: Ctx, step: Step) -> None:
    found = picked(ctx, "kidnapper")
    if found is not None and found[1] not in {d.get("victim") for d in own(ctx.s).night.declarations}:
        declare(ctx, "abduction", abductor=found[0], victim=found[1])
        sleep(ctx, found[1])  # "La cible sera dans un sommeil lourd"


# -- Orphée and the Sirène (§4): each charms a new person ------------------------------------------------------------
def charm_open(ctx: Ctx, step: Step) -> None:
    # "une nouvelle personne": new to him. He does not know whom the other musician charmed (§4 "Ils ne se
    # connaissent pas"): charming one of hers again is a charm lost.
    for seat in callers(ctx.s, step.actors):
        mine = set(own(ctx.s).charms.get(seat, []))
        options = [x for x in others(ctx, seat) if x not in mine]
        if options:
            prompt = ctx.open_prompt(step="rp-charme", kind="pick", to=[seat], options=options, min=1, max=1)
            remember_prompt(ctx, f"charm:{seat}", prompt)


def charm_close(ctx: Ctx, step: Step) -> None:
    for role in [r for r in own(ctx.s).prompts if r.startswith("charm:")]:
        found = picked(ctx, role)
        if found is None:
            continue
        musician, target = found
        # One newly charmed learns it in the morning ("Chaque matin, le MJ appelle les charmés"): day.charmed_report.
        ctx.fact(F.Charmed(musician, target), to=MJ_ONLY)


# -- Laura de la Riponne (§5): never at home ---------------------------------------------------------------------------
def squat_open(ctx: Ctx, step: Step) -> None:
    for seat in callers(ctx.s, step.actors):
        prompt = ctx.open_prompt(step="rp-squat", kind="pick", to=[seat],
                                 options=[h for h in houses(ctx) if h != seat], min=1, max=1)
        remember_prompt(ctx, "laura", prompt)


def squat_close(ctx: Ctx, step: Step) -> None:
    prompt = prompt_of(ctx, "laura")
    if prompt is None or not prompt.to or not awake(ctx.s, prompt.to[0]) or not prompt.options:
        return
    seat = prompt.to[0]
    pick = answer(prompt, seat)
    # "Elle ne veut jamais dormir chez elle": silent, she still goes somewhere (docs: drawn).
    house = pick[0] if pick else ctx.choice(list(prompt.options))
    declare(ctx, "squat", squatter=seat, house=house)


# -- the attack (§7) ------------------------------------------------------------------------------------------------
def declarations(ctx: Ctx) -> list[P.Declaration]:
    out: list[P.Declaration] = []
    for d in own(ctx.s).night.declarations:
        kind = d["kind"]
        if kind == "sleep":
            out.append(P.HeavySleep(d["sleeper"]))
        elif kind == "abduction":
            out.append(P.Abduction(d["abductor"], d["victim"]))
        elif kind == "rendezvous":
            out.append(P.Rendezvous(d["first"], d["second"], d["at"]))
        elif kind == "squat":
            out.append(P.Squat(d["squatter"], d["house"]))
        elif kind == "sculpture":
            out.append(P.Sculpture(d["artist"], d["house"]))
        elif kind == "fight":
            out.append(P.Fight(d["first"], d["second"], d["at"]))
        elif kind == "copulation":
            out.append(P.Copulation(d["first"], d["second"], d["at"]))
    return out


def resolve(ctx: Ctx, choose: Any) -> tuple[P.Night, Any]:
    """Where everyone sleeps, then the attack, on tonight's declarations and the pack's decision."""
    s = ctx.s
    gone = dying(s)
    living = [x for x in s.living() if x not in gone]
    decision = decision_of(ctx)
    found = decision.declaration(pack(s))
    night = P.where_everyone_sleeps(P.Street(tuple(own(s).street)), living,
                                    [*declarations(ctx), *([found] if found else [])])
    reptilians = [seat for seat in s.players if is_reptilian(s, seat)]
    militia = own(s).night.militia
    result = resolve_attack(night, decision, reptilians, choose=choose, militia=militia, richest=own(s).richest,
                            carnage=own(s).carnage, observers=animals.observers(s))
    return night, result


def attack_open(ctx: Ctx, step: Step) -> None:
    """When the MJ draws (RULES-NOTES "Chance"), each house with several possible victims is a question to him."""
    if ctx.s.options.get("draws") != "mj":
        return
    draws: list[list[int]] = []

    def record(candidates: list[int]) -> int:
        draws.append(list(candidates))
        return candidates[0]

    resolve(ctx, record)
    for i, candidates in enumerate(draws):
        prompt = ctx.open_prompt(step="rp-tirage", kind="pick", to_mj=True, options=candidates, min=1, max=1,
                                 info={"draw": i})
        remember_prompt(ctx, f"draw:{i}", prompt)


def attack_close(ctx: Ctx, step: Step) -> None:
    calls = 0

    def choose(candidates: list[int]) -> int:
        nonlocal calls
        prompt = prompt_of(ctx, f"draw:{calls}")
        calls += 1
        mj = answer(prompt, MJ_SEAT)
        return int(mj[0]) if mj and mj[0] in candidates else ctx.choice(candidates)

    night, result = resolve(ctx, choose)
    for victim in result.victims:
        fates.doom(ctx, victim, "rp-attaque")
    places = [[seat, p.house, p.action, p.asleep] for seat, p in night.places.items()]
    houses = [{"house": a.house, "attackers": sorted(a.attackers), "candidates": list(a.candidates),
               "victim": a.victim, "failure": a.failure} for a in result.attacks]
    # The MJ sees why an attack failed (the fact's line); the others learn the dead at dawn, nothing more.
    ctx.fact(F.AttackResolved(places, result.failure, list(result.victims), houses), to=MJ_ONLY)
    animals.report(ctx, result.reports)
