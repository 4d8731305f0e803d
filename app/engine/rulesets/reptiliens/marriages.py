"""Marriages (seed 000 §8, §6 Prêtre capitaliste / traditionnel, §12 "Demandes en mariage";
docs/rules/reptiliens-part2-coins.md).

The day part opens a step in which every living player with no living spouse may ask another one (one request a
day, `rp-demande`). A request goes, in order: the partner's consent (`rp-consentement`; none for a forced
marriage), then with a living Prêtre his fee or his refusal (`rp-tarif`), paid by the requester
(`rp-paiement`, RULES-NOTES "the requester pays"); without a Prêtre, two consenting witnesses among the other
living players (`rp-temoins`). Once married, the requester chooses the house beside which the couple settles
(`rp-foyer`): «ils déménagent où bon leur semble, dans des maisons voisines, mais distinctes». The Prêtre
traditionnel may also marry a requester to someone strictly poorer than him once the fee is paid
(`rp-demande-forcee`, RULES-NOTES "compares fortunes after the fee is paid").

Everything a request says is told to its parties (and the Prêtre, the witnesses asked); a marriage is public.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Prompt
from app.engine.rulesets.reptiliens import day, fates
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.coins import told, transfer, variant_holders
from app.engine.rulesets.reptiliens.places import Street
from app.engine.rulesets.reptiliens.state import Wedding, own
from app.engine.rulesets.reptiliens.steps import Answered, open_day_step, prompt_of, remember_prompt

STEP = "rp-mariages"  # the day part and its step
REQUEST, FORCED, CONSENT, FEE, PAYMENT, WITNESSES, HOME = (
    "rp-demande", "rp-demande-forcee", "rp-consentement", "rp-tarif", "rp-paiement", "rp-temoins", "rp-foyer")
PRIEST, TRADITIONAL = "rp-pretre", "rp-pretre-traditionnel"
REFUSE = "rp-refus"
FEES = ("0", "1", "2", REFUSE)  # «fixe alors son tarif pour la cérémonie, de 0 à 2 pièces», or no accord
WITNESSES_NEEDED = 2  # «il leur suffit de trouver deux témoins consentants»


def spouse_of(state: GameState, seat: int) -> int | None:
    """The living spouse of `seat` (a widow(er) may marry again)."""
    spouse = own(state).spouses.get(seat)
    return spouse if spouse is not None and state.players[spouse].alive else None


def free(state: GameState) -> list[int]:
    """The living players who may marry: no living spouse."""
    return [x for x in state.living() if spouse_of(state, x) is None]


def priest(state: GameState) -> tuple[str, int] | None:
    """The living Prêtre: his variant and seat."""
    return next(iter(sorted(variant_holders(state, PRIEST).items())), None)


def wedding(state: GameState, requester: int) -> Wedding:
    return own(state).day.weddings[requester]


def update(ctx: Ctx, requester: int, **changes: Any) -> None:
    ctx.fact(F.WeddingChanged(requester, changes), to=MJ_ONLY)


def ask(ctx: Ctx, role: str, **fields: Any) -> None:
    """A question of a request, answered once (`policy="first"`: no answer changes what was done)."""
    remember_prompt(ctx, role, ctx.open_prompt(policy="first", **fields))


def fail(ctx: Ctx, requester: int, why: str, *also: int) -> None:
    w = wedding(ctx.s, requester)
    update(ctx, requester, stage="failed")
    for role in ("consent", "fee", "payment", "witnesses"):  # what the request still asked
        prompt = prompt_of(ctx, f"{role}:{requester}")
        if prompt is not None:
            ctx.close_prompt(prompt)
    ctx.announce(why, to=sorted({requester, w.partner, *also}), seat=requester, partner=w.partner)


# -- the day part ---------------------------------------------------------------------------------------------------
def open_marriages(ctx: Ctx) -> bool:
    s = ctx.s
    single = free(s)
    if len(single) < 2:
        return False
    open_day_step(ctx, STEP)
    found = priest(s)
    for seat in single:
        others = [x for x in single if x != seat]
        # An empty answer: no request today (once everyone has decided, the part ends early).
        ask(ctx, f"request:{seat}", step=REQUEST, kind="pick", to=[seat], options=others, min=0, max=1, optional=True)
        if found is not None and found[0] == TRADITIONAL and found[1] != seat:
            ask(ctx, f"forced:{seat}", step=FORCED, kind="pick", to=[seat], options=others, min=1, max=1,
                optional=True)
    return True


def requested(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """A request (forced or not): the other way of asking closes; the partner is asked, or the Prêtre at once."""
    ctx.close_prompt(prompt)  # answered once: off the pages
    forced = prompt.step == FORCED
    other = prompt_of(ctx, f"{'request' if forced else 'forced'}:{seat}")
    if other is not None:
        ctx.close_prompt(other)
    if seat in own(ctx.s).day.weddings or not prompt.answers[seat]:
        return
    partner = prompt.answers[seat][0]
    update(ctx, seat, partner=partner, forced=forced, stage="consent")
    ctx.announce("rp-demande-faite", to=[seat, partner], seat=seat, partner=partner, forced=forced)
    if partner not in free(ctx.s):  # married (or dead) since the part opened
        fail(ctx, seat, "rp-mariage-impossible")
        return
    if forced:
        ask_priest(ctx, seat)
        return
    ask(ctx, f"consent:{seat}", step=CONSENT, kind="confirm", to=[partner], optional=True, info={"seat": seat})


def consented(ctx: Ctx, prompt: Prompt, partner: int) -> None:
    ctx.close_prompt(prompt)  # answered once: off the pages
    requester = int(prompt.info["seat"])
    if wedding(ctx.s, requester).stage != "consent":
        return
    if prompt.answers[partner] is True:
        ask_priest(ctx, requester)
    else:
        fail(ctx, requester, "rp-mariage-refuse")


def ask_priest(ctx: Ctx, requester: int) -> None:
    """«Si il y a un prêtre, ils ont besoin de son accord. Sinon, il leur suffit de trouver deux témoins
    consentants.»"""
    s = ctx.s
    w = wedding(s, requester)
    found = priest(s)
    info = {"seat": requester, "partner": w.partner, "forced": w.forced}
    if found is not None:
        update(ctx, requester, stage="priest")
        ask(ctx, f"fee:{requester}", step=FEE, kind="choice", to=[found[1]], options=list(FEES), optional=True,
            info=info)
        return
    if w.forced:  # the Prêtre traditionnel died or left since the request
        fail(ctx, requester, "rp-mariage-sans-pretre")
        return
    asked = [x for x in s.living() if x not in (requester, w.partner)]
    if len(asked) < WITNESSES_NEEDED:
        fail(ctx, requester, "rp-mariage-sans-temoins")
        return
    update(ctx, requester, stage="witnesses")
    ask(ctx, f"witnesses:{requester}", step=WITNESSES, kind="confirm", to=asked, optional=True, info=info)


def priced(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    ctx.close_prompt(prompt)  # answered once: off the pages
    requester = int(prompt.info["seat"])
    w = wedding(ctx.s, requester)
    if w.stage != "priest":
        return
    choice = prompt.answers[seat]
    if choice == REFUSE:
        fail(ctx, requester, "rp-mariage-refuse-pretre", seat)
        return
    price = int(choice)
    update(ctx, requester, price=price, stage="payment")
    ctx.announce("rp-tarif-fixe", to=sorted({requester, w.partner, seat}), seat=requester, partner=w.partner,
                 coins=price)
    if price == 0:
        pay(ctx, requester)
        return
    ask(ctx, f"payment:{requester}", step=PAYMENT, kind="confirm", to=[requester], optional=True,
        info={"partner": w.partner, "coins": price})


def paid(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    ctx.close_prompt(prompt)  # answered once: off the pages
    if wedding(ctx.s, seat).stage != "payment":
        return
    if prompt.answers[seat] is True:
        pay(ctx, seat)
    else:
        fail(ctx, seat, "rp-mariage-non-paye")


def pay(ctx: Ctx, requester: int) -> None:
    """«Si le prix est payé, il reçoit l'argent, et est obligé de marier les époux»; a forced marriage needs the
    partner «strictement plus pauvre que le demandeur, après versement du tarif»."""
    s = ctx.s
    w = wedding(s, requester)
    found = priest(s)
    price = w.price or 0
    if found is None:
        fail(ctx, requester, "rp-mariage-sans-pretre")
        return
    if fates.coins_of(s, requester) < price:
        fail(ctx, requester, "rp-mariage-trop-cher", found[1])
        return
    after = {seat: fates.coins_of(s, seat) for seat in (requester, w.partner)}
    after[requester] -= price
    if w.partner == found[1]:
        after[w.partner] += price
    if w.forced and not after[w.partner] < after[requester]:
        fail(ctx, requester, "rp-mariage-force-impossible", found[1])
        return
    if price and found[1] != requester:
        transfer(ctx, requester, found[1], price)
        ctx.announce("rp-tarif-paye", to=told(s, requester, found[1]), seat=requester, priest=found[1], coins=price)
    marry(ctx, requester)


def witnessed(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    requester = int(prompt.info["seat"])
    w = wedding(ctx.s, requester)
    if w.stage != "witnesses" or prompt.answers[seat] is not True:
        return
    update(ctx, requester, witnesses=[*w.witnesses, seat])
    if len(w.witnesses) + 1 >= WITNESSES_NEEDED:
        ctx.close_prompt(prompt)
        marry(ctx, requester)


def marry(ctx: Ctx, requester: int) -> None:
    s = ctx.s
    w = wedding(s, requester)
    couple = (requester, w.partner)
    if any(not s.players[x].alive or spouse_of(s, x) is not None for x in couple):
        fail(ctx, requester, "rp-mariage-impossible")
        return
    ctx.fact(F.Married(requester, w.partner), to=MJ_ONLY)
    for seat in couple:  # married: they ask no one else
        for role in (f"request:{seat}", f"forced:{seat}"):
            prompt = prompt_of(ctx, role)
            if prompt is not None:
                ctx.close_prompt(prompt)
    update(ctx, requester, stage="done")
    ctx.announce("rp-maries", seats=list(couple), forced=w.forced, witnesses=list(wedding(s, requester).witnesses))
    ask(ctx, f"home:{requester}", step=HOME, kind="pick", to=[requester], options=list(own(s).street), min=1, max=1,
                           optional=True, info={"partner": w.partner})


# -- the new home ---------------------------------------------------------------------------------------------------
def settle(street: Street, requester: int, partner: int, beside: int | None) -> Street:
    """The couple's houses side by side: beside the requester's (the partner moves), the partner's (the requester
    moves) or a third house (the requester beside it, then the partner beside him); no choice: beside the
    requester's. Neighbours already and no third house chosen: nobody moves."""
    if beside in (None, requester, partner) and street.are_neighbours(requester, partner):
        return street
    if beside == partner:
        return street.moved(requester, partner)
    if beside is not None and beside != requester:
        street = street.moved(requester, beside)
    return street.moved(partner, requester)


