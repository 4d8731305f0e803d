"""A room never breaks (issue 22, item 7): "a property test that plays whole games of every ruleset while sending
random commands, legal and not, from every seat, the MJ, a playing host and spectators, at random moments and
random ticks, and asserts that nothing but a clean rejection is ever raised".

Each game (tests/support/fuzz.py) has a random table size and random room options (draws by the MJ, MJ or
automatic moderation, lovers, pre-assigned cards, bots, a host who plays, …), then mixes answers from each seat's
own view, garbage, ticks at random virtual times and random commands of every type with random arguments, from
every kind of sender, decided in place as the room service does. A failure names the ruleset and seed that
reproduce it: `fuzz_game("reptiliens", 23)`.

The default run plays 900 games of each ruleset (about a minute here); `FUZZ_GAMES=20000` plays that many of each
for a deeper search, and `FUZZ_SEED=<n>` starts the seeds elsewhere.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from app.engine.context import Ctx
from app.engine.core import COMMANDS, MAX_SEAT, apply, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SYSTEM, Command
from tests.support.fuzz import RULESETS, Crash, Stats, fuzz_game
from tests.support.reptiliens import ALPHA, Table, V

GAMES = int(os.environ.get("FUZZ_GAMES", "900"))
FIRST = int(os.environ.get("FUZZ_SEED", "0"))
MAX_REPORTED = 3


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_command_from_anyone_ever_breaks_a_game(ruleset: str) -> None:
    total = Stats()
    crashes: list[str] = []
    for seed in range(FIRST, FIRST + GAMES):
        try:
            stats = fuzz_game(ruleset, seed)
        except Crash as exc:
            crashes.append(str(exc))
            if len(crashes) >= MAX_REPORTED:
                break
            continue
        total.games += 1
        total.started += stats.started
        total.ended += stats.ended
        total.commands += stats.commands
        total.accepted += stats.accepted
        for kind, count in stats.kinds.items():
            total.kinds[kind] = total.kinds.get(kind, 0) + count
    assert not crashes, "\n\n".join(crashes)
    # The games were games: nearly all of them started, some reached their end, and every kind of command went in.
    assert total.started >= 0.85 * total.games, total
    assert total.ended > 0 and total.accepted > GAMES * 10, total
    assert {"answer", "tick", "kill", "revive", "invoke", "set_role", "configure", "say", "undo"} <= set(total.kinds)


def test_the_fuzzer_reports_an_exception_of_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The net has no hole: a rule that raises anything but Rejected fails the game, naming how to reproduce it."""

    def broken(ctx: Ctx, cmd: Command) -> None:
        raise KeyError("seat")

    monkeypatch.setitem(COMMANDS, "kill", broken)
    found: list[str] = []
    for seed in range(20):
        try:
            fuzz_game("thiercelieux", seed)
        except Crash as exc:
            found.append(str(exc))
    assert found and all("KeyError: 'seat'" in text and "fuzz_game('thiercelieux'" in text and "command: kill"
                         in text for text in found)


def test_a_game_is_the_same_from_the_same_seed() -> None:
    """A failure reproduces from its seed alone."""

    def summary(stats: Stats) -> tuple[Any, ...]:
        return stats.commands, stats.accepted, sorted(stats.kinds.items())

    assert summary(fuzz_game("reptiliens", 11)) == summary(fuzz_game("reptiliens", 11))


@pytest.mark.parametrize(("ruleset", "seed"), [("reptiliens", 5028), ("reptiliens", 5048), ("thiercelieux", 10344),
                                              ("thiercelieux", 110595), ("thiercelieux", 112321)])
def test_the_games_that_found_bugs_play_through(ruleset: str, seed: int) -> None:
    """The seeds of the fuzzer's findings (a specialty card the MJ put in a camp slot, a seat number beyond 64
    bits, the MJ killing the last ones standing in a standing vote, a Voleur the MJ brought in with no spare card):
    each game now plays without an exception."""
    assert fuzz_game(ruleset, seed).started


def test_the_mj_gives_a_card_of_its_own_deck_only() -> None:
    """Reptiliens: a card changed during the game stays in its deck (a specialty in the camp slot broke every
    later victory check); the MJ may still give a specialty."""
    table = Table([ALPHA, V, V, V], ["rp-laura", "rp-eris"])
    assert table.rejected("set_role", MJ, seat=1, role="rp-marchand-de-sable") == "wrong_deck"
    assert table.rejected("set_role", MJ, seat=1, role=V, slot="specialty") == "wrong_deck"
    table.do("set_role", MJ, seat=1, role="rp-marchand-de-sable", slot="specialty")
    assert table.state.players[1].card("specialty") == "rp-marchand-de-sable"


def test_a_seat_number_stays_small() -> None:
    state, _ = new_state("thiercelieux", 1)
    for seat in (10**30, 2**63, 2**31, MAX_SEAT + 1):  # what neither the store's column nor JavaScript holds
        with pytest.raises(Rejected) as refused:
            apply(state, Command(type="join", by=SYSTEM, at=1.0, args={"seat": seat, "name": "Zoé"}))
        assert refused.value.rejection.code == "seats_exhausted"
    apply(state, Command(type="join", by=SYSTEM, at=1.0, args={"seat": MAX_SEAT, "name": "Zoé"}))
