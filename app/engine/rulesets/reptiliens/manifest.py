"""Who handles what in Les Reptiliens, as literals in one place: every step of the calendar (the opening and the
nights, calendar.OPENING and calendar.NIGHTS), every part of the day and the end of every step a part opens
(calendar.DAY_STEPS), every answer that acts at once, every command of the ruleset's own, the invoked powers an
office gives and what follows a death or an illegal result. The rule modules define the functions and register
nothing; no table here is finished by another module's import (tests/test_reptiliens_manifest.py checks both).

This module imports the rule modules, so they read it only inside a function (day.run, fates.kill,
invoke.office_powers, office_powers.scrutateur); the driver (week.py), the views (seen.py) and the Ruleset
(__init__.py), which no rule module imports, read it at the top.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from app.engine.context import Ctx
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
from app.engine.rulesets.reptiliens.invoke import OfficePower
from app.engine.rulesets.reptiliens.steps import Answered, CommandHandler, StepHandlers

# -- the steps of the calendar: the opening (§11), then the nights (§12), by key ---------------------------------------
STEPS: Mapping[str, StepHandlers] = {h.key: h for h in (
    # the opening, in the seed's order (opening.py)
    StepHandlers(opening.DEAL, opening.deal_open, opening.deal_close, mj=True),
    StepHandlers("rp-ouverture-conditions", opening.conditions_open, opening.conditions_close, mj=True),
    StepHandlers("rp-ouverture-detectives", opening.group_open("rp-detectives")),
    StepHandlers("rp-ouverture-mathematiciens", opening.group_open("rp-mathematiciens")),
    StepHandlers("rp-ouverture-conversion", opening.conversion_open, opening.conversion_close, mj=True),
    StepHandlers("rp-ouverture-seths", opening.seths_open),
    StepHandlers("rp-ouverture-souris", opening.souris_open),
    StepHandlers("rp-ouverture-reptiliens", opening.reptiliens_open),
    StepHandlers(opening.LOVERS, opening.lovers_open, opening.lovers_close, mj=True),
    StepHandlers("rp-ouverture-romantique", opening.romantic_open),
    # the reminder's close gives the offices (succession.py)
    StepHandlers(succession.REMINDER, opening.reminder_open, succession.after_reminder),
    # the camp cards' nights and the first specialties (nights.py)
    StepHandlers("rp-milice", nights.milice_open, nights.milice_close),
    StepHandlers("rp-concertation", nights.concertation_open, nights.concertation_close, pack=True),
    StepHandlers("rp-amoureux-signes", nights.lovers_open, nights.lovers_close, fixed="lovers_talk"),
    StepHandlers("rp-sommeil", nights.one_target_open("sandman"), nights.sandman_close),
    StepHandlers("rp-enlevement", nights.one_target_open("kidnapper"), nights.kidnap_close),
    StepHandlers("rp-charme", nights.charm_open, nights.charm_close),
    StepHandlers("rp-retrouvailles", close=nights.meet_close),
    StepHandlers("rp-squat", nights.squat_open, nights.squat_close),
    StepHandlers("rp-attaque", nights.attack_open, nights.attack_close),
    # "Aube : fin des sommeils lourds": a marker the driver applies at once (week.open_night_step)
    StepHandlers("rp-aube"),
    # the specialties (§5), a module each
    StepHandlers(snoops.STEP, snoops.snoop_open),
    StepHandlers(thieves.STEP, thieves.thief_open, thieves.thief_close),
    StepHandlers("rp-dressage", animals.trainer_open, animals.trainer_close),
    StepHandlers("rp-invention", inventions.inventor_open),
    StepHandlers(pairs.ALLUMEUSE.step, pairs.pair_open, pairs.pair_close),
    StepHandlers(pairs.QUERELLE.step, pairs.pair_open, pairs.pair_close),
    StepHandlers(sculpture.STEP, nights.one_target_open("artist"), sculpture.sculpture_close),
    StepHandlers(office_powers.FARCE, office_powers.farce_open, office_powers.farce_close),
    StepHandlers(office_powers.SWAP, office_powers.swap_open, office_powers.swap_close),
    StepHandlers(office_powers.ADORATION, nights.one_target_open(office_powers.ADORATION),
                 office_powers.one_target_close(office_powers.ADORATION)),
    StepHandlers(office_powers.CARICATURE, office_powers.caricature_open,
                 office_powers.one_target_close(office_powers.CARICATURE)),
    # the spirits' dream (§9)
    StepHandlers(dream.SIGN, dream.dream_open, dream.dream_close, mj=True),
)}

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

# -- the day (§12): each part of calendar.DAY_STEPS opens its step(s) and returns True, or does its work at once and
# returns False; a part missing here is `day.later` (nothing yet) -----------------------------------------------------
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

# What ends a step that a day part opened (its key may differ from the part's); True when the day is over.
FINISH: Mapping[str, Callable[[Ctx], bool]] = {
    cameras.CAMERA: cameras.camera_done,
    office_powers.ADORED_SWAP: succession.adored_done,
    succession.CHOICE: succession.choices_done,
    succession.APPLY: succession.applications_done,
    day.REPORT: dead.report_done,
    coins.HERITAGE: day.next_step,  # unnamed, the coins wait in the estate
    sculpture.MOVE: sculpture.move_close,
    sessions.SPECIAL: sessions.special_done,
    laws.PART: laws.proposals_done,
    laws.APPROVAL: laws.approval_done,
    laws.SENATE: laws.senate_done,
    laws.TICK: laws.tick_done,
    sessions.DEBATE: sessions.open_vote,
    sessions.VOTE: sessions.turn_done,
    sessions.CONDEMNED: sessions.execute,
    sessions.PROSECUTOR: sessions.prosecutor_done,
    sessions.TRIAL: sessions.trial_done,
    marriages.STEP: marriages.close_marriages,
    coins.PICKPOCKET: day.next_step,
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
