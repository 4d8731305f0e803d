"""The Procureur's and the Adjoints' thermal cameras and the Procureur's paid inquiry (seed 000 §6 Procureur, Adjoint
Randy, Adjoint Armish; §12 "Bilan de la caméra thermique"; RULES-NOTES cameras).

- "rp-bilan-camera": the Procureur without an Adjoint, or the Adjoint on his days, names the house where the camera
  stood; everyone hears how many were in it at the attack (the night's `places`).
- The Procureur with an Adjoint invokes an inquiry (`rp-enquete`, manifest.OFFICE_POWERS): 1 coin out of the game,
  and he sees the cards of an office holder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import day, fates
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.offices import ADJOINT, PROCUREUR, VARIANT_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2, Invocation, own
from app.engine.rulesets.reptiliens.steps import open_day_step
from app.engine.rulesets.reptiliens.succession import living

CAMERA = "rp-camera"  # the camera's holder names the house
OCCUPANCY = ("vide", "un", "plusieurs")  # §6 "vide / 1 occupant / plusieurs occupants"
INQUIRY = "rp-enquete"  # the Procureur's invoked inquiry (cards.POWERS)


# -- the thermal camera ----------------------------------------------------------------------------------------------
def with_adjoint(state: GameState) -> bool:
    """§6 Procureur "Sans adjoint" / "Avec adjoint": whether a living player holds the Adjoint's office."""
    seat = state.offices.get(ADJOINT)
    return seat is not None and state.players[seat].alive


def camera_holder(state: GameState) -> int | None:
    """Who names the camera's house this morning: the Adjoint on his days (Randy odd, Armish even), else the
    Procureur when there is no Adjoint."""
    weekday = K.weekday_of_night(max(state.day, 1), state.options.get("first_weekday", K.MON))
    if with_adjoint(state):
        variant = VARIANT_BY_KEY.get(own(state).office_variants.get(ADJOINT, ""))
        seat = state.offices.get(ADJOINT) if variant is None or weekday in variant.days else None
    else:
        seat = state.offices.get(PROCUREUR)
    return seat if seat is not None and seat in living(state) else None


def occupancy(places: Mapping[int, Sequence[Any]], house: int) -> str:
    """RULES-NOTES "Cameras ... count everyone present in the house at the attack step, attackers included"."""
    n = sum(1 for place in places.values() if place and place[0] == house)
    return OCCUPANCY[min(n, 2)]


def camera(ctx: Ctx) -> bool:
    """§6 "Au matin, le MJ lui demande où il avait placé la caméra thermique"."""
    seat = camera_holder(ctx.s)
    if seat is None:
        return False
    open_day_step(ctx, CAMERA)
    ctx.open_prompt(step=CAMERA, kind="pick", to=[seat], options=sorted(own(ctx.s).street), min=1, max=1)
    return True


def camera_done(ctx: Ctx) -> bool:
    """"Le MJ révèle à tous le taux d'occupation (vide / 1 occupant / plusieurs occupants) de cette maison au
    moment de l'attaque" (RULES-NOTES: also when no attack took place)."""
    for prompt in ctx.step_prompts():
        picked = prompt.answers.get(prompt.to[0]) if prompt.to else None
        if picked:
            house = int(picked[0])
            found = occupancy(own(ctx.s).night.places, house)
            ctx.announce(f"rp-camera-{found}", house=house, seat=prompt.to[0])
            # the console's street picture marks it, beside the night it watched
            ctx.fact(F.CameraReported(prompt.to[0], house, found), to=MJ_ONLY)
    return day.next_step(ctx)


# -- the Procureur's inquiry ------------------------------------------------------------------------------------------
def inquires(state: GameState, seat: int) -> bool:
    """§6 Procureur "Avec adjoint : Il peut choisir, en payant 1 pièce, d'ouvrir une enquête sur un personnage
    occupant un poste public (aIn)"."""
    return state.offices.get(PROCUREUR) == seat and with_adjoint(state)


def affords_inquiry(state: GameState, seat: int) -> bool:
    return fates.coins_of(state, seat) >= 1


def office_holders(state: GameState, seat: int) -> list[int]:
    """"un personnage occupant un poste public": any holder, a ghost too (the Chef), not himself."""
    return sorted({holder for holder in state.offices.values() if holder is not None and holder != seat})


def inquiry(ctx: Ctx, inv: Invocation, target: int) -> None:
    """"Le personnage lui montre alors ses cartes de rôles. La pièce est alors retirée du jeu." The Procureur alone
    sees them; the one shown knows who looked; everyone hears that a coin left the game (at dawn, by night)."""
    fates.charge(ctx, inv.seat, fates.coins_of(ctx.s, inv.seat) - 1)
    for slot in (CAMP, SPECIALTY, SPECIALTY2):
        card = ctx.s.players[target].card(slot)
        if card is not None:
            ctx.emit("rp-learn", {"viewers": [inv.seat], "seat": target, "slot": slot, "card": card}, to=[inv.seat])
    ctx.announce("rp-enquete-resultat", to=[inv.seat], seat=target)
    ctx.announce("rp-enquete-subie", to=[target], seat=inv.seat)
    ctx.announce("rp-enquete")


TEXT_KEYS: tuple[str, ...] = (
    f"step.{CAMERA}", *(f"announce.rp-camera-{k}" for k in OCCUPANCY), "announce.rp-enquete-resultat",
    "announce.rp-enquete-subie",
)
