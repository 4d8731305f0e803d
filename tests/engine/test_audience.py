"""Typed audiences (issue 25, item 4): the spectators are a crowd (`Crowd.SPECTATORS`), never a seat, while logs,
snapshots and frames keep the stored -2 they always held: an old log loads to the same audience, a new one is
written byte for byte as before."""

from __future__ import annotations

import json
from types import SimpleNamespace

import orjson

from app.engine.audience import Crowd, is_seat, seats_in, upgrade
from app.engine.channels import SELF, SPECTATORS
from app.engine.core import replay
from app.engine.model import MJ, SPECTATOR, Event, GameState
from app.engine.views import event_visible, public_event, view
from app.rooms.service import from_row, to_row
from tests.support.engine import Script
from tests.support.viewers import viewers

ROLES = ["loup-garou", "loup-garou", "voyante", "villageois", "villageois", "villageois"]


def test_a_crowd_is_no_seat() -> None:
    assert SPECTATORS is Crowd.SPECTATORS and SELF is Crowd.WRITER
    assert not is_seat(Crowd.SPECTATORS) and is_seat(0) and is_seat(7)
    assert seats_in([Crowd.SPECTATORS, 0, 3, Crowd.WRITER]) == [0, 3]


def test_a_stored_audience_is_read_back_as_crowds() -> None:
    seats = [0, 3]
    assert upgrade(seats) is seats  # no crowd: no copy
    back = Event.model_validate_json('{"type": "said", "to": [-2, 4]}').to
    assert back == [-2, 4] and isinstance(back[0], Crowd) and back[0] is Crowd.SPECTATORS and not isinstance(back[1],
                                                                                                          Crowd)
    assert Event(type="announce").to is None and Event(type="announce", to=[]).to == []


def test_the_stored_form_and_the_frames_keep_minus_two() -> None:
    g = Script(ROLES)
    g.do("say", SPECTATOR, channel="spectators", text="Belle partie", name="Zoé")
    msg = [e for e in g.events if e.type == "said"][-1]
    assert msg.to == [Crowd.SPECTATORS] and isinstance(msg.to[0], Crowd)
    assert event_visible(msg, SPECTATOR, g.state) and not event_visible(msg, 0, g.state)
    row = to_row(msg)
    assert json.loads(json.dumps(row))["data"]["to"] == [-2]  # the database's JSON column
    assert '"to":[-2]' in msg.model_dump_json()
    frame = orjson.dumps(public_event(msg, with_audience=True))  # what an MJ who sees all receives (hub.dumps)
    assert b'"to":[-2]' in frame
    assert json.dumps(public_event(msg, with_audience=True)["to"]) == "[-2]"  # the hub's fallback encoder


def test_an_old_log_with_minus_two_loads_to_the_same_audience_and_views() -> None:
    g = Script(ROLES)
    g.do("say", SPECTATOR, channel="spectators", text="Belle partie", name="Zoé")
    g.do("say", MJ, channel="spectators", text="Bienvenue")
    # The log as the store holds it (JSON rows, -2 for the spectators), read back as the room service does.
    rows = [SimpleNamespace(type=r["type"], at=r["at"], data=json.loads(json.dumps(r["data"])))
            for r in map(to_row, g.events)]
    events = [from_row(row) for row in rows]
    said = [e for e in events if e.type == "said"]
    assert [e.to for e in said] == [[Crowd.SPECTATORS], [Crowd.SPECTATORS]]
    assert all(isinstance(e.to[0], Crowd) for e in said if e.to)
    again = replay(events, GameState())
    for viewer in viewers(*g.state.players, MJ, SPECTATOR):
        assert view(again, viewer) == view(g.state, viewer)
    assert again.messages == g.state.messages


def test_hiding_a_message_of_a_snapshot_reaches_the_crowd() -> None:
    """A snapshot keeps each message's audience as stored numbers (-2): hiding it reaches the spectators again."""
    g = Script(ROLES)
    g.do("say", SPECTATOR, channel="spectators", text="Belle partie", name="Zoé")
    mid = [e for e in g.events if e.type == "said"][-1].data["id"]
    g.state = GameState.model_validate_json(g.state.model_dump_json())  # a snapshot read back
    assert g.state.messages[mid]["to"] == [-2]
    g.do("hide", MJ, message=mid)
    hidden = [e for e in g.events if e.type == "hidden"][-1]
    assert hidden.to == [Crowd.SPECTATORS] and isinstance(hidden.to[0], Crowd)
    assert event_visible(hidden, SPECTATOR, g.state) and not event_visible(hidden, 0, g.state)
