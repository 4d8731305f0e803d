"""The variants of seed 004 ("Variantes") as room options, the night orders of 001 and 004, the composition help
and the command-line tools. Each test quotes the sentence of the seed it checks."""

from __future__ import annotations

import json

import pytest

from app.__main__ import main
from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from app.engine.rulesets.thiercelieux.state import lovers as lovers_of
from app.engine.rulesets.thiercelieux.state import marked, marks, village
from app.sim import simulate
from tests.support.engine import Script
from tests.support.thiercelieux import elect, play_night, vote

W, V = "loup-garou", "villageois"
SEER, WITCH, CUPID, PF, SALV = "voyante", "sorciere", "cupidon", "petite-fille", "salvateur"
RAVEN, PIPER, LB, INFECT = "corbeau", "joueur-de-flute", "loup-blanc", "infect-pere-des-loups"


# -- Lycanthropie ------------------------------------------------------------------------------------------------
def test_lycanthropy_the_pack_converts_its_victim() -> None:
    """004: "Lycanthropie : les loups ont la possibilité de transformer une personne en loup-garou au lieu de la
    dévorer." """
    g = Script([W, W, V, V, V, V, V], options={"lycanthropy": True})
    lyc = g.prompt("loups-lycanthropie")
    assert sorted(lyc.to) == [0, 1] and lyc.kind == "confirm" and lyc.policy == "team"
    play_night(g, {"loups": [3], "loups-lycanthropie": True})
    assert g.deaths() == [] and g.announcements("no_death")
    assert marks(g.state, 3).wolf is True and g.role(3) == V
    assert g.announcements("you_are_infected", viewer=3) == [{}]
    assert g.seen_roles(3) == {0: W, 1: W, 3: V} and g.seen_roles(0)[3] == W
    vote(g, {})
    assert sorted(g.prompt("loups").to) == [0, 1, 3]


def test_lycanthropy_needs_the_whole_pack() -> None:
    """004: "les loups-garous désignent leur victime d'un commun accord" — one wolf against converting: eaten."""
    g = Script([W, W, V, V, V, V, V], options={"lycanthropy": True})
    g.answer(0, "loups", [3])
    g.answer(1, "loups", [3])
    g.answer(0, "loups-lycanthropie", True)
    g.answer(1, "loups-lycanthropie", False)
    play_night(g, {})
    assert g.causes() == {3: "night"}
    assert not marks(g.state, 3).wolf


# -- Idiot du village, fantômes ----------------------------------------------------------------------------------
def test_the_first_dead_villager_is_the_village_idiot() -> None:
    """004: "donner au premier mort dans le camp du village le rôle d'"idiot du village". C'est un villageois qui a
    perdu son droit de vote mais peut continuer à participer aux débats." """
    g = Script([W, W, V, V, V, V, V, V], options={"idiot_du_village": True})
    play_night(g, {"loups": [4]})
    vote(g, {2: [0], 3: [0], 5: [0]})  # a dead wolf is no idiot
    assert g.causes() == {4: "night", 0: "vote"}
    assert village(g.state).idiot == 4
    assert g.announcements("village_idiot", viewer=2) == [{"seat": 4}]
    assert g.view(2)["public"]["idiot"] == 4
    assert g.rejected("say", 4, channel="village", text="la nuit je me tais") == "cannot_write"
    play_night(g, {"loups": [5]})
    assert village(g.state).idiot == 4  # only the first
    g.do("say", 4, channel="village", text="Je vous le dis, c'est P1 !")
    assert g.rejected("say", 5, channel="village", text="moi aussi") == "cannot_write"
    g.run_until("vote", day=2)
    assert 4 not in g.prompt("vote").to
    assert g.answer_rejected(4, "vote", [1]) == "no_such_prompt"


