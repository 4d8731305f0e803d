"""What each viewer knows and is shown in a Reptiliens game, beyond the engine's view (app/engine/views.py):
the cards the rules told a seat (`known_card`), the village's public facts, and each seat's own secrets.

The public part is the same for every viewer and computed once per version of the state; a seat's secrets are
its own: its fellows (the camps that know each other, the lovers), its personal conditions, its conversions,
whether it is charmed or asleep, the powers it may invoke now, and the answers the rules allow it in Poirot's show.
"""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ, GameState
from app.engine.rulesets.reptiliens import coins, dead, invoke, sessions, succession, talk
from app.engine.rulesets.reptiliens.calendar import MON, steps_for_night, weekday_of_night
from app.engine.rulesets.reptiliens.fates import coins_of
from app.engine.rulesets.reptiliens.manifest import IN_PROGRESS
from app.engine.rulesets.reptiliens.offices import OPTIONAL
from app.engine.rulesets.reptiliens.state import CAMP, own
from app.engine.rulesets.reptiliens.steps import callers, dying, lovers, pack

# The card a fellow of a group is seen as, when nothing more was shown of him (§4: the Reptilians "ignorent a
# priori qui est Seth, qui est la Reptilienne noire, et qui est la Reptilienne rouge parmi eux").
PLAIN_OF_GROUP = {"rp-reptiliens": "rp-reptilien", "rp-souris": "rp-souris"}


def known_card(state: GameState, viewer: int, seat: int, slot: str) -> str | None:
    o = own(state)
    found = o.known.get(viewer, {}).get(f"{seat}.{slot}")
    if found is not None or slot != CAMP:
        return found
    for group, seats in o.fellows.get(viewer, {}).items():
        plain = PLAIN_OF_GROUP.get(group)
        if plain is not None and seat in seats:
            return plain
    return None


