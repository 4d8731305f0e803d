"""The day's session of Les Reptiliens de Quinte-Bourg (seed 000 §6 Président and Bourreau, §12 "Session spéciale :
oui / non (décision du Président)", "Débat, vote, exécution (et action éventuelle du Bourreau)")."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SIX = [ALPHA, R, V, V, V, V]
EIGHT = [ALPHA, R, V, V, V, V, V, V]


def table(offices: dict[str, int], camp: list[str] | None = None, **kw: Any) -> Table:
    """A game at the morning of day 1 (nobody died), with these offices."""
    t = Table(camp or SIX, **kw)
    for office, seat in offices.items():
        t.do("set_office", MJ, office=office, seat=seat)
    t.play_night({})
    return t


def choose(t: Table, kind: str, president: int = 2) -> None:
    t.run_until("rp-session-speciale")
    t.answer(president, "rp-session-speciale", kind)


def to_vote(t: Table) -> None:
    """Nobody proposes a law; the debate runs out."""
    t.run_until("rp-loi")
    for seat in t.prompt("rp-loi").to:
        t.answer(seat, "rp-loi", "rp-loi-aucune")
    t.run_until("rp-vote")


def test_the_president_chooses_the_session_before_the_law() -> None:
    """§6 Président: «Il peut choisir d'ouvrir une session d'exécution normale ou spéciale.» «Le choix d'une session
    spéciale doit se faire avant la proposition de loi.» §12 «Session spéciale : oui / non (décision du
    Président)» then «Proposition de loi et décision du Sénateur»."""
    t = table({"rp-president": 2})
    t.run_until("rp-session-speciale")
    ask = t.prompt("rp-session-speciale")
    assert ask.to == [2] and ask.options == ["normale", "paix", "purge"] and ask.kind == "choice"
    t.answer(2, "rp-session-speciale", "purge")
    assert t.announced("rp-session") == [{"kind": "purge"}]
    assert t.step == "rp-loi" and t.view(SPECTATOR)["village"]["session"]["kind"] == "purge"


def test_without_a_president_or_his_answer_the_session_is_normal() -> None:
    """No Président: no question, a normal session; his silence: normal too."""
    t = table({})
    t.run_until("rp-loi")
    assert "rp-session-speciale" not in t.steps_run() and t.announced("rp-session") == [{"kind": "normale"}]
    t = table({"rp-president": 2})
    t.run_until("rp-loi")
    assert t.announced("rp-session") == [{"kind": "normale"}] and t.own.special_day is None


def test_peace_no_execution_today() -> None:
    """§6 «*Paix* : Pas d'exécution aujourd'hui»: no law to vote by, no debate, no vote."""
    t = table({"rp-president": 2})
    t.run_until("rp-session-speciale")
    since = len(t.events)
    t.answer(2, "rp-session-speciale", "paix")
    while t.state.phase == "day":
        t.wait()
    assert t.announced("rp-paix") == [{}]
    assert not {"rp-loi", "rp-debat", "rp-vote"} & set(t.steps_run(since))
    assert all(t.alive(seat) for seat in range(6))


def test_special_sessions_never_two_days_running() -> None:
    """§6 «Les sessions spéciales ne peuvent avoir lieu deux jours de suite.» A Saturday's and the Monday's after the
    festival are not on two days running."""
    t = table({"rp-president": 2})
    choose(t, "paix")
    t.play_night({})
    t.run_until("rp-loi", day=2)
    assert t.announced("rp-session") == [{"kind": "paix"}, {"kind": "normale"}]
    assert "rp-session-speciale" not in t.steps_run(len(t.events) - 60)
    t = table({"rp-president": 2}, options={"first_weekday": "sat"})
    choose(t, "paix")
    t.run_until("rp-session-speciale", day=2)  # Monday: the question again
    assert t.prompt("rp-session-speciale").options == ["normale", "paix", "purge"]


def test_the_president_closes_the_debate() -> None:
    """§6 «Le président décide du moment où le débat est clos, passant ainsi au vote.» The debate's clock still
    bounds it; only the Président's yes closes it."""
    t = table({"rp-president": 2}, options={"debate": 600})
    t.run_until("rp-debat")
    close = t.prompt("rp-clore-debat")
    assert close.to == [2] and close.optional
    t.answer(2, "rp-clore-debat", False)
    assert t.step == "rp-debat"
    t.answer(2, "rp-clore-debat", True)
    assert t.step == "rp-vote" and t.announced("rp-debat-clos") == [{"seat": 2}]


