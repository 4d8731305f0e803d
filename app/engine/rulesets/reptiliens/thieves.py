"""The thieves (seed 000 §5 "Voleur / Cambrioleur / Brigand", Larcin), on the nights of their card's name: "Il peut
aller détrousser une maison de son choix. Si c'est une maison voisine, il peut dérober la totalité des pièces de
son propriétaire. Sinon, il dérobe la moitié des pièces (arrondie supérieurement) de son propriétaire. Il peut en
redonner tout ou partie immédiatement à n'importe quel joueur de son choix s'il le souhaite. Mais le plus riche de
la journée (donc avant son larcin) reste la personne protégée contre les attaques."

The theft happens at the answer; the thief learns his loot and may at once give some of it to one player (two
questions: how many, to whom), applied when the step ends. Fortunes changed at night are kept in `night.owed`, as
the Assassin's price is: each holder sees his own at once, everyone sees the table at dawn (fates.settle_owed).
The richest citizen (`own.richest`) was named at the end of the day and is not recomputed.
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import Prompt
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.fates import coins_of
from app.engine.rulesets.reptiliens.nights import others
from app.engine.rulesets.reptiliens.places import Street
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import (
    awake,
    callers,
    prompt_of,
    remember_prompt,
)

STEP, GIFT, RECIPIENT = "rp-larcin", "rp-larcin-don", "rp-larcin-receveur"


def loot(street: Street, thief: int, owner: int, coins: int) -> int:
    """All of a neighbouring house's owner's coins, else half of them rounded up."""
    return coins if street.are_neighbours(thief, owner) else (coins + 1) // 2


def owe(ctx: Ctx, changes: dict[int, int]) -> None:
    """Fortunes as they stand tonight, shown on the table at dawn."""
    ctx.fact(F.FortunesOwed([[seat, coins] for seat, coins in changes.items()]), to=MJ_ONLY)


def thief_open(ctx: Ctx, step: Step) -> None:
    for seat in callers(ctx.s, step.actors):
        # A house is named by its owner: the others' houses. "first": the theft is done at the answer.
        prompt = ctx.open_prompt(step=STEP, kind="pick", to=[seat], options=others(ctx, seat), min=1, max=1,
                                 policy="first")
        remember_prompt(ctx, f"thief:{seat}", prompt)


def robbed(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    if not awake(ctx.s, seat):
        return
    owner = prompt.answers[seat][0]
    have = coins_of(ctx.s, owner)
    taken = loot(Street(tuple(own(ctx.s).street)), seat, owner, have)
    if taken:
        owe(ctx, {owner: have - taken, seat: coins_of(ctx.s, seat) + taken})
    ctx.announce("rp-larcin-butin", to=[seat], seat=owner, coins=taken)
    if taken:
        # "Il peut en redonner tout ou partie immédiatement à n'importe quel joueur de son choix s'il le souhaite":
        # optional, within the step's time.
        gift = ctx.open_prompt(step=GIFT, kind="number", to=[seat], min=0, max=taken, optional=True,
                               info={"seat": owner, "coins": taken})
        remember_prompt(ctx, f"gift:{seat}", gift)
        whom = ctx.open_prompt(step=RECIPIENT, kind="pick", to=[seat], options=others(ctx, seat), min=1, max=1,
                               optional=True)
        remember_prompt(ctx, f"recipient:{seat}", whom)


def thief_close(ctx: Ctx, step: Step) -> None:
    for role in [r for r in own(ctx.s).prompts if r.startswith("gift:")]:
        seat = int(role.split(":")[1])
        gift, whom = prompt_of(ctx, role), prompt_of(ctx, f"recipient:{seat}")
        coins = gift.answers.get(seat) if gift is not None else None
        to = whom.answers.get(seat) if whom is not None else None
        if not coins or not to or not awake(ctx.s, seat):
            continue
        coins = min(int(coins), coins_of(ctx.s, seat))
        owe(ctx, {seat: coins_of(ctx.s, seat) - coins, to[0]: coins_of(ctx.s, to[0]) + coins})
        ctx.announce("rp-larcin-rendu", to=[seat], seat=to[0], coins=coins)


TEXT_KEYS = (f"step.{GIFT}", f"step.{RECIPIENT}", "announce.rp-larcin-butin", "announce.rp-larcin-rendu")
