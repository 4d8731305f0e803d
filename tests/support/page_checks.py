"""Checks run on every open page of a browser test (issue 24, "Done means"): nothing wider than the screen, no
placeholder or raw catalogue key in the text, no console error, and every question waiting for the page's player
reachable from the tab it shows; and a player's phone answering its own questions by tapping, as a person would."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

from playwright.async_api import Error as PlaywrightError

from app.i18n import catalogue
from tests.support.ws import HANG
from tools.serve import STOPPED

KEYS = {key for key in set(catalogue("fr")) | set(catalogue("en")) if "." in key}
# What the page shows, whether it is wider than the screen (and the widest elements when it is).
LOOK = """() => {
  const w = window.innerWidth, sw = document.documentElement.scrollWidth;
  const wide = sw <= w ? [] : [...document.querySelectorAll("body *")].filter((e) =>
    e.getBoundingClientRect().right > w + 0.5 && getComputedStyle(e).position !== "fixed").slice(-3)
    .map((e) => `${e.tagName}.${e.className}: ${(e.textContent || "").slice(0, 40)}`);
  return { text: document.body.innerText, over: sw - w, wide };
}"""
# The questions waiting for this page's player (static/js/shell/prompts.js, waitingFor); an optional one (the
# Assassin's signal, open all day) does not wait.
WAITING_JS = """() => {
  const c = window.veillee && window.veillee.conn, v = c && c.view;
  if (!v || !v.me || v.phase === "lobby" || v.phase === "ended") return [];
  const me = String(v.me.seat);
  const optional = (p) => (typeof p.optional === "boolean" ? p.optional : p.policy === "first" && p.min === 0);
  return (v.prompts || []).filter((p) => p.mine && !optional(p) && !p.suspended
    && !(String(p.as ?? me) in (p.answers || {})));
}"""
WAITING = f"() => ({WAITING_JS})().map((p) => ({{ id: p.id, kind: p.kind }}))"
# Where a ruleset that draws its own forms shows a question of mine (its `promptAnchor` hook, which the call
# banner's button scrolls to): Soupçons' action area, which holds only the seat's own questions.
ANCHORS = "#stage .sc-action .prompt"
# Those the open tab does not reach: neither drawn on it nor offered by the call banner.
UNREACHED = f"""() => {{
  const ANCHORS = "{ANCHORS}";
  const shown = (el) => Boolean(el) && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const call = document.querySelector("#prompt-call .banner-call");
  const offered = shown(call) ? (call.dataset.prompts || "").split(" ") : [];
  const drawn = (p) => [...document.querySelectorAll(`#stage [data-prompt='${{p.id}}']`)].some(shown)
    || [...document.querySelectorAll(ANCHORS)].some(shown);
  return ({WAITING_JS})().filter((p) => !offered.includes(String(p.id)) && !drawn(p))
    .map((p) => ({{ id: p.id, step: p.step, kind: p.kind, tab: document.body.dataset.tab }}));
}}"""
PHASE = "() => { const c = window.veillee && window.veillee.conn; return c && c.view ? c.view.phase : null; }"


# The page's barrier (tests/support/ws.py `barrier`, in the page): a ping on the page's own socket, answered in order
# after every frame the server queued to it before. Two pings, and the second pong awaited: the page pings on its own
# every 25 s (static/js/shell/net.js), and one of its pings may be on its way, whose pong would come first.
PAGE_BARRIER = """() => new Promise((resolve) => {
  const ws = window.veillee.conn.ws;
  let pongs = 0;
  const heard = (msg) => {
    if (JSON.parse(msg.data).type !== "pong" || ++pongs < 2) return;
    ws.removeEventListener("message", heard);
    resolve();
  };
  ws.addEventListener("message", heard);
  ws.send(JSON.stringify({ type: "ping" }));
  ws.send(JSON.stringify({ type: "ping" }));
})"""


async def drawn(page: Any) -> None:
    """Every frame the server sent this page so far has been read, hence drawn: the page renders as it reads a frame
    (static/js/shell/net.js calls onFrame, the render, right away), and its listeners hear frames in order."""
    try:
        await asyncio.wait_for(page.evaluate(PAGE_BARRIER), HANG)
    except TimeoutError:
        raise AssertionError(f"hung: the page's pong never came ({HANG:.0f} s, a guard, not a limit)") from None


# Every finite animation and transition of the page over (an endless one, a spinner, is not waited for).
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


async def settled(page: Any) -> None:
    """The page's fades and slides are over: what a screenshot should show, without waiting a guessed while."""
    await page.evaluate(SETTLED)


def refused_by_a_stopped_server(msg: Any) -> bool:
    """A connection refused by a server its test has stopped already (tools.serve.STOPPED): the pages still open
    reconnect when it goes, before the test looks at their errors; under load that can come first."""
    if "ERR_CONNECTION_REFUSED" not in msg.text:
        return False
    where = f"{msg.text} {(msg.location or {}).get('url', '')}"
    return any(f"127.0.0.1:{base.rsplit(':', 1)[1]}/" in where for base in STOPPED)


