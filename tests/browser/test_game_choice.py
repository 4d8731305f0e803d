"""A new user at 390 px (issue 24, 1): from the home page they choose Les Reptiliens, set the table up (the
server's suggested composition, its verdict on a composition they broke, automatic mode, "je joue aussi") and
land on their seat in the lobby, the game named. After every page: nothing wider than the screen, no placeholder
or raw catalogue key in the text, no console error.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from app.i18n import catalogue
from tests.support.page_checks import drawn
from tools.serve import serve

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
KEYS = set(catalogue("fr")) | set(catalogue("en"))
# What the page shows, and whether it is wider than the screen.
LOOK = """() => ({
  text: document.body.innerText,
  wide: document.documentElement.scrollWidth - window.innerWidth,
})"""


async def check(page: Any, errors: list[str], where: str) -> str:
    seen = await page.evaluate(LOOK)
    assert seen["wide"] <= 0, f"{where}: {seen['wide']} px wider than the screen"
    text: str = seen["text"]
    assert "{" not in text and "}" not in text, f"{where}: a placeholder in {text!r}"
    raw = [word for word in re.findall(r"[\w.-]+", text) if word in KEYS and "." in word]
    assert raw == [], f"{where}: raw keys {raw}"
    assert errors == [], f"{where}: {errors}"
    return text


async def test_a_new_user_creates_a_reptiliens_table_and_plays_a_seat(database_url: str, browser: Any,
                                                                       shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        context = await browser.new_context(viewport=PHONE, device_scale_factor=1, locale="fr-FR")
        page = await context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

        await page.goto(f"{base}/?lang=fr")
        text = await check(page, errors, "home")
        assert "Les Reptiliens de Quinte-Bourg" in text and "De 3 à 40 joueurs" in text
        assert await page.locator("#games .game-card").count() == 3
        await page.screenshot(path=str(shots / "choice-home-390.png"), full_page=True)

        await page.click("#game-reptiliens")
        await page.wait_for_url(f"{base}/reptiliens*")
        # The server's suggestion for 8 players, which it says may start.
        await page.wait_for_selector("#rp-comp-check.good")
        assert await page.locator("#players").input_value() == "8"
        assert await page.locator("#rp-decks [data-deck=camp] .comp-row").count() > 10
        assert await page.locator("#rp-durations input[name=night_step]").input_value() == "45"
        text = await check(page, errors, "set-up")
        assert "Composition conseillée pour 8 joueurs" in text

        # Without a Reptilian card the server says the game cannot start; its suggestion again, and it can.
        info = await page.evaluate("fetch('/api/rulesets/reptiliens').then((r) => r.json())")
        pack = {r["key"] for r in info["roles"] if r.get("reptilian")}
        villager = page.locator("#rp-decks .comp-row[data-role='rp-villageois']")
        for key in pack:
            row = page.locator(f"#rp-decks .comp-row[data-role='{key}']")
            while await row.locator("output").inner_text() != "0":
                await row.locator("button").first.click()
                await villager.locator("button").last.click()  # as many camp cards as before
        await page.wait_for_selector("#rp-comp-check.bad[data-problem=no_reptilian]")
        assert "Votre composition" in await page.locator("#rp-comp-source").inner_text()
        await check(page, errors, "set-up, broken composition")
        await page.click("#rp-suggest")
        await page.wait_for_selector("#rp-comp-check.good")

        # Automatic mode (the default), and "je joue aussi" under a name.
        assert await page.locator("#rp-moderation input[value=auto]").is_checked()
        await page.click("label.radio-card:has(input[name=host_role][value=play])")
        await page.fill("#host-name", "Alice")
        await page.click("details:has(#rp-options) > summary")
        await page.locator("#rp-options input[name=carnage]").check()
        await check(page, errors, "set-up, filled")
        await page.click("#create")

        # Their seat, in the lobby of a Reptiliens room with the options chosen.
        await page.wait_for_url(re.compile(r".*/r/[A-Z0-9]{8}$"))
        await page.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view"
                                     " && window.veillee.conn.view.me")
        view = await page.evaluate("() => window.veillee.conn.view")
        assert view["phase"] == "lobby" and view["me"]["name"] == "Alice"
        assert view["options"]["carnage"] is True and view["options"]["moderation"] == "auto"
        assert await page.locator("#game-name").inner_text() == "Reptiliens"
        await page.wait_for_selector("#loading", state="hidden")  # the ruleset's module loaded, the lobby drawn
        await drawn(page)
        await check(page, errors, "seat")
        await page.screenshot(path=str(shots / "choice-seat-390.png"), full_page=True)

        # A friend's phone opens the link: the join page names the game.
        code = page.url.rstrip("/").split("/r/")[1]
        friend = await context.browser.new_context(viewport=PHONE, device_scale_factor=1, locale="fr-FR")
        other = await friend.new_page()
        other.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        await other.goto(f"{base}/r/{code}?lang=fr")
        await other.wait_for_selector("#join:not([hidden])")
        assert await other.locator("#join-game").inner_text() == "Les Reptiliens de Quinte-Bourg"
        await check(other, errors, "join page")
        await friend.close()
        await context.close()
