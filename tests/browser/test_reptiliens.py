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

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.browser_live import SMALL_TARGETS
from tests.support.browser_reptiliens import CAMP, NAMES, OPTIONS, SPECIALTY, until, view
from tests.support.paths import ROOT
from tools.client import Client
from tools.serve import serve

# The page module (the hooks the shell loads) and its parts, one per concern.
MODULES = [ROOT / "static" / "js" / "rulesets" / "reptiliens.js",
           *sorted((ROOT / "static" / "js" / "rulesets" / "reptiliens").glob("*.js"))]
WIDE = {"width": 1280, "height": 900}
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
    js = "\n".join(path.read_text(encoding="utf-8") for path in MODULES)
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
        key = (v.get("step") or {}).get("key") or ""
        if key == step:
            return v
        for seat, target in answers.get(key, {}).items():
            await phones[seat].locator(f".prompt[data-step='{key}']").wait_for()
            await pick(phones[seat], key, target)
        if answers.get(key):
            # The console has heard the answers too (its frames may come after the phones'): else it would see the
            # step a lone answer ended as still open, and move on the next one.
            await until(mj, "(v.step || {}).key !== arg[0] || v.prompts.filter((p) => p.step === arg[0]).every((p) =>"
                        " arg[1].every((s) => !(p.to || []).includes(s) || String(s) in p.answers))",
                        [key, list(answers[key])])
        if answers.get(key or "") and marker(await view(mj)) != marker(v):
            continue  # the answers ended the step themselves (a lone question): the next one is not skipped
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
    """The cards a phone shows, by slot (an inherited second specialty only once there is one)."""
    out: dict[str, str | None] = {}
    for slot in ("camp", "specialty", "specialty2"):
        card = page.locator(f"#card .rp-card[data-slot='{slot}']")
        if await card.count():
            out[slot] = await card.get_attribute("data-card")
    return out


# Sample params for every announcement: seats 4 and 5 (Emma, Farid), numbers 2, and one value per key the
# ruleset's announcements carry. An unknown param fails the test: a new one needs words (reptiliens.js).
SAMPLE: dict[str, Any] = {
    "seat": 4, "target": 5, "partner": 5, "by": 5, "victim": 5, "receiver": 5, "heir": 5, "after": 5, "priest": 5,
    "house": 4, "seats": [4, 5], "seats_n": 2, "counts": {"4": 2, "5": 1}, "coins": 2, "count": 2, "errors": 2,
    "gross": 2, "spare": 2, "execute": 2, "night": 2, "day": 2, "seconds": 2, "nights": 6, "role": "rp-orphee",
    "roles": ["rp-orphee", "rp-laura"], "office": "rp-president", "offices": ["rp-pretre-capitaliste", "rp-bourreau"],
    "law": "rp-loi-condorcet", "text": "Adieu", "kind": "purge", "fact": "rp-reve-reptiliens",
    "signs": {"4": "3", "5": "7"},
    "failure": "militia", "cause": "rp-assassinat", "power": "rp-assassinat", "direction": "clockwise",
    "street": [0, 1, 2, 3, 4, 5], "ballots": [[4, [5]], [5, [4]]], "forced": False,
}
# The module's reading of each announcement (`describe`), with the params its text names; `.none` forms with no
# seat, `.3p` forms in the third person.
ANNOUNCEMENTS = r"""async ([keys, sample]) => {
  const mod = (await import("/static/js/rulesets/reptiliens.js")).default;
  const { namer } = await import("/static/js/shell/journal.js");
  const catalogue = JSON.parse(document.getElementById("i18n").textContent);
  const name = namer(window.veillee.conn.view, []);
  const ctx = { name, me: null, v: { village: { street: [0, 1, 2, 3, 4, 5] } } };
  return keys.map((full) => {
    const none = full.endsWith(".none");
    const third = full.endsWith(".3p");
    const key = full.replace(/^announce\./, "").replace(/\.(none|3p)$/, "");
    const params = {};
    // Its arguments: `{name}`, and `{n, plural, …}` (ICU MessageFormat).
    for (const [, p] of (catalogue[full] || "").matchAll(/\{(\w+)[,}]/g)) {
      if (!(p in sample)) return `unknown param {${p}}`;
      params[p] = sample[p];
    }
    if (none) {
      for (const p of ["seats", "counts"]) params[p] = [];
      if ("seat" in params) params.seat = null;
    }
    const line = mod.describe({ type: "announce", data: { key, params } }, { ...ctx, thirdPerson: third }, "feed");
    return line ? line.text : `no line for ${full}`;
  });
}"""
# A ranked pick rendered by the shell: tap Chloé, then Alice.
RANKED = """async () => {
  const { renderPrompt } = await import("/static/js/shell/prompts.js");
  const { namer } = await import("/static/js/shell/journal.js");
  const v = window.veillee.conn.view;
  const prompt = { id: "ranked-test", step: "rp-vote", kind: "pick", options: [0, 1, 2], min: 1, max: 3, policy: "last",
    answers: {}, reasons: {}, info: { ranked: true }, visibility: "public", mine: true };
  const box = document.createElement("div");
  document.body.append(box);
  const selection = new Map();
  const draw = () => box.replaceChildren(renderPrompt(prompt, { view: v, name: namer(v, []), seat: 0, selection,
    rerender: draw, submit: async () => true, now: 0 }));
  draw();
  box.querySelector("button.target[data-seat='2']").click();
  box.querySelector("button.target[data-seat='0']").click();
  const out = [...box.querySelectorAll("button.target .rank")]
    .map((n) => [n.closest("button").dataset.seat, n.textContent]);
  box.remove();
  return out;
}"""
# The dream's announcement as it arrives: the overlay says the question and each spirit's sign.
DREAM = """async () => {
  const mod = (await import("/static/js/rulesets/reptiliens.js")).default;
  const { namer } = await import("/static/js/shell/journal.js");
  const now = window.veillee.conn.now();
  const v = window.veillee.conn.view;
  mod.afterRender(v, { events: [{ type: "announce", at: now, data: { key: "rp-reve-signes",
    params: { fact: "rp-reve-reptiliens", signs: { "1": "3", "2": "5" }, seconds: 3 } } }], name: namer(v, []), now });
  return document.querySelector(".rp-dream").textContent;
}"""


