"""A whole game driven through the pages in headless Chromium: the MJ creates the room on the home page, five
players join from their own browser contexts (separate storage, like separate phones), the MJ starts from the
console, and the players click through their prompts until every page shows the end screen.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure.
Screenshots land in a temporary directory (VEILLEE_SHOTS=dir keeps them somewhere else).
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import home_for, phone
from tools.serve import serve

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]
# Short steps, so a game takes seconds; night steps still wait for their (plausible) end.
DURATIONS = {"night_step": "4", "election": "8", "debate": "1", "vote": "8", "dawn": "1", "reaction": "4"}
MAX_ROUNDS = 2000  # rounds of the players' loop before the game counts as stuck (not seconds)

pytestmark = pytest.mark.browser


async def answer_open_prompt(page: Any) -> bool:
    """Answer the first unanswered prompt shown on this page, as a player would: yes, the first choice, or the
    first target(s) allowed. Returns True when something was clicked."""
    prompt = page.locator(".prompt:not(.is-answered)").first
    if not await prompt.count():
        return False
    try:
        yes = prompt.locator("[data-answer=yes]")
        if await yes.count():
            await yes.click(timeout=2000)
            return True
        choice = prompt.locator("button.choice")
        if await choice.count():
            await choice.first.click(timeout=2000)
            return True
        targets = prompt.locator("button.target:not([disabled])")
        submit = prompt.locator("button.submit")
        if await submit.count():  # several targets to pick, then confirm (Cupidon)
            wanted = int(await prompt.get_attribute("data-min") or 2)
            for i in range(wanted):
                await targets.nth(i).click(timeout=2000)
            await prompt.locator("button.submit").click(timeout=2000)
            return True
        if await targets.count():
            await targets.first.click(timeout=2000)
            return True
    except Exception:  # the page re-rendered under the click (a new frame arrived): try again next round
        return False
    return False


async def test_a_whole_game_in_the_browser(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        # -- the MJ creates the room on the home page ------------------------------------------------------------
        mj = await phone(browser, errors, "mj")
        await home_for(mj, base, 5)
        await mj.click("label.radio-card:has(input[value=auto])")
        await mj.click("details.more >> nth=0 >> summary")
        for key, value in DURATIONS.items():
            await mj.fill(f"#create-form input[name={key}]", value)
        await mj.screenshot(path=str(shots / "01-home.png"), full_page=True)
        await mj.click("#create")
        await mj.wait_for_url(re.compile(r"/r/[0-9A-Z]{8}/mj$"))
        await mj.wait_for_selector("#join-link")
        join_url = await mj.input_value("#join-link")
        assert "#k=" in await mj.input_value("#mj-link")

        # -- five players join by name, each from their own "phone" ----------------------------------------------
        players = []
        for name in NAMES:
            page = await phone(browser, errors, name)
            await page.goto(join_url)
            await page.fill("#name-input", name)
            await page.click("#join-button")
            await page.wait_for_selector(".lobby")
            players.append(page)
        await players[0].wait_for_selector(".player >> nth=4")
        await players[0].screenshot(path=str(shots / "02-lobby.png"), full_page=True)

        # A player who closes the tab and opens the link again keeps the seat (the token is in localStorage).
        again = await players[0].context.new_page()
        await again.goto(join_url)
        await again.wait_for_selector(".lobby h1:has-text('Alice')")
        await again.close()

        # -- the MJ starts from the console -----------------------------------------------------------------------
        await mj.wait_for_selector(".seat-row >> nth=4")
        await mj.click("#start-game")
        for page, name in zip(players, NAMES, strict=True):
            card = page.locator(".role-card .role-name")
            await card.wait_for()
            assert (await card.inner_text()).strip()
            await page.screenshot(path=str(shots / f"03-role-{name}.png"), full_page=True)
        await mj.wait_for_selector(".seat-card >> nth=4")
        roles = [r.strip() for r in await mj.locator(".seat-card .seat-role").all_inner_texts()]
        assert len(roles) == len(NAMES) and all(roles), roles  # the MJ sees every card
        await mj.screenshot(path=str(shots / "04-mj-console.png"), full_page=True)

        # A dropped connection comes back by itself and resumes the stream where it stopped.
        await players[1].evaluate("window.veillee.conn.ws.close()")

        # -- the first night: a phone with nothing to do shows the sleeping village (waited for in the pages, not
        # sampled by the loop below, which a loaded machine may run too slowly to catch a short night) -----------
        waits = {asyncio.ensure_future(page.wait_for_selector(".sleep")): name
                 for page, name in zip(players, NAMES, strict=True)}
        done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        first = next(iter(done))
        assert first.exception() is None, first.exception()
        sleeper = players[NAMES.index(waits[first])]
        await sleeper.screenshot(path=str(shots / f"05-asleep-{waits[first]}.png"), full_page=True)

        # -- everyone answers their prompts until the end screen shows everywhere -------------------------------
        # A night question and the day's vote are waited for inside each page (Playwright watches the DOM there),
        # not sampled by the loop below, which a loaded machine runs too slowly to catch a 4 s night step.
        async def shot_when(page: Any, name: str, selector: str, file: str) -> str:
            await page.wait_for_selector(selector, timeout=0)  # no limit: cancelled once the game is over
            await page.screenshot(path=str(shots / file.format(name=name)), full_page=True)
            return name

        asked = ".prompt:not(.is-answered)"
        night = f"{asked}:not([data-step=vote]):not([data-step=revote]):not([data-step=election])"
        watches = {kind: [asyncio.ensure_future(shot_when(page, name, selector, file))
                          for page, name in zip(players, NAMES, strict=True)]
                   for kind, selector, file in (("night", night, "06-night-prompt-{name}.png"),
                                                ("vote", f"{asked}[data-step=vote]", "07-vote-{name}.png"))}
        for _round in range(MAX_ROUNDS + 1):
            assert _round < MAX_ROUNDS, "the game did not end"
            ended = 0
            for page in players:
                if await page.locator(".end").count():
                    ended += 1
                    continue
                if await page.locator(asked).count():
                    await answer_open_prompt(page)
            if ended == len(players):
                break
            await asyncio.sleep(0.15)

        for page, name in zip(players, NAMES, strict=True):
            title = page.locator(".end .end-title")
            assert (await title.inner_text()).strip()
            assert await page.locator(".end .roles-table tbody tr").count() == len(NAMES)
            assert await page.locator(".feed .log .line").count() > 5  # the whole story is told
            await page.screenshot(path=str(shots / f"08-end-{name}.png"), full_page=True)
        await mj.wait_for_selector("#controls .small-end")
        await mj.screenshot(path=str(shots / "09-mj-end.png"), full_page=True)

        seen = {kind: [t.result() for t in tasks if t.done() and not t.cancelled() and t.exception() is None]
                for kind, tasks in watches.items()}
        for task in [t for tasks in watches.values() for t in tasks if not t.done()]:
            task.cancel()
        await asyncio.gather(*(t for tasks in watches.values() for t in tasks), return_exceptions=True)
        assert seen["night"], "no player ever saw a night prompt"
        assert seen["vote"], "no player ever saw the day's vote"
        for page in [mj, *players]:
            await page.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
