"""The dead of Les Reptiliens de Quinte-Bourg (seed 000 §9 "Morts, fantômes et rêves du village", §12 "Bilan des
morts", the village's dream): the death choice, the ghosts' militia and its chief, the spirits' sight, channel and
dream, the spiritual inheritance, and the Prophète's Résurrection of a ghost."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import dead
from app.engine.rulesets.reptiliens.nights import militia_choice
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE
from app.engine.views import SPECTATOR, omniscient
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SIX = [ALPHA, R, V, V, V, V]
PROPHETE, FENNEC = "rp-prophete", "rp-fennec"


def night_death(t: Table, victim: int) -> None:
    """The pack kills `victim` tonight; the day stops at the morning's report, where he chooses."""
    t.play_night({"rp-concertation": [victim]})
    assert t.step == "rp-bilan-morts" and not t.alive(victim)


def ghost_of(t: Table, victim: int, slot: str = "camp") -> None:
    night_death(t, victim)
    t.answer(victim, "rp-choix-mort", f"ghost:{slot}")


def to_the_debate(t: Table) -> None:
    t.run_until("rp-debat")


# -- the choice -----------------------------------------------------------------------------------------------------
def test_the_nights_dead_turn_a_card_and_choose_at_the_report() -> None:
    """§12 «Bilan des morts - Chaque mort retourne une carte et choisit de devenir un fantôme, un esprit, ou
    transmettre son héritage spirituel»; §9 «Quand vous mourrez, vous devez retourner une de vos cartes (de rôle de
    camp ou de rôle de spécialité)». The card he turns, and what he becomes, are public."""
    t = Table(SIX, [None, None, None, None, "rp-voleur"], lovers=(2, 3))
    night_death(t, 4)
    choice = t.prompt("rp-choix-mort")
    assert choice.to == [4] and choice.dead_may_answer
    assert choice.options == ["ghost:camp", "ghost:specialty", "spirit:camp", "spirit:specialty",
                              "inheritance:specialty"]
    assert t.announced("rp-choix-mort-attendu") == [{"seats": [4]}]
    assert t.view(4)["prompts"][0]["step"] == "rp-choix-mort" and not t.view(5)["prompts"]
    t.answer(4, "rp-choix-mort", "spirit:specialty")
    assert t.seen(5, "specialty")[4] == "rp-voleur" and 4 not in t.seen(5)  # the camp card stays hidden
    assert t.announced("rp-devient-esprit", SPECTATOR) == [{"seat": 4}]
    assert t.view(SPECTATOR)["village"]["dead"]["spirits"] == [4]
    assert t.step != "rp-bilan-morts"  # every dead has chosen: the report is over


def test_no_choice_in_time_makes_a_spirit_who_turns_his_camp_card() -> None:
    """§9 «Vous avez le choix entre :» ghost, spirit, inheritance; RULES-NOTES “Death choice: a dead player who
    makes no choice in time becomes a spirit and turns his camp card.” The report waits `death_choice` seconds."""
    t = Table(SIX, [None, None, None, None, "rp-voleur"], lovers=(2, 3))
    night_death(t, 4)
    assert t.state.step.deadline == t.state.step.started + 30  # type: ignore[union-attr]
    t.wait()
    assert t.seen(5)[4] == V and 4 not in t.seen(5, "specialty")
    assert t.own.fate == {4: "spirit"} and not t.open_prompts("rp-choix-mort")


def test_one_dying_by_day_chooses_at_once_until_nightfall() -> None:
    """§9 «Quand vous mourrez, vous devez retourner une de vos cartes»: a kill by invocation by day is asked at once,
    aside from the step under way (the debate neither waits for it nor ends with it); nightfall is his time limit."""
    t = Table([ALPHA, R, FENNEC, V, V, V], lovers=(4, 5))
    t.play_night({})
    to_the_debate(t)
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [3])
    assert not t.alive(3)
    choice = t.prompt("rp-choix-mort")
    assert choice.to == [3] and choice.id not in t.state.step.prompts  # type: ignore[union-attr]
    assert t.step == "rp-debat"
    t.run_until("rp-concertation", night=2)  # the militia's step, first of the night, settled it
    assert t.own.fate == {3: "spirit"} and t.seen(4)[3] == V


