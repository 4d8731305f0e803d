"""The powers on the public offices (seed 000 §4, §5, §6), the 9th line of the night tables ("Exercent leurs effets
sur les postes publics"): Éris' Farce (Mon), Minus and Cortex (Tue, Thu, Sat), Freyja's Adoration (Wed), the
Artiste's Caricature (Fri). The night records the effect (`night.offices`, the MJ's); the morning applies it at
§12's "Modifications des postes publics (effet de Minus et Cortex / Artiste / Éris / Freyja ; Scrutateur)", in
public, over `state.offices` as they are (the MJ fills them in part 1; part 2 brings their rules).

Two hooks for the Scrutateur (§6): the replacement of one who resigned, and the reassignment of an illegal result
("En cas de résultat illégal, le scrutateur réattribuera le(s) poste(s)"), both through `scrutateur`, which
succession.py (the offices' lifecycle, and the day's part "rp-postes") serves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.calendar import MINUS_CORTEX, Step
from app.engine.rulesets.reptiliens.nights import picked
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE, OFFICES, SENATEUR
from app.engine.rulesets.reptiliens.state import CAMP, OfficeEffect, own
from app.engine.rulesets.reptiliens.steps import (
    Handler,
    answer,
    awake,
    callers,
    dying,
    holder,
    open_day_step,
    prompt_of,
    remember_prompt,
)
from app.engine.rulesets.reptiliens.tables import rules

FARCE, SWAP, ADORATION, CARICATURE = "rp-farce", "rp-echange-postes", "rp-adoration", "rp-caricature"
ADORED_SWAP = "rp-adoration-echange"  # the adored's question, a step of the day
DIRECTIONS = ("clockwise", "counterclockwise")
NO_FARCE = "none"
CORTEX, MINUS = MINUS_CORTEX  # §4: "Cortex désigne au préalable une personne"


# -- pure rules over the offices (office key -> holder's seat) ----------------------------------------------------
def held_by(offices: Mapping[str, int | None], seat: int) -> list[str]:
    return [o.key for o in OFFICES if offices.get(o.key) == seat]


def swapped(offices: Mapping[str, int | None], a: int, b: int) -> dict[str, int]:
    """§4 "Les deux personnes désignées verront leurs postes publics échangés": each takes the other's (one who
    holds none takes the other's and leaves him none). The offices that change hands -> their new holder."""
    if a == b:
        return {}
    return {**{o: b for o in held_by(offices, a)}, **{o: a for o in held_by(offices, b)}}


def rotated(offices: Mapping[str, int | None], living: Sequence[int], direction: str) -> dict[str, int]:
    """§5 Farce "faire tourner les postes publics des vivants en les décalant tous d'un rang, dans le sens horaire ou
    antihoraire": each office a living player holds goes to the next living player around the table (`living`, in
    clockwise order, i.e. increasing seats: RULES-NOTES). The dead's offices stay."""
    step = 1 if direction == "clockwise" else -1
    out: dict[str, int] = {}
    for o in OFFICES:
        seat = offices.get(o.key)
        if seat is not None and seat in living and len(living) > 1:
            out[o.key] = living[(living.index(seat) + step) % len(living)]
    return out


def illegal(state: GameState, moved: Sequence[str]) -> list[str]:
    """§6 "Ces postes sont occupés par des vivants, à l'exception du Chef de la milice fantôme ou éventuellement du
    Sénateur"; the Chef "ne peut être occupé que par un fantôme" (part 1: any dead player). One killed tonight is
    dead already: this runs in the morning, in the same instant as the deaths' report (succession.living)."""
    out = []
    gone = dying(state)
    for office in moved:
        seat = state.offices.get(office)
        if seat is None:
            continue
        alive = state.players[seat].alive and seat not in gone
        if (office == CHEF_MILICE and alive) or (office not in (CHEF_MILICE, SENATEUR) and not alive):
            out.append(office)
    return out


# -- applying them ------------------------------------------------------------------------------------------------
def give(ctx: Ctx, changes: Mapping[str, int | None]) -> None:
    """The offices change hands in public (the core's `office` event)."""
    for office, seat in changes.items():
        ctx.emit("office", {"office": office, "seat": seat})


def scrutateur(ctx: Ctx, offices: Sequence[str], resigned: int | None = None) -> None:
    """§6 Scrutateur: "il désigne qui doit le remplacer. Mais il ne peut choisir le démissionnaire, ni se choisir
    lui-même", and he reassigns an illegal result: manifest.ON_ILLEGAL_OFFICES (succession.scrutateur, which
    imports this module), read through the ruleset (tables.py)."""
    if offices:
        for hook in rules(ctx).on_illegal_offices:
            hook(ctx, offices, resigned)


def exchange(ctx: Ctx, a: int, b: int, said: str) -> None:
    changes = swapped(ctx.s.offices, a, b)
    if changes:
        give(ctx, changes)
        senator = changes.get(SENATEUR)
        if senator is not None and (not ctx.s.players[senator].alive or senator in dying(ctx.s)):
            ctx.fact(F.SenatorKeptByTheDead(senator), to=MJ_ONLY)  # legal: he keeps it (succession.kept_by_the_dead)
        ctx.announce(said, seats=[a, b])
        scrutateur(ctx, illegal(ctx.s, list(changes)))


# -- the night: each power records its effect ----------------------------------------------------------------------
def record(ctx: Ctx, effect: OfficeEffect) -> None:
    ctx.fact(F.OfficesShaken(effect.power, list(effect.seats), effect.direction), to=MJ_ONLY)


