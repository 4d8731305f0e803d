"""Issue 14, items 4 and 8: the dead of Thiercelieux. Ghosts by choice (004, room option `ghosts`) and the Chaman's
night step (001). docs/rules/thiercelieux.md ("Issue 14") says what each rule became and every choice made; each test
quotes the sentence of the seed it checks."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from app.engine.core import new_state, replay
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM, Event, Prompt
from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS, night_bounds
from app.engine.rulesets.thiercelieux.state import marks
from app.engine.views import event_visible, view
from tests.support.engine import FAST, RULESET, T0, Script, told
from tests.support.paths import TESTS
from tests.support.thiercelieux import play_night, vote
from tests.support.viewers import viewers

W, V, CHAMAN, THIEF = "loup-garou", "villageois", "chaman", "voleur"


def ghost_question(g: Script, seat: int) -> Prompt | None:
    return next((p for p in g.open_prompts("fantome") if seat in p.to), None)


def choose(g: Script, seat: int, answer: str) -> list[Event]:
    prompt = ghost_question(g, seat)
    assert prompt is not None, f"seat {seat} was not asked"
    return g.do("answer", seat, prompt=prompt.id, answer=answer)


def said(events: list[Event], channel: str) -> list[Event]:
    return [e for e in events if e.type == "said" and e.data["channel"] == channel]


# -- item 4: ghosts by choice (004) --------------------------------------------------------------------------------
def test_every_dead_player_is_asked_the_same_question_at_his_death() -> None:
    """004: "tous les morts peuvent décider de devenir "fantômes"" — each dead player, wolf or villager, is asked at
    his death, he alone, the same question: it tells nobody his camp, and no step waits for it."""
    g = Script([W, W, V, V, V, V, V], options={"ghosts": True})
    play_night(g, {"loups": [4]})
    villager = ghost_question(g, 4)
    assert villager is not None and villager.id not in (g.state.step.prompts if g.state.step else [])
    vote(g, {2: [0], 3: [0], 5: [0], 6: [0]})
    assert g.dead() == [0, 4]
    wolf = ghost_question(g, 0)
    assert wolf is not None

    def shape(p: Prompt) -> tuple[Any, ...]:
        return p.kind, p.options, p.info, p.min, p.max, p.policy, p.visibility, p.dead_may_answer, p.deadline

    assert shape(wolf) == shape(villager) == ("choice", ["ghost", "rest"], {}, 1, 1, "each", "self", True, None)
    opened = [e for e in g.events if e.type == "prompt_opened" and e.data["prompt"]["step"] == "fantome"]
    assert [e.to for e in opened] == [[4], [0]]
    for seat in (1, 2, 3, 5, 6):
        assert all(p["step"] != "fantome" for p in g.view(seat)["prompts"])
    assert any(p["step"] == "fantome" and p["mine"] for p in g.view(4)["prompts"])


def test_without_the_option_nobody_is_asked() -> None:
    """004: the ghosts are a variant ("Variantes pour les morts"): without `ghosts` the dead are simply dead."""
    g = Script([W, W, V, V, V, V, V])
    play_night(g, {"loups": [4]})
    assert g.open_prompts("fantome") == []


def test_only_the_dead_who_chose_debate_and_none_of_them_votes() -> None:
    """004: "tous les morts peuvent décider de devenir "fantômes", auquel cas ils peuvent continuer à participer aux
    débats, mais ne votent plus et n'ont plus de pouvoirs. Dans ce cas ils doivent bien sûr fermer les yeux la
    nuit." """
    g = Script([W, W, V, V, V, V, V, V], options={"ghosts": True})
    play_night(g, {"loups": [4]})
    vote(g, {2: [5], 3: [5], 6: [5]})
    assert g.dead() == [4, 5] and g.state.phase == "night"
    mark = len(g.events)
    choose(g, 4, "ghost")
    choose(g, 5, "rest")
    # Whoever becomes a ghost is announced to all (everyone hears him debate); a refusal is told to nobody.
    became = [(line[1], e.to) for e in g.events[mark:] if (line := told(e)) and line[0] == "became_ghost"]
    assert became == [({"seat": 4}, None)]
    declined = [e for e in g.events[mark:] if e.type == "th_ghost_declined"]
    assert [e.to for e in declined] == [[5]]
    # "fermer les yeux la nuit": a ghost says nothing at night and sees no card.
    assert g.rejected("say", 4, channel="village", text="je vois tout") == "cannot_write"
    assert set(g.seen_roles(4)) == {4, 5}  # his own card, and the dead's turned card
    play_night(g, {"loups": [6]})
    g.run_until("debate", day=2)
    assert g.view(2)["public"]["ghosts"] == [4]
    g.do("say", 4, channel="village", text="Je reviens hanter P0")
    assert g.rejected("say", 5, channel="village", text="...") == "cannot_write"  # rests in peace
    assert g.rejected("say", 6, channel="village", text="...") == "cannot_write"  # has not chosen
    g.run_until("vote", day=2)
    assert sorted(g.prompt("vote").to) == [0, 1, 2, 3, 7]


