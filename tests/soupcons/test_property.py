"""Random `soupcons` games (hypothesis): players answer at random, stay silent (their time runs out), or try
illegal answers. At every step: every card is somewhere and only once, exactly one player holds 3 cards, the
table only moves forward (Nuit → Jour → gone), camps follow the hands, no projection or event shows a card to
a seat that may not see it (tests/support/soupcons.Watch); every game ends, and replaying its log gives the same
state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import random_answer
from app.engine.core import replay
from app.engine.errors import Rejected
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons import flow
from app.engine.rulesets.soupcons.state import own
from app.engine.views import view
from tests.support.soupcons import Table

RANK = {"nuit": 0, "jour": 1, "gone": 2}


def check_invariants(t: Table, before: dict[int, str]) -> dict[int, str]:
    s = t.state
    n = len(s.players)
    hands = {seat: flow.hand(s, seat) for seat in s.players}
    every = [c for h in hands.values() for c in h]
    assert sorted(every) == sorted(C.deck(n)), "a card was lost or duplicated"
    assert sorted(len(h) for h in hands.values()) == [2] * (n - 1) + [3]
    for seat, h in hands.items():
        assert s.players[seat].role == ("serpent" if C.camp_of(h) == "serpents" else "innocent")
    sides = {c["v"]: c["side"] for c in flow.table(s)} if s.phase != "ended" else before
    assert list(sides) == list(range(1, C.SETUP[n][1] + 1))
    for v, side in sides.items():
        assert RANK[side] >= RANK[before.get(v, "nuit")], f"card {v} went back from {before[v]} to {side}"
    if s.phase == "day":
        assert C.outcome(list({"v": v, "side": x} for v, x in sides.items())) is None
        giver = own(s).giver
        assert giver is not None
        assert len(hands[giver]) == 3, "the giver is the one holding 3 cards"
    return sides


def play(t: Table, rnd: random.Random, silence: float, mischief: float) -> int:
    sides = check_invariants(t, {})
    commands = 0
    while t.state.phase != "ended":
        commands += 1
        assert commands < 3000, "the game does not end"
        acted = False
        for seat in sorted(t.state.players):
            for prompt in view(t.state, seat)["prompts"]:
                if not prompt["mine"] or str(seat) in prompt["answers"] or rnd.random() < silence:
                    continue
                if rnd.random() < mischief:
                    wrong: Any = rnd.choice([[seat], "M9", "joker", None, [99], True])
                    try:
                        t.do("answer", seat, prompt=prompt["id"], answer=wrong)
                    except Rejected:
                        pass
                    else:
                        acted = True
                    continue
                t.do("answer", seat, prompt=prompt["id"], answer=random_answer(prompt, rnd, seat))
                acted = True
                break
            if acted:
                break
        if not acted:
            t.wait()
        sides = check_invariants(t, sides)
    return commands


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**31), silence=st.sampled_from([0.0, 0.2, 0.8]),
       mischief=st.sampled_from([0.0, 0.1]))
def test_random_games_keep_every_card_and_every_secret_and_end(players: int, seed: int, silence: float,
                                                                mischief: float) -> None:
    t = Table(players, seed=seed)
    play(t, random.Random(seed), silence, mischief)
    result = t.result
    assert result is not None and result["reason"] in ("dawn", "night", "max_rounds")
    hands = {seat: flow.hand(t.state, seat) for seat in t.state.players}
    if result["camp"] is not None:
        assert result["winners"] == sorted(s for s, h in hands.items() if C.camp_of(h) == result["camp"])
        assert result["winners"], "someone always wins"
    # The log alone rebuilds the game.
    assert replay(t.events).model_dump() == t.state.model_dump()
    # Once over, everyone sees the true cards of every gift.
    everyone = view(t.state, 0)["soupcons"]
    assert everyone["hands"] == {str(s): h for s, h in hands.items()}
    gifts = [e for e in t.events if e.type == "sc_received"]
    assert len(gifts) == len([e for e in t.events if e.type == "sc_accepted"]) > 0
