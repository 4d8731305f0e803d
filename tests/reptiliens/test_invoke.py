"""Invoked actions of Les Reptiliens de Quinte-Bourg (seed 000 §2, §4, §5): at any moment, one at a time, the
kind announced and nothing more, through the engine's step stack."""

from __future__ import annotations

from app.engine.evolve import evolve
from app.engine.model import MJ, Event
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V

FENNEC, SETH, ROUGE, NOIRE = "rp-fennec", "rp-seth", "rp-reptilienne-rouge", "rp-reptilienne-noire"
SHEHERAZADE, PROPHETE, POIROT = "rp-sheherazade", "rp-prophete", "rp-poirot"


def to_the_vote(t: Table) -> None:
    t.play_night({})
    t.run_until("rp-vote")


def test_a_night_kill_is_announced_at_once_and_named_at_dawn() -> None:
    """§2 "Si une mise à mort a lieu pendant la nuit, le MJ annonce oralement qu'une telle action a eu lieu sans
    préciser l'identité de la cible, ni le type de mort ... le mort est annoncé seulement le matin, indiscernable
    des victimes d'une attaque"; "il doit conserver les yeux fermés si il l'utilise pendant la nuit"."""
    t = Table([ALPHA, R, FENNEC, V, V, V], lovers=(0, 1))
    assert t.step == "rp-concertation"
    t.answer(0, "rp-concertation", [5])
    t.do("invoke", 2, power="rp-morsure")
    assert t.announced("rp-invoque-mise-a-mort") == [{"seat": None}]  # anonymous at night
    assert t.step == "rp-mise-a-mort" and [x.step.key for x in t.state.stack if x.step] == ["rp-concertation"]
    assert t.prompt("rp-morsure").to == [2]
    t.answer(2, "rp-morsure", [4])
    assert t.announced("rp-mise-a-mort") == [{}]
    assert t.step == "rp-concertation" and t.prompt("rp-concertation").answers == {0: [5]}  # as it was
    assert t.alive(4) and all(p["alive"] for p in t.view(3)["players"])
    assert "rp-morsure" in t.own.used[2]
    t.play_night({"rp-concertation": [5]})
    assert {d["seat"]: d["cause"] for d in t.deaths()} == {4: "rp-nuit", 5: "rp-nuit"}


def test_by_day_the_invoker_is_seen_raising_a_hand_unless_the_room_hides_it() -> None:
    """§2 "Un joueur disposant d'un rôle lui autorisant une action par invocation se manifeste en levant le bras";
    RULES-NOTES: "By day the invoker is seen raising a hand ..., unless the room hides invokers"."""
    for hide, seen in ((False, 2), (True, None)):
        t = Table([ALPHA, R, FENNEC, V, V, V], options={"hide_invokers": hide})
        to_the_vote(t)
        t.do("invoke", 2, power="rp-morsure")
        assert t.announced("rp-invoque-mise-a-mort") == [{"seat": seen}]
        t.answer(2, "rp-morsure", [4])
        assert not t.alive(4) and t.deaths()[-1] == {"seat": 4, "cause": "rp-mise-a-mort"}


def test_an_interrupted_vote_resumes_as_it_was() -> None:
    """§2 "Le cas échéant, le MJ reprend ensuite là où il en était auparavant. En outre, si une phase de vote est
    interrompue, elle n'est pas réinitialisée." One invocation at a time: "sauf si une autre aIn est déjà en
    cours"."""
    t = Table([ALPHA, SETH, FENNEC, V, V, V])
    to_the_vote(t)
    for seat in (0, 1, 2):  # in turn (§6): no Président, clockwise from the first seat
        t.answer(seat, "rp-vote", [5])
    assert t.turn() == 3
    assert t.state.step is not None and t.state.step.deadline is not None
    deadline = t.state.step.deadline
    t.at += 5
    t.do("invoke", 2, power="rp-morsure")
    assert t.rejected("invoke", 1, power="rp-repticide") == "invocation_running"
    assert t.view(1)["secrets"]["invocable"] == []
    t.at += 7
    t.answer(2, "rp-morsure", [4])
    assert t.step == "rp-vote" and t.turn() == 3 and t.prompt("rp-vote").answers == {}
    assert t.own.day.ballots == [[0, [5]], [1, [5]], [2, [5]]]  # as it was
    assert t.state.step is not None and t.state.step.deadline == deadline + 7
    t.answer(3, "rp-vote", [5])
    assert t.turn() == 5 and t.own.day.ballots[-2:] == [[3, [5]], [4, None]]  # the dead do not vote


