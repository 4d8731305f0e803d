"""Bad arguments get a clear rejection, never an exception, and nothing that cannot be sent: every generic command
(core.py, chat.py) with wrong types, bools for numbers, NaN and infinities, huge lists, lone surrogates and control
characters. The text the engine accepts is valid Unicode without control characters (names: no bidi override
either). A Soupçons host does not act for the seats, and no rejection shows a seat's hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.engine.core import COMMANDS, apply, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM, Command
from app.engine.views import public_event
from tests.support.scripted import Scripted
from tests.support.soupcons import card_ids
from tests.support.ws import barrier, seat_players
from tools.client import Client, create_room
from tools.serve import serve

W, V = "loup-garou", "villageois"
T0 = 1_000.0
OPTIONS: dict[str, Any] = {"night_step": 60, "plausible_min": 5, "plausible_max": 10, "captain": False,
                           "dawn": 1, "debate": 30, "vote": 60}
NAN, INF = float("nan"), float("inf")
WEIRD: list[Any] = [NAN, INF, -INF, True, False, None, 1.5, -1, -2, 2**60, 10**300, "", " ", "\ud800", "a\x00b",
                    "\u202eevil", "x" * 5000, [], [0, "a", 1], list(range(20_000)), [[1]], [NAN], {}, {"a": [NAN]},
                    {"\ud800": 1}]


class Game(Scripted):
    def __init__(self, roles: list[str], start: bool = True) -> None:
        self.state, self.events = new_state("thiercelieux", 5, at=T0)
        self.at = T0
        for seat in range(len(roles)):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        preassigned = {str(seat): role for seat, role in enumerate(roles)}
        self.do("configure", MJ, options={**OPTIONS, "preassigned": preassigned}, composition=list(roles))
        if start:
            self.do("start", MJ)

    def until(self, key: str) -> None:
        for _ in range(100):
            if self.state.step is not None and self.state.step.key == key:
                return
            assert self.state.wake_at is not None
            self.at = max(self.at, self.state.wake_at)
            self.do("tick", SYSTEM)
        raise AssertionError(key)


def sendable(value: Any) -> str:
    """What a socket would send: strict JSON (no NaN), encodable as UTF-8."""
    text = json.dumps(value, allow_nan=False, ensure_ascii=False)
    text.encode("utf-8")
    return text


def attempt(g: Game, type_: str, by: Any, args: dict[str, Any]) -> None:
    """Apply a command to a copy: a rejection must be sendable and short, accepted events sendable."""
    try:
        _, events = apply(g.state, Command(type=type_, by=by, at=g.at, args=args))
    except Rejected as exc:
        assert len(sendable(exc.rejection.model_dump())) < 1000, (type_, args)
        return
    for e in events:
        sendable(public_event(e, with_audience=True))


# Each generic command, who sends it, and a valid set of arguments (the fuzz changes one at a time).
def valid_args(g: Game) -> dict[str, tuple[Any, dict[str, Any]]]:
    wolves = next((p for p in g.state.prompts.values() if p.step == "loups" and not p.closed), None)
    return {
        "join": (SYSTEM, {"seat": 9, "name": "Zoé"}),
        "leave": (MJ, {"seat": 4}),
        "rename": (MJ, {"seat": 4, "name": "Zoé"}),
        "substitute": (SYSTEM, {"seat": 4, "name": "Zoé"}),
        "handover": (SYSTEM, {"seat": 4}),
        "reorder": (MJ, {"order": [4, 3, 2, 1, 0]}),
        "configure": (MJ, {"options": {"debate": 40}, "composition": [W, V, V, V, V]}),
        "answer": (0, {"prompt": wolves.id if wolves else "p", "answer": [3], "reason": "parce que"}),
        "close_prompt": (MJ, {"prompt": wolves.id if wolves else "p"}),
        "extend": (MJ, {"seconds": 10}),
        "kill": (MJ, {"seat": 3}),
        "revive": (MJ, {"seat": 3}),
        "set_role": (MJ, {"seat": 3, "role": "voyante", "slot": "role"}),
        "set_captain": (MJ, {"seat": 3}),  # Thiercelieux's name for set_office of its captain (older pages)
        "set_office": (MJ, {"office": "captain", "seat": 3}),
        "invoke": (0, {"power": "shot", "seat": 0}),
        "rematch": (SYSTEM, {"code": "ABCDEFGH"}),
        "say": (2, {"channel": "village", "text": "bonjour", "name": "Zoé"}),
        "hide": (MJ, {"message": next(iter(g.state.messages), 1)}),
        "relay": (MJ, {"message": next(iter(g.state.messages), 1), "text": "bonjour"}),
    }


@pytest.mark.parametrize("when", ["lobby", "night", "day"])
def test_every_generic_command_refuses_bad_arguments_cleanly(when: str) -> None:
    g = Game([W, V, V, V, V], start=when != "lobby")
    if when != "lobby":
        g.until("loups" if when == "night" else "debate")
    g.do("say", 2 if when != "night" else 0, channel="village" if when != "night" else "wolves", text="salut")
    table = valid_args(g)
    assert set(table) >= set(COMMANDS) - {"start", "tick", "advance", "pause", "resume", "undo", "end"}
    for type_, (by, args) in table.items():
        for key in args:
            for value in WEIRD:
                attempt(g, type_, by, {**args, key: value})
        for by in (0, MJ, SPECTATOR, SYSTEM):
            attempt(g, type_, by, {})


def test_the_bugs_of_the_issue_are_clear_rejections() -> None:
    g = Game([W, V, V, V, V], start=False)

    def code(type_: str, by: Any = MJ, **args: Any) -> str:
        return g.rejected(type_, by, **args)

    assert code("reorder", order=[0, "a", 1, 2, 3]) == "bad_order"  # sorted() raised TypeError
    assert code("reorder", order=[0, 1, 2, 3, 4, 0]) == "bad_order"
    assert code("reorder", order=[True, 1, 2, 3, 4]) == "bad_order"  # True is not seat 0... nor seat 1
    assert code("reorder", order=list(range(100_000))) == "bad_order"
    assert code("set_role", seat=1, role=["voyante"]) == "unknown_role"  # unhashable
    assert code("set_role", seat=True, role="voyante") == "no_such_seat"
    assert code("configure", composition=[V] * 100_000) == "bad_composition"
    assert code("configure", options={"debate": NAN}) == "bad_options"
    for zone in ("é" * 300, "🐺" * 100):  # zoneinfo raised OSError (file name too long)
        assert code("configure", options={"timezone": zone}) == "bad_options"
    assert code("join", SYSTEM, seat=True, name="Bool") == "seat_taken"
    assert code("join", SYSTEM, seat=-2, name="Marker") == "seat_taken"  # -2 stands for the spectators
    g.do("start", MJ)
    g.until("debate")
    for seconds in (NAN, INF, -INF, True, 10**400):
        assert code("extend", seconds=seconds) == "bad_seconds"  # NaN was stored, then sent as bare NaN
    g.do("say", 2, channel="village", text="bonjour")
    assert code("hide", message=True) == "no_such_message"
    g.until("vote")
    vote = g.prompt("vote").id
    assert code("answer", 2, prompt=vote, answer=[3], reason=["why"]) == "bad_text"
    assert code("answer", MJ, prompt=vote, answer=[3], seat=True) == "no_such_seat"
    assert code("answer", MJ, prompt=vote, answer=[3], seat=2.0) == "no_such_seat"
    assert code("answer", 2, prompt=vote, answer=list(range(10_000))) == "wrong_count"


# -- text ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "bip\x07", "retour\rchariot", "nul\x00", "\x1b[31mrouge",
                                  "c\x85d"])
def test_chat_text_must_be_valid_printable_unicode(text: str) -> None:
    g = Game([W, V, V, V, V], start=False)
    assert g.rejected("say", 2, channel="village", text=text) == "bad_text"
    assert g.rejected("say", SPECTATOR, channel="spectators", text="salut", name=text) == "bad_text"
    assert g.rejected("rename", MJ, seat=2, name=f"P{text}") == "bad_text"
    assert g.rejected("join", SYSTEM, seat=7, name=f"P{text}") == "bad_text"


def test_lines_tabs_and_every_script_are_fine_in_chat_and_names() -> None:
    g = Game([W, V, V, V, V], start=False)
    g.do("say", 2, channel="village", text="deux\nlignes\tet un 🐺, 狼, ذئب, זאב")
    assert g.events[-1].data["text"] == "deux\nlignes\tet un 🐺, 狼, ذئب, זאב"
    g.do("say", 2, channel="village", text="windows\r\nstyle")
    assert g.events[-1].data["text"] == "windows\nstyle"
    g.do("rename", MJ, seat=2, name="Zoé 🐺 ذئب")
    for name in ("Bob\u202eevil", "A\u2066B", "line\nbreak", "tab\there"):
        assert g.rejected("rename", MJ, seat=2, name=name) == "bad_text"


def test_the_relayed_text_and_a_vote_reason_are_checked_too() -> None:
    g = Game(["chaman", W, V, V, V])
    g.until("loups")
    g.do("kill", MJ, seat=3)
    g.do("say", 3, channel="chaman", text="Méfie-toi de P1")
    mid = g.events[-1].data["id"]
    g.until("chaman")  # 001: the MJ relays during the Chaman's night step
    assert g.rejected("relay", MJ, message=mid, text="\ud800") == "bad_text"
    g.do("relay", MJ, message=mid, text="Les esprits disent : méfie-toi de P1")
    g.until("vote")
    assert g.rejected("answer", 2, prompt=g.prompt("vote").id, answer=[1], reason="\x00") == "bad_text"


def test_rejections_never_carry_unsendable_params() -> None:
    exc = Rejected("x", "bad \ud800 " + "y" * 10_000, a=NAN, b="\ud800", c=list(range(1000)), d=10**400,
                   e={"k": [INF]}, f=object())
    text = sendable(exc.rejection.model_dump())
    assert len(text) < 2000 and "\\ud800" not in text


# -- a Soupçons host, over websockets ------------------------------------------------------------------------------
async def test_a_host_does_not_answer_for_a_seat_and_learns_no_hand(database_url: str, machine_speed: None) -> None:
    """Before: the host's bad answer for the giver was refused with "Choose one of ['M1', 'M4', 'S1']" and the
    hand in its params, and a good one was taken as the giver's."""
    async with serve(database_url) as base:
        room = await create_room(base, ruleset="soupcons", options={"turn": 60, "reply": 30})
        host = Client(base, room["code"], room["mj_token"], "host")
        await host.connect()
        players = await seat_players(base, room["code"], ["Alice", "Bruno", "Chloé"])
        await host.do("start")
        for c in players:
            await c.wait_for(lambda v: v.get("phase") == "day")
        giver = next(c for c in players if c.my_prompts())
        await giver.wait_for(lambda v: any(p["step"] == "sc-card" for p in v["prompts"]))
        card = next(p for p in giver.my_prompts() if p["step"] == "sc-card")
        seat = giver.view["me"]["seat"]
        bad = await host.send("answer", prompt=card["id"], seat=seat, answer="not a card")
        good = await host.send("answer", prompt=card["id"], seat=seat, answer=card["options"][0])
        guess = await host.send("answer", prompt=card["id"], answer=card["options"][0])
        for reply in (bad, good, guess):
            assert reply["type"] == "rejected" and not card_ids(reply), reply
        assert bad["code"] == good["code"] == "hidden_from_host"
        assert guess["code"] == "no_such_prompt"
        await barrier(giver)  # had the host's answers gone in, the giver would have heard it before the pong
        assert not next(p for p in giver.view["prompts"] if p["id"] == card["id"])["answers"]
        # The giver's own bad answer says what is wrong without listing anything.
        mine = await giver.send("answer", prompt=card["id"], answer="not a card")
        assert mine["code"] == "bad_answer" and not mine.get("params")
        for c in (host, *players):
            await c.close()


async def test_a_lone_surrogate_in_chat_is_refused_and_nobody_is_dropped(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, options=OPTIONS)
        mj = Client(base, room["code"], room["mj_token"], "MJ")
        await mj.connect()
        players = await seat_players(base, room["code"], ["Alice", "Bruno", "Chloé"])
        reply = await players[0].send("say", channel="village", text="\ud800 bonsoir")
        assert reply["type"] == "rejected"
        await players[1].do("say", channel="village", text="bonsoir")
        for c in (mj, *players):
            await c.wait_for(lambda v, c=c: any(e["type"] == "said" for e in c.events))
            assert not c.closed.is_set()
            assert [e["data"]["text"] for e in c.events if e["type"] == "said"] == ["bonsoir"]
            await c.close()
