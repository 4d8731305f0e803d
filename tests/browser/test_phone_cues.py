"""Issue 27, item 4, in headless Chromium: phones stay discreet. Five phones at one automatic Thiercelieux table
(the Voyante, a werewolf, two villagers, and a villager the MJ kills as the first night begins), each page's
`navigator.vibrate`, `Notification`, media `play`, `AudioContext` and speech spied by an init script that records
every call into `window.__cues` (with the public step the page holds then); every page reports itself hidden, so
that the notifications of a page in the background are exercised.

- Every phone is cued at the same steps (`window.veillee.cues`, the steps read from the stream, whatever the frames
  that brought them: a dead player's page gets the whole stream again at his death), whoever is asked, alive or
  dead, and vibrates at night with the same pattern; the same silent note when night falls; no question notifies
  anybody at night. Each page is tapped first, as a phone at the table is (a browser lets a page vibrate only then).
- No phone records a sound.
- By day, the players who have not answered the public vote get a last call 30 s and 10 s before it closes (one
  vibration each and a banner, "il reste 30 s" then "10 s"); those who voted get nothing. The pages' clocks are
  Playwright's (`page.clock`), fast-forwarded to the last calls: nothing waits for wall-clock seconds.
- A room whose `phone_cues` is `off` vibrates no phone.

Screenshots (VEILLEE_SHOTS=dir keeps them): a non-voter's phone at 390 px with the last call shown, on the game's tab
(30 s) and on the chat's (10 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.edge import live
from tests.support.page_checks import drawn
from tools.client import Client

pytestmark = pytest.mark.browser

NAMES = ["Voyante", "Loup", "Villa", "Villb", "Mort"]
CARDS = {"0": "voyante", "1": "loup-garou", "2": "villageois", "3": "villageois", "4": "villageois"}
# Short night steps; a day vote long enough for its last calls (the pages' clocks jump there).
OPTIONS = {"moderation": "auto", "captain": False, "night_step": 1.5, "dawn": 1, "debate": 1, "vote": 600,
           "reaction": 2, "preassigned": CARDS}
SPY = """(() => {
  window.__cues = [];
  const step = () => {
    const v = window.veillee && window.veillee.conn && window.veillee.conn.view;
    return v ? { phase: v.phase, step: v.step ? `${v.step.key}@${v.step.started}` : null } : {};
  };
  const record = (kind, detail) => window.__cues.push({ kind, detail, ...step() });
  navigator.vibrate = (pattern) => { record("vibrate", JSON.stringify(pattern)); return true; };
  class Note {
    constructor(title, options) { record("notify", JSON.stringify([title, Boolean(options && options.silent)])); }
    close() {}
  }
  Note.permission = "granted";
  Note.requestPermission = () => Promise.resolve("granted");
  window.Notification = Note;
  Object.defineProperty(Document.prototype, "hidden", { get: () => true, configurable: true });
  HTMLMediaElement.prototype.play = function () { record("sound", this.src || "media"); return Promise.resolve(); };
  const Audio = window.AudioContext;
  window.AudioContext = class { constructor() { record("sound", "AudioContext"); return new Audio(); } };
  if (window.speechSynthesis) window.speechSynthesis.speak = () => record("sound", "speech");
})()"""
CUES = "() => window.__cues"


async def phone_page(browser: Any, errors: list[str], label: str, url: str) -> Any:
    page = await phone(browser, errors, label)
    await page.context.add_init_script(SPY)
    await page.clock.install()  # the page's clock runs on, until the test makes it jump
    await page.goto(url)
    await page.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view")
    # A tap, as joining takes at the table: before one, the browser refuses to vibrate (and the page does not try).
    await page.keyboard.press("Shift")
    assert await page.evaluate("() => navigator.userActivation.hasBeenActive"), label
    return page


async def room_with(http: httpx.AsyncClient, base: str, options: dict[str, Any],
                    names: list[str]) -> tuple[dict[str, Any], list[Client]]:
    r = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                            "composition": [CARDS[str(i)] for i in range(len(names))]})
    assert r.status_code == 201, r.text
    room: dict[str, Any] = r.json()
    seats = []
    for name in names:
        joined = await http.post(f"/api/rooms/{room['code']}/join", json={"name": name})
        assert joined.status_code == 201, joined.text
        client = Client(base, room["code"], joined.json()["token"], name)
        await client.connect()
        seats.append(client)
    return room, seats


async def until(client: Client, predicate: Any) -> dict[str, Any]:
    return await client.wait_for(predicate, timeout=120)


def open_vote(v: dict[str, Any]) -> dict[str, Any] | None:
    return next((p for p in v.get("prompts", []) if p.get("visibility") == "public" and p.get("deadline")
                 and p["kind"] == "pick" and v.get("phase") == "day"), None)


async def test_every_phone_gets_the_same_cues(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, seats = await room_with(http, base, OPTIONS, NAMES)
        code = room["code"]
        pages = [await phone_page(browser, errors, name, f"{base}/r/{code}#t={seat.token}")
                 for name, seat in zip(NAMES, seats, strict=True)]
        mj = Client(base, code, room["mj_token"], "MJ")
        await mj.connect()
        await mj.do("start")
        await mj.do("kill", seat=4)  # a dead player at night
        # The Voyante looks at the werewolf (a question only she gets), the pack leaves the night without a victim.
        seer = await until(seats[0], lambda v: next((p for p in v.get("prompts", []) if p.get("mine")
                                                    and not p["answers"]), None))
        prompt = next(p for p in seer["prompts"] if p.get("mine") and not p["answers"])
        target = 1 if 1 in prompt["options"] else prompt["options"][0]
        await seats[0].send("answer", prompt=prompt["id"], answer=[target])
        v = await until(mj, open_vote)
        vote = open_vote(v)
        assert vote is not None
        # The Voyante and the werewolf vote; the villagers do not (yet); the dead is not asked.
        voters = [0, 1]
        idle = [s for s in vote["to"] if s not in voters]
        assert set(voters) <= set(vote["to"]) and idle and 4 not in vote["to"], vote
        for seat in voters:
            reply = await seats[seat].send("answer", prompt=vote["id"], answer=[idle[0]])
            assert reply["type"] == "ack", reply
        await until(mj, lambda v: all(str(s) in (open_vote(v) or {}).get("answers", {}) for s in voters))
        for page in pages:
            await page.wait_for_function("(id) => (window.veillee.conn.view.prompts || []).some((p) => p.id === id"
                                         " && Object.keys(p.answers).length === 2)", arg=vote["id"])
            await drawn(page)

        # -- the night: every phone the same cues -----------------------------------------------------------------
        cues = [await page.evaluate(CUES) for page in pages]
        if os.environ.get("VEILLEE_CUES"):
            print(json.dumps(cues, ensure_ascii=False, indent=0))
        told = [await page.evaluate("() => [...window.veillee.cues]") for page in pages]
        assert len([c for c in told[0] if c.split("@")[0] != vote["step"]]) >= 2, told[0]  # steps before the vote
        assert len(set(told[0])) == len(told[0]), told[0]  # one cue a step
        for name, got in zip(NAMES, told, strict=True):
            assert got == told[0], (name, got, told[0])
        night = [[c for c in got if c["phase"] == "night"] for got in cues]
        for name, got in zip(NAMES, night, strict=True):
            buzzes = [c["detail"] for c in got if c["kind"] == "vibrate"]
            assert buzzes and set(buzzes) == {"[200]"}, (name, got)  # the same pattern, on every phone
            assert [c for c in got if c["kind"] != "vibrate"] == [c for c in night[0] if c["kind"] != "vibrate"], name
        assert [c["detail"] for c in night[0] if c["kind"] == "notify"] == ['["Veillée\u00a0: la partie avance",true]']
        # By day a question still notifies a page in the background (the vote: the living; the dead is not asked).
        for name, got in zip(NAMES, cues, strict=True):
            asked = [c for c in got if c["kind"] == "notify" and c["phase"] == "day" and "c'est à vous" in c["detail"]]
            assert bool(asked) == (name != "Mort"), (name, got)

        # -- the day: last calls at 30 s and 10 s for those who have not voted ------------------------------------
        def calls(got: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [c for c in got if c["kind"] == "vibrate" and c["detail"] == "[400]"]

        # Each page's clock is moved to just past the moment, from what it has left itself: real time goes on
        # meanwhile (a loaded machine may take many seconds between two lines here), and the vote is long.
        async def move_to(page: Any, before: float) -> None:
            left = await page.evaluate("(d) => d - window.veillee.conn.now()", vote["deadline"])
            assert left > before + 1, left
            await page.clock.fast_forward(int((left - before + 0.5) * 1000))

        for page in pages:
            await move_to(page, 30)
        for seat in idle:
            await pages[seat].wait_for_selector(".banner-last-call[data-left='30']")
        await pages[idle[0]].screenshot(path=str(shots / "i27-phone-last-call-390.png"))
        for page in pages:
            await move_to(page, 10)
        for seat in idle:
            await pages[seat].wait_for_selector(".banner-last-call[data-left='10']")
            await pages[seat].click("#tab-chat")  # on whichever tab is open
            await pages[seat].wait_for_selector("#prompt-call:not([hidden]) .banner-last-call[data-left='10']")
        await pages[idle[0]].screenshot(path=str(shots / "i27-phone-last-call-chat-390.png"))
        await mj.do("advance")  # the vote ends now
        await until(mj, lambda v: open_vote(v) is None)
        for page in pages:
            await drawn(page)
        cues = [await page.evaluate(CUES) for page in pages]
        for seat, (name, got) in enumerate(zip(NAMES, cues, strict=True)):
            assert len(calls(got)) == (2 if seat in idle else 0), (name, calls(got))
            assert all(c["phase"] == "day" for c in calls(got)), got
            if seat not in idle:
                assert not await pages[seat].locator(".banner-last-call").count(), name
            assert not [c for c in got if c["kind"] == "sound"], (name, got)
        for seat in idle:
            assert not await pages[seat].locator(".banner-last-call").count(), "the vote is over"

        # -- a room without cues: no phone vibrates ---------------------------------------------------------------
        quiet, quiet_seats = await room_with(http, base, {**OPTIONS, "phone_cues": "off"}, NAMES)
        page = await phone_page(browser, errors, "quiet", f"{base}/r/{quiet['code']}#t={quiet_seats[2].token}")
        quiet_mj = Client(base, quiet["code"], quiet["mj_token"], "MJ")
        await quiet_mj.connect()
        assert quiet_mj.view["options"]["phone_cues"] == "off"
        await quiet_mj.do("start")
        first = await until(quiet_mj, lambda v: (v.get("step") or {}).get("started"))
        await until(quiet_mj, lambda v: (v.get("step") or {}).get("started") != first["step"]["started"])
        await drawn(page)
        assert not [c for c in await page.evaluate(CUES) if c["kind"] == "vibrate"]
        for client in [*seats, *quiet_seats, mj, quiet_mj]:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)
    assert not errors, errors
