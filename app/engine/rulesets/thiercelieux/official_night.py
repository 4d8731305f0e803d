"""Official roles beyond the seeds (issue 14): the night's information and bond roles of the Personnages and Nouvelle
Lune booklets. Deux Sœurs and Trois Frères (wake together, talk while awake), Renard (sniffs a group of three
neighbours), Montreur d'ours (his bear growls at dawn), Enfant sauvage (a model; a wolf once the model dies),
Chien-loup (villager or wolf, his choice on the first night) and Comédien (three cards set aside, one power a night).

The roles and weights are in roles.py's tables, the night steps in manifest.py; flow.py calls `on_death` (the wild
child's model) and `dawn` (the bear); the ruleset calls `kin_channels`, `kin_role` and `night_secrets`. The choices
made where the booklets say nothing are in docs/rules/thiercelieux.md ("Issue 14").
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import MJ, GameState
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.marks import Marks
from app.engine.rulesets.thiercelieux.more_roles import answer, picked
from app.engine.rulesets.thiercelieux.night import NightStep, holders
from app.engine.rulesets.thiercelieux.night_plan import card_brought_in
from app.engine.rulesets.thiercelieux.roles import has_power, holds, wolfish
from app.engine.rulesets.thiercelieux.scratch_facts import KinCalled, QuestionOpened
from app.engine.rulesets.thiercelieux.state import marks, scratch, village

# The kin: card -> (night step, tag and chat channel, cards in the box).
KIN: dict[str, tuple[str, str, int]] = {"deux-soeurs": ("soeurs", "sisters", 2),
                                        "trois-freres": ("freres", "brothers", 3)}
# The cards the Comédien may be given: village powers that act alone, tonight or until the next night (no first-night
# card, no card bound to a partner or a prompt of the Petite Fille's peek).
STAGE_CARDS = ("voyante", "sorciere", "chasseur", "salvateur", "corbeau", "renard", "montreur-d-ours",
               "marchand-de-sable", "berger", "magicien")


# -- neighbours ---------------------------------------------------------------------------------------------------
def living_neighbours(state: GameState, seat: int) -> list[int]:
    """The nearest living players on either side of `seat` around the table (seat order); the dead leave the
    circle, as their cards lie face up in front of them. Fewer than two when few are left."""
    ring = [p.seat for p in state.by_position() if p.alive or p.seat == seat]
    if seat not in ring or len(ring) < 2:
        return []
    i = ring.index(seat)
    return sorted({ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]} - {seat})


# -- Deux Sœurs, Trois Frères -------------------------------------------------------------------------------------
def kin_called(ctx: Ctx) -> bool:
    """Whether the kin are woken tonight: always the first night, then by the room's `siblings_wake`."""
    mode, night = str(ctx.s.options.get("siblings_wake", "every")), ctx.s.night
    if night == 1 or mode == "every":
        return True
    if mode == "other":
        return night % 2 == 1
    return False  # "first"; "mj" asks the MJ (kin_open)


def mj_present(state: GameState) -> bool:
    return state.options.get("moderation") == "mj" and not state.options.get("host_plays")


def kin_step(card: str) -> NightStep:
    key, tag, _size = KIN[card]

    def open_(ctx: Ctx) -> None:
        members = holders(ctx, card)
        for seat in members:
            # They recognise each other; one asleep tonight (the Marchand de sable) is met another night.
            mine = kin_known(marks(ctx.s, seat), tag)
            known = sorted({*(mine or []), *members})
            if mine != known:
                ctx.fact(F.KinMet(seat, tag, known), to=[seat])
        if ctx.s.options.get("siblings_wake") == "mj" and ctx.s.night > 1:
            if not mj_present(ctx.s):
                call(ctx, key, members)  # no MJ to decide: they are called, as with "every"
            else:
                p = ctx.open_prompt(step=f"{key}-mj", kind="confirm", to_mj=True, policy="first", optional=True)
                ctx.fact(QuestionOpened(f"{key}_mj", p.id), to=MJ_ONLY)
            return
        if kin_called(ctx):
            call(ctx, key, members)

    return NightStep(key, open_, lambda ctx: None)


def call(ctx: Ctx, key: str, members: list[int]) -> None:
    ctx.fact(KinCalled(key), to=MJ_ONLY)
    for seat in members:
        ctx.announce("kin_awake", to=[seat], seats=[s for s in members if s != seat])


