"""Set-up of Les Reptiliens de Quinte-Bourg (seed 000 §3, §4, §5, §7; RULES-NOTES `reptiliens`): two cards a seat,
the composition and its checks, the deal (by the RNG or by the MJ), the options, the cards on the phone."""

from __future__ import annotations

import contextlib
import io
import random
from collections import Counter
from typing import Any

import pytest

from app.__main__ import main
from app.engine.core import apply, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SYSTEM, Command, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import cards as C
from app.engine.rulesets.reptiliens import setup
from app.engine.rulesets.reptiliens.state import own
from app.engine.views import SPECTATOR
from app.i18n import translate
from app.sim_setups import random_setup as sim_setup
from tests.support.reptiliens import ALPHA, RULESET, R, Table, V

SIX = [ALPHA, R, V, V, V, V]


def lobby(players: int, options: dict[str, Any] | None = None, composition: list[str] | None = None) -> GameState:
    state, _ = new_state(RULESET, 3, options)
    for seat in range(players):
        state, _ = apply(state, Command(type="join", by=SYSTEM, at=0, args={"seat": seat, "name": f"P{seat}"}))
    if composition is not None:
        state, _ = apply(state, Command(type="configure", by=MJ, at=0, args={"composition": composition}))
    return state


def refusal(state: GameState, type_: str = "start", **args: object) -> str:
    with pytest.raises(Rejected) as info:
        apply(state, Command(type=type_, by=MJ, at=0, args=args))
    return info.value.rejection.code


def test_every_seat_gets_a_camp_card_and_a_specialty_card() -> None:
    """§3 "Chaque joueur reçoit deux attributs : un rôle de camp et un rôle de spécialité." """
    t = Table(SIX, ["rp-voleur", "rp-laura", "rp-assassin", "rp-psychopathe", "rp-eris", "rp-freyja"])
    for seat in range(6):
        me = t.view(seat)["me"]
        assert set(me["cards"]) == {"camp", "specialty"}
        assert me["cards"]["camp"]["card"] == SIX[seat] and me["role"] == SIX[seat]
    assert t.view(2)["me"]["cards"]["specialty"]["card"] == "rp-assassin"
    # Nobody else sees them: a spectator sees no card at all, a villager none of the others'.
    assert t.seen(SPECTATOR) == {} and t.seen(SPECTATOR, "specialty") == {}
    assert t.seen(3) == {3: V} and t.seen(3, "specialty") == {3: "rp-psychopathe"}


def test_from_three_to_forty_players() -> None:
    """Issue 12: "to 40 players"; issue 22: the seed sets no minimum, small tables from 3 (2 living end the game)."""
    assert refusal(lobby(2, composition=[ALPHA, V])) == "not_enough_players"
    state = lobby(40)
    assert apply(state, Command(type="start", by=MJ, at=0))[0].phase == "night"
    with pytest.raises(Rejected) as info:
        apply(state, Command(type="join", by=SYSTEM, at=0, args={"seat": 40, "name": "P40"}))
    assert info.value.rejection.code == "room_full"


def test_unique_cards_and_names() -> None:
    """docs/rules/reptiliens.md interpretation 2 of the data: "Several Villageois, Reptiliens and Souris ('Un
    Reptilien', 'Une Souris') and several Cupides ('les autres villageois cupides') may be dealt; every other camp
    card at most once. A specialty family can be dealt once per name"."""
    assert refusal(lobby(6, composition=["rp-seth", "rp-seth", V, V, V, V])) == "role_twice"
    assert refusal(lobby(6, composition=[*SIX, "rp-voleur", "rp-voleur"])) == "role_twice"
    for ok in ([*SIX, "rp-voleur", "rp-brigand"], [R, R, V, "rp-cupide", "rp-cupide", "rp-souris"]):
        state, _ = apply(lobby(6, composition=ok), Command(type="start", by=MJ, at=0))
        assert state.phase == "night"
    assert refusal(lobby(6), "configure", composition=["rp-amoureux"]) == "unknown_role"  # given, never dealt


def test_a_composition_needs_a_camp_card_a_seat_and_a_reptilian() -> None:
    assert refusal(lobby(6, composition=[ALPHA, V, V, V, V])) == "composition_size"
    assert refusal(lobby(6, composition=[V] * 6)) == "no_reptilian"
    state = lobby(6, {"preassigned": {"0": "rp-voleur"}}, composition=[*SIX, "rp-voleur"])
    assert refusal(state) == "wrong_deck"


def test_spare_camp_cards_are_set_aside_unseen_and_a_reptilian_is_always_dealt() -> None:
    """§4 Reptiliens: "Ils ignorent même lesquels des ces rôles ont été distribués." The box may hold more camp
    cards than players; those left are set aside, for the MJ alone, and a Reptilian is always dealt."""
    for seed in range(20):
        state, _ = new_state(RULESET, seed)
        for seat in range(6):
            state, _ = apply(state, Command(type="join", by=SYSTEM, at=0, args={"seat": seat, "name": f"P{seat}"}))
        box = ["rp-reptilienne-noire", V, V, V, V, V, "rp-martyre", "rp-orphee", "rp-sirene"]
        state, _ = apply(state, Command(type="configure", by=MJ, at=0, args={"composition": box}))
        state, events = apply(state, Command(type="start", by=MJ, at=0))
        dealt = [card for p in state.players.values() if (card := p.card("camp")) is not None]
        assert len(dealt) == len(state.players)
        assert "rp-reptilienne-noire" in dealt
        aside = own(state).aside["camp"]
        assert sorted(dealt + aside) == sorted(box) and len(aside) == 3
        assert all(e.to == [] for e in events if e.type == "rp-aside")


