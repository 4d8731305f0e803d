"""The public offices' lifecycle (seed 000 §6; §12 "Modifications des postes publics", "éventuelle ré-attribution
de poste"; RULES-NOTES "Offices at the start"). The Procureur's and the Adjoints' cameras and the paid inquiry are
in cameras.py.

- In play: the special offices (Scrutateur; the Chef de la milice fantôme, a ghost's, given by dead.py), the four
  mandatory ones and the optional ones the room chose (`options.offices`, else by the number of players), each
  with its variant. The MJ may take an optional office out of play (`rp-retirer-poste`); `withdraw` does it for
  the other slices (the Bourreau's pardon).
- Before night 1 every office in play but the Chef is given: drawn by the game's RNG, or the MJ's prompts, read
  at the end of the opening (an office he leaves unanswered is drawn; "nobody" leaves it vacant). No one holds two
  offices, but the Scrutateur when every living player holds one.
- Each morning ("rp-postes"): the night's office effects (office_powers.morning), the Scrutateur's rotation, then
  his choices: the offices an illegal result or a resignation left to fill (`scrutateur`, the hook office_powers
  calls). "rp-reattribution": the offices of the new dead, then the applications to the vacant optional offices.
- A death empties the dead's offices at once (§6 "Si la personne qui occupait un de ces postes meurt, le poste
  devient vacant"; `vacate`, fates.kill's hook), whatever killed him; the Chef's stays a ghost's, and so does a
  Sénateur a swap handed a dead player. By day the succession follows at once: the Scrutateur's office rotates,
  a mandatory office waits for his choice (the morning's ré-attribution, or after it a question of its own,
  `ASIDE`, drawn at nightfall if unanswered); an optional one waits for applicants. Killed at night, a player is
  alive to everyone until dawn (§2 "le mort est annoncé seulement le matin"): his offices fall vacant when he is
  named, and no office ever goes to a seat doomed tonight (`living`): the morning's rotation and effects skip him,
  and the Scrutateur's choices of a morning with dead wait for the ré-attribution, after the report (nothing takes
  time between the two, so nothing shows who is dying before the report names him).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.evolve import handles
from app.engine.model import MJ, Command, GameState, Prompt
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import day, dead, fates, office_powers
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.nights import ghosts
from app.engine.rulesets.reptiliens.offices import (
    BOURREAU,
    CHEF_MILICE,
    MANDATORY,
    OFFICE_BY_KEY,
    OFFICES,
    SCRUTATEUR,
    SENATEUR,
    default_offices,
    office_of_key,
)
from app.engine.rulesets.reptiliens.state import KEY, own
from app.engine.rulesets.reptiliens.steps import dying, open_day_step

ASSIGN = "rp-postes-depart"  # the MJ's questions before night 1, one an office
CHOICE = "rp-scrutateur-choix"  # the Scrutateur fills the offices (a step of the day and its questions)
APPLY = "rp-candidatures"  # the window in which the players without an office apply
ASIDE = "rp-scrutateur-remplacement"  # by day, after the ré-attribution: a dead's office, filled at once
REATTRIBUTION = "rp-reattribution"
REMINDER = "rp-ouverture-rappel"  # the opening's last step: the offices are given when it ends


# -- what is in play ------------------------------------------------------------------------------------------------
def in_play(state: GameState) -> list[str]:
    """The offices in play; the Bourreau's leaves once he has pardoned (sessions.py's `bourreau_out`)."""
    o = own(state)
    return [k for k in o.offices_in_play if not (k == BOURREAU and o.bourreau_out)]


def removed(state: GameState) -> list[str]:
    o = own(state)
    out = list(o.offices_removed)
    return [*out, BOURREAU] if o.bourreau_out and BOURREAU in o.offices_in_play and BOURREAU not in out else out


def variant_of(state: GameState, office: str) -> str | None:
    """The variant of an optional office in play (rp-adjoint-randy, rp-pretre-traditionnel, ...), for the slices
    that act by it (the pickpockets, the Prêtre)."""
    return own(state).office_variants.get(office)


def living(state: GameState) -> list[int]:
    """Those who may hold an office: the living, but not one killed tonight (§6 "Ces postes sont occupés par des
    vivants"): no office goes to a seat that dies at dawn. Only the morning uses this before the deaths' report, in
    the same instant as the report (`after_effects`), so skipping him shows nothing before he is named."""
    gone = dying(state)
    return [seat for seat in state.living() if seat not in gone]


def offices_of(state: GameState, seat: int) -> list[str]:
    return [o.key for o in OFFICES if state.offices.get(o.key) == seat]


def other_offices(state: GameState, seat: int) -> list[str]:
    """`seat`'s offices but the Scrutateur ("qui n'a pas déjà de poste public" counts the others)."""
    return [o for o in offices_of(state, seat) if o != SCRUTATEUR]


def free(state: GameState) -> list[int]:
    """The living with no office (the Scrutateur apart), in seat order."""
    return [seat for seat in living(state) if not other_offices(state, seat)]


def vacant(state: GameState) -> list[str]:
    """The offices in play that nobody holds (the Chef's waits for the first ghost)."""
    return [o for o in in_play(state) if state.offices.get(o) is None]


def public(state: GameState) -> dict[str, Any]:
    """The village's view of the offices: holders, those in play and their variants, those taken out of play,
    the vacancies, today's applications."""
    o = own(state)
    return {
        "holders": {k: v for k, v in state.offices.items() if v is not None},
        "in_play": in_play(state),
        "variants": dict(o.office_variants),
        "removed": removed(state),
        "vacant": vacant(state),
        "applications": {k: list(v) for k, v in o.applications.items() if v},
    }


def give(ctx: Ctx, office: str, seat: int | None) -> None:
    ctx.emit("office", {"office": office, "seat": seat})


# -- the start: which offices, and who holds them ---------------------------------------------------------------------
def begin(ctx: Ctx) -> None:
    """At the start (before night 1): the offices in play, their variants drawn where the room did not say, then
    the holders (drawn now in automatic mode; the MJ's questions otherwise)."""
    chosen = ctx.s.options.get("offices")
    keys = default_offices(len(ctx.s.players)) if chosen is None else list(chosen)
    optional: dict[str, str | None] = {}
    for key in keys:
        office = office_of_key(key)
        if office is None:
            continue
        kinds = [v.key for v in OFFICE_BY_KEY[office].variants]
        optional[office] = key if key in kinds else (ctx.choice(kinds) if kinds else None)
    ctx.fact(F.OfficesDrawn([o.key for o in OFFICES if o.kind != "optional" or o.key in optional],
                            {k: v for k, v in optional.items() if v is not None}), to=MJ_ONLY)
    ctx.announce("rp-postes-en-jeu", offices=[v or k for k, v in optional.items()])
    if ctx.s.options.get("moderation") == "mj":
        for office in to_assign(ctx.s):
            ctx.open_prompt(step=ASSIGN, kind="pick", to_mj=True, options=ctx.s.living(), min=0, max=1,
                            info={"office": office})
    else:
        assign(ctx, {}, set())


def to_assign(state: GameState) -> list[str]:
    """The offices given at the start: the mandatory ones first, then the optional ones, then the Scrutateur."""
    offices = [o for o in in_play(state) if o not in (SCRUTATEUR, CHEF_MILICE)]
    return [*sorted(offices, key=lambda o: o not in MANDATORY), SCRUTATEUR]


def assign(ctx: Ctx, given: Mapping[str, int], empty: set[str]) -> None:
    """`given` by the MJ, `empty` left vacant by him; the others drawn among the living without an office. Offices
    outnumbering the players stay vacant (the optional ones first); the Scrutateur goes to one without an office,
    or to anyone when all hold one (§6 "sauf celui de scrutateur lorsque tous les joueurs disposent d'un poste")."""
    holders: dict[str, int] = {}
    for office in to_assign(ctx.s):
        seat = given.get(office)
        if seat is not None and (office == SCRUTATEUR or seat not in holders.values()):
            holders[office] = seat
    taken = {seat for office, seat in holders.items() if office != SCRUTATEUR}
    pool = ctx.shuffle([seat for seat in ctx.s.living() if seat not in taken])
    for office in to_assign(ctx.s):
        if office in holders or office in empty:
            continue
        if office == SCRUTATEUR:
            holders[office] = pool[0] if pool else ctx.choice(ctx.s.living())
        elif pool:
            holders[office] = pool.pop(0)
    for office in to_assign(ctx.s):
        if office in holders:
            give(ctx, office, holders[office])


def settle_assignment(ctx: Ctx) -> None:
    """The end of the opening: the MJ's answers given, the questions he left unanswered drawn."""
    prompts = [p for p in ctx.s.prompts.values() if p.step == ASSIGN and not p.closed]
    if not prompts:
        return
    given: dict[str, int] = {}
    empty: set[str] = set()
    for prompt in prompts:
        office = str(prompt.info["office"])
        if MJ_SEAT in prompt.answers:
            picked = prompt.answers[MJ_SEAT]
            if picked and ctx.s.players[picked[0]].alive:
                given[office] = int(picked[0])
            else:
                empty.add(office)
        ctx.close_prompt(prompt)
    assign(ctx, given, empty)


def after_reminder(ctx: Ctx, step: K.Step) -> None:
    """The close of the opening's reminder (manifest.STEPS[REMINDER]): the offices are given."""
    settle_assignment(ctx)
    fates.check(ctx)  # three offices may win the Souris, the Détectives, the Mathématiciens


def set_by_mj(ctx: Ctx, office: str) -> None:
    """The MJ gives an office (the engine's `set_office`): one not in play enters it."""
    if office not in own(ctx.s).offices_in_play:
        ctx.fact(F.OfficeBroughtIn(office), to=MJ_ONLY)


def may_apply(state: GameState, seat: int) -> list[str]:
    """The vacant optional offices `seat` may apply to now (the page's buttons)."""
    if state.phase != "day" or seat not in free(state):
        return []
    return [o for o in open_optional(state) if seat not in own(state).applications.get(o, [])]


# -- the Scrutateur's rotation -----------------------------------------------------------------------------------------
def clockwise_after(state: GameState, seat: int | None) -> list[int]:
    """Every seat once, clockwise (increasing seats, RULES-NOTES) from the one after `seat`, `seat` last."""
    seats = [p.seat for p in state.by_position()]
    at = seats.index(seat) if seat in seats else len(seats) - 1
    return seats[at + 1:] + seats[:at + 1]


def next_scrutateur(state: GameState, after: int | None) -> int | None:
    """§6 "le poste tourne et est occupé par la personne vivante suivante (sens horaire) qui n'a pas déjà de poste
    public"; when all hold one, "Le poste de scrutateur tourne sur l'ensemble des joueurs"."""
    order = [seat for seat in clockwise_after(state, after) if seat in living(state)]
    without = [seat for seat in order if not other_offices(state, seat)]
    found = without or order
    return found[0] if found else None


def rotate(ctx: Ctx, after: int | None) -> None:
    if ctx.s.phase == "day" and own(ctx.s).turned != ctx.s.day:
        ctx.fact(F.ScrutateurTurned(ctx.s.day), to=MJ_ONLY)
    seat = next_scrutateur(ctx.s, after)
    if seat is not None and seat != ctx.s.offices.get(SCRUTATEUR):
        give(ctx, SCRUTATEUR, seat)
        ctx.announce("rp-scrutateur-tourne", seat=seat)


# -- the Scrutateur's choices -----------------------------------------------------------------------------------------
def scrutateur(ctx: Ctx, offices: Sequence[str], resigned: int | None = None) -> None:
    """The hook of office_powers (§4 "En cas de résultat illégal, le scrutateur réattribuera le(s) poste(s)"; §6
    "poussé à la démission par l'Artiste ; il désigne qui doit le remplacer"): the offices wait for his choices,
    made once the night's effects are applied. An illegal holder loses his office now; a Scrutateur office is
    not chosen but rotates."""
    for office in offices:
        holder = ctx.s.offices.get(office)
        if office == SCRUTATEUR:
            rotate(ctx, holder if holder is not None else resigned)
            continue
        if holder is not None:
            give(ctx, office, None)
        queue(ctx, office, resigned)


def queue(ctx: Ctx, office: str, resigned: int | None = None, applicants: list[int] | None = None) -> None:
    ctx.fact(F.VacancyQueued(office, resigned, applicants), to=MJ_ONLY)


def scrutateur_of(state: GameState) -> int | None:
    seat = state.offices.get(SCRUTATEUR)
    return seat if seat is not None and seat in living(state) else None


def candidates(state: GameState, office: str, resigned: int | None, applicants: list[int] | None) -> list[int]:
    """Whom the Scrutateur may name. §6: "il ne peut choisir le démissionnaire, ni se choisir lui-même. (En cas de
    conflit, la première restriction prime.)": he names himself only when no one else may take it. A ghost for the
    Chef; for a mandatory office when all hold one, an optional office's holder ("qui doit renoncer à son
    poste")."""
    if applicants is not None:
        return [seat for seat in applicants if seat in free(state)]
    if office == CHEF_MILICE:
        pool = [seat for seat in ghosts(state) if not offices_of(state, seat) and seat != resigned]
    else:
        pool = [seat for seat in free(state) if seat != resigned]
        if not pool and office in MANDATORY:
            pool = [seat for seat in living(state) if seat != resigned and other_offices(state, seat)
                    and all(OFFICE_BY_KEY[o].kind == "optional" for o in other_offices(state, seat))]
    me = scrutateur_of(state)
    return [seat for seat in pool if seat != me] or pool


def replaced(state: GameState, office: str) -> bool:
    """§6 "Lorsqu'il y a moins de joueurs que de postes obligatoires, les postes obligatoires ne sont plus
    remplacés"."""
    mandatory = [o for o in in_play(state) if o in MANDATORY]
    return office not in MANDATORY or len(living(state)) >= len(mandatory)


def open_choices(ctx: Ctx) -> bool:
    """The offices waiting for the Scrutateur: a question each, in public; with no Scrutateur alive, drawn at
    once. True when his step is open."""
    take_scrutateur(ctx)
    pending = own(ctx.s).to_fill
    if not pending:
        return False
    me = scrutateur_of(ctx.s)
    asked = {i: options for i, (office, resigned, applicants) in enumerate(pending)
             if replaced(ctx.s, office) and (options := candidates(ctx.s, office, resigned, applicants))}
    if me is None or not asked:
        fill_all(ctx, {})
        fates.check(ctx)
        return False
    ctx.announce("rp-postes-a-pourvoir", offices=[entry[0] for entry in pending], seat=me)
    open_day_step(ctx, CHOICE)
    for i, options in asked.items():
        ctx.open_prompt(step=CHOICE, kind="pick", to=[me], options=options, min=1, max=1, visibility="public",
                        info={"office": pending[i][0], "i": i, "n": len(pending)})
    return True


def take_scrutateur(ctx: Ctx) -> None:
    """A Scrutateur who died in public at night (Shéhérazade's story, Poirot's shame) left his office to the
    morning: it rotates from his seat."""
    pending = own(ctx.s).to_fill
    left = [e for e in pending if e[0] != SCRUTATEUR]
    if len(left) == len(pending):
        return
    ctx.fact(F.VacancyDropped(SCRUTATEUR), to=MJ_ONLY)
    if ctx.s.offices.get(SCRUTATEUR) is None:
        rotate(ctx, next(e[1] for e in pending if e[0] == SCRUTATEUR))


def fill_all(ctx: Ctx, picks: Mapping[int, int], upto: int | None = None) -> None:
    """Apply the Scrutateur's picks (by place in the queue); a pick no longer possible, or none, is drawn. `upto`:
    the entries his question covered; those queued since (a death meanwhile) wait for a question of their own."""
    take_scrutateur(ctx)
    pending = list(own(ctx.s).to_fill)
    upto = len(pending) if upto is None else upto
    ctx.fact(F.VacanciesTaken(upto), to=MJ_ONLY)
    for i, (office, resigned, applicants) in enumerate(pending[:upto]):
        if ctx.s.offices.get(office) is not None or office not in in_play(ctx.s):
            continue
        if not replaced(ctx.s, office):
            ctx.announce("rp-poste-non-remplace", office=office)
            continue
        options = candidates(ctx.s, office, resigned, applicants)
        if not options:
            ctx.announce("rp-poste-vacant", office=office)
            continue
        seat = picks.get(i)
        appoint(ctx, office, seat if seat in options else ctx.choice(options))


def appoint(ctx: Ctx, office: str, seat: int) -> None:
    """`seat` takes `office`; an optional office he held is renounced (§6 "doit renoncer à son poste et hérite du
    poste obligatoire à pourvoir") and waits for applicants."""
    for held in other_offices(ctx.s, seat):
        give(ctx, held, None)
        ctx.announce("rp-renonce", office=held, seat=seat)
    give(ctx, office, seat)
    ctx.announce("rp-nomme", office=office, seat=seat)
    if ctx.s.offices.get(SCRUTATEUR) == seat and free(ctx.s):
        rotate(ctx, seat)  # he may cumulate only while everyone holds an office


def choices_done(ctx: Ctx) -> bool:
    picks: dict[int, int] = {}
    me = scrutateur_of(ctx.s)
    upto: int | None = None
    for prompt in ctx.step_prompts():
        upto = int(prompt.info.get("n", 0)) or None
        answer = prompt.answers.get(me) if me is not None else None
        if answer:
            picks[int(prompt.info["i"])] = int(answer[0])
    deciding_applications = any(entry[2] is not None for entry in own(ctx.s).to_fill)
    fill_all(ctx, picks, upto)
    if fates.check(ctx):
        return False
    if own(ctx.s).to_fill and open_choices(ctx):
        return False  # a death during his choices left another office to fill
    if today_part(ctx) == "rp-reattribution" and not deciding_applications and applications(ctx):
        return False
    return day.next_step(ctx)


def today_part(ctx: Ctx) -> str | None:
    plan = ctx.s.plan
    return None if plan is None or plan.over() else plan.current()[0]


# -- "Modifications des postes publics" ------------------------------------------------------------------------------
def postes(ctx: Ctx) -> bool:
    """The night's effect (its adored may choose in a step of his own), then the Scrutateur."""
    if office_powers.morning(ctx):
        return True
    return after_effects(ctx)


def after_effects(ctx: Ctx) -> bool:
    """"Chaque matin, le poste tourne" (RULES-NOTES: from day 1), then the Scrutateur's choices."""
    if ctx.s.phase != "day":
        return False
    take_scrutateur(ctx)
    if own(ctx.s).turned != ctx.s.day:  # not again when a resignation or an illegal swap has just turned it
        rotate(ctx, ctx.s.offices.get(SCRUTATEUR))
    if dying(ctx.s):
        # The night's dead are named next, in this same instant: his choices wait for the ré-attribution, where
        # nobody doomed tonight can be among the options nor ask them (a question now would take time, and its
        # options, or its very absence, would show who dies).
        return False
    return open_choices(ctx)


def adored_done(ctx: Ctx) -> bool:
    if office_powers.adored_swap(ctx):
        return False
    return False if after_effects(ctx) else day.next_step(ctx)


# -- "éventuelle ré-attribution de poste": the new dead's offices, then the applications ------------------------------
def reattribution(ctx: Ctx) -> bool:
    """§6 "À chaque fois que le titulaire d'un poste public est mort ... il désigne qui doit le remplacer"; an
    optional office "devient vacant" (applications); the Chef stays a ghost's (dead.py)."""
    for seat in [p.seat for p in ctx.s.by_position() if not p.alive]:
        # `vacate` emptied them at death: this catches an office given to a dead player since (by the MJ).
        for office in other_offices(ctx.s, seat):
            if kept_by_the_dead(ctx.s, seat, office):
                continue  # a ghost's offices: the Chef's (dead.py), a Sénateur a swap handed him
            give(ctx, office, None)
            if office in MANDATORY:
                queue(ctx, office)
            else:
                ctx.announce("rp-poste-vacant", office=office)
        if ctx.s.offices.get(SCRUTATEUR) == seat:
            rotate(ctx, seat)
    if ctx.s.options.get("moderation") != "mj":
        auto_withdraw(ctx)
    if open_choices(ctx):
        return True
    return applications(ctx)


# -- a death empties the dead's offices at once (fates.kill's hook) ----------------------------------------------------
def kept_by_the_dead(state: GameState, seat: int, office: str) -> bool:
    """§6 "Ces postes sont occupés par des vivants, à l'exception du Chef de la milice fantôme ou éventuellement du
    Sénateur": the Chef's is a ghost's (dead.py), and a Sénateur a swap handed a dead player keeps it."""
    return office == CHEF_MILICE or (office == SENATEUR and seat == own(state).ghost_senator)


def vacate(ctx: Ctx, seat: int) -> None:
    """`seat` has just died (fates.kill): "le poste devient vacant" now, whatever killed him. By day the Scrutateur's
    office rotates at once; a mandatory office waits for his choice: at the morning's ré-attribution if it is still
    to come, else a question of its own now (`ask_now`). At night (a death everyone saw: Shéhérazade's, Poirot's)
    both wait for the morning. An optional office waits for applicants ("Chaque jour, les joueurs sans poste
    public peuvent postuler")."""
    s = ctx.s
    if s.phase not in ("night", "day"):
        return
    now = s.phase == "day" and past_reattribution(s)
    for office in offices_of(s, seat):
        if kept_by_the_dead(s, seat, office):
            continue
        give(ctx, office, None)
        if office == SCRUTATEUR:
            if s.phase == "day":
                rotate(ctx, seat)
            else:
                queue(ctx, SCRUTATEUR, seat)  # rotated in the morning (`take_scrutateur`)
            continue
        ctx.announce("rp-poste-vacant", office=office)
        if office in MANDATORY:
            if now:
                ask_now(ctx, office)
            else:
                queue(ctx, office)
    if now:
        readdress(ctx, seat)


def past_reattribution(state: GameState) -> bool:
    """Whether today's ré-attribution is over (a dead's office then waits for no later part of the day)."""
    plan = state.plan
    return plan is None or [REATTRIBUTION] not in plan.groups or plan.at > plan.groups.index([REATTRIBUTION])


def asides(state: GameState) -> list[Prompt]:
    return [p for p in state.prompts.values() if p.step == ASIDE and not p.closed]


def ask_now(ctx: Ctx, office: str) -> None:
    """§6 "À chaque fois que le titulaire d'un poste public est mort ...; il désigne qui doit le remplacer": by day,
    at once, in public, aside from the step under way (the session goes on); with no Scrutateur alive, drawn."""
    s = ctx.s
    if s.offices.get(office) is not None or office not in in_play(s):
        return
    if not replaced(s, office):
        ctx.announce("rp-poste-non-remplace", office=office)
        return
    options = candidates(s, office, None, None)
    me = scrutateur_of(s)
    if not options:
        ctx.announce("rp-poste-vacant", office=office)
    elif me is None:
        appoint(ctx, office, ctx.choice(options))
        fates.check(ctx)
    else:
        ctx.announce("rp-postes-a-pourvoir", offices=[office], seat=me)
        dead.open_aside(ctx, step=ASIDE, kind="pick", to=[me], options=options, min=1, max=1, visibility="public",
                        info={"office": office})


def readdress(ctx: Ctx, dead_seat: int) -> None:
    """A question open when `dead_seat` died is asked again: to the new Scrutateur when he was the one, without
    him when he was among the options."""
    me = scrutateur_of(ctx.s)
    for prompt in asides(ctx.s):
        if dead_seat in prompt.options or prompt.to != ([] if me is None else [me]):
            ctx.close_prompt(prompt)
            ask_now(ctx, str(prompt.info["office"]))


def aside_answered(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """His choice, applied at once; one no longer possible is drawn among those who may take it now."""
    picked = prompt.answers.get(seat)
    ctx.close_prompt(prompt)
    fill_now(ctx, str(prompt.info["office"]), int(picked[0]) if picked else None)


def fill_now(ctx: Ctx, office: str, pick: int | None) -> None:
    s = ctx.s
    if s.phase not in ("night", "day") or s.offices.get(office) is not None or office not in in_play(s):
        return
    options = candidates(s, office, None, None) if replaced(s, office) else []
    if options:
        appoint(ctx, office, pick if pick in options else ctx.choice(options))
        fates.check(ctx)


def settle_asides(ctx: Ctx) -> None:
    """Nightfall (dead.settle_all): a question the Scrutateur left unanswered is drawn."""
    for prompt in asides(ctx.s):
        ctx.close_prompt(prompt)
        fill_now(ctx, str(prompt.info["office"]), None)


def auto_withdraw(ctx: Ctx) -> None:
    """§6 "Quand les morts sont nombreux, il peut choisir de retirer des postes du jeu": with no MJ, once the dead
    outnumber the living, the vacant optional offices leave the game."""
    dead = sum(1 for p in ctx.s.players.values() if not p.alive)
    if dead > len(ctx.s.living()):
        for office in vacant(ctx.s):
            if OFFICE_BY_KEY[office].kind == "optional":
                withdraw(ctx, office)


def applications(ctx: Ctx) -> bool:
    """§6 "Chaque jour, les joueurs sans poste public peuvent postuler à n'importe quel poste optionnel vacant. Le
    MJ demande alors si d'autres personnes postulent": a window, while a vacancy and someone to take it exist."""
    if not open_optional(ctx.s) or not free(ctx.s):
        return False
    open_day_step(ctx, APPLY)
    return True


def open_optional(state: GameState) -> list[str]:
    return [o for o in vacant(state) if OFFICE_BY_KEY[o].kind == "optional"]


def applications_done(ctx: Ctx) -> bool:
    """"En cas de candidatures multiples, le scrutateur tranche"; a single applicant takes the office."""
    wanted = {office: [s for s in seats if s in free(ctx.s)] for office, seats in own(ctx.s).applications.items()
              if office in open_optional(ctx.s)}
    ctx.fact(F.ApplicationsClosed(), to=MJ_ONLY)
    for office, seats in wanted.items():
        if len(seats) == 1 and seats[0] in free(ctx.s):
            appoint(ctx, office, seats[0])
        elif len(seats) > 1:
            queue(ctx, office, applicants=seats)
    if fates.check(ctx) or open_choices(ctx):
        return False
    return day.next_step(ctx)


def apply_for_office(ctx: Ctx, cmd: Command) -> None:
    """A living player with no office applies to a vacant optional office, by day."""
    s, seat, office = ctx.s, cmd.by, cmd.args.get("office")
    if s.phase != "day" or not isinstance(seat, int) or seat not in s.players:
        raise Rejected("wrong_phase", "Applications are made by day, by a player.")
    if not s.players[seat].alive:
        raise Rejected("dead", "The dead hold no office.")
    if not isinstance(office, str) or office not in open_optional(s):
        raise Rejected("office_not_vacant", "Apply to a vacant optional office in play.")
    if seat not in free(s):
        raise Rejected("has_office", "You hold a public office already.")
    if seat in own(s).applications.get(office, []):
        raise Rejected("already_applied", "You have applied to this office already.")
    ctx.emit("rp-application", {"office": office, "seat": seat})
    ctx.announce("rp-candidature", office=office, seat=seat)


def withdraw_by_mj(ctx: Ctx, cmd: Command) -> None:
    """§6 "Quand les morts sont nombreux, il peut choisir de retirer des postes du jeu": the MJ, an optional
    office."""
    office = cmd.args.get("office")
    if cmd.by != MJ:
        raise Rejected("mj_only", "Only the game master can do that.")
    if ctx.s.phase not in ("night", "day"):
        raise Rejected("wrong_phase", "Offices are taken out of play during the game.")
    if not isinstance(office, str) or office not in in_play(ctx.s) or OFFICE_BY_KEY[office].kind != "optional":
        raise Rejected("no_such_office", "Choose an optional office in play.")
    withdraw(ctx, office)


def withdraw(ctx: Ctx, office: str) -> None:
    """An office leaves the game, its holder with it (also the Bourreau's, once he has pardoned)."""
    if office not in in_play(ctx.s):
        return
    if ctx.s.offices.get(office) is not None:
        give(ctx, office, None)
    ctx.fact(F.OfficeRemoved(office), to=MJ_ONLY)
    ctx.announce("rp-poste-retire", office=office)


@handles("rp-application", ruleset=KEY)
def _application(s: GameState, d: dict[str, Any]) -> None:
    found = own(s).applications.setdefault(d["office"], [])
    if d["seat"] not in found:
        found.append(d["seat"])

ERRORS = ("office_not_vacant", "has_office", "already_applied")
TEXT_KEYS: tuple[str, ...] = (
    *(f"step.{k}" for k in (ASSIGN, CHOICE, APPLY, ASIDE)), f"ui.rp-prompt.{ASIDE}",
    *(f"announce.{k}" for k in ("rp-postes-en-jeu", "rp-scrutateur-tourne", "rp-poste-non-remplace",
                                "rp-poste-vacant", "rp-renonce", "rp-nomme", "rp-candidature", "rp-poste-retire")),
    *(f"error.{code}" for code in ERRORS),
)