def watch_errors(page: Any, label: str, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(f"{label}: {exc}"))
    page.on("console", lambda msg: errors.append(f"{label}: {msg.text}")
            if msg.type == "error" and not refused_by_a_stopped_server(msg) else None)


async def check_page(page: Any, label: str, errors: list[str], where: str) -> None:
    seen = await page.evaluate(LOOK)
    assert seen["over"] <= 0, f"{label} ({where}): {seen['over']} px wider than the screen: {seen['wide']}"
    text: str = seen["text"]
    assert "{" not in text and "}" not in text, f"{label} ({where}): a placeholder in {text!r}"
    raw = [word for word in re.findall(r"[\w.-]+", text) if word in KEYS]
    assert raw == [], f"{label} ({where}): raw keys {raw}"
    assert errors == [], f"{label} ({where}): {errors}"
    # Once the page has drawn the frames it holds (two animation frames), twice in a row: the same questions out
    # of reach (a question that arrived meanwhile is given its frame).
    first = await page.evaluate(f"() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame("
                                f"() => ok(({UNREACHED})()))))")
    if first:
        again = await page.evaluate(f"() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame("
                                    f"() => ok(({UNREACHED})()))))")
        lost = [p for p in again if p in first]
        assert lost == [], f"{label} ({where}): questions out of reach of the open tab: {lost}"


async def check_pages(pages: dict[str, Any], errors: list[str], where: str) -> None:
    for label, page in pages.items():
        await check_page(page, label, errors, where)


async def tap(locator: Any) -> bool:
    """Tap an element that may be redrawn or gone meanwhile: whether the tap happened."""
    try:
        await locator.click(timeout=1500)
        return True
    except PlaywrightError:
        return False


async def answer_by_tapping(page: Any, rnd: random.Random) -> int:
    """Answer the questions waiting for this page's player by tapping any allowed option; from the chat tab, through
    the call banner first. How many were tapped at."""
    waiting = await page.evaluate(WAITING)
    if not waiting:
        return 0
    call = page.locator("#prompt-call:not([hidden]) #prompt-call-go")
    if await call.count():
        await tap(call)
    if await page.locator(ANCHORS).count():
        return await soupcons_forms(page, rnd)
    done = 0
    for prompt in waiting:
        try:
            done += await answer_one(page, prompt, rnd)
        except PlaywrightError:  # redrawn or closed meanwhile: the next round sees it again if it still waits
            continue
    return done


async def answer_one(page: Any, prompt: dict[str, Any], rnd: random.Random) -> int:
    """Tap an answer to one of the shell's questions (static/js/shell/prompts.js); how many were tapped at."""
    node = page.locator(f"#stage .prompt[data-prompt='{prompt['id']}']").first
    if not await node.is_visible():
        return 0
    kind, done = prompt["kind"], 0
    if kind == "confirm":
        done += await tap(node.locator(["[data-answer=yes]", "[data-answer=no]"][rnd.randrange(2)]))
    elif kind == "choice":
        options = node.locator("button.choice:not([disabled])")
        if n := await options.count():
            done += await tap(options.nth(rnd.randrange(n)))
    elif kind == "number":
        done += await tap(node.locator("button.submit"))
    elif kind == "text":
        try:
            await node.locator("textarea.text-answer").fill("Une loi pour tous", timeout=1500)
        except PlaywrightError:
            return 0
        done += await tap(node.locator("button.submit:not([disabled])"))
    else:
        targets = node.locator("button.target:not([disabled]):not(.selected)")
        submit = node.locator("button.submit")
        for _ in range(int(await node.get_attribute("data-max", timeout=1500) or 1)):
            n = await targets.count()
            if not n or not await tap(targets.nth(rnd.randrange(n))):
                break
            if not await submit.count() or await submit.is_enabled(timeout=1500):
                break
        if await submit.count():
            done += await tap(node.locator("button.submit:not([disabled])"))
        else:
            done += 1
    return done


async def tap_any(page: Any, selector: str, rnd: random.Random) -> bool:
    options = page.locator(selector)
    n = await options.count()
    return bool(n) and await tap(options.nth(rnd.randrange(n)))


async def soupcons_forms(page: Any, rnd: random.Random) -> int:
    """Soupçons' own forms (static/js/rulesets/soupcons.js): the offer (whom, which card, what is announced, send)
    and the reply (accept or refuse)."""
    offer = page.locator(".sc-action .sc-offer")
    if await offer.count():
        await tap_any(page, ".sc-offer .sc-targets button.target:not(.selected)", rnd)
        await tap_any(page, ".sc-offer .sc-pick-card button.sc-card-btn", rnd)
        await tap_any(page, ".sc-offer .sc-announces button.sc-ann", rnd)
        return int(await tap(page.locator("#sc-send-offer:not([disabled])")))
    return int(await tap_any(page, ".sc-action .sc-reply button[data-answer]:not([disabled])", rnd))
