"""Dawn's rows: who the wolves' attack actually reaches, who is protected, the other killers, the poison; then the
night's other effects (infection, charms, frogs, the raven's mark). Each row reads the night's intents and, with
`apply=False`, changes nothing (the forecast of `dawn.doomed`). Their order is dawn.py's table."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.roles import holds
from app.engine.rulesets.thiercelieux.scratch import Scratch
from app.engine.rulesets.thiercelieux.state import Death, marks, scratch


def wolf_victims(ctx: Ctx, apply: bool = True) -> list[Death]:
    p = scratch(ctx.s)
    target = p.victim
    if target is None or p.healed:
        return []  # no attack, or the witch's healing potion (003)
    victims = [target]
    walker, lover = p.picks.get("somnambule"), p.picks.get("casanova")
    if walker and target == walker.by:
        victims = []  # 004: the Somnambule is out walking; the wolves find his house empty
    elif walker and walker.target == target:
        victims = [walker.by]  # 004: he dies instead of the one he visits
    if lover and target == lover.by:
        victims = [v for v in victims if v != lover.by]  # Casanova is away too
    elif lover and lover.target == target and target in victims:
        victims.append(lover.by)  # 004: he dies with the one he visits
    out: list[Death] = []
    for seat in victims:
        player = ctx.s.players[seat]
        if seat == p.protected and not (p.pf_substituted and player.role == "petite-fille"):
            continue  # 001: the Salvateur's protection
        if holds(ctx.s, player, "ancien"):
            lives = marks(ctx.s, seat).lives
            lives = 2 if lives is None else lives
            if lives > 1:
                # 001: the first attack costs a life, silently; he is not even told.
                if apply:
                    ctx.fact(F.LifeLost(seat, lives - 1), to=MJ_ONLY)
                continue
        out.append((seat, "wolves"))
    return out


def hamsters(ctx: Ctx, apply: bool = True) -> list[Death]:
    seat = scratch(ctx.s).hamster_victim
    if seat is None or seat == scratch(ctx.s).protected:
        return []  # the Salvateur protects from this pack of wolves too
    return [(seat, "hamsters")]


def white_wolf(ctx: Ctx, apply: bool = True) -> list[Death]:
    seat = scratch(ctx.s).white_victim
    return [] if seat is None else [(seat, "white_wolf")]


def killer(ctx: Ctx, apply: bool = True) -> list[Death]:
    seat = scratch(ctx.s).killer_victim
    return [] if seat is None else [(seat, "killer")]


def poison(ctx: Ctx, apply: bool = True) -> list[Death]:
    # 001: the poison works even on a player the Salvateur protects.
    seat = scratch(ctx.s).poisoned
    return [] if seat is None else [(seat, "poison")]


def night_effects(ctx: Ctx, night: Scratch, dead: set[int]) -> None:
    """What the night changed besides deaths, told in the morning (after the `phase` event renewed the scratch)."""
    s = ctx.s
    infected = night.infected
    if infected is not None and s.players[infected].alive:
        ctx.fact(F.TurnedWolf(infected), to=[infected])
        ctx.announce("you_are_infected", to=[infected])
    charms = [x for x in night.charms or [] if s.players[x].alive]
    for seat in charms:
        ctx.fact(F.Charmed(seat))
    if charms:
        ctx.announce("charmed", seats=charms)  # 001: announced publicly each morning
    frogs = [x for x in night.frogs or [] if s.players[x].alive]
    for seat in frogs:
        ctx.fact(F.Croaked(seat, s.day, s.night + 1))
    if frogs:
        ctx.announce("frogs", seats=frogs)  # 004: a frog sits out a day and a night
    raven = night.raven
    if raven is not None and s.players[raven].alive:
        ctx.fact(F.RavenMarked(raven))  # 001: the two extra votes are revealed in the morning (its line)
    seen = night.seer_seen
    if seen is not None and s.options.get("seer_announce"):
        ctx.announce("seer_saw_role", role=seen)  # 004 variant: the role, not the player
