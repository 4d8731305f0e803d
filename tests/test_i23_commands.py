"""Issue 23, "A table that can trust the server, round two": items 3 and 4.

3. A dead player who saw hidden things never comes back: the ruleset vetoes a revival (`Ruleset.revival_refused`),
   for the MJ's generic `revive` and for a power that raises the dead alike. Reptiliens: a spirit, or one who passed
   his inheritance on, "may open their eyes all night"; Thiercelieux: a dead who sees every card (`dead_see_all`).
4. The commands the server issues to itself (join, substitute, handover, tick, rematch) come from no socket and no
   HTTP request, the MJ's token included; seat numbers are bounded; a seat that leaves has its sockets closed.
"""

from __future__ import annotations

import pytest
from edge_helpers import live
from engine_helpers import Script
from reptiliens_helpers import ALPHA, R, Table, V
from ws_helpers import open_room

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import dead
from app.i18n import translate

W, TV = "loup-garou", "villageois"
PROPHETE = "rp-prophete"


# -- 3. a dead who saw hidden things stays dead ---------------------------------------------------------------------
def reptiliens_dead(choice: str, heir: int | None = None) -> Table:
    """A Reptiliens table by day: the MJ kills seat 3, who chooses `choice` at once."""
    t = Table([ALPHA, R, PROPHETE, V, V, V, V], [None, None, None, "rp-voleur", None, None, None], lovers=(4, 5))
    t.play_night({})
    t.run_until("rp-debat")
    t.do("kill", MJ, seat=3)
    assert not t.alive(3)
    if choice:
        t.answer(3, "rp-choix-mort", choice)
    if heir is not None:
        t.answer(3, "rp-heritier", [heir])
    return t


@pytest.mark.parametrize("choice", ["spirit:camp", "inheritance:specialty"])
def test_a_reptiliens_spirit_or_donor_cannot_be_revived(choice: str) -> None:
    t = reptiliens_dead(choice, heir=6 if choice.startswith("inheritance") else None)
    assert dead.sees_all(t.state, 3)  # he sees the whole night
    assert t.rejected("revive", MJ, seat=3) == "saw_secrets"
    assert not t.alive(3)
    for lang in ("fr", "en"):
        assert translate(lang, "error.saw_secrets") != "error.saw_secrets"


def test_a_reptiliens_ghost_or_a_dead_still_choosing_may_be_revived() -> None:
    t = reptiliens_dead("ghost:camp")
    t.do("revive", MJ, seat=3)
    assert t.alive(3)
    t = reptiliens_dead("")  # still choosing: he has seen nothing yet
    t.do("revive", MJ, seat=3)
    assert t.alive(3)


def test_the_prophete_raises_ghosts_only_by_the_same_rule() -> None:
    t = Table([ALPHA, R, PROPHETE, V, V, V, V], lovers=(3, 4))
    t.play_night({})
    t.run_until("rp-debat")
    t.do("kill", MJ, seat=6)
    t.answer(6, "rp-choix-mort", "ghost:camp")
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    t.do("invoke", 2, power="rp-resurrection")
    assert t.prompt("rp-resurrection").options == [6]  # the spirit (5) is no ghost, and saw the night


def test_a_thiercelieux_dead_who_sees_every_card_cannot_be_revived() -> None:
    g = Script([W, TV, TV, TV, TV], options={"dead_see_all": True})
    g.do("kill", MJ, seat=3)
    assert g.rejected("revive", MJ, seat=3) == "saw_secrets"
    plain = Script([W, TV, TV, TV, TV])
    plain.do("kill", MJ, seat=3)
    plain.do("revive", MJ, seat=3)
    assert plain.alive(3)


async def test_the_mj_cannot_revive_a_dead_who_sees_every_card_over_the_socket(database_url: str) -> None:
    async with live(database_url) as base:
        _room, mj, players = await open_room(base, 5, {"dead_see_all": True}, composition=[W, TV, TV, TV, TV])
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night")
        victim = next(p["seat"] for p in mj.view["players"] if p["role"] != W)
        await mj.do("kill", seat=victim)
        watcher = next(c for c in players if c.view["me"]["seat"] == victim)
        await watcher.wait_for(lambda v: not v["me"]["alive"])
        reply = await mj.send("revive", seat=victim)
        assert reply["type"] == "rejected" and reply["code"] == "saw_secrets", reply
        assert not next(p for p in mj.view["players"] if p["seat"] == victim)["alive"]
        for c in (mj, *players):
            await c.close()