def test_the_lovers_spare_life_turns_no_card_and_asks_nothing() -> None:
    """§4 Amoureux «1ère mort de l'un d'eux : on le croyait mort, mais lorsque quelqu'un s'est penché sur son
    cercueil pour lui offrir un dernier baiser, il est revenu à la vie.»"""
    t = Table(SIX, lovers=(4, 5))
    t.play_night({"rp-concertation": [4]})
    assert t.alive(4) and not t.open_prompts("rp-choix-mort") and t.own.dead == []


def test_the_dead_lose_their_powers_but_a_ghosts_resurrection() -> None:
    """§9 «Vous perdez les pouvoirs liés à vos rôles de spécialité et de camp (à l'exception du pouvoir de
    Résurrection, si vous choisissez de devenir un fantôme).»"""
    t = Table([ALPHA, R, PROPHETE, V, V, V], lovers=(4, 5))
    night_death(t, 2)
    assert t.view(2)["secrets"]["invocable"] == []  # still choosing: no ghost yet
    t.answer(2, "rp-choix-mort", "spirit:camp")
    assert t.rejected("invoke", 2, power="rp-resurrection") == "cannot_act"
    g = Table([ALPHA, R, PROPHETE, V, V, V], lovers=(4, 5))
    ghost_of(g, 2)
    assert g.view(2)["secrets"]["invocable"] == ["rp-resurrection"]


# -- the ghosts -------------------------------------------------------------------------------------------------------
def test_ghosts_vote_each_night_for_a_house_never_the_same_twice_running() -> None:
    """§9 «Vous intégrez alors la milice, et participez au vote sur la maison à défendre chaque nuit. Une même
    maison ne peut être défendue deux nuits de suite.» §7 «Si la maison est alors vide ou protégée par la milice
    fantôme, l'attaque échoue.»"""
    t = Table([ALPHA, R, V, V, V, V, V], lovers=(2, 3))
    ghost_of(t, 6)
    t.run_until("rp-milice", night=2)
    militia = t.prompt("rp-milice")
    assert militia.to == [6] and militia.dead_may_answer and militia.options == [0, 1, 2, 3, 4, 5, 6]
    t.answer(6, "rp-milice", [5])
    t.play_night({"rp-concertation": [5]})
    assert t.alive(5) and t.own.night.attack["failure"] == "militia"
    assert t.announced("rp-milice-protege", 6) == [{"seat": 5}] and not t.announced("rp-milice-protege", 5)
    t.run_until("rp-milice", night=3)
    assert 5 not in t.prompt("rp-milice").options


def test_the_first_ghost_is_the_chief_and_decides_a_disagreement() -> None:
    """§6 Chef de la milice fantôme «Ce poste ne peut être occupé que par un fantôme. Le premier fantôme occupe ce
    poste. Quand les fantômes n'arrivent pas à se décider sur la maison à protéger pour la nuit, c'est lui qui
    tranche.» A chief who did not vote: the most voted house, a tie drawn (nights.militia_choice)."""
    t = Table([ALPHA, R, V, V, V, V, V, V], lovers=(2, 3))
    ghost_of(t, 7)
    assert t.state.offices.get(CHEF_MILICE) == 7 and t.announced("rp-chef-milice") == [{"seat": 7}]
    t.do("kill", MJ, seat=6)
    t.answer(6, "rp-choix-mort", "ghost:camp")
    assert t.state.offices.get(CHEF_MILICE) == 7 and dead.ghosts(t.state) == [7, 6]
    t.run_until("rp-milice", night=2)
    t.answer(6, "rp-milice", [4])
    t.answer(7, "rp-milice", [5])
    t.play_night({})
    assert t.own.night.militia == 5
    assert militia_choice({6: 4, 7: 5}, 7) == [5]
    assert militia_choice({6: 4, 7: 5, 8: 4}, None) == [4] and militia_choice({6: 4, 7: 5}, None) == [4, 5]
    assert militia_choice({6: 4, 7: 4}, 7) == [4] and militia_choice({}, 7) == []


