"""The village's dream (seed 000 §9 "Rêve du village - 2 nuits par semaine : les esprits sont invités transmettre aux
vivants et aux fantômes une information, en signes, pendant 5 secondes. Le MJ choisit l'information en question,
comme par exemple "le nombre de Reptiliens restants""), the last step of Wednesday's and Saturday's nights.

Online, "en signes uniquement, avec interdiction de pointer des joueurs": the information is a number the server
can state (FACTS), which the MJ chooses (automatic mode: drawn); each spirit is told it and shows a sign among a
fixed set, a number of fingers from 0 to 10 (SIGNS), so that no spirit can write a word or point at anyone. The
spirits may sign what they like (at the table nobody checks a gesture). When the step ends everyone is shown the
question and each spirit's sign, for 5 seconds (`seconds` in the announcement: the pages hide it then).
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Prompt
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import Step
from app.engine.rulesets.reptiliens.dead import spirits
from app.engine.rulesets.reptiliens.state import CAMP, own
from app.engine.rulesets.reptiliens.steps import is_reptilian, prompt_of, remember_prompt

INFO, SIGN = "rp-reve-info", "rp-reve"  # the MJ's question, the spirits' signs
SIGNS = tuple(str(n) for n in range(11))  # fingers: no word, no pointing
SHOWN_FOR = 5  # "pendant 5 secondes"
SETHS = ("rp-seth", "rp-fennec")


def _living(state: GameState, test: Callable[[int], bool]) -> int:
    return sum(1 for seat in state.living() if test(seat))


# The information the server can state, each a number: what the living do not know for sure.
FACTS: dict[str, Callable[[GameState], int]] = {
    "rp-reve-reptiliens": lambda s: _living(s, lambda x: is_reptilian(s, x)),  # the seed's example
    "rp-reve-amoureux": lambda s: _living(s, lambda x: x in own(s).lovers),
    "rp-reve-convertis": lambda s: _living(s, lambda x: bool(own(s).converted.get(x))),
    "rp-reve-seths": lambda s: _living(s, lambda x: s.players[x].card(CAMP) in SETHS),
}
TEXT_KEYS: tuple[str, ...] = (
    f"step.{INFO}", "announce.rp-reve-signes", "announce.rp-reve-aucun",
    *(f"choice.{INFO}.{fact}" for fact in FACTS), *(f"dream.{fact}" for fact in FACTS),
)


def dream_open(ctx: Ctx, step: Step) -> None:
    """With an MJ, he chooses the information (a question to him); in automatic mode it is drawn."""
    if not spirits(ctx.s):
        return
    if ctx.s.options.get("moderation") == "mj":
        prompt = ctx.open_prompt(step=INFO, kind="choice", to_mj=True, options=list(FACTS))
        remember_prompt(ctx, "dream-info", prompt)
        return
    ask_spirits(ctx, ctx.choice(list(FACTS)))


def mj_chose(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    if seat == MJ_SEAT and prompt_of(ctx, "dream-signs") is None:
        ask_spirits(ctx, str(prompt.answers[seat]))


def ask_spirits(ctx: Ctx, fact: str) -> None:
    """Each spirit learns the information (he sees the night: nothing new to him) and chooses his sign."""
    ctx.fact(F.DreamBegan(fact), to=MJ_ONLY)
    prompt = ctx.open_prompt(step=SIGN, kind="choice", to=spirits(ctx.s), options=list(SIGNS), dead_may_answer=True,
                             info={"fact": fact, "answer": FACTS[fact](ctx.s)})
    remember_prompt(ctx, "dream-signs", prompt)


def dream_close(ctx: Ctx, step: Step) -> None:
    """The living and the ghosts see the question and each spirit's sign, for 5 seconds."""
    prompt = prompt_of(ctx, "dream-signs")
    dream = own(ctx.s).dream
    if prompt is None or dream is None:
        if spirits(ctx.s):
            ctx.announce("rp-reve-aucun")
        return
    signs = {str(seat): str(sign) for seat, sign in sorted(prompt.answers.items())}
    ctx.announce("rp-reve-signes", fact=dream["fact"], signs=signs, seconds=SHOWN_FOR)
    ctx.fact(F.DreamEnded(), to=MJ_ONLY)