def test_without_an_answer_the_dead_keeps_quiet_and_may_still_choose_once() -> None:
    """004: the dead "peuvent décider" — at no set moment: until he answers, a dead player keeps quiet as the dead
    do; he may choose later, once, and his choice is final."""
    g = Script([W, W, V, V, V, V, V], options={"ghosts": True})
    play_night(g, {"loups": [4]})
    g.run_until("debate", day=1)
    assert g.rejected("say", 4, channel="village", text="...") == "cannot_write"
    vote(g, {})
    play_night(g, {"loups": [5]})
    g.run_until("debate", day=2)
    question = ghost_question(g, 4)
    assert question is not None  # still open on the next day
    choose(g, 4, "ghost")
    g.do("say", 4, channel="village", text="Me voici")
    assert g.rejected("answer", 4, prompt=question.id, answer="rest") == "prompt_closed"
    assert marks(g.state, 4).ghost is True


def test_a_ghost_brought_back_to_life_is_no_ghost_and_is_not_asked_again() -> None:
    """004: a ghost is one of "tous les morts": revived by the MJ he is a living player again; dying anew, he keeps
    the choice he made."""
    g = Script([W, W, V, V, V, V, V], options={"ghosts": True})
    play_night(g, {"loups": [4]})
    choose(g, 4, "ghost")
    g.do("revive", MJ, seat=4)
    assert g.view(2)["public"]["ghosts"] == []
    g.do("kill", MJ, seat=4)
    assert ghost_question(g, 4) is None and g.view(2)["public"]["ghosts"] == [4]


def test_with_two_characters_each_a_player_is_asked_once_he_is_out_of_the_game() -> None:
    """004: "tous les morts peuvent décider de devenir "fantômes"" — with two characters each, a player whose other
    character lives still debates through it: he is asked when his last character dies, and debates as a ghost."""
    # Players 0-4; their second characters are seats 5-9.
    g = Script([W, V, V, V, V, V, V, W, V, V], options={"characters": 2, "ghosts": True})
    g.do("kill", MJ, seat=8)  # player 3's second character: player 3 is still in the game
    assert ghost_question(g, 8) is None and ghost_question(g, 3) is None
    g.do("kill", MJ, seat=3)
    assert ghost_question(g, 8) is None and ghost_question(g, 3) is not None
    choose(g, 3, "ghost")
    assert g.view(1)["public"]["ghosts"] == [3]


