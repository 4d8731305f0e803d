"""Issue 27, the village screen (/r/{code}/ecran), in headless Chromium: a whole game of each ruleset with the screen
open beside a phone (bots in the other seats), its speech synthesis spied; what it said is checked against the
public stream it heard (tests/support/screen.py): each public step called in order in the catalogue's words, every
other line a public event's, nothing a spectator may not know. The screen at 1920×1080 and 1280×720, nothing wider
than the screen, no raw key, no console error (tests/support/page_checks.py). And a night called the same whether a
card is held or lies unused in the middle, its steps as long.

The clocks are short (seconds); the loops are bounded by a number of rounds, never by the wall clock."""

from __future__ import annotations

import contextlib
import itertools
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.page_checks import PHASE, answer_by_tapping, check_pages
from tests.support.screen import check_narration, open_screen
from tools.serve import serve

pytestmark = pytest.mark.browser

RP = {"moderation": "auto", "night_step": 2, "plausible_min": 0.3, "plausible_max": 0.5, "lovers_talk": 0.5,
      "mj_time": 1, "dawn": 0.3, "death_choice": 3, "debate": 1, "vote": 3, "session_choice": 1, "law_time": 2,
      "condemned_window": 0.5, "invoke_time": 1, "show_time": 1, "reaction": 1, "festival": 0.5, "heritage": 1,
      "move_time": 1, "marriages": 1, "pickpocket": 1}
TH = {"moderation": "auto", "night_step": 3, "plausible_min": 0.6, "plausible_max": 1.0, "dawn": 0.3, "election": 3,
      "debate": 0.5, "vote": 3, "reaction": 2}
# ruleset, options, bots beside the one phone, the screen's language and size, a text it must have said.
GAMES = [
    ("thiercelieux", TH, 7, "fr", (1920, 1080), "La nuit tombe sur Thiercelieux. Tout le monde ferme les yeux."),
    ("reptiliens", RP, 7, "fr", (1280, 720), "La nuit tombe sur Quinte-Bourg. Tout le monde ferme les yeux."),
    ("soupcons", {"bot_delay": 0.05}, 2, "en", (1280, 720), "turn to offer a card."),
]
MARKER = """() => { const v = window.veillee.conn.view; return JSON.stringify([v.phase, v.step && v.step.key,
  v.step && v.step.started, (v.prompts || []).map((p) => p.id)]); }"""
ROUNDS = 1500  # rounds of the phone's loop before the game counts as stuck (not seconds)