@pytest.mark.parametrize("ghosts", [True, False])
def test_ghosts_the_dead_keep_debating_without_a_vote(ghosts: bool) -> None:
    """004: "tous les morts peuvent décider de devenir "fantômes", auquel cas ils peuvent continuer à participer
    aux débats, mais ne votent plus et n'ont plus de pouvoirs. Dans ce cas ils doivent bien sûr fermer les yeux la
    nuit." """
    g = Script([W, W, V, V, V, V, V, V], options={"ghosts": ghosts})
    play_night(g, {"loups": [4]})
    vote(g, {2: [5], 3: [5]})
    assert g.dead() == [4, 5]
    assert g.rejected("say", 4, channel="village", text="la nuit") == "cannot_write"
    play_night(g, {"loups": [6]})
    for dead in (4, 5, 6):
        if ghosts:  # each chose to be one (issue 14: tests/thiercelieux/test_i14_dead.py)
            g.do("answer", dead, prompt=next(p.id for p in g.open_prompts("fantome") if dead in p.to), answer="ghost")
            g.do("say", dead, channel="village", text=f"P{dead} depuis l'au-delà")
        else:
            assert g.rejected("say", dead, channel="village", text="...") == "cannot_write"
    g.run_until("vote", day=2)
    assert sorted(g.prompt("vote").to) == [0, 1, 2, 3, 7]


# -- Condition de victoire ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("one_villager", [True, False])
def test_wolves_win_with_one_villager_left(one_villager: bool) -> None:
    """004: "Variante pour la condition de victoire : les loups-garous gagnent s'il reste un ou plusieurs
    loups-garous vivants et un seul ou aucun villageois vivant." """
    g = Script([W, W, V, V, V], options={"wolves_win_one_villager": one_villager})
    play_night(g, {"loups": [2]})
    vote(g, {0: [3], 1: [3]})
    assert g.living() == [0, 1, 4]
    if one_villager:
        assert g.result is not None and g.result["camp"] == "wolves" and g.result["winners"] == [0, 1]
    else:
        assert g.result is None and g.state.phase == "night"


# -- Le Capitaine ------------------------------------------------------------------------------------------------
def test_captain_elected_on_a_later_day() -> None:
    """004 ("Variante pour le maire") and 003's advice: the mayor may be elected on a later day (captain_day)."""
    g = Script([W, V, V, V, V, V], options={"captain": True, "captain_day": 2})
    play_night(g, {"loups": [5]})
    mark = len(g.events)
    vote(g, {})
    assert "election" not in g.steps_run(mark)
    play_night(g, {"loups": [4]})
    g.run_until("election", day=2)
    for seat in g.living():
        g.answer(seat, "election", [2])
    assert captain_of(g.state) == 2


@pytest.mark.parametrize(("double", "counts"), [(True, {"4": 2, "5": 1}), (False, {"4": 1, "5": 1})])
def test_captain_with_one_vote_still_breaks_ties(double: bool, counts: dict[str, int]) -> None:
    """004: "Variante pour le maire : [...] Il n'a qu'une voix mais tranche en cas d'ex-aequo." (captain_double);
    001: "Dorénavant, les votes de ce joueur comptent pour 2 voix." """
    g = Script([W, V, V, V, V, V, V], options={"captain": True, "captain_double": double})
    play_night(g, {"loups": [6]})
    elect(g, 2)
    vote(g, {2: [4], 3: [5]})
    assert g.announcements("vote_result")[-1]["counts"] == counts
    assert g.causes()[4] == "vote"
    assert bool(g.announcements("captain_breaks_tie")) is not double


# -- Cupidon et les amoureux -------------------------------------------------------------------------------------
CUPID_GAME = [W, CUPID, V, V, V]


def test_cupid_with_lovers_wins_with_a_mixed_couple() -> None:
    """004: "Dans la règle officielle, Cupidon est du côté du village, mais certains considèrent qu'il est dans le
    camp de ses amoureux." """
    g = Script(CUPID_GAME, options={"cupid_with_lovers": True})
    play_night(g, {"cupidon": [0, 2], "loups": [3]})
    vote(g, {0: [1], 2: [1]})
    play_night(g, {"loups": [4]})
    g.wait()
    assert g.result is not None and g.result["camp"] == "lovers" and g.result["winners"] == [0, 1, 2]


def test_cupid_of_the_village_does_not_win_with_a_mixed_couple() -> None:
    """004: "Dans la règle officielle, Cupidon est du côté du village" """
    g = Script(CUPID_GAME)
    play_night(g, {"cupidon": [0, 2], "loups": [3]})
    vote(g, {0: [1], 2: [1]})
    play_night(g, {"loups": [4]})
    g.wait()
    assert g.result is not None and g.result["camp"] == "lovers" and g.result["winners"] == [0, 2]


