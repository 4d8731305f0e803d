"""The Artiste's Sculpture (seed 000 §5), on his card's nights: "Il désigne un personnage chez qui il va confectionner
sa sculpture en caca, pendant toute la nuit (aLo). La personne devra déménager le matin suivant."

The Artiste spends the night in the designated person's house (places.Sculpture, §2 "Sculpter"). In the morning,
at §12's "Déménagement de la victime de l'Artiste (le cas échéant)", everyone hears who must move, and the victim
chooses where: "La victime se déplace où bon lui semble" (places.Street.moved). Each gap of the street is "after
some house" (clockwise), so he names the house he rebuilds after, any but his own and the one he already follows;
no answer in time (or automatic bots that never answer): drawn by the game's RNG, since he must move.
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.rulesets.reptiliens import day
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.nights import picked
from app.engine.rulesets.reptiliens.places import SCULPTING, Street
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import declare, open_day_step, prompt_of, remember_prompt

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
    """The morning's "Déménagement de la victime de l'Artiste": told to all, then each victim says where he goes."""
    victims = sculpted(ctx)
    ctx.fact(F.SculptedToMove(victims), to=MJ_ONLY)
    for seat in victims:
        ctx.announce("rp-doit-demenager", seat=seat)
    if not victims:
        return False
    open_day_step(ctx, MOVE)
    street = Street(tuple(own(ctx.s).street))
    for seat in victims:
        prompt = ctx.open_prompt(step=MOVE, kind="pick", to=[seat], options=places_for(street, seat), min=1, max=1)
        remember_prompt(ctx, f"move:{seat}", prompt)
    return True


def places_for(street: Street, seat: int) -> list[int]:
    """The houses `seat` may rebuild after (clockwise): any but his own and the one he follows now (he must move)."""
    before = street.next_to(seat, "counterclockwise")
    return [h for h in street.houses if h not in (seat, before)]


def move_close(ctx: Ctx) -> bool:
    for seat in own(ctx.s).night.must_move:
        prompt = prompt_of(ctx, f"move:{seat}")
        street = Street(tuple(own(ctx.s).street))
        allowed = places_for(street, seat)
        answer = prompt.answers.get(seat) if prompt is not None else None
        after = answer[0] if isinstance(answer, list) and answer and answer[0] in allowed else None
        if after is None and allowed:
            after = ctx.choice(allowed)
        if after is not None:
            move(ctx, seat, after)
    return day.next_step(ctx)


def move(ctx: Ctx, seat: int, after: int) -> None:
    """`seat` rebuilds his house right after `after`'s, clockwise; everyone sees the new street."""
    street = Street(tuple(own(ctx.s).street)).moved(seat, after)
    ctx.fact(F.HouseMoved(list(street.houses)), to=MJ_ONLY)
    ctx.announce("rp-demenage", seat=seat, after=after)


TEXT_KEYS = ("announce.rp-doit-demenager", "announce.rp-demenage")