def test_repticide_kills_a_reptilian_and_is_refused_on_anyone_else() -> None:
    """§4 Reptilienne rouge "Repticide : À tout moment mais une seule fois, elle peut tuer un Reptilien de son choix";
    RULES-NOTES: "A Repticide aimed at a non-Reptilian is refused, the power kept." """
    t = Table([ALPHA, R, ROUGE, V, V, V], lovers=(4, 5))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-repticide")
    t.answer(2, "rp-repticide", [3])
    assert t.alive(3) and t.announced("rp-repticide-refuse", 2) == [{"seat": 3}]
    assert not t.announced("rp-repticide-refuse", 3) and "rp-repticide" in t.view(2)["secrets"]["invocable"]
    t.do("invoke", 2, power="rp-repticide")
    t.answer(2, "rp-repticide", [1])
    assert not t.alive(1) and t.rejected("invoke", 2, power="rp-repticide") == "power_used"


def test_the_black_conversion_makes_a_reptilian() -> None:
    """§4 Reptilienne noire "Conversion noire : À tout moment mais une seule fois, elle peut convertir un joueur de
    son choix, qui devient alors Reptilien"; "il agit et compte comme un Reptilien à part entière". He meets the
    pack when it next wakes together (learning it at once would name him to the pack)."""
    t = Table([ALPHA, NOIRE, V, V, V, V], lovers=(4, 5))
    to_the_vote(t)
    t.do("invoke", 1, power="rp-conversion-noire")
    assert t.announced("rp-invoque-conversion-noire") == [{"seat": 1}]
    t.answer(1, "rp-conversion-noire", [3])
    assert t.own.converted == {3: ["rp-reptiliens"]} and t.announced("rp-converti-noir", 3)
    assert t.announced("rp-conversion-noire") == [{}]
    assert 3 not in t.seen(0) and "rp-reptiliens" not in t.view(3)["secrets"]["fellows"]
    t.wait()
    t.run_until("rp-concertation", night=2)
    assert 3 in t.prompt("rp-concertation").to
    assert t.seen(0)[3] == R and t.view(3)["secrets"]["fellows"]["rp-reptiliens"] == [0, 1, 3]
    assert t.seen(3) == {0: ALPHA, 1: R, 3: V}


def test_the_radiant_conversion_stops_the_game_on_the_rouge() -> None:
    """§4 Shéhérazade "Si elle convertit la Reptilienne noire, la Reptilienne rouge ou Seth ; la partie
    s'arrête." §2 "le joueur peut directement retourner sa carte de Shéhérazade"."""
    t = Table([ALPHA, ROUGE, SHEHERAZADE, V, V, V], lovers=(4, 5))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-conversion-radieuse")
    assert t.view(SPECTATOR)["players"][2]["cards"]["camp"] == SHEHERAZADE  # turned face up
    t.answer(2, "rp-conversion-radieuse", [1])
    assert t.state.phase == "ended" and t.state.result is not None
    assert t.state.result["stop"][0]["key"] == "victory.rp-stop.radiant"


def test_otherwise_sheherazade_dies_and_the_target_turns_idealist() -> None:
    """§4 "Sinon, Shéhérazade meurt, mais le converti passe dans le camp des idéalistes ... Les autres joueurs
    ignorent qui a été la cible de la conversion, mais savent qu'il y en a eu une." """
    t = Table([ALPHA, R, SHEHERAZADE, V, V, V], lovers=(4, 5))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-conversion-radieuse")
    t.answer(2, "rp-conversion-radieuse", [0])
    assert not t.alive(2) and t.deaths()[-1]["cause"] == "rp-conversion-radieuse"
    assert t.own.converted == {0: ["rp-idealistes"]} and t.announced("rp-converti-radieux", 0)
    assert not t.announced("rp-converti-radieux", 3)