def test_ghosts_keep_their_eyes_closed_at_the_other_steps() -> None:
    """§9 «Vous devez continuer à fermer les yeux lors des autres moments de la nuit.» RULES-NOTES “a ghost sees
    nothing but the militia's vote”."""
    t = Table(SIX, lovers=(2, 3))
    ghost_of(t, 5)
    t.run_until("rp-concertation", night=2)
    assert not omniscient(t.state, 5)
    assert [p["step"] for p in t.view(5)["prompts"]] == []
    assert set(t.seen(5)) == {5}  # no card but his own


def test_ghosts_debate_but_do_not_vote() -> None:
    """§9 «Vous pouvez participer aux débats avec les vivants, mais ne pouvez a priori plus voter.»"""
    t = Table(SIX, lovers=(2, 3))
    ghost_of(t, 5)
    to_the_debate(t)
    said = [e for e in t.do("say", 5, channel="village", text="Je hante la maison 0") if e.type == "said"]
    assert said and said[0].to is None
    t.run_until("rp-vote")
    assert 5 not in t.prompt("rp-vote").to


def test_the_last_ghost_comes_first_for_the_law() -> None:
    """§9 «Vous pouvez proposer la loi du jour. Le dernier mort est prioritaire pour ce choix.» `ghosts` in death
    order, `last_ghost` for the law (laws.py)."""
    t = Table([ALPHA, R, V, V, V, V, V, V], lovers=(2, 3))
    assert dead.last_ghost(t.state) is None
    ghost_of(t, 7)
    t.do("kill", MJ, seat=6)
    t.answer(6, "rp-choix-mort", "ghost:camp")
    assert dead.ghosts(t.state) == [7, 6] and dead.last_ghost(t.state) == 6


# -- the spirits ------------------------------------------------------------------------------------------------------
def test_a_spirit_sees_the_whole_night() -> None:
    """§9 Devenir un esprit «Vous pouvez alors ouvrir les yeux toute la nuit.» RULES-NOTES “a spirit ("yeux
    ouverts toute la nuit") is shown who wakes at each step”."""
    t = Table(SIX, lovers=(2, 3))
    night_death(t, 5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    t.run_until("rp-concertation", night=2)
    assert omniscient(t.state, 5)
    assert "rp-concertation" in [p["step"] for p in t.view(5)["prompts"]]
    assert t.seen(5) == {0: ALPHA, 1: R, 2: V, 3: V, 4: V, 5: V}


def test_spirits_talk_among_themselves_by_day_only() -> None:
    """§9 «Vous pouvez demander à vous isoler avec d'autres esprits pour discuter pendant les sessions diurnes.»"""
    t = Table([ALPHA, R, V, V, V, V, V], lovers=(2, 3))
    night_death(t, 6)
    t.answer(6, "rp-choix-mort", "spirit:camp")
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    said = [e for e in t.do("say", 6, channel=dead.SPIRITS_CHANNEL, text="Le 0 est alpha") if e.type == "said"]
    assert said and set(said[0].to or []) == {5, 6}
    assert t.rejected("say", 4, channel=dead.SPIRITS_CHANNEL, text="?") == "cannot_write"
    assert dead.SPIRITS_CHANNEL not in {c["name"] for c in t.view(4)["channels"]}
    t.run_until("rp-concertation", night=2)
    assert t.rejected("say", 6, channel=dead.SPIRITS_CHANNEL, text="la nuit") == "cannot_write"


def test_those_who_see_the_night_never_meet_a_ghost() -> None:
    """§9 the spirits' dream «C'est le seul moment où vous pouvez communiquer avec des vivants ou des fantômes»: a
    ghost, who debates with the living, reads neither the spirits' channel nor the engine's channel of the dead,
    which only those who passed their inheritance on keep («ou même quitter la partie»)."""
    t = Table([ALPHA, R, V, V, V, V, V], [None, None, None, None, None, "rp-voleur", "rp-brigand"], lovers=(2, 3))
    ghost_of(t, 6)
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "inheritance:specialty")
    t.answer(5, "rp-heritier", [4])
    assert {c["name"] for c in t.view(6)["channels"]} & {"dead", dead.SPIRITS_CHANNEL} == set()
    assert t.rejected("say", 6, channel="dead", text="?") == "cannot_write"
    said = [e for e in t.do("say", 5, channel="dead", text="au revoir") if e.type == "said"]
    assert said and said[0].to == [5]


