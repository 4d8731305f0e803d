"""Issue 28, item 2: Web Push, through the real app (uvicorn, HTTP, websockets, the database: SQLite, or PostgreSQL
when TEST_DATABASE_URL is set) and a push service of our own on 127.0.0.1 (tests/support/push_receiver.py) that
checks every push's VAPID signature and decrypts its payload.

Absences are proven without waiting for a while: the app sends one room's pushes from one queue, in order, each push
to all its subscribers before the next (app/push/sender.py), so once a later push reached a subscriber, an earlier
one it did not receive was never sent to it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from app.i18n import LANGS, catalogue, translate
from app.push.endpoints import BadEndpoint, PublicResolver, check_endpoint
from app.push.keys import load_or_create
from app.store.db import Database
from tests.support.edge import live
from tests.support.engine import FORBIDDEN_KEYS
from tests.support.push_receiver import Receiver, Subscriber, receiver
from tests.support.ws import eventually, open_room
from tools.client import Client

pytestmark = pytest.mark.slow
SUBJECT = "mailto:tests@veillee.example"
LEAD = 2.0  # the vote reminder, seconds before the vote closes (PUSH_VOTE_REMINDER; an hour in production)
WOLF, VILLAGER = "loup-garou", "villageois"
COMPOSITION = [WOLF, VILLAGER, VILLAGER, VILLAGER, VILLAGER, VILLAGER]
# A quick game: a night of a second, a vote of 6 s (three times the reminder's lead: it is reminded).
QUICK = {"moderation": "auto", "captain": False, "night_step": 1, "plausible_min": 1, "plausible_max": 1, "dawn": 0.3,
         "debate": 0.3, "vote": 3 * LEAD, "reaction": 1}
SETTINGS: dict[str, Any] = {"push_allow_local": True, "vapid_subject": SUBJECT, "push_vote_reminder": LEAD}


@asynccontextmanager
async def served(database_url: str) -> AsyncIterator[tuple[str, Receiver]]:
    async with live(database_url, **SETTINGS) as base, httpx.AsyncClient(base_url=base) as http:
        key = (await http.get("/api/push/key")).json()["key"]
        async with receiver(key, SUBJECT) as rec:
            yield base, rec


async def subscribe(base: str, code: str, token: str, sub: Subscriber, lang: str) -> None:
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post(f"/api/rooms/{code}/push", json=sub.subscription(lang),
                            headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text


async def subscribed(base: str, code: str, token: str, sub: Subscriber) -> bool:
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post(f"/api/rooms/{code}/push/state", json={"endpoint": sub.endpoint},
                            headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        found: bool = r.json()["subscribed"]
        return found


def check_payload(payload: dict[str, Any], code: str, lang: str, cards: set[str]) -> None:
    """A push holds exactly its four texts, its link is the room's page, and nothing its owner may not see: no key
    of the engine's secrets (the secrecy checker's FORBIDDEN_KEYS), and no card's name in either language (not even
    the owner's own: a phone's lock screen shows it to the table)."""
    assert set(payload) == {"title", "body", "url", "tag"}, payload
    assert all(isinstance(v, str) for v in payload.values()), payload
    assert payload["url"] == f"/r/{code}"
    assert payload["tag"].startswith(f"veillee-{code}-")
    assert not FORBIDDEN_KEYS & set(payload)
    text = f"{payload['title']} {payload['body']}".lower()
    for other in LANGS:
        for card in cards:
            name = catalogue(other).get(f"role.{card}", card).lower()
            assert name not in text, (name, payload)
    for word in ("loup", "wolf", "wolves", "voyante", "seer"):
        assert word not in text, (word, payload)


def expected(kind: str, lang: str, code: str, **params: Any) -> tuple[str, str]:
    key = "mj_private" if kind == "mj_private" else kind
    if kind == "vote_closing":
        params["in"] = translate(lang, "push.in_minutes", minutes=1)  # 2 s: "1 minute", the shortest it says
    return translate(lang, f"push.{key}.title", code=code), translate(lang, f"push.{key}.body", code=code, **params)


async def seated(base: str, rec: Receiver, options: dict[str, Any]) -> tuple[dict[str, Any], Client, list[Client],
                                                                             list[Subscriber], list[str]]:
    """A room with its MJ and six players connected, each (and the MJ) subscribed: seats in French and English by
    turns, the MJ in English."""
    room, mj, players = await open_room(base, 6, options, COMPOSITION)
    subs, langs = [], []
    for i, c in enumerate(players):
        sub, lang = rec.subscriber(f"seat{i}"), LANGS[i % 2]
        assert c.token is not None
        await subscribe(base, room["code"], c.token, sub, lang)
        subs.append(sub)
        langs.append(lang)
    host = rec.subscriber("mj")
    await subscribe(base, room["code"], room["mj_token"], host, "en")
    return room, mj, players, [*subs, host], [*langs, "en"]


async def test_each_kind_of_push_arrives_signed_encrypted_and_in_its_language(database_url: str) -> None:
    async with served(database_url) as (base, rec):
        room, mj, players, subs, langs = await seated(base, rec, {**QUICK, "personal_pushes": "on"})
        code = room["code"]
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: v.get("me", {}).get("role"))
        wolf = next(i for i, c in enumerate(players) if c.view["me"]["role"] == WOLF)
        # Night 1 (a second), the day, its vote of 6 s reminded 2 s before it closes, then night 2.
        await mj.wait_for(lambda v: v["phase"] == "night" and v["night"] == 2)
        await mj.do("say", channel="village", text="Bonsoir à tous")
        await mj.do("say", channel=f"mj:{wolf}", text="Un mot pour toi")
        await mj.do("end")
        await eventually(lambda: all("ended" in s.kinds() for s in subs), "the end's push to every subscriber")
        assert rec.refused == []
        for i, (sub, lang) in enumerate(zip(subs, langs, strict=True)):
            kinds = sub.kinds()
            seat = i if i < len(players) else None
            # Public pushes to all alike, in the game's order; a question for each seat asked one (the wolf each
            # night, the living at the vote), the MJ's private word to the wolf alone.
            public = [k for k in kinds if k not in ("prompt", "mj_private")]
            assert public == ["started", "vote_closing", "night", "mj", "ended"], (sub.name, kinds)
            prompts = kinds.count("prompt")
            assert prompts == (0 if seat is None else 3 if seat == wolf else 1), (sub.name, kinds)
            if seat == wolf:
                assert kinds.index("prompt") < kinds.index("vote_closing")  # the night's question came first
            for got in sub.received:
                check_payload(got.payload, code, lang, set(COMPOSITION))
            texts = {r.payload["tag"].rsplit("-", 1)[1]: (r.payload["title"], r.payload["body"]) for r in sub.received}
            assert texts["started"] == expected("started", lang, code)
            assert texts["night"] == expected("night", lang, code, night=2)
            assert texts["vote_closing"] == expected("vote_closing", lang, code)
            assert texts["ended"] == expected("ended", lang, code)
            assert texts["mj"] == expected("mj", lang, code, text="Bonsoir à tous")
            assert kinds.count("mj") == 1
            if seat == wolf:
                assert kinds.count("mj_private") == 1
                assert texts["mj_private"] == expected("mj_private", lang, code, text="Un mot pour toi")
                assert texts["prompt"] == expected("prompt", lang, code)
            else:
                assert "mj_private" not in kinds, (sub.name, kinds)
            urgent = {r.payload["tag"].rsplit("-", 1)[1]: (r.urgency, r.ttl) for r in sub.received}
            assert urgent["vote_closing"] == ("high", int(LEAD))
            assert urgent["started"][0] == "normal" and urgent["started"][1] > 0
        # French and English both came (seat 0 reads French, seat 1 English).
        assert subs[0].received[0].payload["title"] != subs[1].received[0].payload["title"]
        for c in [mj, *players]:
            await c.close()


async def test_a_live_table_gets_no_personal_push(database_url: str) -> None:
    """At a live table (the default, `personal_pushes: auto`), neither the wolf's question nor the MJ's private word
    is pushed: a phone buzzing alone would give its owner away. Everyone gets the public pushes alike."""
    async with served(database_url) as (base, rec):
        options = {**QUICK, "night_step": 30, "plausible_min": 30, "plausible_max": 30}  # night 1 lasts
        room, mj, players, subs, _langs = await seated(base, rec, options)
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: v.get("me", {}).get("role"))
        wolf = next(i for i, c in enumerate(players) if c.view["me"]["role"] == WOLF)
        await players[wolf].wait_for(lambda v: any(p["mine"] for p in v["prompts"]))  # his question is open
        await mj.do("say", channel=f"mj:{wolf}", text="Un mot pour toi")
        await mj.do("end")
        await eventually(lambda: all("ended" in s.kinds() for s in subs), "the end's push to every subscriber")
        assert rec.refused == []
        for sub in subs:
            assert sub.kinds() == ["started", "ended"], (sub.name, sub.kinds())
            for got in sub.received:
                check_payload(got.payload, room["code"], "fr", set(COMPOSITION))
        for c in [mj, *players]:
            await c.close()


async def test_a_short_vote_is_not_recalled(database_url: str) -> None:
    """A vote shorter than twice the reminder's lead gets no "closes soon" push (it would arrive as it opens); the
    second night is pushed (the first was the start's)."""
    async with served(database_url) as (base, rec):
        _room, mj, players, subs, _langs = await seated(base, rec, {**QUICK, "vote": 1.5 * LEAD})
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night" and v["night"] == 2)
        await mj.do("end")
        await eventually(lambda: all("ended" in s.kinds() for s in subs), "the end's push to every subscriber")
        assert rec.refused == []
        for sub in subs:
            assert sub.kinds() == ["started", "night", "ended"], (sub.name, sub.kinds())
        for c in [mj, *players]:
            await c.close()


async def test_a_vote_reminder_survives_a_restart(database_url: str) -> None:
    """The "vote closes soon" push waits in memory: a server restarted during the vote arms it again (for the rooms
    with a running deadline and a subscription), and every subscriber still gets it, once."""
    options = {**QUICK, "vote": 15 * LEAD}  # reminded 28 s into the vote: a restart takes a second or two
    async with live(database_url, **SETTINGS) as base, httpx.AsyncClient(base_url=base) as http:
        key = (await http.get("/api/push/key")).json()["key"]  # made now, kept in the database
    async with receiver(key, SUBJECT) as rec:
        async with live(database_url, **SETTINGS) as base:
            _room, mj, players, subs, _langs = await seated(base, rec, options)
            await mj.do("start")
            await mj.wait_for(lambda v: v["phase"] == "day" and v["step"] is not None and "vote" in v["step"]["key"])
            for c in [mj, *players]:
                await c.close()
        # The first night's push is the start's. The end's would come only after the reminder: none came yet.
        assert all(sub.kinds() == ["started"] for sub in subs), [sub.kinds() for sub in subs]
        async with live(database_url, **SETTINGS):
            await eventually(lambda: all("vote_closing" in s.kinds() for s in subs), "the reminder after the restart")
        assert rec.refused == []
        for sub in subs:
            assert sub.kinds()[:2] == ["started", "vote_closing"] and sub.kinds().count("vote_closing") == 1, \
                (sub.name, sub.kinds())


async def test_a_gone_subscription_is_deleted(database_url: str) -> None:
    """A push service's 410 Gone: the subscription is deleted; the others stay."""
    async with served(database_url) as (base, rec):
        room, mj, players, subs, _langs = await seated(base, rec, QUICK)
        subs[0].status = 410
        await mj.do("end")
        await eventually(lambda: all("ended" in s.kinds() for s in subs[1:]), "the end's push")
        code = room["code"]
        assert players[0].token is not None and players[1].token is not None
        await eventually(lambda: _gone(base, code, players[0].token or "", subs[0]), "the gone subscription's removal")
        assert await subscribed(base, code, players[1].token, subs[1])
        for c in [mj, *players]:
            await c.close()


async def _gone(base: str, code: str, token: str, sub: Subscriber) -> bool:
    return not await subscribed(base, code, token, sub)


async def test_a_seat_that_changed_hands_gets_nothing(database_url: str) -> None:
    """A substitute takes seat 0: the old token's subscription gets no push any more (it is no longer the seat's);
    seat 1 leaves the table: nor does his."""
    async with served(database_url) as (base, rec):
        room, mj, players, subs, _langs = await seated(base, rec, QUICK)
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/substitute", json={"seat": 0, "name": "Remplaçant"},
                                headers={"Authorization": f"Bearer {room['mj_token']}"})
            assert r.status_code in (200, 201), r.text
            r = await http.post(f"/api/rooms/{room['code']}/commands", json={"command": "leave", "args": {}},
                                headers={"Authorization": f"Bearer {players[1].token}"})
            assert r.status_code == 200, r.text
        await mj.do("end")
        await eventually(lambda: all("ended" in s.kinds() for s in subs[2:]), "the end's push")
        assert subs[0].kinds() == [] and subs[1].kinds() == []
        for c in [mj, *players]:
            await c.close()


