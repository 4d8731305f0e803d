"""Issue 23, defect 7: look-alike names. A name is kept in NFKC without its invisible characters; two seats may not
have names with the same UTS #39 skeleton (ICU's), whatever the case; names that show nothing and the names the
interface itself uses are refused; a chat message that shows nothing is refused."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from app.engine.core import new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM
from app.engine.text import name_keys
from app.rooms.bots import bot_name
from tests.support.edge import live
from tests.support.paths import ROOT
from tests.support.scripted import Scripted

T0 = 1_000_000.0
I18N = ROOT / "static" / "i18n"


class Lobby(Scripted):
    def __init__(self, *names: str) -> None:
        self.state, self.events = new_state("thiercelieux", 5, at=T0)
        self.at = T0
        for seat, name in enumerate(names):
            self.do("join", SYSTEM, seat=seat, name=name)

    def rejection(self, type_: str, by: int | str = MJ, **args: Any) -> Rejected:
        with pytest.raises(Rejected) as info:
            self.do(type_, by, **args)
        return info.value


LOOK_ALIKES = [
    "\u0410lice",  # Cyrillic capital A
    "Alice\u200b",  # zero-width space
    "\u200eAlice",  # left-to-right mark
    "\ufeffAlice",  # byte order mark
    "\uff21\uff4c\uff49\uff43\uff45",  # fullwidth letters
    "Alice\U000e0041\U000e0042",  # tag characters
    "A\u200dlice",  # zero-width joiner inside
    "ALICE",
    "A\u2060l\u2060i\u2060c\u2060e",  # word joiners
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_seated_name_is_refused_and_names_the_seat_it_copies(name: str) -> None:
    g = Lobby("Alice", "Bob")
    error = g.rejection("join", SYSTEM, seat=7, name=name)
    assert error.rejection.code == "name_taken"
    assert error.rejection.params["name"] == "Alice"
    # Renaming into it is refused too, but a seat keeps its own name's look-alike (its own case, say).
    assert g.rejected("rename", 1, seat=1, name=name) == "name_taken"
    g.do("rename", 0, seat=0, name=name)
    assert g.state.players[0].name in ("Alice", "ALICE", "\u0410lice")


def test_skeletons_catch_latin_look_alikes_and_keep_different_names_apart() -> None:
    g = Lobby("Alice", "paypal", "Iris")
    assert g.rejected("join", SYSTEM, seat=7, name="p\u0430yp\u0430l") == "name_taken"  # Cyrillic а
    assert g.rejected("join", SYSTEM, seat=7, name="lris") == "name_taken"  # l for I
    assert g.rejected("join", SYSTEM, seat=7, name="A1ice") == "name_taken"  # 1 for l (UTS #39)
    g.do("join", SYSTEM, seat=7, name="Alicia")
    g.do("join", SYSTEM, seat=8, name="Alise")
    assert [p.name for p in g.state.by_position()] == ["Alice", "paypal", "Iris", "Alicia", "Alise"]


def test_a_name_is_kept_in_nfkc_without_its_invisible_characters() -> None:
    g = Lobby()
    g.do("join", SYSTEM, seat=0, name="Zoe\u0301")  # NFD
    assert g.state.players[0].name == "Zo\u00e9"
    assert g.rejected("join", SYSTEM, seat=1, name="Zo\u00e9") == "name_taken"  # NFC: the same person
    g.do("join", SYSTEM, seat=1, name="\ufeff\uff2d\uff41\uff58\u200b")
    assert g.state.players[1].name == "Max"
    g.do("rename", 1, seat=1, name="  Max \u3000 \u2060Le  Grand\u200f ")
    assert g.state.players[1].name == "Max Le Grand"


@pytest.mark.parametrize("name", ["\u2800", "\u3164", "\u3164\u3164", "\u0301", "\u0301\u0308\u0327", "\u200b",
                                  "\ufeff\u200d", "\U000e0041", "\u115f\u1160", "\u2800 \u2800", "\ufe0f"])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    g = Lobby("Alice")
    assert g.rejected("join", SYSTEM, seat=3, name=name) == "name_invisible"
    assert g.rejected("rename", 0, seat=0, name=name) == "name_invisible"
    assert g.rejected("say", SPECTATOR, channel="spectators", text="salut", name=name) == "name_invisible"


@pytest.mark.parametrize("name", ["MJ", "mj", "M\u200bJ", "\uff2d\uff2a", "Meneur", "MENEUR", "Game master",
                                  "Syst\u00e8me", "Syste\u0300me", "System", "Spectateur", "Spectator",
                                  "rnj", "Sy\u0455tem"])  # rnj looks like mj; Cyrillic ѕ
def test_the_interfaces_own_names_are_reserved(name: str) -> None:
    g = Lobby("Alice")
    assert g.rejected("join", SYSTEM, seat=3, name=name) == "name_reserved"
    assert g.rejected("rename", MJ, seat=0, name=name) == "name_reserved"
    assert g.rejected("say", SPECTATOR, channel="spectators", text="salut", name=name) == "name_reserved"


def test_every_author_name_the_pages_show_is_reserved() -> None:
    g = Lobby()
    for lang in ("fr", "en"):
        texts = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
        authors = [v for k, v in texts.items() if k.startswith("chat.author.") and "{" not in v]
        assert authors, lang
        for name in authors:
            assert g.rejected("join", SYSTEM, seat=3, name=name) == "name_reserved", (lang, name)
        for key in ("error.name_invisible", "error.name_reserved", "error.name_taken"):
            assert texts[key], (lang, key)


def test_a_substitute_keeps_the_seats_name_or_takes_a_free_one() -> None:
    g = Lobby("Alice", "Bob")
    g.do("substitute", SYSTEM, seat=1)
    assert g.state.players[1].name == "Bob"
    assert g.rejected("substitute", SYSTEM, seat=1, name="\u0410lice") == "name_taken"
    assert g.rejected("substitute", SYSTEM, seat=1, name="Meneur") == "name_reserved"
    g.do("substitute", SYSTEM, seat=1, name="Bobette")
    assert g.state.players[1].name == "Bobette"


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u200c\u200d", "\ufeff", "\u2800\u2800", " \u3164 ", "\u0301"])
def test_a_chat_message_that_shows_nothing_is_refused(text: str) -> None:
    g = Lobby("Alice", "Bob")
    assert g.rejected("say", SPECTATOR, channel="spectators", text=text, name="Zed") == "empty_message"
    g.do("say", SPECTATOR, channel="spectators", text="\U0001F468\u200d\U0001F469\u200d\U0001F467", name="Zed")
    assert g.events[-1].data["text"] == "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # the joiners stay


def test_a_bots_name_avoids_a_look_alike_of_a_seated_name() -> None:
    taken = set(name_keys("B\u043et \u0410da"))  # Cyrillic о and А
    assert bot_name(taken) == "Bot Basile"


async def test_the_join_api_refuses_look_alikes_invisible_and_reserved_names(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        url = f"/api/rooms/{room['code']}/join"
        assert (await http.post(url, json={"name": "Alice"})).status_code == 201
        for name, code in (("\u0410lice\u200b", "name_taken"), ("\u2800", "name_invisible"),
                           ("Syst\u00e8me", "name_reserved"), ("Zoe\u0301", None), ("Zo\u00e9", "name_taken")):
            reply = await http.post(url, json={"name": name})
            if code is None:
                assert reply.status_code == 201, reply.text
            else:
                assert reply.status_code >= 400 and reply.json()["error"]["code"] == code, (name, reply.text)
        taken = (await http.post(url, json={"name": "\uff21lice"})).json()["error"]
        assert taken["code"] == "name_taken" and "Alice" in taken["message"]
        names = [p["name"] for p in (await http.get(f"/api/rooms/{room['code']}")).json()["view"]["players"]]
        assert names == ["Alice", "Zo\u00e9"]
        # The creator who plays is held to the same rules, before anything is stored.
        reply = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "MJ"})
        assert reply.json()["error"]["code"] == "name_reserved"
