"""Shared by the tests: helpers first written for tests/browser/test_whole_game.py."""
from __future__ import annotations

from typing import Any

PHONE = {"width": 390, "height": 844}


async def phone(browser: Any, errors: list[str], label: str) -> Any:
    """A page in its own context: its own localStorage, like a separate phone."""
    context = await browser.new_context(viewport=PHONE, device_scale_factor=1, locale="fr-FR")
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{label}: {exc}"))
    page.on("console", lambda msg: errors.append(f"{label}: {msg.text}") if msg.type == "error" else None)
    return page


async def home_for(page: Any, base: str, players: int) -> None:
    """Thiercelieux's set-up page in French, its composition editor drawn and suggesting a good composition for
    `players`."""
    await page.goto(f"{base}/thiercelieux?lang=fr")
    await page.wait_for_selector(".comp-row[data-role=loup-garou]")
    await page.fill("#players", str(players))
    await page.locator("#players").dispatch_event("change")
    await page.wait_for_selector("#composition-check.good")
