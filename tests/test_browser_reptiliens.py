"""Les Reptiliens de Quinte-Bourg in headless Chromium: an MJ's console at 1280 px and six phones at 390 px, each its
own browser context. The room is created over HTTP with the cards pre-assigned (so the test knows who holds what);
the players join by the link, the MJ sets MJ moderation on the console's set-up and starts. Every phone shows its two
cards with what they do, and no card of another seat that its view does not give it; the MJ answers the opening's
judgment calls on the console; the phones answer the night's own questions (the pack's house, the lovers' house, the
Marchand de sable, Orphée's charm, Laura's squat) while the MJ moves the steps on; the street on the console shows
who slept where and the attack; in the morning the Assassin's phone alone shows an invoke button, and invoking
opens its target question while the village's vote waits; the vote executes the last Reptilian and every page shows
the end screen with each winner and why. Screenshots of the phone at night, the phone by day with the vote, the
console with the street and the end (VEILLEE_SHOTS=dir keeps them; docs/screenshots/reptiliens-*.png are from here).

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure (the
`browser` fixture, tests/conftest.py). A static check of the page module's own texts runs without a browser.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser import phone
from test_browser_live import SMALL_TARGETS

from app.client import Client
from app.demo import serve

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "static" / "js" / "rulesets" / "reptiliens.js"
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]
# Seat i gets CAMP[i] and SPECIALTY[i]: the alpha and a Reptilien (the pack), the Assassin (an invoked kill), Orphée,
# Poirot (personal conditions from the MJ), and a Villageois.
CAMP = ["rp-reptilienne-alpha", "rp-reptilien", "rp-villageois", "rp-orphee", "rp-poirot", "rp-villageois"]
SPECIALTY = ["rp-marchand-de-sable", "rp-laura", "rp-assassin", "rp-fureteur", "rp-dresseur-de-chien", "rp-ingenieure"]
# Steps last until the MJ moves them on (a night step's length is drawn in [plausible_min, plausible_max]).
OPTIONS = {"night_step": 600, "plausible_min": 500, "plausible_max": 550, "mj_time": 600, "dawn": 600, "debate": 600,
           "vote": 600, "invoke_time": 600, "condemned_window": 600, "first_weekday": "mon"}
WIDE = {"width": 1280, "height": 900}
VIEW = "() => window.veillee && window.veillee.conn && window.veillee.conn.view"
# What the page says outside the player's own cards, tonight's public table and the journal.
SAID_ELSEWHERE = """() => {
  const copy = document.querySelector("#game").cloneNode(true);
  copy.querySelectorAll("#card, .rp-tonight-box, #feed, .news, #chat").forEach((node) => node.remove());
  return copy.textContent;
}"""


def lang_text(lang: str) -> dict[str, str]:
    from app.i18n import catalogue

    return catalogue(lang)


def test_the_page_module_has_its_texts() -> None:
    """Every text the module asks of the ruleset's catalogue (`rt("…")`) is there in both languages, every key of
    the families it builds (`ui.rp-prompt.<step>`…) too, and each of its `ui.rp-` keys is used."""
    js = MODULE.read_text(encoding="utf-8")
    literal = set(re.findall(r"\brt\(\s*\"([a-z][a-zA-Z0-9_.\-]*)\"", js))
    families = set(re.findall(r"`(ui\.rp-[a-z-]+\.)\$\{", js))
    assert len(literal) > 80 and families >= {"ui.rp-prompt.", "ui.rp-failure.", "ui.rp-opt."}
    own = {lang: json.loads((ROOT / "static" / "i18n" / "reptiliens" / f"{lang}.json").read_text(encoding="utf-8"))
           for lang in ("fr", "en")}
    for lang in ("fr", "en"):
        merged = lang_text(lang)
        assert sorted(k for k in literal if k not in merged) == [], lang
        page = {k for k in own[lang] if k.startswith("ui.rp-")}
        assert sorted(k for k in page if k not in literal and not k.startswith(tuple(families))) == [], lang
    assert {k for k in own["fr"] if k.startswith("ui.rp-")} == {k for k in own["en"] if k.startswith("ui.rp-")}


# -- helpers -----------------------------------------------------------------------------------------------------
async def view(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = await page.evaluate(VIEW)
    return found


async def until(page: Any, script: str, arg: Any = None, ms: float = 15_000) -> None:
    """Wait until the page's view satisfies `script` (an expression of `v` and `arg`), at most `ms`."""
    await page.wait_for_function(f"(arg) => {{ const v = ({VIEW})(); return Boolean(v && ({script})); }}", arg=arg,
                                 timeout=ms)


