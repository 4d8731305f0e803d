"""A whole `soupcons` game in headless Chromium at phone size: Alice creates a table on /soupcons with two bots,
speeds the bots up (HTTP, with the creator's token the page stored), starts from the lobby, plays every offer and
reply by clicking until the end screen, which shows every hand and the history with the true cards. A spectator
on another "phone" never sees a card face before the end; the host console shows every hand.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure.
Screenshots land in a temporary directory (VEILLEE_SHOTS=dir keeps them somewhere else).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.page_checks import settled
from tools.serve import serve

MAX_ROUNDS = 2000  # rounds of Alice's loop before the game counts as stuck (not seconds)
# How many card faces match a selector while the game runs (-1 once it is over), read in one go with the view.
FACES = """(selector) => window.veillee.conn.view.phase === "ended" ? -1
  : document.querySelectorAll(selector).length"""

pytestmark = pytest.mark.browser


async def play_once(page: Any, shots: Path, taken: set[str]) -> None:
    """Make the offer or the reply this page asks for, if any (a re-render under a click just retries)."""
    try:
        if await page.locator("#sc-send-offer").count():
            # A card that changes the table if there is one (the game moves on), else any; bluff "Serpent".
            on_table = await page.eval_on_selector_all(
                ".sc-tc:not(.sc-gone)", "nodes => nodes.map(n => 'M' + n.dataset.value)")
            cards = page.locator(".sc-pick-card button")
            if await cards.count():
                useful = [c for c in await cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)")
                          if c in on_table]
                await (page.locator(f".sc-pick-card button[data-card={useful[0]}]") if useful
                       else cards.first).click(timeout=1000)
            targets = page.locator(".sc-targets button.target")
            if await targets.count():
                await targets.first.click(timeout=1000)
            await page.locator(".sc-announces button[data-announce=serpent]").click(timeout=1000)
            if "offer" not in taken:
                taken.add("offer")
                await page.evaluate("window.scrollTo(0, 0)")
                await page.screenshot(path=str(shots / "soupcons-offer-390.png"))
            await page.click("#sc-send-offer:not([disabled])", timeout=1000)
        elif await page.locator(".sc-reply [data-answer=yes]:not([disabled])").count():
            if "reply" not in taken:
                taken.add("reply")
                await page.screenshot(path=str(shots / "soupcons-reply-390.png"))
            await page.click(".sc-reply [data-answer=yes]", timeout=1000)
    except Exception:
        return


async def test_a_game_against_bots_at_phone_size(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        alice = await phone(browser, errors, "alice", reduced_motion="reduce")
        await alice.goto(f"{base}/soupcons?lang=fr")
        await alice.screenshot(path=str(shots / "soupcons-create-390.png"), full_page=True)
        await alice.fill("#sc-name", "Alice")
        await alice.fill("#sc-bots", "2")
        await alice.uncheck("#sc-start-now")
        await alice.click("#sc-create")
        await alice.wait_for_selector("#sc-start:not([disabled])")
        code = alice.url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]
        assert await alice.locator(".sc-lobby-seat").count() == 3
        await alice.screenshot(path=str(shots / "soupcons-lobby-390.png"), full_page=True)
        token = await alice.evaluate(f"localStorage.getItem('veillee:mj:{code}')")
        async with httpx.AsyncClient(base_url=base) as http:  # bots that think fast, so the test is quick
            r = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {token}"},
                                json={"command": "configure", "args": {"options": {"bot_delay": 0.05}}})
            assert r.status_code == 200, r.text

        watcher = await phone(browser, errors, "watcher", reduced_motion="reduce")
        await watcher.goto(f"{base}/r/{code}?lang=fr")
        await watcher.click("#watch-button")

        await alice.click("#sc-start")
        await alice.wait_for_selector(".sc-ring .sc-tc")
        assert await alice.locator(".sc-tc").count() == 5  # the circle of 1 to 5
        await watcher.wait_for_selector(".sc-ring .sc-tc")

        taken: set[str] = set()
        rounds = 0
        while not await alice.locator(".end").count():
            rounds += 1
            assert rounds < MAX_ROUNDS, "the game did not end"
            # Only Alice's own cards show their faces on her phone; the spectator sees none (until the end).
            assert await alice.evaluate(FACES, ".sc-seat:not(.is-me) [data-card]") <= 0
            assert await watcher.evaluate(FACES, "[data-card]") <= 0
            await play_once(alice, shots, taken)
            await alice.wait_for_timeout(50)

        await settled(alice)  # the day/night palette's fade is over
        await alice.evaluate("window.scrollTo(0, 0)")
        await alice.screenshot(path=str(shots / "soupcons-end-390.png"))
        await alice.screenshot(path=str(shots / "soupcons-end-full-390.png"), full_page=True)
        title = await alice.locator(".sc-result .end-title").inner_text()
        assert title.strip()
        # Every hand, face up, and the history with the true card of every offer.
        assert await alice.locator(".sc-seat").count() == 3
        for i in range(3):
            assert await alice.locator(".sc-seat").nth(i).locator("[data-card]").count() in (2, 3)
        offers = await alice.locator(".sc-h-offer").count()
        assert offers > 0 and await alice.locator(".sc-h-offer .sc-h-true [data-card]").count() == offers
        await watcher.wait_for_selector(".end")
        assert await watcher.locator(".sc-h-offer").count() == offers

        # A rematch: the same table (Alice, both bots) in a new room; Alice's phone is taken there.
        await alice.click("#rematch")
        await alice.wait_for_url(lambda url: code not in url)
        await alice.wait_for_selector("#sc-start:not([disabled])")
        assert await alice.locator(".sc-lobby-seat").count() == 3

        console = await alice.context.new_page()
        await console.goto(f"{base}/r/{code}/mj?lang=fr")
        await console.wait_for_selector(".sc-ring .sc-tc")
        assert await console.locator(".seat-card [data-card]").count() == 7
        await console.screenshot(path=str(shots / "soupcons-console-end-390.png"), full_page=True)
    assert errors == []
