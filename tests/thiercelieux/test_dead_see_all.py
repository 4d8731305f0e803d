"""`dead_see_all`: a dead player who sees every card must never reach the living (issue "A table that can trust
the server", item 6). The room refuses it with ghosts or the village idiot (004), who debate with the living; the
dead's own channels reach no living player, a player whose second character lives included (004); the Chaman hears
them only through the MJ (001)."""

from __future__ import annotations

import httpx
import pytest

from app.engine.core import new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, Event
from app.engine.views import SPECTATOR, event_visible
from app.i18n import translate
from tests.support.engine import Script
from tests.support.thiercelieux import play_night
from tools.serve import serve

W, V, CHAMAN = "loup-garou", "villageois", "chaman"


@pytest.mark.parametrize("talking_dead", ["ghosts", "idiot_du_village"])
def test_the_room_refuses_omniscient_dead_who_debate(talking_dead: str) -> None:
    with pytest.raises(Rejected) as info:
        new_state("thiercelieux", 1, {"dead_see_all": True, talking_dead: True})  # POST /api/rooms
    assert info.value.rejection.code == "omniscient_dead"
    assert info.value.rejection.params == {"option": "dead_see_all"}
    g = Script([W, V, V, V, V], start=False)
    assert g.rejected("configure", MJ, options={"dead_see_all": True, talking_dead: True}) == "omniscient_dead"
    # Either alone is fine; the second one, added later, is refused with what the room already has.
    g.do("configure", MJ, options={talking_dead: True})
    assert g.rejected("configure", MJ, options={"dead_see_all": True}) == "omniscient_dead"
    g.do("configure", MJ, options={talking_dead: False, "dead_see_all": True})
    assert g.rejected("configure", MJ, options={talking_dead: True}) == "omniscient_dead"
    # The pages say why, in both languages.
    for lang in ("fr", "en"):
        assert translate(lang, "error.omniscient_dead") != "error.omniscient_dead"


async def test_creating_such_a_room_over_http_says_why(database_url: str) -> None:
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        r = await http.post("/api/rooms", json={"ruleset": "thiercelieux",
                                                "options": {"dead_see_all": True, "ghosts": True}})
        assert r.status_code == 400
        assert r.json()["error"]["code"] == "omniscient_dead"
        r = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": {"dead_see_all": True}})
        assert r.status_code == 201


def reaches(g: Script, e: Event) -> set[int | str]:
    """Who among the living seats and the spectators receives the event."""
    viewers: list[int | str] = [*g.living(), SPECTATOR]
    return {v for v in viewers if event_visible(e, v, g.state)}


def test_what_the_omniscient_dead_say_reaches_no_living_player() -> None:
    g = Script([W, CHAMAN, V, V, V, V], options={"dead_see_all": True, "debate": 60})
    play_night(g, {"loups": [2]})
    assert not g.alive(2) and g.step == "dawn"
    g.later(1)
    assert g.step == "debate"
    assert set(g.seen_roles(2)) == set(g.state.players)  # he sees every card
    # Not in the village's debate, nor among the spectators.
    assert g.rejected("say", 2, channel="village", text="0 est le loup") == "cannot_write"
    assert g.rejected("say", 2, channel="spectators", text="0 est le loup") == "cannot_write"
    # To the dead, and to the Chaman's channel: nobody alive receives either.
    for channel in ("dead", "chaman"):
        said = [e for e in g.do("say", 2, channel=channel, text="0 est le loup") if e.type == "said"]
        assert said and all(not reaches(g, e) for e in said), channel
    # Only the MJ passes the word of the dead on to the Chaman, in their own words, or not at all.
    message = next(e.data["id"] for e in g.events if e.type == "said" and e.data["channel"] == "chaman")
    assert g.rejected("relay", 1, message=message, text="0 est le loup") == "mj_only"
    g.hurry = False
    g.run_until("chaman", night=2)  # 001: the MJ relays during the Chaman's night step
    relayed = [e for e in g.do("relay", MJ, message=message, text="Un esprit murmure…") if e.type == "said"]
    assert [reaches(g, e) for e in relayed] == [{1}] and relayed[0].data["text"] == "Un esprit murmure…"


def test_the_dead_chat_is_for_players_out_of_the_game() -> None:
    """Two characters each (004): a player whose other character lives neither reads nor writes the dead's
    channel, where the dead tell what they know (all of it, with dead_see_all)."""
    # Players 0-4; their second characters are seats 5-9.
    g = Script([W, V, V, V, V, V, V, W, V, V], options={"characters": 2, "dead_see_all": True})
    g.do("kill", MJ, seat=8)  # player 3's second character: player 3 is still in the game
    g.do("kill", MJ, seat=4)
    g.do("kill", MJ, seat=9)  # player 4 is out
    assert g.rejected("say", 3, channel="dead", text="?") == "cannot_write"
    assert "dead" not in {c["name"] for c in g.view(3)["channels"]}
    said = [e for e in g.do("say", 4, channel="dead", text="7 est un loup") if e.type == "said"]
    assert said and not reaches(g, said[0])
    assert "dead" in {c["name"] for c in g.view(4)["channels"]}


def test_a_dead_hunter_shoots_without_seeing_every_card() -> None:
    """With dead_see_all, a dead player who still has a move to make (the hunter's shot, a successor to name) sees
    what the living see until it is made: he would otherwise shoot knowing every card."""
    g = Script([W, V, V, "chasseur", V, V], options={"dead_see_all": True})
    play_night(g, {"loups": [3]})
    g.run_until("chasseur")
    assert not g.alive(3) and g.prompt("chasseur").to == [3]
    assert 0 not in g.seen_roles(3)  # the wolf's card stays hidden while he aims
    assert g.view(3)["viewer"]["kind"] == "seat" and "mj" not in g.view(3)
    g.answer(3, "chasseur", [1])
    assert set(g.seen_roles(3)) == set(g.state.players)  # shot taken: now he sees all