def test_cupid_with_lovers_alive_wins_with_them() -> None:
    """004: "certains considèrent qu'il est dans le camp de ses amoureux" — the couple and Cupidon are the last
    alive: their camp has won."""
    g = Script(CUPID_GAME, options={"cupid_with_lovers": True})
    play_night(g, {"cupidon": [0, 2], "loups": [3]})
    vote(g, {0: [4], 2: [4]})
    assert g.living() == [0, 1, 2]
    assert g.result is not None and g.result["camp"] == "lovers" and g.result["winners"] == [0, 1, 2]


def test_cupid_self_must_choose_himself() -> None:
    """004: "Une autre possibilité est d'obliger Cupidon à se désigner lui-même comme un des amoureux" """
    g = Script(CUPID_GAME, options={"cupid_self": True})
    assert g.answer_rejected(1, "cupidon", [2, 3]) == "cupid_self"
    g.answer(1, "cupidon", [1, 3])
    assert lovers_of(g.state) == [1, 3]


def test_cupid_self_silent_cupidon_is_still_one_of_the_lovers() -> None:
    """004: "obliger Cupidon à se désigner lui-même comme un des amoureux" — even when he lets the time run out."""
    for seed in range(8):
        g = Script(CUPID_GAME, options={"cupid_self": True}, seed=seed)
        g.wait()
        cupid = 1
        assert cupid in lovers_of(g.state), f"seed {seed}: lovers {lovers_of(g.state)}"


@pytest.mark.parametrize("share", [True, False])
def test_lovers_share_roles(share: bool) -> None:
    """004: "permettre aux amoureux de se communiquer leurs rôles par signe ou de se montrer leurs cartes"; 001
    (the default): "Ils ne connaissent pas la véritable identité (rôle) de l'autre." """
    g = Script([W, CUPID, SEER, V, V, V], options={"lovers_share_roles": share})
    g.answer(1, "cupidon", [0, 2])
    if share:
        assert g.seen_roles(0) == {0: W, 2: SEER}
        assert g.seen_roles(2) == {0: W, 2: SEER}
    else:
        assert g.seen_roles(0) == {0: W}
        assert g.seen_roles(2) == {2: SEER}
    assert g.seen_roles(1) == {1: CUPID}


# -- La Voyante --------------------------------------------------------------------------------------------------
SEER_WITCH = [W, WITCH, SEER, V, V, V]


