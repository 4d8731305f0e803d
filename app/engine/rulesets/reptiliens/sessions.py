"""The day's session (seed 000 §6 Président and Bourreau, §2 the condemned's window, §12 "Session spéciale : oui / non
(décision du Président)", "Débat, vote, exécution (et action éventuelle du Bourreau)").

- The Président chooses a normal or a special session (Paix, Purge) before the law; never two special sessions
  on two days running (a Saturday and the Monday after the festival are not).
- A normal session: the debate, which the Président may close before its clock ends; the vote of those the law
  of the day allows (laws.voters), in turn: the Président gives his ballot and chooses the direction, then each
  voter from his neighbour that way is asked alone (`ballot_time` each); a ballot is announced as it is given and
  stands; the most votes is condemned, a tie broken by the Président's ballot ("sa voix prime"), else nobody.
- Paix: no execution. Purge: no blank ballot; the most voted is executed, then the next three (the Procureur
  breaks a tie at the cut) are each tried by all the living at once (`vote`): executed if more say so than not.
- The condemned's window (§2): 15 seconds to invoke or leave a last message; the Bourreau may pardon him, once,
  unless he is the condemned, and his office then leaves the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState, Prompt
from app.engine.rulesets.reptiliens import day, dead, fates, laws
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import MON, weekday_of_night
from app.engine.rulesets.reptiliens.offices import PRESIDENT, PROCUREUR
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import answer, open_day_step, prompt_of, remember_prompt

SPECIAL = "rp-session-speciale"  # the day part and the Président's question
PART = "rp-execution"  # the day part: "Débat, vote, exécution (et action éventuelle du Bourreau)"
DEBATE, VOTE, CONDEMNED = "rp-debat", "rp-vote", "rp-condamne"
CLOSE, DIRECTION, PARDON = "rp-clore-debat", "rp-sens", "rp-bourreau-grace"
TRIAL, PROSECUTOR = "rp-tribunal", "rp-tribunal-procureur"
NORMAL, PEACE, PURGE = "normale", "paix", "purge"
SESSIONS = (NORMAL, PEACE, PURGE)
CLOCKWISE, COUNTER = "clockwise", "counterclockwise"
SPARE, EXECUTE = "epargne", "execute"
BOURREAU = "rp-bourreau"
ACCUSED = 3  # "les trois autres personnes ayant récolté le plus de voix"
LAST_WORDS = 280  # characters of a last message

TEXT_KEYS: tuple[str, ...] = (
    *(f"choice.{SPECIAL}.{kind}" for kind in SESSIONS),
    *(f"choice.{DIRECTION}.{d}" for d in (CLOCKWISE, COUNTER)),
    *(f"choice.{TRIAL}.{v}" for v in (SPARE, EXECUTE)),
    *(f"step.{key}" for key in (CLOSE, DIRECTION, PARDON, TRIAL, PROSECUTOR)),
    *(f"announce.{key}" for key in ("rp-session", "rp-paix", "rp-debat-clos", "rp-urne-perdue", "rp-vote-impaye",
                                    "rp-bulletin", "rp-bulletin.none", "rp-bulletin-classe", "rp-bulletin-absent",
                                    "rp-sens-vote", "rp-accuses", "rp-tribunal-gracie", "rp-grace-bourreau")),
)


# -- the Président's choice: a normal or a special session ----------------------------------------------------
def president(state: GameState) -> int | None:
    seat = state.holder(PRESIDENT)
    return seat if seat is not None and state.players[seat].alive else None


def special_allowed(state: GameState) -> bool:
    """"Les sessions spéciales ne peuvent avoir lieu deux jours de suite" (the festival's Sunday lies between a
    Saturday and a Monday)."""
    last = own(state).special_day
    if last is None or last != state.day - 1:
        return True
    return weekday_of_night(state.day, state.options.get("first_weekday", MON)) == MON


def open_special(ctx: Ctx) -> bool:
    """"Le choix d'une session spéciale doit se faire avant la proposition de loi." No Président, or a special
    session yesterday: a normal session."""
    seat = president(ctx.s)
    if seat is None or not special_allowed(ctx.s):
        ctx.announce("rp-session", kind=NORMAL)
        return False
    open_day_step(ctx, SPECIAL)
    prompt = ctx.open_prompt(step=SPECIAL, kind="choice", to=[seat], options=list(SESSIONS), visibility="public")
    remember_prompt(ctx, "session", prompt)
    return True


def special_done(ctx: Ctx) -> bool:
    seat = president(ctx.s)
    chosen = answer(prompt_of(ctx, "session"), seat) if seat is not None else None
    kind = chosen if chosen in SESSIONS else NORMAL  # no answer in time: a normal session
    ctx.fact(F.SessionChosen(kind), to=MJ_ONLY)
    if kind != NORMAL:
        ctx.fact(F.SpecialSessionHeld(ctx.s.day), to=MJ_ONLY)
    ctx.announce("rp-session", kind=kind)
    return day.next_step(ctx)


# -- the debate ------------------------------------------------------------------------------------------------
def session(ctx: Ctx) -> bool:
    """Paix: "Pas d'exécution aujourd'hui". Otherwise the debate; "Le président décide du moment où le débat est
    clos" (his optional question; the debate's clock still bounds it)."""
    if own(ctx.s).day.session == PEACE:
        ctx.announce("rp-paix")
        return False
    open_day_step(ctx, DEBATE)
    seat = president(ctx.s)
    if seat is not None:
        ctx.open_prompt(step=CLOSE, kind="confirm", to=[seat], optional=True, visibility="public")
    return True


