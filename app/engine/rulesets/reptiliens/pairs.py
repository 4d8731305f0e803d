"""Freyja's Allumeuse and Éris' Querelle (seed 000 §5), on their card's nights: "Désigne deux personnes, qui
coucheront ensemble [vont aller se taper dessus] pendant la nuit. La première personne désignée choisit chez
laquelle des deux le coït [la bagarre] aura lieu. Les copulateurs [bagarreurs] se reconnaissent mais ne savent
pas qui est Freyja [Éris]. Freyja peut se désigner elle-même. Si parmi les 2 cible au moins une est indisponible
(sommeil lourd, enlèvement), le MJ annonce que son action a échoué."

She names two living players in order (one `pick` of two: the first named comes first in the answer). At once,
if both are free, each learns the other (not her) and the first is asked at whose house; when the step ends the
long action is declared (places.Copulation / places.Fight, §2 "Copuler" / "Se battre"). If one is held by a
higher long action already (a heavy sleep, an abduction), the MJ announces the failure to all when the step ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.context import Ctx
from app.engine.model import Prompt
from app.engine.rulesets.reptiliens import places as P
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.nights import declarations
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import (
    awake,
    callers,
    declare,
    dying,
    prompt_of,
    remember_prompt,
)


@dataclass(frozen=True)
class Pairing:
    step: str  # the calendar's step, and the designation's prompt step
    place: str  # the first's question: at whose house
    kind: str  # the declaration (nights.declarations)
    met: str  # what each of the two is told
    failed: str  # the MJ's public announcement


ALLUMEUSE = Pairing("rp-allumeuse", "rp-allumeuse-lieu", "copulation", "rp-copulation", "rp-allumeuse-echec")
QUERELLE = Pairing("rp-querelle", "rp-querelle-lieu", "fight", "rp-bagarre", "rp-querelle-echec")
BY_STEP = {p.step: p for p in (ALLUMEUSE, QUERELLE)}
BY_PLACE = {p.place: p for p in (ALLUMEUSE, QUERELLE)}


def free(ctx: Ctx, first: int, second: int) -> bool:
    """Neither is held by a higher long action declared so far (places.where_everyone_sleeps fails the pair). One
    killed tonight counts as free: he is alive to everyone until dawn."""
    s = ctx.s
    trial = P.Fight(first, second, first)  # Se battre and Copuler rank alike against what precedes them
    living = [x for x in s.living() if x not in dying(s)]
    night = P.where_everyone_sleeps(P.Street(tuple(own(s).street)), living, [*declarations(ctx), trial])
    return trial not in night.failed


def pair_open(ctx: Ctx, step: Step) -> None:
    pairing = BY_STEP[step.key]
    for seat in callers(ctx.s, step.actors):
        # "peut se désigner elle-même": every living player. "first": the two learn each other at the answer.
        prompt = ctx.open_prompt(step=pairing.step, kind="pick", to=[seat], options=ctx.s.living(), min=2, max=2,
                                 policy="first", info={"ordered": True})
        remember_prompt(ctx, f"{pairing.step}:{seat}", prompt)


def named(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    pairing = BY_STEP[prompt.step]
    first, second = prompt.answers[seat]
    if not awake(ctx.s, seat) or not free(ctx, first, second):
        return
    for one, other in ((first, second), (second, first)):
        ctx.announce(pairing.met, to=[one], partner=other)  # not who named them
    place = ctx.open_prompt(step=pairing.place, kind="pick", to=[first], options=sorted([first, second]), min=1,
                            max=1, info={"partner": second})
    remember_prompt(ctx, pairing.place, place)


def pair_close(ctx: Ctx, step: Step) -> None:
    pairing = BY_STEP[step.key]
    for role in [r for r in own(ctx.s).prompts if r.startswith(f"{pairing.step}:")]:
        seat = int(role.split(":")[1])
        prompt = prompt_of(ctx, role)
        chosen = prompt.answers.get(seat) if prompt is not None else None
        if not chosen or not awake(ctx.s, seat):
            continue
        first, second = chosen
        if not free(ctx, first, second):
            ctx.announce(pairing.failed)  # "le MJ annonce que son action a échoué": to all, naming nobody
            continue
        place = prompt_of(ctx, pairing.place)
        at = place.answers.get(first) if place is not None and awake(ctx.s, first) else None
        # The first silent (or killed tonight), the place is drawn between the two houses.
        house = at[0] if at else ctx.choice(sorted([first, second]))
        declare(ctx, pairing.kind, first=first, second=second, at=house)
        for one in (first, second):
            ctx.announce(f"{pairing.met}-lieu", to=[one], seat=house)


TEXT_KEYS = tuple(key for p in (ALLUMEUSE, QUERELLE)
                  for key in (f"step.{p.place}", f"announce.{p.met}", f"announce.{p.met}-lieu", f"announce.{p.failed}"))