@pytest.mark.parametrize(("ruleset", "options", "bots", "lang", "size", "line"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_with_the_village_screen(database_url: str, browser: Any, shots: Path, ruleset: str,
                                                    options: dict[str, Any], bots: int, lang: str,
                                                    size: tuple[int, int], line: str) -> None:
    errors: list[str] = []
    rnd = random.Random(27)
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        made = await http.post("/api/rooms", json={"ruleset": ruleset, "options": options})
        assert made.status_code == 201, made.text
        room = made.json()
        code, token = room["code"], room["mj_token"]
        assert room["screen_url"].endswith(f"/r/{code}/ecran")
        # Alice sits; the lobby shows her the screen's link, which the table opens on its TV.
        alice = await phone(browser, errors, "Alice")
        await alice.goto(f"{base}/r/{code}?lang={lang}")
        await alice.fill("#name-input", "Alice")
        await alice.click("#join-button")
        await alice.wait_for_selector("#screen-link")
        assert await alice.locator("#screen-link").get_attribute("href") == f"/r/{code}/ecran"
        screen = await open_screen(browser, errors, room["screen_url"], lang, size)
        pages = {"Alice": alice, "screen": screen}
        await screen.wait_for_selector(".screen-lobby .qr svg")
        await screen.screenshot(path=str(shots / f"screen-{ruleset}-lobby.png"))
        added = await http.post(f"/api/rooms/{code}/bots", json={"count": bots},
                                headers={"Authorization": f"Bearer {token}"})
        assert added.status_code == 201, added.text
        started = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {token}"},
                                  json={"command": "start", "args": {}})
        assert started.status_code == 200, started.text
        await screen.wait_for_function(f"() => ({PHASE})() !== 'lobby'")
        await check_pages(pages, errors, "the game begins")
        await screen.screenshot(path=str(shots / f"screen-{ruleset}-game.png"))
        # A dropped connection: the screen comes back by itself and goes on from where its stream stopped.
        await screen.evaluate("window.veillee.conn.ws.close()")

        # -- Alice answers what she is asked until the end; the screen shows and says the rest ---------------------
        seen = None
        for _ in range(ROUNDS):
            await answer_by_tapping(alice, rnd)
            marker = await screen.evaluate(MARKER)
            if marker != seen:
                seen = marker
                await check_pages(pages, errors, marker)
            if await screen.evaluate(PHASE) == "ended" and await alice.locator(".card.end").count():
                break
            with contextlib.suppress(Exception):  # until the next frame changes the step, or a moment
                await screen.wait_for_function(f"(m) => ({MARKER})() !== m", arg=marker, timeout=800)
        else:
            raise AssertionError(f"no end after {ROUNDS} rounds: {await screen.evaluate(MARKER)}")
        await screen.wait_for_selector(".screen-end .card.end")
        await check_pages(pages, errors, "the end")
        await screen.screenshot(path=str(shots / f"screen-{ruleset}-end.png"))
        said = await check_narration(screen, lang, cards_are_secret=ruleset != "soupcons")
        assert any(text.endswith(line) for text in said), said
        for page in pages.values():
            await page.context.close()
    assert errors == []


# Thiercelieux with the Voleur: two cards more than seats, the two left over lie in the middle. The same night with
# the Voyante dealt, and with the Voyante in the middle: nobody holds it, and the night must not tell.
DEALT = {"0": "voleur", "1": "voyante", "2": "loup-garou", "3": "loup-garou", "4": "villageois"}
UNUSED = {"0": "voleur", "1": "villageois", "2": "loup-garou", "3": "loup-garou", "4": "villageois"}
CARDS = ["voleur", "voyante", "loup-garou", "loup-garou", "villageois", "villageois", "villageois"]
LOW, HIGH = 0.6, 1.0  # plausible_min, plausible_max (TH): a night step's drawn length


async def first_night(http: httpx.AsyncClient, browser: Any, base: str, errors: list[str],
                      preassigned: dict[str, str]) -> tuple[list[str], list[tuple[str, float, float, float]]]:
    """The first night of a room dealt `preassigned` (nobody answers: every step runs to its end), as its screen
    heard it: the calls said, and each night step's (key, start, drawn end, actual end)."""
    made = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "composition": CARDS,
                                               "options": {**TH, "preassigned": preassigned}})
    assert made.status_code == 201, made.text
    room = made.json()
    for name in ("Alice", "Bruno", "Chloé", "David", "Emma"):
        assert (await http.post(f"/api/rooms/{room['code']}/join", json={"name": name})).status_code == 201
    screen = await open_screen(browser, errors, room["screen_url"], "fr", (1280, 720))
    started = await http.post(f"/api/rooms/{room['code']}/commands", json={"command": "start", "args": {}},
                              headers={"Authorization": f"Bearer {room['mj_token']}"})
    assert started.status_code == 200, started.text
    await screen.wait_for_function("() => window.veillee.conn.view.phase === 'day'")
    told: list[str] = await screen.evaluate("() => window.veillee.told")
    live: list[list[Any]] = await screen.evaluate("() => window.veillee.live")
    await screen.context.close()
    steps: list[tuple[str, float, float, float]] = []
    marks = [e for _, e in live if e["type"] == "step" or (e["type"] == "phase" and e["data"]["phase"] == "day")]
    marks = marks[:next(i for i, e in enumerate(marks) if e["type"] == "phase") + 1]  # the night's, to daybreak
    for e, after in itertools.pairwise(marks):
        if e["type"] == "step":
            end = after["data"]["started"] if after["type"] == "step" else after["at"]
            steps.append((e["data"]["key"], e["data"]["started"], e["data"]["deadline"], end))
    # The calls of the night's steps (the day's may have begun by the time we read).
    night = {key for key, *_ in steps}
    return [key for key in told if key.startswith("say.") and key.split(".", 2)[2] in night], steps


async def test_a_card_nobody_holds_is_called_the_same_for_as_long(database_url: str, browser: Any) -> None:
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        dealt = await first_night(http, browser, base, errors, DEALT)
        unused = await first_night(http, browser, base, errors, UNUSED)
    # The same calls, in the same order and words: the Voyante wakes up and goes back to sleep either way.
    assert dealt[0] == unused[0]
    assert {"say.open.voleur", "say.open.voyante", "say.close.voyante", "say.open.loups"} <= set(dealt[0])
    # The same steps, each as long as a length drawn in the same bounds, and never shorter (nobody answered, and
    # an answer would not end one sooner: app/engine/night_length.py).
    assert [s[0] for s in dealt[1]] == [s[0] for s in unused[1]] and "voyante" in [s[0] for s in dealt[1]]
    for key, start, deadline, end in dealt[1] + unused[1]:
        if key in ("voleur", "voyante"):  # a one-card step (the pack's talk may be drawn longer)
            assert LOW - 1e-6 <= deadline - start <= HIGH + 1e-6, (key, deadline - start)
        assert end >= deadline - 1e-6, (key, end, deadline)
    assert errors == []