def marker(v: dict[str, Any]) -> str:
    step = v.get("step") or {}
    return f"{v['phase']}:{step.get('key')}:{step.get('started')}"


async def advance(mj: Any) -> dict[str, Any]:
    """The MJ moves the current step on (the console's button); returns the view once the next step is on."""
    before = marker(await view(mj))
    await mj.click("#advance")
    await until(mj, "`${v.phase}:${v.step && v.step.key}:${v.step && v.step.started}` !== arg", before)
    return await view(mj)


async def tap(page: Any, selector: str) -> None:
    """A finger on `selector`, brought to the middle of the screen first (not under the phone's tab bar)."""
    target = page.locator(selector)
    await target.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    await target.click()


async def pick(page: Any, step: str, seat: int) -> None:
    """A phone taps `seat` in its question of `step`, and the server has it."""
    prompt = await page.locator(f".prompt[data-step='{step}']").get_attribute("data-prompt")
    await tap(page, f".prompt[data-step='{step}'] button.target[data-seat='{seat}']")
    # Answered (or already over: an invocation's question closes its step once answered).
    await until(page, "!v.prompts.some((p) => p.id === arg[0]) || v.prompts.some((p) => p.id === arg[0] "
                "&& String(p.answers[String(v.me.seat)]) === String(arg[1]))", [prompt, seat])


async def run_to(mj: Any, step: str, phones: list[Any], answers: dict[str, dict[int, int]]) -> dict[str, Any]:
    """Move the steps on until `step` opens, answering each step's questions from the phones as `answers` says
    (step -> seat -> the target)."""
    for _ in range(40):
        v = await view(mj)
        key = (v.get("step") or {}).get("key")
        if key == step:
            return v
        for seat, target in answers.get(key or "", {}).items():
            await phones[seat].locator(f".prompt[data-step='{key}']").wait_for(timeout=10_000)
            await pick(phones[seat], key, target)
        await advance(mj)
    raise AssertionError(f"step {step} never came")


# The elements wider than the screen (none: a phone never scrolls sideways).
OVERFLOW = """() => [...document.querySelectorAll("#main *")].filter((el) => el.getClientRects().length
  && el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest(".chat-tabs, .rp-week"))
  .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`).slice(0, 8)"""


async def shot(page: Any, path: Path, selector: str | None = None) -> None:
    """What the phone's screen shows, `selector` at the top (under the status bar); nothing wider than the screen."""
    if selector:
        await page.locator(selector).first.evaluate(
            "(el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY"
            " - document.querySelector('#status').getBoundingClientRect().bottom - 8)")
    await page.screenshot(path=str(path))
    assert await page.evaluate(OVERFLOW) == [], path.name


async def shown_cards(page: Any) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for slot in ("camp", "specialty"):
        card = page.locator(f"#card .rp-card[data-slot='{slot}']")
        out[slot] = await card.get_attribute("data-card")
    return out