def farce_open(ctx: Ctx, step: Step) -> None:
    for seat in callers(ctx.s, step.actors):
        # "Elle peut choisir de faire tourner": or not.
        prompt = ctx.open_prompt(step=FARCE, kind="choice", to=[seat], options=[*DIRECTIONS, NO_FARCE])
        remember_prompt(ctx, "farce", prompt)


def farce_close(ctx: Ctx, step: Step) -> None:
    prompt = prompt_of(ctx, "farce")
    if prompt is None or not prompt.to or not awake(ctx.s, prompt.to[0]):
        return
    chosen = answer(prompt, prompt.to[0])
    if chosen in DIRECTIONS:
        record(ctx, OfficeEffect(power=FARCE, direction=chosen))


def swap_open(ctx: Ctx, step: Step) -> None:
    """§4 "Cortex désigne au préalable une personne au MJ. Ensuite, [Minus] ouvre les yeux et désigne une personne":
    Minus does not see Cortex's choice, so both are asked at once, each while the other's card is held by someone
    alive. Any person, a ghost too (the Chef de la milice changes hands only by them, Freyja or the Artiste)."""
    everyone = [p.seat for p in ctx.s.by_position()]
    for seat in callers(ctx.s, step.actors):
        mine = CORTEX if ctx.s.players[seat].card(CAMP) == CORTEX else MINUS
        other = holder(ctx.s, MINUS if mine == CORTEX else CORTEX)
        if other is not None and ctx.s.players[other].alive:
            prompt = ctx.open_prompt(step=SWAP, kind="pick", to=[seat], options=everyone, min=1, max=1)
            remember_prompt(ctx, mine, prompt)


def swap_close(ctx: Ctx, step: Step) -> None:
    both = [picked(ctx, CORTEX), picked(ctx, MINUS)]  # Cortex's first
    if both[0] is not None and both[1] is not None:
        record(ctx, OfficeEffect(power=SWAP, seats=[both[0][1], both[1][1]]))


def caricature_open(ctx: Ctx, step: Step) -> None:
    # "un personnage de son choix": a ghost too (the Chef de la milice changes hands by the Artiste's action).
    for seat in callers(ctx.s, step.actors):
        options = [p.seat for p in ctx.s.by_position() if p.seat != seat]
        prompt = ctx.open_prompt(step=CARICATURE, kind="pick", to=[seat], options=options, min=1, max=1)
        remember_prompt(ctx, CARICATURE, prompt)


def one_target_close(power: str) -> Handler:
    def close(ctx: Ctx, step: Step) -> None:
        found = picked(ctx, power)
        if found is not None:
            record(ctx, OfficeEffect(power=power, seats=[found[1]]))
    return close


# -- the morning: "Modifications des postes publics" ----------------------------------------------------------------
def morning(ctx: Ctx) -> bool:
    """The night's effect, applied in public; True while the adored chooses (a step of the day)."""
    effect = own(ctx.s).night.offices
    if effect is None:
        return False
    if effect.power == FARCE and effect.direction is not None:
        gone = dying(ctx.s)  # "les postes publics des vivants": one killed tonight neither passes nor takes one
        living = [p.seat for p in ctx.s.by_position() if p.alive and p.seat not in gone]
        changes = rotated(ctx.s.offices, living, effect.direction)
        if changes:
            give(ctx, changes)
            ctx.announce(f"rp-farce-{effect.direction}")
    elif effect.power == SWAP:
        exchange(ctx, effect.seats[0], effect.seats[1], "rp-postes-echanges")
    elif effect.power == CARICATURE:
        # "qui devra démissionner de son poste public le matin suivant"
        target = effect.seats[0]
        resigned = held_by(ctx.s.offices, target)
        if resigned:
            give(ctx, dict.fromkeys(resigned))
            ctx.announce("rp-demission", seat=target)
            scrutateur(ctx, resigned, resigned=target)
    elif effect.power == ADORATION:
        return adored_open(ctx, effect.seats[0])
    fates.check(ctx)  # three offices may win the Souris, the Détectives, the Mathématiciens
    return False


def adored_open(ctx: Ctx, adored: int) -> bool:
    """"Le jour suivant, tout le monde sera en admiration pour ce personnage, lui proposant de reprendre son poste
    public. Ainsi, l'admiré pourra échanger de poste public avec la personne de son choix." In public; anyone,
    a ghost too; or nobody."""
    ctx.announce("rp-adoration", seat=adored)
    if not awake(ctx.s, adored):  # killed in the night: he is named at the deaths' report, and acts no more
        return False
    open_day_step(ctx, ADORED_SWAP)
    options = [p.seat for p in ctx.s.by_position() if p.seat != adored]
    prompt = ctx.open_prompt(step=ADORED_SWAP, kind="pick", to=[adored], options=options, min=0, max=1,
                             visibility="public")
    remember_prompt(ctx, ADORED_SWAP, prompt)
    return True


def adored_swap(ctx: Ctx) -> bool:
    """The adored's choice applied; True when it ended the game (succession.adored_done goes on with the day)."""
    found = picked(ctx, ADORED_SWAP)
    if found is not None:
        exchange(ctx, found[0], found[1], "rp-adoration-echange")
        return fates.check(ctx)
    return False


TEXT_KEYS = (
    f"step.{ADORED_SWAP}", *(f"choice.{FARCE}.{d}" for d in (*DIRECTIONS, NO_FARCE)),
    *(f"announce.rp-farce-{d}" for d in DIRECTIONS), "announce.rp-postes-echanges", "announce.rp-demission",
    "announce.rp-adoration", "announce.rp-adoration-echange", "announce.rp-postes-a-pourvoir",
)