def kin_awake(state: GameState, key: str) -> bool:
    """The kin of step `key` are awake now: their step is open and they were called (or the MJ called them)."""
    step = state.step
    if state.phase != "night" or step is None or step.key != key:
        return False
    if key in scratch(state).called:
        return True
    pid = scratch(state).prompts.get(f"{key}_mj")
    return pid is not None and pid in state.prompts and state.prompts[pid].answers.get(MJ_SEAT) is True


def kin_channels(state: GameState) -> dict[str, tuple[list[int] | None, set[int | str]]]:
    """Each group of kin reads its own channel; they write in it while awake (and the MJ always)."""
    channels: dict[str, tuple[list[int] | None, set[int | str]]] = {}
    for card, (key, tag, _size) in KIN.items():
        members = [p.seat for p in state.by_position() if p.alive and holds(state, p, card)
                   and kin_known(marks(state, p.seat), tag)]
        if not members:
            continue
        writers: set[int | str] = {*(members if kin_awake(state, key) else []), MJ}
        if tag == "sisters":
            channels["sisters"] = (members, writers)
        else:
            channels["brothers"] = (members, writers)
    return channels


def kin_known(mine: Marks, tag: str) -> list[int] | None:
    """The sisters (`tag` "sisters") or the brothers a seat has recognised."""
    return mine.sisters if tag == "sisters" else mine.brothers


def kin_role(mine: Marks, seat: int) -> str | None:
    """The card a sister or a brother knows another seat holds (they recognised each other)."""
    for card, (_key, tag, _size) in KIN.items():
        if seat in (kin_known(mine, tag) or ()):
            return card
    return None


# -- Renard -------------------------------------------------------------------------------------------------------
def renard_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "renard"):
        if marks(ctx.s, seat).fox_lost and ctx.s.players[seat].role == "renard":
            continue  # he lost his flair: he sleeps on (the step still lasts its plausible time)
        others = [s for s in ctx.s.living() if s != seat]
        if others:
            p = ctx.open_prompt(step="renard", kind="pick", to=[seat], options=others, min=0, max=1)
            ctx.fact(QuestionOpened("renard", p.id), to=MJ_ONLY)


def renard_close(ctx: Ctx) -> None:
    """The Renard points at a player: that player and his two neighbours are the group he sniffs. A wolf among
    them: the MJ nods and he keeps his flair; none: three innocents, and he loses his power."""
    seat, centre = picked(ctx, "renard")
    if seat is None or centre is None:
        return
    group = sorted({centre, *living_neighbours(ctx.s, centre)})
    if any(wolfish(ctx.s, ctx.s.players[x]) for x in group):
        ctx.announce("fox_smells_wolf", to=[seat], seats=group)
        return
    ctx.announce("fox_no_wolf", to=[seat], seats=group)
    if ctx.s.players[seat].role == "renard":  # a Comédien's borrowed flair lasts a night anyway
        ctx.fact(F.PowerSpent(seat, "fox"), to=[seat])


# -- Enfant sauvage -----------------------------------------------------------------------------------------------
def wild_child_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "enfant-sauvage"):
        others = [s for s in ctx.s.living() if s != seat]
        if others:
            p = ctx.open_prompt(step="enfant-sauvage", kind="pick", to=[seat], options=others, min=1, max=1)
            ctx.fact(QuestionOpened("enfant-sauvage", p.id), to=MJ_ONLY)


def wild_child_close(ctx: Ctx) -> None:
    """He must choose a model; asleep at the step, chance chooses for him (he is told whom)."""
    pid = scratch(ctx.s).prompts.get("enfant-sauvage")
    if pid is None or not ctx.s.prompts[pid].to:
        return
    seat, model = picked(ctx, "enfant-sauvage")
    if seat is None:
        return
    if model is None:
        model = ctx.choice(list(ctx.s.prompts[pid].options))
    ctx.fact(F.ModelChosen(seat, model), to=[seat])


def on_death(ctx: Ctx, seat: int) -> None:
    """A model died: his wild child, alive and still a villager, becomes a Loup-Garou (he wakes with the pack from
    the next wolves' step on)."""
    for p in ctx.s.by_position():
        if (p.alive and marks(ctx.s, p.seat).model == seat and holds(ctx.s, p, "enfant-sauvage")
                and not wolfish(ctx.s, p)):
            ctx.fact(F.TurnedWolf(p.seat), to=[p.seat])
            ctx.announce("wild_child_turned", to=[p.seat], seat=seat)