def test_fewer_specialty_cards_than_players() -> None:
    """The seed has 28 specialty names for up to 40 players: the seats that get none are drawn."""
    t = Table(SIX, ["rp-voleur", None, None, None, None, None], spare=["rp-laura"])
    held = [p.card("specialty") for p in t.state.players.values()]
    assert sorted(h for h in held if h) == ["rp-laura", "rp-voleur"] and held.count(None) == 4
    report = get_ruleset(RULESET).composition_report(6, [*SIX, "rp-voleur"])
    assert {"code": "rp-few-specialties", "missing": 5} in report["warnings"]


@pytest.mark.parametrize("players", [6, 7, 9, 12, 16, 18, 23, 28, 33, 40])
def test_the_suggested_compositions_start(players: int) -> None:
    state = lobby(players)
    state, _ = apply(state, Command(type="start", by=MJ, at=0))
    comp = state.composition
    camp, specialty = setup.split(comp)
    assert len(camp) == players + setup.spares(players) and len(specialty) == min(28, len(camp))
    assert all(p.card("camp") for p in state.players.values())


def test_every_card_is_suggested_for_some_table() -> None:
    suggested = {key for n in range(6, 19) for key in setup.suggested(n)}
    assert suggested == set(setup.ROLES)


def test_the_mj_draws_the_cards() -> None:
    """RULES-NOTES "Chance": "every random draw ... uses the game's RNG, or becomes an MJ prompt when the room
    says the MJ draws (in-person play)"."""
    t = Table(SIX, ["rp-voleur", None, None, None, None, None], options={"draws": "mj"}, start=False)
    t.do("configure", MJ, options={"preassigned": {}}, composition=[*SIX, "rp-voleur", "rp-laura"])
    t.do("start", MJ)
    assert t.step == "rp-donne" and all(p.card("camp") is None for p in t.state.players.values())
    asks = {(p.info["seat"], p.info["slot"]): p for p in t.open_prompts("rp-donne")}
    assert len(asks) == 12 and all(p.to_mj for p in asks.values())
    assert asks[(0, "specialty")].options == ["rp-laura", "rp-voleur", "rp-aucune"]
    t.do("answer", MJ, prompt=asks[(4, "camp")].id, answer=ALPHA)
    t.do("answer", MJ, prompt=asks[(2, "specialty")].id, answer="rp-laura")
    t.run_until("rp-ouverture-amoureux")  # the MJ's time is over: the RNG draws what he left
    cards = {p.seat: (p.card("camp"), p.card("specialty")) for p in t.state.players.values()}
    assert cards[4][0] == ALPHA and cards[2][1] == "rp-laura"
    assert Counter(c for c, _ in cards.values()) == Counter(SIX)


def test_options() -> None:
    rules = get_ruleset(RULESET)
    assert rules.default_options()["first_weekday"] == "mon" and rules.default_options()["condemned_window"] == 15
    for bad in ({"first_weekday": "sun"}, {"no_such_option": 1}, {"draws": "dice"}):
        with pytest.raises(Rejected) as info:
            rules.validate_options(bad)
        assert info.value.rejection.code == "bad_options"


def test_everyone_starts_with_one_coin() -> None:
    """§7 "En début de partie, chacun reçoit une pièce." RULES-NOTES: "Fortunes are public ..., unless the room
    hides them"."""
    t = Table(SIX)
    assert t.view(3)["village"]["coins"] == {str(s): 1 for s in range(6)}
    hidden = Table(SIX, options={"hide_fortunes": True})
    assert "coins" not in hidden.view(3)["village"] and hidden.view(3)["secrets"]["coins"] == 1
    assert hidden.view(MJ)["village"]["coins"] == {str(s): 1 for s in range(6)}


def test_the_roles_command_lists_every_card_under_every_name() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["roles", "--ruleset", "reptiliens", "--lang", "fr"]) == 0
    lines = out.getvalue().splitlines()
    for name in C.NAMES:
        assert any(line.startswith(name.fr + "\t") for line in lines), name.fr
    assert any(line.startswith("Voleur / Cambrioleur / Brigand\t") for line in lines)
    assert translate("fr", "camp.rp-specialite") == "Spécialité"


def test_random_setups_start() -> None:
    rules = get_ruleset(RULESET)
    rnd = random.Random(5)
    for _ in range(30):
        n = rnd.randint(6, 20)
        comp, options = sim_setup(rules.key, n, rnd)
        state = lobby(n, options, comp)
        state, _ = apply(state, Command(type="start", by=MJ, at=0))
        assert state.phase == "night"
