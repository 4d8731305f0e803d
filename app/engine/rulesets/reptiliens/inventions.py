"""The inventors (seed 000 §5 "Ingénieure / Technophile / Scientifique / Savant / Bricoleur / Inventeur"), after the
dawn on the nights of their card's name: "il peut utiliser une de ses deux inventions : Révélateur : il désigne
un joueur mort. Le MJ lui montre sa carte de camp. OU Stalkeur : il désigne une cible au MJ. Le MJ lui révèle si
la personne a passé la majeure partie de la nuit (aLo) chez elle ou pas."

Two questions, the first answered is the invention used (the other closes); the inventor learns the answer at
once, he alone. The Stalkeur reads where the attack step found everyone (places.Night.at_home, kept in
`night.places`).
"""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.model import GameState, Prompt
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.nights import others
from app.engine.rulesets.reptiliens.state import CAMP, own
from app.engine.rulesets.reptiliens.steps import awake, callers, prompt_of, remember_prompt

REVEALER, STALKER = "rp-revelateur", "rp-stalkeur"  # the powers, and their questions' steps


def dead(state: GameState) -> list[int]:
    """The dead named so far (one killed tonight is named at dawn, and the day has not come yet)."""
    return [p.seat for p in state.by_position() if not p.alive]


def inventor_open(ctx: Ctx, step: Step) -> None:
    for seat in callers(ctx.s, step.actors):
        stalk = ctx.open_prompt(step=STALKER, kind="pick", to=[seat], options=others(ctx, seat), min=1, max=1,
                                policy="first")
        remember_prompt(ctx, f"{STALKER}:{seat}", stalk)
        corpses = dead(ctx.s)
        if corpses:
            reveal = ctx.open_prompt(step=REVEALER, kind="pick", to=[seat], options=corpses, min=1, max=1,
                                     policy="first")
            remember_prompt(ctx, f"{REVEALER}:{seat}", reveal)


def at_home(state: GameState, seat: int) -> bool:
    """Where the attack step found him. One killed earlier in the night by an invocation has no place there: he
    counts as at home (answering otherwise would tell the inventor that he died)."""
    place = own(state).night.places.get(seat)
    return place is None or place[0] == seat


def invented(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """"Stalkeur XOR Révélateur": the invention answered is used, the other question closes."""
    other = prompt_of(ctx, f"{REVEALER if prompt.step == STALKER else STALKER}:{seat}")
    if other is not None:
        ctx.close_prompt(other)
    if not awake(ctx.s, seat):
        return
    target = prompt.answers[seat][0]
    if prompt.step == STALKER:
        where = "chez-soi" if at_home(ctx.s, target) else "ailleurs"
        ctx.announce(f"rp-stalkeur-{where}", to=[seat], seat=target)
        return
    card = ctx.s.players[target].card(CAMP)
    if card is not None:
        ctx.emit("rp-learn", {"viewers": [seat], "seat": target, "slot": CAMP, "card": card}, to=[seat])
        ctx.announce("rp-revelateur-resultat", to=[seat], seat=target, role=card)


TEXT_KEYS = (f"step.{STALKER}", f"step.{REVEALER}", "announce.rp-stalkeur-chez-soi", "announce.rp-stalkeur-ailleurs",
             "announce.rp-revelateur-resultat")
