"""Issue 14, items 4 and 8 in the pages, in headless Chromium: a dead player's phone asks whether to become a ghost
(004) and the ghost is marked for all; during the Chaman's night step (001) his phone says it is his turn to listen,
the MJ's console names him as the one who hears the relay, and what the MJ passes on reaches his "Esprits" tab.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import command
from tools.client import Client
from tools.serve import serve

pytestmark = pytest.mark.browser
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]
WIDE = {"width": 1280, "height": 860}


def quiet(errors: list[str]) -> list[str]:
    return [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e]


async def test_the_ghost_question_and_the_chamans_step(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    # Long night steps: the MJ closes the wolves' step by hand, and the Chaman's then lasts long enough to look at.
    options = {"moderation": "mj", "captain": False, "ghosts": True, "night_step": 300, "plausible_min": 200,
               "plausible_max": 200, "preassigned": {"0": "chaman", "1": "loup-garou"}}
    composition = ["chaman", "loup-garou"] + ["villageois"] * 4
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition})).json()
        code, mj_token = room["code"], room["mj_token"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]
        pages = {}
        for seat in (0, 2):
            page = await phone(browser, errors, NAMES[seat])
            await page.goto(f"{base}/r/{code}?lang=fr#t={tokens[seat]}")
            await page.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view")
            pages[seat] = page
        alice, chloe = pages[0], pages[2]
        mj = await phone(browser, errors, "mj")
        await mj.set_viewport_size(WIDE)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={mj_token}")
        await command(http, code, mj_token, "start")

        # -- the Chaman's phone has the spirits' tab because the server lists it for him (no message is there yet) --
        spirits_tab = ".chat-tab[data-channel='spirits']"
        await alice.locator(spirits_tab).wait_for(state="attached")
        channels = "window.veillee.conn.view.channels.map((c) => c.name)"
        listed = f"() => {channels}"
        assert "spirits" in await alice.evaluate(listed)
        await chloe.wait_for_function("() => window.veillee.conn.view.phase === 'night'")
        assert "spirits" not in await chloe.evaluate(listed)
        assert await chloe.locator(spirits_tab).count() == 0

        # -- 004: Chloé dies; her phone asks whether she becomes a ghost ---------------------------------------------
        await command(http, code, mj_token, "kill", seat=2)
        question = chloe.locator(".prompt[data-step=fantome]")
        await question.wait_for()
        assert "fantôme" in (await question.locator(".prompt-title").inner_text()).lower()
        # Night: a dead player's open question is not "his turn" (the wolves are acting).
        assert await chloe.locator(".headline-act").count() == 0
        await chloe.screenshot(path=str(shots / "i14-ghost-question.png"))
        await question.locator("[data-answer=ghost]").click()
        await question.wait_for(state="detached")
        await alice.locator("[data-mark=mark-ghost]").first.wait_for(state="attached")
        await alice.screenshot(path=str(shots / "i14-ghost-mark.png"), full_page=True)

        # -- she writes to the Chaman, whom she does not know ----------------------------------------------------------
        if await chloe.locator("#tab-chat").is_visible():
            await chloe.click("#tab-chat")
        await chloe.click(".chat-tab[data-channel='chaman']")
        await chloe.fill(".chat-input", "Méfiez-vous de Bruno")
        await chloe.press(".chat-input", "Enter")
        await chloe.wait_for_selector(".msg.mine .msg-text:text-is('Méfiez-vous de Bruno')")
        await chloe.screenshot(path=str(shots / "i14-ghost-writes-to-chaman.png"))

        # -- 001: the Chaman's step: his phone says it is his turn; the MJ relays ------------------------------------
        await command(http, code, mj_token, "advance")  # the wolves' step ends: the Chaman's opens
        headline = alice.locator(".headline-act")
        await headline.wait_for()
        assert "esprits" in (await headline.inner_text())
        await alice.screenshot(path=str(shots / "i14-chaman-listening.png"))
        await mj.click("#mj-chat .chat-tab[data-channel='chaman']")
        await mj.locator("#mj-chat .msg[data-channel=chaman] .chat-relay").first.click()
        label = mj.locator("label[for=relay-text]")
        await label.wait_for()
        assert "Alice" in await label.inner_text()
        await mj.screenshot(path=str(shots / "i14-mj-relay-during-chaman.png"))
        await mj.fill("#relay-text", "Un esprit murmure : méfiez-vous de Bruno")
        await mj.locator(".modal button[type=submit]").click()
        if await alice.locator("#tab-chat").is_visible():
            await alice.click("#tab-chat")
        await alice.click(spirits_tab)
        await alice.wait_for_selector(".msg-text:text-is('Un esprit murmure : méfiez-vous de Bruno')")
        await alice.screenshot(path=str(shots / "i14-chaman-hears.png"))
        # Dead, she has no spirits' channel in her list any more; a player who never was the Chaman never had one.
        await command(http, code, mj_token, "kill", seat=0)
        await alice.wait_for_function(f"() => !{channels}.includes('spirits')")
        assert await chloe.locator(spirits_tab).count() == 0
        for page in (alice, chloe, mj):
            await page.context.close()
    assert not quiet(errors), errors


async def test_with_a_host_who_plays_the_dead_speak_to_the_chaman_in_his_step(database_url: str, browser: Any,
                                                                             shots: Path) -> None:
    """Automatic moderation with a host who plays (no MJ reads the dead): outside the Chaman's step the dead's line to
    him is read-only, with why; during it, what they write reaches him at once, signed "Les esprits"."""
    errors: list[str] = []
    # Short steps in real time: a host who plays may not close a step by hand.
    options = {"captain": False, "night_step": 12, "plausible_min": 6, "plausible_max": 6, "dawn": 0.5,
               "debate": 0.5, "vote": 1}
    composition = ["chaman", "loup-garou"] + ["villageois"] * 4
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition, "play_as": NAMES[0]})).json()
        code, host = room["code"], room["mj_token"]
        tokens = [room["token"]] + [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"]
                                    for n in NAMES[1:]]
        await command(http, code, host, "start")
        clients = [Client(base, code, token, name) for token, name in zip(tokens, NAMES, strict=True)]
        for client in clients:
            await client.connect()
            await client.wait_for(lambda v: (v.get("me") or {}).get("role") is not None)
        roles = [c.view["me"]["role"] for c in clients]
        chaman, wolf = roles.index("chaman"), roles.index("loup-garou")
        victim = next(s for s, r in enumerate(roles) if r == "villageois")
        hunt = next(p for p in clients[wolf].my_prompts() if p["step"] == "loups")
        await clients[wolf].do("answer", prompt=hunt["id"], answer=[victim])
        dead = await phone(browser, errors, NAMES[victim])
        await dead.goto(f"{base}/r/{code}?lang=fr#t={tokens[victim]}")
        listener = await phone(browser, errors, NAMES[chaman])
        await listener.goto(f"{base}/r/{code}?lang=fr#t={tokens[chaman]}")
        await clients[victim].wait_for(lambda v: v.get("phase") == "day")
        if await dead.locator("#tab-chat").is_visible():
            await dead.click("#tab-chat")
        await dead.click(".chat-tab[data-channel='chaman']")
        readonly = dead.locator(".chat-readonly")
        await readonly.wait_for()
        assert "court moment" in await readonly.inner_text()
        await dead.screenshot(path=str(shots / "i14-seance-readonly.png"))
        # Night 2, the Chaman's step: the séance (nightfall brings the phone back to the game's tab).
        await clients[victim].wait_for(lambda v: v.get("night") == 2 and (v.get("step") or {}).get("key") == "chaman")
        if await dead.locator("#tab-chat").is_visible():
            await dead.click("#tab-chat")
        await dead.click(".chat-tab[data-channel='chaman']")
        await dead.locator(".chat-input").wait_for(state="visible")
        await dead.fill(".chat-input", "Le loup ment")
        await dead.press(".chat-input", "Enter")
        if await listener.locator("#tab-chat").is_visible():
            await listener.click("#tab-chat")
        await listener.click(".chat-tab[data-channel='spirits']")
        await listener.wait_for_selector(".msg-text:text-is('Le loup ment')")
        assert "esprits" in (await listener.locator(".msg-author").first.inner_text()).lower()
        await listener.screenshot(path=str(shots / "i14-seance-heard.png"))
        for client in clients:
            await client.close()
        for page in (dead, listener):
            await page.context.close()
    assert not quiet(errors), errors


async def test_a_dead_player_away_at_his_death_comes_back_to_the_whole_stream(database_url: str, browser: Any) -> None:
    """With `dead_see_all`, a player who dies while his page is away comes back to the stream of every event: the
    page names the stream it holds in its hello and the server, whose rule that is, sends the other one whole (the
    page copies no room option to decide it)."""
    errors: list[str] = []
    options = {"moderation": "mj", "captain": False, "dead_see_all": True, "night_step": 300,
               "preassigned": {"0": "loup-garou"}}
    composition = ["loup-garou"] + ["villageois"] * 5
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition})).json()
        code, mj_token = room["code"], room["mj_token"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]
        await command(http, code, mj_token, "start")
        page = await phone(browser, errors, NAMES[2])
        await page.goto(f"{base}/r/{code}?lang=fr#t={tokens[2]}")
        await page.wait_for_function("() => window.veillee.conn.view && window.veillee.conn.view.phase === 'night'")
        assert await page.evaluate("() => window.veillee.conn.stream") == "own"
        await page.evaluate("() => window.veillee.conn.stop()")
        await command(http, code, mj_token, "kill", seat=2)
        await page.evaluate("() => window.veillee.conn.connect()")
        await page.wait_for_function("() => window.veillee.conn.stream === 'all' && !window.veillee.conn.view.me.alive")
        # The whole stream: its events say to whom each went, the wolves' secrets included.
        assert await page.evaluate("() => window.veillee.conn.events.every((e) => 'to' in e)")
        await page.context.close()
    assert not quiet(errors), errors