# -- the game ----------------------------------------------------------------------------------------------------
@pytest.mark.browser
async def test_a_reptiliens_night_and_morning_in_the_browser(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    started = time.monotonic()
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        composition = [*CAMP, *SPECIALTY]
        preset = {**{str(i): c for i, c in enumerate(CAMP)}, **{f"{i}.specialty": c for i, c in enumerate(SPECIALTY)}}
        room = (await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": OPTIONS})).json()
        code, token = room["code"], room["mj_token"]
        mj_context = await browser.new_context(viewport=WIDE, device_scale_factor=1, locale="fr-FR")
        mj = await mj_context.new_page()
        mj.on("pageerror", lambda exc: errors.append(f"mj: {exc}"))
        mj.on("console", lambda msg: errors.append(f"mj: {msg.text}") if msg.type == "error" else None)
        await mj.goto(f"{base}/r/{code}/mj?lang=fr#k={token}")
        await mj.wait_for_selector("#rp-setup .comp-row[data-role='rp-reptilienne-alpha']")

        # -- six players join by the link, each on their own phone -----------------------------------------------------
        phones = []
        for name in NAMES:
            page = await phone(browser, errors, name)
            await page.goto(f"{base}/r/{code}?lang=fr")
            await page.fill("#name-input", name)
            await page.click("#join-button")
            await page.wait_for_selector(".lobby")
            phones.append(page)

        # -- the console's set-up: the suggestion, MJ moderation; the test's cards over HTTP ---------------------------
        await mj.wait_for_selector(".seat-row >> nth=5")
        await mj.click("#rp-suggest")
        await until(mj, "v.composition.length > 6")
        await mj.click("label.radio-card:has(input[name='rp-moderation'][value='mj'])")
        await until(mj, "v.options.moderation === 'mj'")
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "reptiliens-mj-setup-1280.png"), full_page=True)
        reply = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {token}"},
                                json={"command": "configure", "args": {"composition": composition,
                                                                       "options": {"preassigned": preset}}})
        assert reply.status_code == 200, reply.text
        await mj.click("#start-game")

        # -- each phone: its two cards, and no card of another seat its view does not give it -----------------------
        await until(mj, "v.mj && v.mj.reptiliens && v.players.every((p) => p.cards.specialty)")
        truth = {p["seat"]: p["cards"] for p in (await view(mj))["players"]}
        fr = lang_text("fr")
        for seat, page in enumerate(phones):
            await page.wait_for_selector("#card .rp-card[data-slot='specialty'][data-card]")
            assert await shown_cards(page) == truth[seat]
            for slot, key in truth[seat].items():
                card = page.locator(f"#card .rp-card[data-slot='{slot}']")
                assert fr[f"role.{key}"] in await card.inner_text()
                assert fr[f"role.{key}.desc"][:40] in await card.inner_text()
        await until(mj, "v.step && v.step.key === 'rp-ouverture-conditions'")

        # -- the opening: the MJ's judgment calls on the console ---------------------------------------------------
        conditions = mj.locator(".mj-judgment .prompt[data-step='rp-ouverture-conditions']")
        await conditions.locator("button.choice").first.click()
        await until(mj, "v.prompts.some((p) => p.step === 'rp-ouverture-conditions' && p.answers['-1'])")
        v = await run_to(mj, "rp-ouverture-amoureux", phones, {})
        lovers = mj.locator(".mj-judgment .prompt[data-step='rp-ouverture-amoureux']")
        for seat in (2, 5):
            await lovers.locator(f"button.target[data-seat='{seat}']").click()
        await lovers.locator("button.submit").click()
        await until(mj, "v.prompts.some((p) => p.step === 'rp-ouverture-amoureux' && p.answers['-1'])")

        # -- night 1: the phones answer their own questions ------------------------------------------------------------
        await run_to(mj, "rp-concertation", phones, {})
        for seat, page in enumerate(phones):
            mine = await view(page)
            said = await page.evaluate(SAID_ELSEWHERE)
            for p in mine["players"]:
                for slot, card in (p["cards"] or {}).items():
                    real = truth[p["seat"]][slot]
                    if p["seat"] != seat and card != real:  # hidden from this phone: named nowhere on it
                        named = re.escape(fr[f"role.{real}"])
                        assert not re.search(rf"(?<!\w){named}(?!\w)", said), (NAMES[seat], real)
                tile = page.locator(f".rp-house[data-seat='{p['seat']}'] .role-chip")
                shown = {await c.get_attribute("data-card") for c in await tile.all()}
                assert shown == ({c for c in (p["cards"] or {}).values() if c} if p["seat"] != seat else set())
        alice = phones[0]
        await alice.wait_for_selector(".prompt[data-step='rp-concertation']")
        await pick(alice, "rp-concertation", 3)  # David's house
        await shot(alice, shots / "reptiliens-phone-night-390.png", "#stage")
        await alice.screenshot(path=str(shots / "reptiliens-phone-night-full-390.png"), full_page=True)
        assert await alice.evaluate(SMALL_TARGETS) == []
        await pick(phones[1], "rp-concertation", 3)
        await run_to(mj, "rp-attaque", phones, {
            "rp-amoureux-signes": {2: 2, 5: 2},  # the lovers meet at Chloé's
            "rp-sommeil": {0: 4},  # the Marchand de sable puts Emma to sleep
            "rp-charme": {3: 2},  # Orphée charms Chloé
            "rp-squat": {1: 4},  # Laura squats at Emma's
        })
        await until(alice, "v.secrets && v.prompts.length === 0")
        v = await run_to(mj, "rp-debat", phones, {})
        assert v["phase"] == "day"

        # -- the morning: the street on the console, the dead, the vote, an invoked kill ------------------------------
        night = v["mj"]["reptiliens"]["night"]
        assert night["attack"]["victims"] == [3], night  # David, at home
        assert night["places"]["1"][0] == 4 and night["places"]["5"][0] == 2, night  # Laura at Emma's; the lovers
        await mj.wait_for_selector(".rp-street-svg .rp-svg-house[data-house='3'].attacked")
        assert await mj.locator(".rp-street-svg path.rp-move").count() >= 3  # Alice, Bruno, Farid slept away
        assert await mj.locator(".rp-street-svg .rp-owner.dead").count() == 1
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "reptiliens-mj-street-1280.png"), full_page=True)
        box = await mj.locator("#board").bounding_box()  # the page is at its top: the box is in the page's terms
        await mj.screenshot(path=str(shots / "reptiliens-mj-board-1280.png"), full_page=True, clip=box)
        # The carnage switch: on, said to every phone, and off again.
        await mj.click(".rp-carnage-switch")
        await until(alice, "v.village.carnage === true")
        await alice.wait_for_selector(".rp-carnage-line")
        await mj.click(".rp-carnage-switch[aria-pressed='true']")
        await until(alice, "v.village.carnage === false")
        await advance(mj)  # the debate ends: the vote
        for seat, page in enumerate(phones):
            if seat != 3:
                await page.wait_for_selector(".prompt[data-step='rp-vote']")
            invocable = (await view(page))["secrets"]["invocable"]
            buttons = await page.locator(".invoke-box button.invoke-button").all()
            assert [await b.get_attribute("data-power") for b in buttons] == invocable, NAMES[seat]
        assert (await view(phones[2]))["secrets"]["invocable"] == ["rp-assassinat"]
        for seat in (0, 4, 5):
            await pick(phones[seat], "rp-vote", 1)  # Bruno
        emma = phones[4]
        await shot(emma, shots / "reptiliens-phone-vote-390.png", "#stage")
        farid = phones[5]  # a player on a laptop: the game and the chat side by side
        await farid.set_viewport_size(WIDE)
        await farid.wait_for_selector("#chat .chat-tab")
        await farid.evaluate("() => window.scrollTo(0, 0)")
        await farid.screenshot(path=str(shots / "reptiliens-phone-wide-1280.png"))
        assert await farid.evaluate(OVERFLOW) == []
        assert await emma.evaluate(SMALL_TARGETS) == []

        # Chloé, the Assassin, invokes (two taps): the vote waits while she names her target.
        chloe = phones[2]
        await tap(chloe, ".invoke-button[data-power='rp-assassinat']")
        await tap(chloe, ".invoke-button[data-power='rp-assassinat'].armed")
        await chloe.wait_for_selector(".prompt[data-step='rp-assassinat']")
        await emma.wait_for_selector(".prompt[data-step='rp-vote'] .note-suspended")
        await shot(chloe, shots / "reptiliens-phone-invoke-390.png", ".rp-invocation")
        await pick(chloe, "rp-assassinat", 0)  # the alpha
        await until(mj, "v.players[0].alive === false", ms=20_000)
        await until(mj, "v.step && v.step.key === 'rp-vote'")
        await pick(chloe, "rp-vote", 1)
        await advance(mj)  # the vote ends: Bruno is condemned, his window opens
        bruno = phones[1]
        await bruno.wait_for_selector(".prompt[data-step='rp-condamne'] textarea")
        await bruno.fill(".prompt[data-step='rp-condamne'] textarea", "Vous le regretterez.")
        await tap(bruno, ".prompt[data-step='rp-condamne'] button.submit")
        # His message ends his window (the step's only question is answered): he is executed.

        # -- the end: every page says who won and why ------------------------------------------------------------------
        await until(mj, "v.phase === 'ended'", ms=20_000)
        result = (await view(mj))["result"]
        assert "rp-villageois" in result["camps"]
        for seat, page in enumerate(phones):
            await page.wait_for_selector(".rp-results tr[data-seat]")
            rows = await page.locator(".rp-results tbody tr").count()
            assert rows == 6, NAMES[seat]
            won = [r for r in result["seats"] if r["result"] == "won"]
            for r in won:
                row = page.locator(f".rp-results tr[data-seat='{r['seat']}']")
                assert "Gagnant" in await row.inner_text()
                assert await row.locator(".rp-reasons li").count() == len(r["reasons"])
        await shot(emma, shots / "reptiliens-end-390.png")
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "reptiliens-mj-end-1280.png"), full_page=True)
        for page in [mj, *phones]:
            await page.context.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
    assert time.monotonic() - started < 75


