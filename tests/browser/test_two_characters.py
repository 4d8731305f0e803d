"""Two characters per player (004) on a phone, in headless Chromium: Alice's phone shows two role cards, one per
character; at night the Voyante's question comes for her second character, says so, and her answer is taken for
it; her journal tells her the card she probed. Bruno's phone shows neither of Alice's cards.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from app.i18n import translate
from tests.support.browser import phone
from tests.support.ws import start_room, started_room
from tools.serve import serve

pytestmark = pytest.mark.browser

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]
# Seats 5-9 are the second characters, in the players' order: seat 5 is Alice's, seat 6 Bruno's.
PRESET = {"0": "villageois", "5": "voyante", "1": "loup-garou", "6": "villageois"}
# A night step lasts 10 s, answered or not: the Voyante learns the card when hers ends.
OPTIONS = {"moderation": "auto", "characters": 2, "captain": False, "night_step": 60, "plausible_min": 10,
           "plausible_max": 10, "dawn": 1, "debate": 60, "vote": 60, "reaction": 30, "preassigned": PRESET}
COMPOSITION = ["loup-garou", "loup-garou", "voyante"] + ["villageois"] * 7


async def test_two_characters_on_a_phone(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await started_room(http, OPTIONS, COMPOSITION, NAMES, start=False)
        code = room["code"]

        # The phones are open before the game starts: the Voyante's step lasts 10 s, which a loaded machine may
        # spend loading a page.
        alice = await phone(browser, errors, "Alice")
        await alice.goto(f"{base}/r/{code}#t={tokens[0]}")
        bruno = await phone(browser, errors, "Bruno")
        await bruno.goto(f"{base}/r/{code}#t={tokens[1]}")
        await alice.wait_for_selector(".lobby")  # the socket is open and the room's view drawn
        await bruno.wait_for_selector(".lobby")
        await start_room(http, room)

        # -- two cards on Alice's phone, one per character ---------------------------------------------------------
        await alice.wait_for_selector(".role-card >> nth=1")
        cards = await alice.locator(".role-card .role-name").all_inner_texts()
        assert [c.strip() for c in cards] == [translate("fr", "role.villageois"), translate("fr", "role.voyante")]
        assert "Alice · 2" in (await alice.locator(".role-card >> nth=1").text_content() or "")
        await alice.wait_for_selector(".player.me >> nth=1")  # both her seats are marked as hers

        # -- the Voyante's question, for her second character ------------------------------------------------------
        prompt = alice.locator(".prompt[data-step=voyante]")
        await prompt.wait_for()
        assert "Alice · 2" in (await prompt.locator(".acting-as").text_content() or "")
        await alice.screenshot(path=str(shots / "two-characters-night.png"), full_page=True)
        await prompt.locator("button.target[data-seat='1']").click()
        await alice.wait_for_selector(".feed :text('Bruno est Loup-Garou')")

        # -- Bruno sees his own two cards, never Alice's -----------------------------------------------------------
        await bruno.wait_for_selector(".role-card >> nth=1")
        village = await bruno.locator("#village").inner_text()
        assert translate("fr", "role.voyante") not in village
        await bruno.screenshot(path=str(shots / "two-characters-bruno.png"), full_page=True)
        # -- the MJ's console, at a desktop's width: ten characters, each with its card ----------------------------
        context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        console = await context.new_page()
        console.on("pageerror", lambda exc: errors.append(f"mj: {exc}"))
        await console.goto(f"{base}/r/{code}/mj#k={room['mj_token']}")
        await console.wait_for_selector(".seat-card >> nth=9")
        roles = [r.strip() for r in await console.locator(".seat-card .seat-role").all_inner_texts()]
        assert len(roles) == 10 and all(roles), roles
        await console.screenshot(path=str(shots / "two-characters-mj.png"), full_page=False)
        for page in (alice, bruno, console):
            await page.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
