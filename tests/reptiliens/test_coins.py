"""Les Reptiliens de Quinte-Bourg: coins, gifts, the inheritance and the pickpockets (seed 000 §6 Notaire and
Pickpockets, §7, §8, §12; RULES-NOTES `reptiliens`), on app/engine/rulesets/reptiliens/coins.py.

One test per rule sentence, the seed quoted «in French» in its docstring and RULES-NOTES “in quotes”; when
../shared/ is present, the quotes are checked against the seed and the notes."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SEATS = [ALPHA, R, V, V, V, V, V, V]


def table(**options: Any) -> Table:
    return Table(SEATS, [None, None, "rp-laura"], lovers=(6, 7), options=options)


def day_one(t: Table, step: str = "rp-mariages") -> None:
    t.play_night({})
    t.run_until(step, day=1)


def next_day(t: Table, step: str) -> None:
    """Through the rest of the day and a quiet night, to `step` of the next day."""
    day = t.state.day
    t.run_until("rp-concertation", night=day + 1)
    t.play_night({})
    t.run_until(step, day=day + 1)


def wed(t: Table, a: int, b: int, witnesses: tuple[int, int] = (4, 5)) -> None:
    t.answer(a, "rp-demande", [b])
    t.answer(b, "rp-consentement", True)
    for w in witnesses:
        t.answer(w, "rp-temoins", True)


def coins(t: Table) -> dict[int, int]:
    return dict(t.own.coins)


# -- gifts ------------------------------------------------------------------------------------------------------------
def test_anyone_may_give_part_of_his_fortune_by_day() -> None:
    """§7 «N'importe qui peut choisir à tout moment de la journée de donner tout ou partie de sa fortune à qui il
    veut.» (By day, the festival included; not at night.)"""
    t = table()
    assert t.rejected("rp-give", 2, to=3, coins=1) == "wrong_phase"  # night 1
    assert t.view(2)["secrets"]["may_give"] == []
    day_one(t, "rp-debat")
    assert t.view(2)["secrets"]["may_give"] == [0, 1, 3, 4, 5, 6, 7]
    t.do("rp-give", 2, to=3, coins=1)
    assert coins(t)[2] == 0 and coins(t)[3] == 2
    assert t.announced("rp-don", 5) == [{"seat": 2, "receiver": 3, "coins": 1}]
    assert t.view(5)["village"]["coins"]["3"] == 2
    t.do("rp-give", 3, to=4, coins=2)  # "tout ou partie"
    assert coins(t)[3] == 0 and coins(t)[4] == 3
    assert t.view(3)["secrets"]["may_give"] == []  # nothing left to give


def test_gifts_at_the_sunday_festival_too() -> None:
    """§7 «à tout moment de la journée»: the festival is a day (§1 «C'est la fête au village»)."""
    t = table(first_weekday="sat")
    t.play_night({})
    t.run_until("rp-fete")
    t.do("rp-give", 2, to=3, coins=1)
    assert coins(t)[3] == 2


def test_a_gift_is_one_coin_to_all_of_them() -> None:
    """§7 «donner tout ou partie de sa fortune» — no more than one has, at least one coin."""
    t = table()
    day_one(t, "rp-debat")
    assert t.rejected("rp-give", 2, to=3, coins=2) == "not_enough_coins"
    assert t.rejected("rp-give", 2, to=3, coins=0) == "bad_number"
    assert t.rejected("rp-give", 2, to=2, coins=1) == "no_such_seat"
    assert coins(t)[2] == 1


def test_a_dead_never_keeps_his_money() -> None:
    """§7 «Un mort ne garde jamais son argent.» A dead player neither gives nor receives."""
    t = table()
    day_one(t, "rp-debat")
    t.do("kill", MJ, seat=5)
    assert coins(t)[5] == 0 and t.own.estate == 1 and t.own.legacies == {5: 1}
    assert t.rejected("rp-give", 2, to=5, coins=1) == "dead_keeps_nothing"
    assert t.rejected("rp-give", 5, to=2, coins=1) == "dead"


def test_fortunes_are_public_unless_the_room_hides_them() -> None:
    """“Fortunes are public (coins lie on the table, and the poorest proposes the law), unless the room hides
    them.”"""
    t = table(hide_fortunes=True)
    day_one(t, "rp-debat")
    t.do("rp-give", 2, to=3, coins=1)
    assert "coins" not in t.view(5)["village"] and t.announced("rp-don", 5) == []
    assert t.view(3)["secrets"]["coins"] == 2 and t.announced("rp-don", 3) == [{"seat": 2, "receiver": 3, "coins": 1}]
    assert t.view(MJ)["village"]["coins"]["3"] == 2


# -- the inheritance ---------------------------------------------------------------------------------------------------
def test_the_widow_inherits_every_coin_and_sees_both_cards() -> None:
    """§8 «En cas de décès d'un des époux, le veuf hérite de toutes les pièces du défunt et regarde les rôles de camp
    et de spécialité du défunt.»"""
    t = table()
    day_one(t)
    wed(t, 2, 3)
    t.do("kill", MJ, seat=2)
    assert t.own.legacies == {2: 1} and coins(t)[3] == 1
    next_day(t, "rp-debat")
    assert coins(t)[3] == 2 and t.own.estate == 0 and t.own.legacies == {}
    assert t.announced("rp-heritage-veuf", 4) == [{"seat": 2, "heir": 3, "coins": 1}]
    assert t.seen(3, "specialty")[2] == "rp-laura" and t.seen(3)[2] == V
    assert 2 not in t.seen(4, "specialty")


def test_the_notaire_bequeaths_the_coins_of_the_dead_singles() -> None:
    """§6 Notaire «Il gère les pièces des morts célibataires en les léguant à qui il souhaite. Il ne peut pas les
    léguer à lui-même.»"""
    t = table()
    t.do("set_office", MJ, office="rp-notaire", seat=4)
    day_one(t, "rp-debat")
    t.do("kill", MJ, seat=2)
    next_day(t, "rp-heritage")
    legs = t.prompt_for(4, "rp-legs")
    assert legs.info == {"seat": 2, "coins": 1} and 4 not in legs.options and 2 not in legs.options
    assert t.answer_rejected(4, "rp-legs", [4])
    t.answer(4, "rp-legs", [5])
    assert t.step != "rp-heritage"  # answered: the day goes on
    assert coins(t)[5] == 2 and t.own.estate == 0
    assert t.announced("rp-heritage-notaire", 0) == [{"seat": 2, "heir": 5, "coins": 1}]


def test_without_a_notaire_the_coins_wait_in_the_estate() -> None:
    """§6 «Il gère les pièces des morts célibataires»: with no living Notaire (or no answer), they stay in the estate
    until one names an heir."""
    t = table()
    day_one(t, "rp-debat")
    t.do("kill", MJ, seat=2)
    mark = len(t.events)
    next_day(t, "rp-debat")
    assert "rp-heritage" not in t.steps_run(mark) and t.own.estate == 1 and t.own.legacies == {2: 1}
    assert t.view(5)["village"]["estate"] == 1


def test_hidden_fortunes_hide_the_heirs_too() -> None:
    """“Fortunes are public (coins lie on the table, and the poorest proposes the law), unless the room hides
    them.” The heir and the Notaire learn the legacy; the others nothing."""
    t = table(hide_fortunes=True)
    t.do("set_office", MJ, office="rp-notaire", seat=4)
    day_one(t, "rp-debat")
    t.do("kill", MJ, seat=2)
    assert "estate" not in t.view(5)["village"]
    next_day(t, "rp-heritage")
    t.answer(4, "rp-legs", [5])
    assert t.announced("rp-heritage-notaire", 3) == [] and t.announced("rp-heritage-notaire", 5)
    assert t.view(5)["secrets"]["coins"] == 2 and t.view(MJ)["mj"]["reptiliens"]["estate"] == 0


# -- the pickpockets ---------------------------------------------------------------------------------------------------
def test_mirko_steals_a_coin_on_odd_days() -> None:
    """§6 Pickpocket Mirko «Les jours impairs, il peut voler une pièce à quelqu'un de son choix, en fin de
    journée.»"""
    t = table(offices=["rp-pickpocket-mirko"])
    t.do("set_office", MJ, office="rp-pickpocket", seat=4)
    day_one(t, "rp-pickpocket")  # day 1 is a Monday
    assert 4 not in t.prompt_for(4, "rp-pickpocket").options
    t.answer(4, "rp-pickpocket", [5])
    assert coins(t)[4] == 2 and coins(t)[5] == 0
    assert t.announced("rp-pickpocket-vol", 0) == [{"seat": 4, "victim": 5}]
    # §7 «Le personnage qui, à la fin de la journée, est strictement plus riche que chacun des autres»: after him.
    assert t.own.richest == 4
    mark = len(t.events)
    next_day(t, "rp-debat")  # Tuesday: not his day
    t.run_until("rp-concertation", night=3)
    assert "rp-pickpocket" not in t.steps_run(mark)


def test_mirka_steals_on_even_days() -> None:
    """§6 Pickpocket Mirka «Les jours pairs, il peut voler une pièce à quelqu'un de son choix, en fin de journée.»"""
    t = table(offices=["rp-pickpocket-mirka"])
    t.do("set_office", MJ, office="rp-pickpocket", seat=4)
    t.play_night({})
    t.run_until("rp-concertation", night=2)
    assert "rp-pickpocket" not in t.steps_run()
    t.play_night({})
    t.run_until("rp-pickpocket", day=2)
    t.answer(4, "rp-pickpocket", [])  # "il peut": he may not
    assert coins(t)[4] == 1 and t.step != "rp-pickpocket"


globals().update(quote_tests(globals()))