# -- item 8: the Chaman's night step (001) ---------------------------------------------------------------------------
@pytest.mark.parametrize("order", sorted(NIGHT_ORDERS))
def test_the_chaman_step_ends_every_night_in_both_orders(order: str) -> None:
    """001: "Chaque nuit, il dispose d'un court moment pour écouter les esprits" — the last step of the night, as in
    001's round: "7- Le Chaman envoie un MP au Meneur pour savoir si les Morts ont un message pour lui. Le Meneur
    répondra au matin." """
    assert NIGHT_ORDERS[order][-1] == "chaman"
    g = Script([CHAMAN, W, V, V, V, V], options={"night_order": order})
    play_night(g, {"loups": [2]})
    vote(g, {})
    play_night(g, {"loups": [3]})
    steps = g.steps_run()
    for night in (1, 2):
        night_steps = steps[:steps.index("dawn")] if night == 1 else steps[steps.index("dawn") + 1:]
        night_steps = [s for s in night_steps if s not in ("debate", "vote", "dawn")]
        assert night_steps[-1] == "chaman", night_steps


def chaman_step_events(case: str) -> tuple[list[tuple[str, bool]], float, tuple[float, float]]:
    """The events of the Chaman's step on night 2 (type, public) and its length, with the card held by a living
    Chaman, by a dead one, or left in the middle by the Voleur."""
    if case == "spare":
        g = Script([THIEF, W, V, V, V, V], spare=[CHAMAN, V], hurry=False)
    else:
        g = Script([CHAMAN, W, V, V, V, V], hurry=False)
    play_night(g, {"loups": [0 if case == "dead" else 2], "voleur": "keep"})
    vote(g, {})
    g.run_until("chaman", night=2)
    start = next(i for i in range(len(g.events) - 1, -1, -1) if g.events[i].type == "step")
    step = g.state.step
    assert step is not None and step.deadline is not None
    length = step.deadline - step.started
    g.wait()
    end = next(i for i in range(start + 1, len(g.events)) if g.events[i].type == "step")
    kinds = [(e.type, e.to is None) for e in g.events[start:end] if e.type not in ("timer", "pending")]
    return kinds, length, night_bounds("chaman", g.state.options)


def test_the_chaman_step_lasts_a_plausible_time_held_or_not_alive_or_not() -> None:
    """001: "Chaque nuit, il dispose d'un court moment pour écouter les esprits" — RULES-NOTES: a night step for an
    absent or dead role still takes a plausible, randomised time. The step asks nothing: its events and its
    length say nothing of the card."""
    seen = {case: chaman_step_events(case) for case in ("alive", "dead", "spare")}
    kinds = {case: found[0] for case, found in seen.items()}
    assert kinds["alive"] == kinds["dead"] == kinds["spare"]
    assert ("prompt_opened", False) not in kinds["alive"] and ("prompt_opened", True) not in kinds["alive"]
    for _, length, (low, high) in seen.values():
        assert low <= length <= high


def test_the_mj_passes_the_words_of_the_dead_on_during_the_step_only() -> None:
    """001: "Chaque nuit, il dispose d'un court moment pour écouter les esprits Les messages des morts lui sont
    transmis par le Meneur, car les morts ne connaissent pas le Chaman." """
    g = Script([CHAMAN, W, V, V, V, V], options={"moderation": "mj"}, hurry=False)
    play_night(g, {"loups": [3]})
    g.run_until("debate", day=1)
    written = said(g.do("say", 3, channel="chaman", text="Méfie-toi de P1"), "chaman")
    assert [e.to for e in written] == [[3]]  # its author and the MJ: the dead do not know the Chaman
    mid = written[0].data["id"]
    assert g.rejected("relay", MJ, message=mid, text="Un esprit dit : P1") == "nobody_listens"
    assert "listening" not in g.view(0)["secrets"]
    vote(g, {})
    g.run_until("chaman", night=2)
    assert g.view(0)["secrets"]["listening"] is True
    assert all("listening" not in (g.view(s).get("secrets") or {}) for s in (1, 2, 4, 5))
    # With an MJ, what the dead write during the step still goes to the MJ alone.
    assert [e.to for e in said(g.do("say", 3, channel="chaman", text="Vite !"), "spirits")] == []
    relayed = said(g.do("relay", MJ, message=mid, text="Un esprit dit : méfie-toi de P1"), "spirits")
    assert [e.to for e in relayed] == [[0]] and relayed[0].data["relayed"] == mid
    g.wait()
    assert g.step == "dawn"
    assert "listening" not in g.view(0)["secrets"]
    assert g.rejected("relay", MJ, message=mid, text="encore") == "nobody_listens"


