"""Issue 14, item 3, in the MJ console: during the game the options panel lets the MJ change only the live options
(the others greyed with the reason), shows the changes to come and sends `configure`. Same browser rules as
tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import NAMES, WIDE, command, seen
from tests.support.ws import started_room
from tools.serve import serve

pytestmark = pytest.mark.browser


async def test_the_console_changes_live_options_during_the_game(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "mj", "captain": False, "night_step": 600, "plausible_min": 600, "plausible_max": 600,
               "preassigned": {"0": "loup-garou", "4": "voyante"}}
    composition = ["loup-garou", "villageois", "villageois", "villageois", "voyante"]
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, _ = await started_room(http, options, composition, NAMES[:5])
        code = room["code"]
        await command(http, code, room["mj_token"], "configure", options={"vote_mode": "trial"})
        mj = await phone(browser, errors, "mj")
        await mj.set_viewport_size(WIDE)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={room['mj_token']}")
        toggle = mj.locator("#setup-live-toggle")
        await toggle.wait_for()
        # The change made over HTTP is listed, with its labels, before the form is opened.
        line = await mj.locator("#setup-pending li[data-option=vote_mode]").inner_text()
        assert " ".join(line.replace("\u00a0", " ").split()) == (
            "Comment le village vote : Simultané (officiel) → Procès : plaidoirie et verdict")
        assert not await mj.locator("#setup-form").is_visible()
        await toggle.click()
        form = mj.locator("#setup-form")
        await form.wait_for()
        # Live options are editable; those fixed once the cards are dealt are greyed, saying why.
        assert await form.locator("input[name=lycanthropy]").is_enabled()
        assert await form.locator("input[name=debate]").is_enabled()
        assert await form.locator("input[name=captain]").is_disabled()
        assert await form.locator("input[name=dead_see_all]").is_disabled()
        fixed = form.locator("label.option-fixed", has=mj.locator("input[name=captain]"))
        assert "distribution des cartes" in (await fixed.get_attribute("title") or "")
        assert not await mj.locator("#mj-composition").is_visible()
        await form.locator("input[name=debate]").fill("240")
        await mj.click("#save-setup")
        await seen(mj, "(conn.view.options_next || {}).debate === 240 && conn.view.options_next.vote_mode === 'trial'")
        await mj.locator("#setup-pending li[data-option=debate]").wait_for()
        await mj.locator("#setup").screenshot(path=str(shots / "i14-live-options-1280.png"))
        # Cancelling the changes to come gives the options back as they are.
        await mj.click("#setup-pending-cancel")
        await seen(mj, "!conn.view.options_next")
        assert await mj.locator("#setup-pending li").count() == 0
    assert errors == []
