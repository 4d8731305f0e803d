"""Issue 14, items 2 and 3: the MJ's freedom during the game. A card the MJ brings in (`set_role`) is called at
night from the next step on; the options the MJ changes (`configure` after the start) apply from the next phase,
announced to all, and those that cannot change say why. Played move by move on fixed cards through the engine."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from app.engine.core import replay
from app.engine.model import MJ, SYSTEM
from app.engine.rulesets.thiercelieux.night import night_bounds
from app.engine.rulesets.thiercelieux.options import LIVE_OPTIONS, Options
from app.engine.rulesets.thiercelieux.state import marks
from app.engine.views import event_visible
from tests.support.engine import Script
from tests.support.night_timing import Night
from tests.support.thiercelieux import play_night, vote
from tests.support.ws import started_room
from tools.client import Client
from tools.serve import serve

W, V, WITCH, SEER, SALV = "loup-garou", "villageois", "sorciere", "voyante", "salvateur"
TABLE = [W, V, V, V, V, V, V]  # seat 0 the wolf; no Sorcière, no Voyante, no Salvateur in the composition


def witch_steps(g: Script, since: int) -> list[str]:
    return [k for k in g.steps_run(since) if k == "sorciere"]


# -- item 2: a card the MJ brings in is called at night --------------------------------------------------------
def test_a_card_given_by_day_is_called_the_next_night() -> None:
    """Issue 14: "The MJ changes a card during the game (a Villageois becomes the Sorcière): the new role is never
    called at night". By day, the next night calls her, and asks her."""
    g = Script(TABLE)
    play_night(g, {"loups": [6]})
    assert g.state.phase == "day" and "sorciere" not in g.steps_run()
    g.do("set_role", MJ, seat=1, role=WITCH)
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [5]}, until="sorciere")
    assert g.state.night == 2 and g.step == "sorciere"
    assert g.prompt("sorciere-heal").to == [1] and g.prompt("sorciere-heal").info == {"victim": 5}
    g.answer(1, "sorciere-heal", True)
    g.answer(1, "sorciere-poison", [])
    assert g.alive(5) and witch_steps(g, mark) == ["sorciere"]


def test_a_card_given_at_night_before_its_step_is_called_tonight() -> None:
    """Issue 14: "A role the MJ brings into play acts from the next step on". The wolves' step is running; the
    witch's comes after it in the order: she is called tonight."""
    g = Script(TABLE)
    assert g.step == "loups"
    g.do("set_role", MJ, seat=1, role=WITCH)
    play_night(g, {"loups": [6]}, until="sorciere")
    assert g.state.night == 1 and g.prompt("sorciere-heal").to == [1]
    play_night(g, {"sorciere-heal": True, "sorciere-poison": []})
    assert g.state.phase == "day" and g.alive(6)


def test_a_card_given_after_its_step_would_have_passed_is_called_tomorrow() -> None:
    """Issue 14: "A role the MJ brings into play acts from the next step on": the Salvateur's step comes before the
    wolves' in the order; given during the wolves' step, he is called from the next night on, not tonight."""
    g = Script([W, V, V, V, V, V, WITCH])
    assert g.step == "loups"
    g.do("set_role", MJ, seat=1, role=SALV)
    play_night(g, {"loups": [5], "sorciere-heal": False, "sorciere-poison": []})
    assert "salvateur" not in g.steps_run() and not g.alive(5)
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"salvateur": [4]}, until="loups")
    night2 = g.steps_run(mark)
    assert night2[night2.index("salvateur") + 1] == "loups" and g.prompt("loups").to == [0]


def test_a_card_the_game_has_already_adds_no_step() -> None:
    """A Villageois made a second Sorcière: her step is already called; a Villageois card has no step at all."""
    g = Script([W, V, V, V, V, V, WITCH])
    before = g.state.plan.model_copy(deep=True) if g.state.plan else None  # the night's plan, the engine's
    g.do("set_role", MJ, seat=1, role=WITCH)
    g.do("set_role", MJ, seat=2, role=V)
    assert g.state.plan == before is not None
    assert not [e for e in g.events if e.type == "cards_in_play"]
    assert g.view(MJ)["mj"]["mj_cards"] == []


def test_the_step_of_a_card_brought_in_lasts_a_plausible_time_when_its_holder_is_dead() -> None:
    """Issue 14: "its steps take their plausible length from then on". The MJ makes a Villageois the Voyante by
    day and she dies: every later night still calls the seer's step, for a time drawn in the plausible range."""
    options = {"captain": False, "night_step": 60, "dawn": 1, "debate": 5, "vote": 60, "reaction": 30}
    low, high = night_bounds("voyante", Options.model_validate(options).model_dump())
    lengths = []
    for seed in range(12):
        g = Night([W, W, V, V, V, V, V, V, V, V], seed, options)
        g.do("set_role", MJ, seat=2, role=SEER)
        g.do("kill", MJ, seat=2)
        for _ in range(200):
            step = g.state.step
            if g.state.phase == "night" and g.state.night == 2 and step is not None and step.key == "voyante":
                break
            assert g.state.wake_at is not None
            g.at = g.state.wake_at
            g.do("tick", SYSTEM)
        assert g.state.step is not None and g.state.step.key == "voyante", "the dead seer's step is not called"
        assert not g.state.prompts or all(p.step != "voyante" for p in g.state.prompts.values() if not p.closed)
        assert g.state.step.deadline is not None
        lengths.append(g.state.step.deadline - g.state.step.started)
    assert all(low <= x <= high for x in lengths) and len(set(lengths)) > 1


