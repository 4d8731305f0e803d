"""Issue 22, item 9: "Je joue aussi" in Les Reptiliens, as in Thiercelieux (tests/thiercelieux/test_host_plays.py,
tests/web/test_ws_host.py). The room's creator plays a seat; their MJ token runs the table (start, pause, remove,
substitute, rematch) and sees what a spectator sees: no card, no MJ bookkeeping (`mj.reptiliens`), no MJ-only event,
no question. An automatic game never asks an MJ anything, so a room whose host plays is automatic throughout
(moderation auto, draws by the game's RNG).

Seed 000 §11 "Le MJ commence par distribuer les cartes ... Il leur indique quelles conditions de victoire
personnelle s'ajouteront": in automatic mode the game makes those calls; a host who plays is no MJ and is told
nothing of them but what their own seat is told."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import httpx
import pytest

from app.engine.core import new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, Command, Event
from app.engine.views import event_visible, view
from app.sim import Game, play
from tests.support.edge import live
from tests.support.paths import ROOT
from tests.support.reptiliens import RpSecrets, mj_only_sent
from tests.support.ws import views
from tools.client import Client
from tools.demo import bot

HOST = {"host_plays": True, "moderation": "auto", "draws": "rng"}


def mj_sees_nothing_hidden(state: Any, events: list[Event]) -> None:
    """The host's token: a spectator's view (its kind aside), no MJ part, no private question, no hidden event."""
    if state.phase == "ended":
        return
    v = view(state, MJ)
    assert "mj" not in v, "the playing host's token gets the MJ's bookkeeping"
    assert v["viewer"] == {"kind": "mj"}
    v["options"].pop("preassigned", None)  # the spectator's options leave it out; the host could never set one
    assert v == {**view(state, SPECTATOR), "viewer": {"kind": "mj"}, "channels": v["channels"]}
    for p in v["players"]:
        for slot, card in (p.get("cards") or {}).items():
            assert card is None or state.players[p["seat"]].cards[slot]["revealed"], \
                f"the host's token sees seat {p['seat']}'s {slot}"
    for pv in v["prompts"]:
        assert pv["visibility"] == "public" and not pv.get("to_mj"), f"the host's token sees {pv['step']}"
    for e in events:
        if event_visible(e, MJ, state):
            assert e.to is None, f"the host's token receives the hidden event {e.type}"


class Watched(Game):
    """A bots' game (app/sim.py) whose every command is checked: the host's token sees nothing hidden, no question
    ever goes to an MJ, and every seat (the host's seat 0 among them) sees only what the rules told it (RpSecrets)."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.secrets = RpSecrets()
        self.asked_mj = 0
        super().__init__(ruleset, seed, players, options)

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        self.asked_mj += sum(1 for p in self.state.prompts.values() if p.to_mj)
        mj_sees_nothing_hidden(self.state, events)
        self.secrets.check(self.state, events)
        return events


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_playing_hosts_token_sees_nothing_hidden_through_whole_games(seed: int) -> None:
    game = play("reptiliens", seed, 8, HOST, kind=Watched)
    assert game.state.phase == "ended"
    assert game.asked_mj == 0, "a question went to the MJ in a room whose host plays"
    # The game told secrets to seats all along (the deal, the pack meeting): the checks above had something to see.
    assert any(e.type == "rp-fellows" for e in game.events)
    assert all(p["cards"]["camp"] for p in view(game.state, MJ)["players"])  # the end shows every card, to all


def test_a_host_who_plays_needs_an_automatic_game() -> None:
    """No MJ's judgment call (moderation mj) and no MJ's draw (draws mj) in a room whose MJ token is a player's."""
    for bad in ({"moderation": "mj"}, {"draws": "mj"}):
        with pytest.raises(Rejected) as info:
            new_state("reptiliens", 1, options={**HOST, **bad})
        assert info.value.rejection.code == "host_plays_needs_auto"  # its own text in both languages, not "Option : ."
        assert info.value.rejection.params == {"option": "host_plays"}
        assert "host who plays" in info.value.rejection.message
    game = Game("reptiliens", 1, 7, HOST)

    def refused(type_: str, **args: Any) -> str:
        with pytest.raises(Rejected) as info:
            game.do(Command(type=type_, by=MJ, at=game.at, args=args))
        return info.value.rejection.code

    assert refused("configure", options={"moderation": "mj"}) == "host_plays_needs_auto"
    assert refused("configure", options={"draws": "mj"}) == "host_plays_needs_auto"
    assert refused("configure", options={"host_plays": False}) == "fixed_option"
    assert refused("configure", options={"preassigned": {"1": "rp-reptilien"}}) == "hidden_from_host"
    game.do(Command(type="configure", by=MJ, at=game.at, args={"options": {"debate": 30}}))
    game.do(Command(type="start", by=MJ, at=game.at))
    assert refused("kill", seat=2) == "hidden_from_host"
    assert refused("set_role", seat=2, role="rp-villageois") == "hidden_from_host"
    names = {c["name"] for c in view(game.state, 0)["channels"]}
    assert not any(n.startswith("mj:") for n in names), "a private thread to an MJ who is not there"


# -- through the real app ----------------------------------------------------------------------------------------
FAST = {"night_step": 0.6, "plausible_min": 0.15, "plausible_max": 0.25, "lovers_talk": 0.3, "mj_time": 1,
        "dawn": 0.2, "death_choice": 0.5, "debate": 0.2, "vote": 1.5, "session_choice": 0.5, "law_time": 0.5,
        "condemned_window": 0.5, "invoke_time": 1, "show_time": 1, "reaction": 0.5, "festival": 0.3,
        "heritage": 0.5, "move_time": 0.5, "marriages": 0.5, "pickpocket": 0.5}
COMPOSITION = ["rp-reptilienne-alpha", "rp-reptilien", "rp-villageois", "rp-villageois", "rp-villageois",
               "rp-villageois", "rp-villageois", "rp-orphee", "rp-marchand-de-sable", "rp-laura", "rp-voleur",
               "rp-psychopathe", "rp-eris", "rp-fureteur"]
SLOTS = ("camp", "specialty", "specialty2")


def shown(v: dict[str, Any], me: int | None = None) -> set[tuple[int, str, str]]:
    return {(p["seat"], slot, card) for p in v["players"] if p["seat"] != me
            for slot, card in (p.get("cards") or {}).items() if card is not None}


def told(client: Client, seat: int) -> set[tuple[int, str, str]]:
    """What the host's seat was told of others' cards, from its own stream: a card shown (`rp-learn`), a fellow of
    a group that knows each other (seen as the group's plain card)."""
    plain = {"rp-reptiliens": "rp-reptilien", "rp-souris": "rp-souris"}
    out: set[tuple[int, str, str]] = set()
    for e in client.events:
        d = e.get("data") or {}
        if e["type"] == "rp-learn" and seat in d.get("viewers", []):
            out.add((d["seat"], d["slot"], d["card"]))
        elif e["type"] == "rp-fellows" and seat in d.get("viewers", d.get("seats", [])) and d["group"] in plain:
            out |= {(s, "camp", plain[d["group"]]) for s in d["seats"]}
    return out


async def test_a_reptiliens_host_who_plays_through_the_real_app(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        # With a human MJ, or the MJ's draws, the creator cannot play; nothing is made.
        for bad in ({"moderation": "mj"}, {"draws": "mj"}):
            refused = await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": bad, "play_as": "Hé"})
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "host_plays_needs_auto"
        reply = await http.post("/api/rooms", json={
            "ruleset": "reptiliens", "options": {**FAST, "moderation": "auto", "lovers": "none"},
            "composition": COMPOSITION, "play_as": "Hélène"})
        assert reply.status_code == 201, reply.text
        room = reply.json()
        code = room["code"]
        assert room["seat"] == 0 and room["token"] != room["mj_token"]
        # /r/CODE/mj is no console: the host's controls are on their player page.
        page = await http.get(f"/r/{code}/mj")
        assert 'id="host-plays-notice"' in page.text and 'id="mj-app"' not in page.text
        assert 'id="host-bar"' in (await http.get(f"/r/{code}")).text
        host = Client(base, code, room["token"], "Hélène")
        console = Client(base, code, room["mj_token"], "host's token")
        spectator = Client(base, code)
        for c in (host, console, spectator):
            await c.connect()
        assert host.view["options"]["host_plays"] is True and "mj" not in console.view
        others = []
        for i in range(7):
            joined = (await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i + 1}"})).json()
            others.append(Client(base, code, joined["token"], f"P{i + 1}"))
            await others[-1].connect()
        # Remove a player before the start: a host's command.
        leaving = others.pop()
        await console.do("leave", seat=7)
        await console.wait_for(lambda v: len(v["players"]) == 7)
        await leaving.close()

        # The host runs the table, not the game: the rest is refused before the engine sees it.
        for command, args in (("advance", {}), ("undo", {}), ("rp-carnage", {"on": True}), ("kill", {"seat": 2}),
                              ("say", {"channel": "village", "text": "MJ !"})):
            answer = await console.send(command, **args)
            assert answer["type"] == "rejected" and answer["code"] == "host_plays", (command, answer)
        assert (await console.send("configure", options={"host_plays": False}))["code"] == "fixed_option"
        await console.do("start")
        await console.wait_for(lambda v: v["phase"] == "night")
        await console.do("pause")
        await console.wait_for(lambda v: v["paused"])
        await console.do("resume")
        await console.wait_for(lambda v: not v["paused"])
        # A substitute for seat 3, seated by the host's token (an HTTP route).
        sub = await http.post(f"/api/rooms/{code}/substitute", json={"seat": 3, "name": "Remplaçant"},
                              headers={"Authorization": f"Bearer {room['mj_token']}"})
        assert sub.status_code == 201, sub.text
        gone = next(c for c in others if c.view.get("me", {}).get("seat") == 3)
        await gone.close()
        others = [c for c in others if c is not gone]
        newcomer = Client(base, code, sub.json()["token"], "Remplaçant")
        await newcomer.connect()
        others.append(newcomer)
        assert (await http.post(f"/api/rooms/{code}/substitute", json={"seat": 3},
                                headers={"Authorization": f"Bearer {room['token']}"})).status_code == 403

        rnd = random.Random(22)
        tasks = [asyncio.create_task(bot(c, random.Random(rnd.random()))) for c in [host, *others]]
        try:
            await console.wait_for(lambda v: v["phase"] == "ended", timeout=150)
        except TimeoutError:
            await console.do("end")  # a long game: the host stops it (a host's command), as a table would
            await console.wait_for(lambda v: v["phase"] == "ended")
        for t in tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await t
        await host.wait_for(lambda v: v["phase"] == "ended")
        await spectator.wait_for(lambda v: v["phase"] == "ended")

        # Hostile check: every card the host's two sockets were shown before the end, the spectator was shown too
        # (a card turned face up), or the host's seat was told it by the rules, or it is the host's own.
        public = set().union(*(shown(v) for v in views(spectator, until_end=True)))
        allowed = public | told(host, 0)
        host_views = views(host, until_end=True)
        assert host_views
        for v in host_views:
            assert "mj" not in v and v["viewer"] == {"kind": "seat", "seat": 0}
            fates = (v.get("village") or {}).get("dead") or {}
            if 0 in fates.get("spirits", []) + fates.get("inheritance", []):
                continue  # §9: a dead spirit sees the whole night; the rules say so
            assert shown(v, me=0) <= allowed, f"the host's seat saw {shown(v, me=0) - allowed}"
            if v["phase"] != "lobby":
                assert set(v["secrets"]) >= {"fellows", "personal"}  # its own seat's secrets, and only those
        for v in views(console, until_end=True):
            assert "mj" not in v and v["viewer"] == {"kind": "mj"}
            assert shown(v) <= public, f"the host's token saw {shown(v) - public}"
            assert all(p["visibility"] == "public" for p in v["prompts"])
        # The token's stream is the spectators' stream until the end.
        ended = next(i for i, e in enumerate(console.events) if e["type"] == "ended")
        ended_spectator = next(i for i, e in enumerate(spectator.events) if e["type"] == "ended")
        assert console.events[:ended] == spectator.events[:ended_spectator]
        raw = json.dumps([f for f in console.frames if f.get("stream") == "own"])
        for secret in ('"seed"', '"rp-lovers"', '"pending"', '"reptiliens": {', '"secrets"'):
            assert secret not in raw, secret
        assert not mj_only_sent(f for f in console.frames if f.get("stream") == "own")
        own_stream = json.dumps([f for f in host.frames if f.get("stream") == "own"])
        assert not mj_only_sent(f for f in host.frames if f.get("stream") == "own") and '"seed"' not in own_stream

        # The rematch: the host's token opens the group's next room; the host still plays in it.
        again = await http.post(f"/api/rooms/{code}/rematch", headers={"Authorization": f"Bearer {room['mj_token']}"})
        assert again.status_code == 201, again.text
        info = (await http.get(f"/api/rooms/{again.json()['code']}")).json()
        assert info["view"]["options"]["host_plays"] is True and info["view"]["phase"] == "lobby"
        for c in [host, console, spectator, *others]:
            await c.close()


def test_options_that_do_not_go_together_are_named_or_called_a_conflict() -> None:
    """A check across options never reads "Invalid option: ." (issue 24): it names the option it is about, or is
    `options_conflict`, each with its text in both languages."""
    with pytest.raises(Rejected) as info:
        new_state("reptiliens", 1, options={"first_weekday": "sun"})
    assert info.value.rejection.code == "bad_options"
    assert info.value.rejection.params == {"option": "first_weekday"}
    with pytest.raises(Rejected) as info:
        new_state("thiercelieux", 1, options={"characters": 2, "cards": "small"})
    assert info.value.rejection.code == "options_conflict" and not info.value.rejection.params
    catalogues = [json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text())
                  for lang in ("fr", "en")]
    for code in ("options_conflict", "host_plays_needs_auto", "bad_options"):
        assert all(f"error.{code}" in texts for texts in catalogues), code