# -- Chien-loup ---------------------------------------------------------------------------------------------------
def dog_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "chien-loup"):
        p = ctx.open_prompt(step="chien-loup", kind="choice", to=[seat], options=["village", "wolf"])
        ctx.fact(QuestionOpened("chien-loup", p.id), to=MJ_ONLY)


def dog_close(ctx: Ctx) -> None:
    """The Chien-loup chooses his camp for the whole game; silence keeps him a faithful dog of the village."""
    seat, choice = answer(ctx, "chien-loup")
    if seat is None:
        return
    if choice == "wolf":
        ctx.fact(F.TurnedWolf(seat), to=[seat])
        ctx.announce("dog_is_wolf", to=[seat])
    else:
        ctx.announce("dog_is_dog", to=[seat])


# -- Comédien -----------------------------------------------------------------------------------------------------
def stage_cards(state: GameState) -> list[str]:
    """The Comédien's cards still unplayed (set aside face up on the first night)."""
    return list(village(state).comedien_cards or [])


def deal_stage_cards(ctx: Ctx) -> None:
    """The first night: the MJ's three cards (`comedien_cards`), else three drawn among the village powers not
    in play. Face up: everyone is told which."""
    if village(ctx.s).comedien_cards is not None:
        return
    in_play = set(ctx.s.composition)
    given = [c for c in ctx.s.options.get("comedien_cards") or [] if c not in in_play]
    cards = given or ctx.shuffle([c for c in STAGE_CARDS if c not in in_play])[:3]
    ctx.fact(F.StageCards(cards), to=MJ_ONLY)
    ctx.announce("comedien_cards", roles=cards)
    for card in cards:
        # In play from now on, held or not: their steps are called every night (tonight's still ahead too), so
        # that a night he plays one lasts as long as a night he does not.
        card_brought_in(ctx, card)


def comedien_open(ctx: Ctx) -> None:
    # Last night's borrowed power lasts "until the next night": it ends as he is called again.
    for p in ctx.s.by_position():
        if marks(ctx.s, p.seat).borrowed:
            ctx.fact(F.CardBorrowed(p.seat, None), to=[p.seat])
    deal_stage_cards(ctx)
    cards = stage_cards(ctx.s)
    for seat in holders(ctx, "comedien"):
        if cards:
            prompt = ctx.open_prompt(step="comedien", kind="choice", to=[seat], options=[*cards, "none"],
                                     info={"cards": cards})
            ctx.fact(QuestionOpened("comedien", prompt.id), to=MJ_ONLY)


def comedien_close(ctx: Ctx) -> None:
    """He plays one card's power from now until the next night; a card played leaves the game."""
    seat, card = answer(ctx, "comedien")
    if seat is None or card in (None, "none"):
        return
    ctx.fact(F.StageCards([c for c in stage_cards(ctx.s) if c != card]), to=MJ_ONLY)
    ctx.fact(F.CardBorrowed(seat, str(card)), to=[seat])


# -- Montreur d'ours ----------------------------------------------------------------------------------------------
def dawn(ctx: Ctx) -> None:
    """Each morning, once the night's dead are known, the bear growls (publicly) if a living neighbour of a living
    bear tamer is a wolf; an infected tamer's bear growls every morning (`bear_growls_if_infected`). While the card
    is in play, a quiet bear is said too, so that silence tells no more than at the table."""
    tamers = [p for p in ctx.s.by_position() if p.alive and holds(ctx.s, p, "montreur-d-ours") and has_power(ctx.s, p)]
    if not tamers and "montreur-d-ours" not in ctx.s.composition:
        return
    infected = bool(ctx.s.options.get("bear_growls_if_infected", True))
    growls = any((infected and wolfish(ctx.s, p))
                 or any(wolfish(ctx.s, ctx.s.players[x]) for x in living_neighbours(ctx.s, p.seat))
                 for p in tamers)
    ctx.announce("bear_growls" if growls else "bear_quiet")


# -- what a seat's own view shows ---------------------------------------------------------------------------------
def night_secrets(state: GameState, seat: int) -> dict[str, Any]:
    me = state.players[seat]
    out: dict[str, Any] = {}
    shown = marks(state, seat).shown()
    for key in ("sisters", "brothers", "model", "borrowed", "fox_lost"):
        if key in shown:
            out[key] = shown[key]
    if holds(state, me, "comedien") and village(state).comedien_cards is not None:
        out["stage_cards"] = stage_cards(state)
    return out