def test_the_village_dream_the_mj_chooses_spirits_sign_for_5_seconds() -> None:
    """§9 «Rêve du village - 2 nuits par semaine : les esprits sont invités transmettre aux vivants et aux fantômes
    une information, en signes, pendant 5 secondes. Le MJ choisit l'information en question, comme par exemple "le
    nombre de Reptiliens restants".» Wednesday's night (§12): the last step."""
    t = Table(SIX, lovers=(2, 3), options={"first_weekday": "tue"})
    t.play_night({})
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    t.run_until("rp-reve", night=2)
    t.mj("rp-reve-info", "rp-reve-reptiliens")
    signs = t.prompt("rp-reve")
    assert signs.to == [5] and signs.info == {"fact": "rp-reve-reptiliens", "answer": 2}
    assert t.view(4)["prompts"] == []  # the living do not see the question put to the spirits
    t.answer(5, "rp-reve", "2")
    t.run_until("rp-bilan-morts", day=2)
    assert t.announced("rp-reve-signes", 4) == [{"fact": "rp-reve-reptiliens", "signs": {"5": "2"}, "seconds": 5}]


def test_the_dream_is_in_signs_only_no_word_no_pointing() -> None:
    """§9 «C'est le seul moment où vous pouvez communiquer avec des vivants ou des fantômes, et en signes uniquement,
    avec interdiction de pointer des joueurs.» Automatic mode draws the information."""
    t = Table(SIX, lovers=(2, 3), options={"first_weekday": "tue", "moderation": "auto"})
    t.play_night({})
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    t.run_until("rp-reve", night=2)
    signs = t.prompt("rp-reve")
    assert signs.kind == "choice" and signs.options == [str(n) for n in range(11)]
    assert t.answer_rejected(5, "rp-reve", "le 0 est alpha") == "bad_answer"
    assert t.rejected("say", 5, channel="village", text="le 0 est alpha") == "cannot_write"


# -- the spiritual inheritance -----------------------------------------------------------------------------------------
def test_the_inheritance_turns_both_cards_and_the_heir_holds_two_specialties() -> None:
    """§9 «Vous retournez vos deux cartes. Vous transmettez votre rôle de spécialité au vivant de votre choix, qui
    cumule ainsi 2 pouvoirs de spécialité.» The heir is told, nobody else; he is called on the card's nights."""
    t = Table(SIX, [None, None, None, "rp-fureteur", "rp-voleur"], lovers=(2, 3))
    night_death(t, 4)
    t.answer(4, "rp-choix-mort", "inheritance:specialty")
    heir = t.prompt("rp-heritier")
    assert heir.to == [4] and heir.options == [0, 1, 2, 3, 5]
    t.answer(4, "rp-heritier", [3])
    assert t.seen(5)[4] == V and t.seen(5, "specialty")[4] == "rp-voleur"
    assert t.view(3)["me"]["cards"]["specialty2"]["card"] == "rp-voleur"
    assert t.view(3)["secrets"]["inherited"] == ["rp-voleur"]
    assert t.announced("rp-heritage-recu", 3) == [{"seat": 4, "role": "rp-voleur"}]
    assert not t.announced("rp-heritage-recu", 5) and 3 not in t.seen(5, "specialty2")
    assert omniscient(t.state, 4)  # «Vous pouvez ouvrir les yeux toute la nuit ou même quitter la partie.»
    t.run_until("rp-larcin", night=4)  # Thursday: the Voleur's night
    assert t.prompt("rp-larcin").to == [3]
    assert "inherited" not in t.view(5)["village"]  # who inherited is the heir's secret while the game lasts
    t.do("end")  # at the end every card shows: the card under donor and heir is named as passed on (issue 24)
    assert t.view(5)["village"]["inherited"] == {"3": ["rp-voleur"]}
    assert 4 in t.view(5)["village"]["dead"]["inheritance"]


