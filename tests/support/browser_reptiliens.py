"""Shared by the tests: helpers first written for tests/browser/test_reptiliens.py."""
from __future__ import annotations

from typing import Any

from tests.support.ws import HANG

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


# Seat i gets CAMP[i] and SPECIALTY[i]: the alpha and a Reptilien (the pack), the Assassin (an invoked kill), Orphée,
# Poirot (personal conditions from the MJ), and a Villageois.
CAMP = ["rp-reptilienne-alpha", "rp-reptilien", "rp-villageois", "rp-orphee", "rp-poirot", "rp-villageois"]


SPECIALTY = ["rp-marchand-de-sable", "rp-laura", "rp-assassin", "rp-fureteur", "rp-dresseur-de-chien", "rp-ingenieure"]


# Steps last until the MJ moves them on (a night step's length is drawn in [plausible_min, plausible_max]).
OPTIONS = {"night_step": 600, "plausible_min": 500, "plausible_max": 550, "mj_time": 600, "dawn": 600, "debate": 600,
           "vote": 600, "ballot_time": 600, "invoke_time": 600, "condemned_window": 600, "first_weekday": "mon",
           "reaction": 600, "death_choice": 600, "session_choice": 600, "law_time": 600, "heritage": 600,
           "marriages": 600,
           # One optional office besides the mandatory ones: the MJ takes it out of play on the console.
           "offices": ["rp-pretre-capitaliste"]}


VIEW = "() => window.veillee && window.veillee.conn && window.veillee.conn.view"


# -- helpers -----------------------------------------------------------------------------------------------------
async def view(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = await page.evaluate(VIEW)
    return found


async def until(page: Any, script: str, arg: Any = None, ms: float = HANG * 1000) -> None:
    """Wait until the page's view satisfies `script` (an expression of `v` and `arg`); `ms` guards against a hang."""
    await page.wait_for_function(f"(arg) => {{ const v = ({VIEW})(); return Boolean(v && ({script})); }}", arg=arg,
                                 timeout=ms)