@pytest.mark.parametrize("after", [True, False])
def test_seer_after_witch_changes_the_order(after: bool) -> None:
    """004: "On peut appeler la voyante après la sorcière" """
    g = Script(SEER_WITCH, options={"seer_after_witch": after})
    play_night(g, {"voyante": [0], "loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    steps = g.steps_run()
    assert (steps.index("sorciere") < steps.index("voyante")) is after
    assert g.announcements("seer_saw", viewer=2) == [{"seat": 0, "role": W}]


def test_seer_after_witch_only_if_she_is_not_dead() -> None:
    """004: "On peut appeler la voyante après la sorcière et uniquement si elle n'est pas morte. On évite ainsi
    qu'elle communique une information qu'elle n'a pas le droit de communiquer, étant morte." """
    g = Script(SEER_WITCH, options={"seer_after_witch": True})
    mark = len(g.events)
    play_night(g, {"loups": [2], "sorciere-heal": False, "sorciere-poison": []})
    assert g.causes() == {2: "night"}
    assert "voyante" not in g.opened(mark)


def test_seer_after_witch_a_seer_dying_of_rust_is_not_called() -> None:
    """004 "uniquement si elle n'est pas morte", whatever kills her at dawn: the forecast is dawn's own table run
    dry (thiercelieux/dawn.py), so a seer the Chevalier's rust kills tonight is not asked (issue 25: the forecast
    used to miss the rust row)."""
    g = Script(SEER_WITCH, options={"seer_after_witch": True})
    assert g.state.phase == "night"
    marked(g.state, 2).rusted = g.state.night  # as the Chevalier's death leaves it on an infected seer
    mark = len(g.events)
    play_night(g, {"loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    assert "voyante" not in g.opened(mark)
    assert not g.state.players[2].alive and not g.state.players[4].alive


def test_seer_after_witch_a_healed_seer_is_called() -> None:
    """004: "uniquement si elle n'est pas morte" — healed, she is alive."""
    g = Script(SEER_WITCH, options={"seer_after_witch": True})
    play_night(g, {"loups": [2], "sorciere-heal": True, "sorciere-poison": [], "voyante": [0]})
    assert g.deaths() == [] and g.announcements("seer_saw", viewer=2) == [{"seat": 0, "role": W}]


def test_seer_announce_tells_the_role_not_the_player() -> None:
    """004: "Variante pour la voyante : le MDJ dit à voix haute le rôle (mais pas le nom du joueur) vu par la
    voyante (par exemple : "la voyante a vu un chasseur")" """
    g = Script(SEER_WITCH, options={"seer_announce": True})
    play_night(g, {"voyante": [3], "loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    public = [e for e in g.events if e.type == "announce" and e.data["key"] == "seer_saw_role"]
    assert len(public) == 1 and public[0].to is None
    assert public[0].data["params"] == {"role": V}
    plain = Script(SEER_WITCH)
    play_night(plain, {"voyante": [3], "loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    assert plain.announcements("seer_saw_role") == []


# -- Rôles qui n'existent pas ------------------------------------------------------------------------------------
def test_fake_roles_are_called_and_shown_to_the_wolves() -> None:
    """004: "le MDJ peut également appeler des rôles qui n'existe pas, et éventuellement les montrer aux
    loups-garous la permière nuit pour qu'ils puissent se faire passer pour ces rôles." """
    g = Script([W, W, V, V, V, V, V], options={"fake_roles": [SEER, WITCH]})
    assert g.announcements("fake_roles", viewer=0) == [{"roles": [SEER, WITCH]}]
    assert g.announcements("fake_roles", viewer=1) == [{"roles": [SEER, WITCH]}]
    assert g.announcements("fake_roles", viewer=2) == []
    play_night(g, {"loups": [6]})
    assert g.steps_run() == ["voyante", "loups", "sorciere", "dawn"]
    assert g.opened() == ["loups"]
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [5]})
    assert g.steps_run(mark) == ["debate", "vote", "voyante", "loups", "sorciere", "dawn"]
    assert len(g.announcements("fake_roles")) == 1  # the first night only


def test_fake_roles_must_be_known_roles() -> None:
    g = Script([W, V, V, V, V], start=False)
    assert g.rejected("configure", MJ, options={"fake_roles": ["dragon"]}) == "bad_options"


# -- L'ordre de la nuit ------------------------------------------------------------------------------------------
ORDER_GAME = [W, W, SEER, SALV, PF, PIPER, WITCH, RAVEN, V, V]


@pytest.mark.parametrize(
    ("preset", "order"),
    [
        # 003 + 004: "le salvateur [...], la voyante [...], les loups-garous [...], la sorcière, le joueur de flûte"
        ("official", [SALV, SEER, "loups", WITCH, RAVEN, PIPER]),
        # 001: "1- [...] la Voyante 2- [...] le Salvateur 3- [...] la Petite Fille 4- [...] le Joueur de Flûte [...]
        # les Loups-Garous 5- [...] la Sorcière 6- Le Corbeau"
        ("forum", [SEER, SALV, PIPER, "loups", WITCH, RAVEN]),
    ],
)
def test_night_order_presets(preset: str, order: list[str]) -> None:
    """001 ("les personnages sont toujours appelés dans l'ordre suivant") and 004 ("Selon la règle officielle,
    l'ordre des rôles de nuit est"); the Petite Fille acts during the wolves' turn."""
    g = Script(ORDER_GAME, options={"night_order": preset})
    play_night(g, {})
    assert g.steps_run() == [*order, "dawn"]
    assert "petite-fille-peek" in g.opened()


def test_night_order_custom() -> None:
    """RULES-NOTES: "Night order presets, all offered, editable by the MJ" — the MJ's own order."""
    g = Script(ORDER_GAME, options={"night_order_custom": [WITCH, "loups", PIPER, SEER]})
    play_night(g, {})
    assert g.steps_run() == [WITCH, "loups", PIPER, SEER, "dawn"]  # steps left out are not called


def test_night_order_custom_rejects_an_unknown_step() -> None:
    g = Script(ORDER_GAME, start=False)
    assert g.rejected("configure", MJ, options={"night_order_custom": ["loups", "dragon"]}) == "bad_options"


# -- L'aide à la composition -------------------------------------------------------------------------------------
def test_composition_report_prerequisites_and_wolves() -> None:
    """001: "L'Infecte Père des Loups — Prérequis: 16 Joueurs", "Le Loup Blanc: Prérequis: 16 Joueurs"; "Ils sont
    1 à 6 suivant le nombre de joueurs" — warnings the MJ may override, and a balance indicator."""
    rules = get_ruleset("thiercelieux")
    small = [LB, INFECT, W, SEER, V, V, V, V, V, V]
    report = rules.composition_report(10, small)
    codes = {(w["code"], w.get("role")) for w in report["warnings"]}
    assert ("prerequisite", LB) in codes and ("prerequisite", INFECT) in codes
    assert {"code": "prerequisite", "role": LB, "players": 16} in report["warnings"]
    big = [LB, INFECT, W, SEER, WITCH, *[V] * 11]
    assert not [w for w in rules.composition_report(16, big)["warnings"] if w["code"] == "prerequisite"]
    packed = [W, W, W, W, SEER, V, V, V]
    many = [w for w in rules.composition_report(8, packed)["warnings"] if w["code"] == "many_wolves"]
    assert many == [{"code": "many_wolves", "wolves": 4, "suggested": 2}]
    assert rules.composition_report(8, packed)["verdict"] == "wolves"
    assert rules.composition_report(8, [W, SEER, WITCH, "chasseur", SALV, V, V, V])["verdict"] == "village"
    for report in (rules.composition_report(n, rules.suggested_composition(n)) for n in range(5, 19)):
        assert isinstance(report["balance"], int) and report["verdict"] in ("village", "wolves", "balanced")


# -- The command-line tools --------------------------------------------------------------------------------------
def roles_lines(capsys: pytest.CaptureFixture[str]) -> list[list[str]]:
    assert main(["roles", "--ruleset", "thiercelieux", "--lang", "fr"]) == 0
    return [line.split("\t") for line in capsys.readouterr().out.splitlines()]


def test_roles_command_lists_every_role_with_its_camp(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m app roles --ruleset thiercelieux --lang fr`: one line per role, its name and its camp."""
    lines = roles_lines(capsys)
    rules = get_ruleset("thiercelieux")
    assert len(lines) == len(rules.roles) + len(rules.other_cards)  # Le Village's day cards too
    assert all(len(line) == 2 and all(line) for line in lines)
    assert lines[0] == ["Simple Villageois", "Village"] and lines[1] == ["Loup-Garou", "Loups-Garous"]


def test_roles_command_names_every_role_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    lines = roles_lines(capsys)
    untranslated = [line for line in lines if line[0].startswith("role.") or line[1].startswith("camp.")]
    assert untranslated == []
    names = {line[0] for line in lines}
    assert {"Salvateur", "Corbeau", "Ancien", "Joueur de Flûte", "Loup Blanc", "Infect Père des Loups", "Franc-maçon",
            "Apprenti", "Assassin", "Tueur", "Marchand de sable", "Somnambule", "Casanova", "Berger", "Magicien",
            "Louveteau", "Traître", "Vampire", "Hamster-garou", "Chaman", "Confesseur", "Châtelain",
            "Protecteur"} <= names


def test_simulate_every_role_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m app simulate --ruleset thiercelieux --games 30 --roles all --seed S`: random compositions drawn
    from every role and random variants, played by bots through the engine; no game may raise."""
    summary = simulate("thiercelieux", 30, 11, None, "all")
    capsys.readouterr()
    assert summary["errors"] == 0 and summary["finished"] == 30
    assert json.loads(json.dumps(summary)) == summary
