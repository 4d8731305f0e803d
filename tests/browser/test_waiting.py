"""What waits for someone is never out of sight (issue 24, items 2 and 3), in headless Chromium.

* A Reptiliens game with a human MJ: the opening puts its judgment calls to the MJ (the first holders of the
  offices, Poirot's conditions). The console's bar pinned at the top lists them, with how many and the nearest
  deadline, whatever the MJ scrolled to; the tab's title carries the count; one tap opens a question, answering it
  takes it off the list and the count down. Screenshots at 1280 px and 390 px (docs/screenshots/console-questions-*).
* A Thiercelieux phone on the chat tab, a message half typed, when the Voyante's question opens: the call on the
  chat tab opens it in one tap and the half-typed text is still there. A werewolf on the chat tab when the pack's
  question opens sees it above the pack's chat, talks and answers on the same screen.

Same browser rules as tests/browser/test_whole_game.py (skipped without /usr/bin/chromium, except in CI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import command
from tests.support.browser_reptiliens import CAMP, NAMES, OPTIONS, SPECIALTY, until, view
from tools.serve import serve

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}
NARROW = {"width": 390, "height": 844}
# The MJ's questions not answered yet, as the console's own view says (what the bar must list).
WAITING = "v.prompts.filter((p) => p.to_mj && !p.suspended && !('-1' in p.answers))"
# Whether `el` is on screen: laid out, inside the viewport, and the element drawn at its middle is it or inside it.
ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) return false;
  const x = r.left + r.width / 2, y = Math.max(r.top, 0) + Math.min(r.height, innerHeight - Math.max(r.top, 0)) / 2;
  const hit = document.elementFromPoint(x, y);
  return Boolean(hit && (el === hit || el.contains(hit)));
}"""


def no_errors(errors: list[str]) -> list[str]:
    return [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e]


async def shown_count(mj: Any) -> int:
    return int(await mj.locator("#mj-waiting .mj-waiting-inner").get_attribute("data-count") or 0)


