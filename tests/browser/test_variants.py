"""The variants and the composition help in the pages, in headless Chromium: on a phone-size home page the MJ adds
a Loup Blanc to an 8-player table (the rules advise 16 players: a warning, advice only), sees the balance, picks a
few variants (a trial vote, Cupidon barred from voting against his lovers, hints only about one's role, a made-up
Salvateur, the Voyante called one step earlier) and creates the room anyway; the room's options carry them, and
the MJ's console shows them again with the warning.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS
from tests.support.browser import home_for, phone
from tools.serve import serve

pytestmark = pytest.mark.browser


async def test_variants_and_composition_help(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        mj = await phone(browser, errors, "mj")
        await home_for(mj, base, 8)
        await mj.wait_for_selector("#composition-report .balance[data-verdict]")
        assert not await mj.locator("#composition-report .comp-warning").count()

        # -- a Loup Blanc at 8 players: the rules' prerequisite (16) shows as advice, with the balance ----------------
        await mj.click("details.comp-more > summary")
        await mj.click(".comp-row[data-role=loup-blanc] button[aria-label^='Plus']")
        await mj.click(".comp-row[data-role=villageois] button[aria-label^='Moins']")
        await mj.wait_for_selector("#composition-check.good")
        warning = mj.locator("#composition-report .comp-warning[data-code=prerequisite][data-role=loup-blanc]")
        await warning.wait_for()
        assert "16" in await warning.inner_text()
        balance = mj.locator("#composition-report .balance")
        assert await balance.get_attribute("data-verdict") in ("village", "balanced", "wolves")
        assert re.search(r"[-+]?\d", await balance.locator(".balance-line").inner_text())
        assert (await balance.locator(".hint").inner_text()).strip()

        # -- variants, one group at a time -----------------------------------------------------------------------------
        await mj.click("#variants > summary")
        await mj.click(".variant-group[data-group=vote] > summary")
        await mj.click(".vote-modes label.radio-card:has(input[value=trial])")
        await mj.click(".variant-group[data-group=lovers] > summary")
        await mj.check("#create-form input[name=cupid_no_vote_lovers]")
        await mj.click(".variant-group[data-group=dead] > summary")
        await mj.select_option("#create-form select[name=role_talk]", "hints")
        await mj.click(".variant-group[data-group=roles] > summary")
        await mj.click(".fake-role-list label.chip-check:has(input[value=salvateur])")
        await mj.click(".variant-group[data-group=night] > summary")
        await mj.check(".night-order-toggle")
        await mj.click(".order-step[data-step=voyante] .move-up")
        await mj.screenshot(path=str(shots / "variants-home.png"), full_page=True)

        await mj.click("#create")
        await mj.wait_for_url(re.compile(r"/r/[0-9A-Z]{8}/mj$"))
        code = mj.url.split("/r/")[1].split("/")[0]

        # -- the room carries them ------------------------------------------------------------------------------------
        async with httpx.AsyncClient(base_url=base) as http:
            info = (await http.get(f"/api/rooms/{code}")).json()
        options = info["view"]["options"]
        assert options["vote_mode"] == "trial"
        assert options["cupid_no_vote_lovers"] is True
        assert options["role_talk"] == "hints"
        assert options["fake_roles"] == ["salvateur"]
        expected = list(NIGHT_ORDERS["official"])
        i = expected.index("voyante")
        expected[i - 1], expected[i] = expected[i], expected[i - 1]
        assert options["night_order_custom"] == expected
        assert options["lycanthropy"] is False and options["captain_double"] is True  # untouched: the defaults
        assert "loup-blanc" in info["view"]["composition"] and len(info["view"]["composition"]) == 8

        # -- the console shows the same settings and the same advice -------------------------------------------------
        await mj.wait_for_selector("#mj-composition-report .comp-warning[data-role=loup-blanc]")
        assert await mj.locator("#setup-form input[name=vote_mode][value=trial]").is_checked()
        assert await mj.locator("#setup-form input[name=fake_roles][value=salvateur]").is_checked()
        assert await mj.locator("#setup-form select[name=role_talk]").input_value() == "hints"
        assert await mj.locator("#setup-form .order-step").count() == len(expected)
        await mj.screenshot(path=str(shots / "variants-mj.png"), full_page=True)
        await mj.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors


async def test_multi_card_variant_and_the_soupcons_link(database_url: str, browser: Any, shots: Path) -> None:
    """The home page leads to the Soupçons tables; 004's small complication (a hidden camp card, a visible power card)
    is chosen in the variants: the composition editor then counts one power card per player, village roles only,
    asks how many wolf camp cards, and the room is created with these options."""
    errors: list[str] = []
    async with serve(database_url) as base:
        mj = await phone(browser, errors, "mj")
        await mj.goto(f"{base}/?lang=fr")
        link = mj.locator("#game-soupcons[href='/soupcons']")
        assert await link.is_visible()
        assert "Soupçons" in await link.locator(".game-name").inner_text()
        await mj.screenshot(path=str(shots / "home-soupcons.png"), full_page=False)
        await mj.click("#game-thiercelieux")
        await mj.wait_for_selector(".comp-row[data-role=loup-garou]")

        await mj.fill("#players", "8")
        await mj.locator("#players").dispatch_event("change")
        await mj.wait_for_selector("#composition-check.good")
        await mj.click("#variants > summary")
        await mj.click(".variant-group[data-group=cards] > summary")
        assert not await mj.locator("#create-form [data-when='cards=small']").is_visible()

        # -- the great complication: two cards per player, village roles and plain wolves ----------------------------
        await mj.click(".cards-modes label.radio-card:has(input[value=great])")
        await mj.wait_for_selector("#composition .comp-mode[data-note=cards_great]")
        await mj.wait_for_selector("#composition-check.good")
        assert "16" in await mj.locator("#composition-check").inner_text()
        assert not await mj.locator(".comp-row[data-role=voleur]").count()
        assert await mj.locator(".comp-row[data-role=loup-garou]").count()

        # -- the small complication: N power cards, no wolf card, the number of wolf camp cards -----------------------
        await mj.click(".cards-modes label.radio-card:has(input[value=small])")
        await mj.wait_for_selector("#composition .comp-mode[data-note=cards_small]")
        await mj.wait_for_selector("#composition-check.good")
        assert "8" in await mj.locator("#composition-check").inner_text()
        assert not await mj.locator(".comp-row[data-role=loup-garou]").count()
        assert not await mj.locator(".comp-row[data-role=voleur]").count()
        camp = mj.locator("#create-form input[name=camp_wolves]")
        assert await camp.is_visible()
        await camp.fill("2")
        # A ninth power card is one too many: the page says so, in the server's words.
        await mj.click(".comp-row[data-role=villageois] button[aria-label^='Plus']")
        await mj.wait_for_selector("#composition-check.bad")
        assert "8" in await mj.locator("#composition-check").inner_text()
        await mj.click(".comp-row[data-role=villageois] button[aria-label^='Moins']")
        await mj.wait_for_selector("#composition-check.good")
        editor = mj.locator("#create-form fieldset:has(#composition)")
        await editor.screenshot(path=str(shots / "composition-small.png"))
        await mj.locator(".variant-group[data-group=cards]").scroll_into_view_if_needed()
        await mj.screenshot(path=str(shots / "variants-small.png"), full_page=False)

        await mj.click("#create")
        await mj.wait_for_url(re.compile(r"/r/[0-9A-Z]{8}/mj$"))
        code = mj.url.split("/r/")[1].split("/")[0]
        async with httpx.AsyncClient(base_url=base) as http:
            info = (await http.get(f"/api/rooms/{code}")).json()
            ruleset = (await http.get("/api/rulesets/thiercelieux")).json()
        options = info["view"]["options"]
        assert options["cards"] == "small"
        assert options["camp_wolves"] == 2
        composition = info["view"]["composition"]
        camps = {role["key"]: role["camp"] for role in ruleset["roles"]}
        assert len(composition) == 8
        assert all(camps[r] == "village" and r != "voleur" for r in composition), composition

        # -- the console shows the same mode, and draws the editor for it ---------------------------------------------
        await mj.wait_for_selector("#mj-composition .comp-mode[data-note=cards_small]")
        assert await mj.locator("#setup-form input[name=cards][value=small]").is_checked()
        assert await mj.locator("#setup-form input[name=camp_wolves]").input_value() == "2"
        assert not await mj.locator("#mj-composition .comp-row[data-role=loup-garou]").count()
        await mj.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
