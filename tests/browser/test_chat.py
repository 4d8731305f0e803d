"""The chat in the pages, in headless Chromium: three players on phone-size screens and the MJ talk in the lobby's
village thread and see each other's messages live, with names; a spectator does not see a player's private thread
with the MJ; the MJ hides a message and it disappears from the players' pages; a reload brings the history back.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import phone
from tools.client import create_room
from tools.serve import serve

pytestmark = pytest.mark.browser

NAMES = ["Alice", "Bruno", "Chloé"]
SAID = ["Bonsoir tout le monde !", "Salut Alice, prête à débusquer les loups ?", "Je me méfie déjà de Bruno."]
WIDE = {"width": 1280, "height": 860}


async def say(page: Any, text: str, channel: str = "village") -> None:
    """Open the chat (the phone's second tab), pick the channel, type and send with Enter."""
    if await page.locator("#tab-chat").is_visible():
        await page.click("#tab-chat")
    await page.click(f".chat-tab[data-channel='{channel}']")
    await page.fill(".chat-input", text)
    await page.press(".chat-input", "Enter")
    await page.wait_for_selector(f".msg.mine .msg-text:text-is('{text}')")


async def test_chat_in_the_pages(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        room = await create_room(base, options={"moderation": "mj"})
        code = room["code"]

        # -- the MJ's console on a wide screen, three players on their phones ---------------------------------------
        mj = await phone(browser, errors, "mj")
        await mj.set_viewport_size(WIDE)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={room['mj_token']}")
        await mj.wait_for_selector("#mj-chat .chat-tab[data-channel='village']")
        players = []
        for name in NAMES:
            page = await phone(browser, errors, name)
            await page.goto(f"{base}/r/{code}?lang=fr")
            await page.fill("#name-input", name)
            await page.click("#join-button")
            await page.wait_for_selector(".lobby")
            players.append(page)
        alice, bruno, chloe = players

        # -- they talk in the village's thread, and every page shows it live with the author's name ---------------
        for page, text in zip(players, SAID, strict=True):
            await say(page, text)
        for page in players:
            if await page.locator("#tab-chat").is_visible():
                await page.click("#tab-chat")
            log = page.locator(".chat-log")
            for text in SAID:
                await log.locator(f".msg-text:text-is('{text}')").wait_for()
        # Names: the others' messages carry their author's name; one's own are "Vous".
        bruno_msg = chloe.locator(".msg", has=chloe.locator(f".msg-text:text-is('{SAID[1]}')"))
        assert (await bruno_msg.locator(".msg-author").inner_text()).strip() == "Bruno"
        assert (await alice.locator(".msg.mine .msg-author").first.inner_text()).strip() == "Vous"
        await mj.locator("#mj-chat .msg-text:text-is('Je me méfie déjà de Bruno.')").wait_for()

        # -- Alice writes privately to the MJ; a spectator never sees it --------------------------------------------
        await say(alice, "Meneur, je crois que Bruno bluffe.", channel="mj:0")
        await mj.locator("#mj-chat .msg-text:text-is('Meneur, je crois que Bruno bluffe.')").wait_for()
        spectator = await phone(browser, errors, "spectator")
        await spectator.goto(f"{base}/r/{code}?lang=fr")
        await spectator.click("#watch-button")
        await spectator.click("#tab-chat")
        await spectator.locator(".msg-text:text-is('Je me méfie déjà de Bruno.')").wait_for()
        assert await spectator.locator(".chat-tab[data-channel^='mj:']").count() == 0
        # Spectators talk among themselves, under a name asked once.
        await spectator.click(".chat-tab[data-channel='spectators']")
        await spectator.fill(".chat-name-input", "Zoé")
        await spectator.fill(".chat-input", "Je regarde sans rien dire.")
        await spectator.press(".chat-input", "Enter")
        await spectator.locator(".msg-text:text-is('Je regarde sans rien dire.')").wait_for()
        await mj.locator("#mj-chat .msg-text:text-is('Je regarde sans rien dire.')").wait_for()
        # Neither on screen nor anywhere in what the page received.
        assert "je crois que Bruno" not in await spectator.locator("#room").inner_text()
        assert "je crois que Bruno" not in await spectator.evaluate("JSON.stringify(window.veillee.conn.events)")
        assert "Je regarde sans rien dire" not in await bruno.locator("#room").inner_text()

        # -- the MJ hides Chloé's message: it disappears from every page -------------------------------------------
        await mj.click("#mj-chat .chat-tab[data-channel='village']")
        target = mj.locator("#mj-chat .msg", has=mj.locator(".msg-text:text-is('Je me méfie déjà de Bruno.')"))
        await target.locator(".chat-hide").click()  # arms the button
        await target.locator(".chat-hide.armed").click()  # confirms
        await mj.locator("#mj-chat .msg.is-hidden").wait_for()
        for page in [*players, spectator]:
            await page.click(".chat-tab[data-channel='village']")
            await page.locator(".msg.is-hidden").first.wait_for()
            assert "Je me méfie déjà de Bruno." not in await page.locator(".chat-log").inner_text()
        await mj.screenshot(path=str(shots / "chat-mj-hidden-1280.png"))
        await bruno.screenshot(path=str(shots / "chat-lobby-390.png"))

        # -- a reload brings the history back (from the event stream), still without the hidden text ---------------
        await chloe.reload()
        await chloe.wait_for_selector("#tab-chat.active")  # the phone stays on the tab it showed
        await chloe.locator(".msg-text:text-is('Bonsoir tout le monde !')").wait_for()
        await chloe.locator(".msg-text:text-is('Salut Alice, prête à débusquer les loups ?')").wait_for()
        assert await chloe.locator(".msg.is-hidden").count() == 1
        assert "Je me méfie déjà de Bruno." not in await chloe.locator(".chat-log").inner_text()

        for page in [mj, *players, spectator]:
            await page.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