async def test_the_console_keeps_the_mjs_questions_pinned(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": {**OPTIONS, "moderation": "mj"},
                                                    "composition": [*CAMP, *SPECIALTY]})).json()
        code, token = room["code"], room["mj_token"]
        for name in NAMES:
            assert (await http.post(f"/api/rooms/{code}/join", json={"name": name})).status_code in (200, 201)
        mj_context = await browser.new_context(viewport=WIDE, device_scale_factor=1, locale="fr-FR")
        mj = await mj_context.new_page()
        mj.on("pageerror", lambda exc: errors.append(f"mj: {exc}"))
        mj.on("console", lambda msg: errors.append(f"mj: {msg.text}") if msg.type == "error" else None)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={token}")
        await mj.wait_for_selector(".seat-row >> nth=5")
        # Nothing waits in the lobby: no bar, no count in the title.
        assert await mj.locator("#mj-waiting").is_hidden()
        assert not (await mj.title()).startswith("(")
        await command(http, code, token, "start")

        # -- the opening's judgment calls: the bar lists every one, the title counts them -----------------------------
        await until(mj, f"{WAITING}.length >= 3")
        await mj.wait_for_function(
            f"() => {{ const v = window.veillee.conn.view;"
            f" const bar = document.querySelector('#mj-waiting .mj-waiting-inner');"
            f" return bar && Number(bar.dataset.count) === {WAITING}.length; }}")
        ids = f"() => {{ const v = window.veillee.conn.view; return {WAITING}.map((p) => p.id); }}"
        waiting = await mj.evaluate(ids)
        items = mj.locator("#mj-waiting .mj-waiting-item")
        listed = [await items.nth(i).get_attribute("data-prompt") for i in range(await items.count())]
        assert sorted(listed) == sorted(waiting)
        count = len(waiting)
        assert f"Questions pour vous\u00a0: {count}" in await mj.locator("#mj-waiting").inner_text()
        assert (await mj.title()).startswith(f"({count}) ")
        # The nearest deadline, with the shared clock's countdown.
        assert await mj.locator("#mj-waiting .countdown .countdown-text").inner_text() != ""
        # Pinned: at the very bottom of the page the bar is still right under the top bar.
        await mj.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        top = await mj.evaluate("() => document.querySelector('#mj-waiting').getBoundingClientRect().top")
        topbar = await mj.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().bottom")
        assert abs(top - topbar) <= 2, (top, topbar)
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "console-questions-1280.png"))

        # -- one tap opens a question; answered, it leaves the list and the count goes down --------------------------
        first = await items.first.get_attribute("data-prompt")
        await items.first.click()
        question = mj.locator(f"#modal[open] .prompt[data-prompt='{first}']")
        await question.wait_for()
        await mj.screenshot(path=str(shots / "console-question-dialog-1280.png"))
        choice = question.locator("button.choice, button.target:not([disabled]), [data-answer=yes]").first
        await choice.click()
        submit = question.locator("button.submit:not([disabled])")
        if await submit.count():
            await submit.click()
        await until(mj, "v.prompts.some((p) => p.id === arg && '-1' in p.answers)"
                    " || !v.prompts.some((p) => p.id === arg)", first)
        await mj.locator("#modal[open]").wait_for(state="detached")
        await mj.wait_for_function("(id) => !document.querySelector(`#mj-waiting [data-prompt='${id}']`)", arg=first)
        left = await mj.evaluate(f"() => {{ const v = window.veillee.conn.view; return {WAITING}.length; }}")
        assert left < count
        assert await shown_count(mj) == left
        assert (await mj.title()).startswith(f"({left}) ")
        # In the panel below, the questions still waiting come before the answered one.
        order = await mj.evaluate("() => [...document.querySelectorAll('#prompts .mj-judgment')]"
                                  ".map((n) => n.classList.contains('is-waiting'))")
        assert order == sorted(order, reverse=True), order

        # -- the same console on a phone: the bar stays at the top, nothing wider than the screen --------------------
        await mj.set_viewport_size(NARROW)
        await mj.evaluate("() => window.scrollTo(0, document.body.scrollHeight / 2)")
        assert await mj.locator("#mj-waiting").evaluate(ON_SCREEN)
        assert await mj.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "console-questions-390.png"))

        # -- every question answered: the bar goes, the title has no count ---------------------------------------------
        for prompt in (await view(mj))["prompts"]:
            if prompt.get("to_mj") and "-1" not in prompt["answers"] and not prompt.get("suspended"):
                answer: Any
                if prompt["kind"] == "confirm":
                    answer = True
                elif prompt["kind"] == "choice":
                    answer = prompt["options"][0]
                else:
                    answer = prompt["options"][: max(prompt["min"], 0)]
                await command(http, code, token, "answer", prompt=prompt["id"], answer=answer)
        await until(mj, f"{WAITING}.length === 0")
        await mj.locator("#mj-waiting").wait_for(state="hidden")
        assert not (await mj.title()).startswith("(")
        await mj_context.close()
    assert not no_errors(errors), errors


async def advance_until(http: httpx.AsyncClient, code: str, token: str, page: Any, step: str) -> None:
    """The MJ moves the steps on (over HTTP) until `page` holds a question of `step`, one step at a time: each
    advance waits until the page has the next step."""
    for _ in range(12):
        v = await view(page)
        if any(p["step"] == step and p["mine"] for p in v.get("prompts") or []):
            return
        before = f"{(v.get('step') or {}).get('key')}:{(v.get('step') or {}).get('started')}"
        await command(http, code, token, "advance")
        await until(page, "`${v.step && v.step.key}:${v.step && v.step.started}` !== arg", before)
    raise AssertionError(f"no question of step {step} came")