def homed(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    ctx.close_prompt(prompt)  # answered once: off the pages
    move_in(ctx, seat, prompt.answers[seat][0])


def move_in(ctx: Ctx, requester: int, beside: int | None) -> None:
    s = ctx.s
    partner = wedding(s, requester).partner
    before = Street(tuple(own(s).street))
    after = settle(before, requester, partner, beside)
    role = f"home:{requester}"
    ctx.fact(F.PromptForgotten(role), to=MJ_ONLY)  # moved once only
    if after != before:
        ctx.fact(F.HouseMoved(list(after.houses)), to=MJ_ONLY)
        ctx.announce("rp-demenagement-maries", seats=[requester, partner], street=list(after.houses))


def close_marriages(ctx: Ctx) -> bool:
    """The step's end: the couples who chose no home settle beside the requester's house."""
    for role in sorted(r for r in own(ctx.s).prompts if r.startswith("home:")):
        move_in(ctx, int(role.split(":")[1]), None)
    return day.next_step(ctx)


PENDING = ("consent", "priest", "payment", "witnesses")  # a request waiting for someone's answer


def settled(ctx: Ctx) -> None:
    """Everyone has asked or declined, no request waits for an answer, every new couple has its home: the part ends
    now (its questions are all optional, so it would otherwise last its whole time)."""
    s = ctx.s
    if s.step is None or s.step.key != STEP:
        return
    o = own(s)
    for role, pid in o.prompts.items():
        found = s.prompts.get(pid)
        if role.startswith(("request:", "forced:", "home:")) and found is not None and not found.closed:
            return
    if any(w.stage in PENDING for w in o.day.weddings.values()):
        return
    ctx.emit("step_timer", {"min_end": ctx.at}, to=MJ_ONLY)


def then_settled(handler: Answered) -> Answered:
    def answered(ctx: Ctx, prompt: Prompt, seat: int) -> None:
        handler(ctx, prompt, seat)
        settled(ctx)

    return answered


ANNOUNCES = ("rp-demande-faite", "rp-mariage-refuse", "rp-mariage-refuse-pretre", "rp-mariage-sans-pretre",
             "rp-mariage-sans-temoins", "rp-tarif-fixe", "rp-tarif-paye", "rp-mariage-non-paye",
             "rp-mariage-trop-cher", "rp-mariage-force-impossible", "rp-mariage-impossible", "rp-maries",
             "rp-demenagement-maries")
TEXT_KEYS: tuple[str, ...] = (
    *(f"step.{k}" for k in (REQUEST, FORCED, CONSENT, FEE, PAYMENT, WITNESSES, HOME)),
    *(f"choice.{FEE}.{k}" for k in FEES),
    *(f"announce.{k}" for k in ANNOUNCES),
)
