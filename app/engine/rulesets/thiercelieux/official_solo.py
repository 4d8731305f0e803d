"""Official roles beyond the seeds (issue 14), the group of the wolves and the solitaries: the Grand Méchant Loup and
the Abominable Sectaire (expansion « Personnages ») and the Gitane (expansion « Le Village »). The rules, and every
choice made where the booklets are silent: docs/rules/thiercelieux.md ("Issue 14").

This module only defines: its cards are in roles.py's tables, its night steps in manifest.py, its row of the dawn's
priority table and its morning effect in dawn.py, its victory rule in flow.SOLO_WINS."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.more_roles import answer, picked
from app.engine.rulesets.thiercelieux.night import holders
from app.engine.rulesets.thiercelieux.roles import (
    SECT,
    holds,
    wolfish,
)
from app.engine.rulesets.thiercelieux.scratch import Scratch
from app.engine.rulesets.thiercelieux.scratch_facts import BigBadWolfChose, QuestionOpened, SeanceAsked, SpiritsAnswered
from app.engine.rulesets.thiercelieux.state import Death, captain, marks, scratch, village

GML = "grand-mechant-loup"
SECTARIAN = "abominable-sectaire"
GITANE = "gitane"


# -- Grand Méchant Loup ------------------------------------------------------------------------------------------
# « tant qu'aucun Loup-Garou, Enfant Sauvage ou Chien-Loup n'a été éliminé »: the cards that end his hunger when
# their holder dies, whatever camp they chose; any wolf of the pack counts too (a wolf card, or a converted player).
KIN = frozenset({"enfant-sauvage", "chien-loup"})


def gml_hungry(state: GameState) -> bool:
    """Whether the Grand Méchant Loup may still devour a second victim: no wolf (nor kin card) has died yet."""
    return not any(not p.alive and (wolfish(state, p) or p.role in KIN or p.original_role in KIN)
                   for p in state.players.values())


def gml_open(ctx: Ctx) -> None:
    if not gml_hungry(ctx.s):
        return  # his power is lost; the step still lasts its plausible time (night.night_bounds)
    # Not a wolf, and not the pack's victim (eaten or infected already): the victim would die once anyway.
    spared = {scratch(ctx.s).victim, scratch(ctx.s).infected}
    for seat in holders(ctx, GML):
        options = [s for s in ctx.s.living() if not wolfish(ctx.s, ctx.s.players[s]) and s not in spared]
        if options:
            p = ctx.open_prompt(step=GML, kind="pick", to=[seat], options=options, min=0, max=1)
            ctx.fact(QuestionOpened(GML, p.id), to=MJ_ONLY)


def gml_close(ctx: Ctx) -> None:
    seat, target = picked(ctx, GML)
    if seat is not None and target is not None:
        ctx.fact(BigBadWolfChose(target), to=MJ_ONLY)


def big_bad_wolf(ctx: Ctx, apply: bool = True) -> list[Death]:
    """A wolf's attack like the pack's: the Salvateur's protection holds, the Ancien loses a life; the witch's healing
    potion saves the pack's victim only (the one she is shown)."""
    seat = scratch(ctx.s).gml_victim
    if seat is None or seat == scratch(ctx.s).protected:
        return []
    player = ctx.s.players[seat]
    lives = marks(ctx.s, seat).lives
    lives = 2 if lives is None else lives
    if holds(ctx.s, player, "ancien") and lives > 1:
        if apply:
            ctx.fact(F.LifeLost(seat, lives - 1), to=MJ_ONLY)
        return []
    return [(seat, "big_bad_wolf")]


# -- Abominable Sectaire -----------------------------------------------------------------------------------------
def split_groups(ctx: Ctx) -> list[list[int]]:
    """The two groups of the village: the MJ's (`sect_group`, the seats of the first), else the two halves of the
    table in seat order (`sect_split: table`, like « côté gauche, côté droit »), else drawn (`drawn`)."""
    seats = [p.seat for p in ctx.s.by_position()]
    chosen = [s for s in ctx.s.options.get("sect_group") or [] if s in seats]
    if chosen and len(chosen) < len(seats):
        return [sorted(chosen), [s for s in seats if s not in chosen]]
    if ctx.s.options.get("sect_split") == "drawn":
        seats = ctx.shuffle(seats)
    half = (len(seats) + 1) // 2
    return [sorted(seats[:half]), sorted(seats[half:])]


def deal_groups(ctx: Ctx, force: bool = False) -> None:
    """At the start, with the Sectaire's card in the game: the groups are public (a visible criterion)."""
    if SECTARIAN not in ctx.s.composition and not force:
        return
    groups = split_groups(ctx)
    ctx.fact(F.SectSplit(groups))
    for n, seats in enumerate(groups, 1):
        ctx.announce("sect_group", group=n, seats=seats)


def card_given(ctx: Ctx, card: str) -> None:
    """The MJ gave the Sectaire's card during the game to a village with no groups yet: it is split now."""
    if card == SECTARIAN and not village(ctx.s).sect_groups:
        deal_groups(ctx, force=True)