def test_his_vote_first_then_the_direction_he_chose() -> None:
    """§6 «Il donne alors le sien, puis décide dans quel sens (horaire ou anti-horaire) seront annoncés les votes
    suivants.» The ballots are announced from his, round the table the way he chose."""
    t = table({"rp-president": 2})
    to_vote(t)
    assert t.prompt("rp-sens").options == ["clockwise", "counterclockwise"]
    t.cast({seat: 5 if seat != 5 else 4 for seat in range(6)}, direction="counterclockwise")
    result = t.announced("rp-resultat-vote")[-1]
    assert [b[0] for b in result["ballots"]] == [2, 1, 0, 5, 4, 3] and result["direction"] == "counterclockwise"
    assert t.view(SPECTATOR)["village"]["session"]["direction"] == "counterclockwise"


def test_a_tie_the_presidents_voice_prevails() -> None:
    """§6 «En cas d'égalité, sa voix prime.»"""
    t = table({"rp-president": 2})
    to_vote(t)
    t.cast({0: 5, 1: 4, 2: 4, 3: 5})
    assert t.announced("rp-condamne") == [{"seat": 4}] and not t.announced("rp-egalite")


def test_a_tie_the_president_did_not_vote_in_executes_nobody() -> None:
    t = table({"rp-president": 2})
    to_vote(t)
    t.cast({0: 5, 1: 4, 3: 3})
    assert t.announced("rp-egalite") == [{"seats": [3, 4, 5]}] and not t.announced("rp-condamne")


def test_purge_the_most_voted_dies_then_the_next_three_are_tried_by_all_the_living() -> None:
    """§6 «*Purge* : Chaque personne ayant le droit de vote l'exerce. La personne recueillant le plus de voix sera
    exécutée. Il s'en suivra un tribunal accusant les trois autres personnes ayant récolté le plus de voix»; «Pour
    chacun des accusés, tous les vivants (la loi du jour ne s'applique pas) voteront, indiquant s'ils
    veulent que l'accusé soit épargné ou exécuté. En cas d'égalité, la personne est graciée.»"""
    t = table({"rp-president": 2}, camp=EIGHT, lovers=(0, 1))
    choose(t, "purge")
    to_vote(t)
    assert t.prompt("rp-vote").min == 1  # no blank ballot
    t.cast({0: 7, 1: 7, 2: 7, 3: 6, 4: 6, 5: 5, 6: 4, 7: 4})
    assert t.announced("rp-condamne") == [{"seat": 7}]
    assert t.announced("rp-accuses") == [{"seats": [4, 6, 5]}]
    t.wait()  # the condemned's window
    assert not t.alive(7) and t.step == "rp-tribunal"
    trial = t.prompt("rp-tribunal")
    assert trial.info == {"seat": 4} and trial.to == [0, 1, 2, 3, 4, 5, 6] and trial.options == ["epargne", "execute"]
    for seat in range(6):
        t.answer(seat, "rp-tribunal", "execute" if seat < 3 else "epargne")
    t.answer(6, "rp-tribunal", "epargne")
    assert t.announced("rp-tribunal-gracie") == [{"seat": 4, "spare": 4, "execute": 3}]
    assert t.prompt("rp-tribunal").info == {"seat": 6}
    for seat in range(7):
        t.answer(seat, "rp-tribunal", "execute" if seat < 4 else "epargne")
    assert t.step == "rp-condamne" and t.announced("rp-condamne")[-1] == {"seat": 6}
    t.wait()
    assert not t.alive(6) and t.prompt("rp-tribunal").info == {"seat": 5}
    voters = t.prompt("rp-tribunal").to
    for i, seat in enumerate(voters):  # 3 against 3: spared
        t.answer(seat, "rp-tribunal", "execute" if i < 3 else "epargne")
    assert t.announced("rp-tribunal-gracie")[-1]["seat"] == 5 and t.alive(5)


