"""004's "Variantes à plusieurs cartes": Nouvelle Lune's small and great complications."""

from __future__ import annotations

from app.engine.core import apply, new_state
from app.engine.errors import Rejected
from app.engine.model import MJ, SYSTEM, Command, GameState
from app.engine.rulesets.thiercelieux.state import marks
from app.engine.views import SPECTATOR, view
from tests.support.engine import Script


def small_game(powers: list[str], wolves: int, seed: int = 3) -> GameState:
    state, _ = new_state("thiercelieux", seed, {"cards": "small", "camp_wolves": wolves, "captain": False})
    at = 1000.0
    for seat in range(len(powers)):
        state, _ = apply(state, Command(type="join", by=SYSTEM, at=at, args={"seat": seat, "name": f"P{seat}"}))
    state, _ = apply(state, Command(type="configure", by=MJ, at=at, args={"composition": powers}))
    state, _ = apply(state, Command(type="start", by=MJ, at=at))
    return state


def test_small_complication_a_hidden_camp_and_a_visible_power() -> None:
    """004: "chaque joueur a une carte cachée qui indique son camp (villageois ou loup-garou) et une carte visible
    indiquant son pouvoir"."""
    powers = ["voyante", "sorciere", "chasseur", "villageois", "villageois", "villageois"]
    state = small_game(powers, wolves=2)
    dealt = {p.seat: str(p.role) for p in state.players.values()}
    assert sorted(dealt.values()) == sorted(powers)
    wolves = [p.seat for p in state.players.values() if marks(state, p.seat).wolf]
    assert len(wolves) == 2
    # Every viewer, spectators included, sees every power card; only the pack knows the camps.
    spectator = {p["seat"]: p["role"] for p in view(state, SPECTATOR)["players"]}
    assert spectator == dealt
    villager = next(s for s in state.players if s not in wolves)
    assert "camp_card" not in str(view(state, villager)["players"])
    assert view(state, villager)["secrets"]["camp_card"] == "villageois"
    assert view(state, wolves[0])["secrets"]["camp_card"] == "loup-garou"


def test_small_complication_wolves_keep_their_power_and_the_seer_sees_the_camp() -> None:
    powers = ["voyante", "villageois", "villageois", "villageois", "villageois"]
    for seed in range(40):
        g = Script(powers, options={"cards": "small", "camp_wolves": 1}, seed=seed)
        if marks(g.state, 0).wolf:
            break
    else:  # pragma: no cover - the deal is random; 40 seeds always hold one
        raise AssertionError("no deal made the seer a wolf")
    # A wolf holding the seer's card is called as the seer, sees camps, and hunts with the pack.
    g.run_until("voyante", night=1)
    g.answer(0, "voyante", [3])
    assert marks(g.state, 0).seen == {"3": "villageois"}
    g.run_until("loups", night=1)
    assert g.prompt("loups").to == [0]


def test_great_complication_two_hidden_cards_two_powers_a_wolf_if_either_is() -> None:
    """004: "chaque joueur a 2 cartes cachées. Il peut donc cumuler 2 pouvoirs. Il est dans le camp des
    loups-garous s'il a au moins une carte de loup-garou"."""
    g = Script(["cupidon", "loup-garou", "villageois", "villageois", "villageois"], start=False,
               options={"cards": "great"})
    g.do("configure", MJ, composition=["cupidon", "chasseur", "loup-garou", "villageois", "villageois",
                                       "villageois", "villageois", "voyante", "villageois", "villageois"])
    g.do("start", MJ)
    players = g.state.players.values()
    assert all(marks(g.state, p.seat).second_role is not None for p in players)
    both = [p for p in players if {p.role, marks(g.state, p.seat).second_role} == {"cupidon", "chasseur"}]
    if both:
        assert g.prompt("cupidon").to == [both[0].seat]
    wolf = next(p for p in players if "loup-garou" in (p.role, marks(g.state, p.seat).second_role))
    g.run_until("loups", night=1)
    assert g.prompt("loups").to == [wolf.seat]


def test_the_variants_check_their_compositions() -> None:
    g = Script(["villageois"] * 5, start=False, options={"cards": "small"})
    for comp, code in ((["voyante"] * 1 + ["villageois"] * 3, "composition_size"),
                       (["loup-garou"] + ["villageois"] * 4, "not_in_variant"),
                       (["voyante", "voyante", "villageois", "villageois", "villageois"], "role_twice")):
        g.do("configure", MJ, composition=comp)
        assert g.rejected("start", MJ) == code
    g = Script(["villageois"] * 5, start=False, options={"cards": "great"})
    g.do("configure", MJ, composition=["villageois"] * 10)
    assert g.rejected("start", MJ) == "no_wolf"
    g.do("configure", MJ, composition=["loup-blanc"] + ["villageois"] * 9)
    assert g.rejected("start", MJ) == "not_in_variant"


def test_without_a_composition_each_variant_suggests_its_own() -> None:
    for mode, cards in (("small", 7), ("great", 14)):
        g = Script(["villageois"] * 7, start=False, options={"cards": mode})
        g.state.composition = []
        g.state.options["preassigned"] = {}
        g.do("start", MJ)
        assert len(g.state.composition) == cards


def test_deals_are_rejected_values_not_crashes() -> None:
    state, _ = new_state("thiercelieux", 1, {"cards": "small"})
    try:
        apply(state, Command(type="start", by=MJ, at=0.0))
    except Rejected as exc:
        assert exc.rejection.code == "not_enough_players"
