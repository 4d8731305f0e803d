"""The law of the day (seed 000 §6 Sénateur, §10 "Suggestions de lois", §12 "Proposition de loi et décision du
Sénateur"; RULES-NOTES "The law of the day").

One law a day at most. Those who may propose, in the seed's order of priority: the last ghost, another ghost, a
living player without a public office, the poorest living player; "À ordre égal, la rapidité prime" (the first to
answer). A proposal is one of §10's laws, or (with an MJ) a law of the proposer's own words. The MJ gives his
"aval" (he ticks the proposals he allows; automatic mode offers only the laws the server applies, all allowed);
the Sénateur accepts or rejects the highest-priority allowed proposal, and a rejection means no law that day.

The laws the server applies (LAWS below) act on the vote (sessions.py reads them: who votes, blank ballots, ties,
the ranked ballot, the price); the laws of the real world (age, clothes, nationality, …) and the free ones are
applied by the MJ, who ticks the living who may vote.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Prompt
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.reptiliens import day, dead, fates
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.offices import SENATEUR
from app.engine.rulesets.reptiliens.state import Law, own
from app.engine.rulesets.reptiliens.steps import answer, open_day_step, prompt_of, remember_prompt

PART = "rp-loi"  # the day part (calendar.DAY_STEPS), also the proposals' step and prompt
TEXT, APPROVAL, SENATE, TICK = "rp-loi-texte", "rp-loi-aval", "rp-loi-senat", "rp-loi-votants"
TEXT_MAX = 200  # characters of a law in the proposer's words

# §10, the laws the server applies.
BLANK_FORBIDDEN = "rp-loi-blanc-interdit"  # "Le vote blanc est interdit"
TIE_SPARES = "rp-loi-egalite-gracies"  # "En cas d'égalité, tous graciés"
URN_LOST = "rp-loi-urne-perdue"  # "On a perdu l'urne, le vote est annulé"
GHOSTS_VOTE = "rp-loi-fantomes-votent"  # "Les Fantômes peuvent aussi voter"
CONDORCET = "rp-loi-condorcet"  # "Le scrutin sera un scrutin de Condorcet"
PAYING = "rp-loi-payant"  # "Le vote est payant"
POOR_VOTE = "rp-loi-pauvres"  # "Seuls votent ceux qui : ont 0 ou 1 pièce (dons avant le vote possibles)"
OFFICERS_VOTE = "rp-loi-postes"  # "Seuls votent ceux qui : ont un rôle public"
SERVER_LAWS = (BLANK_FORBIDDEN, TIE_SPARES, URN_LOST, GHOSTS_VOTE, CONDORCET, PAYING, POOR_VOTE, OFFICERS_VOTE)
# §10 "Seuls votent ceux qui : …", the real world's: the MJ ticks who may vote.
MJ_LAWS = ("rp-loi-jeunes", "rp-loi-billet", "rp-loi-ticket", "rp-loi-permis", "rp-loi-chaussettes",
           "rp-loi-haut-uni", "rp-loi-courts", "rp-loi-manches", "rp-loi-cheveux", "rp-loi-montre", "rp-loi-suisse")
FREE = "rp-loi-libre"  # a law in the proposer's own words (the MJ applies it)
NONE = "rp-loi-aucune"  # no proposal
PRICE = 1  # "Le vote est payant": a ballot costs one coin, which leaves the game (like the Procureur's inquiry)

TEXT_KEYS: tuple[str, ...] = (
    *(f"choice.{PART}.{key}" for key in (*SERVER_LAWS, *MJ_LAWS, FREE, NONE)),
    *(f"step.{key}" for key in (PART, TEXT, APPROVAL, SENATE, TICK)),
    *(f"announce.{key}" for key in ("rp-pas-de-loi", "rp-loi-proposee", "rp-loi-adoptee", "rp-loi-rejetee",
                                    "rp-loi-sans-senateur", "rp-loi-votants", "rp-loi-refusee-mj")),
)


# -- who proposes ------------------------------------------------------------------------------------------------
def officers(state: GameState) -> set[int]:
    return {seat for seat in state.offices.values() if seat is not None}


def proposers(state: GameState) -> dict[int, int]:
    """seat -> its rank in §6's order (0: the last ghost, 1: another ghost, 2: a living player without a public
    office, 3: the poorest living player); a seat in several takes its best."""
    ranks: dict[int, int] = {}
    last = dead.last_ghost(state)  # the ghosts: dead.py (§9)
    for seat in dead.ghosts(state):
        ranks[seat] = 0 if seat == last else 1
    living = state.living()
    holders = officers(state)
    for seat in living:
        if seat not in holders:
            ranks.setdefault(seat, 2)
    if living:
        poorest = min(fates.coins_of(state, seat) for seat in living)
        for seat in living:
            if fates.coins_of(state, seat) == poorest:
                ranks.setdefault(seat, 3)
    return ranks


def offered(state: GameState) -> list[str]:
    """The laws a proposer may choose: automatic mode offers those the server applies (the MJ's are unavailable)."""
    if state.options.get("moderation") == "mj":
        return [*SERVER_LAWS, *MJ_LAWS, FREE, NONE]
    return [*SERVER_LAWS, NONE]


def by_mj(law: Law | None) -> bool:
    """A law of the real world or of free words: the MJ marks who may vote."""
    return law is not None and law.key not in SERVER_LAWS


def law_of(state: GameState) -> str | None:
    law = own(state).day.law
    return None if law is None else law.key


# -- the day part ------------------------------------------------------------------------------------------------
def open_part(ctx: Ctx) -> bool:
    """"Proposition de loi": a Peace day has no vote, so no law (sessions.py)."""
    if own(ctx.s).day.session == "paix":
        return False
    ranks = proposers(ctx.s)
    if not ranks:
        ctx.announce("rp-pas-de-loi")
        return False
    open_day_step(ctx, PART)
    ctx.fact(F.LawProposersRanked([[seat, rank] for seat, rank in ranks.items()]), to=MJ_ONLY)
    asked = set(ranks)
    info: dict[str, object] = {}
    if ctx.s.options.get("hide_fortunes"):
        # Who is the poorest must not show: every living officer is asked, the ranks stay the MJ's, and the
        # proposal of an officer who is not the poorest is left aside.
        asked |= {seat for seat in officers(ctx.s) if ctx.s.players[seat].alive}
    else:
        info["ranks"] = {str(seat): ranks[seat] for seat in ranks}
    seats = sorted(asked, key=lambda seat: (ranks.get(seat, 3), ctx.s.players[seat].position))
    prompt = ctx.open_prompt(step=PART, kind="choice", to=seats, options=offered(ctx.s), visibility="public",
                             dead_may_answer=True, info=info)
    remember_prompt(ctx, "law", prompt)
    return True


def free_answered(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """A law in his own words: its text, in the same step (the step waits for it)."""
    if prompt.answers.get(seat) != FREE or prompt_of(ctx, f"law-text-{seat}") is not None:
        return
    text = ctx.open_prompt(step=TEXT, kind="text", to=[seat], min=1, max=TEXT_MAX, dead_may_answer=True)
    remember_prompt(ctx, f"law-text-{seat}", text)


def proposals(ctx: Ctx) -> list[Law]:
    """The proposals made, best first: by §6's rank, then the fastest (answers are kept in the order given)."""
    prompt = prompt_of(ctx, "law")
    if prompt is None:
        return []
    ranks = own(ctx.s).day.ranks
    found: list[Law] = []
    for seat, key in prompt.answers.items():
        if key == NONE or seat not in ranks:
            continue
        text = answer(prompt_of(ctx, f"law-text-{seat}"), seat) if key == FREE else None
        if key == FREE and not text:
            continue
        found.append(Law(key=key, text=text, by=seat))
    order = list(prompt.answers)
    return sorted(found, key=lambda law: (ranks[law.by], order.index(law.by)))


def proposals_done(ctx: Ctx) -> bool:
    found = proposals(ctx)
    ctx.fact(F.LawsProposed([law.model_dump() for law in found]), to=MJ_ONLY)
    if not found:
        ctx.announce("rp-pas-de-loi")
        return day.next_step(ctx)
    if ctx.s.options.get("moderation") != "mj":
        return to_senate(ctx, found[0])
    # "La loi du jour doit recevoir l'aval du MJ": he ticks the proposals he allows (their proposers' seats).
    open_day_step(ctx, APPROVAL)
    prompt = ctx.open_prompt(step=APPROVAL, kind="pick", to_mj=True, options=[law.by for law in found], min=0,
                             max=len(found), info={"proposals": [law.model_dump() for law in found]})
    remember_prompt(ctx, "approval", prompt)
    return False


def approval_done(ctx: Ctx) -> bool:
    found = [Law.model_validate(law) for law in own(ctx.s).day.proposals]
    picked = answer(prompt_of(ctx, "approval"), MJ_SEAT)
    # Without his answer in time, the laws the server applies are allowed, as in automatic mode.
    allowed = [law for law in found if (law.by in picked if picked is not None else law.key in SERVER_LAWS)]
    if not allowed:
        ctx.announce("rp-loi-refusee-mj")
        return day.next_step(ctx)
    return to_senate(ctx, allowed[0])


def to_senate(ctx: Ctx, law: Law) -> bool:
    """The Sénateur (a ghost may hold the office, §6) accepts or not; with no Sénateur, nobody accepts it."""
    ctx.announce("rp-loi-proposee", seat=law.by, law=law.key, text=law.text)
    ctx.fact(F.LawSubmitted(law.key, law.text, law.by), to=MJ_ONLY)
    senator = ctx.s.holder(SENATEUR)
    if senator is None:
        ctx.announce("rp-loi-sans-senateur")
        return day.next_step(ctx)
    open_day_step(ctx, SENATE)
    prompt = ctx.open_prompt(step=SENATE, kind="confirm", to=[senator], visibility="public", dead_may_answer=True,
                             info={"law": law.key, "text": law.text, "seat": law.by})
    remember_prompt(ctx, "senate", prompt)
    return False


def senate_done(ctx: Ctx) -> bool:
    """"Si elle est acceptée par le Sénateur, la loi sera appliquée, pour la journée en cours uniquement." No answer
    in time: rejected."""
    law = Law.model_validate(own(ctx.s).day.proposals[0])
    senator = ctx.s.holder(SENATEUR)
    if senator is None or answer(prompt_of(ctx, "senate"), senator) is not True:
        ctx.announce("rp-loi-rejetee", law=law.key, text=law.text)
        return day.next_step(ctx)
    ctx.fact(F.LawAdopted(law.key, law.text, law.by), to=MJ_ONLY)
    ctx.announce("rp-loi-adoptee", law=law.key, text=law.text, seat=law.by)
    if not by_mj(law):
        return day.next_step(ctx)
    # The real world's law: the MJ ticks the living who may vote.
    open_day_step(ctx, TICK)
    prompt = ctx.open_prompt(step=TICK, kind="pick", to_mj=True, options=ctx.s.living(), min=0,
                             max=len(ctx.s.living()), info={"law": law.key, "text": law.text})
    remember_prompt(ctx, "tick", prompt)
    return False


def tick_done(ctx: Ctx) -> bool:
    """Without the MJ's ticks in time, the law is not applied: every living player votes."""
    picked = answer(prompt_of(ctx, "tick"), MJ_SEAT)
    if picked is not None:
        ctx.fact(F.VotersTicked(sorted(picked)), to=MJ_ONLY)
        ctx.announce("rp-loi-votants", seats=sorted(picked))
    return day.next_step(ctx)


# -- the laws applied to the vote --------------------------------------------------------------------------------
def voters(state: GameState, trial: bool = False) -> list[int]:
    """Who may vote today, by the law of the day: "les personnes autorisées à voter par la loi du jour (le cas
    échéant)". A Purge's trial: "tous les vivants (la loi du jour ne s'applique pas)"."""
    living = state.living()
    law = own(state).day.law
    if trial or law is None:
        return living
    key = law.key
    if key == GHOSTS_VOTE:
        return [*living, *(seat for seat in dead.ghosts(state) if seat not in living)]
    if key == POOR_VOTE:  # counted when the vote opens: gifts before it count
        return [seat for seat in living if fates.coins_of(state, seat) <= 1]
    if key == OFFICERS_VOTE:
        holders = officers(state)
        return [seat for seat in living if seat in holders]
    if key == PAYING:  # a ballot costs a coin: the penniless cannot vote
        return [seat for seat in living if fates.coins_of(state, seat) >= PRICE]
    if by_mj(law):
        allowed = own(state).day.allowed
        return living if allowed is None else [seat for seat in living if seat in allowed]
    return living


def condorcet(ballots: Sequence[Sequence[int]], candidates: Sequence[int]) -> tuple[int | None, Counter[int]]:
    """The Condorcet winner of ranked ballots (a seat ranked is preferred to every seat unranked; the unranked are
    equal), and the Copeland scores (pairwise wins minus losses) that break a cycle (sessions.py)."""
    score: Counter[int] = Counter({seat: 0 for seat in candidates})
    beaten: Counter[int] = Counter()
    for a, b in combinations(candidates, 2):
        a_over_b = sum(1 for ballot in ballots if _prefers(ballot, a, b))
        b_over_a = sum(1 for ballot in ballots if _prefers(ballot, b, a))
        if a_over_b == b_over_a:
            continue
        win, lose = (a, b) if a_over_b > b_over_a else (b, a)
        score[win] += 1
        score[lose] -= 1
        beaten[win] += 1
    winner = next((seat for seat in candidates if beaten[seat] == len(candidates) - 1), None)
    return winner, score


def _prefers(ballot: Sequence[int], a: int, b: int) -> bool:
    if a not in ballot:
        return False
    return b not in ballot or ballot.index(a) < ballot.index(b)
