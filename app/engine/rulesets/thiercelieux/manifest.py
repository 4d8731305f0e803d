"""Thiercelieux's manifest: which handlers run each night step, as one literal table, so that "who handles step X"
is answered by reading this file. Each entry is a `NightStep`, the `StepSpec` the engine's flow runs
(app/engine/flow.py): its handlers, its plausible hidden length (`Hidden`, bounds by the options and the key:
night.night_bounds, a pack's half as long again) and its parallel group (night.TOGETHER for night.PARALLEL).
The rule modules only define their handlers; none of them adds to a table when imported
(tests/thiercelieux/test_manifest.py reads every module to keep it so).

The ruleset's other tables are literals in one place too, each beside the code that reads it:
- the cards, their camps, weights and prerequisites: roles.py (ROLES, WEIGHTS, PREREQUISITES, SOLO, THREATS);
- the night's order and its first-night steps: night.py (NIGHT_ORDERS, FIRST_NIGHT_ONLY, PARALLEL);
- dawn's priority table and the morning's effects: dawn.py (RESOLUTION, MORNING);
- the day's steps, each a `StepSpec` with its `Countdown`: day_steps.py (DAY_STEPS; it imports flow.py, whose
  handlers they are, so this module does not import it: Thiercelieux.steps is the night's and the day's tables);
- the day's transitions and the solitary victories: flow.py (TRANSITIONS, SOLO_WINS).
Its facts are listed here too (FACT_BOOK: the phase's scratch, scratch_facts.py; the marks of a seat and of the
village, mark_facts.py), with the upgrades of the generic setters older logs hold.

This module imports the rule modules; none of them imports it back, nor flow.py, which has the engine's flow open,
hold and close the night's steps from STEPS, with a ruleset's role packs' (packs.py)
(tests/engine/test_import_graph.py: the package's import graph, function-level imports included, has no cycle).
The step keys alone are night.NIGHT_STEPS (the same set, tested), for the modules below this one: options.py (the
MJ's edited order) and night_plan.py (a card brought in).
"""

from __future__ import annotations

from collections.abc import Mapping

from app.engine.facts import FactBook
from app.engine.rulesets.thiercelieux import mark_facts as M
from app.engine.rulesets.thiercelieux import scratch_facts as S
from app.engine.rulesets.thiercelieux.dead import CHAMAN
from app.engine.rulesets.thiercelieux.more_roles import (
    apprenti_close,
    berger_close,
    berger_open,
    corbeau_close,
    flute_close,
    flute_open,
    hamsters_close,
    hamsters_open,
    infect_close,
    infect_open,
    killer_close,
    louveteau_close,
    magicien_close,
    magicien_open,
    masons_open,
    pick_step,
    salvateur_close,
    sandman_close,
    vampires_close,
    vampires_open,
    white_wolf_close,
    white_wolf_open,
)
from app.engine.rulesets.thiercelieux.night import (
    NightStep,
    amoureux_open,
    cupidon_close,
    cupidon_open,
    loups_close,
    loups_open,
    nothing,
    sorciere_close,
    sorciere_open,
    voleur_close,
    voleur_open,
)
from app.engine.rulesets.thiercelieux.official_night import (
    comedien_close,
    comedien_open,
    dog_close,
    dog_open,
    kin_step,
    renard_close,
    renard_open,
    wild_child_close,
    wild_child_open,
)
from app.engine.rulesets.thiercelieux.official_solo import (
    GITANE,
    GML,
    esprits_close,
    esprits_open,
    gitane_close,
    gitane_open,
    gml_close,
    gml_open,
)
from app.engine.rulesets.thiercelieux.seer import voyante_close, voyante_open

