"""Updates must not destroy what the user is touching (pages patch the DOM instead of rebuilding it).

* The MJ opens a seat's Actions menu on the console; a player writes to the MJ and the Voyante answers: the menu stays
  open, and a button pressed while an update arrives (pressed before it, released after it) still works.
* Six phones at the day's vote: four vote again and again over HTTP while a fifth taps its targets, each tap
  pressed before another phone's vote reaches it and released after: every tap counts. Every control of that
  phone's page, the chat's too, is at least 44 × 44 px.

The old pages rebuilt the seat grid and the prompt on every frame, so the menu closed and the press landed on a
detached button: both tests fail there. Same browser rules as tests/browser/test_whole_game.py (skipped without
/usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import NAMES, SMALL_TARGETS, WIDE, command, seen
from tests.support.page_checks import drawn
from tests.support.ws import started_room
from tools.serve import serve

pytestmark = pytest.mark.browser

# The page's view holds this seat's answer to this prompt: arg = [prompt, seat, target].
ANSWERED = "conn.view.prompts.some((p) => p.id === arg[0] && String(p.answers[arg[1]]) === String(arg[2]))"


async def press_during(page: Any, selector: str, update: Any) -> Any:
    """Press the mouse on `selector`, run `update()` (which makes the server send this page a frame, and waits until
    the page has it), then release: a tap that spans an update. Returns the element pressed."""
    target = page.locator(selector)
    box = await target.bounding_box()
    assert box is not None, selector
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    handle = await target.element_handle()
    await page.mouse.move(x, y)
    await page.mouse.down()
    await update()
    await drawn(page)  # every frame is read, hence rendered (a render runs as soon as a frame is read)
    # The element under the finger is still the one pressed: same node, still in the page.
    assert await page.evaluate("([el, x, y]) => el.isConnected && el.contains(document.elementFromPoint(x, y))",
                               [handle, x, y]), f"{selector} was replaced while pressed"
    await page.mouse.up()
    return handle


async def test_the_mj_menu_stays_open_while_the_table_talks(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "mj", "captain": False, "night_step": 600, "plausible_min": 600, "plausible_max": 600}
    composition = ["loup-garou", "villageois", "villageois", "villageois", "voyante"]
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        preset = {"0": "loup-garou", "4": "voyante"}
        room, tokens = await started_room(http, {**options, "preassigned": preset}, composition, NAMES[:5])
        code = room["code"]
        mj = await phone(browser, errors, "mj")
        await mj.set_viewport_size(WIDE)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={room['mj_token']}")
        card = mj.locator(".seat-card[data-seat='2']")
        await card.wait_for()

        # -- the MJ opens Chloé's Actions menu ------------------------------------------------------------------------
        await card.locator("details.seat-actions > summary").click()
        menu = card.locator("details.seat-actions[open]")
        await menu.wait_for()
        said = ["Meneur, j'ai un doute sur Alice.", "Tu es sûr de toi ?"]

        # -- a player writes to the MJ, the Voyante answers: the menu stays open ------------------------------------
        await command(http, code, tokens[2], "say", channel="mj:2", text=said[0])
        await seen(mj, "conn.events.some((e) => e.type === 'said' && e.data.text === arg)", said[0])
        mj_view = await mj.evaluate("window.veillee.conn.view")
        seer = next(p for p in mj_view["prompts"] if p["step"] == "voyante")
        await command(http, code, tokens[4], "answer", prompt=seer["id"], answer=[0])
        await seen(mj, "conn.view.prompts.some((p) => p.step === 'voyante' && p.answers['4'])")
        assert await menu.count() == 1, "the Actions menu closed when the table talked"
        await mj.screenshot(path=str(shots / "live-mj-menu-1280.png"))

        # -- a button of the menu pressed while a message arrives still works -----------------------------------------
        async def another_message() -> None:
            await command(http, code, tokens[1], "say", channel="mj:1", text=said[1])
            await seen(mj, "conn.events.some((e) => e.type === 'said' && e.data.text === arg)", said[1])

        await press_during(mj, ".seat-card[data-seat='2'] [data-action=captain]", another_message)
        await card.locator(".badge-captain").wait_for()
        assert await menu.count() == 1
        await mj.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors


async def test_every_tap_counts_while_the_others_vote(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "auto", "captain": False, "night_step": 1, "plausible_min": 0.5, "plausible_max": 0.5,
               "dawn": 0.5, "debate": 0.5, "vote": 300, "preassigned": {"0": "loup-garou"}}
    composition = ["loup-garou"] + ["villageois"] * 5
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await started_room(http, options, composition, NAMES)
        code = room["code"]
        bruno = await phone(browser, errors, "Bruno")
        await bruno.goto(f"{base}/r/{code}?lang=fr#t={tokens[1]}")
        vote = bruno.locator(".prompt[data-step=vote]")
        await vote.wait_for()
        prompt_id = await vote.get_attribute("data-prompt")
        # Bruno cannot vote against himself: the server says so, and the page shows why.
        assert await vote.locator("button.target[data-seat='1']").is_disabled()

        others = [2, 3, 4, 5]
        ballots = 0

        async def someone_votes() -> None:
            """Another phone votes (between the two targets of the row below Bruno's), and Bruno's page has it."""
            nonlocal ballots
            voter = others[ballots % len(others)]
            target = 4 if ballots % 2 else 5
            ballots += 1
            await command(http, code, tokens[voter], "answer", prompt=prompt_id, answer=[target])
            await seen(bruno, ANSWERED, [prompt_id, str(voter), target])

        taps = [0, 2, 3, 0, 3, 2]
        for i, target in enumerate(taps):
            await press_during(bruno, f".prompt[data-step=vote] button.target[data-seat='{target}']", someone_votes)
            await seen(bruno, ANSWERED, [prompt_id, "1", target])
            if i == 2:
                await bruno.screenshot(path=str(shots / "live-vote-390.png"))
        assert ballots == len(taps)

        # -- every control of the phone's page is a target of at least 44 × 44 px, the chat's too -----------------
        assert await bruno.evaluate(SMALL_TARGETS) == []
        await bruno.click("#tab-chat")
        await bruno.wait_for_selector(".chat-tab")
        assert await bruno.evaluate(SMALL_TARGETS) == []
        await bruno.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors


async def test_the_captains_ballot_counts_twice_and_a_reason_is_quoted(database_url: str, browser: Any,
                                                                        shots: Path) -> None:
    """The village's vote as its end will count it (the view's `tallies`): the Captain's ballot shows as two, with
    its weight and the rule that says so; the reason said with a vote reads in the reader's quotation marks (French
    ones held by non-breaking spaces, English curly ones), on the phones and in the MJ's log."""
    errors: list[str] = []
    options = {"moderation": "auto", "captain": False, "night_step": 1, "plausible_min": 0.5, "plausible_max": 0.5,
               "dawn": 0.5, "debate": 0.5, "vote": 300, "preassigned": {"0": "loup-garou"}}
    composition = ["loup-garou"] + ["villageois"] * 5
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await started_room(http, options, composition, NAMES)
        code = room["code"]
        await command(http, code, room["mj_token"], "set_captain", seat=2)  # Chloé
        bruno = await phone(browser, errors, "Bruno")
        await bruno.goto(f"{base}/r/{code}?lang=fr#t={tokens[1]}")
        vote = bruno.locator(".prompt[data-step=vote]")
        await vote.wait_for()
        prompt_id = await vote.get_attribute("data-prompt")
        await command(http, code, tokens[2], "answer", prompt=prompt_id, answer=[4], reason="Il ment")
        await command(http, code, tokens[3], "answer", prompt=prompt_id, answer=[5])
        await seen(bruno, ANSWERED, [prompt_id, "3", 5])
        votes = vote.locator("button.target[data-seat='4'] .votes")
        assert await votes.locator("b").inner_text() == "2"
        assert "Chloé ×2" in await votes.locator("small").inner_text()
        assert await vote.locator("button.target[data-seat='5'] .votes b").inner_text() == "1"
        assert "La voix du Capitaine compte double." in await vote.inner_text()
        quoted = await bruno.evaluate("""() => {
            const q = document.querySelector(".prompt[data-step=vote] .reasons q");
            return [getComputedStyle(q, "::before").content, getComputedStyle(q, "::after").content];
        }""")
        assert quoted == ['"«\u00a0"', '"\u00a0»"'], quoted
        await vote.scroll_into_view_if_needed()
        await bruno.screenshot(path=str(shots / "captain-vote-390.png"))

        # The MJ's log (the whole story), in French and in English.
        for lang, line in (("fr", "Chloé — Vote du village\u00a0: Emma\u00a0— «\u00a0Il ment\u00a0»"),
                           ("en", "Chloé — Village vote: Emma — “Il ment”")):
            mj = await phone(browser, errors, f"mj {lang}")
            await mj.set_viewport_size(WIDE)
            await mj.goto(f"{base}/r/{code}/mj?lang={lang}#k={room['mj_token']}")
            await mj.click("#pane-tab-log")
            entry = mj.locator("#log .line.answer", has_text="Il ment")
            await entry.wait_for()
            assert await entry.locator(".txt").inner_text() == line
            await mj.screenshot(path=str(shots / f"captain-vote-log-{lang}-1280.png"))
            await mj.context.close()
        await bruno.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
