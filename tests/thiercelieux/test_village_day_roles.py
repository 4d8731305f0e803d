"""Le Village's day cards (seed 004, "Variantes à plusieurs cartes"): "chaque joueur a une rôle de nuit caché et un
rôle de jour visible". Each test quotes the sentence it checks; the holders are dealt at random, so the tests
read who holds what from the public flag."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.rulesets.thiercelieux.state import scratch, village
from tests.support.engine import Script
from tests.support.thiercelieux import play_night, vote

W, V = "loup-garou", "villageois"
ROLES = [W, W, V, V, V, V, V, "voyante"]


def game(**options: object) -> Script:
    return Script(ROLES, options={"day_roles": True, **options})


def holders(g: Script) -> dict[str, int]:
    roles = village(g.state).day_roles
    assert roles is not None
    return {card: int(seat) for seat, card in roles.items()}


def test_day_cards_are_dealt_face_up() -> None:
    """004: "un rôle de jour visible" — one of each day card, on seats everyone sees."""
    g = game()
    cards = village(g.state).day_roles
    assert cards is not None
    assert sorted(cards.values()) == ["chatelain", "confesseur", "protecteur"]
    for viewer in (0, 3, "spectator"):
        assert g.view(viewer)["public"]["day_roles"] == cards
    # The night cards stay hidden: a villager sees no one's night card but his own.
    assert set(g.seen_roles(3)) == {3}


def test_the_confesseur_sees_one_card_a_day() -> None:
    """004: "La voyante de jour ou confesseur peut à tout moment durant le jour demander à un autre joueur de lui
    montrer sa carte (un seul joueur par jour)". """
    g = game()
    confessor = holders(g)["confesseur"]
    play_night(g, {})
    g.run_until("debate", day=1)
    target = next(x for x in g.living() if x != confessor)
    g.answer(confessor, "confesseur", [target])
    # Everyone sees the request (the card is face up, the request is made aloud); only he sees the answer.
    assert g.announcements("confession", viewer=3 if confessor != 3 else 4) == [{"seat": confessor, "target": target}]
    assert g.announcements("confession_saw", viewer=confessor) == [{"seat": target, "role": g.role(target)}]
    others = [x for x in g.living() if x not in (confessor, target)]
    assert not g.announcements("confession_saw", viewer=others[0])
    assert g.seen_roles(confessor)[target] == g.role(target)
    # One a day: no second prompt in the vote that follows.
    g.run_until("vote", day=1)
    assert not g.open_prompts("confesseur")
    g.wait()
    g.run_until("debate", day=2)
    if g.alive(confessor):
        assert g.prompt("confesseur").to == [confessor]


def test_the_protecteur_shields_one_player_from_the_vote() -> None:
    """004: "le salvateur de jour ou protecteur désigne avant le vote du village quelqu'un qui ne pourra pas être
    lynché" """
    g = game()
    guard = holders(g)["protecteur"]
    play_night(g, {"loups": [7 if guard != 7 else 6]})
    g.run_until("debate", day=1)
    wolf = 0
    g.answer(guard, "protecteur", [wolf])
    assert g.view(5)["public"]["shielded"] == wolf
    assert g.announcements("shielded") == [{"seat": wolf}]
    g.run_until("vote", day=1)
    assert wolf not in g.prompt("vote").options
    voter = next(x for x in g.living() if x not in (wolf, 1))
    assert g.answer_rejected(voter, "vote", [wolf]) == "target_not_allowed"


def test_the_protecteur_never_shields_the_same_player_twice_in_a_row() -> None:
    """004: "(pas deux fois de suite le même)" """
    g = game()
    guard = holders(g)["protecteur"]
    safe = next(x for x in (2, 3, 4, 5, 6) if x != guard)
    play_night(g, {"loups": [7 if guard != 7 else 6]})
    g.run_until("debate", day=1)
    g.answer(guard, "protecteur", [safe])
    vote(g, {})
    play_night(g, {})
    g.run_until("debate", day=2)
    assert safe not in g.prompt("protecteur").options
    assert guard in g.prompt("protecteur").options  # he may name himself
    g.wait()
    vote(g, {})
    play_night(g, {})
    g.run_until("debate", day=3)
    assert safe in g.prompt("protecteur").options  # a day passed without him: allowed again


def test_a_shield_given_during_a_forum_vote_voids_the_votes_already_cast() -> None:
    """004 (Protecteur) in a forum game (001), where the vote is open all day: votes against the shielded no
    longer count, and no new ones are taken."""
    g = game(schedule="forum", vote_lock=0, vote_late=0)
    guard = holders(g)["protecteur"]
    target = next(x for x in (2, 3, 4, 5, 6) if x != guard)
    play_night(g, {"loups": [7 if guard != 7 else 6]})
    g.run_until("vote", day=1)
    voters = [x for x in g.living() if x not in (target, guard)]
    g.answer(voters[0], "vote", [target])
    g.answer(guard, "protecteur", [target])
    assert g.answer_rejected(voters[1], "vote", [target]) == "shielded"
    g.answer(voters[1], "vote", [voters[2]])
    g.wait()
    assert g.step == "chatelain-grace" and scratch(g.state).condemned == voters[2]
    g.wait()  # the Châtelain lets it happen
    assert g.alive(target) and not g.alive(voters[2])