async def test_a_phone_on_the_chat_tab_reaches_its_question(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    options = {"moderation": "mj", "captain": False, "night_step": 600, "plausible_min": 600, "plausible_max": 600,
               "preassigned": {"0": "loup-garou", "1": "loup-garou", "4": "voyante"}}
    composition = ["loup-garou", "loup-garou", "villageois", "villageois", "voyante"]
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                    "composition": composition})).json()
        code, token = room["code"], room["mj_token"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES[:5]]

        # -- Emma (the Voyante) and Alice (a werewolf) are on their phones' chat tab before the night ----------------
        emma = await phone(browser, errors, "Emma")
        await emma.goto(f"{base}/r/{code}?lang=fr#t={tokens[4]}")
        alice = await phone(browser, errors, "Alice")
        await alice.goto(f"{base}/r/{code}?lang=fr#t={tokens[0]}")
        for page in (emma, alice):
            await page.wait_for_selector(".lobby")
            await page.click("#tab-chat")
            await page.wait_for_selector(".chat-tab[data-channel='village']")
        # Emma writes to the MJ (a thread open day and night); half typed, the field still focused.
        await emma.click(".chat-tab[data-channel='mj:4']")
        draft = "Je me méfie d'Al"
        await emma.fill(".chat-input", draft)
        await command(http, code, token, "start")

        # -- the Voyante's question opens while Emma is on the chat tab: the call is on her screen --------------------
        await until(emma, "v.phase === 'night'")
        await advance_until(http, code, token, emma, "voyante")
        call = emma.locator("#prompt-call .banner-call")
        await call.wait_for()
        assert await call.evaluate(ON_SCREEN)
        assert "Une question vous attend" in await call.inner_text()
        assert await emma.locator("#play").is_hidden()  # the game's tab is not the one shown
        assert await emma.input_value(".chat-input") == draft
        assert await emma.locator(".chat-input").evaluate(ON_SCREEN)
        await emma.screenshot(path=str(shots / "phone-prompt-call-390.png"))
        await emma.click("#prompt-call-go")
        seer = emma.locator(".prompt[data-step='voyante']")
        await seer.wait_for()
        assert await seer.evaluate(ON_SCREEN)
        assert await emma.input_value(".chat-input") == draft  # the half-typed message survived the trip
        await seer.locator("button.target[data-seat='0']").click()
        await until(emma, "v.prompts.every((p) => p.step !== 'voyante' || '4' in p.answers)")

        # -- the pack's question: above the pack's chat, on one screen; Alice talks, then answers there ---------------
        # (Nightfall brought Alice's phone back to the game's tab; she goes back to the chat.)
        await until(alice, "v.phase === 'night'")
        await alice.click("#tab-chat")
        await advance_until(http, code, token, alice, "loups")
        docked = alice.locator(".prompt[data-step='loups'][data-docked]")
        await docked.wait_for()
        assert await docked.evaluate(ON_SCREEN)
        await alice.wait_for_selector(".chat-tab.active[data-channel='wolves']")
        assert await alice.locator(".chat-input").evaluate(ON_SCREEN)
        assert await alice.locator("#village").is_hidden() and await alice.locator("#feed").is_hidden()
        await alice.fill(".chat-input", "On prend Chloé ?")
        await alice.press(".chat-input", "Enter")
        await alice.wait_for_selector(".msg.mine .msg-text:text-is('On prend Chloé ?')")
        await command(http, code, tokens[1], "say", channel="wolves", text="D'accord")
        await alice.wait_for_selector(".msg .msg-text:text-is(\"D'accord\")")
        await alice.screenshot(path=str(shots / "phone-team-dock-390.png"))
        assert await alice.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        await docked.locator("button.target[data-seat='2']").click()
        await until(alice, "v.prompts.some((p) => p.step === 'loups' && String(p.answers['0']) === '2')")
        # On the game's tab, the pack's question offers the pack's chat.
        await alice.click("#tab-play")
        await alice.locator("#team-chat-go").wait_for()
        await alice.screenshot(path=str(shots / "phone-team-play-390.png"))
        # At 320 px, nothing wider than the screen either.
        await alice.set_viewport_size({"width": 320, "height": 700})
        assert await alice.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        await alice.click("#team-chat-go")
        await docked.wait_for()
        assert await alice.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        await alice.screenshot(path=str(shots / "phone-team-dock-320.png"))
        for page in (emma, alice):
            await page.context.close()
    assert not no_errors(errors), errors
