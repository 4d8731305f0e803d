"""The page applies updates as the server means them: the frames a real Hub sent one seat through a whole
Reptiliens game (prompts item by item, parts replaced, keys dropped; tests/rooms/test_hub_frames.py) are applied in
Chromium by the page's own `updated` (static/js/shell/net.js), and after each command the page holds the view the
server held for that seat.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.engine.views import view
from tests.support.browser import phone
from tests.support.hub_frames import Watched, watched
from tools.serve import serve

pytestmark = pytest.mark.browser
SEAT = 1


class Recorded(Watched):
    """Keeps, after each command that sent SEAT anything, those frames and the view the server held for it."""

    def __init__(self, *args: Any) -> None:
        self.log: list[dict[str, Any]] = []
        self.seen = 0
        super().__init__(*args)

    def check(self) -> None:
        super().check()
        sent = self.clients[SEAT][0].sent
        if len(sent) > self.seen:
            self.log.append({"frames": sent[self.seen:], "view": json.loads(json.dumps(view(self.state, SEAT)))})
            self.seen = len(sent)


APPLY = """async (log) => {
  const { updated } = await import("/static/js/shell/net.js");
  const sorted = (value) => {  // key order is not part of a view
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
    }
    return value;
  };
  let held = null;
  let named = 0;
  const wrong = [];
  log.forEach((entry, i) => {
    for (const frame of entry.frames) {
      named += ((frame.items || {}).prompts || []).filter((item) => typeof item === "string").length;
      held = frame.view || updated(held, frame);
    }
    if (JSON.stringify(sorted(held)) !== JSON.stringify(sorted(entry.view))) wrong.push(i);
  });
  return { wrong, named };
}"""


async def test_the_page_rebuilds_the_servers_view_from_a_whole_games_updates(browser: Any, database_url: str) -> None:
    game = watched("reptiliens", 3, Recorded)
    assert len(game.log) > 100
    errors: list[str] = []
    async with serve(database_url) as base:
        page = await phone(browser, errors, f"seat {SEAT}")
        await page.goto(base + "/")
        result = await page.evaluate(APPLY, game.log)
    assert result["wrong"] == [] and result["named"] > 0 and errors == []
