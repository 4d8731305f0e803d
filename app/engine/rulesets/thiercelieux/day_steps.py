"""Thiercelieux's day steps, as one literal table (`DAY_STEPS`): for each, the spec the engine's flow runs
(app/engine/flow.py): the question its `open` asks once the step is open (what it needs read from the scratch, its
facts emitted before: the vote's round and candidates, the tied, the clearer, the accused, the condemned, the
consequence under way), the `close` that applies the answers and opens what comes next (a chain), and its
`Countdown` (an option, a forum day's timetable, with a floor: the forum's vote lock, the Servante's pause).

Thiercelieux.steps is the night's table (manifest.STEPS, with its packs') and this one together, so the MJ's
advance and extend ask every step's spec (each allows both, as before). This module imports flow.py (its handlers)
and flow.py opens these steps through the ruleset's table (`flow.open_day_step`), so that neither imports the other
back; the manifest does not import it either (flow.py reads the manifest's night through packs.py).
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.context import Ctx
from app.engine.flow import Countdown, Steps, StepSpec, step_table
from app.engine.rulesets.thiercelieux import day_roles, official_day
from app.engine.rulesets.thiercelieux.flow import (
    after_dawn,
    after_debate,
    after_dusk,
    consequence_open,
    debate_open,
    debate_seconds,
    dusk_seconds,
    election_open,
    election_seconds,
    finish_consequence,
    finish_election,
    finish_pardon,
    finish_scapegoat,
    finish_servant,
    finish_standing,
    finish_tiebreak,
    finish_verdict,
    finish_vote,
    jury_open,
    open_jury,
    plea_seconds,
    standing_open,
    tiebreak_open,
    vote_lock,
    vote_open,
    vote_seconds,
)
from app.engine.rulesets.thiercelieux.night import nothing


def option(key: str) -> Callable[[Ctx], float]:
    """A countdown of the room's option `key`, in seconds."""
    return lambda ctx: float(ctx.s.options[key])


REACTION = Countdown(option("reaction"))

DAY_STEPS: Steps = step_table(
    StepSpec("dawn", nothing, after_dawn, Countdown(option("dawn"))),
    StepSpec("election", election_open, finish_election, Countdown(election_seconds, min_end=vote_lock)),
    StepSpec("debate", debate_open, after_debate, Countdown(debate_seconds)),  # fresh, or resumed (won_now)
    StepSpec("vote", vote_open, finish_vote, Countdown(vote_seconds, min_end=vote_lock)),
    StepSpec("revote", vote_open, finish_vote, Countdown(option("vote"))),  # after a tie, among the tied
    StepSpec("captain-tiebreak", tiebreak_open, finish_tiebreak, REACTION),
    StepSpec("dusk", nothing, after_dusk, Countdown(dusk_seconds)),  # a forum day waits for its hour
    # 004's other votes: "C'est sûrement pas lui" (standing), the trial (plea, verdict)
    StepSpec("standing", standing_open, finish_standing, REACTION),
    StepSpec("plea", nothing, open_jury, Countdown(plea_seconds)),
    StepSpec("verdict", jury_open, finish_verdict, Countdown(option("vote"))),
    # the lynch's reprieves: the Châtelain's pardon (day_roles.py), the Servante dévouée (official_day.py)
    StepSpec("chatelain-grace", day_roles.pardon_open, finish_pardon, REACTION),
    StepSpec(official_day.SERVANT, official_day.servant_open, finish_servant,
             Countdown(option("reaction"), min_end=official_day.servant_pause)),
    # the consequences of a death (flow.open_consequence), by day or by night
    StepSpec("chasseur", consequence_open, finish_consequence, REACTION),
    StepSpec("successeur", consequence_open, finish_consequence, REACTION),
    StepSpec(official_day.SCAPEGOAT, official_day.scapegoat_open, finish_scapegoat, REACTION),
)
