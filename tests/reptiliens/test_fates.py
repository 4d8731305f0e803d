"""Deaths and the end of a game of Les Reptiliens de Quinte-Bourg (seed 000 §3, §4 Amoureux, §7, §9): one card
turned, the lovers' spare life, coins left behind, the end screen's outcome; and whole games played by bots with
the secrecy checker after every command, replayed from their log."""

from __future__ import annotations

import random

import pytest

from app.engine.core import replay
from app.engine.model import MJ, Command
from app.engine.ruleset import get_ruleset
from app.engine.views import SPECTATOR
from app.sim import FAST, Game, bot_round
from app.sim_setups import random_setup as sim_setup
from tests.support.reptiliens import ALPHA, R, Table, V


def test_a_death_turns_the_camp_card_only() -> None:
    """§9 "Quand vous mourrez, vous devez retourner une de vos cartes (de rôle de camp ou de rôle de spécialité)"
    (the dead chooses which, tests/reptiliens/test_dead.py; in time or not, the camp card here)."""
    t = Table([ALPHA, R, V, V, V, V], [None, None, "rp-laura"], lovers=(4, 5))
    t.do("kill", MJ, seat=2)
    assert t.deaths() == [{"seat": 2, "cause": "mj"}]
    t.play_night({})  # asked at the morning's report; no answer in time
    assert t.step == "rp-bilan-morts"
    t.wait()
    assert t.seen(3)[2] == V and 2 not in t.seen(3, "specialty")


def test_the_lovers_have_one_spare_life_then_die_together() -> None:
    """§4 Amoureux "1ère mort de l'un d'eux : on le croyait mort, mais lorsque quelqu'un s'est penché sur son
    cercueil pour lui offrir un dernier baiser, il est revenu à la vie. 2ème mort de l'un d'eux : cette fois-ci, il
    est bien mort. Et son amoureux meurt de chagrin dans la foulée." """
    t = Table([ALPHA, R, V, V, V, V, V], lovers=(3, 5))
    t.play_night({"rp-concertation": [3]})
    assert t.alive(3) and t.announced("rp-faux-mort") == [{"seat": 3}] and t.deaths() == []
    assert not t.state.players[3].cards["camp"]["revealed"]
    t.vote({0: 5, 1: 5, 2: 5})
    assert not t.alive(5) and not t.alive(3)
    assert [(d["seat"], d["cause"]) for d in t.deaths()] == [(5, "rp-execution"), (3, "rp-chagrin")]


def test_the_dead_keep_no_coins() -> None:
    """§7 "Un mort ne garde jamais son argent." (The heir is part 2's: the Notaire or the widow.)"""
    t = Table([ALPHA, R, V, V, V, V], lovers=(4, 5))
    t.do("kill", MJ, seat=2)
    assert t.own.coins[2] == 0 and t.own.estate == 1 and t.view(3)["village"]["coins"]["2"] == 0


def test_the_villagers_win_when_the_last_reptilian_dies_and_the_end_screen_says_why() -> None:
    """§3 Villageois "Tous les Reptiliens (dont Seth) sont morts." §3 "Un joueur gagne la partie si la condition de
    victoire de son camp dominant est remplie" — dead or alive."""
    t = Table([ALPHA, V, V, V, V, V], lovers=(4, 5))
    t.do("kill", MJ, seat=2)
    t.play_night({})
    t.vote({1: 0, 3: 0, 4: 0})
    result = t.state.result
    assert t.state.phase == "ended" and result is not None
    assert result["camp"] == "rp-villageois" and 2 in result["winners"] and 0 not in result["winners"]
    assert {"key": "victory.rp-won.rp-villageois", "params": {}} in result["stop"]
    seats = {s["seat"]: s for s in result["seats"]}
    assert seats[2]["result"] == "won" and not seats[2]["alive"] and seats[0]["result"] == "lost"
    assert seats[4]["camp"] == "rp-amoureux" and seats[4]["result"] in ("lost", "consolation")
    assert t.view(SPECTATOR)["result"] == result


def test_the_martyr_wins_when_executed() -> None:
    """§4 Martyre "Il gagne s'il se fait exécuter lors d'une session diurne." """
    t = Table([ALPHA, R, "rp-martyre", V, V, V], lovers=(4, 5))
    t.play_night({})
    t.vote({0: 2, 1: 2, 3: 2})
    assert t.state.phase == "ended" and t.state.result is not None and t.state.result["winners"] == [2]


def test_two_living_stop_the_game() -> None:
    """§3 "La partie s'arrête si : ... Il ne reste plus que 2 joueurs vivants"."""
    t = Table([ALPHA, R, V, V, V, V, V], lovers=(5, 6))
    for seat in (2, 3, 4):
        t.do("kill", MJ, seat=seat)
    assert t.state.phase == "day" or t.state.phase == "night"
    t.do("kill", MJ, seat=1)
    t.do("kill", MJ, seat=5)  # the spare life
    t.do("kill", MJ, seat=5)  # and grief
    assert t.state.phase == "ended"


@pytest.mark.parametrize("seed", range(8))
def test_bots_play_whole_games_that_keep_their_secrets(seed: int) -> None:
    """The secrecy checker after every command of random games (two cards, the camps' and lovers' learnings, the
    night kills' targets), and the log replays to the same state."""
    rules = get_ruleset("reptiliens")
    rnd = random.Random(seed)
    n = rnd.randint(6, 11)
    composition, options = sim_setup(rules.key, n, rnd)
    known = rules.options_model.model_fields
    game = Checked(rules.key, seed, n, {**{k: v for k, v in FAST.items() if k in known}, **options})
    game.do(Command(type="configure", by=MJ, at=game.at, args={"composition": composition}))
    game.do(Command(type="start", by=MJ, at=game.at))
    for _ in range(1500):
        if game.state.phase == "ended":
            break
        bot_round(game, rnd, invoke=0.05)
        game.tick()
    assert game.state.phase == "ended"
    assert replay(game.events).model_dump() == game.state.model_dump()


class Checked(Game):
    def __init__(self, *args: object, **kwargs: object) -> None:
        from tests.support.reptiliens import RpSecrets

        self.secrets = RpSecrets()
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def do(self, cmd: Command) -> list:  # type: ignore[type-arg]
        events = super().do(cmd)
        self.secrets.check(self.state, events)
        return events