def test_purge_a_tie_at_the_cut_the_procureur_decides() -> None:
    """§6 «(en cas d'égalité, le procureur tranche)»."""
    t = table({"rp-president": 2, "rp-procureur": 3}, camp=EIGHT, lovers=(0, 1))
    choose(t, "purge")
    to_vote(t)
    t.cast({0: 7, 1: 7, 2: 7, 3: 6, 4: 6, 5: 4, 6: 3, 7: 2})
    assert t.step == "rp-tribunal-procureur"
    pick = t.prompt("rp-tribunal-procureur")
    assert pick.to == [3] and pick.options == [2, 3, 4] and pick.min == pick.max == 2
    t.answer(3, "rp-tribunal-procureur", [4, 2])
    assert t.announced("rp-accuses") == [{"seats": [6, 4, 2]}] and t.announced("rp-condamne") == [{"seat": 7}]


def test_the_bourreau_pardons_once_then_his_office_leaves_the_game() -> None:
    """§6 Bourreau: «Il s'occupe des exécutions décidées par le peuple. Il peut gracier une fois un condamné autre
    que lui-même. Une fois qu'un joueur a été gracié, le poste est retiré du jeu.»"""
    t = table({"rp-bourreau": 4})
    to_vote(t)
    t.cast({seat: 5 for seat in range(4)})
    grace = t.prompt("rp-bourreau-grace")
    assert grace.to == [4] and grace.info == {"seat": 5} and grace.visibility == "self"
    t.answer(4, "rp-bourreau-grace", True)
    t.answer(5, "rp-condamne", "Merci.")
    assert t.alive(5) and t.announced("rp-grace-bourreau") == [{"seat": 5, "by": 4}]
    assert t.state.offices.get("rp-bourreau") is None and t.own.bourreau_out
    assert t.view(SPECTATOR)["village"]["session"]["bourreau_out"]
    t.do("set_office", MJ, office="rp-bourreau", seat=4)  # even given again, the office has no power left
    t.play_night({})
    to_vote(t)
    t.cast({seat: 5 for seat in range(4)})
    assert t.step == "rp-condamne" and not t.open_prompts("rp-bourreau-grace")


def test_the_bourreau_cannot_pardon_himself_and_may_let_it_be() -> None:
    """«un condamné autre que lui-même»: no question when he is the condemned; a no (or silence) executes."""
    t = table({"rp-bourreau": 4})
    to_vote(t)
    t.cast({seat: 4 for seat in range(4)})
    assert t.step == "rp-condamne" and not t.open_prompts("rp-bourreau-grace")
    t.wait()
    assert not t.alive(4)
    t.play_night({})
    to_vote(t)
    t.cast({0: 5})
    assert not t.open_prompts("rp-bourreau-grace")  # the office is vacant now (he died)


def test_the_bourreau_says_no() -> None:
    t = table({"rp-bourreau": 4})
    to_vote(t)
    t.cast({0: 5})
    t.answer(4, "rp-bourreau-grace", False)
    t.answer(5, "rp-condamne", "Adieu.")
    assert not t.alive(5) and t.state.offices.get("rp-bourreau") == 4 and not t.own.bourreau_out


def test_the_condemned_window_is_fifteen_seconds() -> None:
    """§2 «Si un joueur a été désigné par la session d'exécution, il dispose de 15 secondes pour demander une
    éventuelle action invoquée (ou transmettre un dernier message).» RULES-NOTES: “A condemned player gets a
    15-second window (an option) to invoke or leave a last message.”"""
    t = table({})
    to_vote(t)
    t.cast({0: 5})
    window = t.prompt("rp-condamne")
    assert window.to == [5] and window.deadline == t.state.step.started + 15  # type: ignore[union-attr]


globals().update(quote_tests(globals()))
