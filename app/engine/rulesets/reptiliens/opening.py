"""The opening of the game (seed 000 §11), in the seed's order (calendar.OPENING), listed in
manifest.STEPS like the night's steps, and the MJ's deal when he draws the cards at the table (`rp-donne`).

Every learning is a private event to the seats concerned (`rp-fellows`: they share a group; `rp-learn`: they see
a card). The MJ's judgment calls (the personal conditions, the conversion, the lovers, whether the lovers know
the Romantique) are questions to him when the room has an MJ; in automatic mode the game's RNG makes them.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.model import Prompt
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import setup
from app.engine.rulesets.reptiliens.calendar import VILLAGEOIS_WITH_CONDITIONS, Step
from app.engine.rulesets.reptiliens.cards import CARD_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, own
from app.engine.rulesets.reptiliens.steps import (
    answer,
    dying,
    holder,
    is_reptilian,
    prompt_of,
    remember_prompt,
)

BOTH = "rp-les-deux"  # the MJ gives both conditions of a card ("sa ou ses conditions")
ALPHA, MINUS, CORTEX, SETH, FENNEC = ("rp-reptilienne-alpha", "rp-minus", "rp-cortex", "rp-seth", "rp-fennec")
ROMANTIQUE = "rp-romantique"
DEAL = "rp-donne"  # the MJ's deal (week.DEAL)
LOVERS = "rp-ouverture-amoureux"


def by_mj(ctx: Ctx) -> bool:
    return ctx.s.options.get("moderation") == "mj"


def mj_answer(ctx: Ctx, role: str) -> Any:
    return answer(prompt_of(ctx, role), MJ_SEAT)


# -- the MJ's deal (RULES-NOTES "Chance") ---------------------------------------------------------------------------
def deal_open(ctx: Ctx, step: Step) -> None:
    setup.open_mj_deal(ctx)


def deal_close(ctx: Ctx, step: Step) -> None:
    chosen = {}
    # Only the deal's own questions: the step also holds the MJ's "go on" (week.GO_ON) when every card was
    # pre-assigned, and may hold others (an invocation's), none of which names a seat and a slot.
    for prompt in ctx.step_prompts():
        if prompt.step != DEAL:
            continue
        picked = prompt.answers.get(MJ_SEAT)
        if picked is not None:
            chosen[(int(prompt.info["seat"]), str(prompt.info["slot"]))] = str(picked)
    setup.deal(ctx, chosen)


# -- personal conditions (§11 "Il leur indique quelles conditions de victoire personnelle s'ajouteront") ----------
def with_conditions(ctx: Ctx) -> list[int]:
    """Monk, Holmes, Poirot, Pach, Rappaz and Sesiano, in the seed's order."""
    return [seat for name in VILLAGEOIS_WITH_CONDITIONS if (seat := holder(ctx.s, name)) is not None]


def conditions_open(ctx: Ctx, step: Step) -> None:
    if not by_mj(ctx):
        return
    for seat in with_conditions(ctx):
        card = CARD_BY_KEY[ctx.s.players[seat].card(CAMP) or ""]
        prompt = ctx.open_prompt(step="rp-ouverture-conditions", kind="choice", to_mj=True,
                                 options=[*card.personal_victories, BOTH], info={"seat": seat})
        remember_prompt(ctx, f"conditions:{seat}", prompt)


def conditions_close(ctx: Ctx, step: Step) -> None:
    for seat in with_conditions(ctx):
        card = CARD_BY_KEY[ctx.s.players[seat].card(CAMP) or ""]
        options = [*card.personal_victories, BOTH]
        choice = mj_answer(ctx, f"conditions:{seat}") if by_mj(ctx) else None
        if choice not in options:
            choice = ctx.choice(options)
        given = list(card.personal_victories) if choice == BOTH else [str(choice)]
        ctx.emit("rp-personal", {"seat": seat, "conditions": given}, to=[seat])


