"""Which night steps are called, and in what order: the cards in play (composition, fake roles, the MJ's), the
order (a preset, or the MJ's own), and tonight's plan changed when the MJ brings a card in. Below the rule
modules that bring cards in (the Comédien's stage cards) and above night.py's tables."""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import replan
from app.engine.model import GameState
from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS, NIGHT_STEPS, stages, step_cards, steps_for
from app.engine.rulesets.thiercelieux.state import mj_cards


def night_cards(s: GameState) -> list[str]:
    """The cards whose night steps are called: the composition, the fake roles, the cards the MJ brought into
    play during the game; none ever leaves, so a step stays called when its holder dies or loses the card."""
    cards = [*s.composition, *s.options.get("fake_roles", []), *mj_cards(s)]
    if s.options.get("cards") == "small":
        cards.append("loup-garou")  # the wolves' camp cards are dealt apart from the power cards (004)
    if s.options.get("mj_lovers"):
        cards.append("@mj_lovers")  # the lovers' steps run with no Cupidon: the MJ chooses (004)
    return cards


def night_order(options: dict[str, Any]) -> list[str]:
    """The MJ's own order if they edited one, else the preset; 004's variant calls the seer after the witch."""
    order = list(options.get("night_order_custom") or NIGHT_ORDERS[options.get("night_order", "official")])
    if options.get("seer_after_witch") and "voyante" in order and "sorciere" in order:
        order.remove("voyante")
        order.insert(order.index("sorciere") + 1, "voyante")
    return order


def card_brought_in(ctx: Ctx, card: str) -> None:
    """The MJ gave a card during the game (`set_role`). A card with night steps that the game lacked is in play
    from now on: the next nights call its steps, and tonight those still ahead in the order (issue 14, item 2).
    Its steps then last their plausible time whoever holds the card, like the composition's (night.NightStep)."""
    before = night_cards(ctx.s)
    if card in before or not any(card in step_cards(key) for key in NIGHT_STEPS):
        return
    ctx.emit("cards_in_play", {"role": card}, to=MJ_ONLY)
    plan = ctx.s.plan  # the night's, driven by the engine's flow (flow.begin_night)
    if ctx.s.phase != "night" or plan is None:
        return
    order, night = night_order(ctx.s.options), ctx.s.night
    done, ahead = plan.done(), [k for stage in plan.ahead() for k in stage]
    # A step at or before the one running in the order has passed for tonight: it is called tomorrow.
    passed = max((order.index(k) for stage in done for k in stage if k in order), default=-1)
    had = set(steps_for(order, night, before))
    for key in steps_for(order, night, night_cards(ctx.s)):
        if key not in had and order.index(key) > passed:
            ahead = insert_in_order(ahead, key, order)
    replan(ctx, stages(ahead, bool(ctx.s.options.get("night_parallel"))))


def insert_in_order(keys: list[str], key: str, order: list[str]) -> list[str]:
    """`keys` with `key` put before the first that comes later in the night order (or is no part of it: a step
    the night adds of its own comes after the ordered ones)."""
    at = next((n for n, k in enumerate(keys) if k not in order or order.index(k) > order.index(key)), len(keys))
    return [*keys[:at], key, *keys[at:]]
