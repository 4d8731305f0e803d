"""Issue 23, item 5, in headless Chromium: a page whose socket was closed for a newer one of the same token
(TOKEN_SOCKETS) does not take it back by itself, which would close the other page in turn, but says so and offers
the way back in its badge; tapping it takes the socket back, and the other page steps aside the same way. Seat and
MJ console, at phone and desktop widths. Screenshots: the `shots` fixture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.edge import live, new_room

pytestmark = pytest.mark.browser


async def online(page: Any) -> None:
    """The page holds its socket: the badge is hidden once a view came."""
    await page.wait_for_selector("#conn", state="hidden")


async def let_go(page: Any) -> None:
    """The page was closed for a newer socket: its badge offers the way back, whole, and the page is not wider."""
    badge = page.locator("#conn.conn-superseded")
    await badge.wait_for()
    assert await badge.inner_text() == "Reprendre ici"
    assert await page.locator(".toast-error").filter(has_text="plus de 1\u00a0endroit à la fois").count() == 1
    assert await page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    # Whole, on the screen, over neither the room's code nor the language switcher (on a phone it hangs under the bar).
    box, code, langs = [await page.locator(sel).first.bounding_box() for sel in ("#conn", ".room-code", ".langs")]
    assert box and code and langs and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    for other in (code, langs):
        apart = (box["x"] + box["width"] <= other["x"] or other["x"] + other["width"] <= box["x"]
                 or box["y"] + box["height"] <= other["y"] or other["y"] + other["height"] <= box["y"])
        assert apart, (box, other)
    assert await badge.evaluate("e => e.scrollWidth <= e.clientWidth")  # not cut short ("Repren…")


@pytest.mark.parametrize("width", [320, 1280])
async def test_a_page_let_go_for_a_newer_one_takes_its_socket_back_when_asked(
        database_url: str, browser: Any, shots: Path, width: int) -> None:
    errors: list[str] = []
    async with live(database_url, token_sockets=1) as base:
        room = await new_room(base)
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Alice"})
            seat = r.json()
        for label, path in (("seat", f"/r/{room['code']}#t={seat['token']}"),
                            ("mj", f"/r/{room['code']}/mj#k={room['mj_token']}")):
            first = await phone(browser, errors, f"{label} 1", width=width, height=800)
            await first.goto(base + path)
            await online(first)
            second = await phone(browser, errors, f"{label} 2", width=width, height=800)
            await second.goto(base + path)
            await online(second)
            await let_go(first)
            await first.screenshot(path=str(shots / f"superseded-{label}-{width}.png"))
            # The way back: tapped, the first page holds the socket again and the second one steps aside.
            await first.click("#conn")
            await online(first)
            await let_go(second)
            await first.context.close()
            await second.context.close()
    assert not errors, errors
