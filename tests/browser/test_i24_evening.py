"""Issue 24, "Done means", in headless Chromium: a new user at 390 px creates a Reptiliens room in automatic mode from
the home page and plays one of its seats; a second phone joins by the link the lobby shows, a third by typing the
code on the home page, bots take the other seats; the phones answer their questions by tapping (the third from the
chat tab, through the call banner) until the end screen. After every step, on every open page: nothing wider than
the screen, no placeholder or raw key in the text, no console error, every question waiting for the page's player
reachable from the open tab (tests/support/page_checks.py). The same checks over whole automatic Thiercelieux and
Soupçons games, their phones joined by the link.

The clocks are short (seconds); the loops are bounded by a number of steps, never by the wall clock."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.page_checks import PHASE, answer_by_tapping, check_pages, tap
from tools.serve import serve

pytestmark = pytest.mark.browser

# Short clocks for the set-up form's durations (seconds), long enough for a phone to tap an answer.
RP_DURATIONS = {"night_step": 2, "plausible_min": 0.3, "plausible_max": 0.5, "lovers_talk": 0.5, "mj_time": 1,
                "dawn": 0.3, "death_choice": 3, "debate": 1, "vote": 3, "session_choice": 1, "law_time": 2,
                "condemned_window": 0.5, "invoke_time": 1, "show_time": 1, "reaction": 1, "festival": 0.5,
                "heritage": 1, "move_time": 1, "marriages": 1, "pickpocket": 1}
# A step: the phase, the step and when it started, the day and night, and the questions open.
MARKER = """() => { const v = window.veillee.conn.view; return JSON.stringify([v.phase, v.step && v.step.key,
  v.step && v.step.started, v.day, v.night, (v.prompts || []).map((p) => p.id)]); }"""

# How many steps the game opened, from the page's stream.
STEPS = "() => window.veillee.conn.events.filter((e) => e.type === 'step').length"


async def accepting(browser: Any, label: str, errors: list[str]) -> Any:
    """A phone that says yes to the page's confirmations."""
    page = await phone(browser, errors, label)
    page.on("dialog", lambda dialog: dialog.accept())
    return page


async def join_here(page: Any, name: str) -> None:
    """On a room's join page: type a name and sit."""
    await page.wait_for_selector("#join:not([hidden])")
    await page.fill("#name-input", name)
    await page.click("#join-button")
    await page.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view"
                                 " && window.veillee.conn.view.me")


async def play(pages: dict[str, Any], errors: list[str], rnd: random.Random, chat_phone: str | None = None,
               limit: int = 900) -> tuple[int, int]:
    """Every phone answers its questions by tapping until every page shows the end screen; the checks after every
    step. `chat_phone` goes back to the chat tab after each step. How many steps were seen, and answers tapped."""
    lead = next(iter(pages.values()))
    seen, steps, taps = None, 0, 0
    for _ in range(limit):
        for label, page in pages.items():
            taps += await answer_by_tapping(page, rnd)
            if label == chat_phone and await page.evaluate(PHASE) not in ("ended", None):
                await tap(page.locator("#tab-chat:not(.active)"))
        marker = await lead.evaluate(MARKER)
        if marker != seen:
            seen, steps = marker, steps + 1
            await check_pages(pages, errors, marker)
        if all([await page.locator(".card.end").count() for page in pages.values()]):
            await check_pages(pages, errors, "the end")
            return steps, taps
        with contextlib.suppress(Exception):  # until the next frame changes the step, or a moment
            await lead.wait_for_function(f"(m) => ({MARKER})() !== m", arg=marker, timeout=800)
    raise AssertionError(f"no end screen after {limit} rounds: {await lead.evaluate(MARKER)}")