def channels(g: Script, viewer: int | str) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in view(g.state, viewer)["channels"]}


def refusal(g: Script, by: int, channel: str) -> tuple[str, str, dict[str, Any]]:
    with pytest.raises(Rejected) as info:
        g.do("say", by, channel=channel, text="?")
    rejection = info.value.rejection
    return rejection.code, rejection.message, rejection.params


def test_the_server_lists_the_spirits_channel_for_the_living_chaman_alone() -> None:
    """001: "il dispose d'un court moment pour écouter les esprits": where he hears them (`spirits`) is in the living
    Chaman's list of channels, read-only, so that his phone shows it from the server's word (no page decides it
    from his card). No other player's list, nor a spectator's, ever holds it; writing there answers exactly like a
    channel that does not exist (docs/architecture.md, "Probes answer as if the thing did not exist"). The MJ who
    sees all reads it, and is told whom a relay from the dead's channel would reach now (`relay_to`)."""
    g = Script([CHAMAN, W, V, V, V, V], options={"moderation": "mj"}, hurry=False)
    assert channels(g, 0)["spirits"] == {"name": "spirits", "write": False}
    for viewer in (1, 2, 3, 4, 5, SPECTATOR):
        assert "spirits" not in channels(g, viewer)
    assert refusal(g, 2, "spirits") == refusal(g, 2, "nowhere") == refusal(g, 0, "spirits")
    assert channels(g, MJ)["spirits"]["write"] is False
    assert channels(g, MJ)["chaman"]["relay_to"] == []  # not his step: nobody would hear it
    assert all("relay_to" not in c for c in view(g.state, 3)["channels"])
    play_night(g, {"loups": [3]})
    g.run_until("debate", day=1)
    assert "spirits" in channels(g, 0) and "spirits" not in channels(g, 3)  # the dead hear no spirits
    vote(g, {})
    g.run_until("chaman", night=2)
    assert channels(g, MJ)["chaman"]["relay_to"] == [0]
    assert all("spirits" not in channels(g, s) for s in (1, 2, 3, 4, 5))


def test_a_dead_chaman_no_longer_has_the_spirits_channel() -> None:
    g = Script([CHAMAN, W, V, V, V, V], options={"moderation": "mj"}, hurry=False)
    play_night(g, {"loups": [0]})
    assert not g.alive(0)
    assert "spirits" not in channels(g, 0) and "spirits" not in channels(g, MJ)


def test_a_dead_or_powerless_chaman_hears_nobody_in_his_step() -> None:
    """001: the messages reach the Chaman "chaque nuit" while he can hear them: a dead Chaman hears nothing, and
    the step runs all the same (its length is tested above)."""
    g = Script([CHAMAN, W, V, V, V, V], options={"moderation": "mj"}, hurry=False)
    play_night(g, {"loups": [0]})
    g.run_until("debate", day=1)
    mid = said(g.do("say", 0, channel="chaman", text="Je suis le Chaman, mort"), "chaman")[0].data["id"]
    vote(g, {})
    g.run_until("chaman", night=2)
    assert g.rejected("relay", MJ, message=mid, text="…") == "nobody_listens"