async def test_keys_are_kept_across_restarts(database_url: str) -> None:
    async with live(database_url, **SETTINGS) as base, httpx.AsyncClient(base_url=base) as http:
        first = (await http.get("/api/push/key")).json()["key"]
    async with live(database_url, **SETTINGS) as base, httpx.AsyncClient(base_url=base) as http:
        assert (await http.get("/api/push/key")).json()["key"] == first  # a new process, the same database


async def test_two_processes_starting_at_once_share_one_key_pair(database_url: str) -> None:
    dbs = [Database(database_url) for _ in range(4)]
    try:
        found = await asyncio.gather(*(load_or_create(db) for db in dbs))
    finally:
        for db in dbs:
            await db.dispose()
    assert len({k.public_key for k in found}) == 1
    assert len({k.private_pem for k in found}) == 1


async def test_bad_subscriptions_get_a_clear_error(database_url: str) -> None:
    async with live(database_url) as base:  # production settings: no local endpoint
        room, mj, players = await open_room(base, 1, {"moderation": "auto"})
        code, token = room["code"], players[0].token
        good = Subscriber("x", "https://push.example.org/send/abc").subscription("fr")
        auth = {"Authorization": f"Bearer {token}"}
        cases: list[tuple[dict[str, Any], dict[str, str], int, str]] = [
            ({**good, "endpoint": "http://push.example.org/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://127.0.0.1:8000/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://localhost/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://10.1.2.3/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://[::1]/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://169.254.169.254/latest"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "https://user:pw@push.example.org/x"}, auth, 400, "bad_endpoint"),
            ({**good, "endpoint": "not a url"}, auth, 400, "bad_endpoint"),
            ({**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}, auth, 400, "bad_subscription"),
            ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "AAAA"}}, auth, 400, "bad_subscription"),
            ({**good, "keys": {"p256dh": "!!", "auth": "??"}}, auth, 400, "bad_subscription"),
            ({**good, "lang": "de"}, auth, 400, "bad_subscription"),
            ({**good, "extra": 1}, auth, 422, "bad_request"),
            ({"endpoint": good["endpoint"]}, auth, 422, "bad_request"),
            (good, {}, 403, "not_a_seat"),
            (good, {"Authorization": "Bearer nope"}, 403, "bad_token"),
        ]
        async with httpx.AsyncClient(base_url=base) as http:
            for body, headers, status, error in cases:
                r = await http.post(f"/api/rooms/{code}/push", json=body, headers=headers)
                assert r.status_code == status, (body, r.text)
                assert r.json()["error"]["code"] == error, (body, r.text)
                assert r.json()["error"]["message"]
            r = await http.post("/api/rooms/ZZZZZZ/push", json=good, headers=auth)
            assert r.status_code == 404
            r = await http.post(f"/api/rooms/{code}/push", json=good, headers=auth)  # a public push service
            assert r.status_code == 201, r.text
            assert r.json() == {"subscribed": True, "personal": False}  # a live table: public pushes only
            r = await http.request("DELETE", f"/api/rooms/{code}/push", json={"endpoint": good["endpoint"]},
                                   headers=auth)
            assert r.status_code == 200 and r.json() == {"subscribed": False}
        for c in [mj, *players]:
            await c.close()