def sect_victory(state: GameState) -> tuple[str, list[int]] | None:
    """The Sectaire wins alone, at once, when everyone of the other group is dead and he lives."""
    groups = village(state).sect_groups
    if not groups:
        return None
    for p in state.by_position():
        if p.alive and p.role == SECTARIAN:
            mine = next((g for g in groups if p.seat in g), None)
            others = [s for g in groups if g is not mine for s in g]
            if mine is not None and not any(state.players[s].alive for s in others if s in state.players):
                return SECT, [p.seat]
    return None


# -- Gitane ------------------------------------------------------------------------------------------------------
# The four questions of the Spiritisme cards, each put once in the game (the card is spent), each answered by yes or
# no. Their texts are the catalogues' (`choice.gitane-question.<key>`); `truth` is what the spirits know.
QUESTIONS = ("voisin", "meute", "capitaine", "voyante")


def truth(state: GameState, question: str, medium: int) -> bool:
    alive = [p for p in state.by_position() if p.alive]
    if question == "voisin":
        # Is a werewolf sitting next to the medium (the living neighbours, around the table)?
        seats = [p.seat for p in alive]
        if medium not in seats or len(seats) < 2:
            return False
        i = seats.index(medium)
        return any(wolfish(state, state.players[seats[(i + d) % len(seats)]]) for d in (-1, 1))
    if question == "meute":
        return sum(1 for p in alive if wolfish(state, p)) >= 2  # are two werewolves or more still alive?
    if question == "capitaine":
        chief = captain(state)  # is the captain a werewolf? (no captain: no)
        return chief is not None and state.players[chief].alive and wolfish(state, state.players[chief])
    return any(holds(state, p, "voyante") for p in alive)  # is the Voyante still alive?


def gitane_open(ctx: Ctx) -> None:
    for seat in holders(ctx, GITANE):
        left = [q for q in QUESTIONS if q not in (marks(ctx.s, seat).asked or [])]
        if not left:
            continue
        medium = ctx.open_prompt(step=GITANE, kind="pick", to=[seat], options=ctx.s.living(), min=0, max=1)
        question = ctx.open_prompt(step="gitane-question", kind="choice", to=[seat], options=left)
        ctx.fact(QuestionOpened("gitane", medium.id), to=MJ_ONLY)
        ctx.fact(QuestionOpened("gitane_question", question.id), to=MJ_ONLY)


def gitane_close(ctx: Ctx) -> None:
    seat, medium = picked(ctx, "gitane")
    _, question = answer(ctx, "gitane_question")
    if seat is None or medium is None or question not in QUESTIONS:
        return  # no séance tonight: she needs both a medium and a question
    ctx.fact(F.QuestionAsked(seat, question), to=[seat])
    ctx.fact(SeanceAsked(medium, str(question)), to=MJ_ONLY)


def spirits_mj(state: GameState) -> bool:
    """The MJ speaks for the spirits when the room has one (not in automatic mode, not a host who plays)."""
    return state.options.get("moderation") == "mj" and not state.options.get("host_plays")


def esprits_open(ctx: Ctx) -> None:
    """The spirits hear the question: the MJ answers (`gitane_spirits: mj`), or the first of the dead to answer
    (`dead`). With no MJ, or if nobody answers in time, the spirits tell the truth in the morning (`truth`)."""
    seance = scratch(ctx.s).seance
    if seance is None:
        return
    step = f"esprits-{seance.question}"
    info = {"seat": seance.medium}
    dead = [p.seat for p in ctx.s.by_position() if not p.alive]
    if ctx.s.options.get("gitane_spirits") == "dead" and dead:
        p = ctx.open_prompt(step=step, kind="confirm", to=dead, policy="first", dead_may_answer=True, optional=True,
                            info=info)
    elif spirits_mj(ctx.s):
        p = ctx.open_prompt(step=step, kind="confirm", to_mj=True, policy="first", optional=True, info=info)
    else:
        return
    ctx.fact(QuestionOpened("spirits", p.id), to=MJ_ONLY)


def esprits_close(ctx: Ctx) -> None:
    if scratch(ctx.s).seance is None:
        return
    given: object = None
    pid = scratch(ctx.s).prompts.get("spirits")
    if pid is not None and pid in ctx.s.prompts:
        answers = ctx.s.prompts[pid].answers
        given = answers.get(MJ_SEAT, next(iter(answers.values()), None))
    if isinstance(given, bool):
        ctx.fact(SpiritsAnswered(given), to=MJ_ONLY)


def seance_morning(ctx: Ctx, night: Scratch, dead: set[int]) -> None:
    """In the morning the medium puts the question aloud, and the spirits' yes or no is heard by all."""
    seance = night.seance
    if seance is None:
        return
    medium = seance.medium
    if not ctx.s.players[medium].alive:
        ctx.announce("seance_medium_dead", seat=medium)  # the medium did not live to ask: no séance
        return
    ctx.announce(QUESTION_KEYS[seance.question], seat=medium)
    # Unanswered, the spirits tell the truth of the morning, the night's deaths known.
    said = truth(ctx.s, seance.question, medium) if seance.answer is None else seance.answer
    ctx.announce("spirits_yes" if said else "spirits_no")


QUESTION_KEYS = {q: f"seance_{q}" for q in QUESTIONS}
