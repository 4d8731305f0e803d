"""The creator who plays, and personal links, in headless Chromium, at phone and desktop widths: the home page's
choice seats the creator and opens their own page with the host's controls (no console); the host starts, pauses
and resumes from there; a player's personal link (and its QR code) moves the seat to another browser, whose page
takes over while the old one says the seat was handed over; a spent link says so; the console of a room opened at
127.0.0.1 says how phones can reach the server.

Needs /usr/bin/chromium (Debian's); skipped without it, except in CI. Screenshots: the `shots` fixture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import phone
from tests.support.edge import live
from tools.serve import serve

pytestmark = pytest.mark.browser
NAMES = ["Bruno", "Chloé", "David", "Emma"]


# What the status bar and the stage say, but for the lines of the journal (the news of the night or day).
SAID_OUTSIDE_NEWS = """() => [document.querySelector("#status"), document.querySelector("#stage")].map((node) => {
  const copy = node.cloneNode(true);
  copy.querySelectorAll(".news, .line").forEach((line) => line.remove());
  document.body.append(copy);
  const text = copy.innerText;
  copy.remove();
  return text;
}).join("\\n")"""


async def seats_listed(page: Any, n: int) -> None:
    """Wait until the host's panel lists `n` seats (polled from here: the page's CSP forbids evaluated strings)."""
    await page.wait_for_selector(f"#host-seats li:nth-child({n})")
    assert await page.locator("#host-seats li").count() == n


@pytest.mark.parametrize("width", [390, 1280])
async def test_the_creator_plays_and_moves_their_seat(database_url: str, browser: Any, shots: Path,
                                                      width: int) -> None:
    errors: list[str] = []
    async with serve(database_url) as base:
        host = await phone(browser, errors, "host", width=width, height=900)
        await host.clock.install()  # the page's time flows as usual, until the test holds it (the pause below)
        await host.goto(f"{base}/thiercelieux?lang=fr")
        await host.wait_for_selector(".comp-row[data-role=loup-garou]")
        await host.fill("#players", "5")
        await host.locator("#players").dispatch_event("change")
        await host.wait_for_selector("#composition-check.good")
        await host.click("label.radio-card:has(input[name=moderation][value=auto])")
        assert await host.locator("[data-host-auto]").is_visible()
        await host.click("label.radio-card:has(input[name=host_role][value=play])")
        # No name, no room.
        await host.click("#create")
        assert "/r/" not in host.url
        await host.fill("#host-name", "Hélène")
        await host.locator("#host-choice").screenshot(path=str(shots / f"host-choice-{width}.png"))
        await host.click("#create")
        await host.wait_for_url(lambda url: "/r/" in url and not url.endswith("/mj"))
        code = host.url.rstrip("/").split("/r/")[1][:8]
        await host.wait_for_selector("#host-bar:not([hidden]) #host-start")
        await host.wait_for_selector("#lan-hint")  # the page was opened at 127.0.0.1
        async with httpx.AsyncClient(base_url=base) as http:
            tokens = {}
            for name in NAMES:
                joined = await http.post(f"/api/rooms/{code}/join", json={"name": name})
                assert joined.status_code == 201
                tokens[name] = joined.json()["token"]
            # The console of this room is a notice: the host plays.
            assert 'id="host-plays-notice"' in (await http.get(f"/r/{code}/mj")).text
        await seats_listed(host, 5)
        await host.screenshot(path=str(shots / f"host-lobby-{width}.png"), full_page=True)
        await host.click("#host-start")
        await host.wait_for_selector("#host-bar:not([hidden]) #host-pause:not([hidden])")
        await host.wait_for_selector("#status .countdown")
        await host.click("#host-pause")
        await host.wait_for_selector("#host-resume:not([hidden])")
        # The pause is said once (the status bar's badge; the news of the night records it as a line of the
        # journal), and the countdown stands still on the time left.
        await host.wait_for_selector("#status .paused-badge")
        said = await host.evaluate(SAID_OUTSIDE_NEWS)
        assert said.lower().count("pause") == 1, said
        left = await host.locator("#status .countdown-text").inner_text()
        assert left.count(":") == 1, left
        # The page's clock, held by the test: 2.3 seconds pass on it (its countdown ticks four times a second) and
        # the countdown still shows the time left. No real wait, and no machine too slow for it.
        await host.clock.pause_at(await host.evaluate("Date.now()") / 1000 + 1)
        await host.clock.run_for(1300)
        assert await host.locator("#status .countdown-text").inner_text() == left
        await host.screenshot(path=str(shots / f"host-table-{width}.png"), full_page=True)
        await host.click("#host-resume")
        await host.wait_for_selector("#host-pause:not([hidden])")
        await host.wait_for_selector("#status .paused-badge", state="detached")
        await host.clock.run_for(1300)  # and now the same time moves the countdown on
        assert await host.locator("#status .countdown-text").inner_text() != left
        await host.clock.resume()

        # A player the host replaces: their page says a substitute took the seat.
        replaced = await phone(browser, errors, "replaced", width=width, height=900)
        await replaced.goto(f"{base}/r/{code}#t={tokens['Bruno']}")
        await replaced.wait_for_selector("#status")
        host.on("dialog", lambda dialog: dialog.accept())
        await host.click("#host-replace-box summary")
        await host.select_option("#host-replace-seat", label="Bruno")
        await host.fill("#host-replace-name", "Zoé")
        await host.click("#host-replace button[type=submit]")
        await host.wait_for_selector("#host-replace-result input")
        assert (await host.input_value("#host-replace-result input")).startswith(f"{base}/r/{code}#t=")
        await replaced.wait_for_selector("#kicked:not([hidden])")
        assert await replaced.locator("#kicked-title").inner_text() == "Un remplaçant a pris votre place"
        assert not await replaced.locator("#rejoin-button").is_visible()
        assert await replaced.locator("#toasts").inner_text() == ""
        await replaced.screenshot(path=str(shots / f"substituted-{width}.png"), full_page=True)
        await replaced.context.close()

        # The personal link: the seat's owner only, with its QR code.
        await host.wait_for_selector("#seat-link:not([hidden])")
        await host.click("#seat-link summary")
        await host.wait_for_selector("#seat-link-body .qr svg")
        link = await host.input_value("#seat-link-body input")
        assert link.startswith(f"{base}/r/{code}/take#k=") and "&h=" in link
        await host.locator("#seat-link").scroll_into_view_if_needed()
        await host.screenshot(path=str(shots / f"seat-link-{width}.png"))

        other = await phone(browser, errors, "new phone", width=width, height=900)
        await other.goto(link)
        await other.wait_for_url(f"{base}/r/{code}")
        await other.wait_for_selector("#host-bar:not([hidden])")  # the host's controls moved too
        await other.wait_for_selector("#seat-link:not([hidden])")
        # The old page stops and says why, in its own words (no toast of the server's message).
        await host.wait_for_selector("#kicked:not([hidden])")
        assert await host.locator("#kicked-title").inner_text() == "Votre place est sur un autre appareil"
        assert "ouvert ailleurs" in await host.locator("#kicked-text").inner_text()
        assert not await host.locator("#rejoin-button").is_visible()
        assert await host.locator("#kicked-watch").is_visible()
        assert "autre appareil" not in await host.locator("#toasts").inner_text()
        assert not await host.locator("#host-bar").is_visible()  # the host's controls moved with the seat
        assert not await host.locator("#conn").is_visible()
        await host.screenshot(path=str(shots / f"handed-over-{width}.png"), full_page=True)
        # The same link, opened again, is spent.
        spent = await phone(browser, errors, "spent link", width=width, height=900)
        await spent.goto(link)
        await spent.wait_for_selector("#take-actions:not([hidden])")
        assert "n'ouvre plus" in await spent.locator("#take-title").inner_text()
        await spent.screenshot(path=str(shots / f"spent-link-{width}.png"))

        # The host stops the game and calls a rematch from their new phone: the new room, the same host.
        other.on("dialog", lambda dialog: dialog.accept())
        await other.click("#host-bar details.host-more:has(#host-end) summary")
        await other.click("#host-end")
        await other.wait_for_selector("#host-rematch:not([hidden])")
        assert await other.locator("[data-host-ended]").is_visible()
        await other.click("#host-rematch")
        await other.wait_for_url(lambda url: "/r/" in url and code not in url)
        await other.wait_for_selector("#host-bar:not([hidden]) #host-start")
        await seats_listed(other, 5)

        # A console opened at 127.0.0.1 says how phones can reach the server.
        console = await phone(browser, errors, "console", width=width, height=900)
        async with httpx.AsyncClient(base_url=base) as http:
            room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        await console.goto(f"{base}/r/{room['code']}/mj?lang=en#k={room['mj_token']}")
        await console.wait_for_selector("#lan-hint")
        assert "HOST=0.0.0.0" in await console.locator("#lan-hint").inner_text()
        await console.locator("#lan-hint").scroll_into_view_if_needed()
        await console.screenshot(path=str(shots / f"loopback-hint-{width}.png"))
    # The old page's socket closing is reported by the browser as a failed resource at most; nothing else.
    assert [e for e in errors if "4001" not in e and "403" not in e] == []


PUBLIC = "https://veillee.example.org"


@pytest.mark.parametrize("width", [390, 1280])
async def test_the_links_pages_hand_out_use_public_url(database_url: str, browser: Any, shots: Path,
                                                       width: int) -> None:
    """With PUBLIC_URL set, the links the pages build (the lobby's join link, the console's join and private links,
    Soupçons' invite) start with it, not with the address the browser used (here 127.0.0.1)."""
    errors: list[str] = []
    async with live(database_url, public_url=PUBLIC) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        code = room["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bruno"})).json()

        console = await phone(browser, errors, "console", width=width, height=900)
        await console.goto(f"{base}/r/{code}/mj?lang=fr#k={room['mj_token']}")
        await console.wait_for_selector("#mj-app:not([hidden])")
        assert await console.input_value("#join-link") == f"{PUBLIC}/r/{code}"
        assert (await console.input_value("#mj-link")).startswith(f"{PUBLIC}/r/{code}/mj#k=")
        assert not await console.locator("#lan-hint").count()  # the loopback hint is for hosts without PUBLIC_URL
        await console.screenshot(path=str(shots / f"public-url-console-{width}.png"))

        player = await phone(browser, errors, "player", width=width, height=900)
        await player.goto(f"{base}/r/{code}?lang=fr#t={joined['token']}")
        await player.wait_for_selector(".lobby .link")
        assert await player.locator(".lobby .link").inner_text() == f"{PUBLIC}/r/{code}"
        await player.screenshot(path=str(shots / f"public-url-lobby-{width}.png"), full_page=True)

        alice = await phone(browser, errors, "soupcons", width=width, height=900)
        await alice.goto(f"{base}/soupcons?lang=fr")
        await alice.fill("#sc-name", "Alice")
        await alice.fill("#sc-bots", "2")
        await alice.uncheck("#sc-start-now")
        await alice.click("#sc-create")
        await alice.wait_for_selector(".sc-invite input")
        sc_code = alice.url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]
        assert await alice.input_value(".sc-invite input") == f"{PUBLIC}/r/{sc_code}"
    assert errors == []
