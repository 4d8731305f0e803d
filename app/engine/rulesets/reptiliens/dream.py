"""The village's dream (seed 000 §9 "Rêve du village - 2 nuits par semaine : les esprits sont invités transmettre aux
vivants et aux fantômes une information, en signes, pendant 5 secondes. Le MJ choisit l'information en question"),
the last step of Wednesday's and Saturday's nights.

Spirits exist once the dead choose what they become (§9, part 2: `fates.death_choice`). Until then `spirits` is
empty: the step is called for its plausible length and asks nobody, and stays marked "in progress" for the pages.
"""

from __future__ import annotations

from app.engine.context import Ctx
from app.engine.model import GameState
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.steps import register


def spirits(state: GameState) -> list[int]:
    """The dead who chose to become spirits (part 2). None yet."""
    return []


def dream_open(ctx: Ctx, step: Step) -> None:
    """Part 2: the MJ chooses the information (a question to him, e.g. "le nombre de Reptiliens restants"), then
    the spirits sign it for 5 seconds to the living and the ghosts (a channel the spirits write, no pointing)."""
    if not spirits(ctx.s):
        return


register("rp-reve", dream_open, in_progress=True)