def test_the_chatelain_pardons_the_lynched_once() -> None:
    """004: "la sorcière de jour ou châtelain peut, une seule fois dans la partie, grâcier la personne lynchée" """
    g = game()
    lord = holders(g)["chatelain"]
    victim = next(x for x in (2, 3, 4, 5, 6) if x != lord)
    play_night(g, {"loups": [7 if lord != 7 else 6]})
    ballots = {x: [victim] for x in g.living() if x != victim}
    vote(g, ballots)
    assert g.step == "chatelain-grace"
    assert g.prompt("chatelain-grace").to == [lord] and g.prompt("chatelain-grace").info == {"condemned": victim}
    g.answer(lord, "chatelain-grace", True)
    assert g.alive(victim) and g.announcements("pardoned") == [{"seat": victim}]
    assert g.view(3)["public"]["chatelain_used"] == {"pardon": True, "kill": False}
    play_night(g, {})
    vote(g, {x: [victim] for x in g.living() if x != victim})
    assert not g.alive(victim) and g.causes()[victim] == "vote"  # no second pardon


def test_the_chatelain_may_let_the_lynching_happen() -> None:
    g = game()
    lord = holders(g)["chatelain"]
    victim = next(x for x in (2, 3, 4, 5, 6) if x != lord)
    play_night(g, {"loups": [7 if lord != 7 else 6]})
    vote(g, {x: [victim] for x in g.living() if x != victim})
    g.answer(lord, "chatelain-grace", False)
    assert not g.alive(victim)
    assert g.view(3)["public"]["chatelain_used"]["pardon"] is False  # not spent: he may pardon another day


def test_the_chatelain_kills_once_by_day() -> None:
    """004: "[le châtelain peut, une seule fois dans la partie,] tuer la personne de son choix (pas nécessairement
    le même jour)" """
    g = game()
    lord = holders(g)["chatelain"]
    play_night(g, {"loups": [7 if lord != 7 else 6]})
    g.run_until("debate", day=1)
    target = next(x for x in g.living() if x != lord)
    g.answer(lord, "chatelain-kill", [target])
    assert not g.alive(target) and g.causes()[target] == "chatelain"
    assert g.announcements("chatelain_kills") == [{"seat": lord, "target": target}]
    g.run_until("vote", day=1)
    assert not g.open_prompts("chatelain-kill")
    vote(g, {})
    if g.state.phase != "ended":
        play_night(g, {})
        g.run_until("debate", day=2)
        assert not g.open_prompts("chatelain-kill")


def test_a_dead_holder_has_no_day_power() -> None:
    """A day card is a power of the living (004 gives none to the dead)."""
    g = game()
    confessor = holders(g)["confesseur"]
    if confessor in (0, 1):
        g.do("kill", MJ, seat=confessor)
    else:
        play_night(g, {"loups": [confessor]})
    g.run_until("debate", day=1)
    assert not g.alive(confessor) and not g.open_prompts("confesseur")


def test_day_cards_need_one_night_card_each() -> None:
    g = Script(ROLES, start=False)
    assert g.rejected("configure", MJ, options={"day_roles": True, "cards": "small"}) == "options_conflict"


def test_day_cards_act_during_the_captains_election_too() -> None:
    """004: "à tout moment durant le jour" — the election is part of the day; the Protecteur's choice is for the
    village's vote, so he names it in the debate."""
    g = game(captain=True)
    confessor, guard = holders(g)["confesseur"], holders(g)["protecteur"]
    play_night(g, {})
    g.run_until("election", day=1)
    assert g.prompt("confesseur").to == [confessor] and g.prompt("chatelain-kill")
    assert not g.open_prompts("protecteur")
    target = next(x for x in g.living() if x != confessor)
    g.answer(confessor, "confesseur", [target])
    g.run_until("debate", day=1)
    assert not g.open_prompts("confesseur")  # one a day
    assert g.prompt("protecteur").to == [guard]


def test_a_condemned_struck_down_while_the_chatelain_decides_is_not_lynched_again() -> None:
    g = game()
    lord = holders(g)["chatelain"]
    victim = next(x for x in (2, 3, 4, 5, 6) if x != lord)
    play_night(g, {})
    vote(g, {x: [victim] for x in g.living() if x != victim})
    assert g.step == "chatelain-grace"
    g.do("kill", MJ, seat=victim)
    g.answer(lord, "chatelain-grace", True)
    assert g.causes()[victim] == "mj" and not g.announcements("pardoned") and not g.announcements("eliminated")
    assert g.view(3)["public"]["chatelain_used"]["pardon"] is False
