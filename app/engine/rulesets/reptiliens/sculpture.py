"""The Artiste's Sculpture (seed 000 §5), on his card's nights: "Il désigne un personnage chez qui il va confectionner
sa sculpture en caca, pendant toute la nuit (aLo). La personne devra déménager le matin suivant."

The Artiste spends the night in the designated person's house (places.Sculpture, §2 "Sculpter"). In the morning,
at §12's "Déménagement de la victime de l'Artiste (le cas échéant)", everyone hears who must move; the move itself
("La victime se déplace où bon lui semble": places.Street.moved) is part 2's, through `move`.
"""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.rulesets.reptiliens import day
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.nights import one_target_open, picked
from app.engine.rulesets.reptiliens.places import SCULPTING
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import declare, register, setv

STEP, MOVE = "rp-sculpture", "rp-demenagement"


def sculpture_close(ctx: Ctx, step: Step) -> None:
    found = picked(ctx, "artist")
    if found is not None:
        declare(ctx, "sculpture", artist=found[0], house=found[1])


def sculpted(ctx: Ctx) -> list[int]:
    """The owners of the houses where an Artiste did spend the night (a higher long action may have kept him
    elsewhere: then no sculpture, no move), alive this morning."""
    places = own(ctx.s).night.places
    out: list[int] = []
    for d in own(ctx.s).night.declarations:
        there = d["kind"] == "sculpture" and places.get(d["artist"], [None, None])[:2] == [d["house"], SCULPTING]
        if there and ctx.s.players[d["house"]].alive and d["house"] not in out:
            out.append(d["house"])
    return out


def move_report(ctx: Ctx) -> bool:
    """The morning's "Déménagement de la victime de l'Artiste": recorded, told to all; the move is part 2's."""
    victims = sculpted(ctx)
    setv(ctx, "night.must_move", victims)
    for seat in victims:
        ctx.announce("rp-doit-demenager", seat=seat)
        move(ctx, seat)
    return False


def move(ctx: Ctx, seat: int) -> None:
    """Part 2 (§8, §12 "La victime se déplace où bon lui semble"): ask `seat` next to whose house he rebuilds his,
    and on which side (places.Street.moved), then set the street. Part 1: the obligation is recorded and told."""


register(STEP, one_target_open("artist"), sculpture_close)
day.DAY[MOVE] = move_report  # the day's registry (day.py): a step of §12's order
TEXT_KEYS = ("announce.rp-doit-demenager",)
