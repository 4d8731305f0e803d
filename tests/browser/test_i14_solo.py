"""Issue 14's official solitaries in the pages, in headless Chromium: the Abominable Sectaire's public groups marked on
every seat, and the Gitane's night questions (the Medium, then one of the four Spiritisme questions, in words).

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import command
from tools.serve import serve

pytestmark = pytest.mark.browser
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


async def test_the_sectarians_groups_and_the_gitanes_questions(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "auto", "captain": False, "night_step": 12, "plausible_min": 12, "plausible_max": 12,
               "preassigned": {"0": "loup-garou", "1": "gitane", "2": "abominable-sectaire"}}
    composition = ["loup-garou", "gitane", "abominable-sectaire"] + ["villageois"] * 3
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition})).json()
        code = room["code"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]
        bruno = await phone(browser, errors, "Bruno")  # the Gitane
        await bruno.goto(f"{base}/r/{code}?lang=fr#t={tokens[1]}")
        await bruno.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view")
        await command(http, code, room["mj_token"], "start")
        # The groups are public: the two halves of the table, marked on the seats.
        await bruno.locator("[data-mark=mark-sect-1]").first.wait_for()
        assert await bruno.locator("[data-mark=mark-sect-1]").count() >= 3
        assert await bruno.locator("[data-mark=mark-sect-2]").count() >= 3
        assert "groupe 1" in await bruno.locator("[data-mark=mark-sect-1]").first.inner_text()
        question = bruno.locator(".prompt[data-step=gitane-question]")
        await question.wait_for()
        text = await question.inner_text()
        assert "Le Capitaine est-il un Loup-Garou\u00a0?" in text and "La Voyante est-elle encore en vie\u00a0?" in text
        assert await bruno.locator(".prompt[data-step=gitane]").count() == 1
        await bruno.screenshot(path=str(shots / "i14-gitane.png"), full_page=True)
        await bruno.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
