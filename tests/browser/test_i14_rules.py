"""Issue 14's rules in the pages, in headless Chromium: a table of 3 is advice, not a refusal, and the new options
sit in the variants (the Loup Blanc's odd nights, the hunters among the masons, lovers who may harm each other); a
lover on 004's jury sees the guilty verdict against the beloved greyed out, with why (003).

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import home_for, phone
from tests.support.browser_live import command
from tools.serve import serve

pytestmark = pytest.mark.browser
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


def quiet(errors: list[str]) -> list[str]:
    return [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e]


async def test_a_small_table_and_the_new_variants_on_the_home_page(database_url: str, browser: Any,
                                                                   shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        mj = await phone(browser, errors, "mj")
        await home_for(mj, base, 3)  # 3 players: the composition check is good
        warning = mj.locator("#composition-report .comp-warning[data-code=small_table]")
        await warning.wait_for()
        assert "5" in await warning.inner_text() and "3" in await warning.inner_text()
        await mj.click("#variants > summary")
        await mj.click(".variant-group[data-group=roles] > summary")
        await mj.select_option("#create-form select[name=loup_blanc_every]", "odd")
        await mj.check("#create-form input[name=hunters_masons]")
        await mj.click(".variant-group[data-group=lovers] > summary")
        await mj.check("#create-form input[name=lovers_may_harm]")
        await mj.screenshot(path=str(shots / "i14-small-table.png"), full_page=True)
        await mj.click("#create")
        await mj.wait_for_url(lambda url: url.endswith("/mj"))
        code = mj.url.split("/r/")[1].split("/")[0]
        options = (await http.get(f"/api/rooms/{code}")).json()["view"]["options"]
        assert options["loup_blanc_every"] == "odd"
        assert options["hunters_masons"] is True and options["lovers_may_harm"] is True
        await mj.context.close()
    assert not quiet(errors), errors


async def test_a_lover_on_the_jury_sees_why_guilty_is_refused(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "auto", "captain": False, "night_step": 2, "plausible_min": 1.5, "plausible_max": 1.5,
               "dawn": 0.5, "debate": 0.5, "vote": 30, "vote_mode": "trial",
               "preassigned": {"0": "loup-garou", "1": "cupidon"}}
    composition = ["loup-garou", "cupidon"] + ["villageois"] * 4
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition})).json()
        code = room["code"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]
        bruno = await phone(browser, errors, "Bruno")  # Cupidon, on his page before the (short) first night
        await bruno.goto(f"{base}/r/{code}?lang=fr#t={tokens[1]}")
        await bruno.wait_for_function("() => window.veillee && window.veillee.conn && window.veillee.conn.view")
        await command(http, code, room["mj_token"], "start")
        cupid = bruno.locator(".prompt[data-step=cupidon]")
        await cupid.wait_for()
        await command(http, code, tokens[1], "answer", prompt=await cupid.get_attribute("data-prompt"), answer=[2, 3])
        chloe = await phone(browser, errors, "Chloé")  # in love with David (3)
        await chloe.goto(f"{base}/r/{code}?lang=fr#t={tokens[2]}")
        vote = chloe.locator(".prompt[data-step=vote]")
        await vote.wait_for()
        pid = await vote.get_attribute("data-prompt")
        for seat, target in ((0, 3), (1, 3), (4, 3), (5, 3), (2, 4), (3, 4)):
            await command(http, code, tokens[seat], "answer", prompt=pid, answer=[target])
        yes = chloe.locator(".prompt[data-step=verdict] [data-answer=yes]")
        await yes.wait_for()
        assert await yes.is_disabled()
        assert "aimé" in await yes.locator(".why").inner_text()
        assert not await chloe.locator(".prompt[data-step=verdict] [data-answer=no]").is_disabled()
        await chloe.screenshot(path=str(shots / "i14-lover-verdict.png"))
        await bruno.context.close()
        await chloe.context.close()
    assert not quiet(errors), errors
