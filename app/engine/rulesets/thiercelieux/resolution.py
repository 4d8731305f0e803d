"""Dawn's rows: who the wolves' attack actually reaches, who is protected, the other killers, the poison; then the
night's other effects (infection, charms, frogs, the raven's mark). Each row reads the night's intents and, with
`apply=False`, changes nothing (the forecast of `dawn.doomed`). Their order is dawn.py's table."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.roles import holds
from app.engine.rulesets.thiercelieux.state import Death, marks


def wolf_victims(ctx: Ctx, apply: bool = True) -> list[Death]:
    p = ctx.s.pending
    target = p.get("victim")
    if target is None or p.get("healed"):
        return []  # no attack, or the witch's healing potion (003)
    victims = [target]
    walker, lover = p.get("somnambule"), p.get("casanova")
    if walker and target == walker["by"]:
        victims = []  # 004: the Somnambule is out walking; the wolves find his house empty
    elif walker and walker["target"] == target:
        victims = [walker["by"]]  # 004: he dies instead of the one he visits
    if lover and target == lover["by"]:
        victims = [v for v in victims if v != lover["by"]]  # Casanova is away too
    elif lover and lover["target"] == target and target in victims:
        victims.append(lover["by"])  # 004: he dies with the one he visits
    out: list[Death] = []
    for seat in victims:
        player = ctx.s.players[seat]
        if seat == p.get("protected") and not (p.get("pf_substituted") and player.role == "petite-fille"):
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
    seat = ctx.s.pending.get("hamster_victim")
    if seat is None or seat == ctx.s.pending.get("protected"):
        return []  # the Salvateur protects from this pack of wolves too
    return [(seat, "hamsters")]


def white_wolf(ctx: Ctx, apply: bool = True) -> list[Death]:
    seat = ctx.s.pending.get("white_victim")
    return [] if seat is None else [(seat, "white_wolf")]


def killer(ctx: Ctx, apply: bool = True) -> list[Death]:
    seat = ctx.s.pending.get("killer_victim")
    return [] if seat is None else [(seat, "killer")]


def poison(ctx: Ctx, apply: bool = True) -> list[Death]:
    # 001: the poison works even on a player the Salvateur protects.
    seat = ctx.s.pending.get("poisoned")
    return [] if seat is None else [(seat, "poison")]


def night_effects(ctx: Ctx, pending: dict[str, object], dead: set[int]) -> None:
    """What the night changed besides deaths, told in the morning (after the `phase` event reset `pending`)."""
    s = ctx.s
    infected = pending.get("infected")
    if isinstance(infected, int) and s.players[infected].alive:
        ctx.fact(F.TurnedWolf(infected), to=[infected])
        ctx.announce("you_are_infected", to=[infected])
    charms = [x for x in pending.get("charms") or [] if isinstance(x, int) and s.players[x].alive]  # type: ignore[attr-defined]
    for seat in charms:
        ctx.fact(F.Charmed(seat))
    if charms:
        ctx.announce("charmed", seats=charms)  # 001: announced publicly each morning
    frogs = [x for x in pending.get("frogs") or [] if isinstance(x, int) and s.players[x].alive]  # type: ignore[attr-defined]
    for seat in frogs:
        ctx.fact(F.Croaked(seat, s.day, s.night + 1))
    if frogs:
        ctx.announce("frogs", seats=frogs)  # 004: a frog sits out a day and a night
    raven = pending.get("raven")
    if isinstance(raven, int) and s.players[raven].alive:
        ctx.fact(F.RavenMarked(raven))
        ctx.announce("raven_marks", seat=raven)  # 001: the two extra votes are revealed in the morning
    seen = pending.get("seer_seen")
    if isinstance(seen, str) and s.options.get("seer_announce"):
        ctx.announce("seer_saw_role", role=seen)  # 004 variant: the role, not the player
