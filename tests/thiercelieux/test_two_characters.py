"""Two characters per player (seed 004, "Variantes à plusieurs cartes"): "chaque joueur joue les rôles de 2
personnages différents et a 2 cartes cachées. Les joueurs désignent une carte, votent contre une carte, etc..."

Five players, ten characters: player i plays seat i and seat 5 + i (Script pre-assigns roles[5 + i] to it). The
secrecy checker runs after every command: a player may know both his cards, nobody else's.
"""

from __future__ import annotations

from app.engine.model import MJ, SYSTEM
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from app.engine.rulesets.thiercelieux.state import lovers as lovers_of
from app.engine.rulesets.thiercelieux.state import village
from tests.support.engine import Script
from tests.support.thiercelieux import play_night

W, V, SEER, CUPID = "loup-garou", "villageois", "voyante", "cupidon"
# Player 0: two wolves. Player 1: Voyante + villager. Players 2-4: villagers, player 4's second is a wolf.
ROLES = [W, SEER, V, V, V, W, V, V, V, W]


def game(roles: list[str] | None = None, **options: object) -> Script:
    return Script(roles or ROLES, options={"characters": 2, **options})


def test_each_player_gets_a_second_character_next_to_the_first() -> None:
    g = game()
    s = g.state
    assert len(s.players) == 10
    assert [p.seat for p in s.by_position()] == [0, 5, 1, 6, 2, 7, 3, 8, 4, 9]
    assert s.players[7].name == "P2 · 2" and s.players[7].controller == 2 and s.players[2].controller is None
    assert [s.players[x].role for x in range(10)] == ROLES


def test_a_player_sees_both_his_cards_and_nobody_elses() -> None:
    """"a 2 cartes cachées": both hidden, both his."""
    g = game()
    v = g.view(1)
    assert g.seen_roles(1) == {1: SEER, 6: V}
    assert v["characters"] == [{"seat": 6, "name": "P1 · 2", "role": V, "original_role": V, "alive": True,
                                "secrets": {"camp": "village"}}]
    assert [p["seat"] for p in v["players"] if p["me"]] == [1, 6]
    assert "characters" not in g.view(2) or [c["seat"] for c in g.view(2)["characters"]] == [7]
    # A villager's two characters know nothing of the wolves; player 4 (one wolf card) knows the pack.
    assert g.seen_roles(2) == {2: V, 7: V}
    assert g.seen_roles(4) == {4: V, 9: W, 0: W, 5: W}
    assert g.seen_roles("spectator") == {}


def test_the_composition_counts_one_card_per_character() -> None:
    g = Script([W, V, V, V, V], options={"characters": 2}, start=False)
    # Script seats len(roles) // 2 = 2 players here; seat them to five and give five cards for ten characters.
    for seat in (2, 3, 4):
        g.do("join", SYSTEM, seat=seat, name=f"P{seat}")
    g.do("configure", MJ, options={"preassigned": {}}, composition=[W, V, V, V, V])
    assert g.rejected("start", MJ) == "composition_size"
    g.do("configure", MJ, composition=[W, W, SEER, V, V, V, V, V, V, V])
    g.do("start", MJ)
    assert len(g.state.players) == 10


def test_too_many_players_for_two_characters_each() -> None:
    g = Script([V] * 21, options={}, start=False)
    g.do("configure", MJ, options={"characters": 2, "preassigned": {}}, composition=[W] * 6 + [V] * 36)
    assert g.rejected("start", MJ) == "too_many_characters"


def test_a_player_with_two_wolf_cards_answers_once_for_both() -> None:
    """"Les joueurs désignent une carte": the pack's victim is one choice of the player's."""
    g = game()
    play_night(g, {"voyante": [0]}, until="loups")
    wolves = g.prompt("loups")
    assert sorted(wolves.to) == [0, 5, 9]
    g.answer(0, "loups", [7])
    assert g.prompt("loups").answers == {0: [7], 5: [7]}
    g.answer(4, "loups", [7])  # player 4 answers for his wolf character, seat 9
    answered = {e.data["seat"]: e.data["answer"] for e in g.events
                if e.type == "answered" and e.data["prompt"] == wolves.id}
    assert answered == {0: [7], 5: [7], 9: [7]}
    play_night(g, {})
    assert g.causes() == {7: "night"}
    assert g.alive(2)  # player 2 lost a character, not the game


def test_the_seer_designates_a_card() -> None:
    g = game()
    play_night(g, {"loups": [8], "voyante": [5]})
    assert g.seen_roles(1)[5] == W
    assert 0 not in g.seen_roles(1)  # the other card of the same player stays hidden