# Every night step: key -> its spec (handlers; length and group by its key). The order of the night is not this
# table's: night.NIGHT_ORDERS; tonight's plan of stages is the engine's `GameState.plan` (flow.begin_night).
STEPS: Mapping[str, NightStep] = {
    # 003 (night.py; the Voyante: seer.py)
    "voleur": NightStep("voleur", voleur_open, voleur_close),
    "cupidon": NightStep("cupidon", cupidon_open, cupidon_close),
    "amoureux": NightStep("amoureux", amoureux_open, nothing),
    "voyante": NightStep("voyante", voyante_open, voyante_close),
    "loups": NightStep("loups", loups_open, loups_close),
    "sorciere": NightStep("sorciere", sorciere_open, sorciere_close),
    # 001: nothing to ask; the MJ relays the dead's words, or the séance runs (dead.py)
    CHAMAN: NightStep(CHAMAN, nothing, nothing),
    # 001 and 004 (more_roles.py)
    "francs-macons": NightStep("francs-macons", masons_open, nothing),
    "apprenti": NightStep("apprenti", pick_step("apprenti", "apprenti", optional=False).open, apprenti_close),
    "assassin": NightStep("assassin", nothing, nothing),  # 004: he shows the MJ his signal; online he acts by day
    "ancien": NightStep("ancien", nothing, nothing),  # 004 calls him on the first night; his lives need no answer
    "marchand-de-sable": NightStep("marchand-de-sable", pick_step("marchand-de-sable", "marchand-de-sable").open,
                                   sandman_close),
    "salvateur": NightStep("salvateur", pick_step("salvateur", "salvateur", self_ok=True,
                                                  exclude_tag="last_protected").open, salvateur_close),
    "somnambule": pick_step("somnambule", "somnambule", exclude_tag="last_walk"),
    "casanova": pick_step("casanova", "casanova", exclude_tag="last_visit"),  # 004: "comme le somnambule"
    "louveteau": NightStep("louveteau", pick_step("louveteau", "louveteau").open, louveteau_close),
    "infect": NightStep("infect", infect_open, infect_close),
    "loup-blanc": NightStep("loup-blanc", white_wolf_open, white_wolf_close),
    "tueur": NightStep("tueur", pick_step("tueur", "tueur").open, killer_close),
    "corbeau": NightStep("corbeau", pick_step("corbeau", "corbeau").open, corbeau_close),
    "berger": NightStep("berger", berger_open, berger_close),
    "joueur-de-flute": NightStep("joueur-de-flute", flute_open, flute_close),
    "magicien": NightStep("magicien", magicien_open, magicien_close),
    "vampires": NightStep("vampires", vampires_open, vampires_close),
    "hamsters": NightStep("hamsters", hamsters_open, hamsters_close),
    # the official night roles (official_night.py)
    "soeurs": kin_step("deux-soeurs"),
    "freres": kin_step("trois-freres"),
    "renard": NightStep("renard", renard_open, renard_close),
    "enfant-sauvage": NightStep("enfant-sauvage", wild_child_open, wild_child_close),
    "chien-loup": NightStep("chien-loup", dog_open, dog_close),
    "comedien": NightStep("comedien", comedien_open, comedien_close),
    # the official wolves and solitaries (official_solo.py)
    GML: NightStep(GML, gml_open, gml_close),
    GITANE: NightStep(GITANE, gitane_open, gitane_close),
    "esprits": NightStep("esprits", esprits_open, esprits_close),
}

# The ruleset's facts (app/engine/facts.py), and what the setters of older logs become: the phase's scratch
# (scratch_facts.py; older logs' `pending`), and what marks a seat or the village (mark_facts.py; `tag`, `flag`).
FACT_BOOK = FactBook(
    facts=(
        # the phase's scratch
        S.QuestionOpened, S.NightPlanned, S.StageReached, S.PlayerPicked, S.KinCalled, S.WolvesChose,
        S.PetiteFilleSubstituted, S.PetiteFilleSaw, S.Infected, S.VictimSpared, S.WitchHealed, S.WitchPoisoned,
        S.PutToSleep, S.SalvateurProtected, S.WhiteWolfChose, S.KillerChose, S.HamstersChose, S.BigBadWolfChose,
        S.RavenChose, S.Charmed, S.Frogged, S.SeerSaw, S.SeanceAsked, S.SpiritsAnswered, S.DayScheduled,
        S.DebateInterrupted, S.ConsequenceOpened, S.ConsequencesFirst, S.VoteOpened, S.ScapegoatBlamed, S.VoteTied,
        S.StillStanding, S.ClearerCalled, S.Accused, S.Condemned, S.ServantAsked, S.ServantDone, S.ScratchNoted,
        # a seat's cards and camp (mark_facts.py)
        M.TurnedWolf, M.Bitten, M.CampCardDealt, M.SecondCardDealt, M.CardBorrowed, M.Charmed,
        # what a seat learnt
        M.CardSeen, M.Confessed, M.PackGlimpsed, M.MasonsMet, M.KinMet, M.CouplePaired, M.FellInLove,
        M.MasterChosen, M.ModelChosen, M.QuestionAsked,
        # powers spent, counters
        M.PowerSpent, M.JudgeSignalled, M.LifeLost, M.SheepSent, M.Struck, M.Rusted, M.Hesitated, M.Croaked,
        M.LastChoice, M.PowersInherited,
        # the dead
        M.BecameGhost, M.GhostDeclined,
        # the village
        M.RavenMarked, M.LastDeath, M.PowersLost, M.IdiotSpared, M.CaptainNamed, M.CaptainElected, M.DayRolesDealt,
        M.Shielded, M.ChatelainKilled, M.ChatelainPardoned, M.SectSplit, M.AngeWon, M.VotersChosen,
        M.SecondVoteAsked, M.SecondVoteCalled, M.VampiresPowerless, M.StageCards,
    ),
    upgrades={"pending": S.upgrade_pending, "tag": M.upgrade_tag, "flag": M.upgrade_flag},
)