def test_the_prophet_raises_a_ghost_himself_included() -> None:
    """§4 Prophète "Résurrection : À tout moment mais une seule fois, il peut ressusciter un fantôme, y compris
    lui-même. Ce pouvoir ne peut être utilisé que si le prophète est vivant ou un fantôme." §2 "Dans la cas d'une
    Résurrection, le MJ annonce l'identité du fantôme ressuscité." (He chose to become a ghost, §9.)"""
    t = Table([ALPHA, R, PROPHETE, V, V, V], lovers=(4, 5))
    t.play_night({"rp-concertation": [2]})
    t.answer(2, "rp-choix-mort", "ghost:camp")
    assert not t.alive(2) and t.view(2)["secrets"]["invocable"] == ["rp-resurrection"]
    t.do("invoke", 2, power="rp-resurrection")
    assert t.prompt("rp-resurrection").options == [2]
    t.answer(2, "rp-resurrection", [2])
    assert t.alive(2) and t.announced("rp-resurrection") == [{"seat": 2}]
    assert t.rejected("invoke", 2, power="rp-resurrection") == "power_used"


def test_the_assassin_pays_his_whole_fortune_then_two_coins() -> None:
    """§5 Assassin "Pour le premier assassinat, il doit se défaire de l'intégralité de sa fortune actuelle
    (fonctionne même si il possédait 0 pièce). Pour les assassinats suivants, chacun lui coûtera 2 pièces. Ces
    pièces sont alors retirées du jeu." Fortunes are public (RULES-NOTES)."""
    t = Table([ALPHA, R, V, V, V, V, V], [None, None, "rp-tueur"], lovers=(5, 6))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-assassinat")
    t.answer(2, "rp-assassinat", [3])
    assert t.own.coins[2] == 0 and t.view(4)["village"]["coins"]["2"] == 0 and not t.alive(3)
    assert t.own.estate == 1  # the victim's coin waits for an heir
    assert t.rejected("invoke", 2, power="rp-assassinat") == "cannot_afford"
    evolve(t.state, Event(type="rp-coins", data={"seat": 2, "coins": 3}))  # coins change hands in part 2
    t.do("invoke", 2, power="rp-assassinat")
    t.answer(2, "rp-assassinat", [4])
    assert t.own.coins[2] == 1 and not t.alive(4)


def test_poirots_show_with_the_legal_answers_checked() -> None:
    """§4 Poirot "Si Poirot ne s'est pas trompé le concernant, il est obligé de répondre "Ok". Si Poirot a commis
    une erreur, il peut répondre "Erreur" ou "Ok". ... Le MJ vérifie que la réponse de chaque joueur est légale.
    Si au maximum une erreur a été signalée, la partie s'arrête et Poirot gagne." He guesses "en tenant compte des
    conversions": the lovers are Amoureux first."""
    t = Table([ALPHA, R, POIROT, V, V, V], lovers=(3, 4), conditions={2: "rp-showman"})
    to_the_vote(t)
    t.do("invoke", 2, power="rp-showman")
    assert t.announced("rp-invoque-show") == [{"seat": 2}]
    guesses = {p.info["seat"]: p for p in t.open_prompts("rp-show")}
    assert sorted(guesses) == [0, 1, 3, 4, 5] and all(p.visibility == "public" for p in guesses.values())
    named = {0: ALPHA, 1: "rp-reptilienne-rouge", 3: "rp-amoureux", 4: "rp-amoureux", 5: "rp-martyre"}
    for seat, card in named.items():
        t.do("answer", 2, prompt=guesses[seat].id, answer=card)
    assert t.step == "rp-show-reponses"  # every guess made: each named seat answers, aloud
    assert t.view(0)["secrets"]["show_legal"] == ["ok"]
    assert t.view(1)["secrets"]["show_legal"] == ["ok", "erreur"]  # right camp, wrong role
    assert t.view(5)["secrets"]["show_legal"] == ["ok", "erreur", "grosse-erreur"]  # wrong camp
    assert t.view(3)["secrets"]["show_legal"] == ["ok"]
    assert t.answer_rejected(0, "rp-show-reponses", "erreur") == "illegal_answer"
    t.answer(0, "rp-show-reponses", "ok")
    t.answer(1, "rp-show-reponses", "erreur")
    t.answer(5, "rp-show-reponses", "ok")  # he may let it pass
    t.wait()
    assert t.state.phase == "ended" and 2 in t.state.result["winners"]  # type: ignore[index]


