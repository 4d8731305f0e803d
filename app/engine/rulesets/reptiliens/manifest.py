"""Who handles what in Les Reptiliens, as literals in one place: every step of the calendar (the opening, the
nights and the festival, calendar.OPENING, calendar.NIGHTS and calendar.FESTIVAL_STEPS, and every step a part of
the day opens: a `StepSpec` each, with how long it lasts, that the engine's flow opens and closes,
app/engine/flow.py), every part of the day (calendar.DAY_STEPS), every answer that acts at once, every command of
the ruleset's own, the invoked powers an office gives and what follows a death or an illegal result. The rule
modules define the functions and register nothing; no table here is finished by another module's import
(tests/reptiliens/test_manifest.py checks both).

This module imports the rule modules, so none of them imports it, even inside a function: what they read back
(the day's parts and the steps, the office powers, what follows a death or an illegal result, the hooks) they reach
through the ruleset object, whose typed attributes (tables.py) the Ruleset (__init__.py) sets from here. Only the
driver (week.py), the views (seen.py) and the Ruleset, which no rule module imports, import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from app.engine.context import Ctx
from app.engine.flow import Countdown, Hidden, StepSpec, step_table
from app.engine.night_length import plausible_range
from app.engine.rulesets.reptiliens import (
    animals,
    cameras,
    coins,
    day,
    dead,
    dream,
    inventions,
    laws,
    marriages,
    nights,
    office_powers,
    opening,
    pairs,
    sculpture,
    sessions,
    snoops,
    succession,
    thieves,
)
from app.engine.rulesets.reptiliens.calendar import FESTIVAL_STEPS
from app.engine.rulesets.reptiliens.steps import (
    Answered,
    CommandHandler,
    day_step,
    festival_time,
    fixed,
    mj_deal_wait,
    mj_wait,
    night_step,
    no_questions,
    option_time,
)
from app.engine.rulesets.reptiliens.tables import Hooks, OfficePower

# -- the steps of the calendar: the opening (§11), then the nights (§12), and the festival (§1), by key ----------------
# How long a night step lasts (app/engine/flow.py): a length drawn from the options and its key alone, whoever holds
# its card (night_length.py); half as long again for the pack's concertation; the lovers' exact `lovers_talk`; with an
# MJ, a step of his judgment calls waits for him up to `mj_time`, never less than its drawn length.
PLAUSIBLE = Hidden(plausible_range, mark=False)
PACK_TALK = Hidden(lambda options: plausible_range(options, 1.5), mark=False)
LOVERS_TALK = Hidden(fixed("lovers_talk"), mark=False)
MJ_CALLS = Hidden(plausible_range, wait=mj_wait, mark=False)
MJ_DEAL = Hidden(plausible_range, wait=mj_deal_wait, mark=False)
# How long a day step lasts: a public countdown, an option's seconds.
REACTION = option_time("reaction")

STEPS: Mapping[str, StepSpec] = step_table(
    # the opening, in the seed's order (opening.py)
    night_step(opening.DEAL, MJ_DEAL, opening.deal_open, opening.deal_close),
    night_step("rp-ouverture-conditions", MJ_CALLS, opening.conditions_open, opening.conditions_close),
    night_step("rp-ouverture-detectives", PLAUSIBLE, opening.group_open("rp-detectives")),
    night_step("rp-ouverture-mathematiciens", PLAUSIBLE, opening.group_open("rp-mathematiciens")),
    night_step("rp-ouverture-conversion", MJ_CALLS, opening.conversion_open, opening.conversion_close),
    night_step("rp-ouverture-seths", PLAUSIBLE, opening.seths_open),
    night_step("rp-ouverture-souris", PLAUSIBLE, opening.souris_open),
    night_step("rp-ouverture-reptiliens", PLAUSIBLE, opening.reptiliens_open),
    night_step(opening.LOVERS, MJ_CALLS, opening.lovers_open, opening.lovers_close),
    night_step("rp-ouverture-romantique", PLAUSIBLE, opening.romantic_open),
    # the reminder's close gives the offices (succession.py)
    night_step(succession.REMINDER, PLAUSIBLE, opening.reminder_open, succession.after_reminder),
    # the camp cards' nights and the first specialties (nights.py)
    night_step("rp-milice", PLAUSIBLE, nights.milice_open, nights.milice_close),
    night_step("rp-concertation", PACK_TALK, nights.concertation_open, nights.concertation_close),
    night_step("rp-amoureux-signes", LOVERS_TALK, nights.lovers_open, nights.lovers_close),
    night_step("rp-sommeil", PLAUSIBLE, nights.one_target_open("sandman"), nights.sandman_close),
    night_step("rp-enlevement", PLAUSIBLE, nights.one_target_open("kidnapper"), nights.kidnap_close),
    night_step("rp-charme", PLAUSIBLE, nights.charm_open, nights.charm_close),
    night_step("rp-retrouvailles", PLAUSIBLE, close=nights.meet_close),
    night_step("rp-squat", PLAUSIBLE, nights.squat_open, nights.squat_close),
    night_step("rp-attaque", PLAUSIBLE, nights.attack_open, nights.attack_close),
    # "Aube : fin des sommeils lourds": a marker the driver applies at once, no step opened (week.go_on)
    night_step("rp-aube", PLAUSIBLE),
    # the specialties (§5), a module each
    night_step(snoops.STEP, PLAUSIBLE, snoops.snoop_open),
    night_step(thieves.STEP, PLAUSIBLE, thieves.thief_open, thieves.thief_close),
    night_step("rp-dressage", PLAUSIBLE, animals.trainer_open, animals.trainer_close),
    night_step("rp-invention", PLAUSIBLE, inventions.inventor_open),
    night_step(pairs.ALLUMEUSE.step, PLAUSIBLE, pairs.pair_open, pairs.pair_close),
    night_step(pairs.QUERELLE.step, PLAUSIBLE, pairs.pair_open, pairs.pair_close),
    night_step(sculpture.STEP, PLAUSIBLE, nights.one_target_open("artist"), sculpture.sculpture_close),
    night_step(office_powers.FARCE, PLAUSIBLE, office_powers.farce_open, office_powers.farce_close),
    night_step(office_powers.SWAP, PLAUSIBLE, office_powers.swap_open, office_powers.swap_close),
    night_step(office_powers.ADORATION, PLAUSIBLE, nights.one_target_open(office_powers.ADORATION),
               office_powers.one_target_close(office_powers.ADORATION)),
    night_step(office_powers.CARICATURE, PLAUSIBLE, office_powers.caricature_open,
               office_powers.one_target_close(office_powers.CARICATURE)),
    # the spirits' dream (§9)
    night_step(dream.SIGN, MJ_CALLS, dream.dream_open, dream.dream_close),
    # the Sunday festival (§1): its countdown, then the night (week.finish_step)
    StepSpec(FESTIVAL_STEPS[0], open=no_questions, close=no_questions, length=Countdown(festival_time)),
    # the steps the day's parts open (DAY) once they run, each for its countdown; its close goes on with the day
    day_step(cameras.CAMERA, REACTION, cameras.camera_done),
    day_step(office_powers.ADORED_SWAP, REACTION, succession.adored_done),
    day_step(succession.CHOICE, REACTION, succession.choices_done),
    day_step(succession.APPLY, REACTION, succession.applications_done),
    day_step(day.REPORT, Countdown(dead.report_time), dead.report_done),
    day_step(coins.HERITAGE, option_time("heritage"), day.next_step),  # unnamed, the coins wait in the estate
    day_step(sculpture.MOVE, option_time("move_time"), sculpture.move_close),
    day_step(sessions.SPECIAL, option_time("session_choice"), sessions.special_done),
    day_step(laws.PART, option_time("law_time"), laws.proposals_done),
    day_step(laws.APPROVAL, option_time("mj_time"), laws.approval_done),
    day_step(laws.SENATE, option_time("law_time"), laws.senate_done),
    day_step(laws.TICK, option_time("mj_time"), laws.tick_done),
    day_step(sessions.DEBATE, option_time("debate"), sessions.open_vote),
    day_step(sessions.VOTE, option_time("ballot_time"), sessions.turn_done),  # the Président's step, then a voter's
    day_step(sessions.PROSECUTOR, option_time("session_choice"), sessions.prosecutor_done),
    day_step(sessions.TRIAL, option_time("vote"), sessions.trial_done),
    day_step(sessions.CONDEMNED, option_time("condemned_window"), sessions.execute),
    day_step(marriages.STEP, option_time("marriages"), marriages.close_marriages),  # early: marriages.settled
    day_step(coins.PICKPOCKET, option_time("pickpocket"), day.next_step),
)
# The steps called whose power is not implemented yet (steps.py): none today.
IN_PROGRESS: frozenset[str] = frozenset()

# -- what acts at once on an answer, by the prompt's step (Reptiliens.on_answer) ---------------------------------------
ANSWERED: Mapping[str, Answered] = {
    opening.LOVERS: opening.lovers_answered,
    snoops.STEP: snoops.turned,
    thieves.STEP: thieves.robbed,
    animals.HOUSE: animals.chosen,
    animals.MORGUE: animals.chosen,
    inventions.STALKER: inventions.invented,
    inventions.REVEALER: inventions.invented,
    pairs.ALLUMEUSE.step: pairs.named,
    pairs.QUERELLE.step: pairs.named,
    dream.INFO: dream.mj_chose,
    coins.LEGACY: coins.bequeathed,
    coins.PICKPOCKET: coins.stolen,
    dead.CHOICE: dead.answered_choice,
    dead.HEIR: dead.answered_heir,
    dead.RENOUNCE: dead.answered_renounce,
    laws.PART: laws.free_answered,
    sessions.CLOSE: sessions.close_debate,
    sessions.VOTE: sessions.ballot_given,
    succession.ASIDE: succession.aside_answered,
    # a marriage's questions: each answer, then the part may end at once (marriages.settled)
    marriages.REQUEST: marriages.then_settled(marriages.requested),
    marriages.FORCED: marriages.then_settled(marriages.requested),
    marriages.CONSENT: marriages.then_settled(marriages.consented),
    marriages.FEE: marriages.then_settled(marriages.priced),
    marriages.PAYMENT: marriages.then_settled(marriages.paid),
    marriages.WITNESSES: marriages.then_settled(marriages.witnessed),
    marriages.HOME: marriages.then_settled(marriages.homed),
}

# -- the ruleset's own commands, by type (Reptiliens.command; rp-carnage and rp-converse are the Ruleset's) ------------
COMMANDS: Mapping[str, CommandHandler] = {
    "rp-give": coins.give,
    "rp-postuler": succession.apply_for_office,
    "rp-retirer-poste": succession.withdraw_by_mj,
}

# -- the day (§12): each part of calendar.DAY_STEPS has the engine open its step (a day_step of STEPS) and returns
# True, or does its work at once and returns False; a part missing here is `day.later` (nothing yet) ------------------
DAY: Mapping[str, day.Opener] = {
    "rp-bilan-camera": cameras.camera,
    "rp-bilan-charmes": day.charmed_report,
    "rp-postes": succession.postes,
    day.REPORT: dead.report,
    coins.HERITAGE: coins.heritage,
    succession.REATTRIBUTION: succession.reattribution,
    sculpture.MOVE: sculpture.move_report,
    sessions.SPECIAL: sessions.open_special,
    laws.PART: laws.open_part,
    sessions.PART: sessions.session,
    marriages.STEP: marriages.open_marriages,
    coins.PICKPOCKETS: coins.pickpockets,
    "rp-plus-riche": day.richest,
}


# -- the invoked powers an office gives, not a card (invoke.py asks `holds` of each, in this order) --------------------
OFFICE_POWERS: Mapping[str, OfficePower] = {
    cameras.INQUIRY: OfficePower(holds=cameras.inquires, targets=cameras.office_holders, apply=cameras.inquiry,
                                 affordable=cameras.affords_inquiry),
}

# -- what follows, in this order ---------------------------------------------------------------------------------------
# A death (fates.kill): §6 "Si la personne qui occupait un de ces postes meurt, le poste devient vacant".
ON_DEATH: Sequence[Callable[[Ctx, int], None]] = (succession.vacate,)
# An illegal result of an office exchange (office_powers.scrutateur): §4 "le scrutateur réattribuera le(s) poste(s)".
ON_ILLEGAL_OFFICES: Sequence[Callable[[Ctx, Sequence[str], int | None], None]] = (succession.scrutateur,)

# -- what a module calls back into, by name through the Ruleset, where importing the module would be a cycle -----------
HOOKS: Hooks = Hooks(
    record_death=dead.record,  # fates.kill: the dead's choice (§9); dead.py builds on fates.py
    settle_asides=succession.settle_asides,  # dead.settle_all at nightfall; succession.py builds on dead.py
)