def test_without_an_mj_the_step_is_a_seance() -> None:
    """001: "Chaque nuit, il dispose d'un court moment pour écouter les esprits" — in an automatic game, what the dead
    write during the Chaman's step reaches him at once, without their names (as the MJ's relay would); before or
    after, it does not."""
    g = Script([CHAMAN, W, V, V, V, V], hurry=False)
    play_night(g, {"loups": [3]})
    g.run_until("debate", day=1)
    assert said(g.do("say", 3, channel="chaman", text="De jour"), "spirits") == []
    vote(g, {})
    g.run_until("chaman", night=2)
    copies = said(g.do("say", 3, channel="chaman", text="P1 ment"), "spirits")
    assert [e.to for e in copies] == [[0]]
    assert copies[0].data["anonymous"] is True and "seat" not in copies[0].data
    assert copies[0].data["text"] == "P1 ment"
    assert not any(event_visible(e, s, g.state) for e in copies for s in (1, 2, 3, 4, 5))
    g.wait()
    assert said(g.do("say", 3, channel="chaman", text="Trop tard"), "spirits") == []


def test_the_dead_who_see_every_card_hold_no_seance() -> None:
    """001: the dead "ne doivent en aucun cas donner des indices": with `dead_see_all`, only an MJ may pass their
    words on, rephrased or not at all; no séance carries them to the Chaman."""
    g = Script([CHAMAN, W, V, V, V, V], options={"dead_see_all": True}, hurry=False)
    play_night(g, {"loups": [3]})
    vote(g, {})
    g.run_until("chaman", night=2)
    assert said(g.do("say", 3, channel="chaman", text="1 est le loup"), "spirits") == []


def test_with_a_host_who_plays_the_dead_write_during_the_seance_only() -> None:
    """001: "Les messages des morts lui sont transmis par le Meneur": a host who plays is no Meneur, so what the dead
    write reaches the Chaman only during his step; the rest of the time their line to him is read-only."""
    opts = {**FAST, "captain": False, "moderation": "auto", "host_plays": True}
    g = Script.__new__(Script)
    g.state, g.events = new_state(RULESET, 5, options=opts, at=T0)
    g.at, g.hurry = T0, False
    from tests.support.engine import Secrets

    g.secrets = Secrets()
    for seat in range(6):
        g.do("join", SYSTEM, seat=seat, name=f"P{seat}")
    g.do("configure", MJ, composition=[CHAMAN, W, V, V, V, V])
    g.do("start", MJ)
    chaman = next(s for s, p in g.state.players.items() if p.role == CHAMAN)
    victim = next(s for s, p in g.state.players.items() if p.role == V)
    play_night(g, {"loups": [victim]})
    assert not g.alive(victim), "a pack of one wolf always agrees with himself"
    g.run_until("debate", day=1)
    assert g.rejected("say", victim, channel="chaman", text="...") == "cannot_write"
    line = next(c for c in view(g.state, victim)["channels"] if c["name"] == "chaman")
    assert line["write"] is False  # still in his list, read-only
    # The host plays a seat and sees no more than it: nothing tells him whether a Chaman lives, nor whom he hears.
    assert "spirits" in channels(g, chaman)
    assert all("spirits" not in channels(g, v) for v in viewers(MJ, *(s for s in range(6) if s != chaman)))
    assert all("relay_to" not in c for c in view(g.state, MJ)["channels"])
    vote(g, {})
    g.run_until("chaman", night=2)
    copies = said(g.do("say", victim, channel="chaman", text="Courage"), "spirits")
    assert [e.to for e in copies] == [[chaman]]


def test_an_old_log_where_the_mj_relayed_at_any_moment_still_replays() -> None:
    """001: "Le Meneur transmettra ces doutes au Chaman" — the old engine let the MJ relay at any moment (here during
    the Voyante's step); the log replays as it was, the relay included."""
    games = json.loads(gzip.decompress((TESTS / "fixtures" / "old_logs.json.gz").read_bytes()))
    events = [Event.model_validate(e) for e in games["village"]["events"]]
    relays = [e for e in events if e.type == "said" and e.data.get("relayed")]
    assert relays and relays[0].data["channel"] == "spirits"
    state = replay(events)
    assert state.messages[relays[0].data["id"]]["to"] == relays[0].to