def keyed(mapping: dict[int, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in sorted(mapping.items())}


def public(state: GameState) -> dict[str, Any]:
    """The village as everyone sees it: the week, tonight's table, the street, the fortunes (unless hidden), the
    kind of action being invoked, the festival's conversations."""
    def compute() -> dict[str, Any]:
        o = own(state)
        first = state.options.get("first_weekday", MON)
        out: dict[str, Any] = {
            "week": {"night": state.night, "day": state.day, "first": first, "festival": o.festival,
                     "weekday": weekday_of_night(state.night, first) if state.night else None,
                     # the weekday of `tonight`'s table: the night under way, or by day the coming one
                     "tonight": weekday_of_night(state.night if state.phase == "night" else state.night + 1, first)},
            # The table of the night under way, or of the coming one (the page's week).
            "tonight": [{"key": s.key, "in_progress": s.key in IN_PROGRESS}
                        for s in steps_for_night(state.night if state.phase == "night" else state.night + 1, first)],
            "street": list(o.street),
            "carnage": o.carnage,
            "conversations": [list(pair) for pair in o.conversations],
            "invocation": None if o.invocation is None else {"kind": o.invocation.kind},
            "dead": dead.public(state),  # ghosts, spirits, inheritance, those choosing, the militia's chief (§9)
            "session": sessions.public(state),  # the session, the law of the day, who votes (sessions.py)
            "offices": succession.public(state),  # §6: holders, in play, variants, removed, vacant, applications
            # The optional offices in play: those the MJ may take out of play (`rp-retirer-poste`, the console).
            "optional": [k for k in succession.in_play(state) if k in OPTIONAL],
        }
        if not state.options.get("hide_fortunes"):
            out["coins"] = keyed(o.coins)
            out["estate"] = o.estate  # the dead's coins waiting for the Notaire or a widow(er)
        out["spouses"] = keyed(o.spouses)  # marriages are public (§8), the dead spouses kept
        return out

    found: dict[str, Any] = state.remember("rp_public", compute)
    return found


def secrets(state: GameState, seat: int) -> dict[str, Any]:
    o = own(state)
    p = state.players[seat]
    out: dict[str, Any] = {
        "fellows": dict(o.fellows.get(seat, {})),
        "personal": list(o.personal.get(seat, [])),
        "converted": list(o.converted.get(seat, [])),
        "charmed": seat in o.charmed,
        "asleep": seat in o.night.asleep and p.alive,
        "used": list(o.used.get(seat, [])),
        "charms": list(o.charms.get(seat, [])),  # whom he charmed (Orphée, the Sirène)
        "coins": coins_of(state, seat),
        "invocable": invoke.available(state, seat),
        "may_apply": succession.may_apply(state, seat),  # the vacant optional offices he may apply to (§6)
        "inherited": list(o.inherited.get(seat, [])),  # specialties passed on to him (§9 héritage spirituel)
        "may_give": coins.may_give(state, seat),  # `rp-give` to one of them, 1 to `coins` coins (§7)
    }
    couple = o.fellows.get(seat, {}).get("rp-amoureux")
    if couple and seat in couple:
        out["lover"] = next((x for x in couple if x != seat), None)
    if o.festival:
        out["may_converse"] = talk.partners(state, seat)  # the players a conversation may open with
    inv = o.invocation
    if inv is not None and seat in inv.guesses:
        # Poirot's show: the answers the rules allow this seat (the question itself is public).
        out["show_legal"] = invoke.legal(state, seat, inv.guesses[seat])
    return out


def mj_part(state: GameState) -> dict[str, Any]:
    """The MJ's bookkeeping: the cards set aside, the lovers, who knows what, tonight's intents, where everyone
    slept, the attack, the dead to name at dawn, every seat's secrets."""
    o = own(state)
    return {
        "aside": o.aside,
        "lovers": o.lovers,
        "spare_life": o.spare_life,
        "personal": keyed(o.personal),
        "converted": keyed(o.converted),
        "charmed": o.charmed,
        "charms": keyed(o.charms),
        "used": keyed(o.used),
        "executed": o.executed,
        "dead": {"order": o.dead, "fate": keyed(o.fate), "choosing": o.choosing, "asked": keyed(o.asked),
                 "inherited": keyed(o.inherited), "dream": o.dream},  # §9 (dead.py, dream.py)
        "richest": o.richest,
        "estate": o.estate,
        "legacies": keyed(o.legacies),  # the dead -> their coins in the estate (coins.py)
        "weddings": keyed({k: v.model_dump() for k, v in o.day.weddings.items()}),  # today's requests
        "night": {
            "pack": o.night.pack, "asleep": o.night.asleep, "declarations": o.night.declarations,
            "rendezvous": o.night.rendezvous, "militia": o.night.militia, "dying": sorted(dying(state)),
            "places": keyed(o.night.places), "attack": o.night.attack,
            "animals": [a.model_dump() for a in o.night.animals],
            "cameras": o.night.cameras,
            "offices": None if o.night.offices is None else o.night.offices.model_dump(),
            "must_move": o.night.must_move,
        },
        "invocation": None if o.invocation is None else o.invocation.model_dump(mode="json"),
        "tonight": tonight_callers(state),
        "seats": {str(seat): secrets(state, seat) for seat in sorted(state.players)},
    }


def view_extra(state: GameState, viewer: int | str) -> dict[str, Any]:
    out: dict[str, Any] = {"village": public(state)}
    if state.phase == "lobby":
        return out
    if state.phase == "ended":
        # Every card is shown at the end: an inherited specialty is named as such under its heir (and as passed on
        # under its donor), so that the same card under two seats reads right (§9 héritage spirituel).
        out["village"] = {**out["village"], "inherited": keyed(own(state).inherited)}
    if viewer == MJ:  # every seat's secrets are in the MJ's own part (`mj.reptiliens`)
        if state.options.get("hide_fortunes"):
            out["village"] = {**out["village"], "coins": keyed(own(state).coins)}
        return out
    if isinstance(viewer, int) and viewer in state.players:
        out["secrets"] = secrets(state, viewer)
    return out


def tonight_callers(state: GameState) -> list[dict[str, Any]]:
    """For the MJ, each step of `village.tonight`'s table with the seats it would call now: the living and awake
    holders of its names, or its group (the pack, the couple, the ghosts, the spirits). A step the dealt cards never
    call shows an empty list; it is still called, for its plausible length."""
    first = state.options.get("first_weekday", MON)
    groups = {"reptilians": pack, "lovers": lovers, "ghosts": dead.ghosts, "spirits": dead.spirits}
    out = []
    for step in steps_for_night(state.night if state.phase == "night" else state.night + 1, first):
        group = groups.get(step.group or "")
        seats = callers(state, step.actors) if step.actors else []
        if group is not None:
            seats = sorted({*seats, *group(state)})
        out.append({"key": step.key, "seats": seats})
    return out
