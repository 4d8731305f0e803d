"""The installable app in Chromium (issue 28, item 1): the manifest parses with no error (DevTools
`Page.getAppManifest`); the service worker takes the page over, shows the offline page when the server is down and
goes back to the page by itself when it returns; a push delivered to the worker (DevTools
`ServiceWorker.deliverPushMessage`) shows its notification, and a tap on it opens its room.

Screenshots (VEILLEE_SHOTS=dir keeps them; docs/screenshots/i28-*.png are from here): the room page's install hint
and the offline page, at 390 px.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.engine.ruleset import get_ruleset
from app.i18n import translate
from app.main import create_app
from app.settings import Settings
from app.web.rulesets import presentation
from tests.support.browser import phone
from tests.support.page_checks import check_page, settled
from tests.support.ws import HANG
from tools.client import create_room, join_room
from tools.serve import free_port, serve_app

pytestmark = pytest.mark.browser
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
TITLES = {"La nuit tombe", "Veillée", "Ailleurs"}  # the notifications this test's pushes show
# The notifications the worker shows, as the page reads them.
NOTIFICATIONS = """async () => (await (await navigator.serviceWorker.ready).getNotifications())
  .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url, icon: n.icon,
    badge: n.badge }))"""
# Those notifications once every tag asked for is among them, and `closed` is not (the page reads them again every
# 50 ms), or null after `ms` milliseconds.
UNTIL_SHOWN = f"""async ([tags, closed, ms]) => {{
  const end = Date.now() + ms;
  for (;;) {{
    const all = await ({NOTIFICATIONS})();
    if (tags.every((t) => all.some((n) => n.tag === t)) && !all.some((n) => n.tag === closed)) return all;
    if (Date.now() > end) return null;
    await new Promise((ok) => setTimeout(ok, 50));
  }}
}}"""
# A push the worker never showed is delivered again after this long: Chromium drops a push whose worker it could not
# start in time (seen once on a loaded machine), which says nothing of our worker's handler.
REDELIVER_MS = 15_000


@contextlib.asynccontextmanager
async def server(database_url: str, port: int) -> AsyncIterator[str]:
    """The app on `port`, so that it can be stopped and started again at the address the browser knows."""
    async with serve_app(create_app(Settings(database_url=database_url)), port) as base:
        yield base


async def registration_id(cdp: Any, base: str) -> str:
    """The worker's registration as DevTools names it (for deliverPushMessage)."""
    found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def seen(event: dict[str, Any]) -> None:
        for reg in event["registrations"]:
            if reg["scopeURL"] == f"{base}/" and not reg["isDeleted"] and not found.done():
                found.set_result(reg["registrationId"])

    cdp.on("ServiceWorker.workerRegistrationUpdated", seen)
    await cdp.send("ServiceWorker.enable")
    return await asyncio.wait_for(found, HANG)


async def test_the_manifest_parses_without_errors(database_url: str, browser: Any) -> None:
    errors: list[str] = []
    async with server(database_url, free_port()) as base:
        page = await phone(browser, errors, "home")
        await page.goto(f"{base}/")
        cdp = await page.context.new_cdp_session(page)
        got = await cdp.send("Page.getAppManifest")
        assert got["url"] == f"{base}/manifest.webmanifest"
        assert got["errors"] == [], got["errors"]
        data = json.loads(got["data"])
        assert (data["name"], data["display"], data["start_url"]) == ("Veillée", "standalone", "/?source=app")
        assert {i["sizes"] for i in data["icons"]} == {"192x192", "512x512"}
        assert "maskable" in {i["purpose"] for i in data["icons"]}
        # What Chromium needs to offer the install, beyond the manifest (icons it could fetch, a secure context…),
        # but for the test's own browser context, which is a private one (Playwright's).
        installability = await cdp.send("Page.getInstallabilityErrors")
        assert [e["errorId"] for e in installability["installabilityErrors"]] == ["in-incognito"], installability
    assert errors == []


