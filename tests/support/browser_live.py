"""Shared by the tests: helpers first written for tests/browser/test_live.py."""
from __future__ import annotations

from typing import Any

import httpx

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


WIDE = {"width": 1280, "height": 900}


# The page's controls on screen smaller than a finger (44 × 44 px); a link inside a sentence is text, not a control.
SMALL_TARGETS = """() => [...document.querySelectorAll("a[href], button, select, summary, input, textarea")]
  .filter((el) => el.getClientRects().length && !el.closest("[hidden]") && !el.classList.contains("skip")
    && !(el.tagName === "A" && el.closest("p")))
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([el, r]) => `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 24)}" `
    + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


async def command(http: httpx.AsyncClient, code: str, token: str, name: str, **args: Any) -> None:
    r = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {token}"},
                        json={"command": name, "args": args})
    assert r.status_code == 200, r.text


async def seen(page: Any, script: str, arg: Any = None) -> None:
    """Wait until the page's own stream satisfies `script` (a function of the connection and `arg`)."""
    await page.wait_for_function(f"(arg) => {{ const conn = window.veillee.conn; return ({script}); }}", arg=arg)
