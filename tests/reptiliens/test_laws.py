"""The law of the day of Les Reptiliens de Quinte-Bourg (seed 000 §6 Sénateur, §10 "Suggestions de lois", §12
"Proposition de loi et décision du Sénateur"; RULES-NOTES "The law of the day")."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import laws
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SIX = [ALPHA, R, V, V, V, V]


def table(offices: dict[str, int | None], **kw: Any) -> Table:
    """A game at the morning of day 1 (nobody died), with these offices and no others."""
    t = Table(SIX, **kw)
    for office, seat in {**{key: None for key in t.state.offices}, **offices}.items():
        t.do("set_office", MJ, office=office, seat=seat)
    t.play_night({})
    return t


def officers(t: Table) -> set[int]:
    """The seats holding an office (the Scrutateur rotates every morning, §6)."""
    return {seat for seat in t.state.offices.values() if seat is not None}


def propose(t: Table, proposals: dict[int, str]) -> None:
    """These seats propose, in this order; the others propose nothing."""
    t.run_until("rp-loi")
    for seat, law in proposals.items():
        t.answer(seat, "rp-loi", law)
    for seat in t.prompt("rp-loi").to:
        if seat not in proposals:
            t.answer(seat, "rp-loi", laws.NONE)


def enact(t: Table, law: str, by: int = 5, senator: int = 3) -> None:
    """`by` proposes `law`, the MJ approves, the Sénateur accepts; then to the vote."""
    propose(t, {by: law})
    t.mj("rp-loi-aval", [by])
    t.answer(senator, "rp-loi-senat", True)
    if t.step == "rp-loi-votants":
        return
    t.run_until("rp-vote")


def test_who_proposes_in_the_seeds_order_and_the_fastest_first() -> None:
    """§6 Sénateur: «est proposée par, dans cet ordre : - le dernier fantôme - un autre fantôme - un vivant sans rôle
    public - le plus pauvre vivant - (À ordre égal, la rapidité prime).» The poorest with an office comes after a
    living player without one; of two without office, the first to answer."""
    t = table({"rp-senateur": 3, "rp-president": 2})
    t.run_until("rp-loi")
    ranks = t.prompt("rp-loi").info["ranks"]
    held = officers(t)
    assert {2, 3} <= held and {4, 5}.isdisjoint(held)
    # Everyone has 1 coin: the officers propose as the poorest, after those without an office.
    assert ranks == {str(seat): 3 if seat in held else 2 for seat in range(6)}
    propose(t, {2: laws.PAYING, 5: laws.CONDORCET, 4: laws.URN_LOST})
    assert t.prompt("rp-loi-aval").options == [5, 4, 2]
    t.mj("rp-loi-aval", [5, 4, 2])
    assert t.announced("rp-loi-proposee") == [{"seat": 5, "law": laws.CONDORCET, "text": None}]


def test_hidden_fortunes_the_poorest_does_not_show() -> None:
    """RULES-NOTES: “Fortunes are public (coins lie on the table, and the poorest proposes the law), unless the room
    hides them.” Hidden, every living officer is asked and no rank is shown; one who is not the poorest proposes in
    vain."""
    t = table({"rp-senateur": 3, "rp-president": 2}, options={"hide_fortunes": True})
    t.do("rp-give", 3, to=2, coins=1)  # 2 is no longer among the poorest
    t.run_until("rp-loi")
    ask = t.prompt("rp-loi")
    assert {2, 3} <= set(ask.to) and ask.info == {}
    assert 2 not in t.own.day.ranks and t.own.day.ranks[3] == 3
    propose(t, {2: laws.PAYING, 3: laws.CONDORCET})
    t.mj("rp-loi-aval", [3])
    assert t.announced("rp-loi-proposee") == [{"seat": 3, "law": laws.CONDORCET, "text": None}]


def test_the_ghosts_propose_first_the_last_ghost_before_the_others() -> None:
    """«le dernier fantôme» then «un autre fantôme»."""
    t = Table([*SIX, V, V], lovers=(0, 1))
    t.do("set_office", MJ, office="rp-senateur", seat=3)
    t.play_night({})
    for seat in (6, 7):
        t.do("kill", MJ, seat=seat)
        t.answer(seat, "rp-choix-mort", "ghost:camp")
    t.run_until("rp-loi")
    ranks = t.prompt("rp-loi").info["ranks"]
    assert ranks["7"] == 0 and ranks["6"] == 1 and t.prompt("rp-loi").dead_may_answer
    propose(t, {6: laws.PAYING, 7: laws.CONDORCET})
    t.mj("rp-loi-aval", [6, 7])
    assert t.announced("rp-loi-proposee") == [{"seat": 7, "law": laws.CONDORCET, "text": None}]


def test_the_mj_approves_the_law() -> None:
    """§6 «La loi du jour doit recevoir l'aval du MJ»: the Sénateur rules on the best proposal the MJ allowed."""
    t = table({"rp-senateur": 3})
    propose(t, {5: laws.CONDORCET, 4: laws.PAYING})
    t.mj("rp-loi-aval", [4])
    assert t.announced("rp-loi-proposee") == [{"seat": 4, "law": laws.PAYING, "text": None}]
    t = table({"rp-senateur": 3})
    propose(t, {5: laws.CONDORCET})
    t.mj("rp-loi-aval", [])
    assert t.announced("rp-loi-refusee-mj") == [{}] and t.step != "rp-loi-senat"