async def test_offline_page_then_back_by_itself(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    port = free_port()
    async with server(database_url, port) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        page = await phone(browser, errors, "phone")
        await page.goto(f"{base}/r/{room['code']}")
        await page.wait_for_selector("#join-form")
        await page.wait_for_function(CONTROLLED, timeout=HANG * 1000)
        await page.fill("#name-input", "Alice")
        await page.click("#join-button")
        await page.wait_for_selector("#game:not([hidden])")
        # The room page's hint: how to install, and how to bring the seat into the installed app.
        hint = page.locator("#install-hint")
        await hint.wait_for(state="visible")
        assert "lien personnel" in await hint.inner_text()
        await hint.scroll_into_view_if_needed()
        await settled(page)
        await check_page(page, "phone", errors, "install hint")
        await page.screenshot(path=str(shots / "i28-install-hint-390.png"))
    # The server is down: the page asked for again is the offline page, from the worker's cache.
    errors.clear()
    await page.reload()
    offline = page.locator("section[data-lang=fr]")
    await offline.wait_for(state="visible")
    assert "Le serveur ne répond pas" in await offline.inner_text()
    assert await page.locator("section[data-lang=en]").is_hidden()
    await page.wait_for_function("() => /\\d/.test(document.querySelector('section[data-lang=fr] .offline-status')"
                                 ".textContent)")
    assert page.url == f"{base}/r/{room['code']}"
    await settled(page)
    await check_page(page, "offline", [], "server down")  # its failed tries are console errors, expected here
    await page.screenshot(path=str(shots / "i28-offline-390.png"))
    # The server is back: the page finds it by itself and is the room again, the seat kept.
    async with server(database_url, port):
        await page.wait_for_selector("#game:not([hidden])", timeout=HANG * 4 * 1000)
        await page.wait_for_function("() => window.veillee?.conn?.view?.me?.name === 'Alice'")


async def test_a_push_shows_its_notification_and_a_tap_opens_the_room(database_url: str, browser: Any) -> None:
    errors: list[str] = []
    async with server(database_url, free_port()) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        page = await phone(browser, errors, "home")
        await page.context.grant_permissions(["notifications"], origin=base)
        await page.goto(f"{base}/")
        await page.wait_for_function(CONTROLLED, timeout=HANG * 1000)
        cdp = await page.context.new_cdp_session(page)
        registration = await registration_id(cdp, base)

        async def deliver(data: str) -> None:
            await cdp.send("ServiceWorker.deliverPushMessage",
                           {"origin": base, "registrationId": registration, "data": data})

        async def shown(tags: list[str], closed: str | None = None) -> dict[str, dict[str, Any]]:
            """The worker's notifications by tag ("" for none), once every one of `tags` is there. Chromium may add
            its own ("updated in the background") when it judges a push left nothing visible: not ours."""
            found = await asyncio.wait_for(page.evaluate(UNTIL_SHOWN, [tags, closed, HANG * 1000]), HANG * 2)
            assert found is not None, f"not all of {tags} shown, or {closed} not closed"
            return {n["tag"]: n for n in found if n["title"] in TITLES}

        async def push(data: str, tag: str) -> None:
            """Deliver `data` until the worker shows its notification `tag` (the worker's handler is what is tested,
            not Chromium's delivery under load)."""
            for _ in range(int(HANG * 1000 // REDELIVER_MS)):
                await deliver(data)
                if await page.evaluate(UNTIL_SHOWN, [[tag], None, REDELIVER_MS]) is not None:
                    return
            raise AssertionError(f"the push {data!r} was never shown")

        payload = {"title": "La nuit tombe", "body": "Le village s'endort.", "url": f"/r/{room['code']}",
                   "tag": f"room-{room['code']}"}
        await push(json.dumps(payload), payload["tag"])
        mine = (await shown([payload["tag"]]))[payload["tag"]]
        assert mine == {"title": payload["title"], "body": payload["body"], "tag": payload["tag"],
                        "url": payload["url"], "icon": f"{base}/static/icons/icon-192.png",
                        "badge": f"{base}/static/icons/badge-96.png"}
        # A payload that is not what the server sends, or that points elsewhere, shows a plain notification that
        # opens this site's home page.
        await push("not json", "")
        elsewhere = {"title": "Ailleurs", "url": "https://evil.example/r/X", "tag": "elsewhere"}
        await push(json.dumps(elsewhere), "elsewhere")
        await push(json.dumps({"title": "Ailleurs", "url": "/\\evil.example/r/X", "tag": "slashes"}), "slashes")
        others = await shown(["", "elsewhere", "slashes"])
        assert (others[""]["title"], others[""]["body"], others[""]["url"]) == ("Veillée", "", "/")
        assert others["elsewhere"]["url"] == "/" and others["slashes"]["url"] == "/"

        # A tap: Chromium headless draws no notification to click, so the worker is given the click event its
        # notification would raise. Opening a window needs the user's tap, which a made event does not carry: the
        # window the worker opens (or focuses) is recorded instead.
        [worker] = page.context.service_workers
        tap = """async (tag) => {
          const [n] = await self.registration.getNotifications({ tag });
          return new Promise((resolve) => {
            self.clients.openWindow = async (url) => resolve(["open", url]);
            WindowClient.prototype.focus = async function () { resolve(["focus", this.url]); return this; };
            self.dispatchEvent(new NotificationEvent("notificationclick", { notification: n }));
          });
        }"""
        assert await worker.evaluate(tap, payload["tag"]) == ["open", f"{base}/r/{room['code']}"]
        # The tapped notification is closed; the others stay.
        assert set(await shown(["", "elsewhere", "slashes"], payload["tag"])) == {"", "elsewhere", "slashes"}
        # A window already on the page the notification names is brought forward rather than opened again.
        assert await worker.evaluate(tap, "elsewhere") == ["focus", f"{base}/"]
    assert errors == []


async def test_the_home_page_lists_this_browsers_rooms(database_url: str, browser: Any, shots: Path) -> None:
    """Where the installed app starts: the home page lists the rooms this browser holds a seat or the MJ's link in,
    each with its game and its phase, as any visitor may know them; a room the server no longer has leaves the list
    and the browser's storage (a wrong code costs a guess of the lookup budget at every visit)."""
    errors: list[str] = []
    async with server(database_url, free_port()) as base:
        lobby = await create_room(base, "reptiliens")
        seat = await join_room(base, lobby["code"], "Alice")
        hosted = await create_room(base, "soupcons")
        page = await phone(browser, errors, "home")
        await page.goto(f"{base}/?lang=fr")
        keys = {f"veillee:seat:{lobby['code']}": seat["token"], f"veillee:mj:{hosted['code']}": hosted["mj_token"],
                "veillee:seat:ZZZZ9999": "a-token-of-a-room-gone"}
        await page.evaluate("(keys) => { for (const [k, v] of Object.entries(keys)) localStorage.setItem(k, v); }",
                            keys)
        await page.reload()
        items = page.locator("#my-rooms-list li")
        await page.wait_for_function("""() => {
          const items = [...document.querySelectorAll('#my-rooms-list li')];
          return items.length === 2 && items.every((li) => li.querySelector('.my-room-what').textContent);
        }""")
        texts = sorted([(await items.nth(i).inner_text()).replace("\n", " ") for i in range(2)])
        def name(key: str) -> str:  # the game's name, as its card on the home page says it
            return translate("fr", presentation(get_ruleset(key))["name"])

        pretty = {r["code"]: f"{r['code'][:4]}-{r['code'][4:]}" for r in (lobby, hosted)}
        assert texts == sorted([
            f"{pretty[lobby['code']]} {name('reptiliens')} · Salon d'attente",
            f"{translate('fr', 'install.as_mj', code=pretty[hosted['code']])} "
            f"{name('soupcons')} · Salon d'attente"]), texts
        assert await page.evaluate("() => localStorage.getItem('veillee:seat:ZZZZ9999')") is None
        await page.locator("#my-rooms").scroll_into_view_if_needed()
        await settled(page)
        gone = [e for e in errors if "404" in e]  # the gone room's lookup, which the browser logs as an error
        assert len(gone) == 1, errors
        await check_page(page, "phone", [e for e in errors if e not in gone], "my rooms")
        await page.screenshot(path=str(shots / "i28-my-rooms-390.png"))
    assert [e for e in errors if "404" not in e] == [], errors