def group_open(condition: str) -> Any:
    """§11 "il appelle les Détectives pour qu'ils se reconnaissent. Idem avec les Mathématiciens."""
    def open_(ctx: Ctx, step: Step) -> None:
        members = [seat for seat, given in sorted(own(ctx.s).personal.items()) if condition in given]
        if len(members) > 1:
            ctx.emit("rp-fellows", {"group": condition, "seats": members}, to=members)
    return open_


# -- the MJ's conversion (§11 "Il peut aussi convertir l'un d'eux en Reptilien") -------------------------------------
def conversion_open(ctx: Ctx, step: Step) -> None:
    candidates = with_conditions(ctx)
    if by_mj(ctx) and candidates:
        prompt = ctx.open_prompt(step="rp-ouverture-conversion", kind="pick", to_mj=True, options=candidates,
                                 min=0, max=1)
        remember_prompt(ctx, "conversion", prompt)


def conversion_close(ctx: Ctx, step: Step) -> None:
    candidates = with_conditions(ctx)
    if not candidates:
        return
    if by_mj(ctx):
        picked = mj_answer(ctx, "conversion")
        seat = picked[0] if picked else None
    else:
        seat = ctx.choice(candidates) if ctx.chance(float(ctx.s.options.get("auto_conversion", 0.0))) else None
    if seat is not None:
        convert(ctx, seat, "rp-reptiliens")
        ctx.announce("rp-converti-ouverture", to=[seat])


def convert(ctx: Ctx, seat: int, camp: str) -> None:
    """A camp added to a seat (victory.Seat.converted), told to that seat alone."""
    ctx.emit("rp-converted", {"seat": seat, "camp": camp}, to=[seat])


# -- the camps that know each other (§11, in this order) ------------------------------------------------------------
def learn(ctx: Ctx, viewers: list[int], seat: int, card: str) -> None:
    """`viewers` see `seat`'s camp card as `card`."""
    audience = [v for v in viewers if v != seat]
    if audience:
        ctx.emit("rp-learn", {"viewers": audience, "seat": seat, "slot": CAMP, "card": card}, to=audience)


def seths_open(ctx: Ctx, step: Step) -> None:
    """"Seths (dont le Fennec)": Seth and the Fennec see each other's card."""
    seth, fennec = holder(ctx.s, SETH), holder(ctx.s, FENNEC)
    if seth is not None and fennec is not None:
        ctx.emit("rp-fellows", {"group": "rp-seths", "seats": [seth, fennec]}, to=[seth, fennec])
        learn(ctx, [fennec], seth, SETH)
        learn(ctx, [seth], fennec, FENNEC)


def souris_open(ctx: Ctx, step: Step) -> None:
    """"Minus et Cortex se manifestent pour que toutes les Souris les identifient.\""""
    members = [p.seat for p in ctx.s.by_position() if p.card(CAMP) in ("rp-souris", MINUS, CORTEX)]
    if len(members) > 1:
        ctx.emit("rp-fellows", {"group": "rp-souris", "seats": members}, to=members)
        for card in (MINUS, CORTEX):
            seat = holder(ctx.s, card)
            if seat is not None:
                learn(ctx, members, seat, card)


def pack_meets(ctx: Ctx) -> None:
    """The Reptilians (Seth in, the Fennec out, the converted in) learn each other; the alpha shows herself. One
    converted later (Conversion noire) meets the pack the same way when it next wakes (nights.concertation_open)."""
    members = [p.seat for p in ctx.s.by_position() if is_reptilian(ctx.s, p.seat)]
    awake = [seat for seat in members if ctx.s.players[seat].alive]
    ctx.emit("rp-fellows", {"group": "rp-reptiliens", "seats": members, "viewers": awake}, to=awake)
    alpha = holder(ctx.s, ALPHA)
    if alpha is not None and alpha in members:
        learn(ctx, awake, alpha, ALPHA)
    if not own(ctx.s).pack_known:
        ctx.fact(F.PackMet(), to=MJ_ONLY)


def reptiliens_open(ctx: Ctx, step: Step) -> None:
    pack_meets(ctx)