def test_no_third_specialty_the_heir_renounces_one_or_refuses() -> None:
    """§9 «Un vivant ne peut pas cumuler 3 pouvoirs de spécialité, mais il peut choisir de renoncer à un de ses
    pouvoirs de spécialité actuels.»"""
    t = Table([ALPHA, R, V, V, V, V, V], [None, None, None, "rp-fureteur", "rp-voleur", "rp-brigand"], lovers=(2, 6))
    night_death(t, 4)
    t.answer(4, "rp-choix-mort", "inheritance:specialty")
    t.answer(4, "rp-heritier", [3])
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "inheritance:specialty")
    t.answer(5, "rp-heritier", [3])
    renounce = t.prompt("rp-renoncement")
    assert renounce.to == [3] and renounce.options == ["refuse", "renounce:specialty", "renounce:specialty2"]
    t.answer(3, "rp-renoncement", "renounce:specialty")
    me = t.view(3)["me"]["cards"]
    assert me["specialty"]["card"] == "rp-brigand" and me["specialty2"]["card"] == "rp-voleur"


def test_an_inherited_assassin_pays_two_coins_from_the_first() -> None:
    """§5 Assassin «Si ce rôle de spécialité est transmis par héritage, on ignore la clause du "premier assassinat",
    et chaque assassinat coûte 2 pièces.»"""
    t = Table(SIX, [None, None, None, None, "rp-assassin"], lovers=(2, 3))
    night_death(t, 4)
    t.answer(4, "rp-choix-mort", "inheritance:specialty")
    t.answer(4, "rp-heritier", [3])
    assert t.view(3)["secrets"]["invocable"] == []  # one coin: not enough
    assert t.own.inherited == {3: ["rp-assassin"]}
    t.do("rp-give", 5, to=3, coins=1)
    t.do("rp-give", 2, to=3, coins=1)
    assert t.view(3)["secrets"]["invocable"] == ["rp-assassinat"]
    t.do("invoke", 3, power="rp-assassinat")
    t.answer(3, "rp-assassinat", [5])
    assert t.own.coins[3] == 1 and not t.alive(5)  # 2 of his 3 coins, not his whole fortune


# -- the Résurrection --------------------------------------------------------------------------------------------------
def test_the_prophet_raises_a_ghost_who_leaves_the_militia() -> None:
    """§4 Prophète «Résurrection : À tout moment mais une seule fois, il peut ressusciter un fantôme, y compris
    lui-même.» A spirit is no ghost; the raised ghost leaves the militia and its chief's post, which passes to the
    next ghost (dead.py)."""
    t = Table([ALPHA, R, PROPHETE, V, V, V, V, V], lovers=(3, 4))
    ghost_of(t, 7)
    t.do("kill", MJ, seat=6)
    t.answer(6, "rp-choix-mort", "ghost:camp")
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    to_the_debate(t)
    t.do("invoke", 2, power="rp-resurrection")
    assert t.prompt("rp-resurrection").options == [7, 6]
    t.answer(2, "rp-resurrection", [7])
    assert t.alive(7) and dead.ghosts(t.state) == [6] and t.state.offices.get(CHEF_MILICE) == 6
    assert t.seen(0)[7] == V  # his turned card stays face up


# -- the quotes are the seed's --------------------------------------------------------------------------------------
globals().update(quote_tests(globals()))