def test_one_ballot_per_player_against_a_card() -> None:
    """"votent contre une carte": each player votes once, against a character."""
    g = game()
    play_night(g, {"loups": [8], "voyante": [5]})
    g.run_until("vote", day=1)
    ballot = g.prompt("vote")
    assert sorted(g.state.player_of(x) for x in ballot.to) == [0, 1, 2, 3, 4]  # P3 still votes (seat 3 lives)
    assert 8 not in ballot.options and 5 in ballot.options
    assert g.answer_rejected(1, "vote", [6]) == "self_vote"  # not against one's own other card
    g.answer(1, "vote", [5])
    g.answer(2, "vote", [5])
    g.answer(3, "vote", [5])
    g.wait()
    assert g.causes()[5] == "vote" and g.alive(0)  # the wolf card is gone; its player plays on with seat 0


def test_a_player_is_out_when_both_characters_are_dead() -> None:
    g = game()
    g.do("kill", MJ, seat=2)
    play_night(g, {"loups": [3], "voyante": [5]})
    g.run_until("vote", day=1)
    voters = {g.state.player_of(x): x for x in g.prompt("vote").to}
    assert voters[2] == 7 and voters[3] == 8  # each votes with the character still alive
    g.wait()
    g.do("kill", MJ, seat=7)
    assert not any(g.alive(x) for x in g.state.seats_of(2))
    if g.state.phase != "ended":
        g.run_until("loups")
        assert 2 not in [g.state.player_of(x) for x in g.prompt("loups").options]


def test_the_game_ends_when_one_player_is_left_whatever_his_two_camps() -> None:
    """004: "chaque joueur joue les rôles de 2 personnages différents": once the other players are all dead, the last
    one has nobody to play against, even with a wolf and a villager: the wolves have outlived the village, and he
    wins with either card (a game of the simulator went on for 600 nights without it)."""
    g = game(captain=False)
    for seat in (0, 5, 1, 6, 2, 7, 3, 8):
        g.do("kill", MJ, seat=seat)
    assert [x for x in g.state.players if g.alive(x)] == [4, 9]  # player 4: a villager (4) and a wolf (9)
    assert g.state.phase == "ended"
    assert g.state.result is not None and g.state.result["camp"] == "wolves"
    assert {4, 9} <= set(g.state.result["winners"])


def test_the_captain_votes_with_his_card_and_counts_double() -> None:
    g = game(captain=True)
    play_night(g, {"loups": [8], "voyante": [5]})
    g.run_until("election", day=1)
    election = g.prompt("election")
    assert sorted(g.state.player_of(x) for x in election.to) == [0, 1, 2, 3, 4]
    for seat in election.to:
        g.do("answer", g.state.player_of(seat), prompt=election.id, answer=[6])
    assert captain_of(g.state) == 6
    g.run_until("vote", day=1)
    assert 6 in g.prompt("vote").to and 1 not in g.prompt("vote").to  # player 1 votes as his captain card


def test_cupidon_binds_two_players_not_two_cards_of_one() -> None:
    g = game([CUPID, W, V, V, V, V, V, V, V, W])
    assert g.answer_rejected(0, "cupidon", [2, 7]) == "lovers_same_player"
    g.answer(0, "cupidon", [2, 3])
    assert sorted(lovers_of(g.state)) == [2, 3]


def test_chat_with_the_pack_through_a_second_wolf_card() -> None:
    """Player 4's first card is a villager's; his second a wolf's: he talks with the pack, as seat 9."""
    g = game()
    channels = {c["name"]: c["write"] for c in g.view(4)["channels"]}
    assert channels.get("wolves") is True
    g.do("say", 4, channel="wolves", text="Je prends P2.")
    said = [e for e in g.events if e.type == "said"][-1]
    assert said.data["seat"] == 9 and sorted(said.to or []) == [0, 5, 9]
    assert "wolves" not in {c["name"] for c in g.view(2)["channels"]}
    assert "mj:7" not in {c["name"] for c in g.view(2)["channels"]}  # one thread with the MJ per player


def test_whole_games_with_two_characters_each() -> None:
    from app.sim import play

    for seed in range(8):
        state = play("thiercelieux", seed, 6, {"characters": 2}).state
        assert state.phase == "ended" and len(state.players) == 12


def test_two_characters_are_not_mixed_with_the_new_moon_complications() -> None:
    g = Script([W, V, V, V, V], start=False)
    assert g.rejected("configure", MJ, options={"characters": 2, "cards": "great"}) == "options_conflict"


def test_day_cards_and_two_characters_together() -> None:
    """Le Village's day cards go to characters: ten characters, three day cards, and a player whose character holds
    the Confesseur sees the card through that character."""
    g = game(day_roles=True)
    roles = village(g.state).day_roles
    assert roles is not None
    cards = {card: int(seat) for seat, card in roles.items()}
    assert len(cards) == 3 and all(0 <= s < 10 for s in cards.values())
    confessor = cards["confesseur"]
    play_night(g, {})
    g.run_until("debate", day=1)
    player = g.state.player_of(confessor)
    target = next(x for x in g.living() if g.state.player_of(x) != player)
    g.do("answer", player, prompt=g.prompt("confesseur").id, answer=[target])
    assert g.seen_roles(player)[target] == g.role(target)
