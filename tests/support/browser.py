"""Pages in headless Chromium, as the browser tests open them."""

from __future__ import annotations

from typing import Any

from tests.support.page_checks import watch_errors

PHONE = {"width": 390, "height": 844}


async def phone(browser: Any, errors: list[str], label: str, *, width: int = PHONE["width"],
                height: int = PHONE["height"], **options: Any) -> Any:
    """A page in its own context (its own localStorage, like a separate phone), in French, its script errors and
    console errors recorded in `errors` under `label`. `options` go to the context (`reduced_motion`…)."""
    context = await browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                        locale="fr-FR", **options)
    page = await context.new_page()
    watch_errors(page, label, errors)
    return page


async def home_for(page: Any, base: str, players: int) -> None:
    """Thiercelieux's set-up page in French, its composition editor drawn and suggesting a good composition for
    `players`."""
    await page.goto(f"{base}/thiercelieux?lang=fr")
    await page.wait_for_selector(".comp-row[data-role=loup-garou]")
    await page.fill("#players", str(players))
    await page.locator("#players").dispatch_event("change")
    await page.wait_for_selector("#composition-check.good")