def test_poirot_dies_of_shame_after_a_big_error() -> None:
    """§4 "Si une grosse erreur a été signalée, ou qu'au moins quatre erreurs ont été signalées, Poirot en meurt de
    honte et la partie continue." Without Showman, there is no show."""
    assert Table([ALPHA, R, POIROT, V, V, V], conditions={2: "rp-detectives"}).rejected(
        "invoke", 2, power="rp-showman") == "no_such_power"
    t = Table([ALPHA, R, POIROT, V, V, V], lovers=(4, 5), conditions={2: "rp-showman"})
    to_the_vote(t)
    t.do("invoke", 2, power="rp-showman")
    t.wait()  # he names nobody: every seat unnamed counts as a big error
    t.wait()
    assert not t.alive(2) and t.deaths()[-1]["cause"] == "rp-honte" and t.state.phase == "day"


def test_the_condemned_may_invoke_in_his_window() -> None:
    """§2 "Si un joueur a été désigné par la session d'exécution, il dispose de 15 secondes pour demander une
    éventuelle action invoquée (ou transmettre un dernier message)." """
    t = Table([ALPHA, R, FENNEC, V, V, V], lovers=(0, 1))
    to_the_vote(t)
    t.cast({0: 2, 1: 2, 3: 2})
    assert t.step == "rp-condamne"
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [5])
    assert t.step == "rp-condamne" and not t.alive(5)
    t.wait()
    assert not t.alive(2) and t.deaths()[-1]["cause"] == "rp-execution"


def test_no_killing_power_on_the_festival() -> None:
    """§1 "Dimanche : C'est la fête au village. Pas de morts"."""
    t = Table([ALPHA, R, FENNEC, NOIRE, V, V], options={"first_weekday": "sat"}, lovers=(4, 5))
    t.play_night({})
    t.run_until("rp-fete")
    assert t.rejected("invoke", 2, power="rp-morsure") == "festival"
    assert t.view(3)["secrets"]["invocable"] == ["rp-conversion-noire"]


def test_a_sleeper_cannot_invoke() -> None:
    """§5 Marchand de sable "La cible n'agira plus jusqu'à l'aube." """
    t = Table([ALPHA, R, FENNEC, V, V, V], ["rp-marchand-de-sable"], lovers=(4, 5), hurry=False)
    t.run_until("rp-sommeil", night=1)
    t.answer(0, "rp-sommeil", [2])
    t.wait()
    assert t.rejected("invoke", 2, power="rp-morsure") == "cannot_act"
    assert t.rejected("invoke", 3, power="rp-morsure") == "no_such_power"
    assert t.rejected("invoke", MJ, power="rp-morsure", seat=2) == "cannot_act"


def test_an_assassination_at_night_is_paid_for_all_to_see_at_dawn() -> None:
    """§2 at night the invoker is anonymous; §7 the coins lie on the table: they leave it, for all to see, in the
    morning."""
    t = Table([ALPHA, R, V, V, V, V, V], [None, None, "rp-tueur"], lovers=(5, 6))
    t.do("invoke", 2, power="rp-assassinat")
    t.answer(2, "rp-assassinat", [3])
    assert t.view(4)["village"]["coins"]["2"] == 1 and t.view(2)["secrets"]["coins"] == 0
    assert t.rejected("invoke", 2, power="rp-assassinat") == "cannot_afford"
    t.play_night({})
    assert t.view(4)["village"]["coins"]["2"] == 0 and not t.alive(3)


def test_nobody_learns_a_night_kill_from_whom_the_night_asks() -> None:
    """§2 "le mort est annoncé seulement le matin": killed at the first step, the Reptilien is still asked with the
    pack (his answer counts in what the pack is told, he attacks nobody) and still offered to the Marchand de
    sable."""
    t = Table([ALPHA, R, FENNEC, V, V, V], ["rp-marchand-de-sable"], lovers=(4, 5), hurry=False)
    t.run_until("rp-milice", night=1)
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [1])
    t.run_until("rp-concertation", night=1)
    assert t.prompt("rp-concertation").to == [0, 1]
    t.answer(0, "rp-concertation", [3])
    t.answer(1, "rp-concertation", [4])  # a disagreement the alpha settles
    t.run_until("rp-sommeil", night=1)
    assert t.own.night.pack["house"] == 3 and 1 in t.prompt("rp-sommeil").options
    t.play_night({})
    assert not t.alive(1) and not t.alive(3)