def test_the_senator_accepts_for_the_day_only() -> None:
    """§6 «Il décide d'accepter ou non la loi du jour, qui peut amener une restriction sur les droits de vote.» «Si
    elle est acceptée par le Sénateur, la loi sera appliquée, pour la journée en cours uniquement.»"""
    t = table({"rp-senateur": 3, "rp-president": 2})
    enact(t, laws.OFFICERS_VOTE)
    assert t.announced("rp-loi-adoptee") == [{"law": laws.OFFICERS_VOTE, "text": None, "seat": 5}]
    assert t.own.day.voters == sorted(officers(t)) and {2, 3} <= officers(t)
    assert t.view(SPECTATOR)["village"]["session"]["law"] == {"key": laws.OFFICERS_VOTE, "text": None, "by": 5}
    t.play_night({})
    t.run_until("rp-loi", day=2)
    assert t.own.day.law is None and t.view(SPECTATOR)["village"]["session"]["law"] is None


def test_a_rejection_means_no_law_that_day() -> None:
    """RULES-NOTES: “the Sénateur rules on the highest-priority proposal, and a rejection means no law that day.”"""
    t = table({"rp-senateur": 3})
    propose(t, {5: laws.OFFICERS_VOTE, 4: laws.PAYING})
    t.mj("rp-loi-aval", [5, 4])
    t.answer(3, "rp-loi-senat", False)
    assert t.announced("rp-loi-rejetee") == [{"law": laws.OFFICERS_VOTE, "text": None}]
    t.run_until("rp-vote")
    assert t.own.day.law is None and t.own.day.voters == [0, 1, 2, 3, 4, 5]


def test_no_senator_no_law() -> None:
    t = table({})
    propose(t, {5: laws.OFFICERS_VOTE})
    t.mj("rp-loi-aval", [5])
    assert t.announced("rp-loi-sans-senateur") == [{}]
    t.run_until("rp-vote")
    assert t.own.day.law is None


def test_blank_votes_forbidden() -> None:
    """§10 «Le vote blanc est interdit»."""
    t = table({"rp-senateur": 3})
    enact(t, laws.BLANK_FORBIDDEN)
    assert t.prompt("rp-vote").min == 1
    assert t.answer_rejected(0, "rp-vote", []) == "wrong_count"


def test_a_tie_spares_everyone() -> None:
    """§10 «En cas d'égalité, tous graciés»: even the Président's voice does not prevail."""
    t = table({"rp-senateur": 3, "rp-president": 2})
    enact(t, laws.TIE_SPARES)
    t.cast({0: 5, 1: 4, 2: 4, 3: 5})
    assert t.announced("rp-egalite") == [{"seats": [4, 5]}] and not t.announced("rp-condamne")


def test_the_urn_is_lost() -> None:
    """§10 «On a perdu l'urne, le vote est annulé»."""
    t = table({"rp-senateur": 3})
    enact(t, laws.URN_LOST)
    t.cast({seat: 5 for seat in range(5)})
    assert t.announced("rp-urne-perdue") == [{}] and t.alive(5) and not t.announced("rp-condamne")