# Its fade-in over (a finished animation, or one cut short by the dream's end): the screenshot shows it whole.
FADED_IN = "(el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)))"


# -- the game ----------------------------------------------------------------------------------------------------
@pytest.mark.browser
async def test_a_reptiliens_night_and_morning_in_the_browser(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
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
        truth = {p["seat"]: {k: v for k, v in p["cards"].items() if v} for p in (await view(mj))["players"]}
        fr = lang_text("fr")
        for seat, page in enumerate(phones):
            await page.wait_for_selector("#card .rp-card[data-slot='specialty'][data-card]")
            assert await shown_cards(page) == truth[seat]
            for slot, key in truth[seat].items():
                card = page.locator(f"#card .rp-card[data-slot='{slot}']")
                assert fr[f"role.{key}"] in await card.inner_text()
                assert fr[f"role.{key}.desc"][:40] in await card.inner_text()
        await until(mj, "v.step && v.step.key === 'rp-ouverture-conditions'")

        # -- the opening: the MJ's judgment calls on the console, the first holders of the offices among them -------
        mj.on("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
        await until(mj, "v.prompts.filter((p) => p.step === 'rp-postes-depart').length >= 6")
        starts = {p["info"]["office"]: p["id"] for p in (await view(mj))["prompts"] if p["step"] == "rp-postes-depart"}
        assert {"rp-president", "rp-pretre"} <= set(starts), starts
        # Emma presides; no Prêtre yet; Alice is the Procureur, with no Adjoint (she places the camera herself)
        given: tuple[tuple[str, int | None], ...] = (("rp-president", 4), ("rp-pretre", None), ("rp-procureur", 0),
                                                      ("rp-adjoint", None))
        for office, holder in ((o, s) for o, s in given if o in starts):
            question = mj.locator(f".prompt[data-prompt='{starts[office]}']")
            assert fr[f"office.{office}"] in await question.locator(".prompt-title").inner_text()
            button = f"button.target[data-seat='{holder}']" if holder is not None else "button.nobody"
            await question.locator(button).click()
            await until(mj, "v.prompts.some((p) => p.id === arg[0] && JSON.stringify(p.answers['-1']) === arg[1])",
                        [starts[office], json.dumps([holder] if holder is not None else [])])
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
                    real = truth[p["seat"]].get(slot)
                    if p["seat"] != seat and card != real:  # hidden from this phone: named nowhere on it
                        named = re.escape(fr[f"role.{real}"])
                        assert not re.search(rf"(?<!\w){named}(?!\w)", said), (NAMES[seat], real)
                tile = page.locator(f".rp-house[data-seat='{p['seat']}'] .role-chip")
                shown = {await c.get_attribute("data-card") for c in await tile.all()}
                assert shown == ({c for c in (p["cards"] or {}).values() if c} if p["seat"] != seat else set())
        # The console lists whom each step of tonight's table calls, as the server says (the pack: Alice and Bruno).
        holders = mj.locator(".rp-tonight li[data-step='rp-concertation'] .rp-step-holders")
        await holders.wait_for()
        assert set((await holders.inner_text()).replace(" et ", ", ").split(", ")) == {NAMES[0], NAMES[1]}
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
        # -- the morning: David, killed in the night, chooses his fate on his phone --------------------------------
        # Alice, the Procureur with no Adjoint, names where her thermal camera stood: David's house, attacked.
        await run_to(mj, "rp-bilan-morts", phones, {"rp-camera": {0: 3}})
        await alice.wait_for_selector(".news .announce-rp-camera-plusieurs")
        await mj.wait_for_selector(".rp-street-svg .rp-svg-house[data-house='3'] .rp-observer-camera")
        david = phones[3]
        choice = david.locator(".prompt[data-step='rp-choix-mort']")
        await choice.wait_for()
        assert fr["choice.rp-choix-mort.ghost:camp"] in await choice.inner_text()
        assert "rp-choix-mort" not in await choice.inner_text() and "ghost:" not in await choice.inner_text()
        await shot(david, shots / "reptiliens-phone-death-choice-390.png", ".prompt[data-step='rp-choix-mort']")
        assert await david.evaluate(SMALL_TARGETS) == []
        await tap(david, ".prompt[data-step='rp-choix-mort'] button.choice[data-answer='ghost:camp']")
        await until(mj, "(v.village.dead.ghosts || []).includes(3)")
        # -- the Président's session (Emma, on her phone), then the law's proposals the MJ moves on --------------
        await run_to(mj, "rp-session-speciale", phones, {})
        emma = phones[4]
        await tap(emma, ".prompt[data-step='rp-session-speciale'] button.choice[data-answer='normale']")
        await until(emma, "v.village.session.kind === 'normale'")
        v = await run_to(mj, "rp-debat", phones, {})
        assert v["phase"] == "day"

        # -- a gift in two taps: Alice gives Emma a coin from her phone ----------------------------------------------
        before = (await view(alice))["village"]["coins"]
        assert 4 in (await view(alice))["secrets"]["may_give"]
        await alice.locator(".rp-give-quick").wait_for()
        await shot(alice, shots / "reptiliens-phone-purse-390.png", ".rp-purse")
        await tap(alice, ".rp-give-quick .rp-give-name[data-give-to='4']")
        await alice.locator(".rp-give-send").wait_for()
        await shot(alice, shots / "reptiliens-phone-gift-390.png", ".rp-purse")
        assert await alice.evaluate(SMALL_TARGETS) == []
        await tap(alice, ".rp-give-send")
        await until(emma, "v.village.coins['4'] === arg", before["4"] + 1)
        await emma.wait_for_selector(".news .announce-rp-don")
        assert "Alice donne 1 pièce à Emma" in await emma.locator(".news .announce-rp-don").inner_text()
        assert await alice.locator(".rp-give-form").count() == 0  # sent: the form closes
        # The public board: the offices, the session, the ghost and the militia's chief.
        board = emma.locator(".rp-society")
        assert "Emma" in await board.locator(".rp-office[data-office='rp-president'] .rp-office-holder").inner_text()
        assert "David" in await board.locator("[data-row='ghosts']").inner_text()
        assert fr["choice.rp-session-speciale.normale"] in await board.locator("[data-row='session']").inner_text()
        # A player without an office applies to the vacant Prêtre's office; the board names him.
        free = [seat for seat in (5, 1, 2, 0) if "rp-pretre" in (await view(phones[seat]))["secrets"]["may_apply"]]
        applicant = free[0]
        await tap(phones[applicant], ".rp-apply-button[data-office='rp-pretre']")
        await until(emma, "(v.village.offices.applications['rp-pretre'] || []).includes(arg)", applicant)
        applicants = board.locator(".rp-office[data-office='rp-pretre'] .rp-applicants")
        assert NAMES[applicant] in await applicants.inner_text()
        await shot(emma, shots / "reptiliens-phone-board-390.png", ".rp-society")
        assert await emma.evaluate(SMALL_TARGETS) == []

        # -- the morning: the street on the console, the dead, the vote, an invoked kill ------------------------------
        night = v["mj"]["reptiliens"]["night"]
        assert night["attack"]["victims"] == [3], night  # David, at home
        assert night["places"]["1"][0] == 4 and night["places"]["5"][0] == 2, night  # Laura at Emma's; the lovers
        await mj.wait_for_selector(".rp-street-svg .rp-svg-house[data-house='3'].attacked")
        assert await mj.locator(".rp-street-svg path.rp-move").count() >= 3  # Alice, Bruno, Farid slept away
        assert await mj.locator(".rp-street-svg .rp-owner.dead").count() == 1
        # The MJ takes the Prêtre's office out of play (the console's button; its confirmation accepted).
        await mj.click(".rp-withdraw[data-office='rp-pretre']")
        await until(alice, "v.village.offices.removed.includes('rp-pretre')")
        history = mj.locator(".rp-history-list")
        await history.locator("li:has-text('retiré du jeu')").wait_for()
        assert "Alice donne 1 pièce à Emma" in await history.inner_text()
        first = await history.locator("li").first.inner_text()
        assert "retiré du jeu" in first, first  # newest first
        await mj.evaluate("() => window.scrollTo(0, 0)")
        await mj.screenshot(path=str(shots / "reptiliens-mj-street-1280.png"), full_page=True)
        side = await mj.locator(".rp-board-side").bounding_box()
        await mj.screenshot(path=str(shots / "reptiliens-mj-society-1280.png"), full_page=True, clip=side)
        box = await mj.locator("#board").bounding_box()  # the page is at its top: the box is in the page's terms
        await mj.screenshot(path=str(shots / "reptiliens-mj-board-1280.png"), full_page=True, clip=box)
        # The carnage switch: on, said to every phone, and off again.
        await mj.click(".rp-carnage-switch")
        await until(alice, "v.village.carnage === true")
        await alice.wait_for_selector(".rp-carnage-line")
        await mj.click(".rp-carnage-switch[aria-pressed='true']")
        await until(alice, "v.village.carnage === false")
        await advance(mj)  # the debate ends: the vote, in turn (§6), the Président's (Emma's) ballot first
        await emma.wait_for_selector(".prompt[data-step='rp-vote']")
        await emma.wait_for_selector(".prompt[data-step='rp-sens']")
        for seat, page in enumerate(phones):
            await until(page, "v.step && v.step.key === 'rp-vote'")
            if seat not in (3, 4):  # whose turn it is: the open ballot and whom it waits for
                assert await page.locator(".prompt[data-step='rp-vote']").count() == 0, NAMES[seat]
                await page.locator(".tally").filter(has_text=fr["ui.waiting_for"].replace("{names}", "Emma")).wait_for()
            # A dead seat who became a spirit sees all (§9): its view has no secrets of its own.
            invocable = (await view(page)).get("secrets", {}).get("invocable", [])
            buttons = await page.locator(".invoke-box button.invoke-button").all()
            assert [await b.get_attribute("data-power") for b in buttons] == invocable, NAMES[seat]
        assert (await view(phones[2]))["secrets"]["invocable"] == ["rp-assassinat"]
        await pick(emma, "rp-vote", 1)  # Bruno
        await tap(emma, ".prompt[data-step='rp-sens'] button.choice[data-answer='clockwise']")
        for seat in (5, 0):  # clockwise from Emma: Farid, then Alice (David is dead)
            await phones[seat].wait_for_selector(".prompt[data-step='rp-vote']")
            await pick(phones[seat], "rp-vote", 1)
        # Every ballot given is said to all as it is given, in turn.
        await until(emma, "(v.village.session.ballots || []).length === 3 && v.village.session.turn === 1")
        assert await emma.locator(".news .announce-rp-bulletin").count() == 3
        await shot(emma, shots / "reptiliens-phone-vote-390.png", "#stage")
        farid = phones[5]  # a player on a laptop: the game and the chat side by side
        await farid.set_viewport_size(WIDE)
        await farid.wait_for_selector("#chat .chat-tab")
        await farid.evaluate("() => window.scrollTo(0, 0)")
        await farid.screenshot(path=str(shots / "reptiliens-phone-wide-1280.png"))
        assert await farid.evaluate(OVERFLOW) == []
        assert await emma.evaluate(SMALL_TARGETS) == []

        # Chloé, the Assassin, invokes (two taps) in Bruno's turn: his ballot waits while she names her target.
        chloe, bruno = phones[2], phones[1]
        await bruno.wait_for_selector(".prompt[data-step='rp-vote']")
        await tap(chloe, ".invoke-button[data-power='rp-assassinat']")
        await tap(chloe, ".invoke-button[data-power='rp-assassinat'].armed")
        await chloe.wait_for_selector(".prompt[data-step='rp-assassinat']")
        await bruno.wait_for_selector(".prompt[data-step='rp-vote'] .note-suspended")
        await shot(chloe, shots / "reptiliens-phone-invoke-390.png", ".rp-invocation")
        await pick(chloe, "rp-assassinat", 0)  # the alpha
        await until(mj, "v.players[0].alive === false")
        await until(mj, "v.step && v.step.key === 'rp-vote' && v.village.session.turn === 1")  # his turn again
        await pick(bruno, "rp-vote", 2)
        await chloe.wait_for_selector(".prompt[data-step='rp-vote']")
        await pick(chloe, "rp-vote", 1)  # the last ballot ends the vote: Bruno is condemned, his window opens
        await bruno.wait_for_selector(".prompt[data-step='rp-condamne'] textarea")
        await bruno.fill(".prompt[data-step='rp-condamne'] textarea", "Vous le regretterez.")
        await tap(bruno, ".prompt[data-step='rp-condamne'] button.submit")
        # His message ends his window (the step's only question is answered): he is executed.

        # -- the end: every page says who won and why ------------------------------------------------------------------
        await until(mj, "v.phase === 'ended'")
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


@pytest.mark.browser
async def test_the_sunday_festival_in_the_browser(database_url: str, browser: Any, shots: Path) -> None:
    """Night 1 is a Saturday: after its day comes the festival. Alice opens a conversation with Bruno from her
    phone; it is a chat channel named after the two of them, where they write and Chloé listens."""
    errors: list[str] = []
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        # Short steps that end by themselves (nobody answers: no attack, no execution), then a long festival.
        options = {"night_step": 0.3, "plausible_min": 0.1, "plausible_max": 0.2, "lovers_talk": 0.2, "mj_time": 0.3,
                   "dawn": 0.2, "debate": 0.2, "vote": 0.3, "ballot_time": 0.2, "condemned_window": 0.2,
                   "first_weekday": "sat",
                   "moderation": "auto", "festival": 600, "heritage": 0.2, "marriages": 0.2, "pickpocket": 0.2,
                   "reaction": 0.2, "death_choice": 0.2, "session_choice": 0.2, "law_time": 0.2, "move_time": 0.2,
                   "preassigned": {**{str(i): c for i, c in enumerate(CAMP)},
                                   **{f"{i}.specialty": c for i, c in enumerate(SPECIALTY)}}}
        room = (await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": options,
                                                    "composition": [*CAMP, *SPECIALTY]})).json()
        code, token = room["code"], room["mj_token"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in NAMES]

        mj = Client(base, code, token, "MJ")
        await mj.connect()
        await mj.do("start")
        await mj.wait_for(lambda v: v["village"]["week"]["festival"])
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
        # Every announcement of the catalogue reads as a sentence with names, in French and in English.
        for page, lang in ((alice, "fr"), (chloe, "en")):
            texts = lang_text(lang)
            keys = sorted(k for k in texts if k.startswith("announce.rp-"))
            lines = await page.evaluate(ANNOUNCEMENTS, [keys, SAMPLE])
            assert len(lines) == len(keys) > 100
            for key, line in zip(keys, lines, strict=True):
                assert "{" not in line and "announce." not in line and not re.search(r"\brp-[a-z]", line), (key, line)
                # No seat left as a number: no 4 or 5 but those of the text itself ("5 secondes"), house numbers
                # aside ("n° 5 (Farid)", "no. 5 (Farid)").
                bare = r"(?<![\w°.])[45](?!\w)"
                own = len(re.findall(bare, re.sub(r"\{\w+\}", "", texts[key])))
                assert len(re.findall(bare, re.sub(r"(n°|no\.) \d+", "", line))) == own, (key, line)
        # A Condorcet ballot: the order of the taps is the ranking, shown on the picked names.
        assert await alice.evaluate(RANKED) == [["0", "2"], ["2", "1"]]
        # The dream: its signs on screen for the seconds the announcement says, with the names of the spirits.
        assert "Bruno" in await alice.evaluate(DREAM)
        await alice.locator(".rp-dream").evaluate(FADED_IN)
        await alice.screenshot(path=str(shots / "reptiliens-phone-dream-390.png"))
        await alice.wait_for_selector(".rp-dream", state="detached")
        for page in pages:
            await page.context.close()
        await mj.close()
    assert not [e for e in errors if "wakeLock" not in e and "Wake Lock" not in e], errors
