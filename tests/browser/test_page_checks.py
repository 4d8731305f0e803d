"""The browser tests' error watch (tests/support/page_checks.watch_errors): a page still open when its test's server
is stopped reconnects and is refused, which is the test ending and not counted; a connection refused by a server
that never went away still is."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.edge import live
from tools.serve import free_port

pytestmark = pytest.mark.browser



def refused(msg: Any) -> bool:
    return "ERR_CONNECTION_REFUSED" in msg.text


async def test_a_stopped_servers_refusals_are_not_the_pages_errors(database_url: str, browser: Any) -> None:
    errors: list[str] = []
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        joined = (await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Bruno"})).json()
        page = await phone(browser, errors, "player")
        await page.goto(f"{base}/r/{room['code']}#t={joined['token']}")
        await page.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view")
        # The server stops under the open page, which tries again and is refused.
        with_refusal = page.wait_for_event("console", refused, timeout=120_000)
    await with_refusal
    assert errors == [], errors

    await page.context.close()
    # A port nobody served (from a blank page: the room's policy allows its own server alone): an error.
    page = await phone(browser, errors, "blank")
    await page.evaluate("(url) => { new WebSocket(url); }", f"ws://127.0.0.1:{free_port()}/ws/x")
    await page.wait_for_event("console", refused, timeout=120_000)
    assert len(errors) == 1 and "ERR_CONNECTION_REFUSED" in errors[0], errors
    await page.context.close()
