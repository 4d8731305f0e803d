"""The animal trainers (seed 000 §5 "Dresseur d'ours / Dresseur de rapace / Dresseur de chien"), on the nights of
their card's name: the animal goes before a house, or to the morgue before a corpse; at the attack step it tells
its trainer, and him alone, whether a Reptilian (Seth and the converts included) was in that house, or whether
that corpse was a Reptilian (attacks.Observer, attacks.Report).

nights.py passes `observers` to the attack and hands its reports to `report`; this module imports nothing of
nights.py, so that nights.py can import it.
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Prompt
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.attacks import Observer, Report
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.state import Animal, own
from app.engine.rulesets.reptiliens.steps import awake, callers, prompt_of, remember_prompt

HOUSE, MORGUE = "rp-dressage", "rp-dressage-morgue"  # the two questions (their prompts' steps)


def dead(state: GameState) -> list[int]:
    """The corpses at the morgue: the dead named so far (one killed tonight is still alive to everyone)."""
    return [p.seat for p in state.by_position() if not p.alive]


def trainer_open(ctx: Ctx, step: Step) -> None:
    """"Il place son animal devant une maison de son choix ... Il peut aussi choisir de placer son animal à la
    morgue devant un cadavre précis": two questions, the first answered closes the other."""
    for seat in callers(ctx.s, step.actors):
        house = ctx.open_prompt(step=HOUSE, kind="pick", to=[seat], options=sorted(own(ctx.s).street), min=1, max=1)
        remember_prompt(ctx, f"animal:{seat}", house)
        corpses = dead(ctx.s)
        if corpses:
            morgue = ctx.open_prompt(step=MORGUE, kind="pick", to=[seat], options=corpses, min=1, max=1)
            remember_prompt(ctx, f"morgue:{seat}", morgue)


def chosen(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """Before a house or at the morgue, not both: the other question closes."""
    other = prompt_of(ctx, f"{'morgue' if prompt.step == HOUSE else 'animal'}:{seat}")
    if other is not None:
        ctx.close_prompt(other)


def trainer_close(ctx: Ctx, step: Step) -> None:
    placed: list[Animal] = []
    for role in [r for r in own(ctx.s).prompts if r.startswith("animal:")]:
        seat = int(role.split(":")[1])
        if not awake(ctx.s, seat):
            continue
        house, morgue = prompt_of(ctx, role), prompt_of(ctx, f"morgue:{seat}")
        if house is not None and house.answers.get(seat):
            placed.append(Animal(owner=seat, house=house.answers[seat][0]))
        elif morgue is not None and morgue.answers.get(seat):
            placed.append(Animal(owner=seat, corpse=morgue.answers[seat][0]))
    if placed:
        ctx.fact(F.AnimalsPlaced([a.model_dump() for a in placed]), to=MJ_ONLY)


def observers(state: GameState) -> list[Observer]:
    """Tonight's animals, for attacks.resolve_attack."""
    return [Observer("animal", house=a.house, corpse=a.corpse, owner=a.owner) for a in own(state).night.animals]


def report(ctx: Ctx, reports: tuple[Report, ...]) -> None:
    """"L'animal détectera si la maison est occupée par au moins un Reptilien": told to the trainer alone, at the
    attack step (the seed gives no other moment)."""
    for found in reports:
        seen = found.observer
        if seen.kind != "animal" or seen.owner is None or not ctx.s.players[seen.owner].alive:
            continue
        yes = "oui" if found.reptilian else "non"
        if seen.corpse is not None:
            ctx.announce(f"rp-flair-cadavre-{yes}", to=[seen.owner], seat=seen.corpse)
        else:
            ctx.announce(f"rp-flair-{yes}", to=[seen.owner], seat=seen.house)


TEXT_KEYS = (f"step.{MORGUE}", *(f"announce.rp-flair{k}-{y}" for k in ("", "-cadavre") for y in ("oui", "non")))