def test_cards_in_play_is_the_mjs_and_replays() -> None:
    """The card the MJ gave is the MJ's secret (only its holder learns it); the log replays to the same state."""
    g = Script(TABLE)
    g.do("set_role", MJ, seat=1, role=WITCH)
    told = [e for e in g.events if e.type == "cards_in_play"]
    assert [e.data for e in told] == [{"role": WITCH}] and told[0].to == []
    assert not any(event_visible(told[0], seat, g.state) for seat in range(7))
    assert g.view(MJ)["mj"]["mj_cards"] == [WITCH]
    assert "mj_cards" not in str(g.view(2))
    assert replay(g.events).model_dump() == g.state.model_dump()


def test_in_a_parallel_night_a_card_brought_in_gets_a_stage_of_its_own_tonight() -> None:
    """With `night_parallel`, the stages still ahead are regrouped with the new step in its place in the order."""
    g = Script([W, SEER, V, V, V, V, WITCH], options={"night_parallel": True})
    assert g.state.plan is not None and g.state.plan.groups == [["voyante", "loups"], ["sorciere"]]
    g.do("set_role", MJ, seat=2, role="corbeau")
    assert g.state.plan.groups == [["voyante", "loups"], ["sorciere"], ["corbeau"]] and g.state.plan.at == 0
    play_night(g, {"loups": [5], "voyante": [0], "sorciere-heal": False, "sorciere-poison": []}, until="corbeau")
    assert g.prompt("corbeau").to == [2]


def test_what_the_table_learns_of_a_card_brought_in() -> None:
    """The step of a card the composition lacked is public when it opens, as a meneur calls it aloud: the table
    learns that such a card is in play, not who holds it (the prompt is the holder's; his card is his own)."""
    g = Script(TABLE)
    g.do("set_role", MJ, seat=1, role=WITCH)
    play_night(g, {"loups": [6]}, until="sorciere")
    for seat in (0, 2, 3):
        seen = g.view(seat)
        assert seen["step"]["key"] == "sorciere" and seen["composition"] == TABLE
        assert not [p for p in seen["prompts"] if p["step"].startswith("sorciere")]
        assert next(p["role"] for p in seen["players"] if p["seat"] == 1) is None


# -- item 3: options changed during the game -------------------------------------------------------------------
def test_an_option_changed_by_night_applies_at_dawn() -> None:
    """Issue 14: "The MJ may change the room's options during the game (lycanthropy switched on, a vote variant, the
    night order), logged, taking effect at the next phase". A vote variant chosen by night rules the day's vote."""
    g = Script(TABLE)
    g.do("configure", MJ, options={"vote_mode": "trial"})
    assert g.state.options["vote_mode"] == "simultaneous" and g.state.options_next == {"vote_mode": "trial"}
    assert g.view(3)["options_next"] == {"vote_mode": "trial"}
    assert g.announcements("options_changed", viewer=3) == [{"options": ["vote_mode"]}]
    play_night(g, {"loups": [6]})
    assert g.state.options["vote_mode"] == "trial" and g.state.options_next == {}
    assert "options_next" not in g.view(3)
    g.run_until("vote")
    for seat in (1, 2, 3):
        g.answer(seat, "vote", [4])
    for seat in (0, 4, 5):
        g.answer(seat, "vote", [])
    assert g.step == "plea" and g.announcements("accused") == [{"seat": 4}]


def test_lycanthropy_switched_on_by_day_applies_the_next_night() -> None:
    """Issue 14: "lycanthropy switched on" mid-game; 004: "On peut soit commencer avec peu de loups et permettre la
    lycanthropie dès le début, soit avoir recours à la lycanthropie pour rééquilibrer une partie qui tourne trop vite
    à l'avantage du village." """
    g = Script([W, W, V, V, V, V, V, V])
    assert not g.open_prompts("loups-lycanthropie")
    play_night(g, {"loups": [7]})
    g.do("configure", MJ, options={"lycanthropy": True})
    assert not g.state.options["lycanthropy"]  # not in the middle of the day
    vote(g, {})
    play_night(g, {"loups": [3], "loups-lycanthropie": True})
    assert marks(g.state, 3).wolf is True and g.alive(3)