async def test_a_new_user_plays_a_reptiliens_evening_to_the_end(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    rnd = random.Random(24)
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        # -- the creator, from the home page: Reptiliens, automatic, "je joue aussi", short clocks -----------------
        alice = await accepting(browser, "Alice", errors)
        await alice.goto(f"{base}/?lang=fr")
        await check_pages({"home": alice}, errors, "home")
        await alice.click("#game-reptiliens")
        await alice.wait_for_url(f"{base}/reptiliens*")
        await alice.wait_for_selector("#rp-comp-check.good")
        await check_pages({"set-up": alice}, errors, "set-up")
        assert await alice.locator("#rp-moderation input[value=auto]").is_checked()
        await alice.click("label.radio-card:has(input[name=host_role][value=play])")
        await alice.fill("#host-name", "Alice")
        await alice.click("details:has(#rp-durations) > summary")
        for name, seconds in RP_DURATIONS.items():
            field = alice.locator(f"#rp-durations input[name={name}]")
            if await field.count():
                await field.fill(str(seconds))
        await check_pages({"set-up": alice}, errors, "set-up, filled")
        players = int(await alice.locator("#players").input_value())  # the table's size, its suggested cards
        await alice.click("#create")
        await alice.wait_for_url(re.compile(r".*/r/[A-Z0-9]{8}$"))
        await alice.wait_for_selector(".lobby .invite .link")
        code = alice.url.rstrip("/").split("/r/")[1]
        assert (await alice.evaluate(PHASE)) == "lobby"
        await check_pages({"Alice": alice}, errors, "lobby")

        # -- Bruno opens the link the lobby shows; Chloé types the code on the home page ---------------------------
        link = (await alice.locator(".lobby .invite .link").inner_text()).strip()
        bruno = await accepting(browser, "Bruno", errors)
        await bruno.goto(link)
        await join_here(bruno, "Bruno")
        chloe = await accepting(browser, "Chloé", errors)
        await chloe.goto(f"{base}/?lang=fr")
        await chloe.fill("#code-input", (await alice.locator(".lobby .invite .code-big").inner_text()).strip())
        await chloe.click("#join-code-form button[type=submit]")
        await join_here(chloe, "Chloé")
        pages = {"Alice": alice, "Bruno": bruno, "Chloé": chloe}
        await check_pages(pages, errors, "seated")

        # -- bots in the other seats, with the host's token the creator's browser keeps; the host starts -----------
        token = await alice.evaluate("(code) => localStorage.getItem(`veillee:mj:${code}`)", code)
        added = await http.post(f"/api/rooms/{code}/bots", json={"count": players - 3},
                                headers={"Authorization": f"Bearer {token}"})
        assert added.status_code == 201, added.text
        await alice.wait_for_function("(n) => window.veillee.conn.view.players.length === n", arg=players)
        await check_pages(pages, errors, "a full table")
        await alice.click("#host-start")
        for page in pages.values():
            await page.wait_for_function(f"() => ({PHASE})() !== 'lobby'")

        # -- the game, Chloé on the chat tab; every seat reaches the end screen ------------------------------------
        steps, taps = await play(pages, errors, rnd, chat_phone="Chloé")
        # The steps the game went through (its stream's, not those the loop happened to sample on a loaded machine).
        assert await alice.evaluate(STEPS) >= 4 and steps >= 1 and taps >= 1, (steps, taps)
        assert await alice.locator(".rp-results").count() == 1
        await alice.locator(".card.end").scroll_into_view_if_needed()
        await alice.screenshot(path=str(shots / "i24-evening-end-390.png"))
        for page in pages.values():
            await page.context.close()
    assert errors == []


# Thiercelieux and Soupçons: automatic games with short clocks, two phones joined by the link, bots in the others.
OTHERS = [("thiercelieux", {"moderation": "auto", "night_step": 3, "plausible_min": 0.6, "plausible_max": 1.0,
                            "dawn": 0.3, "election": 3, "debate": 0.5, "vote": 3, "reaction": 2}, 6),
          ("soupcons", {"bot_delay": 0.05}, 2)]


@pytest.mark.parametrize(("ruleset", "options", "bots"), OTHERS, ids=[o[0] for o in OTHERS])
async def test_whole_games_pass_the_same_checks(database_url: str, browser: Any, ruleset: str,
                                                options: dict[str, Any], bots: int) -> None:
    errors: list[str] = []
    rnd = random.Random(24)
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        made = await http.post("/api/rooms", json={"ruleset": ruleset, "options": options})
        assert made.status_code == 201, made.text
        room = made.json()
        code, token = room["code"], room["mj_token"]
        pages = {}
        for name in ("Alice", "Bruno"):
            pages[name] = await accepting(browser, name, errors)
            await pages[name].goto(f"{base}/r/{code}?lang=fr")
            await join_here(pages[name], name)
        added = await http.post(f"/api/rooms/{code}/bots", json={"count": bots},
                                headers={"Authorization": f"Bearer {token}"})
        assert added.status_code == 201, added.text
        await check_pages(pages, errors, "a full table")
        started = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {token}"},
                                  json={"command": "start", "args": {}})
        assert started.status_code == 200, started.text
        steps, taps = await play(pages, errors, rnd, chat_phone="Bruno")
        assert await pages["Alice"].evaluate(STEPS) >= 4 and steps >= 1 and taps >= 1, (steps, taps)
        for page in pages.values():
            await page.context.close()
    assert errors == []