def test_ghosts_may_vote_too() -> None:
    """§10 «Les Fantômes peuvent aussi voter»."""
    t = Table([*SIX, V, V], lovers=(0, 1))
    t.do("set_office", MJ, office="rp-senateur", seat=3)
    t.play_night({})
    t.do("kill", MJ, seat=7)
    t.answer(7, "rp-choix-mort", "ghost:camp")
    enact(t, laws.GHOSTS_VOTE)
    assert 7 in t.own.day.voters
    t.cast({7: 5})
    vote = next(p for p in t.state.prompts.values() if p.step == "rp-vote" and p.to == [7])
    assert vote.dead_may_answer and 7 not in vote.options and vote.answers == {7: [5]}
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_a_condorcet_vote() -> None:
    """§10 «Le scrutin sera un scrutin de Condorcet»: a ranked ballot; the candidate preferred to each other one by
    a majority is condemned (a seat ranked is preferred to every seat unranked)."""
    t = table({"rp-senateur": 3})
    enact(t, laws.CONDORCET)
    vote = t.prompt("rp-vote")
    assert vote.max == 6 and vote.info["ranked"]
    # First choices: 4 twice, 5 twice, 3 twice; 5 beats 4 (4 to 2) and 3 (4 to 2).
    ballots = {0: [4, 5], 1: [4, 5], 2: [5, 3], 3: [5, 4], 4: [3, 5], 5: [3, 4]}
    t.cast(ballots)
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_condorcet_without_a_winner_the_copeland_leaders_tie() -> None:
    """A cycle (4 over 5, 5 over 3, 3 over 4): no Condorcet winner; the best pairwise records tie, and the
    Président's ranking breaks the tie («sa voix prime»), else nobody."""
    assert laws.condorcet([[4, 5, 3], [5, 3, 4], [3, 4, 5]], [3, 4, 5]) == (None, {3: 0, 4: 0, 5: 0})
    assert laws.condorcet([[4, 5], [5, 4], [4]], [4, 5])[0] == 4
    t = table({"rp-senateur": 3, "rp-president": 2})
    enact(t, laws.CONDORCET)
    t.cast({0: [4, 5, 3], 1: [5, 3, 4], 2: [3, 4, 5]})
    assert t.announced("rp-condamne") == [{"seat": 3}]


def test_voting_costs_a_coin() -> None:
    """§10 «Le vote est payant»: a ballot costs a coin, which leaves the game; the penniless do not vote."""
    t = table({"rp-senateur": 3})
    t.do("rp-give", 4, to=2, coins=1)
    enact(t, laws.PAYING)
    assert t.own.day.voters == [0, 1, 2, 3, 5]  # 4 has no coin left
    t.cast({0: 5, 1: 5})
    assert t.own.coins[0] == 0 and t.own.coins[1] == 0 and t.own.coins[2] == 2  # abstaining costs nothing
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_only_the_poor_vote_counted_when_the_vote_opens() -> None:
    """§10 «Seuls votent ceux qui : - ont 0 ou 1 pièce (dons avant le vote possibles)»."""
    t = table({"rp-senateur": 3})
    t.do("rp-give", 4, to=2, coins=1)
    t.run_until("rp-loi")
    t.do("rp-give", 1, to=2, coins=1)  # before the vote: it counts
    enact(t, laws.POOR_VOTE)
    assert t.own.day.voters == [0, 1, 3, 4, 5]  # 2 holds 3 coins


def test_only_officers_vote() -> None:
    """§10 «Seuls votent ceux qui» «ont un rôle public»."""
    t = table({"rp-senateur": 3, "rp-notaire": 1})
    enact(t, laws.OFFICERS_VOTE)
    assert t.own.day.voters == sorted(officers(t)) and {1, 3} <= officers(t) and len(officers(t)) < 6


def test_a_real_world_law_the_mj_ticks_who_votes() -> None:
    """RULES-NOTES: “Laws that depend on the real world (clothes, age, nationality) are applied by the MJ marking who
    may vote; the others (§10) are applied by the server.” §10 «arborent des chaussettes (blanches)»."""
    t = table({"rp-senateur": 3})
    enact(t, "rp-loi-chaussettes")
    tick = t.prompt("rp-loi-votants")
    assert tick.to_mj and tick.options == [0, 1, 2, 3, 4, 5]
    t.mj("rp-loi-votants", [0, 4])
    assert t.announced("rp-loi-votants") == [{"seats": [0, 4]}]
    t.run_until("rp-vote")
    assert t.own.day.voters == [0, 4]


def test_a_law_in_ones_own_words() -> None:
    """A proposal is one of §10's laws or the proposer's own words; the MJ applies it."""
    t = table({"rp-senateur": 3})
    t.run_until("rp-loi")
    t.answer(5, "rp-loi", laws.FREE)
    t.answer(5, "rp-loi-texte", "Seuls votent ceux qui portent des lunettes")
    for seat in range(5):
        t.answer(seat, "rp-loi", laws.NONE)
    t.mj("rp-loi-aval", [5])
    assert t.announced("rp-loi-proposee") == [{"seat": 5, "law": laws.FREE,
                                               "text": "Seuls votent ceux qui portent des lunettes"}]
    t.answer(3, "rp-loi-senat", True)
    assert t.step == "rp-loi-votants"


def test_automatic_mode_offers_the_laws_the_server_applies() -> None:
    """Without an MJ, the laws of the real world are unavailable and the server's are approved."""
    t = table({"rp-senateur": 3}, options={"moderation": "auto"})
    t.run_until("rp-loi")
    assert t.prompt("rp-loi").options == [*laws.SERVER_LAWS, laws.NONE]
    propose(t, {5: laws.OFFICERS_VOTE})
    assert t.step == "rp-loi-senat"


globals().update(quote_tests(globals()))