def test_the_night_order_changed_applies_the_next_night() -> None:
    """Issue 14: "the night order" mid-game; 004: "modifier l'ordre des rôles : On peut appeler la voyante après la
    sorcière". From the next night on."""
    g = Script([W, V, V, V, V, SEER, WITCH])
    assert g.step == "voyante"
    g.do("configure", MJ, options={"seer_after_witch": True})
    play_night(g, {"voyante": [0], "loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    night1, mark = g.steps_run(), len(g.events)
    vote(g, {})
    play_night(g, {"voyante": [0], "loups": [3], "sorciere-heal": False, "sorciere-poison": []})
    night2 = g.steps_run(mark)
    assert night1.index("voyante") < night1.index("sorciere")  # tonight's order stays
    assert night2.index("sorciere") < night2.index("voyante")


def test_options_fixed_in_game_say_why() -> None:
    """Issue 14: "options that cannot change mid-game say why": the refusal names the option."""
    g = Script(TABLE)
    for option, value in (("cards", "small"), ("captain", True), ("ghosts", True), ("host_plays", True)):
        assert option not in LIVE_OPTIONS
        assert g.rejected("configure", MJ, options={option: value}) == "option_fixed_in_game"
    assert g.rejected("configure", MJ, composition=[W, V]) == "composition_dealt"
    assert g.rejected("configure", MJ, options={"vote_mode": "no such"}) == "bad_options"
    assert g.rejected("configure", 2, options={"vote_mode": "trial"}) == "mj_only"
    # The same value again is no change: a console may send every option, the fixed ones unchanged.
    assert g.rejected("configure", MJ, options={"cards": "one", "vote_mode": "simultaneous"}) == "nothing_to_do"
    g.do("configure", MJ, options={"cards": "one", "vote_mode": "standing"})
    assert g.state.options_next == {"vote_mode": "standing"}


def test_a_pending_change_can_be_taken_back() -> None:
    """Giving an option its current value again before the phase ends cancels the change (announced too)."""
    g = Script(TABLE)
    g.do("configure", MJ, options={"vote_mode": "trial", "debate": 30})
    g.do("configure", MJ, options={"vote_mode": "simultaneous"})
    assert g.state.options_next == {"debate": 30.0}
    assert g.announcements("options_changed") == [{"options": ["debate", "vote_mode"]}, {"options": ["vote_mode"]}]
    play_night(g, {"loups": [6]})
    assert g.state.options["vote_mode"] == "simultaneous" and g.state.options["debate"] == 30.0
    assert replay(g.events).model_dump() == g.state.model_dump()


def test_a_console_sending_options_at_their_unwritten_defaults() -> None:
    """An option whose default is not written into a room's options (personal_pushes, phone_cues) is absent there,
    and a console sends it at that default with the rest of its form: no change, and no engine error (round 10 of
    the loaded suite: a KeyError refused the console's whole form). Changed, it is pending like any live option, and
    given its default again it is taken back."""
    g = Script(TABLE)
    assert "personal_pushes" not in g.state.options and "phone_cues" not in g.state.options
    g.do("configure", MJ, options={"debate": 240, "personal_pushes": "auto", "phone_cues": "vibrate"})
    assert g.state.options_next == {"debate": 240.0}
    assert g.announcements("options_changed") == [{"options": ["debate"]}]
    g.do("configure", MJ, options={"personal_pushes": "on"})
    assert g.state.options_next == {"debate": 240.0, "personal_pushes": "on"}
    g.do("configure", MJ, options={"personal_pushes": "auto"})
    assert g.state.options_next == {"debate": 240.0}
    assert replay(g.events).model_dump() == g.state.model_dump()


def test_configure_live_through_the_rejection_of_a_broken_combination() -> None:
    """A change is checked with every other option, pending ones included (late votes close after votes lock)."""
    g = Script(TABLE, options={"vote_lock": 60, "vote_late": 30})
    g.do("configure", MJ, options={"vote_lock": 40})
    assert g.rejected("configure", MJ, options={"vote_late": 50}) == "bad_options"


@pytest.mark.slow
async def test_the_mj_changes_an_option_over_the_real_app(database_url: str) -> None:
    """Over HTTP and the websockets: the MJ's `configure` mid-game, seen by a player as `options_next`."""
    options: dict[str, Any] = {"captain": False, "night_step": 600, "plausible_min": 600, "plausible_max": 600,
                               "preassigned": {"0": W}}
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await started_room(http, options, [W, V, V, V, V], ["A", "B", "C", "D", "E"])
        code, headers = room["code"], {"Authorization": f"Bearer {room['mj_token']}"}
        player = Client(base, code, tokens[2], "C")
        await player.connect()

        async def configure(**given: Any) -> httpx.Response:
            return await http.post(f"/api/rooms/{code}/commands", headers=headers,
                                   json={"command": "configure", "args": {"options": given}})

        assert (await configure(vote_mode="standing")).status_code == 200
        await player.wait_for(lambda v: v.get("options_next") == {"vote_mode": "standing"})
        refused = await configure(cards="great")
        assert refused.status_code >= 400 and refused.json()["error"]["code"] == "option_fixed_in_game"
        assert refused.json()["error"]["params"] == {"option": "cards"}
        await player.close()