def test_endpoints_the_server_will_not_call() -> None:
    for url in ("https://fcm.googleapis.com/fcm/send/x", "https://updates.push.services.mozilla.com/wpush/v2/x",
                "https://web.push.apple.com/Q", "https://8.8.8.8/x"):
        assert check_endpoint(url, allow_local=False) == url
    for url in ("http://fcm.googleapis.com/x", "https://192.168.1.10/x", "https://[fd00::1]/x", "https://0.0.0.0/x",
                "https://printer.local/x", "https://db.internal/x", "ftp://x.org/y", "https://x.org:99999/y"):
        with pytest.raises(BadEndpoint):
            check_endpoint(url, allow_local=False)
    assert check_endpoint("http://127.0.0.1:9/p", allow_local=True)  # tests only
    with pytest.raises(BadEndpoint):
        check_endpoint("http://10.0.0.1:9/p", allow_local=True)  # even then, this machine only


async def test_a_name_resolving_to_a_private_address_is_refused_when_sent_to() -> None:
    """DNS rebinding: a name checked when subscribed may point at this network later; the sender's resolver keeps
    public addresses only, at each connection."""
    with pytest.raises(OSError):
        await PublicResolver(allow_local=False).resolve("localhost", 443)
    assert await PublicResolver(allow_local=True).resolve("localhost", 443)
