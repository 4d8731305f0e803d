"""004, "variante de l'extension Le Village": each player has a hidden night card and a visible day card.

- Confesseur (the day's seer): "à tout moment durant le jour" asks one player to show him his card, one a day.
- Châtelain (the day's witch): once in the game pardons the person lynched, and once kills the person of his
  choice, "pas nécessairement le même jour".
- Protecteur (the day's salvateur): before the village's vote names someone who cannot be lynched, never the same
  player twice in a row.

The day cards are dealt apart from the night cards and lie face up, so every request, pardon and shield is public;
only what the Confesseur sees is private. A dead holder's day card has no more power.
"""

from __future__ import annotations

from collections import Counter

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.ruleset import Role
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.roles import VILLAGE
from app.engine.rulesets.thiercelieux.scratch_facts import Condemned
from app.engine.rulesets.thiercelieux.state import marks, scratch, village

DAY_ROLES: dict[str, Role] = {
    r.key: r for r in (Role("confesseur", VILLAGE), Role("chatelain", VILLAGE), Role("protecteur", VILLAGE))
}
DAY_STEPS = ("confesseur", "chatelain-kill", "protecteur")


def enabled(state: GameState) -> bool:
    return bool(state.options.get("day_roles"))


def deal(ctx: Ctx) -> None:
    """One of each day card to players drawn at random; the others have a plain day card (no power)."""
    seats = ctx.shuffle([p.seat for p in ctx.s.by_position()])
    cards = {str(seat): key for seat, key in zip(seats, DAY_ROLES, strict=False)}
    ctx.fact(F.DayRolesDealt(cards))
    ctx.announce("day_roles_dealt")


def holder(state: GameState, key: str) -> int | None:
    """The living player whose face-up day card is `key`."""
    for seat, card in (village(state).day_roles or {}).items():
        if card == key and state.players[int(seat)].alive:
            return int(seat)
    return None


def shielded(state: GameState) -> int | None:
    """Who cannot be lynched today (the Protecteur's choice)."""
    mark = village(state).shield
    return int(mark["seat"]) if mark and mark["day"] == state.day and state.phase == "day" else None


def drop_shielded(state: GameState, counts: Counter[int]) -> None:
    """Votes against the shielded do not count (in a forum game some may predate the shield)."""
    shield = shielded(state)
    if shield is not None:
        counts.pop(shield, None)


def open_prompts(ctx: Ctx, before_vote: bool) -> None:
    """The day cards' optional prompts, open through the debate and the vote; each acts as soon as it is answered.
    `before_vote`: the Protecteur may still name someone (in a forum game the vote is open all day)."""
    s = ctx.s
    if not enabled(s):
        return
    living = s.living()
    confessor = holder(s, "confesseur")
    if confessor is not None and marks(s, confessor).confessed != s.day:
        ctx.open_prompt(step="confesseur", kind="pick", to=[confessor], options=[x for x in living if x != confessor],
                        min=0, max=1, policy="first", optional=True)
    lord = holder(s, "chatelain")
    if lord is not None and not village(s).chatelain_killed:
        ctx.open_prompt(step="chatelain-kill", kind="pick", to=[lord], options=[x for x in living if x != lord],
                        min=0, max=1, policy="first", optional=True)
    guard = holder(s, "protecteur")
    if guard is not None and before_vote and shielded(s) is None:
        last = village(s).shield
        # "pas deux fois de suite le même": not the player he shielded at the previous vote.
        banned = last["seat"] if last and last["day"] == s.day - 1 else None
        ctx.open_prompt(step="protecteur", kind="pick", to=[guard], options=[x for x in living if x != banned],
                        min=0, max=1, policy="first", optional=True)


def on_answer(ctx: Ctx, step: str, seat: int, target: int) -> bool:
    """Acts on a day card's answer at once; True when it was a power that kills (its consequences follow)."""
    s = ctx.s
    if step == "confesseur":
        role = s.players[target].role
        ctx.announce("confession", seat=seat, target=target)
        ctx.fact(F.Confessed(seat, target, role, s.day), to=[seat])  # its line: what he heard
        return False
    if step == "protecteur":
        ctx.fact(F.Shielded(target, s.day))
        return False
    assert step == "chatelain-kill"
    ctx.fact(F.ChatelainKilled())
    ctx.announce("chatelain_kills", seat=seat, target=target)
    return True


def may_pardon(state: GameState) -> int | None:
    """The Châtelain who may still pardon the person lynched."""
    lord = holder(state, "chatelain") if enabled(state) else None
    return lord if lord is not None and not village(state).chatelain_pardoned else None


def ask_pardon(ctx: Ctx, lord: int, condemned: int) -> None:
    """The Châtelain is asked; the flow then opens his step ("chatelain-grace"), whose question is `pardon_open`."""
    ctx.fact(Condemned(condemned), to=MJ_ONLY)
    ctx.announce("pardon_asked", seat=lord, target=condemned)


def pardon_open(ctx: Ctx) -> None:
    lord, condemned = may_pardon(ctx.s), scratch(ctx.s).condemned
    assert lord is not None and condemned is not None  # ask_pardon's
    ctx.open_prompt(step="chatelain-grace", kind="confirm", to=[lord], visibility="public",
                    info={"condemned": condemned})


def pardoned(ctx: Ctx) -> bool:
    """The Châtelain's answer: True when he pardoned (the answer is used up)."""
    prompts = ctx.step_prompts()
    answer = next(iter(prompts[0].answers.values()), None) if prompts else None
    if answer is not True:
        return False
    ctx.fact(F.ChatelainPardoned())
    ctx.announce("pardoned", seat=scratch(ctx.s).condemned)
    return True
