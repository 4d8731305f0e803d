"""Issue 28, item 3: a page whose socket dropped reconnects the moment it is shown again or its network comes back
(`visibilitychange`, `online`), not after the back-off it was waiting out, and resumes its stream where it stopped
(static/js/shell/net.js, `wake`). The back-off is made long (many failed attempts) so that only the event can explain
a new socket; the check is made in the page, in the same task as the event: no clock involved."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tools.serve import serve

pytestmark = pytest.mark.browser

# Drop the socket with the back-off of a tenth failed attempt ahead (seconds), and wait until the page has heard it.
DROP = """async () => {
  const conn = window.veillee.conn;
  window.__first = conn.events[0];
  window.__count = conn.events.length;
  conn.attempt = 10;
  const ws = conn.ws;
  await new Promise((done) => { ws.addEventListener("close", () => setTimeout(done, 0)); ws.close(); });
  return conn.ws === ws && Boolean(conn.retry);
}"""
# Fire the event; whether a new socket was opened by it, at once.
WAKE = """(event) => {
  const conn = window.veillee.conn;
  const before = conn.ws;
  if (event === "online") window.dispatchEvent(new Event("online"));
  else document.dispatchEvent(new Event("visibilitychange"));
  return conn.ws !== before && conn.ws.readyState === WebSocket.CONNECTING;
}"""
# Resumed: the same list of events, not one rebuilt from scratch, and the socket open again.
RESUMED = """() => { const conn = window.veillee.conn; return conn.ws.readyState === WebSocket.OPEN
  && conn.attempt === 0 && conn.events[0] === window.__first && conn.events.length >= window.__count; }"""


@pytest.mark.parametrize("event", ["online", "visibilitychange"])
async def test_a_dropped_page_comes_back_at_once(database_url: str, browser: Any, event: str) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        made = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": {"moderation": "mj"}})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        page = await phone(browser, errors, "Alice")
        await page.goto(f"{base}/r/{code}")
        await page.fill("#name-input", "Alice")
        await page.click("#join-button")
        await page.wait_for_selector(".lobby")
        assert await page.evaluate(DROP), "the page should be waiting out its back-off"
        assert await page.evaluate(WAKE, event), f"{event} should reconnect at once"
        await page.wait_for_function(RESUMED)
        # Nothing lost meanwhile: a second player's arrival reaches the resumed page.
        assert (await http.post(f"/api/rooms/{code}/join", json={"name": "Bruno"})).status_code == 201
        await page.wait_for_selector(".chip:has-text('Bruno'), .player:has-text('Bruno')")
        await page.context.close()
    assert errors == []
