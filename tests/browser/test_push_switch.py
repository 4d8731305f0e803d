"""Issue 28, item 2, in headless Chromium: a player's page offers "Me prévenir même l'application fermée" once the
service worker (/sw.js) is active, and the switch subscribes the browser with the server's key and gives the
subscription to the room, or says why it cannot. Headless Chromium in a closed network has no push service to
subscribe with (Playwright's contexts are incognito, where Chromium has none; a persistent profile's push service
is behind the closed network and never answers): the switch must then say so (`push.failed`, with the browser's
reason) and stay off, never pretend. The server side is proven by tests/web/test_push.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from app.i18n import translate
from tests.support.browser import phone
from tests.support.edge import live
from tools.client import create_room

pytestmark = pytest.mark.browser
SETTINGS: dict[str, Any] = {"push_allow_local": True, "vapid_subject": "mailto:tests@veillee.example"}


async def test_the_switch_subscribes_or_says_why(database_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    async with live(database_url, **SETTINGS) as base:
        room = await create_room(base, options={"moderation": "auto"})
        code = room["code"]
        page = await phone(browser, errors, "alice", permissions=["notifications"])
        await page.goto(f"{base}/r/{code}?lang=fr")
        await page.fill("#name-input", "Alice")
        await page.click("#join-button")
        await page.wait_for_selector(".lobby")
        switch = page.locator(".push-toggle input[type=checkbox]")
        await switch.wait_for()  # shown once the service worker is active
        assert await page.locator(".push-toggle").inner_text() == translate("fr", "push.toggle")
        assert not await switch.is_checked()
        await page.screenshot(path=str(shots / "push-switch.png"))
        await switch.click()
        # Either the browser has a push service (the room now pushes to it) or it has none (it says so).
        toast = page.locator(".toast").filter(has_text=translate("fr", "push.on")[:20])
        failed = page.locator(".toast").filter(has_text=translate("fr", "push.failed", reason="")[:20])
        await toast.or_(failed).first.wait_for()
        token = await page.evaluate("() => window.veillee.conn.token")
        endpoint = await page.evaluate("""async () => {
          const reg = await navigator.serviceWorker.ready;
          const sub = await reg.pushManager.getSubscription();
          return sub ? sub.endpoint : null;
        }""")
        if await failed.count():
            print("headless Chromium has no push service here:", await failed.first.inner_text())
            assert endpoint is None and not await switch.is_checked()
        else:
            assert endpoint is not None and await switch.is_checked()
            async with httpx.AsyncClient(base_url=base) as http:
                r = await http.post(f"/api/rooms/{code}/push/state", json={"endpoint": endpoint},
                                    headers={"Authorization": f"Bearer {token}"})
                assert r.json()["subscribed"] is True
            await switch.click()
            await page.locator(".toast").filter(has_text=translate("fr", "push.off")[:20]).first.wait_for()
    # Chromium's own word for a context without push (Playwright's contexts are incognito), logged as an error.
    assert [e for e in errors if "does not support the Push API in incognito" not in e] == [], errors


async def test_one_bell_in_the_lobby(database_url: str, browser: Any, shots: Path) -> None:
    """The lobby shows one bell. Where push works, the switch alone (it asks the browser's permission, which serves
    the page's own notes too); where it cannot (here: a browser without the Push API), "Me prévenir" for the page's
    notes, and why push cannot."""
    errors: list[str] = []
    async with live(database_url, **SETTINGS) as base:
        room = await create_room(base, options={"moderation": "auto"})
        code = room["code"]
        pages = {}
        for name, script in (("Alice", None), ("Bruno", "delete window.PushManager;")):
            page = await phone(browser, errors, name)
            if script:
                await page.add_init_script(script)
            await page.goto(f"{base}/r/{code}?lang=fr")
            assert await page.evaluate("() => Notification.permission") == "default"
            await page.fill("#name-input", name)
            await page.click("#join-button")
            await page.wait_for_selector(".lobby")
            pages[name] = page
        alice, bruno = pages["Alice"], pages["Bruno"]
        await alice.locator(".push-toggle").wait_for()
        assert await alice.locator(".notify-button").count() == 0  # nor a second one in the status bar
        ask = bruno.locator(".lobby .notify-button")
        await ask.wait_for()
        assert await ask.inner_text() == translate("fr", "notify.enable")
        assert await bruno.locator(".push-why").inner_text() == translate("fr", "push.unsupported")
        assert await bruno.locator(".push-toggle").count() == 0
        assert await bruno.locator(".notify-button").count() == 1
        await bruno.screenshot(path=str(shots / "push-unsupported.png"))
    assert errors == [], errors
