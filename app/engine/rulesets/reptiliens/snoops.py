"""The snoops (seed 000 §5 "Fureteur / Indiscrète / Journaliste / Reporter / Voyeur / Curieux"), on the nights of
their card's name: "Il peut investiguer le rôle d'un voisin, en retournant la carte d'un joueur assis à ses
côtés"; §12 "Retourne les cartes du voisin de son choix" (RULES-NOTES: both cards; the neighbours are the nearest
living seats on each side). The snoop sees them at once, and he alone.
"""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.model import Prompt
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.places import seat_neighbours
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2
from app.engine.rulesets.reptiliens.steps import awake, callers

STEP = "rp-investigation"


def neighbours(ctx: Ctx, seat: int) -> list[int]:
    """"Assis à ses côtés": the nearest living seat each side. One killed tonight is still sitting there until he is
    named at dawn (leaving him out would tell the snoop)."""
    table = [p.seat for p in ctx.s.by_position()]
    return list(seat_neighbours(table, ctx.s.living(), seat))


def snoop_open(ctx: Ctx, step: Step) -> None:
    for seat in callers(ctx.s, step.actors):
        options = neighbours(ctx, seat)
        if options:
            # "first": the cards are turned at the answer, so it cannot be changed.
            ctx.open_prompt(step=STEP, kind="pick", to=[seat], options=options, min=1, max=1, policy="first")


def turned(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """The neighbour's two cards, shown to the snoop as they lie (the physical cards: a conversion or a love does
    not change them)."""
    if not awake(ctx.s, seat):
        return
    target = prompt.answers[seat][0]
    cards: list[str] = []
    for slot in (CAMP, SPECIALTY, SPECIALTY2):  # an inherited specialty too (§9)
        card = ctx.s.players[target].card(slot)
        if card is not None:
            ctx.emit("rp-learn", {"viewers": [seat], "seat": target, "slot": slot, "card": card}, to=[seat])
            cards.append(card)
    ctx.announce("rp-investigation-resultat", to=[seat], seat=target, roles=cards)


TEXT_KEYS = ("announce.rp-investigation-resultat",)
