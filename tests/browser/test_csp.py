"""Every page works under the Content-Security-Policy: Chromium reports no violation on the home pages, a player's
page and the MJ console (websocket connected), the Soupçons pages, the not-found page, the service worker's offline
page and the API docs (Swagger UI drawn from this server's own files); the home page once its service worker has
taken it over.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI where a missing browser is a failure.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.edge import live

pytestmark = pytest.mark.browser
VIOLATIONS = """() => new Promise((resolve) => setTimeout(() => resolve(window.__csp || []), 300))"""
WATCH = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));"""


async def visit(browser: Any, url: str, errors: list[str], ready: str | None = None) -> Any:
    context = await browser.new_context(locale="fr-FR")
    page = await context.new_page()
    await page.add_init_script(WATCH)
    page.on("pageerror", lambda exc: errors.append(f"{url}: {exc}"))
    page.on("console", lambda msg: errors.append(f"{url}: {msg.text}") if msg.type == "error" else None)
    await page.goto(url)
    if ready is not None:
        await page.wait_for_function(ready)
    errors.extend(f"{url}: {v}" for v in await page.evaluate(VIOLATIONS))
    return page


async def test_every_page_works_under_the_policy(database_url: str, browser: Any) -> None:
    errors: list[str] = []
    connected = "() => Boolean(window.veillee && window.veillee.conn && window.veillee.conn.view)"
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        table = (await http.post("/api/rooms", json={"ruleset": "soupcons"})).json()
        # The home page once its service worker (/sw.js, its precache fetched under the worker's own policy) has
        # taken it over; the manifest's parse is tests/browser/test_install.py's.
        await visit(browser, f"{base}/", errors, "() => document.querySelector('#games a') !== null"
                    " && navigator.serviceWorker.controller !== null")
        await visit(browser, f"{base}/thiercelieux", errors, "() => document.querySelector('.comp-row') !== null")
        await visit(browser, f"{base}/reptiliens", errors, "() => document.querySelector('.comp-row') !== null")
        await visit(browser, f"{base}/soupcons", errors)
        await visit(browser, f"{base}/r/{room['code']}", errors, connected)
        await visit(browser, f"{base}/r/{room['code']}/mj#k={room['mj_token']}", errors, connected)
        await visit(browser, f"{base}/r/{table['code']}", errors, connected)
        await visit(browser, f"{base}/r/{table['code']}/mj#k={table['mj_token']}", errors, connected)
        await visit(browser, f"{base}/r/ZZZZZZZZ", errors)
        await visit(browser, f"{base}/offline", errors, "() => document.querySelector('.offline-status').textContent")
        errors[:] = [e for e in errors if "404" not in e]  # the not-found page's own status, reported as an error
        docs = await visit(browser, f"{base}/api/docs", errors,
                           "() => document.querySelectorAll('.swagger-ui .opblock').length > 5")
        assert "Veillée" in await docs.inner_text(".swagger-ui .info")
    assert errors == [], "\n".join(errors)
