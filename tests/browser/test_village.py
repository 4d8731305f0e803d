"""Le Village's day cards (004) in the pages, in headless Chromium: a room with face-up day cards; every phone
shows who holds the Confesseur, the Châtelain and the Protecteur; the Confesseur's phone asks him, during the
debate, whose card to see; he picks a player and confirms; his journal tells him the card, the others' only that
he asked. The Protecteur's choice shows as a mark on the shielded player.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from app.i18n import translate
from tests.support.browser import home_for, phone
from tests.support.ws import started_room
from tools.client import Client
from tools.serve import serve

pytestmark = pytest.mark.browser

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]
OPTIONS = {"moderation": "auto", "day_roles": True, "captain": False, "night_step": 1, "dawn": 1, "debate": 120,
           "vote": 60, "reaction": 30, "preassigned": {"0": "loup-garou"}}
COMPOSITION = ["loup-garou", "villageois", "villageois", "villageois", "voyante"]


async def test_day_cards_on_the_phones(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await started_room(http, OPTIONS, COMPOSITION, NAMES)
        code = room["code"]

        view = (await http.get(f"/api/rooms/{code}")).json()["view"]
        cards = {card: int(seat) for seat, card in view["public"]["day_roles"].items()}
        assert sorted(cards) == ["chatelain", "confesseur", "protecteur"]
        confessor = cards["confesseur"]
        other = next(s for s in range(5) if s not in cards.values())  # a player with no day power

        pages = {}
        for seat in (confessor, other):
            page = await phone(browser, errors, NAMES[seat])
            await page.goto(f"{base}/r/{code}#t={tokens[seat]}")
            pages[seat] = page
        # Everyone sees the face-up day cards next to the names; the holder sees his own on his role card.
        for page in pages.values():
            await page.wait_for_selector(".mark-day-role >> nth=2")
            shown = " ".join(await page.locator(".mark-day-role").all_inner_texts())
            for key in cards:
                assert translate("fr", f"role.{key}") in shown
        await pages[confessor].wait_for_selector(".role-card :text('Votre carte de jour')")

        # -- day 1, the debate: the Confesseur's prompt ------------------------------------------------------------
        prompt = pages[confessor].locator(".prompt[data-step=confesseur]")
        await prompt.wait_for()
        await pages[confessor].screenshot(path=str(shots / "village-confesseur-prompt.png"), full_page=True)
        target = next(s for s in range(5) if s != confessor)
        await prompt.locator(f"button.target[data-seat='{target}']").click()
        await prompt.locator("button.submit").click()
        journal = pages[confessor].locator(f".feed :text('{NAMES[target]} vous montre sa carte')")
        await journal.first.wait_for()
        if target == 0:  # the only card we know without asking the server: the pre-assigned wolf
            assert translate("fr", "role.loup-garou") in await journal.first.inner_text()
        await pages[confessor].screenshot(path=str(shots / "village-confesseur-saw.png"), full_page=True)
        # The other phone reads that he asked, never what he saw.
        await pages[other].wait_for_selector(f".feed :text('demande à {NAMES[target]}')")
        assert "vous montre sa carte" not in await pages[other].locator(".feed").inner_text()

        # -- the Protecteur names someone (from a websocket client): a mark on every phone ---------------------------
        guard = Client(base, code, tokens[cards["protecteur"]])
        await guard.connect()
        view = await guard.wait_for(lambda v: any(p["step"] == "protecteur" for p in v.get("prompts", [])))
        shield = next(p for p in view["prompts"] if p["step"] == "protecteur")
        await guard.do("answer", prompt=shield["id"], answer=[shield["options"][0]])
        await guard.close()
        await pages[other].wait_for_selector(".mark-shielded")
        await pages[other].screenshot(path=str(shots / "village-shielded.png"), full_page=True)
        for page in pages.values():
            await page.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors



async def test_home_page_offers_day_cards_and_two_characters(database_url: str, browser: Any, shots: Path) -> None:
    """The variants' card group: Le Village's day cards (a check box, off with Nouvelle Lune's complications) and
    two characters per player, which doubles the cards the composition editor counts; with a human MJ, a debate
    the MJ ends."""
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        mj = await phone(browser, errors, "mj")
        await home_for(mj, base, 6)
        assert "6" in await mj.locator("#composition-check").inner_text()
        # A debate without a countdown is offered only with a human MJ, who can end it.
        ends = mj.locator("#create-form input[name=mj_ends_debate]")
        assert not await ends.is_visible()
        await mj.click("label.radio-card:has(input[name=moderation][value=mj])")
        await ends.check()
        await mj.click("#variants > summary")
        await mj.click(".variant-group[data-group=cards] > summary")
        day = mj.locator("#create-form input[name=day_roles]")
        await mj.click(".cards-modes label.radio-card:has(input[value=great])")
        assert await day.is_disabled()
        await mj.click(".cards-modes label.radio-card:has(input[value=one])")
        assert not await day.is_disabled()
        await day.check()
        await mj.select_option("#create-form select[name=characters]", "2")
        # The server answers the new count (POST …/composition): wait for its answer, not the one for one character.
        await mj.wait_for_function("() => { const c = document.querySelector('#composition-check.good');"
                                   " return c && parseInt(c.textContent, 10) !== 6; }")
        # Twelve characters: twelve cards (fourteen when the suggestion holds a Voleur, who brings two).
        counted = int((await mj.locator("#composition-check").inner_text()).split()[0])
        assert counted in (12, 14)
        await mj.locator(".variant-group[data-group=cards]").scroll_into_view_if_needed()
        await mj.screenshot(path=str(shots / "variants-village-characters.png"), full_page=False)
        await mj.click("#create")
        await mj.wait_for_url(lambda url: url.endswith("/mj"))
        code = mj.url.split("/r/")[1].split("/")[0]
        view = (await http.get(f"/api/rooms/{code}")).json()["view"]
        assert view["options"]["day_roles"] is True and view["options"]["characters"] == 2
        assert view["options"]["moderation"] == "mj" and view["options"]["mj_ends_debate"] is True
        assert len(view["composition"]) == counted
        await mj.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
