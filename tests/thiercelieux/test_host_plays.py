"""A host who plays (thiercelieux option `host_plays`, automatic mode): the creator takes a seat, and their MJ token
sees what a spectator sees and runs the table only. Nobody who plays sees a secret: the engine part here; the
live part (the host's frames over websockets) is in tests/web/test_ws_host.py."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from app.bots import random_answer
from app.engine.core import new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM, Event
from app.engine.rulesets.thiercelieux.state import lovers as lovers_of
from app.engine.rulesets.thiercelieux.state import scratch
from app.engine.views import event_visible, view
from app.engine.views import prompt_view as project_prompt
from tests.support.engine import FAST, RULESET, T0, Script

COMPOSITION = ["loup-garou", "loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "villageois", "villageois"]


class HostTable(Script):
    """A room created with `host_plays` (the option is fixed at creation), eight players, the composition set but
    no card pre-assigned: a host who does not see all cannot pre-assign one."""

    def __init__(self, options: dict[str, Any] | None = None, seed: int = 11, players: int = 8,
                 composition: list[str] | None = None) -> None:
        opts = {**FAST, "captain": True, "moderation": "auto", "host_plays": True, **(options or {})}
        self.state, self.events = new_state(RULESET, seed, options=opts, at=T0)
        self.at = T0
        self.hurry = True
        from tests.support.engine import Secrets

        self.secrets = Secrets()
        for seat in range(players):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        self.do("configure", MJ, composition=composition or COMPOSITION[:players])


def mj_sees_nothing_hidden(g: Script, events: list[Event]) -> None:
    """The host's token: no card but the revealed dead's, no MJ bookkeeping, no hidden event, no private prompt."""
    v = view(g.state, MJ)
    if g.state.phase == "ended":
        return
    assert "mj" not in v
    assert v["viewer"]["kind"] == "mj"
    for p in v["players"]:
        real = g.state.players[p["seat"]]
        assert p["role"] is None or real.revealed, f"the host sees the card of seat {p['seat']}"
    # What a spectator sees (the options name no pre-assigned card: the host could never set one).
    assert v["options"].pop("preassigned", {}) == {}
    assert v == {**view(g.state, SPECTATOR), "viewer": {"kind": "mj"}, "channels": v["channels"]}
    for pv in v["prompts"]:
        assert pv["visibility"] == "public", f"the host sees the private question {pv['step']}"
    for e in events:
        if event_visible(e, MJ, g.state):
            assert e.to is None, f"the host receives the hidden event {e.type}"


def test_the_host_token_sees_no_secret_through_a_whole_game() -> None:
    for seed in (1, 2, 3):
        g = HostTable(seed=seed)
        g.do("start", MJ)
        rnd = random.Random(seed)
        for _ in range(400):
            if g.state.phase == "ended":
                break
            before = len(g.events)
            for prompt in list(g.state.prompts.values()):
                if prompt.closed or prompt.to_mj:
                    assert not prompt.to_mj, "a question for the MJ in a room whose host plays"
                    continue
                if prompt.id not in g.state.prompts:
                    continue  # cleared by an earlier answer (a phase moved on)
                for seat in prompt.to:
                    if seat in prompt.answers or (not g.state.players[seat].alive and not prompt.dead_may_answer):
                        continue
                    pv = project_prompt(prompt, seat, False, [seat], g.state)
                    assert pv is not None
                    with contextlib.suppress(Rejected):
                        g.do("answer", seat, prompt=prompt.id, answer=random_answer(pv, rnd, seat))
                    if prompt.id not in g.state.prompts or g.state.prompts[prompt.id].closed:
                        break
            mj_sees_nothing_hidden(g, g.events[before:])
            if g.state.phase != "ended":
                g.wait()
                mj_sees_nothing_hidden(g, g.events[before:])
        assert g.state.phase == "ended", "the game did not end"
        # At the end everyone sees every card, the host too.
        assert all(p["role"] for p in view(g.state, MJ)["players"])


def test_the_host_cannot_act_on_hidden_things_nor_see_them_again() -> None:
    g = HostTable()
    # Pre-assigning a card, or turning the console's sight back on, before the start.
    assert g.rejected("set_role", MJ, seat=1, role="voyante") == "hidden_from_host"
    assert g.rejected("configure", MJ, options={"preassigned": {"1": "voyante"}}) == "hidden_from_host"
    assert g.rejected("configure", MJ, options={"host_plays": False}) == "fixed_option"
    assert g.rejected("configure", MJ, options={"moderation": "mj"}) == "host_plays_needs_auto"
    g.do("configure", MJ, options={"host_plays": True, "debate": 30})  # unchanged: accepted
    g.do("start", MJ)
    g.run_until("loups", night=1)
    wolves = g.state.prompts[scratch(g.state).prompts["wolves"]]
    assert g.rejected("answer", MJ, prompt=wolves.id, answer=[2], seat=wolves.to[0]) == "hidden_from_host"
    assert g.rejected("kill", MJ, seat=3) == "hidden_from_host"
    assert g.rejected("set_role", MJ, seat=3, role="villageois") == "hidden_from_host"
    # The wolves' question does not exist for the host: the same answer as a missing one.
    assert g.rejected("answer", MJ, prompt=wolves.id, answer=[2]) == "no_such_prompt"
    g.do("pause", MJ)
    g.do("resume", MJ)


def test_a_host_who_plays_needs_the_automatic_mode() -> None:
    with pytest.raises(Rejected) as info:
        new_state(RULESET, 1, options={"moderation": "mj", "host_plays": True}, at=T0)
    assert info.value.rejection.code == "host_plays_needs_auto"
    assert info.value.rejection.params == {"option": "host_plays"}


def test_no_private_thread_to_an_mj_who_is_not_there() -> None:
    g = HostTable()
    names = {c["name"] for c in view(g.state, 0)["channels"]}
    assert not any(n.startswith("mj:") for n in names)
    assert g.rejected("say", 0, channel="mj:0", text="MJ ?") == "cannot_write"
    ordinary = Script(["loup-garou", "voyante", "villageois", "villageois", "villageois"], start=False)
    assert "mj:0" in {c["name"] for c in view(ordinary.state, 0)["channels"]}


def test_with_no_cupidon_chance_chooses_the_lovers_not_the_host() -> None:
    """004's "the MJ chooses the lovers": a host who plays is no MJ, so no question reaches them; chance does."""
    g = HostTable(options={"mj_lovers": True}, composition=["loup-garou", "voyante", "villageois", "villageois",
                                                            "villageois", "villageois", "villageois", "villageois"])
    g.do("start", MJ)
    g.run_until("loups", night=1)
    assert not any(p.to_mj for p in g.state.prompts.values())
    assert len(lovers_of(g.state)) == 2
    assert all(view(g.state, MJ)["players"][i]["role"] is None for i in range(8))