def close_debate(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    step = ctx.s.step
    if prompt.answers.get(seat) is True and step is not None and step.key == DEBATE and seat == president(ctx.s):
        ctx.announce("rp-debat-clos", seat=seat)
        day.finish(ctx)  # the vote opens: the day goes on


# -- the vote, in turn -------------------------------------------------------------------------------------------
# §6 "Il donne alors le sien, puis décide dans quel sens (horaire ou anti-horaire) seront annoncés les votes
# suivants": the Président's step (his ballot, if the law lets him vote, and the direction), then one step per voter
# round the table from his neighbour that way, each `ballot_time` long. A ballot is announced to all as it is given
# and stands (`locks_at`); an invocation sets the voter's step aside with its prompt, and it resumes as it was.
def open_vote(ctx: Ctx) -> bool:
    """Those the law allows vote (laws.voters, fixed now); True when the day is over (nobody to ask at all)."""
    voters = laws.voters(ctx.s)
    ctx.fact(F.VoteOpened(voters), to=MJ_ONLY)
    chief = president(ctx.s)
    if chief is None:  # nobody to choose: clockwise from the first seat (RULES-NOTES: clockwise = seat order)
        ctx.fact(F.VotingOrderSet(CLOCKWISE, announce_order(ctx.s, voters, None, CLOCKWISE)), to=MJ_ONLY)
        return next_turn(ctx)
    open_day_step(ctx, VOTE)
    if chief in voters:
        ballot_prompt(ctx, chief)
    way = ctx.open_prompt(step=DIRECTION, kind="choice", to=[chief], options=[CLOCKWISE, COUNTER],
                          visibility="public", info={"voter": chief})
    remember_prompt(ctx, "direction", way)
    return False


def ballot_prompt(ctx: Ctx, seat: int) -> None:
    """One voter's ballot, public and final once given. "Le vote blanc est interdit" and the Purge ("Chaque personne
    ayant le droit de vote l'exerce"): a ballot names someone. Condorcet: a ranked ballot (the order of the picks)."""
    law = laws.law_of(ctx.s)
    living = ctx.s.living()
    ranked = law == laws.CONDORCET
    forced = (law == laws.BLANK_FORBIDDEN or own(ctx.s).day.session == PURGE
              or not ctx.s.options.get("allow_abstain", True))
    prompt = ctx.open_prompt(step=VOTE, kind="pick", to=[seat], options=living, min=1 if forced else 0,
                             max=len(living) if ranked else 1, visibility="public", locks_at=ctx.at,
                             dead_may_answer=law == laws.GHOSTS_VOTE,
                             info={"reason": "against", "ranked": ranked, "session": own(ctx.s).day.session,
                                   "voter": seat})
    remember_prompt(ctx, "ballot", prompt)


def ballot_given(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """Announced at once, as at the table. "Le vote est payant": the coin is paid as the ballot is given (a blank
    costs nothing); without it the ballot does not count."""
    ballot = list(prompt.answers.get(seat) or [])
    counted: list[int] | None = ballot
    if ballot and laws.law_of(ctx.s) == laws.PAYING:
        coins = fates.coins_of(ctx.s, seat)
        if coins >= laws.PRICE:
            fates.set_coins(ctx, seat, coins - laws.PRICE)
        else:
            counted = None
    key = "rp-bulletin-classe" if len(ballot) > 1 else "rp-bulletin"
    ctx.announce(key, seat=seat, seats=ballot)
    if counted is None:
        ctx.announce("rp-vote-impaye", to=MJ_ONLY if ctx.s.options.get("hide_fortunes") else None, seat=seat)
    ctx.fact(F.BallotGiven(seat, counted), to=MJ_ONLY)


def turn_done(ctx: Ctx) -> bool:
    """A turn is over: a voter silent in time casts no ballot (blank where blank is allowed; no ballot either where
    it is forbidden: nobody votes in his name). After the Président's step, the turns in the direction he chose."""
    step = ctx.s.step
    here = set(step.prompts) if step is not None else set()
    ballot = prompt_of(ctx, "ballot")
    if ballot is not None and ballot.id in here:
        voter = int(ballot.info["voter"])
        if voter not in ballot.answers:
            if ctx.s.players[voter].alive or ballot.dead_may_answer:
                ctx.announce("rp-bulletin-absent", seat=voter)
            ctx.fact(F.BallotGiven(voter, None), to=MJ_ONLY)
    way = prompt_of(ctx, "direction")
    if way is not None and way.id in here:
        chief = int(way.info["voter"])
        chosen = way.answers.get(chief)
        direction = chosen if chosen in (CLOCKWISE, COUNTER) else CLOCKWISE  # no answer in time: clockwise
        turns = [seat for seat in announce_order(ctx.s, own(ctx.s).day.voters, chief, direction) if seat != chief]
        ctx.fact(F.VotingOrderSet(direction, turns), to=MJ_ONLY)
        ctx.announce("rp-sens-vote", seat=chief, direction=direction)
    return next_turn(ctx)


def next_turn(ctx: Ctx) -> bool:
    """The next voter's turn; once all have voted, the count. A voter dead by now (an invocation) is passed over,
    unless the ghosts vote today; under "Le vote est payant" one with no coin left is passed over (said to all,
    unless fortunes are hidden: then he is asked, and his ballot does not count)."""
    law = laws.law_of(ctx.s)
    turns = list(own(ctx.s).day.turns)
    while turns:
        seat = turns.pop(0)
        ctx.fact(F.VoterCalled(seat), to=MJ_ONLY)
        alive = ctx.s.players[seat].alive
        if not alive and not (law == laws.GHOSTS_VOTE and seat in dead.ghosts(ctx.s)):
            ctx.fact(F.BallotGiven(seat, None), to=MJ_ONLY)
            continue
        if law == laws.PAYING and not ctx.s.options.get("hide_fortunes") \
                and fates.coins_of(ctx.s, seat) < laws.PRICE:
            ctx.announce("rp-vote-impaye", seat=seat)
            ctx.fact(F.BallotGiven(seat, None), to=MJ_ONLY)
            continue
        open_day_step(ctx, VOTE)
        ballot_prompt(ctx, seat)
        return False
    return close_vote(ctx)


def announce_order(state: GameState, voters: Sequence[int], first: int | None, direction: str) -> list[int]:
    """"Il donne alors le sien, puis décide dans quel sens ... seront annoncés les votes suivants": the Président's
    ballot, then the others from his seat round the table (clockwise: increasing seats)."""
    ring = [p.seat for p in state.by_position()]
    if first is not None and first in ring:
        at = ring.index(first)
        ring = ring[at:] + ring[:at]
    if direction == COUNTER:
        ring = ring[:1] + ring[:0:-1]
    return [seat for seat in ring if seat in voters]


def turn_of(state: GameState) -> int | None:
    """Whose turn it is in the vote (the Président's first), also while an invocation sets the vote aside."""
    steps = [state.step, *(item.step for item in reversed(state.stack))]
    step = next((x for x in steps if x is not None and x.key == VOTE), None)
    if step is None:
        return None
    for pid in step.prompts:
        prompt = state.prompts.get(pid)
        if prompt is not None and prompt.step in (VOTE, DIRECTION) and "voter" in prompt.info:
            return int(prompt.info["voter"])
    return None


def tie_break(ctx: Ctx, tied: list[int], ballots: dict[int, list[int]]) -> int | None:
    """"En cas d'égalité, sa voix prime": the Président's ballot decides among the tied (a ranked ballot: the first
    of them he ranked). "En cas d'égalité, tous graciés" (a law): nobody."""
    if laws.law_of(ctx.s) == laws.TIE_SPARES:
        return None
    seat = president(ctx.s)
    ballot = ballots.get(seat, []) if seat is not None else []
    return next((target for target in ballot if target in tied), None)


def close_vote(ctx: Ctx) -> bool:
    """The most votes among the ballots cast (in the order they were given), or the Condorcet winner; True when the
    day is over. A ballot naming someone who died since counts for the living it names only."""
    law = laws.law_of(ctx.s)
    alive = set(ctx.s.living())
    ballots: dict[int, list[int]] = {}
    for seat, given in own(ctx.s).day.ballots:
        kept = [t for t in given or [] if t in alive]
        if kept:
            ballots[int(seat)] = kept
    direction = own(ctx.s).day.direction or CLOCKWISE
    firsts = Counter(ballot[0] for ballot in ballots.values())  # a ranked ballot's first choice
    ctx.announce("rp-resultat-vote", counts={str(k): v for k, v in sorted(firsts.items())}, direction=direction,
                 ballots=[[seat, ballot] for seat, ballot in ballots.items()])
    if law == laws.URN_LOST:  # "On a perdu l'urne, le vote est annulé"
        ctx.announce("rp-urne-perdue")
        return day.next_step(ctx)
    if law == laws.CONDORCET:
        winner, scores = laws.condorcet(list(ballots.values()), sorted({t for b in ballots.values() for t in b}))
        condemned = winner if winner is not None else top_of(ctx, scores, ballots)
    else:
        condemned = top_of(ctx, firsts, ballots)
    if condemned is None and not firsts:
        ctx.announce("rp-pas-d-execution")
    if own(ctx.s).day.session == PURGE:
        return accuse(ctx, firsts, condemned)
    return after_vote(ctx, condemned)


def top_of(ctx: Ctx, counts: Counter[int], ballots: dict[int, list[int]]) -> int | None:
    if not counts:
        return None
    top = max(counts.values())
    tied = sorted(seat for seat, n in counts.items() if n == top)
    condemned = tied[0] if len(tied) == 1 else tie_break(ctx, tied, ballots)
    if condemned is None:
        ctx.announce("rp-egalite", seats=tied)
    return condemned


def after_vote(ctx: Ctx, condemned: int | None) -> bool:
    if condemned is not None:
        condemn(ctx, condemned)
        return False
    return next_trial(ctx)


# -- the Purge's trial -----------------------------------------------------------------------------------------
def accuse(ctx: Ctx, counts: Counter[int], condemned: int | None) -> bool:
    """"Il s'en suivra un tribunal accusant les trois autres personnes ayant récolté le plus de voix (en cas
    d'égalité, le procureur tranche)": those with at least one vote, the most first."""
    others = sorted((seat for seat in counts if seat != condemned), key=lambda seat: (-counts[seat], seat))
    if len(others) <= ACCUSED:
        return accused(ctx, others, condemned)
    cut = counts[others[ACCUSED - 1]]
    sure = [seat for seat in others if counts[seat] > cut]
    tied = [seat for seat in others if counts[seat] == cut]
    slots = ACCUSED - len(sure)
    if len(tied) == slots:
        return accused(ctx, sure + tied, condemned)
    prosecutor = ctx.s.holder(PROCUREUR)
    if prosecutor is None or not ctx.s.players[prosecutor].alive:
        return accused(ctx, sure + ctx.shuffle(tied)[:slots], condemned)  # no Procureur: the draw
    ctx.fact(F.ProsecutorAsked(sure, condemned), to=MJ_ONLY)
    open_day_step(ctx, PROSECUTOR)
    prompt = ctx.open_prompt(step=PROSECUTOR, kind="pick", to=[prosecutor], options=tied, min=slots, max=slots,
                             visibility="public", info={"slots": slots})
    remember_prompt(ctx, "prosecutor", prompt)
    return False


def prosecutor_done(ctx: Ctx) -> bool:
    prompt = prompt_of(ctx, "prosecutor")
    assert prompt is not None
    slots = int(prompt.info["slots"])
    picked = answer(prompt, prompt.to[0]) if prompt.to else None
    chosen = list(picked) if picked else ctx.shuffle(prompt.options)[:slots]  # no answer in time: the draw
    return accused(ctx, [*own(ctx.s).day.accused, *chosen], own(ctx.s).day.condemned)


def accused(ctx: Ctx, seats: list[int], condemned: int | None) -> bool:
    ctx.fact(F.Accused(seats), to=MJ_ONLY)
    if seats:
        ctx.announce("rp-accuses", seats=seats)
    return after_vote(ctx, condemned)


def next_trial(ctx: Ctx) -> bool:
    """"Pour chacun des accusés, tous les vivants (la loi du jour ne s'applique pas) voteront, indiquant s'ils
    veulent que l'accusé soit épargné ou exécuté.\""""
    queue = [seat for seat in own(ctx.s).day.accused if ctx.s.players[seat].alive]
    if not queue:
        ctx.fact(F.Accused([]), to=MJ_ONLY)
        return day.next_step(ctx)
    seat, rest = queue[0], queue[1:]
    ctx.fact(F.TrialOpened(rest), to=MJ_ONLY)
    open_day_step(ctx, TRIAL)
    prompt = ctx.open_prompt(step=TRIAL, kind="choice", to=laws.voters(ctx.s, trial=True), options=[SPARE, EXECUTE],
                             visibility="public", info={"seat": seat})
    remember_prompt(ctx, "trial", prompt)
    return False


def trial_done(ctx: Ctx) -> bool:
    """"En cas d'égalité, la personne est graciée."""
    prompt = prompt_of(ctx, "trial")
    assert prompt is not None
    seat = int(prompt.info["seat"])
    said = Counter(prompt.answers.values())
    if said[EXECUTE] > said[SPARE] and ctx.s.players[seat].alive:
        condemn(ctx, seat)
        return False
    ctx.announce("rp-tribunal-gracie", seat=seat, spare=said[SPARE], execute=said[EXECUTE])
    return next_trial(ctx)


# -- the condemned's window, the Bourreau, the execution ---------------------------------------------------------
def bourreau(state: GameState, condemned: int) -> int | None:
    """"Il peut gracier une fois un condamné autre que lui-même" while the office is in the game."""
    seat = state.holder(BOURREAU)
    if seat is None or seat == condemned or own(state).bourreau_out or not state.players[seat].alive:
        return None
    return seat


def condemn(ctx: Ctx, seat: int) -> None:
    """§2 "il dispose de 15 secondes pour demander une éventuelle action invoquée (ou transmettre un dernier
    message)": the invoke button, or this question; a message (and the Bourreau's answer) ends the window."""
    ctx.fact(F.Condemned(seat), to=MJ_ONLY)
    ctx.announce("rp-condamne", seat=seat)
    open_day_step(ctx, CONDEMNED)
    words = ctx.open_prompt(step=CONDEMNED, kind="text", to=[seat], min=1, max=LAST_WORDS)
    remember_prompt(ctx, "last-words", words)
    executioner = bourreau(ctx.s, seat)
    if executioner is not None:
        grace = ctx.open_prompt(step=PARDON, kind="confirm", to=[executioner], info={"seat": seat})
        remember_prompt(ctx, "pardon", grace)


def pardoned(ctx: Ctx, seat: int) -> int | None:
    """The Bourreau who pardoned `seat` in this window (his answer is withdrawn if he died meanwhile)."""
    grace = prompt_of(ctx, "pardon")
    if grace is None or grace.info.get("seat") != seat or not grace.to:
        return None
    return grace.to[0] if answer(grace, grace.to[0]) is True else None


def execute(ctx: Ctx) -> bool:
    seat = own(ctx.s).day.condemned
    words = prompt_of(ctx, "last-words")
    if seat is not None and words is not None and seat in words.answers:
        ctx.announce("rp-dernier-message", seat=seat, text=str(words.answers[seat]))
    if seat is not None and ctx.s.players[seat].alive:
        executioner = pardoned(ctx, seat)
        if executioner is not None:
            # "Une fois qu'un joueur a été gracié, le poste est retiré du jeu."
            ctx.announce("rp-grace-bourreau", seat=seat, by=executioner)
            ctx.fact(F.Pardoned(seat), to=MJ_ONLY)
            ctx.emit("office", {"office": BOURREAU, "seat": None})
        else:
            # "Mettre à mort le bourreau ne sauvera pas la vie de la personne choisie pour être exécutée."
            fates.kill(ctx, seat, fates.EXECUTED)
            if fates.check(ctx):
                return False
    ctx.fact(F.CondemnationOver(), to=MJ_ONLY)
    return next_trial(ctx)


# -- what everyone sees ----------------------------------------------------------------------------------------
def public(state: GameState) -> dict[str, object]:
    """The session as the village knows it: its kind, the law of the day, who may vote, the direction of the
    announced ballots, the ballots given and whose turn it is, the accused still to try, whether the Bourreau's
    office is still in the game."""
    today = own(state).day
    law = today.law
    return {
        "kind": today.session,
        "law": None if law is None else law.model_dump(),
        "allowed": today.allowed,
        "voters": list(today.voters),
        "direction": today.direction,
        # The vote in turn (§6 "seront annoncés"): every ballot given so far, in order ([seat, ballot]; None: no
        # ballot), whose turn it is, and who is still to vote.
        "ballots": [list(entry) for entry in today.ballots],
        "turn": turn_of(state),
        "turns": list(today.turns),
        "accused": list(today.accused),
        "special_day": own(state).special_day,  # the last day with a special session (none two days running)
        "bourreau_out": own(state).bourreau_out,
    }