# -- the Amoureux and the Romantique (§11) ----------------------------------------------------------------------
def romantics(ctx: Ctx) -> list[int]:
    return [seat for seat, given in sorted(own(ctx.s).personal.items()) if ROMANTIQUE in given]


def lovers_mode(ctx: Ctx) -> str:
    """The room's `lovers` option: "mj" (the MJ names them or nobody), "drawn" or "none" (§4 "conformes à son plan
    de jeu")."""
    return str(ctx.s.options.get("lovers", "mj"))


def lovers_open(ctx: Ctx, step: Step) -> None:
    if not by_mj(ctx) or lovers_mode(ctx) == "none":
        return  # nothing to decide: the MJ still says when to go on (week.GO_ON), so the step lasts alike
    if lovers_mode(ctx) == "mj":
        # Two seats, or none ("personne": his plan has no lovers); one alone is refused (lovers_answered).
        prompt = ctx.open_prompt(step=LOVERS, kind="pick", to_mj=True, options=candidates(ctx), min=0, max=2)
        remember_prompt(ctx, "amoureux", prompt)
    if romantics(ctx):
        # "Il peut choisir d'avoir fait fermer les yeux aux Amoureux ... sans que les Amoureux connaissent Sesiano."
        known = ctx.open_prompt(step="rp-ouverture-romantique-connu", kind="confirm", to_mj=True)
        remember_prompt(ctx, "romantique", known)


def lovers_answered(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """A couple is two: the MJ names two seats, or nobody."""
    if len(prompt.answers.get(seat) or []) == 1:
        raise Rejected("wrong_count", "Name the two lovers, or nobody (no lovers in this game).", min=0, max=2)


def candidates(ctx: Ctx) -> list[int]:
    """The living, but those killed already tonight (named at dawn)."""
    gone = dying(ctx.s)
    return [seat for seat in ctx.s.living() if seat not in gone]


def chosen_couple(ctx: Ctx) -> list[int]:
    """The couple of the room's `lovers` option: the MJ's two (his "personne": none; unanswered, or in automatic
    mode: drawn), drawn, or none."""
    living = candidates(ctx)
    mode = lovers_mode(ctx)
    if mode == "none" or len(living) < 2:
        return []
    if mode == "mj" and by_mj(ctx):
        prompt = prompt_of(ctx, "amoureux")
        picked = answer(prompt, MJ_SEAT)
        if picked is not None and len(picked) == 0:
            return []  # "personne"
        if picked and len(picked) == 2 and set(picked) <= set(living):
            return sorted(picked)
    return sorted(ctx.shuffle(living)[:2])


def lovers_close(ctx: Ctx, step: Step) -> None:
    couple = chosen_couple(ctx)
    if not couple:
        # No couple: nobody is told anything, their night steps are still called for their length (nights.py).
        return
    ctx.emit("rp-lovers", {"seats": couple}, to=MJ_ONLY)
    ctx.emit("rp-fellows", {"group": "rp-amoureux", "seats": couple}, to=couple)
    for seat in couple:
        ctx.announce("rp-amoureux", to=[seat], seat=next(x for x in couple if x != seat))
    if romantics(ctx):
        known = mj_answer(ctx, "romantique") if by_mj(ctx) else None
        ctx.fact(F.RomanticDecided(bool(known if known is not None else ctx.chance(0.5))), to=MJ_ONLY)


def romantic_open(ctx: Ctx, step: Step) -> None:
    """"il appelle le Romantique (Sesiano)", who learns the lovers; they learn him unless the MJ said not."""
    couple = own(ctx.s).lovers
    if not couple:
        return
    for seat in romantics(ctx):
        ctx.emit("rp-fellows", {"group": "rp-amoureux", "seats": couple, "viewers": [seat]}, to=[seat])
        if own(ctx.s).romantic_known:
            learn(ctx, couple, seat, ctx.s.players[seat].card(CAMP) or "rp-sesiano")


def reminder_open(ctx: Ctx, step: Step) -> None:
    """"Un rappel concernant les conditions de victoire ... et les actions invoquées peut être effectué.\""""
    ctx.announce("rp-rappel")