@pytest.mark.browser
async def test_the_sunday_festival_in_the_browser(database_url: str, browser: Any, shots: Path) -> None:
    """Night 1 is a Saturday: after its day comes the festival. Alice opens a conversation with Bruno from her
    phone; it is a chat channel named after the two of them, where they write and Chloé listens."""
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        # Short steps that end by themselves (nobody answers: no attack, no execution), then a long festival.
        options = {"night_step": 0.3, "plausible_min": 0.1, "plausible_max": 0.2, "lovers_talk": 0.2, "mj_time": 0.3,
                   "dawn": 0.2, "debate": 0.2, "vote": 0.3, "condemned_window": 0.2, "first_weekday": "sat",
                   "moderation": "auto", "festival": 600,
                   "preassigned": {**{str(i): c for i, c in enumerate(CAMP)},
                                   **{f"{i}.specialty": c for i, c in enumerate(SPECIALTY)}}}
        room = (await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": options,
                                                    "composition": [*CAMP, *SPECIALTY]})).json()
        code, token = room["code"], room["mj_token"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]

        mj = Client(base, code, token, "MJ")
        await mj.connect()
        await mj.do("start")
        await mj.wait_for(lambda v: v["village"]["week"]["festival"], timeout=30)
        assert mj.view["village"]["week"]["festival"] and mj.view["step"]["key"] == "rp-fete"
        pages = []
        for seat in (0, 1, 2):
            page = await phone(browser, errors, NAMES[seat])
            lang = "en" if seat == 2 else "fr"  # Chloé reads English
            await page.goto(f"{base}/r/{code}?lang={lang}#t={tokens[seat]}")
            pages.append(page)
        alice, bruno, chloe = pages
        await alice.wait_for_selector(".rp-conversations button[data-with='1']")
        assert "Dimanche" in await alice.locator("#stage .headline").inner_text()
        await tap(alice, ".rp-conversations button[data-with='1']")
        # Her page goes to the conversation's channel, named after the two of them.
        tab = alice.locator(".chat-tab.active[data-channel='rp-fete-0-1']")
        await tab.wait_for()
        assert await tab.inner_text() == "Alice et Bruno"
        await alice.fill(".chat-input", "On se retrouve chez Chloé ?")
        await alice.click(".chat-send")
        await chloe.wait_for_selector(".rp-conversations button[data-pair='0-1']")
        await tap(chloe, ".rp-conversations button[data-pair='0-1']")
        await chloe.wait_for_selector(".chat-log .msg-text:has-text('On se retrouve chez Chloé')")
        assert await chloe.locator(".chat-form").is_hidden()  # she listens, she does not write
        assert "listening in" in await chloe.locator(".chat-readonly").inner_text()
        assert await chloe.locator(".chat-tab.active").inner_text() == "Alice and Bruno"
        await tap(bruno, ".rp-conversations button[data-pair='0-1']")
        await bruno.fill(".chat-input", "Oui, à minuit.")
        await bruno.click(".chat-send")
        await alice.wait_for_selector(".chat-log .msg-text:has-text('Oui, à minuit.')")
        await alice.click("#tab-play")
        await shot(alice, shots / "reptiliens-phone-festival-390.png", "#stage")
        for page in pages:
            await page.context.close()
        await mj.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
